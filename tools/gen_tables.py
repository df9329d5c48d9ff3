#!/usr/bin/env python3
"""Deterministic generator of ippatsu's hand-core lookup tables.

Writes ``src/ippatsu/_data/tables.bin`` and its SHA-256 (``tables.sha256``). Run it from
the project root: ``python tools/gen_tables.py`` (``--check`` compares instead of writing).

What the tables hold
--------------------
For a suit (9 ranks) and for the honors (7 kinds, no runs), and every class (m sets,
p pairs), m = 0..4, p = 0..1, class index ``m * 2 + p``: the *replacement distance* of a
shape, the fewest tiles to add so that the shape contains m sets and p pairs using at most
four copies of a kind. Shanten is the best split of a hand's sets and pair between the
four groups, minus one (see ``ippatsu/_reference/handcore.py`` for the same definition
computed from first principles by a different method).

How they are derived here (independently of the reference's dynamic programme)
------------------------------------------------------------------------------
Over all 5^9 shapes with counts 0..4 (any size):
1. every target (exactly m sets + p pairs, counts <= 4) is enumerated and marked;
2. ``contains[h]`` (h holds some target as a sub-multiset) spreads upward by size:
   ``contains[h] = target[h] or any(contains[h - e_k])``;
3. ``dist[h] = 0`` where ``contains[h]``, else ``1 + min_k dist[h + e_k]`` over ranks
   below four, filled downward by size (adding a needed tile lowers the distance by one).

Layout of ``tables.bin`` (little-endian)
----------------------------------------
``b"IPPT"``, uint32 version, uint32 n_suit_shapes, uint32 n_honor_rows, then
``rank_lo``: uint16[625], ``base_hi``: uint32[3125], suit rows: n_suit_shapes x 5 bytes,
3 zero bytes, honor rows: n_honor_rows x 5 bytes, 3 zero bytes. A row packs the 10 class
distances as 4-bit nibbles, class c in bits 4c..4c+3 of the 40-bit little-endian value.

Suit shape index (shapes of at most 14 tiles only): with ``key = sum(c_i * 5**i)``,
``lo = key % 625`` (ranks 1-4) and ``hi = key // 625`` (ranks 5-9),
``index = base_hi[hi] + rank_lo[lo]``; ``rank_lo`` orders the 625 low parts by (size, key)
so that the lows that fit beside a given high part form a prefix.
Honor row index: the histogram of counts, ``n1 + 8*n2 + 64*n3 + 512*n4``.
"""
from __future__ import annotations

import argparse
import hashlib
import itertools
import struct
import sys
from pathlib import Path

import numpy as np

VERSION = 1
MAX_TILES = 14
N_CLASSES = 10
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "ippatsu" / "_data" / "tables.bin"


def _targets(n_ranks: int, runs: bool):
    """Yield (class, counts) for every target shape of exactly m sets + p pairs."""
    blocks = []
    if runs:
        for r in range(n_ranks - 2):
            v = [0] * n_ranks
            v[r] = v[r + 1] = v[r + 2] = 1
            blocks.append(v)
    for r in range(n_ranks):
        v = [0] * n_ranks
        v[r] = 3
        blocks.append(v)
    seen = set()
    for m in range(5):
        for combo in itertools.combinations_with_replacement(range(len(blocks)), m):
            base = [0] * n_ranks
            for b in combo:
                for i, x in enumerate(blocks[b]):
                    base[i] += x
            if max(base, default=0) > 4:
                continue
            for p, pair_rank in [(0, None)] + [(1, r) for r in range(n_ranks)]:
                v = list(base)
                if pair_rank is not None:
                    v[pair_rank] += 2
                    if v[pair_rank] > 4:
                        continue
                key = (m * 2 + p, tuple(v))
                if key not in seen:
                    seen.add(key)
                    yield key


