"""GameState.redeal: the tiles nobody has shown, dealt again at a turn (checked).

* at turns cut from random games (four and three players) the unseen tiles are shuffled
  across the opponents' hands and the wall's hidden parts and dealt again: every tile is
  still in play once (``check_invariants``), what everybody sees and the seat to move's
  legal actions stay, the opponents hold their new tiles with the waits of those tiles,
  and play goes on; dealing the original tiles back gives the original snapshot again;
* what is not a redeal (a part of another size, a tile shown or held by the seat to move,
  a tile twice, a new hand for the seat to move, riichi furiten without riichi, outside a
  turn) raises ``IllegalActionError`` with code ``bad_redeal``;
* a state restored at a turn right after a chi or pon keeps the caller's shanten and
  waits of before the call, as play keeps them;
* ``from_snapshot(walls=...)``: the next hands' walls come from the callable, shared by
  copies.
"""
from __future__ import annotations

import os
import random

import pytest

from ippatsu.errors import IllegalActionError
from ippatsu.rules import GameLength, Rules
from ippatsu.table import GameState, Phase, Wall

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
PRESETS = [("ippatsu", Rules(game_length=GameLength.EAST)), ("tenhou", Rules.tenhou()),
           ("sanma", Rules.tenhou_sanma())]


def _turns(rules, seed, every):
    """States at every ``every``-th TURN of a random game (the game goes on from a copy)."""
    rng = random.Random(seed)
    st = GameState(rules, seed, record=False)
    i = 0
    while st.phase != Phase.GAME_END:
        if st.phase == Phase.TURN:
            if i % every == 0:
                yield st.copy()
            i += 1
            st.step(rng.choice(st.legal_actions(st.actor)))
        elif st.phase == Phase.RESPONSE:
            st.step([rng.choice(st.legal_actions(q)) for q in st.to_act])
        else:
            st.step([])


def _hidden(st):
    """What the seat to move cannot see: the opponents' hands (None for itself) and the
    wall's undrawn live tiles, replacement tiles, unrevealed and ura indicators."""
    snap = st.snapshot()
    w = snap["wall"]
    hands = [None if q == st.actor else list(st.hand[q]) for q in range(st.n_players)]
    return (hands, w["live"][snap["live_pos"]:], w["rinshan"][snap["rinshan_pos"]:],
            w["dora"][snap["n_dora"]:], list(w["ura"]))


def _shuffled(parts, rng):
    hands, *zones = parts
    pool = [t for h in hands if h is not None for t in h] + [t for z in zones for t in z]
    rng.shuffle(pool)
    out_hands = []
    for h in hands:
        if h is None:
            out_hands.append(None)
        else:
            out_hands.append(pool[:len(h)])
            del pool[:len(h)]
    out = [out_hands]
    for z in zones:
        out.append(pool[:len(z)])
        del pool[:len(z)]
    return out


def _shown(st):
    return (st.river, st.river_called, st.melds, st.nuki, st.dora_indicators, st.left,
            st.scores, list(st.visible), st.riichi, st.actor, st.last_draw, st.kyoku)


@pytest.mark.parametrize("name,rules", PRESETS, ids=[p[0] for p in PRESETS])
def test_a_redeal_keeps_every_tile_once_and_what_is_shown(name, rules):
    rng = random.Random(5)
    n = 0
    for seed in range(1 if PURE else 3):
        for st in _turns(rules, seed, 9 if PURE else 3):
            p = st.actor
            orig = _hidden(st)
            snap = st.snapshot()
            new = _shuffled(orig, rng)
            c = st.copy()
            c.redeal(*new)
            c.check_invariants()
            assert _shown(c) == _shown(st)
            assert c.legal_actions(p) == st.legal_actions(p)
            assert c.hand[p] == st.hand[p]
            assert _hidden(c) == tuple(new)
            # play goes on from the new deal
            steps = 0
            while c.phase in (Phase.TURN, Phase.RESPONSE) and steps < 6:
                if c.phase == Phase.TURN:
                    c.step(rng.choice(c.legal_actions(c.actor)))
                else:
                    c.step([rng.choice(c.legal_actions(q)) for q in c.to_act])
                steps += 1
            # the original tiles dealt back: the original state
            d = st.copy()
            d.redeal(*new)
            d.redeal(*orig)
            back = d.snapshot()
            assert back["wall"].pop("hands") == [list(h) for h in st.hand]
            snap["wall"].pop("hands")
            assert back == snap
            n += 1
    assert n >= (5 if PURE else 40)


