"""Vectors of environments across processes, and Gymnasium's vector interface.

* :class:`ProcVecEnv`: a :class:`~ippatsu.env.VecEnv` split over worker processes, each
  stepping its share of the envs into shared memory. The same games, observations,
  masks and rewards as one :class:`~ippatsu.env.VecEnv` of the same size and seed: only
  the work is spread over the cores.
* :class:`MahjongVectorEnv`: a ``gymnasium.vector.VectorEnv`` over either of them
  (``pip install ippatsu[env]``), autoreset in Gymnasium's next-step mode.

>>> from ippatsu.env.vector import ProcVecEnv
>>> with ProcVecEnv(8, workers=2, seed=1) as env:
...     obs, info = env.reset()
...     obs.shape, info["mask"].shape
((8, 111, 34), (8, 304))
"""
from __future__ import annotations

import multiprocessing as _mp
import os
import threading
import time
from multiprocessing import shared_memory
from typing import Optional

import numpy as np

from ..errors import IllegalActionError, IppatsuError
from .encoders import MjaiEncoder, encoder_of
from ._vec import first_illegal
from .vec import ACTIONS, VecEnv, entropy_of, random_legal_actions, rules_of

__all__ = ["ProcVecEnv", "MahjongVectorEnv"]


# ------------------------------------------------------------------ the doorbells
# Each worker has two 64-byte lines of int64 words in the shared block (one written only
# by the caller, one only by the worker, so neither line bounces between the cores):
#   caller's line: GO   = the step's sequence number << 2 | the command
#                  C_SLEEP = 1 while the caller blocks waiting for this worker
#   worker's line: DONE = the sequence number it finished << 2 | OK or ERR
#                  W_SLEEP = 1 while the worker blocks waiting for a command
# A waiter spins on the word (yielding the core to any other runnable process at each
# look) for at most its budget, then raises its flag, looks again and blocks on a
# semaphore; the other side posts the semaphore only when the flag is up, so a step
# between two busy processes costs no system call but the yields. The budget adapts: it
# halves (down to _MIN_SPIN) after a wait that had to block, and doubles (up to
# ``spin``) after one that did not, so a caller that thinks long between steps is not
# shadowed by a spinning worker; a spinner that finds it lost its core for a while (the
# machine has more runnable processes than cores) blocks at once. A fence (an uncontended lock, whose atomic instruction
# orders the loads and stores around it) sits between a flag and the word on both sides;
# the blocking wait also times out and looks again, so a lost wake-up costs a few
# milliseconds, never a hang, and lets each side notice that the other died.
_STRIDE = 16                      # two cache lines of int64 words per worker
_GO, _C_SLEEP, _DONE, _W_SLEEP = 0, 1, 8, 9
_STEP, _RESET, _CLOSE = 1, 2, 3   # commands (the low two bits of GO)
_OK, _ERR = 1, 2                  # outcomes (the low two bits of DONE)
_NAP = 0.02                       # seconds between two looks of the blocked caller
_WORKER_NAP = 0.1                 # and of a blocked worker (at worst the time it takes to
                                  # notice that the caller died)
_SPIN = 2e-3                      # default: the most a waiter spins before it blocks
_MIN_SPIN = 5e-5                  # the least (unless spin is less)
_PREEMPTED = 2e-4                 # a look this long after the last: the spinner lost its
                                  # core to another process, so it blocks at once

_fence_lock = threading.Lock()
_yield = getattr(os, "sched_yield", lambda: None)


def _fence() -> None:
    """A full memory fence between the shared words written before and read after."""
    _fence_lock.acquire()
    _fence_lock.release()


def _layout(n: int, channels: int, players: int, workers: int):
    """The shared arrays: (name, shape, dtype) in the order they sit in the block."""
    return (("ctl", (max(workers - 1, 1) * _STRIDE,), np.int64),
            ("obs", (n, channels, 34), np.float32), ("mask", (n, ACTIONS), np.uint8),
            ("seat", (n,), np.int64), ("rew", (n, players), np.float32),
            ("term", (n,), np.uint8), ("act", (n,), np.int64))


