"""The table's rules (RULES.md §8), one position per rule, in tile notation.

Seat 0 is the dealer (East 1); the live wall starts with the ``draws`` given, so seat 0
draws ``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest

from ippatsu.rules import RonMode, Rules
from ippatsu.table import Phase
from ippatsu.tiles import parse_kind

from _table_helpers import T, discard, find, pass_all, table, tsumogiri_round


def kinds(actions, typ):
    return sorted({a.tile >> 2 for a in actions if a.type == typ})


# ---------------------------------------------------------------------------- kuikae
def test_kuikae_pon_bans_the_called_kind():
    st = table(["1199m1199p1199s1z", "555m23p456s789s11z", "", ""], draws="5m")
    discard(st, "5m")
    pon = find(st, 1, T.PON)
    assert pon is not None and find(st, 1, T.DAIMINKAN) is not None
    st.step(pon)
    assert st.phase == Phase.TURN and st.actor == 1
    assert parse_kind("5m") not in kinds(st.legal_actions(1), T.DISCARD)
    assert not [a for a in st.legal_actions(1) if a.type != T.DISCARD]  # discard only


def test_kuikae_chi_bans_the_called_kind_and_the_other_end():
    st = table(["1199m1199p1199s1z", "4567m1239p456s11z", "", ""], draws="4m")
    discard(st, "4m")
    chis = [a for a in st.legal_actions(1) if a.type == T.CHI]
    chi = next(a for a in chis if sorted(t >> 2 for t in a.consumed) == [4, 5])
    st.step(chi)
    ks = kinds(st.legal_actions(1), T.DISCARD)
    assert parse_kind("4m") not in ks and parse_kind("7m") not in ks
    assert parse_kind("1p") in ks


def test_kuikae_call_not_offered_when_only_banned_tiles_would_remain():
    st = table(["1199m1199p1199s1z", "", "", ""], draws="4m")
    st.set_position(1, hand="5677m", melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "4m")
    # chi 4m with 56m leaves 7m7m: both banned (other end) -> no chi
    assert find(st, 1, T.CHI) is None


# ---------------------------------------------------------------------------- furiten
def test_furiten_own_discard_blocks_ron_but_not_tsumo():
    # seat 1 waits on 1m/4m, draws 1m and throws it: discard furiten (rule 8a)
    st = table(["1199p1199s12345z", "23m456p789s11122z", "", ""],
               draws="9m 1m 8p 8s 7p 4m")
    discard(st)                     # seat 0 throws 9m
    pass_all(st)
    assert find(st, 1, T.TSUMO) is not None
    discard(st, "1m")               # seat 1 keeps the wait, now furiten
    pass_all(st)
    discard(st)                     # seat 2 8p
    pass_all(st)
    discard(st)                     # seat 3 8s
    pass_all(st)
    discard(st)                     # seat 0 7p
    pass_all(st)
    assert st.actor == 1 and find(st, 1, T.TSUMO, "4m") is not None  # tsumo still allowed


def test_furiten_discard_blocks_ron_on_the_other_wait():
    st = table(["1199p1199s12345z", "23m456p789s11122z", "", ""],
               draws="9m 1m 4m")
    discard(st)
    pass_all(st)
    discard(st, "1m")
    pass_all(st)
    discard(st, "4m")               # seat 2 throws 4m: seat 1 is furiten (rule 8a)
    assert 1 not in st.to_act


def test_furiten_tile_called_away_still_counts():
    # seat 1 throws 1m, seat 2 pons it; seat 1 waits on 1m-4m: furiten (rule 8a)
    st = table(["1199p1199s12345z", "23m456p789s11122z", "11m258p369s34567z", ""],
               draws="9m 1m")
    discard(st)
    pass_all(st)
    discard(st, "1m")
    pon = find(st, 2, T.PON)
    assert pon is not None
    st.step(pon)
    assert st.river_called[1][-1]
    st.set_position(2, hand=st.hand[2][:-1] + [12])  # give seat 2 a 4m to throw
    st.step(find(st, 2, T.DISCARD, "4m"))
    assert 1 not in st.to_act


def test_temporary_furiten_until_own_draw():
    # seat 2 passes a 4m ron; seat 1's 4m in the same go-around is not ronnable; after
    # seat 2's own draw seat 3's 4m is (rule 8b)
    st = table(["1199p1199s12345z", "1199m2288p2288s2z", "23m456p789s11122z", ""],
               draws="4m 4m 5s 4m")
    discard(st, "4m")
    assert find(st, 2, T.RON) is not None
    st.step([])                     # everybody passes: seat 2 is furiten for now
    assert st.temp_furiten[2]
    discard(st, "4m")               # seat 1 (seat 2 may chi it, not ron)
    assert find(st, 2, T.RON) is None
    pass_all(st)
    discard(st, "5s")               # seat 2 draws 5s (furiten lifted) and throws it
    pass_all(st)
    discard(st, "4m")               # seat 3
    assert find(st, 2, T.RON) is not None


def test_riichi_furiten_lasts_the_hand():
    # seat 2 in riichi passes a winning 4m: no more ron this hand, tsumo still allowed (8c)
    st = table(["1199p1199s12345z", "1199m2288p2288s2z", "23m456p789s11122z", ""],
               draws="9m 8m 7p 4m 8p 7s 6p 6s 8s 4m 1m")
    tsumogiri_round(st, 2)
    r = find(st, 2, T.RIICHI, "7p")
    assert r is not None
    st.step(r)
    pass_all(st)
    discard(st, "4m")               # seat 3 throws 4m
    assert find(st, 2, T.RON) is not None
    st.step([])
    assert st.riichi_furiten[2]
    tsumogiri_round(st, 4)          # seats 0, 1, 2 (its draw does not lift it), 3
    tsumogiri_round(st, 1)          # seat 0 8s
    discard(st)                     # seat 1 throws 4m
    assert find(st, 2, T.RON) is None
    pass_all(st)
    assert st.actor == 2 and find(st, 2, T.TSUMO, "1m") is not None


# ---------------------------------------------------------------------------- riichi
def test_riichi_needs_closed_tenpai_points_and_wall():
    hands = ["123m456p789s1122z", "", "", ""]
    st = table(hands, draws="9m")
    assert find(st, 0, T.RIICHI, "9m") is not None
    assert kinds(st.legal_actions(0), T.RIICHI) == [parse_kind("9m")]
    st = table(hands, draws="9m", scores=[900, 33100, 33000, 33000])
    assert find(st, 0, T.RIICHI) is None                      # < 1,000 points
    st = table(hands, draws="9m", n_live=4)
    assert find(st, 0, T.RIICHI) is None                      # 3 tiles left after the draw
    st = table(hands, draws="9m", n_live=5)
    assert find(st, 0, T.RIICHI) is not None                  # 4 tiles left
    st = table(hands, draws="9m")
    st.set_position(0, hand="456p789s1122z9m", melds=["chi 1m+23m<L"])
    assert find(st, 0, T.RIICHI) is None                      # open hand


def test_riichi_deposit_paid_when_discard_passes_void_when_ronned():
    st = table(["123m456p789s1177z", "23m456p789s22233z", "", ""], draws="4m")
    st.step(find(st, 0, T.RIICHI, "4m"))
    assert st.phase == Phase.RESPONSE and st.scores[0] == 25000
    ron = find(st, 1, T.RON)
    st.step(ron)
    res = st.hand_results[-1]
    assert res.kind == "win" and st.deposits == 0
    assert res.deltas[0] == -res.wins[0].score.points  # no deposit lost by seat 0
    st = table(["123m456p789s1122z", "", "", ""], draws="4m")
    st.step(find(st, 0, T.RIICHI, "4m"))
    pass_all(st)
    assert st.scores[0] == 24000 and st.deposits == 1 and st.riichi[0] == 2


def test_double_riichi_and_ippatsu():
    st = table(["123m456p789s1122z", "", "", ""], draws="4m 9p 9p 9p 1z")
    st.step(find(st, 0, T.RIICHI, "4m"))
    pass_all(st)
    assert st.double_riichi[0] and st.ippatsu[0]
    tsumogiri_round(st, 3)
    t = find(st, 0, T.TSUMO)
    st.step(t)
    names = [n for n, _ in st.hand_results[-1].wins[0].score.yaku]
    assert "double_riichi" in names and "ippatsu" in names and "riichi" not in names


def test_riichi_closed_kan_only_if_waits_unchanged():
    # 111m + tanki 5z: a kan of 1m keeps the wait -> allowed
    st = table(["111m456p789s234s5z", "", "", ""], draws="9m 9p 9p 9p 1m")
    st.step(find(st, 0, T.RIICHI, "9m"))
    pass_all(st)
    tsumogiri_round(st, 3)
    assert find(st, 0, T.ANKAN) is not None
    # 1112m waits 2m/3m; a kan of 1m would leave a 2m tanki -> not allowed
    st = table(["1112m456p789s234s", "", "", ""], draws="9m 9p 9p 9p 1m")
    st.step(find(st, 0, T.RIICHI, "9m"))
    pass_all(st)
    tsumogiri_round(st, 3)
    assert find(st, 0, T.ANKAN) is None
    assert [a.type for a in st.legal_actions(0)] == [T.DISCARD]  # locked hand


# ---------------------------------------------------------------------------- kans
def test_kan_dora_closed_kan_at_once():
    st = table(["1111m456p789s234z", "", "", ""], draws="9m")
    assert st.n_dora == 1
    st.step(find(st, 0, T.ANKAN))
    assert st.n_dora == 2 and st.rinshan_draw


def test_kan_dora_open_kan_after_the_next_discard_passes():
    st = table(["1199p1199s12345z", "555m23p456s789s11z", "", ""], draws="5m")
    discard(st, "5m")
    st.step(find(st, 1, T.DAIMINKAN))
    assert st.n_dora == 1 and st.actor == 1 and st.rinshan_draw
    types = [e["type"] for e in st.events]
    discard(st)
    pass_all(st)
    assert st.n_dora == 2
    types = [e["type"] for e in st.events]
    assert types.index("dora") > types.index("dahai", types.index("daiminkan"))


def test_kan_dora_open_kan_tenhou_timing_turns_at_the_discard():
    rules = Rules.tenhou().replace(open_kan_dora_delayed=False)
    st = table(["1199p1199s12345z", "555m23p456s789s11z", "", ""], draws="5m", rules=rules)
    discard(st, "5m")
    st.step(find(st, 1, T.DAIMINKAN))
    assert st.n_dora == 1
    discard(st)
    types = [e["type"] for e in st.events]
    assert st.n_dora == 2
    assert types.index("dora") < types.index("dahai", types.index("daiminkan"))


def test_chankan_on_added_kan():
    st = table(["1199m19p1199s123z", "123m46p456s555z11z", "", ""], draws="5p")
    st.set_position(0, hand="1199m19p1199s5p", melds=["pon 5p+55p<A"])
    ak = find(st, 0, T.KAKAN)
    assert ak is not None
    st.step(ak)
    assert st.phase == Phase.RESPONSE and find(st, 1, T.RON) is not None
    st.step(find(st, 1, T.RON))
    w = st.hand_results[-1].wins[0]
    assert w.winner == 1 and "chankan" in [n for n, _ in w.score.yaku]


def test_kokushi_robs_a_closed_kan_only_where_the_rule_says():
    for rules, ok in ((Rules(), True), (Rules.tenhou(), False)):
        st = table(["1111m456p789s234z", "", "", ""], draws="9m",
                   rules=rules)
        st.set_position(1, hand="9m19p19s12345677z")  # 13-orphans waiting on 1m
        st.step(find(st, 0, T.ANKAN))
        assert (find(st, 1, T.RON) is not None) is ok


def test_four_kan_limit_and_abort_by_two_players():
    st = table(["1111m2222m9p1234z", "3333m4444m8p1234z", "", ""], draws="5z 6z")
    st.step(find(st, 0, T.ANKAN, "1m"))
    st.step(find(st, 0, T.ANKAN, "2m"))
    discard(st)
    pass_all(st)
    st.step(find(st, 1, T.ANKAN, "3m"))
    st.step(find(st, 1, T.ANKAN, "4m"))
    assert st.kan_count == 4 and find(st, 1, T.ANKAN) is None
    discard(st)
    pass_all(st)
    assert st.hand_results[-1].kind == "four_kans"


# ---------------------------------------------------------------------------- aborts
def test_abort_nine_terminals():
    st = table(["19m19p19s1234z258m", "", "", ""], draws="5z")
    a = find(st, 0, T.KYUUSHU)
    assert a is not None
    st.step(a)
    assert st.hand_results[-1].kind == "nine_terminals"
    assert st.next_hand_counters == (0, 1, 0)  # dealer keeps the seat, honba + 1


def test_abort_four_winds():
    st = table(["1199m1199p1199s1z", "2288m2288p2288s1z", "3377m3377p3377s1z",
                "4466m4466p4466s1z"], draws="5z 5z 6z 6z")
    for _ in range(4):
        discard(st, "1z")
        pass_all(st)
    assert st.hand_results[-1].kind == "four_winds"


def test_abort_four_riichi():
    st = table(["123m456p789s2223z", "234m567p678s4445z", "345m678p234s6667z",
                "111m999p111s999s4z"], draws="8m 9m 1p 2p")
    for p, t in enumerate(("8m", "9m", "1p", "2p")):
        st.step(find(st, p, T.RIICHI, t))
        pass_all(st)
    assert st.hand_results[-1].kind == "four_riichi"
    assert st.deposits == 4 and st.next_hand_counters == (0, 1, 4)


THREE = ["1199m1199s12344z", "123m46p456s555z11z", "789m46p123s666z22z", "456m46p789s777z33z"]


def test_atamahane_only_the_closest_claimant_wins():
    st = table(THREE, draws="5p")
    discard(st, "5p")
    assert set(st.to_act) == {1, 2, 3}
    st.step([find(st, 2, T.RON), find(st, 3, T.RON)])
    res = st.hand_results[-1]
    assert [w.winner for w in res.wins] == [2]


def test_double_ron_and_three_ron_abort():
    rules = Rules().replace(ron_mode=RonMode.DOUBLE)
    st = table(THREE, draws="5p", rules=rules, honba=1, deposits=1,
               scores=[25000, 25000, 25000, 24000])
    discard(st, "5p")
    st.step([find(st, 2, T.RON), find(st, 3, T.RON)])
    res = st.hand_results[-1]
    assert [w.winner for w in res.wins] == [2, 3]
    w2, w3 = res.wins
    assert w2.deltas[2] == w2.score.points + 300 + 1000   # honba + deposit: closest only
    assert w3.deltas[3] == w3.score.points
    st = table(THREE, draws="5p", rules=rules)
    discard(st, "5p")
    st.step([find(st, p, T.RON) for p in (1, 2, 3)])
    assert st.hand_results[-1].kind == "three_ron"


# ---------------------------------------------------------------------------- pao
def _daisangen(st):
    st.set_position(1, hand="77z123m4p9s", melds=["pon 5z+55z<A", "pon 6z+66z<R"])
    discard(st, "7z")
    st.step(find(st, 1, T.PON))
    assert st.pao[1] == 0
    st.step(find(st, 1, T.DISCARD, "9s"))   # 123m + 4p: a 4p tanki
    pass_all(st)


def test_pao_daisangen_tsumo_feeder_pays_all():
    st = table(["1199m1199p1199s1z", "", "", ""], draws="7z 8s 8s 8s 4p", honba=1)
    _daisangen(st)
    tsumogiri_round(st, 3)
    st.step(find(st, 1, T.TSUMO))
    w = st.hand_results[-1].wins[0]
    assert w.pao == 0 and w.deltas == [-32300, 32300, 0, 0]


def test_pao_daisangen_ron_split_between_discarder_and_feeder():
    st = table(["1199m1199p1199s1z", "", "", ""], draws="7z 8s")
    _daisangen(st)
    four_p = next(t for t in range(48, 52) if t not in st.hand[1] + st.hand[2] + st.river[1])
    st.set_position(2, hand=st.hand[2][:-1] + [four_p])
    st.step(find(st, 2, T.DISCARD, "4p"))
    st.step(find(st, 1, T.RON))
    w = st.hand_results[-1].wins[0]
    assert w.deltas == [-16000, 32000, -16000, 0]


def test_pao_rinshan_after_open_kan():
    # seat 1 opens a kan on seat 0's 5m and wins on the replacement: seat 0 pays
    st = table(["1199p1199s12345z", "555m23p456s789s11z", "", ""], draws="5m",
               rinshan="1p", rules=Rules())
    st.set_position(1, hand="555m23p456s789s11z")
    discard(st, "5m")
    st.step(find(st, 1, T.DAIMINKAN))
    st.step(find(st, 1, T.TSUMO))              # rinshan kaihou on 1p
    w = st.hand_results[-1].wins[0]
    assert w.pao == 0 and w.deltas[0] == -w.score.points and w.deltas[2] == w.deltas[3] == 0


# ---------------------------------------------------------------------------- draws
def test_haitei_and_houtei():
    st = table(["123m456p789s1122z", "", "", ""], draws="9m 9p 9s 8s 1z", n_live=5)
    tsumogiri_round(st, 4)
    assert st.left == 0
    t = find(st, 0, T.TSUMO)
    st.step(t)
    assert "haitei" in [n for n, _ in st.hand_results[-1].wins[0].score.yaku]
    # seat 3's haitei draw (its first turn) must not complete its hand: chiihou with
    # haitei cannot happen in a full wall, and scoring rejects the pair of flags
    st = table(["123m456p789s1122z", "", "", "1199m1199p1199s1z"], draws="9m 9p 9s 2z",
               n_live=4)
    tsumogiri_round(st, 3)
    assert st.left == 0
    discard(st, "1z")
    st.step(find(st, 0, T.RON))
    assert "houtei" in [n for n, _ in st.hand_results[-1].wins[0].score.yaku]


def test_no_calls_on_the_last_discard():
    st = table(["55m1199p1199s123z", "", "", "1199m1199p1199s5m"], draws="9m 8p 8s 5m",
               n_live=4)
    tsumogiri_round(st, 3)
    discard(st, "5m")
    assert st.phase == Phase.HAND_END  # no pon offered: the hand is over


def test_exhaustive_draw_noten_payments_and_dealer_repeat():
    # seat 0 tenpai, the others noten (no shape at all): 3,000 from the three to seat 0
    st = table(["123m456p789s1122z", "258m369p147s2m5p8s3z", "369m147p258s3m6p9s5z",
                "147m369p258s7m3p5s7z"], draws="4m 5m 5m 6m", n_live=4)
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    assert res.kind == "exhaustive" and list(res.tenpai) == [True, False, False, False]
    assert res.deltas == [3000, -1000, -1000, -1000]
    assert st.next_hand_counters == (0, 1, 0)


def test_nagashi_mangan_win_and_tenhou_draw_modes():
    for rules, kind in ((Rules(), "nagashi"), (Rules.tenhou(), "exhaustive")):
        st = table(["1199m1199p1199s1z", "", "", ""], draws="5m 5p 9p 5s", n_live=4,
                   rules=rules, honba=1)
        tsumogiri_round(st, 4)
        res = st.hand_results[-1]
        assert res.kind == kind and res.nagashi == (2,)
        honba = 100 if kind == "nagashi" else 0
        assert res.deltas[2] == 8000 + 3 * honba
        assert res.deltas[0] == -4000 - honba


def test_bust_ends_the_game_and_placement():
    st = table(["123m456p789s1122z", "", "", ""], draws="5m 5p 5s 4s", n_live=4,
               scores=[25000, 25000, 50000, 0])
    for p in (1, 2, 3):
        st.set_position(p, hand="147m258p369s1234z")
    tsumogiri_round(st, 4)
    assert st.phase == Phase.GAME_END
    assert st.final["placement"][0] == 2
    assert abs(sum(st.final["final"])) < 1e-9


def test_last_hand_dealer_win_in_first_place_ends_the_game_tenhou():
    # South 4 (kyoku 7): seat 3 deals, wins by ron and is first with >= 30,000
    for rules, ends in ((Rules.tenhou(), True), (Rules(), False)):
        st = _all_last_dealer_ron(rules)
        assert (st.phase == Phase.GAME_END) is ends
        if not ends:
            assert st.next_hand_counters == (7, 1, 0)


def _all_last_dealer_ron(rules, scores=(20000, 25000, 25000, 30000)):
    """South 4 (kyoku 7): seat 3 deals, discards 9p, and wins by ron on seat 0's 4m."""
    st = table(["1199m1199p1199s5z", "", "", "23m456p789s11122z"], draws="9p 4m",
               rules=rules, kyoku=7, scores=list(scores))
    discard(st, "9p")
    pass_all(st)
    discard(st, "4m")
    st.step(find(st, 3, T.RON))
    return st


