"""Tenhou mjlog (XML) records → typed, lossless Python records.

Design: one pass over the children of ``<mjloggm>`` (``xml.etree.ElementTree``). Header
tags (``SHUFFLE``, ``GO``, ``UN``, ``TAIKYOKU``; a ``BYE`` or a second ``UN`` before the
first hand becomes one of ``MjlogGame.pre_events``) fill :class:`MjlogGame`; each ``<INIT>``
opens a :class:`MjlogRound`, and every later tag becomes one typed event of that round, in
file order. Nothing is interpreted beyond decoding (no rules, no scoring): tiles stay
136-ids, points are multiplied by 100 (mjlog stores hundreds), seats are absolute 0–3
except inside meld codes, whose ``from_who`` is relative (0 self, 1 right, 2 opposite,
3 left) exactly as in the code.

Accepted input: a path (plain or gzip-compressed file, any name such as ``.mjlog`` or
``.xml_``), the file's bytes, or the XML text itself (a ``str`` starting with ``<``).
A malformed record raises :class:`~ippatsu.errors.IppatsuError` with ``code="bad_log"``.
A game cut off early (no ``owari``) loads as far as it goes; ``MjlogGame.complete`` tells.

Departures from the raw format, all documented on the fields: ``dice`` are faces 1–6 (the
seed stores face − 1); ``Discard.tsumogiri`` is derived (the discarded id is the one the
player just drew); a three-player North extraction (``<N>`` with ``m & 0x20``) becomes a
:class:`Kita` event rather than a :class:`Call`.
"""
from __future__ import annotations

import datetime
import functools
import gzip
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import NamedTuple, Optional, Union
from urllib.parse import unquote

from ippatsu.errors import IppatsuError, RecordError
from ippatsu.hand import Meld, MeldType

# the event types every format shares (and the dataclass options) live in
# ippatsu.io.events; this module re-exports them
from ippatsu.io.events import (  # noqa: F401
    DATACLASS_OPTIONS, RYUUKYOKU_TYPES, Agari, Bye, Call, Discard, Draw, Event, Kita,
    NewDora, OtherTag, Owari, Reach, Reconnect, Ryuukyoku, Shuffle,
)

__all__ = [
    "load_mjlog",
    "decode_meld",
    "meld_from_code",
    "RawMeld",
    "LobbyType",
    "MjlogPlayer",
    "MjlogGame",
    "MjlogRound",
    "Owari",
    "Draw",
    "Discard",
    "Call",
    "Kita",
    "Reach",
    "NewDora",
    "Agari",
    "Ryuukyoku",
    "Bye",
    "Reconnect",
    "Shuffle",
    "OtherTag",
    "Event",
    "RYUUKYOKU_TYPES",
]

def _bad(msg: str) -> IppatsuError:
    return RecordError(msg, code="bad_log")


#: The message of :func:`three_player_error` (code ``three_player``).
THREE_PLAYER_MESSAGE = "three-player records are not supported (yet)"


def three_player_error(what: str = "") -> RecordError:
    """The error the loaders that build four-player events (tenhou.net/6, mjai) and the
    replay raise for a three-player record: a :class:`RecordError` with code
    ``three_player`` and the message "three-player records are not supported (yet)"."""
    return RecordError(f"{THREE_PLAYER_MESSAGE}{': ' + what if what else ''}",
                       code="three_player")


#: Largest record (after gzip decompression) the loaders read, in bytes. Real records are
#: well under 1 MB; above this a :class:`~ippatsu.errors.RecordError` ``record_too_large``
#: is raised after reading at most this much (a gzip bomb is never expanded further).
MAX_RECORD_BYTES = 64 * 1024 * 1024

_CHUNK = 1 << 20


def _too_large(limit: int) -> RecordError:
    return RecordError(f"larger than the {limit} byte limit (ippatsu.io.mjlog."
                       f"MAX_RECORD_BYTES, or max_bytes=)", code="record_too_large")


class _Limited:
    """A binary stream that refuses to yield more than ``limit`` bytes."""

    def __init__(self, f, limit: int, what: str):
        self.f, self.limit, self.what, self.n = f, limit, what, 0

    def read(self, size: int = _CHUNK) -> bytes:
        data = self.f.read(size)
        self.n += len(data)
        if self.n > self.limit:
            raise _too_large(self.limit)
        return data


