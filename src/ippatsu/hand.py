"""Hands and melds: :class:`Hand`, :class:`Meld`, :class:`MeldType` and their text forms.

Design
------
Both types are immutable values built and validated once, at the edge. A :class:`Hand`
keeps its concealed tiles three ways: sorted 136-ids (``ids``), 34 counts (``counts``) and
the same counts as a 34-byte ``bytes`` object (``_counts``), which the compiled core reads
directly; plus ``red``, a bitmask of the red fives among the concealed tiles (bit 0 m,
bit 1 p, bit 2 s), and the declared melds.

Meld text form
--------------
``TYPE CALLED+FROM_HAND[+ADDED]<SEAT`` with tiles in the notation of :mod:`ippatsu.tiles`
(``0`` = red five)::

    chi 3m+45m<L          chi: took 3m from the left (kamicha), showed 4m 5m
    chi 0p+46p<L          took the red 5p
    pon 7z+77z<A          pon of Red dragons taken from across (toimen)
    pon 5s+05s<R          took an ordinary 5s from the right (shimocha); holds the red one
    daiminkan 1m+111m<A   open kan on a discard
    ankan 0555m           closed kan: no called tile, no seat
    kakan 5m+55m+0m<L     pon of 5m (5m taken from the left), then the red 5m added

``TYPE`` is ``chi`` ``pon`` ``daiminkan`` ``ankan`` ``kakan``. The first group is the called
tile (exactly one tile), the second the tiles that came from the caller's hand, and for
``kakan`` a third group, the added tile. ``SEAT`` is where the called tile came from:
``R`` = right/shimocha (``from_who`` 1), ``A`` = across/toimen (2), ``L`` = left/kamicha (3).
``str(meld)`` always writes this canonical form; :meth:`Meld.parse` also accepts the
shorthand of one group (``pon 555z``: the first tile written is the called one, for a kakan
the last one is the added one), a seat given as a digit (``<2``) and a missing seat (the
default: left).

Hand text form
--------------
The concealed tiles in notation, then each meld in square brackets, in the order called::

    123m406p789s11222z
    123m406p789s1z [pon 2z+22z<A]
    11z [chi 3m+45m<L] [ankan 0555p] [pon 7z+77z<R] [kakan 9s+99s+9s<A]

``Hand.parse(str(hand)) == hand`` always (pass ``validate_size=False`` for a partial hand).

Copies and equality
-------------------
Built from text, tiles take the copies chosen by :func:`ippatsu.tiles.parse_tiles`, assigned
jointly over the whole hand so no two tiles share an id. A :class:`Meld` built from text
that is then placed in a :class:`Hand` whose other tiles already use some of its ids is
re-assigned free copies of the same tiles (only melds built from text; ids given explicitly
are never changed). Ordinary copies of a kind are interchangeable, so equality and hashing
ignore *which* copy is held (a red five still differs from an ordinary five): two melds (or
hands) are equal exactly when their text forms are equal.

Errors (``code`` values)
------------------------
:class:`~ippatsu.errors.MeldError`: ``bad_meld_type``, ``meld_size``, ``duplicate_id``,
``chi_honor``, ``chi_mixed_suits``, ``chi_wraps``, ``chi_not_run``, ``mixed_kinds``,
``called_not_in_meld``, ``called_on_ankan``, ``added_not_in_meld``, ``added_is_called``,
``added_not_kakan``, ``chi_not_from_left``, ``bad_from_who``, ``bad_meld_text``.
:class:`~ippatsu.errors.TileCountError`: ``fifth_copy``, ``second_red``, ``duplicate_id``.
:class:`~ippatsu.errors.HandSizeError`: ``bad_hand_size``, ``too_many_melds``.
:class:`~ippatsu.errors.NotationError` for malformed tile text and ``bad_hand_text``.
"""
from __future__ import annotations

from enum import Enum
from typing import AbstractSet, Iterable, List, Optional, Sequence, Tuple, Union

from ._codes import MELD_LABELS, MELD_NAMES, MELD_TYPE_NAMES
from .errors import HandSizeError, IppatsuError, MeldError, NotationError, TileCountError
from .tiles import (
    N_KINDS,
    SUITS,
    RED_ID_SET,
    allocate_ids,
    check_copies,
    check_counts,
    check_id,
    format_specs,
    scan_specs,
    format_tiles,
    kind_name,
    parse_tiles,
    tile_name,
    as_ids,
)

__all__ = ["MeldType", "Meld", "Hand", "MAX_MELDS", "meld_of", "melds_of"]

MAX_MELDS = 4

