"""Fu (RULES.md §6), dora (§5), points and payments (§7, §8 liability) and the API of score()."""
from __future__ import annotations

import json

import pytest

from ippatsu.errors import (HandSizeError, IppatsuError, MeldError, NoYakuError, NotAgariError,
                            TileCountError)
from ippatsu.rules import Rules
from ippatsu.scoring import (base_points, format_score_table, hand_cost,
                             nagashi_mangan_payments, score, score_table)


from _table_helpers import S


PINFU = "123m456p789s234s55m"


# ---------------------------------------------------------------------------------------
# §6 fu
# ---------------------------------------------------------------------------------------
def test_rule_6_worked_example_concealed_ron_simple_triplet_open_wait_is_40():
    r = S("345678m555p678s22s", "8m")
    assert r.fu == 40
    assert sum(v for _, v in r.fu_breakdown) == 34


def test_rule_6_worked_example_tsumo_kanchan_triplet_open_terminal_kan_closed_kan_is_60():
    r = S("555m456p88s", "5p", tsumo=True, rinshan=True,
          melds=["daiminkan 1111p", "ankan 2222s"])
    assert r.fu == 60
    assert sum(v for _, v in r.fu_breakdown) == 20 + 2 + 2 + 4 + 16 + 16
    assert ("open kan 1p", 16) in r.fu_breakdown and ("closed kan 2s", 16) in r.fu_breakdown


def test_rule_6_pinfu_tsumo_is_20_fu():
    assert S(PINFU, "4s", tsumo=True).fu == 20


def test_rule_6_pinfu_ron_is_30_fu():
    assert S(PINFU, "4s").fu == 30


def test_rule_6_chiitoitsu_is_25_fu_no_rounding():
    assert S("1122m3344p5566s77z", "7z").fu == 25
    assert S("1122m3344p5566s77z", "7z", tsumo=True).fu == 25


def test_rule_6_open_hand_of_20_counts_30():
    r = S("456p678s234s55m", "4s", melds=["234m"])
    assert r.fu == 30


def test_rule_6_open_tsumo_22_rounds_to_30():
    assert S("456p678s234s55m", "4s", melds=["234m"], tsumo=True).fu == 30


def test_rule_6_tsumo_2_fu_not_for_pinfu():
    r = S("123m456p789s234s55m", "3s", tsumo=True, riichi=True)  # kanchan: no pinfu
    assert ("tsumo", 2) in r.fu_breakdown and r.fu == 30  # 20+2+2 = 24 -> 30


@pytest.mark.parametrize("win,wait", [("3s", "kanchan"), ("3m", "penchan"), ("5m", "tanki")])
def test_rule_6_closed_edge_pair_wait_2_fu(win, wait):
    r = S(PINFU, win, riichi=True)
    assert r.wait == wait and (f"wait {wait}", 2) in r.fu_breakdown


def test_rule_6_penchan_89_waits_on_7():
    r = S("123m456p789s234s55m", "7s", riichi=True)
    assert r.wait == "penchan"


@pytest.mark.parametrize("pair,fu", [("55z", 2), ("22z", 2), ("11z", 2), ("33z", 0)])
def test_rule_6_value_pair_fu(pair, fu):
    r = S("123m456p789s234s" + pair, "3s", riichi=True)  # kanchan keeps fu counting
    assert sum(v for n, v in r.fu_breakdown if n.startswith("pair")) == fu


def test_rule_6_double_wind_pair_is_4_fu():
    r = S("123m456p789s234s11z", "3s", riichi=True, seat_wind=0, round_wind=0)
    assert ("pair 1z", 4) in r.fu_breakdown


def test_rule_6_double_wind_pair_option_2_fu():
    r = S("123m456p789s234s11z", "3s", riichi=True, seat_wind=0, round_wind=0,
          rules=Rules(double_wind_pair_fu=2))
    assert ("pair 1z", 2) in r.fu_breakdown


