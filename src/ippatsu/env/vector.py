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
((8, 111, 34), (8, 301))
"""
from __future__ import annotations

import multiprocessing as _mp
import os
from multiprocessing import shared_memory
from typing import Optional

import numpy as np

from ..errors import IllegalActionError, IppatsuError
from .encoders import MjaiEncoder, encoder_of
from .vec import ACTIONS, VecEnv, entropy_of, rules_of

__all__ = ["ProcVecEnv", "MahjongVectorEnv"]


def _layout(n: int, channels: int, players: int):
    """The shared arrays: (name, shape, dtype) in the order they sit in the block."""
    return (("obs", (n, channels, 34), np.float32), ("mask", (n, ACTIONS), np.uint8),
            ("seat", (n,), np.int64), ("rew", (n, players), np.float32),
            ("term", (n,), np.uint8), ("act", (n,), np.int64))


def _views(buf, layout):
    out, off = {}, 0
    for name, shape, dtype in layout:
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize
        out[name] = np.ndarray(shape, dtype=dtype, buffer=buf, offset=off)
        off += (size + 63) // 64 * 64
    return out, off


def _worker(conn, shm_name, n_all, lo, hi, channels, kwargs):
    """One worker: envs ``lo .. hi - 1`` of the vector, written into the shared block."""
    shm = shared_memory.SharedMemory(name=shm_name)
    try:
        players = rules_of(kwargs["rules"], kwargs["players"]).players
        v, _ = _views(shm.buf, _layout(n_all, channels, players))
        env = VecEnv(hi - lo, first_index=lo, copy=False, **kwargs)
        env._attach(v["obs"][lo:hi], v["mask"][lo:hi], v["seat"][lo:hi], v["rew"][lo:hi],
                    v["term"][lo:hi], v["act"][lo:hi])
        conn.send(("ready", None))
        while True:
            cmd, arg = conn.recv()
            try:
                if cmd == "step":
                    env.step(v["act"][lo:hi])
                elif cmd == "reset":
                    env.reset(seed=arg)
                elif cmd == "close":
                    break
                conn.send(("ok", None))
            except Exception as e:  # the parent re-raises it
                conn.send(("error", e))
        del v, env
    finally:
        shm.close()
        conn.close()


class ProcVecEnv:
    """ProcVecEnv(num_envs, *, workers=None, context=None, rules="tenhou", players=None,
    encoder="planes", reward="points", uma=None, episode="game", seed=None, copy=True)

    :class:`~ippatsu.env.VecEnv`'s interface and results, its envs split into ``workers``
    contiguous shares (default: the usable cores, at most ``num_envs``) stepped at the
    same time into one block of shared memory: the first by the calling process, each
    other one by a worker process (``workers - 1`` of them). Env ``j`` plays the same
    games as env ``j`` of ``VecEnv(num_envs, seed=seed)``, whatever the number of
    workers.

    ``context``: a :mod:`multiprocessing` start method (default ``"spawn"``: safe beside
    threads; ``"forkserver"`` or ``"fork"`` start faster on Linux). A custom encoder or
    reward callable must be picklable; the ``"mjai"`` encoder (lists, not arrays) is not
    offered. Every action is checked against the masks before any worker moves. Use it
    as a context manager, or call :meth:`close`."""

    def __init__(self, num_envs: int, *, workers: Optional[int] = None,
                 context: Optional[str] = None, rules="tenhou",
                 players: Optional[int] = None, encoder="planes", reward="points",
                 uma=None, episode: str = "game", seed: Optional[int] = None,
                 copy: bool = True):
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
        layout = _layout(n, channels, self.players)
        size = sum((int(np.prod(s)) * np.dtype(d).itemsize + 63) // 64 * 64
                   for _, s, d in layout)
        self._shm = shared_memory.SharedMemory(create=True, size=max(size, 1))
        self._v, _ = _views(self._shm.buf, layout)
        kwargs = dict(rules=self.rules, players=self.players, encoder=encoder, reward=reward,
                      uma=uma, episode=episode, seed=self._entropy)
        ctx = _mp.get_context(context or "spawn")
        bounds = [n * k // workers for k in range(workers + 1)]
        self._procs, self._conns = [], []
        self._closed = False
        # the first share is stepped here, in this process, while the workers step theirs:
        # the wait for them overlaps this work instead of adding to it
        v = self._v
        lo, hi = bounds[0], bounds[1]
        self._own = VecEnv(hi - lo, first_index=lo, copy=False, **kwargs)
        self._own._attach(v["obs"][lo:hi], v["mask"][lo:hi], v["seat"][lo:hi],
                          v["rew"][lo:hi], v["term"][lo:hi], v["act"][lo:hi])
        self._own_act = v["act"][lo:hi]
        try:
            for k in range(1, workers):
                parent, child = ctx.Pipe()
                proc = ctx.Process(target=_worker, daemon=True,
                                   args=(child, self._shm.name, n, bounds[k], bounds[k + 1],
                                         channels, kwargs))
                proc.start()
                child.close()
                self._procs.append(proc)
                self._conns.append(parent)
            self._gather()
        except BaseException:
            self.close()
            raise
        self.workers = workers
        self._done = np.ones(n, dtype=bool)   # before reset: every action is ignored
        self._started = False

    # ------------------------------------------------------------------ API
    def reset(self, *, seed: Optional[int] = None, options=None):
        """Start a new episode in every env: ``(obs, info)`` (:meth:`VecEnv.reset`)."""
        self._check_open()
        if seed is not None:
            self._entropy = entropy_of(seed)
        self._send("reset", self._entropy if seed is not None else None)
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
        mask = self._v["mask"]
        live = ~self._done
        bad = live & ((a < 0) | (a >= ACTIONS))
        if bad.any():
            j = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(f"env {j}: action index {int(a[j])} is out of range "
                                     f"0-{ACTIONS - 1}", "bad_action_index")
        idx = np.where(live, a, 0)
        bad = live & (mask[np.arange(self.num_envs), idx] == 0)
        if bad.any():
            j = int(np.flatnonzero(bad)[0])
            seat = int(self._v["seat"][j])
            raise IllegalActionError(
                f"env {j}: action {int(a[j])} is not legal for seat {seat} (legal: "
                f"{np.flatnonzero(mask[j]).tolist()})", "illegal_action")
        self._v["act"][:] = a
        self._send("step", None)
        term = self._v["term"].astype(bool)
        self._done = term.copy()
        rew = self._out(self._v["rew"])
        trunc = np.zeros(self.num_envs, dtype=bool)
        return self._out(self._v["obs"]), rew, term, trunc, self._info()

    def close(self) -> None:
        """Stop the workers and free the shared memory (also on garbage collection)."""
        if getattr(self, "_closed", True):
            return
        self._closed = True
        for c in self._conns:
            try:
                c.send(("close", None))
            except (OSError, EOFError):
                pass
        for p in self._procs:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
                p.join()
        for c in self._conns:
            c.close()
        self._v = None
        self._shm.close()
        self._shm.unlink()

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

    def _send(self, cmd, arg):
        for c in self._conns:
            c.send((cmd, arg))
        err = None
        try:   # this process's share meanwhile
            if cmd == "step":
                self._own.step(self._own_act)
            else:
                self._own.reset(seed=arg)
        except Exception as e:  # re-raised once the workers have answered
            err = e
        self._gather()
        if err is not None:
            raise err

    def _gather(self):
        """Wait for every worker's answer; re-raise the first error (a worker that died
        is an error too)."""
        err = None
        for k, c in enumerate(self._conns):
            try:
                kind, e = c.recv()
            except (EOFError, OSError):
                kind, e = "error", RuntimeError(
                    f"worker {k} exited (code {self._procs[k].exitcode})")
            if kind == "error" and err is None:
                err = e
        if err is not None:
            raise err

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
    actions ``info["mask"]`` and :meth:`action_masks` (bool ``(num_envs, 301)``), the seat
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
        """The legal actions of every env now (bool ``(num_envs, 301)``)."""
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
