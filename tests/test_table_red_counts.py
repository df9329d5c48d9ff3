"""Red fives per suit at the table (``Rules.red_five_counts``, docs/rules.md §1): any
count 0-4 per suit is played, not only one per suit or none.

* Self-play under several counts keeps the state's invariants, and every offered action
  set matches the from-scratch oracle of tests/test_table_selfplay.py (discards by kind
  and red-ness, pons by the red fives they take) at every step.
* A pon taking two red fives (``actionspace.PON_RED2``) is offered exactly when the hand
  holds two red fives of the suit; the pons offered are one per number of reds a pair of
  the hand's copies can hold.
* The red dora of a win is the number of red ids among the hand and its melds.
* The mjai log of such a game replays to the identical game (two red 5p share the name
  ``5pr``); the log states its rules.
* The vectorised env plays the table's games under such counts, its masks are the
  table's, its observations the reference encoding (the red channels count copies).
* Snapshots and copies keep the counts.
* Names and keys follow the rules' red ids: two legal actions of one decision never share
  a key (``GameState.action_key``, ``Action.key_for``) nor a name
  (``GameState.action_text``); a red id is named red and a plain one plain, in actions,
  melds and observations; one red per suit names and keys exactly as before.
"""
from __future__ import annotations

import io
import itertools
import os
import random
import re

import pytest

from ippatsu.rules import Rules
from ippatsu.table import Action, ActionType, GameState, GreedyAgent, Phase, RandomAgent, Wall
from ippatsu.table import actionspace as A

from ippatsu.table.loops import play_checked
from test_table_selfplay import _Caller, check_state

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
T = ActionType

COUNTS = [(1, 2, 1), (2, 2, 2), (0, 3, 0), (4, 4, 4), (0, 0, 0)]
#: games per count of the self-play runs (interpreted: fewer)
GAMES = 1 if PURE else 3
#: the ids of 5p (kind 13)
FIVE_P = (52, 53, 54, 55)


def _agents(seed):
    return [_Caller(seed), GreedyAgent(), _Caller(seed + 1), RandomAgent(seed)]


def _play(rules, seed, check=True, on_hand_end=None, on_decision=None):
    """One game with auto_next off, checking the oracle and the invariants at every
    decision (``check``); ``on_hand_end(st)`` at every hand's end, ``on_decision(st)`` at
    every decision."""
    def before(st):
        if check:
            check_state(st)
        if on_decision is not None:
            on_decision(st)

    st = GameState(rules, seed, auto_next=False)
    steps = play_checked(st, _agents(seed), before if check or on_decision else None,
                         on_hand_end=on_hand_end)
    return st, steps


# ------------------------------------------------------------------ self-play
@pytest.mark.parametrize("counts", COUNTS, ids=[f"reds_{''.join(map(str, c))}" for c in COUNTS])
def test_selfplay_under_red_counts_keeps_invariants_and_offers_what_the_rules_allow(counts):
    rules = Rules(red_fives=counts)
    assert rules.red_counts == counts
    for seed in range(GAMES):
        st, steps = _play(rules, seed)
        assert steps > 100 and st.final is not None


# ------------------------------------------------------------------ two-red pons
def _wall_with(holder_fives, discard):
    """A wall: seat 0 (the dealer) draws ``discard`` first; seat 1 holds the 5p ids
    ``holder_fives`` and ordinary tiles; no other 5p in any hand."""
    rest = [t for t in range(136) if t not in FIVE_P]
    # ordinary filler: terminals and honors spread over the kinds (no run with 5p)
    filler = [t for t in rest if (t >> 2) in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)]
    others = [t for t in rest if t not in filler]
    hands = [[], [], [], []]
    pool = filler + others
    hands[1] = list(holder_fives)
    for p in range(4):
        while len(hands[p]) < 13:
            hands[p].append(pool.pop(0))
    spare = [t for t in FIVE_P if t not in holder_fives and t != discard]
    live = [discard] + pool[:69 - len(spare)] + spare
    pool = pool[69 - len(spare):]
    return Wall(hands, live, pool[:4], pool[4:9], pool[9:14])


