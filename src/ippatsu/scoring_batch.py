"""Batch scoring for simulators: arrays of winning hands in, arrays of results out.

:func:`score_batch` scores N winning hands in one call. The compiled kernel (``_score.h``)
runs without the GIL (``threads=`` splits the rows); with ``IPPATSU_PURE_PYTHON=1`` the
same function loops over :func:`ippatsu.scoring.score`, which is also what the tests
compare the kernel with.

Inputs (N rows)
---------------
counts : (N, 34) ints
    Concealed tiles *including* the winning tile.
win_tile : (N,) ints, int or str
    The winning tile of each row as a kind (0-33; rows are counts, so kinds, not 136-ids),
    one kind for every row, or notation: one tile for every row (``"4s"``) or one tile per
    row (``"4s1z5m"``). The same keyword as :func:`ippatsu.score`'s; ``win=`` is its
    deprecated old name.
melds : (N, 4, 2) ints, optional
    ``(type, lowest kind)`` per declared meld, type ``CHI=0 PON=1 DAIMINKAN=2 ANKAN=3
    KAKAN=4``; unused slots hold 255 (or -1).
flags : (N,) uint32, optional
    Situation bits: :data:`TSUMO`, :data:`RIICHI`, :data:`DOUBLE_RIICHI`, :data:`IPPATSU`,
    :data:`HAITEI`, :data:`HOUTEI`, :data:`RINSHAN`, :data:`CHANKAN`, :data:`TENHOU`,
    :data:`CHIIHOU` (also :data:`FLAGS`, name -> bit: the names are :func:`ippatsu.score`'s
    keywords). ``tsumo=`` / ``riichi=`` (bools or bool arrays) are a shortcut that ORs in
    those two bits.
seat_wind, round_wind : int or (N,) ints
    0 = East ... 3 = North; seat 0 is the dealer.
dora_indicators, ura_indicators : (N, k) ints, optional
    Indicator *kinds*, -1 for none (kan dora are just more columns). Ura count only for a
    riichi winner with a closed hand.
rules : Rules or str, optional
    ``None`` (the default) means ``Rules.ippatsu()``, as everywhere in the API.
red : int or (N,) ints
    Red fives in the hand (melds included).
flowers : int or (N,) ints, optional
    Flower tiles the winner has set aside, 0-4 (``Rules.flowers``, docs/rules.md §12): each
    is one han of dora on a win with a yaku, as :func:`ippatsu.score`'s ``flowers=``.
    Nonzero flowers under rules without flower tiles raise ``flowers_off`` naming the
    first such row; more than four ``fifth_copy``, fewer than none ``negative_count``.
    (The indicator columns hold kinds 0-33: a flower turned up as an indicator, which
    score() counts as one more dora per flower set aside, is for score() alone.)
nukidora : int or (N,) ints, optional
    Three players: the Norths the winner has set aside, 0-4, as :func:`ippatsu.score`'s
    ``nukidora=``: each is ``rules.nukidora_dora`` han of dora, and one more dora (ura) per
    indicator pointing at North. Nonzero Norths under four-player rules raise
    ``nukidora_four_players``, under rules without nukidora ``nukidora_off``, naming the
    first such row; more than four ``fifth_copy``, fewer than none ``negative_count``.

Three players
-------------
Rules with ``players=3`` (``Rules.ippatsu_sanma()``, ``"tenhou_sanma"``,
``"majsoul_sanma"``, docs/rules.md §11) score each row as :func:`ippatsu.score` does with
them: the dora after a 1m indicator is 9m, the Norths set aside are dora, a tsumo with
Norths set aside may be rinshan without a kan, and ``points`` of a tsumo is what the two
others pay (``rules.sanma_tsumo``: tsumo loss or the North's share split). A row with a
North seat or round wind (3) raises ``bad_wind``, 2m-8m in the hand, a meld or an
indicator ``sanma_tile``, a chi ``sanma_chi``, more than four Norths with those set aside
``fifth_copy``, each naming the row.

Output: :class:`ScoreBatch` of arrays ``han`` (int16), ``fu`` (int16), ``points``
(int32: the ron payment or tsumo total, without honba and deposits), ``yaku`` (uint64:
bit ``i`` = row ``i`` of :mod:`ippatsu.yaku`, yakuman rows included), ``yakuman``
(multiple), ``limit`` (0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman,
6 counted yakuman), ``code`` (0 ok, :data:`NOT_AGARI` = 1, :data:`NO_YAKU` = 2; those
rows score 0 points; ``ScoreBatch.error(i)`` names them as ``ScoreResult.error`` does:
``"no_yaku"``, the code of :class:`~ippatsu.errors.NoYakuError`, and ``"not_agari"``,
that of :class:`~ippatsu.errors.NotAgariError`).

>>> from ippatsu import scoring_batch as sb
>>> sb.FLAGS["riichi"] == sb.RIICHI, sb.TSUMO | sb.RIICHI
(True, 3)
"""
from __future__ import annotations

