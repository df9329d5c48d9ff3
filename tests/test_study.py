"""Studies (ippatsu.study): the runner, the accumulators and the match study.

What must hold: the same seed gives the same result bit for bit on every backend and with
any number of workers and chunk size (serial, local processes, Ray); Parquet chunks resume
into exactly the result of an uninterrupted run; Ctrl-C returns a partial result; worker
errors come back as clean IppatsuErrors; the match statistics agree with an independent
count from the mjai event log of the same games; greedy beats random with significance.
"""
from __future__ import annotations

import json
import math
import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ippatsu import IllegalActionError, Rules, StudyError, core, study
from ippatsu.sim import play
from ippatsu.study import _runner
from ippatsu.study._stats import Moments, Tally, wilson
from ippatsu.study.match import _MatchAcc, _MatchTask, play_game
from ippatsu.table import GreedyAgent, RandomAgent
from ippatsu.table.actions import Action, ActionType

# interpreted (IPPATSU_PURE_PYTHON=1) the greedy agent's efficiency choice runs in Python,
# some 100x slower: the study layer is the same Python either way, so that pass plays
# random agents (the greedy-vs-random sanity result runs compiled only)
COMPILED = core.BACKEND != "python"
AGENTS = ["greedy", "random", "random", "random"] if COMPILED else ["random"] * 4


def quiet(**kw):
    return dict(progress=False, **kw)


# ----------------------------------------------------------------------------- statistics
@given(st.lists(st.integers(-50_000, 50_000), min_size=2, max_size=60), st.data())
@settings(max_examples=60, deadline=None)
def test_moments_merge_is_exact_and_matches_numpy(xs, data):
    cut = data.draw(st.integers(0, len(xs)))
    a, b, whole = Moments(), Moments(), Moments()
    a.add_many(xs[:cut])
    b.add_many(xs[cut:])
    whole.add_many(xs)
    a.merge(b)
    assert a == whole
    assert math.isclose(whole.mean, float(np.mean(xs)), rel_tol=1e-12, abs_tol=1e-9)
    assert math.isclose(whole.var, float(np.var(xs, ddof=1)), rel_tol=1e-9, abs_tol=1e-6)


def test_wilson_interval_known_values_and_edges():
    # Wilson 95 % interval for 5/10 and 0/10 (standard reference values)
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    assert all(math.isnan(x) for x in wilson(0, 0))
    t = Tally()
    for x in (1, 0, 1, 1):
        t.add(x)
    assert (t.n, t.k, t.rate) == (4, 3, 0.75)


# ----------------------------------------------------------------------------- the game loop
def _counts_from_events(events, k):
    """Per seat ``[hands, wins, deal_ins, riichi, calls, win_points]`` counted over mjai
    events (independently of ``hand_counts``), and the tsumo and ron wins seen."""
    exp = [[0] * 6 for _ in range(k)]
    riichi_hand = [False] * k
    open_hand = [False] * k
    dealt = set()
    seen = {"tsumo": 0, "ron": 0}
    for ev in events:
        t = ev["type"]
        if t == "start_kyoku":
            riichi_hand = [False] * k
            open_hand = [False] * k
            dealt = set()
        elif t == "reach":
            riichi_hand[ev["actor"]] = True
        elif t in ("chi", "pon", "daiminkan"):
            open_hand[ev["actor"]] = True
        elif t == "hora":
            exp[ev["actor"]][1] += 1
            exp[ev["actor"]][5] += ev["hora_points"]
            if ev["target"] != ev["actor"]:
                dealt.add(ev["target"])
                seen["ron"] += 1
            else:
                seen["tsumo"] += 1
        elif t == "end_kyoku":
            for p in range(k):
                exp[p][0] += 1
                exp[p][2] += p in dealt
                exp[p][3] += riichi_hand[p]
                exp[p][4] += open_hand[p]
    return exp, seen