TileArg = Union[int, str]
Spec = Tuple[int, bool]  # (kind, is_red)


class MeldType(Enum):
    """The five kinds of declared set. The value is the keyword of the text form."""

    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"  #: open kan on a discard (three in hand + the discard)
    ANKAN = "ankan"  #: closed kan (four in hand); keeps the hand concealed
    KAKAN = "kakan"  #: added kan (a pon plus the fourth tile)


_KANS = frozenset((MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.KAKAN))
_SIZE = {MeldType.CHI: 3, MeldType.PON: 3, MeldType.DAIMINKAN: 4, MeldType.ANKAN: 4,
         MeldType.KAKAN: 4}
_SEAT_LETTER = {1: "R", 2: "A", 3: "L"}
_SEAT_PARSE = {"R": 1, "A": 2, "L": 3, "1": 1, "2": 2, "3": 3}
_KEYWORDS = {t.value: t for t in MeldType}
_KEYWORDS["minkan"] = MeldType.DAIMINKAN


def _spec(t: int) -> Spec:
    return (t >> 2, t in RED_ID_SET)


def _spec_name(spec: Spec) -> str:
    return format_specs((spec,))


def _immutable(self, name, value):
    raise AttributeError(f"{type(self).__name__} is immutable")


class Meld:
    """Meld(type, tiles, called=None, from_who=None, added=None): one declared set.

    Parameters
    ----------
    type : MeldType or str
        ``MeldType.PON`` or its keyword ``"pon"``.
    tiles : str or iterable of int
        The 3 (chi, pon) or 4 (kans) tiles, as notation (``"345m"``) or 136-ids.
    called : int, str or None
        The tile taken from another player: a 136-id among ``tiles`` or a tile in notation
        (``"3m"``, ``"0m"`` for the red one). Default: the first tile given (for a kakan,
        the first tile that is not ``added``). Must be None for an ankan.
    from_who : int or None
        Relative seat the called tile came from: 1 right (shimocha), 2 across (toimen),
        3 left (kamicha). A chi must come from 3; an ankan is 0. Default 3 (0 for ankan).
    added : int, str or None
        Kakan only: the tile added to the pon. Default: the last tile given that is not
        ``called``.

    red_ids : set of int or None
        The ids that are red fives, ``Rules.red_ids`` (``Rules.red_five_counts``: two red
        5p are ids 52 and 53): the meld's equality, :attr:`n_red` and text follow them.
        Default: one red five per suit, ids 16, 52, 88 (the table passes its rules' ids).

    Attributes ``type``, ``tiles`` (sorted tuple of 136-ids), ``called``, ``from_who`` and
    ``added`` are read-only.

    >>> m = Meld.chi("345m")
    >>> str(m), m.kinds, m.is_open
    ('chi 3m+45m<L', (2, 3, 4), True)
    >>> Meld.parse("pon 0m+55m<A").n_red
    1
    """

    __slots__ = ("type", "tiles", "called", "from_who", "added", "_auto", "_key", "_hash",
                 "_reds")
    __setattr__ = _immutable
    __delattr__ = _immutable

    def __init__(self, type: Union[MeldType, str], tiles: Union[str, Iterable[int]],
                 called: Optional[TileArg] = None, from_who: Optional[int] = None,
                 added: Optional[TileArg] = None, *,
                 red_ids: Optional[AbstractSet[int]] = None):
        try:
            mtype = type if isinstance(type, MeldType) else _KEYWORDS[type]
        except (KeyError, TypeError):
            raise MeldError(
                f"unknown meld type {type!r} (expected chi, pon, daiminkan, ankan or kakan)",
                "bad_meld_type") from None
        auto = isinstance(tiles, str)
        given = parse_tiles(tiles) if auto else [check_id(t) for t in tiles]
        what = f"{mtype.value} {tiles!r}" if auto else f"{mtype.value} of ids {given}"

        n = _SIZE[mtype]
        if len(given) != n:
            raise MeldError(f"a {mtype.value} has {n} tiles, got {len(given)} in {what}",
                            "meld_size")
        if len(set(given)) != n:
            raise MeldError(f"duplicate tile ids in {what}", "duplicate_id")
        kinds = sorted(t >> 2 for t in given)
        if mtype is MeldType.CHI:
            names = format_tiles(given)
            if kinds[-1] >= 27:
                raise MeldError(f"a chi cannot contain honors: {names}", "chi_honor")
            if kinds[0] // 9 != kinds[-1] // 9:
                raise MeldError(f"a chi must be one suit: {names} mixes suits", "chi_mixed_suits")
            ranks = {k % 9 for k in kinds}
            if ranks in ({0, 1, 8}, {0, 7, 8}):
                raise MeldError(f"a run does not wrap around from 9 to 1: {names}", "chi_wraps")
            if not (kinds[1] == kinds[0] + 1 and kinds[2] == kinds[0] + 2):
                raise MeldError(f"a chi must be three consecutive ranks: {names} is not a run",
                                "chi_not_run")
        elif kinds[0] != kinds[-1]:
            raise MeldError(
                f"a {mtype.value} must be {n} identical tiles: {format_tiles(given)} mixes kinds",
                "mixed_kinds")

        # called / added
        if mtype is MeldType.ANKAN:
            if called is not None:
                raise MeldError(f"an ankan has no called tile (got {called!r})", "called_on_ankan")
        if mtype is not MeldType.KAKAN and added is not None:
            raise MeldError(f"only a kakan has an added tile (got {added!r} for a {mtype.value})",
                            "added_not_kakan")
        added_id = None
        called_id = None
        if mtype is MeldType.KAKAN:
            if added is not None:
                added_id = self._pick(added, given, None, "added", what)
            if called is not None:
                called_id = self._pick(called, given, added_id, "called", what)
            elif added_id is not None:
                called_id = next(t for t in given if t != added_id)
            else:
                called_id = given[0]
            if added_id is None:
                added_id = next(t for t in reversed(given) if t != called_id)

        elif mtype is not MeldType.ANKAN:
            called_id = given[0] if called is None else self._pick(called, given, None, "called", what)

        # from_who
        if mtype is MeldType.ANKAN:
            if from_who not in (None, 0):
                raise MeldError(f"an ankan comes from the player's own hand (from_who 0), "
                                f"got from_who={from_who!r}", "bad_from_who")
            seat = 0
        else:
            seat = 3 if from_who is None else from_who
            if mtype is MeldType.CHI and seat != 3:
                raise MeldError(f"a chi can only be called from the left (from_who 3), got "
                                f"from_who={from_who!r} in {what}", "chi_not_from_left")
            if seat not in (1, 2, 3) or isinstance(seat, bool):
                raise MeldError(f"from_who must be 1 (right), 2 (across) or 3 (left) for a "
                                f"{mtype.value}, got {from_who!r}", "bad_from_who")
            seat = int(seat)

        ids = tuple(sorted(given))
        reds = _meld_reds(ids, red_ids)
        spec = _spec if reds is None else (lambda t: (t >> 2, t in reds))
        oset = object.__setattr__
        oset(self, "type", mtype)
        oset(self, "tiles", ids)
        oset(self, "called", called_id)
        oset(self, "from_who", seat)
        oset(self, "added", added_id)
        oset(self, "_auto", auto)
        oset(self, "_reds", reds)
        key = (mtype.value, tuple(spec(t) for t in ids),
               None if called_id is None else spec(called_id),
               None if added_id is None else spec(added_id), seat)
        oset(self, "_key", key)
        oset(self, "_hash", hash(key))

    @staticmethod
    def _pick(arg: TileArg, given: Sequence[int], exclude: Optional[int], role: str, what: str) -> int:
        """Resolve a called/added tile given as an id or as notation to one of ``given``."""
        if isinstance(arg, str):
            specs = scan_specs(arg)
            if len(specs) != 1:
                raise MeldError(f"the {role} tile must be one tile, got {arg!r}", "bad_meld_text")
            want = specs[0]
            for t in given:
                if t != exclude and _spec(t) == want:
                    return t
            raise MeldError(f"the {role} tile {arg} is not among the tiles of {what}",
                            f"{role}_not_in_meld")
        t = check_id(arg)
        if t == exclude:
            raise MeldError(f"the called tile of a kakan cannot also be its added tile "
                            f"(id {t}, {tile_name(t)}) in {what}", "added_is_called")
        if t not in given:
            raise MeldError(f"the {role} tile id {t} ({tile_name(t)}) is not among the tiles "
                            f"of {what}", f"{role}_not_in_meld")
        return t

    # -- convenience constructors ------------------------------------------------------

    @classmethod
    def chi(cls, tiles: Union[str, Iterable[int]], called: Optional[TileArg] = None,
            from_who: int = 3) -> "Meld":
        """Meld.chi(tiles, called=None, from_who=3): a chi; ``called`` defaults to the first tile.

        >>> str(Meld.chi("435m"))
        'chi 4m+35m<L'
        """
        return cls(MeldType.CHI, tiles, called=called, from_who=from_who)

    @classmethod
    def pon(cls, tiles: Union[str, Iterable[int]], called: Optional[TileArg] = None,
            from_who: int = 3) -> "Meld":
        """Meld.pon(tiles, called=None, from_who=3): a pon.

        >>> str(Meld.pon("555z", from_who=2))
        'pon 5z+55z<A'
        """
        return cls(MeldType.PON, tiles, called=called, from_who=from_who)

    @classmethod
    def daiminkan(cls, tiles: Union[str, Iterable[int]], called: Optional[TileArg] = None,
                  from_who: int = 3) -> "Meld":
        """Meld.daiminkan(tiles, called=None, from_who=3): an open kan on a discard."""
        return cls(MeldType.DAIMINKAN, tiles, called=called, from_who=from_who)

    @classmethod
    def ankan(cls, tiles: Union[str, Iterable[int]]) -> "Meld":
        """Meld.ankan(tiles): a closed kan.

        >>> str(Meld.ankan("5505m"))
        'ankan 0555m'
        """
        return cls(MeldType.ANKAN, tiles)

    @classmethod
    def kakan(cls, tiles: Union[str, Iterable[int]], called: Optional[TileArg] = None,
              added: Optional[TileArg] = None, from_who: int = 3) -> "Meld":
        """Meld.kakan(tiles, called=None, added=None, from_who=3): a pon upgraded to a kan.

        ``called`` defaults to the first tile, ``added`` to the last one.

        >>> str(Meld.kakan("1111z", from_who=1))
        'kakan 1z+11z+1z<R'
        """
        return cls(MeldType.KAKAN, tiles, called=called, added=added, from_who=from_who)

    @classmethod
    def parse(cls, text: str) -> "Meld":
        """Meld.parse(text) -> Meld: read the text form (see the module docstring).

        >>> Meld.parse("chi 3m+45m<L") == Meld.chi("345m")
        True
        """
        if not isinstance(text, str):
            raise MeldError(f"meld text must be a str, got {type(text).__name__}", "bad_meld_text")
        parts = text.split()
        if len(parts) != 2:
            raise MeldError(f"meld text {text!r} must be 'TYPE TILES', e.g. 'pon 7z+77z<A'",
                            "bad_meld_text")
        word, body = parts[0].lower(), parts[1]
        mtype = _KEYWORDS.get(word)
        if mtype is None:
            raise MeldError(f"unknown meld type {parts[0]!r} in {text!r} (expected chi, pon, "
                            "daiminkan, ankan or kakan)", "bad_meld_type")
        seat = None
        if "<" in body:
            body, s = body.split("<", 1)
            if mtype is MeldType.ANKAN:
                raise MeldError(f"an ankan has no seat, got '<{s}' in {text!r}", "bad_meld_text")
            if s.upper() not in _SEAT_PARSE:
                raise MeldError(f"unknown seat {s!r} in {text!r} (expected R, A or L, "
                                "or 1, 2, 3)", "bad_meld_text")
            seat = _SEAT_PARSE[s.upper()]
        groups = body.split("+")
        if len(groups) > 1:
            want = 3 if mtype is MeldType.KAKAN else 2
            if mtype is MeldType.ANKAN or len(groups) != want:
                layout = {MeldType.ANKAN: "TILES", MeldType.KAKAN: "CALLED+FROM_HAND+ADDED"}.get(
                    mtype, "CALLED+FROM_HAND")
                raise MeldError(f"a {mtype.value} is written {layout}, got {body!r} in {text!r}",
                                "bad_meld_text")
            singles = [groups[0]] + ([groups[2]] if mtype is MeldType.KAKAN else [])
            for g in singles:
                if len(scan_specs(g)) != 1:
                    raise MeldError(f"the called/added group {g!r} in {text!r} must be exactly "
                                    "one tile", "bad_meld_text")
        ids = parse_tiles("".join(groups))
        if not ids:
            raise MeldError(f"meld text {text!r} has no tiles", "bad_meld_text")
        if mtype is MeldType.ANKAN:
            m = cls(mtype, ids)
        elif mtype is MeldType.KAKAN:
            m = cls(mtype, ids, called=ids[0], added=ids[-1], from_who=seat)
        else:
            m = cls(mtype, ids, called=ids[0], from_who=seat)
        object.__setattr__(m, "_auto", True)
        return m

    # -- properties ---------------------------------------------------------------------

    @property
    def kind(self) -> int:
        """The lowest kind of the meld (the kind of a pon/kan, the first of a run)."""
        return self.tiles[0] >> 2

    @property
    def kinds(self) -> Tuple[int, ...]:
        """The kinds of the tiles, sorted."""
        return tuple(t >> 2 for t in self.tiles)

    @property
    def is_open(self) -> bool:
        """False only for an ankan (a closed kan keeps the hand concealed)."""
        return self.type is not MeldType.ANKAN

    @property
    def is_kan(self) -> bool:
        """True for daiminkan, ankan and kakan."""
        return self.type in _KANS

    @property
    def n_tiles(self) -> int:
        """3 for chi and pon, 4 for a kan."""
        return len(self.tiles)

    @property
    def by_id(self) -> bool:
        """True when the caller named these exact tiles by 136-id; False when they are
        free copies the engine chose (notation, meld text, or ids another meld already
        held): then only the kinds, and the red fives, are the caller's."""
        return not self._auto

    @property
    def n_red(self) -> int:
        """How many red fives the meld holds (0 or 1; up to 4 under ``red_ids`` with more
        red copies of a five)."""
        return sum(1 for t in self.tiles if t in self.red_ids)

    @property
    def red_ids(self) -> frozenset:
        """The meld's tiles that are red fives (under the ``red_ids`` it was built with)."""
        reds = self._reds
        return RED_ID_SET.intersection(self.tiles) if reds is None else reds

    @property
    def hand_tiles(self) -> Tuple[int, ...]:
        """The tiles that came from the caller's hand (all but ``called``), sorted."""
        return tuple(t for t in self.tiles if t != self.called)

    # -- value behaviour ------------------------------------------------------------------

    def __str__(self) -> str:
        reds = self._reds
        if self.type is MeldType.ANKAN:
            return f"ankan {format_tiles(self.tiles, red_ids=reds)}"
        rest = [t for t in self.tiles if t != self.called and t != self.added]
        s = f"{self.type.value} {tile_name(self.called, reds)}+{format_tiles(rest, red_ids=reds)}"
        if self.added is not None:
            s += f"+{tile_name(self.added, reds)}"
        return f"{s}<{_SEAT_LETTER[self.from_who]}"

    def __repr__(self) -> str:
        if self._reds is not None:   # red ids of their own: no text form reads them back
            extra = "" if self.added is None else f", added={self.added}"
            called = "" if self.called is None else f", called={self.called}"
            return (f"Meld({self.type.value!r}, {self.tiles}{called}, from_who="
                    f"{self.from_who}{extra}, red_ids={sorted(self._reds)})")
        return f"Meld.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        return (_rebuild_meld, (self.type.value, self.tiles, self.called, self.from_who,
                                self.added, self._auto, self._reds))

    def _reassigned(self, used: set) -> "Meld":
        """The same meld on free copies (not in ``used``, which is updated). Text melds only."""
        order = [self.called] if self.called is not None else []
        order += [t for t in self.tiles if t != self.called and t != self.added]
        if self.added is not None:
            order.append(self.added)
        reds = self.red_ids
        specs = [(t >> 2, t in reds) for t in order]
        ids = allocate_ids(specs, used)
        # a red five takes copy 0 of its five: red under any count of red fives
        red_ids = None if self._reds is None else frozenset(
            t for t, (_, r) in zip(ids, specs) if r)
        if self.type is MeldType.ANKAN:
            m = Meld(self.type, ids, red_ids=red_ids)
        elif self.type is MeldType.KAKAN:
            m = Meld(self.type, ids, called=ids[0], added=ids[-1], from_who=self.from_who,
                     red_ids=red_ids)
        else:
            m = Meld(self.type, ids, called=ids[0], from_who=self.from_who, red_ids=red_ids)
        object.__setattr__(m, "_auto", True)
        return m


