"""GameState.copy(): an independent state that goes on exactly like the original, at any
phase, four and three players; every attribute of the state is copied."""
from __future__ import annotations

import os
import numpy as np
import pytest

from ippatsu.rules import Rules
from ippatsu.table import GameState, Phase, state as state_module
from ippatsu.table.seat import Seat
from _table_helpers import random_step

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
GAMES = 3 if PURE else 12


def _play_out(st, seed):
    rng = np.random.default_rng(seed)
    while st.phase is not Phase.GAME_END:
        random_step(st, rng)
    return st


@pytest.mark.parametrize("preset", ["tenhou", "tenhou_sanma", "majsoul"])
def test_a_copy_goes_on_exactly_like_the_original_and_apart_from_it(preset):
    rules = Rules.preset(preset)
    phases = set()
    for g in range(GAMES):
        st = GameState(rules, seed=g, auto_next=False, record=True)
        rng = np.random.default_rng(100 + g)
        want = (Phase.TURN, Phase.RESPONSE, Phase.HAND_END)[g % 3]
        steps = int(rng.integers(5, 300))
        while st.phase is not Phase.GAME_END and (steps > 0 or st.phase is not want):
            random_step(st, rng)
            steps -= 1
        if st.phase is Phase.GAME_END:
            continue
        phases.add(st.phase)
        before = st.snapshot() if st.phase in (Phase.TURN, Phase.RESPONSE) else None
        c = st.copy()
        if before is not None:
            assert c.snapshot() == before
        _play_out(c, seed=g)          # the copy plays to the end ...
        if before is not None:
            assert st.snapshot() == before   # ... and the original did not move
        assert st.phase is not Phase.GAME_END
        _play_out(st, seed=g)         # the same choices from the original
        assert st.events == c.events
        assert st.final == c.final
        assert [r.deltas for r in st.hand_results] == [r.deltas for r in c.hand_results]
    assert phases == {Phase.TURN, Phase.RESPONSE, Phase.HAND_END}, phases


def test_a_copy_between_hands_deals_the_same_next_walls():
    st = GameState(seed=5, auto_next=False, record=False)
    rng = np.random.default_rng(0)
    while st.phase is not Phase.HAND_END:
        random_step(st, rng)
    c = st.copy()
    st.next_hand()
    c.next_hand()
    assert st.wall.live == c.wall.live and st.snapshot() == c.snapshot()


def _declared_attributes():
    """Every attribute of a GameState: an interpreted state's instance dict, or the
    compiled class's slots (its attribute descriptors)."""
    if PURE:
        st = GameState(seed=1)
        st.penalize(0, "foul")
        return set(vars(st))
    st = GameState(seed=1)
    out = set()
    for k, v in vars(GameState).items():
        if type(v).__name__ not in ("getset_descriptor", "member_descriptor") \
                or k.startswith("__"):
            continue
        try:   # a slot takes its own value back; a read-only property does not
            setattr(st, k, getattr(st, k))
        except AttributeError:
            continue
        out.add(k)
    return out


def test_copy_knows_every_attribute_of_the_state():
    handled = (set(state_module._COPY_SHARED) | set(state_module._COPY_LIST)
               | {"seats", "final", "_offers", "_tm_list", "penalties"})
    declared = _declared_attributes()
    assert len(declared) > 40
    assert declared - handled == set(), "attributes GameState.copy does not copy"
    assert handled - declared == set(), "copied attributes the state does not have"


def _seat_fields(seat):
    """Every field of a Seat: an interpreted seat's instance dict, or the compiled class's
    slots."""
    if PURE:
        return set(vars(seat))
    return {k for k, v in vars(Seat).items()
            if type(v).__name__ in ("getset_descriptor", "member_descriptor")
            and not k.startswith("__")}


def test_a_seat_copy_has_every_field_and_shares_no_list():
    """Seat.copy (what GameState.copy copies the seats with): every field equal, and no
    list or bytearray shared, so stepping either state leaves the other's seats alone."""
    st = GameState(Rules.preset("tenhou"), seed=5, auto_next=False)
    rng = np.random.default_rng(5)
    for _ in range(60):   # rivers, calls and flags to copy
        random_step(st, rng)
    checked = 0
    for seat in st.seats:
        c = seat.copy()
        fields = _seat_fields(seat)
        assert len(fields) == 22
        for f in fields:
            a, b = getattr(seat, f), getattr(c, f)
            assert a == b, f
            if isinstance(a, (list, bytearray)):
                assert a is not b, f"{f} is shared by the copy"
                checked += 1
    assert checked == 6 * len(st.seats)


def test_a_seat_copy_keeps_every_field_that_differs_from_a_new_seat():
    """Every field set away from what a new seat starts with survives Seat.copy."""
    from ippatsu.table import RiichiState

    seat = Seat([0, 4], bytearray(34), RiichiState.NONE)
    values = {"hand": [1, 5, 9], "cnt": bytearray([1] * 34), "melds": ["a meld"],
              "is_open": True, "river": [8], "river_called": [True], "river_riichi": 0,
              "disc_mask": 1 << 33, "tsumogiri": 1 << 20, "waits": 5, "shanten": 2, "riichi": RiichiState.ACCEPTED,
              "double_riichi": True, "ippatsu": True, "temp_furiten": True,
              "riichi_furiten": True, "first_turn": False, "nagashi_ok": False, "pao": 2,
              "kans": 1, "nuki": [120], "dead_hand": True}
    assert set(values) == _seat_fields(seat)
    fresh = Seat([0, 4], bytearray(34), RiichiState.NONE)
    for f, v in values.items():
        assert getattr(fresh, f) != v, f
        setattr(seat, f, v)
    c = seat.copy()
    for f, v in values.items():
        assert getattr(c, f) == v, f
