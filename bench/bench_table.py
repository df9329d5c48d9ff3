"""Speed of the table engine: whole half games in self-play, and replays of Tenhou records.

* random agents: every decision a uniformly random legal action (includes calls);
* greedy agents: tile efficiency, one call of the ``efficiency_discard`` kernel per
  discard (``ippatsu.core``), riichi when tenpai;
* replay: every complete standard mjlog of ``../shared/data/tenhou/mjlog`` (skipped when
  the data folder is absent), records parsed once outside the timed loop.

Event recording (the mjai dicts) is off in the self-play timings (``record=False``), as a
simulator would run; ``test_random_games_recorded`` shows its cost.

Where the time goes: ``ippatsu/table/state.py`` is compiled by Cython (``state.pxd``
makes ``GameState`` a cdef class: attributes in C slots, the per-decision methods
``cpdef`` with typed seats, so the draw -> legal set -> discard -> response chain runs as
C calls; tile masks stay Python ints). That took random half games from ~215 to ~465
games per CPU-second (``IPPATSU_PURE_PYTHON=1`` runs the same source interpreted).
A second pass (typed locals through ``@cython.locals`` in ``state.pxd``: kinds and seats
as C ints, counts as typed ``bytearray``; the turn's discards found with byte slots
instead of a dict; the melds of legal calls built without re-validation; the rules read
at every turn cached per ``Rules`` object; an agent's own legal action not resolved
again; walls cut from numpy's permutation without re-copies; ``agents.py`` and
``sim.play``'s loops compiled) took a random half game from ~27.2M to ~16.3M
instructions (callgrind, 20 seeded games, same games) and a greedy one from ~42.9M to
~30.1M: about 1.7x and 1.45x the games per CPU-second (interleaved best-of-3
``process_time`` on a loaded 2-core machine: random 220 -> 376, greedy 129 -> 188).
A third pass (``agents.pxd``: ``study.match``'s loop calls ``GameState`` as C calls; the
step's phase tests by identity; fewer ints boxed and unboxed in the discard and the turn's
legal set; the calls' melds built by C calls; meld types read as module names, not off the
Enum class, whose attribute hook is Python code; legal calls built as plain tuples of every
field, without the NamedTuple's ``__new__`` frame) took a ``study.match`` random half game
from ~16.2M to ~13.2M instructions and a greedy one from ~29.0M to ~26.9M (callgrind with
``PYTHONHASHSEED=0``, 44 games minus 4, the same games: the match results hash alike).
Interleaved on one machine, best of six runs of 400 random half games: 221 -> 278 games
per CPU-second (medians 190 -> 242).
What is left is mostly Python object work: the ``Action`` lists offered at each turn,
the response sets, the agent call; the hand-core kernels (shanten, waits, agari) are a
few percent, and scoring runs only on a possible win. ``sim.play`` runs four exact
``RandomAgent`` instances with their draws inlined (the same games).

Greedy agents: the discard was a Python loop of ``shanten`` and ``ukeire`` calls (~40 us a
decision, three quarters of a greedy game); it is now one C call (~2 us: shanten of every
discard by leave-one-out, ukeire only for the tied kinds, rows and pairwise convolutions
shared between them), which took greedy half games ~2-2.5x faster (measured interleaved on
the same seeds against the old agent, kept as the oracle in tests/test_agents_fast.py).
What is left of the agent is its scan of the legal actions (``agents.py`` is compiled
like ``state.py``) and the kernel itself.

The peer row plays riichienv's ``RiichiEnv(game_mode="4p-red-half")`` with uniformly
random legal actions through its Python API, in the same process (skipped when it is not
installed).

Three players (docs/rules.md §11): random-agent half games of ``Rules.tenhou_sanma()``
beside riichienv's ``RiichiEnv(game_mode="3p-red-half")`` with uniformly random legal
actions, the same number of games on the same seeds.

Every measurement plays one untimed game first (first-use costs: the scoring tables, the
meld cache), as a simulator running many games would see.

Run as benchmarks::

    python -m pytest bench/bench_table.py --benchmark-only

or for a plain table of games per CPU-second (``time.process_time``, so other load on a
shared machine does not count)::

    python bench/bench_table.py [--games N]
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from pathlib import Path

import pytest

from ippatsu.rules import Rules
from ippatsu.sim import play
from ippatsu.table.agents import GreedyAgent, RandomAgent

_DATA = Path(os.environ.get("IPPATSU_SHARED_DATA",
                            Path(__file__).resolve().parents[1].parent / "shared" / "data"))
_MJLOG_DIRS = ("mjx", "mjx-edge", "dnovikoff", "gimite", "jim137")
# interpreted (IPPATSU_PURE_PYTHON=1) the suite only checks that the benchmark runs: 1 game
N_GAMES = 1 if os.environ.get("IPPATSU_PURE_PYTHON") == "1" else 10

# CPU time of this process: on a shared machine other load does not count
pytestmark = pytest.mark.benchmark(timer=time.process_time)


def random_games(n=N_GAMES, seed=0, record=False):
    for i in range(n):
        play(seed + i, [RandomAgent(seed * 4 + i * 4 + j) for j in range(4)], record=record)


SANMA = Rules.tenhou_sanma()


def random_games_3p(n=N_GAMES, seed=0):
    """Three-player half games (``Rules.tenhou_sanma()``), random agents."""
    for i in range(n):
        play(seed + i, [RandomAgent(seed * 3 + i * 3 + j) for j in range(3)], SANMA,
             record=False)


def riichienv_random_games_3p(n=N_GAMES, seed=0):
    """riichienv's three-player half games (``game_mode="3p-red-half"``), uniformly random
    legal actions through its Python API (as :func:`riichienv_random_games`)."""
    import riichienv

    from ippatsu.benchmark import riichienv_random_games as run

    run(riichienv, n, seed, mode="3p-red-half")


def greedy_games(n=N_GAMES, seed=0):
    agents = [GreedyAgent() for _ in range(4)]
    for i in range(n):
        play(seed + i, agents, record=False)


def riichienv_random_games(n=N_GAMES, seed=0):
    """Half games of riichienv with uniformly random legal actions (the peer; the runner
    of ``ippatsu bench``: :func:`ippatsu.benchmark.riichienv_random_games`)."""
    import riichienv

    from ippatsu.benchmark import riichienv_random_games as run

    run(riichienv, n, seed)


def _riichienv_available():
    try:
        import riichienv  # noqa: F401
    except ImportError:
        return False
    return True


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


# Warm-up and timed work never share a game: the warm-up plays seed WARM_SEED (or replays
# the first record), each timed round plays N_GAMES fresh seeds from TIMED_SEED on, so no
# round replays a game that the warm-up or an earlier round played (the replay rounds
# replay the other records, the same ones each round).
WARM_SEED = 0
TIMED_SEED = 10_000


def _fresh_seeds(start=TIMED_SEED, step=N_GAMES):
    """pytest-benchmark ``setup``: the keyword arguments of the next round's games."""
    it = itertools.count(start, step)
    return lambda: ((), {"seed": next(it)})


