"""Walls: where every tile of a hand comes from.

A :class:`Wall` is the order of the tiles of one hand, split the way the table uses them:
the four start hands (13 tiles each, by absolute seat), the live wall in draw order (the
dealer's first draw first), the four replacement (rinshan) tiles in draw order, the five
dora indicators in reveal order and the five ura indicators under them. ``n_live`` is the
number of live draws the hand allows (70 for a full wall); the state counts draws against
it, so a wall made for a replay (:mod:`ippatsu.table.replay`) may hold only the tiles a
record shows, and a test may shorten the hand.

Walls from a seed (docs/rules.md §8): ``numpy.random.SeedSequence`` →
``Generator(PCG64)`` → a permutation of the 136 ids; the same seed gives the same walls on
every platform. Layout of the permutation: ids 0–51 dealt 13 at a time starting with the
dealer, 52–121 the live wall, 122–125 rinshan, 126–130 dora indicators, 131–135 ura.

Three players (docs/rules.md §11): a permutation of the 108 ids without 2m–8m
(:data:`SANMA_IDS`, from its own ``permutation(108)``: the four-player walls of a seed are
untouched), three hands: positions 0–38 dealt, 39–93 the live wall (``n_live`` 55),
94–97 rinshan, 98–102 dora indicators, 103–107 ura. The dead wall holds 14 tiles as with
four players; a replacement draw (kan or North) beyond the four rinshan tiles takes the
last live tile, as the dead wall is refilled from the end of the live wall.

Flower tiles (``Rules.flowers``, docs/rules.md §12): a permutation of the 140 ids (the four
flowers are 136-139), from its own ``permutation(140)`` of the seed's stream (default games
are untouched). The four extra tiles lengthen the dead wall by two stacks, so it holds the
eight replacement tiles that four flowers and four kans need and the live wall keeps 70
draws: positions 0-51 dealt, 52-121 the live wall, 122-129 rinshan, 130-134 dora
indicators (the first on the fifth stack of the dead wall), 135-139 ura.

>>> w = Wall.from_text(["123m456p789s1112z", "", "", ""], draws="3z", dora="1p")
>>> len(w.hands[1]), w.live[0] >> 2, w.dora[0] >> 2
(13, 29, 9)
"""
from __future__ import annotations

from typing import List, Optional, Sequence

import numpy as np

from ..core import _permutation
from ..errors import IllegalActionError
from .._codes import SANMA_ABSENT_MASK
from ..tiles import parse_tiles

__all__ = ["Wall", "wall_generator", "N_LIVE", "N_LIVE_SANMA", "SANMA_IDS", "N_RINSHAN_FLOWERS"]

N_LIVE = 70
#: live draws of a three-player hand: 108 - 3 x 13 - 14
N_LIVE_SANMA = 55
#: the 108 tile ids of three-player mahjong (no 2m-8m: kinds 1-7 removed)
SANMA_IDS = tuple(t for t in range(136) if not SANMA_ABSENT_MASK >> (t >> 2) & 1)
#: replacement tiles of a wall with flowers (four flowers and four kans)
N_RINSHAN_FLOWERS = 8


