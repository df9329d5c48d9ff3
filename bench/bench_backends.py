"""The default backend (``local``: a process per core) against ``serial`` on small studies.

``local`` must never be slower than ``serial`` by more than its start-up (a process pool:
well under 0.5 s) — not for a position study, whose per-study setup (the sampler, with the
tenpai tables of riichi opponents) once was rebuilt for every chunk sent to a worker and
made ``-n 200`` 10-30x slower than ``serial``, nor for solo and match studies at small
``n``. Each study here is small enough that start-up and per-chunk costs dominate.

As benchmarks (each study once per backend; a per-chunk cost shows as a regression of
the ``local`` rows against a saved baseline)::

    python -m pytest bench/bench_backends.py --benchmark-only

or as a check (wall-clock, best of 3 per backend; exits 1 when ``local`` is slower than
``serial`` + 0.5 s on any row)::

    python bench/bench_backends.py
"""
from __future__ import annotations

import sys
import time

import pytest

from ippatsu import study
from ippatsu.study._position import EXAMPLE

QUIET = dict(progress=False, seed=1)
#: what ``local`` may add to ``serial``: the process pool's start-up
ALLOWANCE = 0.5

STUDIES = {
    "position n=200": lambda b: study.position(EXAMPLE, ["riichi 9s", "9s"], n=200,
                                               backend=b, **QUIET),
    "position n=2000": lambda b: study.position(EXAMPLE, ["riichi 9s", "9s"], n=2000,
                                                backend=b, **QUIET),
    "solo n=1000": lambda b: study.solo("23m456p78s34567s1z", draws=8, n=1000, backend=b,
                                        **QUIET),
    "match 8 games": lambda b: study.match(["greedy", "random", "random", "random"],
                                           games=8, backend=b, **QUIET),
    "match 40 games": lambda b: study.match(["greedy", "random", "random", "random"],
                                            games=40, backend=b, **QUIET),
}
# the pure-Python pass only checks that each benchmark runs: tiny studies, random agents
# (interpreted greedy play-outs are ~100x slower)
TINY = {
    "position n=8": lambda b: study.position(EXAMPLE, ["riichi 9s", "9s"], n=8, agents="random",
                                             backend=b, **QUIET),
    "solo n=100": lambda b: study.solo("23m456p78s34567s1z", draws=8, n=100, backend=b, **QUIET),
    "match 4 games": lambda b: study.match("random", games=4, backend=b, **QUIET),
}


def _studies() -> dict:
    from ippatsu import _backend

    return TINY if _backend.PURE else STUDIES


@pytest.mark.parametrize("backend", ["serial", "local"])
@pytest.mark.parametrize("name", list(_studies()))
def test_small_study(benchmark, name, backend):
    run = _studies()[name]
    r = benchmark.pedantic(run, args=(backend,), rounds=1, iterations=1)
    assert r.done == r.info.n


def compare(repeat: int = 3) -> list:
    """(study, serial s, local s) per study, best of ``repeat`` wall-clock runs each."""
    rows = []
    for name, run in STUDIES.items():
        best = {}
        for backend in ("serial", "local"):
            t_best = float("inf")
            for _ in range(repeat):
                t = time.perf_counter()
                run(backend)
                t_best = min(t_best, time.perf_counter() - t)
            best[backend] = t_best
        rows.append((name, best["serial"], best["local"]))
    return rows


def main() -> int:
    bad = 0
    print(f"{'study':18s} {'serial s':>9s} {'local s':>9s}")
    for name, s, loc in compare():
        flag = "" if loc <= s + ALLOWANCE else f"  local slower than serial + {ALLOWANCE} s"
        bad += bool(flag)
        print(f"{name:18s} {s:9.2f} {loc:9.2f}{flag}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