from typing import NamedTuple, Optional

import numpy as np

import warnings

from . import _backend
from ._codes import (F_ALL, F_CHANKAN, F_CHIIHOU, F_DOUBLE_RIICHI, F_HAITEI, F_HOUTEI,
                     F_IPPATSU, F_LOCAL, F_OPEN_RIICHI, F_PAARENCHAN, F_RENHOU, F_RIICHI,
                     F_RINSHAN, F_SASHIKOMI, F_TENHOU, F_TSUMO, FLAG_NAMES,
                     FLAGS as _FLAGS,
                     LIMITS as _LIMITS, M_ANKAN, M_KAKAN, M_MINKAN, M_NONE, MELD_NAMES,
                     RED_FIVE_KINDS, S_NO_YAKU, S_NOT_AGARI, S_OK, BATCH_COLUMNS,
                     BATCH_ERRORS, M_CHI, M_PON, EAST, NORTH, SANMA_ABSENT_MASK)
from .errors import HandSizeError, IppatsuError, MeldError, SituationError, TileCountError
from .rules import Rules, SanmaTsumo

_DEFAULT_RULES = Rules.ippatsu()  # rules=None

__all__ = [
    "score_batch", "ScoreBatch", "TSUMO", "RIICHI", "DOUBLE_RIICHI", "IPPATSU", "HAITEI",
    "HOUTEI", "RINSHAN", "CHANKAN", "TENHOU", "CHIIHOU", "RENHOU", "PAARENCHAN",
    "OPEN_RIICHI", "SASHIKOMI", "FLAGS", "OK", "NOT_AGARI",
    "NO_YAKU", "LIMITS",
]

# the situation bits, result codes, limits and meld types of the kernel (_codes.py is the
# one source; _score.h reads the same numbers from the generated header)
TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU = F_TSUMO, F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU
HAITEI, HOUTEI, RINSHAN, CHANKAN, TENHOU, CHIIHOU = (F_HAITEI, F_HOUTEI, F_RINSHAN,
                                                      F_CHANKAN, F_TENHOU, F_CHIIHOU)
#: the local yaku's situations (docs/rules.md §12), each needing its Rules option
RENHOU, PAARENCHAN, OPEN_RIICHI, SASHIKOMI = F_RENHOU, F_PAARENCHAN, F_OPEN_RIICHI, F_SASHIKOMI
#: every situation bit by name (the keywords of :func:`ippatsu.score`): ``FLAGS["riichi"]``
#: is :data:`RIICHI`; OR them into ``flags``
FLAGS = dict(_FLAGS)
#: one more than the largest valid ``flags`` value
_FLAG_LIMIT = 1 << max(FLAGS.values()).bit_length()
OK, NOT_AGARI, NO_YAKU = S_OK, S_NOT_AGARI, S_NO_YAKU
LIMITS = _LIMITS
_MELD_NAMES = MELD_NAMES
_FIVES = RED_FIVE_KINDS


class ScoreBatch(NamedTuple):
    han: np.ndarray
    fu: np.ndarray
    points: np.ndarray
    yaku: np.ndarray
    yakuman: np.ndarray
    limit: np.ndarray
    code: np.ndarray

    def error(self, i: int):
        """Row ``i``'s error in :class:`~ippatsu.scoring.ScoreResult`'s words: None,
        ``"not_agari"`` or ``"no_yaku"`` (the codes :func:`ippatsu.score` uses)."""
        return _ERROR_NAMES[int(self.code[i])]


_ERROR_NAMES = {S_OK: None, S_NOT_AGARI: "not_agari", S_NO_YAKU: "no_yaku"}


