"""The hand-core API: shanten, agari, waits, effective tiles, decompositions, the
tile-efficiency discard (``efficiency_discard``) and solo Monte Carlo rollouts
(``solo_rollouts``: from a hand, drawing alone and discarding by a policy, how often it
is tenpai / complete by each draw).

Every function takes a hand as a :class:`~ippatsu.hand.Hand`, a notation string
(``"123m406p789s1122z"``), a 34-byte ``bytes``, any sequence / 1-D array of 34 counts, or
a list / tuple of 1-14 distinct 136-ids (the *concealed* tiles; declared melds are implied
by the size: 3k+1 or 3k+2 concealed tiles need k sets and a pair). Batch twins take an ``(N, 34)`` integer array, release the
GIL, accept ``out=`` and ``threads=``.

The compiled kernels (``ippatsu._core``) are used unless the environment variable
``IPPATSU_PURE_PYTHON=1`` selects the pure-Python twin (``ippatsu._reference.api``), which
has the same functions, results and errors. ``BACKEND`` says which one is active.

>>> from ippatsu import shanten, waits
>>> shanten("123m456p789s1122z")
0
>>> waits("123m456p789s1122z")
[27, 28]
>>> shanten("1111m234p567p789s")  # a wait on a fifth 1m does not count
1

Three players (docs/rules.md §11): ``shanten``, ``shanten_forms``, ``is_agari``,
``is_tenpai``, ``waits`` and ``ukeire`` take ``players=3``. The hand may then hold no
2m-8m (``TileCountError`` ``sanma_tile``); 1m and 9m form no run (there is no 2m-8m to
run with), so shanten counts only shapes that the 108 tiles can make, and ukeire lists
only tiles that exist.

>>> shanten("1m9m1p9p1s9s1234567z", players=3)  # thirteen orphans: the same
0
>>> ukeire("1111m").total, ukeire("1111m", players=3).total  # no 2m-8m to draw
(132, 104)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Tuple

if TYPE_CHECKING:
    from . import _core as _backend
else:
    from ._backend import core as _backend  # the one place that reads IPPATSU_PURE_PYTHON

from ._reference.handcore import BLOCK_PAIR, BLOCK_RUN, BLOCK_TRIPLET, decompositions_counts

BACKEND: str = _backend.BACKEND
NOT_APPLICABLE: int = _backend.NOT_APPLICABLE
TABLE_BYTES: int = _backend.TABLE_BYTES

_shanten4 = _backend.shanten
_shanten_forms4 = _backend.shanten_forms
_is_agari4 = _backend.is_agari
_waits4 = _backend.waits
_ukeire4 = _backend.ukeire
shanten_batch = _backend.shanten_batch
shanten_forms_batch = _backend.shanten_forms_batch
is_agari_batch = _backend.is_agari_batch
waits_batch = _backend.waits_batch
ukeire_batch = _backend.ukeire_batch
efficiency_discard = _backend.efficiency_discard
solo_rollouts = _backend.solo_rollouts
_efficiency_ties = _backend._efficiency_ties

__all__ = [
    "BACKEND",
    "NOT_APPLICABLE",
    "TABLE_BYTES",
    "BLOCK_PAIR",
    "BLOCK_RUN",
    "BLOCK_TRIPLET",
    "shanten",
    "shanten_forms",
    "is_agari",
    "is_tenpai",
    "waits",
    "ukeire",
    "decompositions",
    "shanten_batch",
    "shanten_forms_batch",
    "is_agari_batch",
    "waits_batch",
    "ukeire_batch",
    "efficiency_discard",
    "solo_rollouts",
]


# ---------------------------------------------------------------------------------------
# four or three players (the four-player road is the backend's function, one call deeper)
# ---------------------------------------------------------------------------------------
def shanten(hand, form=None, *, players=4) -> int:
    """shanten(hand, form=None, *, players=4) -> int

    Shanten of ``hand`` (-1 complete, 0 tenpai); ``form`` is None / ``"min"`` (the lowest
    of the three forms), ``"standard"``, ``"chiitoitsu"`` or ``"kokushi"``. ``players=3``:
    three-player mahjong (no 2m-8m in the hand nor as a target).
    """
    if players == 4:
        return _shanten4(hand) if form is None else _shanten4(hand, form)
    c = _sanma_counts(hand, players)
    if form is None or form == "min":
        return _shanten3_min(c)
    if form == "standard":
        _shanten4(c, form)  # validates
        return _shanten3_standard(c)
    return _shanten4(c, form)  # seven pairs / thirteen orphans: the same counts


def shanten_forms(hand, *, players=4):
    """shanten_forms(hand, *, players=4) -> ShantenForms (standard, chiitoitsu, kokushi, min)"""
    if players == 4:
        return _shanten_forms4(hand)
    c = _sanma_counts(hand, players)
    f = _shanten_forms4(c)
    s = _shanten3_standard(c) if c[0] or c[8] else f.standard
    return type(f)(s, f.chiitoitsu, f.kokushi,
                   min(x for x in (s, f.chiitoitsu, f.kokushi) if x is not None))


def is_agari(hand, *, players=4) -> bool:
    """is_agari(hand, *, players=4) -> bool: a complete 3k+2 concealed part."""
    if players == 4:
        return _is_agari4(hand)
    return _is_agari4(_sanma_counts(hand, players))


def waits(hand, *, players=4) -> List[int]:
    """waits(hand, *, players=4) -> kinds that complete a 3k+1 hand (docs/rules.md §3);
    with ``players=3`` never a kind of 2m-8m (those tiles do not exist)."""
    if players == 4:
        return _waits4(hand)
    return [k for k in _waits4(_sanma_counts(hand, players)) if not 1 <= k <= 7]


def ukeire(hand, visible=None, *, players=4):
    """ukeire(hand, visible=None, *, players=4) -> Ukeire or list of DiscardUkeire

    Effective tiles (docs/rules.md §3): for 3k+1 tiles the kinds whose draw lowers shanten
    with their unseen copies (4 - own - ``visible``); for 3k+2 tiles that for every discard,
    best first. ``players=3``: shanten of three-player mahjong, and only tiles that exist
    (never 2m-8m; ``visible`` may not hold them either).
    """
    if players == 4:
        return _ukeire4(hand) if visible is None else _ukeire4(hand, visible)
    from ._reference import api as _api
    from ._types import DiscardUkeire, Ukeire

    c = list(_sanma_counts(hand, players))
    _shanten_forms4(bytes(c))  # validates the counts and the size
    vis = _api._visible(visible)
    if vis is not None:
        _check_sanma(vis, "visible")
        _api._check_beside(c, vis)
    if sum(c) % 3 == 1:
        s, tiles = _ukeire3(c, vis)
        return Ukeire(s, tiles, sum(n for _, n in tiles))
    out = []
    for d in range(34):
        if c[d] == 0:
            continue
        c[d] -= 1
        s, tiles = _ukeire3(c, vis)
        c[d] += 1
        out.append(DiscardUkeire(d, s, tiles, sum(n for _, n in tiles)))
    out.sort(key=lambda x: (x.shanten, -x.total, x.discard))
    return out


def is_tenpai(hand, *, players=4) -> bool:
    """True when a 3k+1 hand waits on at least one kind it does not hold four of (and,
    with ``players=3``, that exists)."""
    if _size(hand) % 3 != 1:
        return False
    return shanten(hand, players=players) == 0


# ---------------------------------------------------------------------------------------
# three players: 108 tiles, no 2m-8m
# ---------------------------------------------------------------------------------------
_ABSENT_3P = range(1, 8)  # 2m..8m


def _check_sanma(c, what: str = "the hand") -> None:
    """TileCountError ``sanma_tile`` when ``c`` (34 counts) holds any of 2m-8m."""
    bad = [k for k in _ABSENT_3P if c[k]]
    if bad:
        from .errors import TileCountError

        names = ", ".join(f"{k + 1}m" for k in bad)
        raise TileCountError(f"{what} holds {names}: three-player mahjong has no 2m-8m "
                             f"(108 tiles)", code="sanma_tile")


def _sanma_counts(hand, players) -> bytes:
    """The concealed counts of a three-player hand as 34 bytes, checked for 2m-8m (the
    backend's call that follows checks the counts and the size)."""
    if players != 3:
        from .errors import IppatsuError

        raise IppatsuError(f"players must be 4 or 3, not {players!r}", code="bad_players")
    if type(hand) is bytes and len(hand) == 34:
        c = hand
    else:
        c = getattr(hand, "_counts", None)  # a Hand
        if type(c) is not bytes:
            from ._reference.api import _counts_of

            c = bytes(_counts_of(hand))
    if any(c[1:8]):
        _check_sanma(c)
    return c


def _shanten3_standard(c) -> int:
    """Standard-form shanten with 1m and 9m as two kinds that make no runs.

    By the backend's kernel on a moved copy of the counts: 1m and 9m go to empty honor
    slots (kinds that make no runs, like every honor), the characters are left empty.
    Sets or pairs built only of added tiles cost the same in any empty kind, and a
    three-player hand of at most 14 tiles leaves far more than five empty kinds, so the
    distance is the three-player one. Without enough empty honor slots: the programme of
    :func:`_shanten3_standard_dp` (tests compare the two)."""
    m1, m9 = c[0], c[8]
    if not m1 and not m9:
        return _shanten4(bytes(c), "standard")
    empty = [k for k in range(27, 34) if not c[k]]
    if len(empty) >= (m1 > 0) + (m9 > 0):
        t = list(c)
        t[0] = t[8] = 0
        if m1:
            t[empty.pop()] = m1
        if m9:
            t[empty.pop()] = m9
        return _shanten4(bytes(t), "standard")
    return _shanten3_standard_dp(c)


def _shanten3_standard_dp(c) -> int:
    """The reference: the suit programme with the characters read as the two no-run kinds
    1m and 9m."""
    from ._reference import handcore as hc

    nsets = hc.check_counts(c)
    groups = [hc.suit_distances((c[0], c[8]), False), hc.suit_distances(tuple(c[9:18])),
              hc.suit_distances(tuple(c[18:27])), hc.suit_distances(tuple(c[27:34]), False)]
    return hc._combine(groups, nsets) - 1


def _shanten3_min(c: bytes) -> int:
    f = _shanten_forms4(c)  # validates; seven pairs and thirteen orphans read the same counts
    if not (c[0] or c[8]):
        return f.min
    s = _shanten3_standard(c)
    return min(x for x in (s, f.chiitoitsu, f.kokushi) if x is not None)


def _ukeire3(c: list, vis) -> tuple:
    base = _shanten3_min(bytes(c))
    out = []
    for k in range(34):
        if c[k] >= 4 or 1 <= k <= 7:
            continue
        c[k] += 1
        better = _shanten3_min(bytes(c)) < base
        c[k] -= 1
        if better:
            left = 4 - c[k] - (vis[k] if vis is not None else 0)
            out.append((k, max(left, 0)))
    return base, tuple(out)


def _size(hand) -> int:
    from ._reference.api import _counts_of

    return sum(_counts_of(hand))


def decompositions(hand) -> List[Tuple[Tuple[int, int], ...]]:
    """decompositions(hand) -> list of readings

    Every distinct standard-form reading of a complete 3k+2 concealed part: a sorted
    tuple of blocks ``(type, kind)`` with type ``BLOCK_PAIR`` (0), ``BLOCK_RUN`` (1, kind =
    lowest kind of the run) or ``BLOCK_TRIPLET`` (2). Empty when the concealed part is not
    complete in the standard form (seven pairs and thirteen orphans are separate forms).

    >>> decompositions("111222333m11p")  # three triplets, or three identical runs
    [((0, 9), (1, 0), (1, 0), (1, 0)), ((0, 9), (2, 0), (2, 1), (2, 2))]
    """
    from ._reference.api import _counts_of

    return decompositions_counts(_counts_of(hand))
