"""The pure-Python twin of ``ippatsu._core``: the same functions, signatures and errors.

Selected by ``IPPATSU_PURE_PYTHON=1`` (see ``ippatsu.core``). Slow, readable, and built on
``handcore`` (first principles, no lookup tables), so comparing the two backends tests
the tables and the C kernels against an independent derivation.
"""
from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import numpy as np

from .. import _codes
from .._checks import MAX_THREADS, check_threads  # noqa: F401 (re-exported)
from .._types import DiscardUkeire, ShantenForms, Ukeire
from ..errors import HandSizeError, IppatsuError, TileCountError
from . import handcore as hc
from .counts import count_value as _count_value, counts_of  # noqa: F401 (re-exported)
from .solo import allowed_mask as _allowed_mask
from .solo import efficiency_choice as _efficiency_choice
from .solo import solo_rollouts

__all__ = [
    "NOT_APPLICABLE",
    "BACKEND",
    "TABLE_BYTES",
    "shanten",
    "shanten_forms",
    "is_agari",
    "waits",
    "ukeire",
    "shanten_batch",
    "shanten_forms_batch",
    "is_agari_batch",
    "waits_batch",
    "ukeire_batch",
    "efficiency_discard",
    "solo_rollouts",
]

NOT_APPLICABLE = _codes.NOT_APPLICABLE  # (handcore's own value is checked equal by a test)
BACKEND = "python"
TABLE_BYTES = 0

_FORMS = {None: 0, "min": 0, "standard": 1, "chiitoitsu": 2, "kokushi": 3}


def _check_beside(c, vis, what="visible"):
    for k in range(34):
        if c[k] + vis[k] > 4:
            raise TileCountError(
                f"{c[k]} copies of {hc._kind_name(k)} in the hand and {vis[k]} {what}: a "
                f"kind has four copies", code="fifth_copy")


def _three():
    from .. import _sanma

    return _sanma


def shanten(hand, form=None, *, players=4) -> int:
    """Shanten of a hand (see ``ippatsu._core.shanten``)."""
    if players != 4:
        return _three().shanten(hand, form, players)
    c = counts_of(hand)
    f = _FORMS.get(form, -1) if form is None or type(form) is str else -1
    if f < 0:
        raise IppatsuError(
            f"unknown form {form!r}: use 'standard', 'chiitoitsu' or 'kokushi'", code="bad_form"
        )
    if f == 0:
        return hc.shanten_min(c)
    if f == 1:
        return hc.shanten_standard(c)
    if sum(c) < 13:
        raise HandSizeError(
            f"{form} needs 13 or 14 concealed tiles, got {sum(c)}", code="form_not_applicable"
        )
    return hc.shanten_chiitoitsu(c) if f == 2 else hc.shanten_kokushi(c)


def shanten_forms(hand, *, players=4) -> ShantenForms:
    if players != 4:
        return _three().shanten_forms(hand, players)
    c = counts_of(hand)
    s, a, b = hc.shanten_all(c)
    return ShantenForms(s, a, b, min(x for x in (s, a, b) if x is not None))


def is_agari(hand, *, players=4) -> bool:
    if players != 4:
        return _three().is_agari(hand, players)
    return hc.is_agari_counts(counts_of(hand))


def waits(hand, *, players=4) -> List[int]:
    if players != 4:
        return _three().waits(hand, players)
    return hc.waits_counts(counts_of(hand))


def _permutation(bit_generator, n: int) -> List[int]:
    """``numpy.random.Generator(bit_generator).permutation(n).tolist()`` (see
    ``ippatsu._core._permutation``, which draws the same numbers itself)."""
    if not 1 <= n <= 256:
        raise ValueError(f"a permutation of 1 to 256 items, got {n}")
    return np.random.Generator(bit_generator).permutation(n).tolist()


def _shanten_waits(counts) -> Tuple[int, int]:
    """(shanten, waits mask) of a 3k+1 hand (see ``ippatsu._core._shanten_waits``)."""
    c = counts_of(counts)
    if sum(c) % 3 != 1:
        raise HandSizeError(f"waits need a hand of 3k+1 tiles, got {sum(c)}",
                            code="bad_hand_size")
    s = hc.shanten_min(c)
    mask = 0
    if s == 0:
        for k in hc.waits_counts(c):
            mask |= 1 << k
    return s, mask