@pytest.mark.parametrize("rules", [Rules(), Rules.tenhou_sanma()], ids=["4p", "3p"])
def test_play_game_counts_agree_with_the_event_log(rules):
    """play_game's per-seat counters against an independent count over sim.play's mjai
    events for the same seed and agents (hands, wins, deal-ins, riichi, calls, scores),
    with four and with three players (a North set aside is no call). Compiled, greedy
    agents win by tsumo and by ron in these games (asserted); the interpreted pass plays
    random agents, which seldom win: the scripted test below reaches every outcome in
    both passes."""
    k = rules.players

    def greedy(seed):
        return GreedyAgent() if COMPILED else RandomAgent(seed + 7)

    seen = {"tsumo": 0, "ron": 0}
    for seed in range(6 if COMPILED else 2):
        ss = np.random.SeedSequence(seed)
        agents = [greedy(seed), RandomAgent(seed), greedy(seed), RandomAgent(seed + 100)][:k]
        final, stats, values = play_game(rules, ss, agents)
        agents2 = [greedy(seed), RandomAgent(seed), greedy(seed), RandomAgent(seed + 100)][:k]
        ref = play(np.random.SeedSequence(seed), agents2, rules, record=True)
        assert final["scores"] == ref["scores"]
        exp, got = _counts_from_events(ref["events"], k)
        seen = {w: seen[w] + got[w] for w in seen}
        assert stats == exp, seed
        assert [sum(v) for v in values] == [e[5] for e in exp]
    if COMPILED:
        assert seen["tsumo"] and seen["ron"], seen


def _scripted_hands():
    """Table states whose hands end in each outcome: a tsumo, a ron (a deal-in), an
    abortive draw after four riichi, an exhaustive draw after a pon."""
    from _table_helpers import discard, find, pass_all, table, tsumogiri_round
    from ippatsu.table import ActionType as T

    tsumo = table(["123m456p789s1122z", "", "", ""], draws="9m 2p 3p 4p 1z")
    discard(tsumo, "9m")
    pass_all(tsumo)
    tsumogiri_round(tsumo, 3)
    tsumo.step(find(tsumo, 0, T.TSUMO))
    ron = table(["1199m1199s12344z", "123m46p456s555z11z", "789m46p123s666z22z",
                 "456m46p789s777z33z"], draws="5p")
    discard(ron, "5p")
    ron.step(find(ron, 1, T.RON))
    riichi = table(["123m456p789s2223z", "234m567p678s4445z", "345m678p234s6667z",
                    "111m999p111s999s4z"], draws="8m 9m 1p 2p")
    for p, t in enumerate(("8m", "9m", "1p", "2p")):
        riichi.step(find(riichi, p, T.RIICHI, t))
        pass_all(riichi)
    called = table(["1199m1199p1199s5z", "", "55z", ""], draws="6z", n_live=4)
    discard(called, "5z")
    called.step(find(called, 2, T.PON))
    called.step(next(a for a in called.legal_actions(2) if a.type == T.DISCARD))
    pass_all(called)
    while called.phase != called.phase.HAND_END:
        tsumogiri_round(called)
    return [tsumo, ron, riichi, called]


def test_hand_counts_on_scripted_hands_of_every_outcome():
    """hand_counts (the match statistics) against the event count, on hands scripted to
    end in a tsumo, a ron, four riichi and a draw after a call: a tsumo is no deal-in,
    on either pass."""
    from ippatsu.study.match import hand_counts

    states = _scripted_hands()
    results = [r for st in states for r in st.hand_results]
    stats, values = hand_counts(results, 4)
    exp, seen = _counts_from_events([e for st in states for e in st.events], 4)
    kinds = [r.kind for r in results]
    assert seen == {"tsumo": 1, "ron": 1}
    assert kinds.count("win") == 2 and "four_riichi" in kinds and len(kinds) == 4
    assert sum(e[4] for e in exp) >= 1 and sum(e[3] for e in exp) == 4  # a call, 4 riichi
    assert stats == exp
    assert [sum(v) for v in values] == [e[5] for e in exp]
    assert [e[2] for e in exp] == [1, 0, 0, 0]   # only the ron's discarder dealt in


# ----------------------------------------------------------------------------- determinism
def _match_acc(**kw):
    return study.match(AGENTS, games=24 if COMPILED else 8, seed=11, **quiet(**kw)).acc


def test_match_same_result_on_every_backend_chunking_and_worker_count():
    base = _match_acc(backend="serial")
    assert base == _match_acc(backend="serial", chunk_size=1)
    assert other_differs(base)
    assert base == _match_acc(backend="local", workers=2, chunk_size=2)
    if COMPILED:
        assert base == _match_acc(backend="local", workers=3, chunk_size=4)


def other_differs(base) -> bool:
    """Another seed gives another result (the seed matters)."""
    return study.match(AGENTS, games=base.place[0].n * 4, seed=12,
                       **quiet(backend="serial")).acc != base


