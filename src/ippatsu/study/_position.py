"""Position studies: a mid-hand table position seen by one seat, its hidden worlds, play-outs.

(This module is ``ippatsu.study._position``: ``ippatsu.study.position`` is the study
function that drives it, and ``ippatsu.study.Position`` is the class below.)

Design
------
A :class:`Position` is what one seat sees at its own turn (phase ``TURN``: it has just
drawn, or just called, and holds 3k+2 concealed tiles): its concealed tiles, every meld,
every river (tiles called away included and marked), who is in riichi and where, the
revealed dora indicators, the counters, the scores and the number of live tiles left.
It never holds a hidden tile.

A :class:`World` is one assignment of the hidden tiles: the opponents' concealed tiles,
the live wall in draw order (``left`` tiles that will be drawn, then one tile per kan
made so far that the hand will never draw: the engine's wall layout), the rinshan tiles
still in the dead wall, the unrevealed dora indicators and the five ura indicators; plus
the opponents' hidden furiten flags. :class:`Sampler` (``position.prepare(rules)``,
computed once per position) draws worlds uniformly from what the seat cannot see and
installs a world as a :class:`~ippatsu.table.state.GameState` at the decision point:

* every unseen 136-id is dealt exactly once (a red five the seat sees is never dealt
  again; the unseen multiset is by id, so red fives keep their share);
* an opponent in riichi holds a tenpai hand: its concealed tiles are drawn uniformly
  among the tenpai subsets of the unseen tiles (exactly: a dynamic programme over the 34
  kinds counts the weighted tenpai shapes of each form — standard, seven pairs, thirteen
  orphans — once per position, and each sample walks it backwards; several riichi
  opponents are drawn jointly by rejection on id overlap). Everything else is a uniform
  permutation of the rest.

Common random numbers: draw one world, then build one state per choice from it
(``sampler.state(world=w)``) and :func:`play_out` each; every choice meets the same
opponents' hands and the same wall.

What a position cannot know exactly is derived (documented on :class:`Position`):
``river_called`` from the melds' called tiles, ``ippatsu`` and ``double_riichi`` from the
order of the rivers (approximations only when calls interleave; from_state and the text
form carry the exact values), and everything the engine tracks per hand (first turns,
nagashi, kuikae, pao, pending kan indicators, four-winds bookkeeping) from the visible
tiles, exactly.

Limits: a world is uniform given the tiles and the tenpai of riichi hands only; it does
not condition on behaviour (an opponent in riichi whose sampled waits include a tile that
passed since its riichi would in reality have won or be furiten: its riichi furiten flag
stays off unless given). Deltas of :func:`play_out` leave out deposits handed to the top
at a game end.

>>> pos = Position.parse(EXAMPLE)
>>> pos.seat, len(pos.hand), pos.left, pos.riichi
(1, 14, 44, (-1, -1, 3, -1))
>>> Position.parse(pos.to_text()) == pos
True
"""
from __future__ import annotations

import bisect
import sys
from dataclasses import MISSING, dataclass, field, fields
from math import comb
from functools import lru_cache
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from .. import core as _core
from ..errors import (HandSizeError, IllegalActionError, IppatsuError, NotationError,
                      TileCountError)
from ..hand import Meld, MeldType
from ..rules import Rules
from ..table.actions import Action, ActionType
from ..table.observation import Observation
from ..table.state import GameState, Phase
from ..table.wall import Wall, wall_generator
from ..tiles import DRAGON_KINDS, RED_ID_SET, WIND_KINDS, allocate_ids, check_copies, scan_specs, format_tiles, tile_name

__all__ = ["Position", "World", "Sampler", "Outcome", "PositionError", "RecordCut",
           "resolve_choice", "choice_text", "legal_choices", "sample_state",
           "state_from_world", "play_out", "cut_record", "EXAMPLE"]

from .._codes import YAOCHUU_KINDS as _YAOCHUU, YAOCHUU_MASK as _YAOCHUU_MASK  # noqa: E402
_VIA = ("draw", "rinshan", "minkan", "call")
_WIND = "ESWN"
_SEAT_REL = {1: "R", 2: "A", 3: "L"}

#: the example of the text form (a real self-play position: seat 1 to move, may declare
#: riichi; seat 2 is in riichi; the indicator is the red 5m)
EXAMPLE = """\
kyoku E1 honba 0 deposits 1 left 44
scores 25000 25000 24000 25000
dora 0m
turn 1 draw
hand 22567m34789p569s 7s
river 0 3z 6m 1p 5z 9p 7z 6z
river 1 3z 7z 1z 3s 5z 2z
river 2 7p 5m 6m 4p! 4s 3m
river 3 7p 1z 8m 2s 4z 5z
ippatsu -
double -
"""


class PositionError(IppatsuError):
    """An impossible or inconsistent position (``code`` names the problem: ``bad_seat``,
    ``bad_via``, ``riichi_open_hand``, ``riichi_not_tenpai``, ``bad_riichi_index``,
    ``called_tile_missing``, ``called_mark_unmatched``, ``tile_total``, ``bad_dora_count``,
    ``too_many_kans``, ``bad_counter``, ``bad_ippatsu``, ``bad_double_riichi``,
    ``bad_furiten``, ``not_turn``, ``riichi_impossible``, ``bad_shape``, ``score_total``)."""

    code = "bad_position"


def _specs(ids) -> tuple:
    return tuple((t >> 2) * 2 + (t in RED_ID_SET) for t in ids)


