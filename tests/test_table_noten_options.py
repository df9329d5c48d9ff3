"""The exhaustive draw's noten options at the table (docs/rules.md §8): the noten payment
into the pool (``Rules.noten_pool``) and the tenpai player's choice to declare noten
(``Rules.noten_declaration``).

Seat 0 is the dealer (East 1); the hands and draws are those of
test_table_draws_and_game_end: the seats named tenpai hold a tenpai hand, the others a
noten one, and everybody discards what they draw until the wall runs out.
"""
from __future__ import annotations

import os

import numpy as np
import pytest

from ippatsu.errors import IppatsuError
from ippatsu.rules import Rules
from ippatsu.table import Action, ActionType, GameState, Phase, actionspace
from ippatsu.table.settle import noten_pool_deltas

from _table_helpers import discard, pass_all, table, tsumogiri_round
from test_table_draws_and_game_end import NOTEN4, SIMPLE_DRAWS, TENPAI4, _draw_with

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
POOL = Rules(noten_pool=True)


@pytest.mark.parametrize("tenpai", [{0}, {1, 2}, {0, 1, 3}])
def test_noten_pool_each_noten_player_puts_one_deposit_on_the_table(tenpai):
    st, res = _draw_with(tenpai, rules=POOL, deposits=1)
    noten = [p for p in range(4) if p not in tenpai]
    assert res.deltas == [0 if p in tenpai else -1000 for p in range(4)]
    assert st.next_hand_counters[2] == 1 + len(noten)
    assert sum(st.scores) + (1 + len(noten)) * 1000 == 4 * 25000 + 1000
    # the payment follows the deposit's size, not noten_payment
    _, res = _draw_with(tenpai, rules=POOL.replace(riichi_deposit=500, noten_payment=6000))
    assert res.deltas == [0 if p in tenpai else -500 for p in range(4)]


def test_noten_pool_nothing_moves_when_all_or_none_are_tenpai():
    for tenpai in (set(), {0, 1, 2, 3}):
        st, res = _draw_with(tenpai, rules=POOL, deposits=2)
        assert res.deltas == [0, 0, 0, 0] and st.next_hand_counters[2] == 2


def test_noten_pool_keeps_the_dealer_repeat_and_honba():
    st, _ = _draw_with({0}, rules=POOL, honba=2)
    assert st.next_hand_counters == (0, 3, 3)
    st, _ = _draw_with({1}, rules=POOL, honba=2)
    assert st.next_hand_counters == (1, 3, 3)


def test_without_noten_pool_the_noten_players_pay_the_tenpai_players():
    st, res = _draw_with({0}, deposits=1)
    assert res.deltas == [3000, -1000, -1000, -1000]
    assert st.next_hand_counters[2] == 1


def test_noten_pool_deltas_three_players():
    assert noten_pool_deltas([True, False, False], 1000) == [0, -1000, -1000]
    assert noten_pool_deltas([True, True, True], 1000) == [0, 0, 0]


def test_noten_pool_without_a_noten_penalty_cannot_combine():
    with pytest.raises(IppatsuError) as e:
        Rules(noten_pool=True, noten_payment=0)
    assert e.value.code == "bad_rules"
    assert "noten_pool" in str(e.value) and "noten_payment" in str(e.value)


# ---------------------------------------------------------------------------------------
# the tenpai declaration at the draw (Rules.noten_declaration)
DECLARE = Rules(noten_declaration=True)


def _at_the_draw(tenpai_seats, rules=DECLARE, **kw):
    """The table right after the last discard of the wall (nobody may call it), the seats in
    ``tenpai_seats`` tenpai."""
    hands = [TENPAI4[p] if p in tenpai_seats else NOTEN4[p] for p in range(4)]
    st = table(hands, draws=SIMPLE_DRAWS, n_live=4, rules=rules, **kw)
    tsumogiri_round(st, 3)
    discard(st)
    return st


def test_noten_declaration_offers_each_tenpai_seat_show_or_hide():
    st = _at_the_draw({1, 2})
    assert st.phase == Phase.RESPONSE and not st.hand_results
    # the decision answers the wall's last discard (what observations read)
    assert st.resp_tile == st.last_discard >= 0 and st.resp_actor == st.last_discarder
    for p in range(4):
        types = {a.type for a in st.legal_actions(p)}
        assert types == ({ActionType.PASS, ActionType.NOTEN} if p in (1, 2) else set())
        mask = st.legal_mask(p)
        assert bool(mask >> actionspace.NOTEN & 1) == (p in (1, 2))
        assert bool(mask >> actionspace.PASS & 1) == (p in (1, 2))


