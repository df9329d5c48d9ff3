"""Speed of the record loaders: the largest standard Tenhou game of the shared data, as an
mjlog and as tenhou.net/6 JSON (skipped when ../shared/data is absent). Speed is held by
benchmarks, never by timing assertions in the tests.

    python -m pytest bench/bench_io.py --benchmark-only
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from ippatsu.io import load_mjlog, load_tenhou6

_DATA = Path(os.environ.get("IPPATSU_SHARED_DATA",
                            Path(__file__).resolve().parents[1].parent / "shared" / "data"))


def _largest(folder: Path, pattern: str) -> Path:
    files = sorted(folder.glob(pattern)) if folder.is_dir() else []
    if not files:
        pytest.skip(f"shared data not available: {folder}")
    return max(files, key=lambda q: q.stat().st_size)


def test_load_mjlog(benchmark):
    data = _largest(_DATA / "tenhou" / "mjlog" / "mjx", "*.mjlog").read_bytes()
    game = benchmark(load_mjlog, data)
    assert game.rounds


def test_load_tenhou6(benchmark):
    text = _largest(_DATA / "tenhou" / "json" / "mjx", "*.json").read_text(encoding="utf-8")
    rounds = benchmark(load_tenhou6, text)
    assert rounds
