"""Seatings of a match: duplicate sets balance who sits where *and* who sits next to whom.

A seat's result depends on its neighbours (only the next seat can chi a discard, the seat
before feeds it), so a match that always seated agent 1 right after agent 0 would measure
the seat order as a difference between agents. The checks here:

* a complete block of sets plays every seating (slot -> seat assignment) exactly once;
* a set's seatings depend on the seed and the set alone (chunking never changes them);
* two identical agents come out "significant" no more often than the test's 5 % level,
  whatever the other agents do to their neighbours. This runs the match machinery on a
  synthetic game (placements from seat luck, agent strength and a neighbour effect), so
  that it is cheap and the effect of the seat order is known and large.
"""
from __future__ import annotations

import math
import sys
from itertools import permutations

import numpy as np
import pytest

from ippatsu import study
from ippatsu.rules import Rules
from ippatsu.study.match import _MatchTask, circular_orders, set_seatings

match_mod = sys.modules["ippatsu.study.match"]


@pytest.mark.parametrize("k", [3, 4])
@pytest.mark.parametrize("duplicate", [True, False])
def test_a_block_of_sets_plays_every_seating_once(k, duplicate):
    block = math.factorial(k - 1) if duplicate else math.factorial(k)
    for b in range(3):  # three blocks, each complete on its own
        seen = [tuple(seat) for u in range(b * block, (b + 1) * block)
                for _, _, seat in set_seatings(7, u, k, duplicate)]
        assert sorted(seen) == sorted(permutations(range(k)))


@pytest.mark.parametrize("k", [3, 4])
def test_a_duplicate_set_plays_every_seat_once_per_slot(k):
    for u in range(10):
        games = set_seatings(3, u, k, True)
        assert len(games) == k and len({o for o, _, _ in games}) == 1
        for j in range(k):
            assert sorted(seat[j] for _, _, seat in games) == list(range(k))


def test_seatings_depend_on_the_seed_and_the_set_alone():
    a = [set_seatings(5, u, 4, True) for u in range(12)]
    assert a == [set_seatings(5, u, 4, True) for u in range(12)]
    assert a != [set_seatings(6, u, 4, True) for u in range(12)]
    assert len(circular_orders(4)) == 6 and len(circular_orders(3)) == 2


def test_match_rows_record_each_games_seating():
    task = _MatchTask(["random"] * 3, Rules.tenhou_sanma(), True, 4)
    _, cols = task.run_chunk(0, 2, rows=True)
    games = [g for u in range(2) for g in set_seatings(4, u, 3, True)]
    assert cols["order"] == [o for o, _, _ in games]
    assert cols["rotation"] == [r for _, r, _ in games]
    for j in range(3):
        assert cols[f"seat_{j}"] == [seat[j] for _, _, seat in games]


# ----------------------------------------------------------------------------- level
class _Kind:
    """A synthetic agent: ``effect[d]`` is what it adds to the score of the seat ``d``
    places after its own (``effect[0]``: its own strength)."""

    def __init__(self, name, effect):
        self.name = name
        self.effect = list(effect)
        self.seed = 0

    def reset(self, seed):
        self.seed = seed

    def __call__(self, obs, legal):  # pragma: no cover - the synthetic game never asks
        return legal[0]


def _synthetic_game(rules, wall_seed, by_seat):
    """Seat luck from the wall (shared by a set's seatings), each agent's own noise, its
    strength and its effect on the other seats by their offset from it."""
    k = len(by_seat)
    score = list(np.random.Generator(np.random.PCG64(wall_seed)).normal(size=k))
    for t, a in enumerate(by_seat):
        score[t] += 0.5 * float(np.random.default_rng([a.seed, t]).normal())
        for d in range(k):
            score[(t + d) % k] += a.effect[d]
    placement = sorted(range(k), key=lambda s: (-score[s], s))
    final = {"placement": placement, "scores": [round(1000 * x) for x in score]}
    return final, [[1, 0, 0, 0, 0, 0] for _ in range(k)], [[] for _ in range(k)]


#: (agents by slot, the identical pair): one strong agent that hurts the seat after it,
#: and ones whose neighbour effects differ by offset
_CASES = [
    ([("strong", [1.5, -1.0, 0.0, 0.3]), ("plain", [0, 0, 0, 0]), ("plain", [0, 0, 0, 0]),
      ("plain", [0, 0, 0, 0])], (1, 3)),
    ([("plain", [0, 0, 0, 0]), ("feeder", [-0.5, 1.2, -0.4, 0.0]),
      ("odd", [0.2, 0.0, -0.8, 0.9]), ("plain", [0, 0, 0, 0])], (0, 3)),
    ([("strong", [1.0, -1.2, 0.6]), ("plain", [0, 0, 0]), ("plain", [0, 0, 0])], (1, 2)),
]


def _hits(agents, pair, scale, duplicate=True):
    """Over 100 seeded matches of 10 sets: how often the pair's placement and score
    differences are significant, and how often slots 0 and 1 are told apart."""
    k = len(agents)
    specs = [_Kind(n, [scale * x for x in e]) for n, e in agents]
    rules = "tenhou_sanma" if k == 3 else None
    hits = {"placement": 0, "final_score": 0, "apart": 0}
    for seed in range(100):
        r = study.match(specs, games=10 * k if duplicate else 10, duplicate=duplicate,
                        seed=seed, rules=rules, backend="serial", progress=False)
        c = r.compare(*pair)
        for name in ("placement", "final_score"):
            hits[name] += c[name]["significant"]
        hits["apart"] += r.compare(0, 1)["final_score"]["significant"]
    return hits


@pytest.mark.parametrize("scale", [0.2, 1.0])
@pytest.mark.parametrize("agents, pair", _CASES)
def test_identical_agents_are_significant_no_more_often_than_the_level(
        monkeypatch, agents, pair, scale):
    """100 matches of 10 sets (not a whole number of blocks: the last block is partial):
    the identical pair's placement and score differences are significant at 5 % in at most
    12 of them (P(Binomial(100, 0.05) > 12) < 0.3 %), with neighbour effects mild or
    strong beside the seat luck; seating the slots in one circular order (slot j at seat
    (j + r) % k) fails this by a wide margin. The different agents of the first case are
    told apart (the test has power)."""
    monkeypatch.setattr(match_mod, "play_game", _synthetic_game)
    hits = _hits(agents, pair, scale)
    assert hits["placement"] <= 12 and hits["final_score"] <= 12, hits
    if agents is _CASES[0][0] and scale == 1.0:
        assert hits["apart"] >= 50, hits


@pytest.mark.parametrize("scale", [0.2, 1.0])
def test_identical_agents_without_duplicate_are_not_significant_beyond_the_level(
        monkeypatch, scale):
    """The same without duplicate walls: each game's seating comes from a block of k!
    games (rotating the seats game by game alone fails this)."""
    monkeypatch.setattr(match_mod, "play_game", _synthetic_game)
    agents, pair = _CASES[0]
    hits = _hits(agents, pair, scale, duplicate=False)
    assert hits["placement"] <= 12 and hits["final_score"] <= 12, hits
