"""pytest fixtures of the benchmarks over the seeded inputs of ``_hands.py``."""
from __future__ import annotations

# pytest fixtures: bench modules import them by name (bench/ has no conftest.py, so that
# tests/conftest.py stays the only module named `conftest` in a run over tests/ and bench/)
import numpy as np
import pytest

from _hands import random_counts, random_ids


def _n(full: int) -> int:
    """Rows per batch: the full size for the compiled core, a smoke-test size for the
    pure-Python twin (whose speed is not what these benchmarks measure)."""
    import os

    return 400 if os.environ.get("IPPATSU_PURE_PYTHON") == "1" else full


@pytest.fixture(scope="session")
def hands13() -> np.ndarray:
    return random_counts(_n(200_000), 13, 1)


@pytest.fixture(scope="session")
def hands14() -> np.ndarray:
    return random_counts(_n(200_000), 14, 2)


@pytest.fixture(scope="session")
def ids13() -> list:
    return random_ids(2_000, 13, 3)
