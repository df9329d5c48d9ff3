"""Position studies (ippatsu.study.position): positions cut from games, sampled worlds,
play-outs, records, errors, and the uniformity of the sampler."""
from __future__ import annotations

import copy
import doctest
import os
import pickle
import random
from collections import Counter
from itertools import combinations_with_replacement
from math import comb, sqrt

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as hs

from conftest import SHARED_DATA
from ippatsu import _backend as _ipt_backend
from ippatsu import core
from ippatsu.errors import (HandSizeError, IllegalActionError, IppatsuError, NotationError,
                            TileCountError)
from ippatsu.rules import Rules
import ippatsu.study._position as P
from ippatsu.study._position import (EXAMPLE, Outcome, Position, PositionError, TenpaiSampler,
                                    World, cut_record, legal_choices, play_out, resolve_choice,
                                    sample_state, state_from_world)
from ippatsu.table import Action, ActionType, GameState, GreedyAgent, Observation, Phase, \
    RandomAgent
from ippatsu.table.mjai import to_json_lines

PURE = _ipt_backend.PURE
EXAMPLES = 6 if PURE else 40

# every per-hand attribute of the state machine that an installed position must reproduce
ATTRS = ["hand", "cnt", "melds", "is_open", "river", "river_called", "river_riichi",
         "disc_mask", "waits", "shanten", "riichi", "double_riichi", "ippatsu", "temp_furiten",
         "riichi_furiten", "first_turn", "no_calls", "nagashi_ok", "kuikae", "pao", "kans",
         "kan_count", "n_discards", "pending_riichi", "suukaikan", "actor", "last_draw",
         "rinshan_draw", "rinshan_from", "after_call", "visible", "left", "n_dora",
         "pending_dora", "scores", "deposits", "honba", "kyoku", "phase"]


def _agents(seed: int, kinds: str):
    return [GreedyAgent() if k == "g" else RandomAgent(seed * 10 + i)
            for i, k in enumerate(kinds)]


def _clone(agents):
    out = copy.deepcopy(agents)
    for a in out:  # deepcopy keeps a builtin bound method pointing at the old generator
        if isinstance(a, RandomAgent):
            a._bits = a.rng.getrandbits
    return out


def _play_to(seed: int, cut: int, kinds: str, rules=None):
    """Self-play (hands after the first too) until the ``cut``-th TURN point: (state,
    agents), or (None, None) when the game ends first."""
    st = GameState(rules or Rules(), seed, auto_next=False, record=False)
    agents = _agents(seed, kinds)
    n = 0
    while True:
        ph = st.phase
        if ph == Phase.TURN:
            if n == cut:
                return st, agents
            n += 1
            p = st.actor
            st.step(agents[p](Observation(st, p), st.legal_actions(p)))
        elif ph == Phase.RESPONSE:
            st.step([agents[q](Observation(st, q), st.legal_actions(q)) for q in st.to_act])
        elif ph == Phase.HAND_END:
            st.next_hand()
        else:
            return None, None


def _hidden_zones(pos: Position, w: World):
    opp = [t for q in range(4) if q != pos.seat for t in w.hands[q]]
    return opp + list(w.live) + list(w.rinshan) + list(w.dora) + list(w.ura)


def _check_world(pos: Position, w: World, st: GameState) -> None:
    p = pos.seat
    visible = pos.visible_ids()
    hidden = _hidden_zones(pos, w)
    assert sorted(visible + hidden) == list(range(136))  # every id once, reds included
    assert sorted(hidden) == pos.unseen_ids()
    assert tuple(w.hands[p]) == pos.hand
    for q in range(4):
        assert len(w.hands[q]) + 3 * len(pos.melds[q]) == (14 if q == p else 13)
    assert len(w.live) == pos.left + pos.kans and len(w.rinshan) == 4 - pos.kans
    assert len(w.dora) == 5 - len(pos.dora_indicators) and len(w.ura) == 5
    assert st.left == pos.left and st.phase == Phase.TURN and st.actor == p
    st.check_invariants()
    for q in range(4):
        if q != p and pos.riichi[q] >= 0:  # a riichi hand is tenpai
            assert core.shanten(bytes(st.cnt[q])) == 0


