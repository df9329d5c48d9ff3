"""Flower tiles (``Rules.flowers``, docs/rules.md §12 "Flower tiles"): the 140-tile wall and
its dead wall, the deal, the held flower and its declaration, the replacement draw, the
flower dora in scoring (the compiled road and the pure pass both run this file), illegal
declarations, snapshots, and self-play under the invariants."""
from __future__ import annotations

import numpy as np
import pytest

from ippatsu import _backend
from ippatsu.errors import IllegalActionError, IppatsuError, SituationError, TileCountError
from ippatsu.rules import Rules
from ippatsu.scoring import score
from ippatsu.table import (ActionType, GameState, GreedyAgent, Observation, Phase,
                           RandomAgent, Wall, wall_generator)
from ippatsu.table import actionspace
from ippatsu.tiles import FLOWER_IDS, flower_id, flower_name, is_flower

T = ActionType
FLOWERS = Rules().replace(flowers=True)
F1, F2, F3, F4 = FLOWER_IDS


def _table(hands, draws="", rinshan="", dora="9m", rules=FLOWERS, **kw):
    st = GameState(rules, start=False, auto_next=False)
    st.start_hand(Wall.from_text(hands, draws, rinshan=rinshan, dora=dora, flowers=True,
                                 **kw))
    return st


def _discard_drawn(st):
    p = st.actor
    a = next(a for a in st.legal_actions(p)
             if a.type == T.DISCARD and a.tile == st.last_draw)
    st.step(a)
    while st.phase == Phase.RESPONSE:
        st.step([])


def _flower_action(st):
    return next(a for a in st.legal_actions(st.actor) if a.type == T.NUKIDORA)


# ---------------------------------------------------------------------------- options
def test_flowers_are_off_by_default_and_in_no_preset():
    assert Rules().flowers is False
    from ippatsu.rules import PRESETS
    assert not any(Rules.preset(name).flowers for name in PRESETS)


def test_flowers_with_three_players_is_bad_rules_naming_both():
    with pytest.raises(IppatsuError) as e:
        Rules.ippatsu_sanma().replace(flowers=True)
    assert e.value.code == "bad_rules"
    assert "flowers" in str(e.value) and "players" in str(e.value)
    with pytest.raises(IppatsuError) as e:
        Rules().replace(flowers=1)
    assert e.value.code == "bad_rules"


def test_rules_with_flowers_round_trip_through_their_dict():
    assert Rules(**FLOWERS.to_dict()) == FLOWERS
    assert eval(repr(FLOWERS), {"Rules": Rules}) == FLOWERS


def test_flower_names_and_ids():
    assert [flower_name(t) for t in FLOWER_IDS] == ["1f", "2f", "3f", "4f"]
    assert [flower_id(n) for n in ("1f", "2f", "3f", "4f")] == list(FLOWER_IDS)
    assert is_flower(136) and is_flower(139) and not is_flower(135) and not is_flower(140)
    with pytest.raises(IppatsuError):
        flower_name(135)
    with pytest.raises(IppatsuError):
        flower_id("5f")


# ---------------------------------------------------------------------------- the wall
@pytest.mark.parametrize("seed", range(5))
def test_a_seeded_flower_wall_holds_140_tiles_and_a_dead_wall_of_18(seed):
    w = wall_generator(seed, flowers=True)(seed % 4)
    assert sorted(w.tiles()) == list(range(140))
    assert [len(h) for h in w.hands] == [13] * 4
    assert len(w.live) == w.n_live == 70       # the live wall keeps its 70 draws
    assert len(w.rinshan) == 8                  # four flowers and four kans
    assert len(w.dora) == len(w.ura) == 5
    w.check(4, flowers=True)


def test_the_first_indicator_is_the_upper_tile_of_the_fifth_dead_wall_stack():
    """The dead wall in stack order (upper, lower): stacks 1-4 the eight replacement
    tiles, then the indicators over the ura indicators; the first indicator is tile 9
    of the dead wall (stack 5, upper), where it is tile 5 (stack 3) without flowers."""
    def stacks(w):
        dead = list(w.rinshan)
        for d, u in zip(w.dora, w.ura):
            dead += [d, u]
        return [dead[i:i + 2] for i in range(0, len(dead), 2)]

    perm = list(np.random.default_rng(1).permutation(140))
    w = Wall.from_permutation(perm)
    st = stacks(w)
    assert len(st) == 9 and st[4][0] == w.dora[0] and st[4][1] == w.ura[0]
    assert set(w.rinshan) == set(st[0] + st[1] + st[2] + st[3])
    plain = Wall.from_permutation(list(np.random.default_rng(1).permutation(136)))
    assert stacks(plain)[2][0] == plain.dora[0] and len(stacks(plain)) == 7