def test_rule_6_triplet_and_kan_fu_table():
    r = S("345m456p55s", "5s", tsumo=True, melds=["pon 222m", "pon 999s"],
          raise_on_no_yaku=False)
    assert ("pon 2m", 2) in r.fu_breakdown and ("pon 9s", 4) in r.fu_breakdown
    r = S("222m999s123m456p55s", "3m", tsumo=True)
    assert ("concealed triplet 2m", 4) in r.fu_breakdown
    assert ("concealed triplet 9s", 8) in r.fu_breakdown
    r = S("345m456p55s", "5s", tsumo=True, melds=["daiminkan 2222m", "kakan 1111z"])
    assert ("open kan 2m", 8) in r.fu_breakdown and ("added kan 1z", 16) in r.fu_breakdown
    r = S("345m456p55s", "5s", tsumo=True, melds=["ankan 2222m", "ankan 1111z"])
    assert ("closed kan 2m", 16) in r.fu_breakdown and ("closed kan 1z", 32) in r.fu_breakdown


def test_rule_6_ron_completed_triplet_is_open_for_fu():
    r = S("123m456p789s111z55m", "1z")   # shanpon ron on East (round wind)
    assert ("open triplet (ron) 1z", 4) in r.fu_breakdown


def test_rule_2_complex_wait_takes_the_reading_that_pays_most():
    # 11123m + 1m: tanki on 1m (111 + 23 waiting) or ryanmen (11 pair + 23 waiting):
    # tsumo fu 20+2+8 = 30 for the run reading, +2 = 32 -> 40 for the tanki reading
    r = S("11123m456p789s555z", "1m", tsumo=True)
    assert r.wait == "tanki" and r.fu == 40
    assert S("11123m456p789s555z", "1m").fu == 40


# ---------------------------------------------------------------------------------------
# §5 dora
# ---------------------------------------------------------------------------------------
def test_rule_5_dora_is_the_successor_of_the_indicator():
    assert S(PINFU, "4s", riichi=True, dora_indicators="4m").dora == 2   # 5m x2
    assert S(PINFU, "4s", riichi=True, dora_indicators="5m").dora == 0


def test_rule_5_dora_wraps_9_to_1_and_honors_cycle():
    assert S(PINFU, "4s", riichi=True, dora_indicators="9m").dora == 1   # 1m
    r = S("123m456p789s11s555z", "1s", dora_indicators="7z")             # Red -> White
    assert r.dora == 3
    r = S("123m456p789s11s111z", "1s", dora_indicators="4z")             # North -> East
    assert r.dora == 3


def test_rule_5_red_fives_and_red_dora_worth_two():
    r = S("123m406p789s234s55m", "4s", riichi=True, dora_indicators="4p")
    assert r.red == 1 and r.dora == 1


def test_rule_5_red_five_in_a_meld_counts():
    r = S("456p678s234s55m", "4s", melds=["chi 0m+34m"])
    assert r.red == 1 and r.han == 2


def test_rule_5_red_fives_option_off():
    r = S("123m406p789s234s55m", "4s", riichi=True, rules=Rules(red_fives=False))
    assert r.red == 0


def test_rule_5_dora_in_melds_and_kan_counts_four():
    r = S("345m456p55s", "5s", tsumo=True, melds=["ankan 2222m", "pon 777z"],
          dora_indicators="1m")
    assert r.dora == 4


def test_rule_5_kan_dora_are_just_more_indicators():
    r = S(PINFU, "4s", riichi=True, dora_indicators="4m1s")
    assert r.dora == 3


def test_rule_5_ura_only_for_riichi():
    assert S(PINFU, "4s", riichi=True, ura_indicators="4m").ura == 2
    assert S(PINFU, "4s", double_riichi=True, ura_indicators="4m").ura == 2
    assert S(PINFU, "4s", ura_indicators="4m").ura == 0


def test_rule_2_dora_are_not_yaku():
    with pytest.raises(NoYakuError):
        S("123m456p789s111s55z", "1s", dora_indicators="4z")


# ---------------------------------------------------------------------------------------
# §7 points
# ---------------------------------------------------------------------------------------
def test_rule_7_check_values():
    assert hand_cost(base_points(3, 40)[0], False, False)[0] == 5200
    assert hand_cost(base_points(3, 40)[0], False, True) == (5200, 2600, 1300)
    assert hand_cost(base_points(6, 30)[0], False, True) == (12000, 6000, 3000)