def _cut_strategy():
    return hs.tuples(hs.integers(0, 10 ** 6), hs.integers(0, 150),
                     hs.text("gr", min_size=4, max_size=4),
                     hs.sampled_from(["ippatsu", "tenhou"]))


# ---------------------------------------------------------------------- properties
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(_cut_strategy(), hs.integers(0, 2 ** 32 - 1))
def test_sampled_world_is_a_legal_deal(cut, sample_seed):
    seed, at, kinds, preset = cut
    rules = Rules.preset(preset)
    st, _ = _play_to(seed, at, kinds, rules)
    if st is None:
        return
    p = st.actor
    pos = Position.from_state(st, p)
    pos.validate(rules)
    # The riichi hands are drawn by rejection (independent tenpai hands, kept when their
    # ids do not overlap): with three riichi opponents over few unseen tiles a draw can
    # take more proposals than the sampler's bound (it then raises riichi_impossible),
    # so such cuts are left out here.
    assume(sum(1 for q in range(4) if q != p and pos.riichi[q] >= 0) < 3)
    # text round trip
    back = Position.parse(pos.to_text())
    assert back == pos and back.to_text() == pos.to_text()
    assert Position.parse(back.to_text()) == back
    sam = pos.prepare(rules)
    rng = np.random.default_rng(sample_seed)
    for _ in range(2):
        w = sam.world(rng)
        s2 = sam.state(world=w)
        _check_world(pos, w, s2)
        assert s2.legal_actions(p) == st.legal_actions(p)
        assert Position.from_state(s2, p) == pos  # the seat sees the same table
    # a parsed position (copies re-assigned) samples legal deals too
    s3 = sample_state(back, rng, rules)
    _check_world(back, World.from_state(s3), s3)
    assert sorted(a.key for a in s3.legal_actions(p)) == sorted(
        a.key for a in st.legal_actions(p))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(_cut_strategy())
def test_actual_world_reproduces_the_game(cut):
    """With the real hidden tiles the installed state equals the original one, and the
    same deterministic agents reach the same result."""
    seed, at, kinds, preset = cut
    rules = Rules.preset(preset)
    st, agents = _play_to(seed, at, kinds, rules)
    if st is None:
        return
    p = st.actor
    pos = Position.from_state(st, p)
    s2 = state_from_world(pos, World.from_state(st), rules)
    for a in ATTRS:
        assert getattr(s2, a) == getattr(st, a), a
    assert s2.legal_actions(p) == st.legal_actions(p)
    twins = _clone(agents)
    a1 = agents[p](Observation(st, p), st.legal_actions(p))
    a2 = twins[p](Observation(s2, p), s2.legal_actions(p))
    assert a1 == a2
    o1 = play_out(st, a1, agents, p)
    o2 = play_out(s2, a2, twins, p)
    r1, r2 = st.hand_results[-1], s2.hand_results[-1]
    assert (r1.kind, r1.deltas, r1.tenpai) == (r2.kind, r2.deltas, r2.tenpai)
    assert [(w.winner, w.from_who, w.deltas, w.score.han, w.score.fu) for w in r1.wins] == \
        [(w.winner, w.from_who, w.deltas, w.score.han, w.score.fu) for w in r2.wins]
    assert st.scores == s2.scores and o1 == o2


@pytest.mark.parametrize("allowed", [False, True])
def test_position_after_a_call_keeps_the_kuikae_rule(allowed):
    """A position cut right after a chi or pon, installed again from its real world: the
    discards offered are the table's — the called kind among them only under
    ``Rules.kuikae_allowed`` (the caller holding another copy of it)."""
    rules = Rules().replace(kuikae_allowed=allowed)
    for seed in range(40):
        st = GameState(rules, seed, auto_next=False, record=False)
        agents = _agents(seed, "rrrr")
        while st.phase in (Phase.TURN, Phase.RESPONSE):
            if st.phase == Phase.TURN:
                p = st.actor
                if st.after_call and st.cnt[p][st.melds[p][-1].called >> 2]:
                    break
                st.step(agents[p](Observation(st, p), st.legal_actions(p)))
            else:
                st.step([agents[q](Observation(st, q), st.legal_actions(q))
                         for q in st.to_act])
        else:
            continue
        k = st.melds[p][-1].called >> 2
        s2 = state_from_world(Position.from_state(st, p), World.from_state(st), rules)
        assert s2.kuikae == st.kuikae and s2.legal_actions(p) == st.legal_actions(p)
        offered = {a.tile >> 2 for a in s2.legal_actions(p) if a.type is ActionType.DISCARD}
        assert (k in offered) == allowed
        return
    raise AssertionError("no turn after a call with the called kind still held")


