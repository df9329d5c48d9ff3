"""score_batch (RULES.md §4-§7 in arrays) equals kobalab's answers and score() hand by hand.

The corpus hands of kobalab (10,000, Ippatsu rules) are turned into arrays and scored in
one batch; every row must equal kobalab's own answer (han or yakuman multiple, fu,
points: an outside oracle — the batch path shares its scorer with score(), so comparing
the two alone would check little) and the scalar :func:`ippatsu.score` of the same hand
on han, fu, points, yaku rows and yakuman multiple (no-yaku rows: code 2).
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from conftest import shared_path
from test_scoring_kobalab import indicator_ids
from ippatsu import core, score
from ippatsu.errors import HandSizeError, IppatsuError, NoYakuError, NotAgariError, TileCountError
from ippatsu.rules import Rules
from ippatsu.scoring_batch import NO_YAKU, NOT_AGARI, RIICHI, TSUMO, score_batch
from ippatsu.tiles import parse_counts, parse_kinds, parse_tile

PURE = core.BACKEND == "python"
_MT = {"chi": 0, "pon": 1, "daiminkan": 2, "ankan": 3, "kakan": 4}
_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
          "chankan", "tenhou", "chiihou")


def _arrays(kwargs_list):
    n = len(kwargs_list)
    counts = np.zeros((n, 34), np.uint8)
    win = np.zeros(n, np.int64)
    melds = np.full((n, 4, 2), 255, np.uint8)
    flags = np.zeros(n, np.uint32)
    winds = np.zeros((n, 2), np.int64)
    dora = np.full((n, 5), -1, np.int64)
    ura = np.full((n, 5), -1, np.int64)
    red = np.zeros(n, np.int64)
    for i, kw in enumerate(kwargs_list):
        counts[i] = parse_counts(kw["hand"])
        win[i] = parse_kinds(kw["win_tile"])[0]
        reds = kw["hand"].count("0")
        for j, (t, tiles) in enumerate(kw["melds"]):
            melds[i, j] = (_MT[t], min(parse_kinds(tiles)))
            reds += tiles.count("0")
        red[i] = reds
        for b, name in enumerate(_FLAGS):
            if kw.get(name):
                flags[i] |= 1 << b
        winds[i] = kw["seat_wind"], kw["round_wind"]
        for j, d in enumerate(kw["dora_indicators"]):
            dora[i, j] = parse_tile(d) // 4
        for j, d in enumerate(kw["ura_indicators"]):
            ura[i, j] = parse_tile(d) // 4
    return counts, win, melds, flags, winds, dora, ura, red


@pytest.fixture(scope="module")
def kobalab_kwargs():
    import test_scoring_kobalab as kb

    cases = json.loads(shared_path("scored", "kobalab_hule.json").read_text())
    if PURE:
        cases = cases[::10]
    return [dict(kb.case_kwargs(c), _out=c["out"]) for c in cases]


def _expected(out):
    """kobalab's own answer (han or yakuman multiple, fu, points): an outside oracle, so
    the batch is checked against something other than the scorer it shares code with."""
    return out["damanguan"], out["fanshu"], out["fu"], out["defen"]


def test_batch_equals_scalar_on_kobalab(kobalab_kwargs):
    counts, win, melds, flags, winds, dora, ura, red = _arrays(kobalab_kwargs)
    res = score_batch(counts, win, melds=melds, flags=flags, seat_wind=winds[:, 0],
                      round_wind=winds[:, 1], dora_indicators=dora, ura_indicators=ura,
                      red=red, threads=2)
    agree = 0
    for i, kw in enumerate(kobalab_kwargs):
        ym, han, fu, points = _expected(kw["_out"])
        if ym:
            assert int(res.yakuman[i]) == ym and int(res.points[i]) == points, i
        else:
            assert (int(res.han[i]), int(res.fu[i]), int(res.points[i])) == \
                (han, fu, points), i
        _assert_row_is_score(res, i, kw)
        agree += 1
    assert agree == len(kobalab_kwargs)


def _assert_row_is_score(res, i, kw, **extra):
    """Row ``i`` of a batch equals score() of the same hand (``extra``: more keywords)."""
    kw = {k: v for k, v in kw.items() if k != "_out"}
    indicator_ids(kw)  # as 136-ids, one copy each
    try:
        r = score(**kw, **extra)
    except NoYakuError:
        assert res.code[i] == NO_YAKU, (i, kw, extra)
        return
    mask = sum(1 << y for y in r.yaku_ids)
    got = (int(res.han[i]), int(res.fu[i]), int(res.points[i]), int(res.yaku[i]),
           int(res.yakuman[i]), int(res.code[i]))
    assert got == (r.han, r.fu, r.points, mask, r.yakuman, 0), (i, kw, extra)


FLOWER_RULES = Rules.ippatsu().replace(flowers=True)


def test_flowers_in_the_batch_equal_score_row_by_row(kobalab_kwargs):
    """score_batch(flowers=...) adds the flower dora as score(flowers=n) does (docs/rules.md
    §12: one han each, only on a win with a yaku, nothing on a yakuman): every kobalab hand
    with a random count of flowers, row by row, and the flowers make a difference."""
    counts, win, melds, flags, winds, dora, ura, red = _arrays(kobalab_kwargs)
    fl = np.random.default_rng(12).integers(0, 5, len(kobalab_kwargs))
    res = score_batch(counts, win, melds=melds, flags=flags, seat_wind=winds[:, 0],
                      round_wind=winds[:, 1], dora_indicators=dora, ura_indicators=ura,
                      red=red, flowers=fl, rules=FLOWER_RULES, threads=2)
    plain = score_batch(counts, win, melds=melds, flags=flags, seat_wind=winds[:, 0],
                        round_wind=winds[:, 1], dora_indicators=dora, ura_indicators=ura,
                        red=red, rules=FLOWER_RULES)
    for i, kw in enumerate(kobalab_kwargs):
        _assert_row_is_score(res, i, kw, rules=FLOWER_RULES, flowers=int(fl[i]))
    scored = (res.code == 0) & (res.yakuman == 0)
    assert (res.han[scored] == plain.han[scored] + fl[scored]).all()
    assert (res.han[res.code != 0] == plain.han[res.code != 0]).all()   # no yaku: no dora
    assert (res.points[res.yakuman > 0] == plain.points[res.yakuman > 0]).all()
    assert (res.points[scored] > plain.points[scored]).sum() > len(fl) // 4
    # a scalar count is every row's
    one = score_batch(counts[:50], win[:50], melds=melds[:50], flags=flags[:50],
                      seat_wind=winds[:50, 0], round_wind=winds[:50, 1], dora_indicators=dora[:50],
                      ura_indicators=ura[:50], red=red[:50], flowers=3, rules=FLOWER_RULES)
    for i, kw in enumerate(kobalab_kwargs[:50]):
        _assert_row_is_score(one, i, kw, rules=FLOWER_RULES, flowers=3)


def test_flowers_errors_are_scores():
    """Bad flowers raise what score(flowers=n) raises, the row named: flowers under rules
    without flower tiles ``flowers_off`` (checked before any row), more than four
    ``fifth_copy``, fewer than none ``negative_count``; zeros are no flowers."""
    c = np.repeat(np.array([parse_counts("123m456p789s234s55m")], np.uint8), 3, axis=0)
    ok = score_batch(c, [21] * 3, tsumo=True, flowers=[0, 0, 0])   # rules without flowers
    assert list(ok.han) == [2, 2, 2]

    def err(win_tile=(21, 21, 21), **kw):
        with pytest.raises(IppatsuError) as ei:
            score_batch(c, list(win_tile), tsumo=True, **kw)
        return type(ei.value).__name__, ei.value.code, str(ei.value)

    def score_err(n, rules=None):
        with pytest.raises(IppatsuError) as ei:
            score("123m456p789s234s55m", "4s", tsumo=True, flowers=n, rules=rules)
        return type(ei.value).__name__, ei.value.code, str(ei.value)

    for n in (1, 4, 9, -1):
        assert err(flowers=[0, n, 0]) == score_err(n)[:2] + (f"row 1: {score_err(n)[2]}",)
    assert err(flowers=[0, 2, 0])[1] == "flowers_off"
    # flowers_off is named before a bad row that comes earlier
    assert err(flowers=[0, 0, 1], win_tile=[33, 21, 21])[2].startswith("row 2: flowers=1")
    for n, code in ((5, "fifth_copy"), (-1, "negative_count"), (2 ** 40, "fifth_copy")):
        got = err(flowers=[0, n, 0], rules=FLOWER_RULES)
        assert got == score_err(n, FLOWER_RULES)[:2] + (f"row 1: {score_err(n, FLOWER_RULES)[2]}",)
        assert got[1] == code
        assert err(flowers=n, rules=FLOWER_RULES) == score_err(n, FLOWER_RULES)   # a scalar
    assert err(flowers=1) == score_err(1)
    assert err(flowers=[0.5, 0, 0], rules=FLOWER_RULES)[1] == "bad_dtype"
    assert err(flowers=[1, 2], rules=FLOWER_RULES)[1] == "bad_shape"
    assert err(flowers=np.array([0, 2 ** 64 - 1, 0], np.uint64), rules=FLOWER_RULES)[1] \
        == "bad_input"


def test_batch_codes_and_errors():
    c = np.array([parse_counts("123m456p789s234s55m"),   # complete, pinfu tsumo
                  parse_counts("123m456p789s234s56m"),   # not complete
                  parse_counts("123m456p789s999s11m")], np.uint8)  # ron, no yaku
    res = score_batch(c, [21, 21, 26], tsumo=[True, True, False])
    assert list(res.code) == [0, NOT_AGARI, NO_YAKU]
    assert list(res.points) == [2100, 0, 0]   # 2 han 20 fu dealer tsumo: 700 all
    # the same words as score(): ScoreResult.error / the errors' codes
    assert [res.error(i) for i in range(3)] == [None, "not_agari", "no_yaku"]
    assert score("123m456p789s999s11m", "9s", raise_on_no_yaku=False).error == res.error(2)
    with pytest.raises(NotAgariError) as ei:
        score("123m456p789s234s56m", "4s", tsumo=True)
    assert ei.value.code == res.error(1)
    res = score_batch(c[:1], [21], flags=[TSUMO | RIICHI], seat_wind=1)
    assert (int(res.han[0]), int(res.points[0])) == (3, 2700)
    bad = c.copy()
    bad[0, 0] = 5
    with pytest.raises(TileCountError, match="row 0"):
        score_batch(bad, [21, 21, 26])
    with pytest.raises(IppatsuError, match="row 1"):
        score_batch(c, [21, 33, 26])   # red dragon: not in the hand
    with pytest.raises(IppatsuError):
        score_batch(c, [21, 21, 26], seat_wind=4)
    one_pon = np.full((3, 4, 2), 255, np.uint8)
    one_pon[:, 0] = (1, 31)   # a declared pon leaves 11 concealed tiles, not 14
    with pytest.raises(HandSizeError, match="row 0"):
        score_batch(c, [21, 21, 26], melds=one_pon)
    four_chi = np.zeros((3, 4, 2), np.uint8)   # four chi of 123m: a fifth 1m
    with pytest.raises(TileCountError):
        score_batch(c, [21, 21, 26], melds=four_chi)
    with pytest.raises(IppatsuError):
        score_batch(c[:, :33], [21, 21, 26])