def test_rule_7_concealed_3_han_40_fu_ron_and_tsumo():
    # kanchan 4-6m, concealed 999s: ron 20+10+2+8 = 40; tsumo 20+2+2+8 = 32 -> 40
    hand = "234m456p999s22s456m"
    r = S(hand, "5m", riichi=True, ippatsu=True, dora_indicators="3p")
    assert (r.han, r.fu) == (3, 40) and r.points == 5200
    r = S(hand, "5m", riichi=True, tsumo=True, dora_indicators="3p")
    assert (r.han, r.fu) == (3, 40)
    assert r.cost == {"dealer": 2600, "non_dealer": 1300} and r.points == 5200


def test_rule_7_riichi_pinfu_tsumo_is_3_han_20_fu():
    r = S(PINFU, "4s", riichi=True, tsumo=True)
    assert (r.han, r.fu) == (3, 20) and r.points == 2700


def test_rule_7_no_kiriage_by_default():
    assert hand_cost(base_points(4, 30)[0], False, False)[0] == 7700
    # RULES.md writes "3 han 60 fu = 11,600": that is the dealer ron (non-dealer 7,700)
    assert hand_cost(base_points(3, 60)[0], True, False)[0] == 11600
    assert hand_cost(base_points(3, 60)[0], False, False)[0] == 7700


def test_rule_7_kiriage_option():
    k = Rules(kiriage=True)
    assert base_points(4, 30, 0, k) == (2000, "mangan")
    assert base_points(3, 60, 0, k) == (2000, "mangan")
    assert base_points(3, 50, 0, k) == (1600, None)


def test_rule_7_limits():
    assert base_points(3, 70) == (2000, "mangan")
    assert base_points(4, 40) == (2000, "mangan")
    assert base_points(5, 30) == (2000, "mangan")
    assert base_points(6, 30) == (3000, "haneman") == base_points(7, 30)
    assert base_points(8, 30) == (4000, "baiman") == base_points(10, 30)
    assert base_points(11, 30) == (6000, "sanbaiman") == base_points(12, 30)
    assert base_points(13, 30) == (8000, "kazoe yakuman")
    for base, nd, d in ((2000, 8000, 12000), (3000, 12000, 18000), (4000, 16000, 24000),
                        (6000, 24000, 36000), (8000, 32000, 48000), (16000, 64000, 96000)):
        assert hand_cost(base, False, False)[0] == nd
        assert hand_cost(base, True, False)[0] == d


def test_rule_7_payments_round_up_to_100():
    assert hand_cost(30 * 16, False, False)[0] == 2000     # 1,920 -> 2,000
    assert hand_cost(30 * 16, True, True) == (3000, 0, 1000)


def test_rule_7_dealer_tsumo_each_pays_double():
    r = S(PINFU, "4s", riichi=True, tsumo=True, seat_wind=0)
    assert r.cost == {"dealer": 0, "non_dealer": 1300} and r.points == 3900
    assert r.payments == (3900, -1300, -1300, -1300)


def test_rule_7_honba_ron_and_tsumo():
    r = S(PINFU, "4s", riichi=True, honba=2, discarder=3)
    assert r.payments == (0, 2000 + 600, 0, -(2000 + 600))
    r = S(PINFU, "4s", riichi=True, tsumo=True, honba=2)
    assert r.payments == (-1300 - 200, 2700 + 600, -700 - 200, -700 - 200)


def test_rule_7_deposits_go_to_the_winner():
    r = S(PINFU, "4s", riichi=True, deposits=3, discarder=0)
    assert r.payments == (-2000, 5000, 0, 0)
    assert sum(r.payments) == 3000


def test_rule_7_ron_without_discarder_has_no_payments():
    r = S(PINFU, "4s", riichi=True)
    assert r.payments is None and r.cost == {"ron": 2000}


# ---------------------------------------------------------------------------------------
# §8 liability (pao) and nagashi
# ---------------------------------------------------------------------------------------
DAISANGEN = dict(hand="777z123m55p", win="5p", melds=["pon 555z", "pon 666z"])