def meld_of(m: object) -> Meld:
    """meld_of(m) -> Meld: one declared meld in any form the API takes.

    * a :class:`Meld` (returned as it is);
    * meld text: anything :meth:`Meld.parse` reads (``"pon 7z+77z<A"``, ``"ankan 1111m"``,
      ``"pon 555z"``), or a bare group of tiles: ``"123m"`` chi, ``"555z"`` pon,
      ``"5555z"`` open kan;
    * a pair ``(type, tiles)``: ``type`` a :class:`MeldType`, a name (``"pon"``,
      ``"daiminkan"``, ``"ankan"``, ``"kakan"``, ``"chi"`` and the aliases of
      :data:`ippatsu._codes.MELD_TYPE_NAMES`) or a meld code 0-4 (chi, pon, daiminkan,
      ankan, kakan); ``tiles`` notation or 136-ids.

    Melds written as notation take free copies when placed in a :class:`Hand`; so do melds
    given by ids in :func:`ippatsu.score` when another meld already holds those ids (copies
    of a kind are interchangeable). Errors: :class:`~ippatsu.errors.MeldError`
    ``bad_meld_text`` (text that is not a meld), ``bad_meld_type``, ``bad_meld`` (tiles
    that do not make that meld, or not a meld at all); the tiles' own errors (notation,
    ids) as :mod:`ippatsu.tiles` names them.

    >>> str(meld_of("555z")), str(meld_of(("chi", [0, 4, 8])))
    ('pon 5z+55z<L', 'chi 1m+23m<L')
    """
    if isinstance(m, Meld):
        return m
    if isinstance(m, str):
        try:
            return Meld.parse(m)
        except IppatsuError as e:
            if len(m.split()) != 1:
                raise MeldError(f"cannot read meld {m!r}: {e}", "bad_meld_text") from None
        kinds = sorted(t >> 2 for t in parse_tiles(m))  # a bare group of tiles
        if len(kinds) == 4:
            return _meld_of_pair(MeldType.DAIMINKAN, m)
        if len(kinds) == 3 and kinds[0] == kinds[2]:
            return _meld_of_pair(MeldType.PON, m)
        return _meld_of_pair(MeldType.CHI, m)
    if isinstance(m, tuple) and len(m) == 2 and isinstance(m[0], (int, str, MeldType)):
        mtype, tiles = m
        if isinstance(mtype, MeldType):
            return _meld_of_pair(mtype, tiles)
        if isinstance(mtype, str):
            code = MELD_TYPE_NAMES.get(mtype.lower())
        else:
            code = int(mtype)
        if code not in _TYPE_OF_CODE:
            raise MeldError(f"unknown meld type {mtype!r} (expected chi, pon, daiminkan, ankan "
                            f"or kakan, or a meld code 0-4)", "bad_meld_type")
        return _meld_of_pair(_TYPE_OF_CODE[code], tiles)
    t = getattr(m, "type", None)  # a meld-like object: .type with a name, .tiles 136-ids
    if t is None:
        raise MeldError(f"not a meld: {m!r}")
    name = getattr(t, "name", str(t)).lower()
    if name not in MELD_TYPE_NAMES:
        raise MeldError(f"unknown meld type {name!r}")
    return _meld_of_pair(_TYPE_OF_CODE[MELD_TYPE_NAMES[name]], as_ids(m.tiles))