def _ints(x, name, lo, hi, bools=False):
    """``x`` as int64 without a pass over its values: floats / NaN / objects (and bools
    unless ``bools``) are refused here; a scalar is range-checked here, an array's values
    by the row checks (the kernel's single pass, or :func:`_check_row`), so nothing wraps
    or truncates. Only uint64 values above the int64 range need a look first."""
    try:
        a = np.asarray(x)
    except (ValueError, TypeError) as e:
        raise IppatsuError(f"{name}: not an array of integers ({e})", code="bad_dtype") from None
    if a.dtype.kind not in ("iub" if bools else "iu"):
        raise IppatsuError(f"{name} must hold integers, got dtype {a.dtype}", code="bad_dtype")
    if a.dtype.kind == "u" and a.dtype.itemsize == 8 and a.size and a.max() > hi:
        raise IppatsuError(f"{name} holds {lo}..{hi}, got {a.max()}", code="bad_input")
    a = a.astype(np.int64, copy=False)
    if a.ndim == 0 and not lo <= a <= hi:
        raise IppatsuError(f"{name} holds {lo}..{hi}, got {a}", code="bad_input")
    return a


def _per_row(x, n, col, bools=False):
    """A per-row column (``_codes.BATCH_COLUMNS[col]``) as (n,) int64; a scalar becomes a
    broadcast view (no copy)."""
    name, lo, hi = BATCH_COLUMNS[col]
    a = _ints(x, name, lo, hi, bools)
    if a.ndim == 0:
        return np.broadcast_to(a, (n,))
    if a.shape != (n,):
        raise IppatsuError(f"{name} must be a scalar or have shape ({n},), got {a.shape}",
                           code="bad_shape")
    return a


def _indicators(x, n, col):
    name, lo, hi = BATCH_COLUMNS[col]
    if x is None:
        return np.empty((n, 0), np.int64)
    a = np.asarray(x) if not isinstance(x, np.ndarray) else x
    if a.ndim != 2 or a.shape[0] != n:
        raise IppatsuError(f"{name} must have shape ({n}, k), got {a.shape}", code="bad_shape")
    return _ints(a, name, lo, hi)


def _row_error(row, code, a, b, c, counts):
    """The error of a bad row, from the code and details that the kernel's pass or
    :func:`_check_row` found (``_codes.BATCH_ERRORS``): both backends raise it the same."""
    from .tiles import kind_name

    what = BATCH_ERRORS[code - 1]
    where = f"row {row}: "
    if what == "range":
        if a == _C_FLOWERS or a == _C_NUKIDORA:   # score(flowers=/nukidora=)'s own words
            return _set_aside_error(a, row, b)
        name, lo, hi = BATCH_COLUMNS[a]
        return IppatsuError(f"{where}{name} holds {lo}..{hi}, got {b}", code="bad_input")
    if what == "meld":
        return IppatsuError(f"{where}meld {a} is (type {b}, kind {c}): types are 0-4 (255 or "
                            f"-1 for none), kinds 0-33", code="bad_input")
    if what == "impossible_meld":
        return IppatsuError(f"{where}meld {a} is an impossible meld (a chi starts at 1-7 of a "
                            f"suit)", code="bad_input")
    if what == "counts":
        row_counts = [int(x) for x in counts[row]]
        if a == _HC_ERR_COUNT:
            k = next(k for k in range(34) if row_counts[k] > 4)
            return TileCountError(f"{where}{row_counts[k]} copies of {kind_name(k)}: a kind "
                                  f"has at most four copies", code="fifth_copy")
        return HandSizeError(f"{where}{sum(row_counts)} concealed tiles: a hand holds 3k+1 "
                             f"or 3k+2 tiles (1-14)", code="bad_hand_size")
    if what == "win_not_held":
        return IppatsuError(f"{where}the winning tile is not in the hand", code="bad_input")
    if what == "fifth_copy":
        return TileCountError(f"{where}5 or more copies of {kind_name(a)} between the hand "
                              f"and its melds: a kind has four copies", code="fifth_copy")
    if what == "hand_size":
        return HandSizeError(f"{where}{a} concealed tiles with {b} melds: a winning hand "
                             f"has 14 - 3 x melds", code="bad_hand_size")
    if what == "indicator_copy":
        aside = f", the {c} set aside" if c else ""
        return TileCountError(
            f"{where}{b} copies of {kind_name(a)} between the hand, its melds{aside} and "
            f"the indicators: a kind has four copies", code="fifth_copy")
    # three players (docs/rules.md §11): score()'s words
    if what == "sanma_wind":
        return IppatsuError(f"{where}three players: winds are 0..2 (E S W; there is no "
                            f"North seat or round), got seat {a}, round {b}", code="bad_wind")
    if what == "sanma_tile":
        held = ", ".join(kind_name(k) for k in range(34) if a >> k & 1)
        what_holds = f"indicator {held}" if b else f"the hand holds {held}"
        return TileCountError(f"{where}{what_holds}: three-player mahjong has no 2m-8m "
                              f"(108 tiles)", code="sanma_tile")
    if what == "sanma_chi":
        run = "".join(kind_name(k)[0] for k in (a, a + 1, a + 2)) + kind_name(a)[1]
        return MeldError(f"{where}a chi of {run} in three-player mahjong: there is no chi "
                         f"with three players", code="sanma_chi")
    if what == "north_copy":
        return TileCountError(f"{where}{a} Norths in the hand and {b} set aside: a kind has "
                              f"four copies", code="fifth_copy")
    if what == "situation":
        from .scoring import situation_message

        msg = situation_message(a, bool(b & 1), bool(b & 2), bool(b & 4), bool(b & 8))
        return SituationError(f"{where}impossible situation: {msg}", code="bad_situation")
    return IppatsuError(f"{where}{a} red fives do not fit the fives of the hand (four fives "
                        f"of a suit include its red five)", code="bad_input")


