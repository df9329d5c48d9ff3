"""tenhou.net/6 JSON game records → the event vocabulary of :mod:`ippatsu.io.mjlog`.

A tenhou.net/6 record is ``{"title", "name", "rule", "log": [kyoku, ...]}``; each kyoku is
a list of 17 entries: ``[kyoku, honba, deposits]``, the four scores, the dora indicators,
the ura indicators, then for each seat its start hand, its *takes* (draws, and call
strings) and its *discards*, and finally the result. Tiles are tenhou.net/6 codes (11–19
man, 21–29 pin, 31–39 sou, 41–47 E S W N White Green Red, 51/52/53 red fives; 60 in a
discard list = the tile just drawn). Call strings put a letter before the tile taken, at
the position that says from whom: ``c`` chi (always from the left, first), ``p`` pon and
``m`` open kan (letter first = from the left, after one tile = opposite, later = from the
right), ``k`` added kan and ``a`` closed kan (in the discard list); an ``r`` prefix marks
the riichi discard; a ``0`` in a discard list is the empty slot after an open kan.

Design: the four per-seat lists are interleaved back into one event sequence by replaying
turn order (a discard is followed by the call that some seat's next take makes on it —
pon/kan before chi — or else by the next seat's draw). tenhou.net/6 has no tile copies, so
136-ids are assigned deterministically per round: red fives get copy 0 (ids 16, 52, 88),
other tiles the lowest free copy (1–3 for fives when red fives are on), in the order
dora indicators, ura indicators, start hands (seat 0–3), then draws as they happen. The
events (:class:`~ippatsu.io.mjlog.Draw`, ``Discard``, ``Call``, ``Reach``, ``NewDora``,
``Agari``, ``Ryuukyoku``) match what the same game's mjlog holds, tile kinds and red fives
included; only the copy numbers of non-red tiles may differ (checked on all 327 kyoku
of ``tenhou/json/mjx`` against their mjlogs). Records cut short (the ``fragments/``)
replay as far as they go.

What tenhou.net/6 does not record, and so differs from an mjlog: ``Call.code`` is 0 and
``Agari.meld_codes`` empty; ``Agari.fu`` is 0 for a limit hand (the text gives only the
limit name); yaku lines worth 0 han (``裏ドラ(0飜)``) are absent; ``Ryuukyoku.hands`` are
all None (no revealed hands); there are no dice, player ranks or ``owari``. Draws,
reveal order of kan dora (closed kan: at once; open or added kan: before the kan
player's next discard or next kan), riichi steps with scores, double-ron honba/deposit
attribution and the score before each result (``sc``) are reconstructed as Tenhou writes
them.
"""
from __future__ import annotations

import datetime
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from ippatsu.errors import IppatsuError, NotationError, RecordError
from ippatsu.io.events import (
    DATACLASS_OPTIONS,  # the same dataclass options (frozen, slots where Python has them)
    Agari,
    Call,
    Discard,
    Draw,
    Event,
    NewDora,
    Reach,
    Ryuukyoku,
)
from ippatsu.io.mjlog import RawMeld, three_player_error
from ippatsu.tiles import RED_ID_SET, tenhou6_to_kind
from ippatsu.yaku import YAKU

__all__ = [
    "load_tenhou6",
    "Tenhou6Meta",
    "Tenhou6Round",
    "tenhou6_tile",
    "YAKU_IDS",
    "DRAW_NAMES",
    "parse_points",
]

def _bad(msg: str) -> IppatsuError:
    return RecordError(msg, code="bad_log")


#: How tenhou.net/6 spells the yaku whose name differs from the table's Japanese name
#: (:attr:`ippatsu.yaku.Yaku.ja`), by yaku key.
_TENHOU6_SPELLING = {
    "haku": "役牌 白", "hatsu": "役牌 發", "chun": "役牌 中", "double_riichi": "両立直",
    "kokushi_13": "国士無双１３面",
}

#: tenhou.net/6 yaku names (as written in results) → Tenhou yaku ids (as in mjlog): every
#: row of the yaku table by its ``tenhou_id`` (:data:`ippatsu.yaku.YAKU`; the local yaku
#: Tenhou has no id for are left out), plus the dora lines.
YAKU_IDS = {_TENHOU6_SPELLING.get(y.name, y.ja): y.tenhou_id for y in YAKU
            if y.tenhou_id >= 0}