def _keyword_only(cls):
    """``dataclass(frozen=True, eq=False, kw_only=True)``. Python 3.9's dataclass has no
    ``kw_only`` (and refuses a field without default after one with): there the class gets
    an ``__init__`` that takes the same fields by keyword only, with the same defaults and
    the same errors for a positional, missing or unknown argument, then ``__post_init__``."""
    if sys.version_info >= (3, 10):
        return dataclass(frozen=True, eq=False, kw_only=True)(cls)
    cls = dataclass(frozen=True, eq=False, init=False)(cls)
    names = [f for f in fields(cls) if f.init]
    init_names = {f.name for f in names}
    factories = [f for f in fields(cls) if not f.init and f.default_factory is not MISSING]

    where = f"{cls.__qualname__}.__init__()"

    def __init__(self, *args, **kw):
        if args:
            raise TypeError(f"{where} takes 1 positional argument but {len(args) + 1} "
                            f"were given")
        unknown = [k for k in kw if k not in init_names]
        if unknown:
            raise TypeError(f"{where} got an unexpected keyword argument {unknown[0]!r}")
        missing = [repr(f.name) for f in names if f.name not in kw
                   and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            listed = (missing[0] if len(missing) == 1 else " and ".join(missing)
                      if len(missing) == 2 else ", ".join(missing[:-1]) + ", and " + missing[-1])
            raise TypeError(f"{where} missing {len(missing)} required keyword-only "
                            f"argument{'s' if len(missing) > 1 else ''}: {listed}")
        for f in names:
            if f.name in kw:
                v = kw[f.name]
            else:
                v = f.default if f.default is not MISSING else f.default_factory()
            object.__setattr__(self, f.name, v)
        for f in factories:
            object.__setattr__(self, f.name, f.default_factory())
        self.__post_init__()

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = __init__
    return cls


@_keyword_only
class Position:
    """Position(*, seat, hand, melds, rivers, riichi, dora_indicators, left, ...): one seat's
    view of a hand at its turn (keyword arguments; every sequence is stored as a tuple).

    Fields
    ------
    seat : absolute seat (0–3) to move (phase TURN).
    hand : its concealed 136-ids, 3k+2 of them; after a draw the last one is the tile just
        drawn (``via`` draw / rinshan / minkan), after a chi or pon (``via="call"``) there is
        no drawn tile.
    melds : per seat, the :class:`~ippatsu.hand.Meld` objects in the order declared (an
        added kan replaces its pon in place), closed kans included.
    rivers : per seat, the discards in order, tiles later called away included.
    river_called : per seat, which river tiles were called away. ``None``: derived (a river
        tile is called exactly when it is the ``called`` id of another seat's open meld).
    riichi : per seat, the index in its river of the riichi declaration tile, -1 none.
    ippatsu : per seat, the riichi seat may still win with ippatsu. ``None``: derived (its
        riichi tile is its last discard, was not called, the seats that discarded after it
        had no discard called, and no kan or call just happened; closed kans of others in
        between are not visible in the rivers and are ignored).
    double_riichi : per seat. ``None``: derived (riichi on the first discard, made before the
        first call of the hand as far as the rivers' order tells; closed kans ignored).
    dora_indicators : the revealed indicators in order (the pending indicator of an open kan
        is not revealed yet: ``1 + kans - len(dora_indicators)`` is 0 or 1).
    kyoku, honba, deposits, scores : the counters (kyoku 0 = East 1; dealer = kyoku % 4) and
        the scores by seat as they stand (riichi sticks already paid).
    left : live tiles still to be drawn.
    via : how the seat got its turn: ``"draw"`` (an ordinary draw), ``"rinshan"`` (the
        replacement tile after its own closed or added kan), ``"minkan"`` (the replacement
        after its open kan, its last meld: the feeder is liable under ``pao_rinshan``) or
        ``"call"`` (its last meld is the chi / pon just made: kuikae applies unless
        ``Rules.kuikae_allowed``).
    furiten : the seat passed a winning tile while in riichi (riichi furiten, for the rest
        of the hand).

    Text form (:meth:`parse`, :meth:`to_text`): one item per line, ``#`` starts a comment::

        kyoku E1 honba 0 deposits 1 left 44     kyoku E1..E4 S1.. W1.. N1.. (or 0..15)
        scores 25000 25000 24000 25000          by absolute seat
        dora 0m                                 revealed indicators, in order
        turn 1 draw                             the seat to move, and via
        hand 22567m34789p569s 7s                its concealed tiles; after a draw the
                                                last tile written is the tile drawn
        river 2 7p 5m 6m 4p! 4s 3m              one river, tiles in order: a trailing *
                                                marks a tile called away, ! the riichi tile
        meld 2 pon 5z+55z<A                     one meld (ippatsu.hand text), in call order
        ippatsu 3                               seats with ippatsu (- none); default derived
        double 3                                seats in double riichi (- none); derived
        furiten                                 the seat to move is in riichi furiten

    ``0`` is a red five everywhere. Copies are assigned jointly over the whole position;
    a river tile marked ``*`` is the same tile as the called tile of a meld that came from
    that seat. See :data:`EXAMPLE`.
    """

    seat: int
    hand: Tuple[int, ...]
    melds: Tuple[Tuple[Meld, ...], ...]
    rivers: Tuple[Tuple[int, ...], ...]
    river_called: Optional[Tuple[Tuple[bool, ...], ...]] = None
    riichi: Tuple[int, ...]
    ippatsu: Optional[Tuple[bool, ...]] = None
    double_riichi: Optional[Tuple[bool, ...]] = None
    dora_indicators: Tuple[int, ...]
    kyoku: int = 0
    honba: int = 0
    deposits: int = 0
    scores: Tuple[int, ...] = (25000, 25000, 25000, 25000)
    left: int
    via: str = "draw"
    furiten: bool = False
    _cache: dict = field(default_factory=dict, init=False, repr=False, compare=False,
                         hash=False)

    def __post_init__(self):
        s = object.__setattr__
        s(self, "hand", tuple(int(t) for t in self.hand))
        s(self, "melds", tuple(tuple(m if isinstance(m, Meld) else Meld.parse(m) for m in ms)
                               for ms in self.melds))
        s(self, "rivers", tuple(tuple(int(t) for t in r) for r in self.rivers))
        s(self, "riichi", tuple(int(r) for r in self.riichi))
        s(self, "dora_indicators", tuple(int(t) for t in self.dora_indicators))
        s(self, "scores", tuple(int(x) for x in self.scores))
        if len(self.melds) != 4 or len(self.rivers) != 4 or len(self.riichi) != 4 \
                or len(self.scores) != 4:
            raise PositionError("melds, rivers, riichi and scores need one entry per seat (4)",
                                "bad_shape")
        if self.river_called is None:
            s(self, "river_called", _derive_called(self.melds, self.rivers))
        else:
            s(self, "river_called", tuple(tuple(bool(x) for x in r) for r in self.river_called))
        if self.double_riichi is None:
            s(self, "double_riichi", _derive_double(self))
        else:
            s(self, "double_riichi", tuple(bool(x) for x in self.double_riichi))
        if self.ippatsu is None:
            s(self, "ippatsu", _derive_ippatsu(self))
        else:
            s(self, "ippatsu", tuple(bool(x) for x in self.ippatsu))

    def _key(self) -> tuple:
        sp = _specs
        h = self.hand
        hand = (tuple(sorted(sp(h))),) if self.via == "call" or not h else \
            (tuple(sorted(sp(h[:-1]))), sp(h[-1:]))
        return (self.seat, hand, self.melds, tuple(sp(r) for r in self.rivers),
                self.river_called, self.riichi, self.ippatsu, self.double_riichi,
                sp(self.dora_indicators), self.kyoku, self.honba, self.deposits, self.scores,
                self.left, self.via, self.furiten)

    def __eq__(self, other) -> bool:
        """Equal when the text forms are equal: ordinary copies of a kind are
        interchangeable (as for :class:`~ippatsu.hand.Meld`), red fives are not, and the
        order of the concealed tiles does not matter (the drawn tile stays apart)."""
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __getstate__(self):
        d = dict(self.__dict__)
        d["_cache"] = {}
        return d

    # ------------------------------------------------------------------ derived facts
    @property
    def dealer(self) -> int:
        return self.kyoku % 4

    @property
    def kans(self) -> int:
        """Kans declared so far by everybody."""
        return sum(1 for ms in self.melds for m in ms if m.is_kan)

    @property
    def drawn(self) -> int:
        """The tile just drawn (-1 after a call)."""
        return -1 if self.via == "call" else self.hand[-1]

    def visible_ids(self) -> List[int]:
        """Every id the seat sees: its hand, the melds, the rivers (a called tile once, in
        its meld), the revealed indicators."""
        out = list(self.hand)
        for ms in self.melds:
            for m in ms:
                out.extend(m.tiles)
        for r, c in zip(self.rivers, self.river_called):
            out.extend(t for t, x in zip(r, c) if not x)
        out.extend(self.dora_indicators)
        return out

    def unseen_ids(self) -> List[int]:
        """The ids the seat cannot see, sorted."""
        seen = set(self.visible_ids())
        return [t for t in range(136) if t not in seen]

    def unseen_counts(self) -> bytes:
        """34 counts of the tiles the seat cannot see (by kind)."""
        c = bytearray(34)
        for t in self.unseen_ids():
            c[t >> 2] += 1
        return bytes(c)

    def hidden_needed(self) -> int:
        """How many unseen tiles the hidden zones take: the opponents' concealed tiles, the
        live wall (``left`` + one dead tile per kan), the rinshan tiles left, the unrevealed
        dora and the ura indicators."""
        opp = sum(13 - 3 * len(self.melds[q]) for q in range(4) if q != self.seat)
        return opp + self.left + 14 - len(self.dora_indicators)

    # ------------------------------------------------------------------ validation
    def validate(self, rules: Optional[Rules] = None) -> None:
        """Raise an :class:`~ippatsu.errors.IppatsuError` subclass when the position is
        impossible: ``TileCountError`` (``duplicate_id``: a tile seen twice — in text, a
        fifth copy is ``fifth_copy`` already at parsing), ``HandSizeError``
        (``bad_hand_size``, ``too_many_melds``), :class:`PositionError` (see its codes)."""
        rules = rules if rules is not None else Rules()
        p = self.seat
        if not (isinstance(p, int) and 0 <= p < 4):
            raise PositionError(f"seat must be 0-3, got {p!r}", "bad_seat")
        if self.via not in _VIA:
            raise PositionError(f"via must be one of {', '.join(_VIA)}, got {self.via!r}",
                                "bad_via")
        for name in ("kyoku", "honba", "deposits", "left"):
            if getattr(self, name) < 0:
                raise PositionError(f"{name} cannot be negative ({getattr(self, name)})",
                                    "bad_counter")
        for q in range(4):
            if len(self.river_called[q]) != len(self.rivers[q]):
                raise PositionError(f"river_called of seat {q} has {len(self.river_called[q])}"
                                    f" entries for {len(self.rivers[q])} river tiles", "bad_shape")
            if len(self.melds[q]) > 4:
                raise HandSizeError(f"seat {q} has {len(self.melds[q])} melds (at most 4)",
                                    "too_many_melds")
        # every tile once
        ids = self.visible_ids()
        for t in ids:
            if not (isinstance(t, int) and 0 <= t < 136):
                raise NotationError(f"tile id {t!r} is not in 0-135", "bad_tile_id")
        if len(set(ids)) != len(ids):
            seen: set = set()
            for t in ids:
                if t in seen:
                    raise TileCountError(f"tile {tile_name(t)} (id {t}) is seen twice in the "
                                         "position (a fifth copy, or one tile in two places)",
                                         "duplicate_id")
                seen.add(t)
        n = len(self.hand) + 3 * len(self.melds[p])
        if n != 14:
            raise HandSizeError(f"seat {p} to move holds {len(self.hand)} concealed tiles with "
                                f"{len(self.melds[p])} melds: it needs {14 - 3 * len(self.melds[p])}"
                                " (3k+2 after its draw or call)", "bad_hand_size")
        # called tiles <-> river marks
        marks = {}
        for q in range(4):
            for m in self.melds[q]:
                if m.type is MeldType.ANKAN:
                    continue
                f = (q + m.from_who) % 4
                r = self.rivers[f]
                if m.called not in r or not self.river_called[f][r.index(m.called)]:
                    raise PositionError(f"the called tile {tile_name(m.called)} of seat {q}'s "
                                        f"{m} is not a tile marked called in seat {f}'s river",
                                        "called_tile_missing")
                marks[(f, r.index(m.called))] = q
        for q in range(4):
            for i, c in enumerate(self.river_called[q]):
                if c and (q, i) not in marks:
                    raise PositionError(f"river tile {i} of seat {q} "
                                        f"({tile_name(self.rivers[q][i])}) is marked called but "
                                        "no meld holds it", "called_mark_unmatched")
        # riichi
        for q in range(4):
            r = self.riichi[q]
            if r >= len(self.rivers[q]) or r < -1:
                raise PositionError(f"riichi index {r} of seat {q} is outside its river of "
                                    f"{len(self.rivers[q])} tiles", "bad_riichi_index")
            if r >= 0 and any(m.is_open for m in self.melds[q]):
                raise PositionError(f"seat {q} is in riichi with an open hand "
                                    f"({', '.join(str(m) for m in self.melds[q] if m.is_open)})",
                                    "riichi_open_hand")
            if r < 0 and self.ippatsu[q]:
                raise PositionError(f"seat {q} has ippatsu without riichi", "bad_ippatsu")
            if r != 0 and self.double_riichi[q]:
                raise PositionError(f"seat {q} is in double riichi but its riichi tile is not "
                                    "its first discard", "bad_double_riichi")
        if self.furiten and self.riichi[p] < 0:
            raise PositionError(f"seat {p} is marked riichi furiten without riichi", "bad_furiten")
        if self.riichi[p] >= 0 and self.via in ("draw", "rinshan"):
            c = bytearray(34)
            for t in self.hand[:-1]:
                c[t >> 2] += 1
            if _core.shanten(bytes(c)) != 0:
                raise PositionError(f"seat {p} is in riichi but its hand before the draw "
                                    f"({format_tiles(self.hand[:-1])}) is not tenpai",
                                    "riichi_not_tenpai")
        # via
        last = self.melds[p][-1] if self.melds[p] else None
        if self.via == "call":
            if last is None or last.type not in (MeldType.CHI, MeldType.PON):
                raise PositionError("via call: the seat's last meld must be the chi or pon just "
                                    "made", "bad_via")
            f = (p + last.from_who) % 4
            if not self.rivers[f] or self.rivers[f][-1] != last.called:
                raise PositionError("via call: the called tile must be the last tile of the "
                                    f"feeder's (seat {f}) river", "bad_via")
        elif self.via == "minkan":
            if last is None or last.type is not MeldType.DAIMINKAN:
                raise PositionError("via minkan: the seat's last meld must be the open kan just "
                                    "made", "bad_via")
        elif self.via == "rinshan":
            if not any(m.type in (MeldType.ANKAN, MeldType.KAKAN) for m in self.melds[p]):
                raise PositionError("via rinshan: the seat has no closed or added kan",
                                    "bad_via")
        # kans and indicators
        kans = self.kans
        if kans > rules.max_kans:
            raise PositionError(f"{kans} kans (at most {rules.max_kans})", "too_many_kans")
        nd = len(self.dora_indicators)
        lo = 1 + kans - 1 if rules.kan_dora else 1
        hi = 1 + kans if rules.kan_dora else 1
        if not (max(1, lo) <= nd <= min(5, hi)):
            raise PositionError(f"{nd} dora indicators revealed with {kans} kans (expected "
                                f"{max(1, lo)}..{min(5, hi)})", "bad_dora_count")
        # the points: the scores and the deposits on the table add up to the start
        total = sum(self.scores) + self.deposits * rules.riichi_deposit
        if total != 4 * rules.starting_points:
            raise PositionError(f"the scores and {self.deposits} deposit(s) add up to {total}, "
                                f"not {4 * rules.starting_points} (4 x the starting points)",
                                "score_total")
        # the tile total
        unseen = 136 - len(ids)
        need = self.hidden_needed()
        if unseen != need:
            raise PositionError(
                f"the seat cannot see {unseen} tiles, but the hidden zones need {need}: the "
                f"opponents' hands {need - self.left - 14 + nd}, the live wall {self.left} "
                f"(left), the dead wall {14 - nd}; `left` should be {unseen - need + self.left}",
                "tile_total")

    # ------------------------------------------------------------------ constructors
    @classmethod
    def from_state(cls, state: GameState, seat: int) -> "Position":
        """What ``seat`` sees in a live :class:`GameState` at its turn (phase TURN, actor =
        ``seat``)."""
        if state.phase != Phase.TURN or state.actor != seat:
            raise PositionError(f"seat {seat} is not to move (phase {Phase(state.phase).name}, "
                                f"actor {state.actor})", "not_turn")
        if state.after_call:
            via = "call"
        elif state.rinshan_draw:
            via = "minkan" if state.rinshan_from >= 0 else "rinshan"
        else:
            via = "draw"
        hand = list(state.hand[seat])
        if via != "call" and hand[-1] != state.last_draw:  # keep the drawn tile last
            hand.remove(state.last_draw)
            hand.append(state.last_draw)
        return cls(
            seat=seat, hand=tuple(hand), melds=tuple(tuple(ms) for ms in state.melds),
            rivers=tuple(tuple(r) for r in state.river),
            river_called=tuple(tuple(r) for r in state.river_called),
            riichi=tuple(state.river_riichi[q] if state.riichi[q] == 2 else -1 for q in range(4)),
            ippatsu=tuple(bool(state.ippatsu[q]) and state.riichi[q] == 2 for q in range(4)),
            double_riichi=tuple(bool(state.double_riichi[q]) and state.riichi[q] == 2
                                for q in range(4)),
            dora_indicators=tuple(state.dora_indicators), kyoku=state.kyoku,
            honba=state.honba, deposits=state.deposits, scores=tuple(state.scores),
            left=state.left, via=via, furiten=bool(state.riichi_furiten[seat]))

    @classmethod
    def from_record(cls, src, *, hand_index: int, turn: int, seat: Optional[int] = None,
                    rules: Optional[Rules] = None) -> "Position":
        """The position at a decision point of a recorded game (Tenhou mjlog, tenhou.net/6
        JSON or an mjai log; see :func:`cut_record` for the naming of the cut point)."""
        return cut_record(src, hand_index=hand_index, turn=turn, seat=seat, rules=rules).position

    # ------------------------------------------------------------------ text
    @classmethod
    def parse(cls, text: str) -> "Position":
        """Read the text form (see the class docstring and :data:`EXAMPLE`)."""
        return _parse(text)

    def to_text(self, red_ids=None) -> str:
        """The text form; ``Position.parse(p.to_text()) == p``. ``red_ids``: the ids
        written red (``0``), the rules' (``Rules.red_ids``); default one per suit, ids
        16, 52, 88 (the notation :meth:`parse` reads: with two or more red fives of a suit
        the text names each red copy ``0`` and is for reading only)."""
        reds = RED_ID_SET if red_ids is None else red_ids

        def name(t: int) -> str:
            return tile_name(t, reds)

        k = self.kyoku
        lines = [f"kyoku {_WIND[k // 4 % 4]}{k % 4 + 1}" if k < 16 else f"kyoku {k}"]
        lines[0] += f" honba {self.honba} deposits {self.deposits} left {self.left}"
        lines.append("scores " + " ".join(str(x) for x in self.scores))
        lines.append("dora " + " ".join(name(t) for t in self.dora_indicators))
        lines.append(f"turn {self.seat} {self.via}")
        if self.via == "call":
            lines.append("hand " + format_tiles(self.hand, red_ids=reds))
        else:
            lines.append("hand " + format_tiles(self.hand[:-1], red_ids=reds) + " " +
                         name(self.hand[-1]))
        for q in range(4):
            toks = []
            for i, t in enumerate(self.rivers[q]):
                s = name(t)
                if self.river_called[q][i]:
                    s += "*"
                if self.riichi[q] == i:
                    s += "!"
                toks.append(s)
            lines.append(f"river {q}" + "".join(" " + x for x in toks))
        for q in range(4):
            for m in self.melds[q]:
                mt = m if red_ids is None else Meld(
                    m.type, m.tiles, called=m.called, added=m.added,
                    from_who=None if m.type is MeldType.ANKAN else m.from_who, red_ids=reds)
                lines.append(f"meld {q} {mt}")
        if any(r >= 0 for r in self.riichi):
            lines.append("ippatsu " + (" ".join(str(q) for q in range(4) if self.ippatsu[q])
                                       or "-"))
            lines.append("double " + (" ".join(str(q) for q in range(4) if self.double_riichi[q])
                                      or "-"))
        if self.furiten:
            lines.append("furiten")
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------------ samplers
    def prepare(self, rules: Optional[Rules] = None) -> "Sampler":
        """The :class:`Sampler` of this position under ``rules`` (built once, cached)."""
        rules = rules if rules is not None else Rules()
        s = self._cache.get(rules)
        if s is None:
            s = Sampler(self, rules)
            self._cache[rules] = s
        return s


# ---------------------------------------------------------------------- derivations
def _derive_called(melds, rivers) -> tuple:
    out = [[False] * len(r) for r in rivers]
    for q in range(4):
        for m in melds[q]:
            if m.type is MeldType.ANKAN:
                continue
            f = (q + m.from_who) % 4
            r = rivers[f]
            if m.called in r:
                out[f][r.index(m.called)] = True
    return tuple(tuple(r) for r in out)


def _first_call_time(pos: "Position") -> int:
    """The turn-order time of the first called river tile (4 * index + order from the
    dealer), as if no call had skipped a seat before it; a large number when none."""
    d = pos.kyoku % 4
    best = 1 << 30
    for q in range(4):
        for i, c in enumerate(pos.river_called[q]):
            if c:
                best = min(best, 4 * i + (q - d) % 4)
                break
    return best


def _derive_double(pos: "Position") -> tuple:
    t = _first_call_time(pos)
    d = pos.kyoku % 4
    return tuple(pos.riichi[q] == 0 and (q - d) % 4 < t for q in range(4))


def _derive_ippatsu(pos: "Position") -> tuple:
    out = []
    for q in range(4):
        r = pos.riichi[q]
        ok = r >= 0 and r == len(pos.rivers[q]) - 1 and not pos.river_called[q][r] \
            and pos.via not in ("call", "minkan", "rinshan")
        if ok:
            gap = (pos.seat - q) % 4 or 4
            for i in range(1, gap):
                s = (q + i) % 4
                if pos.river_called[s] and pos.river_called[s][-1]:
                    ok = False
        out.append(ok)
    return tuple(out)


# ---------------------------------------------------------------------- text parsing
def _bad_text(msg: str) -> NotationError:
    return NotationError(msg, "bad_position_text")


def _kyoku_of(s: str) -> int:
    if s.isdigit():
        return int(s)
    if len(s) == 2 and s[0].upper() in _WIND and s[1] in "1234":
        return _WIND.index(s[0].upper()) * 4 + int(s[1]) - 1
    raise _bad_text(f"kyoku must be like E1, S3 or a number, got {s!r}")


def _int(s: str, what: str) -> int:
    try:
        return int(s)
    except ValueError:
        raise _bad_text(f"{what} must be an integer, got {s!r}") from None


def _seat_of(s: str) -> int:
    q = _int(s, "a seat")
    if not 0 <= q < 4:
        raise PositionError(f"seat must be 0-3, got {q}", "bad_seat")
    return q


def _seats(toks: List[str]) -> tuple:
    on = [False] * 4
    for t in toks:
        if t != "-":
            on[_seat_of(t)] = True
    return tuple(on)


def _parse(text: str) -> Position:
    vals: Dict[str, object] = {"kyoku": 0, "honba": 0, "deposits": 0}
    left = None
    scores = (25000,) * 4
    dora: list = []
    seat = None
    via = "draw"
    hand_specs: list = []
    rivers: List[list] = [[], [], [], []]      # (spec, called, riichi) per tile
    meld_texts: List[list] = [[], [], [], []]
    ippatsu = double = None
    furiten = False
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        toks = line.split()
        key = toks[0].lower()
        if key in ("kyoku", "honba", "deposits", "left"):
            if len(toks) % 2:
                raise _bad_text(f"{line!r}: expected pairs like 'kyoku E1 honba 0'")
            for a, b in zip(toks[0::2], toks[1::2]):
                a = a.lower()
                if a == "kyoku":
                    vals["kyoku"] = _kyoku_of(b)
                elif a in ("honba", "deposits"):
                    vals[a] = _int(b, a)
                elif a == "left":
                    left = _int(b, a)
                else:
                    raise _bad_text(f"unknown item {a!r} in {line!r}")
        elif key == "scores":
            if len(toks) != 5:
                raise _bad_text(f"scores needs four numbers, got {line!r}")
            scores = tuple(_int(x, "a score") for x in toks[1:])
        elif key == "dora":
            dora = scan_specs("".join(toks[1:]))
        elif key == "turn":
            if len(toks) not in (2, 3):
                raise _bad_text(f"turn needs a seat and optionally how: {line!r}")
            seat = _seat_of(toks[1])
            via = toks[2].lower() if len(toks) == 3 else "draw"
            if via not in _VIA:
                raise PositionError(f"via must be one of {', '.join(_VIA)}, got {via!r}",
                                    "bad_via")
        elif key == "hand":
            hand_specs = scan_specs("".join(toks[1:]))
        elif key == "river":
            if len(toks) < 2:
                raise _bad_text(f"river needs a seat: {line!r}")
            q = _seat_of(toks[1])
            out = []
            for tok in toks[2:]:
                body = tok.rstrip("*!")
                marks = tok[len(body):]
                specs = scan_specs(body)
                if not specs:
                    raise _bad_text(f"empty river token {tok!r}")
                for sp in specs[:-1]:
                    out.append((sp, False, False))
                out.append((specs[-1], "*" in marks, "!" in marks))
            rivers[q] = out
        elif key == "meld":
            if len(toks) < 3:
                raise _bad_text(f"meld needs a seat and a meld: {line!r}")
            meld_texts[_seat_of(toks[1])].append(Meld.parse(" ".join(toks[2:])))
        elif key == "ippatsu":
            ippatsu = _seats(toks[1:])
        elif key == "double":
            double = _seats(toks[1:])
        elif key == "furiten":
            furiten = True
        else:
            raise _bad_text(f"unknown line {line!r} (expected kyoku, scores, dora, turn, hand, "
                            "river, meld, ippatsu, double, furiten)")
    if seat is None:
        raise _bad_text("no 'turn SEAT' line")
    if left is None:
        raise _bad_text("no 'left N' item")
    # one joint copy assignment: hand, melds, uncalled river tiles, indicators; a river
    # tile marked called shares the id of the matching meld's called tile
    specs: list = list(hand_specs)
    meld_slots = []   # (seat, index, [spec order: called, rest..., added])
    for q in range(4):
        for i, m in enumerate(meld_texts[q]):
            order = [m.called] if m.called is not None else []
            order += [t for t in m.tiles if t != m.called and t != m.added]
            if m.added is not None:
                order.append(m.added)
            sp = [(t >> 2, t in RED_ID_SET) for t in order]
            meld_slots.append((q, i, len(specs), sp))
            specs.extend(sp)
    river_slots = []
    for q in range(4):
        for j, (sp, called, _) in enumerate(rivers[q]):
            if not called:
                river_slots.append((q, j, len(specs)))
                specs.append(sp)
    dora_at = len(specs)
    specs.extend(dora)
    check_copies(specs, (), "the position")
    ids = allocate_ids(specs, set())
    hand = ids[:len(hand_specs)]
    melds: List[list] = [[None] * len(meld_texts[q]) for q in range(4)]
    called_by_feeder: Dict[Tuple[int, Tuple[int, bool]], List[int]] = {}
    for q, i, at, sp in meld_slots:
        m = meld_texts[q][i]
        mi = ids[at:at + len(sp)]
        if m.type is MeldType.ANKAN:
            nm = Meld(m.type, mi)
        elif m.type is MeldType.KAKAN:
            nm = Meld(m.type, mi, called=mi[0], added=mi[-1], from_who=m.from_who)
        else:
            nm = Meld(m.type, mi, called=mi[0], from_who=m.from_who)
        melds[q][i] = nm
        if m.type is not MeldType.ANKAN:
            f = (q + m.from_who) % 4
            called_by_feeder.setdefault((f, sp[0]), []).append(mi[0])
    river_ids: List[list] = [[None] * len(rivers[q]) for q in range(4)]
    for q, j, at in river_slots:
        river_ids[q][j] = ids[at]
    river_called: List[list] = [[c for _, c, _ in rivers[q]] for q in range(4)]
    for q in range(4):
        for j, (sp, called, _) in enumerate(rivers[q]):
            if called:
                lst = called_by_feeder.get((q, sp))
                if not lst:
                    raise PositionError(
                        f"river tile {j} of seat {q} ({format_tiles([sp[0] * 4 + (0 if sp[1] else 1)])}) "
                        "is marked called but no meld took that tile from that seat",
                        "called_mark_unmatched")
                river_ids[q][j] = lst.pop(0)
    for (f, sp), lst in called_by_feeder.items():
        if lst:
            raise PositionError(f"a meld took a tile from seat {f} that its river does not "
                                "show marked called (*)", "called_tile_missing")
    riichi = []
    for q in range(4):
        marks = [j for j, (_, _, r) in enumerate(rivers[q]) if r]
        if len(marks) > 1:
            raise PositionError(f"seat {q} has {len(marks)} riichi tiles", "bad_riichi_index")
        riichi.append(marks[0] if marks else -1)
    return Position(
        seat=seat, hand=tuple(hand), melds=tuple(tuple(ms) for ms in melds),
        rivers=tuple(tuple(r) for r in river_ids),
        river_called=tuple(tuple(r) for r in river_called), riichi=tuple(riichi),
        ippatsu=ippatsu, double_riichi=double, dora_indicators=tuple(ids[dora_at:]),
        kyoku=vals["kyoku"], honba=vals["honba"], deposits=vals["deposits"], scores=scores,
        left=left, via=via, furiten=furiten)


# ---------------------------------------------------------------------- the hidden part
@dataclass(frozen=True)
class World:
    """The hidden part of a position: ``hands`` (concealed ids of all four seats, the seat
    to move included), ``live`` (``left + kans`` ids in draw order: the last ``kans`` are
    never drawn), ``rinshan`` (the ``4 - kans`` replacement tiles left, in draw order),
    ``dora`` (the ``5 - revealed`` unrevealed indicators, in reveal order), ``ura`` (five),
    and the opponents' hidden furiten flags (``temp_furiten``, ``riichi_furiten``)."""

    hands: Tuple[Tuple[int, ...], ...]
    live: Tuple[int, ...]
    rinshan: Tuple[int, ...]
    dora: Tuple[int, ...]
    ura: Tuple[int, ...]
    temp_furiten: Tuple[bool, ...] = (False,) * 4
    riichi_furiten: Tuple[bool, ...] = (False,) * 4

    @classmethod
    def from_state(cls, state: GameState, rng: Optional[np.random.Generator] = None) -> "World":
        """The actual hidden part of a live state. Parts a record-built wall lacks (tiles
        never drawn, indicators never shown) are filled with the unaccounted ids (in a
        random order when ``rng`` is given, else sorted)."""
        w = state.wall
        kans = state.kan_count
        live = list(w.live[state._live_pos:])
        rin = list(w.rinshan[state._rinshan_pos:])
        dora = list(w.dora[state.n_dora:])
        ura = list(w.ura)
        used = set()
        for p in range(4):
            used.update(state.hand[p])
            for m in state.melds[p]:
                used.update(m.tiles)
            used.update(t for t, c in zip(state.river[p], state.river_called[p]) if not c)
        used.update(state.dora_indicators)
        used.update(live)
        used.update(rin)
        used.update(dora)
        used.update(ura)
        free = [t for t in range(136) if t not in used]
        if rng is not None:
            free = [free[i] for i in rng.permutation(len(free))]

        def fill(lst, n):
            while len(lst) < n:
                lst.append(free.pop())
            return lst[:n]

        live = fill(live, state.left + kans)
        rin = fill(rin, 4 - kans)
        dora = fill(dora, 5 - state.n_dora)
        ura = fill(ura, 5)
        return cls(tuple(tuple(h) for h in state.hand), tuple(live), tuple(rin), tuple(dora),
                   tuple(ura), tuple(bool(x) for x in state.temp_furiten),
                   tuple(bool(x) for x in state.riichi_furiten))

    def ids(self) -> List[int]:
        out = [t for h in self.hands for t in h]
        return out + list(self.live) + list(self.rinshan) + list(self.dora) + list(self.ura)


# ---------------------------------------------------------------------- tenpai sampling
@lru_cache(maxsize=None)
def _delta(D: frozenset, c: int, runs_ok: bool) -> frozenset:
    """One kind of the standard-form automaton: NFA states (A, B, p, x) = runs started one
    kind back (need this kind and the next), runs started two back (need this kind), pair
    used, the one missing tile used; ``c`` copies held of this kind."""
    out = set()
    for (A, B, p, x) in D:
        for add in ((0, 1) if x == 0 else (0,)):
            cc = c + add
            if cc > 4:
                continue
            rem = cc - A - B
            if rem < 0:
                continue
            for t in (0, 1):
                for q in ((0, 1) if p == 0 else (0,)):
                    n = rem - 3 * t - 2 * q
                    if n < 0 or (n and not runs_ok):
                        continue
                    out.add((n, A, p + q, x + add))
    return frozenset(out)


_D0 = frozenset({(0, 0, 0, 0)})
_ACCEPT = (0, 0, 1, 1)


def _std_step(state, i: int, c: int):
    d = _delta(state, c, i < 27 and i % 9 <= 6)
    return d or None


def _std_accept(state) -> bool:
    return _ACCEPT in state


def _chiitoi_step(state, i: int, c: int):
    pairs, single = state
    if c == 0:
        return state
    if c == 1:
        return (pairs, 1) if single == 0 else None
    if c == 2:
        return (pairs + 1, single) if pairs < 6 else None
    return None


def _kokushi_step(state, i: int, c: int):
    zeros, pair = state
    if not (_YAOCHUU_MASK >> i) & 1:
        return state if c == 0 else None
    if c == 0:
        return (1, pair) if zeros == 0 else None
    if c == 1:
        return state
    if c == 2:
        return (zeros, 1) if pair == 0 else None
    return None


def is_std_tenpai(counts) -> bool:
    """Standard-form tenpai of a 3k+1 concealed part (the automaton of the sampler)."""
    D = _D0
    for i in range(34):
        D = _delta(D, counts[i], i < 27 and i % 9 <= 6)
        if not D:
            return False
    return _ACCEPT in D


def _is_chiitoi_tenpai(counts) -> bool:
    return sorted(c for c in counts if c) == [1, 2, 2, 2, 2, 2, 2]


class _FormTable:
    """Weighted shapes of one form: weight of a kind-count vector = prod C(u_k, c_k) (the
    number of id subsets with those counts). Forward layers, then backward sampling."""

    def __init__(self, u: Sequence[int], n: int, start, step, accept):
        F: Dict[tuple, float] = {(start, 0): 1.0}
        layers = []
        for i in range(34):
            ui = u[i]
            G: Dict[tuple, float] = {}
            preds: Dict[tuple, list] = {}
            for (st, s), w in F.items():
                for c in range(0, min(4, ui, n - s) + 1):
                    st2 = step(st, i, c)
                    if st2 is None:
                        continue
                    key = (st2, s + c)
                    ww = w * comb(ui, c)
                    G[key] = G.get(key, 0.0) + ww
                    preds.setdefault(key, []).append(((st, s), c, ww))
            layers.append(preds)
            F = G
        final = [(k, w) for k, w in F.items() if k[1] == n and accept(k[0])]
        self.total = float(sum(w for _, w in final))
        # keep only what the backward walk can reach
        self.final_keys = [k for k, _ in final]
        self.final_cum = _cum([w for _, w in final])
        need = set(self.final_keys)
        back: List[dict] = [None] * 34  # type: ignore[list-item]
        for i in range(33, -1, -1):
            tab = {}
            nxt = set()
            for key in need:
                opts = layers[i][key]
                tab[key] = (_cum([w for _, _, w in opts]), [(k, c) for k, c, _ in opts])
                nxt.update(k for k, _, _ in opts)
            back[i] = tab
            need = nxt
        self.back = back

    def sample(self, rnd: List[float]) -> List[int]:
        """Counts drawn with probability proportional to their weight; ``rnd`` 35 uniforms."""
        cum = self.final_cum
        key = self.final_keys[bisect.bisect_right(cum, rnd[34] * cum[-1])]
        counts = [0] * 34
        back = self.back
        for i in range(33, -1, -1):
            cum, ch = back[i][key]
            j = bisect.bisect_right(cum, rnd[i] * cum[-1])
            if j >= len(ch):
                j = len(ch) - 1
            key, counts[i] = ch[j]
        return counts


def _cum(ws: List[float]) -> List[float]:
    out = []
    s = 0.0
    for w in ws:
        s += w
        out.append(s)
    return out


class TenpaiSampler:
    """TenpaiSampler(u, n): kind counts of an ``n``-tile concealed hand (3k+1) drawn
    uniformly among the *tenpai* id-subsets of an unseen pool with kind counts ``u``
    (every form: standard; seven pairs and thirteen orphans when n == 13)."""

    def __init__(self, u: Sequence[int], n: int):
        self.n = n
        self.u = list(u)
        self.forms = [_FormTable(self.u, n, _D0, _std_step, _std_accept)]
        if n == 13:
            self.forms.append(_FormTable(self.u, n, (0, 0), _chiitoi_step,
                                         lambda s: s == (6, 1)))
            self.forms.append(_FormTable(self.u, n, (0, 0), _kokushi_step,
                                         lambda s: True))
        self.weights = [f.total for f in self.forms]
        self.total = sum(self.weights)
        self.cum = _cum(self.weights)

    def sample(self, rng: np.random.Generator) -> List[int]:
        if self.total <= 0:
            raise PositionError("no tenpai hand can be made from the unseen tiles",
                                "riichi_impossible")
        while True:
            rnd = rng.random(37).tolist()
            f = bisect.bisect_right(self.cum, rnd[35] * self.total)
            f = min(f, len(self.forms) - 1)
            counts = self.forms[f].sample(rnd)
            if self.n != 13:
                return counts
            # a shape of two forms (standard and seven pairs) is proposed twice as often
            both = (f == 0 and _is_chiitoi_tenpai(counts)) or \
                (f == 1 and is_std_tenpai(counts))
            if not both or rnd[36] < 0.5:
                return counts


# ---------------------------------------------------------------------- the sampler
class Sampler:
    """Sampler(position, rules=Rules()): everything a position's samples share, computed
    once (validation, the unseen ids, the engine's derived per-hand fields, the tenpai
    tables of riichi opponents, the seat's legal actions).

    ``world(rng)`` draws a :class:`World`; ``state(rng=None, world=None)`` builds the
    :class:`GameState` at the decision point (from ``world``, or a fresh world from
    ``rng``); ``legal`` is the seat's legal action list; ``resolve(choice)`` an action."""

    def __init__(self, position: Position, rules: Optional[Rules] = None):
        rules = rules if rules is not None else Rules()
        position.validate(rules)
        self.position = pos = position
        self.rules = rules
        p = pos.seat
        self.seat = p
        self.unseen = np.array(pos.unseen_ids(), dtype=np.int64)
        u = pos.unseen_counts()
        self.kans = kans = pos.kans
        self.n_opp = {q: 13 - 3 * len(pos.melds[q]) for q in range(4) if q != p}
        self.riichi_opps = [q for q in range(4) if q != p and pos.riichi[q] >= 0]
        self.free_opps = [q for q in range(4) if q != p and pos.riichi[q] < 0]
        self.tenpai: Dict[int, TenpaiSampler] = {}
        tables: Dict[int, TenpaiSampler] = {}
        for q in self.riichi_opps:
            n = self.n_opp[q]
            if n not in tables:
                tables[n] = TenpaiSampler(u, n)
            self.tenpai[q] = tables[n]
            if self.tenpai[q].total <= 0:
                raise PositionError(f"seat {q} is in riichi but no tenpai hand of {n} tiles can "
                                    "be made from the tiles the seat cannot see",
                                    "riichi_impossible")
        self.u = list(u)
        self.kind_start = [sum(self.u[:k]) for k in range(34)]
        self.n_live = pos.left + kans
        self.n_rin = 4 - kans
        self.n_dora_hidden = 5 - len(pos.dora_indicators)
        # per-hand fields derived once
        melds = pos.melds
        self.is_open = [any(m.is_open for m in ms) for ms in melds]
        self.kans_by = [sum(1 for m in ms if m.is_kan) for ms in melds]
        self.nagashi_ok = [all((_YAOCHUU_MASK >> (t >> 2)) & 1 for t in pos.rivers[q])
                           and not any(pos.river_called[q])
                           and not self.is_open[q] for q in range(4)]
        self.no_calls = not any(melds)
        d = pos.dealer
        self.first_winds = [pos.rivers[(d + i) % 4][0] >> 2 for i in range(4)
                            if pos.rivers[(d + i) % 4]]
        self.n_discards = sum(len(r) for r in pos.rivers)
        self.pao = [-1] * 4
        for q in range(4):
            for i, m in enumerate(melds[q]):
                if m.type in (MeldType.PON, MeldType.DAIMINKAN, MeldType.KAKAN):
                    k = m.tiles[0] >> 2
                    group = DRAGON_KINDS if k >= 31 else WIND_KINDS if k >= 27 else ()
                    if not group:
                        continue
                    n = sum(1 for x in melds[q][:i + 1] if x.type is not MeldType.CHI
                            and (x.tiles[0] >> 2) in group)
                    if n == len(group) and self.pao[q] < 0:
                        self.pao[q] = (q + m.from_who) % 4
        self.pending_dora = (1 + kans - len(pos.dora_indicators)) if rules.kan_dora else 0
        self.suukaikan = (kans == 4 and rules.abort_four_kans and max(self.kans_by) < 4)
        via = pos.via
        last = melds[p][-1] if melds[p] else None
        self.kuikae = 0
        if via == "call" and not rules.kuikae_allowed:
            k = last.called >> 2
            ban = 1 << k
            if last.type is MeldType.CHI:
                ks = sorted(x >> 2 for x in last.tiles if x != last.called)
                if ks[0] == k + 1 and k % 9 <= 5:
                    ban |= 1 << (k + 3)
                elif ks[1] == k - 1 and k % 9 >= 3:
                    ban |= 1 << (k - 3)
            self.kuikae = ban
        self.rinshan_from = (p + last.from_who) % 4 if via == "minkan" else -1
        if via in ("call", "minkan"):
            f = (p + last.from_who) % 4
            self.last_discard, self.last_discarder = pos.rivers[f][-1], f
        else:
            f = (p - 1) % 4
            r = pos.rivers[f]
            self.last_discard, self.last_discarder = (r[-1], f) if r else (-1, -1)
        self._legal: Optional[List[Action]] = None
        self._template: Optional[GameState] = None

    # ------------------------------------------------------------------ worlds
    def world(self, rng: np.random.Generator) -> World:
        """A world drawn uniformly from what the seat cannot see (riichi opponents
        tenpai)."""
        pos = self.position
        arr = rng.permutation(self.unseen)
        hands: List[list] = [[], [], [], []]
        hands[self.seat] = list(pos.hand)
        if self.riichi_opps:
            counts = self._riichi_counts(rng)
            # the unseen ids grouped by kind, each kind's ids in their shuffled order: the
            # first copies of a kind in that order are a uniform choice of its ids
            grouped = arr[np.argsort(arr >> 2, kind="stable")].tolist()
            start = self.kind_start
            used = [0] * 34
            taken = np.zeros(136, dtype=bool)
            for q, cq in zip(self.riichi_opps, counts):
                h = []
                for k in range(34):
                    n = cq[k]
                    if n:
                        a = start[k] + used[k]
                        h.extend(grouped[a:a + n])
                        used[k] += n
                taken[h] = True
                hands[q] = h
            arr = arr[~taken[arr]]
        perm = arr.tolist()
        i = 0
        for q in self.free_opps:
            n = self.n_opp[q]
            hands[q] = perm[i:i + n]
            i += n
        live = perm[i:i + self.n_live]
        i += self.n_live
        rin = perm[i:i + self.n_rin]
        i += self.n_rin
        dora = perm[i:i + self.n_dora_hidden]
        i += self.n_dora_hidden
        ura = perm[i:i + 5]
        return World(tuple(tuple(h) for h in hands), tuple(live), tuple(rin), tuple(dora),
                     tuple(ura))

    def _riichi_counts(self, rng: np.random.Generator) -> List[List[int]]:
        """Kind counts of the riichi opponents' hands, jointly uniform over tenpai hands
        with disjoint ids (independent proposals, accepted with the probability that
        their ids do not overlap)."""
        u = self.u
        for _ in range(100000):
            out = [self.tenpai[q].sample(rng) for q in self.riichi_opps]
            if len(out) == 1:
                return out
            acc = 1.0
            used = [0] * 34
            for cq in out:
                for k in range(34):
                    n = cq[k]
                    if n:
                        acc *= comb(u[k] - used[k], n) / comb(u[k], n)
                        used[k] += n
                if acc == 0.0:
                    break
            if acc > 0.0 and rng.random() < acc:
                return out
        raise PositionError("the riichi opponents' tenpai hands cannot share the unseen "
                            "tiles", "riichi_impossible")

    # ------------------------------------------------------------------ states
    def state(self, rng: Optional[np.random.Generator] = None,
              world: Optional[World] = None) -> GameState:
        """The GameState at the position's decision point (record=False, auto_next=False):
        from ``world``, else from a world drawn with ``rng``.

        The first call builds the state with :meth:`GameState.from_snapshot` (checked);
        every call then copies it and deals the world's hidden tiles with
        :meth:`GameState.redeal` (checked: the same unseen ids, each zone its size)."""
        if world is None:
            if rng is None:
                raise ValueError("state() needs an rng or a world")
            world = self.world(rng)
        p = self.seat
        tf = list(world.temp_furiten)
        tf[p] = False
        rf = list(world.riichi_furiten)
        rf[p] = self.position.furiten
        t = self._template
        if t is None:
            t = GameState.from_snapshot(self.snapshot(world), auto_next=False, record=False,
                                        walls=_next_hand_wall)
            self._template = t
            if self._legal is None:  # the seat's legal actions do not depend on the world
                self._legal = t.legal_actions(p)
        st = t.copy()
        st.redeal(world.hands, world.live, world.rinshan, world.dora, world.ura,
                  temp_furiten=tf, riichi_furiten=rf)
        return st

    def snapshot(self, world: World) -> dict:
        """The :meth:`GameState.snapshot` of the position on ``world`` (what
        :meth:`GameState.from_snapshot` reads): the visible table from the position, the
        per-hand bookkeeping derived once by the sampler, the hidden tiles from the world;
        the seat's own hidden flags are the position's."""
        pos = self.position
        p = self.seat
        tf = list(world.temp_furiten)
        tf[p] = False
        rf = list(world.riichi_furiten)
        rf[p] = pos.furiten
        seats = []
        for q in range(4):
            seats.append({
                "hand": list(world.hands[q]),
                "melds": [{"type": m.type.value, "tiles": list(m.tiles), "called": m.called,
                           "from_who": m.from_who, "added": m.added} for m in pos.melds[q]],
                "river": list(pos.rivers[q]), "river_called": list(pos.river_called[q]),
                "river_riichi": pos.riichi[q], "riichi": 2 if pos.riichi[q] >= 0 else 0,
                "double_riichi": pos.double_riichi[q], "ippatsu": pos.ippatsu[q],
                "temp_furiten": tf[q], "riichi_furiten": rf[q],
                "first_turn": not pos.rivers[q], "nagashi_ok": self.nagashi_ok[q],
                "pao": self.pao[q], "kans": self.kans_by[q], "nuki": [], "dead_hand": False})
        return {
            "version": 1, "rules": self.rules.to_dict(), "kyoku": pos.kyoku,
            "honba": pos.honba, "deposits": pos.deposits, "scores": list(pos.scores),
            "phase": "TURN", "actor": p,
            "wall": {"hands": [list(h) for h in world.hands], "live": list(world.live),
                     "rinshan": list(world.rinshan),
                     "dora": list(pos.dora_indicators) + list(world.dora),
                     "ura": list(world.ura), "n_live": pos.left},
            "live_pos": 0, "rinshan_pos": 0, "left": pos.left,
            "n_dora": len(pos.dora_indicators), "pending_dora": self.pending_dora,
            "seats": seats, "no_calls": self.no_calls, "suukaikan": self.suukaikan,
            "rinshan_draw": pos.via in ("rinshan", "minkan"), "after_call": pos.via == "call",
            "kuikae": self.kuikae, "kan_count": self.kans, "n_discards": self.n_discards,
            "first_winds": list(self.first_winds), "pending_riichi": -1,
            "last_draw": pos.drawn, "rinshan_from": self.rinshan_from,
            "last_discard": self.last_discard, "last_discarder": self.last_discarder,
            "resp_kind": "", "resp_tile": -1, "resp_actor": -1, "penalties": [],
            "wall_stream": None}

    def __getstate__(self):
        d = dict(self.__dict__)
        d["_template"] = None
        return d

    @property
    def legal(self) -> List[Action]:
        """The seat's legal actions (they do not depend on the hidden tiles)."""
        if self._legal is None:
            self.state(world=self.world(np.random.Generator(np.random.PCG64(0))))
        return list(self._legal)

    def resolve(self, choice) -> Action:
        return _resolve_choice(self, choice)


def _next_hand_wall(state: GameState) -> Wall:
    """The wall of a hand after a position's hand (a study plays one hand; a state that
    goes on deals fresh random walls). Given to the state as its ``walls`` callable, so
    that copies share it instead of copying a seeded stream."""
    return wall_generator(None)(state.dealer)


# ---------------------------------------------------------------------- choices
_CHOICE_WORDS = {"discard": ActionType.DISCARD, "riichi": ActionType.RIICHI,
                 "reach": ActionType.RIICHI, "tsumo": ActionType.TSUMO,
                 "ankan": ActionType.ANKAN, "kakan": ActionType.KAKAN,
                 "kyuushu": ActionType.KYUUSHU, "kyushu": ActionType.KYUUSHU}


def choice_text(a: Action, red_ids=None) -> str:
    """The text of a turn action as :func:`resolve_choice` reads it: ``3m``, ``riichi 0p``,
    ``tsumo``, ``ankan 1z``, ``kakan 5z``, ``kyuushu``. ``red_ids``: the ids written red
    (``0p``), the rules' (``Rules.red_ids``: every red copy of a five, none with red fives
    off); default ids 16, 52, 88."""
    reds = RED_ID_SET if red_ids is None else red_ids
    t = a.type
    if t is ActionType.DISCARD:
        return tile_name(a.tile, reds)
    if t is ActionType.RIICHI:
        return "riichi " + tile_name(a.tile, reds)
    if t is ActionType.TSUMO:
        return "tsumo"
    if t is ActionType.ANKAN:
        return "ankan " + tile_name(min(a.consumed, key=lambda x: (x in reds, x)), reds)
    if t is ActionType.KAKAN:
        return "kakan " + tile_name(a.tile, reds)
    if t is ActionType.KYUUSHU:
        return "kyuushu"
    return a.text(reds)


def _resolve_choice(sampler: Sampler, choice) -> Action:
    legal = sampler.legal
    pos = sampler.position
    reds = sampler.rules.red_ids   # the rules' red fives: none with red fives off
    names = ", ".join(choice_text(a, reds) for a in legal)

    def illegal(why: str) -> IllegalActionError:
        return IllegalActionError(f"choice {str(choice)!r} is not legal for seat {pos.seat} "
                                  f"here ({why}); legal: {names}", "illegal_choice")

    if isinstance(choice, Action):
        if choice.actor != pos.seat:
            raise illegal(f"it is seat {choice.actor}'s action")
        for b in legal:
            if b == choice:
                return b
        key = choice.key_for(reds)   # kinds and red-ness under the rules
        for b in legal:
            if b.key_for(reds) == key:
                return b
        raise illegal("no legal action matches")
    if not isinstance(choice, str):
        raise illegal("expected an Action or text")
    toks = choice.strip().split()
    if not toks:
        raise illegal("empty")
    word = toks[0].lower()
    if word == "tsumogiri":
        typ, tile = ActionType.DISCARD, tile_name(pos.hand[-1], reds) if pos.via != "call" \
            else None
        if tile is None:
            raise illegal("no tile was drawn")
        toks = [tile]
    elif word in _CHOICE_WORDS:
        typ = _CHOICE_WORDS[word]
        toks = toks[1:]
    else:
        typ = ActionType.DISCARD
    if len(toks) > 1:
        raise illegal("expected at most one tile")
    cands = [b for b in legal if b.type == typ]
    if not toks:
        if len(cands) == 1:
            return cands[0]
        raise illegal("say which tile" if cands else f"no {typ.name.lower()} is legal")
    try:
        specs = scan_specs(toks[0])
    except IppatsuError:
        raise illegal(f"{toks[0]!r} is not a tile") from None
    if len(specs) != 1:
        raise illegal(f"{toks[0]!r} is not one tile")
    k, r = specs[0]
    red = bool(reds)

    def tiles_of(b: Action):
        if b.type is ActionType.ANKAN:
            return list(b.consumed)
        return [b.tile]

    exact = [b for b in cands if any(x >> 2 == k and ((x in reds) == r or not red)
                                     for x in tiles_of(b))]
    if exact:
        return exact[0]
    # a plain five names the red one when it is the only five held
    loose = [b for b in cands if any(x >> 2 == k for x in tiles_of(b))]
    if len(loose) == 1 and not r:
        return loose[0]
    raise illegal("no such action")


def resolve_choice(position: Position, choice, rules: Optional[Rules] = None) -> Action:
    """The legal :class:`Action` of ``choice`` in the position: an Action (matched by kind
    and red-ness) or text — ``"3m"`` / ``"discard 3m"``, ``"riichi 3m"``, ``"tsumogiri"``,
    ``"tsumo"``, ``"ankan 1z"``, ``"kakan 5z"``, ``"kyuushu"`` (``0m`` is the red five; a
    plain five names the red one when no other five is held). Anything else raises
    :class:`~ippatsu.errors.IllegalActionError` (``illegal_choice``) listing the legal
    choices."""
    return position.prepare(rules).resolve(choice)


def legal_choices(position: Position, rules: Optional[Rules] = None) -> List[str]:
    """The seat's legal choices as text (see :func:`resolve_choice`)."""
    s = position.prepare(rules)
    return [choice_text(a, s.rules.red_ids) for a in s.legal]


def sample_state(position: Position, rng: Optional[np.random.Generator] = None,
                 rules: Optional[Rules] = None, *, world: Optional[World] = None) -> GameState:
    """A GameState at the position's decision point on a world drawn with ``rng`` (or on
    the given ``world``): phase TURN, actor = the seat, its legal actions those of the real
    game. The position's :class:`Sampler` is built once and cached."""
    return position.prepare(rules).state(rng, world)


def state_from_world(position: Position, world: World, rules: Optional[Rules] = None) -> GameState:
    """The GameState of the position on a given world (e.g. :meth:`World.from_state`)."""
    return position.prepare(rules).state(world=world)


# ---------------------------------------------------------------------- play-outs
class Outcome(NamedTuple):
    """The end of a play-out for the studied seat: ``win`` (it won the hand), ``deal_in``
    (it paid a ron), ``draw`` (the hand ended without a win: exhaustive — nagashi included —
    or abortive), ``tenpai`` (tenpai at an exhaustive draw), ``delta`` (its score after the
    hand minus its score at the position: riichi stick and collected deposits included;
    deposits a game end hands to the top are not), ``kind`` (``HandResult.kind``)."""

    win: bool
    deal_in: bool
    draw: bool
    tenpai: bool
    delta: int
    kind: str


_TURN = Phase.TURN
_RESPONSE = Phase.RESPONSE


def play_out(state: GameState, choice, agents: Sequence[Callable], seat: int) -> Outcome:
    """Apply ``choice`` (an Action, or choice text) for the seat to move, then play the
    hand to its end with ``agents[p](Observation(state, p), legal)``; the next hand is not
    started. Returns the :class:`Outcome` for ``seat``."""
    st = state
    if not isinstance(choice, Action):
        choice = _choice_on_state(st, choice)
    r0 = st.riichi[seat]
    st.step(choice)
    views = [Observation(st, q) for q in range(4)]
    while True:
        ph = st.phase
        if ph == _TURN:
            q = st.actor
            st.step(agents[q](views[q], st._offered(q)))
        elif ph == _RESPONSE:
            st.step([agents[q](views[q], acts) for q, acts in st._offers.items()])
        else:
            break
    res = st.hand_results[-1]
    delta = res.deltas[seat]
    if st.riichi[seat] == 2 and r0 != 2:
        delta -= st.rules.riichi_deposit
    win = any(w.winner == seat for w in res.wins)
    deal_in = any(w.from_who == seat and w.winner != seat for w in res.wins)
    draw = res.kind != "win"
    tenpai = bool(draw and res.tenpai is not None and res.tenpai[seat])
    return Outcome(win, deal_in, draw, tenpai, delta, res.kind)


def _choice_on_state(st: GameState, choice) -> Action:
    p = st.actor
    legal = st.legal_actions(p)
    for a in legal:
        if choice_text(a, st.rules.red_ids) == str(choice).strip():
            return a
    pos = Position.from_state(st, p)
    return Sampler(pos, st.rules).resolve(choice)


# ---------------------------------------------------------------------- records
@dataclass
class RecordCut:
    """A record cut at a decision point: the :class:`Position` of the seat to move, the
    actual :class:`World` (parts the record never shows filled with the other ids), the
    engine ``state`` replayed up to the cut, the ``rules``, and what the record does
    afterwards (``decisions``, ``results``: the shapes of :mod:`ippatsu.table.replay`)."""

    position: Position
    world: World
    state: GameState
    rules: Rules
    decisions: list
    results: list

    def replay(self, state: GameState) -> List[Tuple[str, str]]:
        """Feed the record's remaining actions to ``state`` (a state at the cut, e.g.
        ``state_from_world(cut.position, cut.world, cut.rules)``) until the hand ends;
        returns the disagreements with the record's result ([] = reproduced exactly)."""
        from ..table.replay import Mismatch, compare_results, response_actions, turn_action

        decisions = self.decisions
        nd = len(decisions)
        i = 0
        try:
            while state.phase == _TURN or state.phase == _RESPONSE:
                d = decisions[i] if i < nd else None
                if state.phase == _TURN:
                    if d is None:
                        return [("cut", "the record ends before the hand")]
                    state.step(turn_action(state, d))
                    i += 1
                else:
                    acts, used = response_actions(state, d)
                    if used:
                        i += 1
                    state.step(acts)
        except Mismatch as e:
            return [(e.cause, e.detail)]
        return compare_results(state, self.results)


def _load_rounds(src, rules: Optional[Rules]):
    """The rounds of a record and the rules to play them by: ``rules`` as given, or else
    the rules replay would use (Tenhou's rules at the record's date and its lobby
    header: :func:`~ippatsu.table.replay.record_rules`). ``src``: rounds already loaded,
    or anything :func:`ippatsu.io.load_record` reads."""
    from ..io.record import load_record
    from ..table.replay import record_rules

    if isinstance(src, (list, tuple)) and src and hasattr(src[0], "events"):
        rounds = list(src)
        return rounds, rules or record_rules(rounds)
    rec = load_record(src)
    return rec.rounds, rules or record_rules(rec)


def cut_record(src, *, hand_index: int, turn: int, seat: Optional[int] = None,
               rules: Optional[Rules] = None) -> RecordCut:
    """Cut a recorded game at a decision point.

    ``src``: a record as :func:`ippatsu.io.load_record` reads it (a path or bytes of a
    Tenhou mjlog, tenhou.net/6 JSON or mjai log, plain or gzip; its text; a list of mjai
    event dicts), or a list of loaded rounds. The cut
    point: ``hand_index`` = the hand (kyoku) counted from 0 in file order; ``turn`` = the
    TURN decision points of that hand counted from 0 (every draw, kan replacement and
    call-then-discard is one), counting only ``seat``'s turns when ``seat`` is given.
    ``rules``: default Tenhou's (with the lobby's red fives, length and open tanyao for an
    mjlog). The record is replayed through the engine up to the cut (its actions must be
    legal) and the position taken with :meth:`Position.from_state`.
    """
    from ..table.replay import Mismatch, build_hand, response_actions, turn_action

    rounds, rules = _load_rounds(src, rules)
    if not 0 <= hand_index < len(rounds):
        raise PositionError(f"hand_index {hand_index} out of range (the record has "
                            f"{len(rounds)} hands)", "bad_cut")
    rnd = rounds[hand_index]
    wall, decisions, results = build_hand(rnd)
    st = GameState(rules, start=False, auto_next=False, record=False)
    st.start_hand(wall, kyoku=rnd.kyoku, honba=rnd.honba, deposits=rnd.deposits,
                  scores=list(rnd.scores))
    i = 0
    n = 0
    nd = len(decisions)
    try:
        while st.phase == _TURN or st.phase == _RESPONSE:
            d = decisions[i] if i < nd else None
            if st.phase == _TURN:
                if seat is None or st.actor == seat:
                    if n == turn:
                        return RecordCut(Position.from_state(st, st.actor), World.from_state(st),
                                         st, rules, decisions[i:], results)
                    n += 1
                if d is None:
                    break
                st.step(turn_action(st, d))
                i += 1
            else:
                acts, used = response_actions(st, d)
                if used:
                    i += 1
                st.step(acts)
    except Mismatch as e:
        raise PositionError(f"the record does not replay up to the cut: {e}", "bad_cut") from None
    who = f"seat {seat}'s" if seat is not None else "the"
    raise PositionError(f"hand {hand_index} has only {n} of {who} turns (turn {turn} asked)",
                        "bad_cut")