def test_rule_8_pao_tsumo_liable_pays_all_including_honba():
    r = S(DAISANGEN["hand"], DAISANGEN["win"], melds=DAISANGEN["melds"], tsumo=True,
          pao=3, honba=1)
    assert r.payments == (0, 32300, 0, -32300)


def test_rule_8_pao_ron_split_half_discarder_pays_honba():
    r = S(DAISANGEN["hand"], DAISANGEN["win"], melds=DAISANGEN["melds"], pao=3,
          discarder=2, honba=1, deposits=1)
    assert r.payments == (0, 33300, -16300, -16000)


def test_rule_8_pao_ron_liable_is_discarder_pays_all():
    r = S(DAISANGEN["hand"], DAISANGEN["win"], melds=DAISANGEN["melds"], pao=3,
          discarder=3)
    assert r.payments == (0, 32000, 0, -32000)


def test_rule_8_pao_covers_only_the_yakuman_that_caused_it():
    # option pao_whole_hand=False (planet): daisangen (liable) + tsuuiisou (normal tsumo
    # split); the default is tests/test_liability.py
    r = S("777z111z22z", "2z", melds=["pon 555z", "pon 666z"], tsumo=True, pao=2,
          rules=Rules().replace(pao_whole_hand=False))
    assert r.yakuman == 2
    assert r.payments == (-16000, 64000, -32000 - 8000, -8000)


def test_rule_8_pao_rinshan_whole_hand_liable():
    r = S("123m456p234s55m", "4s", melds=["daiminkan 1111z"], tsumo=True, rinshan=True,
          pao=2, seat_wind=1)
    total = r.points
    assert r.payments[2] == -total and r.payments[0] == 0 and r.payments[3] == 0


def test_rule_8_nagashi_mangan_payments():
    assert nagashi_mangan_payments(2) == (-4000, -2000, 8000, -2000)
    assert nagashi_mangan_payments(0, honba=1, deposits=1) == (13300, -4100, -4100, -4100)


# ---------------------------------------------------------------------------------------
# the han x fu table
# ---------------------------------------------------------------------------------------
def test_rule_7_score_table_from_the_same_code():
    t = score_table()
    assert t[(1, 20)]["non_dealer_ron"] is None          # 1 han 20 fu ron: impossible
    assert t[(1, 25)]["non_dealer_tsumo"] is None        # 25 fu tsumo at 1 han
    assert t[(2, 25)]["non_dealer_ron"] == 1600
    assert t[(3, 40)]["non_dealer_ron"] == 5200
    assert t[(3, 40)]["non_dealer_tsumo"] == (1300, 2600)
    assert t[(4, 30)]["non_dealer_ron"] == 7700 and t[(4, 30)]["limit"] is None
    assert t[(4, 40)]["limit"] == "mangan"
    assert t[(2, 20)]["dealer_tsumo"] == 700
    text = format_score_table()
    assert "–" in text and "5200 / 1300-2600" in text


# ---------------------------------------------------------------------------------------
# API, inputs and errors
# ---------------------------------------------------------------------------------------
def test_api_hand_as_ids_and_win_tile_as_id():
    from ippatsu.tiles import parse_tiles
    ids = parse_tiles(PINFU)
    r = score(ids, ids[11], riichi=True, seat_wind=1)   # ids[11] is the 4s
    assert r.points == 2000 and r.yaku_names == ["riichi", "pinfu"]


def test_api_win_tile_defaults_to_last_written():
    assert S("123m456p789s55m234s", riichi=True).wait == "ryanmen"


def test_api_hand_object_brings_its_melds():
    from ippatsu.hand import Hand
    h = Hand.parse("456p678s234s55m [chi 2m+34m<L]")
    r = score(h, "4s", seat_wind=1)
    assert r.yaku_names == ["tanyao"]


def test_api_meld_objects():
    from ippatsu.hand import Meld
    r = score("456p678s234s55m", "4s", melds=[Meld.parse("chi 2m+34m<L")], seat_wind=1)
    assert r.yaku_names == ["tanyao"]


def test_api_to_dict_is_json():
    r = S(PINFU, "4s", riichi=True, tsumo=True)
    d = json.loads(json.dumps(r.to_dict()))
    assert d["han"] == 3 and d["yaku"][0] == ["menzen_tsumo", 1]