YAKU_IDS.update({
    "ドラ": 52, "裏ドラ": 53, "赤ドラ": 54,
    # English names written by some converters
    "Riichi": 1, "Dora": 52, "Ura Dora": 53, "Red Five": 54,
})

#: tenhou.net/6 draw names → mjlog ``RYUUKYOKU type`` (None = exhaustive draw).
DRAW_NAMES = {
    "流局": None, "全員聴牌": None, "全員不聴": None, "流し満貫": "nm", "九種九牌": "yao9",
    "四風連打": "kaze4", "四家立直": "reach4", "三家和了": "ron3", "四槓散了": "kan4",
}

_LIMITS = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5, "数え役満": 5}
_POINTS_RE = re.compile(
    r"^(?:(?P<fu>\d+)符(?P<han>\d+)飜|(?P<limit>満貫|跳満|倍満|三倍満|数え役満|役満))"
    r"(?P<a>\d+)(?:-(?P<b>\d+))?点(?P<all>∀)?$"
)
_YAKU_RE = re.compile(r"^(?P<name>.+)\((?:(?P<han>\d+)飜|役満)\)$")


def tenhou6_tile(code: int) -> tuple[int, bool]:
    """tenhou6_tile(code) -> (kind, red): a tenhou.net/6 tile code to kind 0–33 and red flag.

    >>> tenhou6_tile(15), tenhou6_tile(52), tenhou6_tile(47)
    ((4, False), (13, True), (33, False))
    """
    if type(code) is not int:  # a record holds numbers: no str, no bool
        if isinstance(code, bool) or not hasattr(code, "__index__"):
            raise _bad(f"unknown tenhou.net/6 tile code {code!r:.40}")
        code = code.__index__()
    try:
        kind = tenhou6_to_kind(code)  # the one decoder (ippatsu.tiles)
    except NotationError:
        raise _bad(f"unknown tenhou.net/6 tile code {code!r}") from None
    return kind, code > 50  # valid codes above 50 are the red fives 51-53


def parse_points(text: str) -> tuple[int, int, int, int]:
    """parse_points(text) -> (fu, han, limit, points)

    Decode a result line such as ``"30符4飜7700点"``, ``"30符1飜300-500点"`` (non-dealer
    tsumo: non-dealers pay 300, the dealer 500), ``"満貫4000点∀"`` (dealer tsumo, each
    pays). ``points`` is the hand's total value without honba, as mjlog's ``ten``; fu
    and han are 0 when the text gives only the limit name.

    >>> parse_points("30符1飜300-500点"), parse_points("跳満6000点∀")
    ((30, 1, 0, 1100), (0, 0, 2, 18000))
    """
    mo = _POINTS_RE.match(text)
    if mo is None:
        raise _bad(f"unreadable tenhou.net/6 points {text!r}")
    a = int(mo["a"])
    if mo["b"] is not None:
        total = 2 * a + int(mo["b"])
    elif mo["all"]:
        total = 3 * a
    else:
        total = a
    limit = _LIMITS[mo["limit"]] if mo["limit"] else 0
    return int(mo["fu"] or 0), int(mo["han"] or 0), limit, total


#: A Tenhou lobby name as ``rule.disp`` writes it: players (三 three, 四 or nothing four),
#: room (般 上 特 鳳 技 ...), length (東 East-only, 南 half game), 喰 open tanyao, 赤 red fives,
#: then speed and other marks (速 祝 ...).
_TENHOU_DISP = re.compile(r"^(?P<players>[三四]?)(?P<room>[般上特鳳技若銀琥孔])(?P<length>[東南])"
                          r"(?P<kui>喰?)(?P<aka>赤?)")


