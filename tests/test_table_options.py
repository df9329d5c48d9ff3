"""Table-side options and penalties (docs/rules.md §8, §13).

A closed kan in riichi under ``closed_kan_after_riichi="readings"``: allowed only when the
kan kind is a triplet in every reading of every winning hand; the penalties' payments
(a 1,000-point foul into the deposits; a chombo's mangan: the dealer 4,000 to each, a
non-dealer 4,000 to the dealer and 2,000 to each other).
"""
from __future__ import annotations

import pytest

from ippatsu.errors import IppatsuError
from ippatsu.rules import Rules, RiichiKan
from ippatsu.table._riichi_kan import riichi_kan_keeps_readings
from ippatsu.table.settle import FOUL_POINTS, chombo_deltas, foul_deltas
from ippatsu.tiles import parse_counts


def _mask(*kinds):
    return sum(1 << k for k in kinds)


@pytest.mark.parametrize("hand,k,waits,keeps", [
    # 1m is a triplet whatever the wait (8s or 9s): the kan changes no reading
    ("1111m234m567p88s99s", 0, _mask(25, 26), True),
    # 777888999m reads as three triplets or three 789 runs: a kan of 9m would take away
    # the runs' reading (the wait 6p stays the same)
    ("7778889999m1116p", 8, _mask(14), False),
    ("456777788999m55s", 6, _mask(7, 22), False),
])
def test_riichi_closed_kan_keeps_every_reading(hand, k, waits, keeps):
    assert riichi_kan_keeps_readings(bytes(parse_counts(hand)), k, waits) is keeps


def test_closed_kan_after_riichi_option_values():
    assert Rules().closed_kan_after_riichi is RiichiKan.WAITS
    assert Rules.mu().closed_kan_after_riichi is RiichiKan.NEVER
    assert Rules().replace(closed_kan_after_riichi="readings").closed_kan_after_riichi \
        is RiichiKan.READINGS
    with pytest.raises(IppatsuError) as e:
        Rules().replace(closed_kan_after_riichi="sometimes")
    assert e.value.code == "bad_rules"


def test_foul_puts_1000_points_into_the_deposits():
    assert FOUL_POINTS == 1000
    assert foul_deltas(1) == [0, -1000, 0, 0]
    assert foul_deltas(2, players=3) == [0, 0, -1000]


@pytest.mark.parametrize("offender,dealer,want", [
    (0, 0, [-12000, 4000, 4000, 4000]),      # the dealer pays 4,000 to each
    (1, 0, [4000, -8000, 2000, 2000]),       # a non-dealer: 4,000 to the dealer, 2,000 each
    (3, 2, [2000, 2000, 4000, -8000]),
])
def test_chombo_pays_a_mangan(offender, dealer, want):
    got = chombo_deltas(offender, dealer)
    assert got == want and sum(got) == 0


def test_penalties_name_a_bad_seat():
    for call in (lambda: foul_deltas(4), lambda: chombo_deltas(0, 5),
                 lambda: chombo_deltas(True, 0)):
        with pytest.raises(IppatsuError) as e:
            call()
        assert e.value.code == "bad_seat"
