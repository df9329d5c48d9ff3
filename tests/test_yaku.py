"""Every yaku of RULES.md §4, positive and negative, in tile notation.

Conventions of the helper: the hand includes the winning tile; the seat is South (1) and the
round East (0) unless a test says otherwise, so East is the round wind, South the seat
wind, West and North guest winds.
"""
from __future__ import annotations

import pytest

from ippatsu.errors import NoYakuError, NotAgariError, SituationError
from ippatsu.rules import Rules
from ippatsu.yaku import LOCAL_NAMES, BY_ID, BY_MAJSOUL, BY_NAME, BY_TENHOU, YAKU, yaku_names


from _table_helpers import S, Y


PINFU = "123m456p789s234s55m"  # win 4s: ryanmen, tanki-free, non-value pair


# ---------------------------------------------------------------------------------------
# the table itself
# ---------------------------------------------------------------------------------------
def test_table_ids_are_unique_small_and_equal_tenhou_ids():
    assert len({y.id for y in YAKU}) == len(YAKU)
    assert all(0 <= y.id < 64 for y in YAKU)
    # Tenhou's numbering; the local yaku Tenhou does not have take free ids (-1 there)
    assert all(y.id == y.tenhou_id or (y.tenhou_id == -1 and y.name in LOCAL_NAMES)
               for y in YAKU)
    assert BY_TENHOU[36].name == "renhou"
    assert BY_TENHOU[22].name == "chiitoitsu"
    assert BY_MAJSOUL[14].name == "pinfu"


def test_table_han_values_match_rule_4():
    expect = {
        "riichi": (1, 0), "ippatsu": (1, 0), "menzen_tsumo": (1, 0), "pinfu": (1, 0),
        "tanyao": (1, 1), "iipeikou": (1, 0), "haku": (1, 1), "haitei": (1, 1),
        "houtei": (1, 1), "rinshan": (1, 1), "chankan": (1, 1), "double_riichi": (2, 0),
        "chiitoitsu": (2, 0), "sanshoku": (2, 1), "sanshoku_doukou": (2, 2), "ittsu": (2, 1),
        "chanta": (2, 1), "toitoi": (2, 2), "sanankou": (2, 2), "sankantsu": (2, 2),
        "honroutou": (2, 2), "shousangen": (2, 2), "ryanpeikou": (3, 0),
        "junchan": (3, 2), "honitsu": (3, 2), "chinitsu": (6, 5),
    }
    for name, (c, o) in expect.items():
        assert (BY_NAME[name].han_closed, BY_NAME[name].han_open) == (c, o), name
    doubles = {y.name for y in YAKU if y.yakuman == 2}
    assert doubles == {"kokushi_13", "suuankou_tanki", "chuuren_pure", "daisuushi"}


def test_yaku_names_from_mask():
    assert yaku_names(BY_NAME["riichi"].bit | BY_NAME["pinfu"].bit) == ["riichi", "pinfu"]
    assert BY_ID[1].to_dict()["ja"] == "立直"


# ---------------------------------------------------------------------------------------
# 1 han
# ---------------------------------------------------------------------------------------
def test_rule_4_menzen_tsumo():
    assert "menzen_tsumo" in Y(PINFU, "4s", tsumo=True)
    assert "menzen_tsumo" not in Y("456p678s234s55m", "4s", melds=["234m"], tsumo=True)


def test_rule_4_menzen_tsumo_closed_kan_keeps_hand_concealed():
    y = Y("123m456p234s55m", "4s", melds=["ankan 1111z"], tsumo=True)
    assert "menzen_tsumo" in y


def test_rule_4_riichi():
    assert Y(PINFU, "4s", riichi=True)["riichi"] == 1
    assert "riichi" not in Y(PINFU, "4s")


def test_rule_4_double_riichi_replaces_riichi():
    y = Y(PINFU, "4s", riichi=True, double_riichi=True)
    assert y["double_riichi"] == 2 and "riichi" not in y
    assert "double_riichi" in Y(PINFU, "4s", double_riichi=True)


def test_rule_4_ippatsu_needs_riichi():
    assert "ippatsu" in Y(PINFU, "4s", riichi=True, ippatsu=True)
    with pytest.raises(SituationError, match="ippatsu without riichi"):
        Y(PINFU, "4s", ippatsu=True)  # a caller's bug: raised, never dropped silently


