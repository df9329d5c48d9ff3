"""PolicyAgent: an environment policy (``policy(obs, mask) -> index``) at the table, seeing
what an env shows its seat and playing exactly the index it chooses."""
from __future__ import annotations

import os

import numpy as np
import pytest

from ippatsu.env import PolicyAgent
from ippatsu.errors import IllegalActionError, IppatsuError
from ippatsu.sim import play
from ippatsu.study import match
from ippatsu.table import GameState, Observation
from ippatsu.table import actionspace as A

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"


def lowest_index(obs, mask):
    """The legal index with the lowest number."""
    return int(np.flatnonzero(mask)[0])


def _lowest_action(rules):
    red = A.red_table(rules)

    def agent(obs, legal):   # the same choice, read from the Action list instead
        return min(legal, key=lambda a: A.index_of(a, red))
    return agent


@pytest.mark.parametrize("rules", ["tenhou", "tenhou_sanma"])
def test_a_policy_agent_plays_the_index_its_policy_chooses(rules):
    """A game of PolicyAgents choosing the lowest legal index is the game of agents that
    pick the legal Action of the lowest index from their lists."""
    from ippatsu.rules import Rules
    r = Rules.preset(rules)
    n = r.players
    for seed in range(1 if PURE else 3):
        a = play([PolicyAgent(lowest_index)] * n, seed=seed, rules=r)
        b = play([_lowest_action(r)] * n, seed=seed, rules=r)
        assert a["events"] == b["events"] and a["scores"] == b["scores"]
        assert len(a["events"]) > 100


def test_a_policy_sees_the_planes_and_the_mask_of_its_seat():
    """What the policy is given: the seat's planes (Observation.encode) and its legal mask,
    the same the state reports."""
    calls = []

    def spy(obs, mask):
        calls.append((obs.copy(), mask.copy()))
        return lowest_index(obs, mask)

    st = GameState("tenhou", seed=4)
    agent = PolicyAgent(spy)
    for _ in range(30):
        p = st.actor
        view = Observation(st, p)
        a = agent(view, st.legal_actions(p))
        x, m = calls[-1]
        assert np.array_equal(x, view.encode())
        assert np.array_equal(m, st.legal_mask_array(p))
        assert A.index_of(a, A.red_table(st.rules)) == lowest_index(x, m)
        st.step(a)
        while st.phase.name == "RESPONSE":
            st.step([])


def test_an_illegal_index_is_named_and_bad_agents_are_refused():
    st = GameState("tenhou", seed=2)
    view = Observation(st, st.actor)
    illegal = int(np.flatnonzero(~st.legal_mask_array(st.actor))[0])
    for bad in (illegal, A.SIZE, -1):
        with pytest.raises(IllegalActionError, match=f"index {bad}") as e:
            PolicyAgent(lambda o, m, i=bad: i, name="bad")(view, st.legal_actions(st.actor))
        assert e.value.code == "illegal_action"
    with pytest.raises(IllegalActionError, match="not an action index"):
        PolicyAgent(lambda o, m: "five")(view, st.legal_actions(st.actor))
    for kwargs in ({"policy": 3}, {"policy": lowest_index, "encoder": "oracle"},
                   {"policy": lowest_index, "encoder": "mjai"}):
        with pytest.raises(IppatsuError) as e:
            PolicyAgent(**kwargs)
        assert e.value.code == "bad_env_option"
    with pytest.raises(IppatsuError, match="oracle"):
        view.encode("oracle")


def test_a_policy_agent_takes_a_seat_in_a_match():
    r = match([PolicyAgent(lowest_index, name="lowest"), "random", "random", "random"],
              games=4, seed=1, backend="serial", progress=False)
    assert r.agents[0] == "lowest" and r.games == 4


def test_the_ppo_examples_match_and_curve_run_without_torch(tmp_path):
    """The training example's last steps (the match against random agents, the curve)
    with a fixed policy in place of the trained one."""
    from ippatsu.env import ppo_example

    r = ppo_example.match_against_random(lowest_index, 9, seed=0)
    assert r.agents == ["ppo", "random", "random", "random"] and r.games == 8
    assert "ppo" in str(r)
    pytest.importorskip("matplotlib")
    path = tmp_path / "curve.png"
    ppo_example.plot_curve([(1000, 0.01, 0.02), (2000, 0.03, 0.02)], -0.004, 0.007, str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
