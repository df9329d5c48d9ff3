"""Self-play: invariants at every step, an independent check of every offered action set,
determinism, mjai events and observations."""
from __future__ import annotations

import io
import json
import random

import pytest

from ippatsu import _backend
from ippatsu.rules import RonMode, Rules
from ippatsu.sim import play, play_many
from ippatsu.table import (Action, ActionType, GameState, GreedyAgent, Observation, Phase,
                           RandomAgent)
from ippatsu.table.loops import play as table_play, play_checked
from ippatsu.table.mjai import mask_events, write_json_lines

T = ActionType
_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _counts(ids):
    c = [0] * 34
    for t in ids:
        c[t >> 2] += 1
    return c


def _kuikae_ban(meld, rules) -> set:
    """RULES §8 kuikae, from the call itself (not from the engine's own ban mask): the
    called kind and, for a chi, the kind at the other end of the run (same suit only);
    nothing under ``Rules.kuikae_allowed``."""
    others = sorted(t >> 2 for t in meld.tiles if t != meld.called)
    return _call_ban(meld.called >> 2, others if meld.type.name == "CHI" else None, rules)


def _call_ban(k, others, rules) -> set:
    """The kinds banned after calling kind ``k`` (a chi with the kinds ``others``, or a
    pon when ``others`` is None)."""
    if rules.kuikae_allowed:
        return set()
    ban = {k}
    if others is not None:
        if others[0] == k + 1 and k % 9 + 3 <= 8:     # called the low end: k..k+2
            ban.add(k + 3)
        elif others[1] == k - 1 and k % 9 - 3 >= 0:   # called the high end: k-2..k
            ban.add(k - 3)
    return ban