def test_rule_4_chankan_is_ron_only():
    assert "chankan" in Y(PINFU, "4s", chankan=True)
    with pytest.raises(SituationError, match="chankan on a tsumo"):
        Y(PINFU, "4s", chankan=True, tsumo=True)


def test_rule_4_rinshan_is_tsumo_only():
    kan = ["ankan 1111z"]
    assert "rinshan" in Y("123m456p234s55m", "4s", melds=kan, tsumo=True, rinshan=True)
    with pytest.raises(SituationError, match="rinshan kaihou on a ron"):
        Y("123m456p234s55m", "4s", melds=kan, riichi=True, rinshan=True)


def test_rule_4_haitei():
    assert "haitei" in Y(PINFU, "4s", tsumo=True, haitei=True)
    with pytest.raises(SituationError, match="haitei on a ron"):
        Y(PINFU, "4s", haitei=True, riichi=True)


def test_rule_4_haitei_not_given_for_a_rinshan_draw():
    with pytest.raises(SituationError, match="haitei on a rinshan draw"):
        Y("123m456p234s55m", "4s", melds=["ankan 1111z"], tsumo=True, rinshan=True,
          haitei=True)


def test_rule_4_houtei():
    assert "houtei" in Y(PINFU, "4s", houtei=True)
    with pytest.raises(SituationError, match="houtei on a tsumo"):
        Y(PINFU, "4s", houtei=True, tsumo=True)


def test_rule_4_houtei_and_chankan_cannot_both_apply():
    with pytest.raises(SituationError, match="chankan and houtei"):
        Y(PINFU, "4s", houtei=True, chankan=True)


def test_rule_4_pinfu():
    assert Y(PINFU, "4s")["pinfu"] == 1


def test_rule_4_pinfu_guest_wind_pair_is_fine():
    assert "pinfu" in Y("123m456p789s234s33z", "4s")   # West: a guest wind
    assert "pinfu" in Y("123m456p789s234s44z", "4s")   # North


@pytest.mark.parametrize("pair,why", [("22z", "seat wind"), ("11z", "round wind"),
                                      ("55z", "white"), ("66z", "green"), ("77z", "red")])
def test_rule_4_pinfu_pair_must_carry_no_fu(pair, why):
    y = S("123m456p789s234s" + pair, "4s", raise_on_no_yaku=False)
    assert "pinfu" not in y.yaku_names, why


def test_rule_4_pinfu_needs_an_open_wait():
    assert "pinfu" not in Y(PINFU, "3s", riichi=True)   # kanchan 2-4s
    assert "pinfu" not in Y(PINFU, "3m", riichi=True)   # penchan 1-2m
    assert "pinfu" not in Y(PINFU, "5m", riichi=True)   # tanki 5m


def test_rule_4_pinfu_terminals_are_fine():
    y = Y("123m456p789s234s99m", "1m")
    assert "pinfu" in y


def test_rule_4_pinfu_under_some_reading_of_the_wait():
    # 344556m + 4m: kanchan in 3-4-5 or ryanmen in 4-5-6: the open reading pays most
    r = S("344556m678p345s22s", "4m")
    assert "pinfu" in r.yaku_names and r.wait == "ryanmen" and r.fu == 30


def test_rule_4_pinfu_concealed_only():
    r = S("456p789s234s55m", "4s", melds=["123m"], raise_on_no_yaku=False)
    assert r.error == "no_yaku" and "pinfu" not in r.yaku_names


def test_rule_4_pinfu_broken_by_a_closed_kan():
    y = Y("123m456p234s55m", "4s", melds=["ankan 9999p"], riichi=True)
    assert "pinfu" not in y


def test_rule_4_tanyao_closed_and_open():
    assert "tanyao" in Y("234m456p678s234s55m", "4s")
    assert Y("456p678s234s55m", "4s", melds=["234m"]) == {"tanyao": 1}


def test_rule_4_open_tanyao_option():
    with pytest.raises(NoYakuError):
        S("456p678s234s55m", "4s", melds=["234m"], rules=Rules(open_tanyao=False))
    assert "tanyao" in Y("234m456p678s234s55m", "4s", rules=Rules(open_tanyao=False))


def test_rule_4_tanyao_no_terminal_or_honor():
    assert "tanyao" not in Y(PINFU, "4s")


