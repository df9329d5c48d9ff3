"""Tiles: kinds, 136-ids, red fives, and the text forms (notation, mjai, tenhou.net/6).

Design
------
Two integer views of a tile (docs/rules.md §1):

* **kind** 0–33: 0–8 = 1m–9m, 9–17 = 1p–9p, 18–26 = 1s–9s, 27–30 = E S W N,
  31–33 = White Green Red (haku, hatsu, chun). Shapes, shanten and yaku see kinds only.
* **tile id** 0–135: ``kind = id // 4``, the *copy* is ``id % 4``. Copy 0 of each five is
  the red five: ids 16 (``0m``), 52 (``0p``), 88 (``0s``). A red five is still a five for
  every shape and yaku (rule 1); it only adds a dora.

Text is parsed once, at the edge, into plain integers; everything else works on integers
through precomputed tuples and dicts (no regular expressions).

Notation
--------
``123m406p789s11222z``: digits then a suit letter (``m`` ``p`` ``s`` ``z``); ``0`` is the
red five (``m`` ``p`` ``s`` only); ``z`` 1–7 = E S W N White Green Red. Whitespace is allowed
between groups (``"123m 456p"``) but not inside one. Formatting is canonical: sorted, one
group per suit in the order m p s z, a red five shown as ``0`` and sorted as a five
(before the ordinary fives)::

    >>> format_tiles(parse_tiles("789s 11222z 123m 406p"))
    '123m406p789s11222z'
    >>> parse_kinds("406p")
    [12, 13, 14]

Copy assignment (how :func:`parse_tiles` turns text into 136-ids)
------------------------------------------------------------------
Deterministic: a red five (``0``) takes copy 0 of its five; any other tile takes the lowest
copy of its kind that is not already used, in the order 0, 1, 2, 3 — except that an
ordinary five tries copies 1, 2, 3 first and copy 0 last. Copy 0 of a five *is* the red
five, so a text holding all four copies of a five (``5555m``) holds the red one: in a game
with red fives the fourth five is necessarily red, and a ruleset without red fives ignores
red-ness anyway. Hence ``parse_tiles("5555m") == parse_tiles("0555m")`` and formats back as
``0555m``. Four ordinary fives plus a red one is five copies (``TileCountError``,
``fifth_copy``); two reds of one suit is ``second_red``.

>>> parse_tiles("55m0m")
[17, 18, 16]
>>> format_tiles(parse_tiles("5555m"))
'0555m'

mjai and tenhou.net/6
---------------------
mjai names: ``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, ``5mr`` ``5pr`` ``5sr`` (red),
``E S W N P F C`` (P = White, F = Green, C = Red). tenhou.net/6 codes: 11–19 m, 21–29 p,
31–39 s, 41–47 E S W N White Green Red, 51/52/53 = red 5m/5p/5s.

Errors (``code`` values)
------------------------
:class:`~ippatsu.errors.NotationError`: ``unknown_character``, ``bare_suit`` (a suit
letter with no digits), ``bad_digit`` (8/9/0 in ``z``), ``missing_suit`` (digits with no
suit letter), ``bad_tile_id``, ``bad_kind``, ``bad_counts``, ``bad_mjai``, ``bad_tenhou6``,
``not_one_tile``. :class:`~ippatsu.errors.TileCountError`: ``fifth_copy``, ``second_red``,
``duplicate_id``.

Building blocks for the other parsers
-------------------------------------
:mod:`ippatsu.hand` and the study code place tiles with the same functions
:func:`parse_tiles` uses: :func:`scan_specs` (notation -> ``(kind, red)`` pairs, grammar
only), :func:`check_copies` (no fifth copy, no second red five), :func:`allocate_ids`
(the copy order above), :func:`format_specs`, :func:`check_id`, :func:`check_counts`,
:data:`RED_ID_SET`. They are documented names of this module, outside ``__all__``.
"""
from __future__ import annotations

from operator import index as _index
from typing import AbstractSet, Iterable, List, Optional, Sequence, Tuple, Union

from .errors import NotationError, TileCountError