def _tenpai_discards(counts) -> int:
    """Bit mask of the kinds held in a 3k+2 hand whose discard leaves it tenpai (see
    ``ippatsu._core._tenpai_discards``)."""
    c = counts_of(counts)
    total = sum(c)
    if total % 3 != 2:
        raise HandSizeError(f"a discard needs a hand of 3k+2 tiles, got {total}",
                            code="bad_hand_size")
    if hc.shanten_min(c) > 0:  # no discard can leave it tenpai
        return 0
    mask = 0
    for k in range(34):
        if c[k]:
            c[k] -= 1
            if hc.shanten_min(c) == 0:
                mask |= 1 << k
            c[k] += 1
    return mask


def _set_slots(obj, names: tuple, values: tuple) -> None:
    """Set the attributes ``names`` of ``obj`` to ``values`` by the generic setter (see
    ``ippatsu._core._set_slots``)."""
    if len(values) != len(names):
        raise IppatsuError(f"{len(names)} names for {len(values)} values", code="bad_input")
    for name, value in zip(names, values):
        object.__setattr__(obj, name, value)


def _tuple_of(cls, items: tuple):
    """``tuple.__new__(cls, items)`` (see ``ippatsu._core._tuple_of``)."""
    return tuple.__new__(cls, items)


def _visible(visible) -> Optional[List[int]]:
    if visible is None:
        return None
    if isinstance(visible, (bytes, bytearray)) and len(visible) == 34:
        v = list(visible)
        for k, x in enumerate(v):
            if x > 4:
                raise TileCountError(f"{x} visible copies of {hc._kind_name(k)}",
                                     code="fifth_copy")
        return v
    if isinstance(visible, str):
        raise IppatsuError("visible is 34 counts, not notation", code="bad_count")
    try:
        n = len(visible)
    except TypeError:
        raise IppatsuError(f"visible is 34 counts, got {type(visible).__name__}",
                           code="bad_count") from None
    if n != 34:
        raise HandSizeError(f"visible needs 34 counts, got {n}", code="bad_counts_length")
    return [_count_value(visible[k], k, "visible ") for k in range(34)]


def ukeire(hand, visible=None, *, players=4):
    if players != 4:
        return _three().ukeire(hand, visible, players)
    c = counts_of(hand)
    vis = _visible(visible)
    if vis is not None:
        _check_beside(c, vis)
    if sum(c) % 3 == 1:
        s, tiles = hc.ukeire_counts(c, vis)
        return Ukeire(s, tuple(tiles), sum(n for _, n in tiles))
    out = []
    for d in range(34):
        if c[d] == 0:
            continue
        c[d] -= 1
        s, tiles = hc.ukeire_counts(c, vis)
        c[d] += 1
        out.append(DiscardUkeire(d, s, tuple(tiles), sum(n for _, n in tiles)))
    out.sort(key=lambda x: (x.shanten, -x.total, x.discard))
    return out


def _efficiency(hand, visible, allowed):
    c = counts_of(hand)
    total = sum(c)
    if total % 3 != 2:
        raise HandSizeError(f"a discard needs a hand of 3k+2 tiles, got {total}",
                            code="bad_hand_size")
    vis = _visible(visible)
    if vis is not None:
        _check_beside(c, vis)
    mask = _allowed_mask(allowed)
    k, ties, _ = _efficiency_choice(c, vis, mask)
    if k < 0:
        raise IppatsuError("none of the allowed kinds is in the hand", code="no_allowed_discard")
    return k, ties


def efficiency_discard(hand, visible=None, allowed=None) -> int:
    """The kind to discard by tile efficiency (see ``ippatsu._core.efficiency_discard``)."""
    return _efficiency(hand, visible, allowed)[0]


def _efficiency_ties(hand, visible=None, allowed=None) -> int:
    """Bit mask of every kind ``efficiency_discard`` ranks first."""
    return _efficiency(hand, visible, allowed)[1]


# ---- batch twins: plain loops over rows, same outputs and errors as the compiled ones


def _rows(counts, name="counts") -> np.ndarray:
    a = np.asarray(counts)
    if a.ndim == 1 and a.shape[0] == 34:
        a = a.reshape(1, 34)
    if a.ndim != 2 or a.shape[1] != 34:
        raise HandSizeError(f"{name} must have shape (N, 34), got {a.shape}", code="bad_shape")
    if a.dtype.kind not in "iu":
        raise IppatsuError(f"{name} must hold integers, got dtype {a.dtype}", code="bad_dtype")
    # the compiled twin checks every array but a uint8 ``counts`` here (that one is
    # checked row by row): the same order gives the same first error
    if (name != "counts" or a.dtype != np.uint8) and a.size and (a.min() < 0 or a.max() > 4):
        bad = np.argwhere((a < 0) | (a > 4))[0]
        v = a[bad[0], bad[1]]
        raise TileCountError(
            f"row {bad[0]}: {v} copies of {hc._kind_name(bad[1])}: a count is 0 to 4",
            code="negative_count" if v < 0 else "fifth_copy")
    return a