@dataclass(**DATACLASS_OPTIONS)
class Tenhou6Meta:
    """The game-level fields of the record a round came from: ``title``, player
    ``names``, ``rule`` (``disp`` the lobby name, ``aka`` or ``aka51``/``aka52``/``aka53``
    the red fives), ``ref`` (the Tenhou log id, when the record has it) and ``source``
    (the file name it was read from, if any).

    What the header states about the rules: :attr:`red_fives`, :attr:`hanchan` (game
    length), :attr:`kuitan`, :attr:`three_player`; each is None where the header is silent.
    :attr:`log_id` and :attr:`date` come from ``ref``, else the ``title``, else the file name.
    """

    title: tuple[str, ...]
    names: tuple[str, ...]
    rule: tuple[tuple[str, Any], ...]
    ref: Optional[str] = None
    source: Optional[str] = None

    @property
    def disp(self) -> str:
        d = dict(self.rule).get("disp")
        return d if isinstance(d, str) else ""

    @property
    def red_fives(self) -> bool:
        """Red fives in play: ``rule.aka`` (0/1), or ``aka51``/``aka52``/``aka53`` (one per
        suit), or the lobby name (赤); on when the header is silent."""
        rule = dict(self.rule)
        if "aka" in rule:
            return bool(rule["aka"])
        per_suit = [rule[k] for k in ("aka51", "aka52", "aka53") if k in rule]
        if per_suit:
            return any(bool(x) for x in per_suit)
        mo = _TENHOU_DISP.match(self.disp)
        if mo is not None:
            return bool(mo["aka"])
        return True

    @property
    def red_fives_per_suit(self) -> Optional[tuple[int, int, int]]:
        """``(aka51, aka52, aka53)`` when the header gives red fives per suit, else None."""
        rule = dict(self.rule)
        if not any(k in rule for k in ("aka51", "aka52", "aka53")):
            return None
        try:
            return tuple(int(rule.get(k, 0)) for k in ("aka51", "aka52", "aka53"))  # type: ignore[return-value]
        except (TypeError, ValueError):
            raise _bad(f"bad red five counts in rule {rule!r:.80}") from None

    @property
    def hanchan(self) -> Optional[bool]:
        """True for a half game (南 in the lobby name, or "South" / "hanchan"), False for an
        East-only game (東 without 南, or "East" / "tonpuu"), None when ``disp`` does not
        say."""
        disp = self.disp
        mo = _TENHOU_DISP.match(disp)
        if mo is not None:
            return mo["length"] == "南"
        low = disp.lower()
        if "南" in disp or "south" in low or "hanchan" in low:
            return True
        if "東" in disp or "east" in low or "tonpu" in low:
            return False
        return None

    @property
    def kuitan(self) -> Optional[bool]:
        """Open tanyao, from a Tenhou lobby name (喰 present or not); None otherwise."""
        mo = _TENHOU_DISP.match(self.disp)
        return None if mo is None else bool(mo["kui"])

    @property
    def three_player(self) -> bool:
        """A three-player lobby by its name (三 in a Tenhou lobby name, "3-player",
        "sanma", 三人 / 三麻)."""
        disp = self.disp
        mo = _TENHOU_DISP.match(disp)
        if mo is not None:
            return mo["players"] == "三"
        low = disp.lower()
        return ("三人" in disp or "三麻" in disp or "sanma" in low or "3-player" in low
                or "3p" in low.split())

    @property
    def log_id(self) -> Optional[str]:
        """The Tenhou log id (``YYYYMMDDHHgm-xxxx-xxxx-xxxxxxxx``) from ``ref``, the title
        or the file name, or None."""
        for text in (self.ref, *self.title, self.source):
            if isinstance(text, str):
                mo = _LOG_ID_RE.search(text)
                if mo is not None:
                    return mo.group(0)
        return None

    @property
    def date(self) -> Optional[datetime.date]:
        """The day of the game: from the log id, else a ``YYYY/MM/DD`` date in the title."""
        from ippatsu._tenhou_timeline import as_date, date_from_log_id

        d = date_from_log_id(self.log_id)
        if d is not None:
            return d
        for text in self.title:
            if isinstance(text, str) and _TITLE_DATE_RE.search(text):
                try:
                    return as_date(_TITLE_DATE_RE.search(text).group(0))
                except IppatsuError:
                    pass
        return None


_LOG_ID_RE = re.compile(r"(?<![0-9])\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")
_TITLE_DATE_RE = re.compile(r"(?<![0-9])(19|20)\d\d[-/.]\d{1,2}[-/.]\d{1,2}")


