"""score_batch's row checks: every hostile value is refused, the first bad row is named, and
the compiled pass (the kernel checks each row as it scores it) and the pure-Python pass
(scoring_batch._check_row, then score() per row) agree on every input: the same results, or
the same error class, code and message.

Each check of ``_codes.BATCH_ERRORS`` has a row that only it refuses; the Hypothesis test
builds valid winning rows (four blocks and a pair, some declared), plants hostile values in
random cells and compares the two passes.
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ippatsu import _backend
from ippatsu import scoring_batch as sb
from ippatsu._codes import BATCH_ERRORS, NORTH
from ippatsu.errors import (HandSizeError, IppatsuError, MeldError, SituationError,
                            TileCountError)
from ippatsu.rules import Rules
from ippatsu.tiles import parse_counts

COMPILED = _backend.AVAILABLE
RUN_STARTS = [s * 9 + r for s in range(3) for r in range(7)]


def _outcome(**kw):
    """score_batch's answer as comparable data: the arrays, or the error's class, code and
    message."""
    try:
        r = sb.score_batch(**kw)
    except IppatsuError as e:
        return type(e).__name__, e.code, str(e)
    return tuple(np.asarray(a).tolist() for a in r)


def _pure_outcome(monkeypatch, **kw):
    with monkeypatch.context() as m:
        m.setattr(_backend, "AVAILABLE", False)
        return _outcome(**kw)


@st.composite
def winning_rows(draw, n_max=4):
    """Valid rows: four blocks and a pair, up to two blocks declared (chi / pon / kans),
    flags that fit, indicators that leave every kind at four copies or fewer."""
    n = draw(st.integers(1, n_max))
    counts = np.zeros((n, 34), np.uint8)
    win = np.zeros(n, np.int64)
    melds = np.full((n, 4, 2), -1, np.int64)
    flags = np.zeros(n, np.int64)
    seat = np.zeros(n, np.int64)
    dora = np.full((n, 2), -1, np.int64)
    ura = np.full((n, 1), -1, np.int64)
    red = np.zeros(n, np.int64)
    for i in range(n):
        while True:
            full = np.zeros(34, np.int64)
            blocks = []
            for _ in range(4):
                if draw(st.booleans()):
                    k = draw(st.sampled_from(RUN_STARTS))
                    blocks.append((0, k))
                    full[k:k + 3] += 1
                else:
                    k = draw(st.integers(0, 33))
                    blocks.append((draw(st.sampled_from([1, 1, 2, 3, 4])), k))
                    full[k] += 3
            p = draw(st.integers(0, 33))
            full[p] += 2
            if full.max() <= 3 or (full.max() <= 4 and draw(st.booleans())):
                break
        n_open = draw(st.integers(0, 2))
        conc = full.copy()
        open_hand = False
        for j, (t, k) in enumerate(blocks):
            if j < n_open:
                melds[i, j] = (t, k)
                open_hand |= t != 3
                if t == 0:
                    conc[k:k + 3] -= 1
                else:
                    conc[k] -= 3
                    if t != 1:
                        full[k] += 1   # a kan: the fourth copy
            elif t > 1:
                blocks[j] = (1, k)     # a concealed kan is only a pon of the hand here
        if full.max() > 4:
            melds[i] = -1
            conc = full.copy()
            for t, k in blocks:
                if t > 1:
                    full[k] -= 1
            conc = full.copy()
            open_hand = False
        counts[i] = conc
        win[i] = draw(st.sampled_from(list(np.nonzero(conc)[0])))
        f = sb.TSUMO if draw(st.booleans()) else 0
        if not open_hand and draw(st.booleans()):
            f |= sb.RIICHI
            if draw(st.booleans()):
                f |= sb.IPPATSU
        flags[i] = f
        seat[i] = draw(st.integers(0, 3))
        d = draw(st.integers(0, 33))
        if full[d] < 4:
            dora[i, 0] = d
        red[i] = int(sum(full[k] == 4 for k in (4, 13, 22)))
    return dict(counts=counts, win_tile=win, melds=melds, flags=flags, seat_wind=seat,
                round_wind=0, dora_indicators=dora, ura_indicators=ura, red=red)


HOSTILE = st.one_of(st.integers(-3, 40), st.sampled_from([-129, 127, 128, 255, 256, 1023,
                                                           1024, 2 ** 31, -2 ** 40]))
CELLS = ["counts", "win_tile", "melds", "flags", "seat_wind", "dora_indicators",
         "ura_indicators", "red", "tsumo", "riichi", "indicators_on_the_most_held",
         "flowers", "flowers_without_flower_rules"]
FLOWER_RULES = Rules.ippatsu().replace(flowers=True)


@pytest.mark.skipif(not COMPILED, reason="compares the compiled pass with the pure one")
@settings(suppress_health_check=list(HealthCheck), deadline=None, max_examples=150)
@given(kw=winning_rows(), data=st.data())
def test_compiled_and_pure_passes_agree_on_hostile_rows(monkeypatch, kw, data):
    n = kw["counts"].shape[0]
    for name in data.draw(st.lists(st.sampled_from(CELLS), max_size=3)):
        i = data.draw(st.integers(0, n - 1))
        held = sorted(int(k) for k in np.nonzero(np.asarray(kw["counts"])[i])[0])
        v = data.draw(st.one_of(HOSTILE, st.sampled_from(held)))  # held: fifth copies
        if name == "indicators_on_the_most_held":   # both dora on it: a fifth copy or not
            d = np.array(kw["dora_indicators"], np.int64)
            d[i] = int(np.argmax(np.asarray(kw["counts"])[i]))
            kw["dora_indicators"] = d
        elif name in ("tsumo", "riichi"):
            col = np.zeros(n, np.int64)
            col[i] = v
            kw[name] = col
        elif name.startswith("flowers"):   # a random count per row, one cell planted
            col = np.array(kw.get("flowers", data.draw(
                st.lists(st.integers(0, 4), min_size=n, max_size=n))), np.int64)
            col[i] = data.draw(st.one_of(st.integers(0, 4), HOSTILE))
            kw["flowers"] = col
            if name == "flowers":
                kw["rules"] = FLOWER_RULES
        elif name == "counts":
            c = kw["counts"].astype(np.int64)
            c[i, data.draw(st.integers(0, 33))] = v
            kw["counts"] = c
        else:
            a = np.array(kw[name], np.int64)
            a.reshape(n, -1)[i, data.draw(st.integers(0, a[0].size - 1))] = v
            kw[name] = a
    kw["threads"] = data.draw(st.sampled_from([1, 2]))
    assert _outcome(**kw) == _pure_outcome(monkeypatch, **kw)


@pytest.mark.skipif(not COMPILED, reason="compares the compiled pass with the pure one")
@settings(suppress_health_check=list(HealthCheck), deadline=None, max_examples=60)
@given(kw=winning_rows(), data=st.data())
def test_compiled_and_pure_passes_agree_with_flowers(monkeypatch, kw, data):
    """Good rows with a random count of flowers each (or one for every row): the kernel's
    flower dora are score()'s, row by row."""
    n = kw["counts"].shape[0]
    kw["flowers"] = data.draw(st.one_of(
        st.integers(0, 4), st.lists(st.integers(0, 4), min_size=n, max_size=n)))
    kw["rules"] = FLOWER_RULES
    assert _outcome(**kw) == _pure_outcome(monkeypatch, **kw)