def check_offered(st: GameState) -> None:
    """What the engine offers, checked against rules computed from scratch (pure-Python
    reference core): no illegal action offered, no legal one missing for the kinds
    checked here."""
    from ippatsu._reference import api as refapi

    if st.phase == Phase.TURN:
        p = st.actor
        acts = st.legal_actions(p)
        hand = st.hand[p]
        c = _counts(hand)
        assert len(hand) + 3 * len(st.melds[p]) == 14
        types = {a.type for a in acts}
        # tsumo offered exactly when the hand is complete and has a yaku
        complete = refapi.is_agari(c) if not st.after_call else False
        if T.TSUMO in types:
            assert complete
        elif complete:  # a complete hand without the offer must have no yaku
            assert st._score(p, st.last_draw, True).error == "no_yaku"
        for a in acts:
            if a.type in (T.DISCARD, T.RIICHI):
                assert a.tile in hand
                assert not (st.kuikae >> (a.tile >> 2)) & 1, "kuikae-banned discard offered"
                if st.after_call:
                    assert (a.tile >> 2) not in _kuikae_ban(st.melds[p][-1], st.rules), \
                        ("kuikae (RULES §8) discard offered", a, st.melds[p][-1])
            if a.type is T.RIICHI:
                # RULES §8: 1,000 points and four live tiles, or the preset's own
                assert (not st.is_open[p] and st.scores[p] >= st.rules.riichi_min_points
                        and st.left >= st.rules.riichi_min_wall)
                c2 = list(c)
                c2[a.tile >> 2] -= 1
                assert refapi.shanten(c2) == 0
            if a.type is T.ANKAN:
                assert c[a.tile >> 2] == 4
            if a.type is T.KYUUSHU:
                assert sum(1 for k in _YAOCHUU if c[k]) >= 9
        # the discard fast path of step() accepts exactly the offered kinds
        from ippatsu.errors import IllegalActionError
        spec = st._spec
        offered_specs = {spec[a.tile] for a in acts if a.type is T.DISCARD}
        for t in hand:
            try:
                st._resolve(Action(T.DISCARD, p, t))
                accepted = True
            except IllegalActionError:
                accepted = False
            assert accepted == (spec[t] in offered_specs), (t, acts)
        if st.after_call:
            ban = _kuikae_ban(st.melds[p][-1], st.rules)
            assert {a.tile >> 2 for a in acts if a.type is T.DISCARD} == \
                {t >> 2 for t in hand if (t >> 2) not in ban}, ("kuikae", ban, acts)
        if st.riichi[p]:
            assert types <= {T.DISCARD, T.TSUMO, T.ANKAN}
            assert [a.tile for a in acts if a.type is T.DISCARD] == [st.last_draw]
        elif not st.after_call:
            # every distinct tile can be discarded: one discard per kind and red-ness (the
            # red ids those of the rules, Rules.red_five_counts)
            reds = st.rules.red_ids
            offered = [(a.tile >> 2, a.tile in reds) for a in acts if a.type is T.DISCARD]
            assert len(offered) == len(set(offered))
            assert set(offered) == {(t >> 2, t in reds) for t in hand}
            closed = not st.is_open[p]
            can_riichi = (closed and st.scores[p] >= st.rules.riichi_min_points
                          and st.left >= st.rules.riichi_min_wall) and any(
                refapi.shanten([x - (k == i) for i, x in enumerate(c)]) == 0
                for k in range(34) if c[k])
            assert (T.RIICHI in types) == can_riichi
    elif st.phase == Phase.RESPONSE and st.resp_kind == "draw":
        # the noten declaration at an exhaustive draw (Rules.noten_declaration): exactly
        # the tenpai seats not in riichi choose between showing (PASS) and hiding (NOTEN)
        assert st.left == 0 and st.rules.noten_declaration
        for q in range(st.n_players):
            tenpai = not st.dead_hand[q] and refapi.shanten(_counts(st.hand[q])) == 0
            want = {T.PASS, T.NOTEN} if tenpai and not st.riichi[q] else set()
            assert {a.type for a in st._legal.get(q, ())} == want, (q, st._legal)
    elif st.phase == Phase.RESPONSE:
        t = st.resp_tile
        k = t >> 2
        d = st.resp_actor
        # nobody who may win is left out: complete with the tile, not furiten, a yaku
        for q in range(4):
            if q == d or any(a.type is T.RON for a in st._legal.get(q, ())):
                continue
            c13 = _counts(st.hand[q])
            if not refapi.is_agari(_counts(st.hand[q] + [t])):
                continue
            waits = [w for w in range(34) if c13[w] < 4 and refapi.is_agari(
                [x + (i == w) for i, x in enumerate(c13)])]
            furiten = (any(r >> 2 in waits for r in st.river[q]) or st.temp_furiten[q]
                       or st.riichi_furiten[q])
            robbing_closed_kan = st.resp_kind == "ankan"
            if not furiten and not robbing_closed_kan:
                r = st._score(q, t, False, d, chankan=st.resp_kind != "discard")
                assert r.error == "no_yaku", f"seat {q} may ron {t} but is not offered it"
        reds = st.rules.red_ids
        for q, acts in st._legal.items():
            assert q != d
            types = {a.type for a in acts}
            assert T.PASS in types
            # a pon per number of red fives it can take from the hand (0, 1 or 2)
            pons = [sum(1 for x in a.consumed if x in reds) for a in acts if a.type is T.PON]
            if pons:
                same = [x for x in st.hand[q] if x >> 2 == k]
                can = {(x in reds) + (y in reds) for i, x in enumerate(same)
                       for y in same[i + 1:]}
                assert sorted(pons) == sorted(can), ("pon variants", st.hand[q], t, pons)
            for a in acts:
                if a.type is T.CHI:
                    assert q == (d + 1) % 4 and st.resp_kind == "discard"
                    assert sorted([k] + [x >> 2 for x in a.consumed]) in (
                        [k - 2, k - 1, k], [k - 1, k, k + 1], [k, k + 1, k + 2])
                if a.type in (T.CHI, T.PON, T.DAIMINKAN):
                    assert st.left > 0 and not st.riichi[q]
                    assert all(x in st.hand[q] for x in a.consumed)
                if a.type is T.RON:
                    c = _counts(st.hand[q] + [t])
                    assert refapi.is_agari(c)
                    # not furiten
                    waits = {w for w in range(34) if (st.waits[q] >> w) & 1}
                    assert not any((st.disc_mask[q] >> w) & 1 for w in waits)
                    assert not st.temp_furiten[q] and not st.riichi_furiten[q]
        # chi: every run the next seat can make with the discard is offered, unless it
        # would leave only kuikae-banned tiles to discard (RULES §8; every run under
        # Rules.kuikae_allowed)
        q = (d + 1) % 4
        if (st.n_players == 4 and st.resp_kind == "discard" and k < 27 and st.left > 0
                and not st.riichi[q] and not st.dead_hand[q]):
            c = _counts(st.hand[q])
            want = set()
            for lo in range(k - 2, k + 1):
                if lo < 9 * (k // 9) or lo + 2 > 9 * (k // 9) + 8:
                    continue
                others = [x for x in (lo, lo + 1, lo + 2) if x != k]
                if not all(c[x] for x in others):
                    continue
                left = list(c)
                for x in others:
                    left[x] -= 1
                ban = _call_ban(k, others, st.rules)
                if any(left[x] for x in range(34) if x not in ban):
                    want.add(tuple(others))
            got = {tuple(sorted(x >> 2 for x in a.consumed))
                   for a in st._legal.get(q, ()) if a.type is T.CHI}
            assert got == want, ("chi offers", st.hand[q], t, got, want)


def check_state(st):
    """The oracle of the offered actions and the state's invariants."""
    check_offered(st)
    st.check_invariants()


def _run(seed, agents, rules=None, checks=True):
    st = GameState(rules, seed)
    steps = play_checked(st, agents, check_state if checks else None)
    return st, steps


@pytest.mark.parametrize("every", [1, 3])
def test_the_checked_loop_checks_before_its_decisions_and_sees_every_hand_end(every):
    """``play_checked``: ``check`` before every ``every``-th decision (the state then at a
    decision), ``on_hand_end`` once per hand with ``auto_next`` off, the same game as the
    plain loop plays with the same agents (the same seeds, the same decisions)."""
    seen, ends = [], []

    def check(st):
        assert st.phase in (Phase.TURN, Phase.RESPONSE) and st._legal
        seen.append(st.phase)

    st = GameState(Rules(), 5, auto_next=False)
    n = play_checked(st, [RandomAgent(50 + i) for i in range(4)], check, every,
                     on_hand_end=lambda s: ends.append(len(s.hand_results)))
    assert len(seen) == (n + every - 1) // every and n > 100
    assert ends == list(range(1, len(st.hand_results) + 1))
    ref = GameState(Rules(), 5, auto_next=False)
    table_play(ref, [RandomAgent(50 + i) for i in range(4)])
    assert ref.events == st.events and ref.scores == st.scores


@pytest.mark.parametrize("seed", range(6))
def test_random_selfplay_invariants_and_offered_actions(seed):
    rules = [Rules(), Rules.tenhou(), Rules().replace(ron_mode=RonMode.DOUBLE, red_fives=False)][seed % 3]
    st, steps = _run(seed, [RandomAgent(seed * 10 + i) for i in range(4)], rules)
    assert steps > 100 and st.final is not None


class _Caller:
    """Greedy, but takes every call and kan it is offered (exercises calls and kans)."""

    def __init__(self, seed):
        self.g = GreedyAgent()
        self.rng = random.Random(seed)

    def __call__(self, obs, legal):
        for a in legal:
            if a.type in (T.TSUMO, T.RON):
                return a
        calls = [a for a in legal if a.type in (T.PON, T.CHI, T.DAIMINKAN, T.ANKAN, T.KAKAN)]
        if calls and self.rng.random() < 0.7:
            return self.rng.choice(calls)
        return self.g(obs, legal)


@pytest.mark.parametrize("seed", range(6))
def test_greedy_and_caller_selfplay_invariants(seed):
    agents = [GreedyAgent(), _Caller(seed), GreedyAgent(), _Caller(seed + 100)]
    rules = [Rules(), Rules.tenhou(), Rules.planet()][seed % 3]
    st, _ = _run(seed, agents, rules)
    kinds = {r.kind for r in st.hand_results}
    assert kinds  # something happened
    assert sum(st.scores) == 100000


def test_swap_calling_selfplay_offers_the_called_kind_after_a_call():
    """``Rules.kuikae_allowed`` (the ``mu`` preset) in self-play with callers: the oracle
    above (kuikae from the call itself, chi offers from the hand) holds at every step, and
    discards the default rules ban after a call are offered — and reached here."""
    agents = [_Caller(1), _Caller(2), GreedyAgent(), _Caller(3)]
    st = GameState(Rules.mu(), 0)
    views = [Observation(st, p) for p in range(4)]
    default = Rules()
    swaps = 0
    while st.phase != Phase.GAME_END and swaps < 3:
        check_offered(st)
        st.check_invariants()
        legal = st._legal
        if st.phase == Phase.TURN:
            p = st.actor
            if st.after_call:
                ban = _kuikae_ban(st.melds[p][-1], default)
                swaps += any(a.tile >> 2 in ban for a in legal[p] if a.type is T.DISCARD)
            st.step(agents[p](views[p], legal[p]))
        else:
            st.step([agents[p](views[p], a) for p, a in legal.items()])
    assert swaps >= 3


@pytest.mark.skipif(_backend.PURE, reason="many greedy games, too slow interpreted: the "
                    "compiled pass plays them, and test_table_compiled checks the compiled "
                    "table against the interpreted one")
def test_greedy_games_have_wins_and_riichi():
    res = play_many(4, 7, lambda i: [GreedyAgent() for _ in range(4)])
    wins = sum(1 for r in res for h in r["hands"] if h.kind == "win")
    assert wins >= 8
    assert any(e["type"] == "reach_accepted" for r in res for e in r["events"])


def test_same_seed_same_game():
    a = play(123, [RandomAgent(i) for i in range(4)])
    b = play(123, [RandomAgent(i) for i in range(4)])
    assert a["events"] == b["events"] and a["scores"] == b["scores"]
    c = play(124, [RandomAgent(i) for i in range(4)])
    assert c["events"] != a["events"]


def test_mjai_events_json_lines_and_masking():
    r = play(5, [GreedyAgent() for _ in range(4)])
    ev = r["events"]
    types = {e["type"] for e in ev}
    assert {"start_game", "start_kyoku", "tsumo", "dahai", "end_kyoku", "end_game"} <= types
    buf = io.StringIO()
    write_json_lines(ev, buf)
    lines = buf.getvalue().splitlines()
    assert len(lines) == len(ev) and json.loads(lines[0])["type"] == "start_game"
    seen = mask_events(ev, 1)
    for e in seen:
        if e["type"] == "tsumo" and e["actor"] != 1:
            assert e["pai"] == "?"
        if e["type"] == "start_kyoku":
            assert all(t == "?" for i, h in enumerate(e["tehais"]) if i != 1 for t in h)
            assert all(t != "?" for t in e["tehais"][1])


def test_observation_shows_own_hand_only():
    st = GameState(Rules(), 9)
    o = Observation(st, 2)
    d = o.to_dict()
    assert len(d["hand"]) == 13 and d["player"] == 2
    assert "hands" not in d
    assert o.last_draw == -1 and Observation(st, st.actor).last_draw == st.last_draw
    assert sum(o.counts) == 13


def test_python_agent_plugs_in():
    calls = []

    def first_legal(obs, legal):
        calls.append(obs.player)
        return legal[0]

    r = play(3, [first_legal, GreedyAgent(), first_legal, GreedyAgent()], record=False)
    assert calls and sum(r["scores"]) == 100000


def test_illegal_action_is_refused():
    from ippatsu.errors import IllegalActionError

    st = GameState(Rules(), 1)
    p = st.actor
    bad = Action(T.DISCARD, p, next(t for t in range(136) if t not in st.hand[p]))
    with pytest.raises(IllegalActionError):
        st.step(bad)
    with pytest.raises(IllegalActionError):
        st.step(Action(T.DISCARD, (p + 1) % 4, st.hand[(p + 1) % 4][0]))


def _four_greedy(i):
    return [GreedyAgent() for _ in range(4)]


@pytest.mark.skipif(_backend.PURE, reason="many greedy games, too slow interpreted: the "
                    "compiled pass plays them, and test_table_compiled checks the compiled "
                    "table against the interpreted one")
def test_play_many_parallel_equals_serial():
    a = play_many(4, 11, _four_greedy, record=False)
    b = play_many(4, 11, _four_greedy, record=False, workers=2)
    assert [r["scores"] for r in a] == [r["scores"] for r in b]


@pytest.mark.parametrize("seed", range(4))
def test_own_mjai_log_replays_exactly(seed):
    """The event log is complete: driving a fresh engine with it (through JSON lines)
    reproduces every action as legal and every result exactly."""
    from ippatsu.table.mjai import replay_mjai

    rules = [Rules(), Rules.tenhou(), Rules().replace(ron_mode=RonMode.TRIPLE),
             Rules.planet().replace(red_fives=False)][seed]
    agents = [_Caller(seed), GreedyAgent(), _Caller(seed + 1), RandomAgent(seed)]
    r = play(seed, agents, rules)
    buf = io.StringIO()
    write_json_lines(r["events"], buf)
    rep = replay_mjai(buf.getvalue(), rules)
    assert rep.illegal == 0 and rep.problems == [], rep.problems
    assert rep.exact == rep.hands == len(r["hands"]) and rep.end_ok


class _Spy:
    """Wraps an agent; counts the last-dealer STOP offers it sees and what it chose."""

    def __init__(self, agent, seed):
        self.agent = agent
        self.rng = random.Random(seed)
        self.offers = []

    def __call__(self, obs, legal):
        if any(b.type is T.STOP for b in legal):
            assert sorted(b.type for b in legal) == [T.PASS, T.STOP]
            a = legal[self.rng.randrange(2)]   # a coin decides whether to stop
            self.offers.append(a.type)
            return a
        return self.agent(obs, legal)


@pytest.mark.skipif(_backend.PURE, reason="many greedy games, too slow interpreted: the "
                    "compiled pass plays them, and test_table_compiled checks the compiled "
                    "table against the interpreted one")
def test_optional_last_dealer_stop_in_selfplay_and_its_log_replays():
    """LastDealerStop.OPTIONAL: the offer comes only to the last hand's dealer in first
    place with >= 30,000; STOP ends the game there, PASS plays on; the mjai log of such a
    game replays exactly (the record's end is read as the stop)."""
    from ippatsu.table.mjai import replay_mjai

    rules = Rules().replace(last_dealer_stop="optional", game_length="east")
    seen = {T.STOP: 0, T.PASS: 0}
    for seed in range(17):  # both a stop and a pass occur among these (the assert below)
        spies = [_Spy(GreedyAgent(), seed * 4 + i) for i in range(4)]
        r = play(seed, spies, rules)
        offers = [(p, t) for p, s in enumerate(spies) for t in s.offers]
        for p, t in offers:
            seen[t] += 1
        if offers and offers[-1][1] is T.STOP:
            last = r["hands"][-1]
            p = offers[-1][0]
            assert last.kyoku == 3 and p == 3          # East 4's dealer
            assert r["order"][0] == p and r["places"][p] == 1 and r["scores"][p] >= 30000
        buf = io.StringIO()
        write_json_lines(r["events"], buf)
        rep = replay_mjai(buf.getvalue(), rules)
        assert rep.illegal == 0 and rep.problems == [] and rep.end_ok, (seed, rep.problems)
    assert seen[T.STOP] >= 1 and seen[T.PASS] >= 1, seen


def test_docstring_examples():
    import doctest
    import importlib

    for name in ("ippatsu.table", "ippatsu.table.actions", "ippatsu.table.wall",
                 "ippatsu.table.state",
                 "ippatsu.table.mjai", "ippatsu.sim"):
        assert doctest.testmod(importlib.import_module(name)).failed == 0, name


def test_observation_events_are_masked():
    st = GameState(Rules(), 4)
    ev = Observation(st, 1).events()
    assert ev[0]["type"] == "start_game" and ev[1]["type"] == "start_kyoku"
    assert ev[1]["tehais"][0] == ["?"] * 13 and "?" not in ev[1]["tehais"][1]
    assert ev[-1]["type"] == "tsumo" and ev[-1]["actor"] == 0 and ev[-1]["pai"] == "?"
    assert Observation(st, 0).events()[-1]["pai"] != "?"


@pytest.mark.parametrize("seed", [5, 6])
def test_play_gives_each_seats_place_and_the_finishing_order(seed):
    r = play(seed, [RandomAgent(seed * 4 + j) for j in range(4)], record=False)
    s = r["scores"]
    # places from the scores: more points place higher, a tie goes to the lower seat
    want = [1 + sum(s[q] > s[p] or (s[q] == s[p] and q < p) for q in range(4))
            for p in range(4)]
    assert r["places"] == want
    assert [r["places"][p] for p in r["order"]] == [1, 2, 3, 4]
    assert "placement" not in r