def open_record(src, what: str, max_bytes: Optional[int] = None):
    """A bounded binary stream over a path or bytes (gzip detected by its magic number),
    and a name for messages. The caller closes it."""
    import io

    limit = MAX_RECORD_BYTES if max_bytes is None else max_bytes
    if isinstance(src, (bytes, bytearray, memoryview)):
        raw = io.BytesIO(bytes(src))
        label = f"{what} (bytes)"
    else:
        path = os.fspath(src)
        label = path if isinstance(path, str) else os.fsdecode(path)
        try:
            raw = open(path, "rb")
        except OSError as e:
            raise RecordError(f"{label}: cannot read {what}: {e.strerror or e}",
                              code="bad_log", path=label) from None
    try:
        head = raw.read(2)
        raw.seek(0)
    except OSError as e:
        raw.close()
        raise RecordError(f"{label}: cannot read {what}: {e}", code="bad_log", path=label) from None
    try:  # an early answer from the size on disk / the gzip trailer (the stream limit
        # below stays the guard: a trailer can lie)
        size = raw.seek(0, 2)
        if head == b"\x1f\x8b" and size >= 18:
            raw.seek(size - 4)
            size = int.from_bytes(raw.read(4), "little")
        raw.seek(0)
    except OSError:
        size = 0
    if size > limit:
        raw.close()
        e = _too_large(limit)
        raise RecordError(f"{label}: {e}", code=e.code, path=label)
    if head == b"\x1f\x8b":
        f = gzip.GzipFile(fileobj=raw, mode="rb")
        return _Limited(_Closing(f, raw), limit, label), label
    return _Limited(raw, limit, label), label


class _Closing:
    def __init__(self, f, raw):
        self.f, self.raw = f, raw

    def read(self, size):
        return self.f.read(size)

    def close(self):
        self.f.close()
        self.raw.close()


def read_limited(stream) -> bytes:
    """All of a bounded stream (decompression errors become RecordError)."""
    import zlib

    parts = []
    try:
        while True:
            b = stream.read(_CHUNK)
            if not b:
                break
            parts.append(b)
    except RecordError:
        raise
    except (OSError, EOFError, zlib.error) as e:
        raise RecordError(f"{stream.what}: corrupt gzip: {e}", code="bad_log",
                          path=stream.what) from None
    finally:
        stream.f.close()
    return b"".join(parts)


# ----------------------------------------------------------------------------- melds


class RawMeld(NamedTuple):
    """A decoded meld code, independent of :mod:`ippatsu.hand`.

    ``type`` is one of ``"CHI" "PON" "DAIMINKAN" "ANKAN" "KAKAN" "KITA"`` (the names of
    ``ippatsu.hand.MeldType`` members, plus the three-player North extraction ``KITA``).
    ``tiles`` is the sorted tuple of 136-ids (four for kans, one for ``KITA``); ``called``
    the id taken from another player (None for ANKAN and KITA; for KAKAN the called tile
    of the original pon); ``added`` the id added to a pon (KAKAN only); ``from_who`` the
    relative seat it came from (``m & 3``: 0 self, 1 right, 2 opposite, 3 left).
    """

    type: str
    tiles: tuple[int, ...]
    called: Optional[int]
    added: Optional[int]
    from_who: int

    def to_meld(self) -> Meld:
        """The :class:`ippatsu.hand.Meld` of this decoded meld (not for ``KITA``); an
        impossible one raises :class:`~ippatsu.errors.RecordError` ``bad_log``."""
        try:
            return Meld(
                type=MeldType[self.type],
                tiles=self.tiles,
                called=self.called,
                from_who=self.from_who,
                added=self.added,
            )
        except (IppatsuError, KeyError) as e:
            raise _bad(f"impossible meld {self}: {e}") from None