def _row(hand="123m456p789s234s55m"):
    return np.array([parse_counts(hand)], np.uint8)


def _three(**over):
    """Three good rows (riichi tsumo pinfu), the arrays of which ``over`` edits."""
    kw = dict(counts=np.repeat(_row(), 3, axis=0), win_tile=np.full(3, 21, np.int64),
              melds=np.full((3, 4, 2), 255, np.int64), flags=np.full(3, sb.TSUMO, np.int64),
              seat_wind=np.ones(3, np.int64), dora_indicators=np.full((3, 2), -1, np.int64),
              ura_indicators=np.full((3, 1), -1, np.int64), red=np.zeros(3, np.int64))
    kw.update(over)
    return kw


def _edit(name, row, value, **base):
    kw = _three(**base)
    a = np.array(kw[name])
    a.reshape(3, -1)[row, 0] = value
    kw[name] = a
    return kw


def _none_but(kind):
    """Melds with slot 0 unused, its kind column set (an edit of its type declares it)."""
    m = np.full((3, 4, 2), 255, np.int64)
    m[:, 0, 1] = kind
    return m


def _rows(hand):
    return np.repeat(_row(hand), 3, axis=0)


def _pon_of(kind):
    """Melds with a pon of ``kind`` in slot 0 of every row (an edit of its type makes it
    another meld)."""
    m = np.full((3, 4, 2), 255, np.int64)
    m[:, 0] = (1, kind)
    return m


