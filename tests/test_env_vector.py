"""ippatsu.env.vector and the PettingZoo parallel env: a vector split over processes gives
exactly one VecEnv's results; the Gymnasium vector interface reports the actor's reward
and autoresets on the next step; the parallel env lets every seat that may answer a
discard decide at once and plays the table's games (checked against VecEnv, which asks
them one by one), and passes PettingZoo's parallel checkers."""
from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import sys
import time

import numpy as np
import pytest

from ippatsu.env import VecEnv
from ippatsu.env.vector import MahjongVectorEnv, ProcVecEnv
from ippatsu.errors import IllegalActionError, IppatsuError
from ippatsu.rules import Rules
from ippatsu.table.actionspace import NUKIDORA, PASS, SIZE

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
STEPS = 400 if PURE else 2500
#: the flower rule (docs/rules.md §12) on Tenhou's rules, the env's default
FLOWERS = Rules.tenhou().replace(flowers=True)


def _random_actions(rng, mask):
    u = rng.random(mask.shape) * mask
    return u.argmax(axis=1)


@pytest.mark.parametrize("players,workers,rules", [(4, 2, "tenhou"), (3, 2, "tenhou_sanma"),
                                                   (4, 3, "tenhou"), (4, 2, FLOWERS)],
                         ids=["4p-2", "3p-2", "4p-3", "flowers-2"])
@pytest.mark.parametrize("encoder", ["planes", "oracle"])
def test_a_vector_split_over_processes_gives_one_vecenvs_results(players, workers, rules,
                                                                  encoder):
    n = 5   # shares of 2 and 3 envs (of 1, 2 and 2 with three workers)
    one = VecEnv(n, rules=rules, players=players, seed=11, episode="hand", encoder=encoder)
    rng = np.random.default_rng(players)
    ends = 0
    with ProcVecEnv(n, workers=workers, rules=rules, players=players, seed=11,
                    episode="hand", encoder=encoder) as split:
        assert split.observation_shape == one.observation_shape
        assert split.workers == workers
        oa, ia = one.reset()
        ob, ib = split.reset()
        assert np.array_equal(oa, ob) and np.array_equal(ia["mask"], ib["mask"])
        for s in range(STEPS):
            if s == STEPS // 2:   # a reseeded reset reaches every share too
                oa, ia = one.reset(seed=12)
                ob, ib = split.reset(seed=12)
                assert np.array_equal(oa, ob) and np.array_equal(ia["seat"], ib["seat"])
            act = _random_actions(rng, ia["mask"])
            ra, rb = one.step(act), split.step(act)
            for x, y in zip(ra[:4], rb[:4]):
                assert np.array_equal(x, y)
            assert np.array_equal(ra[4]["mask"], rb[4]["mask"])
            assert np.array_equal(ra[4]["seat"], rb[4]["seat"])
            ends += int(ra[2].sum())
            ia = ra[4]
    assert ends >= 2, "the run never reached an episode's end (autoreset unchecked)"


def test_an_illegal_action_in_any_share_moves_no_worker():
    one = VecEnv(4, seed=3)
    with ProcVecEnv(4, workers=2, seed=3) as split:
        _, ia = one.reset()
        _, ib = split.reset()
        rng = np.random.default_rng(0)
        act = _random_actions(rng, ia["mask"])
        bad = act.copy()
        bad[3] = int(np.flatnonzero(~ib["mask"][3])[0])   # env 3: the second worker's
        with pytest.raises(IllegalActionError, match="env 3") as e:
            split.step(bad)
        assert e.value.code == "illegal_action"
        bad[3] = SIZE
        with pytest.raises(IllegalActionError, match="out of range"):
            split.step(bad)
        with pytest.raises(IppatsuError, match="integer indices"):
            split.step(act[:3])
        # nothing moved: the legal step now is the one VecEnv takes
        ra, rb = one.step(act), split.step(act)
        assert np.array_equal(ra[0], rb[0]) and np.array_equal(ra[4]["mask"], rb[4]["mask"])