@pytest.mark.parametrize("pin", range(5))
def test_a_pon_takes_two_red_fives_exactly_when_the_hand_holds_two(pin):
    """Every holding of two or three 5p by the seat after the dealer, every 5p discarded,
    with ``pin`` red 5p: the pons offered are one per number of red fives a pair of the
    held copies can hold, and PON_RED2 (5p) is legal exactly when two reds are held."""
    rules = Rules(red_fives=(1, pin, 1))
    reds = rules.red_ids
    met = set()
    for size in (2, 3):
        for held in itertools.combinations(FIVE_P, size):
            for d in (t for t in FIVE_P if t not in held):
                st = GameState(rules, start=False, auto_next=False)
                st.start_hand(_wall_with(held, d))
                st.step(Action(T.DISCARD, 0, d))
                assert st.phase == Phase.RESPONSE
                pons = [a for a in st.legal_actions(1) if a.type is T.PON]
                got = sorted(sum(1 for x in a.consumed if x in reds) for a in pons)
                want = sorted({(x in reds) + (y in reds)
                               for x, y in itertools.combinations(held, 2)})
                assert got == want, (held, d, pons)
                n_red = sum(1 for x in held if x in reds)
                mask = st.legal_mask(1)
                assert bool(mask >> (A.PON_RED2 + 1) & 1) == (n_red >= 2), (held, d)
                assert bool(mask >> (A.PON_RED + 1) & 1) == any(r == 1 for r in want)
                assert bool(mask >> (A.PON + 13) & 1) == any(r == 0 for r in want)
                met.add(n_red)
                # each offered pon is taken by its index and melds the copies it names
                for a in pons:
                    i = A.index_of(a, A.red_table(rules))
                    assert st.action_of(i, 1) == a
    assert (2 in met) == (pin >= 2) and met  # the two-red pon was met when it can be


def test_a_pon_index_names_how_many_red_fives_it_takes():
    red = A.red_table((1, 2, 1))
    pon = Action(T.PON, 1, 54, (52, 53), 0)
    assert A.index_of(pon, red) == A.PON_RED2 + 1
    assert A.index_of(pon) == A.PON_RED + 1          # one red per suit: 53 is plain
    assert A.index_of(pon, False) == A.PON + 13
    assert A.index_of(Action(T.PON, 1, 54, (52, 55), 0), red) == A.PON_RED + 1
    assert A.index_of(Action(T.DISCARD, 0, 53), red) == 35
    assert A.index_of(Action(T.DISCARD, 0, 53)) == 13
    assert [A.describe(i) for i in range(A.PON_RED2, A.SIZE)] == [
        f"pon 5{s} taking two red fives" for s in "mps"]
    msgs = A.mjai_of(pon, Rules(red_fives=(1, 2, 1)).red_ids)
    assert msgs[0]["consumed"] == ["5pr", "5pr"] and msgs[0]["pai"] == "5p"
    assert A.index_of_mjai(*msgs) == A.PON_RED2 + 1
    assert A.mjai_of(pon)[0]["consumed"] == ["5pr", "5p"]


# ------------------------------------------------------------------ red dora at a win
@pytest.mark.parametrize("counts", [(4, 4, 4), (1, 2, 1), (0, 3, 2)])
def test_the_red_dora_of_a_win_is_the_red_ids_of_the_hand_and_melds(counts):
    rules = Rules(red_fives=counts)
    reds = rules.red_ids
    wins = []

    def on_hand_end(st):
        r = st.hand_results[-1]
        for w in r.wins:
            held = list(w.hand) + [t for m in st.melds[w.winner] for t in m.tiles]
            n = sum(1 for t in held if t in reds)
            if counts == (4, 4, 4):   # every five is red: the fives held
                assert n == sum(1 for t in held if (t >> 2) in (4, 13, 22))
            assert w.score.red == n, (w.hand, st.melds[w.winner], w.score)
            wins.append(n)

    for seed in range(2 if PURE else 6):
        _play(rules, seed, check=False, on_hand_end=on_hand_end)
    assert wins and max(wins) >= (2 if counts != (1, 2, 1) else 1)