def test_rule_4_iipeikou():
    assert Y("112233m456p789s55s", "3m")["iipeikou"] == 1


def test_rule_4_iipeikou_concealed_only():
    r = S("112233m456p55s", "3m", melds=["789s"], raise_on_no_yaku=False)
    assert r.error == "no_yaku"


def test_rule_4_yakuhai_dragons():
    assert Y("123m456p789s11s555z", "1s")["haku"] == 1
    assert Y("123m456p789s11s666z", "1s")["hatsu"] == 1
    assert Y("123m456p789s11s777z", "1s")["chun"] == 1


def test_rule_4_yakuhai_seat_and_round_wind():
    assert "seat_wind_s" in Y("123m456p789s11s222z", "1s")
    assert "round_wind_e" in Y("123m456p789s11s111z", "1s")
    y = Y("123m456p789s11s222z", "1s", round_wind=1)
    assert y["seat_wind_s"] == 1 and y["round_wind_s"] == 1


def test_rule_4_yakuhai_double_wind_counts_twice():
    y = Y("123m456p789s11s111z", "1s", seat_wind=0)
    assert y == {"seat_wind_e": 1, "round_wind_e": 1}


def test_rule_4_yakuhai_guest_wind_is_no_yaku():
    with pytest.raises(NoYakuError):
        S("123m456p789s11s333z", "1s")


def test_rule_4_yakuhai_in_an_open_pon_or_kan():
    assert Y("123m456p789s11s", "1s", melds=["pon 777z"]) == {"chun": 1}
    assert Y("123m456p789s11s", "1s", melds=["daiminkan 6666z"]) == {"hatsu": 1}


# ---------------------------------------------------------------------------------------
# 2 han
# ---------------------------------------------------------------------------------------
def test_rule_4_chiitoitsu():
    r = S("1122m3344p5566s77z", "7z")
    assert dict(r.yaku) == {"chiitoitsu": 2} and r.fu == 25 and r.form == "chiitoitsu"


def test_rule_2_four_identical_tiles_are_not_two_pairs():
    with pytest.raises(NotAgariError) as e:
        S("1111m3344p5566s77z", "7z")
    assert e.value.code == "not_agari"


def test_rule_4_chiitoitsu_does_not_also_count_iipeikou():
    y = Y("112233m4455p6699s", "9s")
    assert y == {"chiitoitsu": 2}


def test_rule_4_sanshoku_closed_and_open():
    assert Y("123m123p123s789s55m", "5m")["sanshoku"] == 2
    assert Y("123p123s789s55m", "5m", melds=["123m"])["sanshoku"] == 1
    assert "sanshoku" not in Y("123m123p234s789s55m", "5m", riichi=True)


def test_rule_4_sanshoku_doukou():
    y = Y("222m222p222s456s77z", "4s", melds=(), tsumo=True)
    assert y["sanshoku_doukou"] == 2
    y = Y("222p222s456s77z", "4s", melds=["pon 222m"])
    assert y["sanshoku_doukou"] == 2
    assert "sanshoku_doukou" not in Y("222m222p333s456s77z", "4s", tsumo=True)


def test_rule_4_ittsu_closed_and_open():
    assert Y("123456789m234p55s", "9m")["ittsu"] == 2
    assert Y("456789m234p55s", "9m", melds=["123m"])["ittsu"] == 1
    assert "ittsu" not in Y("123456m789p234p55s", "9p", riichi=True)


def test_rule_4_chanta():
    y = Y("123m789p789s333z99m", "9m")
    assert y["chanta"] == 2 and "junchan" not in y
    assert Y("789p789s333z99m", "9m", melds=["123m"])["chanta"] == 1
    r = S("234m789p789s333z99m", "9m", raise_on_no_yaku=False)
    assert "chanta" not in r.yaku_names


def test_rule_4_toitoi():
    y = Y("222m55p", "5p", melds=["pon 333p", "pon 444s", "pon 777s"])
    assert y["toitoi"] == 2 and y["tanyao"] == 1


def test_rule_4_sanankou():
    y = Y("222m333p444s678s55m", "6s")
    assert y["sanankou"] == 2


def test_rule_4_sanankou_ron_completed_triplet_is_open():
    r = S("222m333p444s678s55m", "4s")   # 4s completes the 444s triplet by ron
    assert "sanankou" not in r.yaku_names
    assert ("open triplet (ron) 4s", 2) in r.fu_breakdown
    assert "sanankou" in S("222m333p444s678s55m", "4s", tsumo=True).yaku_names


