"""GameState.snapshot / GameState.from_snapshot: one public constructor from a position.

* a snapshot taken at any decision of a game restores a state at the same decision with
  the same legal actions and masks, whose own snapshot is the same dict (JSON round trip
  included);
* play goes on from a restored state exactly as from the original: the same events and
  the same final scores with the same agents;
* a snapshot that is not one (missing or malformed fields, tile ids out of range, a tile
  twice, a phase between hands) raises ``IllegalActionError`` with code ``bad_snapshot``.
"""
from __future__ import annotations

import copy
import json
import os
import random

import pytest

from ippatsu.errors import IllegalActionError
from ippatsu.rules import GameLength, Rules
from ippatsu.table import GameState, Phase, RandomAgent
from ippatsu.table.loops import play

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
PRESETS = [("ippatsu", Rules(game_length=GameLength.EAST)), ("tenhou", Rules.tenhou()),
           ("planet", Rules.planet()), ("sanma", Rules.tenhou_sanma())]


def _cut_points(rules, seed, every):
    """(state, snapshot) at every ``every``-th decision of a random game."""
    rng = random.Random(seed)
    st = GameState(rules, seed, record=False)
    i = 0
    while st.phase != Phase.GAME_END:
        if st.phase in (Phase.TURN, Phase.RESPONSE):
            if i % every == 0:
                yield st, st.snapshot()
            i += 1
        if st.phase == Phase.TURN:
            st.step(rng.choice(st.legal_actions(st.actor)))
        elif st.phase == Phase.RESPONSE:
            st.step([rng.choice(st.legal_actions(q)) for q in st.to_act])
        else:
            st.step([])


@pytest.mark.parametrize("name,rules", PRESETS, ids=[p[0] for p in PRESETS])
def test_a_snapshot_restores_the_same_decision(name, rules):
    n = 0
    for seed in range(1 if PURE else 4):
        for st, snap in _cut_points(rules, seed, 7 if PURE else 3):
            back = GameState.from_snapshot(json.loads(json.dumps(snap)))
            assert back.snapshot() == snap
            assert back.phase == st.phase and back.to_act == st.to_act
            for q in st.to_act:
                assert back.legal_actions(q) == st.legal_actions(q)
                assert back.legal_mask(q) == st.legal_mask(q)
            assert back.dora_indicators == st.dora_indicators
            assert list(back.visible) == list(st.visible)
            n += 1
    assert n >= (20 if PURE else 200)


@pytest.mark.parametrize("name,rules", PRESETS, ids=[p[0] for p in PRESETS])
def test_play_goes_on_from_a_snapshot_as_from_the_original(name, rules):
    n = rules.players
    for seed in range(1 if PURE else 3):
        for cut in (5, 40, 90):
            # the same game twice to the cut: the agents' generators in the same state
            runs = []
            for _ in range(2):
                st = GameState(rules, seed, record=True)
                agents = [RandomAgent(seed * 10 + p) for p in range(n)]
                i = 0
                while i < cut and st.phase != Phase.GAME_END:
                    if st.phase == Phase.TURN:
                        p = st.actor
                        st.step(agents[p](None, st.legal_actions(p)))
                    else:
                        st.step([agents[q](None, st.legal_actions(q)) for q in st.to_act])
                    i += 1
                runs.append((st, agents))
            (st, agents), (other, twins) = runs
            if st.phase not in (Phase.TURN, Phase.RESPONSE):
                continue
            back = GameState.from_snapshot(other.snapshot(), record=True)
            back.hand_results = list(other.hand_results)  # the counters of earlier hands
            before = len(st.events)
            play(st, agents)
            play(back, twins)
            assert back.events == st.events[before:]
            assert back.final == st.final


def _bad(snap, code="bad_snapshot"):
    with pytest.raises(IllegalActionError) as e:
        GameState.from_snapshot(snap)
    assert e.value.code == code, e.value
    return str(e.value)


def test_bad_snapshots_are_named():
    st = GameState(Rules(), 1)
    good = st.snapshot()
    assert "missing field 'kyoku'" in _bad({k: v for k, v in good.items() if k != "kyoku"})
    s = copy.deepcopy(good)
    s["seats"][0]["hand"][0] = 136
    assert "not a tile id" in _bad(s)
    s = copy.deepcopy(good)
    s["seats"][1]["hand"][0] = s["seats"][0]["hand"][0]  # one tile in two hands
    assert "not conserved" in _bad(s)
    s = copy.deepcopy(good)
    s["version"] = 2
    assert "version" in _bad(s)
    s = copy.deepcopy(good)
    s["phase"] = "HAND_END"
    assert "phase" in _bad(s)
    s = copy.deepcopy(good)
    s["seats"][2]["river_called"] = [True]
    assert "river_called" in _bad(s)
    _bad([good])
    s = copy.deepcopy(good)
    s["seats"][0]["melds"] = [{"type": "pon", "tiles": [0, 1, 4]}]
    assert "mixes kinds" in _bad(s)  # the meld's own message
    end = GameState(Rules(game_length=GameLength.EAST), 2, auto_next=False)
    while end.phase != Phase.HAND_END:
        end.step(end.legal_actions(end.actor)[0] if end.phase == Phase.TURN else [])
    with pytest.raises(IllegalActionError) as e:
        end.snapshot()
    assert e.value.code == "bad_snapshot"


def test_a_snapshot_fuzzed_field_by_field_fails_cleanly():
    """Each field set to a wrong value of another type: a clear error or a valid state,
    never another exception."""
    st = GameState(Rules(), 4)
    good = st.snapshot()
    for key in good:
        for v in (None, -1, "x", [1], {"a": 1}, 10**9):
            s = copy.deepcopy(good)
            s[key] = v
            try:
                GameState.from_snapshot(s)
            except IllegalActionError:
                pass
    for key in good["seats"][0]:
        for v in (None, -1, "x", [999], 10**9):
            s = copy.deepcopy(good)
            s["seats"][0][key] = v
            try:
                GameState.from_snapshot(s)
            except IllegalActionError:
                pass
