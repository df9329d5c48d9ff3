"""Self-play: run whole games with agents (:func:`play`) and many seeded games
(:func:`play_many`).

Agents, rules and seeds are named as in :mod:`ippatsu.study`: an agent is ``"greedy"``,
``"random"`` or any callable ``agent(obs, legal) -> Action`` (one for every seat, or one
per seat); ``rules`` a :class:`~ippatsu.rules.Rules` or a preset name (``"tenhou"``);
``seed`` an int, a ``numpy.random.SeedSequence`` or None (fresh entropy).

>>> r = play(["greedy", "random", "random", "random"], seed=1, rules="tenhou")
>>> sum(r["scores"]) == 100000
True
>>> same = play(1, [GreedyAgent()] + [RandomAgent(s) for s in agent_seeds(1)[1:]], "tenhou")
>>> same["events"] == r["events"]
True
"""
from __future__ import annotations

from typing import Callable, List, Optional, Sequence

import numpy as np

from .errors import IllegalActionError
from .rules import Rules, rules_of
from .table.agents import GreedyAgent, RandomAgent
from .table.loops import play as _play  # the game loop (compiled)
from .table.state import GameState

__all__ = ["play", "play_many", "agent_seeds", "GreedyAgent", "RandomAgent", "BUILTIN_AGENTS"]

#: the agents known by name, here and in :mod:`ippatsu.study`
BUILTIN_AGENTS = ("greedy", "random")

#: the spawn-key word of the seeds of agents named ``"random"``: apart from the walls'
#: stream (the game seed's own SeedSequence)
_AGENT_KEY = 0xA6E7


def _is_seed(x) -> bool:
    return x is None or isinstance(x, np.random.SeedSequence) or (
        isinstance(x, (int, np.integer)) and not isinstance(x, bool))


def agent_seeds(seed, n: int = 4) -> List[int]:
    """The seeds :func:`play` gives the agents named ``"random"``, by seat: drawn from
    ``seed`` (an int or a SeedSequence) apart from the walls' stream."""
    ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    return [int(np.random.SeedSequence(ss.entropy, spawn_key=tuple(ss.spawn_key)
                                       + (_AGENT_KEY, j)).generate_state(1)[0])
            for j in range(n)]


def play(agents=None, seed=None, rules=None, *, record: bool = True, check: bool = False,
         names=None) -> dict:
    """play(agents, seed=None, rules=None, *, record=True, check=False, names=None) -> dict

    Play one game. ``agents``: ``"greedy"``, ``"random"`` or a callable
    ``agent(obs, legal) -> Action``, for every seat, or a list of them by seat (four, or
    three with a three-player ``rules``, docs/rules.md §11); an agent named ``"random"``
    is seeded from ``seed`` (:func:`agent_seeds`). ``rules``: a
    :class:`~ippatsu.rules.Rules` or a preset name (None: ``Rules.ippatsu()``). The older
    order ``play(seed, agents, rules)`` is accepted too (a seed is never an agent).
    Returns a dict by seat: ``scores`` (final points, leftover deposits paid out as the
    rules say), ``places`` (each seat's place, 1 = first; ties go to the seat nearer the
    first dealer), ``order`` (the seats from first place to last), ``final`` (each seat's
    result in thousands after return points, uma and oka, as the float nearest the exact
    value), ``events`` (the mjai log when ``record``) and ``hands`` (the
    :class:`~ippatsu.table.state.HandResult` list). ``check=True`` verifies the state's
    invariants after every step (slow).

    >>> r = play(3, [RandomAgent(i) for i in range(4)], record=False)
    >>> [r["places"][seat] for seat in r["order"]]
    [1, 2, 3, 4]
    """
    if _is_seed(agents) and not _is_seed(seed):  # play(seed, agents, rules)
        agents, seed = seed, agents
    if not _is_seed(seed):
        raise IllegalActionError(f"a seed is None, a non-negative int or a numpy "
                                 f"SeedSequence, got {seed!r}", "bad_seed")
    if rules is not None:
        rules = rules_of(rules)
    n = 4 if rules is None else rules.players
    if seed is None:  # fresh entropy, shared by the walls and the agents' seeds
        seed = np.random.SeedSequence()
    agents = _checked_agents(_named_agents(agents, n, seed), n)
    st = GameState(rules, seed, record=record, names=names)
    _play(st, agents, check)
    fin = st.final
    order = list(fin["placement"])  # GameState.final: the seats from first to last
    places = [0] * len(order)
    for place, seat in enumerate(order):
        places[seat] = place + 1
    out = {"scores": list(fin["scores"]), "places": places, "order": order,
           "final": list(fin["final"])}
    out["events"] = st.events
    out["hands"] = st.hand_results
    return out


def _named_agents(agents, n: int, seed):
    """Agents given by name made into agents: one name or callable for every seat, or a
    list of names and callables by seat."""
    if isinstance(agents, str) or callable(agents):
        agents = [agents] * n
    if isinstance(agents, (str, bytes)) or agents is None:
        return agents
    try:
        agents = list(agents)
    except TypeError:
        return agents
    if not any(isinstance(a, str) for a in agents):
        return agents
    seeds = agent_seeds(seed, len(agents))
    out = []
    for p, a in enumerate(agents):
        if a == "greedy":
            out.append(GreedyAgent())
        elif a == "random":
            out.append(RandomAgent(seeds[p]))
        elif isinstance(a, str):
            raise IllegalActionError(f"unknown agent {a!r} (seat {p}): built-in agents are "
                                     f"{', '.join(BUILTIN_AGENTS)}, or pass a callable "
                                     f"agent(obs, legal) -> Action", "bad_agents")
        else:
            out.append(a)
    return out


def _checked_agents(agents, n: int = 4) -> list:
    """``n`` callables, one per seat (``IllegalActionError`` code ``"bad_agents"``)."""
    if agents is None:
        raise IllegalActionError("play needs agents: \"greedy\", \"random\" or callables "
                                 "agent(obs, legal) -> Action, one per seat", "bad_agents")
    if isinstance(agents, bytes):
        raise IllegalActionError("agents are names or callables, got bytes", "bad_agents")
    try:
        out = list(agents)
    except TypeError:
        raise IllegalActionError(f"agents are names or callables, got "
                                 f"{type(agents).__name__}", "bad_agents") from None
    if len(out) != n:
        raise IllegalActionError(f"a game needs {'four' if n == 4 else 'three'} agents "
                                 f"(one per seat), got {len(out)}", "bad_agents")
    for p, a in enumerate(out):
        if not callable(a):
            raise IllegalActionError(f"the agent of seat {p} is not callable: {a!r}",
                                     "bad_agents")
    return out


def _play_child(args):
    child, i, make_agents, rules, kw = args
    return play(child, make_agents(i), rules, **kw)


def play_many(n: int, seed: int, make_agents: Callable[[int], Sequence[Callable]],
              rules: Optional[Rules] = None, *, workers: int = 1, **kw) -> List[dict]:
    """Play ``n`` games; game ``i`` uses the ``i``-th spawned child of ``SeedSequence(seed)``
    and ``make_agents(i)``. With ``workers > 1`` the games run in that many processes
    (``make_agents`` must then be picklable, e.g. a module-level function); results come
    back in game order and equal the single-process results."""
    import numpy as np

    children = np.random.SeedSequence(seed).spawn(n)
    jobs = [(children[i], i, make_agents, rules, kw) for i in range(n)]
    if workers <= 1:
        return [_play_child(j) for j in jobs]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as ex:
        return list(ex.map(_play_child, jobs, chunksize=max(1, n // (4 * workers))))