def test_rule_4_sanankou_closed_kan_counts_as_concealed():
    y = Y("222m333p678s55m", "6s", melds=["ankan 4444s"])
    assert y["sanankou"] == 2


def test_rule_4_sankantsu():
    y = Y("678s55m", "6s", melds=["ankan 2222m", "daiminkan 3333p", "kakan 4444s"])
    assert y["sankantsu"] == 2


def test_rule_4_honroutou_stacks_with_toitoi():
    y = Y("999p111s222z99s", "9s", melds=["pon 111m"])
    assert y["honroutou"] == 2 and y["toitoi"] == 2 and "chanta" not in y


def test_rule_4_honroutou_stacks_with_chiitoitsu():
    y = Y("1199m1199p11s2233z", "3z")
    assert y == {"chiitoitsu": 2, "honroutou": 2}


def test_rule_4_shousangen_with_its_two_yakuhai():
    y = Y("555z666z77z123m456p", "6p")
    assert y["shousangen"] == 2 and y["haku"] == 1 and y["hatsu"] == 1


@pytest.mark.parametrize("pair", ["11s", "99m", "11z", "22z", "33z", "44z"])
def test_rule_4_shousangen_needs_the_third_dragon_as_the_pair(pair):
    """Two dragon triplets and a pair of a number or of any wind (an honor, not a dragon):
    no little three dragons, only the two dragon yakuhai."""
    y = Y(f"555z666z{pair}123m456p", "6p")
    assert "shousangen" not in y and y["haku"] == 1 and y["hatsu"] == 1


# ---------------------------------------------------------------------------------------
# 3 and 6 han
# ---------------------------------------------------------------------------------------
def test_rule_4_ryanpeikou_replaces_iipeikou():
    y = Y("112233m556677p55s", "3m")
    assert y["ryanpeikou"] == 3 and "iipeikou" not in y


def test_rule_2_ryanpeikou_vs_chiitoitsu_pays_most():
    r = S("112233m556677p55s", "3m")
    assert r.form == "standard" and "chiitoitsu" not in r.yaku_names


def test_rule_4_ryanpeikou_concealed_only():
    r = S("112233m567p55s", "7p", melds=["567p"], raise_on_no_yaku=False)
    assert r.error == "no_yaku" and "ryanpeikou" not in r.yaku_names


def test_rule_4_junchan_replaces_chanta():
    y = Y("123m789p789s111s99m", "9m")
    assert y["junchan"] == 3 and "chanta" not in y
    assert Y("789p789s111s99m", "9m", melds=["123m"])["junchan"] == 2


def test_rule_4_honitsu():
    y = Y("123m345m789m333z55z", "5z")
    assert y["honitsu"] == 3
    assert Y("345m789m333z55z", "5z", melds=["123m"])["honitsu"] == 2


def test_rule_4_chinitsu_replaces_honitsu():
    y = Y("123m345m678m999m55m", "5m")
    assert y["chinitsu"] == 6 and "honitsu" not in y
    assert Y("345m678m999m55m", "5m", melds=["123m"])["chinitsu"] == 5


# ---------------------------------------------------------------------------------------
# yakuman
# ---------------------------------------------------------------------------------------
def test_rule_4_tenhou_dealer_only():
    r = S(PINFU, "4s", tsumo=True, tenhou=True, seat_wind=0)
    assert r.yaku_names == ["tenhou"] and r.yakuman == 1
    with pytest.raises(SituationError, match="tenhou for a non-dealer"):
        S(PINFU, "4s", tsumo=True, tenhou=True)


def test_rule_4_chiihou_non_dealer_only():
    assert S(PINFU, "4s", tsumo=True, chiihou=True).yaku_names == ["chiihou"]
    with pytest.raises(SituationError, match="chiihou for the dealer"):
        S(PINFU, "4s", tsumo=True, chiihou=True, seat_wind=0)


def test_rule_4_kokushi_and_the_13_sided_double():
    r = S("119m19p19s1234567z", "9m")
    assert r.yaku_names == ["kokushi"] and r.yakuman == 1 and r.points == 32000
    r = S("119m19p19s1234567z", "1m")
    assert r.yaku_names == ["kokushi_13"] and r.yakuman == 2 and r.points == 64000


