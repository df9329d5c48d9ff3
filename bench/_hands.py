"""Seeded inputs shared by the benchmarks, ``compare_peers.py`` and ``budgets.py`` (no test
imports, no pytest: ``_fixtures.py`` has the pytest fixtures)."""
from __future__ import annotations

import numpy as np


def random_counts(n: int, size: int, seed: int) -> np.ndarray:
    """(n, 34) uint8 counts of `size` distinct tiles drawn from the 136, seeded."""
    rng = np.random.default_rng(seed)
    ids = np.argsort(rng.random((n, 136)), axis=1)[:, :size]
    out = np.zeros((n, 34), np.uint8)
    np.add.at(out, (np.repeat(np.arange(n), size), (ids // 4).ravel()), 1)
    return out


def random_ids(n: int, size: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    return [sorted(map(int, rng.choice(136, size, replace=False))) for _ in range(n)]


RUN_STARTS = [s * 9 + r for s in range(3) for r in range(7)]


def random_wins(n: int, seed: int):
    """n random winning hands as score_batch arrays (counts, win, melds, flags, winds,
    dora, ura, red): four blocks and a pair, up to two of the blocks declared as melds,
    riichi on half of the closed hands, tsumo on a third, one or two dora indicators."""
    rng = np.random.default_rng(seed)
    counts = np.zeros((n, 34), np.uint8)
    win = np.zeros(n, np.int64)
    melds = np.full((n, 4, 2), 255, np.uint8)
    flags = np.zeros(n, np.uint32)
    winds = rng.integers(0, 4, (n, 2))
    dora = np.full((n, 2), -1, np.int64)
    dora[:, 0] = rng.integers(0, 34, n)
    ura = np.full((n, 2), -1, np.int64)
    red = np.zeros(n, np.int64)
    i = 0
    while i < n:
        full = np.zeros(34, np.int64)
        blocks = []
        for _ in range(4):
            if rng.random() < 0.6:
                k = RUN_STARTS[rng.integers(0, 21)]
                blocks.append((0, k))
                full[k:k + 3] += 1
            else:
                k = int(rng.integers(0, 34))
                blocks.append((1, k))
                full[k] += 3
        p = int(rng.integers(0, 34))
        full[p] += 2
        if full.max() > 4:
            continue
        n_open = int(rng.choice([0, 0, 1, 2]))
        conc = full.copy()
        for j, (t, k) in enumerate(blocks[:n_open]):
            melds[i, j] = (t, k)
            if t == 0:
                conc[k:k + 3] -= 1
            else:
                conc[k] -= 3
        held = np.nonzero(conc)[0]
        counts[i] = conc
        win[i] = rng.choice(held)
        f = 1 if rng.random() < 0.33 else 0
        if n_open == 0 and rng.random() < 0.5:
            f |= 2
            ura[i, 0] = rng.integers(0, 34)
        flags[i] = f
        # indicators are tiles too: never a fifth copy between the hand and them
        while full[dora[i, 0]] >= 4:
            dora[i, 0] = (dora[i, 0] + 1) % 34
        while ura[i, 0] >= 0 and full[ura[i, 0]] + (ura[i, 0] == dora[i, 0]) >= 4:
            ura[i, 0] = (ura[i, 0] + 1) % 34
        red[i] = int((full[[4, 13, 22]] == 4).sum())  # four fives hold the red one
        i += 1
    return counts, win, melds, flags, winds, dora, ura, red
