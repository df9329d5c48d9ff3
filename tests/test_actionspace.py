"""The fixed action space and the legal masks of the table (docs/table.md "Action space").

* The layout: every index names one decision (:func:`actionspace.describe` is one-to-one),
  the blocks tile 0 to SIZE - 1 without gaps.
* The masks of the state machine against an independent enumeration written here from the
  rules (docs/rules.md §8, §11): discards (kuikae, riichi), riichi declarations, chi, pon,
  open kan, closed and added kans, nine terminals, North, and the wins' necessary
  condition (a complete hand), over seeded random games of every preset, four and three
  players.
* Every legal action has its own index, maps back to itself (:meth:`GameState.action_of`)
  and to and from mjai messages.
* Every action of the shared Tenhou records has its bit set at its step.
* Illegal and malformed indices raise :class:`IllegalActionError` and leave the state as
  it was.
"""
from __future__ import annotations

import os
import random

import numpy as np
import pytest

from conftest import SHARED_DATA, data_params
from ippatsu import core
from ippatsu.errors import IllegalActionError
from ippatsu.rules import Rules
from ippatsu.table import Action, ActionType, GameState, Phase
from ippatsu.table import actionspace as A
from ippatsu.table.replay import replay_file

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
T = ActionType

PRESETS = [("ippatsu", Rules()), ("tenhou", Rules.tenhou()), ("majsoul", Rules.majsoul()),
           ("planet", Rules.planet()), ("no_red", Rules(red_fives=False)),
           ("mu", Rules.mu()),
           ("ippatsu_sanma", Rules.ippatsu_sanma()), ("tenhou_sanma", Rules.tenhou_sanma()),
           ("majsoul_sanma", Rules.majsoul_sanma()),
           # red fives per suit (Rules.red_five_counts): pons taking 0, 1 or 2 reds
           ("reds_121", Rules(red_fives=(1, 2, 1))), ("reds_222", Rules(red_fives=(2, 2, 2))),
           ("reds_030", Rules(red_fives=(0, 3, 0))), ("reds_444", Rules(red_fives=(4, 4, 4))),
           ("reds_sanma_040", Rules.ippatsu_sanma().replace(red_fives=(0, 4, 2)))]
#: decisions checked per preset (the pure-Python pass plays fewer; IPPATSU_MASK_DECISIONS
#: sets another number, for a longer soak)
DECISIONS = int(os.environ.get("IPPATSU_MASK_DECISIONS", 1500 if PURE else 13000))
#: the calls (chi, pon, open kan) a biased player takes when offered: many calls, so
#: many hands of four tiles or fewer (kuikae, a call that leaves nothing to discard)
CALLS = frozenset(range(A.CHI, A.ANKAN))

YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


# ---------------------------------------------------------------------------- layout
def test_every_index_names_one_decision():
    names = [A.describe(i) for i in range(A.SIZE)]
    assert len(set(names)) == A.SIZE
    blocks = [A.DISCARD, A.RIICHI, A.CHI, A.CHI_RED, A.PON, A.PON_RED, A.DAIMINKAN,
              A.ANKAN, A.KAKAN, A.TSUMO, A.RON, A.KYUUSHU, A.NUKIDORA, A.PASS, A.STOP,
              A.NOTEN, A.PON_RED2, A.SIZE]
    assert blocks == sorted(blocks) and blocks[0] == 0
    sizes = [b - a for a, b in zip(blocks, blocks[1:])]
    assert sizes == [37, 37, 63, 18, 34, 3, 34, 34, 34, 1, 1, 1, 1, 1, 1, 1, 3]


def test_chi_indices_cover_every_run_and_called_place():
    seen = set()
    for i in range(A.CHI, A.PON):
        called, (a, b), red = A.chi_kinds(i)
        kinds = sorted((called, a, b))
        assert kinds[0] // 9 == kinds[2] // 9 < 3 and kinds[2] - kinds[0] == 2
        if red:  # a red five is taken from the hand
            assert 4 in (a % 9, b % 9)
        seen.add((called, a, b, red))
    # 21 runs x 3 called places, and every one whose two consumed tiles hold a five again
    # with that five red
    assert len(seen) == 81
    assert sum(1 for c, a, b, r in seen if not r and 4 in (a % 9, b % 9)) == 18


def test_index_of_reads_red_fives_by_the_rule():
    red5 = Action(T.DISCARD, 0, 16)
    assert A.index_of(red5) == 34 and A.index_of(red5, red_fives=False) == 4
    pon = Action(T.PON, 1, 53, (52, 54), 0)
    assert A.index_of(pon) == A.PON_RED + 1
    assert A.index_of(pon, red_fives=False) == A.PON + 13


