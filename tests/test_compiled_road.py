"""The compiled road never imports the pure-Python twin's hand core: with the compiled
core in use, scoring, batch scoring, the hand-core functions, their argument checks
(``threads``, ``solo_rollouts``'s arguments) and the readings of ``decompositions`` run on
``ippatsu._core`` and the shared modules (``ippatsu._checks``, ``ippatsu._readings``), and
``ippatsu._reference.api`` / ``solo`` / ``handcore`` / ``counts`` are never loaded. (The
three-player road, ``ippatsu._sanma``, runs on the twin by design; score()'s evaluation
still reads the reference's fu breakdown, ``ippatsu._reference.scoring``.)"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

#: twin modules the compiled road may load, with why
ALLOWED = {
    "ippatsu._reference": "the package of the one below",
    "ippatsu._reference.scoring": "score()'s result reads the reference's fu breakdown",
}

PROGRAM = r"""
import json, sys
import numpy as np
import ippatsu
from ippatsu import core, score
from ippatsu.scoring_batch import score_batch
from ippatsu.tiles import parse_counts

assert core.BACKEND == "cython", core.BACKEND
done = []
score("123m456p789s234s55m", "4s", tsumo=True); done.append("score")
score("123m456p789s234s55m", "4s", melds=[], rules="tenhou", tsumo=True, honba=1)
assert core.is_tenpai("123m456p789s23s55m"); done.append("is_tenpai")
assert len(core.decompositions("111222333m11p")) == 2; done.append("decompositions")
c = np.array([parse_counts("123m456p789s234s55m")], np.uint8)
score_batch(c, [21], tsumo=True, threads=2); done.append("score_batch")
core.shanten_batch(c, threads=2); done.append("shanten_batch")
h = parse_counts("123m456p789s23s55m")
unseen = [4 - x for x in h]
core.solo_rollouts(h, unseen, 5, 0, 20, 7); done.append("solo_rollouts")
for bad in (dict(threads=0), dict(threads=True)):
    try:
        core.shanten_batch(c, **bad)
    except ippatsu.IppatsuError as e:
        assert e.code == "bad_threads"
try:
    core.solo_rollouts(h, unseen, 0, 0, 20, 7)
except ippatsu.IppatsuError as e:
    assert e.code == "bad_draws"
