"""Settlement arithmetic (ippatsu.table.settle), each function against its rule; the
table's own games exercise them end to end (test_table_rules.py, test_liability.py)."""
from __future__ import annotations

import pytest

from ippatsu import score
from ippatsu.rules import Rules
from ippatsu.table import GameState, RiichiState, Wall
from ippatsu.table.settle import (final_standings, liable_seat, nagashi_deltas,
                                  noten_deltas, placement, win_deltas)


@pytest.mark.parametrize("tenpai, deltas", [
    ((True, False, False, False), [3000, -1000, -1000, -1000]),
    ((True, True, False, False), [1500, 1500, -1500, -1500]),
    ((False, True, True, True), [-3000, 1000, 1000, 1000]),
    ((True, True, True, True), [0, 0, 0, 0]),
    ((False, False, False, False), [0, 0, 0, 0]),
])
def test_noten_payment(tenpai, deltas):
    """RULES §8: noten payment, 3,000 in total from the noten players to the tenpai
    players; nothing moves if all or none are tenpai."""
    assert noten_deltas(tenpai, 3000) == deltas
    assert sum(deltas) == 0


def test_win_deltas_put_payments_by_seat_wind_on_seats():
    """A riichi ron on 123m456p789s11222z, East winning from South: score()'s payments
    are by seat wind; with seat 2 as dealer, East is seat 2 and South seat 3."""
    r = score("123m456p789s11222z", "2z", riichi=True, seat_wind=0, discarder=1)
    d = win_deltas(r.payments, dealer=2)
    assert d[2] == r.payments[0] > 0 and d[3] == r.payments[1] < 0
    assert d[0] == d[1] == 0 and sum(d) == 0


def test_liable_seat():
    """RULES §8 liability (pao): the feeder of the last dragon / wind set is liable; else,
    with the kan-replacement option, the feeder of the open kan whose replacement tile
    won by tsumo; nobody otherwise."""
    assert liable_seat(2, True, False, -1, False) == 2      # daisangen feeder
    assert liable_seat(2, False, True, 3, True) == 2        # the yakuman feeder first
    assert liable_seat(-1, True, True, 3, True) == 3        # rinshan after an open kan
    assert liable_seat(-1, True, True, 3, False) == -1      # option off
    assert liable_seat(-1, False, True, 3, True) == -1      # a ron: not the kan's tile
    assert liable_seat(-1, True, True, -1, True) == -1      # a closed kan: nobody fed it
    assert liable_seat(-1, True, False, 3, True) == -1      # not a replacement draw


def test_nagashi_mangan_honba_and_deposits_to_the_closest_qualifier():
    """RULES §8: nagashi mangan is paid as a mangan tsumo; several qualifiers are all
    paid; honba and deposits go to the qualifier closest to the dealer."""
    rules = Rules()
    one = nagashi_deltas([1], dealer=0, honba=0, deposits=0, rules=rules, win_mode=True)
    assert one == [-4000, 8000, -2000, -2000]
    both = nagashi_deltas([3, 1], dealer=0, honba=1, deposits=2, rules=rules,
                          win_mode=True)
    # seat 1 is closer to the dealer (seat 0) than seat 3: it takes 300 honba + 2,000
    assert both[1] == 8000 - 2000 + 300 + 2000 and both[3] == 8000 - 2000 - 100
    assert sum(both) == 2000  # the deposits come from the table
    plain = nagashi_deltas([3, 1], dealer=0, honba=1, deposits=2, rules=rules,
                           win_mode=False)
    assert sum(plain) == 0


def test_placement_ties_by_starting_seat():
    """RULES §8: placement by points; ties broken by initial seat order."""
    assert placement([25000, 25000, 30000, 20000]) == [2, 0, 1, 3]
    assert placement([25000] * 4) == [0, 1, 2, 3]


def test_final_standings_uma_oka_and_leftover_deposits():
    """RULES §8: return 30,000, oka 20,000 to first, uma +20/+10/-10/-20; deposits left on
    the table go to first place (option)."""
    rules = Rules()
    scores, deps, order, final = final_standings([34000, 26000, 21000, 17000], 2, rules)
    assert deps == 0 and scores[0] == 36000 and order == [0, 1, 2, 3]
    oka = rules.oka / 1000
    assert final == [(36000 - rules.return_points) / 1000 + rules.uma[0] + oka,
                     (26000 - rules.return_points) / 1000 + rules.uma[1],
                     (21000 - rules.return_points) / 1000 + rules.uma[2],
                     (17000 - rules.return_points) / 1000 + rules.uma[3]]
    kept = Rules(deposits_to_first=False)
    scores, deps, _, _ = final_standings([34000, 26000, 21000, 17000], 2, kept)
    assert deps == 2 and scores[0] == 34000


def test_riichi_state_is_an_enum():
    """The riichi of each seat is a RiichiState: declared with the riichi discard,
    accepted (deposit paid) when the discard passes."""
    st = GameState(start=False)
    st.start_hand(Wall.from_text(["123m456p789s1122z", "", "", ""], draws="9m"))
    assert st.riichi == [RiichiState.NONE] * 4
    act = next(a for a in st.legal_actions(0) if a.type.name == "RIICHI")
    st.step(act)
    assert st.riichi[0] is RiichiState.ACCEPTED and st.deposits == 1


def test_final_values_are_the_floats_nearest_the_exact_results():
    """(score - return) / 1000 + uma (+ oka / 1000 for first), in exact arithmetic, then
    the nearest float: -0.2, never -0.1999999999999993 (-0.2 + 10 - 10 in floats)."""
    from fractions import Fraction

    from ippatsu.rules import Rules
    from ippatsu.table.settle import final_standings

    for rules in (Rules.ippatsu(), Rules.tenhou(), Rules.majsoul()):
        for scores in ([29800, 30200, 20000, 20000], [24000, 24000, 24000, 28000],
                       [35100, 25300, 20400, 19200], [-1300, 40700, 30300, 30300],
                       [9000, 54400, 20300, 16300], [50100, 41100, 41700, -32900]):
            out, _, order, final = final_standings(scores, 0, rules)
            for place, p in enumerate(order):
                exact = (Fraction(out[p] - rules.return_points, 1000) + rules.uma[place]
                         + (Fraction(rules.oka, 1000) if place == 0 else 0))
                assert final[p] == float(exact), (rules.name, scores, p)
            assert sum(Fraction(x).limit_denominator(1000) for x in final) == 0
