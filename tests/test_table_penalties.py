"""Penalties at the table (GameState.penalize): a foul puts one deposit on the table for the
next winner; a dead hand may not win, declare riichi or call for the rest of the hand and
is noten at the draw; a chombo voids the hand (riichi deposits back), the offender pays a
mangan (dealer 4,000 to each; non-dealer 4,000 to the dealer, 2,000 to the others) and the
same hand is replayed."""
from __future__ import annotations

import os

import numpy as np
import pytest

from ippatsu.errors import IllegalActionError
from ippatsu.rules import Rules
from ippatsu.table import ActionType, GameState, GreedyAgent, Observation, Phase
from ippatsu.table.settle import chombo_deltas, noten_deltas
from _table_helpers import random_step

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
GAMES = 6 if PURE else 30

#: what a dead hand may never be offered
FORBIDDEN = {ActionType.TSUMO, ActionType.RON, ActionType.RIICHI, ActionType.CHI,
             ActionType.PON, ActionType.DAIMINKAN}


def _greedy_hand(st):
    """Play to the end of the hand with the greedy agent at every seat."""
    agent = GreedyAgent()
    while st.phase in (Phase.TURN, Phase.RESPONSE):
        if st.phase is Phase.TURN:
            p = st.actor
            st.step(agent(Observation(st, p), st.legal_actions(p)))
        else:
            st.step({q: agent(Observation(st, q), st.legal_actions(q)) for q in st.to_act})


def _play_hand(st, rng, on_decision=None):
    """Play to the end of the hand; ``on_decision(st)`` before each decision."""
    while st.phase in (Phase.TURN, Phase.RESPONSE):
        if on_decision:
            on_decision(st)
        random_step(st, rng)
        st.check_invariants()


def _offers(st, p):
    return {a.type for a in st.legal_actions(p)} if p in st.to_act else set()


@pytest.mark.parametrize("players", [4, 3])
def test_a_dead_hand_is_never_offered_a_win_riichi_or_call_and_is_noten_at_the_draw(players):
    rules = Rules.preset("tenhou" if players == 4 else "tenhou_sanma")
    seen_forbidden_alive = 0      # the same hands without the penalty do offer them
    for g in range(GAMES):
        for dead in (True, False):
            st = GameState(rules, seed=g, auto_next=False, record=False)
            rng = np.random.default_rng(g)
            p = g % players
            # some way into the hand, so that hands have shape
            for _ in range(4 * players):
                if st.phase not in (Phase.TURN, Phase.RESPONSE):
                    break
                random_step(st, rng)
            if st.phase not in (Phase.TURN, Phase.RESPONSE):
                continue
            if dead:
                before = list(st.scores)
                assert st.penalize(p, "dead_hand") == [0] * players
                assert st.scores == before and st.dead_hand[p]
            offered = set()
            _play_hand(st, rng, lambda s: offered.update(_offers(s, p)))
            if dead:
                assert not offered & FORBIDDEN, offered & FORBIDDEN
                res = st.hand_results[-1]
                assert not any(w.winner == p for w in res.wins)
                if res.kind == "exhaustive":
                    assert res.tenpai[p] is False
                    assert p not in res.nagashi
            else:
                seen_forbidden_alive += bool(offered & FORBIDDEN)
    assert seen_forbidden_alive >= 2, "the live hands were never offered a call or win"


def _quiet(st):
    """Everybody discards what they draw and passes every answer, to the draw."""
    while st.phase in (Phase.TURN, Phase.RESPONSE):
        if st.phase is Phase.TURN:
            acts = st.legal_actions()
            st.step([a for a in acts if a.type is ActionType.DISCARD
                     and a.tile == st.last_draw][0])
        else:
            st.step({q: [a for a in st.legal_actions(q) if a.type is ActionType.PASS][0]
                     for q in st.to_act})


@pytest.mark.parametrize("dead", [True, False])
def test_a_dead_hand_in_tenpai_is_noten_at_the_exhaustive_draw(dead):
    from _table_helpers import table
    # seat 2 tenpai on 1z / 2z; four draws and the wall is exhausted
    st = table(["", "", "123m456p789s1122z", ""], draws="5m 5p 5s 4s", n_live=4)
    if dead:
        st.penalize(2, "dead_hand")
    _quiet(st)
    res = st.hand_results[-1]
    assert res.kind == "exhaustive" and st.shanten[2] == 0
    assert res.tenpai[2] is (not dead)
    assert res.deltas == noten_deltas(res.tenpai, st.rules.noten_payment)
    assert (res.deltas[2] <= 0) if dead else (res.deltas[2] > 0)


