"""The game loops: a :class:`~ippatsu.table.state.GameState` played to its end by one agent
per seat (:func:`play`: :func:`ippatsu.sim.play`, :func:`ippatsu.study.match.play_game`;
:func:`play_checked`: the same game with a check before each decision, for the tests'
self-play and ``tools/selfplay.py``).

An agent is any callable ``agent(obs, legal) -> Action``. The loop asks the seats that
have a decision (the actor at a turn; every seat that may answer a discard, in seat
order), and steps the state with their choices. Two agent classes are played without the
Python call, with the same choices: a :class:`~ippatsu.table.agents.RandomAgent` (exactly
that class) draws inline from its own generator (the same calls of ``getrandbits``, so the
same draws), and a :class:`~ippatsu.table.agents.GreedyAgent` (exactly that class) reads its
seat's counts straight from the state. The state's legal lists are the same whoever
plays: the loop never tells the rules what an agent will do.

The build compiles this file with Cython (``loops.pxd``: the state machine's methods as C
calls); ``IPPATSU_PURE_PYTHON=1`` runs it interpreted (``table/_source.py``).
"""
from __future__ import annotations

from typing import Sequence

from .agents import GreedyAgent, RandomAgent, _greedy, _greedy_place
from .observation import Observation
from .state import Phase

__all__ = ["play", "play_checked"]

_TURN = Phase.TURN
_RESPONSE = Phase.RESPONSE
_GAME_END = Phase.GAME_END


def play(st, agents: Sequence, check: bool = False) -> None:
    """Play the game of ``st`` to its end with ``agents`` by seat. ``check`` verifies the
    state's invariants after every step (slow). With ``st.auto_next`` off, each finished
    hand is followed by the next one here."""
    n = st.n_players
    agents = list(agents)
    views = [Observation(st, p) for p in range(n)]
    bits = [a._bits if type(a) is RandomAgent else None for a in agents]
    while True:
        phase = st.phase
        if phase is _TURN:
            p = st.actor
            b = bits[p]
            if st._offers[p] is None and b is not None:
                # a random choice among the turn kept as data: no list made
                st._play_turn_at(_rand_index(b, st._turn_count()))
            elif st._offers[p] is None and type(agents[p]) is GreedyAgent:
                i = _greedy_place(st, views[p])
                if i >= 0:
                    st._play_turn_at(i)
                else:
                    st.step(_greedy(st._turn_list(), views[p], st))
            else:
                st.step(_pick(agents[p], b, views[p], st._offered(p), st))
        elif phase is _RESPONSE:
            chosen = []
            for p, acts in st._offers.items():
                chosen.append(_pick(agents[p], bits[p], views[p], acts, st))
            st.step(chosen)
        elif phase is _GAME_END:
            break
        else:
            legal = st._offers
            if legal:  # the last dealer may stop (LastDealerStop.OPTIONAL)
                d = st.dealer
                st.step([_pick(agents[d], bits[d], views[d], legal[d], st)])
            else:
                st.next_hand()
        if check:
            st.check_invariants()


def play_checked(st, agents: Sequence, check=None, every: int = 1,
                 on_hand_end=None) -> int:
    """Play the game of ``st`` to its end, calling every agent (``agent(obs, legal)``, no
    inlined choice: the loop of tests and soaks that check the state as it goes). Before
    every ``every``-th decision (a turn, the answers to a discard, the last dealer's
    stop) ``check(st)``; ``on_hand_end(st)`` at each hand's end the loop sees (with
    ``st.auto_next`` off every hand: the next hand is then started here, and the last one
    is seen at the game's end). The invariants are checked once more at the end. Returns
    the number of decisions."""
    views = [Observation(st, p) for p in range(st.n_players)]
    n = 0
    while st.phase is not _GAME_END:
        legal = st._legal
        if st.phase is not _TURN and st.phase is not _RESPONSE:   # a hand's end
            if on_hand_end is not None:
                on_hand_end(st)
            if not legal:
                st.step([])
                continue
        if check is not None and n % every == 0:
            check(st)
        if st.phase is _TURN:
            p = st.actor
            st.step(agents[p](views[p], legal[p]))
        else:
            st.step([agents[p](views[p], acts) for p, acts in legal.items()])
        n += 1
    if on_hand_end is not None:   # the last hand ends the game
        on_hand_end(st)
    st.check_invariants()
    return n


def _pick(agent, bits, view, acts, st):
    """``agent(view, acts)``; for a :class:`RandomAgent` (``bits`` its ``getrandbits``)
    the same draw inlined, for a :class:`GreedyAgent` (exactly that class) its choice read
    from the state ``st`` (:func:`~ippatsu.table.agents._greedy`)."""
    if bits is None:
        if type(agent) is GreedyAgent:
            return _greedy(acts, view, st)
        return agent(view, acts)
    return acts[_rand_index(bits, len(acts))]


def _rand_index(bits, n: int) -> int:
    """:meth:`RandomAgent.__call__`'s draw of an index below ``n`` (``bits``: its
    ``getrandbits``): ``k`` bits, ``k`` the bit length of ``n``, until the value is
    below ``n``."""
    k = _bit_length(n)
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def _bit_length(n: int) -> int:
    """``n.bit_length()`` for ``n >= 0`` (a C loop when compiled)."""
    k = 0
    while n:
        k += 1
        n >>= 1
    return k
