"""Agent specifications for studies.

A study names its agents by string (``"greedy"``, ``"random"``) or passes any callable
``agent(obs, legal) -> Action`` (it must pickle for the ``local`` and ``ray`` backends: a
module-level class or function, not a lambda). A stateful agent defines ``reset(seed)``:
the study calls it with a per-game seed before every game (or play-out), which is what
keeps a study reproducible whatever the chunking. The built-in :class:`RandomAgent` is
made afresh from that seed.
"""
from __future__ import annotations

import copy
import pickle
from typing import Callable, List, Sequence

from ..errors import StudyError
from ..sim import BUILTIN_AGENTS as BUILTIN
from ..table.agents import GreedyAgent, RandomAgent

__all__ = ["BUILTIN", "check_agents", "agent_name", "make_agent"]


def agent_name(spec) -> str:
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    return getattr(spec, "__name__", None) or type(spec).__name__


def check_agents(specs, count: int, backend: str) -> List:
    """Validate agent specs up front (a clear error here, never a worker's traceback)."""
    if isinstance(specs, (str, bytes)) or callable(specs):
        specs = [specs] * count
    try:
        specs = list(specs)
    except TypeError:
        raise StudyError(f"agents must be a list of {count} agents, got {specs!r}",
                         "bad_agents") from None
    if len(specs) == 1:
        specs = specs * count
    if len(specs) != count:
        raise StudyError(f"agents: need {count} (one per seat) or 1, got {len(specs)}",
                         "bad_agents")
    for s in specs:
        if isinstance(s, str):
            if s not in BUILTIN:
                raise StudyError(f"unknown agent {s!r}: built-in agents are "
                                 f"{', '.join(BUILTIN)}, or pass a callable", "bad_agents")
        elif not callable(s):
            raise StudyError(f"agent {s!r} is neither a built-in name nor a callable "
                             f"agent(obs, legal) -> Action", "bad_agents")
        elif backend != "serial":
            try:
                pickle.dumps(s)
            except Exception as e:  # noqa: BLE001 - any pickling failure
                raise StudyError(f"agent {agent_name(s)!r} cannot be sent to worker "
                                 f"processes ({type(e).__name__}: {e}); define it at module "
                                 f"level or use backend='serial'", "bad_agents") from None
    return specs


def make_agent(spec, seed: int) -> Callable:
    """A fresh agent for one game or play-out, seeded by ``seed``."""
    if spec == "greedy":
        return _GREEDY
    if spec == "random":
        return RandomAgent(seed)
    reset = getattr(spec, "reset", None)
    if callable(reset):
        agent = copy.deepcopy(spec)
        agent.reset(seed)
        return agent
    return spec


_GREEDY = GreedyAgent()


def make_agents(specs: Sequence, seeds: Sequence[int]) -> List[Callable]:
    return [make_agent(s, int(x)) for s, x in zip(specs, seeds)]