def test_a_dead_hands_pending_answer_is_withdrawn_and_the_discard_passes():
    rng = np.random.default_rng(0)
    for seed in range(200):
        st = GameState(seed=seed, auto_next=False, record=False)
        while st.phase is Phase.TURN or (st.phase is Phase.RESPONSE and len(st.to_act) > 1):
            random_step(st, rng)
        if st.phase is Phase.RESPONSE and len(st.to_act) == 1:
            break
    else:
        pytest.fail("no discard answerable by one seat only")
    q, = st.to_act
    discarder, n_river = st.resp_actor, len(st.river[st.resp_actor])
    st.penalize(q, "dead_hand")
    # nobody else could answer: the discard passed, the next seat is at its turn
    assert st.phase in (Phase.TURN, Phase.HAND_END)
    assert q not in st.to_act or st.phase is Phase.TURN
    assert len(st.river[discarder]) == n_river and not st.river_called[discarder][-1]
    st.check_invariants()


@pytest.mark.parametrize("players", [4, 3])
def test_a_foul_puts_one_deposit_on_the_table_for_the_next_winner(players):
    rules = Rules.preset("tenhou" if players == 4 else "tenhou_sanma")
    won = 0
    for g in range(40):
        st = GameState(rules, seed=g, auto_next=False, record=False)
        p = (g + 1) % players
        before = list(st.scores)
        assert st.penalize(p, "foul") == [-1000 if s == p else 0 for s in range(players)]
        assert st.deposits == 1 and st.scores[p] == before[p] - 1000
        st.check_invariants()
        _greedy_hand(st)
        st.check_invariants()
        res = st.hand_results[-1]
        if res.kind == "win":
            won += 1
            w = res.wins[0]
            assert st.deposits == 0
            # the first winner takes the deposit on top of the hand's payments
            assert st.scores[w.winner] - before[w.winner] == (
                sum(x.deltas[w.winner] for x in res.wins)
                - (1000 if st.riichi[w.winner] else 0) - (1000 if w.winner == p else 0))
        elif res.kind == "exhaustive":
            assert st.next_hand_counters[2] == st.deposits >= 1
        if won >= 2:
            break
    assert won >= 2, "no hand after a foul ended in a win"
    assert st.penalties[-1] == {"kind": "foul", "seat": p, "kyoku": 0, "honba": 0}


@pytest.mark.parametrize("players, offender, dealer_kyoku", [
    (4, 0, 0), (4, 2, 0), (4, 1, 1), (3, 0, 0), (3, 2, 0)])
def test_a_chombo_voids_the_hand_and_the_offender_pays_a_mangan(players, offender,
                                                                 dealer_kyoku):
    rules = Rules.preset("tenhou" if players == 4 else "tenhou_sanma")
    agent = GreedyAgent()
    for seed in range(60):   # a hand in which somebody's riichi deposit is paid
        st = GameState(rules, seed=seed, auto_next=False, record=True)
        st.start_hand(kyoku=dealer_kyoku, honba=2, deposits=1,   # one stick from seat 0
                      scores=[rules.starting_points - 1000 * (s == 0) for s in range(players)])
        while st.phase in (Phase.TURN, Phase.RESPONSE) and 2 not in map(int, st.riichi):
            if st.phase is Phase.TURN:
                st.step(agent(Observation(st, st.actor), st.legal_actions()))
            else:
                st.step({q: agent(Observation(st, q), st.legal_actions(q))
                         for q in st.to_act})
        if st.phase in (Phase.TURN, Phase.RESPONSE):
            break
    else:
        pytest.fail("no hand with a paid riichi deposit")
    riichi_paid = [q for q in range(players) if int(st.riichi[q]) == 2]
    before, deposits_before = list(st.scores), st.deposits
    deltas = st.penalize(offender, "chombo")
    expect = chombo_deltas(offender, dealer_kyoku % players, players)
    assert deltas == expect
    dealer = dealer_kyoku % players
    for q in range(players):
        share = 0 if q == offender else (4000 if dealer in (q, offender) else 2000)
        assert expect[q] == (share if q != offender else -sum(
            4000 if dealer in (x, offender) else 2000 for x in range(players) if x != offender))
        back = 1000 if q in riichi_paid else 0
        assert st.scores[q] == before[q] + deltas[q] + back
    assert riichi_paid and st.deposits == deposits_before - len(riichi_paid) == 1
    res = st.hand_results[-1]
    assert res.kind == "chombo" and res.deltas == expect and res.wins == []
    assert st.phase is Phase.HAND_END
    assert st.next_hand_counters == (dealer_kyoku, 2, 1)   # the same hand again
    assert st.events[-2]["type"] == "ryukyoku" and st.events[-2]["reason"] == "chombo"
    st.next_hand()
    assert (st.kyoku, st.honba, st.deposits) == (dealer_kyoku, 2, 1)
    st.check_invariants()


