"""The game state machine: four players (docs/rules.md §8) or three (§11).

Design
------
:class:`GameState` holds a whole game: scores, the hand counter (``kyoku`` 0 = East 1,
4 = South 1, 8 = West 1), honba and riichi deposits, and the state of the current hand.
It moves only through :meth:`GameState.step`, which takes the actions of the players who
may act at the current *decision point* and runs the table until the next one:

* ``TURN``: the ``actor`` holds 3k+2 tiles (after a draw, a call or a kan replacement) and
  chooses a discard, riichi + discard, tsumo, a closed or added kan, or the nine-terminals
  abort;
* ``RESPONSE``: after a discard (or an added kan, or a closed kan a kokushi may rob) every
  player who can ron, pon, kan or chi answers; everybody else is skipped. A discard that no
  one can claim never stops the machine.
* ``HAND_END`` (the hand is over: results in :attr:`GameState.hand_results`; with
  ``auto_next`` the next hand starts at once) and ``GAME_END``.

:meth:`GameState.legal_actions` gives the exact legal set of a player at the current
point, computed once per point and cached. Per player the state keeps the concealed ids,
34 counts in a ``bytearray`` (passed to :mod:`ippatsu.core` as ``bytes``), the melds as
:class:`ippatsu.hand.Meld`, the river, a bit mask of discarded kinds (tiles called away
included: furiten) and the waits of the 3k+1 hand, refreshed after every change of the
concealed tiles (incremental: one ``shanten`` + ``waits`` call per discard).

Tiles come from a :class:`~ippatsu.table.wall.Wall`: seeded walls for self-play, walls
rebuilt from a record for replay, walls in tile notation for tests. The state draws the
next live tile itself; it never looks at a wall tile before it is drawn or revealed.

Speed: the build compiles this file with Cython; ``state.pxd`` beside it makes
:class:`GameState` a cdef class (attributes in C slots, the per-decision methods
``cpdef`` with typed seats). The file stays plain Python: ``IPPATSU_PURE_PYTHON=1`` runs it
interpreted, and ``tests/test_table_compiled.py`` checks that both play every game alike.
So: no closures (generator expressions, lambdas) inside the ``cpdef`` methods, and no
attribute that ``state.pxd`` does not declare.

Seats are absolute (0–3, seat 0 = the first dealer); ``dealer = kyoku % 4``; the seat
wind of seat ``p`` is ``(p - dealer) % 4``. Events are mjai-shaped dicts
(:attr:`GameState.events`); :mod:`ippatsu.io.mjai` writes them as JSON lines and masks
them per player.

Example: a position in tile notation, then the dealer's legal actions and a discard.

>>> from ippatsu.table import GameState, Wall, ActionType
>>> st = GameState(start=False)
>>> st.start_hand(Wall.from_text(["123m456p789s1122z", "", "", ""], draws="9m"))
>>> sorted({a.type.name for a in st.legal_actions(0)})
['DISCARD', 'RIICHI']
>>> [str(a) for a in st.legal_actions(0) if a.type == ActionType.RIICHI]
['riichi 9m by 0']
>>> st.step(next(a for a in st.legal_actions(0) if a.type == ActionType.RIICHI))
>>> st.phase.name, st.actor, st.riichi[0].name, st.scores[0]
('TURN', 1, 'ACCEPTED', 24000)

Departures and choices (where the rules leave room):
- The indicator of an open or added kan turns after the next discard passes without a
  ron (``Rules.open_kan_dora_delayed=True``), or, with ``open_kan_dora_delayed=False``,
  when the kan player discards, before any ron on it (Tenhou); in both cases at once when
  the same player declares another kan first. A rinshan win after an open kan never
  counts it.
- After riichi a closed kan must use the tile just drawn and keep the waits unchanged.
- A kan needs a replacement tile: no kan once the live wall is empty.
- A call that would leave the caller only kuikae-banned tiles to discard is not offered.
  With ``Rules.kuikae_allowed`` (Mu, the EMA rules before 2016) nothing is banned after a
  call, and every call is offered.
- The last hand's dealer stops the game (``LastDealerStop.AUTO``), or is offered
  ``STOP`` / ``PASS`` at ``HAND_END`` (``OPTIONAL``: ``legal_actions(dealer)``; a step
  with the choice ends the game or starts the next hand), after a win, and after tenpai
  at an exhaustive draw unless ``Rules.last_dealer_stop_tenpai`` is False (Tenhou before
  June 2010: ``Rules.tenhou(at=...)``). An abortive draw never offers it.
- Nagashi mangan is lost by discarding a simple, by having a discard called, or by an
  open call (chi, pon, open or added kan); a closed kan does not void it.

Three players (``rules.players == 3``, docs/rules.md §11 "The table with three players"):
seats 0-2, ``dealer = kyoku % 3`` (kyoku 0-2 East, 3-5 South), 108-tile walls, no chi,
and the North declaration (:attr:`ActionType.NUKIDORA`): on one's own turn (not right after
a pon, not once the live wall is empty), the North is set aside (:attr:`nuki`), the other
two may ron it (any yaku; not chankan), else it breaks ippatsu and the first-turn flags like
a call and a replacement tile is drawn (a win on it is rinshan). In riichi only the North
just drawn may be set aside (the hand, so the waits, stay as declared). The hand core's
``players=3`` road is used where a four-player answer could differ (a hand holding four
1m or four 9m); otherwise its waits are the four-player waits without 2m-8m.

Flower tiles (``rules.flowers``, docs/rules.md §12 "Flower tiles"): 140-tile walls. The
flowers of the start hands are set aside at the deal, seat by seat from the dealer, each
with a replacement tile (:meth:`_deal_flowers`). A flower drawn later is held outside the
hand (``last_draw`` at a turn, never in :attr:`hand` or the counts) and setting it aside
(:attr:`ActionType.NUKIDORA` with the flower's id) is the only legal action; the
replacement tile comes from the dead wall and shortens the live wall by one (never below
empty: the replacement of a flower drawn as the last tile is the last draw). Flowers set
aside are kept in :attr:`nuki` and scored as ``score(flowers=n)``. A flower declaration
is no call: it breaks no ippatsu and no first-turn window, and a win on its replacement
tile is not rinshan kaihou (that yaku is the kan's).
"""
from __future__ import annotations

import operator
from enum import IntEnum
from numbers import Integral as _Integral
from typing import Callable, Dict, Iterable, List, Optional, Sequence

from .. import core as _core
from ..errors import IllegalActionError
from ..hand import Meld, MeldType
from ..rules import (GameLength, LastDealerStop, NagashiMode, Renhou, RiichiKan, RonMode,
                     Rules, rules_of)
from ..scoring import score
from .._codes import (F_CHIIHOU as _F_CHIIHOU, F_DOUBLE_RIICHI as _F_DOUBLE_RIICHI,
                      F_HAITEI as _F_HAITEI, F_HOUTEI as _F_HOUTEI, F_IPPATSU as _F_IPPATSU,
                      F_RIICHI as _F_RIICHI, F_RINSHAN as _F_RINSHAN, F_TENHOU as _F_TENHOU,
                      F_TSUMO as _F_TSUMO, S_OK as _S_OK, SANMA_ABSENT_MASK, YAOCHUU_MASK)
from ..tiles import (DRAGON_KINDS, NORTH, RED_ID_SET, SANMA_ABSENT_KINDS, WIND_KINDS,
                     YAOCHUU_KINDS, flower_name, id_to_mjai, kind_to_mjai)
from .actions import Action, ActionType
from .actionspace import RIICHI as _I_RIICHI, SIZE as _I_SIZE, TSUMO as _I_TSUMO
from .actionspace import index_of_fields, red_table as _red_table
from .actionspace import check_index as _check_index, describe
from .seat import Seat
from .settle import (chombo_deltas, final_standings, liable_seat, nagashi_deltas,
                     noten_deltas, noten_pool_deltas, placement, win_deltas)
from .wall import SANMA_IDS, Wall, wall_generator
from ._riichi_kan import riichi_kan_keeps_readings

__all__ = ["GameState", "Phase", "RiichiState", "HandResult", "WinResult"]

_shanten = _core.shanten


_is_agari = _core.is_agari
_waits = _core.waits
_shanten_waits = _core._shanten_waits
_tenpai_discards = _core._tenpai_discards
_set_slots = _core._set_slots
_tuple_of = _core._tuple_of
#: the compiled scoring kernel (None in the pure-Python twin): the win test
_score_kernel = _core._score_kernel


A_DISCARD = ActionType.DISCARD
A_RIICHI = ActionType.RIICHI
A_TSUMO = ActionType.TSUMO
A_ANKAN = ActionType.ANKAN
A_KAKAN = ActionType.KAKAN
A_KYUUSHU = ActionType.KYUUSHU
A_RON = ActionType.RON
A_CHI = ActionType.CHI
A_PON = ActionType.PON
A_DAIMINKAN = ActionType.DAIMINKAN
A_PASS = ActionType.PASS
A_STOP = ActionType.STOP
A_NUKIDORA = ActionType.NUKIDORA

_RED = RED_ID_SET
#: 1 for a red five's id with one red per suit (a byte per id: a C-level test when
#: compiled); the state's own table is ``_red`` (``Rules.red_five_counts``)
_IS_RED = _red_table(True)
#: no red five (red fives off)
_NO_RED = _red_table(False)
_YAOCHUU = YAOCHUU_KINDS
_YAOCHUU_MASK = YAOCHUU_MASK
#: 1 for the terminal and honor kinds (a byte per kind: a C-level test when compiled)
_YAO = bytes(1 if k in _YAOCHUU else 0 for k in range(34))
#: the bit of each kind (Python ints: no C shift)
_KBIT = tuple(1 << k for k in range(34))
_WINDS = ("E", "S", "W", "N")
#: kinds 2m-8m (absent with three players)
_MAN_MID = SANMA_ABSENT_MASK
_NOT_MAN_MID = ((1 << 34) - 1) & ~_MAN_MID
_NORTH = NORTH


def _shanten3(c: bytes) -> int:
    """Three-player shanten of 34 counts without 2m-8m: the four-player value, except for
    a hand holding four 1m or four 9m (the four-player table may then run 1m or 9m with
    2m-8m that do not exist), which takes the hand core's ``players=3`` road."""
    if c[0] == 4 or c[8] == 4:
        return _shanten(c, players=3)
    return _shanten(c)


def _waits3(c: bytes) -> int:
    """The three-player wait mask of a tenpai 3k+1 hand (as :func:`_shanten3`)."""
    if c[0] == 4 or c[8] == 4:
        return _mask_of(_waits(c, players=3))
    return _mask_of(_waits(c)) & _NOT_MAN_MID


class Phase(IntEnum):
    TURN = 0
    RESPONSE = 1
    HAND_END = 2
    GAME_END = 3


class RiichiState(IntEnum):
    """A seat's riichi (:attr:`GameState.riichi`): none, declared (the riichi discard is
    not yet passed: no deposit paid), accepted (the deposit is paid)."""
    NONE = 0
    DECLARED = 1
    ACCEPTED = 2


_NO_RIICHI = RiichiState.NONE
_DECLARED = RiichiState.DECLARED
_ACCEPTED = RiichiState.ACCEPTED

_TURN = Phase.TURN
_RESPONSE = Phase.RESPONSE
_HAND_END = Phase.HAND_END
_GAME_END = Phase.GAME_END


class WinResult:
    """One win of a hand: ``winner``, ``from_who`` (== winner for tsumo), the winning
    tile, the :class:`~ippatsu.scoring.ScoreResult` and the score ``deltas`` by seat."""

    __slots__ = ("winner", "from_who", "tile", "score", "deltas", "pao", "hand")

    def __init__(self, winner, from_who, tile, score, deltas, pao, hand):
        self.winner = winner
        self.from_who = from_who
        self.tile = tile
        self.score = score
        self.deltas = deltas
        self.pao = pao
        self.hand = hand

    @property
    def tsumo(self) -> bool:
        return self.winner == self.from_who

    def __repr__(self) -> str:
        s = self.score
        return (f"WinResult(winner={self.winner}, from_who={self.from_who}, han={s.han}, "
                f"fu={s.fu}, points={s.points}, deltas={self.deltas})")


class HandResult:
    """How a hand ended. ``kind`` is ``"win"``, ``"exhaustive"`` or an abortive draw
    (``"nine_terminals"``, ``"four_winds"``, ``"four_riichi"``, ``"four_kans"``,
    ``"three_ron"``); ``wins`` the :class:`WinResult` list (several for a double ron);
    ``deltas`` the total score change by seat (riichi deposits paid during the hand not
    included); ``tenpai`` by seat at an exhaustive draw; ``nagashi`` the qualifying seats;
    ``riichi`` and ``open`` by seat: whether the seat declared riichi (its riichi discard
    passed or not), whether its hand was open (a chi, pon, open or added kan), at the
    end of the hand."""

    __slots__ = ("kind", "wins", "deltas", "tenpai", "nagashi", "kyoku", "honba", "riichi",
                 "open")

    def __init__(self, kind, wins, deltas, tenpai=None, nagashi=(), kyoku=0, honba=0):
        self.kind = kind
        self.wins = wins
        self.deltas = deltas
        self.tenpai = tenpai
        self.nagashi = nagashi
        self.kyoku = kyoku
        self.honba = honba
        self.riichi = ()
        self.open = ()

    def __repr__(self) -> str:
        return f"HandResult({self.kind!r}, wins={self.wins}, deltas={self.deltas})"


def _spec(t: int) -> int:
    return (t >> 2) * 2 + (t in _RED)


#: one bit per (kind, red-ness) of each tile id
_SPECBIT = tuple(1 << _spec(t) for t in range(136))
_ACTION_TYPES = frozenset(ActionType)
#: (rules, max_kans, riichi_min_points, riichi_min_wall, furiten_on_yakuless_pass) of the
#: last Rules object a turn used (replaced as one tuple: never half updated)
_TURN_RULES = [(None, 0, 0, 0, False)]


def _turn_rules(rules) -> tuple:
    """The rules read at every turn and every passed discard, cached for the (frozen)
    :class:`Rules` object last seen."""
    e = _TURN_RULES[0]
    if e[0] is not rules:
        e = (rules, rules.max_kans, rules.riichi_min_points, rules.riichi_min_wall,
             rules.furiten_on_yakuless_pass)
        _TURN_RULES[0] = e
    return e
_PASSES = tuple(Action(ActionType.PASS, p) for p in range(4))
_STOPS = tuple(Action(ActionType.STOP, p) for p in range(4))
_NOTENS = tuple(Action(ActionType.NOTEN, p) for p in range(4))
_SPECS = tuple(_spec(t) for t in range(136))
_KINDS = tuple(t >> 2 for t in range(136))
#: one bit per kind (red fives off: a red five is a plain five)
_KINDBIT = tuple(1 << (t >> 2) for t in range(136))
#: _SPECS and _KINDS as bytes (C-level lookups when compiled), zeros to copy
_SPECS_B = bytes(_SPECS)
_KINDS_B = bytes(_KINDS)
#: the rules of a state made without any (Rules are immutable values: one is shared)
_DEFAULT_RULES = Rules()
#: the turn's discard ids: room for a hand of 14 and more
_TURN_IDS = 18
#: the offers at a turn: {actor: None}, the turn kept as data (GameState._offer_turn)
_TURN_OFFERS = tuple({p: None} for p in range(4))
#: (specs, spec bits, specs as bytes) by red table (Rules.red_five_counts: which copies
#: are red follows the rules)
_SPEC_TABLES: Dict[bytes, tuple] = {}


def _discard_indices(red_fives: bool) -> bytes:
    """The action-space index of the discard of each (kind, red-ness) code (68 codes
    ``kind * 2 + red`` with red fives; the 34 kinds without): a kind's own index, a red
    five's 34 + its suit (``actionspace.index_of_fields``, the one rule)."""
    if not red_fives:
        return bytes([index_of_fields(0, k * 4, (), _NO_RED) for k in range(34)] + [0] * 34)
    out = bytearray(68)
    for t in range(136):
        out[(t >> 2) * 2 + _IS_RED[t]] = index_of_fields(0, t, (), _IS_RED)
    return bytes(out)


_DISC_INDEX = _discard_indices(True)
_DISC_INDEX_PLAIN = _discard_indices(False)


def _discard_codes(red_fives: bool) -> bytes:
    """The inverse of :func:`_discard_indices`: the (kind, red-ness) code of each of the 37
    discard indices (255: no tile has it, a red five without red fives)."""
    didx = _discard_indices(red_fives)
    out = bytearray([255] * 37)
    for t in range(136):
        s = (t >> 2) * 2 + _IS_RED[t] if red_fives else t >> 2
        out[didx[s]] = s
    return bytes(out)


_DISC_CODE = _discard_codes(True)
_DISC_CODE_PLAIN = _discard_codes(False)
_SPEC_TABLES[_IS_RED] = (_SPECS, _SPECBIT, _SPECS_B, _DISC_INDEX, _DISC_CODE)
_SPEC_TABLES[_NO_RED] = (_KINDS, _KINDBIT, _KINDS_B, _DISC_INDEX_PLAIN, _DISC_CODE_PLAIN)


def _spec_tables(red: bytes) -> tuple:
    """(specs, spec bits, specs as bytes, the discards' indices by code, the discards'
    codes by index) of the red table
    ``red``: the (kind, red-ness) code ``kind * 2 + red`` of each id."""
    e = _SPEC_TABLES.get(red)
    if e is None:
        specs = tuple((t >> 2) * 2 + red[t] for t in range(136))
        e = _SPEC_TABLES[red] = (specs, tuple(1 << x for x in specs), bytes(specs),
                                 _DISC_INDEX, _DISC_CODE)
    return e


