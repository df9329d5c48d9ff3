"""Observation encoders of :mod:`ippatsu.env`.

* ``"planes"`` (:class:`PlanesEncoder`): a stack of ``(C, 34)`` float32 planes, one column
  per tile kind, of what the seat may see: :data:`PLANES` names every channel
  (``docs/env.md`` describes them); under flower rules :data:`PLANES_FLOWERS` (the same,
  then :data:`FLOWER_PLANES`).
* ``"oracle"`` (:class:`OracleEncoder`): the same channels, then the hidden information
  (:data:`ORACLE`): the other seats' hands, the live wall, the ura indicators; for
  oracle guiding. Under flower rules :data:`ORACLE_FLOWERS` (:data:`PLANES_FLOWERS`, the
  hidden information, then :data:`ORACLE_FLOWER_PLANES`).
* ``"mjai"`` (:class:`MjaiEncoder`): the mjai events of the seat's view (others' hands and
  draws masked), for models that read the event stream.
* your own: a subclass of :class:`Encoder` with ``channels`` and ``encode``.

The two array encoders are compiled (``_vec.py``) and write into a preallocated array.
"""
from __future__ import annotations

from typing import List, Optional

import numpy as np

from . import _vec

__all__ = ["Encoder", "PlanesEncoder", "OracleEncoder", "MjaiEncoder", "PLANES", "ORACLE",
           "SEAT_PLANES", "FLOWER_PLANES", "ORACLE_FLOWER_PLANES", "PLANES_FLOWERS",
           "ORACLE_FLOWERS", "NoEncoder", "encode", "tsumogiri_of_events", "encoder_of"]

#: the channels of one seat's block (``s<r>.<name>``, r = 0 self, 1 right, 2 across, 3 left)
SEAT_PLANES = ("meld>=1", "meld>=2", "meld>=3", "meld>=4", "meld_red",
               "river>=1", "river>=2", "river>=3", "river>=4", "river_tsumogiri",
               "discard-1", "discard-2", "discard-3", "discard-4", "discard-5", "discard-6",
               "riichi_tile", "riichi", "score", "river_called", "north", "first_discard")
#: every channel of "planes", in order
PLANES = (("hand>=1", "hand>=2", "hand>=3", "hand>=4", "hand_red", "drawn", "waits",
           "furiten", "shanten", "offered", "response", "stop_offer",
           "dora_indicator1", "dora_indicator2", "dora_indicator3", "dora_indicator4",
           "dora_indicator5", "round_wind", "seat_wind", "kyoku", "honba", "deposits",
           "tiles_left")
          + tuple(f"s{r}.{name}" for r in range(4) for name in SEAT_PLANES))
#: every channel of "oracle" (PLANES, then the hidden information)
ORACLE = (PLANES
          + tuple(f"s{r}.hand>={j}" for r in range(1, 4) for j in range(1, 5))
          + tuple(f"s{r}.hand_red" for r in range(1, 4))
          + ("live>=1", "live>=2", "live>=3", "live>=4", "next_draw1", "next_draw2",
             "next_draw3", "next_draw4", "ura_indicator1", "ura_indicator2",
             "ura_indicator3", "ura_indicator4", "ura_indicator5"))
#: the public channels "planes" appends under flower rules (Rules.flowers)
FLOWER_PLANES = ("flower_held", "flower_indicators")
#: the hidden channels "oracle" appends under flower rules, after ORACLE's
ORACLE_FLOWER_PLANES = (tuple(f"s{r}.flower_held" for r in range(1, 4))
                        + ("live_flowers", "next_draw1_flower", "next_draw2_flower",
                           "next_draw3_flower", "next_draw4_flower", "ura_flowers"))
#: every channel of "planes" under flower rules
PLANES_FLOWERS = PLANES + FLOWER_PLANES
#: every channel of "oracle" under flower rules (PLANES_FLOWERS, the hidden information,
#: then the hidden flowers)
ORACLE_FLOWERS = PLANES_FLOWERS + ORACLE[len(PLANES):] + ORACLE_FLOWER_PLANES
assert len(PLANES) == _vec.N_PLANES and len(ORACLE) == _vec.N_ORACLE
assert len(PLANES_FLOWERS) == _vec.N_PLANES_FLOWERS
assert len(ORACLE_FLOWERS) == _vec.N_ORACLE_FLOWERS
assert len(SEAT_PLANES) == _vec.SEAT_CH


class Encoder:
    """The base of an observation encoder for :class:`~ippatsu.env.VecEnv` (and the
    Gymnasium and PettingZoo wrappers): ``channels`` planes of 34 float32.

    A subclass sets ``channels`` (and ``names``, optional) and writes one observation
    with ``encode(state, seat, out, tsumogiri)``: ``state`` the
    :class:`~ippatsu.table.GameState` at the decision, ``seat`` the deciding seat, ``out``
    the ``(channels, 34)`` float32 array to fill (it holds the previous observation of
    that env: clear what you write), ``tsumogiri`` per seat a bit set of the river indices
    discarded straight from the draw (the state's own bits, ``state.seats[p].tsumogiri``,
    as a list). Read only what the seat may see."""

    channels: int = 0
    names: tuple = ()
    #: the layout's version: a number that changes whenever what the encoder writes does
    #: (a dataset's manifest records it); None for an encoder that does not say
    version = None
    kind = _vec.E_CUSTOM

    def encode(self, state, seat: int, out: np.ndarray, tsumogiri: List[int]) -> None:
        raise NotImplementedError

    @property
    def shape(self) -> tuple:
        return (self.channels, 34)


