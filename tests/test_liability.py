"""Liability (pao) amounts: who pays what, by ``score()`` and at the table.

seeds/000 (the Ippatsu rules page, RULES.md §8 liability): "On a tsumo, the liable player
pays the entire amount alone — the other two pay nothing"; on a ron the discarder and the
liable player split it half-and-half (rounding on the discarder), a liable discarder pays
it all. That is the whole hand, every yakuman in it (option ``pao_whole_hand``, on in
``ippatsu`` and ``tenhou``). RULES.md §10: under Tenhou's rules the liable player also
pays the honba on a ron (``pao_ron_honba``). seeds/003 (``planet``): the liable player pays
only "that yakuman's amount"; "other yakuman parts are paid normally".

Amounts come from the rule pages: a yakuman is 32,000 from a non-dealer's win (48,000 for
the dealer), honba 300 on a ron / 100 from each payer on a tsumo, a riichi stick 1,000.
"""
from __future__ import annotations

import pytest

from ippatsu.rules import Rules
from ippatsu.scoring import score
from ippatsu.table import ActionType, GameState, Phase, Wall
from ippatsu.tiles import parse_kind

T = ActionType
YAKUMAN = 32000          # non-dealer yakuman (RULES.md §7)
DEALER_YAKUMAN = 48000

# daisangen (the dragon pons shown, 777z concealed) + tsuuiisou: a double yakuman
DAISANGEN_TSUUIISOU = dict(hand="777z111z22z", win="2z", melds=["pon 555z", "pon 666z"])
# daisangen alone
DAISANGEN = dict(hand="777z123m55p", win="5p", melds=["pon 555z", "pon 666z"])

PARTIAL = Rules().replace(pao_whole_hand=False)


def S(spec, **kw):
    kw.setdefault("seat_wind", 1)
    return score(spec["hand"], spec["win"], melds=spec["melds"], **kw)


# ---------------------------------------------------------------------------- presets
def test_presets_set_the_liability_options():
    """RULES.md §8/§10: ippatsu and tenhou make the liable player pay everything on a
    tsumo; only tenhou has the liable player pay the honba on a ron; planet (seeds/003)
    limits liability to the yakuman that caused it."""
    assert Rules.ippatsu().pao_whole_hand and not Rules.ippatsu().pao_ron_honba
    assert Rules.tenhou().pao_whole_hand and Rules.tenhou().pao_ron_honba
    assert Rules.majsoul().pao_whole_hand and not Rules.majsoul().pao_ron_honba
    assert not Rules.planet().pao_whole_hand and not Rules.planet().pao_ron_honba


# ---------------------------------------------------------------------------- score(): tsumo
@pytest.mark.parametrize("rules", [Rules.ippatsu(), Rules.tenhou()], ids=["ippatsu", "tenhou"])
def test_rules_page_tsumo_liable_pays_the_entire_amount_alone(rules):
    """seeds/000: on a tsumo the liable player pays the entire amount alone — both
    yakuman of daisangen + tsuuiisou and every honba; the other two pay nothing."""
    r = S(DAISANGEN_TSUUIISOU, tsumo=True, pao=2, honba=2, deposits=1, rules=rules)
    assert r.yakuman == 2
    assert r.payments == (0, 2 * YAKUMAN + 600 + 1000, -(2 * YAKUMAN + 600), 0)


def test_rules_page_dealer_tsumo_liable_pays_everything():
    """seeds/000: a dealer's daisangen + tsuuiisou tsumo is 2 × 48,000 from the liable
    player alone."""
    r = S(DAISANGEN_TSUUIISOU, tsumo=True, pao=3, seat_wind=0, honba=1)
    assert r.payments == (2 * DEALER_YAKUMAN + 300, 0, 0, -(2 * DEALER_YAKUMAN + 300))


