"""A ScoreResult is a whole object whichever road built it.

score() with the compiled core builds its ScoreResult in C (``_core.score``: its plain
road and its general part each set the instance dict in one step); the pure-Python twin's
road (``scoring.reference_score``) builds it in Python. On every CPython the package
supports, the object from any road has every field and property readable, a working
``repr``, equality, ``to_dict`` and pickling, and the compiled object equals the
pure-Python twin's for the same hand. (How an object's attributes
are stored changed across CPython versions: 3.13 keeps them inline in the object, and a
result whose dict is set the wrong way there has no attributes at all. The wheel matrix,
tools/check_wheels.py, runs this module on each CPython.)
"""
from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from ippatsu import _backend, scoring
from ippatsu.rules import Rules
from ippatsu.scoring import ScoreResult
from _score_helpers import fast_road

# (hand, win_tile, keywords): every kind of result the compiled road builds
_CASES = [
    # closed tsumo, non-dealer: riichi, menzen tsumo, pinfu (a tsumo's cost split)
    ("123m456p789s234s55m", "4s", dict(tsumo=True, riichi=True, seat_wind=1)),
    # the dealer's tsumo (one share from each), with honba and deposits
    ("123m456p789s234s55m", "4s", dict(tsumo=True, riichi=True, seat_wind=0, honba=2,
                                       deposits=1)),
    # ron from a named discarder (payments), dora and ura indicators, a red five: haneman
    ("123m406p789s234s55m", "4s", dict(riichi=True, seat_wind=2, discarder=1,
                                       dora_indicators="4m", ura_indicators="1s")),
    # ron without a discarder: no payments (None)
    ("345678m555p678s22s", "8m", dict(seat_wind=3)),
    # an open hand: a pon of Red as meld text
    ("123m456p234s55m", "4s", dict(melds=["pon 7z+77z<A"], tsumo=True, seat_wind=2)),
    # a closed kan
    ("123m456p234s55m", "4s", dict(melds=["ankan 1111z"], tsumo=True, seat_wind=0)),
    # seven pairs (no reading: the detail's reading is None)
    ("1122m3344p5566s77z", "7z", dict(tsumo=True, seat_wind=1)),
    # kokushi on its 13-sided wait: a double yakuman (limit, yakuman multiple)
    ("19m19p19s1234567z1m", "1m", dict(seat_wind=1, discarder=0)),
    # mangan (a limit name)
    ("222333444m567p88s", "8s", dict(tsumo=True, riichi=True, seat_wind=1)),
    # no yaku, asked not to raise: the error field
    ("123m456p789s55m", "5m", dict(melds=["chi 2s+34s<L"], seat_wind=1, discarder=0,
                                   raise_on_no_yaku=False)),
]
_IDS = [f"{h}+{w}" + ("+" + ",".join(sorted(k)) if k else "") for h, w, k in _CASES]

_FIELDS = [f.name for f in dataclasses.fields(ScoreResult)]
_PROPERTIES = [n for n, v in vars(ScoreResult).items() if isinstance(v, property)]



def _pure(hand, win, kw, monkeypatch) -> ScoreResult:
    """The same hand through the pure-Python twin's road (its edge and search)."""
    return scoring.reference_score(hand, win, **kw)


def _compiled(hand, win, kw) -> ScoreResult:
    """The compiled plain road's own result (not the compiled general part's)."""
    r = fast_road(hand, win, **kw)
    assert r is not None, "the compiled plain road handed this hand to the general part"
    return r


def _check_whole(r: ScoreResult) -> None:
    """Every field and property of r reads, and the object's protocols work."""
    values = {n: getattr(r, n) for n in _FIELDS}
    for n in _PROPERTIES:
        getattr(r, n)
    assert isinstance(values["points"], int) and isinstance(values["yaku"], tuple)
    text = repr(r)
    assert text.startswith("ScoreResult(") and f"points={r.points}" in text
    assert r == r
    assert r.to_dict()["points"] == r.points
    # rebuilt by the public constructor from the values read: equal, same repr
    rebuilt = ScoreResult(**values)
    assert rebuilt == r and repr(rebuilt) == text
    for other in (pickle.loads(pickle.dumps(r)), copy.copy(r), copy.deepcopy(r)):
        assert other == r and other.to_dict() == r.to_dict()


@pytest.mark.parametrize("hand,win,kw", _CASES, ids=_IDS)
def test_score_result_from_score_is_whole(hand, win, kw):
    """score()'s result (compiled with the core, else the twin's road) has every
    attribute, a repr, equality, to_dict and a pickle round trip."""
    r = scoring.score(hand, win, **kw)
    assert type(r) is ScoreResult
    _check_whole(r)


@pytest.mark.parametrize("hand,win,kw", _CASES, ids=_IDS)
def test_score_result_from_the_twins_road_is_whole(hand, win, kw, monkeypatch):
    """The pure-Python twin's result is whole as well."""
    _check_whole(_pure(hand, win, kw, monkeypatch))


@pytest.mark.skipif(not _backend.AVAILABLE, reason="the compiled core's road")
@pytest.mark.parametrize("hand,win,kw", _CASES, ids=_IDS)
def test_compiled_score_result_equals_the_pure_evaluation(hand, win, kw, monkeypatch):
    """The compiled road builds the same object as the pure-Python evaluation: every field
    and property equal, the same repr and dict form."""
    fast = _compiled(hand, win, kw)
    pure = _pure(hand, win, kw, monkeypatch)
    _check_whole(fast)
    for n in _FIELDS + _PROPERTIES:
        if n != "_detail":  # the kernel's internal form (compare=False); read above
            assert getattr(fast, n) == getattr(pure, n), n
    assert fast == pure
    assert repr(fast) == repr(pure)
    assert fast.to_dict() == pure.to_dict()


# inputs the compiled plain road leaves to the compiled general part: each builds its
# ScoreResult there (three players and nukidora, liability, no limits, a waiting hand and
# its winning tile apart, a preset by name, a wind by letter)
_GENERAL_CASES = [
    ("123p789p999s111z22z", "2z", dict(tsumo=True, seat_wind=1, nukidora=2,
                                  rules="tenhou_sanma", dora_indicators="3z")),
    ("123m55p", "5p", dict(melds=["pon 555z", "pon 666z", "pon 7z+77z<A"], seat_wind=2,
                           discarder=1, pao=3)),
    ("123m456p789s234s55m", "4s", dict(tsumo=True, riichi=True, seat_wind=1,
                                       rules=Rules(aotenjou=True))),
    ("19m19p19s1234567z", "1m", dict(seat_wind=1, discarder=0, rules=Rules(aotenjou=True))),
    ("123m456p789s23s55m", "4s", dict(tsumo=True, riichi=True, seat_wind="S",
                                      rules="tenhou", honba=1, deposits=2)),
]


@pytest.mark.skipif(not _backend.AVAILABLE, reason="the compiled core's road")
@pytest.mark.parametrize("hand,win,kw", _GENERAL_CASES,
                         ids=[f"{h}+{w}" for h, w, _ in _GENERAL_CASES])
def test_compiled_general_part_builds_the_twins_object(hand, win, kw, monkeypatch):
    """The compiled general part builds a whole ScoreResult equal to the pure-Python
    twin's, field for field (and the plain road did not build it)."""
    assert "nukidora" in kw or fast_road(hand, win, **kw) is None
    fast = scoring.score(hand, win, **kw)
    pure = _pure(hand, win, kw, monkeypatch)
    _check_whole(fast)
    assert fast == pure and repr(fast) == repr(pure) and fast.to_dict() == pure.to_dict()
