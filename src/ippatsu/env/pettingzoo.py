"""A PettingZoo AEC environment: every seat an agent, one decision per step
(``pip install ippatsu[env]``).

>>> from ippatsu.env.pettingzoo import MahjongAECEnv
>>> env = MahjongAECEnv()
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'
>>> env.observe("player_0")["action_mask"].shape
(300,)
"""
from __future__ import annotations

from typing import Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..errors import IllegalActionError, IppatsuError
from ..table.observation import Observation
from .encoders import Encoder
from .gym import OBS_HIGH, OBS_LOW
from .vec import ACTIONS, VecEnv

__all__ = ["MahjongAECEnv", "env"]


class MahjongAECEnv(AECEnv):
    """MahjongAECEnv(*, rules="tenhou", players=None, encoder="planes", reward="points",
    uma=None, episode="game", render_mode=None)

    Agents ``player_0`` .. ``player_3`` (or ``player_2`` with three players) are the
    seats. ``agent_selection`` is the seat that decides now (a discard that several may
    answer is asked of each in turn order from the discarder, then resolved by the table's
    priorities). ``observe(agent)`` is ``{"observation": (C, 34) planes of that seat,
    "action_mask": int8 (300,)}`` (the mask is all 0 for a seat that does not decide
    now). Rewards as :class:`~ippatsu.env.VecEnv`'s, for every seat at every step."""

    metadata = {"name": "ippatsu_mahjong_v0", "render_modes": ["ansi"],
                "is_parallelizable": False}

    def __init__(self, *, rules="tenhou", players: Optional[int] = None, encoder="planes",
                 reward="points", uma=None, episode: str = "game",
                 render_mode: Optional[str] = None):
        super().__init__()
        if encoder == "mjai" or not (isinstance(encoder, (str, Encoder))):
            raise IppatsuError("the PettingZoo env takes an array encoder ('planes', "
                               "'oracle' or an Encoder)", "bad_env_option")
        self._vec = VecEnv(1, rules=rules, players=players, encoder=encoder, reward=reward,
                           uma=uma, episode=episode, copy=False)
        self._enc = self._vec.encoder
        self.n = players = self._vec.players
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        shape = self._vec.observation_shape
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(OBS_LOW, OBS_HIGH, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (ACTIONS,), np.int8)})
        self._act_space = spaces.Discrete(ACTIONS)
        self.render_mode = render_mode

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def reset(self, seed: Optional[int] = None, options=None) -> None:
        _, info = self._vec.reset(seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._mask = info["mask"][0].astype(np.int8)
        self.agent_selection = self.possible_agents[int(info["seat"][0])]

    def observe(self, agent):
        g = self._vec.games[0]
        p = self._seat_of[agent]
        out = np.zeros(self._obs_space["observation"].shape, dtype=np.float32)
        self._enc.encode(g.st, p, out, g.tsumogiri)
        if p == g.seat and not self.terminations.get(agent, True):
            mask = self._mask.copy()
        else:
            mask = np.zeros(ACTIONS, dtype=np.int8)
        return {"observation": out, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(f"an action is an int index, got {action!r}",
                                     "bad_action_index")
        self._cumulative_rewards[agent] = 0.0
        _, rew, term, _, info = self._vec.step(np.array([action], dtype=np.int64))
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = float(rew[0, i])
        if term[0]:
            for a in self.agents:
                self.terminations[a] = True
            self._mask[:] = 0
        else:
            self._mask = info["mask"][0].astype(np.int8)
            self.agent_selection = self.possible_agents[int(info["seat"][0])]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            g = self._vec.games[0]
            return str(Observation(g.st, max(g.seat, 0)).to_dict())
        return None

    def close(self) -> None:
        pass


def env(**kwargs) -> MahjongAECEnv:
    """:class:`MahjongAECEnv` (PettingZoo's constructor convention)."""
    return MahjongAECEnv(**kwargs)
