"""Furiten after letting pass a tile that completes the shape without a yaku.

seeds/003 (Mahjong Planet, preset planet-riichi-red-3-v1): letting pass a discard that
would complete your hand makes you temporarily furiten until your next draw "even if the
completed shape has no yaku" (option ``furiten_on_yakuless_pass``, set by ``planet``).
Under RULES.md §8 (b) (``ippatsu``) only passing a *winnable* discard does.

Position (seat 0 deals, East round): seat 1 holds 23m 456m 789m 999p 11s and waits on
1m / 4m. A 1m completes ittsu (123-456-789m), a yaku; a 4m completes 234m 456m 789m 999p
11s, which has no yaku (no pinfu with the 999p triplet, no tanyao, no chanta with 456m, no
menzen tsumo on a ron), so no ron is offered on it. Seat 3 throws 4m, then seat 0 throws
1m before seat 1 draws again.
"""
from __future__ import annotations

import pytest

from ippatsu.rules import Rules
from ippatsu.scoring import score
from ippatsu.table import ActionType, GameState, Phase, Wall
from ippatsu.tiles import parse_kind

T = ActionType
HANDS = ["1199m1188p1199s3z", "23m456m789m999p11s", "2266p3377s4455z6z",
         "3388p4466s5566z7z"]
DRAWS = "2z 2z 2z 4m 1m"


def _ron(st, p, tile):
    k = parse_kind(tile)
    return next((a for a in st.legal_actions(p) if a.type == T.RON and a.tile >> 2 == k),
                None)


def _tsumogiri(st):
    p = st.actor
    st.step(next(a for a in st.legal_actions(p)
                 if a.type == T.DISCARD and a.tile == st.last_draw))


def _pass_all(st):
    while st.phase == Phase.RESPONSE:
        st.step([])


def _play_to_the_4m(rules):
    st = GameState(rules, start=False, auto_next=False)
    st.start_hand(Wall.from_text(HANDS, DRAWS, dora="9m", n_live=70))
    for _ in range(3):                  # seats 0, 1, 2 throw their 2z
        _tsumogiri(st)
        _pass_all(st)
    _tsumogiri(st)                      # seat 3 throws 4m
    assert _ron(st, 1, "4m") is None    # complete shape, no yaku: no ron offered
    _pass_all(st)
    return st


def test_the_position_waits_are_as_described():
    """The two completions of seat 1's hand: 1m has a yaku (ittsu), 4m has none."""
    assert score("23m456m789m999p11s1m", "1m", discarder=3, seat_wind=1).yaku_ids
    r = score("23m456m789m999p11s4m", "4m", discarder=3, seat_wind=1,
              raise_on_no_yaku=False)
    assert r.error == "no_yaku"


def test_presets():
    assert Rules.planet().furiten_on_yakuless_pass
    for r in (Rules.ippatsu(), Rules.tenhou(), Rules.majsoul()):
        assert not r.furiten_on_yakuless_pass


def test_seed_003_planet_passing_a_yakuless_completion_is_temporary_furiten():
    """seeds/003: after letting the 4m pass, seat 1 cannot ron seat 0's 1m (ittsu) in the
    same go-around."""
    st = _play_to_the_4m(Rules.planet())
    assert st.temp_furiten[1]
    _tsumogiri(st)                      # seat 0 draws 1m and throws it
    assert st.last_discard >> 2 == parse_kind("1m")
    assert _ron(st, 1, "1m") is None


def test_rule_8b_ippatsu_passing_a_yakuless_completion_is_not_furiten():
    """RULES.md §8 (b): only passing a winnable discard is furiten; the same 4m leaves
    seat 1 free to ron the 1m."""
    st = _play_to_the_4m(Rules.ippatsu())
    assert not st.temp_furiten[1]
    _tsumogiri(st)
    assert _ron(st, 1, "1m") is not None


@pytest.mark.parametrize("rules", [Rules.planet(), Rules.ippatsu()], ids=["planet", "ippatsu"])
def test_own_draw_lifts_the_temporary_furiten(rules):
    """The temporary furiten ends with the player's next draw (seeds/000, seeds/003)."""
    st = _play_to_the_4m(rules)
    _tsumogiri(st)                      # seat 0 throws 1m
    _pass_all(st)                       # seat 1 does not ron (planet: cannot)
    assert st.actor == 1 and not st.temp_furiten[1]
