"""Bad input to the table engine raises an IppatsuError with a stable code and a message
naming the problem (checked at setup, never per decision). Runs on the compiled and, under
IPPATSU_PURE_PYTHON=1, the interpreted state machine; the interpreted twin is also checked
here directly."""
from __future__ import annotations

import pytest

import ippatsu.table.state as state_mod
from ippatsu.errors import IllegalActionError, IppatsuError, NotationError
from ippatsu.rules import Rules
from ippatsu.sim import play
from ippatsu.table import Action, RandomAgent, Wall
from ippatsu.table._source import load_state_source

MODS = [pytest.param(state_mod, id="imported"),
        pytest.param(load_state_source(), id="interpreted")]


def _raises(code, fn, *args, **kw):
    with pytest.raises(IllegalActionError) as ei:
        fn(*args, **kw)
    assert isinstance(ei.value, IppatsuError) and ei.value.code == code, ei.value
    return str(ei.value)


@pytest.mark.parametrize("mod", MODS)
def test_step_rejects_unknown_action_types_and_non_actions(mod):
    st = mod.GameState(seed=1)
    assert "99" in _raises("bad_action_type", st.step, Action(99, st.actor, 5))
    assert "str" in _raises("bad_action", st.step, "discard 1m")
    _raises("bad_action", st.step, (0, st.actor, 5))   # a plain tuple is not an Action
    _raises("illegal_action", st.step, 299)  # an int is an action index: stop, not legal
    _raises("illegal_action", st.step, 300)  # noten (a declaration at the draw), not legal
    _raises("illegal_action", st.step, 301)  # pon of 5m taking two reds: not legal
    _raises("bad_action_index", st.step, 304)
    _raises("bad_action", st.step, 4.0)
    _raises("bad_action", st.step, [object()])
    # the state is untouched: a legal action still works
    st.step(st.legal_actions(st.actor)[0])
    while st.phase != mod.Phase.RESPONSE:
        st.step(st.legal_actions(st.actor)[0])
    q = st.to_act[0]
    _raises("bad_action_type", st.step, [Action(99, q, 5)])
    _raises("bad_action", st.step, {q: "pass"})
    _raises("bad_action", st.step, 7.5)
    st.step([])


@pytest.mark.parametrize("mod", MODS)
@pytest.mark.parametrize("seed", [-1, "x", 1.5, b"1", [-3]])
def test_bad_seeds(mod, seed):
    _raises("bad_seed", mod.GameState, seed=seed)


@pytest.mark.parametrize("mod", MODS)
def test_good_seeds_still_work(mod):
    import numpy as np

    for seed in (None, 0, 2**70, np.int64(3), np.random.SeedSequence(5), [1, 2]):
        mod.GameState(seed=seed, start=False)


def test_play_needs_four_callable_agents():
    agents = [RandomAgent(i) for i in range(4)]
    assert "3" in _raises("bad_agents", play, 1, agents[:3])
    _raises("bad_agents", play, 1, agents + [RandomAgent(5)])
    assert "seat 2" in _raises("bad_agents", play, 1, agents[:2] + [5] + agents[3:])
    _raises("bad_agents", play, 1, 4)
    _raises("bad_agents", play, 1, "abcd")
    assert play(1, iter(agents), record=False)["places"]  # any iterable of four


def _wall(**change):
    w = Wall.from_permutation(list(range(136)))
    for k, v in change.items():
        setattr(w, k, v)
    return w


BAD_WALLS = {
    "no tiles": (Wall([], [], [], []), "wall_hand_size"),
    "three hands": (_wall(hands=[list(range(13 * i, 13 * i + 13)) for i in range(3)]),
                    "wall_hand_size"),
    "a short hand": (_wall(hands=[list(range(12))] + [list(range(13 * i, 13 * i + 13))
                                                      for i in range(1, 4)]),
                     "wall_hand_size"),
    "no live tile": (_wall(live=[]), "wall_too_short"),
    "no dora": (_wall(dora=[]), "wall_too_short"),
    "duplicate id": (_wall(live=[0] + list(range(53, 122))), "wall_duplicate_id"),
    "id 136": (_wall(ura=[131, 132, 133, 134, 136]), "wall_tile_id"),
    "id -1": (_wall(rinshan=[-1, 123, 124, 125]), "wall_tile_id"),
    "a str id": (_wall(dora=["1m"]), "wall_tile_id"),
    "n_live 0": (_wall(n_live=0), "bad_wall"),
    "n_live 71": (_wall(n_live=71), "bad_wall"),
    "not a sequence": (_wall(live=5), "bad_wall"),
}