class Wall:
    """Wall(hands, live, rinshan, dora, ura, n_live=70): the tiles of one hand, in order."""

    __slots__ = ("hands", "live", "rinshan", "dora", "ura", "n_live")

    def __init__(self, hands: Sequence[Sequence[int]], live: Sequence[int],
                 rinshan: Sequence[int], dora: Sequence[int], ura: Sequence[int] = (),
                 n_live: int = N_LIVE):
        self.hands = [list(h) for h in hands]
        self.live = list(live)
        self.rinshan = list(rinshan)
        self.dora = list(dora)
        self.ura = list(ura)
        self.n_live = n_live

    @classmethod
    def from_permutation(cls, perm: Sequence[int], dealer: int = 0) -> "Wall":
        """The wall of a permutation of the 136 ids, or of the 108 three-player ids (layout
        in the module notes)."""
        p = [int(x) for x in perm]
        if len(p) == 108:
            return _wall_of_ids_sanma(p, dealer)
        if len(p) == 140:
            return _wall_of_flower_ids(p, dealer)
        hands: List[list] = [[], [], [], []]
        for i in range(4):
            hands[(dealer + i) % 4] = p[13 * i:13 * i + 13]
        return cls(hands, p[52:122], p[122:126], p[126:131], p[131:136])

    @classmethod
    def from_text(cls, hands: Sequence[str], draws: str = "", rinshan: str = "",
                  dora: str = "", ura: str = "", n_live: Optional[int] = None,
                  seed: int = 0, flowers: bool = False) -> "Wall":
        """A wall for a test position, in tile notation.

        ``hands`` by absolute seat (an empty string or a short hand is filled up to 13
        tiles); ``draws`` the first live draws in order; ``rinshan``, ``dora``, ``ura`` the
        first tiles of those parts. Everything not given is filled from the remaining
        tiles in a fixed shuffled order (``seed``), so the hand can be played on.
        Three ``hands`` make a three-player wall (no 2m-8m; ``n_live`` 55 by default).
        ``flowers``: a wall of the 140 tiles (``Rules.flowers``: eight rinshan tiles);
        the flowers are written ``1f``-``4f`` anywhere in the text (``"123m1f"``); those
        not written go to the end of the live wall (past ``n_live`` when it is short).
        """
        sanma = len(hands) == 3
        if n_live is None:
            n_live = N_LIVE_SANMA if sanma else N_LIVE
        used: set = set()
        given_hands = []
        parse = _parse_with_flowers if flowers else parse_tiles
        for h in hands:
            ids = parse(h, frozenset(used)) if h else []
            used.update(ids)
            given_hands.append(ids)
        parts = []
        for text in (draws, rinshan, dora, ura):
            ids = parse(text, frozenset(used)) if text else []
            used.update(ids)
            parts.append(ids)
        rest = [t for t in (SANMA_IDS if sanma else range(140 if flowers else 136))
                if t not in used]
        rng = np.random.Generator(np.random.PCG64(seed))
        rest = [rest[i] for i in rng.permutation(len(rest))]
        if flowers:  # the flowers not written wait at the end of the live wall
            rest = [t for t in rest if t < 136] + [t for t in rest if t >= 136]

        def take(n: int) -> list:
            out = rest[:n]
            del rest[:n]
            return out

        full_hands = [h + take(13 - len(h)) for h in given_hands]
        rin = parts[1] + take((N_RINSHAN_FLOWERS if flowers else 4) - len(parts[1]))
        dor = parts[2] + take(5 - len(parts[2]))
        ur = parts[3] + take(5 - len(parts[3]))
        live = parts[0] + rest
        return cls(full_hands, live, rin, dor, ur, n_live)

    def check(self, players: Optional[int] = None, flowers: bool = False) -> None:
        """Raise :class:`~ippatsu.errors.IllegalActionError` unless the wall can deal a
        hand: four start hands of 13 ids, three in three-player mahjong (``players``, when
        given: the seats of the table; code ``"wall_hand_size"``), at least the dealer's
        first draw and one dora indicator (``"wall_too_short"``), ids that are ints 0-135
        (``"wall_tile_id"``; with three hands none of 2m-8m, docs/rules.md §11) and appear
        once (``"wall_duplicate_id"``), ``n_live`` an int 1-70 (``"bad_wall"``). A wall
        may hold fewer than 136 tiles (a replay's wall holds what the record shows). The
        state checks every wall it did not generate itself. ``flowers``
        (``Rules.flowers``): the flower ids 136-139 are tiles of the wall too."""
        try:
            hands = [list(h) for h in self.hands]
            parts = [list(self.live), list(self.rinshan), list(self.dora), list(self.ura)]
        except TypeError as e:
            raise IllegalActionError(f"a wall's hands, live, rinshan, dora and ura are "
                                     f"sequences of tile ids ({e})", "bad_wall") from None
        if len(hands) not in (3, 4):
            raise IllegalActionError(f"a wall deals four hands (three in three-player "
                                     f"mahjong), got {len(hands)}", "wall_hand_size")
        if players is not None and len(hands) != players:
            raise IllegalActionError(f"a wall for {players} players deals {players} hands, "
                                     f"got {len(hands)}", "wall_hand_size")
        for p, h in enumerate(hands):
            if len(h) != 13:
                raise IllegalActionError(f"the start hand of seat {p} holds {len(h)} tiles, "
                                         f"not 13", "wall_hand_size")
        if not parts[0]:
            raise IllegalActionError("the live wall is empty: the dealer has no first draw",
                                     "wall_too_short")
        if not parts[2]:
            raise IllegalActionError("the wall has no dora indicator", "wall_too_short")
        n = self.n_live
        if type(n) is not int or not 1 <= n <= N_LIVE:
            raise IllegalActionError(f"n_live is an int 1-{N_LIVE}, got {n!r}", "bad_wall")
        seen = set()
        sanma = len(hands) == 3
        top = 140 if flowers else 136
        for t in [t for h in hands for t in h] + [t for part in parts for t in part]:
            if type(t) is not int and not isinstance(t, (int, np.integer)) or \
                    isinstance(t, bool):
                raise IllegalActionError(f"wall tile ids are ints 0-135, got {t!r}",
                                         "wall_tile_id")
            if not 0 <= t < top:
                raise IllegalActionError(f"wall tile id {t} is outside 0-{top - 1}"
                                         + ("" if flowers else " (flower ids 136-139 need "
                                            "Rules.flowers)"), "wall_tile_id")
            if sanma and SANMA_ABSENT_MASK >> (t >> 2) & 1:
                raise IllegalActionError(f"wall tile id {t} is a {t // 4 + 1}m: a "
                                         f"three-player wall has no 2m-8m", "wall_tile_id")
            if t in seen:
                raise IllegalActionError(f"tile id {t} appears twice in the wall",
                                         "wall_duplicate_id")
            seen.add(t)

    def tiles(self) -> List[int]:
        """Every id of the wall (hands, live, rinshan, indicators)."""
        out = [t for h in self.hands for t in h]
        return out + self.live + self.rinshan + self.dora + self.ura

    def __repr__(self) -> str:
        return (f"Wall(live={len(self.live)}, rinshan={len(self.rinshan)}, "
                f"dora={len(self.dora)}, n_live={self.n_live})")