def decode_meld(m: int) -> RawMeld:
    """decode_meld(m) -> RawMeld

    Decode a Tenhou meld code (``m`` of ``<N>`` and of ``<AGARI>``).

    Examples
    --------
    Chi of 2-3-4 man (kinds 1, 2, 3), copies 0, 1, 2, the 3 called from the left:

    >>> m = ((1 * 3 + 1) << 10) | (2 << 7) | (1 << 5) | (0 << 3) | 0x4 | 3
    >>> decode_meld(m)
    RawMeld(type='CHI', tiles=(4, 9, 14), called=9, added=None, from_who=3)

    Pon of East (kind 27) without copy 2, second tile (id 109) called from opposite:

    >>> decode_meld(((27 * 3 + 1) << 9) | (2 << 5) | 0x8 | 2)
    RawMeld(type='PON', tiles=(108, 109, 111), called=109, added=None, from_who=2)
    """
    if type(m) is not int:
        if isinstance(m, bool) or not hasattr(m, "__index__"):
            raise _bad(f"meld code {m!r:.40} is not a 16-bit integer")
        m = m.__index__()
    if not 0 <= m <= 0xFFFF:
        raise _bad(f"meld code {m} is not a 16-bit integer")
    from_who = m & 3
    if m & 0x4:  # chi
        t = m >> 10
        r = t % 3
        t //= 3
        if t >= 21:
            raise _bad(f"meld code {m}: chi base {t} out of range")
        base = t // 7 * 9 + t % 7
        tiles = (
            base * 4 + ((m >> 3) & 3),
            (base + 1) * 4 + ((m >> 5) & 3),
            (base + 2) * 4 + ((m >> 7) & 3),
        )
        return RawMeld("CHI", tiles, tiles[r], None, from_who)
    if m & 0x18:  # pon (0x8) or added kan (0x10)
        t = m >> 9
        r = t % 3
        kind = t // 3
        if kind >= 34 or (m & 0x18) == 0x18:
            raise _bad(f"meld code {m}: pon/kakan out of range")
        unused = (m >> 5) & 3
        three = tuple(kind * 4 + c for c in range(4) if c != unused)
        if m & 0x8:
            return RawMeld("PON", three, three[r], None, from_who)
        added = kind * 4 + unused
        return RawMeld("KAKAN", tuple(range(kind * 4, kind * 4 + 4)), three[r], added, from_who)
    if m & 0x20:  # three-player North extraction
        return RawMeld("KITA", (m >> 8,), None, None, 0)
    tile = m >> 8
    kind = tile // 4
    four = tuple(range(kind * 4, kind * 4 + 4))
    if from_who == 0:
        return RawMeld("ANKAN", four, None, None, 0)
    return RawMeld("DAIMINKAN", four, tile, None, from_who)


@functools.lru_cache(maxsize=8192)
def meld_from_code(m: int) -> Meld:
    """meld_from_code(m) -> Meld: decode a Tenhou meld code into an :class:`ippatsu.hand.Meld`.

    >>> str(meld_from_code(((1 * 3 + 1) << 10) | (2 << 7) | (1 << 5) | 0x4 | 3))
    'chi 3m+24m<L'
    """
    raw = decode_meld(m)
    if raw.type == "KITA":
        raise _bad(f"meld code {m} is a three-player North extraction, not a meld")
    return raw.to_meld()  # cached: a Meld is an immutable value


# ----------------------------------------------------------------------------- records


@dataclass(**DATACLASS_OPTIONS)
class LobbyType:
    """The ``type`` flags of ``<GO>`` (a Tenhou lobby's rule bits), decoded.

    ``raw`` keeps the whole integer; bits above 0x80 (e.g. 0x200/0x400 in chip lobbies,
    0x800 in some others) are not decoded here.
    """

    raw: int
    vs_human: bool  # 0x01 (else a game against bots)
    red_fives: bool  # not 0x02 ("aka nashi")
    kuitan: bool  # not 0x04 (open tanyao allowed)
    hanchan: bool  # 0x08: East-South game (else East-only, tonpuusen)
    three_player: bool  # 0x10 (sanma)
    fast: bool  # 0x40 (speed)
    room: str  # "ippan" | "joukyuu" (0x80) | "tokujou" (0x20) | "houou" (0x20|0x80)

    @classmethod
    def from_int(cls, t: int) -> "LobbyType":
        room = ("ippan", "tokujou", "joukyuu", "houou")[bool(t & 0x20) | (bool(t & 0x80) << 1)]
        return cls(
            raw=t,
            vs_human=bool(t & 0x01),
            red_fives=not t & 0x02,
            kuitan=not t & 0x04,
            hanchan=bool(t & 0x08),
            three_player=bool(t & 0x10),
            fast=bool(t & 0x40),
            room=room,
        )


