"""Outside mjai bots at the table (ippatsu.mjai): the seat's view, the dialects, faults,
chombo accounting, the reverse (``ippatsu mjai-bot``) and mjai.app's Elo."""
from __future__ import annotations

import dataclasses
import os
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, strategies as st_

from ippatsu.errors import IppatsuError
from ippatsu.mjai import Bot, DIALECTS, play
from ippatsu.mjai.elo import elo_ratings, elo_update
from ippatsu.mjai.view import AgentBot
from ippatsu.rules import Rules
from ippatsu.table.actionspace import index_of
from ippatsu.table.agents import GreedyAgent, RandomAgent
from ippatsu.table.loops import play as table_play
from ippatsu.table.settle import chombo_deltas
from ippatsu.table.state import GameState

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
BOTS = Path(__file__).resolve().parent / "mjai_bots"
TSUMOGIRI = str(BOTS / "tsumogiri.py")


def east(preset: str) -> Rules:
    return dataclasses.replace(Rules.preset(preset), game_length="east")


# ----------------------------------------------------------------------------- Elo
def test_elo_update_gives_the_mjai_packages_answer():
    # mjai 0.2.1's update_multi_players_elo([2140, 1500, 900, 1500], [1, 4, 3, 2]);
    # tests/test_mjai_libriichi.py compares with the package itself on random games
    got = elo_update([2140, 1500, 900, 1500], [1, 4, 3, 2])
    assert [round(x, 4) for x in got] == [2144.2936, 1488.1329, 903.4679, 1504.1057]


@given(st_.lists(st_.floats(0, 3000), min_size=4, max_size=4),
       st_.permutations([1, 2, 3, 4]))
def test_elo_update_is_zero_sum_and_first_gains(ratings, places):
    new = elo_update(ratings, places)
    assert sum(new) == pytest.approx(sum(ratings), abs=1e-6)
    first = places.index(1)
    last = places.index(4)
    assert new[first] > ratings[first]
    assert new[last] < ratings[last]


def test_elo_ratings_of_a_stronger_player_rise():
    games = [(["a", "b", "c", "d"], [1, 2, 3, 4])] * 20
    r = elo_ratings(games)
    assert r["a"] > r["b"] > r["c"] > r["d"]
    assert sum(r.values()) == pytest.approx(4 * 1500)


# ----------------------------------------------------------------------------- the view
class _Checked(AgentBot):
    """An AgentBot that checks, at every decision it is asked, that its view offers
    exactly the table's legal actions in the table's order."""

    def __init__(self, ref, *a, **k):
        super().__init__(*a, **k)
        self.ref = ref
        self.asked_types = Counter()

    def react(self, events):
        ans = super().react(events)
        if events and events[-1].get("type") == "reach":
            return ans  # the riichi's discard: no new decision
        st = self.ref[0]
        me = self.view.seat
        red = st.rules.red_fives  # (without red fives the view names any copy of a five)
        true = [index_of(a, red) for a in st.legal_actions(me)]
        assert self.last_legal is not None, f"seat {me} saw no decision at {events[-1]}"
        assert [index_of(a, red) for a in self.last_legal] == true
        self.asked_types.update(a.type.name for a in self.last_legal)
        return ans


@pytest.mark.parametrize("preset", ["tenhou", "ippatsu", "planet", "tenhou_sanma", "mu"])
def test_seat_view_offers_the_tables_legal_actions_in_order(preset):
    rules = east(preset)
    games = 1 if PURE else 4
    seen = Counter()
    for g in range(games):
        ref = [None]
        st = GameState(rules, seed=100 + g)
        ref[0] = st
        # random agents call and kan; greedy ones declare riichi and win
        views = [_Checked(ref, "greedy" if (i + g) % 2 else "random", rules, seed=7 * g + i)
                 for i in range(st.n_players)]
        play(st, [Bot(v, on_fault="raise") for v in views])
        for v in views:
            seen.update(v.asked_types)
    # the random agents reached the decisions the view must get right
    want = {"DISCARD", "PON", "PASS"} | ({"NUKIDORA"} if rules.players == 3 else {"CHI"})
    if not PURE:  # (the pure pass plays one game: calls, not always a win)
        want |= {"RIICHI", "RON", "TSUMO"}
    assert want <= set(seen), seen