def _views(buf, layout):
    out, off = {}, 0
    for name, shape, dtype in layout:
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize
        out[name] = np.ndarray(shape, dtype=dtype, buffer=buf, offset=off)
        off += (size + 63) // 64 * 64
    return out, off


def _worker(conn, shm_name, n_all, lo, hi, channels, workers, k, kwargs, go_sem, done_sem,
            spin, parent):
    """Worker ``k``: envs ``lo .. hi - 1`` of the vector, written into the shared block;
    it steps when the caller's GO word changes, and answers in its DONE word."""
    shm = shared_memory.SharedMemory(name=shm_name)
    v = ctl = env = act = None
    try:
        players = rules_of(kwargs["rules"], kwargs["players"]).players
        v, _ = _views(shm.buf, _layout(n_all, channels, players, workers))
        ctl = memoryview(v["ctl"][k * _STRIDE:(k + 1) * _STRIDE])
        act = v["act"][lo:hi]
        env = VecEnv(hi - lo, first_index=lo, copy=False, **kwargs)
        env._attach(v["obs"][lo:hi], v["mask"][lo:hi], v["seat"][lo:hi], v["rew"][lo:hi],
                    v["term"][lo:hi], act)
        conn.send(("ready", None))
        last = 0
        clock = time.perf_counter
        budget = spin
        while True:
            word = ctl[_GO]
            if word == last:                    # wait for the next command
                now = clock()
                end = now + budget
                while word == last and now < end:
                    _yield()
                    word = ctl[_GO]
                    then, now = now, clock()
                    if now - then > _PREEMPTED:   # the cores are wanted: stop spinning
                        break
                if word != last:
                    budget = min(spin, budget * 2)
                else:
                    budget = max(min(spin, _MIN_SPIN), budget / 2)
                    ctl[_W_SLEEP] = 1
                    _fence()
                    word = ctl[_GO]
                    while word == last:
                        if not go_sem.acquire(timeout=_WORKER_NAP) and os.getppid() != parent:
                            return              # the caller died
                        word = ctl[_GO]
                    ctl[_W_SLEEP] = 0
            _fence()
            last = word
            cmd = word & 3
            if cmd == _CLOSE:
                break
            try:
                if cmd == _STEP:
                    env._step_in_place()
                else:
                    env.reset(seed=conn.recv())
                outcome = _OK
            except Exception as e:  # the caller re-raises it
                try:
                    conn.send(e)
                except Exception:   # not picklable: its text
                    conn.send(RuntimeError(f"{type(e).__name__}: {e}"))
                outcome = _ERR
            _fence()
            ctl[_DONE] = (word >> 2) << 2 | outcome
            _fence()
            if ctl[_C_SLEEP]:
                done_sem.release()
    finally:
        if ctl is not None:
            ctl.release()
        del v, ctl, env, act
        try:
            shm.close()
        except BufferError:   # not expected: the process ends anyway
            pass
        conn.close()


