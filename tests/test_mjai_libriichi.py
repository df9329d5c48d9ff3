"""The outside mjai clients: the ``mjai`` package's bots (mjai.app's simulator, built on
Mortal's libriichi, whose player state validates every event it is sent) seated at
ippatsu's table, and libriichi's view of each seat held against ippatsu's.

The package pins ``mahjong~=1.2`` (the test extra has 2.x), so it lives in a venv of its
own, as an outside bot would: ``IPPATSU_MJAI_PYTHON`` names that venv's interpreter
(.ci/run creates it). Without it these tests skip."""
from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ippatsu.mjai import Bot, play
from ippatsu.mjai.elo import elo_update
from ippatsu.rules import Rules
from ippatsu.table.agents import GreedyAgent
from ippatsu.table.state import GameState

MJAI_PYTHON = os.environ.get("IPPATSU_MJAI_PYTHON")
ROOT = Path(__file__).resolve().parents[1]
PACKAGE_BOT = str(ROOT / "tests" / "mjai_bots" / "mjai_package_bot.py")
PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"

pytestmark = pytest.mark.skipif(
    not MJAI_PYTHON, reason="IPPATSU_MJAI_PYTHON (an interpreter with the mjai package) "
                            "is not set")


def _bot(kind: str) -> Bot:
    return Bot([MJAI_PYTHON, PACKAGE_BOT, kind, "{seat}", "--strict"], on_fault="raise",
               timeout=10,
               name=kind)


def _east() -> Rules:
    return dataclasses.replace(Rules.tenhou(), game_length="east")


def _play(agents, seed):
    st = GameState(_east(), seed=seed)
    try:
        faults = play(st, agents)
    finally:
        stderr = [a.stderr() for a in agents if isinstance(a, Bot)]
        for a in agents:
            if isinstance(a, Bot):
                a.close()
    return st, faults, stderr


def test_four_package_bots_play_without_a_fault_or_a_refused_event():
    st, faults, stderr = _play([_bot("rulebase"), _bot("rulebase"), _bot("riichi"),
                                _bot("rulebase")], seed=11)
    assert not faults
    # the package's bot prints "Exception" when libriichi refuses an event
    assert not any("Exception" in e for e in stderr), stderr
    assert st.phase.name == "GAME_END"
    types = {e["type"] for e in st.events}
    assert {"reach", "hora"} <= types and types & {"pon", "chi"}, types


def test_package_bots_and_ippatsu_agents_at_one_table():
    st, faults, stderr = _play([_bot("rulebase"), GreedyAgent(), _bot("rulebase"),
                                GreedyAgent()], seed=12)
    assert not faults and not any("Exception" in e for e in stderr)
    assert st.phase.name == "GAME_END"


def test_libriichi_sees_at_every_decision_what_ippatsu_offers():
    # tools/mjai_oracle.py: each seat's stream through libriichi's player state: every
    # event accepted, the hand, shanten and the actions it allows equal to ippatsu's at
    # each decision, and no action where ippatsu asks nothing
    # (the games run on the installed core in either pass: the engine's two builds play
    # alike, tests/test_table_compiled.py; this compares it with libriichi)
    env = {k: v for k, v in os.environ.items() if k != "IPPATSU_PURE_PYTHON"}
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "mjai_oracle.py"), "--games",
                          "6", "--python", MJAI_PYTHON], capture_output=True,
                         text=True, timeout=600, env=env)
    res = json.loads(out.stdout)
    assert out.returncode == 0 and res["disagreements"] == 0, res["first_disagreements"]
    # the games reached the decisions compared
    reached = set(res["decisions_by_flag"])
    assert {"can_discard", "can_riichi", "can_chi", "can_pon", "can_ron_agari",
            "can_tsumo_agari"} <= reached, reached


def test_elo_update_is_the_mjai_packages():
    rng = random.Random(5)
    cases = []
    for _ in range(50):
        ratings = [rng.uniform(800, 2400) for _ in range(4)]
        places = rng.sample([1, 2, 3, 4], 4)
        cases.append((ratings, places))
    code = ("import json, sys\nfrom mjai.elo import update_multi_players_elo as u\n"
            "print(json.dumps([u(r, p) for r, p in json.load(sys.stdin)]))")
    out = subprocess.run([MJAI_PYTHON, "-c", code], input=json.dumps(cases),
                         capture_output=True, text=True, timeout=60, check=True)
    theirs = json.loads(out.stdout)
    for (ratings, places), t in zip(cases, theirs):
        assert elo_update(ratings, places) == pytest.approx(t, abs=1e-9)
