"""Speed of ``score()`` beside the ``mahjong`` package's ``HandCalculator``, same hands.

(riichienv's compiled Rust ``HandEvaluator`` is timed too when installed, for reference:
a pure-Python scorer is not expected to match compiled code; the C port is.)

The hands are the seeded generator of ``tests/test_scoring_mahjong_diff.py`` (closed and
open hands, red fives, dora, situations), split into closed and open sets; both engines get
136-id lists. Each timed round scores every hand of its set once. Both engines keep a
per-suit-shape decomposition cache (ours: ``_reference.scoring._suit_readings``; ``mahjong``'s
divider has its own); neither caches whole hands, so every call does the full per-hand
work.

Run as benchmarks::

    PYTHONPATH=src python -m pytest bench/bench_scoring.py --benchmark-only

or for a plain calls/s table::

    PYTHONPATH=src python bench/bench_scoring.py
"""
from __future__ import annotations

import importlib.util
import random
import sys
import time
from pathlib import Path

import pytest

from ippatsu.errors import NoYakuError
from ippatsu.rules import Rules
from ippatsu.scoring import score

_HERE = Path(__file__).resolve().parent
N_EACH = 500


def _generator():
    spec = importlib.util.spec_from_file_location(
        "_diff", _HERE.parent / "tests" / "test_scoring_mahjong_diff.py")
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(_HERE.parent / "tests"))
    spec.loader.exec_module(mod)
    return mod


def hand_sets():
    """{'closed': [...], 'open': [...]}: N_EACH winning hands with yaku, each set."""
    mod = _generator()
    rng = random.Random(7)
    sets = {"closed": [], "open": []}
    while min(len(v) for v in sets.values()) < N_EACH:
        h = mod.random_hand(rng)
        if h is None:
            continue
        concealed, melds, win, sit = h
        try:
            score(concealed, win, melds=melds, **sit)
        except NoYakuError:
            continue
        key = "closed" if all(t == "ankan" for t, _ in melds) else "open"
        if len(sets[key]) < N_EACH:
            sets[key].append(h)
    return mod, sets


def run_ippatsu(hands, rules=Rules.ippatsu()):
    for concealed, melds, win, sit in hands:
        score(concealed, win, melds=melds, rules=rules, **sit)


def as_notation(hands):
    """The same hands written as notation: concealed tiles, win tile, melds, indicators."""
    from ippatsu.hand import Meld
    from ippatsu.tiles import format_tiles

    out = []
    for concealed, melds, win, sit in hands:
        sit = dict(sit, dora_indicators=format_tiles(sit["dora_indicators"]),
                   ura_indicators=format_tiles(sit["ura_indicators"]))
        out.append((format_tiles(concealed), [str(Meld(t, ids)) for t, ids in melds],
                    format_tiles([win]), sit))
    return out


def as_hands(hands):
    """The same hands as ``Hand`` objects (concealed tiles + melds) and an id win tile."""
    from ippatsu.hand import Hand, Meld

    return [(Hand(concealed, [Meld(t, ids) for t, ids in melds]), (), win, sit)
            for concealed, melds, win, sit in hands]


def run_mahjong(mod, hands):
    for case in hands:
        mod.mahjong_result(*case)


def riichienv_runner():
    """A runner for riichienv's Rust HandEvaluator (the compiled peer), or None."""
    try:
        from riichienv import _riichienv as R
    except ImportError:
        return None
    winds = [R.Wind.East, R.Wind.South, R.Wind.West, R.Wind.North]
    mt = {"chi": R.MeldType.Chi, "pon": R.MeldType.Pon, "daiminkan": R.MeldType.Daiminkan,
          "ankan": R.MeldType.Ankan, "kakan": R.MeldType.Kakan}

    def run(hands):
        for concealed, melds, win, sit in hands:
            ms = [R.Meld(mt[t], sorted(ids), t != "ankan") for t, ids in melds]
            c = R.Conditions(tsumo=sit["tsumo"], riichi=sit["riichi"], ippatsu=sit["ippatsu"],
                             haitei=sit["haitei"], houtei=sit["houtei"],
                             rinshan=sit["rinshan"], chankan=sit["chankan"],
                             player_wind=winds[sit["seat_wind"]],
                             round_wind=winds[sit["round_wind"]])
            R.HandEvaluator(sorted(concealed), ms).calc(
                win, sit["dora_indicators"], sit["ura_indicators"], c)
    return run


@pytest.fixture(scope="module")
def data():
    pytest.importorskip("mahjong")
    return hand_sets()


@pytest.mark.benchmark(group="score-closed")
def test_bench_ippatsu_closed(benchmark, data):
    benchmark(run_ippatsu, data[1]["closed"])


@pytest.mark.benchmark(group="score-closed")
def test_bench_mahjong_closed(benchmark, data):
    benchmark(run_mahjong, data[0], data[1]["closed"])


@pytest.mark.benchmark(group="score-open")
def test_bench_ippatsu_open(benchmark, data):
    benchmark(run_ippatsu, data[1]["open"])


@pytest.mark.benchmark(group="score-open")
def test_bench_mahjong_open(benchmark, data):
    benchmark(run_mahjong, data[0], data[1]["open"])


@pytest.mark.benchmark(group="score-closed")
def test_bench_riichienv_closed(benchmark, data):
    run = riichienv_runner()
    if run is None:
        pytest.skip("riichienv not installed")
    benchmark(run, data[1]["closed"])


@pytest.mark.benchmark(group="score-open")
def test_bench_riichienv_open(benchmark, data):
    run = riichienv_runner()
    if run is None:
        pytest.skip("riichienv not installed")
    benchmark(run, data[1]["open"])


def _rate(fn, *args, repeat=5):
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    mod, sets = hand_sets()
    rie = riichienv_runner()
    print(f"{'set':8} {'ippatsu calls/s':>16} {'mahjong calls/s':>16} {'vs mahjong':>11}"
          f" {'riichienv (Rust)':>17}")
    for key, hands in sets.items():
        a = len(hands) / _rate(run_ippatsu, hands)
        b = len(hands) / _rate(run_mahjong, mod, hands)
        c = len(hands) / _rate(rie, hands) if rie else float("nan")
        print(f"{key:8} {a:16,.0f} {b:16,.0f} {a / b:10.1f}x {c:17,.0f}")


if __name__ == "__main__":
    main()
