"""The compiled scoring kernel (``_score.h``) against the pure-Python evaluation.

``ippatsu.scoring`` keeps a pure-Python evaluation of every reading (the reference); the
kernel must pick a reading that pays exactly the same on every corpus hand and on
generated hands: same han, fu, points, yaku rows and yakuman multiple.
"""
from __future__ import annotations

import json

import pytest

from conftest import shared_path
from ippatsu import _backend as _fastscore, scoring
from ippatsu.errors import IppatsuError
from ippatsu.rules import Rules

pytestmark = pytest.mark.skipif(not _fastscore.AVAILABLE, reason="compiled core only")


class Recorder:
    """Wraps scoring._score_counts (the pure-Python search that the twin's road,
    ``scoring.reference_score``, calls on every parsed hand): checks the kernel on every
    hand it sees."""

    def __init__(self, original):
        self.original = original
        self.checked = 0
        self.mismatches = []

    def __call__(self, counts, win, mlist, full, ids, tsumo, riichi, double_riichi, ippatsu,
                 haitei, houtei, rinshan, chankan, tenhou, chiihou, seat_wind, round_wind,
                 dora_kinds, ura_kinds, honba, deposits, discarder, pao, rules,
                 raise_on_no_yaku):
        args = (counts, win, mlist, full, ids, tsumo, riichi, double_riichi, ippatsu, haitei,
                houtei, rinshan, chankan, tenhou, chiihou, seat_wind, round_wind, dora_kinds,
                ura_kinds, honba, deposits, discarder, pao, rules, False)
        try:
            py = self.original(*args)
        except IppatsuError as e:
            py = e.code
        closed = all(m[0] == 3 for m in mlist)
        dora = sum(full[scoring._DORA_NEXT[d]] for d in dora_kinds)
        ura = 0
        if (riichi or double_riichi) and closed and rules.ura_dora:
            ura = sum(full[scoring._DORA_NEXT[d]] for d in ura_kinds)
        red = (sum(m[2] for m in mlist) + sum(1 for i in ids if i in (16, 52, 88))
               if rules.red_fives else 0)
        flags = _fastscore.flags_of(tsumo, riichi, double_riichi, ippatsu, haitei, houtei,
                                    rinshan, chankan, tenhou, chiihou)
        out = _fastscore.score_kernel(bytes(counts), win, tuple((m[0], m[1]) for m in mlist),
                                      flags, seat_wind, round_wind, dora + ura + red,
                                      rules)
        code, points, base, han, fu, mask, ym, mult = out[:8]
        self.checked += 1
        if isinstance(py, str):
            ok = (py == "not_agari" and code == 1)
        elif py.error == "no_yaku":
            ok = code == 2
        else:
            ids_c = tuple(i for i in range(64) if (mask | ym) >> i & 1)
            ok = (code == 0 and (han, fu, points, mult) == (py.han, py.fu, py.points, py.yakuman)
                  and ids_c == tuple(sorted(py.yaku_ids)))
        if not ok:
            self.mismatches.append((counts, win, mlist, out, py))
        if isinstance(py, str):
            raise IppatsuError(py, code=py)
        if py.error and raise_on_no_yaku:
            from ippatsu.errors import NoYakuError
            raise NoYakuError("no yaku", "no_yaku")
        return py


@pytest.fixture
def recorder(monkeypatch):
    rec = Recorder(scoring._score_counts)
    monkeypatch.setattr(scoring, "_score_counts", rec)
    return rec


def test_kernel_matches_python_on_kobalab(recorder):
    import test_scoring_kobalab as kb

    cases = json.loads(shared_path("scored", "kobalab_hule.json").read_text())
    for case in cases:
        try:
            kw = kb.case_kwargs(case)
            kb.indicator_ids(kw)
            scoring.reference_score(**kw, rules=Rules.ippatsu())
        except IppatsuError:
            pass
    assert recorder.checked == len(cases)
    assert recorder.mismatches[:3] == []


def test_kernel_matches_python_on_generated_hands(recorder):
    import random

    import test_scoring_mahjong_diff as md

    rng = random.Random(11)
    n = 0
    while n < 3000:
        h = md.random_hand(rng)
        if h is None:
            continue
        concealed, melds, win, sit = h
        for rules in (Rules.ippatsu(), Rules.tenhou()):
            try:
                scoring.reference_score(concealed, win, melds=melds, rules=rules, **sit)
            except IppatsuError:
                pass
        n += 1
    assert recorder.checked >= 6000
    assert recorder.mismatches[:3] == []


