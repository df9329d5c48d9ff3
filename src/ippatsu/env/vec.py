"""The vectorised multi-agent environment: :class:`VecEnv`."""
from __future__ import annotations

from typing import Callable, Optional, Sequence, Union

import numpy as np

from ..errors import IppatsuError
from ..rules import Rules
from . import _vec
from .encoders import Encoder, MjaiEncoder, encoder_of

__all__ = ["VecEnv", "rules_of"]

#: the number of action indices (ippatsu.table.actionspace.SIZE)
ACTIONS = _vec.SIZE


def rules_of(rules, players: Optional[int]) -> Rules:
    """A :class:`Rules` from a preset name (``"tenhou"``; with ``players=3`` its three-player
    preset, ``"tenhou_sanma"``) or a :class:`Rules` (whose ``players`` must agree when
    given). ``players=None``: the rules' own, 4 for a name without ``_sanma``."""
    if players is None:
        if isinstance(rules, Rules):
            players = rules.players
        else:
            players = 3 if isinstance(rules, str) and rules.endswith("_sanma") else 4
    if isinstance(players, bool) or players not in (3, 4):
        raise IppatsuError(f"players is 3 or 4, got {players!r}", "bad_env_option")
    if isinstance(rules, Rules):
        if rules.players != players:
            raise IppatsuError(f"the rules are for {rules.players} players, not {players}",
                               "bad_env_option")
        return rules
    if not isinstance(rules, str):
        raise IppatsuError(f"rules is a preset name or a Rules, got {rules!r}",
                           "bad_env_option")
    name = rules
    if players == 3 and not name.endswith("_sanma"):
        name += "_sanma"
    r = Rules.preset(name)
    if r.players != players:
        raise IppatsuError(f"the preset {rules!r} is for {r.players} players, not {players}",
                           "bad_env_option")
    return r


def entropy_of(seed) -> int:
    """The root entropy of a seed: the int itself, or fresh entropy for None (a
    :class:`~ippatsu.errors.IppatsuError` `bad_seed` otherwise)."""
    if seed is None:
        return int(np.random.SeedSequence().entropy)
    if isinstance(seed, (bool, float, str, bytes)) or not isinstance(seed, (int, np.integer)) \
            or seed < 0:
        raise IppatsuError(f"a seed is None or an int >= 0, got {seed!r}", "bad_seed")
    return int(seed)


def _check_generator(rng) -> None:
    if not isinstance(rng, np.random.Generator):
        raise IppatsuError(f"rng is a numpy.random.Generator, got {type(rng).__name__}",
                           "bad_env_option")