@pytest.mark.parametrize("mod", MODS)
@pytest.mark.parametrize("name", sorted(BAD_WALLS))
def test_bad_custom_walls(mod, name):
    wall, code = BAD_WALLS[name]
    st = mod.GameState(start=False)
    _raises(code, st.start_hand, wall)
    _raises(code, mod.GameState, walls=lambda s: wall)


@pytest.mark.parametrize("mod", MODS)
def test_a_custom_wall_must_be_a_wall(mod):
    _raises("bad_wall", mod.GameState(start=False).start_hand, [list(range(13))] * 4)
    _raises("bad_wall", mod.GameState, walls=lambda s: None)


@pytest.mark.parametrize("mod", MODS)
def test_good_custom_walls_still_work(mod):
    st = mod.GameState(start=False)
    st.start_hand(_wall())
    short = Wall.from_permutation(list(range(136)))
    short.live = short.live[:10]   # a replay's wall holds what the record shows
    short.ura = []
    st.start_hand(short)
    st = mod.GameState(walls=lambda s: Wall.from_text(["123m456p789s1122z", "", "", ""]),
                       record=False)
    assert st.phase == mod.Phase.TURN


@pytest.mark.parametrize("mod", MODS)
def test_bad_counters(mod):
    st = mod.GameState(start=False)
    assert "scores" in _raises("bad_scores", st.start_hand, scores=[1, 2, 3])
    _raises("bad_scores", st.start_hand, scores=[1, 2, 3, 4, 5])
    _raises("bad_scores", st.start_hand, scores=[1, 2, 3, "4"])
    _raises("bad_scores", st.start_hand, scores=[1, 2, 3, 4.0])
    _raises("bad_scores", st.start_hand, scores=5)
    assert "kyoku" in _raises("bad_counter", st.start_hand, kyoku=-5)
    assert "honba" in _raises("bad_counter", st.start_hand, honba=-1)
    assert "deposits" in _raises("bad_counter", st.start_hand, deposits=-1)
    _raises("bad_counter", st.start_hand, kyoku="1")
    _raises("bad_counter", st.start_hand, honba=1.0)
    _raises("bad_counter", st.start_hand, deposits=True)
    # a counter past the state's C int would overflow: refused with the others
    assert "99999" in _raises("bad_counter", st.start_hand, kyoku=2 ** 40)
    _raises("bad_counter", st.start_hand, honba=mod._COUNTER_MAX + 1)
    _raises("bad_counter", st.start_hand, deposits=2 ** 31)
    import numpy as np

    st.start_hand(kyoku=mod._COUNTER_MAX, honba=mod._COUNTER_MAX, deposits=0)
    assert (st.kyoku, st.honba) == (mod._COUNTER_MAX, mod._COUNTER_MAX)
    st.start_hand(kyoku=np.int64(1), honba=2, deposits=0,
                  scores=[25000, 25000, np.int32(25000), 25000])
    assert (st.kyoku, st.honba, st.deposits, st.scores) == (1, 2, 0, [25000] * 4)
    assert all(type(x) is int for x in st.scores)


@pytest.mark.parametrize("mod", MODS)
def test_set_position_checks_seats_and_ids(mod):
    """A position given by ids holds 136-ids, each once, on a seat of the table."""
    st = mod.GameState(seed=1)
    for hand, code in (([999] + list(range(12)), "bad_tile_id"), ([-1], "bad_tile_id"),
                       ([1.5], "bad_tile_id"), ([3, 3], "duplicate_id"), (5, "bad_tile_id")):
        with pytest.raises(IppatsuError) as ei:
            st.set_position(0, hand=hand)
        assert ei.value.code == code, (hand, ei.value)
    with pytest.raises(IppatsuError) as ei:
        st.set_position(0, river=[136])
    assert ei.value.code == "bad_tile_id"
    for seat in (4, -1):
        assert "seat" in _raises("bad_seat", st.set_position, seat, hand="1m")
    three = mod.GameState(Rules.preset("ippatsu_sanma"), seed=1)
    _raises("bad_seat", three.set_position, 3, hand="1m")
    st.set_position(1, hand=list(range(100, 113)))  # good ids still work
    assert sorted(st.hand[1]) == list(range(100, 113))