def test_plain_road_equals_the_twins_road():
    """score()'s compiled plain road for 136-id inputs gives exactly the pure-Python twin's
    result (its own edge and search, ``reference_score``) on generated hands, open and
    closed, and the same errors; it takes nearly all of them itself."""
    import random

    import test_scoring_mahjong_diff as md

    rng = random.Random(23)
    cases = []
    while len(cases) < 1500:
        h = md.random_hand(rng)
        if h is not None:
            cases.append(h)

    def run(scorer):
        out = []
        for concealed, melds, win, sit in cases:
            try:
                out.append(scorer(concealed, win, melds=melds, raise_on_no_yaku=False,
                                  **sit).to_dict())
            except IppatsuError as e:
                out.append((type(e).__name__, e.code, str(e)))
        return out

    plain = [_fastscore.score_fast(c, w, m, *_situation(sit)) is not None
             for c, m, w, sit in cases]
    assert sum(plain) > 0.9 * len(cases)
    assert run(scoring.score) == run(scoring.reference_score)


def _situation(sit, **kw):
    """score_fast's positional arguments after melds, from score()'s keywords."""
    a = dict(tsumo=False, riichi=False, double_riichi=False, ippatsu=False, haitei=False,
             houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False,
             seat_wind=0, round_wind=0, dora_indicators=(), ura_indicators=(), honba=0,
             deposits=0, discarder=None, pao=None, rules=None, raise_on_no_yaku=False)
    a.update(sit, **kw)
    return list(a.values())


def test_fast_path_declines_invalid_input_to_the_precise_error():
    from ippatsu.errors import HandSizeError, TileCountError

    ids = [0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 124, 125]
    assert scoring.score(ids, 125, tsumo=True).han >= 1
    with pytest.raises(TileCountError):
        scoring.score(ids[:-1] + [0], 125, tsumo=True)          # a duplicate id
    with pytest.raises(HandSizeError):
        scoring.score(ids[:-1], 124, tsumo=True)                 # 13 tiles
    with pytest.raises(IppatsuError):
        scoring.score(ids[:-1] + [200], 125, tsumo=True)         # an id out of range


def test_result_object_is_a_proper_score_result():
    """The hot path builds ScoreResult without its __init__; the object must be the same."""
    import dataclasses

    r = scoring.score("123m456p789s234s55m", "4s", tsumo=True, riichi=True, seat_wind=1)
    rebuilt = scoring.ScoreResult(**{f.name: getattr(r, f.name) for f in dataclasses.fields(r)})
    assert r == rebuilt and repr(r) == repr(rebuilt)
    assert r.fu_breakdown == rebuilt.fu_breakdown and r.decomposition == rebuilt.decomposition
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.han = 99


def test_kernel_validates_counts_before_any_table_read():
    from ippatsu import _core
    from ippatsu.errors import HandSizeError, TileCountError

    rules = Rules.ippatsu()
    with pytest.raises(TileCountError):
        _core.score_kernel(bytes([14] + [0] * 33), 0, (), 0, 0, 0, 0, rules)
    with pytest.raises(TileCountError):
        _core.score_kernel(bytes([0, 0, 0, 14] + [0] * 30), 3, (), 0, 0, 0, 0, rules)
    with pytest.raises(HandSizeError):
        _core.score_kernel(bytes([3] * 4 + [0] * 30), 0, (), 0, 0, 0, 0, rules)


def test_one_road_for_ids_notation_and_hand():
    """score() takes one compiled plain road for 136-ids, notation (hand, melds, win tile,
    indicators) and a Hand: the same result for the same hand in every form, equal to the
    pure-Python twin's road (``reference_score``), and the plain road is the one taken."""
    import random

    import test_scoring_mahjong_diff as md
    from ippatsu.hand import Hand, Meld
    from ippatsu.tiles import format_tiles

    rng = random.Random(31)
    cases = []
    while len(cases) < 600:
        h = md.random_hand(rng)
        if h is not None:
            cases.append(h)

    def forms(concealed, melds, win, sit):
        text_sit = dict(sit, dora_indicators=format_tiles(sit["dora_indicators"]),
                        ura_indicators=format_tiles(sit["ura_indicators"]))
        yield concealed, win, {"melds": melds}, sit
        yield (format_tiles(concealed), format_tiles([win]),
               {"melds": [str(Meld(t, ids)) for t, ids in melds]}, text_sit)
        yield Hand(concealed, [Meld(t, ids) for t, ids in melds]), win, {}, sit

    def run(scorer):
        out = []
        for case in cases:
            row = []
            for hand, win, kw, sit in forms(*case):
                try:
                    row.append(scorer(hand, win, raise_on_no_yaku=False, **kw,
                                      **sit).to_dict())
                except IppatsuError as e:
                    row.append(e.code)
            out.append(row)
        return out

    taken = [_fastscore.score_fast(hand, win, kw.get("melds", ()), *_situation(sit))
             is not None for case in cases for hand, win, kw, sit in forms(*case)]
    fast = run(scoring.score)
    assert all(row[0] == row[1] == row[2] for row in fast)
    assert sum(taken) > 0.9 * len(taken)
    assert run(scoring.reference_score) == fast