@dataclass(**DATACLASS_OPTIONS)
class MjlogPlayer:
    """One seat of ``<UN>``: url-decoded name, dan index, rate, sex (``M``/``F``/``C``)."""

    name: str
    dan: Optional[int] = None
    rate: Optional[float] = None
    sex: Optional[str] = None




@dataclass(**DATACLASS_OPTIONS)
class MjlogRound:
    """One hand (kyoku), from ``<INIT>`` to the next ``<INIT>``.

    ``kyoku`` counts hands from 0 (East 1); ``round_wind`` = ``kyoku // 4`` (0 East, 1
    South, ...), ``hand_number`` = ``kyoku % 4 + 1``. ``dice`` are faces 1–6. ``scores``
    in points. ``hands[seat]``: starting tiles (empty for the absent seat of
    three-player). ``events`` in file order; a round cut off has no result.
    """

    kyoku: int
    honba: int
    deposits: int
    dice: tuple[int, int]
    dora_indicator: int
    scores: tuple[int, ...]
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    events: list[Event] = field(default_factory=list)
    chips: Optional[tuple[int, ...]] = None
    shuffle: Optional[str] = None

    @property
    def round_wind(self) -> int:
        return self.kyoku // 4

    @property
    def hand_number(self) -> int:
        return self.kyoku % 4 + 1

    @property
    def results(self) -> list[Union[Agari, Ryuukyoku]]:
        """The ``Agari`` (one or more) or ``Ryuukyoku`` ending the round ([] if cut off)."""
        return [e for e in self.events if isinstance(e, (Agari, Ryuukyoku))]

    @property
    def agaris(self) -> list[Agari]:
        return [e for e in self.events if isinstance(e, Agari)]


@dataclass(**DATACLASS_OPTIONS)
class MjlogGame:
    """A whole mjlog.

    ``name`` is the file stem when loaded from a path; ``log_id`` the Tenhou log id when
    it can be told (``SHUFFLE ref``, or a file stem of the ``YYYYMMDDHHgm-xxxx-xxxx-xxxxxxxx``
    form). ``lobby_type`` None when there is no ``<GO>``. ``final`` (from ``owari``) and
    ``complete`` (an ``owari`` was met) describe the end. ``pre_events``: the
    :class:`Bye` / :class:`Reconnect` events met before the first ``<INIT>`` (a player who
    left, or came back, before the first hand). ``date`` is the day of the log id (None
    without one); ``legacy_format`` tells an early record (a ``shuffle`` attribute on each
    ``<INIT>``, no ``<SHUFFLE>`` element), which :mod:`ippatsu._tenhou_timeline` dates.
    """

    name: Optional[str]
    log_id: Optional[str]
    version: Optional[str]
    lobby_type: Optional[LobbyType]
    lobby: Optional[int]
    players: tuple[MjlogPlayer, ...]
    dealer: Optional[int]
    rounds: list[MjlogRound]
    final: Optional[Owari]
    shuffle_seed: Optional[str] = None
    go_attrs: tuple[tuple[str, str], ...] = ()
    pre_events: tuple = ()

    @property
    def complete(self) -> bool:
        return self.final is not None

    @property
    def date(self) -> Optional[datetime.date]:
        """The day of the log id (Japan time), or None when the record has no log id."""
        from ippatsu._tenhou_timeline import date_from_log_id

        return date_from_log_id(self.log_id)

    @property
    def legacy_format(self) -> bool:
        """An early mjlog: a per-hand ``shuffle`` attribute on ``<INIT>`` and no
        ``<SHUFFLE>`` element."""
        return (self.shuffle_seed is None and bool(self.rounds)
                and self.rounds[0].shuffle is not None)

    @property
    def three_player(self) -> bool:
        if self.lobby_type is not None:
            return self.lobby_type.three_player
        return bool(self.rounds) and not self.rounds[0].hands[3]

    @property
    def final_scores(self) -> Optional[tuple[int, ...]]:
        return None if self.final is None else self.final.scores


# ----------------------------------------------------------------------------- parsing


