"""The fixed action space: one index per distinct decision a player can make at the table.

Learning agents, outside bots and training pipelines see every decision through the same
:data:`SIZE` indices; :meth:`GameState.legal_mask <ippatsu.table.GameState.legal_mask>`
sets the bits of the legal ones, and :meth:`GameState.step` takes an index as well as an
:class:`~ippatsu.table.Action`. The layout is the same for four and three players (with
three players the chi indices and the discards of 2m-8m are never legal, and NORTH is;
with four players NORTH never is).

A *tile code* names a tile up to its copy: the kinds 0-33 (1m-9m, 1p-9p, 1s-9s, E S W N
P F C), then 34, 35, 36 for a red 5m, 5p, 5s (any red copy: with ``Rules.red_five_counts``
a suit may have up to four, the first copies of its five, :func:`ippatsu._codes.red_five_ids`).
With red fives off (``Rules.red_fives``), every five is its plain kind.

===========  =====  ==========================================================
indices      count  decision
===========  =====  ==========================================================
0-36         37     discard the tile of that tile code
37-73        37     riichi, discarding the tile of code ``i - 37``
74-136       63     chi of a plain run: ``74 + 3 * run + pos`` (``run`` = suit * 7 +
                    the run's lowest rank - 1, 0-20; ``pos`` = the called tile's place
                    in the run, 0 lowest to 2 highest), the consumed tiles plain
137-154      18     the same chi taking a red five from the hand (:data:`CHI_RED`)
155-188      34     pon of that kind, no red five taken from the hand
189-191      3      pon of 5m, 5p, 5s taking one red five from the hand
192-225      34     open kan (daiminkan) of that kind
226-259      34     closed kan (ankan) of that kind
260-293      34     added kan (kakan) of that kind
294          1      tsumo (win on the own draw)
295          1      ron (win on a discard, an added kan or a North)
296          1      nine terminals (abort the hand)
297          1      North set aside (three players)
298          1      pass
299          1      the last dealer stops the game (``LastDealerStop.OPTIONAL``)
300          1      declare noten at an exhaustive draw, hiding a tenpai hand
                    (``Rules.noten_declaration``; ``PASS`` shows it)
301-303      3      pon of 5m, 5p, 5s taking two red fives from the hand (a suit with
                    two or more reds, ``Rules.red_five_counts``: :data:`PON_RED2`)
===========  =====  ==========================================================

An index names a decision in its context: the chi and pon indices do not say which tile
was discarded, nor whether it was red (the table knows), and a kan index does not say
which copies: a kan always takes every copy of its kind the hand holds (an open kan the
three in the hand, a closed kan the four, an added kan the one), so it has no choice of
copies to make. A chi takes at most one five from the hand (:data:`CHI_RED` when red); a
pon takes none, one or two red fives (:data:`PON`, :data:`PON_RED`, :data:`PON_RED2`).

Which ids are red is the rules' business (``Rules.red_ids``): the functions here take
``red`` as a bool (True: one red per suit, ids 16, 52, 88; False: none) or as a
136-byte table from :func:`red_table` (1 at each red id).

:func:`index_of` maps an :class:`Action` to its index;
:meth:`GameState.action_of` maps an index back to the legal :class:`Action` at the current
decision; :func:`index_of_mjai` and :func:`mjai_of` convert mjai messages.

>>> from ippatsu.table.actionspace import SIZE, index_of, describe
>>> from ippatsu.table import Action, ActionType
>>> SIZE
304
>>> index_of(Action(ActionType.DISCARD, 0, 16)), index_of(Action(ActionType.DISCARD, 0, 17))
(34, 4)
>>> describe(index_of(Action(ActionType.CHI, 1, 8, (0, 4), 0)))
'chi 3m with 1m2m'
"""
from __future__ import annotations

from typing import List, Optional, Sequence

import numpy as np

from ..errors import IllegalActionError
from ..tiles import kind_to_mjai, mjai_is_red, mjai_to_kind
from .actions import Action, ActionType

__all__ = ["index_of_fields", "check_index", "SIZE", "DISCARD", "RIICHI", "CHI", "CHI_RED", "PON", "PON_RED", "PON_RED2", "DAIMINKAN",
           "ANKAN", "KAKAN", "TSUMO", "RON", "KYUUSHU", "NUKIDORA", "PASS", "STOP", "NOTEN",
           "tile_code", "index_of", "index_of_mjai", "mjai_of", "describe", "mask_to_array",
           "indices", "CHI_RED_TABLE", "red_table"]

