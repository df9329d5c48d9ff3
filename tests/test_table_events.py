"""Seats, names and the mjai events of the table (RULES §8): seat winds from the
dealer, the numbering of a hand in its round, the events of a riichi and of an abort.

Seat 0 is the dealer (East 1); the live wall starts with ``draws``, so seat 0 draws
``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest
from ippatsu import score
from ippatsu.rules import Rules
from ippatsu.table import GameState

from _table_helpers import S, T, find, pass_all, table, tsumogiri_round


# a dealer hand with nothing to call or win on the test tiles
DUMMY = "1199m1199p1199s5z"


def yaku_names(r):
    return [n for n, _ in r.yaku]


DR_HAND = "123m456p789s1122z"


def test_default_table_has_four_named_players():
    st = GameState(Rules(), start=False)
    assert st.names == ["player0", "player1", "player2", "player3"]


def test_rule_8_seat_wind_of_a_seat_before_the_dealer():
    """RULES §8: seat winds run from the dealer. In East 2 (dealer seat 1) seat 0 is
    North: its 444z triplet is a seat-wind yakuhai, and it is paid as a non-dealer."""
    st = table(["123m456p789s444z5z", "", "", ""], kyoku=1, draws="9m 9p 9s 8s 7p 6p 2s 5z")
    tsumogiri_round(st, 7)                # a go-around first: no chiihou
    assert st.actor == 0
    st.step(find(st, 0, T.TSUMO))
    w = st.hand_results[-1].wins[0]
    assert "seat_wind_n" in yaku_names(w.score) and not w.score.dealer
    assert w.deltas[1] == 2 * w.deltas[2] < 0       # the dealer (seat 1) pays double
    st.check_invariants()


@pytest.mark.parametrize("kyoku, want", [(1, ("E", 2, 1)), (5, ("S", 2, 1)), (3, ("E", 4, 3))])
def test_mjai_start_kyoku_numbers_the_hand_within_its_round(kyoku, want):
    """mjai ``start_kyoku``: the round wind, the hand's number within its round (1-4) and
    the dealer (East 2 = kyoku index 1, South 2 = index 5)."""
    st = table([DUMMY, "", "", ""], kyoku=kyoku)
    ev = next(e for e in st.events if e["type"] == "start_kyoku")
    assert (ev["bakaze"], ev["kyoku"], ev["oya"]) == want


def test_mjai_riichi_deposit_and_nine_terminals_reveal():
    """mjai events: the accepted riichi takes 1,000 from the declarer; a nine-terminals
    abort shows only the declarer's hand."""
    st = table([DR_HAND, "", "", ""], draws="4m")
    st.step(find(st, 0, T.RIICHI, "4m"))
    pass_all(st)
    ev = next(e for e in st.events if e["type"] == "reach_accepted")
    assert ev["deltas"][0] == -1000 and ev["scores"][0] == 24000
    st = table(["19m19p19s123z2345m", "", "", ""], draws="6m")
    st.step(find(st, 0, T.KYUUSHU))
    ev = next(e for e in st.events if e["type"] == "ryukyoku")
    assert len(ev["tehais"][0]) == 14 and ev["tehais"][1:] == [[], [], []]

