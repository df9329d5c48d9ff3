"""The shipped lookup tables have the property the efficiency kernel relies on: adding
one tile to a group (a number suit shape or the honors) lowers each of its ten class
distances by 0 or 1 and never raises one, so ``row - row_plus`` is the exact mask of the
classes the tile lowers (``ipt_efficiency_ex`` in ``_kernels.h``)."""
from __future__ import annotations

import struct
from importlib import resources

import numpy as np

HONOR_WEIGHTS = np.array([0, 1, 8, 64, 512])  # the honor index: kinds by count, base 8


def _tables():
    blob = (resources.files("ippatsu") / "_data" / "tables.bin").read_bytes()
    assert blob[:4] == b"IPPT"
    _, n_suit, n_honor = struct.unpack_from("<III", blob, 4)
    off = 16
    rank_lo = np.frombuffer(blob, "<u2", 625, off).astype(np.int64)
    off += 1250
    base_hi = np.frombuffer(blob, "<u4", 3125, off).astype(np.int64)
    off += 12500
    suit = np.frombuffer(blob, np.uint8, 5 * n_suit, off).reshape(n_suit, 5)
    off += 5 * n_suit + 3
    honor = np.frombuffer(blob, np.uint8, 5 * n_honor, off).reshape(n_honor, 5)
    return rank_lo, base_hi, suit, honor


def _nibbles(rows):
    """The ten distances of each row: byte b holds classes 2b (low) and 2b + 1 (high)."""
    return np.stack([rows & 15, rows >> 4], axis=-1).reshape(len(rows), 10).astype(np.int8)


def _shapes(n_ranks):
    """Every count vector of n_ranks kinds (0-4 each) with at most 13 tiles."""
    shapes = np.indices((5,) * n_ranks).reshape(n_ranks, -1).T
    return shapes[shapes.sum(axis=1) <= 13]


def _check_one_more_tile(dist_of, shapes):
    before = dist_of(shapes)
    checked = 0
    for r in range(shapes.shape[1]):
        can = shapes[:, r] < 4
        more = shapes[can].copy()
        more[:, r] += 1
        diff = before[can] - dist_of(more)
        assert diff.min() >= 0 and diff.max() <= 1, r
        checked += int(can.sum())
    return checked


def test_one_more_tile_lowers_each_suit_class_distance_by_at_most_one():
    rank_lo, base_hi, suit, _ = _tables()
    w = 5 ** np.arange(4)

    def dist_of(s):
        idx = base_hi[s[:, 4:] @ (5 ** np.arange(5))] + rank_lo[s[:, :4] @ w]
        return _nibbles(suit[idx])

    assert _check_one_more_tile(dist_of, _shapes(9)) > 10 ** 6


def test_one_more_tile_lowers_each_honor_class_distance_by_at_most_one():
    _, _, _, honor = _tables()

    def dist_of(s):
        return _nibbles(honor[HONOR_WEIGHTS[s].sum(axis=1)])

    assert _check_one_more_tile(dist_of, _shapes(7)) > 10 ** 5
