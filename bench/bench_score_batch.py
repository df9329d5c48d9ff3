"""Batch scoring throughput (``ippatsu.scoring_batch.score_batch``).

100,000 seeded random winning hands (open and closed, riichi, tsumo, dora) scored in one
call; figures are hands per second. Compare: riichienv's Rust evaluator called directly
measures ~240,000 hands/s here (bench_scoring.py times it beside ours).
"""
from __future__ import annotations

import pytest

from _hands import random_wins
from ippatsu import core
from ippatsu.scoring_batch import score_batch

N = 1_000 if core.BACKEND == "python" else 100_000


@pytest.fixture(scope="module")
def wins():
    return random_wins(N, 9)


def _run(wins, threads):
    counts, win, melds, flags, winds, dora, ura, red = wins
    return score_batch(counts, win, melds=melds, flags=flags, seat_wind=winds[:, 0],
                       round_wind=winds[:, 1], dora_indicators=dora, ura_indicators=ura,
                       red=red, threads=threads)


def test_score_batch(benchmark, wins):
    res = benchmark(_run, wins, 1)
    assert (res.code != 1).all()          # every generated hand is complete
    assert (res.code == 0).mean() > 0.5   # most have a yaku


def test_score_batch_all_cores(benchmark, wins):
    res = benchmark(_run, wins, None)
    assert (res.code != 1).all()
