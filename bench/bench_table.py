"""Speed of the table engine: whole half games in self-play, and replays of Tenhou records.

* random agents: every decision a uniformly random legal action (includes calls);
* greedy agents: tile efficiency by ``ippatsu.core.ukeire``, riichi when tenpai;
* replay: every complete standard mjlog of ``../shared/data/tenhou/mjlog`` (skipped when
  the data folder is absent), records parsed once outside the timed loop.

Event recording (the mjai dicts) is off in the self-play timings (``record=False``), as a
simulator would run; ``test_random_games_recorded`` shows its cost.

Where the time goes (line profile of the replay): building each turn's legal set
(``GameState._turn_actions``: the per-kind discard set, the riichi scan, the agari test),
the discard (``_discard``: river, furiten mask, waits refresh, the response prefilter) and
the draw; the kernels themselves (shanten, waits, agari) are a few percent. Pure Python
spends ~5 µs per decision point in that bookkeeping. A Cython port would make the state a
``cdef class`` with ``uint8_t[4][34]`` counts, 64-bit wait/discard masks and the river as
C arrays, compute the legal set into a fixed action buffer (Python ``Action`` objects built
only when an agent asks), and call the ``nogil`` kernels directly; scoring stays in Python
(it runs only on a possible win).

Run as benchmarks::

    python -m pytest bench/bench_table.py --benchmark-only

or for a plain table of games per CPU-second (``time.process_time``, so other load on a
shared machine does not count)::

    python bench/bench_table.py [--games N]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import pytest

from ippatsu.sim import play
from ippatsu.table.agents import GreedyAgent, RandomAgent

_DATA = Path(os.environ.get("IPPATSU_SHARED_DATA",
                            Path(__file__).resolve().parents[1].parent / "shared" / "data"))
_MJLOG_DIRS = ("mjx", "mjx-edge", "dnovikoff", "gimite", "jim137")
N_GAMES = 10

# CPU time of this process: on a shared machine other load does not count
pytestmark = pytest.mark.benchmark(timer=time.process_time)


def random_games(n=N_GAMES, seed=0, record=False):
    for i in range(n):
        play(seed + i, [RandomAgent(seed * 4 + i * 4 + j) for j in range(4)], record=record)


def greedy_games(n=N_GAMES, seed=0):
    agents = [GreedyAgent() for _ in range(4)]
    for i in range(n):
        play(seed + i, agents, record=False)


def _records():
    from ippatsu.io import load_mjlog

    out = []
    for d in _MJLOG_DIRS:
        root = _DATA / "tenhou" / "mjlog" / d
        if not root.is_dir():
            continue
        for p in sorted(root.iterdir()):
            g = load_mjlog(str(p))
            if g.complete:
                out.append(g)
    return out


def replay_games(games):
    from ippatsu.rules import GameLength
    from ippatsu.table.replay import replay_game, tenhou_rules

    base = tenhou_rules()
    for g in games:
        lt = g.lobby_type
        rules = base if lt is None or lt.hanchan else base.replace(game_length=GameLength.EAST)
        replay_game(g.rounds, rules, complete=True)


def test_random_half_games(benchmark):
    benchmark.pedantic(random_games, rounds=3, iterations=1)


def test_random_games_recorded(benchmark):
    benchmark.pedantic(random_games, kwargs={"record": True}, rounds=3, iterations=1)


def test_greedy_half_games(benchmark):
    benchmark.pedantic(greedy_games, rounds=3, iterations=1)


def test_replay_games(benchmark):
    games = _records()
    if not games:
        pytest.skip("shared data not available")
    benchmark.pedantic(replay_games, args=(games,), rounds=3, iterations=1)


def _rate(fn, n, *args):
    """Games per second of CPU time (``process_time``: the machine may be shared)."""
    t = time.process_time()
    fn(*args)
    dt = time.process_time() - t
    return n / dt


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    args = ap.parse_args(argv)
    n = args.games
    print(f"random agents, half games : {_rate(lambda: random_games(n), n):8.1f} games/s")
    print(f"  with mjai event log     : {_rate(lambda: random_games(n, record=True), n):8.1f} games/s")
    print(f"greedy agents, half games : {_rate(lambda: greedy_games(n), n):8.1f} games/s")
    games = _records()
    if games:
        reps = max(1, 200 // len(games))
        r = _rate(lambda: [replay_games(games) for _ in range(reps)], reps * len(games))
        print(f"replay ({len(games)} mjlog games)  : {r:8.1f} games/s (records pre-parsed)")


if __name__ == "__main__":
    sys.exit(main())