def test_random_half_games(benchmark):
    random_games(1, seed=WARM_SEED)
    benchmark.pedantic(random_games, setup=_fresh_seeds(), rounds=3, iterations=1)


def test_random_games_recorded(benchmark):
    random_games(1, seed=WARM_SEED, record=True)
    seeds = _fresh_seeds()
    benchmark.pedantic(random_games, setup=lambda: ((), dict(seeds()[1], record=True)),
                       rounds=3, iterations=1)


def test_greedy_half_games(benchmark):
    greedy_games(1, seed=WARM_SEED)
    benchmark.pedantic(greedy_games, setup=_fresh_seeds(), rounds=3, iterations=1)


def test_riichienv_random_half_games(benchmark):
    if not _riichienv_available():
        pytest.skip("riichienv not installed")
    riichienv_random_games(1, seed=WARM_SEED)
    benchmark.pedantic(riichienv_random_games, setup=_fresh_seeds(), rounds=3, iterations=1)


def test_random_half_games_3p(benchmark):
    random_games_3p(1, seed=WARM_SEED)
    benchmark.pedantic(random_games_3p, setup=_fresh_seeds(), rounds=3, iterations=1)


def test_riichienv_random_half_games_3p(benchmark):
    if not _riichienv_available():
        pytest.skip("riichienv not installed")
    riichienv_random_games_3p(1, seed=WARM_SEED)
    benchmark.pedantic(riichienv_random_games_3p, setup=_fresh_seeds(), rounds=3,
                       iterations=1)