def test_installed_state_has_the_constructor_attributes():
    """The sampler's states (from_snapshot once, then a copy dealt again per world) have
    the attribute set of a state played to the same point (checked where the state has an
    instance dict: the interpreted state machine)."""
    st, _ = _play_to(3, 20, "grgr")
    pos = Position.from_state(st, st.actor)
    s2 = sample_state(pos, np.random.default_rng(1))
    if not hasattr(st, "__dict__"):
        pytest.skip("compiled GameState has no instance dict (slots are fixed by state.pxd)")
    assert set(vars(s2)) == set(vars(st))


def test_same_rng_same_world_and_common_worlds_for_choices():
    pos = Position.parse(EXAMPLE)
    sam = pos.prepare()
    w1 = sam.world(np.random.default_rng(7))
    w2 = sam.world(np.random.default_rng(7))
    assert w1 == w2
    agents = [GreedyAgent() for _ in range(4)]
    outs = {}
    for choice in ("riichi 9s", "9s", "2m"):
        st = sam.state(world=w1)
        outs[choice] = play_out(st, resolve_choice(pos, choice), agents, pos.seat)
        assert isinstance(outs[choice], Outcome)
    # the same world and choice give the same outcome
    assert play_out(sam.state(world=w1), "9s", agents, pos.seat) == outs["9s"]


def test_play_out_outcome_fields():
    pos = Position.parse(EXAMPLE)
    sam = pos.prepare()
    agents = [GreedyAgent() for _ in range(4)]
    rng = np.random.default_rng(11)
    seen = Counter()
    for _ in range(30 if not PURE else 6):
        st = sam.state(rng)
        before = list(st.scores)
        o = play_out(st, "riichi 9s", agents, pos.seat)
        res = st.hand_results[-1]
        assert st.phase in (Phase.HAND_END, Phase.GAME_END)
        assert o.kind == res.kind and o.draw == (res.kind != "win")
        assert o.win == any(w.winner == pos.seat for w in res.wins)
        assert o.deal_in == any(w.from_who == pos.seat != w.winner for w in res.wins)
        if st.phase == Phase.HAND_END:
            assert o.delta == st.scores[pos.seat] - before[pos.seat]
        if o.draw and o.kind == "exhaustive":
            assert o.tenpai  # a riichi hand is tenpai at the end
        seen[o.kind] += 1
        if not o.win and st.riichi[pos.seat] == 2:  # the stick is part of the delta
            assert o.delta <= -1000 or o.kind == "exhaustive"
    assert sum(seen.values()) > 0


# ---------------------------------------------------------------------- choices
def test_resolve_choice_forms():
    pos = Position.parse(EXAMPLE)
    legal = pos.prepare().legal
    names = legal_choices(pos)
    for a, name in zip(legal, names):
        assert resolve_choice(pos, name) == a
        assert resolve_choice(pos, a) == a
    assert resolve_choice(pos, "discard 7s") == resolve_choice(pos, "7s") == \
        resolve_choice(pos, "tsumogiri")
    assert resolve_choice(pos, "riichi") == resolve_choice(pos, "riichi 9s")
    r = resolve_choice(pos, "riichi 9s")
    assert r.type is ActionType.RIICHI and r.tile >> 2 == 26
    # an Action with another copy of the same kind resolves to the legal one
    d = next(a for a in legal if a.type is ActionType.DISCARD and a.tile >> 2 == 11)
    other = next(t for t in range(44, 48) if t != d.tile)
    assert resolve_choice(pos, Action(ActionType.DISCARD, pos.seat, other)) == d