def _all_last_dealer_tenpai_draw(rules, scores=(25000, 25000, 20000, 30000)):
    """South 4: four tsumogiri turns to an exhaustive draw; only the dealer (seat 3) is
    tenpai (no noten payments shift first place: 3,000 to the dealer)."""
    st = table(["147m258p369s1234z", "147m258p369s1234z", "147m258p369s5677z",
                "23m456p789s55566z"], draws="5m 6p 5s 8s", n_live=4, rules=rules,
               kyoku=7, scores=list(scores))
    tsumogiri_round(st, 4)
    return st


def test_last_dealer_stop_optional_is_the_dealers_choice():
    # RULES.md §8: "the last-hand dealer in first place with >= 30,000 may stop"
    rules = Rules().replace(last_dealer_stop="optional")
    st = _all_last_dealer_ron(rules)
    assert st.phase == Phase.HAND_END and st.to_act == [3]
    assert sorted(a.type for a in st.legal_actions(3)) == [T.PASS, T.STOP]
    assert st.legal_actions(0) == []
    st.step(find(st, 3, T.STOP))
    assert st.phase == Phase.GAME_END and st.final["placement"][0] == 3
    # playing on: the dealer repeats (South 4, honba 1)
    st = _all_last_dealer_ron(rules)
    st.step(find(st, 3, T.PASS))
    assert st.phase == Phase.TURN and (st.kyoku, st.honba) == (7, 1)
    # a missing choice passes; next_hand() declines the offer too
    st = _all_last_dealer_ron(rules)
    st.step([])
    assert st.phase == Phase.TURN and st.kyoku == 7
    st = _all_last_dealer_ron(rules)
    st.next_hand()
    assert st.phase == Phase.TURN and st.to_act == [3] and find(st, 3, T.STOP) is None


