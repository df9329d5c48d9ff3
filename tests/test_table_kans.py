"""Kans at the table (RULES §5, §8): who may rob a closed kan, and the indicator a
kan reveals.

Seat 0 is the dealer (East 1); the live wall starts with ``draws``, so seat 0 draws
``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest
from ippatsu.tiles import parse_kind

from _table_helpers import T, find, table


K = parse_kind


@pytest.mark.parametrize("robber", [1, 2, 3])
def test_rule_8_kokushi_robs_a_closed_kan_from_any_seat(robber):
    """RULES §8: kokushi may rob a closed kan, wherever the robber sits (right, across or
    left of the kan player)."""
    st = table(["1111m456p789s234z", "", "", ""], draws="9m")
    st.set_position(robber, hand="9m19p19s12345677z")  # 13-orphans waiting on 1m
    st.step(find(st, 0, T.ANKAN))
    assert find(st, robber, T.RON) is not None


def test_rule_5_kan_dora_indicator_is_a_visible_tile():
    """RULES §5: a kan reveals one more indicator, a tile everybody sees (it lowers the
    live count of its kind): after a closed kan the second indicator, 8p, is visible."""
    st = table(["1111m456p789s234z", "", "", ""], draws="9m", dora="9m8p")
    before = st.visible[K("8p")]
    st.step(find(st, 0, T.ANKAN))
    assert st.n_dora == 2 and st.visible[K("8p")] == before + 1


def test_rule_8_only_kokushi_robs_a_closed_kan():
    """RULES §8: a standard hand waiting on the kan's kind may not rob a closed kan."""
    st = table(["1111m456p789s234z", "23m456p789s11122z", "", ""], draws="9m")
    st.step(find(st, 0, T.ANKAN))
    assert find(st, 1, T.RON) is None

