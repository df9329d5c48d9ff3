"""A PettingZoo AEC environment: every seat an agent, one decision per step
(``pip install ippatsu[env]``).

>>> from ippatsu.env.pettingzoo import MahjongAECEnv
>>> env = MahjongAECEnv()
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'
>>> env.observe("player_0")["action_mask"].shape
(304,)
"""
from __future__ import annotations

from typing import Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..errors import IllegalActionError, IppatsuError
from ..table.observation import Observation
from ..table.state import GameState, Phase
from .encoders import Encoder
from .gym import OBS_HIGH, OBS_LOW
from .vec import ACTIONS, VecEnv, entropy_of, rules_of

__all__ = ["MahjongAECEnv", "MahjongParallelEnv", "env", "parallel_env"]


class MahjongAECEnv(AECEnv):
    """MahjongAECEnv(*, rules="tenhou", players=None, encoder="planes", reward="points",
    uma=None, episode="game", render_mode=None)

    Agents ``player_0`` .. ``player_3`` (or ``player_2`` with three players) are the
    seats. ``agent_selection`` is the seat that decides now (a discard that several may
    answer is asked of each in turn order from the discarder, then resolved by the table's
    priorities). ``observe(agent)`` is ``{"observation": (C, 34) planes of that seat,
    "action_mask": int8 (304,)}`` (the mask is all 0 for a seat that does not decide
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
        self._enc.encode(g.st, p, out, list(g.st.tsumogiri))
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


class MahjongParallelEnv(ParallelEnv):
    """MahjongParallelEnv(*, rules="tenhou", players=None, encoder="planes", episode="game",
    render_mode=None)

    Every seat an agent, and the seats that may answer a discard (or a kan, a North)
    decide at once, as at a real table: one :meth:`step` takes ``{agent: index}`` from
    each seat that decides now (the actor at a turn; every seat offered a call, a ron or
    a pass; the last dealer who may stop) and the table resolves them by its priorities.
    ``observations[agent]`` is ``{"observation": (C, 34) planes of that seat,
    "action_mask": int8 (304,)}``; a seat that does not decide now has an all-zero mask
    and its action is ignored. ``rewards[agent]`` is the change of the seat's score in
    the step (the ``"points"`` reward of :class:`~ippatsu.env.VecEnv`). Game ``g`` after
    ``reset(seed=s)`` deals the walls of env 0's game ``g`` of ``VecEnv(1, seed=s)``.

    An index outside a deciding seat's mask ends the episode at once, that agent's
    reward ``illegal_reward`` and its info ``{"illegal_action": True}``
    (``illegal="end"``, the default: PettingZoo's seed test steps unmasked random
    actions), or raises :class:`~ippatsu.errors.IllegalActionError` naming the agent,
    nothing stepped (``illegal="raise"``)."""

    metadata = {"name": "ippatsu_mahjong_parallel_v0", "render_modes": ["ansi"]}

    def __init__(self, *, rules="tenhou", players: Optional[int] = None, encoder="planes",
                 episode: str = "game", illegal: str = "end", illegal_reward: float = -1.0,
                 render_mode: Optional[str] = None):
        from .encoders import encoder_of
        if illegal not in ("end", "raise"):
            raise IppatsuError(f"illegal is 'end' or 'raise', got {illegal!r}",
                               "bad_env_option")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.rules = rules_of(rules, players)
        enc = encoder_of(encoder, self.rules)
        if not isinstance(enc, Encoder) or enc.channels == 0:
            raise IppatsuError("the PettingZoo env takes an array encoder ('planes', "
                               "'oracle' or an Encoder)", "bad_env_option")
        if episode not in ("game", "hand"):
            raise IppatsuError(f"episode is 'game' or 'hand', got {episode!r}",
                               "bad_env_option")
        self.n = players = self.rules.players
        self._enc = enc
        self.episode = episode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(OBS_LOW, OBS_HIGH, (enc.channels, 34), np.float32),
            "action_mask": spaces.Box(0, 1, (ACTIONS,), np.int8)})
        self._act_space = spaces.Discrete(ACTIONS)
        self.render_mode = render_mode
        self.agents = []
        self._st = None
        self._entropy = None
        self._games = 0

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def reset(self, seed: Optional[int] = None, options=None):
        if seed is not None or self._entropy is None:
            self._entropy = entropy_of(seed)
            self._games = 0
        if self.episode == "game" or self._st is None or self._st.game_over:
            self._new_game()
        else:
            self._st.next_hand()
            self._advance()
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions):
        if not self.agents:
            raise IppatsuError("the episode is over: call reset()", "env_not_reset")
        st = self._st
        chosen = {}
        for p in self._deciding:
            agent = self.possible_agents[p]
            if agent not in actions:
                raise IllegalActionError(f"{agent} decides now and gave no action",
                                         "not_your_turn")
            i = actions[agent]
            if isinstance(i, (bool, np.bool_)) or not isinstance(i, (int, np.integer)):
                raise IllegalActionError(f"{agent}: an action is an int index, got {i!r}",
                                         "bad_action_index")
            i = int(i)
            if not 0 <= i < ACTIONS or not self._masks[p, i]:
                if self.illegal == "end":
                    return self._end_illegal(agent)
                raise IllegalActionError(f"{agent}: action {i} is not legal (legal: "
                                         f"{np.flatnonzero(self._masks[p]).tolist()})",
                                         "illegal_action")
            chosen[p] = i
        before = list(st.scores)
        hands = len(st.hand_results)
        if st.phase is Phase.TURN:
            p = st.actor
            st.step(st.action_of(chosen[p], p))
        else:
            st.step(chosen)
        done = self._advance(hands)
        rewards = {a: float(st.scores[i] - before[i])
                   for i, a in enumerate(self.possible_agents)}
        obs = self._observations()
        terms = {a: done for a in self.agents}
        truncs = {a: False for a in self.agents}
        infos = {a: {} for a in self.agents}
        if done:
            self.agents = []
        return obs, rewards, terms, truncs, infos

    # ------------------------------------------------------------------ helpers
    def _end_illegal(self, agent):
        """The episode ends on ``agent``'s illegal action (``illegal="end"``)."""
        self._masks[:] = False
        self._deciding = []
        obs = self._observations()
        rewards = {a: (self.illegal_reward if a == agent else 0.0) for a in self.agents}
        terms = {a: True for a in self.agents}
        truncs = {a: False for a in self.agents}
        infos = {a: ({"illegal_action": True} if a == agent else {}) for a in self.agents}
        self.agents = []
        self._st = None   # the next reset starts a new game
        return obs, rewards, terms, truncs, infos

    def _new_game(self) -> None:
        ss = np.random.SeedSequence(self._entropy, spawn_key=(0, self._games))
        self._games += 1
        self._st = GameState(self.rules, seed=ss, auto_next=False, record=False)
        self._advance()

    def _advance(self, hands: int = -1) -> bool:
        """Run to the next decision (the deciding seats and their masks); True when the
        episode ended (the game, or with hand episodes the hand that was on)."""
        st = self._st
        self._masks = np.zeros((self.n, ACTIONS), dtype=bool)
        while True:
            ph = st.phase
            if ph is Phase.GAME_END:
                self._deciding = []
                return True
            if ph is Phase.HAND_END:
                if self.episode == "hand" and hands >= 0 and len(st.hand_results) > hands:
                    self._deciding = []
                    return True
                if not st.to_act:
                    st.next_hand()
                    continue
            break
        self._deciding = sorted(st.to_act)
        for p in self._deciding:
            st.legal_mask_array(p, out=self._masks[p])
        return False

    def _observations(self) -> dict:
        out = {}
        tsumogiri = list(self._st.tsumogiri)   # the state's own bits (Seat.tsumogiri)
        for i, a in enumerate(self.possible_agents):
            obs = np.zeros(self._obs_space["observation"].shape, dtype=np.float32)
            self._enc.encode(self._st, i, obs, tsumogiri)
            out[a] = {"observation": obs, "action_mask": self._masks[i].astype(np.int8)}
        return out

    def render(self):
        if self.render_mode == "ansi" and self._st is not None:
            return str(Observation(self._st, 0).to_dict())
        return None

    def close(self) -> None:
        pass


def parallel_env(**kwargs) -> MahjongParallelEnv:
    """:class:`MahjongParallelEnv` (PettingZoo's constructor convention)."""
    return MahjongParallelEnv(**kwargs)
