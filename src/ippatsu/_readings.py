"""The standard-form readings of a complete hand (pair, runs, triplets): one enumeration
for both backends. :func:`ippatsu.core.decompositions` reads the hand with the backend's
reader; the pure twin (``ippatsu._reference.handcore.decompositions_counts``) checks the
counts first. Plain Python; imports neither backend."""
from __future__ import annotations

from typing import List, Sequence, Tuple

__all__ = ["BLOCK_PAIR", "BLOCK_RUN", "BLOCK_TRIPLET", "readings_of"]

BLOCK_PAIR = 0
BLOCK_RUN = 1
BLOCK_TRIPLET = 2


def readings_of(counts: Sequence[int]) -> List[Tuple[Tuple[int, int], ...]]:
    """Every distinct standard-form reading of checked 34 counts (0-4 each, a valid hand
    size): sorted tuples of blocks ``(type, kind)`` — ``(BLOCK_PAIR, k)``, ``(BLOCK_RUN,
    lowest kind)``, ``(BLOCK_TRIPLET, k)``. Empty unless 3k+2 tiles form k sets and a
    pair."""
    if sum(counts) % 3 != 2:
        return []
    c = list(counts)
    out = set()
    blocks: List[Tuple[int, int]] = []

    def walk(k: int, have_pair: bool) -> None:
        while k < 34 and c[k] == 0:
            k += 1
        if k == 34:
            if have_pair:
                out.add(tuple(sorted(blocks)))
            return
        if not have_pair and c[k] >= 2:
            c[k] -= 2
            blocks.append((BLOCK_PAIR, k))
            walk(k, True)
            blocks.pop()
            c[k] += 2
        if c[k] >= 3:
            c[k] -= 3
            blocks.append((BLOCK_TRIPLET, k))
            walk(k, have_pair)
            blocks.pop()
            c[k] += 3
        if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
            for j in (k, k + 1, k + 2):
                c[j] -= 1
            blocks.append((BLOCK_RUN, k))
            walk(k, have_pair)
            blocks.pop()
            for j in (k, k + 1, k + 2):
                c[j] += 1

    walk(0, False)
    return sorted(out)
