"""Self-play: run whole games with agents (:func:`play`) and many seeded games
(:func:`play_many`).

>>> from ippatsu.table.agents import RandomAgent
>>> r = play(1, [RandomAgent(i) for i in range(4)])
>>> sum(r["scores"]) == 100000
True
"""
from __future__ import annotations

from typing import Callable, List, Optional, Sequence, cast

from .rules import Rules
from .table.agents import RandomAgent
from .table.observation import Observation
from .table.state import GameState, Phase

__all__ = ["play", "play_many"]


def play(seed, agents: Sequence[Callable], rules: Optional[Rules] = None, *,
         record: bool = True, check: bool = False, names=None) -> dict:
    """play(seed, agents, rules=Rules.ippatsu(), *, record=True, check=False) -> dict

    Play one game. ``agents``: four callables ``agent(obs, legal) -> Action`` by seat.
    Returns ``{"scores", "placement", "final", "events", "hands"}`` (``events`` the mjai
    log when ``record``; ``hands`` the :class:`~ippatsu.table.state.HandResult` list).
    ``check=True`` verifies the state's invariants after every step (slow).
    """
    st = GameState(rules, seed, record=record, names=names)
    if not check and all(type(a) is RandomAgent for a in agents):
        _run_random(st, [cast(RandomAgent, a)._bits for a in agents])
    else:
        _run(st, agents, check)
    out = dict(st.final)
    out["events"] = st.events
    out["hands"] = st.hand_results
    return out


def _run(st, agents, check: bool) -> None:
    views = [Observation(st, p) for p in range(4)]
    TURN = Phase.TURN
    GAME_END = Phase.GAME_END
    step = st.step
    while st.phase != GAME_END:
        legal = st._legal
        if st.phase == TURN:
            p = st.actor
            step(agents[p](views[p], legal[p]))
        else:
            chosen = []
            for p, acts in legal.items():
                chosen.append(agents[p](views[p], acts))
            step(chosen)
        if check:
            st.check_invariants()


def _run_random(st, bits) -> None:
    """The loop of four :class:`RandomAgent` (exactly that class) with their draw inlined:
    the same calls of each agent's generator, so the same game."""
    TURN = Phase.TURN
    GAME_END = Phase.GAME_END
    step = st.step
    while st.phase != GAME_END:
        legal = st._legal
        if st.phase == TURN:
            acts = legal[st.actor]
            n = len(acts)
            b = bits[st.actor]
            k = n.bit_length()
            r = b(k)
            while r >= n:
                r = b(k)
            step(acts[r])
        else:
            chosen = []
            for p, acts in legal.items():
                n = len(acts)
                b = bits[p]
                k = n.bit_length()
                r = b(k)
                while r >= n:
                    r = b(k)
                chosen.append(acts[r])
            step(chosen)


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
