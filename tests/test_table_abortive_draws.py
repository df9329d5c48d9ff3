"""The abortive draws (RULES §8) from both sides: each where it happens, and where it must
not — after a call, a kan or a North, after the first go-around, one short, with another
winner, or with its option off.

Seat 0 is the dealer (East 1); the live wall starts with the ``draws`` given, so seat 0
draws ``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest

from ippatsu.rules import RonMode, Rules
from ippatsu.table import GameState, Phase, Wall

from _table_helpers import T, discard, find, pass_all, table, tsumogiri_round

DUMMY = "1199m1199p1199s5z"
NINE = "19m19p19s1234z258m"          # ten different terminals and honors


def _first_discard(st):
    """The actor throws some tile (its first legal discard)."""
    st.step(next(a for a in st.legal_actions(st.actor) if a.type == T.DISCARD))


# -------------------------------------------------------------------- nine terminals
def test_nine_terminals_on_the_dealers_first_draw():
    st = table([NINE, "", "", ""], draws="5z")
    st.step(find(st, 0, T.KYUUSHU))
    res = st.hand_results[-1]
    assert res.kind == "nine_terminals" and list(res.deltas) == [0, 0, 0, 0]
    assert st.next_hand_counters == (0, 1, 0)  # dealer keeps the seat, honba + 1


def test_nine_terminals_on_a_later_seats_first_draw_when_nobody_called():
    st = table([DUMMY, "", "", NINE], draws="5z 2p 3p 4p")
    tsumogiri_round(st, 3)
    assert st.actor == 3 and find(st, 3, T.KYUUSHU) is not None


@pytest.mark.parametrize("call", ["pon", "chi", "open kan"])
def test_nine_terminals_not_after_a_call_before_the_first_draw(call):
    """RULES §8: nine terminals on a player's first *uninterrupted* draw: a call by another
    seat before seat 3's first draw takes it away."""
    hands = {"pon": [DUMMY, "", "55z", NINE], "chi": ["1199m1199p119s67s", "56s", "", NINE],
             "open kan": [DUMMY, "", "555z", NINE]}[call]
    thrown = {"pon": "5z", "chi": "7s", "open kan": "5z"}[call]
    caller = 1 if call == "chi" else 2
    typ = {"pon": T.PON, "chi": T.CHI, "open kan": T.DAIMINKAN}[call]
    st = table(hands, draws="6z 2p 3p 4p", rinshan="7z")
    discard(st, thrown)
    st.step(find(st, caller, typ))
    _first_discard(st)
    pass_all(st)
    while st.actor != 3:
        tsumogiri_round(st)
    assert st.first_turn[3] and find(st, 3, T.KYUUSHU) is None


def test_nine_terminals_not_after_a_closed_kan_before_the_first_draw():
    st = table(["1111m99p1199s5z66z", "9m19p19s1234567z", "", ""], draws="6z 2p",
               rinshan="7z")
    st.step(find(st, 0, T.ANKAN))
    _first_discard(st)
    pass_all(st)
    assert st.actor == 1 and st.first_turn[1] and find(st, 1, T.KYUUSHU) is None


def test_nine_terminals_not_after_a_north_before_the_first_draw():
    """Three players: a North set aside counts as a call (docs/rules.md §11)."""
    rules = Rules.tenhou_sanma()
    hands = ["1199m1199p119s4z5z", "19m199p19s123567z", ""]
    for north, offered in ((True, False), (False, True)):
        st = GameState(rules, start=False, auto_next=False)
        st.start_hand(Wall.from_text(hands, "6z 2p", rinshan="7z", dora="7z"))
        if north:
            st.step(find(st, 0, T.NUKIDORA))
            pass_all(st)                    # nobody robs it: the replacement draw
        _first_discard(st)
        pass_all(st)
        assert st.actor == 1 and st.first_turn[1]
        assert (find(st, 1, T.KYUUSHU) is not None) is offered


@pytest.mark.parametrize("hand", [NINE, "19m19p19s1234566z"])  # far from / near a win
def test_nine_terminals_not_after_the_first_draw(hand):
    st = table([hand, "", "", ""], draws="5z 2p 3p 4p 6p")
    assert find(st, 0, T.KYUUSHU) is not None
    discard(st, "5z")
    pass_all(st)
    tsumogiri_round(st, 3)
    assert st.actor == 0 and not st.first_turn[0] and find(st, 0, T.KYUUSHU) is None


