"""Multi-player Elo as mjai.app rates its bots: after each game every pair of players is
one two-player result (the better placed wins), applied in placement order (1st-2nd,
1st-3rd, 1st-4th, 2nd-3rd, ...; each update sees the ratings the earlier ones left), with
the expected score ``1 / (1 + 10 ** ((r_b - r_a) / 1200))`` and ``K = 8``; ratings start
at 1500.

>>> [round(r, 2) for r in elo_update([2140, 1500, 900, 1500], [1, 4, 3, 2])]
[2144.29, 1488.13, 903.47, 1504.11]
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Sequence, Tuple

__all__ = ["elo_update", "elo_ratings", "START", "WIDTH", "K"]

START = 1500.0
WIDTH = 1200.0
K = 8.0


def expected(a: float, b: float, width: float = WIDTH) -> float:
    """The expected score of a player rated ``a`` against one rated ``b``."""
    return 1.0 / (1.0 + 10.0 ** ((b - a) / width))


def elo_update(ratings: Sequence[float], places: Sequence[int], k: float = K,
               width: float = WIDTH) -> List[float]:
    """The ratings of one game's players after it (``places``: 1 for first, ... by
    player; ties keep the players' order)."""
    r = [float(x) for x in ratings]
    order = [i for _, i in sorted(zip(places, range(len(r))))]
    n = len(order)
    for a in range(n):
        for b in range(a + 1, n):
            w, lo = order[a], order[b]
            change = k * (1.0 - expected(r[w], r[lo], width))
            r[w] += change
            r[lo] -= change
    return r


def elo_ratings(games: Iterable[Tuple[Sequence[str], Sequence[int]]], k: float = K,
                width: float = WIDTH) -> Dict[str, float]:
    """The ratings after ``games`` played in order, each ``(names by seat, places by
    seat)``; a name seen first starts at 1500. The same name at several seats of a game
    is one player rated once per seat, in seat order."""
    rating: Dict[str, float] = {}
    for names, places in games:
        cur = [rating.get(nm, START) for nm in names]
        new = elo_update(cur, places, k, width)
        for nm, old, x in zip(names, cur, new):
            rating[nm] = rating.get(nm, START) + (x - old)
    return rating