def test_last_dealer_stop_optional_rejects_other_seats_and_needs_the_conditions():
    from ippatsu.errors import IllegalActionError
    from ippatsu.table import Action

    rules = Rules().replace(last_dealer_stop="optional")
    st = _all_last_dealer_ron(rules)
    try:
        st.step(Action(T.STOP, 0))
    except IllegalActionError as e:
        assert "player 0" in str(e)
    else:
        raise AssertionError("a non-dealer's STOP was accepted")
    assert st.phase == Phase.HAND_END and st.to_act == [3]   # still offered
    # not first after the win (seat 0 has 40,000): no offer, the hand simply ends
    st = _all_last_dealer_ron(rules, scores=(40000, 15000, 15000, 30000))
    assert st.phase == Phase.HAND_END and st.to_act == []
    # first but below last_dealer_stop_min after the win
    st = _all_last_dealer_ron(rules.replace(last_dealer_stop_min=50000))
    assert st.to_act == []
    # not the last hand (South 3 is kyoku 6)
    st = table(["", "", "23m456p789s11122z", "1199m1199p1199s5z"], draws="9p 4m",
               rules=rules, kyoku=6, scores=[20000, 25000, 30000, 25000])
    assert st.dealer == 2
    discard(st, "9p")
    pass_all(st)
    discard(st, "4m")
    st.step(find(st, 2, T.RON))
    assert st.phase == Phase.HAND_END and st.to_act == []


