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
