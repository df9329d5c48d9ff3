"""Who may declare, and when (RULES §8; docs/rules.md §11 for the North): riichi, double
riichi, kans and the North, each on both sides of its conditions.

Seat 0 is the dealer (East 1); the live wall starts with the ``draws`` given, so seat 0
draws ``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest

from ippatsu.errors import IllegalActionError
from ippatsu.rules import Rules
from ippatsu.table import Action, GameState, Phase, Wall

from _table_helpers import T, discard, find, pass_all, table, tsumogiri_round

TENPAI = "123m456p789s1122z"          # waits on 1z / 2z
DUMMY = "1199m1199p1199s5z"


# ---------------------------------------------------------------------------- riichi
@pytest.mark.parametrize("points, offered", [(1000, True), (999, False), (0, False)])
def test_riichi_needs_1000_points(points, offered):
    st = table([TENPAI, "", "", ""], draws="9m",
               scores=[points, 33000, 33000, 34000 - points])
    assert (find(st, 0, T.RIICHI) is not None) is offered


@pytest.mark.parametrize("n_live, offered", [(5, True), (4, False), (1, False)])
def test_riichi_needs_four_tiles_left_after_the_draw(n_live, offered):
    st = table([TENPAI, "", "", ""], draws="9m", n_live=n_live)
    assert st.left == n_live - 1
    assert (find(st, 0, T.RIICHI) is not None) is offered


def test_riichi_needs_tenpai():
    st = table(["123m456p789s1123z", "", "", ""], draws="9m")   # one from tenpai
    assert st.shanten[0] == 1 and find(st, 0, T.RIICHI) is None


def test_riichi_with_a_closed_kan_but_not_with_an_open_meld():
    st = table(["1111m456p789s112z", "", "", ""], draws="2z", rinshan="9m")
    st.step(find(st, 0, T.ANKAN))
    assert find(st, 0, T.RIICHI) is not None                  # a closed kan keeps it closed
    st = table([TENPAI, "", "", ""], draws="9m")
    st.set_position(0, hand="456p789s1122z9m", melds=["chi 1m+23m<L"])
    assert find(st, 0, T.RIICHI) is None


def test_no_second_riichi():
    st = table([TENPAI, "", "", ""], draws="9m 2p 3p 4p 9p")
    st.step(find(st, 0, T.RIICHI, "9m"))
    pass_all(st)
    tsumogiri_round(st, 3)
    assert st.actor == 0 and st.riichi[0]
    assert {a.type for a in st.legal_actions(0)} == {T.DISCARD}


def test_double_riichi_only_on_the_first_discard():
    st = table([TENPAI, "", "", ""], draws="9m 2p 3p 4p 9p")
    discard(st, "9m")
    pass_all(st)
    tsumogiri_round(st, 3)
    st.step(find(st, 0, T.RIICHI, "9p"))
    pass_all(st)
    assert st.riichi[0] and not st.double_riichi[0]


def test_double_riichi_not_after_own_closed_kan():
    """A closed kan is a call for double riichi too: the riichi after it is plain."""
    st = table(["1111m456p789s112z", "", "", ""], draws="2z", rinshan="9m")
    st.step(find(st, 0, T.ANKAN))
    st.step(find(st, 0, T.RIICHI, "9m"))
    pass_all(st)
    assert st.riichi[0] and not st.double_riichi[0]


# ------------------------------------------------------------------------------ kans
@pytest.mark.parametrize("n_live, offered", [(2, True), (1, False)])
def test_no_closed_kan_on_the_last_tile_of_the_wall(n_live, offered):
    st = table(["1111m456p789s234z", "", "", ""], draws="9m", n_live=n_live)
    assert (find(st, 0, T.ANKAN) is not None) is offered


@pytest.mark.parametrize("n_live, offered", [(6, True), (5, False)])
def test_no_added_kan_on_the_last_tile_of_the_wall(n_live, offered):
    st = table([DUMMY, "", "55z", ""], draws="6z 2p 3p 4p 5z", n_live=n_live)
    discard(st, "5z")
    st.step(find(st, 2, T.PON))
    st.step(next(a for a in st.legal_actions(2) if a.type == T.DISCARD))
    pass_all(st)
    tsumogiri_round(st, 3)
    assert st.actor == 2 and st.last_draw >> 2 == 31 and st.left == n_live - 5
    assert (find(st, 2, T.KAKAN) is not None) is offered


# ----------------------------------------------------------------------------- North
def _table3(hands, draws="", rules=None, **kw):
    st = GameState(rules or Rules.tenhou_sanma(), start=False, auto_next=False)
    st.start_hand(Wall.from_text(hands, draws, dora=kw.pop("dora", "7z"), **kw))
    return st


def test_north_needs_its_option():
    hands = ["1199m1199p119s4z5z", "", ""]
    assert find(_table3(hands, "6z"), 0, T.NUKIDORA) is not None
    off = Rules.tenhou_sanma().replace(nukidora=False)
    assert find(_table3(hands, "6z", off), 0, T.NUKIDORA) is None


@pytest.mark.parametrize("n_live, offered", [(2, True), (1, False)])
def test_no_north_on_the_last_tile_of_the_wall(n_live, offered):
    st = _table3(["1199m1199p119s4z5z", "", ""], "6z", n_live=n_live)
    assert (find(st, 0, T.NUKIDORA) is not None) is offered


def test_no_north_with_four_players():
    st = table(["1199m1199p119s4z5z", "", "", ""], draws="6z")
    assert find(st, 0, T.NUKIDORA) is None
    north = next(t for t in st.hand[0] if t >> 2 == 30)
    with pytest.raises(IllegalActionError) as ei:
        st.step(Action(T.NUKIDORA, 0, north))
    assert ei.value.code == "nukidora_four_players"
    assert st.phase == Phase.TURN