def test_last_dealer_stop_after_tenpai_at_a_draw_planet_and_tenhou_but_not_tenhou_2009():
    # seeds/003 (planet): the last-hand dealer in first with >= 30,000 ends the game
    # "with a win or a tenpai draw"; Tenhou too since June 2010 (tenpai-yame, blog.tenhou.net
    # 38215017), while its earlier records go on after a tenpai draw (dnovikoff/bug1.xml)
    st = _all_last_dealer_tenpai_draw(Rules.planet().replace(game_length="half"))
    assert st.hand_results[-1].tenpai == [False, False, False, True]
    assert st.phase == Phase.GAME_END
    st = _all_last_dealer_tenpai_draw(Rules.tenhou())
    assert st.phase == Phase.GAME_END
    st = _all_last_dealer_tenpai_draw(Rules.tenhou(at="2010-05-31"))
    assert st.phase == Phase.HAND_END and st.next_hand_counters[:2] == (7, 1)
    st = _all_last_dealer_tenpai_draw(Rules().replace(last_dealer_stop="optional"))
    assert st.phase == Phase.HAND_END and st.to_act == [3]
    st = _all_last_dealer_tenpai_draw(Rules().replace(last_dealer_stop="optional",
                                                      last_dealer_stop_tenpai=False))
    assert st.phase == Phase.HAND_END and st.to_act == []


