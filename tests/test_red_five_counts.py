"""Red fives per suit (``Rules.red_five_counts``, docs/rules.md): which physical tiles are
red (the first copies of each five), the option's checks, and scoring that counts the reds
the rules have: score() by id and by notation, score_batch in both passes; the table plays
one red per suit or none and says so for other counts."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ippatsu import Rules, score
from ippatsu._codes import RED_FIVE_IDS, RED_FIVE_KINDS, red_five_ids
from ippatsu.errors import IppatsuError
from ippatsu.scoring_batch import score_batch
from ippatsu.table import GameState

COUNTS = st.tuples(*[st.integers(0, 4)] * 3)

# a closed hand holding every 5p: 234m 456p 555p 678s 99s, the last 9s drawn (tsumo): its
# red count follows the rules alone
FOUR_5P = [4, 8, 12, 48, 52, 56, 53, 54, 55, 92, 96, 100, 104, 105]


def test_red_ids_are_the_first_copies_of_each_five():
    for counts in itertools.product(range(5), repeat=3):
        ids = red_five_ids(counts)
        assert len(ids) == sum(counts)
        for s, k in enumerate(RED_FIVE_KINDS):
            assert {t for t in ids if t >> 2 == k} == {k * 4 + c for c in range(counts[s])}
    assert red_five_ids((1, 1, 1)) == frozenset(RED_FIVE_IDS)
    assert red_five_ids((0, 0, 0)) == frozenset()


def test_red_fives_true_and_false_mean_one_per_suit_and_none():
    assert Rules(red_fives=(1, 1, 1)) == Rules()
    assert Rules(red_fives=(0, 0, 0)) == Rules(red_fives=False)
    assert Rules(red_five_counts=(0, 0, 0)) == Rules(red_fives=False)
    assert Rules().red_counts == (1, 1, 1) and Rules().red_ids == frozenset(RED_FIVE_IDS)
    assert Rules(red_fives=False).red_counts == (0, 0, 0)
    assert Rules(red_fives=False).red_ids == frozenset()


def test_red_five_counts_set_red_fives_and_the_red_ids():
    r = Rules(red_fives=(1, 2, 1))
    assert r == Rules(red_five_counts=(1, 2, 1))
    assert r.red_fives is True and r.red_counts == (1, 2, 1)
    assert r.red_ids == {16, 52, 53, 88}
    # red_fives alone resets the counts; the counts alone turn red fives on
    assert r.replace(red_fives=False).red_counts == (0, 0, 0)
    assert Rules(red_fives=False).replace(red_five_counts=(0, 2, 2)).red_counts == (0, 2, 2)
    assert eval(repr(r), {"Rules": Rules}) == r


@pytest.mark.parametrize("kw", [
    {"red_five_counts": (1, 2)}, {"red_five_counts": (0, 5, 0)},
    {"red_five_counts": (0, -1, 0)}, {"red_five_counts": (1.0, 1, 1)},
    {"red_fives": (1, 1, 1, 1)}, {"red_fives": "yes"},
])
def test_red_five_counts_out_of_range_are_bad_rules(kw):
    with pytest.raises(IppatsuError) as e:
        Rules(**kw)
    assert e.value.code == "bad_rules"


def test_red_fives_off_with_counts_cannot_combine():
    for kw in ({"red_fives": False, "red_five_counts": (0, 2, 0)},
               {"red_fives": (1, 2, 1), "red_five_counts": (1, 1, 1)}):
        with pytest.raises(IppatsuError) as e:
            Rules(**kw)
        assert e.value.code == "bad_rules"
        assert "red_fives" in str(e.value) and "red_five_counts" in str(e.value)


@settings(max_examples=40, deadline=None)
@given(counts=COUNTS)
def test_red_dora_of_a_hand_by_id_are_its_tiles_among_the_red_ids(counts):
    rules = Rules(red_five_counts=counts, ura_dora=False)
    r = score(FOUR_5P, tsumo=True, rules=rules)
    assert r.red == len(set(FOUR_5P) & red_five_ids(counts)) == counts[1]
    base = score(FOUR_5P, tsumo=True, rules=Rules(red_fives=False))
    # the red fives add han and nothing else
    assert r.han == base.han + r.red and r.fu == base.fu and r.yaku == base.yaku


def test_a_second_copy_of_a_five_is_plain_with_one_red_per_suit():
    hand = [4, 8, 12, 48, 53, 56, 60, 64, 68, 92, 96, 100, 104, 105]  # 5p copy 1
    assert score(hand, tsumo=True).red == 0
    assert score(hand, tsumo=True, rules=Rules(red_five_counts=(1, 2, 1))).red == 1
    assert score(hand, tsumo=True, rules=Rules(red_five_counts=(1, 1, 1))).red == 0


def test_notation_counts_the_reds_written_in_suits_that_have_them():
    hand = "234m0p55p678p678s99s"   # one red 5p written, two plain ones
    assert score(hand, tsumo=True, rules=Rules(red_five_counts=(0, 2, 0))).red == 1
    assert score(hand, tsumo=True, rules=Rules(red_five_counts=(1, 0, 1))).red == 0
    # the plain fives written stay plain (their copies 1, 2 are red under these rules)
    assert score("234m55p678p678s999s", tsumo=True,
                 rules=Rules(red_five_counts=(0, 2, 0))).red == 0
    # a winning tile written apart takes a plain copy
    waiting = [4, 8, 12, 48, 56, 92, 96, 100, 104, 105, 106, 108, 109]   # 46p: 5p
    assert score(waiting, "5p", tsumo=True, rules=Rules(red_five_counts=(0, 3, 0))).red == 0
    assert score(waiting, "0p", tsumo=True, rules=Rules(red_five_counts=(0, 3, 0))).red == 1


def test_more_plain_fives_than_the_rules_leave_is_a_fifth_copy():
    rules = Rules(red_five_counts=(0, 2, 0))
    for hand in ("234m555p678p678s99s", "234m0p55p456p678s99s"):   # 3 plain 5p of 2
        with pytest.raises(IppatsuError) as e:
            score(hand, rules=rules, tsumo=True)
        assert e.value.code == "fifth_copy"
    assert score("234m555p678p678s99s", rules=Rules(), tsumo=True).red == 0


@pytest.mark.parametrize("counts", [(1, 1, 1), (0, 2, 0), (1, 2, 1), (0, 4, 2), (0, 0, 0)])
def test_score_batch_red_column_fits_the_counts_per_suit(counts):
    rules = Rules(red_five_counts=counts, ura_dora=False)
    # FOUR_5P as counts: 234m 456p 555p 678s 99s, 9s drawn
    row = np.zeros(34, np.uint8)
    for k in (1, 2, 3, 12, 14, 23, 24, 25, 26, 26):
        row[k] += 1
    row[13] += 4
    least = max(0, 4 - (4 - counts[1]))
    most = min(4, counts[1])
    for red in range(0, 6):
        if not any(counts):   # red fives off: the column is not read
            b = score_batch(row[None], 26, tsumo=True, red=red, rules=rules)
            assert int(b.han[0]) == score(FOUR_5P, tsumo=True, rules=rules).han
        elif least <= red <= most:
            b = score_batch(row[None], 26, tsumo=True, red=red, rules=rules)
            one = score(FOUR_5P, tsumo=True, rules=rules.replace(red_fives=False))
            assert int(b.han[0]) == one.han + red
        else:
            with pytest.raises(IppatsuError) as e:
                score_batch(row[None], 26, tsumo=True, red=red, rules=rules)
            assert e.value.code == "bad_input"
            assert "red" in str(e.value)


def test_table_plays_any_red_counts_and_tenhou_records_refuse_them():
    """The table plays red fives per suit (tests/test_table_red_counts.py); the Tenhou
    record writers have one red per suit or none."""
    from ippatsu.convert import mjlog_text, tenhou6_record

    for rules in (Rules(), Rules(red_fives=False), Rules(red_five_counts=(1, 2, 1))):
        st = GameState(rules, seed=1)
        assert bytes(st._red) == bytes(1 if t in rules.red_ids else 0 for t in range(136))
    for write in (mjlog_text, tenhou6_record):
        with pytest.raises(IppatsuError) as e:
            write([], rules=Rules(red_five_counts=(1, 2, 1)))
        assert e.value.code == "unsupported_rules"
