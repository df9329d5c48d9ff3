"""The hand core (RULES.md §2-3): shanten, agari, waits, effective tiles, decompositions.

Runs against whichever backend is active (compiled by default, the pure-Python twin with
IPPATSU_PURE_PYTHON=1); the differential tests compare the active backend with the
reference in ``ippatsu._reference.handcore``, which derives every value from first
principles without the lookup tables.
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import ippatsu
from ippatsu import core
from ippatsu._reference import handcore as ref
from ippatsu.errors import HandSizeError, IppatsuError, NotationError, TileCountError
from ippatsu.tiles import parse_counts

import _oracle as oracle
from conftest import shared_path

PURE = core.BACKEND == "python"
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def c(text: str) -> list:
    return parse_counts(text)


# ---------------------------------------------------------------------------------------
# strategies


@st.composite
def hands(draw, sizes=SIZES):
    """Random concealed counts: `size` distinct tile ids out of 136."""
    size = draw(st.sampled_from(sizes))
    ids = draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))
    counts = [0] * 34
    for t in ids:
        counts[t // 4] += 1
    return counts


@st.composite
def dense_hands(draw, sizes=SIZES):
    """Hands concentrated in one or two suits, where shapes interact most."""
    size = draw(st.sampled_from(sizes))
    kinds = draw(st.sampled_from([list(range(9)), list(range(18)), list(range(9)) + list(range(27, 34))]))
    counts = [0] * 34
    while sum(counts) < size:
        k = draw(st.sampled_from(kinds))
        if counts[k] < 4:
            counts[k] += 1
    return counts


RUN_STARTS = [s * 9 + r for s in range(3) for r in range(7)]


@st.composite
def complete_hands(draw, nsets=4):
    """Complete standard hands: nsets sets + a pair, never a fifth copy."""
    blocks = draw(st.lists(st.integers(0, 21 + 34 - 1), min_size=nsets, max_size=nsets))
    pair = draw(st.integers(0, 33))
    counts = [0] * 34
    for b in blocks:
        if b < 21:
            for i in range(3):
                counts[RUN_STARTS[b] + i] += 1
        else:
            counts[b - 21] += 3
    counts[pair] += 2
    assume(max(counts) <= 4)
    return counts


@st.composite
def block_hands(draw, sizes=SIZES):
    """Hands assembled from pairs, triplets and runs in random groups: shapes where several
    groups hold 2 mod 3 tiles, which random draws rarely produce."""
    size = draw(st.sampled_from(sizes))
    counts = [0] * 34
    while sum(counts) < size:
        k = draw(st.integers(0, 33))
        n = min(draw(st.sampled_from([1, 2, 2, 3])), size - sum(counts), 4 - counts[k])
        if draw(st.booleans()) and k < 27 and k % 9 <= 6 and n >= 3:
            if all(counts[k + i] < 4 for i in range(3)):
                for i in range(3):
                    counts[k + i] += 1
            continue
        counts[k] += n
    return counts


any_hands = st.one_of(hands(), dense_hands(), block_hands())
FAST = settings(max_examples=60 if PURE else 400, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                       HealthCheck.large_base_example])


# ---------------------------------------------------------------------------------------
# known answers


@pytest.mark.parametrize(
    "text, std, chiitoi, kokushi",
    [
        ("123m456p789s1122z", 0, 4, 8),
        ("123m456p789s11222z", -1, 4, 8),
        # RULES.md §3: a wait only on a fifth copy does not count: 1-shanten, not tenpai
        ("1111m234p567p789s", 1, 5, 10),
        ("19m19p19s1234567z", 8, 6, 0),
        ("19m19p19s12345677z", 7, 5, -1),
        ("1122m3344p5566s7z", 3, 0, 10),
        ("11223344556677z", 3, -1, 5),
        # four identical tiles are not two pairs (RULES.md §2)
        ("1111m2233p4455s6s", 1, 2, 11),
        ("147m258p369s1234z", 8, 6, 7),
    ],
)
def test_rule_3_shanten_known_answers(text, std, chiitoi, kokushi):
    forms = core.shanten_forms(text)
    assert (forms.standard, forms.chiitoitsu, forms.kokushi) == (std, chiitoi, kokushi)
    assert forms.min == min(std, chiitoi, kokushi) == core.shanten(text)
    assert core.shanten(text, "standard") == std
    assert core.shanten(text, "chiitoitsu") == chiitoi
    assert core.shanten(text, "kokushi") == kokushi


def test_rule_3_four_copies_hand_is_not_tenpai():
    assert core.waits("1111m234p567p789s") == []
    assert not core.is_tenpai("1111m234p567p789s")
    assert core.waits("1112m234p567p789s") == [1, 2]  # 2m tanki, 3m with the 11m pair


def test_rule_3_waits_known():
    kinds = lambda s: [ippatsu.tiles.parse_kinds(x)[0] for x in s.split()]  # noqa: E731
    assert core.waits("1112345678999m") == kinds("1m 2m 3m 4m 5m 6m 7m 8m 9m")
    assert core.waits("19m19p19s1234567z") == list(YAOCHUU)
    assert core.waits("23m456p789s11122z") == kinds("1m 4m")
    assert core.waits("13m456p789s11122z") == kinds("2m")


@pytest.mark.parametrize("text, complete", [("123m456p7899s", "123m456p78999s"),
                                             ("456p7899s", "456p78999s"),
                                             ("7899s", "78999s"), ("9s", "99s")])
def test_rule_3_hands_after_calls(text, complete):
    """Each declared set takes three tiles from the concealed part (10/7/4/1 tiles)."""
    assert core.shanten(text) == 0
    assert core.shanten_forms(text).chiitoitsu is None
    assert core.is_agari(complete) and core.shanten(complete) == -1
    assert ippatsu.tiles.parse_kinds("9s")[0] in core.waits(text)
    with pytest.raises(HandSizeError):
        core.shanten(text, form="chiitoitsu")


def test_is_agari_forms():
    # four groups each holding 2 mod 3 tiles also total 2 mod 3, yet need four pairs
    assert not core.is_agari("11m11p11s11122233z")
    assert core.waits("11m11p11s1112223z") == []
    assert core.shanten("11m11p11s11122233z") == 1
    assert core.is_agari("123m456p789s11222z")
    assert core.is_agari("11223344556677z")          # seven pairs
    assert not core.is_agari("11112233445566z")      # four of a kind is not two pairs
    assert core.is_agari("19m19p19s12345677z")       # thirteen orphans
    assert not core.is_agari("123m456p789s1122z")    # 13 tiles are never complete
    assert core.is_agari("11m")
    assert core.is_agari("123m11p")


def test_decompositions_all_readings():
    readings = core.decompositions("111222333m11p")
    assert ((0, 9), (1, 0), (1, 0), (1, 0)) in readings
    assert ((0, 9), (2, 0), (2, 1), (2, 2)) in readings
    assert len(readings) == 2
    assert core.decompositions("1122m3344p5566s7z7z") == []  # seven pairs only
    assert core.decompositions("22334455m") == [((0, 1), (1, 2), (1, 2)), ((0, 4), (1, 1), (1, 1))]


def test_ukeire_known():
    u = core.ukeire("123m456p789s1122z")
    assert u.shanten == 0
    assert u.tiles == ((27, 2), (28, 2))
    assert u.total == 4
    vis = [0] * 34
    vis[27] = 2
    u = core.ukeire("123m456p789s1122z", visible=vis)
    assert u.tiles == ((27, 0), (28, 2)) and u.total == 2
    best = core.ukeire("123m456p789s11223z")
    assert best[0].discard == 29 and best[0].shanten == 0 and best[0].total == 4


# ---------------------------------------------------------------------------------------
# outside answers: 40,000 shanten problems


def _load_shanten_problems(path):
    a = np.loadtxt(path, dtype=np.int64)
    counts = np.zeros((len(a), 34), np.uint8)
    rows = np.repeat(np.arange(len(a)), 14)
    np.add.at(counts, (rows, a[:, :14].ravel()), 1)
    return counts, a[:, 14:]


@pytest.mark.parametrize("name", ["p_normal_10000", "p_hon_10000", "p_tin_10000", "p_koku_10000"])
def test_rule_3_shanten_problems(shared_data, name):
    """Every line of the outside shanten problems: standard, kokushi and chiitoitsu."""
    counts, expected = _load_shanten_problems(shared_path("shanten", f"{name}.txt"))
    forms = core.shanten_forms_batch(counts)
    assert (forms[:, 0] == expected[:, 0]).sum() == len(counts)
    assert (forms[:, 2] == expected[:, 1]).sum() == len(counts)
    assert (forms[:, 1] == expected[:, 2]).sum() == len(counts)
    assert (forms[:, 3] == expected.min(axis=1)).all()
    # the scalar path agrees on a sample
    for i in range(0, len(counts), 97):
        assert core.shanten(counts[i]) == expected[i].min()


# ---------------------------------------------------------------------------------------
# properties


def _check_against_oracle(counts):
    """The active backend against an oracle that is not itself: the first-principles
    reference for the compiled core; for the pure-Python twin (which *is* the reference)
    the independent oracle of tests/_oracle.py (brute-force agari and waits, the
    ``mahjong`` package's shanten on hands without a kind held four times)."""
    forms = core.shanten_forms(counts)
    if not PURE:
        s, ch, ko = ref.shanten_all(counts)
        assert (forms.standard, forms.chiitoitsu, forms.kokushi) == (s, ch, ko)
        if sum(counts) % 3 == 1:
            assert core.waits(counts) == ref.waits_counts(counts)
            sh, tiles = ref.ukeire_counts(counts)
            u = core.ukeire(counts)
            assert (u.shanten, list(u.tiles)) == (sh, tiles)
        else:
            assert core.is_agari(counts) == ref.is_agari_counts(counts)
        return
    if sum(counts) % 3 == 1:
        w = oracle.waits(counts)
        assert core.waits(counts) == w
        assert (forms.min == 0) == bool(w)
    else:
        a = oracle.is_agari(counts)
        assert core.is_agari(counts) == a
        assert (forms.min == -1) == a
    if oracle.four_free(counts):
        std, ch, ko = oracle.shanten_forms(counts)
        assert forms.standard == std
        if ch is not None:
            assert (forms.chiitoitsu, forms.kokushi) == (ch, ko)
        if sum(counts) % 3 == 1 and max(counts) <= 2:
            sh, tiles = oracle.ukeire(counts)
            u = core.ukeire(counts)
            assert (u.shanten, [tuple(t) for t in u.tiles]) == (sh, tiles)


@FAST
@given(any_hands)
def test_backend_matches_reference(counts):
    """Differential: the active backend equals an independent implementation."""
    _check_against_oracle(counts)


@FAST
@given(st.lists(any_hands, min_size=1, max_size=20))
def test_batch_equals_scalar(rows):
    arr = np.array(rows, dtype=np.uint8)
    assert list(core.shanten_batch(arr)) == [core.shanten(r) for r in rows]
    forms = core.shanten_forms_batch(arr)
    for r, f in zip(rows, forms):
        sf = core.shanten_forms(r)
        na = core.NOT_APPLICABLE
        assert list(f) == [sf.standard, na if sf.chiitoitsu is None else sf.chiitoitsu,
                           na if sf.kokushi is None else sf.kokushi, sf.min]
    assert list(core.is_agari_batch(arr)) == [core.is_agari(r) for r in rows]
    ones = [r for r in rows if sum(r) % 3 == 1]
    if ones:
        a1 = np.array(ones, dtype=np.uint8)
        w = core.waits_batch(a1)
        sh, tiles = core.ukeire_batch(a1)
        for i, r in enumerate(ones):
            assert list(np.nonzero(w[i])[0]) == core.waits(r)
            u = core.ukeire(r)
            assert sh[i] == u.shanten
            assert [(k, int(tiles[i, k])) for k in range(34) if tiles[i, k]] == \
                [(k, n) for k, n in u.tiles if n]
    if PURE:
        # batch and scalar are the same reference code here: anchor the batch outputs on
        # the independent oracle too
        sb = core.shanten_batch(arr)
        ab = core.is_agari_batch(arr)
        for i, r in enumerate(rows):
            if oracle.four_free(r):
                assert sb[i] == oracle.shanten(r)
            if sum(r) % 3 == 2:
                assert bool(ab[i]) == oracle.is_agari(r)
        if ones:
            for i, r in enumerate(ones):
                assert list(np.nonzero(w[i])[0]) == oracle.waits(r)


@FAST
@given(complete_hands())
def test_rule_3_complete_hand_is_minus_one(counts):
    assert core.shanten(counts) == -1
    assert core.is_agari(counts)
    assert core.decompositions(counts)


@FAST
@given(complete_hands(), st.data())
def test_rule_3_tenpai_waits_are_exactly_the_completing_kinds(counts, data):
    k = data.draw(st.sampled_from([i for i in range(34) if counts[i]]))
    counts[k] -= 1
    w = core.waits(counts)
    assert k in w
    for j in range(34):
        if counts[j] >= 4:
            assert j not in w
            continue
        counts[j] += 1
        assert core.is_agari(counts) == (j in w)
        counts[j] -= 1
    assert core.shanten(counts) == 0


@FAST
@given(any_hands)
def test_rule_3_drawing_an_effective_tile_lowers_shanten(counts):
    if sum(counts) % 3 != 1:
        counts = list(counts)
        k = next(i for i in range(34) if counts[i])
        counts[k] -= 1
    s = core.shanten(counts)
    u = core.ukeire(counts)
    eff = {k for k, _ in u.tiles}
    for k in range(34):
        if counts[k] >= 4:
            assert k not in eff
            continue
        counts[k] += 1
        assert (core.shanten(counts) < s) == (k in eff)
        assert core.shanten(counts) >= s - 1
        counts[k] -= 1
    if s == 0:
        assert set(core.waits(counts)) == eff


def _permute(counts, suit_order, reverse, honor_perm):
    out = [0] * 34
    for si, sj in enumerate(suit_order):
        for r in range(9):
            rr = 8 - r if reverse else r
            out[sj * 9 + rr] = counts[si * 9 + r]
    for i, j in enumerate(honor_perm):
        out[27 + j] = counts[27 + i]
    return out


@FAST
@given(any_hands, st.permutations([0, 1, 2]), st.booleans(), st.permutations(range(7)))
def test_rule_3_symmetries_keep_shanten(counts, suits, reverse, honors):
    """Relabelling suits, reading ranks 9..1, permuting honors: same shanten and wait count."""
    p = _permute(counts, suits, reverse, honors)
    assert core.shanten_forms(p) == core.shanten_forms(counts)
    if sum(counts) % 3 == 1:
        assert len(core.waits(p)) == len(core.waits(counts))
        assert core.ukeire(p).total == core.ukeire(counts).total


def test_differential_against_mahjong_package():
    """`mahjong` (pure Python) as a test-only oracle on random 13/14-tile hands.

    `mahjong` lets a hand wait on a fifth copy; hands holding a kind four times are
    compared only where that rule cannot matter (RULES.md §3 decides for us).
    """
    mj = pytest.importorskip("mahjong.shanten")
    calc = mj.Shanten()
    rng = np.random.default_rng(20261130)
    n = 300 if PURE else 3000
    checked = 0
    for _ in range(n):
        size = int(rng.choice([13, 14]))
        ids = rng.choice(136, size, replace=False)
        counts = np.bincount(ids // 4, minlength=34).astype(np.uint8)
        if counts.max() == 4:
            continue
        ours = core.shanten_forms(counts)
        theirs_std = calc.calculate_shanten_for_regular_hand(list(counts))
        assert ours.standard == theirs_std, counts
        assert ours.chiitoitsu == calc.calculate_shanten_for_chiitoitsu_hand(list(counts))
        assert ours.kokushi == calc.calculate_shanten_for_kokushi_hand(list(counts))
        checked += 1
    assert checked > n * 0.9


# ---------------------------------------------------------------------------------------
# inputs and errors


def test_inputs_of_every_form_agree():
    text = "123m406p789s1122z"
    h = ippatsu.Hand.parse(text)
    counts = c(text)
    for x in (text, h, counts, tuple(counts), bytes(counts), np.array(counts, np.uint8),
              np.array(counts, np.int64)):
        assert core.shanten(x) == 0
        assert core.waits(x) == [27, 28]


def test_a_hand_as_136_ids():
    """A list or tuple of 1-14 distinct 136-ids is a hand too (the same ids as Hand.ids)."""
    text = "123m406p789s1122z"
    ids = list(ippatsu.Hand.parse(text).ids)
    for x in (ids, tuple(ids), ids[::-1]):
        assert core.shanten(x) == 0
        assert core.waits(x) == [27, 28]
        assert core.is_tenpai(x)
    assert core.shanten(ids[:4] + [135]) == core.shanten("1234m7z")
    with pytest.raises(TileCountError) as ei:
        core.shanten(ids[:12] + [ids[0]])
    assert ei.value.code == "duplicate_id"
    with pytest.raises(IppatsuError) as ei:
        core.shanten(ids[:12] + [136])
    assert ei.value.code == "bad_tile_id"
    with pytest.raises(HandSizeError) as ei:  # 12 tiles: not 3k+1 / 3k+2
        core.shanten(ids[:12])
    assert ei.value.code == "bad_hand_size"


def test_hand_with_melds_as_text():
    assert core.shanten("123m456p789s1z [pon 2z+22z<A]") == 0
    assert core.waits("123m456p789s1z [pon 2z+22z<A]") == [27]
    assert core.shanten("123m456p789s11z [pon 2z+22z<A]") == -1
    with pytest.raises(HandSizeError):  # one meld leaves 10 or 11 concealed tiles
        core.shanten("123m456p1z [pon 2z+22z<A]")


@pytest.mark.parametrize(
    "bad, exc, code, words",
    [
        ([5] + [0] * 33, TileCountError, "fifth_copy", "1m"),
        ([4, 4, 4, 0] + [0] * 30, HandSizeError, "bad_hand_size", "12"),
        ([0] * 34, HandSizeError, "bad_hand_size", "0"),
        ([1] * 33, HandSizeError, "bad_counts_length", "33"),
        ([-1] + [1] * 14 + [0] * 19, TileCountError, "negative_count", "1m"),
        ("123m456p789s1122x", NotationError, None, "x"),
        ("11111m456p789s1122z", TileCountError, "fifth_copy", "1m"),
    ],
)
def test_bad_input_raises_clear_errors(bad, exc, code, words):
    for fn in (core.shanten, core.shanten_forms, core.is_agari, core.ukeire):
        with pytest.raises(exc) as ei:
            fn(bad)
        assert isinstance(ei.value, IppatsuError) and isinstance(ei.value, ValueError)
        if code:
            assert ei.value.code == code
        assert words in str(ei.value)


def test_batch_errors_name_the_row():
    arr = np.zeros((5, 34), np.uint8)
    arr[:, 0] = 3
    arr[:, 1:11] = 1  # 13 tiles
    arr[3, 5] = 5
    with pytest.raises(TileCountError, match="row 3"):
        core.shanten_batch(arr)
    arr[3, 5] = 1
    arr[2, 20] = 1  # 14 tiles in row 2: fine for shanten, wrong for waits
    core.shanten_batch(arr)
    with pytest.raises(HandSizeError, match="row 2"):
        core.waits_batch(arr)
    with pytest.raises(HandSizeError, match="row 2"):
        core.ukeire_batch(arr)
    big = arr.astype(np.int64)
    big[1, 0] = 256 + 3  # would wrap to 3 in a uint8 cast: must be refused, not wrapped
    with pytest.raises(TileCountError, match="row 1"):
        core.shanten_batch(big)
    with pytest.raises(IppatsuError):
        core.shanten_batch(arr.astype(np.float64))
    with pytest.raises(HandSizeError):
        core.shanten_batch(np.zeros((3, 33), np.uint8))
    with pytest.raises(IppatsuError):
        core.shanten_batch(arr, form="nope")
    with pytest.raises(IppatsuError):
        core.shanten_batch(arr, threads=0)


def test_batch_read_only_out_and_threads():
    rng = np.random.default_rng(7)
    n = 5000 if not PURE else 300
    ids = np.argsort(rng.random((n, 136)), axis=1)[:, :13]
    arr = np.zeros((n, 34), np.uint8)
    np.add.at(arr, (np.repeat(np.arange(n), 13), (ids // 4).ravel()), 1)
    arr.setflags(write=False)
    expect = core.shanten_batch(arr)
    out = np.empty(n, np.int8)
    assert core.shanten_batch(arr, out=out) is out
    assert (out == expect).all()
    assert (core.shanten_batch(arr, threads=2) == expect).all()
    assert (core.shanten_batch(arr, threads=None) == expect).all()
    sh1, t1 = core.ukeire_batch(arr)
    sh2, t2 = core.ukeire_batch(arr, threads=2)
    assert (sh1 == sh2).all() and (t1 == t2).all() and (sh1 == expect).all()
    with pytest.raises(IppatsuError):
        core.shanten_batch(arr, out=np.empty(n, np.int16))
    with pytest.raises(IppatsuError):
        core.shanten_batch(arr, out=np.empty(n + 1, np.int8))


def test_empty_batch():
    assert core.shanten_batch(np.zeros((0, 34), np.uint8)).shape == (0,)
    sh, t = core.ukeire_batch(np.zeros((0, 34), np.uint8))
    assert sh.shape == (0,) and t.shape == (0, 34)


@pytest.mark.skipif(PURE, reason="the compiled core's tables")
def test_tables_match_the_reference_on_random_suit_shapes():
    """The shipped tables (decoded by the C core) equal the first-principles reference.

    Single-suit hands put all tiles in one group, so the table row of that shape decides
    the answer; compare the standard shanten of every class reachable that way.
    """
    rng = np.random.default_rng(3)
    for _ in range(3000):
        size = int(rng.choice(SIZES))
        counts = [0] * 34
        while sum(counts) < size:
            k = int(rng.integers(0, 9)) if rng.random() < 0.8 else int(rng.integers(27, 34))
            if counts[k] < 4:
                counts[k] += 1
        assert core.shanten(counts, "standard") == ref.shanten_standard(counts)


@pytest.mark.skipif(PURE, reason="the compiled core's tables")
def test_tables_are_small():
    from ippatsu import _core

    assert _core.TABLE_BYTES <= 4 * 1024 * 1024


def test_non_contiguous_and_other_dtype_arrays():
    a = np.zeros(68, np.uint8)
    a[0:26:2] = 1  # every other element: 1m..9m 1p..4p
    assert core.shanten(a[::2]) == 0
    assert core.shanten(a[::2].astype(np.int32)) == 0
    assert core.shanten_batch(np.tile(a[::2], (3, 1))[:, :]).tolist() == [0, 0, 0]
