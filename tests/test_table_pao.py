"""Liability (pao) at the table (RULES §8): the feeder of the fourth wind set, and
when there is no liability.

Seat 0 is the dealer (East 1); the live wall starts with ``draws``, so seat 0 draws
``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

from ippatsu import score
from ippatsu.rules import Rules

from _table_helpers import T, discard, find, pass_all, table, tsumogiri_round


def _daisuushi_feed(st, melds_text, hand):
    st.set_position(1, hand=hand, melds=melds_text)
    discard(st, "4z")
    st.step(find(st, 1, T.PON))


def _daisuushi_feed_east(st):
    st.set_position(1, hand="11z5p9s", melds=["pon 2z+22z<A", "pon 3z+33z<A", "pon 4z+44z<A"])
    discard(st, "1z")
    st.step(find(st, 1, T.PON))


def test_rule_8_pao_daisuushi_at_the_table_feeder_of_the_fourth_wind_pays_all():
    """RULES §8 liability: feeding the fourth wind set to a player showing three makes the
    feeder liable; on the tsumo the feeder pays everything (daisuushi is a double yakuman:
    64,000 for a non-dealer) and the honba."""
    st = table(["1199m1199p1199s4z", "", "", ""], draws="4z 8s 8s 8s 5p", honba=1)
    _daisuushi_feed(st, ["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"], "44z5p9s")
    assert st.pao[1] == 0
    st.step(find(st, 1, T.DISCARD, "9s"))   # a 5p tanki
    pass_all(st)
    tsumogiri_round(st, 3)
    st.step(find(st, 1, T.TSUMO))
    w = st.hand_results[-1].wins[0]
    assert w.pao == 0
    assert w.deltas == [-64300, 64300, 0, 0]


def test_rule_8_pao_third_wind_set_is_not_liable():
    """RULES §8 liability is for the *fourth* wind set: feeding the third (shousuushii
    territory) makes nobody liable."""
    st = table(["1199m1199p1199s4z", "", "", ""], draws="4z")
    _daisuushi_feed(st, ["pon 1z+11z<A", "pon 2z+22z<A"], "44z3z5p9s")
    assert st.pao[1] == -1


def test_rule_8_pao_daisuushi_in_score_without_rinshan_liability():
    """RULES §8 liability in score(): a daisuushi tsumo (double yakuman, 64,000 for a
    non-dealer) is paid entirely by the liable player. The rinshan liability is switched
    off so that only the daisuushi rule can make seat 3 liable here."""
    rules = Rules().replace(pao_rinshan=False)
    r = score("55p", "5p", melds=["pon 111z", "pon 222z", "pon 333z", "pon 444z"],
              tsumo=True, seat_wind=1, round_wind=0, pao=3, rules=rules)
    assert r.yakuman == 2
    assert r.payments == (0, 64000, 0, -64000)


def test_rule_8_pao_daisuushi_when_east_is_the_fourth_wind():
    """RULES §8 liability: the fourth wind set may be any wind, East included."""
    st = table(["1199m1199p1199s1z", "", "", ""], draws="1z")
    _daisuushi_feed_east(st)
    assert st.pao[1] == 0