#: the first index of each block
DISCARD = 0
RIICHI = 37
CHI = 74
CHI_RED = 137
PON = 155
PON_RED = 189
DAIMINKAN = 192
ANKAN = 226
KAKAN = 260
TSUMO = 294
RON = 295
KYUUSHU = 296
NUKIDORA = 297
PASS = 298
STOP = 299
NOTEN = 300
#: pon of 5m, 5p, 5s taking two red fives from the hand (appended last: every index
#: before it keeps its meaning)
PON_RED2 = 301
#: the number of indices
SIZE = 304

from .._codes import red_five_ids as _red_five_ids  # noqa: E402

#: the red tables of one red per suit and of none (1 at each red id)
_RED_ONE = bytes(1 if t in _red_five_ids((1, 1, 1)) else 0 for t in range(136))
_RED_NONE = bytes(136)
#: the red table of each per-suit count (the standard ones are the two above: the table
#: tells them by identity)
_RED_TABLES: dict = {(1, 1, 1): _RED_ONE, (0, 0, 0): _RED_NONE}


def red_table(red) -> bytes:
    """The 136-byte table (1 at each red id) of ``red``: a bool (True: one red five per
    suit; False: none), a :class:`~ippatsu.rules.Rules` (its ``red_ids``), a tuple of
    three per-suit counts, or such a table itself."""
    if red is True:
        return _RED_ONE
    if red is False or red is None:
        return _RED_NONE
    if type(red) is bytes and len(red) == 136:
        return red
    if isinstance(red, tuple):
        key = red
        ids = _red_five_ids(red)
    else:
        if not red.red_fives:
            return _RED_NONE
        key = red.red_counts
        ids = red.red_ids
    t = _RED_TABLES.get(key)
    if t is None:
        t = _RED_TABLES[key] = bytes(1 if i in ids else 0 for i in range(136))
    return t


def _chi_red_table() -> List[tuple]:
    """(run, pos) of each chi that takes a red five from the hand, in index order: the runs
    holding a five (345, 456, 567 of each suit) called on a tile other than the five."""
    out = []
    for suit in range(3):
        for low in (2, 3, 4):  # 0-based rank of the run's lowest tile
            for pos in range(3):
                if low + pos != 4:
                    out.append((suit * 7 + low, pos))
    return out


#: (run, pos) of the chi indices CHI_RED + i
CHI_RED_TABLE = tuple(_chi_red_table())
#: the chi index taking a red five, by run * 3 + pos (-1: none)
_CHI_RED_INDEX = [-1] * 63
for _i, (_run, _pos) in enumerate(CHI_RED_TABLE):
    _CHI_RED_INDEX[_run * 3 + _pos] = CHI_RED + _i
_CHI_RED_INDEX = tuple(_CHI_RED_INDEX)
assert len(CHI_RED_TABLE) == PON - CHI_RED


def tile_code(tile: int, red_fives=True) -> int:
    """The tile code (0-36) of the 136-id ``tile`` (``red_fives``: as :func:`red_table`
    takes it)."""
    if red_table(red_fives)[tile]:
        return 34 + tile // 36
    return tile >> 2


def _bad(a, why: str) -> IllegalActionError:
    return IllegalActionError(f"{a} has no index in the action space: {why}",
                              "bad_action_index")


def index_of(action: Action, red_fives=True) -> int:
    """The index of ``action`` (an :class:`Action`; with ``red_fives=False`` a red five is
    read as a plain five; the rules' red ids: ``red_fives=red_table(rules)``)."""
    try:
        return index_of_fields(action.type, action.tile, action.consumed,
                               red_table(red_fives))
    except (TypeError, ValueError, IndexError, AttributeError, OverflowError):
        raise _bad(action, "not an Action") from None