@pytest.mark.parametrize("choice", ["1m", "riichi 3p", "tsumo", "ankan 9p", "kyuushu",
                                    "discard", "riichi 5m 6m", "x"])
def test_illegal_choice(choice):
    pos = Position.parse(EXAMPLE)
    with pytest.raises(IllegalActionError) as e:
        resolve_choice(pos, choice)
    assert e.value.code == "illegal_choice"
    msg = str(e.value)
    assert repr(choice) in msg and "legal: " in msg and "riichi 9s" in msg


# ---------------------------------------------------------------------- bad input
def _edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize("old,new,exc,code,words", [
    ("dora 0m", "dora 0m2m2m2m", TileCountError, "fifth_copy", "fifth copy"),
    ("hand 22567m34789p569s 7s", "hand 2567m34789p569s 7s", HandSizeError, "bad_hand_size",
     "needs 14"),
    ("left 44", "left 45", PositionError, "tile_total", "should be 44"),
    ("river 1 3z 7z", "river 1 3z* 7z", PositionError, "called_mark_unmatched", "marked called"),
    ("dora 0m", "dora 0m 1m", PositionError, "bad_dora_count", "2 dora indicators"),
    ("ippatsu -", "ippatsu 1", PositionError, "bad_ippatsu", "seat 1"),
    ("turn 1 draw", "turn 1 rinshan", PositionError, "bad_via", "kan"),
    ("turn 1 draw", "turn 5 draw", PositionError, "bad_seat", "0-3"),
    ("scores", "score", NotationError, "bad_position_text", "unknown line"),
    ("scores 25000 25000 24000", "scores 25000 25000 25000", PositionError, "score_total",
     "add up to 101000"),
])
def test_bad_positions(old, new, exc, code, words):
    with pytest.raises(exc) as e:
        Position.parse(_edit(EXAMPLE, old, new)).validate()
    assert isinstance(e.value, IppatsuError) and e.value.code == code
    assert words in str(e.value)


def test_riichi_with_an_open_hand():
    # seat 2 (in riichi) shows a pon of seat 1's last discard
    text = _edit(EXAMPLE, "river 1 3z 7z 1z 3s 5z 2z", "river 1 3z 7z 1z 3s 5z 2z*")
    text = _edit(text, "left 44", "left 45") + "meld 2 pon 2z+22z<L\n"
    with pytest.raises(PositionError) as e:
        Position.parse(text).validate()
    assert e.value.code == "riichi_open_hand" and "riichi with an open hand" in str(e.value)


def test_own_riichi_hand_must_be_tenpai_and_duplicate_ids():
    pos = Position.parse(EXAMPLE)
    riichi = list(pos.riichi)
    riichi[pos.seat] = 0
    bad = Position(**{**_fields(pos), "riichi": tuple(riichi)})
    with pytest.raises(PositionError) as e:
        bad.validate()
    assert e.value.code == "riichi_not_tenpai"
    rivers = list(pos.rivers)
    rivers[0] = rivers[0] + (pos.hand[0],)  # one id in two places
    with pytest.raises(TileCountError) as e:
        Position(**{**_fields(pos), "rivers": tuple(rivers), "river_called": None}).validate()
    assert e.value.code == "duplicate_id"


def _fields(pos: Position) -> dict:
    import dataclasses

    return {f.name: getattr(pos, f.name) for f in dataclasses.fields(pos) if f.init}


def test_from_state_needs_the_seat_to_move():
    st, _ = _play_to(4, 10, "gggg")
    with pytest.raises(PositionError) as e:
        Position.from_state(st, (st.actor + 1) % 4)
    assert e.value.code == "not_turn"


# ---------------------------------------------------------------------- uniformity
def _chi2_bound(df: int) -> float:
    return df + 6 * sqrt(2 * df) + 10  # generous: about p < 1e-6