def test_sudden_death_dealer_tenpai_draw_ends_the_game_only_with_tenpai_stop():
    """RULES §10 / Tenhou timeline: in the West round (sudden death) a repeating dealer in
    first place with 30,000 or more ends the game after a tenpai draw under today's
    Tenhou rules (tenpai-yame since June 2010), and plays on under the rules before."""
    def west4(rules):
        st = table(["147m258p369s1234z", "147m258p369s1234z", "147m258p369s5677z",
                    "23m456p789s55566z"], draws="5m 6p 5s 8s", n_live=4, rules=rules,
                   kyoku=11, scores=[25000, 25000, 20000, 30000])
        tsumogiri_round(st, 4)
        assert st.hand_results[-1].tenpai == [False, False, False, True]
        return st

    assert west4(Rules.tenhou()).phase == Phase.GAME_END
    st = west4(Rules.tenhou(at="2009-12-01"))
    assert st.phase == Phase.HAND_END and st.next_hand_counters[:2] == (11, 1)


def test_last_dealer_stop_needs_30000_exactly_at_least():
    """RULES §8: the last-hand dealer in first place "with >= 30,000" stops (planet: the
    automatic stop with that minimum). Noten payments bring the dealer to exactly 30,000
    (stops) or to 29,900 (plays on)."""
    rules = Rules.planet().replace(game_length="half")
    st = _all_last_dealer_tenpai_draw(rules, scores=(25000, 25000, 23000, 27000))
    assert st.scores[3] == 30000 and st.placement()[0] == 3
    assert st.phase == Phase.GAME_END
    st = _all_last_dealer_tenpai_draw(rules, scores=(24000, 24000, 25100, 26900))
    assert st.scores[3] == 29900 and st.placement()[0] == 3
    assert st.phase == Phase.HAND_END and st.next_hand_counters[:2] == (7, 1)