def test_noten_declaration_a_hidden_hand_is_noten_for_the_payments():
    st = _at_the_draw({1, 2})
    st.step({1: actionspace.NOTEN})   # seat 1 hides, seat 2 (missing) shows
    res = st.hand_results[-1]
    assert res.kind == "exhaustive" and list(res.tenpai) == [False, False, True, False]
    assert res.deltas == [-1000, -1000, 3000, -1000]
    end = [e for e in st.events if e["type"] == "ryukyoku"][-1]
    assert end["tenpais"] == [False, False, True, False]
    assert end["tehais"][1] == [] and end["tehais"][2]


def test_noten_declaration_a_dealer_who_hides_passes_the_seat_on():
    st = _at_the_draw({0}, honba=1)
    st.step(Action(ActionType.NOTEN, 0))
    res = st.hand_results[-1]
    assert list(res.tenpai) == [False] * 4 and res.deltas == [0, 0, 0, 0]
    assert st.next_hand_counters == (1, 2, 0)
    st = _at_the_draw({0}, honba=1)
    st.step([])                       # showing: the dealer repeats, 3,000 paid
    assert st.next_hand_counters == (0, 2, 0)
    assert st.hand_results[-1].deltas == [3000, -1000, -1000, -1000]


def test_noten_declaration_a_pending_choice_survives_copy_and_snapshot():
    st = _at_the_draw({1, 2})
    for other in (st.copy(), GameState.from_snapshot(st.snapshot(), auto_next=False)):
        assert other.legal_mask(1) == st.legal_mask(1)
        other.step({2: Action(ActionType.NOTEN, 2)})
        assert list(other.hand_results[-1].tenpai) == [False, True, False, False]
    st.step([])
    assert list(st.hand_results[-1].tenpai) == [False, True, True, False]


def test_without_noten_declaration_the_draw_settles_at_once():
    st = _at_the_draw({1, 2}, rules=Rules())
    assert st.phase == Phase.HAND_END
    assert list(st.hand_results[-1].tenpai) == [False, True, True, False]


def test_noten_declaration_not_offered_when_nagashi_settles_as_a_win():
    st = table(NOTEN4, draws="5m 5p 9p 1s", n_live=4, rules=DECLARE)
    tsumogiri_round(st, 3)
    discard(st)
    assert st.phase == Phase.HAND_END and st.hand_results[-1].kind == "nagashi"


def test_noten_index_names_the_declaration():
    assert actionspace.index_of(Action(ActionType.NOTEN, 2)) == actionspace.NOTEN
    assert actionspace.describe(actionspace.NOTEN) == "noten"
    assert actionspace.index_of_mjai({"type": "noten", "actor": 1}) == actionspace.NOTEN
    assert actionspace.PON_RED2 == actionspace.NOTEN + 1   # the two-red pons come after


def test_noten_declaration_in_the_vector_env_masks_and_steps():
    from ippatsu.env.vector import MahjongVectorEnv

    env = MahjongVectorEnv(2, rules=DECLARE)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(1)   # a declaration within the interpreted budget
    offered = 0
    for _ in range(600 if PURE else 3000):
        m = info["mask"]
        offered += int(m[:, actionspace.NOTEN].sum())
        obs, _, _, _, info = env.step((rng.random(m.shape) * m).argmax(axis=1))
        assert np.isfinite(obs).all()
    assert offered > 0   # the run reached the declaration


def test_noten_declaration_a_riichi_hand_is_shown():
    """A player in riichi declared tenpai: at the draw the hand is shown, no choice."""
    rules = DECLARE.replace(riichi_min_wall=0)
    hands = [NOTEN4[0], TENPAI4[1], TENPAI4[2], NOTEN4[3]]
    st = table(hands, draws=SIMPLE_DRAWS, n_live=4, rules=rules)
    discard(st)
    pass_all(st)
    riichi = next(a for a in st.legal_actions(1) if a.type == ActionType.RIICHI
                  and a.tile == st.last_draw)
    st.step(riichi)
    pass_all(st)
    tsumogiri_round(st, 1)
    discard(st)
    assert st.riichi[1] and st.phase == Phase.RESPONSE
    assert {p for p in range(4) if st.legal_actions(p)} == {2}
    st.step({2: Action(ActionType.NOTEN, 2)})
    assert list(st.hand_results[-1].tenpai) == [False, True, False, False]
