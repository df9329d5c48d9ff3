"""The table state's own checks: its invariants, set_position, a hand result built
by hand and a response step without actions.

Seat 0 is the dealer (East 1); the live wall starts with ``draws``, so seat 0 draws
``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest
from ippatsu.rules import Rules
from ippatsu.table import GameState, Phase, Wall
from ippatsu.tiles import parse_kind

from _table_helpers import T, discard, find, table


K = parse_kind


DUMMY = "1199m1199p1199s5z"          # a dealer hand with nothing to call or win on


def test_a_hand_result_built_without_counters_is_at_zero_honba():
    """``HandResult`` (public): without ``kyoku`` / ``honba`` a result is East 1, 0
    honba — the counters a game starts with (RULES §8: honba count from 0)."""
    from ippatsu.table import HandResult
    res = HandResult("exhaustive", [], [0, 0, 0, 0])
    assert (res.kyoku, res.honba) == (0, 0)
    assert res.tenpai is None and tuple(res.nagashi) == ()


def test_rule_8_a_response_step_without_actions_passes_every_call():
    """RULES §8 calls are a choice: ``step(None)`` at a response point, like ``step([])``,
    is every seat passing (``GameState.step``: a seat that may act but is missing passes),
    not an error — the pon on offer is declined and the next seat draws."""
    st = table([DUMMY, "55z123m456p789s11z", "", ""], draws="5z 1s")
    discard(st, "5z")
    assert st.phase == Phase.RESPONSE and st.to_act == [1]
    assert find(st, 1, T.PON) is not None
    st.step(None)
    assert st.phase == Phase.TURN and st.actor == 1 and st.melds[1] == []
    assert st.last_draw >> 2 == K("1s")


def test_check_invariants_notices_stale_waits():
    """``check_invariants`` (the oracle of the table tests) recomputes the shanten and
    waits of every 13-tile hand: a stale incremental wait mask is reported."""
    st = table([DUMMY, "234m345p678s22p55s", "", ""], draws="1s")
    st.check_invariants()
    st.seats[1].waits = 0
    with pytest.raises(AssertionError, match="waits"):
        st.check_invariants()


def test_set_position_of_the_actor_takes_the_last_tile_as_the_draw():
    """``set_position`` on the actor's turn (tests): the last tile of the hand given is
    the tile just drawn — the tsumo (RULES §8) is a win on it: 111z 22z 123m 456p 789s
    completed by the 1z written last."""
    st = table([DUMMY, "", "", ""], draws="1s")
    st.set_position(0, hand="1122z123m456p789s1z")
    assert st.last_draw >> 2 == K("1z")
    tsumo = find(st, 0, T.TSUMO)
    assert tsumo is not None and tsumo.tile >> 2 == K("1z")


def test_check_invariants_on_a_short_replay_wall_and_a_lost_tile():
    """``check_invariants``: the 136-tile conservation is checked on a full wall (a tile
    duplicated in the live wall is reported) and not on a replay's wall, which holds only
    the tiles a record shows (``Wall.check``: a wall may hold fewer than 136)."""
    short = Wall.from_permutation(list(range(136)))
    short.live = short.live[:10]
    short.ura = []
    st = GameState(Rules(), start=False, auto_next=False)
    st.start_hand(short)
    st.check_invariants()
    st = table([DUMMY, "", "", ""], draws="1s")
    st.check_invariants()
    st.wall.live[-1] = st.wall.live[-2]
    with pytest.raises(AssertionError, match="136 tiles"):
        st.check_invariants()


def test_set_position_keeps_a_red_five_asked_for():
    """``set_position`` (tests) prefers copies nobody else holds, but never trades a red
    five (``0p``, docs/rules.md §1) for a plain one: seat 1 asks for 0p while the dealer
    holds it, and gets the red five."""
    st = table(["0p199m1199p1199s5z", "", "", ""], draws="1s")
    assert 52 in st.hand[0]
    st.set_position(1, hand="0p123m456s789s123z")
    assert 52 in st.hand[1]


def test_check_invariants_notices_counts_out_of_sync():
    """``check_invariants`` compares each seat's 34 kind counts with its tiles: one count
    too many (not only too few) is reported."""
    st = table([DUMMY, "", "", ""], draws="1s")
    st.check_invariants()
    st.cnt[1][K("5z")] += 1
    with pytest.raises(AssertionError, match="counts of seat 1"):
        st.check_invariants()

