"""Solo rollouts (``core.solo_rollouts``), the efficiency discard, and out= validation.

Runs against the active backend; the bit-for-bit comparison of the compiled kernel with
the pure-Python twin (``ippatsu._reference.solo``) runs only when the compiled module is
importable and is not the active backend's twin. Every Monte Carlo check uses a fixed key,
so the suite is deterministic; the bounds are binomial (a few standard deviations) around
probabilities computed exactly by enumeration.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import ippatsu
from ippatsu import core
from ippatsu._reference import api as ref_api
from ippatsu._reference import handcore as ref_hc
from ippatsu._reference import solo as ref_solo
from ippatsu.errors import HandSizeError, IppatsuError, TileCountError
from ippatsu.tiles import parse_counts

PURE = core.BACKEND == "python"

try:
    from ippatsu import _core as compiled
except ImportError:  # pragma: no cover - a build without the extension
    compiled = None
HAVE_COMPILED = compiled is not None and not PURE

TENPAI = "123m456p789s1122z"  # shanpon on 1z / 2z
ONE_SHANTEN = "2345m67p34s789s11z"  # ryanmen-heavy 1-shanten
TWO_SHANTEN = "13m2468p34567s11z"


def counts_of(text):
    return parse_counts(text)


def full_unseen(hand, visible=None):
    vis = visible or [0] * 34
    return [4 - hand[k] - vis[k] for k in range(34)]


# ---------------------------------------------------------------------------------------
# exact enumeration helpers (the policy's definition, through the public core API)


def policy_discard(policy, h14, rem, drawn):
    if policy == "efficiency":
        visible = [4 - h14[k] - rem[k] for k in range(34)]
        return core.efficiency_discard(h14, visible)
    best, choice = 99, None
    for d in range(34):
        if h14[d]:
            h14[d] -= 1
            s = core.shanten(h14)
            h14[d] += 1
            if s < best or (s == best and d == drawn):
                best, choice = s, d
    return choice


def exact_two_draws(hand, unseen, policy):
    """(P(complete by draw 1), P(complete by draw 2), P(tenpai by draw 1)) exactly."""
    total = sum(unseen)
    p1 = p2 = t1 = Fraction(0)
    for a in range(34):
        if not unseen[a]:
            continue
        wa = Fraction(unseen[a], total)
        h = list(hand)
        h[a] += 1
        if core.is_agari(h):
            p1 += wa
            p2 += wa
            t1 += wa
            continue
        rem = list(unseen)
        rem[a] -= 1
        d = policy_discard(policy, h, rem, a)
        h[d] -= 1
        if core.shanten(h) <= 0:
            t1 += wa
        for b in range(34):
            if not rem[b]:
                continue
            h[b] += 1
            if core.is_agari(h):
                p2 += wa * Fraction(rem[b], total - 1)
            h[b] -= 1
    return p1, p2, t1


def within(count, n, p, sigmas=5.0):
    p = float(p)
    sd = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(count / n - p) <= sigmas * sd + 1e-12


# ---------------------------------------------------------------------------------------
# Monte Carlo against exact probabilities


@pytest.mark.parametrize("policy", ["efficiency", "shanten"])
def test_tenpai_hand_one_and_two_draws_exact(policy):
    hand = counts_of(TENPAI)
    visible = [0] * 34
    visible[27] = 1  # one 1z seen elsewhere
    visible[5] = 2
    unseen = full_unseen(hand, visible)
    n = 4000 if PURE and policy == "efficiency" else 20000 if PURE else 400000
    tb, cb, hist = core.solo_rollouts(hand, unseen, 2, 0, n, 12345, policy)
    p1, p2, t1 = exact_two_draws(hand, unseen, policy)
    assert p1 == Fraction(unseen[27] + unseen[28], sum(unseen))
    assert t1 == 1 and tb[0] == n and tb[1] == n
    assert within(cb[0], n, p1) and within(cb[1], n, p2)
    assert hist.sum() == n and hist[0] == cb[1] and hist[1] == n - cb[1]


@pytest.mark.parametrize("policy", ["efficiency", "shanten"])
def test_one_shanten_tenpai_by_draw_one_is_ukeire_over_unseen(policy):
    hand = counts_of(ONE_SHANTEN)
    unseen = full_unseen(hand)
    n = 3000 if PURE and policy == "efficiency" else 20000 if PURE else 300000
    tb, cb, _ = core.solo_rollouts(hand, unseen, 2, 0, n, 99, policy)
    p1, p2, t1 = exact_two_draws(hand, unseen, policy)
    assert p1 == 0 and cb[0] == 0
    assert t1 == Fraction(core.ukeire(hand).total, sum(unseen))
    assert within(tb[0], n, t1) and within(cb[1], n, p2)


def test_monotone_and_consistent_one_shanten():
    hand = counts_of(ONE_SHANTEN)
    unseen = full_unseen(hand)
    n = 300 if PURE else 20000
    for policy in ("efficiency", "shanten"):
        tb, cb, hist = core.solo_rollouts(hand, unseen, 12, 0, n, 7, policy)
        assert tb.dtype == cb.dtype == hist.dtype == np.int64
        assert tb.shape == cb.shape == (12,) and hist.shape == (10,)
        assert (np.diff(tb) >= 0).all() and (np.diff(cb) >= 0).all()
        assert (cb <= tb).all() and tb[-1] <= n
        assert hist.sum() == n and hist[0] == cb[-1]
        assert hist[3:].sum() == 0  # shanten never goes up from 1
        assert tb[-1] > 0.8 * n and 0 < cb[-1] < tb[-1]


# ---------------------------------------------------------------------------------------
# randomness: chunks, keys, threads


@pytest.mark.parametrize("policy", ["efficiency", "shanten"])
def test_chunking_invariance_and_out_accumulates(policy):
    hand = counts_of(TWO_SHANTEN)
    unseen = full_unseen(hand)
    n, a = (60, 23) if PURE else (3000, 1234)
    whole = core.solo_rollouts(hand, unseen, 8, 0, n, 2**64 - 1, policy)
    out = tuple(np.zeros(s, np.int64) for s in (8, 8, 10))
    r1 = core.solo_rollouts(hand, unseen, 8, 0, a, 2**64 - 1, policy, out=out)
    r2 = core.solo_rollouts(hand, unseen, 8, a, n, 2**64 - 1, policy, out=out)
    assert r1[0] is out[0] and r2[2] is out[2]
    for x, y in zip(whole, out):
        assert (x == y).all()
    other = core.solo_rollouts(hand, unseen, 8, 0, n, 2**64 - 2, policy)
    assert any((x != y).any() for x, y in zip(whole, other))
    empty = core.solo_rollouts(hand, unseen, 8, 5, 5, 1, policy)
    assert all(x.sum() == 0 for x in empty)


def test_threads_same_result():
    hand = counts_of(TWO_SHANTEN)
    unseen = full_unseen(hand)
    n = 50 if PURE else 5000
    one = core.solo_rollouts(hand, unseen, 6, 10, 10 + n, 5, "shanten")
    two = core.solo_rollouts(hand, unseen, 6, 10, 10 + n, 5, "shanten", threads=2)
    for x, y in zip(one, two):
        assert (x == y).all()


def test_rng_stream_definition():
    # the documented stream: sample i starts at mix64(mix64(key) + i * G)
    assert ref_solo.mix64(0) == 0
    key, i = 42, 7
    st = ref_solo.mix64((ref_solo.mix64(key) + i * ref_solo.GOLDEN) % 2**64)
    st = (st + ref_solo.GOLDEN) % 2**64
    r = ref_solo.mix64(st)
    assert 0 <= (r * 136) >> 64 < 136
    # one draw from a single unseen kind always hits it
    hand = counts_of("1112345678999m")
    unseen = [0] * 34
    unseen[4] = 3  # 5m: completes the nine gates
    tb, cb, hist = core.solo_rollouts(hand, unseen, 1, 0, 50, 3, "shanten")
    assert cb[0] == 50 and hist[0] == 50


# ---------------------------------------------------------------------------------------
# start from 3k+2, callables


@pytest.mark.parametrize("policy", ["efficiency", "shanten"])
def test_start_from_3k2_is_the_policy_discard_then_3k1(policy):
    hand14 = counts_of("2345m67p34s789s11z9p")
    unseen = full_unseen(hand14)
    d = core.efficiency_discard(hand14, [4 - hand14[k] - unseen[k] for k in range(34)]) \
        if policy == "efficiency" else policy_discard("shanten", list(hand14), unseen, -1)
    hand13 = list(hand14)
    hand13[d] -= 1
    n = 40 if PURE else 3000
    a = core.solo_rollouts(hand14, unseen, 6, 0, n, 77, policy)
    b = core.solo_rollouts(hand13, unseen, 6, 0, n, 77, policy)
    for x, y in zip(a, b):
        assert (x == y).all()


def test_callable_policy_reproduces_the_efficiency_policy():
    # a callable gets the 3k+2 hand and the tiles still drawable: visible = 4 - both
    calls = []

    def efficiency(counts14: bytes, unseen: bytes) -> int:
        assert type(counts14) is bytes and len(counts14) == 34 and len(unseen) == 34
        calls.append(1)
        return core.efficiency_discard(counts14, [4 - counts14[k] - unseen[k] for k in range(34)])

    hand = counts_of(ONE_SHANTEN)
    unseen = full_unseen(hand)
    n = 20 if PURE else 60
    got = core.solo_rollouts(hand, unseen, 5, 3, 3 + n, 8, efficiency)
    want = core.solo_rollouts(hand, unseen, 5, 3, 3 + n, 8, "efficiency")
    assert calls
    for x, y in zip(got, want):
        assert (x == y).all()


def test_callable_bad_choice_raises():
    hand = counts_of(TENPAI)
    with pytest.raises(IppatsuError) as e:
        core.solo_rollouts(hand, full_unseen(hand), 2, 0, 3, 1, lambda c, u: 33)
    assert e.value.code == "bad_policy_choice"


# ---------------------------------------------------------------------------------------
# compiled == reference, bit for bit


@pytest.mark.skipif(not HAVE_COMPILED, reason="needs the compiled core (not the twin)")
@pytest.mark.parametrize("policy", ["efficiency", "shanten"])
@pytest.mark.parametrize("text,key", [
    (TENPAI, 1), (ONE_SHANTEN, 2**63 + 5), (TWO_SHANTEN, 3), ("19m19p19s1234567z", 4),
    ("2255m3366p4477s1z", 5), ("1112345678999m", 6), ("23m45p67s234s789m1z9p", 7),
    ("1234m", 8), ("55z", 9),
])
def test_compiled_equals_reference(policy, text, key):
    hand = counts_of(text)
    visible = [0] * 34
    for k in (0, 4, 13, 22, 27, 31):
        visible[k] = min(2, 4 - hand[k])
    unseen = full_unseen(hand, visible)
    draws = min(6 if policy == "efficiency" else 10, sum(unseen))
    n = 50 if policy == "efficiency" else 400
    a = compiled.solo_rollouts(hand, unseen, draws, 1000, 1000 + n, key, policy)
    b = ref_solo.solo_rollouts(hand, unseen, draws, 1000, 1000 + n, key, policy)
    for x, y in zip(a, b):
        assert x.dtype == y.dtype and (x == y).all(), (a, b)


@pytest.mark.skipif(not HAVE_COMPILED, reason="needs the compiled core (not the twin)")
def test_compiled_efficiency_equals_reference_random_hands():
    rng = np.random.default_rng(5)
    for _ in range(150):
        size = int(rng.choice([2, 5, 8, 11, 14, 14, 14]))
        ids = rng.choice(136, size + 40, replace=False)
        hand = [0] * 34
        for t in ids[:size]:
            hand[t // 4] += 1
        visible = [0] * 34
        for t in ids[size:size + int(rng.integers(0, 40))]:
            visible[t // 4] += 1
        allowed = None if rng.random() < 0.7 else int(rng.integers(1, 2**34))
        try:
            want = ref_api.efficiency_discard(hand, visible, allowed)
        except IppatsuError as e:
            with pytest.raises(IppatsuError) as got:
                compiled.efficiency_discard(hand, visible, allowed)
            assert got.value.code == e.code
            continue
        assert compiled.efficiency_discard(hand, visible, allowed) == want
        assert compiled._efficiency_ties(hand, visible, allowed) == \
            ref_api._efficiency_ties(hand, visible, allowed)


def _shaped_hand(rng, size):
    """A hand of ``size`` tiles drawn from a shaped pool (any tile, one group, a few
    kinds, or the thirteen terminals and honors plus a few kinds: hands whose best form
    may be seven pairs or thirteen orphans) and the ids left for ``visible``."""
    shape = int(rng.integers(0, 4))
    if shape == 0:
        kinds = list(range(34))
    elif shape == 1:
        g = int(rng.integers(0, 4))
        kinds = list(range(27, 34)) if g == 3 else list(range(9 * g, 9 * g + 9))
    elif shape == 2:
        kinds = [int(k) for k in rng.choice(34, 8, replace=False)]
    else:
        kinds = sorted(set(ref_hc.YAOCHUU) | {int(k) for k in rng.choice(34, 4, replace=False)})
    pool = [4 * k + j for k in kinds for j in range(4)]
    ids = [int(t) for t in rng.permutation(pool)[:size]]
    taken = set(ids)
    rest = [int(t) for t in rng.permutation(136) if int(t) not in taken]
    hand = [0] * 34
    for t in ids:
        hand[t // 4] += 1
    return hand, rest


@pytest.mark.skipif(not HAVE_COMPILED, reason="needs the compiled core (not the twin)")
def test_compiled_efficiency_equals_reference_on_shaped_hands():
    """The compiled efficiency choice (the lowest shanten, then the most effective tiles
    over every form) picks the reference's kind and ties on hands of every size, with and
    without visible copies and allowed masks, and reaches ties that the effective tiles
    decide and hands whose best form after a discard is seven pairs or thirteen orphans."""
    rng = np.random.default_rng(11)
    by_tiles = other_forms = 0
    for _ in range(120):
        size = int(rng.choice([2, 5, 8, 11, 14, 14, 14, 14]))
        hand, rest = _shaped_hand(rng, size)
        visible = None
        if rng.random() < 0.8:
            visible = [0] * 34
            for t in rest[:int(rng.integers(0, 60))]:
                visible[t // 4] += 1
        allowed = None if rng.random() < 0.7 else int(rng.integers(1, 2**34))
        try:
            want = ref_api._efficiency_ties(hand, visible, allowed)
        except IppatsuError as e:
            assert e.code == "no_allowed_discard"
            with pytest.raises(IppatsuError, match="none of the allowed"):
                compiled._efficiency_ties(hand, visible, allowed)
            continue
        assert compiled._efficiency_ties(hand, visible, allowed) == want
        assert compiled.efficiency_discard(hand, visible, allowed) == \
            (want & -want).bit_length() - 1
        mask = (1 << 34) - 1 if allowed is None else allowed
        sh = {}
        for d in range(34):
            if hand[d] and (mask >> d) & 1:
                hand[d] -= 1
                sh[d] = ref_hc.shanten_all(hand)
                hand[d] += 1
        best = min(min(x for x in v if x is not None) for v in sh.values())
        tied = [d for d, v in sh.items() if min(x for x in v if x is not None) == best]
        by_tiles += len(tied) > 1
        other_forms += any(sh[d][0] > best for d in tied)
    assert by_tiles > 60 and other_forms > 10, (by_tiles, other_forms)


# ---------------------------------------------------------------------------------------
# efficiency_discard's own contract


def test_efficiency_discard_definition():
    hand = counts_of("1258m3469p1378s22z")
    rows = core.ukeire(hand)  # sorted best first: (shanten, -total, discard)
    assert core.efficiency_discard(hand) == rows[0].discard
    assert core.efficiency_discard(ippatsu.Hand.parse("123m456p789s1122z5m")
                                   if hasattr(ippatsu, "Hand") else "123m456p789s1122z5m") == 4
    vis = [0] * 34
    vis[27] = 2
    rows = core.ukeire(hand, vis)
    assert core.efficiency_discard(hand, bytes(vis)) == rows[0].discard
    only = rows[-1].discard
    assert core.efficiency_discard(hand, vis, [only]) == only
    assert core.efficiency_discard(hand, vis, 1 << only) == only


@pytest.mark.parametrize("args,code,exc", [
    (("123m456p789s1122z",), "bad_hand_size", HandSizeError),
    (("123m456p789s1122z5m", [0] * 33), "bad_counts_length", HandSizeError),
    (("123m456p789s1122z5m", [4] + [0] * 33), "fifth_copy", TileCountError),
    (("123m456p789s1122z5m", None, [33]), "no_allowed_discard", IppatsuError),
    (("123m456p789s1122z5m", None, 0), "no_allowed_discard", IppatsuError),
    (("123m456p789s1122z5m", None, 1 << 34), "bad_allowed", IppatsuError),
    (("123m456p789s1122z5m", None, [34]), "bad_allowed", IppatsuError),
    (("123m456p789s1122z5m", None, "1m"), "bad_allowed", IppatsuError),
    (([5] + [0] * 33,), "fifth_copy", TileCountError),
])
def test_efficiency_discard_errors(args, code, exc):
    with pytest.raises(exc) as e:
        core.efficiency_discard(*args)
    assert e.value.code == code


# ---------------------------------------------------------------------------------------
# bad inputs of solo_rollouts


def _solo_err(**kw):
    hand = counts_of(TENPAI)
    args = dict(counts=hand, unseen=full_unseen(hand), draws=3, start=0, stop=10, key=1,
                policy="shanten")
    args.update(kw)
    with pytest.raises(IppatsuError) as e:
        core.solo_rollouts(**args)
    return e.value


@pytest.mark.parametrize("kw,code", [
    ({"counts": [1] * 12 + [0] * 22}, "bad_hand_size"),
    ({"counts": [5] + [0] * 33}, "fifth_copy"),
    ({"unseen": [4] * 34}, "fifth_copy"),
    ({"unseen": [0] * 33}, "bad_counts_length"),
    ({"unseen": [-1] + [0] * 33}, "negative_count"),
    ({"draws": 0}, "bad_draws"),
    ({"draws": 1.5}, "bad_draws"),
    ({"draws": 200}, "not_enough_unseen"),
    ({"start": 5, "stop": 4}, "bad_range"),
    ({"start": -1}, "bad_range"),
    ({"key": -1}, "bad_key"),
    ({"key": 2**64}, "bad_key"),
    ({"policy": "greedy"}, "bad_policy"),
    ({"policy": 2}, "bad_policy"),
])
def test_solo_bad_inputs(kw, code):
    assert _solo_err(**kw).code == code


def test_solo_bad_out_and_threads():
    assert _solo_err(out=()).code == "bad_out"
    assert _solo_err(out=(np.zeros(3, np.int64),) * 2 + (np.zeros(9, np.int64),)).code == "bad_out"
    assert _solo_err(out=(np.zeros(3, np.int32), np.zeros(3, np.int64),
                          np.zeros(10, np.int64))).code == "bad_out"
    assert _solo_err(threads=0).code == "bad_threads"


# ---------------------------------------------------------------------------------------
# out= of the batch kernels: a (shanten, tiles) pair (crashed on a short tuple)


@pytest.mark.parametrize("out", [(), (np.zeros(1, np.int8),), 5, [np.zeros(1, np.int8)] * 3])
def test_ukeire_batch_bad_out(out):
    with pytest.raises(IppatsuError) as e:
        ippatsu.ukeire_batch(np.zeros((1, 34), np.uint8), out=out)
    assert e.value.code == "bad_out"


def test_ukeire_batch_good_out():
    counts = np.array([counts_of(TENPAI)], np.uint8)
    out = (np.empty(1, np.int8), np.empty((1, 34), np.uint8))
    sh, tiles = core.ukeire_batch(counts, out=out)
    assert sh is out[0] and sh[0] == 0 and tiles[0].sum() == 4  # 2 + 2 unseen


@pytest.mark.skipif(not HAVE_COMPILED, reason="the compiled scoring kernel")
def test_score_kernel_rejects_short_tuples():
    c = bytes(counts_of("11z"))
    with pytest.raises(IppatsuError) as e:
        compiled.score_kernel(c, 27, (), 0, 0, 0, 0, ())
    assert e.value.code == "bad_input"
    with pytest.raises(IppatsuError) as e:
        compiled.score_kernel(c, 27, ((),), 0, 0, 0, 0, (0,) * 6)
    assert e.value.code == "bad_input"


@pytest.mark.skipif(not HAVE_COMPILED, reason="needs the compiled core (not the twin)")
@pytest.mark.parametrize("text", [ONE_SHANTEN, TWO_SHANTEN, "19m19p19s1234567z", "2255m3366p4477s1z"])
def test_compiled_memo_of_efficiency_decisions_changes_nothing(text):
    # ranges of 64+ samples memoise the efficiency decisions; one sample at a time does not
    hand = counts_of(text)
    unseen = full_unseen(hand)
    whole = compiled.solo_rollouts(hand, unseen, 12, 0, 400, 11, "efficiency")
    out = tuple(np.zeros(s, np.int64) for s in (12, 12, 10))
    for i in range(400):
        compiled.solo_rollouts(hand, unseen, 12, i, i + 1, 11, "efficiency", out=out)
    for x, y in zip(whole, out):
        assert (x == y).all()
    ref = ref_solo.solo_rollouts(hand, unseen, 3, 0, 66, 11, "efficiency")
    got = compiled.solo_rollouts(hand, unseen, 3, 0, 66, 11, "efficiency")
    for x, y in zip(ref, got):
        assert (x == y).all()