def test_api_result_is_frozen():
    r = S(PINFU, "4s", riichi=True)
    with pytest.raises(Exception):
        r.han = 5  # type: ignore[misc]


def test_api_not_agari():
    with pytest.raises(NotAgariError) as e:
        S("123m456p789s234s56m", "6m")
    assert e.value.code == "not_agari"


def test_api_win_tile_must_be_in_hand():
    with pytest.raises(NotAgariError):
        S(PINFU, "7z")


def test_api_no_yaku_error_or_result():
    with pytest.raises(NoYakuError) as e:
        S("123m456p789s111s55z", "1s")
    assert e.value.code == "no_yaku"
    r = S("123m456p789s111s55z", "1s", raise_on_no_yaku=False)
    assert r.error == "no_yaku" and r.points == 0 and r.payments is None


def test_api_errors_are_ippatsu_errors():
    with pytest.raises(HandSizeError):  # 12 tiles: neither complete nor waiting
        S("123m456p789s234s", "5m")
    with pytest.raises(TileCountError):
        S("1111m456p789s234s5m", "5m", melds=["pon 111m"])
    with pytest.raises(MeldError):
        S("456p678s234s55m", "4s", melds=[("chi", "135m")])
    with pytest.raises(IppatsuError):
        S("123x", "1m")


def test_api_rules_are_not_mutated():
    r = Rules.tenhou()
    before = r.to_dict()
    S("119m19p19s1234567z", "1m", rules=r)
    assert r.to_dict() == before


# ---------------------------------------------------------------------------------------
# internal consistency: the fast paths equal the plain definitions
# ---------------------------------------------------------------------------------------
def _random_complete_counts(rng, n_sets):
    while True:
        c = [0] * 34
        for _ in range(n_sets):
            if rng.random() < 0.6:
                k = rng.randrange(3) * 9 + rng.randrange(7)
                for j in range(3):
                    c[k + j] += 1
            else:
                c[rng.randrange(34)] += 3
        c[rng.randrange(34)] += 2
        if max(c) <= 4:
            return c


def test_readings_equal_core_decompositions():
    import random

    from ippatsu.core import decompositions
    from ippatsu._reference.scoring import _readings
    rng = random.Random(5)
    for i in range(3000):
        c = _random_complete_counts(rng, rng.choice((1, 2, 3, 4, 4, 4)))
        if i % 7 == 0:  # move one tile: mostly an incomplete hand
            c[rng.choice([k for k in range(34) if c[k]])] -= 1
            c[rng.choice([k for k in range(34) if c[k] < 4])] += 1
        want = set()
        for reading in decompositions(c):
            pair = [k for t, k in reading if t == 0][0]
            runs = tuple(sorted(k for t, k in reading if t == 1))
            trips = tuple(sorted(k for t, k in reading if t == 2))
            want.add((pair, runs, trips))
        assert set(_readings(c)) == want, c


def test_yakuman_gate_is_a_necessary_condition(monkeypatch):
    """Scoring with the yakuman fast path disabled gives the same results."""
    import random
    import sys
    from pathlib import Path

    import ippatsu.scoring as sc
    sys.path.insert(0, str(Path(__file__).parent))
    gen = pytest.importorskip("test_scoring_mahjong_diff")
    rng = random.Random(11)
    cases = [h for h in (gen.random_hand(rng) for _ in range(3000)) if h is not None]

    def run():
        out = []
        for concealed, melds, win, sit in cases:
            try:
                out.append(sc.score(concealed, win, melds=melds, **sit).to_dict())
            except NoYakuError:
                out.append(None)
        return out

    fast = run()
    monkeypatch.setattr(sc, "may_be_yakuman", lambda c: True)
    assert run() == fast
    assert any(d and d["yakuman"] for d in fast)


def test_api_meld_text_forms():
    for m in ("pon 7z+77z<A", "pon 777z", "777z"):
        assert score("123m456p789s11s", "1s", melds=[m], seat_wind=1).yaku_names == ["chun"]
    assert score("123m456p789s11s", "1s", melds=["ankan 7777z"], seat_wind=1).fu == 70
    assert score("456p11s", "1s", melds=["chi 3m+45m<L", "chi 3m+45m<L", "pon 777z"],
                 seat_wind=1).yaku_names == ["chun"]   # two identical chi: free copies


