"""Speed of the reinforcement-learning environments: decisions per CPU-second.

A *decision* is one seat choosing one action: a turn, one seat's answer to a discard, the
last dealer's stop. Every row plays uniformly random legal actions and builds, at each
decision, the deciding seat's observation and legal mask, as a learner's loop would:

* ``ippatsu.env.VecEnv`` with the ``"planes"`` encoder (111 x 34 float32 planes), 64 and
  8 games stepped together and a single game; ``"oracle"``; and no encoder (``encoder=None``: the
  engine, the masks and the loop alone, to split the time between the engine and the
  encoder). The random choice is the vector's ``random_actions(rng)``: one uniform per
  game, the legal index it picks found in compiled code.
* riichienv's ``RiichiEnv(game_mode="4p-red-half")``: ``obs.encode()`` and ``obs.mask()``
  at each decision, a random legal action from ``obs.legal_actions()``.
* pymahjong's ``MahjongEnv`` (single hands): ``get_obs(player)`` and its legal mask
  ``get_valid_actions(nhot=True)`` at each decision, a random index of the mask.

The peers are skipped when not installed. Run as benchmarks::

    python -m pytest bench/bench_env.py --benchmark-only

or for a side-by-side table (``time.process_time``: other load does not count)::

    python bench/bench_env.py [--decisions N]

``--flowers`` plays the ippatsu rows under the flower rule (``Rules.flowers`` on Tenhou's
rules: 113 and 150 channels, a decision more per flower drawn) instead, the peers skipped.

And, on an otherwise idle machine, the wall-clock gain of a vector split over processes
(``ippatsu.env.vector.ProcVecEnv``)::

    python bench/bench_env.py --scaling 2 [--envs 32,128,512]
"""
from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np
import pytest

from ippatsu.env import VecEnv
from ippatsu.rules import Rules

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
#: decisions per timed round (interpreted: the suite only checks that the benchmark runs)
N_DECISIONS = 300 if PURE else 20_000

pytestmark = pytest.mark.benchmark(timer=time.process_time)