def _ints(s: str, what: str) -> tuple[int, ...]:
    if not s:
        return ()
    try:
        return tuple(int(x) for x in s.split(","))
    except ValueError:
        raise _bad(f"{what}: expected comma-separated integers, got {s!r}") from None


def _int(attrs: dict[str, str], key: str, tag: str) -> int:
    try:
        return int(attrs[key])
    except KeyError:
        raise _bad(f"<{tag}> lacks the attribute {key!r}") from None
    except ValueError:
        raise _bad(f"<{tag} {key}={attrs[key]!r}>: not an integer") from None


def _tiles(s: str, what: str) -> tuple[int, ...]:
    t = _ints(s, what)
    for x in t:
        if not 0 <= x < 136:
            raise _bad(f"{what}: tile id {x} out of range 0-135")
    return t


def _seat(attrs: dict[str, str], key: str, tag: str) -> int:
    v = _int(attrs, key, tag)
    if not 0 <= v < 4:
        raise _bad(f"<{tag} {key}={v}>: not a seat 0-3")
    return v


def _owari(s: str) -> Owari:
    try:
        v = [float(x) for x in s.split(",")]
    except ValueError:
        raise _bad(f"owari={s!r}: not numbers") from None
    if len(v) % 2:
        raise _bad(f"owari={s!r}: odd count")
    return Owari(tuple(round(x * 100) for x in v[0::2]), tuple(v[1::2]))


_Pairs = tuple[tuple[int, int], ...]


def _sc(s: str, tag: str) -> tuple[_Pairs, Optional[_Pairs]]:
    v = _ints(s, f"<{tag} sc>")
    if len(v) not in (8, 16):
        raise _bad(f"<{tag} sc={s!r}>: expected 8 (or 16 with chips) numbers")
    sc = tuple((v[i] * 100, v[i + 1] * 100) for i in range(0, 8, 2))
    chips = tuple((v[i], v[i + 1]) for i in range(8, 16, 2)) if len(v) == 16 else None
    return sc, chips


def _ba(attrs: dict[str, str], tag: str) -> tuple[int, int]:
    ba = _ints(attrs.get("ba", "0,0"), f"<{tag} ba>")
    if len(ba) != 2:
        raise _bad(f"<{tag} ba={attrs.get('ba')!r}>: expected honba,deposits")
    return ba[0], ba[1]


_AGARI_KEYS = frozenset(
    "ba hai m machi ten yaku yakuman doraHai doraHaiUra who fromWho paoWho sc owari chip".split()
)
_RYUU_KEYS = frozenset("type ba sc hai0 hai1 hai2 hai3 owari chip".split())


def _agari(a: dict[str, str]) -> Agari:
    honba, deposits = _ba(a, "AGARI")
    ten = _ints(a.get("ten", ""), "<AGARI ten>")
    if len(ten) != 3:
        raise _bad(f"<AGARI ten={a.get('ten')!r}>: expected fu,points,limit")
    yk = _ints(a.get("yaku", ""), "<AGARI yaku>")
    if len(yk) % 2:
        raise _bad(f"<AGARI yaku={a.get('yaku')!r}>: odd count")
    codes = _ints(a.get("m", ""), "<AGARI m>")
    melds = []
    for c in codes:
        if c & 0x3C == 0x20:
            continue  # three-player North: not a meld of the hand
        melds.append(meld_from_code(c))
    sc, chips = _sc(a.get("sc", ""), "AGARI")
    pao = a.get("paoWho")
    machi = _int(a, "machi", "AGARI")
    if not 0 <= machi < 136:
        raise _bad(f"<AGARI machi={machi}>: tile id out of range")
    return Agari(
        who=_seat(a, "who", "AGARI"),
        from_who=_seat(a, "fromWho", "AGARI"),
        hai=_tiles(a.get("hai", ""), "<AGARI hai>"),
        melds=tuple(melds),
        meld_codes=codes,
        machi=machi,
        honba=honba,
        deposits=deposits,
        fu=ten[0],
        points=ten[1],
        limit=ten[2],
        yaku=tuple((yk[i], yk[i + 1]) for i in range(0, len(yk), 2)),
        yakuman=_ints(a.get("yakuman", ""), "<AGARI yakuman>"),
        dora_indicators=_tiles(a.get("doraHai", ""), "<AGARI doraHai>"),
        ura_indicators=_tiles(a.get("doraHaiUra", ""), "<AGARI doraHaiUra>"),
        pao_who=None if pao is None else _seat(a, "paoWho", "AGARI"),
        sc=sc,
        owari=_owari(a["owari"]) if "owari" in a else None,
        chips=chips,
        extra=tuple((k, v) for k, v in a.items() if k not in _AGARI_KEYS),
    )