@pytest.fixture
def turn():
    st = GameState(Rules(), 3, record=False)   # the dealer's first turn
    assert st.phase == Phase.TURN
    return st


def _bad(st, *args, **kw):
    with pytest.raises(IllegalActionError) as e:
        st.copy().redeal(*args, **kw)
    assert e.value.code == "bad_redeal", e.value
    return str(e.value)


def test_what_is_not_a_redeal_is_named(turn):
    hands, live, rin, dora, ura = _hidden(turn)
    p = turn.actor
    q = (p + 1) % 4
    turn.copy().redeal(hands, live, rin, dora, ura)      # the same deal is one
    assert "live" in _bad(turn, hands, live[:-1], rin, dora, ura)
    assert "ura" in _bad(turn, hands, live, rin, dora, ura + [0])
    assert "hands" in _bad(turn, hands[:3], live, rin, dora, ura)
    assert "holds" in _bad(turn, [h if i != q else h[:-1] for i, h in enumerate(hands)],
                           live, rin, dora, ura)
    mine = turn.hand[p][0]                                # a tile of the seat to move
    assert "unseen" in _bad(turn, hands, [mine] + live[1:], rin, dora, ura)
    shown = turn.dora_indicators[0]                       # a revealed indicator
    assert "unseen" in _bad(turn, hands, [shown] + live[1:], rin, dora, ura)
    assert "unseen" in _bad(turn, hands, [live[1]] + live[1:], rin, dora, ura)  # twice
    assert "unseen" in _bad(turn, hands, [float(live[0])] + live[1:], rin, dora, ura)
    other = [list(turn.hand[p]) if i == p else list(h) for i, h in enumerate(hands)]
    other[p][0], other[q][0] = other[q][0], other[p][0]
    assert "to move" in _bad(turn, other, live, rin, dora, ura)
    assert "riichi" in _bad(turn, hands, live, rin, dora, ura,
                            riichi_furiten=[False, True, False, False])
    assert "flag" in _bad(turn, hands, live, rin, dora, ura, temp_furiten=[False] * 3)
    rng = random.Random(1)
    st = GameState(Rules(), 1, record=False)
    while st.phase is not Phase.RESPONSE:                 # a discard someone may call
        st.step(rng.choice(st.legal_actions(st.actor)))
    with pytest.raises(IllegalActionError) as e:
        st.redeal([None] * 4, [], [], [], [])
    assert e.value.code == "bad_redeal" and "RESPONSE" in str(e.value)


def test_the_seat_to_move_may_be_given_its_own_tiles(turn):
    hands, live, rin, dora, ura = _hidden(turn)
    p = turn.actor
    hands[p] = list(reversed(turn.hand[p]))
    c = turn.copy()
    c.redeal(hands, live, rin, dora, ura, temp_furiten=[False, True, False, False])
    assert c.hand[p] == turn.hand[p] and c.legal_actions(p) == turn.legal_actions(p)
    assert c.temp_furiten == (False, True, False, False)


def test_a_restored_turn_after_a_call_keeps_the_callers_waits():
    n = 0
    for name, rules in PRESETS:
        for seed in range(2 if PURE else 6):
            for st in _turns(rules, seed, 1):
                if not st.after_call:
                    continue
                back = GameState.from_snapshot(st.snapshot())
                assert (back.shanten, back.waits) == (st.shanten, st.waits)
                n += 1
    assert n >= (5 if PURE else 30)


def test_a_restored_state_takes_its_next_walls_from_the_given_callable():
    st = next(_turns(Rules(), 2, 1))
    made = []

    def walls(state):
        made.append(state.dealer)
        return Wall.from_text(["", "", "", ""], seed=len(made))

    back = GameState.from_snapshot(st.snapshot(), auto_next=False, walls=walls)
    c = back.copy()
    for s in (back, c):
        while s.phase in (Phase.TURN, Phase.RESPONSE):
            if s.phase == Phase.TURN:
                s.step(s.legal_actions(s.actor)[-1])
            else:
                s.step([s.legal_actions(q)[-1] for q in s.to_act])
        s.next_hand()
    assert len(made) == 2 and back.snapshot()["wall_stream"] is None