_TYPE_OF_CODE = {code: MeldType(name) for code, name in enumerate(MELD_NAMES)}


def melds_of(melds: object) -> List[Meld]:
    """melds_of(melds) -> list[Meld]: :func:`meld_of` of each; a meld given by ids that
    an earlier meld already holds takes free copies of the same tiles (copies of a kind are
    interchangeable; a red five stays red). ``melds`` must be a sequence
    (``MeldError`` ``bad_meld``)."""
    if isinstance(melds, (str, bytes, dict)) or not hasattr(melds, "__iter__"):
        raise MeldError(f"melds is a sequence of melds, got {type(melds).__name__}",
                        "bad_meld")
    out: List[Meld] = []
    used: set = set()
    for x in melds:
        m = meld_of(x)
        if used.isdisjoint(m.tiles):
            used.update(m.tiles)
        else:
            m = m._reassigned(used)
        out.append(m)
    return out


def _meld_of_pair(mtype: MeldType, tiles: object) -> Meld:
    """A meld of this type from notation or ids; tiles that do not make it: ``bad_meld``."""
    given = tiles if isinstance(tiles, str) else as_ids(tiles)
    try:
        return Meld(mtype, given)
    except MeldError as e:
        kinds = sorted(t >> 2 for t in (parse_tiles(given) if isinstance(given, str)
                                        else given))
        raise MeldError(f"{MELD_LABELS[MELD_NAMES.index(mtype.value)]} cannot hold "
                        f"{[kind_name(k) for k in kinds]}: {e}") from None