def test_a_chombo_that_busts_a_player_ends_the_game_where_busts_do():
    st = GameState(seed=4, auto_next=False, record=False)
    st.start_hand(scores=[30000, 39000, 30000, 1000])
    st.penalize(3, "chombo")
    assert st.phase is Phase.GAME_END and st.hand_results[-1].kind == "chombo"
    keep = GameState(Rules.preset("tenhou").replace(bust_ends_game=False), seed=4,
                     auto_next=False, record=False)
    keep.start_hand(scores=[30000, 39000, 30000, 1000])
    keep.penalize(3, "chombo")
    assert keep.phase is Phase.HAND_END and keep.scores[3] == -7000


def test_auto_next_deals_the_replayed_hand_at_once():
    st = GameState(seed=5, record=False)   # auto_next
    kyoku, honba = st.kyoku, st.honba
    wall = st.wall
    st.penalize(1, "chombo")
    assert st.phase is Phase.TURN and (st.kyoku, st.honba) == (kyoku, honba)
    assert st.wall is not wall   # a new deal


@pytest.mark.parametrize("seat, kind, code", [
    (4, "foul", "bad_seat"), (-1, "chombo", "bad_seat"), (True, "foul", "bad_seat"),
    (0, "warning", "bad_penalty"), (0, None, "bad_penalty")])
def test_a_bad_penalty_is_refused_and_changes_nothing(seat, kind, code):
    st = GameState(seed=6, record=False)
    snap = st.snapshot()
    with pytest.raises(IllegalActionError) as e:
        st.penalize(seat, kind)
    assert e.value.code == code
    assert st.snapshot() == snap


def test_a_penalty_outside_a_hand_is_refused():
    st = GameState(seed=7, auto_next=False, record=False)
    st.penalize(0, "chombo")
    assert st.phase is Phase.HAND_END
    with pytest.raises(IllegalActionError) as e:
        st.penalize(1, "foul")
    assert e.value.code == "hand_not_running"


def test_dead_hands_and_the_penalty_log_survive_a_snapshot():
    st = GameState(seed=8, auto_next=False, record=False)
    st.penalize(2, "dead_hand")
    st.penalize(1, "foul")
    snap = st.snapshot()
    back = GameState.from_snapshot(snap, auto_next=False)
    assert back.dead_hand == (False, False, True, False)
    assert back.penalties == st.penalties and back.deposits == 1
    assert back.snapshot() == snap
    bad = dict(snap, penalties=[{"kind": "warning", "seat": 0, "kyoku": 0, "honba": 0}])
    with pytest.raises(IllegalActionError, match="penalty"):
        GameState.from_snapshot(bad)


@pytest.mark.parametrize("dead", [True, False])
@pytest.mark.parametrize("hand, kind", [("123m456p789s11223z", ActionType.RIICHI),
                                        ("123m456p789s11222z", ActionType.TSUMO)])
def test_a_dead_hand_at_its_turn_may_only_discard(dead, hand, kind):
    st = GameState(seed=10, auto_next=False, record=False)
    st.set_position(0, hand=hand)   # the dealer's first turn, 14 tiles
    if dead:
        st.penalize(0, "dead_hand")
    offered = {a.type for a in st.legal_actions()}
    assert (kind in offered) is (not dead)
    if dead:
        assert offered == {ActionType.DISCARD}


@pytest.mark.parametrize("dead", [True, False])
def test_a_dead_hand_may_not_rob_a_kan(dead):
    st = GameState(seed=11, auto_next=False, record=False)
    # the dealer adds the fourth 7p to its pon; seat 1 waits on 7p (chankan)
    st.set_position(0, melds=["pon 7p+77p<A"], hand="7p123m456m789m1z")
    st.set_position(1, hand="123m456p89p11z222z")
    if dead:
        st.penalize(1, "dead_hand")
    kakan = [a for a in st.legal_actions() if a.type is ActionType.KAKAN]
    assert kakan
    st.step(kakan[0])
    robbed = st.phase is Phase.RESPONSE and ActionType.RON in _offers(st, 1)
    assert robbed is (not dead)