class ProcVecEnv:
    """ProcVecEnv(num_envs, *, workers=None, context=None, spin=0.002, rules="tenhou",
    players=None, encoder="planes", reward="points", uma=None, episode="game", seed=None,
    copy=True)

    :class:`~ippatsu.env.VecEnv`'s interface and results, its envs split into ``workers``
    contiguous shares (default: the usable cores, at most ``num_envs``) stepped at the
    same time into one block of shared memory: the first by the calling process, each
    other one by a worker process (``workers - 1`` of them). Env ``j`` plays the same
    games as env ``j`` of ``VecEnv(num_envs, seed=seed)``, whatever the number of
    workers.

    A step passes no message: the caller writes the actions and a word per worker into
    the shared block, and each worker answers with a word. A waiting side spins on the
    word for at most ``spin`` seconds, then sleeps until woken (an idle vector burns no
    core); ``spin=0`` always sleeps. ``context``: a :mod:`multiprocessing` start method
    (default ``"spawn"``: safe beside threads; ``"forkserver"`` or ``"fork"`` start faster
    on Linux). A custom encoder or reward callable must be picklable; the ``"mjai"``
    encoder (lists, not arrays) is not offered. Every action is checked against the masks
    before any worker moves; an error raised in a worker is raised again by the call that
    stepped it, and a worker that dies makes that call raise :class:`RuntimeError` (the
    vector is then unusable: close it). Use it as a context manager, or call
    :meth:`close`."""

    def __init__(self, num_envs: int, *, workers: Optional[int] = None,
                 context: Optional[str] = None, spin: float = _SPIN, rules="tenhou",
                 players: Optional[int] = None, encoder="planes", reward="points",
                 uma=None, episode: str = "game", seed: Optional[int] = None,
                 copy: bool = True):
        self._closed = True   # until the workers are up: close() has nothing to do
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) \
                or num_envs < 1:
            raise IppatsuError(f"num_envs is an int >= 1, got {num_envs!r}", "bad_env_option")
        n = self.num_envs = int(num_envs)
        if workers is None:
            try:
                workers = len(os.sched_getaffinity(0))
            except AttributeError:  # not on every platform
                workers = os.cpu_count() or 1
        if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) \
                or workers < 1:
            raise IppatsuError(f"workers is an int >= 1, got {workers!r}", "bad_env_option")
        if isinstance(spin, bool) or not isinstance(spin, (int, float)) \
                or not 0 <= spin < float("inf"):
            raise IppatsuError(f"spin is a number of seconds >= 0, got {spin!r}",
                               "bad_env_option")
        self.spin = float(spin)
        workers = min(int(workers), n)
        enc = encoder_of(encoder)
        if isinstance(enc, MjaiEncoder):
            raise IppatsuError("ProcVecEnv shares arrays: the 'mjai' encoder is not offered "
                               "(use VecEnv)", "bad_env_option")
        # the options are checked here, once, by the env the workers will build
        probe = VecEnv(1, rules=rules, players=players, encoder=encoder, reward=reward,
                       uma=uma, episode=episode, seed=0)
        self.rules, self.players, self.encoder = probe.rules, probe.players, probe.encoder
        self.observation_shape, self.action_size = probe.observation_shape, ACTIONS
        self.episode, self.uma = episode, probe.uma
        self.copy = bool(copy)
        self._entropy = entropy_of(seed)
        channels = probe.observation_shape[0]
        layout = _layout(n, channels, self.players, workers)
        size = sum((int(np.prod(s)) * np.dtype(d).itemsize + 63) // 64 * 64
                   for _, s, d in layout)
        self._shm = shared_memory.SharedMemory(create=True, size=max(size, 1))
        self._closed = False
        self._v, _ = _views(self._shm.buf, layout)
        self._v["ctl"][:] = 0
        self._ctl = memoryview(self._v["ctl"])
        kwargs = dict(rules=self.rules, players=self.players, encoder=encoder, reward=reward,
                      uma=uma, episode=episode, seed=self._entropy)
        ctx = _mp.get_context(context or "spawn")
        bounds = [n * k // workers for k in range(workers + 1)]
        self._procs, self._conns, self._go, self._done_sems = [], [], [], []
        self._seq = 0
        self._budget = [self.spin] * (workers - 1)
        self._broken = None   # why the vector cannot go on (a worker died, a wait broke)
        # the first share is stepped here, in this process, while the workers step theirs:
        # the wait for them overlaps this work instead of adding to it
        v = self._v
        lo, hi = bounds[0], bounds[1]
        self._own = VecEnv(hi - lo, first_index=lo, copy=False, **kwargs)
        self._own._attach(v["obs"][lo:hi], v["mask"][lo:hi], v["seat"][lo:hi],
                          v["rew"][lo:hi], v["term"][lo:hi], v["act"][lo:hi])
        try:
            for k in range(workers - 1):
                parent, child = ctx.Pipe()
                go, done = ctx.Semaphore(0), ctx.Semaphore(0)
                proc = ctx.Process(target=_worker, daemon=True,
                                   args=(child, self._shm.name, n, bounds[k + 1],
                                         bounds[k + 2], channels, workers, k, kwargs, go,
                                         done, self.spin, os.getpid()))
                proc.start()
                child.close()
                self._procs.append(proc)
                self._conns.append(parent)
                self._go.append(go)
                self._done_sems.append(done)
            for k, c in enumerate(self._conns):   # each worker's envs are built
                try:
                    c.recv()
                except (EOFError, OSError):
                    raise RuntimeError(self._died(k)) from None
        except BaseException:
            self.close()
            raise
        self.workers = workers
        self._done = np.ones(n, dtype=np.uint8)   # before reset: every action is ignored
        self._started = False

    # ------------------------------------------------------------------ API
    def reset(self, *, seed: Optional[int] = None, options=None):
        """Start a new episode in every env: ``(obs, info)`` (:meth:`VecEnv.reset`)."""
        self._check_open()
        if seed is not None:
            self._entropy = entropy_of(seed)
        arg = self._entropy if seed is not None else None
        for c in self._conns:
            c.send(arg)
        self._round(_RESET, arg)
        self._started = True
        self._done[:] = False
        return self._out(self._v["obs"]), self._info()

    def step(self, actions):
        """One decision in every env (:meth:`VecEnv.step`)."""
        self._check_open()
        if not self._started:
            raise IppatsuError("call reset() before step()", "env_not_reset")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise IppatsuError(f"actions are {self.num_envs} integer indices, got "
                               f"{a.dtype} {a.shape}", "bad_env_actions")
        v = self._v
        act = v["act"]
        act[:] = a   # read by the shares only once the check below has passed
        j = first_illegal(v["mask"], act, self._done)
        if j >= 0:
            if not 0 <= a[j] < ACTIONS:
                raise IllegalActionError(f"env {j}: action index {int(a[j])} is out of "
                                         f"range 0-{ACTIONS - 1}", "bad_action_index")
            raise IllegalActionError(
                f"env {j}: action {int(a[j])} is not legal for seat {int(v['seat'][j])} "
                f"(legal: {np.flatnonzero(v['mask'][j]).tolist()})", "illegal_action")
        self._round(_STEP, None)
        done = self._done
        done[:] = v["term"]
        rew = self._out(v["rew"])
        trunc = np.zeros(self.num_envs, dtype=bool)
        return self._out(v["obs"]), rew, done.astype(bool), trunc, self._info()

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal index per env (:meth:`VecEnv.random_actions`)."""
        self._check_open()
        return random_legal_actions(self._v["mask"], rng)

    def close(self) -> None:
        """Stop the workers and free the shared memory (also on garbage collection). A
        worker that does not stop within a few seconds is killed."""
        if getattr(self, "_closed", True):
            return
        self._closed = True
        procs = getattr(self, "_procs", [])
        if procs and getattr(self, "_ctl", None) is not None:
            try:
                self._ring(_CLOSE)
            except Exception:
                pass
        for p in procs:
            p.join(timeout=3)
        for p in procs:
            if p.is_alive():
                p.kill()
                p.join(timeout=3)
        for c in getattr(self, "_conns", []):
            c.close()
        if getattr(self, "_ctl", None) is not None:
            self._ctl.release()
        self._ctl = self._v = self._own = None
        try:
            self._shm.close()
        except BufferError:   # arrays the caller still holds (copy=False) keep it mapped
            pass
        try:
            self._shm.unlink()
        except FileNotFoundError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    # ------------------------------------------------------------------ helpers
    def _check_open(self):
        if self._closed:
            raise IppatsuError("the ProcVecEnv is closed", "env_not_reset")
        if self._broken is not None:
            raise RuntimeError(f"the ProcVecEnv cannot go on: {self._broken} (close it)")

    def _ring(self, cmd: int) -> None:
        """Give every worker the command ``cmd`` (the next sequence number)."""
        self._seq += 1
        word = self._seq << 2 | cmd
        ctl = self._ctl
        _fence()   # the actions are written before the word
        for k in range(len(self._procs)):
            ctl[k * _STRIDE + _GO] = word
        _fence()
        for k in range(len(self._procs)):
            if ctl[k * _STRIDE + _W_SLEEP]:
                self._go[k].release()

    def _round(self, cmd: int, arg) -> None:
        """One step or reset: the workers' shares and this process's at the same time;
        re-raise the first error (this process's, then the workers' in order)."""
        self._broken = "a step was interrupted"   # until every worker has answered
        self._ring(cmd)
        err = None
        try:   # this process's share meanwhile
            if cmd == _STEP:
                self._own._step_in_place()
            else:
                self._own.reset(seed=arg)
        except Exception as e:  # re-raised once the workers have answered
            err = e
        seq = self._seq
        ctl = self._ctl
        for k in range(len(self._procs)):
            word = ctl[k * _STRIDE + _DONE]
            if word >> 2 != seq:
                word = self._wait(k, seq)
            if word & 3 == _ERR:
                e = self._conns[k].recv()
                if err is None:
                    err = e
        _fence()   # the workers' results are read after their words
        self._broken = None
        if err is not None:
            raise err

    def _wait(self, k: int, seq: int) -> int:
        """Worker ``k``'s DONE word once it has finished step ``seq``: spin, then sleep."""
        ctl = self._ctl
        i = k * _STRIDE + _DONE
        clock = time.perf_counter
        budget = self._budget[k]
        now = clock()
        end = now + budget
        word = ctl[i]
        while word >> 2 != seq and now < end:
            _yield()
            word = ctl[i]
            then, now = now, clock()
            if now - then > _PREEMPTED:   # the cores are wanted: stop spinning
                break
        if word >> 2 == seq:
            self._budget[k] = min(self.spin, budget * 2)
            return word
        self._budget[k] = max(min(self.spin, _MIN_SPIN), budget / 2)
        flag = k * _STRIDE + _C_SLEEP
        ctl[flag] = 1
        _fence()
        try:
            word = ctl[i]
            while word >> 2 != seq:
                if not self._done_sems[k].acquire(timeout=_NAP):
                    if self._procs[k].exitcode is not None:
                        self._broken = self._died(k)
                        raise RuntimeError(self._broken)
                word = ctl[i]
        finally:
            ctl[flag] = 0
        return word

    def _died(self, k: int) -> str:
        return f"worker {k + 1} exited (code {self._procs[k].exitcode})"

    def _out(self, a):
        return a.copy() if self.copy else a

    def _info(self) -> dict:
        mask = self._v["mask"].view(bool)
        seat = self._v["seat"]
        return {"mask": mask.copy() if self.copy else mask,
                "seat": seat.copy() if self.copy else seat}


try:
    import gymnasium as _gym
    from gymnasium import spaces as _spaces
    from gymnasium.vector import VectorEnv as _VectorEnv
except ImportError:  # the env extra is not installed: only ProcVecEnv is offered
    _gym = None
    _VectorEnv = object


class MahjongVectorEnv(_VectorEnv):
    """MahjongVectorEnv(num_envs, *, workers=0, reward_seat="actor", **VecEnv options)

    A ``gymnasium.vector.VectorEnv`` of ``num_envs`` games: over one
    :class:`~ippatsu.env.VecEnv` (``workers=0``, the default) or a :class:`ProcVecEnv`
    of that many worker processes (``workers=None``: one per core). Observations are
    ``(num_envs, C, 34)`` float32; actions one index per env (``MultiDiscrete``); the legal
    actions ``info["mask"]`` and :meth:`action_masks` (bool ``(num_envs, 304)``), the seat
    that decides ``info["seat"]``. ``rewards[j]`` is the reward of the seat that made the
    step's decision in env ``j`` (``reward_seat="actor"``) or of a fixed seat (an int);
    every seat's is ``info["rewards"]`` (``(num_envs, players)``). Autoreset:
    Gymnasium's next-step mode (the step after ``terminated[j]`` starts the next episode
    and ignores its action)."""

    def __init__(self, num_envs: int, *, workers: Optional[int] = 0, reward_seat="actor",
                 **options):
        if _gym is None:
            raise IppatsuError("MahjongVectorEnv needs gymnasium (pip install "
                               "'ippatsu[env]')", "bad_env_option")
        if options.get("encoder", "planes") == "mjai":
            raise IppatsuError("the Gymnasium vector env takes an array encoder ('planes', "
                               "'oracle', None or an Encoder)", "bad_env_option")
        if workers == 0:
            self._env = VecEnv(num_envs, copy=False, **options)
        else:
            self._env = ProcVecEnv(num_envs, workers=workers, copy=False, **options)
        from .gym import OBS_HIGH, OBS_LOW
        self.num_envs = n = self._env.num_envs
        self.players = self._env.players
        if reward_seat != "actor" and (isinstance(reward_seat, bool) or
                                       reward_seat not in range(self.players)):
            raise IppatsuError(f"reward_seat is 'actor' or a seat 0-{self.players - 1}, got "
                               f"{reward_seat!r}", "bad_env_option")
        self.reward_seat = reward_seat
        shape = self._env.observation_shape
        self.single_observation_space = _spaces.Box(OBS_LOW, OBS_HIGH, shape, np.float32)
        self.single_action_space = _spaces.Discrete(ACTIONS)
        self.observation_space = _spaces.Box(OBS_LOW, OBS_HIGH, (n,) + shape, np.float32)
        self.action_space = _spaces.MultiDiscrete(np.full(n, ACTIONS))
        self.metadata = {"autoreset_mode": _gym.vector.AutoresetMode.NEXT_STEP}
        self.render_mode = None
        self._seat = np.zeros(n, dtype=np.int64)
        self._mask = np.zeros((n, ACTIONS), dtype=bool)

    def reset(self, *, seed: Optional[int] = None, options=None):
        obs, info = self._env.reset(seed=seed)
        return obs.copy(), self._infos(info, None)

    def step(self, actions):
        acting = self._seat.copy()
        obs, rew, term, trunc, info = self._env.step(np.asarray(actions, dtype=np.int64))
        if self.reward_seat == "actor":
            r = rew[np.arange(self.num_envs), acting].astype(np.float64)
        else:
            r = rew[:, self.reward_seat].astype(np.float64)
        return obs.copy(), r, term.copy(), trunc.copy(), self._infos(info, rew)

    def action_masks(self) -> np.ndarray:
        """The legal actions of every env now (bool ``(num_envs, 304)``)."""
        return self._mask.copy()

    def _infos(self, info, rew) -> dict:
        self._mask[:] = info["mask"]
        self._seat[:] = info["seat"]
        n = self.num_envs
        every = np.ones(n, dtype=bool)
        rewards = np.zeros((n, self.players), dtype=np.float32) if rew is None else rew.copy()
        return {"mask": self._mask.copy(), "_mask": every, "seat": self._seat.copy(),
                "_seat": every.copy(), "rewards": rewards, "_rewards": every.copy()}

    def close_extras(self, **kwargs) -> None:
        close = getattr(self._env, "close", None)
        if close is not None:
            close()