@pytest.mark.parametrize("hand, ok", [("19m19p19s123z2345m", True),      # nine kinds
                                      ("19m19p19s12z23456m", False)])    # eight kinds
def test_nine_terminals_needs_nine_kinds(hand, ok):
    """RULES §8 abortive draw: nine *different* terminals/honors on the first draw."""
    st = table([hand, "", "", ""], draws="6m")
    assert (find(st, 0, T.KYUUSHU) is not None) is ok


def test_nine_terminals_needs_its_option():
    st = table([NINE, "", "", ""], draws="5z", rules=Rules(abort_nine_terminals=False))
    assert find(st, 0, T.KYUUSHU) is None


# ------------------------------------------------------------------------ four winds
FOUR_EAST = ["1199m1199p1199s1z", "2288m2288p2288s1z", "3377m3377p3377s1z",
             "4466m4466p4466s1z"]


def _four_first_discards(st, tiles):
    for t in tiles:
        discard(st, t)
        pass_all(st)


def test_four_winds_aborts():
    st = table(FOUR_EAST, draws="5z 5z 6z 6z")
    _four_first_discards(st, ["1z"] * 4)
    assert st.hand_results[-1].kind == "four_winds"


def test_four_winds_needs_the_same_wind():
    hands = FOUR_EAST[:3] + ["4466m4466p4466s2z"]
    st = table(hands, draws="5z 5z 6z 6z")
    _four_first_discards(st, ["1z", "1z", "1z", "2z"])
    assert not st.hand_results and st.phase != Phase.HAND_END


def test_four_identical_dragons_are_no_abort():
    hands = [h[:-2] + "5z" for h in FOUR_EAST]
    st = table(hands, draws="1z 1z 2z 2z")
    _four_first_discards(st, ["5z"] * 4)
    assert not st.hand_results


def test_four_winds_not_after_a_closed_kan():
    hands = ["1111m199p1199s61z", "2288m2288p2288s1z", "3377m3377p3377s1z",
             "4466m4466p4466s1z"]
    st = table(hands, draws="5z 5z 6z 6z", rinshan="7z")
    st.step(find(st, 0, T.ANKAN))
    _four_first_discards(st, ["1z"] * 4)
    assert not st.hand_results


def test_four_winds_not_after_a_kan_between_the_winds():
    """Three East first discards, then seat 3 makes a closed kan before its own East."""
    hands = FOUR_EAST[:3] + ["4444m6666p4466s1z"]
    st = table(hands, draws="5z 5z 6z 6z", rinshan="7z")
    _four_first_discards(st, ["1z"] * 3)
    st.step(find(st, 3, T.ANKAN))
    _four_first_discards(st, ["1z"])
    assert not st.hand_results and st.actor == 0


def test_four_winds_needs_its_option():
    st = table(FOUR_EAST, draws="5z 5z 6z 6z", rules=Rules(abort_four_winds=False))
    _four_first_discards(st, ["1z"] * 4)
    assert not st.hand_results


# ----------------------------------------------------------------------- four riichi
RIICHI4 = ["123m456p789s2223z", "234m567p678s4445z", "345m678p234s6667z",
           "111m999p111s999s4z"]


def _riichi_each(st, tiles, upto=4):
    for p, t in enumerate(tiles[:upto]):
        st.step(find(st, p, T.RIICHI, t))
        if st.phase == Phase.RESPONSE and p < upto - 1:
            pass_all(st)


def test_four_riichi_aborts_after_the_fourth_discard_passes():
    st = table(RIICHI4, draws="8m 9m 1p 2p")
    _riichi_each(st, ("8m", "9m", "1p", "2p"))
    pass_all(st)
    assert st.hand_results[-1].kind == "four_riichi" and st.deposits == 4


def test_three_riichi_are_no_abort():
    st = table(RIICHI4, draws="8m 9m 1p 2p")
    _riichi_each(st, ("8m", "9m", "1p"), upto=3)
    pass_all(st)
    assert not st.hand_results and st.actor == 3


def test_four_riichi_fourth_discard_ronned_is_a_win():
    """The fourth riichi discard is won on: a win (that riichi void), not an abort."""
    st = table(RIICHI4, draws="8m 9m 1p 3z")
    _riichi_each(st, ("8m", "9m", "1p", "3z"))
    assert find(st, 0, T.RON) is not None
    st.step(find(st, 0, T.RON))
    res = st.hand_results[-1]
    assert res.kind == "win" and [w.winner for w in res.wins] == [0]


