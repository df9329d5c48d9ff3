"""Each yaku's conditions (RULES §4): in every suit and at every rank, the tiles
each one needs, and the yaku table's ids and multiples.
"""
from __future__ import annotations

import pytest

from _table_helpers import S, Y, table


def yaku_names(r):
    return [n for n, _ in r.yaku]


def _mask(text):
    from ippatsu.tiles import parse_counts
    return sum(1 << k for k, n in enumerate(parse_counts(text)) if n)


@pytest.mark.parametrize("suit", "mps")
def test_rule_4_ittsu_in_every_suit(suit):
    """RULES §4 ittsu: 123-456-789 of one suit, in man, pin and sou alike."""
    other = {"m": "234p", "p": "234s", "s": "234m"}[suit]
    assert Y(f"123456789{suit}{other}55z", f"9{suit}")["ittsu"] == 2
    # the three runs spread over two suits are no ittsu
    two = {"m": "123456m789p", "p": "123456p789s", "s": "123456s789m"}[suit]
    assert "ittsu" not in Y(f"{two}{other}55z", f"6{suit}", riichi=True)


@pytest.mark.parametrize("rank", "1357")
def test_rule_4_sanshoku_at_any_rank(rank):
    """RULES §4 sanshoku doujun: the same run in the three suits, whatever its rank."""
    r = int(rank)
    run = f"{r}{r + 1}{r + 2}"
    assert Y(f"{run}m{run}p{run}s999m11z", "9m")["sanshoku"] == 2
    # same run in two suits, a different one in the third: no sanshoku
    other = f"{(r % 7) + 1}{(r % 7) + 2}{(r % 7) + 3}"
    assert "sanshoku" not in Y(f"{run}m{run}p{other}s999m11z", "9m", riichi=True)


def test_rule_4_sanshoku_doukou_with_a_fourth_triplet():
    """RULES §4 sanshoku doukou stacks with toitoi: 222m 222p 222s + a pon of 555z."""
    y = Y("222m222p222s77s", "7s", melds=["pon 555z"], tsumo=True)
    assert y["sanshoku_doukou"] == 2 and "toitoi" in y


@pytest.mark.parametrize("suit", "mps")
def test_rule_4_chinitsu_and_honitsu_in_every_suit(suit):
    """RULES §4 chinitsu / honitsu: one suit (with honors for honitsu), in every suit."""
    assert Y(f"123345678999{suit}55{suit}", f"5{suit}")["chinitsu"] == 6
    assert Y(f"123345789{suit}333z55z", "5z")["honitsu"] == 3


def test_rule_4_two_suits_are_neither_chinitsu_nor_honitsu():
    """RULES §4: man + pin (no sou) is not one suit, with or without honors."""
    for hand, win in (("123m345m678p999p55m", "5m"), ("123m345p789m333z55z", "5z")):
        y = Y(hand, win, riichi=True)
        assert "chinitsu" not in y and "honitsu" not in y, hand


@pytest.mark.parametrize("suit", "mps")
def test_rule_4_chuuren_in_every_suit(suit):
    """RULES §4 chuuren poutou: 1112345678999 + one more of the same suit, any suit."""
    r = S(f"11123455678999{suit}", f"9{suit}")
    assert r.yaku_names == ["chuuren"] and r.yakuman == 1
    r = S(f"11123455678999{suit}", f"5{suit}")
    assert r.yaku_names == ["chuuren_pure"] and r.yakuman == 2


def test_rule_4_chuuren_needs_every_middle_rank():
    """RULES §4 chuuren: 111 and 999 are not enough; every rank 2-8 must be there."""
    r = S("111222333999p55p", "2p")
    assert "chuuren" not in r.yaku_names and "chinitsu" in r.yaku_names


@pytest.mark.parametrize("pair", "1234")
def test_rule_4_shousuushii_with_any_wind_as_the_pair(pair):
    """RULES §4 shousuushii: three wind triplets + the fourth wind as the pair, whichever
    wind the pair is."""
    trips = "".join(w * 3 for w in "1234" if w != pair)
    r = S(f"{trips}z{pair}{pair}z123m", "3m")
    assert "shousuushii" in r.yaku_names and r.yakuman == 1


def test_yaku_table_majsoul_ids_are_mahjong_souls():
    """The Mahjong Soul numbering of the yaku and the dora entries, as the outside table
    of riichienv lists them (tenhou id -> Mahjong Soul id; the wind groups share one id)."""
    from ippatsu import yaku as Yk
    known = {0: 1, 1: 2, 3: 3, 4: 4, 5: 5, 6: 6, 18: 7, 19: 8, 20: 9, 10: 10, 14: 11,
             8: 12, 9: 13, 7: 14, 23: 15, 24: 16, 25: 17, 21: 18, 26: 19, 27: 20, 28: 21,
             29: 22, 30: 23, 31: 24, 22: 25, 33: 26, 34: 27, 32: 28, 35: 29, 2: 30,
             37: 35, 38: 36, 39: 37, 40: 38, 42: 39, 43: 40, 44: 41, 47: 42, 50: 43, 51: 44,
             45: 45, 46: 47, 41: 48, 48: 49, 49: 50}
    for tenhou_id, ms in known.items():
        assert Yk.BY_TENHOU[tenhou_id].majsoul_id == ms, Yk.BY_TENHOU[tenhou_id].name
    assert (Yk.MAJSOUL_DORA, Yk.MAJSOUL_RED, Yk.MAJSOUL_URA) == (31, 32, 33)
    assert (Yk.TENHOU_DORA, Yk.TENHOU_URA, Yk.TENHOU_RED) == (52, 53, 54)