def _ryuukyoku(a: dict[str, str]) -> Ryuukyoku:
    honba, deposits = _ba(a, "RYUUKYOKU")
    t = a.get("type")
    if t is not None and t not in RYUUKYOKU_TYPES:
        raise _bad(f"<RYUUKYOKU type={t!r}>: unknown draw type")
    if "sc" in a:
        sc, chips = _sc(a["sc"], "RYUUKYOKU")
    else:
        sc, chips = (), None
    return Ryuukyoku(
        type=t,
        honba=honba,
        deposits=deposits,
        sc=sc,
        hands=tuple(
            _tiles(a[f"hai{i}"], f"<RYUUKYOKU hai{i}>") if f"hai{i}" in a else None
            for i in range(4)
        ),
        owari=_owari(a["owari"]) if "owari" in a else None,
        chips=chips,
        extra=tuple((k, v) for k, v in a.items() if k not in _RYUU_KEYS),
    )


def _init(a: dict[str, str]) -> MjlogRound:
    seed = _ints(a.get("seed", ""), "<INIT seed>")
    if len(seed) != 6:
        raise _bad(f"<INIT seed={a.get('seed')!r}>: expected 6 numbers")
    scores = _ints(a.get("ten", ""), "<INIT ten>")
    if len(scores) != 4:
        raise _bad(f"<INIT ten={a.get('ten')!r}>: expected 4 scores")
    if not 0 <= seed[5] < 136:
        raise _bad(f"<INIT seed>: dora indicator {seed[5]} out of range")
    hands = tuple(_tiles(a.get(f"hai{i}", ""), f"<INIT hai{i}>") for i in range(4))
    return MjlogRound(
        kyoku=seed[0],
        honba=seed[1],
        deposits=seed[2],
        dice=(seed[3] + 1, seed[4] + 1),
        dora_indicator=seed[5],
        scores=tuple(s * 100 for s in scores),
        dealer=_seat(a, "oya", "INIT"),
        hands=hands,
        chips=_ints(a["chip"], "<INIT chip>") if "chip" in a else None,
        shuffle=a.get("shuffle"),
    )


def _players(a: dict[str, str]) -> tuple[MjlogPlayer, ...]:
    def split(key: str) -> list[str]:
        v = a.get(key)
        return v.split(",") if v else []

    dan, rate, sx = split("dan"), split("rate"), split("sx")
    out = []
    for i in range(4):
        try:
            out.append(
                MjlogPlayer(
                    name=unquote(a.get(f"n{i}", "")),
                    dan=int(dan[i]) if i < len(dan) else None,
                    rate=float(rate[i]) if i < len(rate) else None,
                    sex=sx[i] if i < len(sx) else None,
                )
            )
        except ValueError:
            raise _bad(f"<UN>: bad dan/rate {a!r}") from None
    return tuple(out)


# Draw and discard events are immutable values: one shared instance per tag.
_DRAWS = {f"{c}{t}": Draw(w, t) for w, c in enumerate("TUVW") for t in range(136)}
_DISCARDS = {
    f"{c}{t}": (Discard(w, t, False), Discard(w, t, True))
    for w, c in enumerate("DEFG")
    for t in range(136)
}


def _children(stream, state: dict):
    """The children of the root element (Elements with ``tag`` and ``attrib``): one tree
    for a small record, else streamed (the parsed elements are dropped as soon as they
    are read, so memory stays bounded)."""
    import zlib

    def read():
        try:
            return stream.read(_CHUNK)
        except RecordError:
            raise
        except (OSError, EOFError, zlib.error) as e:
            raise _bad(f"corrupt gzip mjlog: {e}") from None

    first = read()
    second = read() if first else b""
    if not second:  # a small record (the usual case): one tree, no streaming overhead
        try:
            root = ET.fromstring(first)
        except ET.ParseError as e:
            line, col = getattr(e, "position", (0, 0))
            raise RecordError(f"not well-formed mjlog XML: {e}", code="bad_log") from None
        state["ver"] = root.get("ver")
        if root.tag != "mjloggm":
            raise _bad(f"root tag is <{root.tag}>, expected <mjloggm>")
        return iter(root)
    return _stream_children(read, [first, second], state)