def test_non_duplicate_matches_vary_the_seating():
    """Without duplicate each game is a set; its seating comes from a block of 24 games
    that plays every seating once (tests/test_study_seating.py), so the seating is not
    the same from game to game."""
    r = study.match(["random"] * 4, games=8, seed=2, duplicate=False, **quiet(backend="serial"))
    assert r.games == 8 and r.sets == 8
    task = _MatchTask(["random"] * 4, Rules(), False, 2)
    acc, cols = task.run_chunk(0, 8, rows=True)
    assert acc == r.acc
    seats = list(zip(*(cols[f"seat_{j}"] for j in range(4))))
    assert all(sorted(s) == [0, 1, 2, 3] for s in seats) and len(set(seats)) == 8


@pytest.mark.skipif(not COMPILED, reason="greedy agents are too slow interpreted")
def test_greedy_beats_random_with_significance():
    r = study.match(AGENTS, games=40, seed=5, **quiet(backend="local", workers=2))
    g = r.agent(0)
    assert g["placement"]["mean"] < 2.0
    for j in (1, 2, 3):
        c = r.compare(0, j)["placement"]
        assert c["significant"] and c["ci95"][1] < 0, c
        assert r.compare(j, 0)["placement"]["mean"] == -c["mean"]
    d = r.to_dict()
    json.dumps(d)  # JSON-able
    assert d["estimates"]["agents"][0]["placement_counts"] == r.acc.places[0]
    text = str(r)
    assert "greedy" in text and "significant" in text
    assert r.agent(0)["riichi_rate"]["rate"] > r.agent(1)["riichi_rate"]["rate"]