def test_yaku_table_yakuman_rows_carry_no_han_and_double_marks_the_doubles():
    """RULES §4: a yakuman row is counted in yakuman, never in han (closed or open); the
    ``double`` mark is set exactly on the double patterns."""
    from ippatsu.yaku import YAKU
    for y in YAKU:
        if y.yakuman:
            assert (y.han_closed, y.han_open) == (0, 0), y.name
        assert y.double == (y.yakuman == 2), y.name


def test_rule_4_honroutou_and_honitsu_checks_need_both_kinds_of_tile():
    """RULES §4, on the table's check functions themselves (in a full hand an all-honor
    or all-terminal hand is a yakuman, which hides these rows): honroutou needs terminals
    *and* honors; honitsu needs honors."""
    from ippatsu.yaku import BY_NAME, YakuContext
    honroutou, honitsu = BY_NAME["honroutou"].check, BY_NAME["honitsu"].check
    assert honroutou(YakuContext(mask=_mask("19m19p11z22z")))
    assert not honroutou(YakuContext(mask=_mask("1234567z")))
    assert not honroutou(YakuContext(mask=_mask("19m19p19s")))
    assert honitsu(YakuContext(mask=_mask("123456m11z")))
    assert not honitsu(YakuContext(mask=_mask("123456789m")))


def test_yakuman_gate_rejects_a_closed_honitsu_hand():
    """The scorer's yakuman gate (a cheap necessary condition) lets ordinary hands skip
    the yakuman checks: a closed honitsu hand with no yakuman shape is rejected."""
    from ippatsu.yaku import YakuContext, may_be_yakuman
    c = YakuContext(tenhou=False, chiihou=False, form=0, ankou=1, kans=0, closed=True,
                    mask=_mask("123456789m111z22z"), triplets=(27,))
    assert not may_be_yakuman(c)


@pytest.mark.parametrize("suit", "mps")
def test_rule_4_pure_chuuren_won_on_a_terminal(suit):
    """RULES §4 pure chuuren (double yakuman): before the winning tile the suit was
    1112345678999, a nine-sided wait. Won on the 9 (so four 9s) or on the 1 (four 1s) it
    is pure in every suit; 1112345678999 plus a 1 from 11123456789999 (three 1s, the 9
    is the extra) is the plain chuuren."""
    r = S(f"11123456789999{suit}", f"9{suit}")
    assert r.yaku_names == ["chuuren_pure"] and r.yakuman == 2
    r = S(f"11112345678999{suit}", f"1{suit}")
    assert r.yaku_names == ["chuuren_pure"] and r.yakuman == 2
    r = S(f"11123456789999{suit}", f"1{suit}")
    assert r.yaku_names == ["chuuren"] and r.yakuman == 1


def test_rule_4_chanta_and_junchan_refuse_a_triplet_of_simples():
    """RULES §4 chanta / junchan: every set and the pair hold a terminal or an honor. With
    terminal runs and pair, a triplet of simples (555s) spoils both; the same hand with
    999s instead is junchan (with the East pair: chanta)."""
    y = Y("123m789p123s555s99m", "1s", riichi=True)
    assert "junchan" not in y and "chanta" not in y
    y = Y("123m789p123s555s11z", "1s", riichi=True)
    assert "junchan" not in y and "chanta" not in y
    assert "junchan" in Y("123m789p123s999s99m", "1s", riichi=True)
    assert "chanta" in Y("123m789p123s999s11z", "1s", riichi=True)


def test_rule_4_chanta_needs_a_terminal_or_honor_pair():
    """RULES §4 chanta / junchan: the pair too holds a terminal or an honor; with terminal
    runs and a 55s pair the hand has neither."""
    y = Y("123m789p123s789s55s", "1s", riichi=True)
    assert "junchan" not in y and "chanta" not in y
    assert "junchan" in Y("123m789p123s789s99m", "1s", riichi=True)


def test_rule_4_ryanpeikou_needs_two_pairs_of_identical_runs():
    """RULES §4 ryanpeikou: two double runs. 123m 456m 789m 789m has one double run
    only: iipeikou (1 han), not ryanpeikou."""
    y = Y("123456789789m55p", "1m", riichi=True)
    assert "ryanpeikou" not in y and y.get("iipeikou") == 1