_HC_ERR_COUNT = 1  # the hand core's check: a count above four (else a bad total)


def score_batch(counts, win_tile=None, *, melds=None, flags=None, tsumo=False, riichi=False,
                seat_wind=0, round_wind=0, dora_indicators=None, ura_indicators=None,
                red=0, rules: Optional[Rules] = None, threads=1, win=None,
                flowers=None, nukidora=None) -> ScoreBatch:
    """score_batch(counts, win_tile, *, melds=None, flags=None, tsumo=False, riichi=False, seat_wind=0, round_wind=0, dora_indicators=None, ura_indicators=None, red=0, rules=None, threads=1, flowers=None, nukidora=None) -> ScoreBatch

    Score N winning hands (module docstring), of four-player mahjong or, under rules with
    ``players=3``, of three-player mahjong with ``nukidora=`` the Norths set aside (module
    docstring, "Three players"), each row as :func:`ippatsu.score` scores it. Invalid rows
    (a value out of its range, a fifth copy between the hand, its melds and the
    indicators, a wrong tile count for the melds, an impossible meld or situation, a
    winning tile not in the hand; three players: a North wind, 2m-8m, a chi) raise an
    :class:`~ippatsu.errors.IppatsuError` naming the first bad row; hands that are not
    complete or have no yaku get ``code`` 1 or 2 and score 0. Aotenjou rules (no limits)
    raise ``bad_rules``: their points do not fit the int32 column.

    >>> import numpy as np
    >>> from ippatsu.tiles import parse_counts
    >>> c = np.array([parse_counts("123m456p789s234s55m")], np.uint8)
    >>> r = score_batch(c, [21], tsumo=True, riichi=True, seat_wind=1)  # won on 4s
    >>> int(r.han[0]), int(r.fu[0]), int(r.points[0])
    (3, 20, 2700)
    >>> c3 = np.array([parse_counts("123p456p789p11s999s")], np.uint8)  # three players
    >>> r = score_batch(c3, "9p", tsumo=True, riichi=True, seat_wind=1, nukidora=1,
    ...                 dora_indicators=[[16]], rules="tenhou_sanma")  # 8p: 9p is dora
    >>> int(r.han[0]), int(r.points[0])   # haneman, tsumo loss: 6,000 + 3,000
    (6, 9000)
    """
    from .rules import rules_of

    from ._checks import check_threads

    rules = _DEFAULT_RULES if rules is None else rules_of(rules)
    if rules.aotenjou:
        raise IppatsuError("score_batch's points are int32 and aotenjou (no limits) pays "
                           "beyond them: score these hands with score()", code="bad_rules")
    check_threads(threads)  # the same check (and code) on both backends
    c = np.asarray(counts)
    if c.ndim != 2 or c.shape[1] != 34:
        raise IppatsuError(f"counts must have shape (N, 34), got {c.shape}", code="bad_shape")
    if c.dtype.kind not in "iu":
        raise IppatsuError(f"counts must hold integers, got dtype {c.dtype}", code="bad_dtype")
    if c.dtype != np.uint8:  # (uint8 counts, the usual, are read in place)
        if c.size and (c.min() < 0 or c.max() > 4):
            from .tiles import kind_name

            i, k = np.argwhere((c < 0) | (c > 4))[0]
            v = int(c[i, k])
            raise TileCountError(f"row {i}: {v} copies of {kind_name(int(k))}: a count is 0 "
                                 f"to 4", code="negative_count" if v < 0 else "fifth_copy")
        c = c.astype(np.uint8)
    n = c.shape[0]
    if win is not None:
        if win_tile is not None:
            raise IppatsuError("score_batch: win_tile given twice (win= is its old name)",
                               code="bad_input")
        warnings.warn("score_batch(win=...) is deprecated: call it win_tile=, as score() "
                      "does", DeprecationWarning, stacklevel=2)
        win_tile = win
    if win_tile is None:
        raise IppatsuError("score_batch needs win_tile: the winning tile of each row",
                           code="missing_win_tile")
    if isinstance(win_tile, str):
        from .tiles import scan_specs

        kinds = [k for k, _ in scan_specs(win_tile)]  # one tile per row: no copy rule
        if len(kinds) != 1 and len(kinds) != n:
            raise IppatsuError(f"win_tile {win_tile!r} holds {len(kinds)} tiles: one for "
                               f"every row or one per row ({n})", code="bad_shape")
        win_tile = kinds[0] if len(kinds) == 1 else kinds
    # the columns as int64 (a scalar broadcast, no copy); their values are checked row by
    # row in one pass with everything else, before any row is scored
    w = _per_row(win_tile, n, _C_WIN)
    if melds is None:
        m = np.broadcast_to(np.int64(M_NONE), (n, 4, 2))
    else:
        m = _ints(melds, "melds", -1, 255)
        if m.shape != (n, 4, 2):
            raise IppatsuError(f"melds must have shape ({n}, 4, 2), got {m.shape}",
                               code="bad_shape")
    f = _no_flags(n) if flags is None else _per_row(flags, n, _C_FLAGS)
    ts = _per_row(tsumo, n, _C_TSUMO, bools=True)
    ri = _per_row(riichi, n, _C_RIICHI, bools=True)
    seat = _per_row(seat_wind, n, _C_SEAT)
    rnd = _per_row(round_wind, n, _C_ROUND)
    dora = _indicators(dora_indicators, n, _C_DORA)
    ura = _indicators(ura_indicators, n, _C_URA)
    rd = _per_row(red, n, _C_RED)
    fl = _set_aside(flowers, n, _C_FLOWERS, rules, rules.flowers)
    kita = _set_aside(nukidora, n, _C_NUKIDORA, rules, rules.players == 3 and rules.nukidora)
    sanma = kita_han = 0
    if rules.players == 3:   # (docs/rules.md §11)
        sanma = 1 | (2 if rules.sanma_tsumo is SanmaTsumo.SPLIT else 0)
        kita_han = rules.nukidora_dora
        for x, name in ((seat_wind, "seat"), (round_wind, "round")):
            if np.ndim(x) == 0 and int(x) == _NO_SEAT3:   # a scalar: no row to name
                raise IppatsuError(f"three players: winds are 0..2 (E S W; there is no "
                                   f"North seat or round), got {name} {int(x)}",
                                   code="bad_wind")
    rc = rules.red_counts
    red_on, ura_on = rc[0] | rc[1] << 4 | rc[2] << 8, int(bool(rules.ura_dora))
    if flags is not None and n:
        fa = np.asarray(f, np.int64)
        # (a row whose flags are out of range is the kernel's bad_input, named by row)
        local = int(np.bitwise_or.reduce(np.where((fa >= 0) & (fa < _FLAG_LIMIT), fa, 0)
                                         & F_LOCAL))
        if local:   # the local yaku's situations (docs/rules.md §12) need their rules
            from .scoring import check_local_rules

            check_local_rules(local, rules)
    if _backend.AVAILABLE:
        hanfu, pts, yk, meta, bad = _backend.score_batch_kernel(
            c, w, m, f, ts, ri, seat, rnd, dora, ura, rd, fl, rules, red_on, ura_on,
            threads=threads, **({"nukidora": kita, "sanma": sanma, "kita_han": kita_han}
                                if sanma else {}))
        if bad is not None:
            raise _row_error(*bad, c)
        return ScoreBatch(hanfu[:, 0], hanfu[:, 1], pts, yk, meta[:, 1], meta[:, 2], meta[:, 0])
    for i in range(n):
        bad = _check_row(c, w, m, f, ts, ri, seat, rnd, dora, ura, rd, fl, red_on, i,
                         kita, sanma)
        if bad is not None:
            raise _row_error(i, *bad, c)
    return _score_batch_python(c, w, m, f | np.where(ts, TSUMO, 0) | np.where(ri, RIICHI, 0),
                               np.stack([seat, rnd], axis=1), dora, ura, rd, fl, rules, kita)


