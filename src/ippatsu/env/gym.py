"""A single-agent Gymnasium environment: one seat learns, the others are played by given
agents (``pip install ippatsu[env]``).

>>> from ippatsu.env.gym import MahjongEnv
>>> env = MahjongEnv(seat=0)
>>> obs, info = env.reset(seed=1)
>>> obs.shape, info["action_mask"].shape
((111, 34), (304,))
"""
from __future__ import annotations

from typing import Optional, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from ..errors import IllegalActionError, IppatsuError
from ..table.agents import RandomAgent
from ..table.observation import Observation
from . import _vec
from .encoders import Encoder
from .vec import ACTIONS, VecEnv

__all__ = ["MahjongEnv", "OBS_LOW", "OBS_HIGH"]

#: the bounds of the observation space (the planes are 0/1 except a few scaled counters)
OBS_LOW = -10.0
OBS_HIGH = 10.0


class MahjongEnv(gymnasium.Env):
    """MahjongEnv(*, rules="tenhou", players=None, seat=0, opponents=None, encoder="planes",
    reward="points", reward_scale=1.0, uma=None, episode="game", illegal="end",
    illegal_reward=-1.0, render_mode=None)

    The learner plays ``seat`` (``None``: a seat drawn at each reset); the other seats are
    played by ``opponents`` (one agent per other seat, in seat order, each a callable
    ``agent(observation, legal_actions) -> Action`` like
    :class:`~ippatsu.table.RandomAgent`; default: random agents seeded from the env).
    Observations are the learner's ``(C, 34)`` planes; actions the 304 indices of
    :mod:`ippatsu.table.actionspace`; ``info["action_mask"]`` (and
    :meth:`action_masks`, as sb3-contrib's MaskablePPO reads it) the legal ones. The
    reward is the learner's share of :class:`~ippatsu.env.VecEnv`'s reward accrued
    since its last decision, times ``reward_scale``. With ``episode="hand"``, ``reset()``
    without a seed plays the next hand of the same game (a new game once it is over);
    ``reset(seed=...)`` always starts a new game.

    An action outside the mask ends the episode at once with the reward
    ``illegal_reward`` and ``info["illegal_action"] = True`` (``illegal="end"``, the
    default: what Gymnasium's checker, which steps unmasked random actions, expects), or
    raises :class:`~ippatsu.errors.IllegalActionError` (``illegal="raise"``)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, *, rules="tenhou", players: Optional[int] = None, seat: Optional[int] = 0,
                 opponents: Optional[Sequence] = None, encoder="planes", reward="points",
                 reward_scale: float = 1.0, uma=None, episode: str = "game",
                 illegal: str = "end", illegal_reward: float = -1.0,
                 render_mode: Optional[str] = None):
        if illegal not in ("end", "raise"):
            raise IppatsuError(f"illegal is 'end' or 'raise', got {illegal!r}",
                               "bad_env_option")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        if encoder == "mjai" or not (isinstance(encoder, (str, Encoder))):
            raise IppatsuError("the Gymnasium env takes an array encoder ('planes', "
                               "'oracle' or an Encoder)", "bad_env_option")
        self._vec = VecEnv(1, rules=rules, players=players, encoder=encoder, reward=reward,
                           uma=uma, episode=episode, seed=0, copy=False)
        self.players = players = self._vec.players
        if seat is not None and (isinstance(seat, bool) or seat not in range(players)):
            raise IppatsuError(f"seat is None or 0-{players - 1}, got {seat!r}",
                               "bad_env_option")
        if opponents is not None and len(opponents) != players - 1:
            raise IppatsuError(f"opponents: one agent per other seat ({players - 1}), got "
                               f"{len(opponents)}", "bad_env_option")
        self._fixed_seat = seat
        self._given = list(opponents) if opponents is not None else None
        self.reward_scale = float(reward_scale)
        self.render_mode = render_mode
        self._enc = self._vec.encoder
        shape = self._vec.observation_shape
        self.observation_space = spaces.Box(OBS_LOW, OBS_HIGH, shape, np.float32)
        self.action_space = spaces.Discrete(ACTIONS)
        self.seat = 0 if seat is None else seat
        self._mask = np.zeros(ACTIONS, dtype=bool)
        self._done = True

    # ------------------------------------------------------------------ gymnasium API
    def reset(self, *, seed: Optional[int] = None, options=None):
        super().reset(seed=seed)
        g = self._vec.games[0]
        if (seed is None and self._vec.episode == "hand" and self._done and g.st is not None
                and g.needs_reset and g.st.phase.name != "GAME_END"):
            # hand episodes: the next hand of the same game (same seats and agents)
            _, _, _, _, info = self._vec.step(np.zeros(1, np.int64))
            self._done = False
            while True:
                r, term = self._play_others(info)
                if not term:
                    break
                if g.st.phase.name == "GAME_END":   # over before the learner's turn
                    return self.reset(seed=int(self.np_random.integers(2 ** 63)))
                _, _, _, _, info = self._vec.step(np.zeros(1, np.int64))
            return self._observe(), self._info()
        rng = self.np_random
        if self._fixed_seat is None:
            self.seat = int(rng.integers(self.players))
        if self._given is None:
            others = [RandomAgent(int(rng.integers(2 ** 63))) for _ in range(self.players - 1)]
        else:
            others = self._given
        self._agents = {}
        k = 0
        for p in range(self.players):
            if p != self.seat:
                self._agents[p] = others[k]
                k += 1
        obs, info = self._vec.reset(seed=int(rng.integers(2 ** 63)))
        self._done = False
        while True:
            r, term = self._play_others(info)
            if not term:
                break
            # the episode ended before the learner's first decision: the next one
            obs, _, _, _, info = self._vec.step(np.zeros(1, np.int64))
        return self._observe(), self._info()

    def step(self, action):
        if self._done:
            raise IppatsuError("the episode is over: call reset()", "env_not_reset")
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(f"an action is an int index, got {action!r}",
                                     "bad_action_index")
        if not (0 <= action < ACTIONS and self._mask[action]):
            if self.illegal == "raise":
                g = self._vec.games[0]
                g.check(int(action))  # names the problem
                raise IllegalActionError(f"illegal action {action}", "illegal_action")
            self._done = True
            self._mask[:] = False
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), self.illegal_reward, True, False, info
        _, rew, term, _, info = self._vec.step(np.array([action], dtype=np.int64))
        total = float(rew[0, self.seat])
        if not term[0]:
            r, t = self._play_others(info)
            total += r
            term = [t]
        self._done = bool(term[0])
        if self._done:
            self._mask[:] = False
        return (self._observe(), total * self.reward_scale, self._done, False, self._info())

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner now (bool, 304)."""
        return self._mask.copy()

    def render(self):
        if self.render_mode == "ansi":
            st = self._vec.games[0].st
            return str(Observation(st, self.seat).to_dict())
        return None

    # ------------------------------------------------------------------ helpers
    def _play_others(self, info) -> tuple:
        """Play the other seats until the learner decides or the episode ends: (the
        learner's reward meanwhile, ended)."""
        vec = self._vec
        g = vec.games[0]
        total = 0.0
        while g.seat != self.seat:
            legal = g.st.legal_actions(g.seat)
            a = self._agents[g.seat](Observation(g.st, g.seat), legal)
            idx = _vec.action_index(a, g.red)
            _, rew, term, _, info = vec.step(np.array([idx], dtype=np.int64))
            total += float(rew[0, self.seat])
            if term[0]:
                return total, True
        self._mask[:] = info["mask"][0]
        return total, False

    def _observe(self) -> np.ndarray:
        g = self._vec.games[0]
        if g.seat == self.seat and not self._done:
            return self._vec._obs[0].copy()
        out = np.zeros(self.observation_space.shape, dtype=np.float32)
        self._enc.encode(g.st, self.seat, out, list(g.st.tsumogiri))
        return out

    def _info(self) -> dict:
        return {"action_mask": self._mask.copy(), "seat": self.seat}
