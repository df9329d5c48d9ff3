"""Speed of the Monte Carlo studies (ippatsu.study), side by side with what a user would
otherwise write.

* solo: rollouts of 12 draws from a 1-shanten hand, efficiency and shanten-only policies,
  in the compiled kernel through ``study.solo`` (serial backend: one core); the peer row
  runs the same shanten-only rollout in Python with the ``mahjong`` package's shanten
  (what a user had before ippatsu), on far fewer rollouts;
* positions: ``study.position`` on a real mid-hand position with greedy agents, counted in
  play-outs (worlds × choices) per second;
* matches: ``study.match`` half games with greedy and with random agents, games per second;
* scaling: the same match on ``local`` with 2 workers and on a local Ray runtime against
  one worker (``serial``: in this process; ``local x1``: one pool worker, the same
  machinery as two), wall-clock, best of 3 runs each;
* memory: RSS before and after a long random-agent match run through ``study.match``
  (``--memory GAMES``).

Run as benchmarks (each a small fixed amount of work)::

    python -m pytest bench/bench_study.py --benchmark-only

or for the table of rates (one core unless stated; CPU time for the per-core rates,
wall-clock for the scaling rows)::

    python bench/bench_study.py [--scale 1.0] [--ray] [--memory 20000]
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import time

import pytest

from ippatsu import study
from ippatsu.study._position import EXAMPLE

HAND = "23m456p78s34567s1z"     # 1-shanten, ryanmen-heavy
CHOICES = ["riichi 9s", "9s"]
AGENTS = ["greedy", "random", "random", "random"]
QUIET = dict(progress=False)
# interpreted (IPPATSU_PURE_PYTHON=1) the suite only checks that each benchmark runs
SMALL = os.environ.get("IPPATSU_PURE_PYTHON") == "1"


def solo_rate(policy: str, n: int) -> float:
    t = time.process_time()
    study.solo(HAND, draws=12, n=n, seed=1, policy=policy, backend="serial", **QUIET)
    return n / (time.process_time() - t)


def mahjong_solo_rate(n: int) -> float:
    """The shanten-only rollout written in Python over the mahjong package's shanten."""
    from mahjong.shanten import Shanten

    from ippatsu.tiles import parse_counts

    sh = Shanten()
    base = parse_counts(HAND)
    unseen = [k for k in range(34) for _ in range(4 - base[k])]
    rng = random.Random(1)
    t = time.process_time()
    for _ in range(n):
        hand = list(base)
        wall = rng.sample(unseen, 12)
        cur = sh.calculate_shanten(hand)
        for d in wall:
            hand[d] += 1
            if sh.calculate_shanten(hand) == -1:
                break
            best, pick = 99, d
            for k in range(34):
                if hand[k]:
                    hand[k] -= 1
                    s = sh.calculate_shanten(hand)
                    hand[k] += 1
                    if s < best or (s == best and k == d):
                        best, pick = s, k
            hand[pick] -= 1
            cur = best
    del cur
    return n / (time.process_time() - t)


def position_rate(n: int) -> float:
    t = time.process_time()
    study.position(EXAMPLE, CHOICES, n=n, seed=1, backend="serial", **QUIET)
    return n * len(CHOICES) / (time.process_time() - t)


def match_rate(agents, games: int) -> float:
    from ippatsu.rules import GameLength, Rules

    study.match(agents, games=4, seed=0, backend="serial", **QUIET)  # warm-up
    t = time.process_time()
    study.match(agents, games=games, seed=1, backend="serial", **QUIET,
                rules=Rules(game_length=GameLength.HALF))
    return games / (time.process_time() - t)


def scaling(games: int, ray: bool, repeat: int = 3) -> dict:
    """Games per wall-clock second, best of ``repeat`` runs each (a shared machine is
    noisy; the best run is the one least disturbed by other load)."""
    out = {}
    for name, kw in (("serial", dict(backend="serial")),
                     ("local x1", dict(backend="local", workers=1)),
                     ("local x2", dict(backend="local", workers=2)),
                     ("ray x2", dict(backend="ray")) if ray else (None, None)):
        if name is None:
            continue
        study.match(AGENTS, games=8, seed=0, chunk_size=1, **QUIET, **kw)  # start-up, warm-up
        best = 0.0
        for _ in range(repeat):
            t = time.perf_counter()
            study.match(AGENTS, games=games, seed=1, **QUIET, **kw)
            best = max(best, games / (time.perf_counter() - t))
        out[name] = best
    return out


def _spin(n: int) -> int:
    x = 0
    for i in range(n):
        x ^= i * 2654435761 & 0xFFFF
    return x