def _meld_reds(ids: Tuple[int, ...], red_ids: Optional[AbstractSet[int]]):
    """The ``_reds`` slot of a meld of ``ids`` under ``red_ids``: None when its tiles are
    red exactly as under one red five per suit, else the frozenset of its red tiles."""
    if red_ids is None:
        return None
    reds = frozenset(t for t in ids if t in red_ids)
    return None if reds == RED_ID_SET.intersection(ids) else reds


def _rebuild_meld(type, tiles, called, from_who, added, auto, reds=None):
    m = Meld(type, tiles, called=called, from_who=from_who, added=added, red_ids=reds)
    object.__setattr__(m, "_auto", auto)
    return m


class Hand:
    """Hand(tiles, melds=(), *, validate_size=True): concealed tiles plus declared melds.

    Parameters
    ----------
    tiles : str or iterable of int
        The concealed tiles as notation (``"123m406p11z"``) or 136-ids.
    melds : iterable of Meld or str
        Declared melds in the order called, as :class:`Meld` or their text form.
    validate_size : bool
        By default the concealed part must hold 13 − 3·k or 14 − 3·k tiles for k melds
        (``HandSizeError``); pass False for a partial hand. At most four melds either way.

    Attributes
    ----------
    ids : tuple[int, ...]
        Concealed 136-ids, sorted.
    counts : tuple[int, ...]
        34 counts of the concealed tiles.
    _counts : bytes
        The same 34 counts as ``bytes`` (read directly by the compiled core).
    red : int
        Bitmask of the red fives among the concealed tiles: bit 0 m, bit 1 p, bit 2 s.
    melds : tuple[Meld, ...]

    >>> h = Hand.parse("123m406p789s1z [pon 2z+22z<A]")
    >>> h.n_concealed, h.red, h.is_closed, len(h.melds)
    (10, 2, False, 1)
    >>> str(h)
    '123m406p789s1z [pon 2z+22z<A]'
    """

    __slots__ = ("ids", "counts", "_counts", "red", "melds", "_key", "_hash")
    __setattr__ = _immutable
    __delattr__ = _immutable

    def __init__(self, tiles: Union[str, Iterable[int]], melds: Iterable[Union[Meld, str]] = (),
                 *, validate_size: bool = True):
        if isinstance(tiles, str):
            self._init(None, scan_specs(tiles), melds, validate_size)
        else:
            self._init([check_id(t) for t in tiles], None, melds, validate_size)

    def _init(self, conc_ids: Optional[List[int]], conc_specs: Optional[List[Spec]],
              melds: Iterable[Union[Meld, str]], validate_size: bool) -> None:
        ms = [m if isinstance(m, Meld) else Meld.parse(m) for m in melds]
        if len(ms) > MAX_MELDS:
            raise HandSizeError(f"a hand has at most {MAX_MELDS} melds, got {len(ms)}",
                                "too_many_melds")
        # every tile of the hand: ids fixed by the caller, and specs still to place
        fixed: List[int] = list(conc_ids) if conc_ids is not None else []
        free_specs: List[Spec] = list(conc_specs) if conc_specs is not None else []
        for m in ms:
            if m._auto:
                free_specs.extend(_spec(t) for t in m.tiles)
            else:
                fixed.extend(m.tiles)
        used = set(fixed)
        if free_specs or len(used) != len(fixed):
            # distinct ids in 0-135 can never break the copy rules, so this only runs when
            # tiles still need ids or some id repeats (then it names the better error)
            check_copies(free_specs, fixed, "the hand (concealed tiles and melds)")
            if len(used) != len(fixed):
                seen = set()
                for t in fixed:
                    if t in seen:
                        raise TileCountError(f"tile id {t} ({tile_name(t)}) appears twice in "
                                             "the hand (concealed tiles and melds)", "duplicate_id")
                    seen.add(t)
        # text melds keep their ids when free, else move to free copies of the same tiles
        placed: List[Meld] = []
        for m in ms:
            if m._auto:
                if used.isdisjoint(m.tiles):
                    used.update(m.tiles)
                else:
                    m = m._reassigned(used)
            placed.append(m)
        if conc_ids is None:
            conc_ids = allocate_ids(conc_specs, used)
        self._set(tuple(sorted(conc_ids)), tuple(placed), validate_size)

    def _set(self, ids: Tuple[int, ...], melds: Tuple[Meld, ...], validate_size: bool) -> None:
        k = len(melds)
        n = len(ids)
        if validate_size and n != 13 - 3 * k and n != 14 - 3 * k:
            raise HandSizeError(
                f"a hand with {k} meld{'' if k == 1 else 's'} has {13 - 3 * k} or {14 - 3 * k} "
                f"concealed tiles, got {n}", "bad_hand_size")
        counts = [0] * N_KINDS
        red = 0
        for t in ids:
            counts[t >> 2] += 1
            if t in RED_ID_SET:
                red |= 1 << ((t >> 2) // 9)
        oset = object.__setattr__
        oset(self, "ids", ids)
        oset(self, "counts", tuple(counts))
        oset(self, "_counts", bytes(counts))
        oset(self, "red", red)
        oset(self, "melds", melds)
        key = (tuple(_spec(t) for t in ids), tuple(m._key for m in melds))
        oset(self, "_key", key)
        oset(self, "_hash", hash(key))

    # -- other constructors -------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, *, validate_size: bool = True) -> "Hand":
        """Hand.parse(text, *, validate_size=True) -> Hand: read the hand text form.

        >>> Hand.parse("11z [chi 3m+45m<L] [ankan 0555p] [pon 7z+77z<R] [kakan 9s+99s+9s<A]").n_concealed
        2
        """
        if not isinstance(text, str):
            raise NotationError(f"hand text must be a str, got {type(text).__name__}",
                                "bad_hand_text")
        concealed: List[str] = []
        melds: List[str] = []
        pos = 0
        while True:
            i = text.find("[", pos)
            j = text.find("]", pos)
            if i < 0:
                if j >= 0:
                    raise NotationError(f"']' at position {j} in {text!r} closes no '['",
                                        "bad_hand_text")
                concealed.append(text[pos:])
                break
            if 0 <= j < i:
                raise NotationError(f"']' at position {j} in {text!r} closes no '['",
                                    "bad_hand_text")
            concealed.append(text[pos:i])
            j = text.find("]", i + 1)
            k = text.find("[", i + 1)
            if j < 0 or 0 <= k < j:
                raise NotationError(f"'[' at position {i} in {text!r} is not closed by ']'",
                                    "bad_hand_text")
            melds.append(text[i + 1:j])
            pos = j + 1
        return cls(" ".join(concealed), melds, validate_size=validate_size)

    @classmethod
    def from_counts(cls, counts: Sequence[int], melds: Iterable[Union[Meld, str]] = (), *,
                    red: int = 0, validate_size: bool = True) -> "Hand":
        """Hand.from_counts(counts, melds=(), *, red=0, validate_size=True) -> Hand.

        34 concealed counts; ids are assigned deterministically (the copy order of
        :func:`ippatsu.tiles.parse_tiles`, avoiding the melds' ids). ``red`` is a bitmask
        (bit 0 m, bit 1 p, bit 2 s) of red fives to include; without it a red five appears
        only when all four copies of that five are present.

        >>> str(Hand.from_counts([1] * 13 + [0] * 21))
        '123456789m1234p'
        """
        c = check_counts(counts)
        specs: List[Spec] = []
        for k in range(N_KINDS):
            n = c[k]
            if n and k < 27 and k % 9 == 4 and red >> (k // 9) & 1:
                specs.append((k, True))
                n -= 1
            specs.extend([(k, False)] * n)
        for s in range(3):
            if red >> s & 1 and c[s * 9 + 4] == 0:
                raise NotationError(f"red mask asks for a red 5{SUITS[s]} but the counts hold "
                                    f"no 5{SUITS[s]}", "bad_counts")
        self = cls.__new__(cls)
        self._init(None, specs, melds, validate_size)
        return self

    # -- derived values -------------------------------------------------------------------

    @property
    def n_concealed(self) -> int:
        """Number of concealed tiles."""
        return len(self.ids)

    @property
    def is_closed(self) -> bool:
        """No open meld (closed kans keep the hand concealed)."""
        return all(m.type is MeldType.ANKAN for m in self.melds)

    @property
    def n_red(self) -> int:
        """Red fives in the whole hand, concealed tiles and melds."""
        return bin(self.red).count("1") + sum(m.n_red for m in self.melds)

    def all_counts(self) -> Tuple[int, ...]:
        """34 counts of every tile of the hand, concealed and melded (a kan counts 4)."""
        c = list(self.counts)
        for m in self.melds:
            for t in m.tiles:
                c[t >> 2] += 1
        return tuple(c)

    def __len__(self) -> int:
        """The number of concealed tiles (what the kernels see)."""
        return len(self.ids)

    def __str__(self) -> str:
        parts = [format_tiles(self.ids)] if self.ids else []
        parts.extend(f"[{m}]" for m in self.melds)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        return (_rebuild_hand, (self.ids, self.melds))


def _rebuild_hand(ids, melds):
    return Hand(ids, melds, validate_size=False)


def concealed_counts(text: str) -> bytes:
    """concealed_counts(text) -> bytes: the 34 concealed counts of a hand written as text.

    Used by the hand core for string input. Without melds any size is read (the kernels
    check it: declared melds are implied by the size); with melds written out, the
    concealed size must match them exactly as in :class:`Hand`.
    """
    hand = Hand.parse(text, validate_size=False)
    if hand.melds:
        hand = Hand(hand.ids, hand.melds)
    return hand._counts