def test_sampler_is_uniform_over_unseen_ids():
    """An opponent's first tile and the next live draw are uniform over the unseen ids
    (red fives by id: the unseen red five has its 1/n share, a visible one never comes)."""
    text = _edit(EXAMPLE, "4p!", "4p")
    text = _edit(text, "ippatsu -\ndouble -\n", "")
    pos = Position.parse(text)
    sam = pos.prepare()
    unseen = pos.unseen_ids()
    assert 16 not in unseen and 52 in unseen and 88 in unseen
    rng = np.random.default_rng(2024)
    n = 20000
    opps = [q for q in range(4) if q != pos.seat]
    names = [f"hand{q}[{i}]" for q in opps for i in (0, 12)] + \
        ["live[0]", "live[-1]", "rinshan[0]", "dora[0]", "ura[4]"]
    slots = {k: Counter() for k in names}
    for _ in range(n):
        w = sam.world(rng)
        for q in opps:
            slots[f"hand{q}[0]"][w.hands[q][0]] += 1
            slots[f"hand{q}[12]"][w.hands[q][12]] += 1
        slots["live[0]"][w.live[0]] += 1
        slots["live[-1]"][w.live[-1]] += 1
        slots["rinshan[0]"][w.rinshan[0]] += 1
        slots["dora[0]"][w.dora[0]] += 1
        slots["ura[4]"][w.ura[4]] += 1
    slots["opp"] = slots[f"hand{opps[1]}[0]"]
    for c in slots.values():
        assert set(c) <= set(unseen) and 16 not in c
        e = n / len(unseen)
        chi2 = sum((c.get(t, 0) - e) ** 2 / e for t in unseen)
        assert chi2 < _chi2_bound(len(unseen) - 1), chi2
    # kinds: proportional to the unseen counts
    u = pos.unseen_counts()
    kinds = Counter()
    for t, k in slots["opp"].items():
        kinds[t >> 2] += k
    chi2 = sum((kinds.get(k, 0) - n * u[k] / len(unseen)) ** 2 / (n * u[k] / len(unseen))
               for k in range(34) if u[k])
    assert chi2 < _chi2_bound(sum(1 for x in u if x) - 1)


def _exact_tenpai(u, n, form=None):
    """Weighted tenpai multisets by brute force (the engine's shanten), small supports."""
    support = [k for k in range(34) if u[k]]
    out = {}
    for combo in combinations_with_replacement(support, n):
        c = [0] * 34
        for k in combo:
            c[k] += 1
        if any(c[k] > min(4, u[k]) for k in support):
            continue
        if core.shanten(bytes(c), form=form) == 0:
            w = 1
            for k in support:
                w *= comb(u[k], c[k])
            out[tuple(c)] = w
    return out


@pytest.mark.parametrize("n,support", [
    (4, {0: 4, 1: 3, 2: 3, 3: 2, 4: 4, 27: 3, 31: 2}),
    (7, {9: 3, 10: 4, 11: 2, 12: 3, 13: 1, 20: 3, 28: 2}),
    (13, {18: 3, 19: 3, 20: 3, 21: 4, 22: 2, 23: 3, 0: 1, 8: 1, 27: 3}),
])
def test_tenpai_sampler_matches_brute_force(n, support):
    """The riichi-hand sampler: the standard-form weight equals the brute-force count, and
    draws follow the exact distribution over every tenpai form (chi-square)."""
    u = [support.get(k, 0) for k in range(34)]
    ts = TenpaiSampler(u, n)
    std = _exact_tenpai(u, n, "standard")
    assert abs(ts.forms[0].total - sum(std.values())) <= 1e-9 * sum(std.values())
    exact = _exact_tenpai(u, n)
    total = sum(exact.values())
    rng = np.random.default_rng(n)
    draws = 6000 if not PURE else 2000
    got = Counter(tuple(ts.sample(rng)) for _ in range(draws))
    assert set(got) <= set(exact)
    # cells with expected >= 5, the rest pooled
    chi2 = 0.0
    df = 0
    rest_e = rest_o = 0.0
    for c, w in exact.items():
        e = draws * w / total
        if e >= 5:
            chi2 += (got.get(c, 0) - e) ** 2 / e
            df += 1
        else:
            rest_e += e
            rest_o += got.get(c, 0)
    if rest_e > 0:
        chi2 += (rest_o - rest_e) ** 2 / rest_e
        df += 1
    assert chi2 < _chi2_bound(max(df - 1, 1)), (chi2, df)


