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
    assert st.riichi == (RiichiState.NONE,) * 4
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


# --- tied players at the end (Rules.tied_placement) ----------------------------------------
def _split_oracle(scores, deposits, rules):
    """The split rule written from its definition, place by place: a seat holds the places
    from (seats with more points) to (that + seats with as many points - 1), and takes the
    mean of their uma and oka; leftover deposits for first place go in equal parts to
    the seats with the most points. Exact fractions."""
    from fractions import Fraction

    n = len(scores)
    pts = [Fraction(s) for s in scores]
    if deposits and rules.deposits_to_first:
        top = [p for p in range(n) if scores[p] == max(scores)]
        for p in top:
            pts[p] += Fraction(deposits * rules.riichi_deposit, len(top))
    out = []
    for p in range(n):
        above = sum(1 for q in range(n) if pts[q] > pts[p])
        same = sum(1 for q in range(n) if pts[q] == pts[p])
        held = range(above, above + same)
        bonus = sum(Fraction(rules.uma[i]) * 1000 + (rules.oka if i == 0 else 0)
                    for i in held)
        out.append((pts[p] - rules.return_points + bonus / same) / 1000)
    return out


@pytest.mark.parametrize("scores, deposits", [
    ([30000, 30000, 20000, 20000], 0), ([25000] * 4, 0), ([40000, 20000, 20000, 20000], 0),
    ([30000, 30000, 30000, 9000], 1), ([41000, 29000, 15000, 15000], 3),
    ([35000, 35000, 15000, 14000], 1), ([10000, 30000, 30000, 30000], 0)])
@pytest.mark.parametrize("preset", ["ippatsu", "wrc", "mleague"])
def test_tied_players_share_their_places_uma_and_oka_when_split(scores, deposits, preset):
    """RULES §8 (tied_placement="split"): players tied on points share the uma and oka of
    the places they hold, and deposits left for first place are shared by the players
    tied for it; nothing is made or lost."""
    rules = Rules.preset(preset).replace(tied_placement="split")
    out, left, order, final = final_standings(scores, deposits, rules)
    want = _split_oracle(scores, deposits, rules)
    assert final == pytest.approx([float(w) for w in want], abs=1e-9)
    # nothing made or lost: the finals add up to the points on the table against the
    # starting points (zero when the scores are those of a real game)
    table = sum(scores) + (deposits * rules.riichi_deposit if rules.deposits_to_first else 0)
    assert sum(final) == pytest.approx((table - 4 * rules.starting_points) / 1000, abs=1e-9)
    assert left == (0 if rules.deposits_to_first else deposits)
    ties = [(p, q) for p in range(4) for q in range(p) if scores[p] == scores[q]]
    assert ties  # every case has a tie: each must come out equal
    for p, q in ties:
        assert out[p] == out[q] and final[p] == final[q]


def test_tied_players_are_placed_by_starting_seat_by_default():
    """RULES §8 (tied_placement="seat", the default): the tied seat nearer the first
    dealer takes the higher place and its own uma, not a share."""
    rules = Rules()
    out, _, order, final = final_standings([20000, 30000, 30000, 20000], 0, rules)
    assert order == [1, 2, 0, 3]
    assert final[1] - final[2] == rules.uma[0] - rules.uma[1] + rules.oka / 1000
    assert final[0] - final[3] == rules.uma[2] - rules.uma[3]


def test_without_ties_split_and_seat_agree():
    """The split rule changes nothing when no two players have the same points."""
    for scores in ([35100, 25300, 20400, 19200], [-1300, 40700, 30200, 30400]):
        for deposits in (0, 2):
            a = final_standings(scores, deposits, Rules())
            b = final_standings(scores, deposits, Rules(tied_placement="split"))
            assert a == b


