"""The table engine's fast paths against plain oracles.

Each fast path here replaced a simpler formulation for speed (games per CPU-second); the
simpler formulation is kept below as the oracle:

* ``core._shanten_waits(counts)`` against ``shanten(counts)`` and ``waits(counts)``
  (its own kernel call; bytes and bytearray counts; the same errors);
* ``core._tenpai_discards(counts)`` (the riichi declarations) against ``shanten`` of the
  hand less each kind held, and its being empty exactly when ``shanten(counts) > 0``;
* ``core._set_slots`` (the melds of calls) against ``object.__setattr__``, and
  ``core._tuple_of`` (the calls' actions) against the NamedTuple's own constructor;
* ``state._discard_ids`` (the discards of a turn) against the dict
  ``{spec(t): t for t in hand}`` updated with the drawn tile (one discard per kind and
  red-ness, the last copy, in first-seen order);
* ``state._variants`` against a scan for the first plain and the first red copy;
* the game loop's greedy choice read from the state (``agents._greedy`` with the state)
  against ``GreedyAgent.__call__`` on the observation: whole games must match;
* the game loop's inline random and greedy picks (``table/loops.py``) against the agents'
  ``__call__`` on the full lists: whole games must match; the rules offer every seat the
  same calls whatever agent sits there;
* ``core._permutation`` (the seeded walls) against numpy's ``Generator.permutation``;
* a turn kept as data read without its list (``GameState._turn_row``, the env's mask row,
  and ``GameState._turn_action``, the env's action of an index) against the turn's legal
  list (``legal_actions``) and ``actionspace.index_of``.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ippatsu import core
from ippatsu.errors import HandSizeError, IppatsuError
from ippatsu.rules import GameLength, Rules
from ippatsu.study.match import play_game
from ippatsu.table import state as S
from ippatsu.table import ActionType
from ippatsu.table.agents import GreedyAgent, RandomAgent
from ippatsu.table.state import GameState

PURE = core.BACKEND == "python"


def _counts(ids):
    c = bytearray(34)
    for t in ids:
        c[t >> 2] += 1
    return c


hands13 = st.lists(st.integers(0, 135), min_size=13, max_size=13, unique=True)


@settings(max_examples=300 if not PURE else 60, deadline=None)
@given(hands13)
def test_shanten_waits_is_shanten_and_waits(ids):
    c = _counts(ids)
    want_s = core.shanten(bytes(c))
    want_w = 0
    if want_s == 0:
        for k in core.waits(bytes(c)):
            want_w |= 1 << k
    assert core._shanten_waits(c) == (want_s, want_w)          # bytearray
    assert core._shanten_waits(bytes(c)) == (want_s, want_w)   # bytes


@st.composite
def _tenpai_counts(draw):
    """A complete hand of four sets and a pair (counts), less one tile: always tenpai."""
    c = [0] * 34
    for _ in range(4):
        if draw(st.booleans()):
            suit, r = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            for k in range(9 * suit + r, 9 * suit + r + 3):
                c[k] += 1
        else:
            c[draw(st.integers(0, 33))] += 3
    c[draw(st.integers(0, 33))] += 2
    if max(c) > 4:
        from hypothesis import reject
        reject()
    c[draw(st.sampled_from([k for k in range(34) if c[k]]))] -= 1
    return bytearray(c)


@settings(max_examples=300 if not PURE else 60, deadline=None)
@given(_tenpai_counts())
def test_shanten_waits_of_tenpai_hands(c):
    mask = 0
    for k in core.waits(bytes(c)):
        mask |= 1 << k
    assert mask and core._shanten_waits(c) == (0, mask)


def test_shanten_waits_errors():
    with pytest.raises(HandSizeError):
        core._shanten_waits(bytes([2] * 7 + [0] * 27))  # 14 tiles: not 3k+1
    with pytest.raises(IppatsuError):
        core._shanten_waits(bytearray([5] + [0] * 33))  # a fifth copy
    with pytest.raises(IppatsuError):
        core._shanten_waits(bytearray(33))  # not 34 counts


hands_3k2 = st.sampled_from([2, 5, 8, 11, 14]).flatmap(
    lambda n: st.lists(st.integers(0, 135), min_size=n, max_size=n, unique=True))


@settings(max_examples=300 if not PURE else 60, deadline=None)
@given(hands_3k2)
def test_tenpai_discards_are_the_discards_that_leave_tenpai(ids):
    c = _counts(ids)
    want = 0
    for k in range(34):
        if c[k]:
            c[k] -= 1
            if core.shanten(bytes(c)) == 0:
                want |= 1 << k
            c[k] += 1
    assert core._tenpai_discards(c) == want
    assert core._tenpai_discards(bytes(c)) == want
    # riichi is offered exactly when the whole hand is tenpai or complete
    assert (want != 0) == (core.shanten(bytes(c)) <= 0)


@settings(max_examples=200 if not PURE else 40, deadline=None)
@given(_tenpai_counts(), st.data())
def test_tenpai_discards_of_hands_one_from_tenpai_or_better(c, data):
    c[data.draw(st.sampled_from([k for k in range(34) if c[k] < 4]))] += 1  # 3k+2 tiles
    mask = core._tenpai_discards(c)
    assert mask and core.shanten(bytes(c)) <= 0
    for k in range(34):
        if (mask >> k) & 1:
            c[k] -= 1
            assert core.shanten(bytes(c)) == 0
            c[k] += 1


def test_tenpai_discards_errors():
    with pytest.raises(HandSizeError):
        core._tenpai_discards(bytes([1] * 13 + [0] * 21))  # 13 tiles: not 3k+2
    with pytest.raises(IppatsuError):
        core._tenpai_discards(bytearray([5] + [0] * 33))  # a fifth copy


def test_set_slots_sets_what_object_setattr_sets():
    from ippatsu.hand import Meld, MeldType

    want = Meld(MeldType.PON, [4, 5, 6], called=5, from_who=2)
    names = ("type", "tiles", "called", "from_who", "added", "_auto", "_key", "_hash")
    m = object.__new__(Meld)
    core._set_slots(m, names, tuple(getattr(want, n) for n in names))
    assert all(getattr(m, n) == getattr(want, n) for n in names)
    assert m == want and hash(m) == hash(want)
    with pytest.raises(AttributeError):
        m.called = 4  # the class's own setter still refuses
    with pytest.raises(IppatsuError):
        core._set_slots(object.__new__(Meld), names, (1,))


@settings(max_examples=200 if not PURE else 50, deadline=None)
@given(st.sampled_from(list(ActionType)), st.integers(0, 3), st.integers(-1, 135),
       st.lists(st.integers(0, 135), max_size=3).map(tuple), st.integers(-1, 3))
def test_tuple_of_makes_the_named_tuple(typ, actor, tile, consumed, target):
    from ippatsu.table.actions import Action

    want = Action(typ, actor, tile, consumed, target)
    a = core._tuple_of(Action, (typ, actor, tile, consumed, target))
    assert type(a) is Action and a == want and hash(a) == hash(want)
    assert (a.type, a.actor, a.tile, a.consumed, a.target) == (typ, actor, tile, consumed,
                                                                 target)
    assert a.type is typ and a.consumed is consumed   # the items themselves, not copies
    assert {a: 1}[want] == 1 and {tuple(want): 1}[a] == 1   # hashes as a plain tuple


def test_tuple_of_refuses_a_class_that_is_no_tuple():
    with pytest.raises(TypeError):
        core._tuple_of(int, (1,))
    with pytest.raises(TypeError):
        core._tuple_of(list, (1,))


def _oracle_discards(hand, spec, drawn, ban):
    d = {}
    for t in hand:
        if (ban >> (t >> 2)) & 1:
            continue
        d[spec[t]] = t
    if drawn >= 0:
        d[spec[drawn]] = drawn
    return list(d.values())


@settings(max_examples=300 if not PURE else 60, deadline=None)
@given(st.lists(st.integers(0, 135), min_size=2, max_size=14, unique=True),
       st.booleans(), st.integers(0, (1 << 34) - 1), st.booleans(), st.integers(0, 135))
def test_discard_ids_one_per_kind_and_redness(ids, draw, ban, red, fill):
    hand, drawn = (ids[:-1], ids[-1]) if draw else (ids, -1)
    spec = S._SPECS if red else S._KINDS
    sb = S._SPECS_B if red else S._KINDS_B
    if drawn >= 0:
        ban = 0  # a ban applies after a call, when no tile was drawn
    # what the ids held before (the last turn's) is overwritten up to the count returned
    out = bytearray([fill] * S._TURN_IDS)
    slot = bytearray(68)
    n = S._discard_ids(out, hand + ([drawn] if drawn >= 0 else []), sb, drawn, ban, slot)
    want = _oracle_discards(hand + ([drawn] if drawn >= 0 else []), spec, drawn, ban)
    assert list(out[:n]) == want
    # each listed code's place in the list, and no other code's
    for pos, t in enumerate(want):
        assert slot[spec[t]] == pos + 1
    assert sum(1 for x in slot if x) == len(want)


@st.composite
def _hand_with_kind(draw):
    """A hand holding 1-4 copies of a kind ``k`` (a five half the time: red copies)."""
    k = draw(st.sampled_from([4, 13, 22]) | st.integers(0, 33))
    own = draw(st.lists(st.sampled_from([4 * k + i for i in range(4)]), min_size=1,
                        max_size=4, unique=True))
    rest = draw(st.lists(st.integers(0, 135).filter(lambda t: t >> 2 != k), max_size=10,
                         unique=True))
    hand = draw(st.permutations(own + rest))
    return hand, k


@settings(max_examples=200 if not PURE else 80, deadline=None)
@given(_hand_with_kind(), st.sampled_from([(0, 0, 0), (1, 1, 1), (1, 2, 1), (4, 4, 4)]))
def test_variants_first_plain_and_first_red(hk, counts):
    """Red fives per suit (Rules.red_five_counts; (0, 0, 0): red fives off)."""
    from ippatsu.rules import Rules
    from ippatsu.table.actionspace import red_table

    hand, k = hk
    reds = Rules(red_fives=counts).red_ids
    mine = [t for t in hand if t >> 2 == k]
    want = []
    for group in ([t for t in mine if t in reds], [t for t in mine if t not in reds]):
        if group:
            want.append(group[0])
    want.sort(key=mine.index)
    assert S._variants(hand, k, red_table(counts)) == want


class _PlainGreedy(GreedyAgent):
    """A GreedyAgent the match loop does not recognise (not exactly that class): it is
    asked through ``__call__`` with its observation."""


@pytest.mark.parametrize("rules", [Rules(game_length=GameLength.EAST), Rules.tenhou(),
                                   Rules.tenhou_sanma()], ids=["ippatsu", "tenhou", "sanma"])
def test_match_loop_greedy_reads_the_state_as_the_observation(rules):
    n = rules.players
    games = 1 if PURE else 6
    for seed in range(games):
        fast = play_game(rules, seed, [GreedyAgent() for _ in range(n)])
        plain = play_game(rules, seed, [_PlainGreedy() for _ in range(n)])
        assert fast == plain


@settings(max_examples=200 if not PURE else 40, deadline=None)
@given(st.lists(st.integers(0, 135), min_size=14, max_size=14, unique=True),
       st.lists(st.integers(0, 135), max_size=30, unique=True))
def test_efficiency_reads_bytearray_counts_as_bytes(ids, seen):
    c = _counts(ids)
    v = _counts([t for t in seen if t not in ids])
    want = core._efficiency_ties(bytes(c), bytes(v), (1 << 34) - 1)
    assert core._efficiency_ties(c, v, (1 << 34) - 1) == want
    assert core._efficiency_ties(c, bytes(v), (1 << 34) - 1) == want


def test_efficiency_bytearray_visible_checked():
    c = _counts(range(0, 56, 4))  # 14 tiles
    with pytest.raises(IppatsuError):
        core._efficiency_ties(c, bytearray([5] + [0] * 33), (1 << 34) - 1)


# --- the game loop's inline picks: random and greedy agents of exactly those classes are
# played without the Python call

class _PlainRandom(RandomAgent):
    """A RandomAgent the game loop does not recognise: asked through ``__call__`` with
    the whole legal list of every decision."""


@pytest.mark.parametrize("rules", [Rules(game_length=GameLength.EAST), Rules.tenhou(),
                                   Rules.tenhou_sanma()], ids=["ippatsu", "tenhou", "sanma"])
def test_inline_picks_play_the_agents_games(rules):
    """Random and greedy agents picked inline by the loop play the games they play when
    asked through their own ``__call__`` (subclasses the loop does not recognise), mixed
    by seat."""
    n = rules.players
    for seed in range(1 if PURE else 8):
        kinds = [(RandomAgent, _PlainRandom), (GreedyAgent, _PlainGreedy)]
        mixed = [kinds[(seed + p) % 2] for p in range(n)]
        fast = play_game(rules, seed, [k(seed * 10 + p) if k is RandomAgent else k()
                                       for p, (k, _) in enumerate(mixed)])
        plain = play_game(rules, seed, [c(seed * 10 + p) if c is _PlainRandom else c()
                                        for p, (_, c) in enumerate(mixed)])
        assert fast == plain


def test_the_rules_offer_the_same_whoever_plays():
    """The state offers every seat its legal calls whatever agent sits there: a greedy
    seat (which passes on every call) is asked at every discard it may claim, exactly as
    a random seat is."""
    from ippatsu.table import Phase
    from ippatsu.table.loops import play

    asked = {"greedy": 0}

    class Counting(GreedyAgent):
        def __call__(self, obs, legal):
            if any(a.type in (ActionType.PON, ActionType.CHI) for a in legal):
                asked["greedy"] += 1
            return super().__call__(obs, legal)

    st = GameState(Rules(), 5, record=False)
    play(st, [Counting() for _ in range(4)])
    assert st.phase == Phase.GAME_END and asked["greedy"] > 0


# --- the seeded walls: core._permutation draws numpy's permutation itself

@pytest.mark.parametrize("n", [136, 108, 1, 2, 3, 7, 64, 65, 256])
def test_permutation_is_numpys(n):
    """``core._permutation(bits, n)`` is ``Generator(bits).permutation(n)``: the same
    numbers from the same stream, call after call (each generator its own twin)."""
    import numpy as np
    for seed in range(40 if not PURE else 5):
        mine = np.random.PCG64(seed)
        theirs = np.random.Generator(np.random.PCG64(seed))
        for _ in range(6):
            assert core._permutation(mine, n) == theirs.permutation(n).tolist()
        # the streams are still in step afterwards (no draw more or fewer)
        assert mine.random_raw() == theirs.bit_generator.random_raw()


def test_permutation_bad_size():
    import numpy as np
    for n in (0, -1, 257):
        with pytest.raises(ValueError, match="permutation of 1 to 256"):
            core._permutation(np.random.PCG64(0), n)


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma()],
                         ids=["4p", "3p"])
def test_turn_row_and_turn_action_are_the_turns_legal_list(rules):
    """At every turn kept as data of seeded random games: the row has exactly the indices
    of the legal list, each index gives back its action, the other indices of the action
    space raise ``illegal_action`` and an index out of range ``bad_action_index``; playing
    an index (``_turn_play``) is stepping its action, an illegal one moves nothing."""
    import random

    import numpy as np

    from ippatsu.errors import IllegalActionError
    from ippatsu.table import Phase
    from ippatsu.table.actionspace import SIZE, index_of, red_table

    turns = 0
    for seed in range(3):
        gs = GameState(rules, seed=seed, record=False)
        rng = random.Random(seed)
        while gs.phase is not Phase.GAME_END:
            if gs.phase is Phase.TURN and gs._offers.get(gs.actor, 0) is None:
                p = gs.actor
                acts = gs.legal_actions(p)
                want = {index_of(a, red_table(rules)): a for a in acts}
                row = np.zeros(SIZE, dtype=np.uint8)
                gs._turn_row(row)
                assert set(np.flatnonzero(row).tolist()) == set(want)
                for i in range(SIZE):
                    if i in want:
                        assert gs._turn_action(i, p) == want[i]
                    elif i % 17 == turns % 17:   # a sample of the illegal indices
                        with pytest.raises(IllegalActionError) as e:
                            gs._turn_action(i, p)
                        assert e.value.code == "illegal_action"
                for i in (-1, SIZE):
                    with pytest.raises(IllegalActionError) as e:
                        gs._turn_action(i, p)
                    assert e.value.code == "bad_action_index"
                    with pytest.raises(IllegalActionError):
                        gs._turn_play(i, p)
                turns += 1
                # _turn_play of an index is step of its action: the same state after; an
                # illegal index moves nothing
                i = rng.choice(sorted(want))
                played = gs.copy()
                played._turn_play(i, p)
                bad = next(j for j in range(SIZE) if j not in want)
                with pytest.raises(IllegalActionError):
                    gs._turn_play(bad, p)
                gs.step(want[i])
                assert played.phase is gs.phase and played.scores == gs.scores
                assert [(r.kind, repr(r.wins), r.deltas, r.tenpai) for r in played.hand_results] \
                    == [(r.kind, repr(r.wins), r.deltas, r.tenpai) for r in gs.hand_results]
                if gs.phase in (Phase.TURN, Phase.RESPONSE):
                    assert played.snapshot() == gs.snapshot()
            elif gs.phase is Phase.RESPONSE:
                gs.step([gs.legal_actions(q)[0] for q in gs.to_act])
            else:
                gs.step(gs.legal_actions()[0] if gs.phase is Phase.TURN else [])
    assert turns > 100