# ------------------------------------------------------------------ mjai log
def _plays(events):
    """The draws, discards, calls, kans and wins of a log, with their tile names (the
    consumed tiles as a set: their order is the hand's)."""
    keys = ("type", "actor", "target", "pai", "consumed", "hora_tehais", "yakus")
    return [tuple(str(sorted(v) if k == "consumed" and v else v)
                  for k, v in ((k, e.get(k)) for k in keys)) for e in events
            if e["type"] in ("tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan",
                             "hora")]


@pytest.mark.parametrize("counts", [(1, 2, 1), (2, 2, 2), (0, 4, 3)])
def test_the_mjai_log_of_a_game_with_red_counts_replays_exactly(counts):
    from ippatsu.io.events import Discard
    from ippatsu.io.mjai import load_mjai, mjai_rounds, write_json_lines
    from ippatsu.table.replay import replay_game
    from ippatsu.table.loops import play
    from ippatsu.table.mjai import replay_mjai

    rules = Rules(red_fives=counts)
    two_reds_named = False
    for seed in range(1 if PURE else 3):
        st = GameState(rules, seed)
        play(st, _agents(seed))
        assert st.events[0]["ippatsu_rules"]["red_five_counts"] == list(counts) or \
            tuple(st.events[0]["ippatsu_rules"]["red_five_counts"]) == counts
        dealt = []   # the red names dealt and drawn in the current hand
        for e in st.events:
            if e["type"] == "start_kyoku":
                dealt = [n for h in e["tehais"] for n in h if n.endswith("r")]
            elif e["type"] == "tsumo" and e["pai"].endswith("r"):
                dealt.append(e["pai"])
            two_reds_named |= max(dealt.count(f"5{s}r") for s in "mps") >= 2
        buf = io.StringIO()
        write_json_lines(st.events, buf)
        for given in (None, rules):   # the rules the log states, or given
            rep = replay_mjai(buf.getvalue(), given)
            assert rep.illegal == 0 and rep.problems == [], rep.problems
            assert rep.exact == rep.hands == len(st.hand_results) and rep.end_ok
        # the identical game: every draw, discard, call and win, red names included
        events = load_mjai(buf.getvalue())
        rounds, complete, final = mjai_rounds(events)   # the counts the log states
        # every discard read takes an id of the red-ness its name says
        names = [e["pai"] for e in events if e["type"] == "dahai"]
        ids = [ev.tile for rnd in rounds for ev in rnd.events if isinstance(ev, Discard)]
        assert len(names) == len(ids)
        assert [n.endswith("r") for n in names] == [t in rules.red_ids for t in ids]
        seen = []
        rep = replay_game(rounds, rules, complete=complete, final_scores=final,
                          on_step=lambda s, a: seen.append(s), record=True)
        assert rep.ok and _plays(seen[-1].events) == _plays(st.events)
    assert two_reds_named


def test_the_default_log_states_no_rules():
    st = GameState(Rules(), 1)
    assert st.events[0] == {"type": "start_game", "names": st.names}


# ------------------------------------------------------------------ env
def test_the_vector_env_plays_red_counts_as_the_table_does():
    from test_env import _drive

    seen = _drive(4, seed=5, n_envs=2, steps=300 if PURE else 2500,
                  rules=Rules(red_fives=(1, 2, 1)))
    assert seen["responses"] > 10 and seen["hands"] >= 2


def test_the_red_channels_count_the_red_copies():
    import numpy as np

    from ippatsu.env import PLANES, encode

    rules = Rules(red_fives=(0, 4, 0))
    held = [52, 53, 54]
    st = GameState(rules, start=False, auto_next=False)
    st.start_hand(_wall_with(held, 55))
    obs = encode(st, 1, "planes")
    row = obs[PLANES.index("hand_red")]
    assert row[13] == 3.0 and np.count_nonzero(row) == 1


# ------------------------------------------------------------------ snapshots, copies
def _advance(st, rng, n):
    """``n`` decisions by random legal indices (the same ``rng`` stream gives the same
    choices to states that are alike)."""
    for _ in range(n):
        if st.phase == Phase.GAME_END:
            return
        if st.phase == Phase.HAND_END:
            st.step([])
        elif st.phase == Phase.TURN:
            st.step(rng.choice(A.indices(st.legal_mask())))
        else:
            st.step({q: rng.choice(A.indices(st.legal_mask(q))) for q in st.to_act})


