"""Pure-Python twin of the compiled hand core (``ippatsu._core``): the readable specification.

Selected with ``IPPATSU_PURE_PYTHON=1``; the test suite runs against both and checks that they
agree. Nothing here looks at the lookup tables: every value is derived from first principles.

Shanten as a replacement distance (RULES.md §3)
-----------------------------------------------
A hand of 3k+1 or 3k+2 concealed tiles needs k sets and one pair. Its *distance* is the
fewest tiles that must be added to it (extra tiles are simply thrown away) so that it
contains a complete shape whose every kind is held at most four times. Shanten is
``distance - 1``: -1 for a complete hand, 0 for tenpai. Because the target never holds a
fifth copy, a hand waiting only on a fifth copy (``1111m234p567p789s``) is not tenpai.

Suits are independent: a target is a choice, per suit, of m sets and p pairs, so the
distance of a hand is the smallest sum of per-suit distances over the ways to share the k
sets and one pair between the four groups (man, pin, sou, honors). The per-suit distance
of a shape for every (m, p), m = 0..4, p = 0..1, is computed by a left-to-right dynamic
programme over the ranks (:func:`suit_distances`).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, List, Optional, Sequence, Tuple

__all__ = [
    "BLOCK_PAIR",
    "BLOCK_RUN",
    "BLOCK_TRIPLET",
    "NOT_APPLICABLE",
    "suit_distances",
    "check_counts",
    "shanten_standard",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_all",
    "is_agari_counts",
    "decompositions_counts",
    "waits_counts",
    "ukeire_counts",
]

from .._readings import BLOCK_PAIR, BLOCK_RUN, BLOCK_TRIPLET, readings_of  # noqa: E402
#: Shanten of a form that a hand of this size cannot take (seven pairs or thirteen
#: orphans with declared melds); in batch arrays.
NOT_APPLICABLE = 127

INF = 99
N_CLASSES = 10  # class index = m * 2 + p, m = 0..4 sets, p = 0..1 pairs
from .._codes import YAOCHUU_KINDS as YAOCHUU  # noqa: E402 (the 13 terminal-or-honor kinds)
VALID_SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


@lru_cache(maxsize=None)
def suit_distances(shape: Tuple[int, ...], runs: bool = True) -> Tuple[int, ...]:
    """Distance of one suit shape to m sets + p pairs, for every class ``m * 2 + p``.

    ``shape`` holds the counts (0-4) of the suit's ranks in order (9 for a number suit,
    7 for honors with ``runs=False``). The programme walks the ranks keeping, per state
    ``(runs started one rank back, runs started two ranks back)``, the cheapest cost of
    each class; at each rank it chooses how many runs start here, whether a triplet and
    whether the pair sit here, never needing more than four copies of the rank.
    """
    n = len(shape)
    start = [INF] * N_CLASSES
    start[0] = 0
    dp = {(0, 0): start}
    for i, have in enumerate(shape):
        max_new_runs = 4 if runs and i <= n - 3 else 0
        ndp: dict = {}
        for (two_back, one_back), costs in dp.items():
            carried = two_back + one_back  # runs that still need a tile of this rank
            for r in range(max_new_runs + 1):
                for t in (0, 1):
                    for q in (0, 1):
                        need = carried + r + 3 * t + 2 * q
                        if need > 4:
                            continue
                        add = max(need - have, 0)
                        target = ndp.setdefault((one_back, r), [INF] * N_CLASSES)
                        for m in range(5):
                            for p in range(2):
                                v = costs[m * 2 + p]
                                m2, p2 = m + r + t, p + q
                                if v >= INF or m2 > 4 or p2 > 1:
                                    continue
                                if v + add < target[m2 * 2 + p2]:
                                    target[m2 * 2 + p2] = v + add
        dp = ndp
    best = [INF] * N_CLASSES
    for costs in dp.values():  # no run can start on the last two ranks: all closed
        for c in range(N_CLASSES):
            best[c] = min(best[c], costs[c])
    return tuple(best)


def _kind_name(k: int) -> str:
    return f"{k % 9 + 1}{'mpsz'[k // 9]}" if k < 27 else f"{k - 26}z"


def check_counts(counts: Sequence[int]) -> int:
    """Validate 34 concealed counts; return the number of sets the hand needs.

    Raises :class:`~ippatsu.errors.TileCountError` for a count outside 0-4 and
    :class:`~ippatsu.errors.HandSizeError` for a size no legal hand has.
    """
    from ..errors import HandSizeError, TileCountError

    if len(counts) != 34:
        raise HandSizeError(f"expected 34 counts, got {len(counts)}", code="bad_counts_length")
    total = 0
    for k, c in enumerate(counts):
        if c < 0 or c > 4:
            raise TileCountError(
                f"{c} copies of {_kind_name(k)}: a kind has at most four copies",
                code="fifth_copy" if c > 4 else "negative_count",
            )
        total += c
    if total not in VALID_SIZES:
        raise HandSizeError(
            f"{total} concealed tiles: a hand holds 3k+1 or 3k+2 tiles (1-14)",
            code="bad_hand_size",
        )
    return total // 3


def _groups(counts: Sequence[int]) -> List[Tuple[int, ...]]:
    c = list(counts)
    return [
        suit_distances(tuple(c[0:9])),
        suit_distances(tuple(c[9:18])),
        suit_distances(tuple(c[18:27])),
        suit_distances(tuple(c[27:34]), False),
    ]


def _combine(vectors: Iterable[Tuple[int, ...]], nsets: int) -> int:
    acc = [INF] * N_CLASSES
    acc[0] = 0
    for vec in vectors:
        new = [INF] * N_CLASSES
        for m1 in range(nsets + 1):
            for p1 in range(2):
                a = acc[m1 * 2 + p1]
                if a >= INF:
                    continue
                for m2 in range(nsets + 1 - m1):
                    for p2 in range(2 - p1):
                        b = vec[m2 * 2 + p2]
                        k = (m1 + m2) * 2 + p1 + p2
                        if a + b < new[k]:
                            new[k] = a + b
        acc = new
    return acc[nsets * 2 + 1]


def shanten_standard(counts: Sequence[int]) -> int:
    """Shanten of the standard form (k sets + a pair), exact under the four-copies limit."""
    counts = [int(x) for x in counts]
    nsets = check_counts(counts)
    return _combine(_groups(counts), nsets) - 1


def shanten_chiitoitsu(counts: Sequence[int]) -> Optional[int]:
    """Shanten of seven pairs (seven *distinct* pairs), or None when the hand has melds."""
    counts = [int(x) for x in counts]
    nsets = check_counts(counts)
    if nsets != 4:
        return None
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c >= 1)
    return 6 - pairs + max(0, 7 - kinds)


def shanten_kokushi(counts: Sequence[int]) -> Optional[int]:
    """Shanten of thirteen orphans, or None when the hand has melds."""
    counts = [int(x) for x in counts]
    nsets = check_counts(counts)
    if nsets != 4:
        return None
    kinds = sum(1 for k in YAOCHUU if counts[k] >= 1)
    pair = any(counts[k] >= 2 for k in YAOCHUU)
    return 13 - kinds - (1 if pair else 0)


def shanten_all(counts: Sequence[int]) -> Tuple[int, Optional[int], Optional[int]]:
    """(standard, seven pairs, thirteen orphans) shanten; None where a form cannot apply."""
    return shanten_standard(counts), shanten_chiitoitsu(counts), shanten_kokushi(counts)


def shanten_min(counts: Sequence[int]) -> int:
    s, c, k = shanten_all(counts)
    return min(x for x in (s, c, k) if x is not None)


def is_agari_counts(counts: Sequence[int]) -> bool:
    """True when a 3k+2 concealed part is complete in any form."""
    counts = [int(x) for x in counts]
    nsets = check_counts(counts)
    if sum(counts) % 3 != 2:
        return False
    if _combine(_groups(counts), nsets) == 0:
        return True
    if nsets == 4:
        if sum(1 for c in counts if c == 2) == 7:
            return True
        if shanten_kokushi(counts) == -1:
            return True
    return False


def decompositions_counts(counts: Sequence[int]) -> List[Tuple[Tuple[int, int], ...]]:
    """Every distinct standard-form reading of a complete 3k+2 concealed part.

    A reading is a sorted tuple of blocks ``(type, kind)``: ``(BLOCK_PAIR, k)``,
    ``(BLOCK_RUN, lowest kind)``, ``(BLOCK_TRIPLET, k)``. Empty when not complete.
    """
    counts = [int(x) for x in counts]
    check_counts(counts)
    return readings_of(counts)


def waits_counts(counts: Sequence[int]) -> List[int]:
    """Kinds that complete a 3k+1 hand; a kind held four times in the hand cannot come."""
    counts = [int(x) for x in counts]
    check_counts(counts)
    if sum(counts) % 3 != 1:
        from ..errors import HandSizeError

        raise HandSizeError(
            f"waits need a hand of 3k+1 tiles, got {sum(counts)}", code="bad_hand_size"
        )
    c = list(counts)
    out = []
    for k in range(34):
        if c[k] >= 4:
            continue
        c[k] += 1
        if is_agari_counts(c):
            out.append(k)
        c[k] -= 1
    return out


def ukeire_counts(
    counts: Sequence[int], visible: Optional[Sequence[int]] = None
) -> Tuple[int, List[Tuple[int, int]]]:
    """Effective tiles of a 3k+1 hand: (shanten, [(kind, unseen copies), ...]).

    A kind is effective when drawing it lowers shanten. Unseen copies are four minus the
    copies in the hand minus ``visible`` (tiles seen elsewhere), never below zero; kinds
    with no unseen copy left are still listed (with 0) when they would be effective.
    """
    counts = [int(x) for x in counts]
    check_counts(counts)
    if sum(counts) % 3 != 1:
        from ..errors import HandSizeError

        raise HandSizeError(
            f"ukeire of a 3k+1 hand needs 3k+1 tiles, got {sum(counts)}", code="bad_hand_size"
        )
    base = shanten_min(counts)
    c = list(counts)
    out = []
    for k in range(34):
        if c[k] >= 4:
            continue
        c[k] += 1
        if shanten_min(c) < base:
            left = 4 - counts[k] - (visible[k] if visible is not None else 0)
            out.append((k, max(left, 0)))
        c[k] -= 1
    return base, out