def _stream_children(read, pending, state):
    import zlib  # noqa: F401
    parser = ET.XMLPullParser(events=("start", "end"))
    depth = 0
    root = None
    index = 0
    done = False
    while not done:
        chunk = pending.pop(0) if pending else read()
        try:
            if chunk:
                parser.feed(chunk)
            else:
                parser.close()
                done = True
            events = parser.read_events()
            for ev, el in events:
                if ev == "start":
                    depth += 1
                    if depth == 1:
                        root = el
                        state["root_tag"] = el.tag
                        state["ver"] = el.get("ver")
                        if el.tag != "mjloggm":
                            raise _bad(f"root tag is <{el.tag}>, expected <mjloggm>")
                    continue
                depth -= 1
                if depth == 1:
                    yield el
                    index += 1
                    root.clear()  # drop the children read so far
        except ET.ParseError as e:
            line, col = getattr(e, "position", (0, 0))
            raise RecordError(f"not well-formed mjlog XML: {e}", code="bad_log") from None
    if root is None:
        raise _bad("empty mjlog: no XML element")


def _log_id(name: Optional[str], ref: Optional[str]) -> Optional[str]:
    if ref:
        return ref
    if name:
        stem = name.split("&", 1)[0]
        parts = stem.split("-")
        head = parts[0]
        if len(parts) == 4 and len(head) == 12 and head[10:] == "gm" and head[:10].isdigit():
            return stem
    return None


def load_mjlog(src: Union[str, bytes, bytearray, os.PathLike], *,
               max_bytes: Optional[int] = None) -> MjlogGame:
    """load_mjlog(src, *, max_bytes=None) -> MjlogGame

    Parse one Tenhou mjlog.

    Parameters
    ----------
    src : path, bytes or str
        A file path (plain or gzip), the file's bytes (plain or gzip), or the XML text.
    max_bytes : int, optional
        Size limit after decompression (default :data:`MAX_RECORD_BYTES`, 64 MiB). The
        file is read as a stream: memory stays bounded whatever the input.

    Raises
    ------
    RecordError (an IppatsuError)
        ``code="record_too_large"`` above ``max_bytes``; ``code="bad_log"``: a missing or
        unreadable file, corrupt gzip, not XML, not an ``<mjloggm>``, an event before ``<INIT>``, a
        missing or malformed attribute, an out-of-range tile or seat, a bad meld code.
    """
    if isinstance(src, str) and src.lstrip().startswith("<"):
        src, name = src.encode("utf-8"), None
    elif isinstance(src, (bytes, bytearray, memoryview)):
        name = None
    else:
        base = os.path.basename(os.fspath(src))
        if isinstance(base, bytes):
            base = os.fsdecode(base)
        name = base.split(".", 1)[0] if "." in base else base
    stream, label = open_record(src, "mjlog", max_bytes)
    state: dict = {}
    try:
        return _load(stream, name, state)
    except RecordError as e:
        where = f" (element {state['index'] + 1})" if "index" in state else ""
        raise RecordError(f"{label}{where}: {e}", code=e.code, path=label) from None
    except IppatsuError as e:
        where = f" (element {state['index'] + 1})" if "index" in state else ""
        raise RecordError(f"{label}{where}: {e}", code="bad_log", path=label) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
            RecursionError, UnicodeError, EOFError, OSError) as e:
        where = f" (element {state['index'] + 1})" if "index" in state else ""
        raise RecordError(f"{label}{where}: unreadable mjlog: {type(e).__name__}: {e}",
                          code="bad_log", path=label) from None
    finally:
        stream.f.close()


