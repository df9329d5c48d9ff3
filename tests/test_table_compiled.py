"""The compiled state machine (and agents) against their own sources, interpreted.

The build compiles ``ippatsu/table/state.py`` with Cython (``state.pxd`` turns
``GameState`` into a cdef class with C slots and typed seats and flags). Compilation must
not change a single decision: the same seed and the same agents give the same mjai event
log, the same legal action sets at every decision point, the same hand results and the
same final standings, whether ``state.py`` runs as the extension module or as Python.
Under ``IPPATSU_PURE_PYTHON=1`` both sides are interpreted and the test only checks the
loader.
"""
from __future__ import annotations

import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from ippatsu import _backend as _ipt_backend
import ippatsu.table.state as state_mod
from ippatsu.rules import GameLength, RonMode, Rules
from ippatsu.table import GreedyAgent, Observation, RandomAgent
from ippatsu.table._source import (AGENTS_SOURCE, STATE_SOURCE, load_agents_source,
                                   load_loops_source, load_state_source)

PURE = _ipt_backend.PURE
interp = load_state_source()
interp_agents = load_agents_source()
interp_loops = load_loops_source()
both_interpreted = pytest.mark.skipif(
    PURE, reason="IPPATSU_PURE_PYTHON=1: both sides run the interpreted source")


def test_the_state_module_is_compiled_unless_pure_python():
    compiled = not state_mod.__file__.endswith(".py")
    assert compiled is not PURE, state_mod.__file__
    assert interp.__file__ == str(STATE_SOURCE)
    assert interp.GameState is not state_mod.GameState or PURE
    if not PURE:
        # a cdef class: no instance dict, attributes in C slots
        st = state_mod.GameState(seed=0)
        assert not hasattr(st, "__dict__")
        with pytest.raises(AttributeError):
            st.no_such_attribute = 1


def test_the_agents_module_is_compiled_unless_pure_python():
    import ippatsu.table.agents as agents_mod

    compiled = not agents_mod.__file__.endswith(".py")
    assert compiled is not PURE, agents_mod.__file__
    assert interp_agents.__file__ == str(AGENTS_SOURCE)
    assert interp_agents.RandomAgent is not agents_mod.RandomAgent or PURE
    import ippatsu.sim as sim

    import ippatsu.table.loops as loops_mod

    assert sim._play is loops_mod.play
    assert (not loops_mod.__file__.endswith(".py")) is not PURE, loops_mod.__file__


@both_interpreted
@pytest.mark.parametrize("seed", range(4))
def test_compiled_and_interpreted_agents_choose_identically(seed):
    """The compiled agents (and the compiled random-agent loop of sim.play) make the same
    choices as their interpreted source on the same games."""
    import ippatsu.table.agents as agents_mod
    from ippatsu.sim import play

    rules = Rules.ippatsu()
    for kind in ("random", "greedy"):
        logs = []
        for mod in (agents_mod, interp_agents):
            if kind == "random":
                agents = [mod.RandomAgent(seed * 4 + j) for j in range(4)]
            else:
                agents = [mod.GreedyAgent() for _ in range(4)]
            logs.append(_run(state_mod, seed, agents, rules))
        assert logs[0] == logs[1], kind
    # sim.play's game loop (compiled) against the interpreted loop
    a = play(seed, [agents_mod.RandomAgent(seed * 4 + j) for j in range(4)])
    st = state_mod.GameState(None, seed)
    interp_loops.play(st, [agents_mod.RandomAgent(seed * 4 + j) for j in range(4)])
    assert a["events"] == st.events and a["scores"] == st.final["scores"]


def test_loading_the_source_twice_returns_the_same_module():
    assert load_state_source() is interp
    assert sys.modules["ippatsu.table._state_interpreted"] is interp


def _run(mod, seed, agents, rules):
    """One game on ``mod``'s GameState; returns every observable the engine produces."""
    st = mod.GameState(rules, seed, record=True)
    turn, end = mod.Phase.TURN, mod.Phase.GAME_END
    legal_log = []
    while st.phase != end:
        if st.phase == turn:
            p = st.actor
            legal = st.legal_actions(p)
            legal_log.append((int(st.phase), p, tuple(legal)))
            st.step(agents[p](Observation(st, p), legal))
        else:
            chosen = []
            for q in st.to_act:
                legal = st.legal_actions(q)
                legal_log.append((int(st.phase), q, tuple(legal)))
                chosen.append(agents[q](Observation(st, q), legal))
            st.step(chosen)
        st.check_invariants()
    hands = [(h.kind, h.deltas, h.tenpai, tuple(h.nagashi), h.kyoku, h.honba,
              [(w.winner, w.from_who, w.tile, w.score.han, w.score.fu, w.score.points,
                tuple(w.score.yaku_ids), w.deltas, w.pao)
               for w in h.wins])
             for h in st.hand_results]
    return st.events, legal_log, hands, st.final


def _agents(kind, seed, n=4):
    if kind == "random":
        return [RandomAgent(seed * 4 + j) for j in range(n)]
    if kind == "greedy":
        return [GreedyAgent() for _ in range(n)]
    return [RandomAgent(seed + 1), GreedyAgent(), RandomAgent(seed + 2), GreedyAgent()][:n]


RULES = {
    "ippatsu half": Rules.ippatsu(),
    "ippatsu east": Rules.ippatsu().replace(game_length=GameLength.EAST),
    "tenhou": Rules.tenhou(),
    "double ron, no reds": Rules.ippatsu().replace(ron_mode=RonMode.DOUBLE, red_fives=False),
    "planet, optional stop": Rules.planet().replace(last_dealer_stop="optional"),
    # swap-calling allowed (Rules.kuikae_allowed)
    "mu east": Rules.mu().replace(game_length=GameLength.EAST),
    # three players (docs/rules.md §11): North declarations, no chi, 3-seat payments
    "tenhou sanma": Rules.tenhou_sanma(),
    "ippatsu sanma, double ron": Rules.ippatsu_sanma().replace(ron_mode=RonMode.DOUBLE),
    # flower tiles (docs/rules.md §12): 140-tile walls, flowers held and set aside
    "ippatsu east, flowers": Rules.ippatsu().replace(game_length=GameLength.EAST,
                                                     flowers=True),
}


@both_interpreted
@pytest.mark.parametrize("rules_name", sorted(RULES))
@pytest.mark.parametrize("kind", ["random", "greedy", "mixed"])
def test_compiled_and_interpreted_play_identically(kind, rules_name):
    rules = RULES[rules_name]
    n = rules.players
    for seed in range(3):
        a = _run(state_mod, seed, _agents(kind, seed, n), rules)
        b = _run(interp, seed, _agents(kind, seed, n), rules)
        assert a[0] == b[0], f"event logs differ (seed {seed})"
        assert a[1] == b[1], f"legal action sets differ (seed {seed})"
        assert a[2] == b[2], f"hand results differ (seed {seed})"
        assert a[3] == b[3], f"final standings differ (seed {seed})"


@both_interpreted
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st_.integers(0, 2**63 - 1), east=st_.booleans())
def test_compiled_and_interpreted_agree_on_random_seeds(seed, east):
    rules = Rules.ippatsu().replace(game_length=GameLength.EAST) if east else Rules.ippatsu()
    a = _run(state_mod, seed, _agents("random", seed % 1000), rules)
    b = _run(interp, seed, _agents("random", seed % 1000), rules)
    assert a == b