__all__ = [
    # sizes and kind groups
    "N_KINDS", "N_TILES", "N_COPIES", "SUITS",
    "RED_FIVE_IDS", "RED_FIVE_KINDS",
    "EAST", "SOUTH", "WEST", "NORTH", "HAKU", "HATSU", "CHUN",
    "WIND_KINDS", "DRAGON_KINDS", "HONOR_KINDS", "TERMINAL_KINDS", "YAOCHUU_KINDS",
    "SANMA_ABSENT_KINDS",
    # predicates and small helpers
    "kind_of", "is_red", "is_terminal", "is_honor", "is_yaochuu", "is_simple", "is_wind",
    "is_dragon", "suit_of", "rank_of", "dora_kind", "counts_of", "validate_ids", "as_ids",
    # notation
    "parse_tiles", "parse_kinds", "parse_counts", "parse_tile", "parse_kind",
    "format_tiles", "format_kinds", "format_counts", "tile_name", "kind_name",
    "ids_from_counts", "WIND_WORDS", "parse_wind",
    # mjai
    "mjai_to_kind", "mjai_is_red", "mjai_to_id", "id_to_mjai", "kind_to_mjai",
    # tenhou.net/6
    "tenhou6_to_kind", "tenhou6_is_red", "tenhou6_to_id", "id_to_tenhou6", "kind_to_tenhou6",
    # flower tiles (Rules.flowers)
    "FLOWER_IDS", "is_flower", "flower_name", "flower_id",
]

# ---------------------------------------------------------------------------------------
# constants
# ---------------------------------------------------------------------------------------

N_KINDS = 34
N_TILES = 136
N_COPIES = 4
#: suit letters in kind order; ``suit_of(kind)`` indexes this string
SUITS = "mpsz"

# the red fives (copy 0 of 5m, 5p, 5s, indexed by suit) and the kind groups: their one
# home is ippatsu._codes (the numbers C shares); these are the public names
from ._codes import (  # noqa: E402
    CHUN, DRAGON_KINDS, EAST, HAKU, HATSU, HONOR_KINDS, NORTH, RED_FIVE_IDS, RED_FIVE_KINDS,
    SANMA_ABSENT_KINDS, SOUTH, TERMINAL_KINDS, WEST, WIND_KINDS, YAOCHUU_KINDS,
)