@pytest.mark.parametrize("agent", ["greedy", "random"])
def test_an_agent_behind_the_protocol_plays_the_same_game(agent):
    rules = east("tenhou")
    for g in range(1 if PURE else 3):
        a = GameState(rules, seed=g)
        table_play(a, [GreedyAgent() if agent == "greedy" else RandomAgent(10 * g + i)
                       for i in range(4)])
        b = GameState(rules, seed=g)
        faults = play(b, [Bot(AgentBot(agent, rules, seed=10 * g + i), on_fault="raise")
                          for i in range(4)])
        assert not faults
        assert a.events == b.events


# ----------------------------------------------------------------------------- dialects
#: the outside bot's environment: it runs on the installed core in either pass (the pass
#: tests the host; the bot is any program), which keeps the pure pass's cost down
BOT_ENV = {k: v for k, v in os.environ.items() if k != "IPPATSU_PURE_PYTHON"}


def _cli(dialect: str, agent: str, rules: str, seed: int):
    return [sys.executable, "-m", "ippatsu", "mjai-bot", "--dialect", dialect, "--agent",
            agent, "--rules", rules, "--seed", str(seed)]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_each_dialect_plays_the_game_the_agents_play_in_process(dialect):
    rules = east("tenhou")
    seed = 5
    direct = GameState(rules, seed=seed)
    table_play(direct, [RandomAgent(1), GreedyAgent(), GreedyAgent(), GreedyAgent()])
    bots = [Bot(_cli(dialect, "random", "tenhou", 1), dialect=dialect, on_fault="raise",
                timeout=20, env=BOT_ENV),
            Bot(_cli(dialect, "greedy", "tenhou", 0), dialect=dialect, on_fault="raise",
                timeout=20, env=BOT_ENV)]
    try:
        st = GameState(rules, seed=seed)
        play(st, [bots[0], bots[1], GreedyAgent(), GreedyAgent()])
    finally:
        for b in bots:
            b.close()
    assert st.events == direct.events
    kinds = Counter((e["type"], e.get("actor")) for e in st.events)
    # the protocol's two-phase answers were reached: a riichi and a call by the pipes
    assert any(kinds[(t, 0)] for t in ("chi", "pon", "daiminkan")), kinds
    assert kinds[("reach", 1)] or kinds[("reach", 0)], kinds


def test_three_players_over_the_pipe():
    rules = east("tenhou_sanma")
    direct = GameState(rules, seed=3)
    table_play(direct, [RandomAgent(4), GreedyAgent(), GreedyAgent()])
    bot = Bot(_cli("mjai.app", "random", "tenhou_sanma", 4), on_fault="raise", timeout=20,
              env=BOT_ENV)
    try:
        st = GameState(rules, seed=3)
        play(st, [bot, GreedyAgent(), GreedyAgent()])
    finally:
        bot.close()
    assert st.events == direct.events
    assert any(e["type"] == "nukidora" for e in st.events)


def test_start_game_names_the_seat():
    got = []

    class Echo:
        def react(self, events):
            got.extend(events)
            last = events[-1]
            if last["type"] == "tsumo":
                return {"type": "dahai", "actor": last["actor"], "pai": last["pai"],
                        "tsumogiri": True}
            return {"type": "none"}

    st = GameState(east("tenhou"), seed=1)
    play(st, [GreedyAgent(), GreedyAgent(), Bot(Echo()), GreedyAgent()])
    assert got[0] == {"type": "start_game", "names": st.names, "id": 2}
    # hidden tiles masked: other hands and others' draws
    start = next(e for e in got if e["type"] == "start_kyoku")
    assert all(set(h) == {"?"} for i, h in enumerate(start["tehais"]) if i != 2)
    assert "?" not in start["tehais"][2]
    assert all(e["pai"] == "?" for e in got if e["type"] == "tsumo" and e["actor"] != 2)
    assert all(e["pai"] != "?" for e in got if e["type"] == "tsumo" and e["actor"] == 2)
    assert got[-1]["type"] == "end_game"  # the game's end is delivered too


