"""Built-in agents. An agent is any callable ``agent(obs, legal) -> Action`` taking an
:class:`~ippatsu.table.observation.Observation` and the list of legal actions of its seat
(never empty) and returning one of them.

* :class:`RandomAgent`: a uniformly random legal action (its own seeded generator).
* :class:`GreedyAgent`: tile efficiency: takes every win, declares riichi when it can,
  never calls, with three players sets every North aside whenever it may, and discards the tile that leaves the lowest shanten and then the most
  effective tiles (counted against the tiles it can see), by one call of
  :func:`ippatsu.core.efficiency_discard`'s kernel.

The game loops that seat them are in :mod:`ippatsu.table.loops`. The build compiles this
file with Cython (plain Python; ``agents.pxd`` types the greedy choice, the same program);
``IPPATSU_PURE_PYTHON=1`` runs it interpreted (``table/_source.py``).
"""
from __future__ import annotations

import random
from typing import Sequence

from ..core import _efficiency_ties
from .actions import Action, ActionType

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
_ALL_KINDS = (1 << 34) - 1


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


def _turn_ties(st, player: int) -> int:
    """The kinds :class:`GreedyAgent` ranks first at a turn of discards only, from the
    state's own counts: every kind held is offered, minus the kuikae kinds after a call."""
    sp = st.seats[player]
    if st.after_call:
        return _efficiency_ties(sp.cnt, st.visible, _ALL_KINDS & ~st.kuikae)
    return _efficiency_ties(sp.cnt, st.visible, None)


def _greedy_place(st, obs) -> int:
    """The place in the offered turn's list (``GameState._offer_turn``: a turn kept as
    data) of :class:`GreedyAgent`'s choice, read from the turn's data without making the
    list: tsumo when offered (the first place), else riichi when offered (the first
    riichi discard the efficiency ranks first), else the first discard it ranks first. -1
    when the turn offers more (kans, nine terminals, North): then :func:`_greedy`
    chooses over the list. The same choices as :func:`_greedy` over the list."""
    if st._tm_tsumo is not None:
        return 0
    if st._tm_rest is not None:
        return -1
    nd = st._tm_nd
    ids = st._tm_ids
    rbits = st._tm_riichi
    if rbits:
        didx = st._didx
        sb = st._spec_b
        one = 1
        allowed = 0
        for i in range(nd):
            tile = ids[i]
            if (rbits >> didx[sb[tile]]) & 1:
                allowed |= one << (tile >> 2)
        ties = _efficiency_ties(st.seats[obs.player].cnt, st.visible, allowed)
        r = nd
        for i in range(nd):
            tile = ids[i]
            if (rbits >> didx[sb[tile]]) & 1:
                if (ties >> (tile >> 2)) & 1:
                    return r
                r += 1
        raise AssertionError("efficiency_discard chose no offered riichi")  # pragma: no cover
    if nd == 1:
        return 0
    ties = _turn_ties(st, obs.player)
    for i in range(nd):
        tile = ids[i]
        if (ties >> (tile >> 2)) & 1:
            return i
    raise AssertionError("efficiency_discard chose no offered discard")  # pragma: no cover


def _greedy(legal, obs, st) -> Action:
    """The choice of :class:`GreedyAgent` among ``legal``: the counts of its seat come from
    ``obs`` (an :class:`Observation`), or, when ``st`` is given (the match loop, which
    holds the state), straight from ``st.seats[seat].cnt`` and ``st.visible``: the same values
    as ``obs.counts`` and ``obs.visible_counts``."""
    one = 1
    if st is not None and len(legal) > 1 and legal[0].type is _DISCARD \
            and legal[len(legal) - 1].type is _DISCARD:
        # a turn of discards only (the list's order: tsumo, discards, riichi, the rest)
        ties = _turn_ties(st, obs.player)
        for a in legal:
            tile = a.tile
            if (ties >> (tile >> 2)) & 1:
                return a
    riichi_mask = disc_mask = 0
    n_riichi = n_disc = 0
    pass_ = None
    # (an Action is a tuple: a.type its type, a.tile its tile; indexing is cheaper than
    # the named fields)
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
        sp = st.seats[obs.player]
        ties = _efficiency_ties(sp.cnt, st.visible, allowed)
    for a in legal:
        if a.type is pool_type:
            tile = a.tile
            if (ties >> (tile >> 2)) & 1:
                return a
    raise AssertionError("efficiency_discard chose no offered discard")  # pragma: no cover
