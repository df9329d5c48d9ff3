"""The greedy agent on the efficiency kernel decides exactly as the algorithm it replaced.

``OldGreedyAgent`` below is the former ``GreedyAgent.__call__`` kept verbatim as the oracle:
it walks the offered discards (the riichi discards when riichi is offered) in their order,
keeps the first strict minimum of the shanten after the discard, then the first strict
maximum of ``ukeire(hand - discard, visible).total``. The new agent makes one call of the
``efficiency_discard`` kernel and takes the first offered action among the tied kinds.
Both run on every decision of seeded self-play games (riichi choices and red fives
included) and whole games must give identical event logs.
"""
from __future__ import annotations

from typing import List, Sequence

import pytest

from ippatsu import core
from ippatsu.rules import GameLength, Rules
from ippatsu.sim import play
from ippatsu.table.actions import Action, ActionType
from ippatsu.table.agents import GreedyAgent, RandomAgent

PURE = core.BACKEND == "python"
# the pure-Python backend (slow oracle, interpreted table): east-only games, a smoke check
RULES = Rules.ippatsu().replace(game_length=GameLength.EAST) if PURE else None
BUDGET = 150 if PURE else 10**9  # compared choices per test
_WIN = (ActionType.TSUMO, ActionType.RON)


class OldGreedyAgent:
    """The greedy agent before the efficiency kernel (the oracle)."""

    def __call__(self, obs, legal: Sequence[Action]) -> Action:
        discards: List[Action] = []
        riichis: List[Action] = []
        pass_ = None
        for a in legal:
            t = a.type
            if t in _WIN or t is ActionType.STOP:
                return a
            if t is ActionType.DISCARD:
                discards.append(a)
            elif t is ActionType.RIICHI:
                riichis.append(a)
            elif t is ActionType.PASS:
                pass_ = a
        if pass_ is not None:
            return pass_
        pool = riichis if riichis else discards
        if len(pool) == 1:
            return pool[0]
        work = bytearray(obs.counts)
        shanten = core.shanten
        best = 99
        cands: List[Action] = []
        for a in pool:
            k = a.tile >> 2
            work[k] -= 1
            s = shanten(bytes(work))
            work[k] += 1
            if s < best:
                best = s
                cands = [a]
            elif s == best:
                cands.append(a)
        if len(cands) == 1:
            return cands[0]
        visible = obs.visible_counts
        ukeire = core.ukeire
        top = -1
        choice = cands[0]
        for a in cands:
            k = a.tile >> 2
            work[k] -= 1
            n = ukeire(bytes(work), visible).total
            work[k] += 1
            if n > top:
                top = n
                choice = a
        return choice


class Checker:
    """Plays ``inner`` and checks the new greedy agent against the oracle at every
    decision of its seat (the choice returned is the oracle's)."""

    def __init__(self, inner, stats):
        self.inner = inner
        self.new = GreedyAgent()
        self.old = OldGreedyAgent()
        self.stats = stats

    def __call__(self, obs, legal):
        if self.stats["choices"] >= BUDGET:  # enough compared: play on
            return self.new(obs, legal) if self.inner is None else self.inner(obs, legal)
        old = self.old(obs, legal)
        new = self.new(obs, legal)
        assert new is old or new == old, (obs.counts, obs.visible_counts, legal, old, new)
        st = self.stats
        st["decisions"] += 1
        pool = [a for a in legal if a.type in (ActionType.DISCARD, ActionType.RIICHI)]
        if len(pool) > 1:
            st["choices"] += 1
        if sum(1 for a in legal if a.type is ActionType.RIICHI) > 1:
            st["riichi"] += 1
        if any(a.tile in (16, 52, 88) for a in pool) and len(pool) > 1:
            st["red"] += 1
        return old if self.inner is None else self.inner(obs, legal)


def _stats():
    return {"decisions": 0, "choices": 0, "riichi": 0, "red": 0}


def test_greedy_matches_the_oracle_in_greedy_self_play():
    stats = _stats()
    n_games = 1 if PURE else 12
    for seed in range(n_games):
        agents = [Checker(None, stats) for _ in range(4)]
        play(seed, agents, RULES, record=False)
    assert stats["choices"] >= (100 if PURE else 2000)
    assert stats["riichi"] > 0 and stats["red"] > 0


def test_greedy_matches_the_oracle_on_random_play_positions():
    # random agents reach hands the greedy never would (calls, odd shapes); the checker
    # compares both greedy choices there and lets the random agent play on
    stats = _stats()
    n_games = 1 if PURE else 8
    for seed in range(n_games):
        agents = [Checker(RandomAgent(seed * 4 + j), stats) for j in range(4)]
        play(100 + seed, agents, RULES, record=False)
    assert stats["choices"] >= (30 if PURE else 1500)


@pytest.mark.parametrize("seed", [0, 1, 2] if not PURE else [0])
def test_whole_games_identical(seed):
    new = play(seed, [GreedyAgent() for _ in range(4)], RULES, record=True)
    old = play(seed, [OldGreedyAgent() for _ in range(4)], RULES, record=True)
    assert new["events"] == old["events"]
    assert new["scores"] == old["scores"]
    assert new["places"] == old["places"] and new["order"] == old["order"]


def test_riichi_pool_restricts_the_choice():
    # a complete hand: any discard but the chosen one keeps the choice inside the mask
    from ippatsu.tiles import parse_counts

    counts = bytes(parse_counts("123m456p789s11z345m"))
    free = core.efficiency_discard(counts)
    allowed = [k for k in range(34) if counts[k] and k != free]
    k = core.efficiency_discard(counts, None, allowed)
    assert k in allowed
    mask = core._efficiency_ties(counts, None, allowed)
    assert mask >> k & 1 and all((mask >> j) & 1 == 0 for j in range(k))


class _SubRandom(RandomAgent):
    """A RandomAgent that ``sim.play`` cannot recognise: it takes the generic loop."""


@pytest.mark.parametrize("seed", [3, 4] if not PURE else [3])
def test_sim_random_fast_path_plays_the_same_games(seed):
    fast = play(seed, [RandomAgent(seed * 4 + j) for j in range(4)], RULES, record=True)
    slow = play(seed, [_SubRandom(seed * 4 + j) for j in range(4)], RULES, record=True)
    assert fast["events"] == slow["events"]
    assert fast["scores"] == slow["scores"] and fast["final"] == slow["final"]
