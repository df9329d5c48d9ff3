"""Benchmark fixtures: seeded random hands shared by every benchmark.

The benchmarks run once in every ordinary test run (``--benchmark-disable``) so they
never rot; ``python -m pytest bench --benchmark-only`` times them for real (see README).
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _hands import random_counts, random_ids  # noqa: E402


@pytest.fixture(scope="session")
def hands13() -> np.ndarray:
    return random_counts(200_000, 13, 1)


@pytest.fixture(scope="session")
def hands14() -> np.ndarray:
    return random_counts(200_000, 14, 2)


@pytest.fixture(scope="session")
def ids13() -> list:
    return random_ids(2_000, 13, 3)
