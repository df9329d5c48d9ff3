"""score() by rule (RULES §2-§8): fu items and their breakdown, points, limits,
the han x fu table, dora, liability in score(), and the reading that pays most.
"""
from __future__ import annotations

import re

import pytest
from ippatsu import score
from ippatsu.errors import NotAgariError, SituationError
from ippatsu.rules import Rules
from ippatsu.scoring import format_score_table, score, score_table

from _table_helpers import table


def yaku_names(r):
    return [n for n, _ in r.yaku]


FU_ROWS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


# RULES §7: the standard table, written out (non-dealer / dealer; ron, tsumo), 1 and 2 han
EXPECTED_1_2_HAN = """
non-dealer
20  – / –              – / 400-700
25  – / –              1600 / –
30  1000 / 300-500     2000 / 500-1000
40  1300 / 400-700     2600 / 700-1300
50  1600 / 400-800     3200 / 800-1600
60  2000 / 500-1000    3900 / 1000-2000
70  2300 / 600-1200    4500 / 1200-2300
80  2600 / 700-1300    5200 / 1300-2600
90  2900 / 800-1500    5800 / 1500-2900
100 3200 / 800-1600    6400 / 1600-3200
110 3600 / –           7100 / 1800-3600
dealer
20  – / –              – / 700 all
25  – / –              2400 / –
30  1500 / 500 all     2900 / 1000 all
40  2000 / 700 all     3900 / 1300 all
50  2400 / 800 all     4800 / 1600 all
60  2900 / 1000 all    5800 / 2000 all
70  3400 / 1200 all    6800 / 2300 all
80  3900 / 1300 all    7700 / 2600 all
90  4400 / 1500 all    8700 / 2900 all
100 4800 / 1600 all    9600 / 3200 all
110 5300 / –           10600 / 3600 all
"""


def _cells(text):
    """{section: {fu: [cell per han]}} and {section: [han numbers of the header]}."""
    rows, heads, sec = {}, {}, None
    for line in text.splitlines():
        if not line.strip():
            continue
        m = re.match(r"(non-dealer|dealer)\b", line)
        if m:
            sec = m.group(1)
            rows[sec] = {}
            continue
        if line.startswith("fu "):
            heads[sec] = [int(h) for h in re.findall(r"(\d+) han", line)]
            continue
        fu, rest = line.split(None, 1)
        rows[sec][int(fu)] = re.split(r"\s{2,}", rest.strip())
    return rows, heads


def test_rule_6_open_ron_gets_no_concealed_ron_fu():
    """RULES §6: +10 only for a *concealed* ron. Open (pon 5z): 20 + closed wait 2 +
    concealed simple triplet 4 + open honor triplet 4 = 30 (not 40)."""
    r = score("13m567p888s99s2m", "2m", melds=["pon 555z"], seat_wind=1, round_wind=0,
              discarder=0)
    assert r.fu == 30
    closed = score("13m567p888s99s555z2m", "2m", seat_wind=1, round_wind=0, discarder=0)
    # concealed: 20 + 10 + 2 + 4 + 8 (concealed honor triplet) = 44 -> 50
    assert closed.fu == 50


def test_rule_7_yakuman_base_is_8000_per_multiple():
    """RULES §7: a yakuman is worth a base of 8,000 per multiple (32,000 / 48,000 ron)."""
    from ippatsu.scoring import base_points, hand_cost
    assert base_points(0, 0, yakuman=1) == (8000, "yakuman")
    assert base_points(0, 0, yakuman=2) == (16000, "yakuman")
    assert hand_cost(8000, False, False) == (32000, 0, 0)     # ron: one payer
    assert hand_cost(8000, True, False) == (48000, 0, 0)


def test_rule_7_25_fu_tsumo_exists_from_3_han():
    """RULES §7 table: 25 fu (chiitoitsu) tsumo is impossible below 3 han (menzen tsumo +
    chiitoitsu), possible from 3 han: 800 / 1,600."""
    from ippatsu.scoring import score_table
    t = score_table()
    assert t[(2, 25)]["non_dealer_tsumo"] is None
    assert t[(3, 25)]["non_dealer_tsumo"] == (800, 1600)