@pytest.mark.parametrize("bad", [["123x", "", "", ""], ["1m2", "", "", ""]])
def test_wall_from_text_bad_notation(bad):
    with pytest.raises(NotationError):
        Wall.from_text(bad)
    with pytest.raises(NotationError):
        Wall.from_text(["", "", "", ""], draws="9q")


@pytest.mark.parametrize("text, what", [
    ('{"type": "start_game"}\n{"type": ', "line 2: not JSON"),
    ('{"type": "start_game"}\n{"actor": 0}\n', "event 2"),
    ('{"type": "start_game"}\n[1, 2]\n', "event 2"),
])
def test_load_mjai_names_the_bad_line(text, what):
    from ippatsu.errors import RecordError
    from ippatsu.table.mjai import load_mjai

    with pytest.raises(RecordError) as e:
        load_mjai(text)
    assert e.value.code == "bad_log" and what in str(e.value)


def test_load_mjai_missing_file_names_it(tmp_path):
    from ippatsu.errors import RecordError
    from ippatsu.table.mjai import load_mjai

    with pytest.raises(RecordError) as e:
        load_mjai(tmp_path / "nope.mjson")
    assert "nope.mjson" in str(e.value)


# ----------------------------------------------------------------------------- one vocabulary
def test_play_takes_agent_names_preset_names_and_the_seed_by_keyword():
    """Agents, rules and seeds are named as study.match names them; the older order
    play(seed, agents, rules) gives the same game."""
    from ippatsu import sim
    from ippatsu.rules import Rules

    a = play(["greedy", "random", "random", "random"], seed=3, rules="tenhou", record=True)
    b = play(3, [sim.GreedyAgent()] + [sim.RandomAgent(s) for s in sim.agent_seeds(3)[1:]],
             Rules.tenhou(), record=True)
    assert a["events"] == b["events"] and a["scores"] == b["scores"]
    c = play("random", seed=3, rules="tenhou_sanma", record=False)  # one name for every seat
    assert len(c["scores"]) == 3
    assert play("random", seed=3)["events"] == play(["random"] * 4, seed=3)["events"]
    assert play("random", seed=3)["events"] != play("random", seed=4)["events"]


@pytest.mark.parametrize("args, kw, code", [
    ((["greedy"] * 3 + ["grredy"],), dict(seed=1), "bad_agents"),
    (("random",), dict(seed=1, rules="tenhuo"), "bad_rules"),
    (("random",), dict(seed="1"), "bad_seed"),
    ((), dict(seed=1), "bad_agents"),
])
def test_play_names_a_bad_name(args, kw, code):
    with pytest.raises(IppatsuError) as ei:
        play(*args, **kw)
    assert ei.value.code == code
    msg = str(ei.value)
    assert "grredy" in msg or "tenhuo" in msg or "seed" in msg or "agents" in msg


def test_the_built_in_agents_are_found_where_they_are_named():
    from ippatsu import sim, study, table

    assert sim.GreedyAgent is study.GreedyAgent is table.GreedyAgent
    assert sim.RandomAgent is study.RandomAgent is table.RandomAgent


@pytest.mark.parametrize("mod", MODS)
def test_game_state_reads_a_preset_name_and_checks_names(mod):
    assert mod.GameState("tenhou", seed=1).rules == Rules.tenhou()
    with pytest.raises(IppatsuError) as e:
        mod.GameState(5)
    assert e.value.code == "bad_rules"
    _raises("bad_names", mod.GameState, names=["a"])
    _raises("bad_names", mod.GameState, names=["a", "b", "c", 4])
    assert mod.GameState(names=["a", "b", "c", "d"]).names == ["a", "b", "c", "d"]