def machine_ceiling(n: int = 20_000_000, repeat: int = 3) -> float:
    """What two processes can get on this machine at best: a fixed CPU-bound loop run by
    one process, then by two at once (each the same work), as wall-clock throughput
    ratio (2.0 on two idle, independent cores; less where the cores share a physical core
    or other load takes its share). Best of ``repeat``."""
    import concurrent.futures as cf

    best1 = best2 = float("inf")
    with cf.ProcessPoolExecutor(2) as ex:
        list(ex.map(_spin, [1000, 1000]))  # start the workers
        for _ in range(repeat):
            t = time.perf_counter()
            ex.submit(_spin, n).result()
            best1 = min(best1, time.perf_counter() - t)
            t = time.perf_counter()
            list(ex.map(_spin, [n, n]))
            best2 = min(best2, time.perf_counter() - t)
    return 2 * best1 / best2


def rss_mb() -> float:
    """Resident set size now (Linux /proc), in MB."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except OSError:  # pragma: no cover - not Linux
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory(games: int) -> tuple:
    study.match(["random"] * 4, games=40, seed=0, backend="serial", **QUIET)
    before = rss_mb()
    t = time.perf_counter()
    study.match(["random"] * 4, games=games, seed=1, backend="serial", **QUIET)
    return before, rss_mb(), games / (time.perf_counter() - t)


# ----------------------------------------------------------------------------- pytest-benchmark
def test_solo_efficiency(benchmark):
    benchmark(lambda: study.solo(HAND, draws=12, n=200 if SMALL else 2_000, seed=1,
                                 backend="serial", **QUIET))


def test_solo_shanten(benchmark):
    benchmark(lambda: study.solo(HAND, draws=12, n=20_000, seed=1, policy="shanten",
                                 backend="serial", **QUIET))


def test_position_greedy(benchmark):
    benchmark(lambda: study.position(EXAMPLE, CHOICES, n=20, seed=1, backend="serial", **QUIET))


def test_position_state_per_world(benchmark):
    """The state of one sampled world (a copy of the position's state, dealt again): 200
    worlds drawn beforehand."""
    import numpy as np

    from ippatsu.study import Position

    sampler = Position.parse(EXAMPLE).prepare()
    rng = np.random.default_rng(1)
    worlds = [sampler.world(rng) for _ in range(20 if SMALL else 200)]
    benchmark(lambda: [sampler.state(world=w) for w in worlds])


def test_match_greedy(benchmark):
    benchmark(lambda: study.match(["greedy"] * 4, games=4, seed=1, backend="serial", **QUIET))


def test_match_random(benchmark):
    benchmark(lambda: study.match(["random"] * 4, games=4, seed=1, backend="serial", **QUIET))


def test_solo_mahjong_peer(benchmark):
    pytest.importorskip("mahjong")
    benchmark(lambda: mahjong_solo_rate(5))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every sample count")
    ap.add_argument("--ray", action="store_true", help="add the Ray scaling row")
    ap.add_argument("--memory", type=int, default=0, metavar="GAMES",
                    help="RSS before/after a random-agent match of GAMES games")
    a = ap.parse_args()
    s = a.scale
    rows = []
    eff = solo_rate("efficiency", int(200_000 * s))
    shan = solo_rate("shanten", int(2_000_000 * s))
    rows.append(("solo, efficiency policy (rollouts/s per core)", eff))
    rows.append(("solo, shanten-only policy (rollouts/s per core)", shan))
    try:
        peer = mahjong_solo_rate(max(50, int(500 * s)))
        rows.append(("  peer: mahjong package, shanten-only, Python loop", peer))
        # like with like in the unit (rollouts per CPU-second, one core, the same hand and
        # policy); the engines differ: ippatsu's compiled rollout loop vs a Python loop
        rows.append(("  ippatsu / peer (shanten-only, rollout per rollout)", shan / peer))
    except ImportError:
        pass
    rows.append(("positions, greedy play-outs (per s per core)", position_rate(int(1_000 * s))))
    rows.append(("matches, greedy half games (games/s per core)",
                 match_rate(["greedy"] * 4, int(200 * s) // 4 * 4)))
    rows.append(("matches, random half games (games/s per core)",
                 match_rate(["random"] * 4, int(400 * s) // 4 * 4)))
    sc = scaling(int(1200 * s) // 100 * 100, a.ray)
    for name, rate in sc.items():
        rows.append((f"match greedy+3 random, {name} (games/s, wall)", rate))
        if name != "serial":
            rows.append((f"  {name} / serial", rate / sc["serial"]))
        if name == "local x2":  # the same pool machinery with one worker and with two
            rows.append(("  local x2 / local x1", rate / sc["local x1"]))
    rows.append(("  machine ceiling: 2 processes / 1, fixed CPU loop", machine_ceiling()))
    if a.memory:
        before, after, rate = memory(a.memory)
        rows.append((f"RSS before / after {a.memory:,} games (MB)", f"{before:.0f} / {after:.0f}"))
        rows.append(("  games/s during that run", rate))
    w = max(len(r[0]) for r in rows)
    for name, v in rows:
        print(f"{name.ljust(w)}  {v:>12,.1f}" if isinstance(v, float) else f"{name.ljust(w)}  {v:>12}")


if __name__ == "__main__":
    main()