done.append("errors")
print(json.dumps([done, sorted(m for m in sys.modules if m.startswith("ippatsu._reference"))]))
"""


def test_compiled_road_never_loads_the_twins_hand_core():
    env = {k: v for k, v in os.environ.items() if k != "IPPATSU_PURE_PYTHON"}
    probe = subprocess.run([sys.executable, "-c", "import ippatsu._core"], env=env,
                           capture_output=True, text=True)
    if probe.returncode:
        pytest.skip("the compiled core is not built")
    run = subprocess.run([sys.executable, "-c", PROGRAM], env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    done, loaded = json.loads(run.stdout.strip().splitlines()[-1])
    assert done == ["score", "is_tenpai", "decompositions", "score_batch", "shanten_batch",
                    "solo_rollouts", "errors"]
    assert set(loaded) <= set(ALLOWED), sorted(set(loaded) - set(ALLOWED))


def test_both_backends_share_the_argument_checks():
    """One home for the checks: the twin re-exports the shared ones."""
    from ippatsu import _checks, _readings
    from ippatsu._reference import api, handcore, solo

    assert api.check_threads is _checks.check_threads
    assert api.MAX_THREADS == _checks.MAX_THREADS
    assert solo.POLICIES is _checks.POLICIES
    assert handcore.BLOCK_RUN == _readings.BLOCK_RUN
    assert handcore.decompositions_counts([0] * 9 * 0 + [3, 3, 3] + [0] * 6 + [2] + [0] * 24) \
        == _readings.readings_of([3, 3, 3] + [0] * 6 + [2] + [0] * 24)


#: irregular inputs to score(): each left by the compiled plain road to the compiled
#: general part (or an error it names), one per kind
IRREGULAR = r"""
import numpy as np
from ippatsu import Rules
from ippatsu.hand import Hand, Meld
H = "123m456p789s234s55m"
LOCAL = Rules().replace(renhou="mangan", open_riichi=True, sashikomi_yakuman=True)
INPUTS = [
    ("three players, nukidora", ("123p789p999s111z22z", "2z"),
     dict(tsumo=True, seat_wind=1, nukidora=2, rules="tenhou_sanma", dora_indicators="3z")),
    ("liability", ("123m55p", "5p"),
     dict(melds=["pon 555z", "pon 666z", "pon 7z+77z<A"], seat_wind=2, discarder=1, pao=3)),
    ("no limits", (H, "4s"), dict(tsumo=True, riichi=True, rules=Rules(aotenjou=True))),
    ("some patterns double", ("19m19p19s1234567z", "1m"),
     dict(discarder=1, seat_wind=0, rules=Rules().replace(double_yakuman_patterns=("kokushi_13",)))),
    ("no ippatsu", (H, "4s"), dict(tsumo=True, rules=Rules(ippatsu_yaku=False))),
    ("preset by name", (H, "4s"), dict(tsumo=True, rules="tenhou")),
    ("wind by letter", (H, "4s"), dict(tsumo=True, seat_wind="S", round_wind="east")),
    ("numpy scalars", (H, np.int64(84)), dict(tsumo=np.bool_(True), honba=np.int32(2))),
    ("flags as ints", (H, "4s"), dict(tsumo=1, riichi=1)),
    ("local yaku", (H, "4s"), dict(seat_wind=1, discarder=2, renhou=True, rules=LOCAL)),
    ("flowers", (H, "4s"), dict(tsumo=True, flowers=2, dora_indicators=[137],
                                rules=Rules().replace(flowers=True))),
    ("mixed indicators", (H, "4s"), dict(tsumo=True, dora_indicators=["1m", 40])),
    ("ids as a numpy array", (np.array([0, 4, 8, 36, 40, 44, 72, 76, 80, 88, 92, 96, 16,
                                        17]), 17), dict(tsumo=True, rules=LOCAL)),
    ("a Hand with a meld, a preset by name", (Hand("123m456p234s55m", ["pon 777z"]), "4s"),
     dict(tsumo=True, rules="majsoul")),
    ("error: fifth copy", ("11111m456p789s23s", "1m"), dict(tsumo=True)),
    ("error: bad seat", (H, "4s"), dict(tsumo=True, discarder=1)),
    ("error: bad situation", (H, "4s"), dict(tsumo=True, houtei=True)),
    ("error: local yaku off", (H, "4s"), dict(discarder=1, seat_wind=2, renhou=True)),
    ("error: not agari", ("123m456p789s234s59m", "5m"), dict(tsumo=True, rules="tenhou")),
    ("error: bad meld", (H, "4s"), dict(melds=["pon 123m"])),
    ("error: missing win tile", (Hand(H),), {}),
    ("error: duplicate id", ("123m456p789s234s05m", "4s"),
     dict(dora_indicators=[16], rules="tenhou")),
]
"""

ONE_CROSSING = IRREGULAR + r"""
import json, sys, types
import ippatsu
from ippatsu import points, scoring, score, yaku
from ippatsu._reference import scoring as ref
from ippatsu.errors import IppatsuError

assert type(score).__name__ == "cython_function_or_method", type(score)

def run(args, kw):
    try:
        return repr(score(*args, **kw))     # repr reads no lazy property
    except IppatsuError as e:
        return (type(e).__name__, e.code, str(e))