def test_copies_and_snapshots_keep_the_red_counts():
    rules = Rules(red_fives=(2, 2, 2))
    st = GameState(rules, 3, record=False, auto_next=False)
    _advance(st, random.Random(3), 40)
    while st.phase not in (Phase.TURN, Phase.RESPONSE):
        _advance(st, random.Random(4), 1)
    snap = st.snapshot()
    copies = [st.copy(), GameState.from_snapshot(snap, record=False, auto_next=False)]
    _advance(st, random.Random(7), 300)
    for other in copies:
        assert other.rules.red_counts == (2, 2, 2)
        _advance(other, random.Random(7), 300)
        assert other.scores == st.scores and other.hand == st.hand
        assert [h.kind for h in other.hand_results[-3:]] == \
            [h.kind for h in st.hand_results[-3:]]


def test_the_mjai_reader_gives_each_name_an_id_of_its_red_ness():
    """Two red 5p and a plain one in a hand (counts (1, 2, 1), stated by the log): the
    discard named ``5p`` takes the plain id, the ones named ``5pr`` the red ids."""
    from ippatsu.io.events import Discard
    from ippatsu.io.mjai import mjai_rounds

    rules = Rules(red_fives=(1, 2, 1))
    fill = ["1m", "2m", "3m", "4m", "6m", "7m", "8m", "9m", "1s", "2s"]
    other = ["E", "S", "W", "N", "P", "F", "C", "1p", "2p", "3p", "4p", "6p", "7p"]
    events = [{"type": "start_game", "names": ["a", "b", "c", "d"],
               "ippatsu_rules": rules.to_dict()},
              {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
               "oya": 0, "dora_marker": "9p", "scores": [25000] * 4,
               "tehais": [["5pr", "5pr", "5p"] + fill, other, other, other]},
              {"type": "tsumo", "actor": 0, "pai": "3s"},
              {"type": "dahai", "actor": 0, "pai": "5p", "tsumogiri": False},
              {"type": "tsumo", "actor": 1, "pai": "4s"},
              {"type": "dahai", "actor": 1, "pai": "4s", "tsumogiri": True},
              {"type": "tsumo", "actor": 2, "pai": "5s"},
              {"type": "dahai", "actor": 2, "pai": "5s", "tsumogiri": True},
              {"type": "tsumo", "actor": 3, "pai": "6s"},
              {"type": "dahai", "actor": 3, "pai": "6s", "tsumogiri": True},
              {"type": "tsumo", "actor": 0, "pai": "7s"},
              {"type": "dahai", "actor": 0, "pai": "5pr", "tsumogiri": False}]
    rounds, _, _ = mjai_rounds(events)
    hand = rounds[0].hands[0]
    assert sorted(t for t in hand if t >> 2 == 13) == [52, 53, 54]
    ids = [ev.tile for ev in rounds[0].events if isinstance(ev, Discard) and ev.who == 0]
    assert ids[0] not in rules.red_ids and ids[0] >> 2 == 13
    assert ids[1] in rules.red_ids and ids[1] >> 2 == 13


# ------------------------------------------------------------------ names and keys
#: the red names of notation: ``0m`` ``0p`` ``0s`` (a plain five is ``5``)
def _reds_named(text: str) -> int:
    return sum(g.count("0") for g in re.findall(r"[0-9]+[mpsz]", text))


def _check_names(st):
    """Every legal action of every seat: keys and names unique within the decision, each
    tile named red exactly when the rules' red ids hold it; every meld and observation
    likewise."""
    from ippatsu.table import Observation

    reds = st.rules.red_ids
    for p, acts in st._legal.items():
        keys = [st.action_key(a) for a in acts]
        assert len(set(keys)) == len(acts), [st.action_text(a) for a in acts]
        assert len({a.key_for(reds) for a in acts}) == len(acts)
        names = [st.action_text(a) for a in acts]
        assert len(set(names)) == len(acts), names
        for a, name in zip(acts, names):
            tiles = ([a.tile] if 0 <= a.tile < 136 else []) + list(a.consumed)
            assert _reds_named(name) == sum(1 for t in tiles if t in reds), (a, name)
    for ms in st.melds:
        for m in ms:
            assert _reds_named(str(m)) == m.n_red == sum(1 for t in m.tiles if t in reds)
    d = Observation(st, 0).to_dict()
    assert [n.endswith("r") for n in d["hand"]] == [t in reds for t in st.hand[0]]
    return len(st._legal)


