"""Hand-core throughput, beside the peers, in one run (pytest-benchmark).

Figures are hands (or calls) per second = batch size / mean time. Peers: ``mahjong``
(pure Python) and ``riichienv`` (Rust), skipped when not installed.
"""
from __future__ import annotations

import numpy as np
import pytest

import ippatsu
from _fixtures import hands13, hands14, ids13  # noqa: F401  (fixtures)
from ippatsu import core

SCALAR_N = 2_000
N_UK = 50_000


def test_shanten_batch_13(benchmark, hands13):
    out = benchmark(core.shanten_batch, hands13)
    assert out.shape == (len(hands13),) and out.min() >= 0


def test_shanten_batch_14(benchmark, hands14):
    out = benchmark(core.shanten_batch, hands14)
    assert out.min() >= -1


def test_shanten_batch_13_all_cores(benchmark, hands13):
    out = benchmark(core.shanten_batch, hands13, threads=None)
    assert (out[:1000] == core.shanten_batch(hands13[:1000])).all()


def test_is_agari_batch_14(benchmark, hands14):
    out = benchmark(core.is_agari_batch, hands14)
    assert out.dtype == np.bool_


def test_ukeire_batch_13(benchmark, hands13):
    sh, tiles = benchmark(core.ukeire_batch, hands13[:N_UK])
    assert (sh == core.shanten_batch(hands13[:N_UK])).all()


def test_waits_batch_13(benchmark, hands13):
    out = benchmark(core.waits_batch, hands13[:N_UK])
    assert out.shape == (min(N_UK, len(hands13)), 34)


def _loop(fn, items):
    def run():
        for x in items:
            fn(x)
    return run


def test_shanten_scalar_hand_objects(benchmark, ids13):
    hands = [ippatsu.Hand(ids) for ids in ids13[:SCALAR_N]]
    benchmark(_loop(core.shanten, hands))


def test_shanten_scalar_bytes(benchmark, hands13):
    rows = [bytes(r) for r in hands13[:SCALAR_N]]
    benchmark(_loop(core.shanten, rows))


def test_shanten_scalar_lists(benchmark, hands13):
    rows = [list(map(int, r)) for r in hands13[:SCALAR_N]]
    benchmark(_loop(core.shanten, rows))


def test_peer_mahjong_shanten(benchmark, hands13):
    mj = pytest.importorskip("mahjong.shanten")
    calc = mj.Shanten()
    rows = [list(map(int, r)) for r in hands13[:SCALAR_N // 10]]
    benchmark(_loop(calc.calculate_shanten, rows))


def test_peer_riichienv_shanten(benchmark, ids13):
    riichienv = pytest.importorskip("riichienv")
    benchmark(_loop(riichienv.calculate_shanten, ids13[:SCALAR_N]))


@pytest.mark.skipif(core.BACKEND != "cython", reason="the compiled core's tables")
def test_load_tables(benchmark):
    """The lookup-table load done at import (typically a few ms); was a wall-clock
    assertion in tests/test_packaging.py, speed belongs here."""
    from ippatsu import _core

    benchmark(_core._load_tables)