def test_a_process_vectors_random_actions_are_one_vecenvs():
    """``ProcVecEnv.random_actions`` draws what ``VecEnv.random_actions`` draws from the
    same generator: the same legal indices, so the same games."""
    one = VecEnv(4, seed=8)
    with ProcVecEnv(4, workers=2, seed=8) as split:
        one.reset()
        split.reset()
        ra, rb = np.random.default_rng(1), np.random.default_rng(1)
        for _ in range(STEPS // 10):
            a, b = one.random_actions(ra), split.random_actions(rb)
            np.testing.assert_array_equal(a, b)
            oa, ob = one.step(a), split.step(b)
            np.testing.assert_array_equal(oa[0], ob[0])

def test_a_closed_process_vector_refuses_to_step_and_closes_twice():
    env = ProcVecEnv(2, workers=2, seed=1)
    with pytest.raises(IppatsuError, match="reset"):
        env.step(np.zeros(2, dtype=np.int64))
    env.reset()
    env.close()
    env.close()
    with pytest.raises(IppatsuError, match="closed"):
        env.reset()


def _fails_in_a_worker(state, before):
    """A reward that a worker process cannot compute (the calling process can)."""
    if multiprocessing.parent_process() is not None:
        raise IllegalActionError("env 7: this reward fails in a worker", "illegal_action")
    return [0.0] * len(before)


def test_an_error_raised_in_a_worker_is_raised_by_the_callers_step():
    with ProcVecEnv(8, workers=2, seed=2, reward=_fails_in_a_worker) as split:
        _, info = split.reset()
        act = _random_actions(np.random.default_rng(0), info["mask"])
        t = time.perf_counter()
        with pytest.raises(IllegalActionError, match="env 7: this reward fails") as e:
            split.step(act)
        assert e.value.code == "illegal_action"
        assert time.perf_counter() - t < 10
        # the worker answered, so the vector goes on: a reset is served
        _, info = split.reset(seed=2)
        assert info["mask"].any(axis=1).all()


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_an_idle_process_vector_sleeps_instead_of_spinning():
    """Between steps a worker spins for at most ``spin`` seconds, then sleeps: an idle
    second costs it far less than a second of CPU."""
    with ProcVecEnv(4, workers=2, seed=1, spin=0.01) as split:
        _, info = split.reset()
        split.step(_random_actions(np.random.default_rng(0), info["mask"]))
        pid = split._procs[0].pid
        before = _cpu_seconds(pid)
        time.sleep(1.0)
        used = _cpu_seconds(pid) - before
        assert used < 0.1, f"an idle worker used {used:.2f} s of CPU in 1 s"
        # asleep, it still wakes for the next step
        _, info = split.reset()
        assert info["mask"].any(axis=1).all()


def test_a_killed_worker_makes_the_step_raise_and_close_returns():
    split = ProcVecEnv(4, workers=2, seed=1)
    try:
        _, info = split.reset()
        proc = split._procs[0]
        os.kill(proc.pid, signal.SIGKILL)
        proc.join(timeout=10)
        t = time.perf_counter()
        with pytest.raises(RuntimeError, match="worker 1 exited"):
            split.step(_random_actions(np.random.default_rng(0), info["mask"]))
        with pytest.raises(RuntimeError, match="cannot go on"):
            split.reset()
        assert time.perf_counter() - t < 10
    finally:
        t = time.perf_counter()
        split.close()
        assert time.perf_counter() - t < 10


def test_a_dropped_process_vector_stops_its_workers():
    split = ProcVecEnv(4, workers=2, seed=1, copy=False)
    split.reset()
    proc = split._procs[0]
    del split
    gc.collect()
    proc.join(timeout=10)
    assert proc.exitcode == 0, f"the worker is {'alive' if proc.exitcode is None else proc.exitcode}"


@pytest.mark.parametrize("bad", [dict(workers=0), dict(workers=True), dict(encoder="mjai"),
                                 dict(players=5), dict(spin=-1.0), dict(spin=float("nan"))])
def test_process_vector_options_are_checked_before_any_worker_starts(bad):
    with pytest.raises(IppatsuError) as e:
        ProcVecEnv(2, **bad)
    assert e.value.code == "bad_env_option"


@pytest.mark.parametrize("workers", [0, 2])
# (seeds whose first points move within the interpreted pass's steps)
@pytest.mark.parametrize("rules,seed", [("tenhou", 4), (FLOWERS, 0)], ids=["4p", "flowers"])
def test_the_gymnasium_vector_env_rewards_the_actor_and_autoresets_next_step(workers, rules,
                                                                             seed):
    import gymnasium
    env = MahjongVectorEnv(3, workers=workers, seed=seed, episode="hand", rules=rules)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    mirror = VecEnv(3, seed=seed, episode="hand", rules=rules)
    assert env.single_observation_space.shape == mirror.observation_shape
    obs, info = env.reset()
    mo, mi = mirror.reset()
    assert env.observation_space.contains(obs) and np.array_equal(obs, mo)
    rng = np.random.default_rng(1)
    ended = scored = 0
    for _ in range(STEPS):
        act = _random_actions(rng, env.action_masks())
        assert env.action_space.contains(act)
        seat = info["seat"].copy()
        obs, rew, term, trunc, info = env.step(act)
        mo, mr, mt, _, mi = mirror.step(act)
        assert np.array_equal(obs, mo) and np.array_equal(term, mt)
        assert np.array_equal(info["rewards"], mr)
        assert np.array_equal(rew, mr[np.arange(3), seat])
        assert info["_mask"].all() and np.array_equal(info["mask"], mi["mask"])
        scored += int((rew != 0).sum())
        ended += int(term.sum())
        for j in np.flatnonzero(term):
            assert not info["mask"][j].any()   # the last observation of the episode
    env.close()
    assert ended >= 1 and scored >= 1


def test_the_gymnasium_vector_env_runs_under_gymnasiums_vector_wrappers():
    from gymnasium.wrappers.vector import RecordEpisodeStatistics
    env = RecordEpisodeStatistics(MahjongVectorEnv(2, seed=2, episode="hand"))
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    done = 0
    for _ in range(STEPS):
        _, _, term, _, info = env.step(_random_actions(rng, env.unwrapped.action_masks()))
        if term.any():
            assert "episode" in info and info["_episode"][term].all()
            done += 1
    assert done >= 1


# ------------------------------------------------------------------ PettingZoo parallel
#: (players, rules): four and three players, and four with flower tiles
GAMES = [pytest.param(4, "tenhou", id="4p"), pytest.param(3, "tenhou_sanma", id="3p"),
         pytest.param(4, FLOWERS, id="flowers")]


@pytest.mark.parametrize("players,rules", GAMES)
def test_the_parallel_env_passes_the_pettingzoo_parallel_checkers(players, rules):
    from pettingzoo.test import parallel_api_test, parallel_seed_test
    from ippatsu.env.pettingzoo import MahjongParallelEnv
    parallel_api_test(MahjongParallelEnv(rules=rules, players=players),
                      num_cycles=300 if PURE else 1500)
    parallel_seed_test(lambda: MahjongParallelEnv(rules=rules, players=players),
                       num_cycles=100)


@pytest.mark.parametrize("players,rules", GAMES)
def test_the_parallel_env_plays_vecenvs_games_with_simultaneous_answers(players, rules):
    """The same choices, given at once to the parallel env and one by one (in turn order
    from the discarder) to VecEnv, give the same hands, scores and rewards; a seat's
    observation is the VecEnv's when it decides."""
    from ippatsu.env.pettingzoo import MahjongParallelEnv
    # (with flowers, a seed where two seats may answer a discard within the interpreted
    # pass's steps)
    seed = 9 if rules is FLOWERS else 8
    par = MahjongParallelEnv(rules=rules, players=players, episode="hand")
    vec = VecEnv(1, rules=rules, players=players, seed=seed, episode="hand")
    rng = np.random.default_rng(players)
    obs, _ = par.reset(seed=seed)
    vo, vi = vec.reset()
    together = answers = hands = flowers = 0
    for _ in range(STEPS):
        deciding = [a for a, o in obs.items() if o["action_mask"].any()]
        acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in deciding}
        together += len(deciding) > 1
        answers += any(obs[a]["action_mask"][PASS] for a in deciding)
        # VecEnv asks the same seats, one step each
        vec_rew = np.zeros(players)
        for _k in range(len(deciding)):
            seat = int(vi["seat"][0])
            agent = f"player_{seat}"
            assert agent in acts, f"VecEnv asks {agent}, the parallel env {deciding}"
            assert np.array_equal(vi["mask"][0], obs[agent]["action_mask"].astype(bool))
            assert np.array_equal(vo[0], obs[agent]["observation"])
            flowers += np.flatnonzero(vi["mask"][0]).tolist() == [NUKIDORA]
            vo, r, t, _, vi = vec.step(np.array([acts[agent]]))
            vec_rew += r[0]
        obs, rew, term, _, _ = par.step(acts)
        assert [rew[f"player_{p}"] for p in range(players)] == list(vec_rew)
        assert all(term.values()) == bool(t[0])
        if t[0]:
            hands += 1
            obs, _ = par.reset()
            vo, _, _, _, vi = vec.step(np.array([0]))   # next-step autoreset
    print(f"{answers} answerable discards, {together} by several seats, {hands} hands")
    assert answers >= 3, "no discard was answerable"
    if players == 4:   # with three players (no chi) two seats rarely may answer at once
        assert together >= 1, "no discard was answerable by two seats at once"
    assert hands >= 2
    assert flowers > 0 if rules is FLOWERS else flowers == 0


def test_the_parallel_env_refuses_an_illegal_answer_and_steps_nothing():
    from ippatsu.env.pettingzoo import MahjongParallelEnv
    env = MahjongParallelEnv(illegal="raise")
    obs, _ = env.reset(seed=5)
    actor = next(a for a, o in obs.items() if o["action_mask"].any())
    bad = int(np.flatnonzero(obs[actor]["action_mask"] == 0)[0])
    snap = env._st.snapshot()
    with pytest.raises(IllegalActionError, match=actor):
        env.step({actor: bad})
    with pytest.raises(IllegalActionError, match="gave no action"):
        env.step({})
    assert env._st.snapshot() == snap
    # a seat with no decision may send anything: it is ignored
    others = {a: 299 for a in obs if a != actor}
    good = int(np.flatnonzero(obs[actor]["action_mask"])[0])
    env.step({actor: good, **others})
    end = MahjongParallelEnv()
    end.reset(seed=5)
    _, rew, term, _, info = end.step({actor: bad})
    assert all(term.values()) and rew[actor] == -1.0 and info[actor]["illegal_action"]
    assert end.agents == []
