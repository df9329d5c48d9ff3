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
                     RED_FIVE_KINDS, S_NO_YAKU, S_NOT_AGARI, S_OK)
from .errors import IppatsuError, SituationError, TileCountError
from .rules import Rules

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
    """``x`` as an int64 array, refusing floats / NaN / objects (and bools unless
    ``bools``) and values outside lo..hi instead of wrapping or truncating them."""
    try:
        a = np.asarray(x)
    except (ValueError, TypeError) as e:
        raise IppatsuError(f"{name}: not an array of integers ({e})", code="bad_dtype") from None
    if a.dtype.kind not in ("iub" if bools else "iu"):
        raise IppatsuError(f"{name} must hold integers, got dtype {a.dtype}", code="bad_dtype")
    if a.dtype.kind == "u" and a.dtype.itemsize == 8 and a.size and a.max() > hi:
        raise IppatsuError(f"{name} holds {lo}..{hi}, got {a.max()}", code="bad_input")
    a = a.astype(np.int64)
    if a.size and (a.min() < lo or a.max() > hi):
        bad = np.argwhere((a < lo) | (a > hi))[0]
        row = f"row {bad[0]}: " if a.ndim else ""
        raise IppatsuError(f"{row}{name} holds {lo}..{hi}, got {a[tuple(bad)]}",
                           code="bad_input")
    return a


def _per_row(x, n, dtype, name, lo=0, hi=1, bools=False):
    a = _ints(x, name, lo, hi, bools)
    if a.ndim == 0:
        return np.full(n, a, dtype=dtype)
    if a.shape != (n,):
        raise IppatsuError(f"{name} must be a scalar or have shape ({n},), got {a.shape}",
                           code="bad_shape")
    return a.astype(dtype)


def _indicators(x, n, name):
    if x is None:
        return np.full((n, 0), -1, np.int8)
    a = np.asarray(x) if not isinstance(x, np.ndarray) else x
    if a.ndim != 2 or a.shape[0] != n:
        raise IppatsuError(f"{name} must have shape ({n}, k), got {a.shape}", code="bad_shape")
    return _ints(a, name, -1, 33).astype(np.int8)


def _check_rows(c, m, f, winds, dora, ura):
    """Checks across the columns, the same on both backends, before any row is scored:
    hand + melds + indicators never hold a fifth copy; the situation flags fit the hand."""
    n = c.shape[0]
    if not n:
        return
    used = (m[:, :, 0] != M_NONE)
    t = m[:, :, 0].astype(np.int64)
    if dora.shape[1] or ura.shape[1]:
        full = c.astype(np.int64)
        rows = np.arange(n)
        for j in range(4):
            k = m[:, j, 1].astype(np.int64)
            ok = used[:, j] & (t[:, j] <= 4) & (k < 34) & ((t[:, j] != 0) | ((k < 27) & (k % 9 <= 6)))
            for off, add in ((0, np.where(t[:, j] == 0, 1, np.where(t[:, j] == 1, 3, 4))),
                             (1, (t[:, j] == 0).astype(np.int64)),
                             (2, (t[:, j] == 0).astype(np.int64))):
                kk = np.minimum(k + off, 33)
                np.add.at(full, (rows[ok], kk[ok]), add[ok])
        ind = np.zeros((n, 34), np.int64)
        for d in (dora, ura):
            for j in range(d.shape[1]):
                col = d[:, j].astype(np.int64)
                on = col >= 0
                np.add.at(ind, (rows[on], col[on]), 1)
        bad = (full + ind > 4) & (full <= 4)
        if bad.any():
            i, k = np.argwhere(bad)[0]
            from .tiles import kind_name

            raise TileCountError(
                f"row {i}: {full[i, k] + ind[i, k]} copies of {kind_name(int(k))} between the "
                f"hand, its melds and the indicators: a kind has four copies", code="fifth_copy")
    if not (f & ~np.uint32(TSUMO)).any():
        return
    from .scoring import situation_message

    closed = ~((used & (t != M_ANKAN)).any(axis=1))
    kan = (used & (t >= M_MINKAN) & (t <= M_KAKAN)).any(axis=1)
    meld = used.any(axis=1)
    dealer = winds[:, 0] == 0
    nf = len(FLAG_NAMES)  # the facts of the hand go above the flag bits
    key = (f.astype(np.int64) | (closed.astype(np.int64) << nf)
           | (kan.astype(np.int64) << (nf + 1)) | (meld.astype(np.int64) << (nf + 2))
           | (dealer.astype(np.int64) << (nf + 3)))
    uniq = np.unique(key)
    msgs = {int(q): situation_message(int(q) & F_ALL, bool(q >> nf & 1), bool(q >> (nf + 1) & 1),
                                      bool(q >> (nf + 2) & 1), bool(q >> (nf + 3) & 1))
            for q in uniq}
    bad_keys = [q for q, msg in msgs.items() if msg is not None]
    if bad_keys:
        i = int(np.argmax(np.isin(key, bad_keys)))
        raise SituationError(f"row {i}: impossible situation: {msgs[int(key[i])]}",
                             code="bad_situation")