#: three good three-player rows (riichi-less tsumo, ittsu), no Norths set aside
SANMA = dict(counts=_rows("123p456p789p11s999s"), win_tile=np.full(3, 17, np.int64),
             nukidora=np.zeros(3, np.int64), rules=Rules.tenhou_sanma())

# one row per check, in _codes.BATCH_ERRORS order: (the edit, the error class, code, words)
ONLY_ONE_CHECK = {
    "range": (dict(name="win_tile", value=34), IppatsuError, "bad_input",
              "win_tile holds 0..33, got 34"),
    "meld": (dict(name="melds", value=5), IppatsuError, "bad_input",
             "meld 0 is (type 5, kind 255)"),
    "impossible_meld": (dict(name="melds", value=0, melds=_none_but(30)), IppatsuError,
                        "bad_input", "meld 0 is an impossible meld"),
    "counts": (dict(name="counts", value=5), TileCountError, "fifth_copy",
               "5 copies of 1m: a kind has at most four copies"),
    "win_not_held": (dict(name="win_tile", value=33), IppatsuError, "bad_input",
                     "the winning tile is not in the hand"),
    "fifth_copy": (dict(name="melds", value=1, melds=_none_but(4),
                        counts=np.repeat(_row("555m123p456p789p11z"), 3, axis=0),
                        win_tile=np.full(3, 27, np.int64)),
                   TileCountError, "fifth_copy",
                   "5 or more copies of 5m between the hand and its melds"),
    "hand_size": (dict(name="melds", value=1, melds=_none_but(31)), HandSizeError,
                  "bad_hand_size", "14 concealed tiles with 1 melds"),
    "indicator_copy": (dict(name="dora_indicators", value=4,
                            counts=np.repeat(_row("123m456p789s555m22z"), 3, axis=0),
                            win_tile=np.full(3, 28, np.int64),
                            dora_indicators=np.tile(np.array([-1, 4], np.int64), (3, 1))),
                       TileCountError, "fifth_copy",
                       "5 copies of 5m between the hand, its melds and the indicators"),
    # three players (docs/rules.md §11)
    "sanma_wind": (dict(name="seat_wind", value=3, **SANMA), IppatsuError, "bad_wind",
                   "three players: winds are 0..2"),
    "sanma_tile": (dict(name="dora_indicators", value=4, **SANMA), TileCountError,
                   "sanma_tile", "indicator 5m: three-player mahjong has no 2m-8m"),
    "sanma_chi": (dict(name="melds", value=0, **dict(SANMA, melds=_pon_of(9),
                                                     counts=_rows("456p789p11s999s"))),
                  MeldError, "sanma_chi", "a chi of 123p in three-player mahjong"),
    "north_copy": (dict(name="nukidora", value=2, **dict(SANMA, counts=_rows(
        "123p456p789p11s444z"), win_tile=np.full(3, NORTH, np.int64))), TileCountError,
        "fifth_copy", "3 Norths in the hand and 2 set aside"),
    "situation": (dict(name="flags", value=sb.IPPATSU), SituationError, "bad_situation",
                  "impossible situation: ippatsu without riichi"),
    "red": (dict(name="red", value=3), IppatsuError, "bad_input",
            "3 red fives do not fit the fives of the hand"),
}