def distances(n_ranks: int, runs: bool) -> np.ndarray:
    """dist[key, class] for every shape key in 0 .. 5**n_ranks - 1."""
    size = 5**n_ranks
    keys = np.arange(size, dtype=np.int64)
    digits = np.stack([(keys // 5**i) % 5 for i in range(n_ranks)], axis=1)
    total = digits.sum(axis=1)
    pow5 = np.array([5**i for i in range(n_ranks)], dtype=np.int64)

    contains = np.zeros((size, N_CLASSES), dtype=bool)
    for cls, v in _targets(n_ranks, runs):
        contains[int(np.dot(v, pow5)), cls] = True

    levels = [np.nonzero(total == s)[0] for s in range(4 * n_ranks + 1)]
    for s in range(1, 4 * n_ranks + 1):
        lv = levels[s]
        for i in range(n_ranks):
            sel = lv[digits[lv, i] > 0]
            contains[sel] |= contains[sel - pow5[i]]

    dist = np.full((size, N_CLASSES), 255, dtype=np.uint8)
    for s in range(4 * n_ranks, -1, -1):
        lv = levels[s]
        best = np.full((len(lv), N_CLASSES), 255, dtype=np.int32)
        for i in range(n_ranks):
            ok = digits[lv, i] < 4
            cand = dist[lv[ok] + pow5[i]].astype(np.int32) + 1
            best[ok] = np.minimum(best[ok], cand)
        d = np.where(contains[lv], 0, best)
        dist[lv] = d.astype(np.uint8)
    assert dist.max() <= 15, "a distance does not fit a nibble"
    return dist


def _pack(rows: np.ndarray) -> bytes:
    """Pack (n, 10) nibbles into n x 5 bytes, class c in bits 4c..4c+3."""
    rows = rows.astype(np.uint8)
    lo = rows[:, 0::2]
    hi = rows[:, 1::2]
    return (lo | (hi << 4)).astype(np.uint8).tobytes()


def suit_index():
    """(rank_lo uint16[625], base_hi uint32[3125], keys of the shipped shapes in index order)."""
    lo_keys = np.arange(625)
    lo_sum = sum((lo_keys // 5**i) % 5 for i in range(4))
    order = np.lexsort((lo_keys, lo_sum))
    rank_lo = np.empty(625, dtype=np.uint16)
    rank_lo[order] = np.arange(625)
    lows_upto = np.array([(lo_sum <= s).sum() for s in range(MAX_TILES + 1)])
    hi_keys = np.arange(3125)
    hi_sum = sum((hi_keys // 5**i) % 5 for i in range(5))
    base_hi = np.zeros(3125, dtype=np.uint32)
    shipped = []
    pos = 0
    for hi in range(3125):
        s = int(hi_sum[hi])
        base_hi[hi] = pos
        if s > MAX_TILES:
            continue
        n = int(lows_upto[MAX_TILES - s])
        shipped.append(hi * 625 + order[:n])
        pos += n
    return rank_lo, base_hi, np.concatenate(shipped)


def honor_rows(dist_h: np.ndarray) -> np.ndarray:
    rows = np.full((4096, N_CLASSES), 15, dtype=np.uint8)
    for key in range(5**7):
        c = [(key // 5**i) % 5 for i in range(7)]
        if sum(c) > MAX_TILES:
            continue
        idx = sum((8 ** (x - 1)) for x in c if x > 0)
        rows[idx] = dist_h[key]
    return rows


def build() -> bytes:
    dist_s = distances(9, True)
    dist_h = distances(7, False)
    rank_lo, base_hi, keys = suit_index()
    suit = np.minimum(dist_s[keys], 15)
    honors = np.minimum(honor_rows(dist_h), 15)
    header = b"IPPT" + struct.pack("<III", VERSION, len(keys), len(honors))
    return b"".join(
        [
            header,
            rank_lo.astype("<u2").tobytes(),
            base_hi.astype("<u4").tobytes(),
            _pack(suit),
            b"\0\0\0",
            _pack(honors),
            b"\0\0\0",
        ]
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the shipped file")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    blob = build()
    digest = hashlib.sha256(blob).hexdigest()
    if args.check:
        shipped = args.out.read_bytes()
        same = shipped == blob
        print(f"generated {digest}; shipped {'matches' if same else 'DIFFERS'}")
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(blob)
    args.out.with_suffix(".sha256").write_text(digest + "\n")
    print(f"wrote {args.out} ({len(blob)} bytes, sha256 {digest})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
