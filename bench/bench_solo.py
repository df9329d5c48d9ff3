"""Speed of the solo rollouts kernel (``ippatsu.core.solo_rollouts``) and of the tile
efficiency discard (``ippatsu.core.efficiency_discard``).

A rollout draws 12 tiles (unless the hand completes first) from the tiles a 13-tile hand
does not hold, discarding by the policy after each draw. Hands: typical 1-2 shanten
starts. Figures are rollouts per second of one core (``threads=1``).

Run as benchmarks::

    python -m pytest bench/bench_solo.py --benchmark-only

or for a plain table of rollouts per CPU-second (``time.process_time``, best of a few
runs, so other load on a shared machine counts as little as possible)::

    python bench/bench_solo.py [--n N]
"""
from __future__ import annotations

import argparse
import sys
import time

import pytest

from ippatsu import core
from ippatsu.tiles import parse_counts

HANDS = {
    "1-shanten": "2345m67p34s789s11z",
    "2-shanten": "13m2468p34567s11z",
}
DRAWS = 12
#: samples per benchmark call (kept small so ``--benchmark-disable`` runs fast)
N = {"efficiency": 2_000, "shanten": 20_000}

pytestmark = pytest.mark.benchmark(timer=time.process_time)


def _args(name):
    hand = parse_counts(HANDS[name])
    return hand, [4 - x for x in hand]


def rollouts(name, policy, n, key=0):
    hand, unseen = _args(name)
    return core.solo_rollouts(hand, unseen, DRAWS, 0, n, key, policy)


@pytest.mark.parametrize("name", list(HANDS))
@pytest.mark.parametrize("policy", ["efficiency", "shanten"])
def test_solo_rollouts(benchmark, name, policy):
    n = N[policy] if core.BACKEND == "cython" else 20
    tb, cb, hist = benchmark(rollouts, name, policy, n)
    assert hist.sum() == n and tb[-1] <= n


def test_efficiency_discard(benchmark):
    hand = parse_counts("13m2468p34567s11z5z")
    k = benchmark(core.efficiency_discard, bytes(hand), bytes(34))
    assert hand[k] > 0


def _rate(fn, n, repeat=3):
    best = 0.0
    for _ in range(repeat):
        t = time.process_time()
        fn()
        dt = time.process_time() - t
        best = max(best, n / dt if dt > 0 else float("inf"))
    return best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=50_000, help="rollouts per run (efficiency)")
    args = ap.parse_args(argv)
    print(f"backend {core.BACKEND}; {DRAWS} draws; rollouts per CPU-second, one thread")
    for name in HANDS:
        for policy in ("efficiency", "shanten"):
            n = args.n * (10 if policy == "shanten" else 1)
            if core.BACKEND != "cython":
                n = max(10, n // 2000)
            rollouts(name, policy, min(n, 1000))  # warm-up
            r = _rate(lambda: rollouts(name, policy, n, key=1), n)
            print(f"{name:10s} {HANDS[name]:20s} {policy:10s}: {r:12,.0f} rollouts/s")
    hand = bytes(parse_counts("13m2468p34567s11z5z"))
    vis = bytes(34)
    m = 200_000 if core.BACKEND == "cython" else 20

    def calls():
        f = core.efficiency_discard
        for _ in range(m):
            f(hand, vis)

    print(f"efficiency_discard (14 tiles, Python call): {_rate(calls, m):12,.0f} calls/s")


if __name__ == "__main__":
    sys.exit(main())