def score_batch(counts, win_tile=None, *, melds=None, flags=None, tsumo=False, riichi=False,
                seat_wind=0, round_wind=0, dora_indicators=None, ura_indicators=None,
                red=0, rules: Optional[Rules] = None, threads=1, win=None) -> ScoreBatch:
    """score_batch(counts, win_tile, *, melds=None, flags=None, tsumo=False, riichi=False, seat_wind=0, round_wind=0, dora_indicators=None, ura_indicators=None, red=0, rules=None, threads=1) -> ScoreBatch

    Score N winning hands of four-player mahjong (module docstring; three-player rules
    raise ``bad_rules``: score them per hand with :func:`ippatsu.score`). Invalid rows (a fifth copy, a wrong tile
    count for the melds, an impossible meld, a winning tile not in the hand) raise an
    :class:`~ippatsu.errors.IppatsuError` naming the row; hands that are not complete or
    have no yaku get ``code`` 1 or 2 and score 0.

    >>> import numpy as np
    >>> from ippatsu.tiles import parse_counts
    >>> c = np.array([parse_counts("123m456p789s234s55m")], np.uint8)
    >>> r = score_batch(c, [21], tsumo=True, riichi=True, seat_wind=1)  # won on 4s
    >>> int(r.han[0]), int(r.fu[0]), int(r.points[0])
    (3, 20, 2700)
    """
    from .rules import rules_of

    from ._reference.api import check_threads

    rules = _DEFAULT_RULES if rules is None else rules_of(rules)
    if rules.players != 4:
        raise IppatsuError(f"score_batch scores four-player hands; rules {rules.name!r} are "
                           f"for {rules.players} players: use score() per hand",
                           code="bad_rules")
    if rules.aotenjou:
        raise IppatsuError("score_batch's points are int32 and aotenjou (no limits) pays "
                           "beyond them: score these hands with score()", code="bad_rules")
    check_threads(threads)  # the same check (and code) on both backends
    c = np.asarray(counts)
    if c.ndim != 2 or c.shape[1] != 34:
        raise IppatsuError(f"counts must have shape (N, 34), got {c.shape}", code="bad_shape")
    if c.dtype.kind not in "iu":
        raise IppatsuError(f"counts must hold integers, got dtype {c.dtype}", code="bad_dtype")
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
    w = _per_row(win_tile, n, np.int64, "win_tile", 0, 33)
    if melds is None:
        m = np.full((n, 4, 2), M_NONE, np.uint8)
    else:
        m = _ints(melds, "melds", -1, 255)
        if m.shape != (n, 4, 2):
            raise IppatsuError(f"melds must have shape ({n}, 4, 2), got {m.shape}",
                               code="bad_shape")
        m = np.where(m[:, :, :1] < 0, M_NONE, m)
        bad = (m[:, :, 0] != M_NONE) & ((m[:, :, 0] > M_KAKAN) | (m[:, :, 1] > 33))
        if bad.any():
            i, j = np.argwhere(bad)[0]
            raise IppatsuError(f"row {i}: meld {j} is (type {m[i, j, 0]}, kind {m[i, j, 1]}): "
                               f"types are 0-4 (255 or -1 for none), kinds 0-33",
                               code="bad_input")
        m = m.astype(np.uint8)
    f = (np.zeros(n, np.uint32) if flags is None
         else _per_row(flags, n, np.uint32, "flags", 0, F_ALL))
    f = f | np.where(_per_row(tsumo, n, bool, "tsumo", bools=True), TSUMO, 0).astype(np.uint32)
    f = f | np.where(_per_row(riichi, n, bool, "riichi", bools=True), RIICHI, 0).astype(np.uint32)
    winds = np.stack([_per_row(seat_wind, n, np.int64, "seat_wind", 0, 3),
                      _per_row(round_wind, n, np.int64, "round_wind", 0, 3)], axis=1)
    dora = _indicators(dora_indicators, n, "dora_indicators")
    ura = _indicators(ura_indicators, n, "ura_indicators")
    rd = _per_row(red, n, np.int64, "red", 0, 3)
    local = int(np.bitwise_or.reduce(f & np.uint32(F_LOCAL))) if n else 0
    if local:
        from .scoring import check_local_rules

        check_local_rules(local, rules)
    _check_rows(c, m, f, winds, dora, ura)
    if _backend.AVAILABLE:
        hanfu, pts, yk, meta = _backend.score_batch_kernel(
            c, w, m, f, winds.astype(np.uint8), dora, ura, rd.astype(np.uint8),
            rules, int(bool(rules.red_fives)), int(bool(rules.ura_dora)),
            threads=threads)
        return ScoreBatch(hanfu[:, 0], hanfu[:, 1], pts, yk, meta[:, 1], meta[:, 2], meta[:, 0])
    return _score_batch_python(c, w, m, f, winds, dora, ura, rd, rules)