NAME_COUNTS = [(1, 2, 1), (2, 2, 2), (0, 3, 0), (4, 4, 4), (1, 1, 1), (0, 0, 0)]


@pytest.mark.parametrize("counts", NAME_COUNTS,
                         ids=[f"reds_{''.join(map(str, c))}" for c in NAME_COUNTS])
def test_two_legal_actions_never_share_a_key_or_a_name_under_red_counts(counts):
    rules = Rules(red_fives=counts)
    seen = {"decisions": 0, "red": 0}

    def on_decision(st):
        _check_names(st)
        seen["decisions"] += 1
        seen["red"] += any(t in rules.red_ids for acts in st._legal.values()
                           for a in acts for t in (a.tile,) + a.consumed)

    for seed in range(1 if PURE else 2):
        _play(rules, seed, check=False, on_decision=on_decision)
    assert seen["decisions"] > 100
    assert (seen["red"] > 0) == (counts != (0, 0, 0))


def test_a_red_id_is_named_red_and_keyed_apart_from_a_plain_one():
    """Two red 5p (ids 52 and 53): a discard of 53 and one of 54 differ in key and name;
    53 is ``0p``, 54 ``5p``; under one red per suit 53 is plain."""
    from ippatsu.hand import Meld
    from ippatsu.tiles import format_tiles, tile_name

    rules = Rules(red_fives=(1, 2, 1))
    reds = rules.red_ids
    st = GameState(rules, 1)
    red, plain = Action(T.DISCARD, 0, 53), Action(T.DISCARD, 0, 54)
    assert st.action_key(red) != st.action_key(plain)
    assert red.key_for(reds) != plain.key_for(reds)
    assert (st.action_text(red), st.action_text(plain)) == ("discard 0p by 0", "discard 5p by 0")
    assert st.action_key(Action(T.DISCARD, 0, 52)) == st.action_key(red)
    assert (tile_name(53, reds), tile_name(53), tile_name(54, reds)) == ("0p", "5p", "5p")
    assert format_tiles([52, 53, 54], red_ids=reds) == "005p"
    pon = Action(T.PON, 1, 54, (52, 53), 0)
    assert st.action_text(pon) == "pon 5p+00p from 0 by 1"
    m = Meld("pon", (52, 53, 54), called=54, from_who=3, red_ids=reds)
    assert str(m) == "pon 5p+00p<L" and m.n_red == 2
    assert m != Meld("pon", (52, 54, 55), called=54, from_who=3, red_ids=reds)
    # no red fives: every copy is plain
    off = GameState(Rules(red_fives=False), 1)
    assert off.action_text(Action(T.DISCARD, 0, 16)) == "discard 5m by 0"
    assert off.action_key(Action(T.DISCARD, 0, 16)) == off.action_key(Action(T.DISCARD, 0, 17))


def test_one_red_per_suit_names_and_keys_as_before():
    """Default rules: the state's keys and names are ``Action.key`` and ``str(action)``,
    and its melds are the melds of the default red ids (16, 52, 88)."""
    from ippatsu.hand import Meld

    def on_decision(st):
        for acts in st._legal.values():
            for a in acts:
                assert st.action_key(a) == a.key == a.key_for(None)
                assert st.action_text(a) == str(a) == a.text()
        for ms in st.melds:
            for m in ms:
                kw = {} if m.called is None else {"called": m.called, "from_who": m.from_who}
                assert m == Meld(m.type, m.tiles, added=m.added, **kw) and repr(m).startswith("Meld.parse")

    _play(Rules(), 2, check=False, on_decision=on_decision)
