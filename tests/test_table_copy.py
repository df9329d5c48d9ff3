"""GameState.copy(): an independent state that goes on exactly like the original, at any
phase, four and three players; every attribute of the state is copied."""
from __future__ import annotations

import os
import numpy as np
import pytest

from ippatsu.rules import Rules
from ippatsu.table import GameState, Phase, state as state_module

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
GAMES = 3 if PURE else 12


def _random_step(st, rng):
    if st.phase is Phase.TURN:
        acts = st.legal_actions()
        st.step(acts[rng.integers(len(acts))])
    elif st.phase is Phase.RESPONSE or st.to_act:
        st.step({p: (lambda a: a[rng.integers(len(a))])(st.legal_actions(p))
                 for p in st.to_act})
    else:
        st.next_hand()


def _play_out(st, seed):
    rng = np.random.default_rng(seed)
    while st.phase is not Phase.GAME_END:
        _random_step(st, rng)
    return st


@pytest.mark.parametrize("preset", ["tenhou", "tenhou_sanma", "majsoul"])
def test_a_copy_goes_on_exactly_like_the_original_and_apart_from_it(preset):
    rules = Rules.preset(preset)
    phases = set()
    for g in range(GAMES):
        st = GameState(rules, seed=g, auto_next=False, record=True)
        rng = np.random.default_rng(100 + g)
        want = (Phase.TURN, Phase.RESPONSE, Phase.HAND_END)[g % 3]
        steps = int(rng.integers(5, 300))
        while st.phase is not Phase.GAME_END and (steps > 0 or st.phase is not want):
            _random_step(st, rng)
            steps -= 1
        if st.phase is Phase.GAME_END:
            continue
        phases.add(st.phase)
        before = st.snapshot() if st.phase in (Phase.TURN, Phase.RESPONSE) else None
        c = st.copy()
        if before is not None:
            assert c.snapshot() == before
        _play_out(c, seed=g)          # the copy plays to the end ...
        if before is not None:
            assert st.snapshot() == before   # ... and the original did not move
        assert st.phase is not Phase.GAME_END
        _play_out(st, seed=g)         # the same choices from the original
        assert st.events == c.events
        assert st.final == c.final
        assert [r.deltas for r in st.hand_results] == [r.deltas for r in c.hand_results]
    assert phases == {Phase.TURN, Phase.RESPONSE, Phase.HAND_END}, phases


def test_a_copy_between_hands_deals_the_same_next_walls():
    st = GameState(seed=5, auto_next=False, record=False)
    rng = np.random.default_rng(0)
    while st.phase is not Phase.HAND_END:
        _random_step(st, rng)
    c = st.copy()
    st.next_hand()
    c.next_hand()
    assert st.wall.live == c.wall.live and st.snapshot() == c.snapshot()


def _declared_attributes():
    """Every attribute of a GameState: an interpreted state's instance dict, or the
    compiled class's slots (its attribute descriptors)."""
    if PURE:
        st = GameState(seed=1)
        st.penalize(0, "foul")
        return set(vars(st))
    st = GameState(seed=1)
    out = set()
    for k, v in vars(GameState).items():
        if type(v).__name__ not in ("getset_descriptor", "member_descriptor") \
                or k.startswith("__"):
            continue
        try:   # a slot takes its own value back; a read-only property does not
            setattr(st, k, getattr(st, k))
        except AttributeError:
            continue
        out.add(k)
    return out


def test_copy_knows_every_attribute_of_the_state():
    handled = (set(state_module._COPY_SHARED) | set(state_module._COPY_LIST)
               | set(state_module._COPY_NESTED) | {"final", "_legal", "penalties"})
    declared = _declared_attributes()
    assert len(declared) > 60
    assert declared - handled == set(), "attributes GameState.copy does not copy"
    assert handled - declared == set(), "copied attributes the state does not have"
