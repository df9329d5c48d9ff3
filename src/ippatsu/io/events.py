"""The event types every record format decodes into: Tenhou mjlog
(:mod:`ippatsu.io.mjlog`), tenhou.net/6 JSON (:mod:`ippatsu.io.tenhou6`) and mjai JSON
lines (:mod:`ippatsu.io.mjai`) all give rounds whose ``events`` are these frozen
dataclasses, so the replay and the positions of :mod:`ippatsu.study` read one vocabulary.
Each type is documented by the mjlog tag it mirrors; tiles are 136-ids, seats absolute
0-3, points in points (mjlog's hundreds multiplied by 100).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Optional, Union

from ippatsu.hand import Meld

__all__ = [
    "DATACLASS_OPTIONS",
    "RYUUKYOKU_TYPES",
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
]

#: The dataclass options of every record type of :mod:`ippatsu.io` (frozen; slots where
#: Python has them, 3.10+): ``@dataclass(**DATACLASS_OPTIONS)``.
DATACLASS_OPTIONS: dict[str, Any] = {"frozen": True}
if sys.version_info >= (3, 10):
    DATACLASS_OPTIONS["slots"] = True

#: Abortive / special draw types of ``<RYUUKYOKU type=...>`` (absent = exhaustive draw).
RYUUKYOKU_TYPES = {
    "yao9": "nine terminals and honors (kyuushu kyuuhai)",
    "kaze4": "four identical wind discards (suufon renda)",
    "reach4": "four riichi (suucha riichi)",
    "ron3": "three rons (sancha hou)",
    "kan4": "four kans by several players (suukaikan)",
    "nm": "nagashi mangan",
}


@dataclass(**DATACLASS_OPTIONS)
class Owari:
    """The end of the game (``owari``): final scores in points and final results (uma)."""

    scores: tuple[int, ...]
    results: tuple[float, ...]


@dataclass(**DATACLASS_OPTIONS)
class Draw:
    """``<T|U|V|W id>``: seat ``who`` draws ``tile`` (a 136-id)."""

    who: int
    tile: int


@dataclass(**DATACLASS_OPTIONS)
class Discard:
    """``<D|E|F|G id>``: seat ``who`` discards ``tile``; ``tsumogiri`` = it is the tile
    this seat just drew (derived: mjlog does not store it)."""

    who: int
    tile: int
    tsumogiri: bool


@dataclass(**DATACLASS_OPTIONS)
class Call:
    """``<N who m>``: a declared meld (chi, pon, any kan) as an :class:`ippatsu.hand.Meld`;
    ``code`` is the raw meld code (0 when the record has none, e.g. tenhou.net/6)."""

    who: int
    meld: Meld
    code: int


@dataclass(**DATACLASS_OPTIONS)
class Kita:
    """``<N who m>`` with ``m & 0x20`` (three-player only): ``who`` sets aside North ``tile``."""

    who: int
    tile: int
    code: int


@dataclass(**DATACLASS_OPTIONS)
class Reach:
    """``<REACH who step>``: step 1 = declaration, step 2 = accepted (deposit paid);
    ``scores`` (points, after paying) comes with step 2."""

    who: int
    step: int
    scores: Optional[tuple[int, ...]] = None


@dataclass(**DATACLASS_OPTIONS)
class NewDora:
    """``<DORA hai>``: a new dora indicator (after a kan)."""

    indicator: int


@dataclass(**DATACLASS_OPTIONS)
class Agari:
    """``<AGARI>``: one win.

    ``hai`` is the concealed part including the winning tile ``machi``; ``points`` the
    hand's value without honba and deposits; ``limit`` 0 none, 1 mangan, 2 haneman,
    3 baiman, 4 sanbaiman, 5 yakuman; ``yaku`` (tenhou id, han) pairs (dora, ura and red
    included, possibly with 0 han); ``yakuman`` tenhou ids; ``sc`` (score before, delta)
    per seat in points, deltas including honba and deposits. ``chips`` (chip lobbies)
    holds (chips, delta) pairs and ``extra`` any attribute not decoded (e.g. ``ratio``).
    """

    who: int
    from_who: int
    hai: tuple[int, ...]
    melds: tuple[Meld, ...]
    meld_codes: tuple[int, ...]
    machi: int
    honba: int
    deposits: int
    fu: int
    points: int
    limit: int
    yaku: tuple[tuple[int, int], ...]
    yakuman: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    pao_who: Optional[int]
    sc: tuple[tuple[int, int], ...]
    owari: Optional[Owari] = None
    chips: Optional[tuple[tuple[int, int], ...]] = None
    extra: tuple[tuple[str, str], ...] = ()

    @property
    def is_tsumo(self) -> bool:
        return self.who == self.from_who

    @property
    def han(self) -> int:
        """Sum of the han of ``yaku`` (0 for a yakuman hand)."""
        return sum(h for _, h in self.yaku)

    @property
    def deltas(self) -> tuple[int, ...]:
        return tuple(d for _, d in self.sc)


@dataclass(**DATACLASS_OPTIONS)
class Ryuukyoku:
    """``<RYUUKYOKU>``: a draw. ``type`` None = exhaustive draw, else a key of
    :data:`RYUUKYOKU_TYPES`; ``hands[seat]`` the tiles a seat revealed (tenpai at an
    exhaustive draw, the declarer at ``yao9``) or None."""

    type: Optional[str]
    honba: int
    deposits: int
    sc: tuple[tuple[int, int], ...]
    hands: tuple[Optional[tuple[int, ...]], ...]
    owari: Optional[Owari] = None
    chips: Optional[tuple[tuple[int, int], ...]] = None
    extra: tuple[tuple[str, str], ...] = ()

    @property
    def deltas(self) -> tuple[int, ...]:
        return tuple(d for _, d in self.sc)


@dataclass(**DATACLASS_OPTIONS)
class Bye:
    """``<BYE who>``: a player disconnected."""

    who: int


@dataclass(**DATACLASS_OPTIONS)
class Reconnect:
    """``<UN n{who}=name>`` inside the game: a player came back."""

    who: int
    name: str


@dataclass(**DATACLASS_OPTIONS)
class Shuffle:
    """``<SHUFFLE seed ref>`` met inside a round (normally it is a header tag)."""

    seed: str
    ref: str


@dataclass(**DATACLASS_OPTIONS)
class OtherTag:
    """Any other tag met inside a round (``GO``, ``TAIKYOKU``, unknown), kept verbatim."""

    tag: str
    attrs: tuple[tuple[str, str], ...]


Event = Union[Draw, Discard, Call, Kita, Reach, NewDora, Agari, Ryuukyoku, Bye, Reconnect,
              Shuffle, OtherTag]
