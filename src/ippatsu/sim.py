"""Self-play: run whole games with agents (:func:`play`) and many seeded games
(:func:`play_many`).

>>> from ippatsu.table.agents import RandomAgent
>>> r = play(1, [RandomAgent(i) for i in range(4)])
>>> sum(r["scores"]) == 100000
True
"""
from __future__ import annotations

from typing import Callable, List, Optional, Sequence

from .errors import IllegalActionError
from .rules import Rules
from .table.loops import play as _play  # the game loop (compiled)
from .table.state import GameState

__all__ = ["play", "play_many"]


def play(seed, agents: Sequence[Callable], rules: Optional[Rules] = None, *,
         record: bool = True, check: bool = False, names=None) -> dict:
    """play(seed, agents, rules=Rules.ippatsu(), *, record=True, check=False) -> dict

    Play one game. ``agents``: four callables ``agent(obs, legal) -> Action`` by seat
    (three with a three-player ``rules``, docs/rules.md §11).
    Returns ``{"scores", "placement", "final", "events", "hands"}`` (``events`` the mjai
    log when ``record``; ``hands`` the :class:`~ippatsu.table.state.HandResult` list).
    ``check=True`` verifies the state's invariants after every step (slow).
    """
    agents = _checked_agents(agents, 4 if rules is None else rules.players)
    st = GameState(rules, seed, record=record, names=names)
    _play(st, agents, check)
    out = dict(st.final)
    out["events"] = st.events
    out["hands"] = st.hand_results
    return out


def _checked_agents(agents, n: int = 4) -> list:
    """``n`` callables, one per seat (``IllegalActionError`` code ``"bad_agents"``)."""
    if isinstance(agents, (str, bytes)):
        raise IllegalActionError("agents are four callables, got a string", "bad_agents")
    try:
        out = list(agents)
    except TypeError:
        raise IllegalActionError(f"agents are four callables, got "
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
