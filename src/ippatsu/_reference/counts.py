"""The pure reader of every hand form the hand core takes (a Hand, notation, bytes, 34
counts, 1-14 136-ids) into 34 checked counts: the twin of the compiled core's reader,
shared by :mod:`ippatsu._reference.api` (re-exported there) and
:mod:`ippatsu._reference.solo`."""
from __future__ import annotations

from typing import List

import numpy as np

from ..errors import HandSizeError, IppatsuError, TileCountError
from . import handcore as hc

__all__ = ["counts_of", "count_value"]


def counts_of(hand) -> List[int]:
    """counts_of(hand) -> list of 34 ints: any hand form the hand core takes (a Hand,
    notation, bytes, 34 counts, 1-14 136-ids), read and checked in Python (the pure
    twin of the compiled core's reader; also used by ippatsu.core and ippatsu._sanma)."""
    from ..hand import Hand

    if isinstance(hand, Hand):
        counts = list(hand._counts)
    elif isinstance(hand, (bytes, bytearray)):
        if len(hand) != 34:
            raise HandSizeError(f"expected 34 counts, got {len(hand)}", code="bad_counts_length")
        counts = list(hand)
    elif isinstance(hand, str):
        from ..hand import concealed_counts

        counts = list(concealed_counts(hand))
    else:
        try:
            n = len(hand)
        except TypeError:
            raise IppatsuError(f"a hand is a Hand, notation, bytes, 34 counts or 136-ids, got "
                               f"{type(hand).__name__}", code="bad_hand_type") from None
        if n != 34:
            if 1 <= n <= 14 and isinstance(hand, (list, tuple)):  # 136-ids
                from ..tiles import validate_ids

                counts = [0] * 34
                for t in validate_ids(hand):
                    counts[t >> 2] += 1
                hc.check_counts(counts)
                return counts
            raise HandSizeError(f"expected 34 counts, got {n}", code="bad_counts_length")
        counts = [count_value(hand[k], k, "") for k in range(34)]
    hc.check_counts(counts)
    return counts


def count_value(x, k: int, what: str) -> int:
    """One count given as a Python / numpy integer 0..4 (bool, float, str... are refused)."""
    if type(x) is not int:
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)):
            raise IppatsuError(
                f"{what}count of {hc._kind_name(k)} must be an integer 0-4, got "
                f"{type(x).__name__} {x!r:.40}", code="bad_count")
        x = int(x)
    if x < 0 or x > 4:
        raise TileCountError(f"{x} {what}copies of {hc._kind_name(k)}: a count is 0 to 4",
                             code="fifth_copy" if x > 4 else "negative_count")
    return x