def test_api_identical_meld_objects_take_free_copies():
    from ippatsu.hand import Meld
    m = Meld.parse("chi 3m+45m<L")
    r = score("456p11s", "1s", melds=[m, m, Meld.parse("pon 777z")], seat_wind=1)
    assert r.yaku_names == ["chun"]


def test_kernel_and_python_paths_give_identical_results(monkeypatch):
    """With the compiled core, score() reads the hand and searches readings in C; every
    field must equal the pure-Python twin's road (reference_score), errors included."""
    import random
    import sys
    from pathlib import Path

    import ippatsu.scoring as sc
    if not sc._backend.AVAILABLE:
        pytest.skip("compiled core not in use")
    sys.path.insert(0, str(Path(__file__).parent))
    gen = pytest.importorskip("test_scoring_mahjong_diff")
    rng = random.Random(3)
    cases = [h for h in (gen.random_hand(rng) for _ in range(2500)) if h is not None]
    extra = [("119m19p19s1234567z", "1m", {}), ("11123455678999m", "5m", {}),
             ("33344055666777p", "6p", {"tsumo": True}), ("123m456p789s111s55z", "1s", {})]

    def run(scorer):
        out = []
        for rules in (Rules.ippatsu(), Rules.tenhou(), Rules(kiriage=True, kazoe_yakuman=False)):
            for concealed, melds, win, sit in cases:
                try:
                    r = scorer(concealed, win, melds=melds, rules=rules, discarder=(
                        None if sit["tsumo"] else (sit["seat_wind"] + 1) % 4), honba=1,
                        deposits=1, raise_on_no_yaku=False, **sit)
                    out.append(r.to_dict())
                except Exception as e:  # noqa: BLE001
                    out.append(repr(e))
            for hand, win, kw in extra:
                out.append(scorer(hand, win, raise_on_no_yaku=False, rules=rules,
                                    **kw).to_dict())
        return out

    fast = run(sc.score)
    assert sc.score is not sc.reference_score
    assert run(sc.reference_score) == fast


def test_api_bad_situation_arguments():
    for kw, code in (({"seat_wind": 4}, "bad_wind"), ({"round_wind": -1}, "bad_wind"),
                     ({"discarder": 1}, "bad_seat"), ({"discarder": 7}, "bad_seat"),
                     ({"tsumo": True, "discarder": 2}, "bad_seat"), ({"pao": 9}, "bad_seat"),
                     ({"honba": -1}, "bad_counter")):
        with pytest.raises(IppatsuError) as e:
            S(PINFU, "4s", riichi=True, **kw)
        assert e.value.code == code, kw


def test_property_points_grow_with_han_and_fu():
    from hypothesis import given, strategies as st

    @given(st.integers(1, 14), st.sampled_from((30, 40, 50, 60, 70, 80, 90, 100, 110)),
           st.booleans(), st.booleans())
    def check(han, fu, dealer, tsumo):
        b, _ = base_points(han, fu)
        assert base_points(han + 1, fu)[0] >= b
        assert base_points(han, fu + 10)[0] >= b
        total, d, n = hand_cost(b, dealer, tsumo)
        assert total % 100 == 0 and total >= b * (6 if dealer else 4)
        if tsumo:
            assert total == (3 * n if dealer else d + 2 * n)

    check()


def test_property_payments_balance():
    from hypothesis import given, strategies as st

    @given(st.integers(0, 3), st.integers(0, 3), st.booleans(), st.integers(0, 5),
           st.integers(0, 4))
    def check(seat, other, tsumo, honba, deposits):
        if not tsumo and other == seat:
            return
        r = S(PINFU, "4s", riichi=True, tsumo=tsumo, seat_wind=seat,
              discarder=None if tsumo else other, honba=honba, deposits=deposits)
        assert sum(r.payments) == 1000 * deposits
        assert r.payments[seat] == r.points + 300 * honba + 1000 * deposits
        assert all(p <= 0 for i, p in enumerate(r.payments) if i != seat)

    check()