@dataclass(**DATACLASS_OPTIONS)
class Tenhou6Round:
    """One kyoku of a tenhou.net/6 record.

    ``kyoku`` counts from 0 (East 1), ``dealer`` = ``kyoku % 4``; scores in points;
    indicator and hand tiles are assigned 136-ids (see the module notes); ``events`` in
    the mjlog vocabulary; ``result_name`` the raw result word (``"和了"``, ``"流局"``, ...);
    ``raw`` the kyoku list exactly as read (lossless); ``complete`` False when the lists
    end before the result can be reached (a fragment), in which case ``events`` stops there;
    ``error`` (only with ``strict=False``) why the replay stopped early.
    """

    kyoku: int
    honba: int
    deposits: int
    scores: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    events: list[Event]
    result_name: Optional[str]
    meta: Tenhou6Meta
    raw: list[Any] = field(repr=False, default_factory=list)
    complete: bool = True
    error: Optional[str] = None

    @property
    def dealer(self) -> int:
        return self.kyoku % 4

    @property
    def round_wind(self) -> int:
        return self.kyoku // 4

    @property
    def hand_number(self) -> int:
        return self.kyoku % 4 + 1

    @property
    def dora_indicator(self) -> int:
        return self.dora_indicators[0]

    @property
    def results(self) -> list[Union[Agari, Ryuukyoku]]:
        return [e for e in self.events if isinstance(e, (Agari, Ryuukyoku))]

    @property
    def agaris(self) -> list[Agari]:
        return [e for e in self.events if isinstance(e, Agari)]


# ----------------------------------------------------------------------------- replay


class _Ids:
    """Deterministic 136-id assignment for one round."""

    __slots__ = ("used", "red_on")

    def __init__(self, red_on: bool):
        self.used: set[int] = set()
        self.red_on = red_on

    def take(self, code: int) -> int:
        kind, red = tenhou6_tile(code)
        base = kind * 4
        if red:
            if base in self.used:
                raise _bad(f"a second red five (code {code}) in one round")
            self.used.add(base)
            return base
        first = 1 if (self.red_on and kind < 27 and kind % 9 == 4) else 0
        for c in range(first, 4):
            if base + c not in self.used:
                self.used.add(base + c)
                return base + c
        raise _bad(f"a fifth copy of tile code {code} in one round")


def _is_red_id(t: int) -> bool:
    return t in RED_ID_SET


def _pick(hand: list[int], code: int, avoid: int, red_on: bool) -> int:
    """An id in ``hand`` of the (kind, red) of ``code``, other than ``avoid`` if possible."""
    kind, red = tenhou6_tile(code)
    found = -1
    for t in hand:
        if t // 4 == kind and (_is_red_id(t) and red_on) == red:
            if t != avoid:
                return t
            found = t
    if found < 0:
        raise _bad(f"tile code {code} is not in the hand {sorted(hand)}")
    return found


def _split_call(s: str) -> tuple[str, int, list[int], int]:
    """(letter, index of the tile after the letter, codes in order, codes before letter)."""
    for i, ch in enumerate(s):
        if ch.isalpha():
            letter, pos = ch, i
            break
    else:
        raise _bad(f"call string {s!r} has no letter")
    body = s[:pos] + s[pos + 1:]
    if len(body) % 2 or not body.isdigit():
        raise _bad(f"malformed call string {s!r}")
    codes = [int(body[j:j + 2]) for j in range(0, len(body), 2)]
    if pos % 2:
        raise _bad(f"malformed call string {s!r}")
    return letter, pos // 2, codes, pos // 2


