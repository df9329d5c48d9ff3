"""The seats of a GameState (table/seat.py): each player's part of the hand in its own
Seat, the per-seat views of the state, and the tsumogiri bits the state keeps (held
against the mjai log's ``tsumogiri`` flags, an independent record of the same thing)."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

from ippatsu.errors import IllegalActionError
from ippatsu.rules import Rules
from ippatsu.table import GameState, Phase
from ippatsu.table.seat import Seat
from ippatsu.env.encoders import tsumogiri_of_events
from _table_helpers import random_step

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
GAMES = 2 if PURE else 6

FIELDS = ("hand", "cnt", "melds", "is_open", "river", "river_called", "river_riichi",
          "disc_mask", "tsumogiri", "waits", "shanten", "riichi", "double_riichi", "ippatsu",
          "temp_furiten", "riichi_furiten", "first_turn", "nagashi_ok", "pao", "kans", "nuki",
          "dead_hand")


def _decisions(rules, games):
    """Every decision (a turn or a response) of ``games`` seeded random games."""
    for g in range(games):
        st = GameState(rules, seed=g, record=True)
        rng = np.random.default_rng(g)
        while st.phase is not Phase.GAME_END:
            if st.phase is Phase.TURN or st.phase is Phase.RESPONSE:
                yield st
            random_step(st, rng)


@pytest.mark.parametrize("preset,flowers", [("tenhou", False), ("tenhou_sanma", False),
                                            ("ippatsu", True)])
def test_tsumogiri_bits_are_the_logs_tsumogiri_discards(preset, flowers):
    """A seat's tsumogiri bit ``i`` is set exactly when its ``i``-th discard of the hand
    was the tile just drawn: the log's ``dahai`` events say the same at every decision."""
    rules = Rules.preset(preset)
    if flowers:
        rules = rules.replace(flowers=True)
    n = 0
    seen_bits = 0
    for st in _decisions(rules, GAMES):
        want = tsumogiri_of_events(st.events, st.n_players)
        assert list(st.tsumogiri) == want
        seen_bits += sum(bin(x).count("1") for x in want)
        n += 1
    assert n > 500 and seen_bits > 100


def test_the_per_seat_views_are_the_seats_fields():
    """``st.hand[p]`` is ``st.seats[p].hand`` (the same object), and so for every field;
    the views are tuples, so writing through them fails loudly."""
    st = GameState(Rules.preset("tenhou"), seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        random_step(st, rng)
    assert all(type(s) is Seat for s in st.seats) and len(st.seats) == 4
    for f in FIELDS:
        view = getattr(st, f)
        assert type(view) is tuple and len(view) == 4
        for p in range(4):
            assert view[p] is getattr(st.seats[p], f) or view[p] == getattr(st.seats[p], f)
    with pytest.raises(TypeError):
        st.riichi[0] = 1


def test_a_snapshot_keeps_the_tsumogiri_bits_and_refuses_bits_past_the_river():
    st = GameState(Rules.preset("tenhou"), seed=11)
    rng = np.random.default_rng(11)
    while not any(st.tsumogiri) or st.phase is not Phase.TURN:
        random_step(st, rng)
    snap = json.loads(json.dumps(st.snapshot()))
    back = GameState.from_snapshot(snap)
    assert back.tsumogiri == st.tsumogiri and back.snapshot() == st.snapshot()
    p = next(q for q in range(4) if st.seats[q].tsumogiri)
    snap["seats"][p]["tsumogiri"] = 1 << len(snap["seats"][p]["river"])
    with pytest.raises(IllegalActionError, match="tsumogiri") as e:
        GameState.from_snapshot(snap)
    assert e.value.code == "bad_snapshot"
    del snap["seats"][p]["tsumogiri"]   # a snapshot written before the field: none
    assert GameState.from_snapshot(snap).seats[p].tsumogiri == 0