class _Tsumogiri:
    """An in-process bot: discards what it draws, passes on everything else."""

    seat = None

    def react(self, events):
        for e in events:
            if e["type"] == "start_game":
                self.seat = e["id"]
        last = events[-1]
        if last["type"] == "tsumo" and last["actor"] == self.seat:
            return {"type": "dahai", "actor": self.seat, "pai": last["pai"],
                    "tsumogiri": True}
        return {"type": "none"}


# ----------------------------------------------------------------------------- faults
def _faulty(mode: str, on_fault: str, at: int = 3, timeout: float = 0.3) -> Bot:
    return Bot([sys.executable, TSUMOGIRI, "--mode", mode, "--at", str(at)],
               timeout=timeout, on_fault=on_fault)


@pytest.mark.parametrize("mode,kinds", [
    ("garbage", {"garbage"}), ("silence", {"timeout"}), ("exit", {"exit"}),
    ("no_newline", {"flood"}), ("flood_lines", {"illegal", "out_of_turn"}),
    ("wrong_seat", {"wrong_seat"}), ("twice", {"out_of_turn", "illegal"}),
    ("illegal", {"illegal"}), ("pass_turn", {"illegal"})])
def test_bad_bot_output_is_a_fault_not_a_hang(mode, kinds):
    bot = _faulty(mode, "fallback")
    try:
        st = GameState(east("tenhou"), seed=1)
        faults = play(st, [bot, GreedyAgent(), GreedyAgent(), GreedyAgent()])
    finally:
        bot.close()
    assert st.phase.name == "GAME_END"
    assert faults and faults[0].kind in kinds and faults[0].penalty == "fallback"
    assert "tsumogiri bot starting" in faults[0].stderr  # its stderr is kept
    logged = [e for e in st.events if e["type"] == "fault"]
    assert [e["kind"] for e in logged] == [f.kind for f in faults]


def test_a_fault_raises_when_asked_to():
    bot = _faulty("garbage", "raise")
    try:
        with pytest.raises(IppatsuError) as e:
            play(GameState(east("tenhou"), seed=1), [bot] + [GreedyAgent()] * 3)
    finally:
        bot.close()
    assert e.value.code == "bot_fault"


@pytest.mark.parametrize("seat", [0, 1])
def test_a_chombo_pays_the_penalty_and_deals_the_hand_again(seat):
    bot = _faulty("garbage", "chombo")
    agents = [GreedyAgent() for _ in range(4)]
    agents[seat] = bot
    try:
        st = GameState(east("tenhou"), seed=1)
        faults = play(st, agents)
    finally:
        bot.close()
    assert len(faults) == 1 and faults[0].penalty == "chombo"
    evs = st.events
    i = next(j for j, e in enumerate(evs) if e["type"] == "fault")
    before = [e for e in evs[:i] if e["type"] == "start_kyoku"][-1]
    after = next(e for e in evs[i:] if e["type"] == "start_kyoku")
    dealer = before["oya"]
    deltas = chombo_deltas(seat, dealer, 4)
    assert evs[i]["deltas"] == deltas
    assert after["scores"] == [s + d for s, d in zip(before["scores"], deltas)]
    for k in ("bakaze", "kyoku", "honba", "kyotaku", "oya"):
        assert after[k] == before[k]
    assert after["tehais"] != before["tehais"]  # dealt again from the next wall
    assert st.phase.name == "GAME_END"


