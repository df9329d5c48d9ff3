"""Benchmark fixtures: seeded random hands shared by every benchmark.

The benchmarks run once in every ordinary test run (``--benchmark-disable``) so they
never rot; ``python -m pytest bench --benchmark-only`` times them for real (see README).
"""
from __future__ import annotations

import numpy as np
import pytest


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


@pytest.fixture(scope="session")
def hands13() -> np.ndarray:
    return random_counts(200_000, 13, 1)


@pytest.fixture(scope="session")
def hands14() -> np.ndarray:
    return random_counts(200_000, 14, 2)


@pytest.fixture(scope="session")
def ids13() -> list:
    return random_ids(2_000, 13, 3)