def random_legal_actions(mask, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal index of each row of ``mask`` (uint8 or bool, ``(n,
    ACTIONS)``; 0 for a row without one), one uniform of ``rng`` per row, chosen in
    compiled code (:meth:`ProcVecEnv.random_actions
    <ippatsu.env.vector.ProcVecEnv.random_actions>`; :meth:`VecEnv.random_actions` keeps
    its arrays)."""
    _check_generator(rng)
    mask = mask.view(np.uint8)
    out = np.empty(mask.shape[0], dtype=np.int64)
    _vec.random_legal(mask, mask.view(np.uint64), rng.random(mask.shape[0]), out)
    return out


class VecEnv:
    """VecEnv(num_envs, *, rules="tenhou", players=None, encoder="planes", reward="points",
    uma=None, episode="game", seed=None, copy=True, first_index=0)

    ``num_envs`` games stepped together, one decision of each per :meth:`step`, the loop
    compiled. At every step each game shows the seat that decides now: its observation
    ``obs[j]``, its legal actions ``info["mask"][j]`` (bool over the 304 indices of
    :mod:`ippatsu.table.actionspace`) and the seat ``info["seat"][j]``. A discard that
    several seats may answer is asked of each in turn order from the discarder, one step
    each, then resolved by the table's priorities (ron, then pon / kan, then chi; multiple
    ron as the rules say).

    Parameters
    ----------
    rules : str or Rules
        A preset name (``"tenhou"``, ``"ippatsu"``, ``"majsoul"``, ``"planet"``; the
        ``_sanma`` preset with ``players=3``) or a :class:`~ippatsu.rules.Rules`.
    players : 3 or 4, optional
        Default: the rules' (4 for a preset name without ``_sanma``).
    encoder : ``"planes"``, ``"oracle"``, ``"mjai"``, None or an :class:`~ippatsu.env.Encoder`
        The observation: ``(num_envs, C, 34)`` float32, or with ``"mjai"`` a list of
        event lists; None: no observation (``C = 0``), masks and rewards only.
    reward : ``"points"``, ``"rank"`` or a callable
        ``rewards[j, p]`` for every seat ``p`` at every step: ``"points"`` the change of
        each seat's score in that step (riichi deposits, wins, draw payments, the
        deposits given to first place at the end); ``"rank"`` ``uma[place]`` at the end
        of the game, 0 otherwise; a callable ``f(state, scores_before) -> n values`` is
        called after every step.
    uma : sequence of n numbers, optional
        The placement points of ``"rank"`` (default: the rules' uma, of each game's final
        scores when the rules' uma depends on them: ``Rules.uma_floating``; ``self.uma``
        is then None).
    episode : ``"game"`` or ``"hand"``
        An episode is a whole game, or one hand (the next episode plays the next hand of
        the same game, a new game once it is over).
    seed : int, optional
        Game ``g`` of env ``j`` deals the walls of ``SeedSequence(seed, spawn_key=(j,
        g))``: the same games whatever ``num_envs`` is.
    copy : bool
        Return fresh arrays from :meth:`reset` / :meth:`step` (default), or the env's own
        buffers, overwritten by the next step (fastest).
    first_index : int
        Env ``j`` plays the game stream of index ``first_index + j``: envs ``a .. b`` of a
        large vector, split over processes (:class:`~ippatsu.env.vector.ProcVecEnv`).

    Episodes end with ``terminated[j]`` (never truncated); the next :meth:`step` of that
    game starts the next episode (Gymnasium's next-step autoreset): its action is ignored,
    its rewards are 0, and it returns the first observation of the new episode. The last
    observation of an episode is that of the seat that made the last decision, with an
    all-False mask.
    """

    def __init__(self, num_envs: int, *, rules: Union[str, Rules] = "tenhou",
                 players: Optional[int] = None,
                 encoder="planes", reward: Union[str, Callable] = "points",
                 uma: Optional[Sequence[float]] = None, episode: str = "game",
                 seed: Optional[int] = None, copy: bool = True, first_index: int = 0):
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) \
                or num_envs < 1:
            raise IppatsuError(f"num_envs is an int >= 1, got {num_envs!r}", "bad_env_option")
        self.num_envs = n = int(num_envs)
        self.rules = rules_of(rules, players)
        self.players = players = self.rules.players
        self.encoder = encoder_of(encoder, self.rules)
        if episode not in ("game", "hand"):
            raise IppatsuError(f"episode is 'game' or 'hand', got {episode!r}",
                               "bad_env_option")
        self.episode = episode
        if reward == "points":
            self._rkind, self._reward = _vec.R_POINTS, None
        elif reward == "rank":
            self._rkind, self._reward = _vec.R_RANK, None
        elif callable(reward):
            self._rkind, self._reward = _vec.R_CALL, reward
        else:
            raise IppatsuError(f"reward is 'points', 'rank' or a callable, got {reward!r}",
                               "bad_env_option")
        u = self.rules.uma if uma is None else tuple(uma)
        if len(u) != players:
            raise IppatsuError(f"uma needs one value per player ({players}), got {u!r}",
                               "bad_env_option")
        # None: the rules' uma of each game's final scores (Rules.uma_in_play), when it
        # depends on them (Rules.uma_floating)
        self.uma = None if uma is None and self.rules.uma_floating else [float(x) for x in u]
        self.copy = bool(copy)
        self._entropy = entropy_of(seed)
        self._mjai = isinstance(self.encoder, MjaiEncoder)
        self._enc = self.encoder.kind
        # the encoders that run in Python after each step (_custom)
        self._python_encoder = self._enc == _vec.E_CUSTOM or self._mjai
        record = self._mjai
        if isinstance(first_index, bool) or not isinstance(first_index, (int, np.integer)) \
                or first_index < 0:
            raise IppatsuError(f"first_index is an int >= 0, got {first_index!r}",
                               "bad_env_option")
        self.first_index = first_index = int(first_index)
        self.games = [_vec.Game(self.rules, first_index + j, self._entropy, episode == "hand",
                                record)
                      for j in range(n)]
        c = self.encoder.channels if isinstance(self.encoder, Encoder) else 1
        self.observation_shape = (c, 34) if not self._mjai else None
        self.action_size = ACTIONS
        self._obs = np.zeros((n, c, 34), dtype=np.float32)
        self._mask = np.zeros((n, ACTIONS), dtype=np.uint8)
        self._seat = np.zeros(n, dtype=np.int64)
        self._rew = np.zeros((n, players), dtype=np.float32)
        self._term = np.zeros(n, dtype=np.uint8)
        self._trunc = np.zeros(n, dtype=bool)
        self._act = np.zeros(n, dtype=np.int64)
        self._u = np.zeros(n)
        self._bufs = _vec.Buffers(self._obs, self._mask, self._seat, self._rew, self._term,
                                  self._act, self._u)
        self._bool_views()
        self._started = False

    def _bool_views(self) -> None:
        """The masks and terminated flags (uint8 buffers) as bool arrays, made once."""
        self._mask_b = self._mask.view(bool)
        self._term_b = self._term.view(bool)

    def _attach(self, obs, mask, seat, rew, term, act) -> None:
        """Write into the given arrays from now on (views of shared memory, say), shaped
        and typed as the env's own."""
        for mine, given in ((self._obs, obs), (self._mask, mask), (self._seat, seat),
                            (self._rew, rew), (self._term, term), (self._act, act)):
            if given.shape != mine.shape or given.dtype != mine.dtype:
                raise ValueError(f"buffer {given.dtype} {given.shape}, expected "
                                 f"{mine.dtype} {mine.shape}")
        self._obs, self._mask, self._seat = obs, mask, seat
        self._rew, self._term, self._act = rew, term, act
        self._bufs = _vec.Buffers(obs, mask, seat, rew, term, act, self._u)
        self._bool_views()

    # ------------------------------------------------------------------ API
    @property
    def states(self) -> list:
        """The :class:`~ippatsu.table.GameState` of each env (read them, do not step them)."""
        return [g.st for g in self.games]

    def reset(self, *, seed: Optional[int] = None, options=None):
        """Start a new episode in every env: ``(obs, info)``. With ``seed`` the games
        restart from game 0 of that seed."""
        if seed is not None:
            self._entropy = entropy_of(seed)
            for g in self.games:
                g.entropy = self._entropy
                g.games = 0
                g.st = None
        _vec.run_reset(self.games, self._bufs, self._enc)
        self._started = True
        self._custom(range(self.num_envs), fresh=True)
        return self._out_obs(), self._info()

    def step(self, actions):
        """One decision in every env: ``actions[j]`` is an index of the legal mask of env
        ``j`` (ignored where the last step ended the episode). Returns ``(obs, rewards,
        terminated, truncated, info)``; ``rewards`` is ``(num_envs, players)``. An
        illegal index raises :class:`~ippatsu.errors.IllegalActionError` before any env
        moves."""
        if not self._started:
            raise IppatsuError("call reset() before step()", "env_not_reset")
        if actions is not self._act:   # (random_actions' array without copy: in place)
            a = np.asarray(actions)
            if a.shape != (self.num_envs,) or (a.dtype.kind not in "iu"
                                               and not np.issubdtype(a.dtype, np.integer)):
                raise IppatsuError(f"actions are {self.num_envs} integer indices, got "
                                   f"{a.dtype} {a.shape}", "bad_env_actions")
            self._act[:] = a
        _vec.run_step(self.games, self._bufs, self._enc, self._rkind, self._reward, self.uma)
        if self._python_encoder:
            self._custom(range(self.num_envs), fresh=False)
        if self.copy:
            return (self._out_obs(), self._rew.copy(), self._term_b.copy(),
                    self._trunc.copy(), self._info())
        return self._out_obs(), self._rew, self._term_b, self._trunc, self._info()

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal index per env for the decisions asked now (int64,
        ``(num_envs,)``; 0 for an env whose mask is empty: an ended episode's), drawn
        with ``rng`` (a ``numpy.random.Generator``: one uniform per env). For a random
        baseline or an exploring learner; the choice runs in compiled code."""
        _check_generator(rng)
        rng.random(out=self._u)
        _vec.random_actions(self._bufs)   # into the action buffer
        return self._act.copy() if self.copy else self._act

    # ------------------------------------------------------------------ helpers
    def _step_in_place(self) -> None:
        """:meth:`step` on the actions already in the env's action buffer, returning
        nothing (the shares of a :class:`~ippatsu.env.vector.ProcVecEnv`)."""
        _vec.run_step(self.games, self._bufs, self._enc, self._rkind, self._reward, self.uma)
        if self._python_encoder:
            self._custom(range(self.num_envs), fresh=False)

    def _custom(self, envs, fresh: bool) -> None:
        """The encoders that run in Python (custom ones, mjai)."""
        enc = self.encoder
        if self._enc == _vec.E_CUSTOM:
            for j in envs:
                g = self.games[j]
                enc.encode(g.st, g.seat, self._obs[j], list(g.st.tsumogiri))
        elif self._mjai:
            if fresh:
                self._events = [None] * self.num_envs
            for j in envs:
                g = self.games[j]
                key = (j, g.games)
                if not enc.seen(key):   # a new game: forget the last one
                    enc.reset((j, g.games - 1))
                self._events[j] = enc.events(key, g.st, g.seat)

    def _out_obs(self):
        if self._mjai:
            return list(self._events)
        return self._obs.copy() if self.copy else self._obs

    def _info(self) -> dict:
        mask = self._mask_b
        seat = self._seat
        if self.copy:
            mask = mask.copy()
            seat = seat.copy()
        return {"mask": mask, "seat": seat}

    def close(self) -> None:
        pass