def _load(stream, name, state) -> "MjlogGame":
    lobby_type = lobby = dealer = final = shuffle_seed = ref = None
    go_attrs: tuple[tuple[str, str], ...] = ()
    players: tuple[MjlogPlayer, ...] = ()
    rounds: list[MjlogRound] = []
    events: Optional[list[Event]] = None
    pre_events: list = []
    last_draw = [-1, -1, -1, -1]

    index = -1
    try:
        for index, el in enumerate(_children(stream, state)):
            tag = el.tag
            d = _DRAWS.get(tag)
            if d is not None:
                if events is None:
                    raise _bad(f"<{tag}> before the first <INIT>")
                events.append(d)
                last_draw[d.who] = d.tile
                continue
            pair = _DISCARDS.get(tag)
            if pair is not None:
                if events is None:
                    raise _bad(f"<{tag}> before the first <INIT>")
                x = pair[0]
                x = pair[last_draw[x.who] == x.tile]
                events.append(x)
                last_draw[x.who] = -1
                continue
            a = el.attrib
            if tag[:1] in "TUVWDEFG" and tag[1:].isdigit():
                raise _bad(f"<{tag}>: tile id out of range 0-135")
            if tag == "INIT":
                rnd = _init(a)
                rounds.append(rnd)
                events = rnd.events
                last_draw = [-1, -1, -1, -1]
                continue
            if events is None:  # header
                if tag == "SHUFFLE":
                    shuffle_seed, ref = a.get("seed"), a.get("ref") or None
                elif tag == "GO":
                    go_attrs = tuple(a.items())
                    if "type" in a:
                        lobby_type = LobbyType.from_int(_int(a, "type", "GO"))
                    if "lobby" in a:
                        lobby = _int(a, "lobby", "GO")
                elif tag == "UN":
                    if players:  # a reconnection before the first hand
                        pre_events.extend(Reconnect(i, unquote(a[f"n{i}"]))
                                          for i in range(4) if f"n{i}" in a)
                    else:
                        players = _players(a)
                elif tag == "BYE":  # a player left before the first hand
                    pre_events.append(Bye(_seat(a, "who", "BYE")))
                elif tag == "TAIKYOKU":
                    dealer = _seat(a, "oya", "TAIKYOKU") if "oya" in a else None
                elif tag in ("N", "REACH", "DORA", "AGARI", "RYUUKYOKU"):
                    raise _bad(f"<{tag}> before the first <INIT>")
                continue
            if tag == "N":
                who = _seat(a, "who", "N")
                code = _int(a, "m", "N")
                if code & 0x3C == 0x20:
                    events.append(Kita(who, decode_meld(code).tiles[0], code))
                else:
                    events.append(Call(who, meld_from_code(code), code))
                last_draw[who] = -1
            elif tag == "REACH":
                events.append(
                    Reach(
                        _seat(a, "who", "REACH"),
                        _int(a, "step", "REACH"),
                        tuple(s * 100 for s in _ints(a["ten"], "<REACH ten>")) if "ten" in a else None,
                    )
                )
            elif tag == "DORA":
                hai = _int(a, "hai", "DORA")
                if not 0 <= hai < 136:
                    raise _bad(f"<DORA hai={hai}>: tile id out of range")
                events.append(NewDora(hai))
            elif tag == "AGARI":
                ag = _agari(a)
                events.append(ag)
                if ag.owari is not None:
                    final = ag.owari
            elif tag == "RYUUKYOKU":
                ry = _ryuukyoku(a)
                events.append(ry)
                if ry.owari is not None:
                    final = ry.owari
            elif tag == "BYE":
                events.append(Bye(_seat(a, "who", "BYE")))
            elif tag == "UN":
                for i in range(4):
                    if f"n{i}" in a:
                        events.append(Reconnect(i, unquote(a[f"n{i}"])))
            elif tag == "SHUFFLE":
                events.append(Shuffle(a.get("seed", ""), a.get("ref", "")))
            else:
                events.append(OtherTag(tag, tuple(a.items())))
    except BaseException:
        if index >= 0:
            state["index"] = index
        raise

    return MjlogGame(
        name=name,
        log_id=_log_id(name, ref),
        version=state.get("ver"),
        lobby_type=lobby_type,
        lobby=lobby,
        players=players,
        dealer=dealer,
        rounds=rounds,
        final=final,
        shuffle_seed=shuffle_seed,
        go_attrs=go_attrs,
        pre_events=tuple(pre_events),
    )