def _no_flags(n):
    return np.broadcast_to(np.int64(0), (n,))


def _set_aside(x, n, col, rules, allowed):
    """The tiles set aside per row, column ``col`` (``_C_FLOWERS``: flowers,
    ``_C_NUKIDORA``: Norths), as (n,) int64 (zeros when not given). Their checks are
    score()'s (:func:`ippatsu.scoring.validate_flowers` / ``validate_nukidora``), with its
    codes: under rules that do not let them be set aside (``allowed`` False: no flower
    tiles; four players or ``rules.nukidora`` off) the first row holding some raises here,
    before any row is checked (as score() checks it first); a scalar is checked here; an
    array's values are range-checked by the row pass (:func:`_row_error` words them as
    score() does)."""
    if x is None:
        return _no_flags(n)
    a = _ints(x, BATCH_COLUMNS[col][0], -(1 << 63), (1 << 63) - 1)
    if a.ndim == 0:
        _validator(col)(int(a), rules)
        return np.broadcast_to(a, (n,))
    a = _per_row(a, n, col)
    if not allowed:
        nz = np.flatnonzero(a)
        if nz.size:
            raise _set_aside_error(col, int(nz[0]), int(a[nz[0]]), rules)
    return a


def _validator(col):
    """score()'s check of the flowers (``col`` ``_C_FLOWERS``) or Norths set aside."""
    from .scoring import validate_flowers, validate_nukidora

    return validate_flowers if col == _C_FLOWERS else validate_nukidora