def test_rule_4_kokushi_13_sided_counts_once_without_double_yakuman():
    r = S("119m19p19s1234567z", "1m", rules=Rules.tenhou())
    assert r.yaku_names == ["kokushi_13"] and r.yakuman == 1


def test_rule_4_suuankou_tsumo_shanpon():
    r = S("111m222p333s444s55m", "4s", tsumo=True)
    assert r.yaku_names == ["suuankou"] and r.yakuman == 1


def test_rule_4_suuankou_ron_exists_only_as_the_pair_wait():
    r = S("111m222p333s444s55m", "4s")   # ron on the dual-pair wait
    assert not r.yakuman and {"sanankou", "toitoi"} <= set(r.yaku_names)
    r = S("111m222p333s444s55m", "5m")   # ron on the pair wait
    assert r.yaku_names == ["suuankou_tanki"] and r.yakuman == 2


def test_rule_4_suuankou_tanki_double():
    assert S("111m222p333s444s55m", "5m", tsumo=True).yakuman == 2
    assert S("111m222p333s444s55m", "5m", rules=Rules.tenhou()).yakuman == 1


def test_rule_4_daisangen():
    assert S("555z666z777z123m55p", "5p").yaku_names == ["daisangen"]
    r = S("777z123m55p", "5p", melds=["pon 555z", "pon 666z"])
    assert r.yaku_names == ["daisangen"]


def test_rule_4_tsuuiisou():
    assert "tsuuiisou" in S("111z333z444z555z77z", "7z").yaku_names
    assert S("11223344556677z", "7z").yaku_names == ["tsuuiisou"]


def test_rule_4_ryuuiisou_dragon_not_required():
    assert S("223344s666s888s66z", "6z").yaku_names == ["ryuuiisou"]
    assert S("234s234s666s888s22s", "2s").yaku_names == ["ryuuiisou"]
    assert "ryuuiisou" not in S("234s234s666s888s55s", "5s").yaku_names


def test_rule_4_chinroutou():
    r = S("999m111p99s", "9s", melds=["pon 111m", "pon 999p"])
    assert r.yaku_names == ["chinroutou"]


def test_rule_4_chuuren_and_pure_chuuren():
    r = S("11123455678999m", "9m")
    assert r.yaku_names == ["chuuren"] and r.yakuman == 1
    r = S("11123455678999m", "5m")
    assert r.yaku_names == ["chuuren_pure"] and r.yakuman == 2
    r = S("11112345678999m", "1m")
    assert r.yaku_names == ["chuuren_pure"]


def test_rule_4_chuuren_concealed_only():
    r = S("12345678999m", "9m", melds=["pon 111m"])
    assert "chuuren" not in r.yaku_names and "chinitsu" in r.yaku_names


def test_rule_4_suukantsu():
    r = S("55m", "5m", melds=["ankan 2222m", "daiminkan 3333p", "kakan 4444s",
                              "daiminkan 6666s"])
    assert r.yaku_names == ["suukantsu"]


def test_rule_4_shousuushii():
    assert "shousuushii" in S("111z222z333z44z123m", "3m").yaku_names


def test_rule_4_daisuushi_is_double():
    r = S("444z55m", "5m", melds=["pon 111z", "pon 222z", "pon 333z"])
    assert r.yaku_names == ["daisuushi"] and r.yakuman == 2
    assert S("444z55m", "5m", melds=["pon 111z", "pon 222z", "pon 333z"],
             rules=Rules.tenhou()).yakuman == 1


def test_rule_4_yakuman_stack():
    r = S("555z666z777z111z22z", "1z")   # ron on the dual pair: no suuankou
    assert set(r.yaku_names) == {"daisangen", "tsuuiisou"} and r.yakuman == 2
    assert r.points == 64000


def test_rule_4_yakuman_stacking_option():
    r = S("555z666z777z111z22z", "1z", rules=Rules(yakuman_stacking=False))
    assert r.yakuman == 1 and r.points == 32000


def test_rule_4_no_ordinary_yaku_or_dora_added_to_yakuman():
    r = S("555z666z777z123m55p", "5p", riichi=True, dora_indicators="4p", tsumo=True)
    assert r.yaku_names == ["daisangen"] and r.dora == 0 and r.han == 13