def _yaku(texts: list[Any]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    yaku, yakuman = [], []
    for t in texts:
        mo = _YAKU_RE.match(str(t))
        if mo is None:
            raise _bad(f"unreadable tenhou.net/6 yaku {t!r}")
        yid = YAKU_IDS.get(mo["name"].strip())
        if yid is None:
            raise _bad(f"unknown tenhou.net/6 yaku name {mo['name']!r}")
        if mo["han"] is None:
            yakuman.append(yid)
        else:
            yaku.append((yid, int(mo["han"])))
    return tuple(yaku), tuple(yakuman)


class _Replay:
    def __init__(self, k: list[Any], meta: Tenhou6Meta, vetoes: frozenset = frozenset()):
        self.vetoes = vetoes  # decision points (event counts) where a matching call is passed
        self.decisions: list[int] = []
        if not isinstance(k, list) or len(k) < 16:
            raise _bad("a tenhou.net/6 kyoku must be a list of 17 entries")
        try:
            self.kyoku, self.honba, self.deposits = (int(x) for x in k[0])
            self.scores = [int(x) for x in k[1]]
        except (TypeError, ValueError):
            raise _bad(f"bad round header {k[0]!r} / scores {k[1]!r}") from None
        if len(self.scores) != 4:
            raise _bad(f"expected 4 scores, got {k[1]!r}")
        self.red_on = meta.red_fives
        self.ids = _Ids(self.red_on)
        self.dora = tuple(self.ids.take(c) for c in k[2])
        self.ura = tuple(self.ids.take(c) for c in k[3])
        if not self.dora:
            raise _bad("no dora indicator")
        self.start = tuple(tuple(self.ids.take(c) for c in k[4 + 3 * p]) for p in range(4))
        self.takes = [list(k[5 + 3 * p]) for p in range(4)]
        self.discs = [list(k[6 + 3 * p]) for p in range(4)]
        self.result = k[16] if len(k) > 16 else None
        self.hand = [list(h) for h in self.start]
        self.melds: list[list[RawMeld]] = [[] for _ in range(4)]
        self.ti = [0, 0, 0, 0]
        self.di = [0, 0, 0, 0]
        self.events: list[Event] = []
        self.next_dora = 1
        self.pending_dora = 0
        self.live = list(self.scores)  # scores as riichi deposits are paid
        self.deposits_now = self.deposits
        self.last_draw = [-1, -1, -1, -1]
        self.last_discard: Optional[tuple[int, int]] = None
        self.last_kakan: Optional[tuple[int, int]] = None  # (who, added id)
        self.complete = False
        self.error: Optional[str] = None

    # -- helpers
    def _dora(self) -> None:
        if self.next_dora < len(self.dora):
            self.events.append(NewDora(self.dora[self.next_dora]))
            self.next_dora += 1

    def _flush(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self._dora()

    def _ron_here(self, who: int) -> bool:
        r = self.result
        return (
            isinstance(r, list) and r and r[0] == "和了" and len(r) >= 3
            and isinstance(r[2], list) and len(r[2]) >= 2 and r[2][1] == who and r[2][0] != who
        )

    def _caller(self, p: int, tile: int) -> Optional[int]:
        """The seat whose next take is a call on ``tile`` discarded by ``p`` (pon/kan first)."""
        chi = None
        for d in (1, 2, 3):
            q = (p + d) % 4
            if self.ti[q] >= len(self.takes[q]):
                continue
            x = self.takes[q][self.ti[q]]
            if not isinstance(x, str):
                continue
            letter, _, codes, before = _split_call(x)
            if letter not in "cpm":
                continue
            rel = (p - q) % 4
            if {0: 3, 1: 2}.get(before, 1) != rel:
                continue
            kind, red = tenhou6_tile(codes[before])
            if tile // 4 != kind or (_is_red_id(tile) and self.red_on) != red:
                continue
            if letter == "c":
                chi = q
            else:
                return q
        return chi

    # -- actions
    def _take(self, p: int) -> bool:
        """Seat ``p`` draws its next take (a number). False when its takes are exhausted."""
        if self.ti[p] >= len(self.takes[p]):
            return False
        x = self.takes[p][self.ti[p]]
        if isinstance(x, str):
            raise _bad(f"seat {p}: call {x!r} where a draw was expected")
        self.ti[p] += 1
        t = self.ids.take(int(x))
        self.hand[p].append(t)
        self.last_draw[p] = t
        self.last_kakan = None
        self.events.append(Draw(p, t))
        return True

    def _call(self, q: int, p: int) -> RawMeld:
        x = self.takes[q][self.ti[q]]
        self.ti[q] += 1
        letter, _, codes, before = _split_call(x)
        assert self.last_discard is not None
        called = self.last_discard[1]
        own = []
        for j, c in enumerate(codes):
            if j != before:
                t = _pick(self.hand[q], c, -1, self.red_on)
                self.hand[q].remove(t)
                own.append(t)
        tiles = tuple(sorted(own + [called]))
        typ = {"c": "CHI", "p": "PON", "m": "DAIMINKAN"}[letter]
        raw = RawMeld(typ, tiles, called, None, (p - q) % 4)
        self.melds[q].append(raw)
        self.events.append(Call(q, raw.to_meld(), 0))
        self.last_draw[q] = -1
        return raw

    def _kan(self, p: int, s: str) -> None:
        letter, _, codes, before = _split_call(s)
        kind, _ = tenhou6_tile(codes[0])
        if letter == "a":
            four = [t for t in self.hand[p] if t // 4 == kind]
            if len(four) != 4:
                raise _bad(f"seat {p}: closed kan {s!r} without four tiles in hand")
            for t in four:
                self.hand[p].remove(t)
            raw = RawMeld("ANKAN", tuple(sorted(four)), None, None, 0)
            self.melds[p].append(raw)
            self.events.append(Call(p, raw.to_meld(), 0))
            self._flush()
            self._dora()
            self.last_kakan = None
        elif letter == "k":
            pons = [m for m in self.melds[p] if m.type == "PON" and m.tiles[0] // 4 == kind]
            if len(pons) != 1:
                raise _bad(f"seat {p}: added kan {s!r} without its pon")
            pon = pons[0]
            added = [t for t in self.hand[p] if t // 4 == kind]
            if len(added) != 1:
                raise _bad(f"seat {p}: added kan {s!r} without the fourth tile in hand")
            self.hand[p].remove(added[0])
            raw = RawMeld("KAKAN", tuple(sorted(pon.tiles + (added[0],))), pon.called, added[0],
                          pon.from_who)
            self.melds[p][self.melds[p].index(pon)] = raw
            self.events.append(Call(p, raw.to_meld(), 0))
            self._flush()
            self.pending_dora += 1
            self.last_kakan = (p, added[0])
        else:
            raise _bad(f"seat {p}: {s!r} in the discard list is not a kan")
        self.last_draw[p] = -1

    def run(self) -> None:
        p = self.kyoku % 4
        need_draw = True
        while True:
            if need_draw and not self._take(p):
                break
            need_draw = True
            # discard phase (a kan in the discard list loops back to the replacement draw)
            if self.di[p] >= len(self.discs[p]):
                break
            y = self.discs[p][self.di[p]]
            self.di[p] += 1
            if isinstance(y, str) and ("a" in y or "k" in y):
                self._kan(p, y)
                continue
            riichi = isinstance(y, str) and y.startswith("r")
            try:
                code = int(y[1:] if riichi else y)
            except (TypeError, ValueError):
                raise _bad(f"seat {p}: unreadable discard {y!r}") from None
            if code == 0:
                raise _bad(f"seat {p}: empty discard slot outside an open kan")
            if code == 60:
                t = self.last_draw[p]
                if t < 0:
                    raise _bad(f"seat {p}: tsumogiri (60) without a draw")
            else:
                t = _pick(self.hand[p], code, self.last_draw[p], self.red_on)
            self.hand[p].remove(t)
            if riichi:
                self.events.append(Reach(p, 1))
            self._flush()
            self.events.append(Discard(p, t, t == self.last_draw[p]))
            self.last_draw[p] = -1
            self.last_discard = (p, t)
            self.last_kakan = None
            q = self._caller(p, t)
            if q is not None:
                if len(self.events) in self.vetoes:
                    q = None
                else:
                    self.decisions.append(len(self.events))
            if riichi and not (q is None and self._ron_here(p)
                               and self.ti[(p + 1) % 4] >= len(self.takes[(p + 1) % 4])):
                self.live[p] -= 1000
                self.deposits_now += 1
                self.events.append(Reach(p, 2, tuple(self.live)))
            if q is None:
                p = (p + 1) % 4
                continue
            raw = self._call(q, p)
            p = q
            if raw.type == "DAIMINKAN":
                if self.di[q] < len(self.discs[q]) and self.discs[q][self.di[q]] == 0:
                    self.di[q] += 1
                self.pending_dora += 1
            else:
                need_draw = False
        self._finish()

    def _finish(self) -> None:
        r = self.result
        if not isinstance(r, list) or not r:
            return
        name = r[0]
        if name == "和了":
            self._agari(r)
        elif name in DRAW_NAMES:
            deltas = tuple(int(x) for x in r[1]) if len(r) > 1 else (0, 0, 0, 0)
            self.events.append(
                Ryuukyoku(
                    type=DRAW_NAMES[name],
                    honba=self.honba,
                    deposits=self.deposits_now,
                    sc=tuple(zip(self.live, deltas)),
                    hands=(None, None, None, None),
                )
            )
            self.complete = True
        else:
            raise _bad(f"unknown tenhou.net/6 result {name!r}")

    def _agari(self, r: list[Any]) -> None:
        live = list(self.live)
        first = True
        for i in range(1, len(r) - 1, 2):
            deltas = tuple(int(x) for x in r[i])
            info = r[i + 1]
            if len(deltas) != 4 or not isinstance(info, list) or len(info) < 3:
                raise _bad(f"malformed tenhou.net/6 win {r!r}")
            who, frm, pao = (int(x) for x in info[:3])
            if len(info) < 4:  # a record without the scoring lines: nothing more to decode
                return
            fu, _han, limit, points = parse_points(str(info[3]))
            yaku, yakuman = _yaku(info[4:])
            hai = list(self.hand[who])
            if who == frm:
                machi = self.last_draw[who]
            elif self.last_kakan is not None and self.last_kakan[0] == frm:
                machi = self.last_kakan[1]
            elif self.last_discard is not None and self.last_discard[0] == frm:
                machi = self.last_discard[1]
            else:
                raise _bad(f"win {info!r}: no tile to win on")
            if who != frm:
                hai.append(machi)
            riichi_win = any(y in (1, 21) for y, _ in yaku)
            self.events.append(
                Agari(
                    who=who,
                    from_who=frm,
                    hai=tuple(sorted(hai)),
                    melds=tuple(m.to_meld() for m in self.melds[who]),
                    meld_codes=(),
                    machi=machi,
                    honba=self.honba,
                    deposits=self.deposits_now if first else 0,
                    fu=fu,
                    points=points,
                    limit=limit,
                    yaku=yaku,
                    yakuman=yakuman,
                    dora_indicators=self.dora[: self.next_dora],
                    ura_indicators=self.ura[: self.next_dora] if riichi_win else (),
                    pao_who=None if pao == who else pao,
                    sc=tuple(zip(live, deltas)),
                )
            )
            live = [s + d for s, d in zip(live, deltas)]
            first = False
        self.complete = True


# ----------------------------------------------------------------------------- loading


def _meta(d: dict[str, Any], source: Optional[str] = None) -> Tenhou6Meta:
    rule = d.get("rule") or {}
    ref = d.get("ref")
    return Tenhou6Meta(
        title=tuple(str(x) for x in d.get("title") or ()),
        names=tuple(str(x) for x in d.get("name") or ()),
        rule=tuple(sorted(rule.items())) if isinstance(rule, dict) else (),
        ref=ref if isinstance(ref, str) else None,
        source=source,
    )


def _is_three_player_kyoku(k: Any) -> bool:
    """A kyoku whose fourth seat has no score and no start hand (how tenhou.net/6 writes
    a three-player game), or with only three scores."""
    if not isinstance(k, list) or len(k) < 2 or not isinstance(k[1], list):
        return False
    if len(k[1]) == 3:
        return True
    return len(k[1]) == 4 and len(k) > 13 and k[1][3] == 0 and k[13] == []


def _replay(k: list[Any], meta: Tenhou6Meta, strict: bool = True) -> _Replay:
    """Replay a kyoku. A discard that some seat's next call matches is normally called at
    once; when that leads to a dead end (a seat must draw but its next take is a call), the
    replay is retried passing on such calls, latest first (a small backtracking search:
    the same seat can pass a tile and call an identical one later)."""
    frontier: list[frozenset] = [frozenset()]
    first_error: Optional[IppatsuError] = None
    first_failed: Optional[_Replay] = None
    tried = 0
    while frontier and tried < 256:
        vetoes = frontier.pop(0)
        tried += 1
        rp = _Replay(k, meta, vetoes)
        try:
            rp.run()
            return rp
        except IppatsuError as e:
            if first_error is None:
                first_error, first_failed = e, rp
        except (TypeError, ValueError, IndexError, KeyError) as e:
            raise _bad(f"malformed tenhou.net/6 kyoku: {e}") from None
        if len(vetoes) < 3:
            frontier.extend(vetoes | {d} for d in reversed(rp.decisions) if d not in vetoes)
    assert first_error is not None and first_failed is not None
    if strict:
        raise first_error
    first_failed.error = str(first_error)
    return first_failed


def _round(k: list[Any], meta: Tenhou6Meta, strict: bool) -> Tenhou6Round:
    rp = _replay(k, meta, strict)
    res = k[16] if len(k) > 16 and isinstance(k[16], list) and k[16] else None
    return Tenhou6Round(
        kyoku=rp.kyoku,
        honba=rp.honba,
        deposits=rp.deposits,
        scores=tuple(rp.scores),
        dora_indicators=rp.dora,
        ura_indicators=rp.ura,
        hands=rp.start,
        events=rp.events,
        result_name=res[0] if res else None,
        meta=meta,
        raw=k,
        complete=rp.complete,
        error=rp.error,
    )


def load_tenhou6(src: Union[str, bytes, os.PathLike, dict], *, strict: bool = True,
                 max_bytes: Optional[int] = None) -> list[Tenhou6Round]:
    """load_tenhou6(src, *, strict=True, max_bytes=None) -> list[Tenhou6Round]

    Parse tenhou.net/6 JSON: one record, or several (one per line, as the files in
    ``tenhou/json/mjx/`` hold one kyoku per line), each with one or more kyoku.

    Parameters
    ----------
    src : path, JSON text (str/bytes starting with ``{``), or an already-decoded dict
    strict : bool
        When False, a kyoku whose lists contradict each other (a hand-made fragment) is
        returned replayed as far as it goes, with ``complete=False`` and ``error`` set,
        instead of raising.
    max_bytes : int, optional
        Size limit of a file or bytes after gzip decompression (default
        ``ippatsu.io.mjlog.MAX_RECORD_BYTES``, 64 MiB): ``record_too_large`` above it.

    Raises
    ------
    IppatsuError
        ``code="bad_log"``: not JSON, no ``log``, an unknown tile code, a call or discard
        that the hand cannot make, an unknown result or yaku name.
    """
    label = "tenhou.net/6 record"
    where = ""
    try:
        if isinstance(src, dict):
            records: list[Any] = [src]
        else:
            if isinstance(src, str) and src.lstrip().startswith(("{", "[")):
                text = src
            else:
                from .mjlog import open_record, read_limited

                stream, label = open_record(src, "tenhou.net/6 record", max_bytes)
                data = read_limited(stream)
                try:
                    text = data.decode("utf-8-sig")
                except UnicodeDecodeError as e:
                    raise _bad(f"not UTF-8 text at byte {e.start}") from None
                del data
            records = []
            dec = json.JSONDecoder()
            i, n = 0, len(text)
            while True:
                while i < n and text[i].isspace():
                    i += 1
                if i >= n:
                    break
                try:
                    obj, i = dec.raw_decode(text, i)
                except json.JSONDecodeError as e:
                    raise _bad(f"not tenhou.net/6 JSON at line {e.lineno}, column {e.colno}: "
                               f"{e.msg}") from None
                except RecursionError:
                    raise _bad("JSON nested too deeply") from None
                records.append(obj)
            if not records:
                raise _bad("empty tenhou.net/6 file: no JSON record")
        out: list[Tenhou6Round] = []
        for ri, d in enumerate(records):
            where = f" (record {ri + 1})"
            if not isinstance(d, dict) or not isinstance(d.get("log"), list):
                raise _bad("a tenhou.net/6 record is an object with a 'log' list")
            meta = _meta(d, None if label == "tenhou.net/6 record" else os.path.basename(label))
            if meta.three_player or any(_is_three_player_kyoku(k) for k in d["log"]):
                raise three_player_error(f"lobby {meta.disp!r}" if meta.disp else
                                         "a kyoku has three seats")
            for ki, k in enumerate(d["log"]):
                where = (f" (record {ri + 1}, kyoku {ki + 1})" if len(records) > 1
                         else f" (kyoku {ki + 1})")
                out.append(_round(k, meta, strict))
        return out
    except RecordError as e:
        raise RecordError(f"{label}{where}: {e}", code=e.code, path=label) from None
    except IppatsuError as e:
        raise RecordError(f"{label}{where}: {e}", code="bad_log", path=label) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
            RecursionError, UnicodeError, EOFError, OSError) as e:
        raise RecordError(f"{label}{where}: unreadable tenhou.net/6 record: "
                          f"{type(e).__name__}: {e}", code="bad_log", path=label) from None