def _wall_of_ids(p: List[int], dealer: int) -> Wall:
    """``Wall.from_permutation(p, dealer)`` for a list of Python ints (numpy's ``tolist``)
    without the conversions and copies: the generator's fast path (one wall per hand).
    136 ids make a four-player wall, 108 a three-player one (:func:`_wall_of_sanma_ids`)."""
    n = 4 if len(p) == 136 else 3
    w = Wall.__new__(Wall)
    hands: List[list] = [[] for _ in range(n)]
    for i in range(n):
        hands[(dealer + i) % n] = p[13 * i:13 * i + 13]
    w.hands = hands
    live, dead = 13 * n, len(p) - 14  # then 4 replacement tiles, 5 dora, 5 ura
    w.live = p[live:dead]
    w.rinshan = p[dead:dead + 4]
    w.dora = p[dead + 4:dead + 9]
    w.ura = p[dead + 9:]
    w.n_live = dead - live
    return w


def _wall_of_flower_ids(p: List[int], dealer: int) -> Wall:
    """The wall of a permutation of the 140 ids of a game with flowers (layout in the
    module notes: a dead wall of 18 tiles, 8 of them replacement tiles)."""
    w = Wall.__new__(Wall)
    hands: List[list] = [[], [], [], []]
    for i in range(4):
        hands[(dealer + i) % 4] = p[13 * i:13 * i + 13]
    w.hands = hands
    w.live = p[52:122]
    w.rinshan = p[122:130]
    w.dora = p[130:135]
    w.ura = p[135:140]
    w.n_live = N_LIVE
    return w


def _parse_with_flowers(text: str, used: frozenset) -> List[int]:
    """Tile notation with the flowers ``1f``-``4f`` among the groups (``"12m3f4p"``), in
    the order written."""
    import re

    out: List[int] = []
    taken = set(used)
    for digits, suit in re.findall(r"(\d+)([a-z])", text):
        if suit == "f":
            for d in digits:
                t = 135 + int(d)
                if not 136 <= t <= 139 or t in taken:
                    raise IllegalActionError(f"flower {d}f: the flowers are 1f-4f, each "
                                             f"once", "wall_tile_id")
                out.append(t)
                taken.add(t)
        else:
            ids = parse_tiles(digits + suit, frozenset(t for t in taken if t < 136))
            out += ids
            taken.update(ids)
    return out


def _wall_of_ids_sanma(perm: List[int], dealer: int) -> Wall:
    """The three-player wall of a permutation of the 108 ids :data:`SANMA_IDS` (or of
    0-107, positions into it)."""
    p = perm
    if sorted(p) == list(range(108)):
        ids = SANMA_IDS
        p = [ids[i] for i in perm]
    return _wall_of_sanma_ids(p, dealer)


def _wall_of_sanma_ids(p: List[int], dealer: int) -> Wall:
    """The three-player wall of 108 ids in wall order (the generator's fast path)."""
    return _wall_of_ids(p, dealer)


def wall_generator(seed: Optional[int | np.random.SeedSequence] = None, players: int = 4,
                   flowers: bool = False):
    """An endless source of seeded walls: ``next(g)(dealer)``-style use is avoided; call
    ``gen(dealer)`` to get the next :class:`Wall` of the stream.

    >>> g = wall_generator(1)
    >>> g(0).live[:3] == wall_generator(1)(0).live[:3]
    True

    ``flowers``: walls of the 140 tiles (``Rules.flowers``), each a ``permutation(140)``.
    """
    if isinstance(seed, np.random.SeedSequence):
        ss = seed
    else:
        if isinstance(seed, (str, bytes, float)):
            raise IllegalActionError(f"a seed is None, a non-negative int or a numpy "
                                     f"SeedSequence, got {seed!r}", "bad_seed")
        try:
            ss = np.random.SeedSequence(seed)
        except (TypeError, ValueError) as e:
            raise IllegalActionError(f"a seed is None, a non-negative int or a numpy "
                                     f"SeedSequence, got {seed!r} ({e})", "bad_seed") from None
    # each wall is numpy.random.Generator(bits).permutation(n) of the stream: drawn by
    # core._permutation (the same numbers, without numpy's per-call overhead)
    bits = np.random.PCG64(ss)

    if players == 3:
        ids = SANMA_IDS

        def gen3(dealer: int = 0) -> Wall:
            return _wall_of_sanma_ids([ids[i] for i in _permutation(bits, 108)], dealer)

        gen3.bit_generator = bits  # its state goes into a GameState's snapshot
        return gen3

    if flowers:
        def genf(dealer: int = 0) -> Wall:
            return _wall_of_flower_ids(_permutation(bits, 140), dealer)

        genf.bit_generator = bits  # its state goes into a GameState's snapshot
        return genf

    def gen(dealer: int = 0) -> Wall:
        return _wall_of_ids(_permutation(bits, 136), dealer)

    gen.bit_generator = bits  # its state goes into a GameState's snapshot
    return gen