def test_rule_4_round_wind_yakuhai_in_the_south_round():
    """RULES §4 yakuhai of the round wind: in the South round a 222z triplet counts for
    the dealer (seat East), who has no other yakuhai there."""
    r = score("222z123m456p789s55m", "5m", seat_wind=0, round_wind=1)
    assert r.yaku_names == ["round_wind_s"]


def test_rule_4_riichi_needs_a_concealed_hand():
    """RULES §4: riichi is concealed only: an open hand cannot be scored with riichi."""
    from ippatsu.errors import SituationError
    with pytest.raises(SituationError):
        score("123m456p789s55m", "5m", melds=["pon 777z"], riichi=True, seat_wind=1)
    with pytest.raises(SituationError):
        score("123m456p789s55m", "5m", melds=["pon 777z"], double_riichi=True, seat_wind=1)


@pytest.mark.parametrize("double, han", [(True, 26), (False, 13)])
def test_rule_7_a_double_yakuman_lists_26_han_only_with_double_yakuman_on(double, han):
    """RULES §7: a yakuman row lists 13 han per multiple: daisuushi is 26 with double
    yakuman on, 13 with it off (a single yakuman is 13 either way)."""
    rules = Rules(double_yakuman=double)
    r = score("111z222z55m", "5m", melds=["pon 333z", "pon 444z"], tsumo=True, rules=rules)
    assert r.yaku == (("daisuushi", han),)
    r = score("555z123m55m", "5m", melds=["pon 666z", "pon 777z"], tsumo=True, rules=rules)
    assert r.yaku == (("daisangen", 13),)


def test_rule_5_dora_count_every_tile_of_a_chi():
    """RULES §5: each tile of a called run counts as dora: chi 234m with the indicators
    1m, 2m, 3m (dora 2m, 3m, 4m) is three dora."""
    r = score("567p234s55s777z", "5s", melds=["chi 234m"], tsumo=True,
              dora_indicators="1m2m3m")
    assert r.dora == 3


def test_rule_2_a_complete_hand_without_yaku_costs_nothing():
    """RULES §2: a complete hand with no yaku wins nothing: with raise_on_no_yaku=False
    the result has error "no_yaku", 0 points, a zero cost and no payments."""
    r = score("123m789p55s", "5s", melds=["chi 456m", "ankan 2222s"], tsumo=True,
              raise_on_no_yaku=False)
    assert r.error == "no_yaku" and r.points == 0 and r.payments is None
    assert r.cost == {"dealer": 0, "non_dealer": 0}
    r = score("123m789p55s", "5s", melds=["chi 456m", "ankan 2222s"], discarder=2,
              seat_wind=1, raise_on_no_yaku=False)
    assert r.cost == {"ron": 0} and r.payments is None


def test_rule_8_pao_only_for_daisangen_and_daisuushi():
    """RULES §8: liability covers daisangen and daisuushi only: a tsuuiisou tsumo with a
    pao seat named (rinshan liability off) is paid as an ordinary yakuman tsumo."""
    r = score("111z222z77z", "7z", melds=["pon 555z", "pon 666z"], tsumo=True, pao=2,
              seat_wind=1, rules=Rules(pao_rinshan=False))
    assert [n for n, _ in r.yaku] == ["tsuuiisou"]
    assert r.payments == (-16000, 32000, -8000, -8000)


def test_rule_8_pao_covers_one_yakuman_when_double_yakuman_is_off():
    """RULES §8 with pao_whole_hand off and double yakuman off: daisangen (liable) +
    tsuuiisou is two yakuman; the liable seat pays the daisangen as a tsumo (32,000 from
    a non-dealer winner), the tsuuiisou is split as an ordinary tsumo."""
    rules = Rules(pao_whole_hand=False, double_yakuman=False)
    r = score("777z111z22z", "2z", melds=["pon 555z", "pon 666z"], tsumo=True, pao=2,
              seat_wind=1, rules=rules)
    assert r.yakuman == 2
    assert r.payments == (-16000, 64000, -32000 - 8000, -8000)