def test_last_dealer_stop_never_follows_an_abortive_draw():
    # East 4 of an East-only game: dealer seat 3 first with 40,000 aborts (nine terminals)
    rules = Rules().replace(last_dealer_stop="optional", game_length="east")
    st = table(["", "", "", "19m19p19s1234567z"], draws="1m", rules=rules, kyoku=3,
               scores=[20000, 20000, 20000, 40000])
    st.step(find(st, 3, T.KYUUSHU))
    assert st.hand_results[-1].kind == "nine_terminals"
    assert st.phase == Phase.HAND_END and st.to_act == []


def test_tsumo_needs_a_yaku():
    st = table(["1199m1199p1199s1z", "", "", ""], draws="9m")
    st.set_position(0, hand="23m456p789s99s4m", melds=["chi 1m+23m<L"])
    assert find(st, 0, T.TSUMO) is None          # open, no yaku: no tsumo
    st.set_position(0, hand="23m456p555z99s4m", melds=["chi 1m+23m<L"])
    assert find(st, 0, T.TSUMO) is not None      # white triplet


# ---------------------------------------------------------------------------- more rules
def test_ippatsu_broken_by_a_call():
    st = table(["123m456p789s1122z", "1199m1199p1199s5z", "55z19m19p19s12367z", ""],
               draws="4m 5z")
    st.step(find(st, 0, T.RIICHI, "4m"))
    pass_all(st)
    assert st.ippatsu[0]
    discard(st, "5z")               # seat 1 throws 5z, seat 2 pons it
    st.step(find(st, 2, T.PON))
    assert not st.ippatsu[0]


