"""An independent oracle for the hand core (tests only).

Under ``IPPATSU_PURE_PYTHON=1`` ``ippatsu.core`` *is* the reference (``_reference``), so a
comparison of the two checks nothing. This module answers the same questions by other
means, written from RULES.md §2–§3 and sharing no code with ``src/``:

* ``is_agari``: a direct recursive search (pair first, then the lowest tile as a triplet or
  the start of a run), plus seven distinct pairs and thirteen orphans for 14 tiles;
* ``waits``: every kind the hand does not already hold four times whose addition is agari;
* ``shanten_standard`` / ``chiitoitsu`` / ``kokushi``: the ``mahjong`` package (a third-party
  implementation), which agrees with the rules except that it lets a hand wait on a fifth
  copy — callers use it only on hands that hold no kind four times (``four_free``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import List, Sequence

YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@lru_cache(maxsize=None)
def _sets_only(counts: tuple) -> bool:
    """Can ``counts`` be split into runs and triplets exactly?"""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return True
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if _sets_only(tuple(c)):
            return True
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if _sets_only(tuple(c)):
            return True
    return False


def is_agari(counts: Sequence[int]) -> bool:
    c = [int(x) for x in counts]
    n = sum(c)
    if n % 3 != 2:
        return False
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            ok = _sets_only(tuple(c))
            c[k] += 2
            if ok:
                return True
    if n == 14:
        if sum(1 for x in c if x == 2) == 7:
            return True
        if all(c[k] >= 1 for k in YAOCHUU) and sum(c[k] for k in YAOCHUU) == 14:
            return True
    return False


def waits(counts: Sequence[int]) -> List[int]:
    c = [int(x) for x in counts]
    out = []
    for k in range(34):
        if c[k] >= 4:
            continue
        c[k] += 1
        if is_agari(c):
            out.append(k)
        c[k] -= 1
    return out


def four_free(counts: Sequence[int]) -> bool:
    return max(int(x) for x in counts) < 4


def _mj():
    import pytest

    return pytest.importorskip("mahjong.shanten").Shanten()


def shanten_forms(counts: Sequence[int]):
    """(standard, chiitoitsu or None, kokushi or None) from ``mahjong``; 13/14 tiles for
    the two special forms, as the rules have them only for a concealed hand."""
    calc = _mj()
    c = [int(x) for x in counts]
    std = calc.calculate_shanten_for_regular_hand(c)
    if sum(c) >= 13:
        return std, calc.calculate_shanten_for_chiitoitsu_hand(c), \
            calc.calculate_shanten_for_kokushi_hand(c)
    return std, None, None


def shanten(counts: Sequence[int]) -> int:
    return min(x for x in shanten_forms(counts) if x is not None)


def ukeire(counts: Sequence[int]):
    """(shanten, ((kind, unseen copies), ...)) of a 3k+1 hand that holds no kind four
    times: a kind is effective when adding it lowers the shanten (of the 3k+2 hand, i.e.
    after the best discard)."""
    c = [int(x) for x in counts]
    s = shanten(c)
    tiles = []
    for k in range(34):
        if c[k] >= 4:
            continue
        c[k] += 1
        if shanten(c) < s:
            tiles.append((k, 4 - c[k] + 1))
        c[k] -= 1
    return s, tiles