#: the ids of the red fives, as a set
RED_ID_SET = frozenset(RED_FIVE_IDS)
_FIVE_KINDS = frozenset(RED_FIVE_KINDS)
#: copy preference per kind: ordinary fives keep copy 0 (the red) for last
_COPY_ORDER: Tuple[Tuple[int, ...], ...] = tuple(
    (1, 2, 3, 0) if k in _FIVE_KINDS else (0, 1, 2, 3) for k in range(N_KINDS)
)
#: kind -> the kind it indicates as dora (rule 5)
_DORA_NEXT: Tuple[int, ...] = tuple(
    (k // 9) * 9 + (k % 9 + 1) % 9 if k < 27
    else 27 + (k - 27 + 1) % 4 if k < 31
    else 31 + (k - 31 + 1) % 3
    for k in range(N_KINDS)
)
#: notation name of each kind, '1m'..'9s', '1z'..'7z'
_KIND_NAMES: Tuple[str, ...] = tuple(
    f"{k % 9 + 1}{SUITS[k // 9]}" for k in range(N_KINDS)
)
_MJAI_HONORS = "ESWNPFC"
_KIND_TO_MJAI: Tuple[str, ...] = tuple(
    _KIND_NAMES[k] if k < 27 else _MJAI_HONORS[k - 27] for k in range(N_KINDS)
)
#: mjai name -> (kind, red)
_MJAI: dict = {name: (k, False) for k, name in enumerate(_KIND_TO_MJAI)}
for _s, _k in enumerate(RED_FIVE_KINDS):
    _MJAI[f"5{SUITS[_s]}r"] = (_k, True)
_KIND_TO_T6: Tuple[int, ...] = tuple((k // 9 + 1) * 10 + k % 9 + 1 for k in range(N_KINDS))
#: tenhou.net/6 code -> (kind, red)
_T6: dict = {code: (k, False) for k, code in enumerate(_KIND_TO_T6)}
for _s, _k in enumerate(RED_FIVE_KINDS):
    _T6[51 + _s] = (_k, True)
del _s, _k

TileLike = Union[int, str]


# ---------------------------------------------------------------------------------------
# predicates
# ---------------------------------------------------------------------------------------

def _check_kind(kind: int) -> int:
    try:
        k = _index(kind)
    except TypeError:
        raise NotationError(f"tile kind must be an integer 0-33, got {kind!r}", "bad_kind") from None
    if not 0 <= k < N_KINDS:
        raise NotationError(f"tile kind {k} is out of range 0-33", "bad_kind")
    return k


def check_id(tile_id: int) -> int:
    """check_id(tile_id) -> int: one 136-id as a plain int (``bad_tile_id`` otherwise)."""
    if isinstance(tile_id, bool) or type(tile_id).__name__ == "bool_":
        raise NotationError(f"tile id must be an integer 0-135, got {tile_id!r}", "bad_tile_id")
    try:
        t = _index(tile_id)
    except TypeError:
        raise NotationError(f"tile id must be an integer 0-135, got {tile_id!r}", "bad_tile_id") from None
    if not 0 <= t < N_TILES:
        raise NotationError(f"tile id {t} is out of range 0-135", "bad_tile_id")
    return t


def kind_of(tile_id: int) -> int:
    """kind_of(tile_id) -> int: the kind of a 136-id (``id // 4``)."""
    return check_id(tile_id) // 4


def is_red(tile_id: int) -> bool:
    """is_red(tile_id) -> bool: True for the red fives, ids 16, 52 and 88."""
    return tile_id in RED_ID_SET


def is_honor(kind: int) -> bool:
    """is_honor(kind) -> bool: a wind or a dragon (kinds 27–33)."""
    return kind >= 27


def is_terminal(kind: int) -> bool:
    """is_terminal(kind) -> bool: a 1 or a 9 of a suit (honors are not terminals)."""
    return kind < 27 and kind % 9 in (0, 8)


def is_yaochuu(kind: int) -> bool:
    """is_yaochuu(kind) -> bool: terminal or honor (rule 1, "terminal-or-honor")."""
    return kind >= 27 or kind % 9 in (0, 8)


def is_simple(kind: int) -> bool:
    """is_simple(kind) -> bool: a 2–8 of a suit (the tanyao tiles)."""
    return kind < 27 and 0 < kind % 9 < 8


def is_wind(kind: int) -> bool:
    """is_wind(kind) -> bool: East, South, West or North (kinds 27–30)."""
    return 27 <= kind <= 30


def is_dragon(kind: int) -> bool:
    """is_dragon(kind) -> bool: White, Green or Red (kinds 31–33)."""
    return kind >= 31


def suit_of(kind: int) -> int:
    """suit_of(kind) -> int: 0 man, 1 pin, 2 sou, 3 honors (``SUITS[suit_of(k)]`` is the letter)."""
    return _check_kind(kind) // 9


def rank_of(kind: int) -> int:
    """rank_of(kind) -> int: 1–9 for suited tiles; for honors the ``z`` digit 1–7."""
    return _check_kind(kind) % 9 + 1


def dora_kind(indicator_kind: int) -> int:
    """dora_kind(indicator_kind) -> int: the dora shown by an indicator (rule 5).

    Numbers +1 within the suit with 9 -> 1; winds E -> S -> W -> N -> E; dragons
    White -> Green -> Red -> White.

    >>> kind_name(dora_kind(parse_kind("9m"))), kind_name(dora_kind(parse_kind("4z")))
    ('1m', '1z')
    """
    return _DORA_NEXT[_check_kind(indicator_kind)]


def validate_ids(ids: Iterable[int]) -> List[int]:
    """validate_ids(ids) -> list[int]: check 136-ids are integers in 0–135 with no duplicate.

    Returns them as a list of plain ints. Raises ``NotationError`` (``bad_tile_id``) for a
    value out of range and ``TileCountError`` (``duplicate_id``) for a repeated id.
    """
    out = [check_id(t) for t in ids]
    if len(set(out)) != len(out):
        seen = set()
        for t in out:
            if t in seen:
                raise TileCountError(
                    f"tile id {t} ({tile_name(t)}) appears more than once", "duplicate_id")
            seen.add(t)
    return out


def as_ids(tiles: Union[str, Iterable[int]],
           used: Optional[AbstractSet[int]] = None) -> List[int]:
    """as_ids(tiles, used=None) -> list[int]: tiles given as notation or as 136-ids.

    Notation is read by :func:`parse_tiles` (``used``: ids already taken elsewhere); an
    iterable of ints is checked by :func:`validate_ids`. ``bytes``, ``dict`` and anything
    that is not iterable raise ``NotationError`` (``bad_tile_id``).
    """
    if isinstance(tiles, str):
        return parse_tiles(tiles, used)
    if isinstance(tiles, (bytes, bytearray, dict)):
        raise NotationError(f"tiles are notation or 136-ids, got {type(tiles).__name__}",
                            "bad_tile_id")
    try:
        ids = list(tiles)
    except TypeError:
        raise NotationError(f"tiles are notation or 136-ids, got {type(tiles).__name__}",
                            "bad_tile_id") from None
    return validate_ids(ids)


def counts_of(ids: Iterable[int]) -> List[int]:
    """counts_of(ids) -> list[int]: 34 counts of the kinds of some 136-ids (no checks)."""
    c = [0] * N_KINDS
    for t in ids:
        c[t >> 2] += 1
    return c


# ---------------------------------------------------------------------------------------
# notation: parsing
# ---------------------------------------------------------------------------------------

_SUIT_INDEX = {"m": 0, "p": 1, "s": 2, "z": 3}
_DIGITS = frozenset("0123456789")


def scan_specs(text: str) -> List[Tuple[int, bool]]:
    """Parse notation into a list of ``(kind, red)`` in written order (grammar only)."""
    if not isinstance(text, str):
        raise NotationError(f"tile notation must be a str, got {type(text).__name__}", "bad_notation")
    out: List[Tuple[int, bool]] = []
    digits: List[str] = []
    start = 0
    for pos, ch in enumerate(text):
        if ch in _DIGITS:
            if not digits:
                start = pos
            digits.append(ch)
        elif ch in _SUIT_INDEX:
            if not digits:
                raise NotationError(
                    f"suit letter {ch!r} at position {pos} in {text!r} has no digits before it",
                    "bare_suit")
            suit = _SUIT_INDEX[ch]
            for d in digits:
                r = ord(d) - 48
                if suit == 3:
                    if not 1 <= r <= 7:
                        why = ("0 (a red five) exists only in m, p and s" if r == 0 else
                               "honors are 1z-7z (E S W N White Green Red)")
                        raise NotationError(f"{d}z in {text!r} is not a tile: {why}", "bad_digit")
                    out.append((27 + r - 1, False))
                elif r == 0:
                    out.append((suit * 9 + 4, True))
                else:
                    out.append((suit * 9 + r - 1, False))
            digits.clear()
        elif ch.isspace():
            if digits:
                raise NotationError(
                    f"digits {''.join(digits)!r} at position {start} in {text!r} have no suit "
                    "letter (m, p, s or z) before the space", "missing_suit")
        else:
            raise NotationError(
                f"unknown character {ch!r} at position {pos} in {text!r} "
                "(expected digits 0-9, suit letters m p s z, or spaces)", "unknown_character")
    if digits:
        raise NotationError(
            f"digits {''.join(digits)!r} at the end of {text!r} have no suit letter "
            "(m, p, s or z)", "missing_suit")
    return out


def check_copies(specs: Iterable[Tuple[int, bool]], used: Iterable[int] = (), what: str = "") -> None:
    """Raise if specs (plus already used ids) hold a fifth copy or a second red five."""
    counts = [0] * N_KINDS
    reds = [0, 0, 0]
    for t in used:
        counts[t >> 2] += 1
        if t in RED_ID_SET:
            reds[(t >> 2) // 9] += 1
    for kind, red in specs:
        counts[kind] += 1
        if red:
            reds[kind // 9] += 1
    where = f" in {what}" if what else ""
    for s in range(3):
        if reds[s] > 1:
            raise TileCountError(
                f"a second red five 0{SUITS[s]}{where}: each suit has only one red five",
                "second_red")
    for k in range(N_KINDS):
        if counts[k] > N_COPIES:
            raise TileCountError(
                f"{counts[k]} copies of {_KIND_NAMES[k]}{where}: a kind has only four copies "
                "(a fifth copy)", "fifth_copy")


def _alloc(kind: int, red: bool, used: set) -> int:
    """Take the id for ``(kind, red)`` following the copy order; adds it to ``used``."""
    if red:
        t = kind * 4
        if t in used:
            raise TileCountError(
                f"a second red five 0{SUITS[kind // 9]}: each suit has only one red five",
                "second_red")
        used.add(t)
        return t
    base = kind * 4
    for c in _COPY_ORDER[kind]:
        t = base + c
        if t not in used:
            used.add(t)
            return t
    raise TileCountError(
        f"a fifth copy of {_KIND_NAMES[kind]}: a kind has only four copies", "fifth_copy")


def allocate_ids(specs: Sequence[Tuple[int, bool]], used: set) -> List[int]:
    """allocate_ids(specs, used) -> ids: assign ids to specs (reds first so an ordinary five never takes a wanted red)."""
    out = [0] * len(specs)
    for i, (k, r) in enumerate(specs):
        if r:
            out[i] = _alloc(k, True, used)
    for i, (k, r) in enumerate(specs):
        if not r:
            out[i] = _alloc(k, False, used)
    return out


def parse_tiles(text: str, used: Optional[AbstractSet[int]] = None) -> List[int]:
    """parse_tiles(text, used=None) -> list[int]: notation to 136-ids, in written order.

    Copies are assigned deterministically (see the module docstring): ``0`` takes the red
    copy, other tiles the lowest free copy (ordinary fives take copy 0 last). ``used`` is a
    set of ids already taken elsewhere (e.g. by melds); they count toward the four copies
    and are skipped. ``used`` is not modified.

    >>> parse_tiles("123m")
    [0, 4, 8]
    >>> parse_tiles("0p5p")
    [52, 53]
    """
    used = used or ()
    specs = scan_specs(text)
    check_copies(specs, used, repr(text))
    return allocate_ids(specs, set(used))


def parse_kinds(text: str) -> List[int]:
    """parse_kinds(text) -> list[int]: notation to kinds, in written order (red five -> 5).

    The copy rules still apply (no fifth copy, no second red five).

    >>> parse_kinds("19m1z")
    [0, 8, 27]
    """
    specs = scan_specs(text)
    check_copies(specs, (), repr(text))
    return [k for k, _ in specs]


def parse_counts(text: str) -> List[int]:
    """parse_counts(text) -> list[int]: notation to 34 counts (a red five counts as a five)."""
    c = [0] * N_KINDS
    for k in parse_kinds(text):
        c[k] += 1
    return c


def parse_tile(text: str) -> int:
    """parse_tile(text) -> int: exactly one tile in notation (``"5m"``, ``"0p"``, ``"7z"``) to its id.

    An ordinary tile gets its first copy in the copy order (``"5m"`` -> 17, ``"0m"`` -> 16).
    """
    specs = scan_specs(text)
    if len(specs) != 1:
        raise NotationError(f"expected exactly one tile, got {len(specs)} in {text!r}", "not_one_tile")
    k, r = specs[0]
    return k * 4 if r else k * 4 + _COPY_ORDER[k][0]


#: the words a wind is written with (lower case): letters, names, honor notation, digits
WIND_WORDS = {"e": 0, "east": 0, "1z": 0, "0": 0, "s": 1, "south": 1, "2z": 1, "1": 1,
              "w": 2, "west": 2, "3z": 2, "2": 2, "n": 3, "north": 3, "4z": 3, "3": 3}


def parse_wind(text: str, what: str = "wind") -> int:
    """A wind 0-3 (East South West North) from ``"E"``, ``"south"``, ``"3z"`` or ``"1"``
    (any case); anything else raises IppatsuError ``bad_wind``.

    >>> parse_wind("S"), parse_wind("north"), parse_wind("3z")
    (1, 3, 2)
    """
    from .errors import IppatsuError

    w = WIND_WORDS.get(text.strip().lower()) if isinstance(text, str) else None
    if w is None:
        raise IppatsuError(f"{what} {text!r}: a wind is 0-3 or E, S, W, N", "bad_wind")
    return w


def parse_kind(text: str) -> int:
    """parse_kind(text) -> int: exactly one tile in notation to its kind (``"0m"`` -> 4)."""
    return parse_tile(text) >> 2


def ids_from_counts(counts: Sequence[int], red: int = 0, used: Optional[AbstractSet[int]] = None) -> List[int]:
    """ids_from_counts(counts, red=0, used=None) -> list[int]: 34 counts to sorted 136-ids.

    ``red`` is a bitmask (bit 0 m, bit 1 p, bit 2 s) of suits whose red five is among the
    fives; the other copies follow the deterministic copy order, so without ``red`` a red
    five appears only if all four copies of that five are present. ``used`` ids are skipped.
    """
    counts = check_counts(counts)
    try:
        if isinstance(red, bool):
            raise TypeError
        red_ok = 0 <= _index(red) <= 7
    except TypeError:
        red_ok = False
    if not red_ok:
        raise NotationError(f"red is a bitmask 0-7 (bit 0 m, bit 1 p, bit 2 s), got {red!r}",
                            "bad_counts")
    red = _index(red)
    used = used or ()
    specs: List[Tuple[int, bool]] = []
    for s in range(3):
        if red >> s & 1:
            k = RED_FIVE_KINDS[s]
            if counts[k] == 0:
                raise NotationError(
                    f"red mask asks for a red {_KIND_NAMES[k]} but the counts have no {_KIND_NAMES[k]}",
                    "bad_counts")
            specs.append((k, True))
    for k in range(N_KINDS):
        n = counts[k] - (1 if k in _FIVE_KINDS and red >> (k // 9) & 1 else 0)
        specs.extend([(k, False)] * n)
    check_copies(specs, used, "the counts")
    return sorted(allocate_ids(specs, set(used)))


# ---------------------------------------------------------------------------------------
# notation: formatting
# ---------------------------------------------------------------------------------------

def format_specs(specs: Iterable[Tuple[int, bool]]) -> str:
    """Write ``(kind, red)`` pairs in their given order, merging consecutive same-suit tiles."""
    parts: List[str] = []
    suit = -1
    for k, r in specs:
        s = k // 9
        if s != suit and suit >= 0:
            parts.append(SUITS[suit])
        suit = s
        parts.append("0" if r else chr(49 + k % 9))
    if suit >= 0:
        parts.append(SUITS[suit])
    return "".join(parts)


def format_tiles(ids: Iterable[int], sort: bool = True,
                 red_ids: Optional[AbstractSet[int]] = None) -> str:
    """format_tiles(ids, sort=True, red_ids=None) -> str: 136-ids to notation, red fives as
    ``0``.

    Sorted (the canonical form) unless ``sort=False``, which keeps the given order and only
    merges neighbours of the same suit (useful for a river). ``red_ids``: the ids written
    red, ``Rules.red_ids`` (red fives per suit: every red copy is a ``0``, none with red
    fives off); default one per suit (ids 16, 52, 88).

    >>> format_tiles([16, 0, 4, 8, 17])
    '12305m'
    >>> format_tiles([108, 0, 4], sort=False)
    '1z12m'
    """
    ids = validate_ids(ids)
    if sort:
        ids.sort()
    reds = RED_ID_SET if red_ids is None else red_ids
    return format_specs((t >> 2, t in reds) for t in ids)


def format_kinds(kinds: Iterable[int], sort: bool = True) -> str:
    """format_kinds(kinds, sort=True) -> str: kinds to notation (sorted unless ``sort=False``).

    >>> format_kinds([27, 0, 8, 0])
    '119m1z'
    """
    ks = [_check_kind(k) for k in kinds]
    if sort:
        ks.sort()
    return format_specs((k, False) for k in ks)


def check_counts(counts: Sequence[int]) -> List[int]:
    """check_counts(counts) -> list[int]: 34 counts 0-4 as plain ints (``bad_counts``,
    ``fifth_copy`` otherwise)."""
    try:
        c = [_index(x) for x in counts]
    except TypeError:
        raise NotationError("counts must be 34 integers", "bad_counts") from None
    if any(isinstance(x, bool) or type(x).__name__ == "bool_" for x in counts):
        raise NotationError("counts must be 34 integers, not bools", "bad_counts")
    if len(c) != N_KINDS:
        raise NotationError(f"counts must have 34 entries, got {len(c)}", "bad_counts")
    for k, n in enumerate(c):
        if n < 0:
            raise NotationError(f"negative count {n} for {_KIND_NAMES[k]}", "bad_counts")
        if n > N_COPIES:
            raise TileCountError(
                f"{n} copies of {_KIND_NAMES[k]}: a kind has only four copies (a fifth copy)",
                "fifth_copy")
    return c


def format_counts(counts: Sequence[int]) -> str:
    """format_counts(counts) -> str: 34 counts (0–4 each) to canonical notation.

    >>> format_counts(parse_counts("11z123m"))
    '123m11z'
    """
    c = check_counts(counts)
    return format_specs((k, False) for k in range(N_KINDS) for _ in range(c[k]))


def tile_name(tile_id: int, red_ids: Optional[AbstractSet[int]] = None) -> str:
    """tile_name(tile_id, red_ids=None) -> str: one tile in notation, e.g. ``'5m'``, ``'0m'``
    (red), ``'1z'``. ``red_ids``: the ids named red, ``Rules.red_ids``; default one per suit
    (ids 16, 52, 88).

    >>> tile_name(53), tile_name(53, red_ids=frozenset({52, 53}))
    ('5p', '0p')
    """
    t = check_id(tile_id)
    if t in (RED_ID_SET if red_ids is None else red_ids):
        return "0" + SUITS[(t >> 2) // 9]
    return _KIND_NAMES[t >> 2]


def kind_name(kind: int) -> str:
    """kind_name(kind) -> str: one kind in notation, e.g. ``'5m'``, ``'7z'``."""
    return _KIND_NAMES[_check_kind(kind)]


# ---------------------------------------------------------------------------------------
# mjai
# ---------------------------------------------------------------------------------------

def _mjai(name: str) -> Tuple[int, bool]:
    try:
        return _MJAI[name]
    except (KeyError, TypeError):
        raise NotationError(
            f"unknown mjai tile name {name!r} (expected 1m..9s, 5mr/5pr/5sr, E S W N P F C)",
            "bad_mjai") from None


def mjai_to_kind(name: str) -> int:
    """mjai_to_kind(name) -> int: an mjai tile name (``'5mr'``, ``'E'``, ``'P'``) to its kind."""
    return _mjai(name)[0]


def mjai_is_red(name: str) -> bool:
    """mjai_is_red(name) -> bool: True for ``'5mr'``, ``'5pr'``, ``'5sr'``."""
    return _mjai(name)[1]


def mjai_to_id(name: str, used: Optional[AbstractSet[int]] = None,
               red_ids: Optional[AbstractSet[int]] = None) -> int:
    """mjai_to_id(name, used=None, red_ids=None) -> int: an mjai name to a 136-id.

    Same copy order as :func:`parse_tiles`, skipping the ids in ``used`` (not modified).
    ``red_ids``: the red ids of the rules (``Rules.red_ids``, red fives per suit): a red
    name then takes the lowest free red id of its kind, a plain name the lowest free id
    outside ``red_ids`` (``second_red`` / ``fifth_copy`` when none is left).
    """
    k, r = _mjai(name)
    if red_ids is None or red_ids == RED_ID_SET:
        return _alloc(k, r, set(used or ()))
    used = used or ()
    for t in range(k * 4, k * 4 + 4):
        if t not in used and (t in red_ids) == r:
            return t
    if r:
        raise TileCountError(f"no red {name[:2]} left: these rules have "
                             f"{sum(1 for t in red_ids if t >> 2 == k)}", "second_red")
    raise TileCountError(f"no plain {name} left: a kind has four copies, its red ones "
                         f"included", "fifth_copy")


def id_to_mjai(tile_id: int, red_ids: Optional[AbstractSet[int]] = None) -> str:
    """id_to_mjai(tile_id, red_ids=None) -> str: a 136-id to its mjai name (red fives ->
    ``'5mr'`` etc.; ``red_ids``: the red ids of the rules, ``Rules.red_ids``, default one
    per suit: every red copy is written ``5pr``)."""
    t = check_id(tile_id)
    if t in (RED_ID_SET if red_ids is None else red_ids):
        return f"5{SUITS[(t >> 2) // 9]}r"
    return _KIND_TO_MJAI[t >> 2]


def kind_to_mjai(kind: int) -> str:
    """kind_to_mjai(kind) -> str: a kind to its mjai name (never red)."""
    return _KIND_TO_MJAI[_check_kind(kind)]


# ---------------------------------------------------------------------------------------
# tenhou.net/6
# ---------------------------------------------------------------------------------------

def _t6(code: Union[int, str]) -> Tuple[int, bool]:
    try:
        return _T6[int(code)]
    except (KeyError, TypeError, ValueError):
        raise NotationError(
            f"unknown tenhou.net/6 tile code {code!r} (expected 11-19, 21-29, 31-39, 41-47, "
            "51-53)", "bad_tenhou6") from None


def tenhou6_to_kind(code: Union[int, str]) -> int:
    """tenhou6_to_kind(code) -> int: a tenhou.net/6 tile code (``15``, ``51``, ``47``) to its kind."""
    return _t6(code)[0]


def tenhou6_is_red(code: Union[int, str]) -> bool:
    """tenhou6_is_red(code) -> bool: True for the red five codes 51, 52, 53."""
    return _t6(code)[1]


def tenhou6_to_id(code: Union[int, str], used: Optional[AbstractSet[int]] = None) -> int:
    """tenhou6_to_id(code, used=None) -> int: a tenhou.net/6 code to a 136-id (copy order as parse_tiles)."""
    k, r = _t6(code)
    return _alloc(k, r, set(used or ()))


def id_to_tenhou6(tile_id: int) -> int:
    """id_to_tenhou6(tile_id) -> int: a 136-id to its tenhou.net/6 code (red fives -> 51/52/53)."""
    t = check_id(tile_id)
    if t in RED_ID_SET:
        return 51 + (t >> 2) // 9
    return _KIND_TO_T6[t >> 2]


def kind_to_tenhou6(kind: int) -> int:
    """kind_to_tenhou6(kind) -> int: a kind to its tenhou.net/6 code (never red)."""
    return _KIND_TO_T6[_check_kind(kind)]


# ---------------------------------------------------------------------------------------
# flower tiles (Rules.flowers, docs/rules.md §12)
# ---------------------------------------------------------------------------------------

#: the ids of the four flower tiles: after the 136 ids of the ordinary tiles. A flower has
#: no kind (it is never part of a hand), so it is outside every 34-kind table.
FLOWER_IDS = (136, 137, 138, 139)
_FLOWER_NAMES = ("1f", "2f", "3f", "4f")


def is_flower(tile_id) -> bool:
    """is_flower(tile_id) -> bool: True for the flower ids 136-139."""
    return type(tile_id) is int and 136 <= tile_id <= 139


def flower_name(tile_id: int) -> str:
    """flower_name(tile_id) -> str: a flower id to its name, ``'1f'``-``'4f'`` (the same in
    notation and in mjai events: mjai's ``'F'`` is already the green dragon).

    >>> flower_name(136), flower_name(139)
    ('1f', '4f')
    """
    if not is_flower(tile_id):
        raise NotationError(f"{tile_id!r} is not a flower id (136-139)", "bad_tile_id")
    return _FLOWER_NAMES[tile_id - 136]


def flower_id(name: str) -> int:
    """flower_id(name) -> int: ``'1f'``-``'4f'`` to the flower's id 136-139.

    >>> flower_id("2f")
    137
    """
    try:
        return 136 + _FLOWER_NAMES.index(name)
    except ValueError:
        raise NotationError(f"unknown flower {name!r} (expected 1f, 2f, 3f or 4f)",
                            "bad_notation") from None