def test_riichi_opponents_hold_tenpai_hands_of_every_form():
    pos = Position.parse(EXAMPLE)
    sam = pos.prepare()
    rng = np.random.default_rng(5)
    forms = Counter()
    for _ in range(300 if not PURE else 60):
        st = sam.state(rng)
        c = bytes(st.cnt[2])
        assert core.shanten(c) == 0
        f = core.shanten_forms(c)
        forms["standard" if f.standard == 0 else "chiitoitsu" if f.chiitoitsu == 0
              else "kokushi"] += 1
    assert forms["standard"] > 0


# ---------------------------------------------------------------------- records
def _record_files():
    out = []
    for sub, ext in (("tenhou/mjlog/mjx", ".mjlog"), ("tenhou/json/mjx", ".json")):
        d = SHARED_DATA / sub
        if d.is_dir():
            out += sorted(str(p) for p in d.iterdir() if p.suffix == ext)[:3]
    return out


@pytest.mark.parametrize("path", _record_files() or [None], ids=lambda p: os.path.basename(p) if p else "none")
def test_record_cut_with_actual_tiles_reproduces_the_record(path):
    if path is None:
        pytest.skip(f"shared data not available: {SHARED_DATA}")
    checked = 0
    for hand in (0, 3, 6):
        for turn in (0, 7, 19, 40):
            try:
                cut = cut_record(path, hand_index=hand, turn=turn)
            except PositionError as e:
                assert e.code == "bad_cut"
                continue
            pos = cut.position
            assert Position.parse(pos.to_text()) == pos
            st = state_from_world(pos, cut.world, cut.rules)
            assert st.legal_actions(pos.seat) == cut.state.legal_actions(pos.seat)
            _check_world(pos, cut.world, st)
            assert cut.replay(st) == []
            # the record's own state machine reaches the same result
            assert cut.replay(cut.state) == []
            assert st.hand_results[-1].deltas == cut.state.hand_results[-1].deltas
            checked += 1
    assert checked >= 6


def test_record_cut_by_seat_and_from_record(shared_data):
    files = _record_files()
    if not files:
        pytest.skip("no Tenhou records")
    cut = cut_record(files[0], hand_index=1, turn=3, seat=2)
    assert cut.position.seat == 2
    assert Position.from_record(files[0], hand_index=1, turn=3, seat=2) == cut.position
    with pytest.raises(PositionError) as e:
        cut_record(files[0], hand_index=1, turn=500)
    assert e.value.code == "bad_cut"


def test_mjai_log_cut():
    """An mjai log (the engine's own, no shared data needed)."""
    from ippatsu.sim import play

    res = play(5, [GreedyAgent() for _ in range(4)], Rules.tenhou())
    text = "\n".join(to_json_lines(res["events"]))
    for turn in (0, 10, 25):
        cut = cut_record(text, hand_index=0, turn=turn)
        st = state_from_world(cut.position, cut.world, cut.rules)
        assert cut.replay(st) == []


# ---------------------------------------------------------------------- misc
def test_pickle_position_and_sampler():
    pos = Position.parse(EXAMPLE)
    sam = pos.prepare()
    sam.state(np.random.default_rng(0))
    pos2 = pickle.loads(pickle.dumps(pos))
    assert pos2 == pos
    sam2 = pickle.loads(pickle.dumps(sam))
    w = sam.world(np.random.default_rng(3))
    assert sam2.world(np.random.default_rng(3)) == w
    assert sam2.state(world=w).legal_actions(pos.seat) == sam.state(world=w).legal_actions(pos.seat)


def test_derived_flags():
    pos = Position.parse(EXAMPLE)
    assert pos.ippatsu == (False,) * 4 and pos.double_riichi == (False,) * 4
    no_flags = _edit(EXAMPLE, "ippatsu -\ndouble -\n", "")
    assert Position.parse(no_flags) == pos  # derived the same
    assert Position.parse(_edit(EXAMPLE, "ippatsu -", "ippatsu 2")).ippatsu == \
        (False, False, True, False)


def test_doctests():
    assert doctest.testmod(P).failed == 0
