"""Actions at the table: one small immutable value per thing a player may do.

An :class:`Action` names its ``type`` (:class:`ActionType`), the ``actor`` (absolute seat
0–3; 0–2 with three players), the ``tile`` it is about (the discard, the called tile, the kan's added tile, the
winning tile), the ``consumed`` tiles taken from the actor's hand (calls and kans) and the
``target`` seat the called tile came from. Tiles are 136-ids.

Two actions that differ only in *which ordinary copy* of a kind they use are the same
action: :meth:`Action.key` compares kinds and red-ness, never copy numbers. The state
offers one representative per key; a caller (a replay) may pass its own ids with the same
key and the state then uses those exact ids.

Which ids are red is the rules' business (``Rules.red_ids``; ``Rules.red_five_counts``
may make two or more copies of a five red, or none). An action is a plain value that
knows no rules: :attr:`Action.key` and ``str(action)`` read one red five per suit (ids
16, 52, 88); :meth:`Action.key_for` and :meth:`Action.text` take the rules' red ids, and
a :class:`~ippatsu.table.state.GameState` names and keys actions with its own
(``GameState.action_key`` / ``GameState.action_text``).

>>> a = Action(ActionType.DISCARD, 0, 17)
>>> a.key == Action(ActionType.DISCARD, 0, 18).key, a.key == Action(ActionType.DISCARD, 0, 16).key
(True, False)
>>> str(Action(ActionType.PON, 2, 124, (125, 126), 0))
'pon 5z+55z from 0 by 2'
>>> two_red_5p = frozenset({16, 52, 53, 88})     # Rules(red_five_counts=(1, 2, 1)).red_ids
>>> b, c = Action(ActionType.DISCARD, 0, 53), Action(ActionType.DISCARD, 0, 54)
>>> b.key == c.key, b.key_for(two_red_5p) == c.key_for(two_red_5p)
(True, False)
>>> b.text(two_red_5p), c.text(two_red_5p)
('discard 0p by 0', 'discard 5p by 0')
"""
from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple, Tuple

from ..tiles import flower_name, format_tiles, id_to_mjai, tile_name

__all__ = ["ActionType", "Action", "TURN_TYPES", "RESPONSE_TYPES", "STOP_TYPES",
           "DRAW_TYPES"]

from ..tiles import RED_ID_SET as _RED  # noqa: E402


class ActionType(IntEnum):
    """What a player does. The first six happen on the player's own turn, the rest in
    answer to another player's discard or kan."""

    DISCARD = 0    #: dahai
    RIICHI = 1     #: declare riichi and discard ``tile`` with it
    TSUMO = 2      #: win on the own draw
    ANKAN = 3      #: closed kan (``consumed`` = the four tiles)
    KAKAN = 4      #: added kan (``tile`` = the added tile, ``consumed`` = the pon's tiles)
    KYUUSHU = 5    #: nine terminals and honors: abort the hand
    RON = 6        #: win on another player's discard (or chankan)
    CHI = 7
    PON = 8
    DAIMINKAN = 9  #: open kan on a discard
    PASS = 10      #: do nothing (in answer to a discard or kan, or to a STOP offer)
    STOP = 11      #: the last dealer ends the game (``LastDealerStop.OPTIONAL``)
    NUKIDORA = 12  #: three players: set the North ``tile`` aside (kita), on one's own turn;
    #: with ``Rules.flowers``: set the flower ``tile`` (136-139) aside, the one legal action
    #: while a drawn flower is held
    NOTEN = 13     #: declare noten at an exhaustive draw: hide a tenpai hand
    #: (``Rules.noten_declaration``; ``PASS`` shows it)


TURN_TYPES = frozenset((ActionType.DISCARD, ActionType.RIICHI, ActionType.TSUMO,
                        ActionType.ANKAN, ActionType.KAKAN, ActionType.KYUUSHU,
                        ActionType.NUKIDORA))
RESPONSE_TYPES = frozenset((ActionType.RON, ActionType.CHI, ActionType.PON,
                            ActionType.DAIMINKAN, ActionType.PASS))
#: what the last dealer may choose between hands under ``LastDealerStop.OPTIONAL``
STOP_TYPES = frozenset((ActionType.STOP, ActionType.PASS))
#: what a tenpai player may choose at an exhaustive draw under ``Rules.noten_declaration``
#: (hide the hand, or show it)
DRAW_TYPES = frozenset((ActionType.NOTEN, ActionType.PASS))

_NAMES = ("discard", "riichi", "tsumo", "ankan", "kakan", "kyuushu", "ron", "chi", "pon",
          "daiminkan", "pass", "stop", "nukidora", "noten")


def _spec(t: int, reds=_RED) -> int:
    return (t >> 2) * 2 + (t in reds)


