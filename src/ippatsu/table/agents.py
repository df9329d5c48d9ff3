"""Built-in agents. An agent is any callable ``agent(obs, legal) -> Action`` taking an
:class:`~ippatsu.table.observation.Observation` and the list of legal actions of its seat
(never empty) and returning one of them.

* :class:`RandomAgent`: a uniformly random legal action (its own seeded generator).
* :class:`GreedyAgent`: tile efficiency: takes every win, declares riichi when it can,
  never calls, with three players sets every North aside whenever it may, and discards the tile that leaves the lowest shanten and then the most
  effective tiles (counted against the tiles it can see), by one call of
  :func:`ippatsu.core.efficiency_discard`'s kernel.

The build compiles this file with Cython (plain Python; ``agents.pxd`` only types the
match loop, the same program); ``IPPATSU_PURE_PYTHON=1`` runs it interpreted
(``table/_source.py``).
"""
from __future__ import annotations

import random
from typing import Sequence

from ..core import _efficiency_ties
from .actions import Action, ActionType
from .observation import Observation
from .state import Phase

__all__ = ["RandomAgent", "GreedyAgent", "Agent"]

Agent = object  # any callable (obs, legal) -> Action


class RandomAgent:
    """RandomAgent(seed=None): picks uniformly among the legal actions."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits

    def __call__(self, obs, legal: Sequence[Action]) -> Action:
        # random.randrange's own rejection sampling, inlined (the same draws on every
        # Python version, without its argument checks): k bits until the value is < n
        n = len(legal)
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return legal[r]


_DISCARD = ActionType.DISCARD
_RIICHI = ActionType.RIICHI
_PASS = ActionType.PASS
_NUKIDORA = ActionType.NUKIDORA
#: types the greedy agent always takes (the first one offered): wins, and the last
#: dealer's stop in first place
_TAKE = frozenset((ActionType.TSUMO, ActionType.RON, ActionType.STOP))


class GreedyAgent:
    """GreedyAgent(): lowest shanten, then most effective tiles; riichi when tenpai; takes
    every win; passes on calls; never declares kans or the nine-terminals abort; stops the
    game when it may (``LastDealerStop.OPTIONAL``: it is first). With three players it
    declares North (sets it aside as a dora, :attr:`ActionType.NUKIDORA`) whenever that
    is offered and there is no win to take; 2m-8m never count as effective tiles (the
    observation shows all their copies as gone).

    The discard is :func:`ippatsu.core.efficiency_discard` over the offered discards (the
    riichi discards when riichi is offered), ukeire counted against the tiles the seat can
    see; among equally good kinds the first one offered wins (the order of the legal
    actions), and within a kind the first action offered (a red five or a plain one)."""

    def __call__(self, obs, legal: Sequence[Action]) -> Action:
        return _greedy(legal, obs, None)


def _greedy(legal, obs, st) -> Action:
    """The choice of :class:`GreedyAgent` among ``legal``: the counts of its seat come from
    ``obs`` (an :class:`Observation`), or, when ``st`` is given (the match loop, which
    holds the state), straight from ``st.cnt[seat]`` and ``st.visible``: the same values
    as ``obs.counts`` and ``obs.visible_counts``."""
    one = 1
    riichi_mask = disc_mask = 0
    n_riichi = n_disc = 0
    pass_ = None
    for a in legal:
        t = a.type
        if t is _DISCARD:
            n_disc += 1
            tile = a.tile
            disc_mask |= one << (tile >> 2)
        elif t is _RIICHI:
            n_riichi += 1
            tile = a.tile
            riichi_mask |= one << (tile >> 2)
        elif t in _TAKE:
            return a
        elif t is _PASS:
            pass_ = a
        elif t is _NUKIDORA:
            pass_ = a  # taken unless a win comes later in the list
    if pass_ is not None:
        return pass_
    if n_riichi:
        pool_type, n, allowed = _RIICHI, n_riichi, riichi_mask
    else:
        pool_type, n, allowed = _DISCARD, n_disc, disc_mask
    if n == 1:
        for a in legal:
            if a.type is pool_type:
                return a
    if st is None:
        ties = _efficiency_ties(obs.counts, obs.visible_counts, allowed)
    else:  # the state's own counts (bytearrays: read in place)
        ties = _efficiency_ties(st.cnt[obs.player], st.visible, allowed)
    for a in legal:
        if a.type is pool_type:
            tile = a.tile
            if (ties >> (tile >> 2)) & 1:
                return a
    raise AssertionError("efficiency_discard chose no offered discard")  # pragma: no cover


_TURN = Phase.TURN
_GAME_END = Phase.GAME_END


#: every kind: a random discard may be of any
_ALL_KINDS = (1 << 34) - 1


def _unlisted_pick(bits, st) -> int:
    """The tile the actor discards at a turn of discards only that the state did not list
    (``st._legal is None``: :attr:`GameState._lazy`): for a :class:`RandomAgent` (``bits``
    its ``getrandbits``), the same draw as from the list; else (``bits`` None) for a
    :class:`GreedyAgent`, its choice (:func:`_greedy`: every kind held is offered)."""
    if bits is not None:
        return st._unlisted_discard(_rand_index(bits, st._unlisted_count()), _ALL_KINDS)
    cnt = st.cnt[st.actor]
    one = 1
    allowed = 0
    for k in range(34):
        if cnt[k]:
            allowed |= one << k
    return st._unlisted_discard(0, _efficiency_ties(cnt, st.visible, allowed))


def _run_agents(st, agents, check: bool) -> None:
    """Play the game of ``st`` to its end with ``agents`` by seat (``agent(obs, legal)``);
    ``check`` verifies the state's invariants after every step (:func:`ippatsu.sim.play`'s
    loop; compiled with this module)."""
    views = [Observation(st, p) for p in range(st.n_players)]
    while st.phase is not _GAME_END:
        legal = st._legal
        if st.phase is _TURN:
            p = st.actor
            st.step(agents[p](views[p], legal[p]))
        else:
            chosen = []
            for p, acts in legal.items():
                chosen.append(agents[p](views[p], acts))
            st.step(chosen)
        if check:
            st.check_invariants()


def _run_random(st, bits) -> None:
    """Play the game of ``st`` to its end with four :class:`RandomAgent` (exactly that
    class) whose ``getrandbits`` are ``bits`` by seat, their draw inlined: the same calls
    of each agent's generator as ``agent(obs, legal)``, so the same game
    (:func:`ippatsu.sim.play`'s loop; compiled with this module)."""
    st._lazy = (1 << st.n_players) - 1
    try:
        while st.phase is not _GAME_END:
            legal = st._legal
            if legal is None:
                st._turn_discard(_unlisted_pick(bits[st.actor], st))
            elif st.phase is _TURN:
                p = st.actor
                st.step(_pick(None, bits[p], None, legal[p], st))
            else:
                chosen = []
                for p, acts in legal.items():
                    chosen.append(_pick(None, bits[p], None, acts, st))
                st.step(chosen)
    finally:
        st._lazy = 0


_RESPONSE = Phase.RESPONSE


def _bit_length(n: int) -> int:
    """``n.bit_length()`` for ``n >= 0`` (a C loop when compiled)."""
    k = 0
    while n:
        k += 1
        n >>= 1
    return k


def _pick(agent, bits, view, acts, st):
    """``agent(view, acts)``, or for a :class:`RandomAgent` (``bits`` its
    ``getrandbits``) the same draw inlined, or for a :class:`GreedyAgent` (exactly that
    class) its choice read from the state ``st`` (:func:`_greedy`)."""
    if bits is None:
        if type(agent) is GreedyAgent:
            return _greedy(acts, view, st)
        return agent(view, acts)
    return acts[_rand_index(bits, len(acts))]


def _rand_index(bits, n: int) -> int:
    """:meth:`RandomAgent.__call__`'s draw of an index below ``n`` (``bits``: its
    ``getrandbits``)."""
    k = _bit_length(n)
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def _play_counted(st, agents, unlisted: bool = True) -> tuple:
    """Play the game of ``st`` (``auto_next=False``) to its end with ``agents`` by seat and
    count, per seat, ``[hands, wins, deal_ins, riichi, calls, win_points]`` and the points
    of each win: :func:`ippatsu.study.match.play_game`'s loop (compiled with this module).
    A :class:`RandomAgent` (exactly that class) draws inline: the same calls of its
    generator, so the same game. With ``unlisted``, the turns of random and greedy agents
    (exactly those classes) that offer discards only are not listed: the agent's choice is
    read off the hand (:func:`_unlisted_pick`), the same one; and a greedy agent, which
    passes on every call, is offered a discard only when it may ron it."""
    n = st.n_players
    views = [Observation(st, p) for p in range(n)]
    bits = [a._bits if type(a) is RandomAgent else None for a in agents]
    stats = [[0, 0, 0, 0, 0, 0] for _ in range(n)]
    values = [[] for _ in range(n)]
    # the seats whose discard-only turns go unlisted: random and greedy agents; the
    # greedy ones pass on every call, so they are offered none (only a ron)
    lazy = passive = 0
    if unlisted:
        for p in range(n):
            if type(agents[p]) is GreedyAgent:
                lazy |= 1 << p
                passive |= 1 << p
            elif bits[p] is not None:
                lazy |= 1 << p
    st._lazy = lazy
    st._passive = passive
    try:
        return _counted_loop(st, agents, views, bits, stats, values)
    finally:
        st._lazy = st._passive = 0


def _counted_loop(st, agents, views, bits, stats, values) -> tuple:
    n = st.n_players
    seen = 0
    while True:
        phase = st.phase
        if phase is _TURN:
            p = st.actor
            legal = st._legal
            if legal is None:
                st._turn_discard(_unlisted_pick(bits[p], st))
            else:
                st.step(_pick(agents[p], bits[p], views[p], legal[p], st))
            continue
        if phase is _RESPONSE:
            chosen = []
            for p, acts in st._legal.items():
                chosen.append(_pick(agents[p], bits[p], views[p], acts, st))
            st.step(chosen)
            continue
        results = st.hand_results
        while seen < len(results):  # the hand that just ended
            res = results[seen]
            seen += 1
            dealt_in = [False] * n
            for w in res.wins:
                s = stats[w.winner]
                pts = w.score.points
                s[1] += 1
                s[5] += pts
                values[w.winner].append(pts)
                if w.from_who != w.winner:
                    dealt_in[w.from_who] = True
            for p in range(n):
                s = stats[p]
                s[0] += 1
                if dealt_in[p]:
                    s[2] += 1
                if st.riichi[p] != 0:
                    s[3] += 1
                if st.is_open[p]:
                    s[4] += 1
        if phase is _GAME_END:
            break
        legal = st._legal
        if legal:  # the last dealer may stop (LastDealerStop.OPTIONAL)
            d = st.dealer
            st.step([_pick(agents[d], bits[d], views[d], legal[d], st)])
        else:
            st.next_hand()
    return stats, values