def _row_counts(a: np.ndarray, i: int) -> List[int]:
    try:
        return counts_of([int(x) for x in a[i]])
    except IppatsuError as e:
        raise type(e)(f"row {i}: {e}", code=e.code) from None


def _out(out, shape, dtype):
    if out is None:
        return np.empty(shape, dtype=dtype)
    if not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != dtype \
            or not out.flags.c_contiguous or not out.flags.writeable:
        raise IppatsuError(
            f"out must be a writeable C-contiguous {np.dtype(dtype)} array of shape {shape}",
            code="bad_out",
        )
    return out


def shanten_batch(counts, out=None, *, form=None, threads=1):
    check_threads(threads)
    a = _rows(counts)
    f = _FORMS.get(form, -1) if form is None or type(form) is str else -1
    if f < 0:
        raise IppatsuError(f"unknown form {form!r}: use None, 'standard', 'chiitoitsu' or "
                           f"'kokushi'", code="bad_form")
    res = _out(out, (a.shape[0],), np.int8)
    for i in range(a.shape[0]):
        c = _row_counts(a, i)
        s, ch, ko = hc.shanten_all(c)
        val = [min(x for x in (s, ch, ko) if x is not None), s, ch, ko][f]
        res[i] = NOT_APPLICABLE if val is None else val
    return res


def shanten_forms_batch(counts, out=None, *, threads=1):
    check_threads(threads)
    a = _rows(counts)
    res = _out(out, (a.shape[0], 4), np.int8)
    for i in range(a.shape[0]):
        s, ch, ko = hc.shanten_all(_row_counts(a, i))
        res[i] = [
            s,
            NOT_APPLICABLE if ch is None else ch,
            NOT_APPLICABLE if ko is None else ko,
            min(x for x in (s, ch, ko) if x is not None),
        ]
    return res


def is_agari_batch(counts, out=None, *, threads=1):
    check_threads(threads)
    a = _rows(counts)
    res = _out(out, (a.shape[0],), np.bool_)
    for i in range(a.shape[0]):
        res[i] = hc.is_agari_counts(_row_counts(a, i))
    return res


def waits_batch(counts, out=None, *, threads=1):
    check_threads(threads)
    a = _rows(counts)
    res = _out(out, (a.shape[0], 34), np.bool_)
    for i in range(a.shape[0]):
        c = _row_counts(a, i)
        if sum(c) % 3 != 1:
            raise HandSizeError(f"row {i}: {sum(c)} concealed tiles: waits need 3k+1",
                                code="bad_hand_size")
        res[i] = False
        for k in hc.waits_counts(c):
            res[i, k] = True
    return res


def ukeire_batch(counts, visible=None, out=None, *, threads=1):
    check_threads(threads)
    a = _rows(counts)
    n = a.shape[0]
    vis = None if visible is None else _rows(visible, "visible")
    if vis is not None and vis.shape[0] != n:
        raise HandSizeError(f"visible has {vis.shape[0]} rows, counts {n}", code="bad_shape")
    if vis is not None:
        both = a.astype(np.int64) + vis.astype(np.int64)
        if both.size and both.max() > 4:
            bad = np.argwhere(both > 4)[0]
            raise TileCountError(
                f"row {bad[0]}: {both[bad[0], bad[1]]} copies of {hc._kind_name(bad[1])} in "
                f"the hand and visible: a kind has four copies", code="fifth_copy")
    if out is None:
        sh, tiles = np.empty(n, np.int8), np.empty((n, 34), np.uint8)
    else:
        if type(out) not in (tuple, list) or len(out) != 2:
            raise IppatsuError(f"out must be a (shanten, tiles) tuple of 2 arrays, got "
                               f"{out!r:.80}", code="bad_out")
        sh, tiles = _out(out[0], (n,), np.int8), _out(out[1], (n, 34), np.uint8)
    for i in range(n):
        c = _row_counts(a, i)
        if sum(c) % 3 != 1:
            raise HandSizeError(f"row {i}: {sum(c)} concealed tiles: ukeire needs 3k+1",
                                code="bad_hand_size")
        s, lst = hc.ukeire_counts(c, None if vis is None else [int(x) for x in vis[i]])
        sh[i] = s
        tiles[i] = 0
        for k, left in lst:
            tiles[i, k] = left
    return sh, tiles
