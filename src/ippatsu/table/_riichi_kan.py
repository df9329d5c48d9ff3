"""A closed kan in riichi under ``Rules.closed_kan_after_riichi = "readings"``
(docs/rules.md §8): allowed only when it changes no reading of the hand.

The hand before the kan holds the four copies of ``k`` (the drawn one included); after
the kan the concealed part is the rest. The kan changes no reading when, for every wait,
every standard reading of the winning hand (the 13 tiles without the drawn copy, plus
the wait) holds ``k`` as a triplet: then ``k`` is a set of its own whatever the hand
becomes, and the kan takes nothing another reading would need.
"""
from __future__ import annotations

from ..core import BLOCK_TRIPLET, decompositions


def riichi_kan_keeps_readings(counts, k: int, waits: int) -> bool:
    """``counts``: the 34 counts with the four copies of ``k``; ``waits``: the mask of the
    waiting kinds (the same before and after the kan, checked by the caller)."""
    base = bytearray(counts)
    base[k] -= 1          # the hand before the draw: three copies of k
    if not waits:
        return False
    w = waits
    while w:
        low = w & -w
        x = low.bit_length() - 1
        w ^= low
        if base[x] >= 4:
            continue
        base[x] += 1
        readings = decompositions(bytes(base))
        base[x] -= 1
        if not readings:
            continue      # a wait of seven pairs or thirteen orphans only: no kan then
        for r in readings:
            if (BLOCK_TRIPLET, k) not in r:
                return False
    return True
