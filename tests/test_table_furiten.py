"""Furiten at the table (RULES §8): own discards, passing a winnable tile, what
lifts a temporary furiten and what does not, and the planet preset's yakuless pass.

Seat 0 is the dealer (East 1); the live wall starts with ``draws``, so seat 0 draws
``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest
from ippatsu.rules import Rules

from _table_helpers import T, discard, find, pass_all, table


# a dealer hand with nothing to call or win on the test tiles
DUMMY = "1199m1199p1199s5z"


def _check_planet_pass(hands, passed: str, ronned: str) -> None:
    """Seat 2 lets the dealer's ``passed`` go by (no yaku), then seat 1 discards
    ``ronned``: under planet rules seat 2 is furiten and may not ron it; under the default
    rules it may."""
    for rules, ron in ((Rules.planet(), False), (Rules(), True)):
        st = table(hands, draws=f"{passed} {ronned}", rules=rules)
        discard(st, passed)
        assert st.actor == 1 and st.temp_furiten[2] == (not ron)
        discard(st, ronned)
        assert (find(st, 2, T.RON, ronned) is not None) == ron


def test_rule_8_temporary_furiten_lifted_by_own_call():
    """RULES §8 furiten (b): passing a winnable discard makes you furiten until your next
    draw *or your own call*. Seat 2 (34m, waits 2m/5m, tanyao) passes seat 0's 2m, pons
    seat 1's 8p without drawing, discards 3m (now a 4m tanki) and may ron seat 3's 4m."""
    st = table([DUMMY, "", "34m567p234s678s88p", ""], draws="2m 8p 4m")
    discard(st, "2m")
    assert find(st, 2, T.RON) is not None
    st.step([])
    pass_all(st)
    assert st.temp_furiten[2]
    discard(st, "8p")                      # seat 1
    pon = find(st, 2, T.PON)
    assert pon is not None
    st.step(pon)
    assert not st.temp_furiten[2]
    discard(st, "3m")                      # seat 2: 34m567p234s678s -> 4m tanki
    pass_all(st)
    discard(st, "4m")                      # seat 3, no draw by seat 2 since the pass
    ron = find(st, 2, T.RON)
    assert ron is not None
    st.step(ron)
    assert st.hand_results[-1].wins[0].winner == 2


def test_rule_8_temporary_furiten_not_lifted_by_another_players_call():
    """RULES §8 furiten (b), the other direction: someone else's call does not lift it."""
    st = table([DUMMY, "", "34m567p234s678s99p", "88p"], draws="2m 8p")
    discard(st, "2m")
    st.step([])
    pass_all(st)
    assert st.temp_furiten[2]
    discard(st, "8p")                      # seat 1; seat 3 pons it (seat 2 passes)
    pon = find(st, 3, T.PON)
    assert pon is not None
    st.step(pon)
    assert st.temp_furiten[2]


def test_rule_8_passing_a_call_is_not_furiten():
    """RULES §8 furiten (b) is about passing a *winnable* tile: passing a pon is not."""
    st = table([DUMMY, "", "44m1p4p7p2s5s8s1234z", ""], draws="4m")
    discard(st, "4m")
    assert find(st, 2, T.PON) is not None and find(st, 2, T.RON) is None
    pass_all(st)
    assert not st.temp_furiten[2]


@pytest.mark.parametrize("river, ron", [("5s", False), ("1z", True)])
def test_rule_8_furiten_counts_a_river_given_to_set_position(river, ron):
    """RULES §8 furiten (a): a wait among one's own discards forbids ron. A river given to
    ``set_position`` counts (its docstring): seat 1 waits on 2p / 5s (tanyao) and may not
    ron the dealer's 2p after an earlier 5s of its own; after a 1z it may."""
    st = table([DUMMY, "234m345p678s22p55s", "", ""], draws="2p")
    st.set_position(1, river=river)
    discard(st, "2p")
    assert (find(st, 1, T.RON, "2p") is not None) == ron


def test_planet_yakuless_pass_furiten_of_a_seat_after_the_discarder():
    """docs/rules.md §10 planet (``furiten_on_yakuless_pass``, seeds/003), RULES §8 (b):
    letting pass a discard that completes the shape without a yaku is furiten until one's
    next draw, for every seat — here seat 2 after the dealer's 4m (no yaku: 234m 456m 789m
    999p 11s) may not ron seat 1's 1m (ittsu) in the same go-around. Under the default
    rules (only a winnable pass counts) it may."""
    _check_planet_pass(["1199m1188p1199s3z", "2266p3377s4455z6z", "23m456m789m999p11s",
                         "3388p4466s5566z7z"], passed="4m", ronned="1m")


def test_planet_yakuless_pass_furiten_waits_on_pins():
    """docs/rules.md §10 planet (``furiten_on_yakuless_pass``, seeds/003) as in
    ``test_planet_yakuless_pass_furiten_of_a_seat_after_the_discarder``, with the waits
    in circles: seat 2 (23p 456p 789p 999s 11m) lets the dealer's 4p pass (no yaku) and
    may not ron seat 1's 1p (ittsu) in the same go-around; under the default rules it may."""
    _check_planet_pass(["1199m1188s1199p3z", "2266s3377m4455z6z", "23p456p789p999s11m",
                         "3388s4466m5566z7z"], passed="4p", ronned="1p")

