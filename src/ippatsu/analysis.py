"""Hand analysis: what the hand builder of the rules page shows (docs/rules.md §9).

:func:`analyze` takes a hand of any legal size and returns one frozen :class:`Analysis`:

* shanten, overall and per form (standard, seven pairs, thirteen orphans);
* effective tiles with the copies still unseen: for a 3k+1 hand the draws that lower
  shanten, for a 3k+2 hand that list after each possible discard, best discards first;
* at tenpai (3k+1, shanten 0): every wait with its ron and its tsumo score (each a
  :class:`~ippatsu.scoring.ScoreResult` from :func:`ippatsu.scoring.score`), which waits
  win without a yaku on a ron, and what such a ron would be worth with riichi;
* a complete hand (3k+2, shanten -1): the score, and for each yaku whether it survives
  open calls (its open han in :mod:`ippatsu.yaku`); for a concealed hand also an
  "if built open" comparison (:class:`OpenBuild`, computed as described there);
* while building (not complete): likely yaku to aim for — **shape hints, not promises**
  (:class:`Hint`);
* a hand of 3, 6, 9 or 12 concealed tiles (a hand builder's stages between 3k+1 and
  3k+2) has status ``"building"``: its shanten per form is that of the 3k+1 hand after
  drawing a kind it does not hold (the worst such draw: the hand as it stands plus a
  loose tile), and its effective tiles are the draws that lower it.

Design
------
Input is parsed and validated once at the edge into a :class:`~ippatsu.hand.Hand` (its
concealed 136-ids and declared melds) plus a 34-count ``seen`` array of copies outside
the concealed hand (the player's own melds, the dora indicators and the caller's
``visible``). Everything after that is calls into :mod:`ippatsu.core` (shanten, waits,
ukeire) and :func:`ippatsu.scoring.score`; this module adds no rules of its own except
the hints, which are heuristics and say so.

Scores need the melds: a hand whose concealed part is smaller than 13/14 tiles must
declare its melds (``melds=`` or ``[...]`` in the hand text) to be scored. Without them
the shanten, waits and effective tiles are still given (the core reads the missing sets
as implied), and ``notes`` says why there is no score.

Errors are the library's: ``NotationError``, ``TileCountError`` (``fifth_copy`` also when
the copies seen outside the hand make a fifth), ``MeldError``, ``HandSizeError``,
``NotAgariError`` (a ``win_tile`` that is not in a 3k+2 hand), and ``IppatsuError`` with
code ``too_many_indicators`` (more than 5 dora indicators) or ``bad_wind``.

>>> a = analyze("123m456p789s1122z")  # dealer, East round
>>> a.shanten, [w.tile for w in a.waits]
(0, ['1z', '2z'])
>>> a.waits[0].ron.points, a.waits[0].ron.yaku   # East is the seat and the round wind
(3900, (('seat_wind_e', 1), ('round_wind_e', 1)))
>>> a.waits[1].ron_has_yaku, a.waits[1].with_riichi.points
(False, 2000)
>>> b = analyze("234m456p678s3455s2s", riichi=True, seat_wind=1)  # last tile written wins
>>> b.win.tile, b.win.result.han, b.win.result.fu, b.win.result.points
('2s', 3, 30, 3900)
>>> [(y.name, y.survives_open) for y in b.win.yaku]
[('riichi', False), ('pinfu', False), ('tanyao', True)]
>>> b.win.if_open.result.yaku, b.win.if_open.result.points, b.win.if_open.dropped
((('tanyao', 1),), 1000, ('riichi', 'pinfu'))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, List, Optional, Sequence, Tuple

from . import core
from .errors import (HandSizeError, IppatsuError, NotAgariError, NotationError,
                     TileCountError)
from ._types import ShantenForms
from .hand import Hand, Meld, MeldType, melds_of
from .rules import Rules, rules_of
from .scoring import ScoreResult, score, validate_flowers, validate_nukidora
from .tiles import (
    DRAGON_KINDS,
    YAOCHUU_KINDS,
    RED_ID_SET,
    dora_kind,
    format_tiles,
    kind_name,
    parse_kinds,
    parse_tile,
    parse_tiles,
    parse_wind,
    validate_ids,
)
from .yaku import BY_NAME

__all__ = [
    "analyze",
    "Analysis",
    "TileCount",
    "DiscardOption",
    "Wait",
    "YakuLine",
    "OpenBuild",
    "Win",
    "Hint",
    "MAX_DORA_INDICATORS",
    "WIND_NAMES",
]

#: the hand builder takes up to five indicators (one + four kan dora), docs/rules.md §9
MAX_DORA_INDICATORS = 5
WIND_NAMES = ("East", "South", "West", "North")

_YAOCHUU = frozenset(YAOCHUU_KINDS)
_DEFAULT_RULES = Rules.ippatsu()  # rules=None, everywhere in the API


# ---------------------------------------------------------------------------------------
# result types
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TileCount:
    """One effective kind and how many of its copies are still unseen."""

    kind: int
    unseen: int

    @property
    def tile(self) -> str:
        return kind_name(self.kind)

    def to_dict(self) -> dict:
        return {"tile": self.tile, "kind": self.kind, "unseen": self.unseen}


@dataclass(frozen=True)
class DiscardOption:
    """A 3k+2 hand after discarding one copy of ``discard``: its shanten and effective tiles."""

    discard: int
    shanten: int
    tiles: Tuple[TileCount, ...]
    total: int

    @property
    def tile(self) -> str:
        return kind_name(self.discard)

    def to_dict(self) -> dict:
        return {"discard": self.tile, "kind": self.discard, "shanten": self.shanten,
                "tiles": [t.to_dict() for t in self.tiles], "total": self.total}


@dataclass(frozen=True)
class Wait:
    """One wait of a tenpai hand.

    ``ron`` / ``tsumo`` are the hand's score on that tile (``score(...,
    raise_on_no_yaku=False)``: ``error == "no_yaku"`` when it has no yaku), or None when
    it cannot be scored (no melds declared for a small hand, or every copy already in the
    hand and its melds). ``with_riichi`` is the ron score with riichi declared, given only
    for a concealed hand without riichi whose ron here has no yaku.
    """

    kind: int
    unseen: int
    ron: Optional[ScoreResult]
    tsumo: Optional[ScoreResult]
    with_riichi: Optional[ScoreResult] = None

    @property
    def tile(self) -> str:
        return kind_name(self.kind)

    @property
    def ron_has_yaku(self) -> bool:
        return self.ron is not None and self.ron.error is None

    @property
    def tsumo_has_yaku(self) -> bool:
        return self.tsumo is not None and self.tsumo.error is None

    def to_dict(self) -> dict:
        return {"tile": self.tile, "kind": self.kind, "unseen": self.unseen,
                "ron": _rd(self.ron), "tsumo": _rd(self.tsumo),
                "ron_has_yaku": self.ron_has_yaku, "tsumo_has_yaku": self.tsumo_has_yaku,
                "with_riichi": _rd(self.with_riichi)}


@dataclass(frozen=True)
class YakuLine:
    """A yaku of a complete hand: its han here, its open han, whether it survives calls.

    ``survives_open`` is read from the yaku table: an ordinary yaku survives when its
    ``han_open`` is above 0; a yakuman unless it is concealed-only (suuankou, kokushi,
    chuuren, tenhou, chiihou).
    """

    name: str
    en: str
    han: int
    han_open: int
    survives_open: bool
    yakuman: int

    def to_dict(self) -> dict:
        return {"name": self.name, "en": self.en, "han": self.han, "han_open": self.han_open,
                "survives_open": self.survives_open, "yakuman": self.yakuman}


@dataclass(frozen=True)
class OpenBuild:
    """The "if built open" comparison of a complete concealed hand.

    How it is computed: the same tiles, winning tile and situation are scored again by
    :func:`ippatsu.scoring.score` with exactly one set of the hand declared as a call — a
    chi of one of its runs or a pon of one of its triplets (one call is the least that
    opens a hand). Every set of every standard reading that leaves the winning tile in the
    concealed part is tried and the call that pays most is kept (points, then han, then
    fu, as the scorer ranks readings). Riichi, double riichi and ippatsu are dropped (they
    need a concealed hand); dora and red fives stay; there is no ura dora.

    So each yaku keeps its open han (:class:`YakuLine` ``han_open``), concealed-only ones
    (riichi, menzen tsumo, pinfu, iipeikou, ryanpeikou, ...) disappear, and the fu are an
    open hand's (no 10 fu for a concealed ron; the called set counts as an open set; an
    open 20 is 30). A concealed-only yakuman falls back to the ordinary yaku of the shape
    (suuankou → toitoi + sanankou, chuuren → chinitsu + ...). Seven pairs and thirteen
    orphans cannot be built open: then ``result`` is None.

    ``dropped`` lists the yaku of the concealed score missing from the open one.
    """

    call: Optional[str]
    result: Optional[ScoreResult]
    dropped: Tuple[str, ...]
    note: str = ""

    def to_dict(self) -> dict:
        return {"call": self.call, "result": _rd(self.result), "dropped": list(self.dropped),
                "note": self.note}


@dataclass(frozen=True)
class Win:
    """A complete hand: its score, the yaku lines, and the open comparison (or None)."""

    win_tile: int
    result: ScoreResult
    yaku: Tuple[YakuLine, ...]
    if_open: Optional[OpenBuild]
    with_riichi: Optional[ScoreResult] = None

    @property
    def tile(self) -> str:
        return kind_name(self.win_tile)

    def to_dict(self) -> dict:
        return {"win_tile": self.tile, "result": self.result.to_dict(),
                "yaku": [y.to_dict() for y in self.yaku],
                "if_open": None if self.if_open is None else self.if_open.to_dict(),
                "with_riichi": _rd(self.with_riichi)}


@dataclass(frozen=True)
class Hint:
    """A yaku the shape points at. A **hint, not a promise**: a heuristic over tile counts.

    ``need`` is a rough count of tiles still to change (0: the shape is already there);
    ``han`` the yaku's han for the hand as it stands (open han once a call is declared);
    ``yakuman`` its multiple (0 for ordinary yaku); ``note`` says what was seen.
    """

    name: str
    en: str
    han: int
    yakuman: int
    need: int
    note: str

    def to_dict(self) -> dict:
        return {"name": self.name, "en": self.en, "han": self.han, "yakuman": self.yakuman,
                "need": self.need, "note": self.note}


@dataclass(frozen=True)
class Analysis:
    """Everything :func:`analyze` found. ``to_dict()`` is JSON-able.

    Attributes
    ----------
    hand : str              the hand text form (concealed tiles, then ``[melds]``)
    concealed : tuple[int]  concealed 136-ids, sorted (for 3k+1 + ``win_tile``: with it)
    melds : tuple[Meld]
    closed : bool           no open meld (closed kans keep a hand concealed)
    seat_wind, round_wind : int  0 East .. 3 North (seat 0 is the dealer)
    dora_indicators : tuple[int]  indicator kinds
    tsumo, riichi : bool
    rules : Rules
    shanten : int           -1 complete, 0 tenpai, n away from tenpai
    forms : ShantenForms    per form (seven pairs / thirteen orphans None with melds)
    status : str            "complete", "tenpai" or "{n}-shanten" (3k+2 hands: "complete"
                            or "{n}-shanten after the best discard", n may be 0);
                            "building" for 3k hands
    ukeire : tuple[TileCount]     3k+1 and 3k hands: draws that lower shanten (the waits at
                                  tenpai)
    ukeire_total : int
    discards : tuple[DiscardOption]  3k+2 hands: per discard, best first
    waits : tuple[Wait]     3k+1 hands at tenpai
    win : Win or None       3k+2 complete hands
    hints : tuple[Hint]     incomplete hands: shape hints, not promises
    notes : tuple[str]      why something could not be given
    """

    hand: str
    concealed: Tuple[int, ...]
    melds: Tuple[Meld, ...]
    closed: bool
    seat_wind: int
    round_wind: int
    dora_indicators: Tuple[int, ...]
    tsumo: bool
    riichi: bool
    rules: Rules
    shanten: int
    forms: Any
    status: str
    ukeire: Tuple[TileCount, ...] = ()
    ukeire_total: int = 0
    discards: Tuple[DiscardOption, ...] = ()
    waits: Tuple[Wait, ...] = ()
    win: Optional[Win] = None
    hints: Tuple[Hint, ...] = ()
    notes: Tuple[str, ...] = ()

    @property
    def n_concealed(self) -> int:
        return len(self.concealed)

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 0

    def to_dict(self) -> dict:
        f = self.forms
        return {
            "hand": self.hand,
            "concealed": format_tiles(self.concealed),
            "n_concealed": self.n_concealed,
            "melds": [str(m) for m in self.melds],
            "closed": self.closed,
            "seat_wind": WIND_NAMES[self.seat_wind],
            "round_wind": WIND_NAMES[self.round_wind],
            "dealer": self.dealer,
            "dora_indicators": [kind_name(k) for k in self.dora_indicators],
            "dora": [kind_name(dora_kind(k)) for k in self.dora_indicators],
            "tsumo": self.tsumo,
            "riichi": self.riichi,
            "rules": self.rules.name,
            "shanten": self.shanten,
            "forms": {"standard": f.standard, "chiitoitsu": f.chiitoitsu,
                      "kokushi": f.kokushi, "min": f.min},
            "status": self.status,
            "ukeire": [t.to_dict() for t in self.ukeire],
            "ukeire_total": self.ukeire_total,
            "discards": [d.to_dict() for d in self.discards],
            "waits": [w.to_dict() for w in self.waits],
            "win": None if self.win is None else self.win.to_dict(),
            "hints": [h.to_dict() for h in self.hints],
            "hints_are": "shape hints, not promises",
            "notes": list(self.notes),
        }


def _rd(r: Optional[ScoreResult]) -> Optional[dict]:
    return None if r is None else r.to_dict()


# ---------------------------------------------------------------------------------------
# the edge: parse and validate once
# ---------------------------------------------------------------------------------------
def _wind(x: Any, what: str, players: int = 4) -> int:
    if isinstance(x, str):  # "S", "south", "2z"
        x = parse_wind(x, what)
    if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < players:
        last = "3 (North)" if players == 4 else "2 (West) with three players"
        raise IppatsuError(f"{what} must be 0 (East) to {last}, got {x!r}", "bad_wind")
    return x


def _concealed_text(text: str) -> str:
    """The hand text without its ``[...]`` meld groups (written order kept)."""
    out = []
    depth_start = 0
    i = text.find("[")
    while i >= 0:
        out.append(text[depth_start:i])
        j = text.find("]", i)
        if j < 0:
            break  # Hand.parse names the error
        depth_start = j + 1
        i = text.find("[", depth_start)
    out.append(text[depth_start:])
    return " ".join(out)


def _read_hand(hand: Any, melds: Sequence[Any]) -> Tuple[Hand, Optional[int]]:
    """(Hand, kind of the last concealed tile as given, or None)."""
    last = None
    melds = melds_of(melds)  # every meld form score() takes (ippatsu.hand.meld_of)
    if isinstance(hand, Hand):
        if melds:
            hand = Hand(hand.ids, tuple(hand.melds) + tuple(melds), validate_size=False)
        h = hand
        if h.ids:
            last = h.ids[-1] >> 2
    elif isinstance(hand, str):
        h = Hand.parse(hand, validate_size=False)
        if melds:
            h = Hand(h.ids, tuple(h.melds) + tuple(melds), validate_size=False)
        kinds = parse_kinds(_concealed_text(hand))
        if kinds:
            last = kinds[-1]
    else:
        if isinstance(hand, (bytes, bytearray, dict)) or not hasattr(hand, "__iter__"):
            raise NotationError(f"a hand is text, a Hand or 136-ids, got "
                                f"{type(hand).__name__}", "bad_tile_id")
        ids = validate_ids(list(hand))
        h = Hand(ids, tuple(melds), validate_size=False)
        if ids:
            last = int(ids[-1]) >> 2
    return h, last


def _indicators(x: Any) -> List[int]:
    if x is None:
        return []
    if isinstance(x, str):
        kinds = [i >> 2 for i in parse_tiles(x)] if x.strip() else []
    else:
        if isinstance(x, (bytes, bytearray, dict)) or not hasattr(x, "__iter__"):
            raise NotationError(f"dora_indicators is notation or 136-ids, got "
                                f"{type(x).__name__}", "bad_tile_id")
        kinds = []
        for t in x:
            kinds.extend([i >> 2 for i in parse_tiles(t)] if isinstance(t, str)
                         else [validate_ids([t])[0] >> 2])
    if len(kinds) > MAX_DORA_INDICATORS:
        raise IppatsuError(f"at most {MAX_DORA_INDICATORS} dora indicators, got {len(kinds)}",
                           "too_many_indicators")
    return kinds


def _seen(h: Hand, indicators: Sequence[int], visible: Optional[Sequence[int]]) -> List[int]:
    """Copies outside the concealed hand: own melds + indicators + ``visible``; checked."""
    seen = [0] * 34
    for m in h.melds:
        for t in m.tiles:
            seen[t >> 2] += 1
    for k in indicators:
        seen[k] += 1
    if visible is not None:
        if isinstance(visible, (str, dict)) or not hasattr(visible, "__len__"):
            raise IppatsuError(f"visible is 34 counts, got {type(visible).__name__}",
                               "bad_count")
        if len(visible) != 34:
            raise HandSizeError(f"visible needs 34 counts, got {len(visible)}",
                                "bad_counts_length")
        for k in range(34):
            x = visible[k]
            if isinstance(x, bool) or type(x).__name__ == "bool_" or not hasattr(x, "__index__"):
                raise IppatsuError(f"visible count of {kind_name(k)} must be an integer 0-4, "
                                   f"got {type(x).__name__} {x!r:.40}", "bad_count")
            v = x.__index__()
            if v < 0:
                raise TileCountError(f"{v} visible copies of {kind_name(k)}", "negative_count")
            seen[k] += v
    for k in range(34):
        if h.counts[k] + seen[k] > 4:
            raise TileCountError(
                f"{h.counts[k] + seen[k]} copies of {kind_name(k)} between the hand, its "
                "melds, the dora indicators and the visible tiles: a kind has only four "
                "copies (a fifth copy)", "fifth_copy")
    return seen


def _free_id(kind: int, used: set) -> Optional[int]:
    """A copy of ``kind`` not in ``used``: an ordinary one when there is one."""
    free = [t for t in range(kind * 4, kind * 4 + 4) if t not in used]
    if not free:
        return None
    free.sort(key=lambda t: (t in RED_ID_SET, t))
    return free[0]


# ---------------------------------------------------------------------------------------
# analyze
# ---------------------------------------------------------------------------------------
def analyze(
    hand: Any,
    *,
    melds: Sequence[Any] = (),
    seat_wind: int = 0,
    round_wind: int = 0,
    dora_indicators: Any = (),
    win_tile: Any = None,
    tsumo: bool = False,
    riichi: bool = False,
    rules: Optional[Rules] = None,
    visible: Optional[Sequence[int]] = None,
    nukidora: int = 0,
    flowers: int = 0,
) -> Analysis:
    """analyze(hand, *, melds=(), seat_wind=0, round_wind=0, dora_indicators=(), win_tile=None, tsumo=False, riichi=False, rules=None, visible=None, nukidora=0, flowers=0) -> Analysis

    Analyse a hand of 1 to 14 concealed tiles, with its calls at most 14 (docs/rules.md
    §3, §9); 3k concealed tiles are a hand being built (status ``"building"``).

    Parameters
    ----------
    hand : str, Hand or iterable of int
        Hand text (``"123m406p789s1z [pon 2z+22z<A]"``), a :class:`~ippatsu.hand.Hand`,
        or concealed 136-ids.
    melds : sequence
        Declared melds, added to those of ``hand``, in any form :func:`ippatsu.score`
        takes (:func:`ippatsu.hand.meld_of`): :class:`Meld`, text as :meth:`Meld.parse`
        reads it (``"pon 555z"``, ``"chi 3m+45m"``, ``"ankan 1111m"``), a bare group
        (``"555z"``) or a ``(type, tiles)`` pair.
    seat_wind, round_wind : int
        0 = East ... 3 = North; seat 0 is the dealer.
    dora_indicators : str or iterable
        Up to five indicators, notation (``"1z5m"``) or 136-ids.
    win_tile : str or int, optional
        For a 3k+2 hand, the winning tile; it must be in the hand. Default: the last
        concealed tile *as written* (for a ``Hand`` the highest id, since it keeps its tiles
        sorted; for ids the last one given). For a 3k+1 hand, a tile that is *added* to the
        hand, which is then analysed as the 3k+2 hand won on it.
    tsumo, riichi : bool
        How a complete hand was won; ``riichi`` also scores every wait with riichi.
    rules : Rules or str, optional
        A :class:`~ippatsu.rules.Rules` or a preset name (``"tenhou"``); ``None`` (the
        default) means the default rules, ``Rules.ippatsu()``.
    visible : sequence of 34 int, optional
        Copies seen outside this hand (discards, other players' melds). The player's own
        melds and the dora indicators are counted in automatically. They only lower the
        unseen counts.
    nukidora : int
        Three players (``rules.players == 3``): Norths set aside, scored as dora on every
        score shown and counted as seen. With three players seats and winds run 0..2,
        2m-8m do not exist (an error in the hand), and no chi is offered in the "if built
        open" comparison.
    flowers : int
        With ``rules.flowers`` (docs/rules.md §12): flower tiles set aside, 0 to 4, one han
        of dora each on every score shown (:func:`ippatsu.score`'s ``flowers=``); under
        rules without flower tiles ``flowers_off``.

    Returns
    -------
    Analysis
    """
    rules = _DEFAULT_RULES if rules is None else rules_of(rules)
    players = rules.players
    seat = _wind(seat_wind, "seat_wind", players)
    rnd = _wind(round_wind, "round_wind", players)
    h, last = _read_hand(hand, melds)
    ind = _indicators(dora_indicators)
    n = len(h.ids)
    k = len(h.melds)
    if k and n + 3 * k > 14:
        raise HandSizeError(
            f"a hand with {k} meld{'' if k == 1 else 's'} has at most {14 - 3 * k} "
            f"concealed tiles, got {n}", "bad_hand_size")
    if n == 0 or n > 14:
        raise HandSizeError(f"{n} concealed tiles: a hand has 1 to 14", "bad_hand_size")
    building = n % 3 == 0
    win_kind: Optional[int] = None
    if win_tile is not None and building:
        raise HandSizeError(f"a winning tile completes a 3k+1 or 3k+2 hand, not {n} "
                            "concealed tiles", "bad_hand_size")
    if win_tile is not None:
        wid = (parse_tile(win_tile) if isinstance(win_tile, str)
               else validate_ids([win_tile])[0])
        if n % 3 == 1:  # add it
            used = set(h.ids) | {t for m in h.melds for t in m.tiles}
            if isinstance(win_tile, str) and wid not in RED_ID_SET:
                wid = _free_id(wid >> 2, used)  # any free ordinary copy (the red one last)
                if wid is None:
                    raise TileCountError(f"5 copies of {kind_name(parse_tile(win_tile) >> 2)} "
                                         f"with the winning tile: a kind has only four "
                                         f"copies (a fifth copy)",
                                         "fifth_copy")
            elif wid in used:
                raise TileCountError(f"the winning tile {win_tile!r} is already in the hand",
                                     "second_red" if wid in RED_ID_SET else "duplicate_id")
            h = Hand(h.ids + (wid,), h.melds, validate_size=False)
            n += 1
        elif h.counts[wid >> 2] == 0:
            raise NotAgariError(f"the winning tile {kind_name(wid >> 2)} is not in the hand",
                                "not_agari")
        win_kind = wid >> 2
    elif n % 3 == 2:
        win_kind = last
    seen = _seen(h, ind, visible)
    if type(nukidora) is not int or nukidora:
        nukidora = validate_nukidora(nukidora, rules)
        seen[30] += nukidora
        if h.counts[30] + seen[30] > 4:
            raise TileCountError(f"{h.counts[30] + seen[30]} copies of 4z between the hand, "
                                 "its melds, the Norths set aside and the visible tiles: a "
                                 "kind has only four copies (a fifth copy)", "fifth_copy")

    forms = (_building_forms(h, seen, players) if building
             else core.shanten_forms(h, players=players))
    sh = forms.min
    closed = h.is_closed
    scorable = n + 3 * k in (13, 14)
    notes: List[str] = []
    if not scorable:
        notes.append(f"{n} concealed tiles and {k} declared meld{'' if k == 1 else 's'}: "
                     "declare the melds to get scores")
    # the indicators as kinds (notation): which copies they are is not known here
    ctx = dict(seat_wind=seat, round_wind=rnd,
               dora_indicators="".join(kind_name(x) for x in ind), rules=rules)
    if nukidora:
        ctx["nukidora"] = nukidora
    if type(flowers) is not int or flowers:
        flowers = validate_flowers(flowers, rules)
        if flowers:
            ctx["flowers"] = flowers

    ukeire: Tuple[TileCount, ...] = ()
    ukeire_total = 0
    discards: Tuple[DiscardOption, ...] = ()
    waits: Tuple[Wait, ...] = ()
    win: Optional[Win] = None
    if building:
        status = "building"
        ukeire = tuple(TileCount(kk, c) for kk, c in _building_draws(h, seen, sh, players))
        ukeire_total = sum(t.unseen for t in ukeire)
        notes.append(f"{n} concealed tiles: shanten of the {n + 1}-tile hand after drawing a "
                     "kind it does not hold, the worst such draw")
    elif n % 3 == 1:
        u = core.ukeire(h, visible=seen, players=players)
        ukeire = tuple(TileCount(kk, c) for kk, c in u.tiles)
        ukeire_total = u.total
        status = "tenpai" if sh == 0 else f"{sh}-shanten"
        if sh == 0:
            waits = _waits(h, ukeire, scorable, closed, riichi, ctx, notes)
    else:
        discards = tuple(
            DiscardOption(d.discard, d.shanten, tuple(TileCount(kk, c) for kk, c in d.tiles),
                          d.total)
            for d in core.ukeire(h, visible=seen, players=players))
        if sh == -1:
            status = "complete"
            if scorable:
                win = _win(h, win_kind, closed, tsumo, riichi, ctx)
        else:
            status = f"{sh}-shanten"
    hints = () if sh == -1 else _hints(h, forms, closed, seat, rnd, rules)

    return Analysis(
        hand=str(h), concealed=tuple(h.ids), melds=tuple(h.melds), closed=closed,
        seat_wind=seat, round_wind=rnd, dora_indicators=tuple(ind), tsumo=bool(tsumo),
        riichi=bool(riichi), rules=rules, shanten=sh, forms=forms, status=status,
        ukeire=ukeire, ukeire_total=ukeire_total, discards=discards, waits=waits, win=win,
        hints=hints, notes=tuple(notes))


# ---------------------------------------------------------------------------------------
# building: 3k concealed tiles
# ---------------------------------------------------------------------------------------
def _plus(h: Hand, kind: int, seen: Sequence[int]) -> Optional[Hand]:
    """``h`` with one more copy of ``kind`` (None when no copy is left)."""
    if h.counts[kind] + seen[kind] >= 4:
        return None
    used = set(h.ids) | {t for m in h.melds for t in m.tiles}
    wid = _free_id(kind, used)
    return None if wid is None else Hand(h.ids + (wid,), h.melds, validate_size=False)


def _exists(kind: int, players: int) -> bool:
    """Whether the kind is in the wall (three players: no 2m-8m)."""
    return players == 4 or not 1 <= kind <= 7


def _building_forms(h: Hand, seen: Sequence[int], players: int) -> ShantenForms:
    """Shanten per form of a 3k hand, read as the 3k+1 hand it becomes on drawing a kind
    it does not hold, the worst such draw per form (for the standard form that is a tile
    no set can use: the hand as it stands, one loose tile more)."""
    worst: List[Optional[int]] = [None, None, None]
    for kind in range(34):
        if h.counts[kind] or not _exists(kind, players):
            continue
        g = _plus(h, kind, [0] * 34)
        if g is None:  # every copy in the melds
            continue
        f = core.shanten_forms(g, players=players)
        for i, x in enumerate((f.standard, f.chiitoitsu, f.kokushi)):
            if x is not None and (worst[i] is None or x > worst[i]):
                worst[i] = x
    std, chii, koku = worst
    return ShantenForms(std, chii, koku, min(x for x in worst if x is not None))


def _building_draws(h: Hand, seen: Sequence[int], sh: int,
                    players: int) -> List[Tuple[int, int]]:
    """(kind, unseen copies) of the draws that lower the shanten of a 3k hand."""
    out = []
    for kind in range(34):
        g = _plus(h, kind, seen) if _exists(kind, players) else None
        if g is not None and core.shanten(g, players=players) < sh:
            out.append((kind, 4 - h.counts[kind] - seen[kind]))
    return out


# ---------------------------------------------------------------------------------------
# tenpai: every wait, ron and tsumo
# ---------------------------------------------------------------------------------------
def _waits(h: Hand, ukeire, scorable, closed, riichi, ctx, notes) -> Tuple[Wait, ...]:
    used = set(h.ids) | {t for m in h.melds for t in m.tiles}
    out = []
    impossible = []
    for tc in ukeire:
        ron = tsu = rr = None
        wid = _free_id(tc.kind, used)
        if wid is None:
            impossible.append(tc.tile)
        elif scorable:
            tiles = list(h.ids) + [wid]
            kw = dict(ctx, melds=h.melds, raise_on_no_yaku=False)
            ron = score(tiles, wid, tsumo=False, riichi=riichi, **kw)
            tsu = score(tiles, wid, tsumo=True, riichi=riichi, **kw)
            if ron.error and closed and not riichi:
                rr = score(tiles, wid, tsumo=False, riichi=True, **kw)
        out.append(Wait(tc.kind, tc.unseen, ron, tsu, rr))
    if impossible:
        notes.append(f"no copy of {', '.join(impossible)} is left outside the hand "
                     "and its melds: tenpai in shape, no score")
    return tuple(out)


# ---------------------------------------------------------------------------------------
# complete: score, yaku lines, if built open
# ---------------------------------------------------------------------------------------
def _win(h: Hand, win_kind: int, closed, tsumo, riichi, ctx) -> Win:
    wid = next(t for t in reversed(h.ids) if t >> 2 == win_kind)
    kw = dict(ctx, melds=h.melds, raise_on_no_yaku=False)
    r = score(list(h.ids), wid, tsumo=tsumo, riichi=riichi, **kw)
    lines = []
    for name, han in r.yaku:
        y = BY_NAME[name]
        lines.append(YakuLine(name, y.en, han, y.han_open,
                              not y.concealed_only, y.yakuman))
    with_riichi = None
    if r.error and closed and not riichi and not tsumo:
        with_riichi = score(list(h.ids), wid, tsumo=False, riichi=True, **kw)
    if_open = _if_open(h, wid, r, tsumo, ctx) if closed else None
    return Win(win_kind, r, tuple(lines), if_open, with_riichi)


def _if_open(h: Hand, wid: int, closed_result: ScoreResult, tsumo, ctx) -> OpenBuild:
    if closed_result.form != "standard":
        return OpenBuild(None, None, tuple(closed_result.yaku_names),
                         f"{closed_result.form} cannot be built open")
    counts = list(h.counts)
    sets = sorted({b for reading in core.decompositions(counts) for b in reading
                   if b[0] != core.BLOCK_PAIR})
    best = None
    chi_ok = ctx["rules"].players == 4
    for btype, kind in sets:
        if btype == core.BLOCK_RUN and not chi_ok:
            continue  # three players: no chi
        kinds = [kind, kind + 1, kind + 2] if btype == core.BLOCK_RUN else [kind] * 3
        pool = [t for t in h.ids if t != wid]
        call_ids = []
        for kk in kinds:
            t = next((t for t in pool if t >> 2 == kk), None)
            if t is None:
                break
            pool.remove(t)
            call_ids.append(t)
        if len(call_ids) != 3:
            continue  # the set needs the winning tile itself
        if btype == core.BLOCK_RUN:
            meld = Meld(MeldType.CHI, call_ids, called=call_ids[0], from_who=3)
        else:
            meld = Meld(MeldType.PON, call_ids, called=call_ids[0], from_who=2)
        conc = [t for t in h.ids if t not in call_ids]
        kw = dict(ctx, melds=tuple(h.melds) + (meld,), raise_on_no_yaku=False)
        r = score(conc, wid, tsumo=tsumo, **kw)
        key = (r.error is None, r.points, r.han, r.fu)
        if best is None or key > best[0]:
            best = (key, meld, r)
    if best is None:  # three players: only runs besides the winning tile's set
        return OpenBuild(None, None, tuple(closed_result.yaku_names),
                         "no set can be called without the winning tile"
                         + ("" if chi_ok else " (no chi with three players)"))
    _, meld, r = best
    kept = set(r.yaku_names)
    dropped = tuple(n for n in closed_result.yaku_names if n not in kept)
    note = "no yaku when open" if r.error else ""
    return OpenBuild(str(meld), r, dropped, note)


# ---------------------------------------------------------------------------------------
# shape hints (not promises)
# ---------------------------------------------------------------------------------------
def _hint(name: str, closed: bool, need: int, note: str, out: list, han: Optional[int] = None):
    y = BY_NAME[name]
    if y.yakuman:
        if y.concealed_only and not closed:
            return
        out.append(Hint(name, y.en, 13 * y.yakuman, y.yakuman, need, note))
        return
    h = han if han is not None else (y.han_closed if closed else y.han_open)
    if h <= 0:
        return
    out.append(Hint(name, y.en, h, 0, need, note))


def _tiles(kinds: Iterable[int], counts: Optional[Sequence[int]] = None) -> str:
    if counts is None:
        return " ".join(kind_name(k) for k in kinds)
    return " ".join(kind_name(k) + (f"×{counts[k]}" if counts[k] > 1 else "") for k in kinds)


def _hints(h: Hand, forms, closed: bool, seat: int, rnd: int, rules: Rules) -> Tuple[Hint, ...]:
    """Heuristic yaku hints from tile counts (see :class:`Hint`)."""
    c = list(h.counts)
    n = sum(c)
    full = list(h.all_counts())
    melds = h.melds
    meld_kinds = [set(m.kinds) for m in melds]
    chis = [m for m in melds if m.type is MeldType.CHI]
    pk = [m for m in melds if m.type is not MeldType.CHI]
    out: List[Hint] = []
    sanma = rules.players == 3   # 1m and 9m only: no run, no flush, no straight in m
    # hints about sets only when the standard form is not far behind the best form
    sets_ok = forms.standard <= forms.min + 2

    # tanyao: no terminal or honor anywhere
    if closed or rules.open_tanyao:
        if not any(ks & _YAOCHUU for ks in meld_kinds):
            bad = [k for k in YAOCHUU_KINDS if c[k]]
            need = sum(c[k] for k in bad)
            if need <= 3:
                _hint("tanyao", closed, need,
                      "no terminals or honors" if not need
                      else f"{need} terminal/honor tile{'s' if need > 1 else ''} to replace: "
                           f"{_tiles(bad, c)}", out)

    # flushes: the suit holding most tiles
    suit_n = [sum(full[s * 9:s * 9 + 9]) for s in range(3)]
    s = max(range(3), key=lambda i: suit_n[i])
    honors = sum(full[27:])
    off = sum(suit_n) - suit_n[s]
    off_melds = any(m_k and min(m_k) < 27 and min(m_k) // 9 != s for m_k in meld_kinds)
    honor_melds = any(m_k and min(m_k) >= 27 for m_k in meld_kinds)
    sname = "mps"[s]
    if not off_melds and suit_n[s]:
        if not honor_melds and off + honors <= 3 and not (sanma and s == 0):
            _hint("chinitsu", closed, off + honors,
                  f"{suit_n[s]} of {suit_n[s] + off + honors} tiles in {sname}"
                  + (f"; {off + honors} to replace" if off + honors else ""), out)
        if honors and off <= 3:
            _hint("honitsu", closed, off,
                  f"{sname} and honors" + (f"; {off} other-suit tile{'s' if off > 1 else ''}"
                                           " to replace" if off else ""), out)

    # toitoi / chiitoitsu: pairs
    pairs = sum(1 for x in c if x >= 2)
    if not chis and n >= 4 and sets_ok:
        groups = pairs + len(pk)
        if groups >= 4:
            _hint("toitoi", closed, max(0, (4 - len(pk)) - sum(1 for x in c if x >= 3)),
                  f"{groups} pairs/triplets" + (" (with the calls)" if pk else ""), out)
    if forms.chiitoitsu is not None and forms.chiitoitsu <= 2 and closed and not melds:
        _hint("chiitoitsu", closed, forms.chiitoitsu + 1,
              f"{pairs} pairs, {forms.chiitoitsu}-shanten", out)
    if forms.kokushi is not None and forms.kokushi <= 3 and closed and not melds:
        kinds = sum(1 for k in YAOCHUU_KINDS if c[k])
        _hint("kokushi", closed, forms.kokushi + 1,
              f"{kinds} of the 13 terminal/honor kinds, {forms.kokushi}-shanten", out)

    # yakuhai: dragons, the seat wind, the round wind
    value = {kk: 1 for kk in DRAGON_KINDS}
    for w in (27 + seat, 27 + rnd):
        value[w] = value.get(w, 0) + 1
    for kk, v in sorted(value.items()):
        if kk in (27 + seat, 27 + rnd) and kk < 31:
            name = f"seat_wind_{'eswn'[seat]}" if kk == 27 + seat else f"round_wind_{'eswn'[rnd]}"
        else:
            name = {31: "haku", 32: "hatsu", 33: "chun"}[kk]
        have = full[kk] >= 3
        if have or c[kk] == 2:
            y = BY_NAME[name]
            extra = " (double wind)" if v == 2 else ""
            note = (f"triplet of {kind_name(kk)}: already a yaku{extra}" if have
                    else f"pair of {kind_name(kk)}: one more makes it a yaku{extra}")
            out.append(Hint(name, y.en, v, 0, 0 if have else 1, note))

    # dragons together
    d = [full[kk] for kk in DRAGON_KINDS]
    if sum(1 for x in d if x >= 2) == 3 and sets_ok:
        _hint("daisangen", closed, sum(max(0, 3 - x) for x in d),
              "pairs or triplets of all three dragons", out)
    if sum(1 for x in d if x >= 2) >= 2 and min(d) >= 1 and sets_ok:
        _hint("shousangen", closed, sum(max(0, 2 - x) for x in d) + 1,
              "all three dragons, two as pairs or better", out)

    # ittsu / sanshoku: which of the needed tiles are missing (chi melds count as held)
    held = c[:]
    for m in chis:
        for kk in m.kinds:
            held[kk] += 1
    best_it = None
    for st in range(1 if sanma else 0, 3):
        miss = [st * 9 + r for r in range(9) if not held[st * 9 + r]]
        if best_it is None or len(miss) < len(best_it):
            best_it = miss
    if sets_ok and best_it is not None and len(best_it) <= 2 and n + 3 * len(chis) >= 8:
        _hint("ittsu", closed, len(best_it),
              "123-456-789 in one suit" + (f"; missing {_tiles(best_it)}" if best_it else ""),
              out)
    best_ss = None
    for r in range(7):
        miss = [st * 9 + r + i for st in range(3) for i in range(3) if not held[st * 9 + r + i]]
        if best_ss is None or len(miss) < len(best_ss[1]):
            best_ss = (r, miss)
    if (sets_ok and not sanma and best_ss is not None and len(best_ss[1]) <= 2
            and n + 3 * len(chis) >= 8):
        r, miss = best_ss
        _hint("sanshoku", closed, len(miss),
              f"{r + 1}{r + 2}{r + 3} in all three suits"
              + (f"; missing {_tiles(miss)}" if miss else ""), out)

    # outside hands: no 4, 5 or 6 anywhere (every block can then hold a 1, 9 or honor)
    mids = [kk for kk in range(27) if kk % 9 in (3, 4, 5) and full[kk]]
    if not any(kk % 9 in (3, 4, 5) for m_k in meld_kinds for kk in m_k if kk < 27):
        need = sum(c[kk] for kk in mids)
        if sets_ok and need <= 2 and any(c[kk] for kk in YAOCHUU_KINDS):
            name = "chanta" if honors else "junchan"
            _hint(name, closed, need,
                  "every block can hold a terminal" + (" or honor" if honors else "")
                  + (f"; {need} middle tile{'s' if need > 1 else ''} to replace: {_tiles(mids, c)}"
                     if need else ""), out)

    # iipeikou: an identical pair of runs already held
    if closed and not melds and sets_ok:
        for kk in range(27):
            if kk % 9 <= 6 and c[kk] >= 2 and c[kk + 1] >= 2 and c[kk + 2] >= 2:
                _hint("iipeikou", closed, 0, f"{kind_name(kk)[0]}{kind_name(kk + 1)[0]}"
                      f"{kind_name(kk + 2)} twice", out)
                break

    # riichi: any concealed tenpai has a yaku with it
    if closed:
        _hint("riichi", closed, max(forms.min, 0),
              "concealed: riichi gives every tenpai a yaku", out)

    out.sort(key=lambda x: (x.need, -(x.han if not x.yakuman else 13 * x.yakuman), x.name))
    return tuple(out)