def index_of_fields(typ: int, tile: int, consumed: tuple, red: bytes) -> int:
    """:func:`index_of` of the action given by its fields: its ``ActionType`` value, its
    tile and its consumed tiles, ``red`` the 136-byte table of the red ids
    (:func:`red_table`; compiled with C integers: ``actionspace.pxd``; other compiled
    modules cimport it)."""
    if typ == 0:  # DISCARD
        if 0 <= tile < 136 and red[tile]:
            return 34 + tile // 36
        return tile >> 2
    if typ == 1:  # RIICHI
        if 0 <= tile < 136 and red[tile]:
            return RIICHI + 34 + tile // 36
        return RIICHI + (tile >> 2)
    if typ == 7:  # CHI
        if len(consumed) != 2:
            raise _bad(Action(ActionType(typ), 0, tile, consumed), "a chi consumes two tiles")
        x = consumed[0]
        y = consumed[1]
        k = tile >> 2
        a = x >> 2
        b = y >> 2
        if a > b:
            a, b = b, a
        low = k if k < a else a
        if (k >= 27 or b >= 27 or a == b or a == k or b == k or (k if k > b else b) - low != 2
                or low // 9 != (low + 2) // 9):
            raise _bad(Action(ActionType(typ), 0, tile, consumed), "not a run")
        run = (low // 9) * 7 + low % 9
        if (0 <= x < 136 and red[x]) or (0 <= y < 136 and red[y]):
            return _CHI_RED_INDEX[run * 3 + k - low]
        return CHI + 3 * run + k - low
    if typ == 8:  # PON
        k = tile >> 2
        n = 0
        for x in consumed:
            if 0 <= x < 136 and red[x]:
                n += 1
        if n == 1:
            return PON_RED + k // 9
        if n >= 2:
            return PON_RED2 + k // 9
        return PON + k
    if typ == 9:
        return DAIMINKAN + (tile >> 2)
    if typ == 3:  # ANKAN: tile is one of the four (or the first consumed)
        if consumed:
            return ANKAN + (consumed[0] >> 2)
        return ANKAN + (tile >> 2)
    if typ == 4:
        return KAKAN + (tile >> 2)
    if 0 <= typ < 14:
        return _SINGLE[typ]
    raise IllegalActionError(f"action type {typ} has no index in the action space",
                             "bad_action_index")


#: the index of each type of one index (by ActionType value; -1: a type with a tile)
_SINGLE = (-1, -1, TSUMO, -1, -1, KYUUSHU, RON, -1, -1, -1, PASS, STOP, NUKIDORA, NOTEN)


def check_index(i) -> int:
    """``i`` as an action index (an int or numpy integer in 0 to ``SIZE - 1``), or
    ``IllegalActionError`` ``bad_action_index``."""
    if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
        raise IllegalActionError(f"an action index is an int in 0-{SIZE - 1}, got {i!r}",
                                 "bad_action_index")
    i = int(i)
    if not 0 <= i < SIZE:
        raise IllegalActionError(f"action index {i} is out of range 0-{SIZE - 1}",
                                 "bad_action_index")
    return i


def _code_name(c: int) -> str:
    return kind_to_mjai(c) if c < 34 else ("5m", "5p", "5s")[c - 34] + " (red)"


def _tile_text(c: int) -> str:
    if c >= 34:
        return "0" + "mps"[c - 34]
    return f"{c % 9 + 1}{'mpsz'[c // 9]}" if c < 27 else f"{c - 26}z"


def chi_kinds(i: int) -> tuple:
    """(called kind, consumed kinds, red taken) of the chi index ``i``."""
    if CHI <= i < CHI_RED:
        run, pos = divmod(i - CHI, 3)
        red = False
    elif CHI_RED <= i < PON:
        run, pos = CHI_RED_TABLE[i - CHI_RED]
        red = True
    else:
        raise ValueError(f"{i} is not a chi index")
    low = (run // 7) * 9 + run % 7
    kinds = (low, low + 1, low + 2)
    return kinds[pos], tuple(k for j, k in enumerate(kinds) if j != pos), red


def describe(i: int) -> str:
    """A short text of the decision the index ``i`` names (``'discard 5m (red)'``)."""
    i = check_index(i)
    if i < RIICHI:
        return f"discard {_code_name(i)}"
    if i < CHI:
        return f"riichi, discarding {_code_name(i - RIICHI)}"
    if i < PON:
        called, (a, b), red = chi_kinds(i)
        ta = "0" + "mps"[a // 9] if red and a % 9 == 4 else _tile_text(a)
        tb = "0" + "mps"[b // 9] if red and b % 9 == 4 else _tile_text(b)
        return f"chi {_tile_text(called)} with {ta}{tb}"
    if i < PON_RED:
        return f"pon {_code_name(i - PON)}"
    if i < DAIMINKAN:
        return f"pon {('5m', '5p', '5s')[i - PON_RED]} taking a red five"
    if i < ANKAN:
        return f"open kan {kind_to_mjai(i - DAIMINKAN)}"
    if i < KAKAN:
        return f"closed kan {kind_to_mjai(i - ANKAN)}"
    if i < TSUMO:
        return f"added kan {kind_to_mjai(i - KAKAN)}"
    if i >= PON_RED2:
        return f"pon {('5m', '5p', '5s')[i - PON_RED2]} taking two red fives"
    return ("tsumo", "ron", "nine terminals", "north", "pass", "stop", "noten")[i - TSUMO]


def indices(mask: int) -> List[int]:
    """The indices set in the bit set ``mask``, in increasing order."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def mask_to_array(mask: int, out: Optional[np.ndarray] = None) -> np.ndarray:
    """The bit set ``mask`` as a ``bool`` row of :data:`SIZE` (written into ``out`` when
    given)."""
    if out is None:
        out = np.zeros(SIZE, dtype=bool)
    else:
        out[:] = False
    bits = np.frombuffer(mask.to_bytes((SIZE + 7) // 8, "little"), dtype=np.uint8)
    out[:] = np.unpackbits(bits, bitorder="little")[:SIZE].astype(bool)
    return out


_MJAI_TYPES = frozenset(("dahai", "reach", "chi", "pon", "daiminkan", "ankan", "kakan",
                         "hora", "ryukyoku", "nukidora", "none", "stop", "noten"))


def _mjai_code(name: str, red_fives) -> int:
    k = mjai_to_kind(name)
    if red_fives and mjai_is_red(name):
        return 34 + k // 9
    return k


def index_of_mjai(event: dict, next_event: Optional[dict] = None, *,
                  red_fives=True) -> int:
    """The index of an mjai message (what a bot answers). A ``reach`` is the riichi
    index of the ``dahai`` that follows it (``next_event``). ``red_fives`` true: a name
    written red (``5pr``) is a red five (whichever red copy: two red 5p share the name)."""
    if not isinstance(event, dict) or event.get("type") not in _MJAI_TYPES:
        raise IllegalActionError(f"not an mjai action message: {event!r}", "bad_action_index")
    typ = event["type"]
    try:
        if typ == "dahai":
            return DISCARD + _mjai_code(event["pai"], red_fives)
        if typ == "reach":
            if not isinstance(next_event, dict) or next_event.get("type") != "dahai":
                raise IllegalActionError("a reach message needs the dahai that follows it",
                                         "bad_action_index")
            return RIICHI + _mjai_code(next_event["pai"], red_fives)
        if typ == "chi":
            k = mjai_to_kind(event["pai"])
            cons = event["consumed"]
            kinds = sorted(mjai_to_kind(c) for c in cons)
            red = red_fives and any(mjai_is_red(c) for c in cons)
            a = Action(ActionType.CHI, 0, 4 * k + 1,
                       tuple(4 * x + (0 if red and x % 9 == 4 and x < 27 else 1)
                             for x in kinds))
            return index_of(a, bool(red_fives))
        if typ == "pon":
            k = mjai_to_kind(event["pai"])
            n = sum(1 for c in event["consumed"] if mjai_is_red(c)) if red_fives else 0
            if n >= 2:
                return PON_RED2 + k // 9
            if n == 1:
                return PON_RED + k // 9
            return PON + k
        if typ == "daiminkan":
            return DAIMINKAN + mjai_to_kind(event["pai"])
        if typ == "ankan":
            return ANKAN + mjai_to_kind(event["consumed"][0])
        if typ == "kakan":
            return KAKAN + mjai_to_kind(event["pai"])
        if typ == "hora":
            return TSUMO if event.get("actor") == event.get("target") else RON
        if typ == "ryukyoku":
            return KYUUSHU
        if typ == "nukidora":
            return NUKIDORA
        if typ == "none":
            return PASS
        if typ == "noten":
            return NOTEN
        return STOP
    except (KeyError, TypeError, IndexError, ValueError) as e:
        if isinstance(e, IllegalActionError):
            raise
        raise IllegalActionError(f"malformed mjai {typ} message {event!r}: {e}",
                                 "bad_action_index") from None


def mjai_of(action: Action, red_ids=None) -> List[dict]:
    """The mjai message(s) a bot sends for ``action``: riichi is ``reach`` then its
    ``dahai``; every other action is one message. ``red_ids``: the ids written red
    (``Rules.red_ids``; default one per suit, ids 16, 52, 88)."""
    if action.type == ActionType.RIICHI:
        return [{"type": "reach", "actor": action.actor},
                Action(ActionType.DISCARD, action.actor, action.tile).to_mjai(red_ids)]
    return [action.to_mjai(red_ids)]


def kinds_of_codes(codes: Sequence[int]) -> List[int]:
    """The kinds of tile codes (a red five is its kind)."""
    return [c if c < 34 else 4 + 9 * (c - 34) for c in codes]