def test_the_flower_walls_of_a_seed_are_reproducible_and_the_plain_ones_untouched():
    a = wall_generator(11, flowers=True)
    b = wall_generator(11, flowers=True)
    assert [a(0).tiles() for _ in range(3)] == [b(0).tiles() for _ in range(3)]
    plain, again = wall_generator(11), wall_generator(11)
    assert plain(0).tiles() == again(0).tiles()
    assert max(wall_generator(11)(0).tiles()) == 135


def test_a_wall_with_flower_ids_needs_the_flower_rule():
    w = Wall.from_text(["123m1f", "", "", ""], flowers=True)
    with pytest.raises(IllegalActionError) as e:
        w.check(4)
    assert e.value.code == "wall_tile_id"
    with pytest.raises(IllegalActionError):
        GameState(Rules(), start=False).start_hand(w)
    w.check(4, flowers=True)


# ---------------------------------------------------------------------------- the deal
def test_the_start_hands_flowers_are_set_aside_at_the_deal_from_the_dealer_on():
    st = _table(["1f123m456p", "2f4f789s", "", "3f"], rinshan="1z2z3z4z5z")
    # seat order from the dealer (seat 0): 1f, then 2f and 4f, then 3f
    assert st.nuki == ([F1], [F2, F4], [], [F3])
    assert all(t < 136 for h in st.hand for t in h)
    r = st.wall.rinshan
    assert r[0] in st.hand[0] and r[1] in st.hand[1] and r[2] in st.hand[1]
    assert r[3] in st.hand[3] and r[4] not in st.hand[3]
    assert st.left == 70 - 4 - 1  # four replacements and the dealer's first draw
    st.check_invariants()
    evs = [(e["type"], e.get("actor"), e.get("pai")) for e in st.events]
    i = next(i for i, e in enumerate(evs) if e[0] == "start_kyoku")
    assert evs[i + 1:i + 9] == [
        ("nukidora", 0, "1f"), ("tsumo", 0, "E"), ("nukidora", 1, "2f"), ("tsumo", 1, "S"),
        ("nukidora", 1, "4f"), ("tsumo", 1, "W"), ("nukidora", 3, "3f"), ("tsumo", 3, "N")]


def test_a_flower_replacing_a_dealt_flower_is_set_aside_in_turn():
    st = _table(["1f", "", "", ""], rinshan="2f5z")
    assert st.nuki[0] == [F1, F2]
    assert any(t >> 2 == 31 for t in st.hand[0]) and st.left == 70 - 2 - 1
    st.check_invariants()


# ---------------------------------------------------------------------------- declaring
def test_a_drawn_flower_is_held_and_setting_it_aside_is_the_only_action():
    st = _table(["123m456p789s1122z", "", "", ""], draws="3f", rinshan="3z")
    assert st.phase == Phase.TURN and st.actor == 0 and st.last_draw == F3
    assert F3 not in st.hand[0] and len(st.hand[0]) == 13
    legal = st.legal_actions(0)
    assert [(a.type, a.tile) for a in legal] == [(T.NUKIDORA, F3)]
    assert st.legal_mask(0) == 1 << actionspace.NUKIDORA
    assert str(legal[0]) == "flower 3f by 0"
    assert legal[0].to_mjai() == {"type": "nukidora", "actor": 0, "pai": "3f"}
    st.check_invariants()


def test_setting_a_flower_aside_draws_the_replacement_from_the_dead_wall():
    st = _table(["123m456p789s1122z", "", "", ""], draws="3f", rinshan="3z")
    left = st.left
    st.step(actionspace.NUKIDORA)          # by its action index
    assert st.nuki[0] == [F3]
    assert st.phase == Phase.TURN and st.actor == 0
    assert st.last_draw >> 2 == 29 and st.last_draw in st.hand[0]
    assert st.left == left - 1             # the dead wall is refilled from the live wall
    assert not st.rinshan_draw             # no kan: a win on it is no rinshan kaihou
    assert {a.type for a in st.legal_actions(0)} >= {T.DISCARD}
    assert st.events[-2:] == [{"type": "nukidora", "actor": 0, "pai": "3f"},
                              {"type": "tsumo", "actor": 0, "pai": "W"}]
    st.check_invariants()


