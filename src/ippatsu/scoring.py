"""Scoring a winning hand: yaku, dora, fu, points and payments (RULES.md §2, §4–§7).

Design
------
:func:`score` parses its arguments once at the edge into integers — 34 concealed counts,
the winning kind, melds as small tuples ``(type, kind, red, ids)`` — and then works only
on counts and tuples:

1. the readings of the concealed part: every standard reading (the same set as
   :func:`ippatsu.core.decompositions`, built here from per-suit readings cached by suit
   shape, as ``(pair, runs, triplets)``), plus seven pairs and thirteen orphans, detected
   from the counts;
2. for every reading, every block the winning tile can complete (one *wait variant* per
   distinct block: ryanmen, kanchan, penchan, shanpon or tanki; a triplet completed by a
   ron is an open triplet for fu and for sanankou/suuankou);
3. per variant, one :class:`~ippatsu.yaku.YakuContext` and every check of the yaku table
   (:mod:`ippatsu.yaku`) gives a bit mask; replaced rows are cleared; yakuman drop every
   ordinary yaku; fu (§6) and points (§7) follow;
4. the variant that pays most wins (points, then a yakuman pattern over a counted
   yakuman, then han, then fu) — RULES.md §2.

Only the winning variant gets its fu breakdown and block names (derived on first use).
Steps 1–4 are ``_search`` in :mod:`ippatsu._reference.scoring`, shaped for C: counts and
small tuples in, yaku as bits of an int mask, one check function per yaku with one
signature. With the compiled core they run in C (``_score.h``, a port of ``_search``);
under ``IPPATSU_PURE_PYTHON=1`` ``_search`` runs. It is the reference: the tests check
that both give the same result, field for field.

The edge: with the compiled core, :func:`score` is ``_core.score`` (same signature and
doc), and a call runs compiled from its arguments to its result or error, without
calling back into this module: its plain road reads every accepted input form (ids,
notation, a ``Hand``; melds, win tile and indicators likewise) once in C into tile ids,
packs the situation into the kernel's input struct, runs the kernel and builds the
:class:`ScoreResult`; its general part (``_score_general.pxi``) takes every other input
(an error to name, three players, the local yaku, liability, numpy scalars, flags that
are not bools...). Under ``IPPATSU_PURE_PYTHON=1`` the road below runs instead:
``_score_general`` reads the hand through :mod:`ippatsu.hand` (the melds by
:func:`~ippatsu.hand.melds_of`, then the concealed tiles and melds placed together as a
:class:`~ippatsu.hand.Hand`), like every other entry point, names every error, and
``_score_counts`` evaluates it; with the compiled core it stays as
:func:`reference_score`, which the tests compare the compiled :func:`score` with. The
backend is chosen once, in :mod:`ippatsu._backend`.

Hand-level facts (dora, red fives, which kinds appear, the melds' fu) are computed once
per call. ``Rules`` are read, never written. The same point code
(:func:`base_points`, :func:`hand_cost`) prints :func:`score_table`.

Seats and payments
------------------
Seats are **seat winds**: 0 = East (the dealer), 1 = South, 2 = West, 3 = North, for
``seat_wind`` (the winner), ``discarder`` (who dealt in) and ``pao`` (the liable player).
``ScoreResult.payments`` is a 4-tuple indexed by seat wind of point deltas: the winner's
gain is positive and includes honba and riichi deposits; payers are negative and include
honba. Deposits come from the table, so ``sum(payments) == deposits × 1000``. For a ron
whose ``discarder`` is not given, ``payments`` is ``None`` (``cost`` still holds the
amounts).

Three players (``rules.players == 3``, docs/rules.md §11): there is no North seat, so
seats are 0 = East, 1 = South, 2 = West and ``payments`` is a **3-tuple** by seat wind
(its length is always ``rules.players``). A tsumo is paid by the two others, with tsumo
loss or the missing North's share split (``rules.sanma_tsumo``); ``nukidora=n`` Norths set
aside count as dora. Hands, melds and indicators may not hold 2m-8m, and no chi.

Examples
--------
>>> r = score("123m456p789s234s55m", "4s", tsumo=True, riichi=True, seat_wind=1)
>>> (r.han, r.fu, r.points, [y for y, _ in r.yaku])
(3, 20, 2700, ['menzen_tsumo', 'riichi', 'pinfu'])
>>> r.payments
(-1300, 2700, -700, -700)
>>> r = score("345678m555p678s22s", "8m", discarder=2)  # RULES.md §6 worked example
>>> (r.fu, r.fu_breakdown)
(40, (('base', 20), ('concealed ron', 10), ('concealed triplet 5p', 4)))
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field
from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

from .errors import (HandSizeError, IppatsuError, MeldError, NoYakuError, NotAgariError,
                     NotationError,
                     SituationError,
                     TileCountError)
from . import _backend
from ._reference import scoring as _ref  # the pure-Python evaluation (the reference)
from .points import base_points, hand_cost, round_up_100
from .rules import Rules, SanmaTsumo, rules_of
from .hand import MAX_MELDS, Hand, melds_of
from .tiles import (NORTH, RED_FIVE_KINDS, RED_ID_SET, SANMA_ABSENT_KINDS, YAOCHUU_KINDS, as_ids, check_id,
                    dora_kind, format_tiles, kind_name, parse_kinds, parse_tile, parse_tiles,
                    parse_wind, tile_name, validate_ids)
from .yaku import (
    BY_NAME,
    FORM_CHIITOITSU,
    FORM_KOKUSHI,
    FORM_STANDARD,
    ORDINARY,
    REPLACED_BY,
    WAIT_KANCHAN,
    WAIT_NAMES,
    WAIT_PENCHAN,
    WAIT_RYANMEN,
    WAIT_SHANPON,
    WAIT_TANKI,
    YAKUMAN,
    YakuContext,
    may_be_yakuman,
)

__all__ = [
    "score",
    "ScoreResult",
    "base_points",
    "hand_cost",
    "score_table",
    "format_score_table",
    "nagashi_mangan_payments",
    "LIMIT_NAMES",
]

# the codes shared with the C kernel (meld kinds, situation flags, limits, red fives):
# ippatsu/_codes.py is their one source
from ._codes import (  # noqa: E402
    F_ANY_RIICHI, F_CHANKAN, F_CHIIHOU, F_DOUBLE_RIICHI, F_HAITEI, F_HOUTEI, F_IPPATSU,
    F_LOCAL, F_OPEN_RIICHI, F_PAARENCHAN, F_RENHOU, F_SASHIKOMI, F_RIICHI, F_RINSHAN, F_TENHOU, F_TSUMO, LIMIT_NAMES, LIMITS as _LIMITS, M_ANKAN, M_CHI,
    M_KAKAN, M_MINKAN, M_PON, MELD_FU, MELD_LABELS as _MELD_LABEL, MELD_TYPE_NAMES,
    flags_of as _flags)
_MELD_TYPE_NAMES = MELD_TYPE_NAMES


_DORA_NEXT = tuple(dora_kind(k) for k in range(34))
# three players: 2m-8m do not exist, the dora after a 1m indicator is 9m (docs/rules.md §11)
_DORA_NEXT3 = (8,) + _DORA_NEXT[1:]
_KN = tuple(kind_name(k) for k in range(34))
_PAIR_TXT = tuple(n[0] * 2 + n[1] for n in _KN)
_TRIP_TXT = tuple(n[0] * 3 + n[1] for n in _KN)
_KAN_TXT = tuple(n[0] * 4 + n[1] for n in _KN)
_RUN_TXT = tuple(f"{k % 9 + 1}{k % 9 + 2}{k % 9 + 3}{'mps'[k // 9]}" if k < 27 and k % 9 < 7
                 else "" for k in range(34))
_FORM_NAMES = ("standard", "chiitoitsu", "kokushi")
_PINFU_BIT = BY_NAME["pinfu"].bit
_YAOCHUU_SET = frozenset(YAOCHUU_KINDS)


_DEFAULT_RULES = Rules.ippatsu()  # rules=None, everywhere in the API


# ---------------------------------------------------------------------------------------
# points
# ---------------------------------------------------------------------------------------
# base_points / hand_cost live in ippatsu.points (the reference evaluation of
# ippatsu._reference.scoring uses them too, without importing this module)


# ---------------------------------------------------------------------------------------
# the result
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ScoreResult:
    """The value of a winning hand (the reading that pays most).

    Attributes
    ----------
    han : int
        Han of yaku plus dora; for a yakuman hand ``13 × yakuman``.
    fu : int
        Fu after rounding (25 for seven pairs); also computed for yakuman hands.
    fu_breakdown : tuple of (str, int)
        The items (RULES.md §6) that add up to the fu before rounding.
    yaku : tuple of (str, int)
        ``(name, han)`` per yaku (names are :data:`ippatsu.yaku.BY_NAME` keys); for a
        yakuman, ``(name, 13 × multiple)``. Dora are not listed here.
    yaku_ids : tuple of int
        Row ids of the same yaku (Tenhou numbering).
    dora, ura, red : int
        Han from dora, ura dora (riichi only) and red fives; 0 for yakuman hands.
    yakuman : int
        Yakuman multiple from yakuman yaku (0 if none; a counted yakuman is 0 here).
    limit : str or None
        "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe yakuman" or None.
    points : int
        The hand's value: the ron payment or the tsumo total, without honba/deposits.
    cost : dict
        ``{"ron": n}`` or ``{"dealer": d, "non_dealer": n}`` (each payer's share on a
        tsumo, before honba; ``dealer`` is 0 when the dealer wins).
    payments : tuple of 4 int, or None
        Deltas by seat wind, honba, deposits and liability included (module doc).
    dealer, tsumo : bool
    form : str
        "standard", "chiitoitsu" or "kokushi".
    decomposition : tuple of str
        The reading scored: concealed blocks then melds, in notation.
    wait : str
        "ryanmen", "kanchan", "penchan", "shanpon" or "tanki".
    error : str or None
        ``"no_yaku"`` when called with ``raise_on_no_yaku=False`` on a hand without yaku
        (then points and payments are 0 / None).
    nukidora : int
        Three players: han from the Norths set aside (``score(nukidora=n)``), their own
        value (``rules.nukidora_dora`` each); included in ``dora``. A set-aside North is
        also an ordinary dora (ura) of each indicator pointing at North, counted in
        ``dora`` (``ura``) beside it, as Mahjong Soul lists them.
    flowers : int
        With ``rules.flowers``: han from the flowers set aside (``score(flowers=n)``), one
        each; included in ``dora``.
    """

    han: int
    fu: int
    yaku: tuple
    yaku_ids: tuple
    dora: int
    ura: int
    red: int
    yakuman: int
    limit: Optional[str]
    points: int
    cost: dict
    payments: Optional[tuple]
    dealer: bool
    tsumo: bool
    form: str
    wait: str
    error: Optional[str] = None
    nukidora: int = 0
    flowers: int = 0
    _detail: tuple = field(default=(), repr=False, compare=False)

    # the breakdown and the block names are derived on first use (the hot path of a
    # scorer called in bulk rarely reads them)
    @property
    def fu_breakdown(self) -> tuple:
        """``(item, fu)`` pairs that add up to the fu before rounding (RULES.md §6)."""
        d = self.__dict__.get("_fu_breakdown")
        if d is None:
            d = _fu_items(*self._detail) if self._detail else ()
            object.__setattr__(self, "_fu_breakdown", d)
        return d

    @property
    def decomposition(self) -> tuple:
        """The reading scored: concealed blocks, then melds, in notation."""
        d = self.__dict__.get("_decomposition")
        if d is None:
            d = _block_names(*self._detail[:5]) if self._detail else ()
            object.__setattr__(self, "_decomposition", d)
        return d

    @property
    def yaku_names(self) -> List[str]:
        return [n for n, _ in self.yaku]

    @property
    def is_yakuman(self) -> bool:
        return self.yakuman > 0 or self.limit == "kazoe yakuman"

    def to_dict(self) -> dict:
        """A JSON-able dict of every field."""
        return {
            "han": self.han, "fu": self.fu,
            "fu_breakdown": [list(x) for x in self.fu_breakdown],
            "yaku": [list(x) for x in self.yaku], "yaku_ids": list(self.yaku_ids),
            "dora": self.dora, "ura": self.ura, "red": self.red,
            "yakuman": self.yakuman, "limit": self.limit, "points": self.points,
            "cost": dict(self.cost),
            "payments": None if self.payments is None else list(self.payments),
            "dealer": self.dealer, "tsumo": self.tsumo, "form": self.form,
            "decomposition": list(self.decomposition), "wait": self.wait,
            "error": self.error, "nukidora": self.nukidora, "flowers": self.flowers,
        }


# ---------------------------------------------------------------------------------------
# parsing at the edge
# ---------------------------------------------------------------------------------------
def _parse_indicators(x: Any, what: str = "dora_indicators") -> List[int]:
    """Indicator kinds from notation, 136-ids (each 0-135; bools and floats refused) or a
    sequence mixing ids and notation strings (``["4m", "1z"]``)."""
    if isinstance(x, str):
        return [i >> 2 for i in parse_tiles(x)] if x else []
    try:
        items = list(x)
    except TypeError:
        raise IppatsuError(f"{what} is notation or a sequence of 136-ids, got "
                           f"{type(x).__name__}", "bad_tile_id") from None
    kinds = []
    for i in items:  # kinds here; a repeated id is refused by _check_indicator_ids
        if isinstance(i, str):  # notation, one or more tiles: ["4m", "1z"]
            kinds.extend(t >> 2 for t in parse_tiles(i))
        else:
            kinds.append(check_id(i) >> 2)
    return kinds


def _check_indicator_copies(full, dora_kinds, ura_kinds) -> None:
    """hand + melds + indicators never hold more than four copies of a kind."""
    ind = dora_kinds + ura_kinds
    for k in ind:
        if full[k] + ind.count(k) > 4:
            raise TileCountError(f"{full[k] + ind.count(k)} copies of {kind_name(k)} between "
                                 f"the hand, its melds and the dora / ura indicators: a kind "
                                 f"has four copies", "fifth_copy")


def _check_indicator_ids(dora_indicators, ura_indicators, tiles, hand, win_tile) -> None:
    """An indicator given as a 136-id is one physical tile: it cannot also be a tile the
    hand holds by id, nor another indicator (TileCountError ``duplicate_id``).

    The hand holds by id: its concealed tiles given as ids (a list, or a Hand), the winning
    tile given as an id, the melds given by id (:attr:`Meld.by_id`), and a red five however
    it is written (there is one of each). Other tiles written in notation are free copies
    of their kinds: only their count is checked (:func:`_check_indicator_copies`), and so
    are indicators written in notation."""
    given = [i for x in (dora_indicators, ura_indicators) if not isinstance(x, str)
             for i in x if not isinstance(i, str)]
    if not given:
        return
    named = set(hand.ids) if not isinstance(tiles, str) else set(hand.ids) & RED_ID_SET
    for m in hand.melds:
        named.update(m.tiles if m.by_id else RED_ID_SET.intersection(m.tiles))
    if isinstance(win_tile, str):
        named.update(RED_ID_SET.intersection(parse_tiles(win_tile)))
    elif win_tile is not None:
        named.add(check_id(win_tile))
    for i in given:
        i = check_id(i)
        if i in named:
            raise TileCountError(f"tile id {i} ({tile_name(i)}) is a dora / ura indicator "
                                 f"and also in the hand, a meld or another indicator: one "
                                 f"tile cannot be in two places", "duplicate_id")
        named.add(i)


_UNUSUAL_FLAGS = ~(F_TSUMO | F_RIICHI | F_DOUBLE_RIICHI)


def _check_situation(flags: int, mlist, seat_wind: int) -> None:
    """Raise SituationError for situation flags that cannot happen together (a caller's
    bug: the flag is never dropped silently)."""
    if not flags & ~F_TSUMO:
        return
    msg = situation_message(flags, all(m[0] == M_ANKAN for m in mlist),
                            any(m[0] in (M_MINKAN, M_ANKAN, M_KAKAN) for m in mlist),
                            bool(mlist), seat_wind == 0)
    if msg is not None:
        raise SituationError(f"impossible situation: {msg}", "bad_situation")


def situation_message(flags: int, closed: bool, kan: bool, meld: bool,
                      dealer: bool) -> Optional[str]:
    """What is impossible about these situation flags (None when they fit the hand).

    ``closed``: no open meld; ``kan``: the hand has a kan; ``meld``: any declared meld
    (closed kans included); ``dealer``: seat wind East. Shared by ``score`` and
    ``score_batch``."""
    tsumo = flags & F_TSUMO
    any_riichi = flags & F_ANY_RIICHI
    if any_riichi and not closed:
        return "riichi on an open hand"
    if flags & F_IPPATSU and not any_riichi:
        return "ippatsu without riichi"
    if flags & F_RINSHAN and not tsumo:
        return "rinshan kaihou on a ron (it is a win on a kan's replacement draw)"
    if flags & F_RINSHAN and not kan:
        return "rinshan kaihou on a hand with no kan"
    if flags & F_HAITEI and not tsumo:
        return "haitei on a ron (the ron on the last discard is houtei)"
    if flags & F_HAITEI and flags & F_RINSHAN:
        return "haitei on a rinshan draw (no haitei for a replacement tile, RULES.md 4)"
    if flags & F_HOUTEI and tsumo:
        return "houtei on a tsumo (the tsumo on the last tile is haitei)"
    if flags & F_CHANKAN and tsumo:
        return "chankan on a tsumo (chankan robs a kan: a ron)"
    if flags & F_CHANKAN and flags & F_HOUTEI:
        return "chankan and houtei together"
    if flags & F_TENHOU and flags & F_CHIIHOU:
        return "tenhou and chiihou together"
    if flags & F_TENHOU and not dealer:
        return "tenhou for a non-dealer (a non-dealer's first-draw win is chiihou)"
    if flags & F_CHIIHOU and dealer:
        return "chiihou for the dealer (the dealer's is tenhou)"
    if flags & (F_TENHOU | F_CHIIHOU):
        name = "tenhou" if flags & F_TENHOU else "chiihou"
        if not tsumo:
            return f"{name} on a ron"
        if any_riichi or flags & F_IPPATSU:
            return f"{name} with riichi / ippatsu (a first-draw win comes before any riichi)"
    if flags & F_LOCAL:   # the local yaku (docs/rules.md §12)
        if flags & F_RENHOU:
            if tsumo:
                return "renhou on a tsumo (it is a ron before the winner's first draw)"
            if dealer:
                return "renhou for the dealer (the dealer's first-turn win is tenhou)"
            if meld:
                return "renhou with a declared meld (no call comes before it)"
            if any_riichi or flags & (F_TENHOU | F_CHIIHOU):
                return "renhou with riichi, tenhou or chiihou (it comes before any discard)"
        if flags & F_PAARENCHAN and not dealer:
            return "paarenchan for a non-dealer (it is the dealer's eighth win in a row)"
        if flags & F_OPEN_RIICHI and not any_riichi:
            return "open riichi without riichi or double riichi"
        if flags & F_SASHIKOMI and not flags & F_OPEN_RIICHI:
            return "sashikomi without open riichi"
        if flags & F_SASHIKOMI and tsumo:
            return "sashikomi on a tsumo (it is a ron on an open riichi)"
    # tenhou / chiihou with a declared meld (a call or kan before the win) is not raised:
    # RULES.md 4 voids the yaku then, and the hand scores without it
    return None


def check_local_rules(local: int, rules: Rules) -> None:
    """SituationError ``local_yaku_off`` for a local yaku's situation under rules that do
    not have that yaku (docs/rules.md §12)."""
    for bit, name, on in ((F_RENHOU, "renhou", rules.renhou.value != "off"),
                          (F_PAARENCHAN, "paarenchan", rules.paarenchan.value != "off"),
                          (F_OPEN_RIICHI, "open_riichi", rules.open_riichi),
                          (F_SASHIKOMI, "sashikomi_yakuman", rules.sashikomi_yakuman)):
        if local & bit and not on:
            flag = "sashikomi" if bit == F_SASHIKOMI else name
            raise SituationError(f"{flag}=True but these rules have no {name} "
                                 f"(rules.{name} is {getattr(rules, name)!r})",
                                 "local_yaku_off")


_SEATS = (0, 1, 2, 3)
_SEATS3 = (0, 1, 2)
_INT_TYPE = {int}


def _int_arg(x: Any, name: str) -> int:
    """An integer argument given as int / numpy integer (bool, float, str refused)."""
    if isinstance(x, bool) or not hasattr(x, "__index__") or type(x).__name__ == "bool_":
        raise IppatsuError(f"{name} must be an integer, got {type(x).__name__} {x!r:.40}",
                           "bad_wind" if "wind" in name else "bad_seat"
                           if name in ("discarder", "pao") else "bad_counter")
    return x.__index__()


# ---------------------------------------------------------------------------------------
# the scorer
# ---------------------------------------------------------------------------------------
def score(
    hand: Any,
    win_tile: Union[int, str, None] = None,
    *,
    melds: Sequence[Any] = (),
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    seat_wind: int = 0,
    round_wind: int = 0,
    dora_indicators: Any = (),
    ura_indicators: Any = (),
    honba: int = 0,
    deposits: int = 0,
    discarder: Optional[int] = None,
    pao: Optional[int] = None,
    rules: Optional[Rules] = None,
    raise_on_no_yaku: bool = True,
    nukidora: int = 0,
    renhou: bool = False,
    paarenchan: bool = False,
    open_riichi: bool = False,
    sashikomi: bool = False,
    flowers: int = 0,
) -> ScoreResult:
    """score(hand, win_tile=None, *, melds=(), tsumo=False, riichi=False, ..., rules=None) -> ScoreResult

    Score a complete hand, taking the reading that pays most (RULES.md §2): highest
    points, then (at equal points) a yakuman pattern over a counted yakuman, then more
    han, then more fu.

    Parameters
    ----------
    hand : str, iterable of int, or Hand
        The concealed part including the winning tile (14 tiles less 3 per meld), or the
        waiting hand without it (13 less 3 per meld) and ``win_tile`` apart, as the
        command line takes them: notation (``"123m406p..."``) or 136-ids. A
        :class:`ippatsu.hand.Hand` brings its melds too (then ``win_tile`` is required: a
        Hand keeps its tiles sorted).
    win_tile : str or int, optional
        The winning tile (``"5m"``, ``"0m"`` or a 136-id). Default: the last tile of
        ``hand`` as written. Only its kind matters for the shape. Added to a waiting
        hand: notation takes a free copy (an ordinary one; ``"0m"`` the red five).
    melds : sequence
        Declared melds: :class:`ippatsu.hand.Meld`, ``(type, tiles)`` pairs
        (``("pon", "555z")``, type one of chi/pon/daiminkan/ankan/kakan) or meld text
        (``"123m"`` chi, ``"555z"`` pon, ``"5555z"`` open kan, ``"ankan 1111m"``).
    tsumo : bool
        Won on the player's own draw (else ron).
    riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou : bool
        The situation. Flags that cannot apply (riichi with an open hand, haitei with
        rinshan, ...) give no yaku; they never raise.
    seat_wind, round_wind : int or str
        0 = East ... 3 = North, or the wind written ``"E"`` / ``"east"`` / ``"1z"``.
        ``seat_wind == 0`` is the dealer.
    dora_indicators, ura_indicators : str or iterable
        Notation (``"4m1z"``), 136-ids, or a list of either (``["4m", "1z"]``); kan dora
        are just more indicators. Ura counts only with
        riichi / double riichi. An indicator given as a 136-id is a tile of its own: one
        the hand holds by id (or a red five of the hand) or another indicator is
        ``duplicate_id``; in notation only the copies of a kind are counted.
    honba, deposits : int
        Counters on the table (deposits = number of riichi sticks).
    discarder : int, optional
        Seat wind of the player who dealt in (ron); needed for ``payments``.
    pao : int, optional
        Seat wind of the liable player (RULES.md §8). Liability applies when the hand has
        daisangen / daisuushi, or (a win on an open kan's replacement tile,
        ``rules.pao_rinshan``) to any hand; otherwise ``pao`` is ignored. It covers the
        whole hand (``rules.pao_whole_hand``, the default), or only the daisangen /
        daisuushi part of a multi-yakuman hand (``planet``). Tsumo: the liable player pays
        the covered part and all honba, any rest is paid as a normal tsumo. Ron: the
        liable player pays half of the covered part (rounded down to 100), the discarder
        the rest and the honba (the liable player pays the honba under
        ``rules.pao_ron_honba``, Tenhou); a liable discarder pays it all.
    rules : Rules or str, optional
        A :class:`~ippatsu.rules.Rules` or a preset name (``"tenhou"``); ``None`` (the
        default) means ``Rules.ippatsu()``.
    raise_on_no_yaku : bool
        When False a complete hand without yaku returns a result with ``error="no_yaku"``.
    nukidora : int
        Three players (``rules.players == 3``): Norths the winner has set aside. Each adds
        ``rules.nukidora_dora`` han and counts as a dora of every indicator pointing at North
        (ura too, for a riichi winner); shown in ``dora`` (and ``ura``), and in
        ``ScoreResult.nukidora``. Seats are then 0..2 and ``payments`` a 3-tuple.
    renhou, paarenchan, open_riichi, sashikomi : bool
        The situations of the local yaku (docs/rules.md §12), each needing its rule:
        a non-dealer's ron before their first draw with no call before it
        (``rules.renhou``); the dealer's eighth consecutive win (``rules.paarenchan``);
        a riichi declared open (``rules.open_riichi``; with ``riichi`` or
        ``double_riichi``); a ron on that open riichi from a player not in riichi
        (``rules.sashikomi_yakuman``).
    flowers : int
        Flower tiles the winner has set aside (``rules.flowers``, docs/rules.md §12): each
        adds one han of dora to a hand with a yaku (none to a yakuman, none without a
        yaku, like any dora); shown in ``dora`` and in ``ScoreResult.flowers``.

    Raises
    ------
    NotAgariError (``not_agari``), NoYakuError (``no_yaku``), HandSizeError,
    TileCountError, MeldError, NotationError; IppatsuError ``bad_wind`` (a wind outside
    0..3), ``bad_seat`` (a discarder on a tsumo, the winner as discarder, a seat outside
    0..3), ``bad_counter`` (negative honba or deposits); TileCountError ``fifth_copy``
    (five copies of a kind between the hand, its melds and the indicators),
    ``duplicate_id`` (a 136-id in two places). Three players: seats and winds are
    0..2; TileCountError ``sanma_tile`` (2m-8m in the hand, a meld or an indicator),
    MeldError ``sanma_chi`` (a chi); SituationError ``nukidora_four_players`` (``nukidora``
    with four players), ``nukidora_off`` (``nukidora`` when ``rules.nukidora`` is off),
    ``local_yaku_off`` (a local yaku's situation under rules without it). Flowers:
    SituationError ``flowers_off`` (``flowers`` when ``rules.flowers`` is off),
    TileCountError ``fifth_copy`` (more than four), ``negative_count``.
    """
    # With the compiled core this function is replaced by ``_core.score`` (same signature
    # and doc), which does all of it in C (:func:`reference_score` keeps this one).
    local = (_flags(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, renhou, paarenchan, open_riichi, sashikomi)
             if renhou or paarenchan or open_riichi or sashikomi else 0)
    return _score_general(hand, win_tile, melds, tsumo, riichi, double_riichi, ippatsu,
                          haitei, houtei, rinshan, chankan, tenhou, chiihou, seat_wind,
                          round_wind, dora_indicators, ura_indicators, honba, deposits,
                          discarder, pao, rules, raise_on_no_yaku, nukidora, local, flowers)


def _flower_indicators(ind) -> tuple:
    """(the indicators without flowers, the number of flowers among them): flowers given
    as ids 136-139 or as ``1f``-``4f`` (alone, in a list, or in notation)."""
    if isinstance(ind, int) and not isinstance(ind, bool):
        return ((), 1) if 136 <= ind <= 139 else (ind, 0)
    if isinstance(ind, str):
        groups = re.findall(r"([0-9]+)f", ind)
        if not groups:
            return ind, 0
        return re.sub(r"[0-9]+f", "", ind), sum(len(g) for g in groups)
    try:
        items = list(ind)
    except TypeError:
        return ind, 0
    rest, n = [], 0
    for x in items:
        if (isinstance(x, int) and not isinstance(x, bool) and 136 <= x <= 139) or \
                (isinstance(x, str) and re.fullmatch(r"[1-4]f", x)):
            n += 1
        else:
            rest.append(x)
    return (rest if n else ind), n


def validate_flowers(flowers: Any, rules: Rules) -> int:
    """The count of flowers set aside, checked against ``rules`` (``rules.flowers`` on,
    0..4): SituationError ``flowers_off``, TileCountError ``fifth_copy`` /
    ``negative_count``, IppatsuError ``bad_counter`` (not an int)."""
    if type(flowers) is not int:
        flowers = _int_arg(flowers, "flowers")
    if flowers and not rules.flowers:
        raise SituationError(f"flowers={flowers} but these rules have no flower tiles "
                             f"(rules.flowers is off)", "flowers_off")
    if flowers < 0 or flowers > 4:
        raise TileCountError(f"flowers={flowers}: 0 to 4 flowers can be set aside",
                             "fifth_copy" if flowers > 4 else "negative_count")
    return flowers


def validate_nukidora(nukidora: Any, rules: Rules) -> int:
    """The count of Norths set aside, checked against ``rules`` (three players, nukidora
    on, 0..4): SituationError ``nukidora_four_players`` / ``nukidora_off``, TileCountError
    ``negative_count`` / ``fifth_copy``."""
    if type(nukidora) is not int:
        nukidora = _int_arg(nukidora, "nukidora")
    if nukidora and rules.players != 3:
        raise SituationError(f"nukidora={nukidora}: Norths are set aside as dora only "
                             f"in three-player mahjong (rules.players is 4)",
                             "nukidora_four_players")
    if nukidora and not rules.nukidora:
        raise SituationError(f"nukidora={nukidora} but these rules have no nukidora "
                             f"(rules.nukidora is off)", "nukidora_off")
    if nukidora < 0 or nukidora > 4:
        raise TileCountError(f"nukidora={nukidora}: 0 to 4 Norths can be set aside",
                             "fifth_copy" if nukidora > 4 else "negative_count")
    return nukidora


def _score_general(hand, win_tile, melds, tsumo, riichi, double_riichi, ippatsu, haitei,
                   houtei, rinshan, chankan, tenhou, chiihou, seat_wind, round_wind,
                   dora_indicators, ura_indicators, honba, deposits, discarder, pao, rules,
                   raise_on_no_yaku, nukidora=0, local=0, flowers=0) -> ScoreResult:
    """The twin's road of score() (the reference edge): parse and validate in Python, name
    every error, then evaluate by the pure-Python search. ``local``: the
    flag bits of the local yaku's situations (docs/rules.md §12)."""
    if type(rules) is not Rules:
        rules = _DEFAULT_RULES if rules is None else rules_of(rules)
    if local:
        check_local_rules(local, rules)
    if ippatsu is True and not rules.ippatsu_yaku:
        raise SituationError("ippatsu=True but these rules have no ippatsu "
                             "(rules.ippatsu_yaku is False)", "local_yaku_off")
    if type(seat_wind) is not int or type(round_wind) is not int:
        # a wind is an int 0-3 or its letter / name / notation ("S", "south", "2z")
        seat_wind = (parse_wind(seat_wind, "seat_wind") if isinstance(seat_wind, str)
                     else _int_arg(seat_wind, "seat_wind"))
        round_wind = (parse_wind(round_wind, "round_wind") if isinstance(round_wind, str)
                      else _int_arg(round_wind, "round_wind"))
    seats = _SEATS if rules.players == 4 else _SEATS3
    if seat_wind not in seats or round_wind not in seats:
        if rules.players == 3:
            raise IppatsuError(f"three players: winds are 0..2 (E S W; there is no North "
                               f"seat or round), got seat {seat_wind!r}, round "
                               f"{round_wind!r}", "bad_wind")
        raise IppatsuError(f"winds are 0..3 (E S W N), got seat {seat_wind!r}, round "
                           f"{round_wind!r}", "bad_wind")
    if discarder is not None and type(discarder) is not int:
        discarder = _int_arg(discarder, "discarder")
    if pao is not None and type(pao) is not int:
        pao = _int_arg(pao, "pao")
    if (discarder is not None and (discarder not in seats or discarder == seat_wind
                                   or tsumo)) or (pao is not None and pao not in seats):
        raise IppatsuError(f"discarder {discarder!r} / pao {pao!r}: seat winds "
                           f"0..{len(seats) - 1}; a discarder only on a ron, never the "
                           f"winner", "bad_seat")
    if type(nukidora) is not int or nukidora:
        nukidora = validate_nukidora(nukidora, rules)
    if type(flowers) is not int or flowers:
        flowers = validate_flowers(flowers, rules)
    if rules.flowers:
        # a flower turned up as an indicator points at the flowers: each flower set aside
        # is one more dora per such indicator (ura too), as a North of a West indicator
        dora_indicators, fd = _flower_indicators(dora_indicators)
        ura_indicators, fu = _flower_indicators(ura_indicators)
        if flowers + fd + fu > 4:
            raise TileCountError(f"{flowers} flowers set aside and {fd + fu} flower "
                                 f"indicators: there are four flowers", "fifth_copy")
        if flowers:
            flowers = (flowers, fd, fu)
    if type(honba) is not int or type(deposits) is not int:
        honba, deposits = _int_arg(honba, "honba"), _int_arg(deposits, "deposits")
    if honba < 0 or deposits < 0:
        raise IppatsuError("honba and deposits cannot be negative", "bad_counter")
    flags = _flags(tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan,
                   tenhou, chiihou) | local
    if not isinstance(hand, (str, list, tuple)) and hasattr(hand, "melds"):  # a Hand
        if melds and hand.melds:
            raise MeldError("melds given twice: in the Hand and as melds=", "bad_meld")
        if win_tile is None:
            raise NotAgariError("score(Hand, ...) needs win_tile (a Hand keeps its tiles "
                                "sorted)", "missing_win_tile")
        melds = tuple(hand.melds) or melds
        hand = list(hand.ids)
    # the one input edge (ippatsu.hand): melds as Meld, then the concealed tiles and the
    # melds placed together as a Hand (notation takes free copies, ids are checked)
    ms = melds_of(melds)
    tiles = hand if isinstance(hand, str) else as_ids(hand)
    h = Hand(tiles, ms if len(ms) <= MAX_MELDS else (), validate_size=False)
    ids = h.ids
    mlist = [(MELD_TYPE_NAMES[m.type.value], m.kind, m.n_red, m.tiles) for m in h.melds]
    if win_tile is None:
        if not ids:
            raise HandSizeError("empty hand", "bad_hand_size")
        # the last tile as written
        win = (parse_kinds(tiles)[-1] if isinstance(tiles, str) else tiles[-1] >> 2)
    elif isinstance(win_tile, str):
        win = parse_tile(win_tile) >> 2
    else:
        win = validate_ids([win_tile])[0] >> 2

    nmelds = len(ms)
    if win_tile is not None and nmelds <= 4 and len(ids) == 13 - 3 * nmelds:
        # the waiting hand and its winning tile apart (as the command line and analyze
        # take them): the winning tile joins the hand (notation: a free copy, an
        # ordinary one before the red five)
        ids = _with_win_tile(ids, h.melds, win_tile, rules.red_ids)
    red_given = (None if rules.standard_reds else
                 _red_fives_held(h, ids, isinstance(tiles, str), isinstance(win_tile, str),
                                 rules))
    counts = [0] * 34
    for i in ids:
        counts[i >> 2] += 1
    if nmelds > 4 or len(ids) != 14 - 3 * nmelds:
        hint = (" (the hand must include the winning tile, or give it apart as win_tile)"
                if len(ids) == 13 - 3 * nmelds else "")
        raise HandSizeError(
            f"{len(ids)} concealed tiles with {nmelds} melds: a winning hand has "
            f"{14 - 3 * min(nmelds, 4)} concealed tiles{hint}", "bad_hand_size")
    full = counts[:]  # every tile of the hand, melds included
    for mt, k, _, mids in mlist:
        if mt == M_CHI:
            full[k] += 1
            full[k + 1] += 1
            full[k + 2] += 1
        else:
            full[k] += len(mids)
    if max(full) > 4:
        k = next(k for k in range(34) if full[k] > 4)
        raise TileCountError(f"{full[k]} copies of {kind_name(k)} in the hand (concealed "
                             f"tiles and melds): a kind has only four copies (a fifth "
                             f"copy)", "fifth_copy")
    if rules.players == 3:
        _check_sanma_hand(full, mlist)
        if nukidora and full[NORTH] + nukidora > 4:
            raise TileCountError(f"{full[NORTH]} Norths in the hand and {nukidora} set "
                                 f"aside: a kind has four copies", "fifth_copy")
    if counts[win] == 0:
        raise NotAgariError(f"the winning tile {kind_name(win)} is not in the hand", "not_agari")
    dora_kinds = _parse_indicators(dora_indicators, "dora_indicators")
    ura_kinds = _parse_indicators(ura_indicators, "ura_indicators")
    if dora_kinds or ura_kinds:
        if rules.players == 3:
            bad = [k for k in dora_kinds + ura_kinds if k in SANMA_ABSENT_KINDS]
            if bad:
                raise TileCountError(f"indicator {kind_name(bad[0])}: three-player mahjong "
                                     f"has no 2m-8m (108 tiles)", "sanma_tile")
        seen = full
        if nukidora:
            seen = full[:]
            seen[NORTH] += nukidora
        _check_indicator_copies(seen, dora_kinds, ura_kinds)
        _check_indicator_ids(dora_indicators, ura_indicators, tiles, h, win_tile)
    if flags & _UNUSUAL_FLAGS:
        # a North set aside draws a replacement tile as a kan does: rinshan needs no kan
        # then (docs/rules.md §11)
        _check_situation(flags & ~F_RINSHAN if nukidora and flags & F_TSUMO else flags,
                         mlist, seat_wind)
    elif mlist and flags & F_ANY_RIICHI and any(m[0] != M_ANKAN
                                                                for m in mlist):
        raise SituationError("impossible situation: riichi on an open hand", "bad_situation")

    if nukidora or local or flowers or red_given is not None:
        return _score_counts(
            counts, win, mlist, full, ids, tsumo, riichi, double_riichi, ippatsu, haitei,
            houtei, rinshan, chankan, tenhou, chiihou, seat_wind, round_wind,
            dora_kinds, ura_kinds, honba, deposits, discarder, pao, rules, raise_on_no_yaku,
            nukidora=nukidora, local=local, flowers=flowers, red=red_given)
    return _score_counts(
        counts, win, mlist, full, ids, tsumo, riichi, double_riichi, ippatsu, haitei,
        houtei, rinshan, chankan, tenhou, chiihou, seat_wind, round_wind,
        dora_kinds, ura_kinds, honba, deposits, discarder, pao, rules, raise_on_no_yaku)


def _with_win_tile(ids, melds, win_tile, red_ids=RED_ID_SET) -> tuple:
    """``ids`` (a waiting hand) plus the winning tile: a 136-id not yet used, or notation
    taking a free copy of its kind (an ordinary copy first, one outside ``red_ids``; a
    red five stays red)."""
    used = set(ids) | {t for m in melds for t in m.tiles}
    if isinstance(win_tile, str):
        wid = parse_tile(win_tile)
        if wid not in RED_ID_SET:
            free = sorted((t for t in range((wid >> 2) * 4, (wid >> 2) * 4 + 4)
                           if t not in used), key=lambda t: (t in red_ids, t))
            if not free:
                raise TileCountError(f"5 copies of {kind_name(wid >> 2)} with the winning "
                                     f"tile: a kind has only four copies (a fifth copy)",
                                     "fifth_copy")
            wid = free[0]
    else:
        wid = validate_ids([win_tile])[0]
    if wid in used:
        n = len(ids)
        raise HandSizeError(f"{n} concealed tiles and the winning tile {win_tile!r} is "
                            f"already among them: a winning hand has {n + 1} (give the "
                            f"complete hand, or the waiting hand and the tile apart)",
                            "bad_hand_size")
    return tuple(ids) + (wid,)


def _red_fives_held(h, ids, conc_text: bool, win_text: bool, rules: Rules) -> int:
    """The red fives of a hand under per-suit counts (``rules.red_five_counts``): a tile
    given by id is red when ``rules.red_ids`` holds it; a tile written in notation is red
    when it is written red (``0m`` / ``0p`` / ``0s``, one per suit in notation) in a suit
    that has red fives. TileCountError ``second_red`` when a suit shows more reds than the
    rules have, ``fifth_copy`` when it shows more plain fives than the rules leave."""
    counts, red_ids = rules.red_counts, rules.red_ids
    reds, fives = [0, 0, 0], [0, 0, 0]

    def see(t: int, written: bool) -> None:
        k = t >> 2
        if k in RED_FIVE_KINDS:
            s = k // 9
            fives[s] += 1
            if (t in RED_ID_SET and counts[s] > 0) if written else t in red_ids:
                reds[s] += 1

    n_text = len(h.ids) if conc_text else 0
    for i, t in enumerate(ids):
        see(t, i < n_text or (win_text and i == len(ids) - 1 and len(ids) > len(h.ids)))
    for m in h.melds:
        for t in m.tiles:
            see(t, not m.by_id)
    for s in range(3):
        if reds[s] > counts[s]:
            raise TileCountError(f"{reds[s]} red 5{'mps'[s]}: these rules have "
                                 f"{counts[s]} (red_five_counts {counts})", "second_red")
        if fives[s] - reds[s] > 4 - counts[s]:
            raise TileCountError(f"{fives[s] - reds[s]} plain 5{'mps'[s]}: with {counts[s]} "
                                 f"red ones a suit has {4 - counts[s]} (red_five_counts "
                                 f"{counts})", "fifth_copy")
    return sum(reds)


def _check_sanma_hand(full, mlist) -> None:
    """Three players: no 2m-8m anywhere in the hand (``sanma_tile``), no chi (``sanma_chi``)."""
    bad = [k for k in SANMA_ABSENT_KINDS if full[k]]
    if bad:
        raise TileCountError(f"the hand holds {', '.join(kind_name(k) for k in bad)}: "
                             f"three-player mahjong has no 2m-8m (108 tiles)", "sanma_tile")
    if any(m[0] == M_CHI for m in mlist):
        raise MeldError("a chi in three-player mahjong: there is no chi with three players",
                        "sanma_chi")


def _hand_facts(mlist, ids, full, riichi, double_riichi, dora_kinds, ura_kinds, rules,
                nukidora=0, flowers=0, red_given=None):
    """(closed, melds as (type, kind), red, dora, ura, nukidora han) of a parsed hand.

    Three players: the dora after a 1m indicator is 9m; each of the ``nukidora`` Norths
    set aside adds ``rules.nukidora_dora`` han (the last item; included in ``dora``) and
    counts as an ordinary dora (ura) of each indicator pointing at North. Each of the
    ``flowers`` set aside adds one han (included in ``dora``)."""
    closed = True
    red = 0
    melds_k = []
    for mt, k, r, _ in mlist:
        red += r
        melds_k.append((mt, k))
        if mt != M_ANKAN:
            closed = False
    if red_given is not None:  # per-suit counts: counted by _red_fives_held
        red = red_given
    elif rules.red_fives:
        for i in ids:
            if i in RED_ID_SET:
                red += 1
    else:
        red = 0
    nxt = _DORA_NEXT if rules.players == 4 else _DORA_NEXT3
    dora = 0
    for d in dora_kinds:
        dora += full[nxt[d]]
    ura = 0
    ura_on = (riichi or double_riichi) and closed and rules.ura_dora
    if ura_on:
        for d in ura_kinds:
            ura += full[nxt[d]]
    kita = 0
    if nukidora:
        kita = nukidora * rules.nukidora_dora
        dora += kita + nukidora * sum(1 for d in dora_kinds if nxt[d] == NORTH)
        if ura_on:
            ura += nukidora * sum(1 for d in ura_kinds if nxt[d] == NORTH)
    if flowers:  # (set aside, flower dora indicators, flower ura indicators)
        n, fd, fu = flowers
        dora += n * (1 + fd)
        if ura_on:
            ura += n * fu
    return closed, tuple(melds_k), red, dora, ura, kita


def _score_counts(counts, win, mlist, full, ids, tsumo, riichi, double_riichi, ippatsu,
                  haitei, houtei, rinshan, chankan, tenhou, chiihou, seat_wind, round_wind,
                  dora_kinds, ura_kinds, honba, deposits, discarder, pao, rules,
                  raise_on_no_yaku, nukidora=0, local=0, flowers=0,
                  red=None) -> ScoreResult:
    """A parsed, validated hand -> its result, by the pure-Python search (the reference)."""
    tsumo = bool(tsumo)   # ScoreResult.tsumo is a bool, whatever truth value was given
    closed, melds_k, red, dora, ura, kita = _hand_facts(mlist, ids, full, riichi,
                                                        double_riichi, dora_kinds, ura_kinds,
                                                        rules, nukidora, flowers, red)
    flags = _flags(tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan,
                   tenhou, chiihou) | local
    best = _ref._search(counts, win, melds_k, flags, seat_wind, round_wind,
                        dora + ura + red, rules)
    if best is None:
        raise NotAgariError("the hand is not complete", "not_agari")
    return _build_result(best, mlist, counts, win, rules, dora, ura, red, tsumo, closed,
                         honba, deposits, discarder, pao, seat_wind, round_wind,
                         raise_on_no_yaku, kita, flowers[0] if flowers else 0)


_ITEM_CLOSED = {y.id: (y.name, y.han_closed) for y in ORDINARY}
_ITEM_OPEN = {y.id: (y.name, y.han_open) for y in ORDINARY}
_ITEM_YAKUMAN2 = {y.id: (y.name, 13 * y.yakuman) for y in YAKUMAN}
_ITEM_YAKUMAN1 = {y.id: (y.name, 13) for y in YAKUMAN}
_ALL_DOUBLE = Rules().double_mask
_RENHOU_ID = BY_NAME["renhou"].id
_RENHOU_BIT = 1 << _RENHOU_ID
def _build_result(best, mlist, counts, win, rules, dora, ura, red, tsumo, closed, honba,
                  deposits, discarder, pao, seat_wind, round_wind,
                  raise_on_no_yaku, kita=0, flowers=0) -> ScoreResult:
    (_, mask, ym, han, fu, base, limit, mult, (reading, wait, form)) = best
    if ym:
        yaku_ids = tuple(_bits(ym))
        dbl = rules.double_mask
        if dbl == _ALL_DOUBLE:
            table = _ITEM_YAKUMAN2
        elif not dbl:
            table = _ITEM_YAKUMAN1
        else:  # some patterns double (docs/rules.md §12)
            table = {i: (v[0], v[1] if dbl >> i & 1 else 13)
                     for i, v in _ITEM_YAKUMAN2.items()}
        dora = ura = red = kita = flowers = 0
    else:
        yaku_ids = tuple(_bits(mask))
        table = _ITEM_CLOSED if closed else _ITEM_OPEN
        if mask == _RENHOU_BIT and han != table[_RENHOU_ID][1]:
            table = dict(table)   # renhou as a limit: its han is the limit's
            table[_RENHOU_ID] = ("renhou", han)
    yaku = tuple([table[i] for i in yaku_ids])
    error = None
    if not mask and not ym:
        if raise_on_no_yaku:
            raise NoYakuError("the hand is complete but has no yaku (dora are not yaku)", "no_yaku")
        error = "no_yaku"
        han = 0
        dora = ura = red = kita = flowers = 0

    dealer = seat_wind == 0
    total, dshare, nshare = _cost(base, dealer, tsumo, rules) if base else (0, 0, 0)
    cost = ({"dealer": dshare, "non_dealer": nshare} if tsumo else {"ron": total})
    payments = None
    if error is None:
        payments = _payments(base, total, dealer, tsumo, seat_wind, discarder, pao, honba,
                             deposits, rules, ym, mult)
    # the same object ScoreResult(...) builds, without the frozen dataclass's per-field
    # object.__setattr__ calls (this runs once per scored hand)
    r = _new_object(ScoreResult)
    r.__dict__.update(
        han=han, fu=fu, yaku=yaku, yaku_ids=yaku_ids, dora=dora, ura=ura, red=red,
        yakuman=mult, limit=limit, points=total, cost=cost, payments=payments,
        dealer=dealer, tsumo=tsumo, form=_FORM_NAMES[form], wait=WAIT_NAMES[wait],
        error=error, nukidora=kita, flowers=flowers,
        _detail=(form, reading, counts, mlist, wait, tsumo, closed, bool(mask & _PINFU_BIT),
                 27 + seat_wind, 27 + round_wind, rules, win))
    return r


_new_object = object.__new__


def _block_names(form, reading, counts, mlist, wait) -> tuple:
    if form == FORM_STANDARD:
        pair, runs_c, trips_c = reading
        blocks = [_PAIR_TXT[pair]]
        blocks += [_RUN_TXT[k] for k in runs_c]
        blocks += [_TRIP_TXT[k] for k in trips_c]
    elif form == FORM_CHIITOITSU:
        blocks = [_PAIR_TXT[k] for k in range(34) if counts[k]]
    else:
        blocks = [_kokushi_text(counts)]
    for mt, k, _, _ in mlist:
        blocks.append(f"{_MELD_LABEL[mt]} " + (_RUN_TXT[k] if mt == M_CHI else
                                               _TRIP_TXT[k] if mt == M_PON else _KAN_TXT[k]))
    return tuple(blocks)


def _fu_items(form, reading, counts, mlist, wait, tsumo, closed, pinfu, seat, rnd, rules,
              win) -> tuple:
    """The fu breakdown of the scored variant (the same ``_fu`` code, collecting items)."""
    pair, trips_c = (reading[0], reading[2]) if form == FORM_STANDARD else (-1, ())
    ctx = YakuContext()
    ctx.form = form
    ctx.wait = wait
    ctx.win = win
    ron_trip = form == FORM_STANDARD and wait == WAIT_SHANPON and not tsumo
    meld_fu = 0
    meld_items = []
    for mt, k, _, _ in mlist:
        if mt != M_CHI:
            v = MELD_FU[mt][k in _YAOCHUU_SET]
            meld_fu += v
            meld_items.append((f"{_MELD_LABEL[mt]} {_KN[k]}", v))
    items: list = []
    _ref._fu(ctx, pinfu, tsumo, closed, pair, trips_c, ron_trip, meld_fu, seat, rnd, rules,
             items, meld_items)
    return tuple(items)


def _bits(m: int) -> list:
    """Indices of the set bits of ``m``, ascending."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _kokushi_text(counts) -> str:
    from .tiles import format_counts
    return format_counts(counts)


# ---------------------------------------------------------------------------------------
# payments
# ---------------------------------------------------------------------------------------


def _cost(base: int, dealer: bool, tsumo: bool, rules: Rules) -> Tuple[int, int, int]:
    """:func:`hand_cost` for the table's player count: (total, dealer pays, non-dealer pays).

    Three players (docs/rules.md §11): a ron is the same; a tsumo is paid by the two
    others. ``sanma_tsumo="loss"``: each pays the four-player share and the North's share
    is lost; ``"split"``: each also pays half the North's share, rounded up to 100."""
    if rules.players == 4 or not tsumo:
        return hand_cost(base, dealer, tsumo)
    _, d, n = hand_cost(base, dealer, True)
    if rules.sanma_tsumo is SanmaTsumo.SPLIT:
        half = round_up_100(n // 2)
        d, n = (d + half if not dealer else 0), n + half
    return (2 * n if dealer else d + n), (0 if dealer else d), n


def _tsumo_honba(rules: Rules, honba: int) -> int:
    """Honba paid by each payer of a tsumo: ``honba_tsumo`` each, plus (three players,
    ``split``) half the missing North's."""
    each = rules.honba_tsumo * honba
    if rules.players == 3 and rules.sanma_tsumo is SanmaTsumo.SPLIT:
        each += each // 2
    return each


def _payments(base, total, dealer, tsumo, winner, discarder, pao, honba, deposits, rules,
              ym, mult) -> Optional[tuple]:
    """Deltas by seat wind (a ``rules.players``-tuple), honba, deposits and liability
    included (docs/rules.md §7, §8, §11)."""
    players = rules.players
    pay = [0] * players
    # liable part of the hand (RULES.md §8)
    liable_base = 0
    if pao is not None and pao != winner:
        kinds = rules.pao_yakuman   # the yakuman a feeder answers for (docs/rules.md §8)
        covered = [y for y in YAKUMAN if ym >> y.id & 1 and y.name in kinds]
        if covered:
            if rules.pao_whole_hand:
                liable_base = base   # seeds/000: the liable player pays the entire amount
            else:                    # seeds/003: only the yakuman that caused liability
                liable_base = 8000 * sum(rules.yakuman_multiple(y) for y in covered)
                if not rules.yakuman_stacking:
                    liable_base = base
                liable_base = min(liable_base, base)
        elif rules.pao_rinshan:
            liable_base = base
    rest_base = base - liable_base
    if tsumo:
        others = [s for s in range(players) if s != winner]
        each_honba = _tsumo_honba(rules, honba)
        if liable_base:
            lv = _cost(liable_base, dealer, True, rules)[0]  # the whole liable value
            pay[pao] -= lv
            pay[pao] -= each_honba * len(others)
        if rest_base:
            _, d, n = _cost(rest_base, dealer, True, rules)
            for s in others:
                pay[s] -= d if (s == 0 and not dealer) else n
        if not liable_base:
            for s in others:
                pay[s] -= each_honba
    else:
        if discarder is None:
            return None
        if liable_base and pao != discarder:
            lv = hand_cost(liable_base, dealer, False)[0]
            half = (lv // 2) // 100 * 100
            pay[pao] -= half
            pay[discarder] -= lv - half
        elif liable_base:
            pay[discarder] -= hand_cost(liable_base, dealer, False)[0]
        if rest_base:
            pay[discarder] -= hand_cost(rest_base, dealer, False)[0]
        if liable_base and pao != discarder and rules.pao_ron_honba:
            pay[pao] -= rules.honba_ron * honba    # Tenhou: the liable player pays honba
        else:
            pay[discarder] -= rules.honba_ron * honba
    pay[winner] = -sum(pay) + deposits * rules.riichi_deposit
    return tuple(pay)


def nagashi_mangan_payments(seat_wind: int, honba: int = 0, deposits: int = 0,
                            rules: Optional[Rules] = None) -> tuple:
    """nagashi_mangan_payments(seat_wind, honba=0, deposits=0, rules=None) -> tuple by seat wind

    Nagashi mangan (RULES.md §8) is paid as a mangan tsumo by the qualifier at
    ``seat_wind`` (three players: a 3-tuple, the tsumo paid as ``rules.sanma_tsumo`` says). Pass ``honba``/``deposits`` only for the qualifier who takes them (the
    one closest to the dealer); under ``NagashiMode.DRAW`` (Tenhou) pass 0 for both.

    >>> nagashi_mangan_payments(2)
    (-4000, -2000, 8000, -2000)
    >>> nagashi_mangan_payments(0)
    (12000, -4000, -4000, -4000)
    """
    rules = _DEFAULT_RULES if rules is None else rules_of(rules)
    return _payments(2000, 0, seat_wind == 0, True, seat_wind, None, None, honba, deposits,
                     rules, 0, 0)


# ---------------------------------------------------------------------------------------
# the han x fu table
# ---------------------------------------------------------------------------------------
_FU_ROWS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def _possible(han: int, fu: int, tsumo: bool) -> bool:
    if fu == 20 and not tsumo:
        return False   # 20 fu is pinfu tsumo only (an open 20 becomes 30, pinfu ron 30)
    if fu == 20 and han < 2:
        return False   # pinfu + menzen tsumo is already 2 han
    if fu == 25 and han < 2:
        return False   # chiitoitsu is 2 han
    if fu == 25 and tsumo and han < 3:
        return False   # chiitoitsu tsumo: + menzen tsumo
    if fu == 110 and tsumo and han == 1:
        return False
    return True


MAX_TABLE_HAN = 13
"""The widest han × fu table (``max_han`` 1..13: 13 han is a counted yakuman, the last
column that differs), for the library, ``ippatsu table`` and the server alike."""


def score_table(rules: Optional[Rules] = None, max_han: int = 4) -> dict:
    """score_table(rules=None, max_han=4) -> dict

    The han × fu table (RULES.md §7) from the scoring code itself, 1 to ``max_han`` han
    (at most :data:`MAX_TABLE_HAN`). Keys ``(han, fu)``;
    values a dict with ``non_dealer_ron``, ``dealer_ron``, ``non_dealer_tsumo``
    (``(non-dealer pays, dealer pays)``), ``dealer_tsumo`` (each pays), each ``None`` for an
    impossible cell, and ``limit`` (a limit name once the base reaches 2,000).

    >>> t = score_table()
    >>> t[(3, 40)]["non_dealer_ron"], t[(3, 40)]["non_dealer_tsumo"]
    (5200, (1300, 2600))
    >>> t[(1, 20)]["non_dealer_ron"] is None
    True
    """
    rules = _DEFAULT_RULES if rules is None else rules_of(rules)
    if isinstance(max_han, bool) or not isinstance(max_han, int) \
            or not 1 <= max_han <= MAX_TABLE_HAN:
        raise IppatsuError(f"max_han is 1 to {MAX_TABLE_HAN} (13 han is a counted "
                           f"yakuman), got {max_han!r}", "invalid")
    out = {}
    for han in range(1, max_han + 1):
        for fu in _FU_ROWS:
            base, limit = base_points(han, fu, 0, rules)
            ron_ok = _possible(han, fu, False)
            tsumo_ok = _possible(han, fu, True)
            _, d, n = _cost(base, False, True, rules)
            _, _, e = _cost(base, True, True, rules)
            out[(han, fu)] = {
                "non_dealer_ron": hand_cost(base, False, False)[0] if ron_ok else None,
                "dealer_ron": hand_cost(base, True, False)[0] if ron_ok else None,
                "non_dealer_tsumo": (n, d) if tsumo_ok else None,
                "dealer_tsumo": e if tsumo_ok else None,
                "limit": limit,
            }
    return out


def format_score_table(rules: Optional[Rules] = None, max_han: int = 4) -> str:
    """The han × fu table as text, "–" for impossible cells (RULES.md §7).

    Each cell: ``ron / tsumo`` for the non-dealer (tsumo as non-dealer pays–dealer pays)
    and the dealer (tsumo: each pays).
    """
    t = score_table(rules, max_han)
    lines = []
    for who in ("non_dealer", "dealer"):
        lines.append(f"{who.replace('_', '-')}: ron / tsumo")
        lines.append("fu  " + "".join(f"{h} han".rjust(20) for h in range(1, max_han + 1)))
        for fu in _FU_ROWS:
            row = [f"{fu:<4}"]
            for han in range(1, max_han + 1):
                c = t[(han, fu)]
                ron = c[f"{who}_ron"]
                ts = c[f"{who}_tsumo"]
                a = "–" if ron is None else str(ron)
                if ts is None:
                    b = "–"
                elif isinstance(ts, tuple):
                    b = f"{ts[0]}-{ts[1]}"
                else:
                    b = f"{ts} all"
                row.append(f"{a} / {b}".rjust(20))
            lines.append("".join(row))
        lines.append("")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# backend
# ---------------------------------------------------------------------------------------
reference_score = score
"""score() by the pure-Python twin's road, in every build: the edge above (parsing and
naming every error in Python) and the pure-Python search (``_search`` of
:mod:`ippatsu._reference.scoring`). Under ``IPPATSU_PURE_PYTHON=1`` it *is*
:func:`score`; with the compiled core :func:`score` is ``_core.score`` and this stays, an
independent implementation the tests compare it with."""

if _backend.AVAILABLE:
    import inspect as _inspect

    from .hand import Hand as _Hand, Meld as _Meld

    # the classes and tables the compiled edge builds with, handed down once; score()
    # then runs compiled from its first line to its result or error, without calling
    # back into this module
    _backend.bind_scoring(
        ScoreResult, Rules, _DEFAULT_RULES, _Hand, _Meld,
        _MELD_TYPE_NAMES, (_ITEM_CLOSED, _ITEM_OPEN, _ITEM_YAKUMAN1, _ITEM_YAKUMAN2),
        _LIMITS, _FORM_NAMES, WAIT_NAMES, _PINFU_BIT)
    _compiled_score = _backend.score_entry
    _compiled_score.__doc__ = score.__doc__
    _compiled_score.__signature__ = _inspect.signature(score)
    _compiled_score.__module__ = __name__
    score = _compiled_score