def _set_aside_error(col, row, v, rules=None):
    """score()'s error for ``v`` flowers (``col`` ``_C_FLOWERS``) or Norths set aside,
    for row ``row``; ``rules`` None: rules that have them (a value out of 0..4)."""
    if rules is None:
        rules = _DEFAULT_RULES.replace(flowers=True) if col == _C_FLOWERS else _SANMA_RULES
    try:
        _validator(col)(v, rules)
    except IppatsuError as e:
        return type(e)(f"row {row}: {e}", code=e.code)
    name = BATCH_COLUMNS[col][0]
    raise AssertionError(f"{name}={v} passes score()'s check")  # pragma: no cover


_SANMA_RULES = Rules.ippatsu_sanma()
#: the seat and round wind three players do not have (North)
_NO_SEAT3 = NORTH - EAST


(_C_WIN, _C_MELDS, _C_FLAGS, _C_TSUMO, _C_RIICHI, _C_SEAT, _C_ROUND, _C_DORA, _C_URA,
 _C_RED, _C_FLOWERS, _C_NUKIDORA) = range(len(BATCH_COLUMNS))


def _check_row(c, w, m, f, ts, ri, seat, rnd, dora, ura, rd, fl, red_on, i, kita=None,
               sanma=0):
    """Row ``i``'s checks, the compiled pass's (``_core._score_fill``) in its order:
    None when the row is good, else ``(code, a, b, c)`` for :func:`_row_error`.
    ``sanma``: nonzero for three players, with ``kita`` the Norths set aside."""
    from .scoring import situation_message

    def out_of(col, v):
        _name, lo, hi = BATCH_COLUMNS[col]
        return None if lo <= v <= hi else (_E["range"], col, v, 0)

    cols = ([(_C_WIN, int(w[i]))] + [(_C_MELDS, int(x)) for x in m[i].ravel()]
            + [(_C_FLAGS, int(f[i])), (_C_TSUMO, int(ts[i])), (_C_RIICHI, int(ri[i])),
               (_C_SEAT, int(seat[i])), (_C_ROUND, int(rnd[i]))]
            + [(_C_DORA, int(x)) for x in dora[i]] + [(_C_URA, int(x)) for x in ura[i]]
            + [(_C_RED, int(rd[i])), (_C_FLOWERS, int(fl[i]))]
            + ([(_C_NUKIDORA, int(kita[i]))] if sanma else []))
    for col, v in cols:
        bad = out_of(col, v)
        if bad:
            return bad
    melds = []
    for j in range(4):
        t, k = int(m[i, j, 0]), int(m[i, j, 1])
        if t < 0 or t == M_NONE:
            continue
        if t > M_KAKAN or not 0 <= k <= 33:
            return _E["meld"], j, t, k
        if t == M_CHI and (k >= 27 or k % 9 > 6):
            return _E["impossible_meld"], j, 0, 0
        melds.append((t, k))
    counts = [int(x) for x in c[i]]
    total = sum(counts)
    if max(counts) > 4 or min(counts) < 0:
        return _E["counts"], _HC_ERR_COUNT, 0, 0
    if total > 14 or total % 3 == 0:
        return _E["counts"], _HC_ERR_COUNT + 1, 0, 0
    win = int(w[i])
    if counts[win] == 0:
        return _E["win_not_held"], 0, 0, 0
    full = list(counts)
    for t, k in melds:
        for x in ([k, k + 1, k + 2] if t == M_CHI else [k] * (3 if t == M_PON else 4)):
            full[x] += 1
    for k in range(34):
        if full[k] > 4:
            return _E["fifth_copy"], k, 0, 0
    if total != 14 - 3 * len(melds):
        return _E["hand_size"], total, len(melds), 0
    shown = [int(x) for x in dora[i]] + [int(x) for x in ura[i]]
    n_kita = 0
    if sanma:   # three players (docs/rules.md §11)
        if int(seat[i]) == _NO_SEAT3 or int(rnd[i]) == _NO_SEAT3:
            return _E["sanma_wind"], int(seat[i]), int(rnd[i]), 0
        absent = sum(1 << k for k in range(34) if full[k] and SANMA_ABSENT_MASK >> k & 1)
        if absent:
            return _E["sanma_tile"], absent, 0, 0
        for k in shown:
            if k >= 0 and SANMA_ABSENT_MASK >> k & 1:
                return _E["sanma_tile"], 1 << k, 1, 0
        for t, k in melds:
            if t == M_CHI:
                return _E["sanma_chi"], k, 0, 0
        n_kita = int(kita[i])
        if full[NORTH] + n_kita > 4:
            return _E["north_copy"], full[NORTH], n_kita, 0
    seen = list(full)
    seen[NORTH] += n_kita   # the Norths set aside are copies too
    over = [(k, seen[k] + shown.count(k)) for k in sorted(set(shown))
            if k >= 0 and seen[k] + shown.count(k) > 4]
    if over:
        return (_E["indicator_copy"],) + over[0] + (n_kita if over[0][0] == NORTH else 0,)
    flags = int(f[i]) | (TSUMO if ts[i] else 0) | (RIICHI if ri[i] else 0)
    if n_kita and flags & TSUMO:   # a North's replacement draw: rinshan without a kan
        flags &= ~RINSHAN
    closed = all(t == M_ANKAN for t, _ in melds)
    kan = any(t >= M_MINKAN for t, _ in melds)
    dealer = int(seat[i]) == 0
    if situation_message(flags, closed, kan, bool(melds), dealer) is not None:
        return (_E["situation"], flags,
                closed | (kan << 1) | (bool(melds) << 2) | (dealer << 3), 0)
    if red_on:
        least, most = _red_bounds(full, red_on)
        if not least <= int(rd[i]) <= most:
            return _E["red"], int(rd[i]), 0, 0
    return None