def test_a_replacement_flower_is_declared_again():
    st = _table(["123m456p789s1122z", "", "", ""], draws="3f", rinshan="4f3z")
    st.step(_flower_action(st))
    assert st.last_draw == F4 and [a.tile for a in st.legal_actions(0)] == [F4]
    st.step(_flower_action(st))
    assert st.nuki[0] == [F3, F4] and st.last_draw >> 2 == 29
    st.check_invariants()


def test_a_flower_in_riichi_is_set_aside_and_the_waits_stay():
    st = _table(["123m456p789s1122z", "", "", ""], draws="3z1m2m3m2f", rinshan="4m")
    riichi = next(a for a in st.legal_actions(0) if a.type == T.RIICHI and a.tile >> 2 == 29)
    st.step(riichi)
    while st.phase == Phase.RESPONSE:
        st.step([])
    for _ in range(3):
        _discard_drawn(st)
    assert st.actor == 0 and st.last_draw == F2
    waits = st.waits[0]
    assert [a.type for a in st.legal_actions(0)] == [T.NUKIDORA]
    st.step(_flower_action(st))
    assert st.waits[0] == waits and st.riichi[0]
    st.check_invariants()


# ---------------------------------------------------------------------------- illegal
def _snap(st):
    return st.snapshot()


def test_declaring_a_flower_one_does_not_hold_is_refused_with_the_state_unchanged():
    from ippatsu.table import Action
    st = _table(["123m456p789s1122z", "", "", ""], draws="5m")
    before = _snap(st)
    with pytest.raises(IllegalActionError) as e:
        st.step(Action(T.NUKIDORA, 0, F1))
    assert e.value.code == "illegal_action"
    with pytest.raises(IllegalActionError):
        st.step(actionspace.NUKIDORA)
    assert _snap(st) == before


def test_declaring_a_flower_out_of_turn_is_refused_with_the_state_unchanged():
    from ippatsu.table import Action
    st = _table(["123m456p789s1122z", "", "", ""], draws="3f")
    before = _snap(st)
    with pytest.raises(IllegalActionError) as e:
        st.step(Action(T.NUKIDORA, 2, F3))
    assert e.value.code == "not_your_turn"
    assert _snap(st) == before


def test_a_held_flower_cannot_be_discarded_nor_another_tile():
    from ippatsu.table import Action
    st = _table(["123m456p789s1122z", "", "", ""], draws="3f")
    before = _snap(st)
    for a in (Action(T.DISCARD, 0, F3), Action(T.DISCARD, 0, st.hand[0][0])):
        with pytest.raises(IllegalActionError):
            st.step(a)
    assert _snap(st) == before


def test_a_response_is_no_time_for_a_flower():
    from ippatsu.table import Action
    st = _table(["123m456p789s1122z", "55z", "", ""], draws="5z")
    st.step(next(a for a in st.legal_actions(0) if a.type == T.DISCARD and a.tile >> 2 == 31))
    assert st.phase == Phase.RESPONSE and 1 in st.to_act
    before = _snap(st)
    with pytest.raises(IllegalActionError):
        st.step({1: Action(T.NUKIDORA, 1, F1)})
    assert _snap(st) == before


# ---------------------------------------------------------------------------- no call
def test_a_flower_breaks_no_ippatsu_and_no_first_turn_window():
    # seat 0 riichis at once (double riichi); seat 1 draws a flower; seat 0 keeps ippatsu
    st = _table(["123m456p789s1122z", "", "", ""], draws="3z2f5z6z7z", rinshan="1s")
    st.step(next(a for a in st.legal_actions(0) if a.type == T.RIICHI and a.tile >> 2 == 29))
    while st.phase == Phase.RESPONSE:
        st.step([])
    assert st.actor == 1 and st.last_draw == F2
    assert st.ippatsu[0] and st.first_turn[1] and st.no_calls
    st.step(_flower_action(st))
    assert st.ippatsu[0] and st.first_turn[1] and st.no_calls and st.double_riichi[0]


# ---------------------------------------------------------------------------- scoring
HAND = "234m456p678s22s789m"   # pinfu on a ron of 9m; riichi adds one


