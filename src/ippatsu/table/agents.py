"""Built-in agents. An agent is any callable ``agent(obs, legal) -> Action`` taking an
:class:`~ippatsu.table.observation.Observation` and the list of legal actions of its seat
(never empty) and returning one of them.

* :class:`RandomAgent`: a uniformly random legal action (its own seeded generator).
* :class:`GreedyAgent`: tile efficiency: takes every win, declares riichi when it can,
  never calls, and discards the tile that leaves the lowest shanten and then the most
  effective tiles (counted against the tiles it can see), by one call of
  :func:`ippatsu.core.efficiency_discard`'s kernel.
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
#: types the greedy agent always takes (the first one offered): wins, and the last
#: dealer's stop in first place
_TAKE = frozenset((ActionType.TSUMO, ActionType.RON, ActionType.STOP))


class GreedyAgent:
    """GreedyAgent(): lowest shanten, then most effective tiles; riichi when tenpai; takes
    every win; passes on calls; never declares kans or the nine-terminals abort; stops the
    game when it may (``LastDealerStop.OPTIONAL``: it is first).

    The discard is :func:`ippatsu.core.efficiency_discard` over the offered discards (the
    riichi discards when riichi is offered), ukeire counted against the tiles the seat can
    see; among equally good kinds the first one offered wins (the order of the legal
    actions), and within a kind the first action offered (a red five or a plain one)."""

    def __call__(self, obs, legal: Sequence[Action]) -> Action:
        riichi_mask = disc_mask = 0
        n_riichi = n_disc = 0
        pass_ = None
        for a in legal:
            t = a.type
            if t is _DISCARD:
                n_disc += 1
                disc_mask |= 1 << (a.tile >> 2)
            elif t is _RIICHI:
                n_riichi += 1
                riichi_mask |= 1 << (a.tile >> 2)
            elif t in _TAKE:
                return a
            elif t is _PASS:
                pass_ = a
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
        ties = _efficiency_ties(obs.counts, obs.visible_counts, allowed)
        for a in legal:
            if a.type is pool_type and (ties >> (a.tile >> 2)) & 1:
                return a
        raise AssertionError("efficiency_discard chose no offered discard")  # pragma: no cover