def test_a_crashed_bot_is_started_again_and_cannot_stall_the_game():
    bot = _faulty("exit", "chombo")
    try:
        st = GameState(east("tenhou"), seed=1)
        faults = play(st, [bot] + [GreedyAgent()] * 3, max_replays=2)
    finally:
        bot.close()
    # it crashes at its third decision every time it starts: two chombos, then the hand
    # is played out with the safe fallback, and the bot is back for the next hand
    assert [f.penalty for f in faults[:3]] == ["chombo", "chombo", "fallback"]
    assert all(f.kind == "exit" for f in faults)
    assert bot.starts >= 4
    assert "exiting on purpose" in faults[0].stderr
    assert st.phase.name == "GAME_END"


def test_a_bot_is_configured_or_refused():
    with pytest.raises(IppatsuError) as e:
        Bot("x", dialect="telnet")
    assert e.value.code == "bad_bot"
    with pytest.raises(IppatsuError):
        Bot("x", on_fault="ignore")
    with pytest.raises(IppatsuError):
        Bot("x", timeout=0)
    with pytest.raises(IppatsuError):
        Bot(42)
    bot = Bot(["/nonexistent/bot-program"])
    with pytest.raises(IppatsuError) as e:
        play(GameState(east("tenhou"), seed=1), [bot] + [GreedyAgent()] * 3)
    assert e.value.code == "bad_bot"


# ----------------------------------------------------------------------------- docs
def _python_blocks(page: str):
    lines = (Path(__file__).resolve().parents[1] / "docs" / page).read_text(
        encoding="utf-8").splitlines()
    out, cur = [], None
    for line in lines:
        if cur is None and line.strip() == "```python":
            cur = []
        elif cur is not None and line.strip() == "```":
            out.append("\n".join(cur))
            cur = None
        elif cur is not None:
            cur.append(line)
    return out


def test_the_examples_of_docs_mjai_md_run(monkeypatch, capsys):
    # the bots the examples start run on the installed core in either pass
    monkeypatch.delenv("IPPATSU_PURE_PYTHON", raising=False)
    blocks = _python_blocks("mjai.md")
    assert len(blocks) == 2
    for code in blocks:
        exec(compile(code, "docs/mjai.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].endswith("[]")  # the seated bot made no fault


def test_module_examples_run():
    import doctest

    import ippatsu.io.mjai
    import ippatsu.mjai.elo

    for mod in (ippatsu.mjai.elo, ippatsu.io.mjai):
        res = doctest.testmod(mod)
        assert res.attempted and not res.failed, mod.__name__


def test_a_match_writes_an_mjai_log_per_game_that_replays(tmp_path):
    from ippatsu import study
    from ippatsu.table.replay import replay_mjai

    rules = east("tenhou")
    bot = Bot(_Tsumogiri(), name="inproc")
    r = study.match([bot, "random", "random", "random"], games=4, rules=rules, seed=3,
                    backend="serial", progress=False, logs=str(tmp_path))
    logs = sorted(tmp_path.glob("*.mjson"))
    assert len(logs) == r.games == 4
    for path in logs:
        report = replay_mjai(str(path), rules)
        assert report.hands and report.ok, report


def test_study_match_seats_a_bot_from_the_command_line(capsys):
    import json

    from ippatsu.cli import main

    rc = main(["study", "match", "--bot", f"{sys.executable} {TSUMOGIRI}", "greedy",
               "--layout", "1v3", "--games", "4", "--rules", "tenhou", "--backend",
               "serial", "--no-progress", "--json", "--seed", "1",
               "--rank-points", "30,10,-10,-30"])
    assert rc == 0
    est = json.loads(capsys.readouterr().out)["estimates"]
    names = [a["name"] for a in est["agents"]]
    assert names[0].endswith("tsumogiri.py") and names[1:] == ["greedy"] * 3
    assert est["rank_points"] == [30, 10, -10, -30]
    # a bot that never wins places last: the rank points and the Elo say so
    bot = est["agents"][0]
    assert bot["rank_points"]["mean"] < 0 and bot["faults"] == 0
    assert est["elo"][names[0]] < 1500 < est["elo"]["greedy"]