def _red_bounds(full, red_on: int) -> tuple:
    """(fewest, most) red fives a hand holding ``full`` (kind totals) can hold, with
    ``red_on`` packing the red fives per suit (4 bits each, man lowest): a suit with c
    reds has 4 - c plain fives."""
    least = most = 0
    for s, k in enumerate(_FIVES):
        c = red_on >> (4 * s) & 15
        least += max(0, int(full[k]) - (4 - c))
        most += min(int(full[k]), c)
    return least, most


_E = {name: code for code, name in enumerate(BATCH_ERRORS, 1)}


def _score_batch_python(c, w, m, f, winds, dora, ura, rd, fl, rules, kita) -> ScoreBatch:
    """The pure-Python path: one :func:`ippatsu.scoring.score` call per row."""
    from .errors import NoYakuError, NotAgariError
    from .scoring import score
    from .tiles import kind_name, tile_name

    n = c.shape[0]
    out = ScoreBatch(np.zeros(n, np.int16), np.zeros(n, np.int16), np.zeros(n, np.int32),
                     np.zeros(n, np.uint64), np.zeros(n, np.uint8), np.zeros(n, np.uint8),
                     np.zeros(n, np.uint8))
    for i in range(n):
        try:
            hand, mlist = _row_tiles(c[i], m[i], int(rd[i]), i, rules.red_counts)
            win = tile_name(int(w[i]) * 4 + 1)
            kw = {}
            for b, name in enumerate(FLAG_NAMES):
                if int(f[i]) >> b & 1:
                    kw[name] = True
            r = score(hand, win, melds=mlist, seat_wind=int(winds[i, 0]),
                      round_wind=int(winds[i, 1]),
                      dora_indicators="".join(kind_name(int(d)) for d in dora[i] if d >= 0),
                      ura_indicators="".join(kind_name(int(d)) for d in ura[i] if d >= 0),
                      rules=rules, raise_on_no_yaku=False, flowers=int(fl[i]),
                      nukidora=int(kita[i]), **kw)
        except NotAgariError:
            out.code[i] = NOT_AGARI
            continue
        except IppatsuError as e:
            raise type(e)(f"row {i}: {e}", code=e.code) from None
        if r.error == "no_yaku":   # no points; the hand's fu (and han 0), as score() says
            out.code[i] = NO_YAKU
            out.han[i], out.fu[i] = r.han, r.fu
            continue
        out.han[i], out.fu[i], out.points[i] = r.han, r.fu, r.points
        mask = 0
        for y in r.yaku_ids:
            mask |= 1 << y
        out.yaku[i] = mask
        out.yakuman[i] = r.yakuman
        out.limit[i] = LIMITS.index(r.limit)
    return out


