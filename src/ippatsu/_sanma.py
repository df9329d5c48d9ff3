"""Three-player hand core (docs/rules.md §11): the ``players=3`` road of ``shanten``,
``shanten_forms``, ``is_agari``, ``waits`` and ``ukeire``.

The backend's functions (``ippatsu._core`` and its pure-Python twin) take ``players`` and
call into this module only when it is not 4, so the four-player call pays nothing for it.
Here a hand may hold no 2m-8m (``TileCountError`` ``sanma_tile``); 1m and 9m form no run
(there is no 2m-8m to run with), so shanten counts only shapes that the 108 tiles can make,
and ukeire lists only tiles that exist. Everything runs on the backend's four-player
functions.
"""
from __future__ import annotations

from typing import List

from ._backend import core as _backend

_shanten4 = _backend.shanten
_shanten_forms4 = _backend.shanten_forms
_is_agari4 = _backend.is_agari
_waits4 = _backend.waits


# ---------------------------------------------------------------------------------------
# the backend's functions call these when players != 4
# ---------------------------------------------------------------------------------------
def _four(players) -> bool:
    """An int equal to 4 that is not the object ``4`` (``numpy.int64(4)``): four players
    after all (the backend tests ``players is not 4`` first)."""
    return type(players) is not bool and players == 4


def shanten(hand, form, players) -> int:
    """``shanten(hand, form, players=3)``: no 2m-8m in the hand nor as a target."""
    if _four(players):
        return _shanten4(hand, form)
    c = _sanma_counts(hand, players)
    if form is None or form == "min":
        return _shanten3_min(c)
    if form == "standard":
        _shanten4(c, form)  # validates
        return _shanten3_standard(c)
    return _shanten4(c, form)  # seven pairs / thirteen orphans: the same counts


def shanten_forms(hand, players):
    """``shanten_forms(hand, players=3)``."""
    if _four(players):
        return _shanten_forms4(hand)
    c = _sanma_counts(hand, players)
    f = _shanten_forms4(c)
    s = _shanten3_standard(c) if c[0] or c[8] else f.standard
    return type(f)(s, f.chiitoitsu, f.kokushi,
                   min(x for x in (s, f.chiitoitsu, f.kokushi) if x is not None))


def is_agari(hand, players) -> bool:
    """``is_agari(hand, players=3)``."""
    if _four(players):
        return _is_agari4(hand)
    return _is_agari4(_sanma_counts(hand, players))


def waits(hand, players) -> List[int]:
    """``waits(hand, players=3)``: never a kind of 2m-8m (those tiles do not exist)."""
    if _four(players):
        return _waits4(hand)
    return [k for k in _waits4(_sanma_counts(hand, players)) if not SANMA_ABSENT_MASK >> k & 1]


def ukeire(hand, visible, players):
    """``ukeire(hand, visible, players=3)``: shanten of three-player mahjong, and only tiles
    that exist (never 2m-8m; ``visible`` may not hold them either)."""
    if _four(players):
        return _backend.ukeire(hand, visible)
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


# ---------------------------------------------------------------------------------------
# three players: 108 tiles, no 2m-8m
# ---------------------------------------------------------------------------------------
from ._codes import SANMA_ABSENT_KINDS as _ABSENT_3P, SANMA_ABSENT_MASK  # 2m..8m


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

            c = bytes(_backend.counts_of(hand))
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
        if c[k] >= 4 or SANMA_ABSENT_MASK >> k & 1:
            continue
        c[k] += 1
        better = _shanten3_min(bytes(c)) < base
        c[k] -= 1
        if better:
            left = 4 - c[k] - (vis[k] if vis is not None else 0)
            out.append((k, max(left, 0)))
    return base, tuple(out)
