"""A trained policy at the table: :class:`PolicyAgent`.

An environment policy maps an observation array and a legal mask to an action index
(``policy(obs, mask) -> index``, the shape of a :class:`~ippatsu.env.VecEnv` decision). A
:class:`PolicyAgent` plays it wherever the table takes an agent (``agent(obs, legal) ->
Action``): :func:`ippatsu.sim.play`, :func:`ippatsu.study.match` against other agents with
significance tests, the Gymnasium env's opponents. It encodes the seat's view exactly as
the environments do (the same encoder, the state's own tsumogiri flags), so a policy trained
in a VecEnv sees at the table what it saw in training.
"""
from __future__ import annotations

from typing import Callable, Optional

import numpy as np

from ..errors import IllegalActionError, IppatsuError
from ..table.actionspace import SIZE

__all__ = ["PolicyAgent"]


class PolicyAgent:
    """PolicyAgent(policy, encoder="planes", name=None): a table agent that plays
    ``policy(obs, mask) -> index`` (``obs`` the seat's encoded view, float32 ``(C, 34)``;
    ``mask`` a bool row of the action space, :data:`~ippatsu.env.ACTIONS` long).

    The index must be legal: anything else raises :class:`IllegalActionError`
    (``illegal_action``) naming the index and the seat, never a silent substitute.
    ``name`` names the agent in study tables (default: the policy's ``__name__``).
    """

    def __init__(self, policy: Callable, encoder="planes", name: Optional[str] = None):
        if not callable(policy):
            raise IppatsuError(f"a policy is a callable (obs, mask) -> index, got "
                               f"{type(policy).__name__}", "bad_env_option")
        if encoder == "oracle" or encoder == "mjai" or encoder is None:
            raise IppatsuError(f"a PolicyAgent sees what its seat sees: encoder 'planes' or "
                               f"an array Encoder, got {encoder!r}", "bad_env_option")
        self.policy = policy
        self.encoder = encoder
        self.name = name or getattr(policy, "__name__", type(policy).__name__)
        self._mask = np.zeros(SIZE, dtype=bool)

    def __call__(self, obs, legal):
        x = obs.encode(self.encoder)
        mask = obs.legal_mask(self._mask)
        i = self.policy(x, mask)
        try:
            i = int(i)
        except (TypeError, ValueError):
            raise IllegalActionError(f"the policy of {self.name} returned {i!r}, not an "
                                     f"action index", "illegal_action") from None
        if not 0 <= i < SIZE or not mask[i]:
            raise IllegalActionError(f"the policy of {self.name} chose index {i}, not legal "
                                     f"for seat {obs.player} now", "illegal_action")
        return obs.action_of(i)

    def __repr__(self) -> str:
        return f"PolicyAgent({self.name})"