def test_tenhou_and_chiihou():
    st = table(["123m456p789s1122z", "", "", ""], draws="1z")
    st.step(find(st, 0, T.TSUMO))
    assert [n for n, _ in st.hand_results[-1].wins[0].score.yaku] == ["tenhou"]
    st = table(["1199m1199p1199s5z", "123m456p789s1122z", "", ""], draws="9s 1z")
    discard(st)
    pass_all(st)
    st.step(find(st, 1, T.TSUMO))
    assert "chiihou" in [n for n, _ in st.hand_results[-1].wins[0].score.yaku]


@pytest.mark.parametrize("renhou, han", [("yakuman", 13), ("mangan", 5), ("off", None)])
def test_renhou_is_a_ron_before_the_winners_first_draw(renhou, han):
    # seat 1 waits on 1s / 4s with no yaku of its own
    rules = Rules.ippatsu().replace(renhou=renhou)
    st = table(["1199m1199p1199s4s", "123m456p789s23s11z", "", ""], draws="5z", rules=rules)
    discard(st, "4s")
    ron = find(st, 1, T.RON)
    if han is None:
        assert ron is None   # no yaku without renhou
        return
    st.step({q: (ron if q == 1 else find(st, q, T.PASS)) for q in st.to_act})
    win = st.hand_results[-1].wins[0]
    names = [n for n, _ in win.score.yaku]
    assert win.winner == 1 and ("renhou_yakuman" in names if han == 13 else "renhou" in names)
    assert win.score.han >= han


@pytest.mark.parametrize("before", ["call", "own_discard"])
def test_renhou_ends_with_a_call_or_the_winners_first_discard(before):
    rules = Rules.ippatsu().replace(renhou="yakuman")
    if before == "call":
        # seat 2 pons the dealer's 6z and discards 4s: seat 1 has not drawn yet
        st = table(["1199m1199p1199s7z", "123m456p789s23s11z", "66z4s19m19p19s2357z", ""],
                   draws="6z", rules=rules)
        discard(st, "6z")
        st.step({q: (find(st, 2, T.PON) if q == 2 else find(st, q, T.PASS))
                 for q in st.to_act})
    else:
        st = table(["1199m1199p1199s5z", "123m456p789s23s11z", "", ""],
                   draws="5z 7z 7z 7z 4s", rules=rules)
        tsumogiri_round(st, 4)   # everyone's first discard; seat 0 draws 4s
    discard(st, "4s")
    assert find(st, 1, T.RON) is None