def test_three_player_match():
    """A match with a three-player Rules: three agents, duplicate sets of three seatings
    (the rotations of one circular order), placements 1-3, the same result on every
    backend."""
    agents = ["greedy", "random", "random"] if COMPILED else ["random"] * 3
    kw = dict(games=9 if COMPILED else 3, seed=4, rules="tenhou_sanma")
    r = study.match(agents, **kw, **quiet(backend="serial"))
    assert (r.games, r.sets, len(r.agents)) == (kw["games"], kw["games"] // 3, 3)
    assert all(len(c) == 3 for c in r.acc.places)
    # every set's three games place each seat once: 1st+2nd+3rd per game
    assert sum(sum(c) for c in r.acc.places) == 3 * r.games
    assert [sum(r.acc.places[j][b] for j in range(3)) for b in range(3)] == [r.games] * 3
    assert r.acc == study.match(agents, **kw, **quiet(backend="local", workers=2,
                                                      chunk_size=1)).acc
    task = _MatchTask(["random"] * 3, Rules.tenhou_sanma(), True, 4)
    acc, cols = task.run_chunk(0, 1, rows=True)
    assert cols["rotation"] == [0, 1, 2] and sorted(cols["seat_1"]) == [0, 1, 2]
    assert "seat_3" not in cols
    text = str(r)
    assert "1st/2nd/3rd %" in text and "3 seatings" in text
    assert len(r.to_dict()["estimates"]["pairs"]) == 3


@pytest.mark.parametrize("kw, code", [
    (dict(games=4), "bad_n"),                               # sets of 3 games
    (dict(games=3, agents=["random"] * 4), "bad_agents"),   # one agent per seat: three
])
def test_bad_three_player_match_arguments(kw, code):
    agents = kw.pop("agents", ["random"] * 3)
    with pytest.raises(StudyError) as e:
        study.match(agents, rules=Rules.tenhou_sanma(), progress=False, **kw)
    assert e.value.code == code


# ----------------------------------------------------------------------------- Parquet, resume
def test_out_and_resume_give_the_uninterrupted_result(tmp_path):
    pytest.importorskip("pyarrow")
    games = 16 if COMPILED else 8
    full = study.match(AGENTS, games=games, seed=3, **quiet(backend="serial", chunk_size=1))
    out = tmp_path / "run"
    # a first run that stops after half the sets (as an interrupted run would)
    half = study.match(AGENTS, games=games // 2, seed=3,
                       **quiet(backend="serial", chunk_size=1, out=out))
    assert half.done == games // 8
    with pytest.raises(StudyError) as e:  # a non-empty folder needs resume=True
        study.match(AGENTS, games=games, seed=3, **quiet(backend="serial", chunk_size=1, out=out))
    assert e.value.code == "out_not_empty"
    again = study.match(AGENTS, games=games, seed=3,
                        **quiet(backend="local", workers=2, chunk_size=1, out=out, resume=True))
    assert again.info.resumed == games // 8 and again.acc == full.acc
    rows = study.read_rows(out)
    assert rows.num_rows == games
    assert sorted(set(rows.column("set").to_pylist())) == list(range(games // 4))
    # another study's folder is refused
    with pytest.raises(StudyError) as e:
        study.match(AGENTS, games=games, seed=4, **quiet(backend="serial", chunk_size=1, out=out,
                                                          resume=True))
    assert e.value.code == "bad_resume"


# ----------------------------------------------------------------------------- interruption
class _CountTask(_runner.Task):
    """Sample i contributes i; chunk `stop_at` raises KeyboardInterrupt (serial) ."""

    kind = "count"
    chunk_size = 10

    def __init__(self, stop_at=-1, fail_at=-1, slow=0.0, interrupt_parent_at=-1):
        self.stop_at, self.fail_at, self.slow = stop_at, fail_at, slow
        self.interrupt_parent_at = interrupt_parent_at

    def new_acc(self):
        return Moments()

    def acc_from_state(self, s):
        return Moments.from_state(s)

    def fingerprint(self):
        return {"kind": self.kind}

    def run_chunk(self, start, stop, rows):
        import time

        if start // self.chunk_size == self.stop_at:
            raise KeyboardInterrupt
        if start // self.chunk_size == self.fail_at:
            raise ZeroDivisionError("boom")
        if start // self.chunk_size == self.interrupt_parent_at:
            import signal

            os.kill(os.getppid(), signal.SIGINT)  # Ctrl-C reaches the driver (a worker's parent)
        time.sleep(self.slow)
        m = Moments()
        m.add_many(range(start, stop))
        return m, None


def test_ctrl_c_returns_a_partial_result_serial():
    acc, info = _runner.execute(_CountTask(stop_at=3), 100, backend="serial", progress=False,
                                chunk_size=10)
    assert info.partial and info.done == 30 and acc.n == 30 and acc.s == sum(range(30))


def test_ctrl_c_returns_a_partial_result_local():
    import signal

    # a real SIGINT to the driver process, as Ctrl-C sends, raised while chunks run: a
    # worker sends it when it reaches chunk 5 (the workers themselves ignore SIGINT).
    # Python's own Ctrl-C handler for the duration: a process started in the background
    # by a non-interactive shell (as CI may start the suite) begins with SIGINT ignored.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        acc, info = _runner.execute(_CountTask(slow=0.05, interrupt_parent_at=5), 20_000,
                                    backend="local", workers=2, progress=False,
                                    chunk_size=10)
    finally:
        signal.signal(signal.SIGINT, before)
    assert info.partial and 0 < info.done < 20_000, info.to_dict()
    assert acc.n == info.done  # only whole chunks, each counted once


def test_worker_errors_come_back_clean():
    with pytest.raises(StudyError) as e:
        _runner.execute(_CountTask(fail_at=2), 100, backend="local", workers=2, progress=False,
                        chunk_size=10)
    assert e.value.code == "worker_failed" and "ZeroDivisionError: boom" in str(e.value)
    assert "samples 20-29" in str(e.value)


def test_an_agent_that_returns_an_illegal_action_raises_illegal_action():
    r = study.match(AGENTS[:1] + [IllegalAgent()] + AGENTS[2:], games=4, seed=1,
                    **quiet(backend="serial"))  # a stop offer at most: may not matter
    assert r.games == 4
    with pytest.raises(IllegalActionError):
        study.match([AlwaysDiscardFirst()] * 4, games=4, seed=1,
                    **quiet(backend="local", workers=2))


class IllegalAgent:
    """Legal except that it never stops (a fine agent)."""

    def __call__(self, obs, legal):
        return legal[-1]


class AlwaysDiscardFirst:
    """Returns a discard of a tile the seat does not hold: illegal."""

    def __call__(self, obs, legal):
        held = set(obs.hand)
        for t in range(136):
            if t not in held:
                return Action(ActionType.DISCARD, obs.player, t)
        return legal[0]


# ----------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("kw, code", [
    (dict(games=0), "bad_n"),
    (dict(games=-4), "bad_n"),
    (dict(games=6), "bad_n"),              # duplicate needs multiples of 4
    (dict(games=4, backend="cloud"), "bad_backend"),
    (dict(games=4, workers=0), "bad_workers"),
    (dict(games=4, seed=-1), "bad_seed"),
    (dict(games=4, seed="x"), "bad_seed"),
    (dict(games=4, rules="nope"), "bad_rules"),
])
def test_bad_match_arguments(kw, code):
    with pytest.raises(StudyError) as e:
        study.match(AGENTS, progress=False, **kw)
    assert e.value.code == code


@pytest.mark.parametrize("agents", [["greedy"] * 3, ["smart"] * 4, [42] * 4,
                                    [lambda o, l: l[0]] * 4])
def test_bad_agents(agents):
    with pytest.raises(StudyError) as e:
        study.match(agents, games=4, progress=False, backend="local")
    assert e.value.code == "bad_agents"