def _row_tiles(counts, melds, red, row, red_counts=(1, 1, 1)):
    """136-ids for one row: the red fives a suit must hold first (its fives beyond the
    plain ones), then one more per suit with a five to spare, in m, p, s order. A suit with
    c red fives (``red_counts``) has them as copies 0..c-1: the reds taken come from
    there, the plain fives from copies c..3."""
    totals = [int(x) for x in counts]
    kinds_of = []
    for t, k in melds:
        t, k = int(t), int(k)
        if t < 0 or t == M_NONE:
            continue
        kinds = [k, k + 1, k + 2] if t == 0 else [k] * (3 if t == 1 else 4)
        kinds_of.append((t, kinds))
        for x in kinds:
            totals[x] += 1
    if not any(red_counts):
        red = 0
    least = [max(0, totals[f] - (4 - c)) for f, c in zip(_FIVES, red_counts)]
    most = [min(totals[f], c) for f, c in zip(_FIVES, red_counts)]
    if not sum(least) <= red <= sum(most):
        raise IppatsuError(f"{red} red fives do not fit the fives of the hand "
                           "(four fives of a suit include its red five)", code="bad_input")
    reds = least[:]
    extra = red - sum(least)
    while extra:  # one more per suit with a five to spare, m, p, s, then round again
        for s in range(3):
            if extra and reds[s] < most[s]:
                reds[s] += 1
                extra -= 1
    order = {f: list(range(r)) + list(range(c, 4)) for f, r, c in zip(_FIVES, reds, red_counts)}
    used = set()

    def take(kind):
        for cp in order.get(kind, (0, 1, 2, 3)):
            t = kind * 4 + cp
            if t not in used:
                used.add(t)
                return t
        raise IppatsuError("five copies of a kind", code="fifth_copy")

    hand = [take(k) for k in range(34) for _ in range(int(counts[k]))]
    mlist = [(_MELD_NAMES[t], [take(x) for x in kinds]) for t, kinds in kinds_of]
    return hand, mlist