def test_rule_4_kazoe_yakuman_at_13_han():
    # riichi ippatsu tsumo pinfu iipeikou ittsu chinitsu = 13 han
    r = S("11223345678999m", "4m", tsumo=True, riichi=True, ippatsu=True)
    assert r.han == 13 and r.limit == "kazoe yakuman" and r.points == 32000
    assert r.yakuman == 0


def test_rule_4_kazoe_26_han_is_still_single():
    r = S("11223345678999m", "4m", tsumo=True, riichi=True, ippatsu=True,
          dora_indicators="8m8m8m1m1m", ura_indicators="9m2m2m")  # no fifth copy
    assert r.han >= 26 and r.limit == "kazoe yakuman" and r.points == 32000


def test_rule_4_kazoe_option_off_is_sanbaiman():
    r = S("11223345678999m", "4m", tsumo=True, riichi=True, ippatsu=True,
          rules=Rules(kazoe_yakuman=False))
    assert r.limit == "sanbaiman" and r.points == 24000


def test_rule_4_atozuke_allowed():
    # yakuhai only if the winning tile lands on the white shanpon
    assert S("123m456p789s11s555z", "5z").yaku_names == ["haku"]
    with pytest.raises(NoYakuError) as e:
        S("123m456p789s111s55z", "1s")
    assert e.value.code == "no_yaku"


def test_rule_2_yakuman_pattern_beats_counted_yakuman_at_equal_points():
    # 333p 44p 555p 666p 777p tsumo = suuankou; 345p345p666p777p44p reads as tsumo tanyao
    # iipeikou chinitsu + 3 dora = 13 han (counted). Both 32,000: we name the yakuman.
    r = S("33344055666777p", "6p", tsumo=True, seat_wind=2, dora_indicators="3p")
    assert r.yaku_names == ["suuankou"] and r.points == 32000


def test_table_rows_carry_english_japanese_romaji():
    for y in YAKU:
        assert y.en and y.ja and y.romaji and y.name
    assert BY_NAME["chuuren_pure"].romaji == "junsei chuuren poutou"
    assert BY_NAME["pinfu"].to_dict()["romaji"] == "pinfu"


def test_table_concealed_only_flags():
    closed = {y.name for y in YAKU if y.concealed_only}
    assert {"riichi", "pinfu", "iipeikou", "menzen_tsumo", "chiitoitsu", "ryanpeikou",
            "suuankou", "kokushi", "chuuren", "tenhou"} <= closed
    assert not closed & {"tanyao", "haku", "toitoi", "daisangen", "honitsu", "ittsu"}


def _rules_page_names() -> dict:
    """{Japanese name: Korean name} as the Ippatsu rules page (``seeds/000_*.txt`` beside
    the shared data) pairs them: its
    trilingual lines run Korean, then Japanese, then English ("리치立直Riichi")."""
    import re
    from conftest import SHARED_DATA
    seeds = sorted((SHARED_DATA.parent / "seeds").glob("000_*"))
    if not seeds:
        pytest.skip(f"the rules page (seeds/000_*.txt) is not beside {SHARED_DATA}")
    line = re.compile(r"([\uac00-\ud7a3 ]+)([\u3040-\u30ff\u4e00-\u9fff々]+)[A-Z]")
    pairs = {}
    for text in seeds[0].read_text(encoding="utf-8").splitlines():
        m = line.match(text.strip())
        if m:
            pairs.setdefault(m.group(2), m.group(1).strip())
    return pairs


def test_korean_yaku_names_as_the_rules_page_gives_them():
    """Every yaku the Ippatsu rules page names in Korean carries that name
    in the table; the page names 30 of the rows this way (the rest are its groups)."""
    pairs = _rules_page_names()
    named = [y for y in YAKU if y.ja in pairs]
    assert len(named) >= 30, sorted(pairs)
    for y in named:
        assert y.ko == pairs[y.ja], (y.name, y.ko, pairs[y.ja])


def test_every_row_has_three_languages():
    """Each row has an English, a Japanese and a Korean name (the hand builder shows all
    three), distinct across rows."""
    for attr in ("en", "ja", "ko"):
        names = [getattr(y, attr) for y in YAKU]
        assert all(names) and len(set(names)) == len(names), attr
    assert all(y.to_dict()["ko"] == y.ko for y in YAKU)