class Action(NamedTuple):
    """Action(type, actor, tile=-1, consumed=(), target=-1)."""

    type: ActionType
    actor: int
    tile: int = -1
    consumed: Tuple[int, ...] = ()
    target: int = -1

    @property
    def key(self) -> tuple:
        """Identity up to the copy numbers of ordinary tiles (kinds and red fives kept; a
        red five is one of the ids 16, 52, 88: under other ``Rules.red_five_counts``
        :meth:`key_for` with the rules' red ids, as the table compares actions)."""
        return (self.type, self.actor, _spec(self.tile) if self.tile >= 0 else -1,
                tuple(sorted(_spec(t) for t in self.consumed)))

    def key_for(self, red_ids=None) -> tuple:
        """:attr:`key` with the red fives of ``red_ids`` (``Rules.red_ids``: every red copy
        of a five, none with red fives off; default ids 16, 52, 88): two actions of the
        same kinds compare equal here exactly when they also agree on red-ness under those
        rules."""
        if red_ids is None or red_ids == _RED:
            return self.key
        return (self.type, self.actor, _spec(self.tile, red_ids) if self.tile >= 0 else -1,
                tuple(sorted(_spec(t, red_ids) for t in self.consumed)))

    @property
    def kind(self) -> int:
        """The kind of ``tile`` (-1 when there is none)."""
        return self.tile >> 2 if self.tile >= 0 else -1

    def to_mjai(self, red_ids=None) -> dict:
        """The mjai message a client would send for this action. ``red_ids``: the ids
        written red (``5mr``), ``Rules.red_ids``; default one per suit (ids 16, 52, 88)."""
        if red_ids is not None and red_ids != _RED:
            return _to_mjai_red(self, red_ids)
        t = self.type
        d: dict = {"type": _MJAI_TYPE[t], "actor": self.actor}
        if t in (ActionType.DISCARD, ActionType.RIICHI, ActionType.NUKIDORA):
            # a flower (Rules.flowers) is written 1f-4f
            d["pai"] = flower_name(self.tile) if self.tile >= 136 else id_to_mjai(self.tile)
        elif t in (ActionType.CHI, ActionType.PON, ActionType.DAIMINKAN, ActionType.KAKAN):
            d["pai"] = id_to_mjai(self.tile)
            d["consumed"] = [id_to_mjai(c) for c in self.consumed]
            if self.target >= 0:
                d["target"] = self.target
        elif t is ActionType.ANKAN:
            d["consumed"] = [id_to_mjai(c) for c in self.consumed]
        elif t in (ActionType.TSUMO, ActionType.RON):
            d["target"] = self.target
            d["pai"] = id_to_mjai(self.tile)
        return d

    def __str__(self) -> str:
        return self.text()

    def text(self, red_ids=None) -> str:
        """The action in words, its tiles in notation (``str(action)``): a red five
        written ``0`` when ``red_ids`` (``Rules.red_ids``) holds it; default ids 16, 52,
        88."""
        name = _NAMES[self.type]
        if self.type in (ActionType.PASS, ActionType.KYUUSHU, ActionType.STOP,
                         ActionType.NOTEN):
            return f"{name} by {self.actor}"
        if self.tile >= 136:  # a flower set aside (Rules.flowers)
            return f"flower {flower_name(self.tile)} by {self.actor}"
        s = f"{name} {tile_name(self.tile, red_ids)}" if self.tile >= 0 else name
        if self.consumed:
            s += "+" + format_tiles(self.consumed, red_ids=red_ids)
        if self.target >= 0 and self.target != self.actor:
            s += f" from {self.target}"
        return f"{s} by {self.actor}"


def _to_mjai_red(a: Action, red_ids) -> dict:
    """:meth:`Action.to_mjai` with the ids of ``red_ids`` written red (and only those)."""
    d = a.to_mjai()

    def name(t: int) -> str:
        if t >= 136:
            return flower_name(t)
        n = id_to_mjai(t).rstrip("r")
        return n + "r" if t in red_ids else n

    if "pai" in d:
        d["pai"] = name(a.tile)
    if "consumed" in d:
        d["consumed"] = [name(c) for c in a.consumed]
    return d


_MJAI_TYPE = {ActionType.DISCARD: "dahai", ActionType.RIICHI: "reach",
              ActionType.TSUMO: "hora", ActionType.RON: "hora", ActionType.ANKAN: "ankan",
              ActionType.KAKAN: "kakan", ActionType.KYUUSHU: "ryukyoku",
              ActionType.CHI: "chi", ActionType.PON: "pon",
              ActionType.DAIMINKAN: "daiminkan", ActionType.PASS: "none",
              # no mjai message exists for the dealer's stop: an ippatsu extension
              ActionType.STOP: "stop",
              # three players: {"type": "nukidora", "actor": n, "pai": "N"} (mjai / riichienv)
              ActionType.NUKIDORA: "nukidora",
              # no mjai message exists for hiding a tenpai hand at a draw: an extension
              ActionType.NOTEN: "noten"}
