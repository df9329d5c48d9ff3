"""The table: a four-player game engine (state machine, legal actions, walls, agents,
mjai events, replay of Tenhou records). See :mod:`ippatsu.table.state`."""
from __future__ import annotations

from .actions import Action, ActionType
from .agents import GreedyAgent, RandomAgent
from .observation import Observation
from .state import GameState, HandResult, Phase, WinResult
from .wall import Wall, wall_generator

__all__ = ["Action", "ActionType", "GameState", "HandResult", "Phase", "WinResult",
           "Wall", "wall_generator", "Observation", "RandomAgent", "GreedyAgent"]