def _red_key(a: Action, red: bytes) -> tuple:
    """``a.key`` (kinds and red-ness, copy numbers dropped) with the red ids of the table
    ``red``."""
    if red is _IS_RED:
        return a.key
    if red is _NO_RED:
        return _kind_key(a)
    return (a.type, a.actor, (a.tile >> 2) * 2 + red[a.tile] if 0 <= a.tile < 136 else
            (a.tile if a.tile >= 136 else -1),
            tuple(sorted((t >> 2) * 2 + red[t] for t in a.consumed)))


class _RedNames:
    """The mjai name of a tile id with the red ids of a red table (``5pr`` for each red
    copy: two red 5p share the name), flowers named 1f-4f."""

    __slots__ = ("red",)

    def __init__(self, red: bytes):
        self.red = red

    def __call__(self, t: int) -> str:
        if t >= 136:
            return flower_name(t)
        n = kind_to_mjai(t >> 2)
        return n + "r" if self.red[t] else n


def _kind_key(a: Action) -> tuple:
    return (a.type, a.actor, a.tile >> 2 if a.tile >= 0 else -1,
            tuple(sorted(t >> 2 for t in a.consumed)))
#: the discard actions, shared (actions are immutable values): _DISCARDS[seat][tile id]
_DISCARDS = tuple(tuple(Action(ActionType.DISCARD, p, t) for t in range(136)) for p in range(4))


#: meld types by code (the codes key the meld cache: small ints hash in C)
_M_CHI, _M_PON, _M_DAIMINKAN, _M_ANKAN, _M_KAKAN = range(5)
_KAN_NEVER, _KAN_READINGS = RiichiKan.NEVER, RiichiKan.READINGS  # closed kans in riichi
_RENHOU_OFF = Renhou.OFF
_MELD_TYPES = (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.ANKAN,
               MeldType.KAKAN)
#: the same members as module names (a member read off the Enum class goes through its
#: metaclass's Python-level attribute hook, on every turn)
_T_CHI, _T_PON, _T_DAIMINKAN, _T_ANKAN, _T_KAKAN = _MELD_TYPES
#: their values (a meld's key spells its type so)
_MELD_VALUES = tuple(t.value for t in _MELD_TYPES)
_MELDS: Dict[tuple, Meld] = {}
#: Meld's slots, in the order _new_meld gives their values
_MELD_SLOTS = ("type", "tiles", "called", "from_who", "added", "_auto", "_key", "_hash",
               "_reds")
#: (kind, red) of each tile id: a meld's key spells its tiles so
_SPEC_PAIRS = tuple((t >> 2, t in RED_ID_SET) for t in range(136))
#: (kind, red) of each tile id and the red ids, by red table (Rules.red_five_counts)
_PAIR_TABLES: Dict[bytes, tuple] = {_IS_RED: (_SPEC_PAIRS, RED_ID_SET)}


def _pair_table(red: bytes) -> tuple:
    """(the (kind, red) pair of each tile id, the red ids) of the red table ``red``."""
    e = _PAIR_TABLES.get(red)
    if e is None:
        e = _PAIR_TABLES[red] = (tuple([(t >> 2, red[t] == 1) for t in range(136)]),
                                 frozenset([t for t in range(136) if red[t]]))
    return e


def _meld(code: int, tiles: tuple, called: Optional[int], from_who: Optional[int],
          added: Optional[int] = None, red: bytes = _IS_RED) -> Meld:
    """The :class:`Meld` of a legal call (``code``: ``_M_CHI`` ...), cached: melds are
    immutable values and repeat a lot. ``red``: the state's red table (the meld's red
    fives are its rules' red ids)."""
    key = (code, tiles, called, from_who, added, red)
    m = _MELDS.get(key)
    if m is None:
        if len(_MELDS) >= 1 << 16:
            _MELDS.clear()
        m = _MELDS[key] = _new_meld(_MELD_TYPES[code], tiles, called, from_who, added, red)
    return m


def _new_meld(mtype: MeldType, tiles: tuple, called: Optional[int], from_who: Optional[int],
              added: Optional[int] = None, red: bytes = _IS_RED) -> Meld:
    """``Meld(mtype, tiles, called=called, from_who=from_who, added=added,
    red_ids=red_ids)`` (``Meld(mtype, tiles, red_ids=red_ids)`` for an ankan; ``red_ids``:
    the ids of the red table ``red``) without the validation, for the melds of legal calls
    that the engine builds itself: the same slots as the validating constructor sets
    (tests/test_table_meld.py compares every slot)."""
    code = 0
    while _MELD_TYPES[code] is not mtype:
        code += 1
    reds = None
    if red is _IS_RED:
        pairs = _SPEC_PAIRS
    else:
        pairs = _pair_table(red)[0]
    if len(tiles) == 3:   # a chi or a pon: three ids sorted in place
        a = tiles[0]
        b = tiles[1]
        c = tiles[2]
        if a > b:
            a, b = b, a
        if b > c:
            b, c = c, b
            if a > b:
                a, b = b, a
        ids = (a, b, c)
        spelled = (pairs[a], pairs[b], pairs[c])
    else:
        ids = tuple(sorted(tiles))
        spelled = tuple([pairs[x] for x in ids])
    if red is not _IS_RED:
        red_ids = _pair_table(red)[1]
        # None when the meld's tiles are red as under one red five per suit
        own = frozenset([x for x in ids if x in red_ids])
        if own != RED_ID_SET.intersection(ids):
            reds = own
    seat = 0 if mtype is _T_ANKAN else int(from_who)
    m = object.__new__(Meld)
    key = (_MELD_VALUES[code], spelled,
           None if called is None else pairs[called],
           None if added is None else pairs[added], seat)
    # the slots set by the generic setter (Meld.__setattr__ refuses) in one call
    _set_slots(m, _MELD_SLOTS, (mtype, ids, called, seat, added, False, key, hash(key), reds))
    return m


def _discard_ids(ids: bytearray, hand: List[int], sb: bytes, drawn: int, ban: int,
                 slot: bytearray) -> int:
    """Write to ``ids`` the tile id of each discard of a turn, one per (kind, red-ness) of
    ``hand`` (``sb[t]``: the (kind, red-ness) code of ``t``), skipping the kinds of the bit
    mask ``ban``: in the order of first appearance, each the last such id, and ``drawn``
    (when >= 0) representing its own (kind, red-ness) (exactly the values of the dict
    ``{sb[t]: t for t in hand}`` updated with ``drawn``). Returns how many; ``slot`` (68
    zeros on entry) gets 1 + the position in ``ids`` of each code listed.

    Compiled, the bytes are read through C pointers (``pi``, ``ps``, ``pl``): the hand's
    ids are below 136 (``sb`` has 136 codes), a code is below 68 (``slot``'s length) and a
    hand lists at most 14 discards (``ids`` has room for :data:`_TURN_IDS`)."""
    pi = ids
    ps = sb
    pl = slot
    n = 0
    for x in hand:
        t = x
        if ban and (ban >> (t >> 2)) & 1:
            continue
        s = ps[t]
        i = pl[s]
        if i:
            pi[i - 1] = t
        else:
            pi[n] = t
            n += 1
            pl[s] = n
    if drawn >= 0:
        s = ps[drawn]
        i = pl[s]
        if i:
            pi[i - 1] = drawn
        else:
            pi[n] = drawn
            n += 1
            pl[s] = n
    return n


def _action(typ: ActionType, actor: int, tile: int, consumed: tuple, target: int) -> Action:
    """``Action(typ, actor, tile, consumed, target)``, every field given, built the way
    the NamedTuple's own ``__new__`` builds it but without that Python-level call (the
    legal calls are built at every discard)."""
    return _tuple_of(Action, (typ, actor, tile, consumed, target))


#: the riichi declarations, shared (actions are immutable values): _RIICHIS[seat][tile id]
_RIICHIS = tuple(tuple(_action(ActionType.RIICHI, p, t, (), -1) for t in range(136))
                 for p in range(4))


def _kind_counts(hand: List[int]) -> bytearray:
    """The copies of each kind among the ids of ``hand`` (34 counts)."""
    c = bytearray(34)
    for t in hand:
        c[t >> 2] += 1
    return c


def _variants(hand: List[int], k: int, red: bytes) -> List[int]:
    """One id per red-ness of kind ``k`` in ``hand``, in hand order (``red``: the red
    table; one id when red fives are off)."""
    out = []
    red_seen = plain_seen = False
    for x in hand:
        if x >> 2 == k:
            if red[x]:
                if not red_seen:
                    red_seen = True
                    out.append(x)
            elif not plain_seen:
                plain_seen = True
                out.append(x)
    return out


#: the largest hand counter (kyoku, honba, deposits) the state takes: they are C ints,
#: and the payments multiply honba by 300 and deposits by 1000 well inside 32 bits
_COUNTER_MAX = 99_999


def _counter(v, name: str) -> int:
    """A hand counter given to ``start_hand``: an int 0 to :data:`_COUNTER_MAX` (setup
    only, not per decision)."""
    if type(v) is not int:
        try:
            if isinstance(v, bool):
                raise TypeError
            v = operator.index(v)
        except TypeError:
            raise IllegalActionError(f"{name} is an int 0 to {_COUNTER_MAX}, got {v!r}",
                                     "bad_counter") from None
    if v < 0 or v > _COUNTER_MAX:
        raise IllegalActionError(f"{name} is an int 0 to {_COUNTER_MAX}, got {v}",
                                 "bad_counter")
    return v


def _position_ids(tiles, what: str) -> List[int]:
    """The 136-ids ``set_position`` was given as ids: each an int 0-135, none twice
    (``bad_tile_id`` / ``duplicate_id``)."""
    from ..tiles import validate_ids

    if isinstance(tiles, (bytes, bytearray, dict)) or not hasattr(tiles, "__iter__"):
        raise IllegalActionError(f"{what} is notation or 136-ids, got "
                                 f"{type(tiles).__name__}", "bad_tile_id")
    return validate_ids(tiles)


def _scores(scores, n: int = 4) -> List[int]:
    """The ``n`` scores given to ``start_hand``, as a list of ints."""
    try:
        out = list(scores)
    except TypeError:
        raise IllegalActionError(f"scores are four ints, got {scores!r}", "bad_scores") from None
    if len(out) != n:
        raise IllegalActionError(f"scores are {'four' if n == 4 else 'three'} ints (one per "
                                 f"seat), got {len(out)}: {out!r}", "bad_scores")
    for i, v in enumerate(out):
        if type(v) is not int:
            try:
                if isinstance(v, bool):
                    raise TypeError
                out[i] = operator.index(v)
            except TypeError:
                raise IllegalActionError(f"scores are four ints, got {v!r} for seat {i}",
                                         "bad_scores") from None
    return out


def _checked_wall(wall, players: int, flowers: bool = False) -> Wall:
    """A wall the state did not generate itself (``walls=``, ``start_hand(wall)``),
    checked once at the start of its hand (:meth:`Wall.check`) for ``players`` seats."""
    if not isinstance(wall, Wall):
        raise IllegalActionError(f"a wall is a Wall, got {type(wall).__name__}", "bad_wall")
    wall.check(players, flowers)
    return wall


def _bad_action(a) -> IllegalActionError:
    """The error for something given to ``step`` that is not an :class:`Action` of a known
    type (only reached off the fast paths)."""
    if not isinstance(a, Action):
        return IllegalActionError(f"step takes Action values, got {type(a).__name__}: "
                                  f"{a!r}", "bad_action")
    return IllegalActionError(f"unknown action type {a.type!r} in {tuple(a)!r}",
                              "bad_action_type")


def _sanma_chi(a) -> IllegalActionError:
    return IllegalActionError(f"no chi in three-player mahjong: only pon, kan and ron "
                              f"claim a discard ({a})", "sanma_chi")


def _plain_name(t: int) -> str:
    return kind_to_mjai(t >> 2)


def _flower_name(t: int) -> str:
    return flower_name(t) if t >= 136 else id_to_mjai(t)


def _flower_plain_name(t: int) -> str:
    return flower_name(t) if t >= 136 else kind_to_mjai(t >> 2)


def _names(names, n: int) -> List[str]:
    """The players' names given to ``GameState``: ``n`` strings."""
    if isinstance(names, str):
        names = [names]
    out = list(names)
    if len(out) != n or not all(isinstance(x, str) for x in out):
        raise IllegalActionError(f"names are {n} strings (one per seat), got {names!r}",
                                 "bad_names")
    return out


#: GameState.copy: the attributes shared with the copy (ints, strs, tuples, the rules,
#: the wall, the generator, which is replaced when it is a seeded stream) ...
_COPY_SHARED = ("rules", "_name", "_specbit", "_spec", "_red", "_spec_b", "_didx", "_dcode",
                "_tm_disc", "_tm_riichi", "_tm_tail", "_tm_nd", "_tm_nr", "_tm_tsumo",
                "_tm_rest", "_wallgen", "_live", "_waits_before_draw",
                "_walls", "n_players", "_nxt", "_others", "_chi_seat", "auto_next", "record",
                "kyoku", "honba", "deposits", "phase", "_next", "wall", "_live_pos", "_rinshan_pos", "left",
                "n_dora", "pending_dora", "no_calls", "suukaikan", "rinshan_draw",
                "after_call", "kuikae", "kan_count", "n_discards", "pending_riichi", "actor",
                "last_draw", "rinshan_from", "last_discard", "last_discarder", "resp_kind",
                "resp_tile", "resp_actor")
#: ... copied one level deep (events and results are never changed once made) ...
_COPY_LIST = ("events", "names", "scores", "hand_results", "visible", "first_winds",
              "_tm_ids", "_tm_slot")


def _penalty_entry(x, n: int) -> dict:
    """A logged penalty of a snapshot, checked."""
    kind = x["kind"]
    if kind not in ("foul", "dead_hand", "chombo"):
        raise ValueError(f"unknown penalty {kind!r}")
    seat = _int(x["seat"], "penalty seat")
    if seat >= n:
        raise ValueError(f"penalty seat {seat} of {n}")
    return {"kind": kind, "seat": seat, "kyoku": _int(x["kyoku"], "penalty kyoku"),
            "honba": _int(x["honba"], "penalty honba")}


def _from_snapshot(cls, snap: dict, auto_next: bool, record: bool, walls=None):
    """:meth:`GameState.from_snapshot` (its errors not yet worded)."""
    if not isinstance(snap, dict):
        raise IllegalActionError(f"a snapshot is a dict, got {type(snap).__name__}",
                                 "bad_snapshot")
    if snap.get("version") != 1:
        raise IllegalActionError(f"unknown snapshot version {snap.get('version')!r}",
                                 "bad_snapshot")
    rules = Rules(**snap["rules"])
    st = cls(rules, start=False, auto_next=auto_next, record=record,
             names=snap.get("names"), walls=walls)
    st.events = []  # the events from the snapshot on (no start_game: the game began before)
    stream = snap.get("wall_stream")
    if stream is not None and walls is None:  # the next hands' walls: the same stream
        st._wallgen.bit_generator.state = stream
    st._restore(snap)
    return st


def _stream_state(gen) -> Optional[dict]:
    """The state of a seeded wall stream's bit generator (a JSON-able dict), or None."""
    bits = getattr(gen, "bit_generator", None)
    return None if bits is None else bits.state


def _int(v, name: str, low: int = 0) -> int:
    """A snapshot's integer field (>= ``low``)."""
    if type(v) is not int or v < low:
        raise IllegalActionError(f"bad snapshot: {name} is an int >= {low}, got {v!r}",
                                 "bad_snapshot")
    return v


def _ids(v, name: str, top: int = 136) -> List[int]:
    """A snapshot's list of tile ids (0-135; ``top`` 140 with flowers: 136-139 too)."""
    out = list(v)
    for t in out:
        if type(t) is not int or not 0 <= t < top:
            raise IllegalActionError(f"bad snapshot: {name} holds {t!r}, not a tile id "
                                     f"0-{top - 1}", "bad_snapshot")
    return out


def _same_ids(old: list, new: list) -> bool:
    """``new`` (as long as ``old``, distinct 136-ids) is a reordering of ``old``: each
    of its items an int id of ``old``, none twice (GameState.redeal)."""
    mark = bytearray(136)
    for t in old:
        mark[t] = 1
    for t in new:
        if type(t) is not int or t < 0 or t > 135 or mark[t] != 1:
            return False
        mark[t] = 2
    return True


def _identity_in(a, acts: List[Action]) -> bool:
    """Whether ``a`` itself (not an equal action) is in ``acts``."""
    for b in acts:
        if b is a:
            return True
    return False


def _is_index(x) -> bool:
    """An action-space index given to ``step`` (an int or a numpy integer, not a bool)."""
    t = type(x)
    if t is int:
        return True
    if t is list or t is Action or t is dict or t is tuple or t is bool:
        return False
    return isinstance(x, _Integral)


def _mask_of_actions(acts: List[Action], red: bytes) -> int:
    """The bit set of the action-space indices of ``acts`` (``red``: the red table)."""
    m = 0
    bit = _INDEX_BIT
    for a in acts:
        m |= bit[index_of_fields(a.type, a.tile, a.consumed, red)]
    return m


def _action_in(acts: list, i: int, red: bytes, player: int) -> Action:
    """The action of ``acts`` (``player``'s legal list) whose index is ``i`` (``red``: the
    state's red table); IllegalActionError when none is."""
    for a in acts:
        if index_of_fields(a.type, a.tile, a.consumed, red) == i:
            return a
    raise IllegalActionError(f"illegal action index {i} ({describe(i)}) for player "
                             f"{player}", "illegal_action")


