"""The exhaustive draw's noten options at the table (docs/rules.md §8): the noten payment
into the pool (``Rules.noten_pool``).

Seat 0 is the dealer (East 1); the hands and draws are those of
test_table_draws_and_game_end: the seats named tenpai hold a tenpai hand, the others a
noten one, and everybody discards what they draw until the wall runs out.
"""
from __future__ import annotations

import pytest

from ippatsu.errors import IppatsuError
from ippatsu.rules import Rules
from ippatsu.table.settle import noten_pool_deltas

from test_table_draws_and_game_end import _draw_with

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
