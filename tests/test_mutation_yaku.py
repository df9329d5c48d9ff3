"""yaku.py behaviour that planted bugs survived (issue 15, ``tools/mutation.py yaku
--sample 150 --seed 2``).

Each test names the rule it pins (RULES §4 yaku) and was checked by planting the mutant
it aims at in ``src/ippatsu/yaku.py`` (pure-Python backend, shared data hidden) and
watching it fail. Expected values come from the rules, not from the code.
"""
from __future__ import annotations

import pytest

from _table_helpers import S, Y


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
