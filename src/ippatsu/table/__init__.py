"""The table: a four-player game engine (docs/rules.md §8).

* :class:`GameState` (``state.py``, compiled by Cython with the types of ``state.pxd``;
  interpreted under ``IPPATSU_PURE_PYTHON=1``): the state machine — walls, draws, calls, kans, dora,
  furiten, riichi (:class:`RiichiState` per seat), aborts, payments, dealer repeat, game
  end — with the exact legal action set of every player at every decision point
  (``legal_actions``) and one entry point, ``step``.
* ``settle.py``: settlement, pure arithmetic on scores — a win's payments by seat, the
  liable seat (pao), noten and nagashi payments, placement, uma and oka.
* :class:`Action` / :class:`ActionType` (``actions.py``): what a player does;
  :mod:`~ippatsu.table.actionspace`: the fixed action space (one index per decision) that
  :meth:`GameState.legal_mask` and :meth:`GameState.step` speak.
* :class:`Wall` (``wall.py``): seeded walls (``SeedSequence`` → ``PCG64``), walls in tile
  notation for tests, walls rebuilt from records for replay.
* :class:`Observation` (``observation.py``): one seat's view; agents (``agents.py``,
  compiled by Cython like ``state.py``, interpreted under ``IPPATSU_PURE_PYTHON=1``) are
  callables ``agent(obs, legal) -> Action``.
* ``mjai.py``: re-exports :mod:`ippatsu.io.mjai` (mjai JSON lines, per-player masking)
  and :func:`~ippatsu.table.replay.replay_mjai`.
* ``replay.py``: replay of records (mjlog, tenhou.net/6, mjai) with result comparison;
  ``replay.main(argv)`` is the command line.

A game loop (what :func:`ippatsu.sim.play` does):

>>> from ippatsu.table import GameState, GreedyAgent, Observation, Phase
>>> st = GameState(seed=42)
>>> agents = [GreedyAgent() for _ in range(4)]
>>> while st.phase != Phase.GAME_END:
...     if st.phase == Phase.TURN:
...         p = st.actor
...         st.step(agents[p](Observation(st, p), st.legal_actions(p)))
...     else:
...         st.step([agents[q](Observation(st, q), st.legal_actions(q)) for q in st.to_act])
>>> sum(st.scores) + 1000 * st.deposits
100000
"""
from __future__ import annotations

from .._backend import PURE as _PURE
from ._source import load_agents_source as _load_agents_source
from ._source import load_loops_source as _load_loops_source
from ._source import load_state_source as _load_state_source

if _PURE:
    # the pure-Python backend runs the state machine and the agents from their sources
    # too (the build compiles state.py and agents.py with Cython; the interpreted source
    # is the same program)
    from ._source import ACTIONSPACE_SOURCE as _ACTIONSPACE_SOURCE
    from ._source import SEAT_SOURCE as _SEAT_SOURCE
    from ._source import load_source as _load_source

    _load_source(_ACTIONSPACE_SOURCE, "ippatsu.table.actionspace")
    _load_source(_SEAT_SOURCE, "ippatsu.table.seat")
    _load_state_source("ippatsu.table.state")
    _load_agents_source("ippatsu.table.agents")
    _load_loops_source("ippatsu.table.loops")

from . import actionspace
from .actions import Action, ActionType
from .agents import GreedyAgent, RandomAgent
from .observation import Observation
from .state import GameState, HandResult, Phase, RiichiState, WinResult
from .wall import Wall, wall_generator

__all__ = ["Action", "ActionType", "GameState", "HandResult", "Phase", "RiichiState", "WinResult",
           "Wall", "wall_generator", "Observation", "RandomAgent", "GreedyAgent", "actionspace"]