def test_chiihou_voided_by_a_call_before_it():
    st = table(["1199m1199p1199s5z", "123m456p789s1122z", "55z19m19p19s12367z", ""],
               draws="5z 8s 8s 1z")
    discard(st, "5z")
    st.step(find(st, 2, T.PON))     # seat 2 pons before seat 1's first draw
    discard(st, "7z")
    pass_all(st)
    tsumogiri_round(st, 2)          # seats 3 and 0
    st.step(find(st, 1, T.TSUMO))
    assert "chiihou" not in [n for n, _ in st.hand_results[-1].wins[0].score.yaku]


def test_one_player_with_four_kans_is_not_an_abort():
    st = table(["1111m2222m3333m4z", "", "", ""], draws="4444m", rinshan="5z6z7z")
    st.set_position(0, hand="1111m2222m3333m4z4m")
    for k in ("1m", "2m", "3m"):
        st.step(find(st, 0, T.ANKAN, k))
    assert st.kan_count == 3 and not st.suukaikan


def test_double_ron_with_the_dealer_among_winners_repeats():
    rules = Rules().replace(ron_mode=RonMode.DOUBLE)
    hands = ["123m46p456s555z11z", "1199m1199s12344z", "789m46p123s666z22z", ""]
    st = table(hands, draws="9s 5p", rules=rules)
    discard(st)
    pass_all(st)
    discard(st, "5p")                # seat 1 deals in to seats 2 and 0
    assert find(st, 0, T.RON) is not None and find(st, 2, T.RON) is not None
    st.step([find(st, 0, T.RON), find(st, 2, T.RON)])
    assert [w.winner for w in st.hand_results[-1].wins] == [2, 0]
    assert st.next_hand_counters == (0, 1, 0)


def test_triple_ron_mode_lets_three_win():
    rules = Rules().replace(ron_mode=RonMode.TRIPLE)
    st = table(THREE, draws="5p", rules=rules)
    discard(st, "5p")
    st.step([find(st, p, T.RON) for p in (1, 2, 3)])
    assert [w.winner for w in st.hand_results[-1].wins] == [1, 2, 3]


@pytest.mark.parametrize("claims, winners", [((1, 2, 3), [1, 2]), ((2, 3), [2, 3]),
                                              ((1, 3), [1, 3])])
def test_double_head_bump_lets_the_two_closest_of_three_claims_win(claims, winners):
    rules = Rules().replace(ron_mode=RonMode.DOUBLE_HEAD_BUMP)
    st = table(THREE, draws="5p", rules=rules)
    discard(st, "5p")   # seats 1, 2, 3 may ron; seat 0 deals in
    st.step([find(st, p, T.RON) if p in claims else find(st, p, T.PASS) for p in (1, 2, 3)])
    res = st.hand_results[-1]
    assert res.kind == "win" and [w.winner for w in res.wins] == winners


def test_deposits_left_at_game_end_go_to_first_place():
    st = table(["123m456p789s1122z", "", "", ""], draws="5m 5p 5s 4s", n_live=4, kyoku=7,
               deposits=2, scores=[40000, 20000, 19000, 19000])
    tsumogiri_round(st, 4)           # exhaustive draw in South 4, dealer seat 3 noten
    assert st.phase == Phase.GAME_END
    assert st.scores[0] >= 40000 + 2000 and st.deposits == 0


def test_west_extension_when_nobody_reaches_30000():
    st = table(["147m258p369s1234z"] * 4, draws="5m 6p 5s 8s", n_live=4, kyoku=7,
               rules=Rules.tenhou(), scores=[26000, 25000, 25000, 24000])
    tsumogiri_round(st, 4)
    assert st.phase == Phase.HAND_END and st.next_hand_counters[0] == 8  # West 1


def test_kuikae_with_a_red_five_still_bans_the_kind():
    st = table(["1199m1199p1199s1z", "0m5m23p456s789s11z9m", "", ""], draws="5m")
    discard(st, "5m")
    st.step(find(st, 1, T.PON))
    assert parse_kind("5m") not in kinds(st.legal_actions(1), T.DISCARD)


def test_four_pairs_after_two_calls_is_not_a_win():
    """RULES.md §2: four sets and a pair. 55m66p33s77z beside two pons is four pairs, no
    win and no wait (dnovikoff/pao.xml once made the engine offer a tsumo here)."""
    st = table(["1199m1199p1199s1z", "", "", ""], draws="7z")
    st.set_position(0, hand="55m66p33s7z7z", melds=["pon 5z+55z<A", "pon 6z+66z<R"])
    assert find(st, 0, T.TSUMO) is None
    discard(st, "7z")
    assert st.waits[0] == 0 and st.shanten[0] == 1