def test_rule_7_format_score_table_matches_the_written_out_table():
    """RULES §7: format_score_table's text (1-2 han) cell by cell against the standard
    table written out above; the headers name each han column and each section."""
    text = format_score_table(max_han=2)
    assert text.splitlines()[0] == "non-dealer: ron / tsumo"
    assert "dealer: ron / tsumo" in text.splitlines()
    rows, heads = _cells(text)
    want, _ = _cells(EXPECTED_1_2_HAN)
    assert rows == want
    assert heads == {"non-dealer": [1, 2], "dealer": [1, 2]}
    _, heads = _cells(format_score_table(max_han=5))
    assert heads == {"non-dealer": [1, 2, 3, 4, 5], "dealer": [1, 2, 3, 4, 5]}


def test_rule_7_score_table_has_every_fu_row_and_han_column():
    """RULES §7: the table's rows are 20, 25, 30, 40, ..., 110 fu; its columns 1..max_han."""
    t = score_table(max_han=4)
    assert set(t) == {(h, f) for h in range(1, 5) for f in FU_ROWS}


def test_rule_6_20_fu_is_tsumo_only_and_needs_2_han():
    """RULES §6/§7: 20 fu is pinfu tsumo only: no ron at any han, tsumo from 2 han
    (pinfu + menzen tsumo): 400-700, 700-1300, 1300-2600."""
    t = score_table(max_han=4)
    assert all(t[(h, 20)]["non_dealer_ron"] is None for h in range(1, 5))
    assert all(t[(h, 20)]["dealer_ron"] is None for h in range(1, 5))
    assert t[(1, 20)]["non_dealer_tsumo"] is None
    assert [t[(h, 20)]["non_dealer_tsumo"] for h in (2, 3, 4)] == [
        (400, 700), (700, 1300), (1300, 2600)]


def test_rule_4_riichi_with_an_added_kan_is_an_open_hand():
    """RULES §4: an added kan (shouminkan) grows a pon, an open meld: riichi with one is
    refused; riichi with a closed kan is fine."""
    with pytest.raises(SituationError, match="riichi on an open hand"):
        score("123m456p789s55m", "5m", melds=["kakan 7777z"], tsumo=True, riichi=True)
    score("123m456p789s55m", "5m", melds=["ankan 7777z"], tsumo=True, riichi=True)


def test_rule_8_pao_ron_honba_option_the_liable_seat_pays_the_honba():
    """RULES §8 option pao_ron_honba (Tenhou): on a ron the liable seat pays half the
    yakuman and all the honba (2 honba: 600), the discarder the other half."""
    r = score("777z123m55p", "5p", melds=["pon 555z", "pon 666z"], pao=3, discarder=2,
              honba=2, seat_wind=1, rules=Rules(pao_ron_honba=True))
    assert r.payments == (0, 32600, -16000, -16600)


def test_rule_7_kiriage_rounds_only_4_han_30_fu_and_3_han_60_fu():
    """RULES §7 kiriage (option): 4 han 30 fu and 3 han 60 fu round up to mangan; other
    30 fu or 4 han cells do not (3 han 30 fu 3,900, 4 han 25 fu 6,400 for a non-dealer
    ron)."""
    from ippatsu.scoring import base_points
    k = Rules(kiriage=True)
    assert base_points(4, 30, rules=k) == (2000, "mangan")
    assert base_points(3, 60, rules=k) == (2000, "mangan")
    assert base_points(3, 30, rules=k) == (960, None)
    assert base_points(4, 25, rules=k) == (1600, None)
    assert base_points(2, 60, rules=k) == (960, None)
    # riichi + chiitoitsu + a red five: 4 han 25 fu, 6,400 (not a mangan's 8,000)
    r = score("1133m0577p22s4466z", "4z", riichi=True, discarder=2, seat_wind=1, rules=k)
    assert (r.han, r.fu, r.points) == (4, 25, 6400)


def test_rule_6_open_hand_of_20_fu_lists_the_open_hand_minimum_item():
    """RULES §6: an open hand with no fu beyond the base counts 30: the breakdown is the
    base 20 plus 10 for the open-hand minimum (items sum to the fu before rounding)."""
    r = score("234p567s678s55m", "4p", melds=["chi 234m"], discarder=2, seat_wind=1,
              raise_on_no_yaku=False)
    assert r.fu == 30
    assert r.fu_breakdown == (("base", 20), ("open hand minimum", 10))