before = [run(a, k) for _, a, k in INPUTS]        # warm: caches of rules and meld text
# 1. no Python function of the scoring modules runs during score() (ippatsu.yaku's
# table rows are read by Rules.double_mask when the Rules object changes: not watched)
modules = (scoring, ref, points, yaku)
files = {m.__file__ for m in (scoring, ref, points)}
entered = []
def watch(frame, event, arg):
    if event == "call" and frame.f_code.co_filename in files:
        entered.append(frame.f_code.co_name)
for name, a, k in INPUTS:
    sys.setprofile(watch)
    try:
        score(*a, **k)
    except IppatsuError:
        pass
    finally:
        sys.setprofile(None)
# 2. every function of those modules replaced by one that fails: the same answers
def called_back(*a, **k):
    raise AssertionError("score() called back into Python scoring")
replaced = 0
for m in modules:
    for n, v in list(vars(m).items()):
        if isinstance(v, types.FunctionType) and v.__module__ == m.__name__:
            setattr(m, n, called_back)
            replaced += 1
after = [run(a, k) for _, a, k in INPUTS]
kinds = [("ok" if isinstance(b, str) else b[1]) for b in before]
print(json.dumps([entered, replaced, before == after, kinds]))
"""


def test_compiled_score_never_calls_back_into_python_scoring():
    """score() with the compiled core crosses from Python into compiled code once for
    every input, the irregular ones included: no Python function of ippatsu.scoring,
    ippatsu._reference.scoring or ippatsu.points runs during a call (a profiler watches
    every Python frame), and with every function of those modules and of ippatsu.yaku
    replaced by one that fails, each input gives the same result or error as before."""
    env = {k: v for k, v in os.environ.items() if k != "IPPATSU_PURE_PYTHON"}
    probe = subprocess.run([sys.executable, "-c", "import ippatsu._core"], env=env,
                           capture_output=True, text=True)
    if probe.returncode:
        pytest.skip("the compiled core is not built")
    run = subprocess.run([sys.executable, "-c", ONE_CROSSING], env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    entered, replaced, same, kinds = json.loads(run.stdout.strip().splitlines()[-1])
    assert entered == []
    assert replaced > 50 and same
    # the inputs reached what they name: results, and each error its own code
    names = [line.split('"')[1] for line in IRREGULAR.splitlines()
             if line.strip().startswith('("')]
    assert len(names) == len(kinds) == 22
    for name, kind in zip(names, kinds):
        assert (kind == "ok") == (not name.startswith("error")), (name, kind)
    assert len({k for k in kinds if k != "ok"}) == 8, kinds


def test_irregular_inputs_leave_the_plain_road():
    """The inputs above are ones the compiled plain road declines (``score_fast`` is
    None) or names an error for: the compiled general part is what the test above runs."""
    from ippatsu import _backend

    if not _backend.AVAILABLE:
        pytest.skip("the compiled core is not in use in this pass")
    from ippatsu.errors import IppatsuError

    ns: dict = {}
    exec(IRREGULAR, ns)
    order = ("melds", "tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei",
             "rinshan", "chankan", "tenhou", "chiihou", "seat_wind", "round_wind",
             "dora_indicators", "ura_indicators", "honba", "deposits", "discarder", "pao",
             "rules", "raise_on_no_yaku")
    defaults = dict(melds=(), tsumo=False, riichi=False, double_riichi=False,
                    ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False,
                    tenhou=False, chiihou=False, seat_wind=0, round_wind=0,
                    dora_indicators=(), ura_indicators=(), honba=0, deposits=0,
                    discarder=None, pao=None, rules=None, raise_on_no_yaku=True)
    for name, args, kw in ns["INPUTS"]:
        if "nukidora" in kw or "renhou" in kw or "flowers" in kw:
            continue                      # score() sends these to the general part
        a = dict(defaults, **kw)
        hand, win = (args + (None,))[:2]
        try:
            plain = _backend.score_fast(hand, win, *[a[n] for n in order])
        except IppatsuError:
            assert name == "error: bad situation", name   # the plain road names it
            continue
        assert plain is None, name
