"""Outside bots that speak the mjai protocol, at ippatsu's table and in its arena.

* :class:`Bot`: a program (or an in-process object with ``react(events)``) seated as an
  agent; the dialects of :data:`DIALECTS`; faults handled by chombo, a safe fallback or
  an error (docs/mjai.md).
* :func:`play`: the game loop that seats bots and applies their chombos.
* :class:`AgentBot`: the reverse, any ippatsu agent answering mjai events
  (``ippatsu mjai-bot``).
* :func:`elo_update`: the pairwise multi-player Elo update as mjai.app rates bots.
"""
from __future__ import annotations

from .bot import DIALECTS, FAULT_KINDS, Bot, Fault, play
from .elo import elo_update, elo_ratings

__all__ = ["Bot", "Fault", "play", "DIALECTS", "FAULT_KINDS", "elo_update", "elo_ratings"]