def ippatsu_decisions(n: int, num_envs: int = 64, encoder="planes", seed: int = 0,
                      players: int = 4, flowers: bool = False) -> int:
    """Step a VecEnv until at least ``n`` decisions are made; the number made.
    ``flowers``: Tenhou's rules with flower tiles (four players)."""
    rules = Rules.tenhou().replace(flowers=True) if flowers else "tenhou"
    env = VecEnv(num_envs, rules=rules, encoder=encoder, seed=seed, copy=False,
                 players=players)
    env.reset()
    rng = np.random.default_rng(seed)
    steps = -(-n // num_envs)
    for _ in range(steps):
        env.step(env.random_actions(rng))
    return steps * num_envs


def proc_decisions(n: int, num_envs: int = 128, workers: int = 2, seed: int = 0) -> int:
    """Step a ProcVecEnv (``workers`` processes) until at least ``n`` decisions are made."""
    from ippatsu.env.vector import ProcVecEnv
    with ProcVecEnv(num_envs, workers=workers, seed=seed, copy=False) as env:
        env.reset()
        rng = np.random.default_rng(seed)
        steps = -(-n // num_envs)
        for _ in range(steps):
            env.step(env.random_actions(rng))
    return steps * num_envs


def _stepper(env, num_envs: int, seed: int = 0):
    """Steps of random legal actions on a started env: ``run(k)`` makes >= k decisions."""
    env.reset()
    rng = np.random.default_rng(seed)

    def run(k):
        steps = -(-k // num_envs)
        for _ in range(steps):
            env.step(env.random_actions(rng))
        return steps * num_envs
    return run


def scaling(n: int, num_envs: int, workers: int, rounds: int) -> None:
    """Wall-clock decisions/s of one VecEnv against a ProcVecEnv of ``workers`` processes
    (start-up not counted; the rounds of the two alternate, the best of each is kept; run
    it on an otherwise idle machine)."""
    from ippatsu.env.vector import ProcVecEnv

    def once(run):
        t = time.perf_counter()
        d = run(n)
        return d / (time.perf_counter() - t)
    with ProcVecEnv(num_envs, workers=workers, seed=0, copy=False) as env:
        runs = [_stepper(VecEnv(num_envs, seed=0, copy=False), num_envs),
                _stepper(env, num_envs)]
        for run in runs:
            run(num_envs * 20)   # warm-up
        best = [0.0, 0.0]
        for _ in range(rounds):
            for k, run in enumerate(runs):
                best[k] = max(best[k], once(run))
    one, many = best
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"VecEnv({num_envs}), one process      {one:10,.0f} decisions/s (wall clock)")
    print(f"ProcVecEnv({num_envs}, workers={workers}) {many:10,.0f} decisions/s "
          f"({many / one:.2f}x; load average {load:.2f})")


def riichienv_decisions(n: int, seed: int = 0, mode: str = "4p-red-half") -> int:
    """riichienv's env with its observation encoding, random legal actions: at least
    ``n`` decisions (whole games)."""
    import riichienv

    rng = random.Random(seed)
    d = 0
    g = 0
    while d < n:
        env = riichienv.RiichiEnv(game_mode=mode)
        obs = env.reset(seed=seed + g)
        g += 1
        while not env.done():
            acts = {}
            for p, o in obs.items():
                o.encode()
                o.mask()
                legal = o.legal_actions()
                acts[p] = legal[rng.randrange(len(legal))]
                d += 1
            obs = env.step(acts)
    return d


def pymahjong_decisions(n: int, seed: int = 0) -> int:
    """pymahjong's MahjongEnv (one hand per reset) with its observation and legal mask:
    at least ``n`` decisions."""
    import pymahjong

    rng = random.Random(seed)
    env = pymahjong.MahjongEnv()
    d = 0
    g = 0
    while d < n:
        env.reset(oya=g % 4, game_wind="east")  # its seed= fails (no Table.seed)
        g += 1
        while not env.is_over():
            pid = env.get_curr_player_id()
            env.get_obs(pid)
            legal = np.flatnonzero(env.get_valid_actions(nhot=True))
            env.step(pid, int(legal[rng.randrange(len(legal))]))
            d += 1
    return d


def _need(name):
    try:
        __import__(name)
    except ImportError:
        pytest.skip(f"{name} not installed")


def test_vecenv_planes_64(benchmark):
    ippatsu_decisions(1000)
    benchmark.pedantic(ippatsu_decisions, args=(N_DECISIONS,), rounds=3, iterations=1)


def test_vecenv_planes_flowers_64(benchmark):
    ippatsu_decisions(1000, flowers=True)
    benchmark.pedantic(ippatsu_decisions, args=(N_DECISIONS,), kwargs={"flowers": True},
                       rounds=3, iterations=1)


def test_vecenv_planes_1(benchmark):
    ippatsu_decisions(1000, num_envs=1)
    benchmark.pedantic(ippatsu_decisions, args=(N_DECISIONS,), kwargs={"num_envs": 1},
                       rounds=3, iterations=1)


def test_vecenv_no_encoder_64(benchmark):
    benchmark.pedantic(ippatsu_decisions, args=(N_DECISIONS,), kwargs={"encoder": None},
                       rounds=3, iterations=1)


def test_procvecenv_two_workers(benchmark):
    benchmark.pedantic(proc_decisions, args=(N_DECISIONS,), kwargs={"num_envs": 16},
                       rounds=1, iterations=1)


def test_riichienv_env(benchmark):
    _need("riichienv")
    riichienv_decisions(500)
    benchmark.pedantic(riichienv_decisions, args=(N_DECISIONS,), rounds=3, iterations=1)


def test_pymahjong_env(benchmark):
    _need("pymahjong")
    pymahjong_decisions(500)
    benchmark.pedantic(pymahjong_decisions, args=(N_DECISIONS // 4,), rounds=3, iterations=1)


def _rate(fn, *args, **kwargs) -> float:
    t = time.process_time()
    d = fn(*args, **kwargs)
    return d / (time.process_time() - t)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=3, help="best of this many runs")
    ap.add_argument("--scaling", type=int, metavar="WORKERS", default=0,
                    help="instead: wall-clock rate of a ProcVecEnv of WORKERS processes "
                         "against one VecEnv")
    ap.add_argument("--envs", default="128", metavar="N[,N...]",
                    help="with --scaling: the vector sizes (default 128)")
    ap.add_argument("--flowers", action="store_true",
                    help="the four-player rows under the flower rule (Rules.flowers), no peers")
    args = ap.parse_args(argv)
    n = args.decisions
    if args.flowers:
        ippatsu_decisions(2000, flowers=True)   # warm-up
        rows = [("ippatsu VecEnv planes, flowers, 64", dict(flowers=True)),
                ("ippatsu VecEnv oracle, flowers, 64", dict(encoder="oracle", flowers=True)),
                ("ippatsu VecEnv no encoder, flowers, 64", dict(encoder=None, flowers=True))]
        rates = {}
        for _ in range(args.rounds):
            for name, kw in rows:
                rates[name] = max(rates.get(name, 0.0), _rate(ippatsu_decisions, n, **kw))
        for name, _ in rows:
            print(f"{name:40s} {rates[name]:10,.0f} decisions/s")
        return
    if args.scaling:
        for num_envs in (int(x) for x in args.envs.split(",")):
            scaling(n, num_envs, args.scaling, args.rounds)
        return
    rows = [("ippatsu VecEnv planes, 64 envs", lambda: ippatsu_decisions(n)),
            ("ippatsu VecEnv planes, 8 envs", lambda: ippatsu_decisions(n, num_envs=8)),
            ("ippatsu VecEnv planes, 1 env", lambda: ippatsu_decisions(n // 2, num_envs=1)),
            ("ippatsu VecEnv oracle, 64 envs", lambda: ippatsu_decisions(n, encoder="oracle")),
            ("ippatsu VecEnv no encoder, 64 envs", lambda: ippatsu_decisions(n, encoder=None)),
            ("ippatsu VecEnv no encoder, 8 envs",
             lambda: ippatsu_decisions(n, num_envs=8, encoder=None)),
            ("ippatsu VecEnv planes, 3 players, 64", lambda: ippatsu_decisions(n, players=3))]
    try:
        import riichienv  # noqa: F401
        rows.append(("riichienv RiichiEnv encode+mask", lambda: riichienv_decisions(n // 4)))
    except ImportError:
        print("riichienv: not installed")
    try:
        import pymahjong  # noqa: F401
        rows.append(("pymahjong MahjongEnv obs+mask", lambda: pymahjong_decisions(n // 16)))
    except ImportError:
        print("pymahjong: not installed")
    ippatsu_decisions(2000)   # warm-up: first-use costs (tables, caches)
    rates = {}
    for _ in range(args.rounds):   # interleaved rounds, the best of each row
        for name, fn in rows:
            r = _rate(fn)
            rates[name] = max(rates.get(name, 0.0), r)
    base = rates["ippatsu VecEnv planes, 64 envs"]
    for name, _ in rows:
        r = rates[name]
        print(f"{name:40s} {r:10,.0f} decisions/s  (planes-64 / this: {base / r:5.2f}x)")
    peers = [name for name, _ in rows if not name.startswith("ippatsu")]
    if peers:   # the ratios of this run, the peers' rates measured between ippatsu's
        print("this run, ippatsu planes (8 / 64 envs) against: " + "; ".join(
            f"{name.split()[0]} {rates['ippatsu VecEnv planes, 8 envs'] / rates[name]:.1f}x"
            f" / {base / rates[name]:.1f}x" for name in peers))


if __name__ == "__main__":
    main()