def test_rule_6_kokushi_reports_the_ordinary_fu_count():
    """RULES §6 for a yakuman of no standard shape: thirteen orphans reports the ordinary
    count, base 20 + 10 concealed ron = 30, or base 20 + 2 tsumo = 22 rounded to 30."""
    r = score("19m19p19s1234567z1m", "1m", discarder=2, seat_wind=1)
    assert r.form == "kokushi" and r.fu == 30
    assert r.fu_breakdown == (("base", 20), ("concealed ron", 10))
    r = score("19m19p19s1234567z1m", "1m", tsumo=True, seat_wind=1)
    assert r.fu == 30 and r.fu_breakdown == (("base", 20), ("tsumo", 2))


def test_rule_6_chiitoitsu_breakdown_is_one_item_of_25():
    """RULES §6: seven pairs is 25 fu flat, one item, no rounding."""
    r = score("1133m5577p22s4466z", "4z", riichi=True, discarder=2, seat_wind=1)
    assert r.fu == 25 and r.fu_breakdown == (("chiitoitsu", 25),)


def test_rule_1_honors_form_no_runs():
    """RULES §1: runs are three consecutive numbers of one suit; honors (1z-7z) form no
    runs, so 123z is not a set and the hand is not complete."""
    import pytest

    from ippatsu.errors import NotAgariError
    with pytest.raises(NotAgariError):
        score("123m456p789s123z55m", "5m", tsumo=True)
    with pytest.raises(NotAgariError):
        score("123m456p789s567z55m", "5m", tsumo=True)


def test_rule_4_a_closed_tsumo_without_riichi_has_no_riichi():
    """RULES §4: riichi is a declaration: a closed tsumo win without it lists menzen
    tsumo (and pinfu here), never riichi."""
    r = score("123m456p789s234s55m", "4s", tsumo=True, seat_wind=1)
    assert [n for n, _ in r.yaku] == ["menzen_tsumo", "pinfu"]
    r = score("123m456p789s234s55m", "4s", tsumo=True, haitei=True, seat_wind=1)
    assert "riichi" not in [n for n, _ in r.yaku]


def test_rule_7_the_variant_ranking_does_not_depend_on_the_seat():
    """RULES §7 (a hand is scored on the reading that pays most): the search ranks the
    variants of one hand by ``(points, yakuman multiple, han, fu)``, with the points
    worked out for the dealer or for a non-dealer. The two seats rank alike because each
    payment (ron ×6 / ×4, tsumo 2+2+2 / 2+1+1 shares, each rounded up to 100) grows
    strictly with the base points over the bases a hand can reach: ``fu × 2^(han+2)``
    with fu a multiple of 10 (or 25 with at least two han, seven pairs) steps by 80 at
    least, the limits are 2,000 and more, so the doubled base steps by 160 > 100 and
    rounding to 100 never ties two different bases. (So ``_reference.scoring._search``
    may rank with either seat's points; this test breaks if a rounding rule ever makes
    the seat matter.)"""
    import dataclasses

    from ippatsu.rules import Rules
    from ippatsu.scoring import base_points, hand_cost

    for kiriage in (False, True):
        for kazoe in (False, True):
            rules = dataclasses.replace(Rules(), kiriage=kiriage, kazoe_yakuman=kazoe)
            bases = {8000 * m for m in range(1, 7)}
            for han in range(1, 40):
                for fu in [25] * (han >= 2) + list(range(20, 140, 10)):
                    bases.add(base_points(han, fu, 0, rules)[0])
            bases = sorted(bases)
            assert bases[0] == 160 and 2000 in bases   # 1 han 20 fu ... mangan
            for dealer in (True, False):
                for tsumo in (False, True):
                    totals = [hand_cost(b, dealer, tsumo)[0] for b in bases]
                    assert all(a < b for a, b in zip(totals, totals[1:])), (dealer, tsumo)