def test_ray_missing_gives_a_clear_error(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(StudyError) as e:
        study.match(AGENTS, games=8, seed=1, progress=False, backend="ray", chunk_size=1)
    assert e.value.code == "missing_dependency" and "ippatsu[ray]" in str(e.value)


# ----------------------------------------------------------------------------- progress, plot
def test_progress_bar_on_request(capsys):
    pytest.importorskip("tqdm")
    study.match(["random"] * 4, games=8, seed=1, backend="serial", progress=True, chunk_size=1)
    err = capsys.readouterr().err
    assert "2/2" in err and "sets" in err


def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    r = study.match(AGENTS, games=4, seed=1, **quiet(backend="serial"))
    path = tmp_path / "m.png"
    r.plot(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("mod", ["ippatsu.study", "ippatsu.study._stats", "ippatsu.study.match",
                                 "ippatsu.study.solo"])
def test_doctests(mod):
    import doctest
    import importlib

    m = importlib.import_module(mod)
    assert doctest.testmod(m).failed == 0


def test_small_samples_use_student_t():
    # two sets that differ by exactly the same amount have no spread: a certain sign;
    # three noisy sets are not enough for significance under t although z would say so
    m = Moments()
    m.add_many([3, 1, 2])          # mean 2, sd 1, se 0.577: z = 3.46 (normal p 0.0005)
    from ippatsu.study._stats import significance

    s = significance(m)
    assert 0.05 < s["p"] < 0.1 and not s["significant"]
    lo, hi = m.interval()
    assert lo < 0 < hi


def test_resume_with_a_gap_merges_every_chunk_once(tmp_path):
    pytest.importorskip("pyarrow")
    task = _CountTask()
    full, _ = _runner.execute(task, 95, backend="serial", progress=False)
    _runner.execute(task, 95, backend="serial", progress=False, out=tmp_path)
    (tmp_path / "chunk-0000000.parquet").unlink()   # a lost first chunk, the rest on disk
    (tmp_path / "chunk-0000004.parquet").unlink()   # and one in the middle
    acc, info = _runner.execute(task, 95, backend="local", workers=2, progress=False,
                                out=tmp_path, resume=True)
    assert acc == full and info.resumed == 75 and info.chunks == 10 and not info.partial


class _DieTask(_CountTask):
    """Chunk 2's worker process dies (as if killed by the out-of-memory killer)."""

    def run_chunk(self, start, stop, rows):
        if start // self.chunk_size == 2:
            os._exit(3)
        return super().run_chunk(start, stop, rows)


def test_a_dead_worker_process_is_a_clean_error():
    with pytest.raises(StudyError) as e:
        _runner.execute(_DieTask(), 100, backend="local", workers=2, progress=False)
    assert e.value.code == "worker_died"


class SeededPicker:
    """A stateful user agent: its own generator, reseeded by the study before each game."""

    name = "picker"

    def __init__(self):
        import random

        self.rng = random.Random(0)

    def reset(self, seed):
        import random

        self.rng = random.Random(seed)

    def __call__(self, obs, legal):
        return legal[self.rng.randrange(len(legal))]


def test_a_stateful_user_agent_with_reset_is_reproducible_across_chunkings():
    agents = [SeededPicker(), "random", SeededPicker(), "random"]
    a = study.match(agents, games=8, seed=6, **quiet(backend="serial", chunk_size=2)).acc
    b = study.match(agents, games=8, seed=6, **quiet(backend="local", workers=2,
                                                      chunk_size=1)).acc
    assert a == b
    r = study.match(agents, games=8, seed=6, **quiet(backend="serial"))
    assert r.agents == ["picker", "random", "picker", "random"]


def test_a_short_study_is_cut_into_enough_chunks_to_keep_every_worker_busy():
    """Without ``out``, a study of n samples gets at least min(n, 64) chunks (the task's
    chunk size is the upper bound); the result is the same as with one chunk per sample."""
    class Big(_CountTask):
        chunk_size = 1000

    acc, info = _runner.execute(Big(), 640, backend="serial", progress=False)
    assert info.chunks == 64 and acc.n == 640
    one, info1 = _runner.execute(Big(), 640, backend="serial", progress=False, chunk_size=1)
    assert one == acc and info1.chunks == 640
    _, few = _runner.execute(Big(), 5, backend="serial", progress=False)
    assert few.chunks == 5
    _, many = _runner.execute(Big(), 1_000_000, backend="serial", progress=False)
    assert many.chunks == 1000  # capped by the task's chunk size