def test_bad_indices_and_messages_are_refused():
    for bad in (-1, A.SIZE, 1.0, "3", True, None):
        with pytest.raises(IllegalActionError) as e:
            A.describe(bad)
        assert e.value.code == "bad_action_index"
    for msg in ({"type": "dahai"}, {"type": "reach"}, {"type": "fly"}, "dahai"):
        with pytest.raises(IllegalActionError) as e:
            A.index_of_mjai(msg)
        assert e.value.code == "bad_action_index"


def test_mask_to_array_sets_the_bits():
    m = (1 << 0) | (1 << 37) | (1 << 299)
    row = A.mask_to_array(m)
    assert row.dtype == bool and row.shape == (A.SIZE,)
    assert list(np.flatnonzero(row)) == A.indices(m) == [0, 37, 299]


# ---------------------------------------------------------------------------- oracle
def _code(t, red_ids):
    """The tile code of ``t``, the red ids those of the rules (``Rules.red_ids``), written
    here from the layout: 34 + suit for any red copy."""
    return 34 + (t >> 2) // 9 if t in red_ids else t >> 2


def _pon_index(k, pair, red_ids):
    """The pon index of kind ``k`` taking ``pair`` from the hand: by its red copies."""
    r = sum(1 for x in pair if x in red_ids)
    return (A.PON + k, A.PON_RED + k // 9, A.PON_RED2 + k // 9)[r]


def _chi_index(q, t, pair, red_ids):
    """The chi index taking ``pair``: the plain run's index, or its red twin."""
    plain = A.index_of(Action(T.CHI, q, t, pair, -1), red_fives=False)
    if not any(x in red_ids for x in pair):
        return plain
    run, pos = divmod(plain - A.CHI, 3)
    return A.CHI_RED + A.CHI_RED_TABLE.index((run, pos))


def _shanten(counts, n):
    return core.shanten(bytes(counts), players=3) if n == 3 else core.shanten(bytes(counts))


def _kuikae_ban(k, others, rules):
    """The kinds banned right after calling kind ``k``, a chi with the kinds ``others``
    (a pon when None): ``k`` and the run's other end; none under
    ``Rules.kuikae_allowed``."""
    if rules.kuikae_allowed:
        return set()
    ban = {k}
    if others is not None:
        if others[0] == k - 2 and k % 9 >= 3:
            ban.add(k - 3)
        if others[0] == k + 1 and k % 9 <= 5:
            ban.add(k + 3)
    return ban


def _turn_oracle(st, p):
    """The legal indices of the actor ``p`` from the rules, or None where the enumeration
    here does not decide exactly (the wins' yaku; a kan in riichi)."""
    rules = st.rules
    red = rules.red_ids
    n = st.n_players
    hand = st.hand[p]
    cnt = [0] * 34
    for t in hand:
        cnt[t >> 2] += 1
    out = set()
    drawn = st.last_draw
    riichi = st.riichi[p] != 0
    if st.after_call:  # a discard after a call, kuikae kinds excepted
        m = st.melds[p][-1]
        others = sorted(x >> 2 for x in m.tiles if x != m.called)
        ban = _kuikae_ban(m.called >> 2, others if m.type.name == "CHI" else None, rules)
        for t in hand:
            if t >> 2 not in ban:
                out.add(A.DISCARD + _code(t, red))
        return out, set()
    unsure = set()
    if core.is_agari(bytes(cnt), players=n):
        unsure.add(A.TSUMO)  # a complete hand: a win when it has a yaku
    can_kan = st.kan_count < rules.max_kans and st.left > 0
    if riichi:
        out.add(A.DISCARD + _code(drawn, red))
        if can_kan and cnt[drawn >> 2] == 4:
            unsure.add(A.ANKAN + (drawn >> 2))
        if n == 3 and drawn >> 2 == 30 and st.left > 0 and rules.nukidora:
            out.add(A.NUKIDORA)
        return out, unsure
    for t in hand:
        out.add(A.DISCARD + _code(t, red))
    if (not st.is_open[p] and st.scores[p] >= rules.riichi_min_points
            and st.left >= rules.riichi_min_wall):
        for t in hand:
            cnt[t >> 2] -= 1
            if _shanten(cnt, n) == 0:
                out.add(A.RIICHI + _code(t, red))
            cnt[t >> 2] += 1
    if can_kan:
        for k in range(34):
            if cnt[k] == 4:
                out.add(A.ANKAN + k)
        for m in st.melds[p]:
            if m.type.name == "PON" and cnt[m.tiles[0] >> 2]:
                out.add(A.KAKAN + (m.tiles[0] >> 2))
    if (st.first_turn[p] and st.no_calls and rules.abort_nine_terminals
            and sum(1 for k in YAOCHUU if cnt[k]) >= 9):
        out.add(A.KYUUSHU)
    if n == 3 and cnt[30] and st.left > 0 and rules.nukidora:
        out.add(A.NUKIDORA)
    return out, unsure


def _response_oracle(st, q):
    """The legal indices of seat ``q`` answering a discard (calls exactly; ron as a
    necessary condition)."""
    rules = st.rules
    red = rules.red_ids
    n = st.n_players
    p, t = st.resp_actor, st.resp_tile
    k = t >> 2
    hand = st.hand[q]
    cnt = [0] * 34
    for x in hand:
        cnt[x >> 2] += 1
    out, unsure = set(), set()
    c2 = list(cnt)
    c2[k] += 1
    if core.is_agari(bytes(c2), players=n) and not (st.waits[q] & st.disc_mask[q]):
        unsure.add(A.RON)
    if st.left == 0 or st.riichi[q]:
        return out, unsure
    if cnt[k] >= 2 and len(hand) > cnt[k]:
        same = [x for x in hand if x >> 2 == k]
        for i in range(len(same)):
            for j in range(i + 1, len(same)):
                out.add(_pon_index(k, (same[i], same[j]), red))
    if cnt[k] == 3 and st.kan_count < rules.max_kans:
        out.add(A.DAIMINKAN + k)
    if n == 4 and q == (p + 1) % 4 and k < 27:
        suit = k // 9
        for lo in range(k - 2, k + 1):
            if lo < suit * 9 or lo + 2 > suit * 9 + 8:
                continue
            others = [x for x in (lo, lo + 1, lo + 2) if x != k]
            if not all(cnt[x] for x in others):
                continue
            # kuikae: the called kind, and the kind that would complete the same run the
            # other way, are banned; something else must be left to discard
            ban = _kuikae_ban(k, others, rules)
            left = list(cnt)
            for x in others:
                left[x] -= 1
            if not any(left[x] for x in range(34) if x not in ban):
                continue
            for xa in [x for x in hand if x >> 2 == others[0]]:
                for xb in [x for x in hand if x >> 2 == others[1]]:
                    out.add(_chi_index(q, t, (xa, xb), red))
    return out, unsure


def _check_decision(st):
    """The state's masks at this decision against the oracle; returns the decisions
    checked."""
    red = st.rules.red_fives
    table = A.red_table(st.rules)
    legal = {q: st.legal_actions(q) for q in st.to_act}
    checked = 0
    for q, acts in legal.items():
        mask = st.legal_mask(q)
        idx = [A.index_of(a, table) for a in acts]
        assert len(set(idx)) == len(idx), f"two legal actions share an index: {acts}"
        assert mask == sum(1 << i for i in idx)
        for a, i in zip(acts, idx):  # index -> the same action, and mjai both ways
            assert st.action_of(i, q) == a
            msgs = A.mjai_of(a, st.rules.red_ids)
            assert A.index_of_mjai(*msgs, red_fives=red) == i, (a, msgs)
        if st.phase == Phase.TURN:
            want, unsure = _turn_oracle(st, q)
        elif st.phase == Phase.RESPONSE and st.resp_kind == "discard":
            want, unsure = _response_oracle(st, q)
            if want and (mask >> A.PASS) & 1 == 0:
                raise AssertionError("a call is offered without a pass")
            want.add(A.PASS)
        else:
            continue
        got = set(A.indices(mask))
        if st.phase == Phase.RESPONSE:
            got.discard(A.PASS)
            want.discard(A.PASS)
        assert got - unsure == want - unsure, (
            f"seat {q} at {st.phase.name}: mask {sorted(got)} oracle {sorted(want)} "
            f"(undecided {sorted(unsure)}); hand {st.hand[q]}")
        assert got & unsure <= unsure
        checked += 1
    return checked


def _choose(rng, mask, callers):
    """A uniform choice among the legal indices, or, for a caller (every other seed),
    a call whenever one is offered."""
    legal = A.indices(mask)
    if callers:
        calls = [i for i in legal if i in CALLS]
        if calls:
            return rng.choice(calls)
    return rng.choice(legal)


def _play_and_check(rules, seed, budget):
    rng = random.Random(seed)
    callers = seed % 2 == 1
    st = GameState(rules, seed=seed, record=False)
    n = 0
    while st.phase != Phase.GAME_END and n < budget:
        n += _check_decision(st)
        if st.phase == Phase.TURN:
            st.step(_choose(rng, st.legal_mask(), callers))
        elif st.phase == Phase.RESPONSE:
            st.step({q: _choose(rng, st.legal_mask(q), callers) for q in st.to_act})
        else:
            st.step([])
    return n


@pytest.mark.parametrize("name,rules", PRESETS, ids=[p[0] for p in PRESETS])
def test_masks_match_the_rules_in_random_games(name, rules):
    total = 0
    seed = 0
    while total < DECISIONS:
        total += _play_and_check(rules, seed, DECISIONS - total)
        seed += 1
    assert total >= DECISIONS


def _scripted_positions():
    """Decisions random play seldom reaches, set up in tile notation: the masks at each
    against the oracle."""
    from _table_helpers import discard, pass_all, table

    dummy = "1199m1199p1199s5z"  # a dealer hand with nothing to call or win on
    pons = ["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"]
    # kuikae: a chi of 4m with 23m would leave only 11m (banned: 1m ends the same run),
    # with 1m 1p 23m the 1p may be discarded; the same with a red five taken
    # (and under Rules.kuikae_allowed every chi is offered, any discard may follow it)
    for rules in (None, Rules().replace(kuikae_allowed=True)):
        for hand, tile in (("11m23m", "4m"), ("1m1p23m", "4m"), ("66p0p7p", "4p"),
                           ("3p3p0p6p", "4p")):
            st = table([dummy, "", "", ""], draws=tile, rules=rules)
            st.set_position(1, hand=hand, melds=pons)
            discard(st, tile)
            yield st
            chis = [a for a in st.legal_actions(1) if a.type == T.CHI]
            if chis:
                st.step(chis[-1])
                yield st
    # nine terminals after another seat's call in the first go-around: not offered
    st = table(["19m19p19s1234567z", "22z345m678p234s99s", "189m19p19s134567z", ""],
               draws="8s8m")
    discard(st, "2z")                    # the dealer's South: seat 1 may pon it
    yield st
    st.step(next(a for a in st.legal_actions(1) if a.type == T.PON))
    yield st                             # seat 1's discard after the call
    discard(st, "3m")
    pass_all(st)
    assert st.actor == 2 and st.first_turn[2] and not st.no_calls
    yield st                             # seat 2's first draw, after a call
    # and without the call it is offered
    st = table([dummy, "2345m6789p2345s6z", "189m19p19s134567z", ""], draws="2s3s8m")
    discard(st)
    pass_all(st)
    discard(st)
    pass_all(st)
    assert st.actor == 2 and (st.legal_mask() >> A.KYUUSHU) & 1
    yield st


def test_masks_match_the_rules_in_scripted_positions():
    n = 0
    for st in _scripted_positions():
        n += _check_decision(st)
    assert n >= 7


# ---------------------------------------------------------------------------- records
RECORDS = sorted(str(p) for d in ("mjx", "mjx-edge", "dnovikoff", "gimite", "jim137")
                 for p in (SHARED_DATA / "tenhou" / "mjlog" / d).glob("*")
                 if p.suffix in (".mjlog", ".xml")) \
    if (SHARED_DATA / "tenhou" / "mjlog").is_dir() else []


def _record_check(st, actions):
    red = st.rules.red_fives
    if isinstance(actions, Action):
        actions = [actions]
    for a in actions:
        i = A.index_of(a, red)
        assert (st.legal_mask(a.actor) >> i) & 1, f"{a} (index {i}) not in the mask"
        _record_check.n += 1


@pytest.mark.parametrize("path", data_params(RECORDS[::2] if PURE else RECORDS,
                                             "tenhou", "mjlog"),
                         ids=lambda p: os.path.basename(p) if p else "none")
def test_every_recorded_action_has_its_bit_set(path):
    _record_check.n = 0
    rep = replay_file(path, on_step=_record_check)
    assert rep.illegal == 0 and rep.problems == [], rep.problems
    assert _record_check.n >= rep.actions > 0


# ---------------------------------------------------------------------------- stepping
def _fingerprint(st):
    return (st.phase, st.actor, [list(h) for h in st.hand], [list(r) for r in st.river],
            len(st.events), list(st.scores), st.left,
            {q: st.legal_mask(q) for q in st.to_act})


def test_illegal_indices_raise_and_leave_the_state_unchanged():
    st = GameState(seed=3)
    before = _fingerprint(st)
    mask = st.legal_mask()
    illegal = next(i for i in range(A.SIZE) if not (mask >> i) & 1)
    for bad, code in ((illegal, "illegal_action"), (A.SIZE, "bad_action_index"),
                      (-1, "bad_action_index"), (np.int64(A.SIZE + 5), "bad_action_index")):
        with pytest.raises(IllegalActionError) as e:
            st.step(bad)
        assert e.value.code == code, (bad, e.value)
        assert _fingerprint(st) == before
    # out of turn: another seat's index at the actor's turn
    other = (st.actor + 1) % 4
    with pytest.raises(IllegalActionError) as e:
        st.step({other: A.indices(mask)[0]})
    assert _fingerprint(st) == before
    # a legal index (a numpy integer too) steps
    st.step(np.int32(A.indices(mask)[0]))
    assert st.phase != before[0] or st.actor != before[1]


def test_a_response_index_needs_its_seat_when_several_may_act():
    rng = random.Random(5)
    for seed in range(200):
        st = GameState(seed=seed, record=False)
        while st.phase != Phase.GAME_END:
            if st.phase == Phase.RESPONSE and len(st.to_act) >= 2:
                before = _fingerprint(st)
                with pytest.raises(IllegalActionError) as e:
                    st.step(A.PASS)
                assert e.value.code == "not_your_turn"
                assert _fingerprint(st) == before
                st.step({q: A.PASS for q in st.to_act})
                return
            if st.phase == Phase.TURN:
                st.step(rng.choice(A.indices(st.legal_mask())))
            elif st.phase == Phase.RESPONSE:
                st.step({q: rng.choice(A.indices(st.legal_mask(q))) for q in st.to_act})
            else:
                st.step([])
    pytest.fail("no response with two seats in 200 games")


def test_legal_mask_array_rows_by_seat():
    st = GameState(seed=9)
    arr = st.legal_mask_array()
    assert arr.shape == (4, A.SIZE) and arr.dtype == bool
    for q in range(4):
        assert list(np.flatnonzero(arr[q])) == A.indices(st.legal_mask(q))
    assert arr[st.actor].any() and arr.sum() == arr[st.actor].sum()
    out = np.ones(A.SIZE, dtype=bool)
    assert st.legal_mask_array(st.actor, out=out) is out
    assert list(np.flatnonzero(out)) == A.indices(st.legal_mask())


@pytest.mark.parametrize("preset,flowers", [("tenhou", False), ("tenhou_sanma", False),
                                            ("ippatsu", True)])
def test_a_row_written_in_place_holds_exactly_the_legal_lists_indices(preset, flowers):
    """``legal_mask_array(p, out=row)`` into a row of stale ones (bool or uint8, as an env
    keeps them) sets exactly the indices of ``p``'s legal actions, computed one by one with
    ``index_of``, and clears every other entry: at every decision, for every seat."""
    rules = Rules.preset(preset)
    if flowers:
        rules = rules.replace(flowers=True)
    table = A.red_table(rules)
    rows = {dt: np.ones(A.SIZE, dtype=dt) for dt in (bool, np.uint8)}
    checked = 0
    for seed in range(2 if PURE else 12):
        st = GameState(rules, seed=seed, record=False)
        rng = random.Random(seed)
        while st.phase != Phase.GAME_END:
            for q in range(st.n_players):
                want = sorted(A.index_of(a, table) for a in st.legal_actions(q))
                for row in rows.values():
                    row[:] = 1
                    assert st.legal_mask_array(q, out=row) is row
                    assert list(np.flatnonzero(row)) == want, (seed, q, st.phase)
                checked += 1
            if st.phase == Phase.TURN:
                acts = st.legal_actions(st.actor)
                st.step(acts[rng.randrange(len(acts))])
            elif st.phase == Phase.RESPONSE:
                st.step([rng.choice(st.legal_actions(q)) for q in st.to_act])
            else:
                st.step([])
    assert checked > 500


def test_the_docs_examples_run():
    import doctest
    from pathlib import Path

    doc = Path(__file__).resolve().parents[1] / "docs" / "table.md"
    if not doc.exists():
        pytest.skip("docs/ not beside the tests")
    assert doctest.testfile(str(doc), module_relative=False).failed == 0
    assert doctest.testmod(A).failed == 0