def test_every_row_check_has_a_case():
    assert sorted(ONLY_ONE_CHECK) == sorted(BATCH_ERRORS)


@pytest.mark.parametrize("check", BATCH_ERRORS)
def test_each_row_check_names_the_row_and_the_problem(check):
    edit, cls, code, words = ONLY_ONE_CHECK[check]
    edit = dict(edit)
    name, value = edit.pop("name"), edit.pop("value")
    sb.score_batch(**_three(**edit))   # the rows before the edit are good
    with pytest.raises(cls) as ei:
        sb.score_batch(**_edit(name, 1, value, **edit))
    assert ei.value.code == code
    assert str(ei.value).startswith("row 1: ")
    assert words in str(ei.value)


def test_the_first_bad_row_is_named_whichever_check_finds_it():
    kw = _edit("win_tile", 2, 34)          # row 2: out of range
    kw["flags"][1] = sb.IPPATSU            # row 1: an impossible situation
    with pytest.raises(SituationError, match="^row 1: "):
        sb.score_batch(**kw)


@pytest.mark.skipif(not COMPILED, reason="threads split the compiled pass")
def test_the_first_bad_row_is_named_across_threads():
    n = 20_000
    c = np.repeat(_row(), n, axis=0)
    w = np.full(n, 21, np.int64)
    w[[15_000, 7_000]] = (40, 33)   # a bad row in each half of the rows
    for threads in (1, 2, 4):
        with pytest.raises(IppatsuError, match="^row 7000: the winning tile"):
            sb.score_batch(c, w, tsumo=True, threads=threads)


def test_a_scalar_out_of_range_is_named_without_a_row():
    with pytest.raises(IppatsuError, match="^seat_wind holds 0..3, got 4$"):
        sb.score_batch(_row(), [21], seat_wind=4)
    with pytest.raises(IppatsuError, match="^row 0: seat_wind holds 0..3, got 4$"):
        sb.score_batch(_row(), [21], seat_wind=[4])


@pytest.mark.parametrize("value, code", [(5, "fifth_copy"), (-1, "negative_count"),
                                         (2 ** 32 + 1, "fifth_copy")])
def test_flowers_out_of_range_name_the_row_as_score_does(value, code):
    """A flower count outside 0..4 is the range check's, worded with score()'s code."""
    kw = _edit("red", 0, 0, flowers=np.array([0, value, 4], np.int64), rules=FLOWER_RULES)
    with pytest.raises(TileCountError) as ei:
        sb.score_batch(**kw)
    assert ei.value.code == code
    assert str(ei.value) == f"row 1: flowers={value}: 0 to 4 flowers can be set aside"
    kw["flowers"][0] = 9   # an earlier bad row of another column is named first
    kw["win_tile"][0] = 40
    with pytest.raises(IppatsuError, match="^row 0: win_tile holds"):
        sb.score_batch(**kw)


def test_wide_integers_never_wrap_into_range():
    """A value that a narrow cast would wrap into range (win 21 + 256, flags 2**32 + 1,
    uint64 above the int64 range) is refused, on both passes."""
    for kw in (dict(win_tile=[21 + 256]), dict(win_tile=[21], flags=[2 ** 32 + 1]),
               dict(win_tile=np.array([2 ** 64 - 11], np.uint64)),
               dict(win_tile=[21], dora_indicators=[[-256 + 4]])):
        with pytest.raises(IppatsuError) as ei:
            sb.score_batch(_row(), **kw)
        assert ei.value.code == "bad_input"
