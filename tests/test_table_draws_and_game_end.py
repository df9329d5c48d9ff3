"""Draws and the end of the game at the table (RULES §8): noten payments, nagashi
mangan, honba and deposits, placement and the last dealer's stop.

Seat 0 is the dealer (East 1); the live wall starts with ``draws``, so seat 0 draws
``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest
from ippatsu import score
from ippatsu.rules import Rules
from ippatsu.table import Phase
from ippatsu.tiles import parse_kind

from _table_helpers import T, discard, find, pass_all, table, tsumogiri_round


# a dealer hand with nothing to call or win on the test tiles
DUMMY = "1199m1199p1199s5z"


K = parse_kind


# per seat: a tenpai hand (waits on honors) and a noten hand; any mix of them with the
# draws below respects the four copies
TENPAI4 = ["123m456p789s1122z", "123p456s789m3344z", "123s456m789p5566z", "234m345p456s678s7z"]


NOTEN4 = ["147m258p369s1m4p7s1z", "258m369p147s2m5p8s3z", "369m147p258s3m6p9s5z",
          "147m369p258s7m3p5s7z"]


SIMPLE_DRAWS = "4m 5m 5m 6m"


def _draw_with(tenpai_seats, rules=None, **kw):
    """Exhaustive draw after one go-around; the seats in ``tenpai_seats`` hold a tenpai
    hand, the others a noten one."""
    hands = [TENPAI4[p] if p in tenpai_seats else NOTEN4[p] for p in range(4)]
    st = table(hands, draws=SIMPLE_DRAWS, n_live=4, rules=rules, **kw)
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    assert res.kind == "exhaustive"
    assert list(res.tenpai) == [p in tenpai_seats for p in range(4)]
    return st, res


def test_rule_8_honba_resets_after_a_non_dealer_win():
    """RULES §8: honba resets to 0 after a non-dealer win (and the seat passes on)."""
    st = table([DUMMY, "123m456p789s1122z", "", ""], draws="9m 1z", honba=2)
    tsumogiri_round(st)
    st.step(find(st, 1, T.TSUMO))
    assert st.phase == Phase.HAND_END
    assert st.hand_results[-1].wins[0].tsumo is True
    st.next_hand()
    assert st.honba == 0 and st.kyoku == 1


def test_rule_8_honba_grows_after_a_dealer_win():
    """RULES §8, the other direction: a dealer win repeats the hand with honba + 1."""
    st = table(["123m456p789s1122z", "", "", ""], draws="9m 9p 9p 9p 1z", honba=2)
    tsumogiri_round(st, 4)
    st.step(find(st, 0, T.TSUMO))
    st.next_hand()
    assert st.honba == 3 and st.kyoku == 0


def test_rule_8_noten_payments_3000_in_total():
    """RULES §8: 3,000 in total from the noten players to the tenpai players."""
    _, res = _draw_with({0})
    assert res.deltas == [3000, -1000, -1000, -1000]
    _, res = _draw_with({1, 2})
    assert res.deltas == [-1500, 1500, 1500, -1500]
    _, res = _draw_with({0, 1, 3})
    assert res.deltas == [1000, 1000, -3000, 1000]


def test_rule_8_noten_payments_nothing_moves_when_all_or_none_are_tenpai():
    """RULES §8: nothing moves if all or none are tenpai."""
    assert _draw_with(set())[1].deltas == [0, 0, 0, 0]
    assert _draw_with({0, 1, 2, 3})[1].deltas == [0, 0, 0, 0]


def test_rule_8_draw_renchan_honba_and_deposits_carry_over():
    """RULES §8: at an exhaustive draw the dealer repeats when tenpai; the seat passes on
    when noten; honba goes +1 after any draw; deposits carry over."""
    st, _ = _draw_with({0}, honba=2, deposits=3)
    assert st.next_hand_counters == (0, 3, 3)
    st, _ = _draw_with({1}, honba=2, deposits=3)
    assert st.next_hand_counters == (1, 3, 3)


def test_rule_8_nagashi_several_qualifiers_all_paid_honba_to_the_closest():
    """RULES §8 nagashi mangan: several qualifiers are all paid (mangan tsumo each);
    honba and deposits go to the qualifier closest to the dealer (seat 2 before seat 3)."""
    st = table(NOTEN4, draws="5m 5p 9p 1s", n_live=4, honba=1,
               deposits=1)
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    assert res.kind == "nagashi" and tuple(res.nagashi) == (2, 3)
    # seat 2: +8000 +300 honba +1000 deposit -2000 (to seat 3); seat 3: +8000 -2000 -100
    assert res.deltas == [-8100, -4100, 7300, 5900]


def test_rule_8_placement_ties_by_seat_order_and_uma_oka():
    """RULES §8: placement by points, ties broken by initial seat order; final score:
    return 30,000, oka 20,000 to the top, uma +20/+10/-10/-20 (thousands)."""
    st = table(NOTEN4, draws=SIMPLE_DRAWS, n_live=4, kyoku=7,
               scores=[30000, 20000, 30000, 20000])
    tsumogiri_round(st, 4)
    assert st.phase == Phase.GAME_END
    assert st.final["placement"] == [0, 2, 1, 3]
    assert st.final["final"] == [40.0, -20.0, 10.0, -30.0]
    st.check_invariants()


def test_rule_8_deposits_left_at_game_end_go_to_first_place_exactly():
    """RULES §8 (option, default on): deposits left at the end go to the first-placed
    player: two deposits are 2,000 points."""
    st = table(NOTEN4, draws=SIMPLE_DRAWS, n_live=4, kyoku=7, deposits=2,
               scores=[30000, 20000, 30000, 18000])
    tsumogiri_round(st, 4)
    assert st.phase == Phase.GAME_END
    assert st.final["scores"] == [32000, 20000, 30000, 18000] and st.deposits == 0


def test_rule_8_nagashi_closest_to_a_dealer_other_than_seat_0():
    """RULES §8 nagashi: honba and deposits go to the qualifier closest to the dealer in
    turn order. West 3 dealer seat 2: seat 3 comes before seat 1."""
    st = table(NOTEN4, draws="5m 9p 5p 1s", n_live=4, kyoku=2, honba=1, deposits=1,
               scores=[25000, 25000, 25000, 24000])
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    assert res.kind == "nagashi" and tuple(sorted(res.nagashi)) == (1, 3)
    # seat 3: +8000 +300 +1000 -2000; seat 1: +8000 -2000 -100; dealer (seat 2) pays
    # 4000 to each and 100; seat 0 pays 2000 to each and 100
    assert res.deltas == [-4100, 5900, -8100, 7300]
    st.check_invariants()


def test_rule_8_last_dealer_may_stop_at_exactly_30000_with_the_west_extension():
    """RULES §8: the last-hand dealer in first place with ≥ 30,000 may stop, and with the
    West extension on the game is decided once someone has 30,000: the dealer winning
    to exactly 30,000 (South 4, 1 han 40 fu ron: 2,000) is offered the stop."""
    rules = Rules().replace(last_dealer_stop="optional", west_extension=True)
    st = table(["1199m1199p1199s5z", "", "", "23m456p789s11122z"], draws="9p 4m",
               rules=rules, kyoku=7, scores=[22000, 25000, 25000, 28000])
    discard(st, "9p")
    pass_all(st)
    discard(st, "4m")
    st.step(find(st, 3, T.RON))
    assert st.scores[3] == 30000 and max(st.scores) == 30000
    assert st.to_act == [3] and find(st, 3, T.STOP) is not None


@pytest.mark.parametrize("river, qualifies", [("1m", True), ("9m1z", True), ("8m", False),
                                              ("3m", False)])
def test_rule_8_nagashi_counts_a_river_given_to_set_position(river, qualifies):
    """RULES §8 nagashi mangan: all of a player's discards terminals or honors. A river
    given to ``set_position`` counts (its docstring): seat 2, who throws 9p, qualifies
    after earlier discards of 1m or 9m 1z, not after an 8m or a 3m."""
    st = table(["1199m1199p1199s1z", "", "", ""], draws="5m 5p 9p 5s", n_live=4)
    st.set_position(2, river=river)
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    if qualifies:
        assert res.kind == "nagashi" and tuple(res.nagashi) == (2,)
        assert res.deltas[2] == 8000
    else:
        assert res.kind == "exhaustive" and tuple(res.nagashi) == ()


def test_rule_8_nagashi_lost_by_the_caller_of_a_pon():
    """RULES §8 nagashi mangan: only a player "who made no calls" qualifies. Seat 1 pons
    the dealer's 5z, then discards only honors and terminals (1z, 9s) to the end of the
    wall: no nagashi (the dealer's called 5z voids the dealer's too), an exhaustive draw."""
    st = table([DUMMY, "55z123467z19m19p1s", "", ""], draws="2m 3m 4m 5m 9s", n_live=5)
    discard(st, "5z")
    st.step(find(st, 1, T.PON))
    discard(st, "1z")
    pass_all(st)
    tsumogiri_round(st, 4)
    assert st.phase == Phase.HAND_END
    assert all(t >> 2 in (K("1z"), K("9s")) for t in st.river[1])
    res = st.hand_results[-1]
    assert res.kind == "exhaustive" and tuple(res.nagashi) == ()


def test_rule_8_west_extension_goes_on_while_a_repeating_dealer_is_not_first():
    """RULES §8 / docs/rules.md §10 ``west_extension``: in the West round the game ends at
    the end of a hand once someone has 30,000 — but not while the dealer repeats out of
    first place. West 2 (dealer seat 1, tenpai at the exhaustive draw) with seat 0 first
    on 40,000: the game goes on, West 2 again with one honba."""
    rules = Rules().replace(west_extension=True)
    noten = "2468m2468p2468s2z"
    st = table(["1199m1199p1199s5z", "123m456p789s1122z", noten, noten],
               draws="8m 8p 8s 5s", n_live=4, rules=rules, kyoku=9,
               scores=[40000, 20000, 20000, 20000])
    assert st.dealer == 1
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    assert res.kind == "exhaustive" and res.tenpai[1]
    assert st.phase == Phase.HAND_END and not st.game_over
    assert st.next_hand_counters[:2] == (9, 1)