def _score_batch_python(c, w, m, f, winds, dora, ura, rd, rules) -> ScoreBatch:
    """The pure-Python path: one :func:`ippatsu.scoring.score` call per row."""
    from .errors import NoYakuError, NotAgariError
    from .scoring import score
    from .tiles import kind_name, tile_name

    n = c.shape[0]
    out = ScoreBatch(np.zeros(n, np.int16), np.zeros(n, np.int16), np.zeros(n, np.int32),
                     np.zeros(n, np.uint64), np.zeros(n, np.uint8), np.zeros(n, np.uint8),
                     np.zeros(n, np.uint8))
    for i in range(n):
        _validate_row(c[i], int(w[i]), m[i], i)
        try:
            hand, mlist = _row_tiles(c[i], m[i], int(rd[i]), i, bool(rules.red_fives))
            win = tile_name(int(w[i]) * 4 + 1)
            kw = {}
            for b, name in enumerate(FLAG_NAMES):
                if int(f[i]) >> b & 1:
                    kw[name] = True
            r = score(hand, win, melds=mlist, seat_wind=int(winds[i, 0]),
                      round_wind=int(winds[i, 1]),
                      dora_indicators="".join(kind_name(int(d)) for d in dora[i] if d >= 0),
                      ura_indicators="".join(kind_name(int(d)) for d in ura[i] if d >= 0),
                      rules=rules, raise_on_no_yaku=False, **kw)
        except NotAgariError:
            out.code[i] = NOT_AGARI
            continue
        except IppatsuError as e:
            raise type(e)(f"row {i}: {e}", code=e.code) from None
        if r.error == "no_yaku":
            out.code[i] = NO_YAKU
            continue
        out.han[i], out.fu[i], out.points[i] = r.han, r.fu, r.points
        mask = 0
        for y in r.yaku_ids:
            mask |= 1 << y
        out.yaku[i] = mask
        out.yakuman[i] = r.yakuman
        out.limit[i] = LIMITS.index(r.limit)
    return out


def _validate_row(counts, win, melds, row):
    """The compiled kernel's checks, in its order, with the same error classes."""
    from ._reference.handcore import check_counts
    from .errors import HandSizeError, TileCountError

    try:
        check_counts([int(x) for x in counts])
    except IppatsuError as e:
        raise type(e)(f"row {row}: {e}", code=e.code) from None
    if counts[win] == 0:
        raise IppatsuError(f"row {row}: the winning tile is not in the hand", code="bad_input")
    full = [int(x) for x in counts]
    nm = 0
    for t, k in melds:
        t, k = int(t), int(k)
        if t == M_NONE:
            continue
        if t > 4 or k >= 34 or (t == 0 and (k >= 27 or k % 9 > 6)):
            raise IppatsuError(f"row {row}: an impossible meld", code="bad_input")
        nm += 1
        for x in ([k, k + 1, k + 2] if t == 0 else [k] * (3 if t == 1 else 4)):
            full[x] += 1
    if max(full) > 4:
        raise TileCountError(f"row {row}: five copies of a kind (hand and melds)",
                             code="fifth_copy")
    if sum(int(x) for x in counts) != 14 - 3 * nm:
        raise HandSizeError(f"row {row}: a winning hand has 14 - 3 x melds concealed tiles",
                            code="bad_hand_size")


def _row_tiles(counts, melds, red, row, red_on=True):
    """136-ids for one row: the red fives go to suits holding all four fives first (one of
    them is the red one), then to the other suits with a five, in m, p, s order."""
    totals = [int(x) for x in counts]
    kinds_of = []
    for t, k in melds:
        if t == M_NONE:
            continue
        t, k = int(t), int(k)
        kinds = [k, k + 1, k + 2] if t == 0 else [k] * (3 if t == 1 else 4)
        kinds_of.append((t, kinds))
        for x in kinds:
            totals[x] += 1
    fives = [f for f in _FIVES if totals[f] == 4] + [f for f in _FIVES if 0 < totals[f] < 4]
    if not red_on:
        red = 0
        fives = []
    red_kinds = set(fives[:red])
    if red > len(fives) or (red_on and any(totals[f] == 4 and f not in red_kinds
                                          for f in _FIVES)):
        raise IppatsuError(f"{red} red fives do not fit the fives of the hand "
                           "(four fives of a suit include its red five)", code="bad_input")
    used = set()

    def take(kind):
        order = ([1, 2, 3] if red_on and kind in _FIVES and kind not in red_kinds
                 else [0, 1, 2, 3])
        for cp in order:
            t = kind * 4 + cp
            if t not in used:
                used.add(t)
                return t
        raise IppatsuError("five copies of a kind", code="fifth_copy")

    hand = [take(k) for k in range(34) for _ in range(int(counts[k]))]
    mlist = [(_MELD_NAMES[t], [take(x) for x in kinds]) for t, kinds in kinds_of]
    return hand, mlist
