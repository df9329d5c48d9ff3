"""Built-in agents. An agent is any callable ``agent(obs, legal) -> Action`` taking an
:class:`~ippatsu.table.observation.Observation` and the list of legal actions of its seat
(never empty) and returning one of them.

* :class:`RandomAgent`: a uniformly random legal action (its own seeded generator).
* :class:`GreedyAgent`: tile efficiency: takes every win, declares riichi when it can,
  never calls, and discards the tile that leaves the lowest shanten and then the most
  effective tiles (counted against the tiles it can see), by :func:`ippatsu.core.ukeire`.
"""
from __future__ import annotations

import random
from typing import List, Sequence

from .. import core as _core
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


_WIN = (ActionType.TSUMO, ActionType.RON)


class GreedyAgent:
    """GreedyAgent(): lowest shanten, then most effective tiles; riichi when tenpai; takes
    every win; passes on calls; never declares kans or the nine-terminals abort; stops the
    game when it may (``LastDealerStop.OPTIONAL``: it is first)."""

    def __call__(self, obs, legal: Sequence[Action]) -> Action:
        discards: List[Action] = []
        riichis: List[Action] = []
        pass_ = None
        for a in legal:
            t = a.type
            if t in _WIN or t is ActionType.STOP:  # the last dealer in first place stops
                return a
            if t is ActionType.DISCARD:
                discards.append(a)
            elif t is ActionType.RIICHI:
                riichis.append(a)
            elif t is ActionType.PASS:
                pass_ = a
        if pass_ is not None:
            return pass_
        pool = riichis if riichis else discards
        if len(pool) == 1:
            return pool[0]
        # lowest shanten after the discard, then the most effective tiles (ukeire)
        work = bytearray(obs.counts)
        shanten = _core.shanten
        best = 99
        cands: List[Action] = []
        for a in pool:
            k = a.tile >> 2
            work[k] -= 1
            s = shanten(bytes(work))
            work[k] += 1
            if s < best:
                best = s
                cands = [a]
            elif s == best:
                cands.append(a)
        if len(cands) == 1:
            return cands[0]
        visible = obs.visible_counts
        ukeire = _core.ukeire
        top = -1
        choice = cands[0]
        for a in cands:
            k = a.tile >> 2
            work[k] -= 1
            n = ukeire(bytes(work), visible).total
            work[k] += 1
            if n > top:
                top = n
                choice = a
        return choice