class _Compiled(Encoder):
    """The compiled array encoders: the layout of rules without flower tiles, or with
    them (``flowers=True``)."""

    version = 1
    flowers = False
    _oracle = False

    def __init__(self, flowers: bool = False):
        if flowers:
            self.flowers = True
            self.channels = _vec.channels_of(True, self._oracle)
            self.names = ORACLE_FLOWERS if self._oracle else PLANES_FLOWERS

    def encode(self, state, seat, out, tsumogiri=None):
        # the state's own tsumogiri bits unless a list is given
        _vec.encode_planes(state, seat, out, self._oracle,
                           None if tsumogiri is None else list(tsumogiri))


class PlanesEncoder(_Compiled):
    """The public planes (:data:`PLANES`), compiled. ``flowers=True``: the layout of rules
    with flower tiles (``Rules.flowers``), :data:`PLANES_FLOWERS`; an env picks it from its
    rules (``encoder="planes"``)."""

    channels = _vec.N_PLANES
    names = PLANES
    kind = _vec.E_PLANES


class OracleEncoder(_Compiled):
    """:data:`PLANES` then the hidden information (:data:`ORACLE`), compiled.
    ``flowers=True``: :data:`ORACLE_FLOWERS`, for rules with flower tiles."""

    channels = _vec.N_ORACLE
    names = ORACLE
    kind = _vec.E_ORACLE
    _oracle = True


class NoEncoder(Encoder):
    """No observation (``encoder=None``): the masks, seats and rewards only, for a learner
    that encodes the states itself (``VecEnv.states``)."""

    channels = 0
    kind = _vec.E_NONE

    def encode(self, state, seat, out, tsumogiri):
        pass


class MjaiEncoder:
    """The seat's mjai events (:func:`ippatsu.io.mjai.mask_event`: others' hands and draws
    masked): the observation of a decision is the list of events since the seat's
    previous observation in that game (the whole game so far at its first). Needs the
    event log: an env with this encoder records it."""

    kind = _vec.E_NONE

    def __init__(self):
        self._seen = {}

    def reset(self, key) -> None:
        """Forget the game ``key``."""
        self._seen.pop(key, None)

    def seen(self, key) -> bool:
        """Whether the game ``key`` has shown events."""
        return key in self._seen

    def events(self, key, state, seat: int) -> List[dict]:
        """The new events of ``seat`` in the game ``key`` (any hashable naming it)."""
        from ..io.mjai import mask_event
        seen = self._seen.setdefault(key, [0] * state.n_players)
        evs = state.events
        out = [mask_event(e, seat) for e in evs[seen[seat]:]]
        seen[seat] = len(evs)
        return out


def encoder_of(spec, rules=None):
    """The encoder named by ``spec`` (``"planes"``, ``"oracle"``, ``"mjai"``, None), or ``spec``
    itself when it is an :class:`Encoder` / :class:`MjaiEncoder`. ``rules``: the rules
    played (default: rules without flower tiles); ``"planes"`` and ``"oracle"`` take the
    layout of their ``flowers``, and a :class:`PlanesEncoder` (:class:`OracleEncoder`) given for the other layout
    raises ``bad_env_option``."""
    from ..errors import IppatsuError
    flowers = bool(rules is not None and rules.flowers)
    if spec is None:
        return NoEncoder()
    if isinstance(spec, (Encoder, MjaiEncoder)):
        if isinstance(spec, Encoder) and not isinstance(spec, NoEncoder) and (
                type(spec.channels) is not int or spec.channels < 1):
            raise IppatsuError(f"an encoder's channels is an int >= 1, got {spec.channels!r}",
                               "bad_env_option")
        if isinstance(spec, _Compiled) and spec.flowers != flowers:
            raise IppatsuError(
                f"{type(spec).__name__}(flowers={spec.flowers}) has the layout of rules "
                f"{'with' if spec.flowers else 'without'} flower tiles, these rules "
                f"{'have' if flowers else 'have none'}: pass the encoder's name or "
                f"{type(spec).__name__}(flowers={flowers})", "bad_env_option")
        return spec
    if spec == "planes":
        return PlanesEncoder(flowers)
    if spec == "oracle":
        return OracleEncoder(flowers)
    if spec == "mjai":
        return MjaiEncoder()
    raise IppatsuError(f"unknown encoder {spec!r}: 'planes', 'oracle', 'mjai' or an "
                       f"Encoder instance", "bad_env_option")


def tsumogiri_of_events(events, n_players: int) -> List[int]:
    """Per seat, the bit set of the river indices of the current hand discarded straight
    from the draw, read from a state's mjai event log (``record=True``)."""
    out = [0] * n_players
    count = [0] * n_players
    for e in events:
        t = e["type"]
        if t == "start_kyoku":
            out = [0] * n_players
            count = [0] * n_players
        elif t == "dahai":
            p = e["actor"]
            if e.get("tsumogiri"):
                out[p] |= 1 << count[p]
            count[p] += 1
    return out


def encode(state, seat: int, encoder="planes", out: Optional[np.ndarray] = None,
           tsumogiri: Optional[List[int]] = None) -> np.ndarray:
    """The observation of ``seat`` in ``state`` (a :class:`~ippatsu.table.GameState`) by
    an array encoder (``"planes"``, ``"oracle"`` or an :class:`Encoder`; a name takes the
    layout of the state's rules, with flower tiles or without), written into ``out`` when
    given. ``tsumogiri`` (see :class:`Encoder`) defaults to the state's own
    (``state.seats[p].tsumogiri``)."""
    enc = encoder_of(encoder, state.rules)
    if not isinstance(enc, Encoder):
        raise TypeError("encode() takes an array encoder")
    if out is None:
        out = np.zeros(enc.shape, dtype=np.float32)
    if tsumogiri is None:
        tsumogiri = list(state.tsumogiri)
    enc.encode(state, seat, out, tsumogiri)
    return out