def test_seed_003_planet_tsumo_liable_pays_only_its_yakuman():
    """seeds/003 (planet): the liable player pays that yakuman's amount; the tsuuiisou
    part is a normal non-dealer tsumo (dealer 16,000, each non-dealer 8,000); the honba
    stay with the liable player."""
    for rules in (PARTIAL, Rules.planet()):
        r = S(DAISANGEN_TSUUIISOU, tsumo=True, pao=2, honba=1, rules=rules)
        assert r.payments == (-YAKUMAN // 2, 2 * YAKUMAN + 300,
                              -(YAKUMAN + YAKUMAN // 4 + 300), -YAKUMAN // 4)


# ---------------------------------------------------------------------------- score(): ron
def test_rules_page_ron_split_half_of_the_whole_hand_discarder_pays_honba():
    """seeds/000: on a ron the discarder and the liable player split the hand's value
    (here both yakuman) half each; the discarder pays the honba (Ippatsu)."""
    r = S(DAISANGEN_TSUUIISOU, pao=2, discarder=3, honba=1)
    assert r.payments == (0, 2 * YAKUMAN + 300, -YAKUMAN, -(YAKUMAN + 300))


def test_rule_10_tenhou_ron_liable_pays_the_honba():
    """RULES.md §10 (tenhou): on a ron with liability the liable player pays the honba;
    the discarder pays only half the hand's value."""
    r = S(DAISANGEN, pao=3, discarder=2, honba=2, deposits=1, rules=Rules.tenhou())
    assert r.payments == (0, YAKUMAN + 600 + 1000, -YAKUMAN // 2, -(YAKUMAN // 2 + 600))
    r = S(DAISANGEN_TSUUIISOU, pao=2, discarder=3, honba=1, rules=Rules.tenhou())
    assert r.payments == (0, 2 * YAKUMAN + 300, -(YAKUMAN + 300), -YAKUMAN)
    # the option alone, on the default rules
    r = S(DAISANGEN, pao=3, discarder=2, honba=2,
          rules=Rules().replace(pao_ron_honba=True))
    assert r.payments == (0, YAKUMAN + 600, -YAKUMAN // 2, -(YAKUMAN // 2 + 600))


@pytest.mark.parametrize("rules", [Rules.ippatsu(), Rules.tenhou(), Rules.planet()],
                         ids=["ippatsu", "tenhou", "planet"])
def test_rules_page_liable_discarder_pays_it_all(rules):
    """seeds/000: if the discarder is the liable player, they pay it all (honba too)."""
    r = S(DAISANGEN_TSUUIISOU, pao=3, discarder=3, honba=1, rules=rules)
    assert r.payments == (0, 2 * YAKUMAN + 300, 0, -(2 * YAKUMAN + 300))


def test_seed_003_planet_ron_split_only_the_liable_yakuman():
    """seeds/003 (planet): on a ron "that amount" (the daisangen) is split with the
    discarder; the discarder pays the rest of the hand and the honba."""
    r = S(DAISANGEN_TSUUIISOU, pao=2, discarder=3, honba=1, rules=Rules.planet())
    assert r.payments == (0, 2 * YAKUMAN + 300, -YAKUMAN // 2,
                          -(YAKUMAN // 2 + YAKUMAN + 300))


def test_rinshan_liability_whole_hand_on_a_tsumo():
    """seeds/000: a win on the replacement tile of an open kan you fed: the feeder pays
    the entire amount alone, honba included."""
    r = score("123m456p234s55m", "4s", melds=["daiminkan 1111z"], tsumo=True,
              rinshan=True, pao=2, seat_wind=1, honba=2)
    assert r.payments[2] == -(r.points + 600)
    assert r.payments[0] == r.payments[3] == 0 and r.payments[1] == r.points + 600


# ---------------------------------------------------------------------------- at the table
def _table(rules, draws, seat2=""):
    st = GameState(rules, start=False, auto_next=False)
    st.start_hand(Wall.from_text(["1199m1199p1199s3z", "", seat2, ""], draws, dora="9m",
                                 n_live=70), kyoku=0, honba=1)
    # seat 1 shows white and green pons and holds 77z 111z 2z: seat 0's 7z is the
    # daisangen feed; after it seat 1 waits on 2z alone (daisangen + tsuuiisou)
    st.set_position(1, hand="77z111z2z9s", melds=["pon 5z+55z<A", "pon 6z+66z<R"])
    return st


def _find(st, p, typ, tile=None):
    k = parse_kind(tile) if tile else None
    return next((a for a in st.legal_actions(p)
                 if a.type == typ and (k is None or a.tile >> 2 == k)), None)


def _feed(st):
    st.step(_find(st, 0, T.DISCARD, "7z"))     # seat 0 draws 7z and throws it
    st.step(_find(st, 1, T.PON, "7z"))
    assert st.pao[1] == 0
    st.step(_find(st, 1, T.DISCARD, "9s"))     # 111z2z: a 2z wait
    while st.phase == Phase.RESPONSE:
        st.step([])


def _tsumogiri(st):
    p = st.actor
    st.step(next(a for a in st.legal_actions(p) if a.type == T.DISCARD
                 and a.tile == st.last_draw))
    while st.phase == Phase.RESPONSE:
        st.step([])


@pytest.mark.parametrize("rules, deltas", [
    # seeds/000 (ippatsu) and tenhou: the feeder (seat 0, the dealer) pays all, honba too
    (Rules.ippatsu(), [-(2 * YAKUMAN + 300), 2 * YAKUMAN + 300, 0, 0]),
    (Rules.tenhou(), [-(2 * YAKUMAN + 300), 2 * YAKUMAN + 300, 0, 0]),
    # seeds/003 (planet): the feeder pays the daisangen and the honba; the tsuuiisou is a
    # normal tsumo: the dealer (the feeder here) 16,000, each non-dealer 8,000
    (Rules.planet(), [-(YAKUMAN + YAKUMAN // 2 + 300), 2 * YAKUMAN + 300, -YAKUMAN // 4,
                      -YAKUMAN // 4]),
], ids=["ippatsu", "tenhou", "planet"])
def test_table_daisangen_tsuuiisou_tsumo_with_liability(rules, deltas):
    st = _table(rules, "7z 8s 8s 8s 2z")
    _feed(st)
    for _ in range(3):                          # seats 2, 3, 0
        _tsumogiri(st)
    st.step(_find(st, 1, T.TSUMO, "2z"))
    w = st.hand_results[-1].wins[0]
    assert w.winner == 1 and w.pao == 0 and w.score.yakuman == 2
    assert w.deltas == deltas
    assert st.scores == [25000 + d for d in deltas]


@pytest.mark.parametrize("rules, deltas", [
    # ippatsu: half each; the discarder (seat 2) pays the honba
    (Rules.ippatsu(), [-YAKUMAN, 2 * YAKUMAN + 300, -(YAKUMAN + 300), 0]),
    # tenhou: half each; the liable player (seat 0) pays the honba
    (Rules.tenhou(), [-(YAKUMAN + 300), 2 * YAKUMAN + 300, -YAKUMAN, 0]),
    # planet: the daisangen split, the tsuuiisou and the honba on the discarder
    (Rules.planet(), [-YAKUMAN // 2, 2 * YAKUMAN + 300, -(YAKUMAN + YAKUMAN // 2 + 300), 0]),
], ids=["ippatsu", "tenhou", "planet"])
def test_table_daisangen_tsuuiisou_ron_with_liability(rules, deltas):
    st = _table(rules, "7z 8s", seat2="2z1358m1358p1358s")
    _feed(st)
    st.step(_find(st, 2, T.DISCARD, "2z"))     # seat 2 draws 8s, throws 2z
    st.step(_find(st, 1, T.RON, "2z"))
    while st.phase == Phase.RESPONSE:
        st.step([])
    w = st.hand_results[-1].wins[0]
    assert w.winner == 1 and w.from_who == 2 and w.pao == 0
    assert w.deltas == deltas
