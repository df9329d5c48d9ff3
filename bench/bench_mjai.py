"""Speed of seating mjai bots (ippatsu.mjai): the cost of a decision through the pipe and
in process, and whole games per second.

* ``pipe``: four subprocess bots (tests/mjai_bots/tsumogiri.py: standard library only,
  it discards what it draws, so the time is the host's and the pipe's, not the bot's
  thinking);
* ``inproc``: the same bot as a Python object with ``react(events)`` (no pipe);
* ``agentbot``: four in-process :class:`ippatsu.mjai.view.AgentBot` greedy bots (each
  decision rebuilt from the seat's event stream);
* ``pipe_agentbot``: four ``ippatsu mjai-bot --agent greedy`` processes;
* ``package``: four of the ``mjai`` package's RulebaseBots (``IPPATSU_MJAI_PYTHON``);
* ``greedy``: ippatsu's GreedyAgent at every seat, no protocol (the baseline).

East-only games, Tenhou's rules. ``python bench/bench_mjai.py`` prints the table quoted in
bench/RESULTS.md (µs per decision = the game's time over the bots' decisions).
"""
from __future__ import annotations

import dataclasses
import os
import sys
import time
from pathlib import Path

import pytest

from ippatsu.mjai import Bot, play
from ippatsu.mjai.view import AgentBot
from ippatsu.rules import Rules
from ippatsu.table.agents import GreedyAgent
from ippatsu.table.loops import play as table_play
from ippatsu.table.state import GameState

ROOT = Path(__file__).resolve().parents[1]
TSUMOGIRI = str(ROOT / "tests" / "mjai_bots" / "tsumogiri.py")
PACKAGE_BOT = str(ROOT / "tests" / "mjai_bots" / "mjai_package_bot.py")
RULES = dataclasses.replace(Rules.tenhou(), game_length="east")
BOT_ENV = {k: v for k, v in os.environ.items() if k != "IPPATSU_PURE_PYTHON"}


class Tsumogiri:
    """tests/mjai_bots/tsumogiri.py's choice, in process."""

    def __init__(self):
        self.seat = None

    def react(self, events):
        for e in events:
            if e["type"] == "start_game":
                self.seat = e["id"]
        last = events[-1]
        if last["type"] == "tsumo" and last["actor"] == self.seat:
            return {"type": "dahai", "actor": self.seat, "pai": last["pai"],
                    "tsumogiri": True}
        return {"type": "none"}


def make(kind: str):
    if kind == "greedy":
        return [GreedyAgent() for _ in range(4)]
    if kind == "pipe":
        return [Bot([sys.executable, TSUMOGIRI], on_fault="raise") for _ in range(4)]
    if kind == "inproc":
        return [Bot(Tsumogiri(), on_fault="raise") for _ in range(4)]
    if kind == "agentbot":
        return [Bot(AgentBot("greedy", RULES), on_fault="raise") for _ in range(4)]
    if kind == "pipe_agentbot":
        return [Bot([sys.executable, "-m", "ippatsu", "mjai-bot", "--rules", "tenhou"],
                    on_fault="raise", env=BOT_ENV, timeout=10) for _ in range(4)]
    if kind == "package":
        py = os.environ.get("IPPATSU_MJAI_PYTHON")
        if not py:
            pytest.skip("IPPATSU_MJAI_PYTHON is not set")
        return [Bot([py, PACKAGE_BOT, "rulebase", "{seat}"], on_fault="raise", timeout=10)
                for _ in range(4)]
    raise ValueError(kind)


def games(agents, n: int, seed: int = 0) -> int:
    """Play ``n`` games; the bots' decisions."""
    for g in range(seed, seed + n):
        st = GameState(RULES, seed=g, record=any(isinstance(a, Bot) for a in agents))
        if isinstance(agents[0], Bot):
            play(st, agents)
        else:
            table_play(st, agents)
    return sum(a.decisions for a in agents if isinstance(a, Bot))


KINDS = ["greedy", "inproc", "pipe", "agentbot", "pipe_agentbot", "package"]


#: interpreted (IPPATSU_PURE_PYTHON=1) the suite only checks that the benchmark runs
PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"


@pytest.mark.parametrize("kind", KINDS)
def test_mjai_games(benchmark, kind):
    agents = make(kind)
    if not PURE and kind != "greedy":
        # processes start before the timing (a bot is seated once per match, not per game)
        games(agents, 1, seed=999)
    try:
        benchmark.pedantic(games, args=(agents, 1 if PURE else 2), rounds=1, iterations=1)
    finally:
        for a in agents:
            if isinstance(a, Bot):
                a.close()


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"{n} east-only games per row, tenhou rules, {sys.version.split()[0]}")
    print(f"{'seats':<16}{'games/s':>10}{'decisions':>11}{'us/decision':>13}")
    for kind in KINDS:
        if kind == "package" and not os.environ.get("IPPATSU_MJAI_PYTHON"):
            continue
        agents = make(kind)
        games(agents, 1, seed=999)
        before = sum(a.decisions for a in agents if isinstance(a, Bot))
        t = time.perf_counter()
        d = games(agents, n) - before
        dt = time.perf_counter() - t
        for a in agents:
            if isinstance(a, Bot):
                a.close()
        per = f"{1e6 * dt / d:,.0f}" if d else "-"
        print(f"{kind:<16}{n / dt:>10.1f}{d:>11,}{per:>13}")


if __name__ == "__main__":
    main()