def test_replay_games(benchmark):
    games = _records()
    if len(games) < 2:
        pytest.skip("shared data not available")
    replay_games(games[:1])                       # warm-up: the first record only
    benchmark.pedantic(replay_games, args=(games[1:],), rounds=3, iterations=1)


def _rate(fn, n, *args, warmup=None):
    """Games per second of CPU time (``process_time``: the machine may be shared), after
    an untimed ``warmup()``."""
    if warmup is not None:
        warmup()
    t = time.process_time()
    fn(*args)
    dt = time.process_time() - t
    return n / dt


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args(argv)
    n = args.games
    # timed games from TIMED_SEED on, the warm-up game (WARM_SEED) is not among them
    r = _rate(lambda: random_games(n, seed=TIMED_SEED), n,
              warmup=lambda: random_games(1, seed=WARM_SEED))
    print(f"random agents, half games : {r:8.1f} games/s")
    r = _rate(lambda: random_games(n, seed=TIMED_SEED, record=True), n,
              warmup=lambda: random_games(1, seed=WARM_SEED, record=True))
    print(f"  with mjai event log     : {r:8.1f} games/s")
    if _riichienv_available():
        # like with like: the same seeds, the same number of random half games, each
        # engine after its own untimed warm-up game
        m = n // 4 or 1
        peer = _rate(lambda: riichienv_random_games(m, seed=TIMED_SEED), m,
                     warmup=lambda: riichienv_random_games(1, seed=WARM_SEED))
        rr = _rate(lambda: random_games(m, seed=TIMED_SEED), m,
                   warmup=lambda: random_games(1, seed=WARM_SEED))
        print(f"riichienv random, half    : {peer:8.1f} games/s  (ippatsu {rr:.1f} on the "
              f"same {m} seeds: {rr / peer:.1f}x, per game vs per game)")
    r = _rate(lambda: greedy_games(n, seed=TIMED_SEED), n,
              warmup=lambda: greedy_games(1, seed=WARM_SEED))
    print(f"greedy agents, half games : {r:8.1f} games/s")
    r3 = _rate(lambda: random_games_3p(n, seed=TIMED_SEED), n,
               warmup=lambda: random_games_3p(1, seed=WARM_SEED))
    print(f"random, 3 players, half   : {r3:8.1f} games/s  (Rules.tenhou_sanma())")
    if _riichienv_available():
        m = n // 4 or 1
        peer = _rate(lambda: riichienv_random_games_3p(m, seed=TIMED_SEED), m,
                     warmup=lambda: riichienv_random_games_3p(1, seed=WARM_SEED))
        rr = _rate(lambda: random_games_3p(m, seed=TIMED_SEED), m,
                   warmup=lambda: random_games_3p(1, seed=WARM_SEED))
        print(f"riichienv random, 3p half : {peer:8.1f} games/s  (ippatsu {rr:.1f} on the "
              f"same {m} seeds: {rr / peer:.1f}x, per game vs per game)")
    games = _records()
    if len(games) >= 2:
        timed = games[1:]                       # the warm-up replays games[0] only
        reps = max(1, 400 // len(timed))
        r = _rate(lambda: [replay_games(timed) for _ in range(reps)], reps * len(timed),
                  warmup=lambda: replay_games(games[:1]))
        print(f"replay ({len(timed)} mjlog games)  : {r:8.1f} games/s (records pre-parsed)")


if __name__ == "__main__":
    sys.exit(main())