def test_rank_reward_of_the_env_shares_tied_places():
    """The environments' "rank" reward uses the same rule: place_values gives each seat
    its place's value, or the mean over the places of the seats tied with it."""
    from ippatsu.table.settle import place_values

    uma = [90.0, 45.0, 0.0, -135.0]
    assert place_values([30000, 30000, 20000, 20000], uma, False) == uma
    assert place_values([30000, 30000, 20000, 20000], uma, True) == [67.5, 67.5,
                                                                      -67.5, -67.5]
    assert place_values([20000, 30000, 30000, 20000], uma, True) == [-67.5, 67.5, 67.5,
                                                                      -67.5]


# --- an uma that depends on who floats (Rules.uma_floating, the renmei preset) -------------
@pytest.mark.parametrize("scores, deposits, want", [
    # one player at or above the 30,000 return: +12 / -1 / -3 / -8
    ([45000, 29000, 26000, 20000], 0, [15 + 12, -1 - 1, -4 - 3, -10 - 8]),
    # two: +8 / +4 / -4 / -8
    ([40000, 31000, 25000, 24000], 0, [10 + 8, 1 + 4, -5 - 4, -6 - 8]),
    # three: +8 / +3 / +1 / -12 (exactly 30,000 floats)
    ([35000, 32000, 30000, 23000], 0, [5 + 8, 2 + 3, 0 + 1, -7 - 12]),
    # nobody below the return: the preset's uma, shared by the tied players (all 0)
    ([30000, 30000, 30000, 30000], 0, [0, 0, 0, 0]),
    # three deposits left on the table (renmei keeps them): one floats, three tie and
    # share -1, -3 and -8
    ([30000, 29000, 29000, 29000], 3, [12, -1 - 4, -1 - 4, -1 - 4]),
])
def test_floating_uma_follows_the_number_of_players_at_or_above_the_return(
        scores, deposits, want):
    """RULES §8 (uma_floating): JPML's placement points depend on how many players end
    at or above the return: one, two or three; the base uma when none or all do."""
    rules = Rules.renmei()
    _, left, _, final = final_standings(scores, deposits, rules)
    assert final == pytest.approx(want, abs=1e-9)
    assert left == deposits


def test_floating_uma_counts_the_deposits_given_to_first_place():
    """With deposits_to_first the deposits go to first place before the floating
    players are counted: 29,000 and ten sticks float (nobody would without them)."""
    rules = Rules.renmei().replace(deposits_to_first=True)
    _, _, _, final = final_standings([29000, 28000, 27000, 26000], 10, rules)
    assert final == pytest.approx([9 + 12, -2 - 1, -3 - 3, -4 - 8], abs=1e-9)
    _, _, _, final = final_standings([29000, 28000, 27000, 26000], 10, Rules.renmei())
    assert final == pytest.approx([-1 + 8, -2 + 4, -3 - 4, -4 - 8], abs=1e-9)


def test_without_floating_uma_the_uma_is_fixed():
    assert Rules().uma_floating == () and Rules().uma_in_play([90000, 10000, 0, 0]) == \
        Rules().uma


@pytest.mark.parametrize("rows", [((1, 2, 3, 4),), ((1, 2, 3),) * 3, 5, ("ab", "cd", "ef"),
                                  ((1, 2, 3, 4), (1, 2, 3, 4), (1, True, 3, 4))])
def test_floating_uma_needs_one_row_per_count_of_floating_players(rows):
    from ippatsu.errors import IppatsuError

    with pytest.raises(IppatsuError) as e:
        Rules(uma_floating=rows)
    assert e.value.code == "bad_rules" and "uma_floating" in str(e.value)


def test_floating_uma_takes_lists_and_three_players():
    r = Rules(uma_floating=[[1, 0, -1, 0], [2, 1, -1, -2], [3, 2, 1, -6]])
    assert r.uma_floating == ((1, 0, -1, 0), (2, 1, -1, -2), (3, 2, 1, -6))
    assert Rules(**r.to_dict()) == r   # the JSON form (lists) reads back
    r3 = Rules.ippatsu_sanma().replace(uma_floating=((10, -2, -8), (6, 2, -8)))
    assert r3.uma_in_play([45000, 41000, 19000]) == (6, 2, -8)   # return 40,000