def _turn_mask(d: int, r: int, tail: int) -> int:
    """The legal mask of a turn from its discard index bits ``d``, its riichi index bits
    ``r`` (both below 64: C integers when compiled) and the other actions' bits ``tail``,
    as a Python int (a mask is wider than 64 bits)."""
    dd = d
    rr = r
    return dd | (rr << _I_RIICHI) | tail


#: the bit of each action-space index (Python ints: a mask is wider than any C integer)
_INDEX_BIT = tuple(1 << i for i in range(_I_SIZE))
#: the bit of tsumo in a legal mask
_TSUMO_BIT = _INDEX_BIT[_I_TSUMO]


def _mask_of(kinds: Iterable[int]) -> int:
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


class GameState:
    """GameState(rules=Rules.ippatsu(), seed=None, *, names=None, walls=None, start=True,
    auto_next=True, record=True)

    Parameters
    ----------
    rules : Rules or a preset name (``"tenhou"``)
    seed : int or numpy SeedSequence, optional
        Seeds the walls (one permutation of the 136 ids per hand).
    names : four str, optional
        Player names for the ``start_game`` event.
    walls : callable ``(state) -> Wall``, optional
        Supplies the wall of each hand instead of the seeded generator.
    start : bool
        Start the first hand at once (default). With ``start=False`` call
        :meth:`start_hand` yourself (tests set up positions this way).
    auto_next : bool
        When a hand ends, start the next one at once (until the game ends).
    record : bool
        Keep the mjai event log in :attr:`events` (off for the fastest self-play).
    """

    def __init__(self, rules: Optional[Rules] = None, seed=None, *, names=None,
                 walls: Optional[Callable[["GameState"], Wall]] = None, start: bool = True,
                 auto_next: bool = True, record: bool = True):
        self.rules = rules_of(rules) if rules is not None else _DEFAULT_RULES
        # the red ids (Rules.red_five_counts: the first copies of each five), a byte per id
        red = self._red = _red_table(self.rules)
        # mjai tile names (a red five is written as a plain five when red fives are off;
        # every red copy is written red, 5pr)
        if red is not _IS_RED and red is not _NO_RED:
            self._name = _RedNames(red)
        else:
            self._name = id_to_mjai if self.rules.red_fives else _plain_name
            if self.rules.flowers:  # flowers are named 1f-4f
                self._name = _flower_name if self.rules.red_fives else _flower_plain_name
        self._spec, self._specbit, self._spec_b, self._didx, self._dcode = _spec_tables(red)
        n = self.rules.players
        self.n_players = n
        self._wallgen = wall_generator(seed) if n == 4 and not self.rules.flowers else \
            wall_generator(seed, players=n, flowers=self.rules.flowers)
        self._nxt = tuple([(p + 1) % n for p in range(n)])
        self._others = tuple([tuple([(p + i) % n for i in range(1, n)]) for p in range(n)])
        # the seat that may chi from each discarder (-1: nobody, three players)
        self._chi_seat = self._nxt if n == 4 else (-1, -1, -1)
        self._walls = walls
        self.auto_next = auto_next
        self.record = record
        self.events: List[dict] = []
        self.names = _names(names, n) if names else [f"player{i}" for i in range(n)]
        self.scores = [self.rules.starting_points] * n
        self.kyoku = 0
        self.honba = 0
        self.deposits = 0
        self.hand_results: List[HandResult] = []
        self.penalties: List[dict] = []
        self.phase = _HAND_END
        self.final: Optional[dict] = None
        self._next = (0, 0, 0)
        # the legal lists by seat; at a turn {actor: None}, the turn kept as data
        # (_offer_turn) and its list made when asked (_turn_list)
        self._offers: Dict[int, Optional[List[Action]]] = {}
        self._tm_list: Optional[List[Action]] = None
        self._tm_ids = bytearray(_TURN_IDS)
        self._tm_slot = bytearray(68)
        self._tm_nd = self._tm_nr = 0
        self._tm_disc = self._tm_riichi = 0
        self._tm_tail = 0
        self._tm_tsumo: Optional[Action] = None
        self._tm_rest: Optional[List[Action]] = None
        # the actor's shanten and waits are those of its hand before the tile it drew (set
        # by _draw; off once anything else may have changed the hand)
        self._waits_before_draw = False
        self.seats: List[Seat] = []   # one per player, dealt by start_hand
        if record:
            self.events.append({"type": "start_game", "names": list(self.names)})
            if self.rules.red_five_counts is not None:
                # red fives per suit: the log states its rules (two red 5p share the
                # name 5pr; a reader needs the counts to give each its id)
                self.events[-1]["ippatsu_rules"] = self.rules.to_dict()
        if start:
            self.start_hand()

    # ------------------------------------------------------------------ properties
    @property
    def dealer(self) -> int:
        return self.kyoku % self.n_players

    @property
    def round_wind(self) -> int:
        return self.kyoku // self.n_players

    @property
    def game_over(self) -> bool:
        return self.phase == _GAME_END

    def seat_wind(self, p: int) -> int:
        return (p - self.kyoku) % self.n_players

    @property
    def dora_indicators(self) -> List[int]:
        return self.wall.dora[:self.n_dora]

    # ------------------------------------------------------------------ per-seat views
    # Each seat's part of the hand lives in its :class:`~ippatsu.table.seat.Seat`
    # (``seats[p].hand``, ``seats[p].riichi`` ...). The views below give one field of every
    # seat as a tuple, by seat (``st.hand[p]`` is ``st.seats[p].hand``, the same list):
    # read-only, for reading code and the examples; the state's own code and hot readers
    # use ``seats``.
    @property
    def hand(self) -> tuple:
        """By seat: the concealed ids (``seats[p].hand``)."""
        return tuple([s.hand for s in self.seats])

    @property
    def cnt(self) -> tuple:
        """By seat: the 34 kind counts (``seats[p].cnt``)."""
        return tuple([s.cnt for s in self.seats])

    @property
    def melds(self) -> tuple:
        """By seat: the declared melds (``seats[p].melds``)."""
        return tuple([s.melds for s in self.seats])

    @property
    def is_open(self) -> tuple:
        """By seat: an open meld declared (``seats[p].is_open``)."""
        return tuple([s.is_open for s in self.seats])

    @property
    def river(self) -> tuple:
        """By seat: the discarded ids (``seats[p].river``)."""
        return tuple([s.river for s in self.seats])

    @property
    def river_called(self) -> tuple:
        """By seat: per discard, called away (``seats[p].river_called``)."""
        return tuple([s.river_called for s in self.seats])

    @property
    def river_riichi(self) -> tuple:
        """By seat: the river position of the riichi discard (-1) (``seats[p].river_riichi``)."""
        return tuple([s.river_riichi for s in self.seats])

    @property
    def disc_mask(self) -> tuple:
        """By seat: the discarded kinds' bits (``seats[p].disc_mask``)."""
        return tuple([s.disc_mask for s in self.seats])

    @property
    def waits(self) -> tuple:
        """By seat: the 3k+1 hand's waits (kind bits) (``seats[p].waits``)."""
        return tuple([s.waits for s in self.seats])

    @property
    def shanten(self) -> tuple:
        """By seat: the 3k+1 hand's shanten (``seats[p].shanten``)."""
        return tuple([s.shanten for s in self.seats])

    @property
    def riichi(self) -> tuple:
        """By seat: the RiichiState (``seats[p].riichi``)."""
        return tuple([s.riichi for s in self.seats])

    @property
    def double_riichi(self) -> tuple:
        """By seat: double riichi declared (``seats[p].double_riichi``)."""
        return tuple([s.double_riichi for s in self.seats])

    @property
    def ippatsu(self) -> tuple:
        """By seat: the ippatsu window open (``seats[p].ippatsu``)."""
        return tuple([s.ippatsu for s in self.seats])

    @property
    def temp_furiten(self) -> tuple:
        """By seat: temporary furiten (``seats[p].temp_furiten``)."""
        return tuple([s.temp_furiten for s in self.seats])

    @property
    def riichi_furiten(self) -> tuple:
        """By seat: riichi furiten (``seats[p].riichi_furiten``)."""
        return tuple([s.riichi_furiten for s in self.seats])

    @property
    def first_turn(self) -> tuple:
        """By seat: no discard yet (``seats[p].first_turn``)."""
        return tuple([s.first_turn for s in self.seats])

    @property
    def nagashi_ok(self) -> tuple:
        """By seat: nagashi mangan still possible (``seats[p].nagashi_ok``)."""
        return tuple([s.nagashi_ok for s in self.seats])

    @property
    def pao(self) -> tuple:
        """By seat: the liable seat (-1) (``seats[p].pao``)."""
        return tuple([s.pao for s in self.seats])

    @property
    def kans(self) -> tuple:
        """By seat: kans declared (``seats[p].kans``)."""
        return tuple([s.kans for s in self.seats])

    @property
    def nuki(self) -> tuple:
        """By seat: Norths or flowers set aside (``seats[p].nuki``)."""
        return tuple([s.nuki for s in self.seats])

    @property
    def tsumogiri(self) -> tuple:
        """By seat: the bits of the river positions discarded straight from the draw
        (``seats[p].tsumogiri``)."""
        return tuple([s.tsumogiri for s in self.seats])

    @property
    def dead_hand(self) -> tuple:
        """By seat: a dead hand (penalty) (``seats[p].dead_hand``)."""
        return tuple([s.dead_hand for s in self.seats])


    def _emit(self, ev: dict) -> None:
        self.events.append(ev)

    # ------------------------------------------------------------------ hand start
    def start_hand(self, wall: Optional[Wall] = None, *, kyoku: Optional[int] = None,
                   honba: Optional[int] = None, deposits: Optional[int] = None,
                   scores: Optional[Sequence[int]] = None) -> None:
        """Deal a hand. Without arguments: the next hand of the game from the next wall.
        ``kyoku``, ``honba``, ``deposits``, ``scores`` override the counters (replays,
        tests)."""
        if kyoku is not None:
            self.kyoku = _counter(kyoku, "kyoku")
        if honba is not None:
            self.honba = _counter(honba, "honba")
        if deposits is not None:
            self.deposits = _counter(deposits, "deposits")
        if scores is not None:
            self.scores = _scores(scores, self.n_players)
        if wall is None:
            if self._walls is not None:
                wall = _checked_wall(self._walls(self), self.n_players, self.rules.flowers)
            else:
                wall = self._wallgen(self.dealer)  # seeded: right by construction
        else:
            wall = _checked_wall(wall, self.n_players, self.rules.flowers)
        n = self.n_players
        self.wall = wall
        self._live = wall.live   # read at every draw
        self._live_pos = 0
        self._rinshan_pos = 0
        self.left = wall.n_live
        self.n_dora = 1
        self.pending_dora = 0
        vis = bytearray(34)   # copies everybody sees: rivers, melds, indicators
        if wall.dora[0] < 136:  # a flower indicator (Rules.flowers) is no kind's copy
            vis[wall.dora[0] >> 2] += 1
        if n == 3:  # 2m-8m: no copy is left to draw
            for k in SANMA_ABSENT_KINDS:
                vis[k] = 4
        self.visible = vis
        self.seats = [Seat(list(h), None, _NO_RIICHI) for h in wall.hands]
        dealt = self._deal_flowers() if self.rules.flowers else None
        for s in self.seats:
            s.cnt = _kind_counts(s.hand)
        self.no_calls = True
        self.kuikae = 0
        self.kan_count = 0
        self.n_discards = 0
        self.first_winds: List[int] = []
        self.pending_riichi = -1
        self.suukaikan = False
        self.actor = self.dealer
        self.last_draw = -1
        self.rinshan_draw = False
        self.rinshan_from = -1        # who fed the open kan whose replacement was drawn
        self.after_call = False
        self.last_discard = -1
        self.last_discarder = -1
        self.resp_kind = ""
        self.resp_tile = -1
        self.resp_actor = -1
        for p in range(n):
            self._refresh_waits(p)
        if self.record:
            self._emit({
                "type": "start_kyoku", "bakaze": _WINDS[self.round_wind % 4],
                "kyoku": self.kyoku % n + 1, "honba": self.honba, "kyotaku": self.deposits,
                "oya": self.dealer, "dora_marker": self._name(wall.dora[0]),
                "scores": list(self.scores),
                "tehais": [[self._name(t) for t in h] for h in wall.hands]})
            if dealt:
                self._emit_deal_flowers(dealt)
        self._draw(self.dealer)

    def set_position(self, p: int, hand=None, melds=None, river=None) -> None:
        """Overwrite seat ``p``'s concealed tiles, melds and/or river (tests).

        ``hand``: notation or 136-ids; ``melds``: :class:`~ippatsu.hand.Meld` objects or
        their text (``"pon 5z+55z<A"``); ``river``: notation or ids of earlier discards
        (they count for furiten and nagashi). The seat's waits are recomputed and the
        legal actions of the current point rebuilt. Tile conservation is the caller's
        business.
        """
        from ..tiles import parse_tiles

        self._waits_before_draw = False   # the hand may change: the next discard refreshes
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < self.n_players:
            raise IllegalActionError(f"set_position: a seat is 0 to {self.n_players - 1}, "
                                     f"got {p!r}", "bad_seat")
        if melds is not None:
            ms = [m if isinstance(m, Meld) else Meld.parse(m) for m in melds]
            self.seats[p].melds = ms
            self.seats[p].is_open = any(m.type is not MeldType.ANKAN for m in ms)
            self.seats[p].kans = sum(1 for m in ms if m.type in (MeldType.ANKAN, MeldType.KAKAN,
                                                             MeldType.DAIMINKAN))
        if hand is not None:
            used = set(t for m in self.seats[p].melds for t in m.tiles)
            for q in range(self.n_players):
                if q != p:
                    used.update(self.seats[q].hand)
                    used.update(self.seats[q].river)
                    used.update(t for m in self.seats[q].melds for t in m.tiles)
            used.update(self.wall.live[self._live_pos:self._live_pos + 32])
            used.update(self.wall.dora)  # the indicators are tiles too (score checks it)
            used.update(self.wall.ura)
            if isinstance(hand, str):
                own = frozenset(t for m in self.seats[p].melds for t in m.tiles)
                ids = parse_tiles(hand, own)
                taken = set(ids)
                for i, t in enumerate(ids):  # prefer copies nobody else holds
                    if t in used:
                        k = t >> 2
                        for c in (k * 4 + 1, k * 4 + 2, k * 4 + 3, k * 4):
                            if c not in used and c not in taken and c not in own and \
                                    self._red[c] == self._red[t]:
                                taken.discard(t)
                                taken.add(c)
                                ids[i] = c
                                break
            else:
                ids = _position_ids(hand, "hand")
            self.seats[p].hand = ids
            self.seats[p].cnt = _kind_counts(ids)
            if self.phase == _TURN and self.actor == p:
                self.last_draw = ids[-1]
        if river is not None:
            ids = parse_tiles(river) if isinstance(river, str) else _position_ids(river,
                                                                                   "river")
            self.seats[p].river = ids
            self.seats[p].river_called = [False] * len(ids)
            self.seats[p].tsumogiri = 0
            self.seats[p].disc_mask = _mask_of(t >> 2 for t in ids)
            self.seats[p].nagashi_ok = all((_YAOCHUU_MASK >> (t >> 2)) & 1 for t in ids)
            if ids:
                self.seats[p].first_turn = False
        n = len(self.seats[p].hand) + 3 * len(self.seats[p].melds)
        if n == 13:
            self._refresh_waits(p)
        if self.phase == _TURN:
            self._offer_turn(self.actor)

    # ------------------------------------------------------------------ helpers
    def _refresh_waits(self, p: int) -> None:
        """Shanten and the wait mask of seat ``p``'s 3k+1 concealed hand."""
        sp = self.seats[p]
        if self.n_players == 3:
            c = bytes(sp.cnt)
            s = _shanten3(c)
            sp.shanten = s
            sp.waits = _waits3(c) if s == 0 else 0
            return
        s, w = _shanten_waits(sp.cnt)
        sp.shanten = s
        sp.waits = w

    def _remove(self, p: int, t: int) -> None:
        sp = self.seats[p]
        hand = sp.hand
        n = len(hand)
        i = 0
        while i < n:
            x = hand[i]  # (a C int when compiled: no int object made per comparison)
            if x == t:
                break
            i += 1
        if i == n:
            raise ValueError("list.remove(x): x not in list")
        hand.pop(i)  # hand.remove(t), C-level when compiled (a typed list's pop)
        cnt = sp.cnt
        cnt[t >> 2] -= 1

    def _draw(self, p: int, rinshan: bool = False, feeder: int = -1) -> None:
        sp = self.seats[p]
        w = self.wall
        if rinshan:
            i = self._rinshan_pos
            if i < len(w.rinshan):
                t = w.rinshan[i]
            else:  # three players: the dead wall is refilled from the live wall's end
                j = w.n_live - 1 - (i - len(w.rinshan))
                if j < self._live_pos or j >= len(w.live):
                    raise IllegalActionError("the wall has no more replacement tiles",
                                             "wall_exhausted")
                t = w.live[j]
            self._rinshan_pos += 1
        else:
            live = self._live   # w.live
            if self._live_pos >= len(live):
                raise IllegalActionError("the wall has no more tiles to draw", "wall_exhausted")
            t = live[self._live_pos]
            self._live_pos += 1
        self.left -= 1
        if t >= 136:  # a flower (Rules.flowers): held outside the hand until set aside
            self._flower_drawn(p, t)
            return
        hand = sp.hand
        hand.append(t)
        c = sp.cnt
        c[t >> 2] += 1
        self.last_draw = t
        self.rinshan_draw = rinshan
        self.rinshan_from = feeder
        self.after_call = False
        self.kuikae = 0
        sp.temp_furiten = False
        if self.record:
            self._emit({"type": "tsumo", "actor": p, "pai": self._name(t)})
        self.phase = _TURN
        self.actor = p
        # the waits and shanten of the seat's 3k+1 tiles before this draw are current
        # (refreshed at every discard, kan and hand start): _offer_turn may use them, and
        # a discard of the tile drawn leaves them as they are (_discard)
        self._waits_before_draw = True
        self._offer_turn(p, True)

    def _auto_next(self) -> None:
        if self.phase is _HAND_END and self.auto_next and not self._offers:
            self.next_hand()

    def _reveal_dora(self) -> None:
        self.n_dora += 1
        t = self.wall.dora[self.n_dora - 1]
        if t < 136:  # a flower indicator (Rules.flowers) is no kind's copy
            self.visible[t >> 2] += 1
        if self.record:
            self._emit({"type": "dora", "dora_marker": self._name(self.wall.dora[self.n_dora - 1])})

    def _flush_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self._reveal_dora()

    # ------------------------------------------------------------------ scoring
    def _score(self, p: int, win_tile: int, tsumo: bool, discarder: int = -1,
               chankan: bool = False, honba: Optional[int] = None,
               deposits: Optional[int] = None):
        """The ScoreResult of ``p`` winning on ``win_tile`` now (error='no_yaku' if none)."""
        hand = self.seats[p].hand if tsumo else self.seats[p].hand + [win_tile]
        dealer = self.dealer
        first = tsumo and self.seats[p].first_turn and self.no_calls
        riichi = self.seats[p].riichi == _ACCEPTED
        dora = self.wall.dora[:self.n_dora]
        ura = self.wall.ura[:self.n_dora if self.rules.kan_ura else 1] if riichi else ()
        pao = self._liable(p, tsumo)
        n = self.n_players
        # the Norths set aside go to scoring only with three players (a four-player call
        # keeps score()'s compiled road: no extra keyword)
        extra = {"nukidora": len(self.seats[p].nuki)} if n == 3 else {}
        if self.rules.flowers:  # flowers set aside; a flower indicator counts only for them
            if self.seats[p].nuki:
                extra["flowers"] = len(self.seats[p].nuki)
            else:
                dora = [t for t in dora if t < 136]
                ura = [t for t in ura if t < 136]
        # renhou: a non-dealer's ron before its first draw, nobody having called
        if not tsumo and self.seats[p].first_turn and self.no_calls and p != dealer and \
                self.rules.renhou is not _RENHOU_OFF:
            extra["renhou"] = True
        return score(
            hand, win_tile, melds=self.seats[p].melds, tsumo=tsumo,
            riichi=riichi and not self.seats[p].double_riichi,
            double_riichi=riichi and self.seats[p].double_riichi,
            ippatsu=self.seats[p].ippatsu and riichi and self.rules.ippatsu_yaku,
            haitei=tsumo and self.left == 0 and not self.rinshan_draw,
            houtei=(not tsumo) and self.left == 0 and not chankan,
            rinshan=tsumo and self.rinshan_draw, chankan=chankan,
            tenhou=first and p == dealer, chiihou=first and p != dealer,
            seat_wind=(p - dealer) % n, round_wind=self.round_wind % 4,
            dora_indicators=dora, ura_indicators=ura,
            honba=self.honba if honba is None else honba,
            deposits=self.deposits if deposits is None else deposits,
            discarder=None if tsumo else (discarder - dealer) % n,
            pao=None if pao < 0 else (pao - dealer) % n,
            rules=self.rules, raise_on_no_yaku=False, **extra)

    def _liable(self, p: int, tsumo: bool) -> int:
        """The seat liable (pao) for a win of ``p`` now, or -1 (:func:`settle.liable_seat`)."""
        return liable_seat(self.seats[p].pao, tsumo, self.rinshan_draw, self.rinshan_from,
                           self.rules.pao_rinshan)

    def _yaku_win(self, p: int, win_tile: int, tsumo: bool, discarder: int = -1) -> bool:
        """Whether ``p`` winning on ``win_tile`` now (not a robbed kan) has a yaku: the win
        test of the legal actions, ``self._score(...).error is None``. Four players with
        the compiled core ask its scoring kernel directly (:meth:`_score`'s flags; no dora:
        they never make a yaku); otherwise, and when renhou could count, :meth:`_score`."""
        sp = self.seats[p]
        n = self.n_players
        dealer = self.kyoku % n
        first = sp.first_turn and self.no_calls
        rules = self.rules
        if _score_kernel is None or n != 4 or (
                not tsumo and first and p != dealer and rules.renhou is not _RENHOU_OFF):
            return self._score(p, win_tile, tsumo, discarder).error is None
        c = bytes(sp.cnt)
        if not tsumo:
            cw = bytearray(c)
            cw[win_tile >> 2] += 1
            c = bytes(cw)
        melds = []
        for m in sp.melds:
            mt = m.type
            code = 0
            while _MELD_TYPES[code] is not mt:
                code += 1
            melds.append((code, m.tiles[0] >> 2))
        flags = 0
        if tsumo:
            flags |= _F_TSUMO
            if self.left == 0 and not self.rinshan_draw:
                flags |= _F_HAITEI
            if self.rinshan_draw:
                flags |= _F_RINSHAN
            if first:
                flags |= _F_TENHOU if p == dealer else _F_CHIIHOU
        elif self.left == 0:
            flags |= _F_HOUTEI
        if sp.riichi == _ACCEPTED:
            flags |= _F_DOUBLE_RIICHI if sp.double_riichi else _F_RIICHI
            if sp.ippatsu and rules.ippatsu_yaku:
                flags |= _F_IPPATSU
        return _score_kernel(c, win_tile >> 2, tuple(melds), flags, (p - dealer) % n,
                             (self.kyoku // n) % 4, 0, rules)[0] == _S_OK

    # ------------------------------------------------------------------ turn
    def _offer_turn(self, p: int, fresh: bool = False) -> None:
        """Offer the actor ``p`` its turn: ``_offers`` becomes ``{p: None}`` and the turn's
        legal actions are kept as data, not as a list: the discards' tile ids in the order
        they are offered (``_tm_ids``, ``_tm_nd`` of them; ``_tm_slot``: 1 + the place of
        each (kind, red-ness) code listed), tsumo (``_tm_tsumo``, or None), the riichi
        declarations (one per discard whose index bit is in ``_tm_riichi``, ``_tm_nr`` of
        them) and the rest (``_tm_rest``: closed kans by kind, added kans by meld, nine
        terminals, North), with the discards' and the other actions' index bits
        (``_tm_disc``, ``_tm_tail``): :meth:`legal_mask` reads the bits, :meth:`_turn_at`
        the action at a place and :meth:`_turn_list` the list, in the order tsumo, the
        discards (one per kind and red-ness, in the order of the hand, the drawn tile
        last), the riichi declarations (in the discards' order), the rest.

        ``fresh``: ``shanten[p]`` / ``waits[p]`` are those of the hand without the tile
        just drawn (``_draw``): the hand is then complete exactly when the drawn kind is a
        wait, and it can be tenpai after a discard only when it was at most 1-shanten
        before the draw."""
        sp = self.seats[p]
        cnt = sp.cnt
        hand = sp.hand
        sb = self._spec_b
        didx = self._didx
        drawn = self.last_draw
        ids = self._tm_ids
        slot = self._tm_slot
        # compiled, the bytes are read through C pointers (pi, pl, ps, pd: the bounds of
        # _discard_ids)
        pi = ids
        pl = slot
        ps = sb
        pd = didx
        for i in range(self._tm_nd):   # the last turn's places, cleared
            pl[ps[pi[i]]] = 0
        self._tm_list = None
        self._tm_tsumo = None
        self._tm_rest = None
        self._tm_nr = 0
        self._tm_riichi = 0
        self._tm_tail = 0
        self._offers = _TURN_OFFERS[p]
        one = 1
        # the common turn at once, discards only: no win, no riichi (an open hand, or
        # two or more from tenpai before the draw), no kan (no four copies, no pon to add
        # to), not the first turn (nine terminals), four players (no North). Only
        # sufficient: any other turn of discards only is listed by the full path below.
        if (fresh and not self.after_call
                and not (sp.waits >> (drawn >> 2)) & 1
                and (sp.is_open or sp.shanten > 1) and not sp.first_turn
                and self.n_players == 4 and not sp.riichi and 4 not in cnt):
            for m in sp.melds:
                if m.type is _T_PON and cnt[m.tiles[0] >> 2]:
                    break
            else:
                self._tm_discards(hand, drawn, 0)
                return
        rules = self.rules
        if self.after_call:
            self._tm_discards(hand, -1, self.kuikae)
            return
        tail_bits = 0
        if fresh:
            w = sp.waits
            agari = (w >> (drawn >> 2)) & 1
        else:
            agari = _is_agari(bytes(cnt))
        if agari and not sp.dead_hand:
            if self._yaku_win(p, drawn, True):
                self._tm_tsumo = Action(A_TSUMO, p, drawn, (), p)
                tail_bits = _TSUMO_BIT
        e = _turn_rules(rules)
        can_kan = self.kan_count < e[1] and self.left > 0
        sanma = self.n_players == 3
        tail = []
        if sp.riichi:
            # the drawn tile is the one discard
            s = ps[drawn]
            pi[0] = drawn
            pl[s] = 1
            self._tm_nd = 1
            self._tm_disc = one << pd[s]
            if can_kan and cnt[drawn >> 2] == 4 and \
                    rules.closed_kan_after_riichi is not _KAN_NEVER:
                k = drawn >> 2
                after = bytearray(cnt)
                after[k] -= 4
                if sanma:
                    if _shanten3(bytes(after)) == 0 and _waits3(bytes(after)) == sp.waits \
                            and (rules.closed_kan_after_riichi is not _KAN_READINGS
                                 or riichi_kan_keeps_readings(cnt, k, sp.waits)):
                        tail.append(Action(A_ANKAN, p, drawn,
                                           tuple([t for t in hand if t >> 2 == k])))
                elif _shanten(bytes(after)) == 0:
                    wa = _mask_of(_waits(bytes(after)))
                    if wa == sp.waits and (
                            rules.closed_kan_after_riichi is not _KAN_READINGS
                            or riichi_kan_keeps_readings(cnt, k, wa)):
                        tail.append(Action(A_ANKAN, p, drawn,
                                           tuple([t for t in hand if t >> 2 == k])))
            # three players: the North just drawn may be set aside (the hand stays the
            # one declared, so do the waits)
            if sanma and drawn >> 2 == _NORTH and self.left > 0 and self.rules.nukidora:
                tail.append(Action(A_NUKIDORA, p, drawn))
            self._tm_rest_of(tail, tail_bits)
            return
        shf = _shanten3 if sanma else _shanten
        may_riichi = (not sp.is_open and self.scores[p] >= e[2] and self.left >= e[3]
                      and (not fresh or sp.shanten <= 1) and not sp.dead_hand)
        tenpai_after = 0  # four players: the kinds whose discard leaves the hand tenpai
        if may_riichi:
            if sanma:
                may_riichi = shf(bytes(cnt)) <= 0
            else:
                tenpai_after = _tenpai_discards(cnt)
                may_riichi = tenpai_after != 0
        # kans
        if can_kan:
            if 4 in cnt:
                for k in range(34):
                    if cnt[k] == 4:
                        four = tuple(sorted([t for t in hand if t >> 2 == k]))
                        tail.append(Action(A_ANKAN, p, four[0], four))
            for m in sp.melds:
                if m.type is _T_PON:
                    k = m.tiles[0] >> 2
                    if cnt[k]:
                        add = [t for t in hand if t >> 2 == k][0]
                        tail.append(Action(A_KAKAN, p, add, m.tiles, -1))
        # nine terminals
        if sp.first_turn and self.no_calls and self.rules.abort_nine_terminals:
            n = 0
            for k in _YAOCHUU:
                if cnt[k]:
                    n += 1
            if n >= 9:
                tail.append(Action(A_KYUUSHU, p))
        # three players: set a North aside (never right after a pon: after_call returned
        # above; a replacement tile is needed, as for a kan)
        if sanma and cnt[_NORTH] and self.left > 0 and self.rules.nukidora:
            north = -1
            for t in hand:
                if t >> 2 == _NORTH:
                    north = t
            if drawn >> 2 == _NORTH:
                north = drawn
            tail.append(Action(A_NUKIDORA, p, north))
        # discards: one per kind and red-ness (the drawn tile represents its own)
        n = self._tm_discards(hand, drawn, 0)
        # riichi: with each discard that leaves the hand tenpai
        rbits = 0
        nr = 0
        if may_riichi and not sanma:
            for i in range(n):
                t = pi[i]
                if (tenpai_after >> (t >> 2)) & 1:
                    rbits |= one << pd[ps[t]]
                    nr += 1
        elif may_riichi:
            work = bytearray(cnt)
            for i in range(n):
                t = pi[i]
                k = t >> 2
                work[k] -= 1
                if shf(bytes(work)) == 0:
                    rbits |= one << pd[ps[t]]
                    nr += 1
                work[k] += 1
        self._tm_riichi = rbits
        self._tm_nr = nr
        self._tm_rest_of(tail, tail_bits)

    def _tm_discards(self, hand: List[int], drawn: int, ban: int) -> int:
        """List the turn's discards (:func:`_discard_ids` into ``_tm_ids`` / ``_tm_slot``,
        cleared by :meth:`_offer_turn`) and keep their index bits; returns how many."""
        sb = self._spec_b
        n = _discard_ids(self._tm_ids, hand, sb, drawn, ban, self._tm_slot)
        ids = self._tm_ids
        didx = self._didx
        pi = ids
        ps = sb
        pd = didx
        one = 1
        bits = 0
        for i in range(n):
            bits |= one << pd[ps[pi[i]]]
        self._tm_nd = n
        self._tm_disc = bits
        return n

    def _tm_rest_of(self, tail: List[Action], tail_bits: int) -> None:
        """Keep ``tail`` (the turn's actions after the discards and riichi; ``tail_bits``:
        the tsumo bit or 0) as the turn's rest, with their index bits."""
        if tail:
            red = self._red
            for a in tail:
                tail_bits |= _INDEX_BIT[index_of_fields(a.type, a.tile, a.consumed, red)]
            self._tm_rest = tail
        self._tm_tail = tail_bits

    def _turn_count(self) -> int:
        """How many legal actions the offered turn has (the length of :meth:`_turn_list`)."""
        n = self._tm_nd + self._tm_nr
        if self._tm_tsumo is not None:
            n += 1
        if self._tm_rest is not None:
            n += len(self._tm_rest)
        return n

    def _turn_at(self, r: int) -> Action:
        """The action at place ``r`` (0 <= r < :meth:`_turn_count`) of the offered turn's
        list, without making the list."""
        p = self.actor
        if self._tm_tsumo is not None:
            if r == 0:
                return self._tm_tsumo
            r -= 1
        nd = self._tm_nd
        ids = self._tm_ids
        if r < nd:
            return _DISCARDS[p][ids[r]]
        r -= nd
        if r < self._tm_nr:
            rbits = self._tm_riichi
            didx = self._didx
            sb = self._spec_b
            for i in range(nd):
                t = ids[i]
                if (rbits >> didx[sb[t]]) & 1:
                    if r == 0:
                        return _RIICHIS[p][t]
                    r -= 1
        return self._tm_rest[r - self._tm_nr]

    def _play_turn_at(self, r: int) -> None:
        """``step(self._turn_at(r))`` for a place ``r`` (0 <= r < :meth:`_turn_count`) of the
        offered turn kept as data, the game loop's random pick: a place of the turn's own
        list needs no check, and a discard is played from its id."""
        if self._tm_tsumo is not None:
            r -= 1
        if 0 <= r < self._tm_nd:
            self._discard(self.actor, self._tm_ids[r], False)
        else:
            self._do_turn(self._turn_at(r + 1 if self._tm_tsumo is not None else r))
        self._auto_next()

    def _play_response(self, answers: Dict[int, Action]) -> None:
        """``step(answers)`` at a response when every answer (by seat) is one of the actions
        offered to that seat itself (the game loop's own picks): nothing to resolve."""
        self._do_response(answers)
        self._auto_next()

    def _is_offered(self, a) -> bool:
        """Whether ``a`` is one of the actor's offered actions itself (the same object:
        what an agent returns needs no resolving)."""
        legal = self._offers.get(self.actor)
        if legal is not None:
            return _identity_in(a, legal)
        p = self.actor
        ids = self._tm_ids
        disc = _DISCARDS[p]
        for i in range(self._tm_nd):
            if disc[ids[i]] is a:
                return True
        if a is self._tm_tsumo:
            return True
        rbits = self._tm_riichi
        if rbits:
            riichis = _RIICHIS[p]
            didx = self._didx
            sb = self._spec_b
            for i in range(self._tm_nd):
                t = ids[i]
                if riichis[t] is a and (rbits >> didx[sb[t]]) & 1:
                    return True
        return self._tm_rest is not None and _identity_in(a, self._tm_rest)

    def _turn_list(self) -> List[Action]:
        """The offered turn's legal actions as a list (made once per turn, when asked)."""
        acts = self._tm_list
        if acts is None:
            acts = [self._turn_at(r) for r in range(self._turn_count())]
            self._tm_list = acts
        return acts

    def _offered(self, p: int) -> Optional[List[Action]]:
        """The legal list of ``p`` now (None: no decision; the turn's list is made when
        asked)."""
        acts = self._offers.get(p)
        if acts is None and p in self._offers:
            return self._turn_list()
        return acts

    @property
    def _legal(self) -> Dict[int, List[Action]]:
        """The legal lists by seat (a new dict; the turn's list made when asked)."""
        return {p: self._offered(p) for p in self._offers}

    # ------------------------------------------------------------------ public API
    def legal_actions(self, player: Optional[int] = None) -> List[Action]:
        """The legal actions of ``player`` at this decision point ([] if none). Without a
        player: those of the actor (TURN) or of every player who may answer (RESPONSE)."""
        legal = self._offers
        if player is None:
            out: List[Action] = []
            for p in sorted(legal):
                out.extend(self._offered(p))
            return out
        if player not in legal:
            return []
        return list(self._offered(player))

    @property
    def to_act(self) -> List[int]:
        """The seats that must choose an action now."""
        return sorted(self._offers)

    # ------------------------------------------------------------------ snapshots
    def snapshot(self) -> dict:
        """The state at this decision point as a plain JSON-able dict: everything
        :meth:`from_snapshot` needs to go on exactly from here (the rules, the counters,
        the whole wall and how far it was drawn, every seat's tiles, melds, river and
        flags, and the state of the seeded stream the next hands' walls come from).
        Hidden information included: a snapshot is the state, not a seat's view. Only a
        decision inside a hand (``TURN`` or ``RESPONSE``) can be cut."""
        if self.phase is not _TURN and self.phase is not _RESPONSE:
            raise IllegalActionError(f"a snapshot is taken at a decision inside a hand, "
                                     f"not at {self.phase.name}", "bad_snapshot")
        n = self.n_players
        w = self.wall
        seats = []
        for p in range(n):
            seats.append({
                "hand": list(self.seats[p].hand),
                "melds": [{"type": m.type.value, "tiles": list(m.tiles), "called": m.called,
                           "from_who": m.from_who, "added": m.added}
                          for m in self.seats[p].melds],
                "river": list(self.seats[p].river), "river_called": list(self.seats[p].river_called),
                "river_riichi": self.seats[p].river_riichi, "riichi": int(self.seats[p].riichi),
                "double_riichi": self.seats[p].double_riichi, "ippatsu": self.seats[p].ippatsu,
                "temp_furiten": self.seats[p].temp_furiten,
                "riichi_furiten": self.seats[p].riichi_furiten, "first_turn": self.seats[p].first_turn,
                "nagashi_ok": self.seats[p].nagashi_ok, "pao": self.seats[p].pao, "kans": self.seats[p].kans,
                "nuki": list(self.seats[p].nuki), "dead_hand": self.seats[p].dead_hand,
                "tsumogiri": self.seats[p].tsumogiri})
        return {
            "version": 1, "rules": self.rules.to_dict(), "kyoku": self.kyoku,
            "honba": self.honba, "deposits": self.deposits, "scores": list(self.scores),
            "names": list(self.names), "phase": self.phase.name, "actor": self.actor,
            "wall": {"hands": [list(h) for h in w.hands], "live": list(w.live),
                     "rinshan": list(w.rinshan), "dora": list(w.dora), "ura": list(w.ura),
                     "n_live": w.n_live},
            "live_pos": self._live_pos, "rinshan_pos": self._rinshan_pos, "left": self.left,
            "n_dora": self.n_dora, "pending_dora": self.pending_dora, "seats": seats,
            "no_calls": self.no_calls, "suukaikan": self.suukaikan,
            "rinshan_draw": self.rinshan_draw, "after_call": self.after_call,
            "kuikae": self.kuikae, "kan_count": self.kan_count,
            "n_discards": self.n_discards, "first_winds": list(self.first_winds),
            "pending_riichi": self.pending_riichi, "last_draw": self.last_draw,
            "rinshan_from": self.rinshan_from, "last_discard": self.last_discard,
            "last_discarder": self.last_discarder, "resp_kind": self.resp_kind,
            "resp_tile": self.resp_tile, "resp_actor": self.resp_actor,
            "penalties": [dict(x) for x in self.penalties],
            # the seeded stream of the next hands' walls (None: walls given by a callable)
            "wall_stream": _stream_state(self._wallgen) if self._walls is None else None}

    def copy(self) -> "GameState":
        """An independent copy of the state, at any phase, for search and lookahead:
        stepping either leaves the other as it was, and both go on exactly alike (the
        seeded stream of the next hands' walls is copied too; walls given by a
        ``walls`` callable come from the same callable). Much cheaper than
        ``from_snapshot(snapshot())``: nothing is checked or recomputed."""
        c = GameState.__new__(GameState)
        for a in _COPY_SHARED:     # immutable, or never changed in place
            setattr(c, a, getattr(self, a, None))
        for a in _COPY_LIST:       # flat lists and bytearrays of immutable items
            v = getattr(self, a, None)
            setattr(c, a, None if v is None else v[:])
        seats = getattr(self, "seats", None)   # each seat copied (Seat.copy)
        c.seats = None if seats is None else [x.copy() for x in seats]
        c.final = None if self.final is None else dict(self.final)
        offers = self._offers
        if None in offers.values():
            c._offers = offers   # a turn kept as data, copied above (shared: never changed)
        else:
            c._offers = {p: list(acts) for p, acts in offers.items()}
        c._tm_list = None   # the turn's list is made again when asked
        c.penalties = [dict(x) for x in self.penalties]
        bits = getattr(self._wallgen, "bit_generator", None)
        if bits is not None and self._walls is None:
            c._wallgen = wall_generator(0, players=self.n_players, flowers=self.rules.flowers)
            c._wallgen.bit_generator.state = bits.state
        return c

    @classmethod
    def from_snapshot(cls, snapshot: dict, *, auto_next: bool = True,
                      record: bool = False, walls=None) -> "GameState":
        """The state a :meth:`snapshot` describes, at the same decision with the same legal
        actions; play goes on from there exactly as it would have. The snapshot is
        checked (tile ids, every tile exactly once, the seats' tile counts, melds): a bad
        one raises :class:`IllegalActionError` (code ``bad_snapshot``) naming the
        problem. ``record``: keep the mjai events from here on. ``walls``: a callable
        ``(state) -> Wall`` for the next hands' walls instead of the snapshot's seeded
        stream (as ``GameState(walls=...)``; its copies share it)."""
        try:
            return _from_snapshot(cls, snapshot, auto_next, record, walls)
        except IllegalActionError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AssertionError,
                AttributeError) as e:
            what = f"missing field {e}" if isinstance(e, KeyError) else str(e)
            raise IllegalActionError(f"bad snapshot: {what}", "bad_snapshot") from None

    def _restore(self, snap: dict) -> None:
        """Set this fresh state (``start=False``) to the decision of ``snap``
        (:meth:`from_snapshot`)."""
        self._waits_before_draw = False
        n = self.n_players
        wd = snap["wall"]
        self.kyoku = _counter(snap["kyoku"], "kyoku")
        self.honba = _counter(snap["honba"], "honba")
        self.deposits = _counter(snap["deposits"], "deposits")
        self.scores = _scores(snap["scores"], n)
        top = 140 if self.rules.flowers else 136  # the flowers' ids are wall tiles too
        wall = Wall([_ids(h, "wall hand", top) for h in wd["hands"]],
                    _ids(wd["live"], "live wall", top), _ids(wd["rinshan"], "dead wall", top),
                    _ids(wd["dora"], "dora indicators", top),
                    _ids(wd["ura"], "ura indicators", top), _int(wd["n_live"], "n_live"))
        self.wall = wall
        self._live = wall.live   # read at every draw
        self._live_pos = _int(snap["live_pos"], "live_pos")
        self._rinshan_pos = _int(snap["rinshan_pos"], "rinshan_pos")
        self.left = _int(snap["left"], "left")
        self.n_dora = _int(snap["n_dora"], "n_dora")
        self.pending_dora = _int(snap["pending_dora"], "pending_dora")
        seats = list(snap["seats"])
        if len(seats) != n:
            raise IllegalActionError(f"bad snapshot: {len(seats)} seats for {n} players",
                                     "bad_snapshot")
        reds = self.rules.red_ids   # the melds' red fives: the rules' (as the table's own)
        made = []
        for p, sd in enumerate(seats):
            hand = _ids(sd["hand"], f"seat {p}'s hand")
            s = Seat(hand, _kind_counts(hand), RiichiState(sd["riichi"]))
            s.melds = [Meld(m["type"], _ids(m["tiles"], f"seat {p}'s meld"),
                            called=m.get("called"), from_who=m.get("from_who"),
                            added=m.get("added"), red_ids=reds)
                       for m in sd["melds"]]
            s.river = _ids(sd["river"], f"seat {p}'s river")
            called = [bool(x) for x in sd["river_called"]]
            if len(called) != len(s.river):
                raise IllegalActionError(f"bad snapshot: seat {p}'s river_called has "
                                         f"{len(called)} flags for {len(s.river)} "
                                         f"discards", "bad_snapshot")
            s.river_called = called
            s.is_open = any(m.type is not _T_ANKAN for m in s.melds)
            s.river_riichi = _int(sd["river_riichi"], "river_riichi", -1)
            s.disc_mask = _mask_of(t >> 2 for t in s.river)
            s.double_riichi = bool(sd["double_riichi"])
            s.ippatsu = bool(sd["ippatsu"])
            s.temp_furiten = bool(sd["temp_furiten"])
            s.riichi_furiten = bool(sd["riichi_furiten"])
            s.first_turn = bool(sd["first_turn"])
            s.nagashi_ok = bool(sd["nagashi_ok"])
            s.pao = _int(sd["pao"], "pao", -1)
            s.kans = _int(sd["kans"], "kans")
            s.nuki = _ids(sd["nuki"], "Norths set aside", top)
            if top == 140 and any(t < 136 for t in s.nuki):
                raise IllegalActionError("bad snapshot: only flowers are set aside with "
                                         "flowers", "bad_snapshot")
            s.dead_hand = bool(sd.get("dead_hand", False))
            s.tsumogiri = _int(sd.get("tsumogiri", 0), "tsumogiri")
            if s.tsumogiri >> len(s.river):
                raise IllegalActionError(f"bad snapshot: seat {p}'s tsumogiri bits go past "
                                         f"its {len(s.river)} discards", "bad_snapshot")
            made.append(s)
        self.seats = made
        self.penalties = [_penalty_entry(x, n) for x in snap.get("penalties", [])]
        self.no_calls = bool(snap["no_calls"])
        self.suukaikan = bool(snap["suukaikan"])
        self.rinshan_draw = bool(snap["rinshan_draw"])
        self.after_call = bool(snap["after_call"])
        self.kuikae = _int(snap["kuikae"], "kuikae")
        self.kan_count = _int(snap["kan_count"], "kan_count")
        self.n_discards = _int(snap["n_discards"], "n_discards")
        self.first_winds = [_int(k, "first_winds") for k in snap["first_winds"]]
        self.pending_riichi = _int(snap["pending_riichi"], "pending_riichi", -1)
        self.last_draw = _int(snap["last_draw"], "last_draw", -1)
        self.rinshan_from = _int(snap["rinshan_from"], "rinshan_from", -1)
        self.last_discard = _int(snap["last_discard"], "last_discard", -1)
        self.last_discarder = _int(snap["last_discarder"], "last_discarder", -1)
        self.resp_kind = str(snap["resp_kind"])
        self.resp_tile = _int(snap["resp_tile"], "resp_tile", -1)
        self.resp_actor = _int(snap["resp_actor"], "resp_actor", -1)
        self.actor = _int(snap["actor"], "actor")
        if self.actor >= n:
            raise IllegalActionError(f"bad snapshot: actor {self.actor} of {n} seats",
                                     "bad_snapshot")
        # what the rivers, melds, Norths and indicators determine
        self.visible = self._visible_recount()
        phase = snap["phase"]
        for p in range(n):
            if len(self.seats[p].hand) + 3 * len(self.seats[p].melds) == 13:
                self._refresh_waits(p)
        if phase == "TURN":
            p = self.actor
            # the waits of the actor's 3k+1 tiles (the hand without the tile just drawn)
            t = self.last_draw
            if t >= 0 and t in self.seats[p].hand:
                self.seats[p].cnt[t >> 2] -= 1
                self._refresh_waits(p)
                self.seats[p].cnt[t >> 2] += 1
            elif self.after_call:
                self._refresh_waits_before_call(p)
            self.phase = _TURN
            self.check_invariants()
            if t >= 136:  # a flower held (Rules.flowers): setting it aside is all
                self._offers = {p: [Action(A_NUKIDORA, p, t)]}
            else:
                self._offer_turn(p)
        elif phase == "RESPONSE":
            self.phase = _RESPONSE
            self.check_invariants()
            kind = self.resp_kind
            p, t = self.resp_actor, self.resp_tile
            if kind == "discard":
                legal = self._discard_responses(p, t)
            elif kind == "ankan":
                legal = self._ankan_responses(p, t)
            elif kind in ("kakan", "nukidora"):
                legal = self._rob_responses(p, t, kind)
            elif kind == "draw":
                legal = self._noten_offers(self._tenpai())
            else:
                raise IllegalActionError(f"bad snapshot: unknown response kind {kind!r}",
                                         "bad_snapshot")
            if not legal:
                raise IllegalActionError("bad snapshot: a response that no seat may "
                                         "answer", "bad_snapshot")
            self._offers = legal
        else:
            raise IllegalActionError(f"bad snapshot: phase {phase!r} (TURN or RESPONSE)",
                                     "bad_snapshot")

    def _refresh_waits_before_call(self, p: int) -> None:
        """Seat ``p`` has just called a chi or pon (its turn, no tile drawn): its shanten
        and waits are those of its hand before the call, as play keeps them (they are
        refreshed at its next discard)."""
        m = self.seats[p].melds[-1]
        c = self.seats[p].cnt
        own = [t for t in m.tiles if t != m.called]
        for t in own:
            c[t >> 2] += 1
        self._refresh_waits(p)
        for t in own:
            c[t >> 2] -= 1

    def redeal(self, hands, live, rinshan, dora, ura, *, temp_furiten=None,
               riichi_furiten=None) -> None:
        """Deal the tiles nobody has shown again, at a turn: what a seat cannot see is
        swapped for another assignment of the same tiles (position studies, search over
        hidden information). Everything shown stays: rivers, melds, revealed indicators,
        counters, the seat to move and its legal actions.

        ``hands``: one entry per seat, its concealed ids (``None`` keeps them; the seat to
        move keeps its tiles: ``None`` or the same ids); ``live``: the live tiles not drawn
        yet, in draw order (the last ``kan_count`` are never drawn); ``rinshan``: the
        replacement tiles not drawn yet; ``dora``: the indicators not revealed yet, in
        reveal order; ``ura``: the ura indicators. Each part keeps its size, and together
        they are exactly the ids they replace, so every tile stays in play once.
        ``temp_furiten`` / ``riichi_furiten``: the seats' hidden furiten flags (one bool per
        seat; riichi furiten only for a seat in riichi). The seats' waits are recomputed;
        the wall's deal (``wall.hands``) becomes the seats' concealed tiles. Anything else
        raises :class:`~ippatsu.errors.IllegalActionError` (``bad_redeal``)."""
        if self.phase is not _TURN:
            raise IllegalActionError(f"redeal at a turn, not at {Phase(self.phase).name}",
                                     "bad_redeal")
        self._waits_before_draw = False   # (the next discard refreshes the waits)
        n = self.n_players
        w = self.wall
        lp = self._live_pos
        rp = self._rinshan_pos
        nd = self.n_dora
        try:
            hands = [None if h is None else list(h) for h in hands]
            parts = (list(live), list(rinshan), list(dora), list(ura))
        except TypeError as e:
            raise IllegalActionError(f"redeal: {e}", "bad_redeal") from None
        if len(hands) != n:
            raise IllegalActionError(f"redeal: {len(hands)} hands for {n} seats", "bad_redeal")
        live, rinshan, dora, ura = parts
        sizes = ((len(live), len(w.live) - lp, "live"), (len(rinshan), len(w.rinshan) - rp,
                 "rinshan"), (len(dora), len(w.dora) - nd, "dora"), (len(ura), len(w.ura),
                 "ura"))
        for got, want, what in sizes:
            if got != want:
                raise IllegalActionError(f"redeal: {what} holds {want} tiles, got {got}",
                                         "bad_redeal")
        old = w.live[lp:] + w.rinshan[rp:] + w.dora[nd:] + w.ura
        new = live + rinshan + dora + ura
        p = self.actor
        for q in range(n):
            h = hands[q]
            if h is None:
                continue
            if q == p:
                if sorted(h) != sorted(self.seats[q].hand):
                    raise IllegalActionError(f"redeal: seat {q} is to move and keeps its "
                                             "tiles", "bad_redeal")
                hands[q] = None
                continue
            if len(h) != len(self.seats[q].hand):
                raise IllegalActionError(f"redeal: seat {q} holds {len(self.seats[q].hand)} "
                                         f"tiles, got {len(h)}", "bad_redeal")
            old += self.seats[q].hand
            new += h
        if not _same_ids(old, new):
            raise IllegalActionError("redeal: the new tiles are not the unseen ids they "
                                     "replace (an id shown, held by the seat to move, or "
                                     "given twice)", "bad_redeal")
        flags = []
        for v, what in ((temp_furiten, "temp_furiten"), (riichi_furiten, "riichi_furiten")):
            if v is not None:
                v = [bool(x) for x in v]
                if len(v) != n:
                    raise IllegalActionError(f"redeal: {what} needs one flag per seat, got "
                                             f"{len(v)}", "bad_redeal")
            flags.append(v)
        rf = flags[1]
        if rf is not None:
            for q in range(n):
                if rf[q] and self.seats[q].riichi != _ACCEPTED:
                    raise IllegalActionError(f"redeal: seat {q} is not in riichi (riichi "
                                             "furiten)", "bad_redeal")
        for q in range(n):
            h = hands[q]
            if h is not None:
                self.seats[q].hand = h
                self.seats[q].cnt = _kind_counts(h)
                if len(h) + 3 * len(self.seats[q].melds) == 13:
                    self._refresh_waits(q)
        self.wall = Wall([s.hand for s in self.seats], w.live[:lp] + live,
                         w.rinshan[:rp] + rinshan, w.dora[:nd] + dora, ura, w.n_live)
        self._live = self.wall.live
        for q in range(n):
            if flags[0] is not None:
                self.seats[q].temp_furiten = flags[0][q]
            if rf is not None:
                self.seats[q].riichi_furiten = rf[q]

    # ------------------------------------------------------------------ action names
    def action_key(self, a: Action) -> tuple:
        """``a.key`` with this game's red fives (``Rules.red_ids``: with two red 5p, ids 52
        and 53 are both red and 54 is not): :meth:`Action.key_for`. Two legal actions of
        one decision never share it."""
        return a.key_for(_pair_table(self._red)[1])

    def action_text(self, a: Action) -> str:
        """``str(a)`` with this game's red fives (:meth:`Action.text`): each red copy
        written ``0``, a plain copy never (with red fives off, no tile is red)."""
        return a.text(_pair_table(self._red)[1])

    # ------------------------------------------------------------------ action space
    def legal_mask(self, player: Optional[int] = None) -> int:
        """The legal actions of ``player`` (default: the actor at a turn) as a bit set over
        the fixed action space (:mod:`ippatsu.table.actionspace`): bit ``i`` is set when
        index ``i`` is legal. 0 when the player has no decision now."""
        legal = self._offers
        if player is None:
            player = self.actor if self.phase is _TURN else -1
            if player < 0:
                raise IllegalActionError("legal_mask needs a player outside a turn",
                                         "not_your_turn")
        acts = legal.get(player)
        if acts is None:
            if player in legal:   # the turn kept as data: its mask from its bits
                return _turn_mask(self._tm_disc, self._tm_riichi, self._tm_tail)
            return 0
        return _mask_of_actions(acts, self._red)

    def legal_mask_array(self, player: Optional[int] = None, out=None):
        """The legal masks as numpy ``bool``: a row of ``actionspace.SIZE`` for ``player``,
        or, without a player, one row per seat (``(n_players, SIZE)``; the rows of seats
        with no decision are all False). Written into ``out`` when given."""
        if player is not None and out is not None:
            # one row in place (an env's decision): set from the bits of the turn kept as
            # data, or from the legal list, without the mask as a Python int
            try:
                row = out   # compiled: a typed view of a contiguous bool or uint8 row
            except (TypeError, ValueError):   # another dtype or layout: mask_to_array
                row = None
            if row is not None and len(row) == _I_SIZE:
                row[:] = 0
                acts = self._offers.get(player)
                if acts is None:
                    if player in self._offers:   # (otherwise no decision)
                        self._turn_row(row)
                    return out
                red = self._red
                for a in acts:
                    row[index_of_fields(a.type, a.tile, a.consumed, red)] = 1
                return out
        import numpy as np
        from .actionspace import SIZE, mask_to_array
        if player is not None:
            return mask_to_array(self.legal_mask(player), out)
        if out is None:
            out = np.zeros((self.n_players, SIZE), dtype=bool)
        for p in range(self.n_players):
            mask_to_array(self.legal_mask(p), out[p])
        return out

    def _turn_row(self, row) -> None:
        """The mask of the turn kept as data set into ``row`` (a bool or uint8 row of
        ``actionspace.SIZE``, all False on entry: the callers' rows are of that length, which
        the writes below rely on): its discard, riichi and other bits."""
        d = self._tm_disc
        i = 0
        while d:   # (each bit written, zeros too: no branch on it)
            row[i] = d & 1
            d >>= 1
            i += 1
        d = self._tm_riichi
        i = _I_RIICHI
        while d:
            row[i] = d & 1
            d >>= 1
            i += 1
        tail = self._tm_tail   # a Python int (its bits are past 64)
        while tail:
            low = tail & -tail
            row[low.bit_length() - 1] = 1
            tail ^= low

    def _turn_action(self, i: int, player: int) -> Action:
        """The action of index ``i`` at the turn kept as data of ``player``: a discard or
        a riichi by its code's place, the others from the turn's list; IllegalActionError
        when not legal."""
        if not 0 <= i < _I_SIZE:
            i = _check_index(i)   # raises: out of range
        j = i - _I_RIICHI if i >= _I_RIICHI else i
        if j < _I_RIICHI:
            t = self._turn_discard_id(j)
            if t >= 0 and (i == j or (self._tm_riichi >> j) & 1):
                return _DISCARDS[player][t] if i == j else _RIICHIS[player][t]
            raise IllegalActionError(f"illegal action index {i} ({describe(i)}) for "
                                     f"player {player}", "illegal_action")
        return _action_in(self._turn_list(), i, self._red, player)

    def _turn_discard_id(self, j: int) -> int:
        """The id of the tile whose discard is index ``j`` (0 <= j < the riichi indices) at
        the turn kept as data, -1 when none is offered."""
        s = self._dcode[j]
        if s < 68:
            pos = self._tm_slot[s]
            if pos:
                return self._tm_ids[pos - 1]
        return -1

    def _turn_play(self, i: int, player: int) -> None:
        """``step(self._turn_action(i, player))`` at the turn kept as data: the action of
        index ``i`` played (IllegalActionError, nothing moved, when not legal); the actor's
        plain discard from its id, with no Action read."""
        if 0 <= i < _I_RIICHI and player == self.actor:
            t = self._turn_discard_id(i)
            if t >= 0:
                self._discard(player, t, False)
                self._auto_next()
                return
        self.step(self._turn_action(i, player))

    def action_of(self, index: int, player: Optional[int] = None) -> Action:
        """The legal :class:`Action` of ``player`` (default: the actor at a turn, or the one
        seat that may act) with the action-space index ``index``; IllegalActionError when
        that index is not legal for the player now."""
        if type(index) is int and 0 <= index < _I_SIZE:
            i = index
        else:
            i = _check_index(index)
        legal = self._offers
        if player is None:
            if self.phase is _TURN:
                player = self.actor
            elif len(legal) == 1:
                player = next(iter(legal))
            else:
                raise IllegalActionError(f"action index {i} without a player, when "
                                         f"{sorted(legal)} may act", "not_your_turn")
        acts = legal.get(player)
        if acts is None and player in legal:   # the turn kept as data
            return self._turn_action(i, player)
        if not acts:
            raise IllegalActionError(f"player {player} has no decision now (index {i}: "
                                     f"{describe(i)})", "not_your_turn")
        return _action_in(acts, i, self._red, player)

    def _resolve(self, a: Action) -> Action:
        """The legal action with ``a``'s key, carrying ``a``'s own ids when they are valid
        (a replay names the exact copies; an agent usually returns a legal action)."""
        if type(a) is not Action and not isinstance(a, Action):
            raise _bad_action(a)
        try:
            known = a.type in _ACTION_TYPES
        except TypeError:  # unhashable
            known = False
        if not known:
            raise _bad_action(a)
        if a.type == A_DISCARD and self.phase == _TURN and a.actor == self.actor and \
                self.last_draw < 136:
            # fast path, the same rule as _offer_turn: any kind (and red-ness) held,
            # minus kuikae bans after a call, only the drawn one after riichi (not while
            # a flower is held: Rules.flowers, the legal list below refuses it)
            p = a.actor
            t = a.tile
            hand = self.seats[p].hand
            spec = self._spec
            if t not in hand:
                want = spec[t] if 0 <= t < 136 else -1
                t = -1
                for x in hand:
                    if spec[x] == want:
                        t = x
                        break
            if t >= 0:
                if self.after_call:
                    ok = not (self.kuikae >> (t >> 2)) & 1
                elif self.seats[p].riichi:
                    ok = spec[t] == spec[self.last_draw]
                else:
                    ok = True
                if ok:
                    return _DISCARDS[p][t]
            raise IllegalActionError(f"illegal action {self.action_text(a)}", "illegal_action")
        legal = self._offered(a.actor)
        if legal is None:
            if a.type == A_CHI and self.n_players == 3:
                raise _sanma_chi(a)
            raise IllegalActionError(f"player {a.actor} has no decision now "
                                     f"({self.action_text(a)})", "not_your_turn")
        for b in legal:
            if b is a:
                return a
        typ = a.type
        hand = self.seats[a.actor].hand
        if typ == A_DISCARD or typ == A_RIICHI:  # fast path: compare kind and red-ness
            specbit = self._specbit
            sb = specbit[a.tile] if 0 <= a.tile < 136 else 0
            for b in legal:
                if b.type == typ and specbit[b.tile] == sb:
                    if a.tile in hand:
                        return _DISCARDS[a.actor][a.tile] if typ == A_DISCARD else \
                            b._replace(tile=a.tile)
                    return b
            raise IllegalActionError(f"illegal action {self.action_text(a)}", "illegal_action")
        red = self._red
        key = _red_key(a, red)
        for b in legal:
            if b.type != typ or _red_key(b, red) != key:
                continue
            t = b.type
            if t is A_KAKAN:
                return b._replace(tile=a.tile) if a.tile in hand else b
            if t is A_CHI or t is A_PON or t is A_DAIMINKAN or t is A_ANKAN:
                ids = a.consumed
                if len(set(ids)) == len(ids) and all([x in hand for x in ids]):
                    return b._replace(consumed=tuple(ids))
            if t is A_NUKIDORA:
                return b._replace(tile=a.tile) if a.tile in hand else b
            return b
        if typ == A_CHI and self.n_players == 3:
            raise _sanma_chi(a)
        if typ == A_NUKIDORA and self.n_players != 3 and not self.rules.flowers:
            raise IllegalActionError(f"a North is set aside only in three-player mahjong "
                                     f"({self.action_text(a)})", "nukidora_four_players")
        raise IllegalActionError(f"illegal action {self.action_text(a)}", "illegal_action")

    def step(self, actions) -> None:
        """Apply the chosen actions and run to the next decision point.

        ``actions``: one :class:`Action` (TURN), or a dict ``{seat: Action}`` / a list of
        actions (RESPONSE; a seat that may act but is missing passes). After the end of a
        hand (``HAND_END``) a step starts the next hand, or, when the last dealer is offered
        the stop (``LastDealerStop.OPTIONAL``), applies the dealer's ``STOP`` (the game
        ends) or ``PASS`` (the next hand starts; a missing choice passes).
        """
        phase = self.phase
        if phase is _TURN:
            if type(actions) is not Action:
                if _is_index(actions):
                    actions = self.action_of(actions)
                elif isinstance(actions, dict):
                    actions = actions.get(self.actor)
                elif isinstance(actions, (list, tuple)) and not isinstance(actions, Action):
                    actions = actions[0] if actions else None
                if actions is None:
                    raise IllegalActionError("the actor must choose an action", "missing_action")
            # an action offered as it was offered (what agents return) needs no resolving
            if self._is_offered(actions):
                self._do_turn(actions)
            else:
                self._do_turn(self._resolve(actions))
        elif phase is _RESPONSE:
            self._do_response(self._chosen(actions))
        elif phase is _HAND_END:
            if self._offers:  # LastDealerStop.OPTIONAL: the dealer stops or plays on
                a = self._chosen(actions).get(self.dealer)
                self._offers = {}
                if a is not None and a.type is A_STOP:
                    self._end_game()
                    return
            self.next_hand()
            return
        else:
            raise IllegalActionError("the game is over", "game_over")
        self._auto_next()

    def _chosen(self, actions) -> Dict[int, Action]:
        """The validated actions of a multi-player point by seat (a missing seat passes)."""
        if isinstance(actions, Action):
            actions = [actions]
        elif _is_index(actions):  # an index: the one seat that may act
            actions = [self.action_of(actions)]
        elif isinstance(actions, dict):
            actions = [self.action_of(a, q) if _is_index(a) else a
                       for q, a in actions.items()]
        elif actions is not None and not isinstance(actions, (list, tuple)):
            try:
                actions = list(actions)
            except TypeError:
                raise _bad_action(actions) from None
        chosen: Dict[int, Action] = {}
        for a in actions or ():
            if a is None:
                continue
            b = self._resolve(a)  # first: it checks that ``a`` is an Action
            chosen[a.actor] = b
        return chosen

    # ------------------------------------------------------------------ turn actions
    def _do_turn(self, a: Action) -> None:
        p = self.actor   # a legal action of the turn: the actor's (step resolved it)
        t = a.type
        if t is A_DISCARD:
            self._discard(p, a.tile, False)
        elif t is A_RIICHI:
            sp = self.seats[p]
            sp.riichi = _DECLARED
            sp.double_riichi = sp.first_turn and self.no_calls
            self.pending_riichi = p
            if self.record:
                self._emit({"type": "reach", "actor": p})
            self._discard(p, a.tile, True)
        elif t is A_TSUMO:
            self._win([(p, self.last_draw)], p, tsumo=True)
        elif t is A_ANKAN:
            self._ankan(p, a)
        elif t is A_KAKAN:
            self._kakan(p, a)
        elif t is A_KYUUSHU:
            self._abort("nine_terminals", reveal=p)
        elif t is A_NUKIDORA:
            if a.tile >= 136:
                self._flower(p, a.tile)
            else:
                self._nukidora(p, a.tile)

    def _discard(self, p: int, t: int, riichi: bool) -> None:
        sp = self.seats[p]
        if self.pending_dora and not self.rules.open_kan_dora_delayed:
            self._flush_dora()  # Tenhou: the open kan's indicator turns at the discard
        tid = t
        tsumogiri = tid == self.last_draw
        self._remove(p, tid)
        k = tid >> 2
        river = sp.river
        one = 1
        if tsumogiri:   # the bit of the new discard's river position
            sp.tsumogiri |= one << len(river)
        river.append(t)
        sp.river_called.append(False)
        if riichi:
            sp.river_riichi = len(river) - 1
        sp.disc_mask |= one << k
        vis = self.visible
        vis[k] += 1
        yao = _YAO
        if not yao[k]:
            sp.nagashi_ok = False
        r = sp.riichi
        if r and r == _ACCEPTED:  # (a truth test first: most seats are not in riichi)
            sp.ippatsu = False
        if sp.first_turn:
            sp.first_turn = False
            if self.no_calls:
                self.first_winds.append(k)
        self.n_discards += 1
        self.last_discard = t
        self.last_discarder = p
        self.last_draw = -1
        self.after_call = False
        self.kuikae = 0
        if not (tsumogiri and self._waits_before_draw):
            self._refresh_waits(p)  # the waits of the new 3k+1 hand
        # (the tile just drawn discarded: the hand is the one before the draw, whose
        # waits are current)
        self._waits_before_draw = False
        if self.record:
            self._emit({"type": "dahai", "actor": p, "pai": self._name(t), "tsumogiri": tsumogiri})
        legal = self._discard_responses(p, t)
        if legal is not None:
            self.phase = _RESPONSE
            self.resp_kind = "discard"
            self.resp_tile = t
            self.resp_actor = p
            self._offers = legal
        else:
            self._discard_passed(p, t, None)

    def _discard_responses(self, p: int, t: int) -> Optional[Dict[int, List[Action]]]:
        """The legal answers to ``p``'s discard ``t`` by seat, None when nobody may answer
        (the dict is made only when someone may: rarely)."""
        k = t >> 2
        legal: Optional[Dict[int, List[Action]]] = None
        last = self.left == 0
        nxt = self._chi_seat[p]  # -1 with three players: no chi
        seats = self.seats
        for q in self._others[p]:
            sq = seats[q]
            w = sq.waits
            if not (w >> k) & 1:  # cheap tests before building the action list
                if last:
                    continue
                cq = sq.cnt
                if cq[k] < 2:
                    if q != nxt or k >= 27:
                        continue
                    r = k % 9
                    if not ((r >= 2 and cq[k - 2] and cq[k - 1])
                            or (1 <= r <= 7 and cq[k - 1] and cq[k + 1])
                            or (r <= 6 and cq[k + 1] and cq[k + 2])):
                        continue
                if sq.riichi:   # (last: a truth test of an object, and rarely needed)
                    continue
            if sq.dead_hand:   # no ron, no call
                continue
            acts = self._response_actions(q, p, t, last)
            if acts:
                if legal is None:
                    legal = {}
                legal[q] = acts
        return legal

    def _can_ron(self, q: int, k: int) -> bool:
        sq = self.seats[q]
        if not (sq.waits >> k) & 1:
            return False
        if sq.temp_furiten or sq.riichi_furiten or sq.dead_hand:
            return False
        return not (sq.waits & sq.disc_mask)

    def _response_actions(self, q: int, p: int, t: int, last: bool) -> List[Action]:
        sq = self.seats[q]
        k = t >> 2
        acts: List[Action] = []
        cnt = sq.cnt
        ron = False
        if (sq.waits >> k) & 1 and self._can_ron(q, k):
            if self._yaku_win(q, t, False, p):
                acts.append(_action(A_RON, q, t, (), p))
                ron = True
        if last or sq.riichi:
            if ron:
                acts.append(_PASSES[q])
            return acts
        c = cnt[k]
        chi_ok = q == self._chi_seat[p] and k < 27
        if c < 2 and not chi_ok:
            if ron:
                acts.append(_PASSES[q])
            return acts
        hand = sq.hand
        red = self._red
        if c >= 2:
            same = [x for x in hand if x >> 2 == k]
            n_other = len(hand) - c
            if n_other > 0:  # kuikae: something else must be left to discard
                seen = 0  # bit r: a pair holding r red fives was offered
                for i in range(len(same)):
                    for j in range(i + 1, len(same)):
                        r = red[same[i]] + red[same[j]]
                        if (seen >> r) & 1:
                            continue
                        seen |= 1 << r
                        acts.append(_action(A_PON, q, t, (same[i], same[j]), p))
            if c == 3 and self.kan_count < self.rules.max_kans:
                acts.append(_action(A_DAIMINKAN, q, t, tuple(same), p))
        if chi_ok:
            r = k % 9
            for i in range(3):  # the run below k, around k, above k
                if i == 0:
                    a, b, other = k - 2, k - 1, (k - 3 if r >= 3 else -1)
                elif i == 1:
                    a, b, other = k - 1, k + 1, -1
                else:
                    a, b, other = k + 1, k + 2, (k + 3 if r <= 5 else -1)
                if a < k - r or b > k - r + 8 or not cnt[a] or not cnt[b]:
                    continue
                # kuikae: a tile other than k, ``other`` and the run's own two must stay
                # (any tile under Rules.kuikae_allowed)
                left_ok = False
                for x in hand:
                    kx = x >> 2
                    if kx == k or kx == other:
                        continue
                    if (kx == a and cnt[a] == 1) or (kx == b and cnt[b] == 1):
                        continue
                    left_ok = True
                    break
                if not left_ok and not self.rules.kuikae_allowed:
                    continue
                for xa in _variants(hand, a, red):
                    for xb in _variants(hand, b, red):
                        acts.append(_action(A_CHI, q, t, (xa, xb), p))
        if acts:
            acts.append(_PASSES[q])
        return acts

    # ------------------------------------------------------------------ responses
    def _do_response(self, chosen: Dict[int, Action]) -> None:
        if self.resp_kind == "draw":  # the tenpai seats declared (Rules.noten_declaration)
            self._exhaustive(chosen)
            return
        legal = self._offers
        rons = [a for a in chosen.values() if a.type is A_RON]
        kind = self.resp_kind
        p = self.resp_actor
        t = self.resp_tile
        # temporary furiten for everyone who passed a winnable tile
        for q, acts in legal.items():
            a = chosen.get(q)
            if (a is None or a.type is not A_RON) and any([b.type is A_RON for b in acts]):
                sq = self.seats[q]
                sq.temp_furiten = True
                if sq.riichi == _ACCEPTED:
                    sq.riichi_furiten = True
        if rons:
            # in turn order from the discarder (the first is the head-bump winner)
            n = self.n_players
            order = [a for _, a in sorted([((a.actor - p) % n, a) for a in rons])]
            mode = self.rules.ron_mode
            if mode is RonMode.ATAMAHANE:
                order = order[:1]
            elif len(order) >= 3:
                if mode is RonMode.DOUBLE:
                    self._abort("three_ron")
                    return
                if mode is RonMode.DOUBLE_HEAD_BUMP:
                    order = order[:2]
            self._win([(a.actor, t) for a in order], p, tsumo=False,
                      chankan=kind != "discard" and kind != "nukidora")
            return
        if kind == "kakan":
            self._kakan_done(p)
            return
        if kind == "ankan":
            self._ankan_done(p)
            return
        if kind == "nukidora":
            self._nukidora_done(p)
            return
        call = None
        for a in chosen.values():
            if a.type in (A_PON, A_DAIMINKAN):
                call = a
        if call is None:
            for a in chosen.values():
                if a.type is A_CHI:
                    call = a
        self._discard_passed(p, t, call)

    def _discard_passed(self, p: int, t: int, call: Optional[Action]) -> None:
        """The discard ``t`` of ``p`` was not ronned: riichi, dora, aborts, then the call
        or the next draw."""
        rules = self.rules
        if _turn_rules(rules)[4]:
            # planet: letting pass a tile that completes the shape is temporary furiten,
            # yaku or not (a caller's own call lifts it in _call)
            tk = t >> 2
            for q in range(self.n_players):
                sq = self.seats[q]
                if q != p and (sq.waits >> tk) & 1:
                    sq.temp_furiten = True
        if self.pending_riichi == p:
            self.pending_riichi = -1
            sp = self.seats[p]
            sp.riichi = _ACCEPTED
            sp.ippatsu = True
            self.scores[p] -= rules.riichi_deposit
            self.deposits += 1
            if self.record:
                deltas = [0, 0, 0, 0]
                deltas[p] = -rules.riichi_deposit
                self._emit({"type": "reach_accepted", "actor": p, "deltas": deltas,
                            "scores": list(self.scores)})
        if self.pending_dora:
            self._flush_dora()
        if (self.n_discards == 4 and rules.abort_four_winds and self.no_calls
                and len(self.first_winds) == 4 and 27 <= self.first_winds[0] <= 30
                and self.first_winds.count(self.first_winds[0]) == 4):
            self._abort("four_winds")
            return
        seats = self.seats
        s0 = seats[0]
        r0 = s0.riichi
        if (r0 and r0 == _ACCEPTED and seats[1].riichi == _ACCEPTED
                and seats[2].riichi == _ACCEPTED and self.n_players == 4
                and seats[3].riichi == _ACCEPTED and rules.abort_four_riichi):
            self._abort("four_riichi")
            return
        if self.suukaikan:
            self._abort("four_kans")
            return
        if call is not None:
            self._call(call)
            return
        if self.left <= 0:
            self._exhaustive()
            return
        self._draw(self._nxt[p])

    def _call(self, a: Action) -> None:
        q = a.actor
        p = a.target
        t = a.tile
        k = t >> 2
        sp = self.seats[p]
        sq = self.seats[q]
        sp.river_called[-1] = True
        sp.nagashi_ok = False
        sq.nagashi_ok = False
        self._break_first()
        vis = self.visible
        for x in a.consumed:
            self._remove(q, x)
            vis[x >> 2] += 1
        rel = (p - q) % self.n_players
        if rel == 2 and self.n_players == 3:
            rel = 3  # three players: the seat on the left, as with four
        typ = a.type
        if typ is A_CHI:
            meld = _meld(_M_CHI, (t,) + a.consumed, t, 3, None, self._red)
        elif typ is A_PON:
            meld = _meld(_M_PON, (t,) + a.consumed, t, rel, None, self._red)
        else:
            meld = _meld(_M_DAIMINKAN, (t,) + a.consumed, t, rel, None, self._red)
        sq.melds.append(meld)
        sq.is_open = True
        sq.temp_furiten = False
        if typ is not A_CHI:
            self._check_pao(q, k, p)
        if self.record:
            self._emit({"type": ("chi", "pon", "daiminkan")[typ - A_CHI], "actor": q,
                        "target": p, "pai": self._name(t),
                        "consumed": [self._name(x) for x in a.consumed]})
        if typ is A_DAIMINKAN:
            if sq.kans == 3 and sq.pao < 0 and "suukantsu" in self.rules.pao_yakuman:
                sq.pao = p   # fed the fourth kan (docs/rules.md §8)
            self._refresh_waits(q)  # the 3k+1 tiles left before the replacement draw
            self._new_kan(q, closed=False)
            self._draw(q, rinshan=True, feeder=p)
            return
        # chi / pon: discard without drawing, kuikae applies (unless Rules.kuikae_allowed)
        ban = 0 if self.rules.kuikae_allowed else _KBIT[k]
        if typ is A_CHI and ban:
            ks = sorted([x >> 2 for x in a.consumed])
            if ks[0] == k + 1 and k % 9 <= 5:
                ban |= _KBIT[k + 3]
            elif ks[1] == k - 1 and k % 9 >= 3:
                ban |= _KBIT[k - 3]
        self.kuikae = ban
        self.after_call = True
        self.last_draw = -1
        self.rinshan_draw = False
        self.phase = _TURN
        self.actor = q
        self._offer_turn(q)

    def _break_first(self) -> None:
        self.no_calls = False
        for i in range(self.n_players):
            si = self.seats[i]
            si.ippatsu = False

    def _check_pao(self, q: int, k: int, feeder: int) -> None:
        if k >= 31:
            group = DRAGON_KINDS
        elif k >= 27:
            group = WIND_KINDS
        else:
            return
        n = sum(1 for m in self.seats[q].melds if m.type is not _T_CHI
                and (m.tiles[0] >> 2) in group)
        if n == len(group) and self.seats[q].pao < 0 and (
                ("daisangen" if k >= 31 else "daisuushi") in self.rules.pao_yakuman):
            self.seats[q].pao = feeder

    def _new_kan(self, p: int, closed: bool) -> None:
        """Count a kan, turn pending and new indicators."""
        self.kan_count += 1
        self.seats[p].kans += 1
        if self.pending_dora:
            self._flush_dora()
        if self.rules.kan_dora:
            if closed:
                self._reveal_dora()
            else:
                self.pending_dora += 1
        if (self.kan_count == 4 and self.rules.abort_four_kans
                and max([s.kans for s in self.seats]) < 4):
            self.suukaikan = True

    def _ankan(self, p: int, a: Action) -> None:
        k = a.consumed[0] >> 2
        ids = tuple(x for x in self.seats[p].hand if x >> 2 == k)
        for x in ids:
            self._remove(p, x)
        self.visible[k] += 4
        self.seats[p].melds.append(_meld(_M_ANKAN, tuple(sorted(ids)), None, None, None,
                                   self._red))
        self._break_first()
        if self.record:
            self._emit({"type": "ankan", "actor": p, "consumed": [self._name(x) for x in ids]})
        self._refresh_waits(p)
        legal = self._ankan_responses(p, ids[0])
        if legal:
            self.phase = _RESPONSE
            self.resp_kind = "ankan"
            self.resp_tile = ids[0]
            self.resp_actor = p
            self._offers = legal
            return
        self._ankan_done(p)

    def _ankan_responses(self, p: int, t: int) -> Dict[int, List[Action]]:
        """Who may rob ``p``'s closed kan of ``t``'s kind: a closed kokushi waiting on it
        (``Rules.kokushi_robs_closed_kan``)."""
        legal: Dict[int, List[Action]] = {}
        k = t >> 2
        if self.rules.kokushi_robs_closed_kan:
            for q in self._others[p]:
                if self._can_ron(q, k) and not self.seats[q].is_open and not self.seats[q].melds:
                    if _core.shanten(bytes(self.seats[q].cnt), form="kokushi") == 0:
                        r = self._score(q, t, False, p, chankan=True)
                        if r.error is None:
                            legal[q] = [Action(A_RON, q, t, (), p), _PASSES[q]]
        return legal

    def _ankan_done(self, p: int) -> None:
        self._new_kan(p, closed=True)
        self._draw(p, rinshan=True)


    def _kakan(self, p: int, a: Action) -> None:
        add = a.tile
        idx = next(i for i, m in enumerate(self.seats[p].melds)
                   if m.type is _T_PON and m.tiles[0] >> 2 == add >> 2)
        pon = self.seats[p].melds[idx]
        self._remove(p, add)
        self.visible[add >> 2] += 1
        self.seats[p].melds[idx] = _meld(_M_KAKAN, pon.tiles + (add,), pon.called,
                                   pon.from_who, add, self._red)
        self.seats[p].is_open = True
        if self.record:
            self._emit({"type": "kakan", "actor": p, "pai": self._name(add),
                        "consumed": [self._name(x) for x in pon.tiles]})
        self._refresh_waits(p)
        if not self._offer_rob(p, add, "kakan"):
            self._kakan_done(p)

    def _offer_rob(self, p: int, t: int, kind: str) -> bool:
        """Offer a ron on the tile ``t`` that ``p`` added to a pon (``kind`` "kakan":
        chankan) or set aside (``"nukidora"``) to every other seat that may win on it;
        True when someone may (the response phase is set up)."""
        legal = self._rob_responses(p, t, kind)
        if not legal:
            return False
        self.phase = _RESPONSE
        self.resp_kind = kind
        self.resp_tile = t
        self.resp_actor = p
        self._offers = legal
        return True

    def _rob_responses(self, p: int, t: int, kind: str) -> Dict[int, List[Action]]:
        """Who may ron the tile ``t`` that ``p`` added to a pon (``kind`` "kakan") or set
        aside (``"nukidora"``)."""
        legal: Dict[int, List[Action]] = {}
        k = t >> 2
        for q in self._others[p]:
            if self._can_ron(q, k):
                r = self._score(q, t, False, p, chankan=kind == "kakan")
                if r.error is None:
                    legal[q] = [Action(A_RON, q, t, (), p), _PASSES[q]]
        return legal

    def _kakan_done(self, p: int) -> None:
        self._break_first()
        self._new_kan(p, closed=False)
        self._draw(p, rinshan=True)

    def _nukidora(self, p: int, t: int) -> None:
        """Seat ``p`` sets the North ``t`` aside (three players): the other two may ron it
        (any yaku, not chankan); else :meth:`_nukidora_done`."""
        self._remove(p, t)
        self.seats[p].nuki.append(t)
        self.visible[_NORTH] += 1
        if self.record:
            self._emit({"type": "nukidora", "actor": p, "pai": self._name(t)})
        self._refresh_waits(p)
        if not self._offer_rob(p, t, "nukidora"):
            self._nukidora_done(p)

    def _nukidora_done(self, p: int) -> None:
        """The North passed: it counts as a call (ippatsu, double riichi, tenhou / chiihou,
        nine terminals), then the replacement draw (rinshan)."""
        self._break_first()
        self._draw(p, rinshan=True)

    # ------------------------------------------------------------------ flowers
    def _deal_flowers(self) -> list:
        """Rules.flowers: the flowers of the start hands are set aside before the dealer's
        first draw, seat by seat from the dealer, each replaced from the dead wall (a
        replacement that is a flower again is set aside in turn). Each replacement shortens
        the live wall by one. Returns (seat, flower, replacement) of each, in order, for
        :meth:`_emit_deal_flowers`."""
        w = self.wall
        n = self.n_players
        dealt = []
        for i in range(n):
            p = (self.dealer + i) % n
            hand = self.seats[p].hand
            j = 0
            while j < len(hand):
                t = hand[j]
                if t < 136:
                    j += 1
                    continue
                if self._rinshan_pos >= len(w.rinshan):
                    raise IllegalActionError("the wall has no more replacement tiles",
                                             "wall_exhausted")
                r = w.rinshan[self._rinshan_pos]
                self._rinshan_pos += 1
                self.left -= 1
                self.seats[p].nuki.append(t)
                hand[j] = r  # the replacement takes the flower's place (checked again)
                dealt.append((p, t, r))
        return dealt

    def _emit_deal_flowers(self, dealt: list) -> None:
        """The events of the flowers set aside at the deal: a ``nukidora`` (the flower)
        and a ``tsumo`` (its replacement) for each, in the order they happened."""
        name = self._name
        for p, t, r in dealt:
            self._emit({"type": "nukidora", "actor": p, "pai": name(t)})
            self._emit({"type": "tsumo", "actor": p, "pai": name(r)})

    def _flower_drawn(self, p: int, t: int) -> None:
        """Seat ``p`` drew the flower ``t`` (Rules.flowers): it is held outside the hand
        (``last_draw``), and setting it aside is the only legal action."""
        self.last_draw = t
        self.rinshan_draw = False
        self.rinshan_from = -1
        self.after_call = False
        self.kuikae = 0
        self.seats[p].temp_furiten = False
        if self.record:
            self._emit({"type": "tsumo", "actor": p, "pai": self._name(t)})
        self.phase = _TURN
        self.actor = p
        self._offers = {p: [Action(A_NUKIDORA, p, t)]}

    def _flower(self, p: int, t: int) -> None:
        """Seat ``p`` sets the flower ``t`` aside (Rules.flowers) and draws a replacement
        from the dead wall. No call: ippatsu and the first-turn windows stay; a win on the
        replacement is not rinshan kaihou. The replacement shortens the live wall by one
        (the dead wall is refilled from its end), never below empty: the replacement of a
        flower drawn as the last tile is the last draw (haitei)."""
        self.seats[p].nuki.append(t)
        if self.record:
            self._emit({"type": "nukidora", "actor": p, "pai": self._name(t)})
        w = self.wall
        if self._rinshan_pos >= len(w.rinshan):
            raise IllegalActionError("the wall has no more replacement tiles",
                                     "wall_exhausted")
        r = w.rinshan[self._rinshan_pos]
        self._rinshan_pos += 1
        if self.left > 0:
            self.left -= 1
        if r >= 136:
            self._flower_drawn(p, r)
            return
        self.seats[p].hand.append(r)
        self.seats[p].cnt[r >> 2] += 1
        self.last_draw = r
        self.rinshan_draw = False
        self.rinshan_from = -1
        if self.record:
            self._emit({"type": "tsumo", "actor": p, "pai": self._name(r)})
        # the waits of the 13 tiles before the flower are current (_offer_turn's fresh)
        self._waits_before_draw = True
        self._offer_turn(p, True)

    # ------------------------------------------------------------------ hand end
    def _win(self, winners, from_who: int, tsumo: bool, chankan: bool = False) -> None:
        rules = self.rules
        n = self.n_players
        total = [0] * n
        wins = []
        dealer = self.dealer
        for i, (w, tile) in enumerate(winners):
            first = i == 0
            honba = self.honba if (first or not rules.honba_to_first_winner_only) else 0
            deps = self.deposits if first else 0
            r = self._score(w, tile, tsumo, from_who, chankan=chankan, honba=honba,
                            deposits=deps)
            deltas = win_deltas(r.payments, dealer)
            hand = list(self.seats[w].hand) if tsumo else self.seats[w].hand + [tile]
            pao = self._liable(w, tsumo)
            wins.append(WinResult(w, from_who, tile, r, deltas, pao, hand))
            for s in range(n):
                self.scores[s] += deltas[s]
                total[s] += deltas[s]
            if self.record:
                self._emit({
                    "type": "hora", "actor": w, "target": from_who, "pai": self._name(tile),
                    "hora_tehais": [self._name(x) for x in sorted(hand)],
                    "uradora_markers": [self._name(x) for x in self.wall.ura[:self.n_dora]]
                    if self.seats[w].riichi == _ACCEPTED else [],
                    "yakus": [list(y) for y in r.yaku] + [
                        [n, v] for n, v in (("dora", r.dora), ("uradora", r.ura),
                                            ("akadora", r.red)) if v],
                    "fu": r.fu, "fan": r.han,
                    "hora_points": r.points, "deltas": deltas, "scores": list(self.scores)})
        self.deposits = 0
        dealer_won = any(w.winner == dealer for w in wins)
        self._finish(HandResult("win", wins, total, kyoku=self.kyoku, honba=self.honba),
                     renchan=dealer_won, win=True)

    def _tenpai(self) -> List[bool]:
        """Tenpai by seat at an exhaustive draw (a dead hand counts as noten)."""
        return [self.seats[p].shanten == 0 and not self.seats[p].dead_hand for p in range(self.n_players)]

    def _exhaustive(self, declared: Optional[Dict[int, Action]] = None) -> None:
        rules = self.rules
        dealer = self.dealer
        tenpai = self._tenpai()
        n = self.n_players
        deltas = [0] * n
        nagashi = []
        if rules.nagashi_mangan:
            nagashi = [p for p in range(n) if self.seats[p].nagashi_ok and self.seats[p].river]
        if rules.noten_declaration and not (nagashi and rules.nagashi_mode is
                                            NagashiMode.WIN):
            if declared is None:
                offers = self._noten_offers(tenpai)
                if offers:  # a response to the wall's last discard, which nobody took
                    self.phase = _RESPONSE
                    self.resp_kind = "draw"
                    self.resp_tile = self.last_discard
                    self.resp_actor = self.last_discarder
                    self._offers = offers
                    return
            else:
                tenpai = self._declared_tenpai(tenpai, declared)
        if nagashi:
            win_mode = rules.nagashi_mode is NagashiMode.WIN
            deltas = nagashi_deltas(nagashi, dealer, self.honba, self.deposits, rules,
                                    win_mode)
            for s in range(n):
                self.scores[s] += deltas[s]
            if win_mode:
                self.deposits = 0
                res = HandResult("nagashi", [], deltas, tenpai, tuple(nagashi),
                                 kyoku=self.kyoku, honba=self.honba)
                self._emit_ryukyoku("nagashimangan", deltas, tenpai)
                self._finish(res, renchan=dealer in nagashi, win=True)
                return
        elif rules.noten_pool:
            deltas = self._noten_pool(tenpai)
        else:
            deltas = noten_deltas(tenpai, rules.noten_payment)
            for s in range(n):
                self.scores[s] += deltas[s]
        res = HandResult("exhaustive", [], deltas, tenpai, tuple(nagashi),
                         kyoku=self.kyoku, honba=self.honba)
        self._emit_ryukyoku("nagashimangan" if nagashi else "fanpai", deltas, tenpai)
        # the dealer's tenpai keeps the seat unless only a win does (dealer_repeat_tenpai)
        self._finish(res, renchan=tenpai[dealer] and rules.dealer_repeat_tenpai, win=False)

    def _noten_offers(self, tenpai) -> Dict[int, List[Action]]:
        """``Rules.noten_declaration``: each tenpai seat not in riichi chooses at the
        exhaustive draw between showing its hand (``PASS``) and declaring noten
        (``NOTEN``); a riichi hand was declared tenpai and is shown."""
        seats = self.seats
        return {p: [_PASSES[p], _NOTENS[p]] for p in range(self.n_players)
                if tenpai[p] and not seats[p].riichi}

    def _declared_tenpai(self, tenpai, declared: Dict[int, Action]) -> List[bool]:
        """Tenpai by seat after the declarations: a seat that declared noten is noten."""
        self._offers = {}
        out = list(tenpai)
        for p, a in declared.items():
            if a.type is ActionType.NOTEN:
                out[p] = False
        return out

    def _noten_pool(self, tenpai) -> List[int]:
        """``Rules.noten_pool``: each noten seat puts one deposit on the table (on the
        occasions of the noten payment); the score changes by seat."""
        deltas = noten_pool_deltas(tenpai, self.rules.riichi_deposit)
        for s in range(self.n_players):
            if deltas[s]:
                self.scores[s] += deltas[s]
                self.deposits += 1
        return deltas

    def _emit_ryukyoku(self, reason: str, deltas, tenpai) -> None:
        if self.record:
            n = self.n_players
            self._emit({"type": "ryukyoku", "reason": reason,
                        "tenpais": list(tenpai) if tenpai else [False] * n,
                        "tehais": [[self._name(x) for x in self.seats[p].hand]
                                   if tenpai and tenpai[p] else [] for p in range(n)],
                        "deltas": list(deltas), "scores": list(self.scores)})

    def _abort(self, kind: str, reveal: int = -1) -> None:
        n = self.n_players
        res = HandResult(kind, [], [0] * n, kyoku=self.kyoku, honba=self.honba)
        if self.record:
            self._emit({"type": "ryukyoku", "reason": _ABORT_REASON[kind],
                        "tenpais": [False] * n,
                        "tehais": [[self._name(x) for x in self.seats[p].hand] if p == reveal else []
                                   for p in range(n)],
                        "deltas": [0] * n, "scores": list(self.scores)})
        self._finish(res, renchan=True, win=False)

    def _finish(self, res: HandResult, renchan: bool, win: bool) -> None:
        res.riichi = tuple([s.riichi != 0 for s in self.seats])
        res.open = tuple([s.is_open for s in self.seats])
        self.hand_results.append(res)
        self._offers = {}
        if self.record:
            self._emit({"type": "end_kyoku"})
        if win:
            honba = self.honba + 1 if renchan else 0
        else:
            honba = self.honba + 1
        kyoku = self.kyoku if renchan else self.kyoku + 1
        self._next = (kyoku, honba, self.deposits)
        if self._game_ends(renchan, kyoku, win, res.kind):
            self._end_game()
        else:
            self.phase = _HAND_END
            if (self.rules.last_dealer_stop is LastDealerStop.OPTIONAL
                    and self._dealer_may_stop(renchan, win, res.kind)):
                d = self.dealer
                self._offers = {d: [_STOPS[d], _PASSES[d]]}

    # ------------------------------------------------------------------ penalties
    def penalize(self, seat: int, kind: str) -> List[int]:
        """Apply a penalty to ``seat`` during a hand (at a ``TURN`` or ``RESPONSE``
        decision), as a referee or a host that finds a player at fault would; the score
        changes by seat are returned and the penalty is logged in :attr:`penalties`.

        * ``"foul"``: the seat puts one deposit (1,000 points) on the table, which the
          next winner takes like a riichi stick; play goes on.
        * ``"dead_hand"``: for the rest of the hand the seat may not win, declare riichi
          or call (chi, pon, open kan); it is noten at an exhaustive draw and cannot win
          nagashi mangan. Play goes on.
        * ``"chombo"``: the hand is void and replayed (the same hand, honba and
          deposits; riichi deposits paid in it go back to their owners), and the seat
          pays a mangan: the dealer 4,000 to each other player, a non-dealer 4,000 to the
          dealer and 2,000 to each other player (``settle.chombo_deltas``). The hand
          ends (``HAND_END``, a :class:`HandResult` of kind ``"chombo"``); a seat below
          zero ends the game where the rules end it on a bust.
        """
        n = self.n_players
        if type(seat) is not int or not 0 <= seat < n:
            raise IllegalActionError(f"a seat is 0..{n - 1}, not {seat!r}", "bad_seat")
        if kind not in ("foul", "dead_hand", "chombo"):
            raise IllegalActionError(f"unknown penalty {kind!r}: 'foul', 'dead_hand' or "
                                     f"'chombo'", "bad_penalty")
        if self.phase is not _TURN and self.phase is not _RESPONSE:
            raise IllegalActionError(f"a penalty is given during a hand, not at "
                                     f"{self.phase.name}", "hand_not_running")
        deltas = [0] * n
        if kind == "foul":
            deltas[seat] = -self.rules.riichi_deposit
            self.scores[seat] -= self.rules.riichi_deposit
            self.deposits += 1
        elif kind == "dead_hand":
            self.seats[seat].dead_hand = True
            self.seats[seat].nagashi_ok = False
            self._offers_without(seat)
            self._auto_next()
        self.penalties.append({"kind": kind, "seat": seat, "kyoku": self.kyoku,
                               "honba": self.honba})
        if kind == "chombo":
            deltas = self._void_hand(seat)
            self._auto_next()
        return deltas

    def _offers_without(self, seat: int) -> None:
        """The decision now, offered again after ``seat``'s hand went dead: its turn is
        recomputed; its answers to a discard or a kan are withdrawn (the decision
        resolves at once when nobody else may answer)."""
        if self.phase is _TURN:
            if self.actor == seat:
                self._offer_turn(seat, False)
            return
        legal = self._offers
        if seat not in legal:
            return
        del legal[seat]
        if not legal:   # nobody else may answer: everybody passed
            self._do_response({})

    def _void_hand(self, seat: int) -> List[int]:
        """Chombo: the hand is void, the mangan penalty paid, the same hand next."""
        n = self.n_players
        deltas = chombo_deltas(seat, self.dealer, n)
        for q in range(n):
            if self.seats[q].riichi == _ACCEPTED:   # its deposit goes back
                self.scores[q] += self.rules.riichi_deposit
                self.deposits -= 1
            self.scores[q] += deltas[q]
        res = HandResult("chombo", [], list(deltas), kyoku=self.kyoku, honba=self.honba)
        res.riichi = tuple([s.riichi != 0 for s in self.seats])
        res.open = tuple([s.is_open for s in self.seats])
        self.hand_results.append(res)
        self._offers = {}
        if self.record:
            self._emit({"type": "ryukyoku", "reason": "chombo", "tenpais": [False] * n,
                        "tehais": [[self._name(x) for x in self.seats[p].hand] if p == seat else []
                                   for p in range(n)],
                        "deltas": list(deltas), "scores": list(self.scores)})
            self._emit({"type": "end_kyoku"})
        self._next = (self.kyoku, self.honba, self.deposits)
        if self.rules.bust_ends_game and min(self.scores) < 0:
            self._end_game()
        else:
            self.phase = _HAND_END
        return list(deltas)

    def _dealer_may_stop(self, renchan: bool, win: bool, kind: str) -> bool:
        """The last regular hand's dealer repeats (a win, or tenpai at an exhaustive draw
        when ``last_dealer_stop_tenpai``) in first place with enough points (docs/rules.md §8:
        "the last-hand dealer in first place with ≥ 30,000 may stop")."""
        rules = self.rules
        n = self.n_players
        last = n if rules.game_length is GameLength.EAST else 2 * n
        if not renchan or self.kyoku != last - 1:
            return False
        if not (win or (kind == "exhaustive" and rules.last_dealer_stop_tenpai)):
            return False
        scores = self.scores
        dealer = self.dealer
        enough = max(scores) >= rules.return_points or not rules.west_extension
        return (enough and self.placement()[0] == dealer
                and scores[dealer] >= rules.last_dealer_stop_min)

    def _game_ends(self, renchan: bool, next_kyoku: int, win: bool = False,
                   kind: str = "win") -> bool:
        rules = self.rules
        scores = self.scores
        if rules.bust_ends_game and min(scores) < 0:
            return True
        n = self.n_players
        last = n if rules.game_length is GameLength.EAST else 2 * n
        if self.kyoku < last - 1:
            return False
        top = max(scores)
        enough = top >= rules.return_points or not rules.west_extension
        dealer = self.dealer
        dealer_first = self.placement()[0] == dealer
        if self.kyoku >= last:  # extension rounds: sudden death
            # a repeating dealer in first place ends it too, after a tenpai draw only
            # when last_dealer_stop_tenpai (Tenhou from June 2010)
            if top >= rules.return_points and (not renchan or (
                    dealer_first and (win or kind != "exhaustive"
                                      or rules.last_dealer_stop_tenpai))):
                return True
            return next_kyoku >= last + n
        # the last regular hand
        if not renchan:
            return enough
        # the last dealer's stop (agari-yame; tenpai-yame unless last_dealer_stop_tenpai
        # is off: Tenhou's records before June 2010 go on after an all-last dealer's
        # tenpai in first place, dnovikoff/bug1.xml)
        if rules.last_dealer_stop is LastDealerStop.AUTO:
            return self._dealer_may_stop(renchan, win, kind)
        return False

    def placement(self) -> List[int]:
        """Seats from first to last place (ties: the lower starting seat first)."""
        return placement(self.scores)

    def _end_game(self) -> None:
        scores, self.deposits, order, final = final_standings(self.scores, self.deposits,
                                                              self.rules)
        self.scores[:] = scores  # the same list object (agents may hold it)
        self.final = {"scores": list(self.scores), "placement": order, "final": final}
        self.phase = _GAME_END
        self._offers = {}
        if self.record:
            self._emit({"type": "end_game", "scores": list(self.scores)})

    def next_hand(self) -> None:
        """Start the next hand (after ``HAND_END``; a pending ``STOP`` offer to the last
        dealer counts as declined)."""
        if self.phase != _HAND_END:
            raise IllegalActionError("the hand is not over", "hand_not_over")
        self._offers = {}
        kyoku, honba, deposits = self._next
        self.start_hand(kyoku=kyoku, honba=honba, deposits=deposits)

    @property
    def next_hand_counters(self):
        """(kyoku, honba, deposits) of the hand that follows a finished hand."""
        return self._next

    # ------------------------------------------------------------------ checks
    def _visible_recount(self) -> bytearray:
        """Copies of each kind everybody sees, counted from scratch: rivers (called tiles
        once, in their meld), melds, Norths set aside and revealed dora indicators; with
        three players every 2m-8m copy, none of which is in play."""
        vis = bytearray(34)
        if self.n_players == 3:
            for k in SANMA_ABSENT_KINDS:
                vis[k] = 4
        for p in range(self.n_players):
            if self.n_players == 3:
                vis[_NORTH] += len(self.seats[p].nuki)
            for t, called in zip(self.seats[p].river, self.seats[p].river_called):
                if not called:
                    vis[t >> 2] += 1
            for m in self.seats[p].melds:
                for t in m.tiles:
                    vis[t >> 2] += 1
        for t in self.wall.dora[:self.n_dora]:
            if t < 136:  # a flower indicator (Rules.flowers) is no kind's copy
                vis[t >> 2] += 1
        return vis

    def check_invariants(self) -> None:
        """Raise AssertionError when a conservation law or a cached value is wrong."""
        rules = self.rules
        n_p = self.n_players
        assert sum(self.scores) + self.deposits * rules.riichi_deposit == \
            n_p * rules.starting_points, "points + deposits not conserved"
        if self.phase in (_TURN, _RESPONSE):
            seen = []
            for p in range(n_p):
                seen += self.seats[p].hand
                seen += self.seats[p].nuki
                for m in self.seats[p].melds:
                    seen += m.tiles
                for t, called in zip(self.seats[p].river, self.seats[p].river_called):
                    if not called:
                        seen.append(t)
                c = bytearray(34)
                for t in self.seats[p].hand:
                    c[t >> 2] += 1
                assert c == self.seats[p].cnt, f"counts of seat {p} out of sync"
                n = len(self.seats[p].hand) + 3 * len(self.seats[p].melds)
                assert n in (13, 14), f"seat {p} holds {n} tiles"
                assert not self.seats[p].tsumogiri >> len(self.seats[p].river), \
                    f"tsumogiri bits of seat {p} past its river"
                if n == 13:
                    if n_p == 3:  # from scratch: the hand core's players=3 road
                        s = _shanten(bytes(c), players=3)
                        wm = _mask_of(_waits(bytes(c), players=3)) if s == 0 else 0
                    else:
                        s = _shanten(bytes(c))
                        wm = _mask_of(_waits(bytes(c))) if s == 0 else 0
                    assert s == self.seats[p].shanten, f"incremental shanten of seat {p}"
                    assert wm == self.seats[p].waits, f"incremental waits of seat {p}"
            assert self._visible_recount() == self.visible, "visible counts out of sync"
            w = self.wall
            # replacement draws beyond the dead wall's take the last of the n_live live
            # tiles (_draw); a test wall may hold more live tiles than it plays
            extra = max(0, self._rinshan_pos - len(w.rinshan))
            if self.phase is _TURN and self.last_draw >= 136:
                seen.append(self.last_draw)  # a flower drawn, held until set aside
            seen += (w.live[self._live_pos:w.n_live - extra] + w.live[w.n_live:]
                     + w.rinshan[self._rinshan_pos:] + w.dora + w.ura)
            if n_p == 3:
                if len(w.tiles()) == 108:
                    assert sorted(seen) == list(SANMA_IDS), "108 tiles not conserved"
            elif len(w.tiles()) == 136:
                assert sorted(seen) == list(range(136)), "136 tiles not conserved"
            elif len(w.tiles()) == 140:
                assert sorted(seen) == list(range(140)), "140 tiles not conserved"


_ABORT_REASON = {"nine_terminals": "kyushukyuhai", "four_winds": "sufonrenta",
                 "four_riichi": "suchareach", "four_kans": "sukaikan",
                 "three_ron": "sanchaho"}