def test_four_riichi_needs_its_option():
    st = table(RIICHI4, draws="8m 9m 1p 2p", rules=Rules(abort_four_riichi=False))
    _riichi_each(st, ("8m", "9m", "1p", "2p"))
    pass_all(st)
    assert not st.hand_results and st.actor == 0


# ------------------------------------------------------------------------- four kans
KANS = ["1111m2222m9p1234z", "3333m4444m8p1234z", "", ""]


def _four_kans(st):
    st.step(find(st, 0, T.ANKAN, "1m"))
    st.step(find(st, 0, T.ANKAN, "2m"))
    discard(st)
    pass_all(st)
    st.step(find(st, 1, T.ANKAN, "3m"))
    st.step(find(st, 1, T.ANKAN, "4m"))


def test_four_kans_by_two_players_abort_after_the_next_discard():
    st = table(KANS, draws="5z 6z")
    _four_kans(st)
    assert not st.hand_results            # not before the discard after the fourth kan
    discard(st)
    pass_all(st)
    assert st.hand_results[-1].kind == "four_kans"


def test_three_kans_by_two_players_are_no_abort():
    st = table(KANS, draws="5z 6z")
    st.step(find(st, 0, T.ANKAN, "1m"))
    st.step(find(st, 0, T.ANKAN, "2m"))
    discard(st)
    pass_all(st)
    st.step(find(st, 1, T.ANKAN, "3m"))
    discard(st)
    pass_all(st)
    assert not st.hand_results and st.actor == 2


def test_four_kans_by_two_players_three_and_one_abort():
    """RULES §8: four kans by two or more players abort, whatever the split (3 + 1 here);
    only one player holding all four is no abort."""
    st = table(["1111m2222m3333m9p", "4444m8p1234z5679s", "", ""], draws="5z 6z")
    for k in ("1m", "2m", "3m"):
        st.step(find(st, 0, T.ANKAN, k))
    discard(st)
    pass_all(st)
    st.step(find(st, 1, T.ANKAN, "4m"))
    discard(st)
    pass_all(st)
    assert st.hand_results[-1].kind == "four_kans"


def test_four_kans_by_one_player_are_no_abort():
    """Four kans by one player is no abort (the hand goes on: suukantsu is possible)."""
    st = table(["1111m2222m3333m9p", "", "", ""], draws="4m", rinshan="4m4m4m9p")
    for k in ("1m", "2m", "3m", "4m"):
        st.step(find(st, 0, T.ANKAN, k))
    assert st.kan_count == 4 and not st.suukaikan
    discard(st)
    pass_all(st)
    assert not st.hand_results and st.phase == Phase.TURN


def test_four_kans_needs_its_option():
    st = table(KANS, draws="5z 6z", rules=Rules(abort_four_kans=False))
    _four_kans(st)
    assert find(st, 1, T.ANKAN) is None   # still no fifth kan
    discard(st)
    pass_all(st)
    assert not st.hand_results and st.actor == 2


# ------------------------------------------------------------------------- three ron
THREE = ["1199m1199s12344z", "123m46p456s555z11z", "789m46p123s666z22z", "456m46p789s777z33z"]


def test_three_rons_abort_where_the_rules_allow_two():
    st = table(THREE, draws="5p", rules=Rules(ron_mode=RonMode.DOUBLE))
    discard(st, "5p")
    st.step([find(st, p, T.RON) for p in (1, 2, 3)])
    assert st.hand_results[-1].kind == "three_ron"


def test_two_of_three_possible_rons_are_a_double_ron_not_an_abort():
    st = table(THREE, draws="5p", rules=Rules(ron_mode=RonMode.DOUBLE))
    discard(st, "5p")
    st.step([find(st, 1, T.RON), find(st, 3, T.RON)])
    res = st.hand_results[-1]
    assert res.kind == "win" and [w.winner for w in res.wins] == [1, 3]


def test_three_rons_under_atamahane_are_one_win():
    st = table(THREE, draws="5p")
    discard(st, "5p")
    st.step([find(st, p, T.RON) for p in (1, 2, 3)])
    res = st.hand_results[-1]
    assert res.kind == "win" and [w.winner for w in res.wins] == [1]