def test_each_flower_set_aside_is_one_han_of_dora():
    base = score(HAND, "9m", riichi=True, rules=FLOWERS)
    for n in range(1, 5):
        r = score(HAND, "9m", riichi=True, rules=FLOWERS, flowers=n)
        assert r.han == base.han + n and r.dora == base.dora + n and r.flowers == n
        assert r.yaku == base.yaku and r.fu == base.fu


def test_flower_dora_is_no_yaku_and_a_yakuman_does_not_add_it():
    r = score("234m456p678s11z789m", "9m", rules=FLOWERS, flowers=3, raise_on_no_yaku=False)
    assert r.error == "no_yaku" and r.han == 0 and r.flowers == 0
    ym = score("19m19p19s1234567z1m", rules=FLOWERS, flowers=2)
    assert ym.yakuman and ym.points == score("19m19p19s1234567z1m", rules=FLOWERS).points
    assert ym.flowers == 0


def test_flower_han_reaches_the_limits_like_other_dora():
    base = score(HAND, "9m", riichi=True, tsumo=True, rules=FLOWERS)
    r = score(HAND, "9m", riichi=True, tsumo=True, rules=FLOWERS, flowers=4)
    assert base.limit is None and r.han == base.han + 4
    assert r.limit == ("mangan" if r.han == 5 else "haneman" if r.han <= 7 else "baiman")
    assert r.points > base.points


def test_a_flower_indicator_makes_each_flower_set_aside_one_more_dora():
    r0 = score(HAND, "9m", riichi=True, rules=FLOWERS, flowers=2, dora_indicators="1z")
    r1 = score(HAND, "9m", riichi=True, rules=FLOWERS, flowers=2,
               dora_indicators=[27 * 4, F4])
    assert r1.dora == r0.dora + 2 and r1.flowers == 2
    ura = score(HAND, "9m", riichi=True, rules=FLOWERS, flowers=1, ura_indicators=[F4])
    assert ura.ura == 1
    # without flowers set aside a flower indicator points at nothing
    assert score(HAND, "9m", riichi=True, rules=FLOWERS, dora_indicators=[F4]).dora == 0


def test_flowers_need_the_rule_and_are_zero_to_four():
    with pytest.raises(SituationError) as e:
        score(HAND, "9m", riichi=True, flowers=1)
    assert e.value.code == "flowers_off"
    with pytest.raises(TileCountError) as e:
        score(HAND, "9m", riichi=True, rules=FLOWERS, flowers=5)
    assert e.value.code == "fifth_copy"
    with pytest.raises(TileCountError):
        score(HAND, "9m", riichi=True, rules=FLOWERS, flowers=3, dora_indicators=[F1, F2])
    with pytest.raises(IppatsuError):
        score(HAND, "9m", riichi=True, rules=FLOWERS, flowers=-1)


@pytest.mark.skipif(_backend.PURE, reason="the compiled scoring kernel")
def test_flower_dora_is_the_same_from_the_kernel_and_the_pure_search():
    import ippatsu.scoring as sc
    hands = [(HAND, "9m", dict(riichi=True)), ("123m456p789s11z777z", "7z", {}),
             ("22m345678p234s555s", "5s", dict(tsumo=True)), ("1122m3344p5566s77z", "7z", {})]
    assert score is not sc.reference_score
    for hand, win, kw in hands:
        for n in range(5):
            a = score(hand, win, rules=FLOWERS, flowers=n, **kw)
            b = sc.reference_score(hand, win, rules=FLOWERS, flowers=n, **kw)  # the twin
            assert (a.han, a.fu, a.points, a.dora, a.flowers, a.yaku) == \
                (b.han, b.fu, b.points, b.dora, b.flowers, b.yaku), (hand, n)
            assert a.to_dict() == b.to_dict()


def test_a_win_at_the_table_counts_the_flowers_set_aside():
    # the dealer waits on 1z / 2z, discards its first draw, then draws a flower and 1z
    st = _table(["123m456p789s1122z", "", "", ""], draws="5m6m7m8m2f", rinshan="1z",
                dora="9m")
    for _ in range(4):
        _discard_drawn(st)
    st.step(_flower_action(st))
    tsumo = next(a for a in st.legal_actions(0) if a.type == T.TSUMO)
    st.step(tsumo)
    win = st.hand_results[-1].wins[0]
    assert win.score.flowers == 1 and st.nuki[0] == [F2]
    plain = score(win.hand, win.tile, tsumo=True, seat_wind=0, rules=FLOWERS,
                  dora_indicators="9m")
    assert win.score.han == plain.han + 1 and win.score.dora == plain.dora + 1
    # a win on a flower's replacement is not rinshan kaihou
    assert "rinshan" not in win.score.yaku_names


def test_the_replacement_of_a_flower_drawn_last_is_the_last_draw():
    st = _table(["123m456p789s1122z", "", "", ""], draws="5m6m7m8m4f", rinshan="9p",
                n_live=5)
    for _ in range(4):
        _discard_drawn(st)
    assert st.actor == 0 and st.last_draw == F4 and st.left == 0
    st.step(_flower_action(st))
    assert st.left == 0 and st.last_draw >> 2 == 17
    _discard_drawn(st)
    assert st.phase == Phase.HAND_END and st.hand_results[-1].kind == "exhaustive"


# ---------------------------------------------------------------------------- snapshots
def test_a_snapshot_with_a_held_flower_goes_on_alike():
    st = _table(["1f123m456p789s", "", "", ""], draws="2z3f4z", rinshan="5z6z7z")
    _discard_drawn(st)
    assert st.actor == 1 and st.last_draw == F3
    snap = st.snapshot()
    again = GameState.from_snapshot(snap)
    assert again.legal_actions(1) == st.legal_actions(1)
    for s in (st, again):
        s.step(_flower_action(s))
    assert again.snapshot() == st.snapshot()
    c = st.copy()
    _discard_drawn(c)
    _discard_drawn(st)
    assert c.snapshot() == st.snapshot()


# ---------------------------------------------------------------------------- self-play
def _selfplay(seed, agents):
    from test_table_selfplay import check_offered
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    from selfplay import check_offered_flowers

    st = GameState(FLOWERS.replace(game_length="east"), seed)
    views = [Observation(st, p) for p in range(4)]
    held = masks = 0
    while st.phase != Phase.GAME_END:
        st.check_invariants()
        check_offered_flowers(st, check_offered)
        for p, acts in st._legal.items():
            want = 0
            for a in acts:
                want |= 1 << actionspace.index_of(a, st.rules.red_fives)
            assert st.legal_mask(p) == want
            assert st.legal_mask_array(p).sum() == bin(want).count("1")
            masks += 1
        if st.phase == Phase.TURN:
            p = st.actor
            held += st.last_draw >= 136
            st.step(agents[p](views[p], st._legal[p]))
        else:
            st.step([agents[p](views[p], a) for p, a in st._legal.items()])
    st.check_invariants()
    return st, held


@pytest.mark.parametrize("seed", range(2))
def test_selfplay_with_flowers_keeps_the_invariants_at_every_step(seed):
    agents = [RandomAgent(seed * 4 + i) for i in range(4)]
    if not _backend.PURE:
        agents[1] = agents[3] = GreedyAgent()
    st, held = _selfplay(seed, agents)
    assert held > 0, "no flower was drawn during the game: the check reached nothing"
    flowers = [w.score.flowers for h in st.hand_results for w in h.wins]
    assert st.final is not None
    if not _backend.PURE:
        assert any(flowers), "no win counted a flower"


# ---------------------------------------------------------------------------- records
@pytest.mark.parametrize("seed", range(2))
def test_the_mjai_log_of_a_flower_game_replays_exactly(seed):
    import io
    import json
    from ippatsu.table.mjai import write_json_lines
    from ippatsu.table.replay import replay_mjai

    rules = FLOWERS.replace(game_length="east")
    st = GameState(rules, seed)
    agents = [RandomAgent(seed * 4 + i) for i in range(4)]
    while st.phase != Phase.GAME_END:
        if st.phase == Phase.TURN:
            st.step(agents[st.actor](None, st._legal[st.actor]))
        else:
            st.step([agents[p](None, a) for p, a in st._legal.items()])
    buf = io.StringIO()
    write_json_lines(st.events, buf)
    events = [json.loads(line) for line in buf.getvalue().splitlines()]
    assert any(e["type"] == "nukidora" and e["pai"].endswith("f") for e in events)
    rep = replay_mjai(events, rules=rules)
    assert rep.ok and rep.illegal == 0, rep.problems[:3]
    assert rep.hands == len(st.hand_results) > 0


def test_the_environments_take_flower_rules():
    """The environments play flower rules (tests/test_env.py checks their games,
    masks and observations)."""
    from ippatsu.env.vec import rules_of
    assert rules_of(FLOWERS, None) is FLOWERS
