# cython: language_level=3
"""The compiled hand core of ippatsu.

Design: three layers, calls going one way.

1. ``_kernels.h`` — per-hand C functions over 34 ``uint8`` concealed counts, table driven,
   no allocation, callable without the GIL.
2. Batch loops here (``_*_fill``), each over a ``const uint8_t[:, ::1]`` array (read-only
   arrays work), validating every row before it touches a table, writing into an output
   array, ``nogil``; ``threads > 1`` splits the rows over a thread pool.
3. Thin Python entry points (``shanten``, ``is_agari``, ``waits``, ``ukeire``, their
   ``*_batch`` twins) that accept a :class:`~ippatsu.hand.Hand`, a notation string, a
   34-byte ``bytes``, any sequence / array of 34 counts or a list of 136-ids, and raise
   :class:`~ippatsu.errors.IppatsuError` subclasses for bad input. The pure-Python twin
   with the same API is ``ippatsu._reference.api``.

The lookup tables are loaded once at import from ``_data/tables.bin`` (built by
``tools/gen_tables.py``) and checked against their SHA-256.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset
from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_ANY_CONTIGUOUS, PyBUF_FORMAT
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE, PyBytes_FromStringAndSize
from cpython.ref cimport Py_INCREF, PyObject
from cpython.object cimport PyObject_GenericSetAttr
from cpython.dict cimport PyDict_GetItem
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.pycapsule cimport PyCapsule_GetPointer

import hashlib
import struct
from importlib import resources

import numpy as np

from .errors import (HandSizeError, IppatsuError, MeldError, NoYakuError, NotAgariError,
                     SituationError, TileCountError)
from .tiles import format_tiles as _format_tiles, validate_ids
from ._types import DiscardUkeire, ShantenForms, Ukeire

# the C kernels, their structs and the generated codes are declared once in _core.pxd
# (cimported implicitly: same module name); the core_* functions declared there are
# defined at the end of this file.
from . import _checks, _codes

__all__ = [
    "NOT_APPLICABLE", "TABLE_BYTES", "BACKEND",
    "shanten", "shanten_forms", "is_agari", "waits", "ukeire",
    "shanten_batch", "shanten_forms_batch", "is_agari_batch", "waits_batch", "ukeire_batch",
    "efficiency_discard", "solo_rollouts",
]

NOT_APPLICABLE = IPT_NOT_APPLICABLE
BACKEND = "cython"

# ---------------------------------------------------------------------------------------
# tables

cdef bytes _table_blob  # keeps the suit rows alive


def _load_tables():
    global _table_blob, ipt_suit_rows, ipt_n_suit
    data_dir = resources.files("ippatsu") / "_data"
    blob = (data_dir / "tables.bin").read_bytes()
    expected = (data_dir / "tables.sha256").read_text().strip()
    if hashlib.sha256(blob).hexdigest() != expected:
        raise ImportError("ippatsu lookup tables are corrupt (checksum mismatch)")
    if blob[:4] != b"IPPT":
        raise ImportError("ippatsu lookup tables have a wrong header")
    version, n_suit, n_honor = struct.unpack_from("<III", blob, 4)
    if version != 1 or n_honor != 4096:
        raise ImportError(f"unsupported ippatsu table version {version}")
    cdef Py_ssize_t off = 16
    cdef const uint8_t *p = <const uint8_t *> PyBytes_AS_STRING(blob)
    if PyBytes_GET_SIZE(blob) != off + 1250 + 12500 + 5 * n_suit + 3 + 5 * 4096 + 3:
        raise ImportError("ippatsu lookup tables have a wrong size")
    cdef int i
    for i in range(625):
        ipt_rank_lo[i] = p[off + 2 * i] | (p[off + 2 * i + 1] << 8)
    off += 1250
    for i in range(3125):
        ipt_base_hi[i] = (<uint32_t> p[off + 4 * i] | (<uint32_t> p[off + 4 * i + 1] << 8)
                          | (<uint32_t> p[off + 4 * i + 2] << 16) | (<uint32_t> p[off + 4 * i + 3] << 24))
    off += 12500
    _table_blob = blob
    ipt_suit_rows = p + off
    ipt_n_suit = n_suit
    off += 5 * n_suit + 3
    memcpy(ipt_honor_rows, p + off, 5 * 4096 + 3)
    return len(blob)


#: bytes the lookup tables occupy in memory
TABLE_BYTES = _load_tables()

# ---------------------------------------------------------------------------------------
# converting one hand

cdef object _Hand = None


cdef str _kind_name(int k):
    if k < 27:
        return f"{k % 9 + 1}{'mps'[k // 9]}"
    return f"{k - 26}z"


cdef int _raise_code(int code, const uint8_t *c, Py_ssize_t row) except -1:
    where = "" if row < 0 else f"row {row}: "
    cdef int k, total = 0
    if code == IPT_ERR_COUNT:
        for k in range(34):
            if c[k] > 4:
                raise TileCountError(
                    f"{where}{c[k]} copies of {_kind_name(k)}: a kind has at most four copies",
                    code="fifth_copy")
    for k in range(34):
        total += c[k]
    raise HandSizeError(
        f"{where}{total} concealed tiles: a hand holds 3k+1 or 3k+2 tiles (1-14)",
        code="bad_hand_size")


cdef long _count_value(object x, int k, str what) except -1:
    """One count given as a Python / numpy integer 0..4 (bool, float, str... are refused)."""
    cdef long v
    if type(x) is not int:
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)):
            raise IppatsuError(
                f"{what}count of {_kind_name(k)} must be an integer 0-4, got "
                f"{type(x).__name__} {x!r:.40}", code="bad_count")
        x = int(x)
    if x < 0 or x > 4:
        raise TileCountError(
            f"{x} {what}copies of {_kind_name(k)}: a count is 0 to 4",
            code="fifth_copy" if x > 4 else "negative_count")
    v = x
    return v


cdef extern from *:
    """
    #include <string.h>
    /* Fast reads of the common hand forms, without the generic sequence protocol.
       Each returns the number of tiles (>= 0) or -1 when the input is not of the plain
       form it reads (the caller then takes the general path, which names any error). */
    /* the value of a plain int that fits one digit (0 <= v < 2**30), else -1 */
    static inline long ipt_py_small(PyObject *x) {
    #if defined(PYPY_VERSION) || defined(Py_LIMITED_API)
        long v = PyLong_AsLong(x);
        if (v == -1 && PyErr_Occurred()) PyErr_Clear();
        return v;
    #elif PY_VERSION_HEX >= 0x030C0000
        if (!PyUnstable_Long_IsCompact((PyLongObject *) x)) return -1;
        return (long) PyUnstable_Long_CompactValue((PyLongObject *) x);
    #else
        Py_ssize_t s = Py_SIZE(x);
        if (s == 0) return 0;
        if (s == 1) return (long) ((PyLongObject *) x)->ob_digit[0];
        return -1;
    #endif
    }
    /* CPython keeps one object per small int (-5..256), in one array: when the objects
       of 0..4 sit at base + k << shift, a count is read from its pointer alone (no load
       of the int object). Set once by ipt_small_init; shift 0 = not available. */
    static uintptr_t ipt_small_base = 0;
    static int ipt_small_shift = 0;
    static void ipt_small_init(void) {
        PyObject *o[5];
        uintptr_t stride;
        int k, sh = 0;
        for (k = 0; k < 5; k++) {
            o[k] = PyLong_FromLong(k);
            if (o[k] == NULL) { PyErr_Clear(); while (k--) Py_DECREF(o[k]); return; }
        }
        stride = (uintptr_t) o[1] - (uintptr_t) o[0];
        while (sh < 12 && ((uintptr_t) 1 << sh) < stride) sh++;
        if (stride == 0 || ((uintptr_t) 1 << sh) != stride) sh = 0;
        for (k = 0; k < 5; k++) {
            if ((uintptr_t) o[k] != (uintptr_t) o[0] + (uintptr_t) k * stride) sh = 0;
        }
        /* the same objects again: they are the cached ones, not fresh allocations */
        for (k = 0; k < 5; k++) {
            PyObject *again = PyLong_FromLong(k);
            if (again != o[k]) sh = 0;
            Py_XDECREF(again);
            Py_DECREF(o[k]);
        }
        if (PyErr_Occurred()) { PyErr_Clear(); sh = 0; }
        ipt_small_base = (uintptr_t) o[0];
        ipt_small_shift = sh;
    }
    static int ipt_py_counts_of_items(PyObject *const *items, Py_ssize_t n, uint8_t *out) {
        Py_ssize_t k;
        int total = 0;
        if (n == 34) {                       /* 34 counts 0..4 */
    #if defined(__GNUC__) || defined(__clang__)
            /* the 34 item pointers span 5 cache lines: ask for them all at once */
            for (k = 8; k < 34; k += 8) __builtin_prefetch(items + k);
    #endif
            if (ipt_small_shift) {           /* every item one of the cached 0..4 */
                const uintptr_t base = ipt_small_base, lim = (uintptr_t) 4 << ipt_small_shift;
                const uintptr_t low = ((uintptr_t) 1 << ipt_small_shift) - 1;
                const int sh = ipt_small_shift;
                uintptr_t bad = 0;
                for (k = 0; k < 34; k++) {
                    uintptr_t d = (uintptr_t) items[k] - base;
                    bad |= (uintptr_t) (d > lim) | (d & low);
                    out[k] = (uint8_t) (d >> sh);
                    total += (int) (uint8_t) (d >> sh);
                }
                if (!bad) return total;
                total = 0;                   /* something else: read each object */
            }
            for (k = 0; k < 34; k++) {
                PyObject *x = items[k];
                long v;
                if (!PyLong_CheckExact(x)) return -1;
                v = ipt_py_small(x);
                if (v < 0 || v > 4) return -1;
                out[k] = (uint8_t) v;
                total += (int) v;
            }
            return total;
        }
        if (n >= 1 && n <= 14) {             /* 136-ids, distinct */
            uint64_t used[3] = {0, 0, 0};
            memset(out, 0, 34);
            for (k = 0; k < n; k++) {
                PyObject *x = items[k];
                long t;
                if (!PyLong_CheckExact(x)) return -1;
                t = ipt_py_small(x);
                if (t < 0 || t >= 136) return -1;
                if (used[t >> 6] & ((uint64_t) 1 << (t & 63))) return -1;
                used[t >> 6] |= (uint64_t) 1 << (t & 63);
                out[t >> 2]++;
            }
            return (int) n;
        }
        return -1;
    }
    static int ipt_py_counts_fast(PyObject *seq, uint8_t *out) {
        if (PyList_CheckExact(seq))
            return ipt_py_counts_of_items(((PyListObject *) seq)->ob_item, PyList_GET_SIZE(seq), out);
        if (PyTuple_CheckExact(seq))
            return ipt_py_counts_of_items(((PyTupleObject *) seq)->ob_item, PyTuple_GET_SIZE(seq), out);
        return -1;
    }
    /* The leading fields of numpy's PyArrayObject and PyArray_Descr (numpy's stable ABI,
       the same in numpy 1.x and 2.x), so an exact ndarray is read without the buffer
       protocol and without numpy's headers. */
    typedef struct { PyObject_HEAD char *data; int nd; Py_ssize_t *dimensions;
                     Py_ssize_t *strides; PyObject *base; PyObject *descr; } ipt_np_array;
    typedef struct { PyObject_HEAD PyTypeObject *typeobj; char kind; char type;
                     char byteorder; char former_flags; int type_num; } ipt_np_descr;
    /* a 1-D exact ndarray of 34 native uint8 / int32 / int64 counts 0..4, else -1 */
    static int ipt_py_counts_ndarray(PyObject *obj, uint8_t *out) {
        const ipt_np_array *a = (const ipt_np_array *) obj;
        const ipt_np_descr *d = (const ipt_np_descr *) a->descr;
        const char *p;
        Py_ssize_t st;
        int k, tn;
        if (a->nd != 1 || a->dimensions[0] != 34 || d == NULL) return -1;
        if (d->byteorder != '=' && d->byteorder != '|') return -1;
        p = a->data;
        st = a->strides[0];
        tn = d->type_num;
        if (tn == 2 && d->kind == 'u') {                          /* NPY_UBYTE */
            for (k = 0; k < 34; k++) out[k] = (uint8_t) p[k * st];
            return 0;
        }
        if (d->kind == 'i' && (tn == 9 || (tn == 7 && sizeof(long) == 8))) {  /* int64 */
            for (k = 0; k < 34; k++) {
                int64_t x;
                memcpy(&x, p + k * st, 8);
                if (x < 0 || x > 4) return -1;
                out[k] = (uint8_t) x;
            }
            return 0;
        }
        if (d->kind == 'i' && (tn == 5 || (tn == 7 && sizeof(long) == 4))) {  /* int32 */
            for (k = 0; k < 34; k++) {
                int32_t x;
                memcpy(&x, p + k * st, 4);
                if (x < 0 || x > 4) return -1;
                out[k] = (uint8_t) x;
            }
            return 0;
        }
        return -1;
    }
    /* 34 counts as a list of ints (small ints: no allocation per item) */
    static PyObject *ipt_counts_list(const uint8_t *c) {
        int k;
        PyObject *l = PyList_New(34);
        if (l == NULL) return NULL;
        for (k = 0; k < 34; k++) PyList_SET_ITEM(l, k, PyLong_FromLong(c[k]));
        return l;
    }
    """
    object ipt_counts_list(const uint8_t *c)
    void ipt_small_init()
    int ipt_py_counts_fast(object seq, uint8_t *out) noexcept
    int ipt_py_counts_ndarray(object obj, uint8_t *out) noexcept
    long ipt_py_small(object x) noexcept


ipt_small_init()


cdef int _notation_counts(str text, uint8_t *out) except -2:
    """Plain notation (digits and m / p / s / z only, at most 14 tiles) into counts; 0
    done, -1 for anything else or a copy-rule break (the Python reader names it)."""
    cdef int kinds[14]
    cdef int reds[14]
    cdef int n, i, nred[3]
    n = _scan_plain(text, kinds, reds, 14)
    if n < 0:
        return -1
    memset(out, 0, 34)
    nred[0] = nred[1] = nred[2] = 0
    for i in range(n):
        out[kinds[i]] += 1
        if out[kinds[i]] > 4:
            return -1
        if reds[i]:
            nred[kinds[i] // 9] += 1
            if nred[kinds[i] // 9] > 1:
                return -1
    return 0


cdef int _counts_from_seq(object seq, uint8_t *out) except -1:
    """The general path: any sequence of 34 counts or of 1-14 136-ids, with clear errors."""
    try:
        n = len(seq)
    except TypeError:
        raise IppatsuError(f"a hand is a Hand, notation, bytes, 34 counts or 136-ids, got "
                           f"{type(seq).__name__}", code="bad_hand_type") from None
    cdef int k
    if n != 34:
        if 1 <= n <= 14 and isinstance(seq, (list, tuple)):
            memset(out, 0, 34)
            for t in validate_ids(seq):
                out[(<int> t) >> 2] += 1
            return 0
        raise HandSizeError(f"expected 34 counts, got {n}", code="bad_counts_length")
    for k in range(34):
        out[k] = <uint8_t> _count_value(seq[k], k, "")
    return 0


cdef object _ndarray = np.ndarray


cdef int _counts_of(object hand, uint8_t *out) except -1:
    """Fill out[34] from any accepted hand form and validate; return the tile total.

    The common forms come first, each read without Python-level dispatch: a 34-byte
    ``bytes``, a ``Hand``, a list / tuple of plain ints (34 counts or 1-14 136-ids), a
    1-D integer array; anything else, or anything irregular, takes the general path.
    """
    global _Hand
    cdef object b
    cdef int total, code
    cdef type tp = type(hand)
    if tp is bytes:
        if PyBytes_GET_SIZE(hand) != 34:
            raise HandSizeError(f"expected 34 counts, got {PyBytes_GET_SIZE(hand)}",
                                code="bad_counts_length")
        memcpy(out, PyBytes_AS_STRING(hand), 34)
    elif tp is bytearray and PyByteArray_GET_SIZE(hand) == 34:
        memcpy(out, PyByteArray_AS_STRING(hand), 34)  # the table engine's own counts
    elif tp is _Hand:
        b = (<object> hand)._counts
        memcpy(out, PyBytes_AS_STRING(b), 34)
    elif tp is list or tp is tuple:
        if ipt_py_counts_fast(hand, out) < 0:
            _counts_from_seq(hand, out)
    elif tp is _ndarray:
        if ipt_py_counts_ndarray(hand, out) < 0:
            _counts_from_seq(hand, out)
    elif tp is str and _notation_counts(<str> hand, out) == 0:
        pass  # plain notation within the copy rules, read in C
    else:
        if _Hand is None:
            try:
                from .hand import Hand as H
            except ImportError:  # only while the package is being assembled
                class H:
                    pass
            _Hand = H
            if tp is _Hand:
                return _counts_of(hand, out)
        if isinstance(hand, str):
            from .hand import concealed_counts
            b = concealed_counts(hand)
            memcpy(out, PyBytes_AS_STRING(b), 34)
        elif isinstance(hand, _Hand):
            b = hand._counts
            memcpy(out, PyBytes_AS_STRING(b), 34)
        else:
            _counts_from_seq(hand, out)
    code = ipt_check(out, &total)
    if code != IPT_OK:
        _raise_code(code, out, -1)
    return total


def counts_of(hand):
    """counts_of(hand) -> list of 34 ints: any hand form the core takes (a Hand, notation,
    bytes, 34 counts, 1-14 136-ids), read and checked by the reader of every entry point."""
    cdef uint8_t c[34]
    _counts_of(hand, c)
    return [c[k] for k in range(34)]


# ---------------------------------------------------------------------------------------
# per-hand API

_FORMS = {None: 0, "min": 0, "standard": 1, "chiitoitsu": 2, "kokushi": 3}


cdef object _sanma_mod = None


cdef object _three():
    """ippatsu._sanma, the ``players=3`` road (imported on first use)."""
    global _sanma_mod
    if _sanma_mod is None:
        from ippatsu import _sanma
        _sanma_mod = _sanma
    return _sanma_mod


def shanten(hand, form=None, *, players=4):
    """shanten(hand, form=None, *, players=4) -> int

    Shanten of a hand: -1 complete, 0 tenpai, n tiles away from tenpai (RULES.md §3).

    Parameters
    ----------
    hand : Hand, str, bytes, sequence of 34 ints or list / tuple of 136-ids
        The concealed tiles (declared melds are implied by the tile count: 3k+1 or 3k+2
        concealed tiles need k sets and a pair).
    form : {None, "standard", "chiitoitsu", "kokushi"}
        None gives the minimum over the forms. Seven pairs and thirteen orphans need 13 or
        14 concealed tiles; for smaller hands they raise ``HandSizeError``.
    players : 4 or 3
        3: three-player mahjong (docs/rules.md §11; no 2m-8m in the hand nor as a target).
    """
    if players is not 4:  # a pointer test (an int equal to 4 is sent back by _sanma)
        return _three().shanten(hand, form, players)
    cdef uint8_t c[34]
    cdef int total = _counts_of(hand, c)
    cdef int f
    if form is None:
        return ipt_shanten_min(c, total)
    f = _FORMS.get(form, -1) if type(form) is str else -1
    if f == 0:
        return ipt_shanten_min(c, total)
    if f == 1:
        return ipt_shanten_std_n(c, ipt_nsets_of_size[total])
    if f < 0:
        raise IppatsuError(f"unknown form {form!r}: use 'standard', 'chiitoitsu' or 'kokushi'",
                           code="bad_form")
    if ipt_nsets_of_size[total] != 4:
        raise HandSizeError(f"{form} needs 13 or 14 concealed tiles, got {total}",
                            code="form_not_applicable")
    if f == 2:
        return ipt_shanten_chiitoi_v(c)
    if f == 3:
        return ipt_shanten_kokushi_v(c)
    return ipt_shanten_min(c, total)


def shanten_forms(hand, *, players=4):
    """shanten_forms(hand, *, players=4) -> ShantenForms(standard, chiitoitsu, kokushi, min)

    Each form's shanten; seven pairs / thirteen orphans are None for hands with melds.
    """
    if players is not 4:  # a pointer test (an int equal to 4 is sent back by _sanma)
        return _three().shanten_forms(hand, players)
    cdef uint8_t c[34]
    cdef int total = _counts_of(hand, c)
    cdef int s, a, b, m
    m = ipt_shanten_forms(c, total, &s, &a, &b)
    return ShantenForms(s, None if a == IPT_NOT_APPLICABLE else a,
                        None if b == IPT_NOT_APPLICABLE else b, m)


def is_agari(hand, *, players=4):
    """is_agari(hand, *, players=4) -> bool

    True when a hand of 3k+2 concealed tiles is complete (standard form, seven distinct
    pairs, or thirteen orphans). Hands of 3k+1 tiles are never complete.
    """
    if players is not 4:  # a pointer test (an int equal to 4 is sent back by _sanma)
        return _three().is_agari(hand, players)
    cdef uint8_t c[34]
    cdef int total = _counts_of(hand, c)
    return bool(ipt_is_agari(c, total))


def waits(hand, *, players=4):
    """waits(hand, *, players=4) -> list[int]

    Kinds (0-33) that complete a 3k+1 hand. A kind the hand already holds four times
    cannot come (RULES.md §3); an empty list means the hand is not tenpai. With
    ``players=3`` never a kind of 2m-8m.
    """
    if players is not 4:  # a pointer test (an int equal to 4 is sent back by _sanma)
        return _three().waits(hand, players)
    cdef uint8_t c[34]
    cdef int total = _counts_of(hand, c)
    if total % 3 != 1:
        raise HandSizeError(f"waits need a hand of 3k+1 tiles, got {total}", code="bad_hand_size")
    cdef uint64_t m = ipt_waits(c, total)
    return [k for k in range(34) if (m >> k) & 1]


cpdef tuple _shanten_waits(object counts):
    """_shanten_waits(counts) -> (shanten, waits mask)

    The shanten of a 3k+1 hand and, when it is tenpai, its waits as a bit mask over kinds
    (else 0): ``shanten(counts)`` and ``waits(counts)`` in one call, for the table engine,
    which refreshes them after every change of a hand (34 counts as bytes or bytearray;
    anything else takes the general road of :func:`shanten`)."""
    cdef uint8_t c[34]
    cdef int total = _counts_of(counts, c)
    if total % 3 != 1:
        raise HandSizeError(f"waits need a hand of 3k+1 tiles, got {total}", code="bad_hand_size")
    cdef int s = ipt_shanten_min(c, total)
    return s, (ipt_waits(c, total) if s == 0 else 0)


cpdef object _tenpai_discards(object counts):
    """_tenpai_discards(counts) -> int

    Bit mask of the kinds held in a 3k+2 hand whose discard leaves it tenpai
    (``shanten(counts - k) == 0``; 0 when none does, so exactly when ``shanten(counts) >
    0``): the table engine's riichi declarations, one call per turn (34 counts as bytes or
    bytearray)."""
    cdef uint8_t c[34]
    cdef int total = _counts_of(counts, c)
    cdef int k
    cdef uint64_t m = 0
    if total % 3 != 2:
        raise HandSizeError(f"a discard needs a hand of 3k+2 tiles, got {total}",
                            code="bad_hand_size")
    if ipt_shanten_min(c, total) > 0:  # no discard can leave it tenpai
        return 0
    for k in range(34):
        if c[k]:
            c[k] -= 1
            if ipt_shanten_min(c, total - 1) == 0:
                m |= (<uint64_t> 1) << k
            c[k] += 1
    return m


cdef extern from *:
    """
    /* tuple.__new__(cls, items): tuple's own constructor called in C, without the
       Python-level wrapper (its argument parsing and safety walk of cls's bases), for a
       subclass cls of tuple (checked here) and an exact tuple of items */
    static PyObject *ipt_tuple_of(PyObject *cls, PyObject *items) {
        PyObject *args, *out;
        if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, &PyTuple_Type)) {
            PyErr_SetString(PyExc_TypeError, "_tuple_of: cls is a subclass of tuple");
            return NULL;
        }
        args = PyTuple_Pack(1, items);
        if (args == NULL) return NULL;
        out = PyTuple_Type.tp_new((PyTypeObject *)cls, args, NULL);
        Py_DECREF(args);
        return out;
    }
    """
    object ipt_tuple_of(object cls, object items)


cpdef object _tuple_of(object cls, tuple items):
    """_tuple_of(cls, items) -> an instance of cls

    ``tuple.__new__(cls, items)`` for a subclass ``cls`` of tuple whose own ``__new__``
    adds nothing (a NamedTuple such as the table's ``Action``), made by tuple's C
    constructor without the Python-level call: the table engine builds its legal calls
    at every discard."""
    return ipt_tuple_of(cls, items)


cpdef _set_slots(object obj, tuple names, tuple values):
    """_set_slots(obj, names, values) -> None

    Set the attributes ``names`` of ``obj`` to ``values`` in order by the generic setter
    (``object.__setattr__``; an immutable class refuses its own): the table engine's
    melds, one call instead of one per slot."""
    cdef Py_ssize_t i, n = len(names)
    if len(values) != n:
        raise IppatsuError(f"{n} names for {len(values)} values", code="bad_input")
    for i in range(n):
        PyObject_GenericSetAttr(obj, names[i], values[i])


# numpy's bit generator interface (numpy/random/bitgen.h, part of numpy's public C API:
# every BitGenerator's ``capsule`` holds one)
ctypedef struct _bitgen_t:
    void *state
    uint64_t (*next_uint64)(void *st) noexcept nogil
    uint32_t (*next_uint32)(void *st) noexcept nogil
    double (*next_double)(void *st) noexcept nogil
    uint64_t (*next_raw)(void *st) noexcept nogil


def _permutation(bit_generator, int n):
    """_permutation(bit_generator, n) -> list

    ``numpy.random.Generator(bit_generator).permutation(n).tolist()`` for ``1 <= n <=
    256``, drawing the same numbers from ``bit_generator`` (a numpy ``BitGenerator``):
    Fisher-Yates from the top, position ``i`` swapped with a uniform ``j <= i`` drawn as
    numpy's bounded integers draw it (32 bits masked to the bit length of ``i``, redrawn
    while above ``i``). The seeded walls of the table (one per hand) without numpy's
    per-call overhead; tests/test_wall.py holds it against numpy's own."""
    if not 1 <= n <= 256:
        raise ValueError(f"a permutation of 1 to 256 items, got {n}")
    capsule = bit_generator.capsule
    cdef _bitgen_t *bg = <_bitgen_t *> PyCapsule_GetPointer(capsule, "BitGenerator")
    cdef int a[256]
    cdef int i, j, x
    cdef uint32_t mask, v
    for i in range(n):
        a[i] = i
    with bit_generator.lock:
        for i in range(n - 1, 0, -1):
            mask = <uint32_t> i
            mask |= mask >> 1
            mask |= mask >> 2
            mask |= mask >> 4
            mask |= mask >> 8
            mask |= mask >> 16
            v = bg.next_uint32(bg.state) & mask
            while v > <uint32_t> i:
                v = bg.next_uint32(bg.state) & mask
            j = <int> v
            x = a[i]
            a[i] = a[j]
            a[j] = x
    return [a[i] for i in range(n)]


cdef int _visible_of(object visible, uint8_t *out) except -1:
    cdef int k
    cdef type tp = type(visible)
    if (tp is bytes and PyBytes_GET_SIZE(visible) == 34) or (
            tp is bytearray and PyByteArray_GET_SIZE(visible) == 34):
        memcpy(out, PyBytes_AS_STRING(visible) if tp is bytes
               else PyByteArray_AS_STRING(visible), 34)
        if ipt_max_sum34(out, NULL) <= 4:
            return 0
        for k in range(34):
            if out[k] > 4:
                raise TileCountError(f"{out[k]} visible copies of {_kind_name(k)}",
                                     code="fifth_copy")
        return 0
    if isinstance(visible, str):
        raise IppatsuError("visible is 34 counts, not notation", code="bad_count")
    try:
        n = len(visible)
    except TypeError:
        raise IppatsuError(f"visible is 34 counts, got {type(visible).__name__}",
                           code="bad_count") from None
    if n != 34:
        raise HandSizeError(f"visible needs 34 counts, got {n}", code="bad_counts_length")
    for k in range(34):
        out[k] = <uint8_t> _count_value(visible[k], k, "visible ")
    return 0


cdef int _check_beside(const uint8_t *c, const uint8_t *other, str what) except -1:
    cdef int k
    if ipt_max_sum34(c, other) <= 4:
        return 0
    for k in range(34):
        if c[k] + other[k] > 4:
            raise TileCountError(
                f"{c[k]} copies of {_kind_name(k)} in the hand and {other[k]} {what}: a kind "
                f"has four copies", code="fifth_copy")
    return 0


def ukeire(hand, visible=None, *, players=4):
    """ukeire(hand, visible=None, *, players=4) -> Ukeire | list[DiscardUkeire]

    Effective tiles (RULES.md §3). For 3k+1 tiles: ``Ukeire(shanten, tiles, total)`` with
    ``tiles`` a tuple of ``(kind, unseen copies)`` for every kind whose draw lowers
    shanten. For 3k+2 tiles: one ``DiscardUkeire(discard, shanten, tiles, total)`` per
    distinct kind that can be discarded, best first (lowest shanten, then most tiles).
    ``visible`` (34 counts) are copies seen outside the hand (discards, melds, dora
    indicators); they lower the unseen counts, never the set of effective kinds.
    ``players=3``: three-player shanten, and only tiles that exist (never 2m-8m).
    """
    if players is not 4:  # a pointer test (an int equal to 4 is sent back by _sanma)
        return _three().ukeire(hand, visible, players)
    cdef uint8_t c[34]
    cdef uint8_t vis[34]
    cdef uint8_t out[34]
    cdef uint64_t mask = 0
    cdef const uint8_t *vp = NULL
    cdef int total = _counts_of(hand, c)
    cdef int s, d
    if visible is not None:
        _visible_of(visible, vis)
        _check_beside(c, vis, "visible")
        vp = vis
    if total % 3 == 1:
        s = ipt_ukeire(c, total, vp, out, &mask)
        return _make_ukeire(s, out, mask)
    result = []
    for d in range(34):
        if c[d] == 0:
            continue
        c[d] -= 1
        s = ipt_ukeire(c, total - 1, vp, out, &mask)
        c[d] += 1
        u = _make_ukeire(s, out, mask)
        result.append(DiscardUkeire(d, u.shanten, u.tiles, u.total))
    result.sort(key=_discard_order)
    return result


def _discard_order(x):
    return (x.shanten, -x.total, x.discard)


cdef object _make_ukeire(int s, uint8_t *out, uint64_t mask):
    cdef int k, total = 0
    tiles = []
    for k in range(34):
        if (mask >> k) & 1:
            tiles.append((k, out[k]))
            total += out[k]
    return Ukeire(s, tuple(tiles), total)


# ---------------------------------------------------------------------------------------
# tile efficiency and solo rollouts

_ALL_KINDS = (1 << 34) - 1


def _allowed_mask(allowed):
    """A kind mask from None (every kind), an int bit mask or an iterable of kinds."""
    if allowed is None:
        return _ALL_KINDS
    if isinstance(allowed, (int, np.integer)) and not isinstance(allowed, bool):
        m = int(allowed)
        if m < 0 or m > _ALL_KINDS:
            raise IppatsuError(f"allowed mask {m:#x} has bits outside the 34 kinds",
                               code="bad_allowed")
        return m
    if isinstance(allowed, (str, bytes)):
        raise IppatsuError("allowed is a bit mask or an iterable of kinds 0-33",
                           code="bad_allowed")
    m = 0
    try:
        kinds = list(allowed)
    except TypeError:
        raise IppatsuError(f"allowed is a bit mask or an iterable of kinds 0-33, got "
                           f"{type(allowed).__name__}", code="bad_allowed") from None
    for k in kinds:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k < 34:
            raise IppatsuError(f"allowed holds kinds 0-33, got {k!r}", code="bad_allowed")
        m |= 1 << int(k)
    return m


cdef int _efficiency_of(object hand, object visible, object allowed, uint64_t *ties) except -1:
    cdef uint8_t c[34]
    cdef uint8_t vis[34]
    cdef const uint8_t *vp = NULL
    cdef int total = _counts_of(hand, c)
    cdef int k
    if total % 3 != 2:
        raise HandSizeError(f"a discard needs a hand of 3k+2 tiles, got {total}",
                            code="bad_hand_size")
    if visible is not None:
        _visible_of(visible, vis)
        _check_beside(c, vis, "visible")
        vp = vis
    cdef uint64_t mask = (<uint64_t> 1 << 34) - 1  # every kind
    if allowed is not None:
        mask = _allowed_mask(allowed)
    k = ipt_efficiency(c, total, vp, mask, ties, NULL, NULL)
    if k < 0:
        raise IppatsuError("none of the allowed kinds is in the hand", code="no_allowed_discard")
    return k


def efficiency_discard(hand, visible=None, allowed=None):
    """efficiency_discard(hand, visible=None, allowed=None) -> int

    The kind (0-33) to discard from a 3k+2 hand by tile efficiency: the lowest shanten
    after the discard (minimum over the forms, as :func:`shanten`), then the most effective
    tiles (``ukeire(hand - discard, visible).total``: unseen copies are 4 - the 3k+1 hand -
    ``visible``), then the lowest kind. ``allowed`` (a bit mask over kinds or an iterable of
    kinds, e.g. the riichi discards) restricts the candidates. Raises for a hand that is
    not 3k+2, bad counts, hand + visible above four copies, or no allowed kind in the hand
    (code ``"no_allowed_discard"``).
    """
    return _efficiency_of(hand, visible, allowed, NULL)


cpdef object _efficiency_ties(object hand, object visible=None, object allowed=None):
    """Bit mask of every kind :func:`efficiency_discard` ranks first (its choice is the
    lowest); the greedy agent takes the first legal discard in this mask."""
    cdef uint64_t ties = 0
    _efficiency_of(hand, visible, allowed, &ties)
    return ties


_POLICIES = {**{name: code for code, name in enumerate(_codes.SOLO_POLICIES)},
             **{code: code for code in range(len(_codes.SOLO_POLICIES))}}


def _solo_args(counts, unseen, draws, start, stop, key, policy, out):
    """Validate solo_rollouts' arguments (ippatsu._checks: the twin's checks, in the same
    order), the hand read by this module's reader."""
    return _checks.check_solo_args(counts_of, counts, unseen, draws, start, stop, key,
                                   policy, out)


def solo_rollouts(counts, unseen, draws, start, stop, key, policy="efficiency", *, out=None,
                  threads=1):
    """solo_rollouts(counts, unseen, draws, start, stop, key, policy="efficiency", *,
    out=None, threads=1) -> (tenpai_by, complete_by, final_hist)

    Monte Carlo of one hand drawing alone: from ``counts`` (3k+1 tiles: the draws start at
    once; 3k+2: the policy discards first), each sample draws ``draws`` tiles without
    replacement from the multiset ``unseen`` (34 counts; the caller computes 4 - hand -
    visible), stops when the hand completes, else discards by ``policy``:

    * ``"efficiency"`` (0): :func:`efficiency_discard` with visible = every tile not
      drawable (4 - hand - tiles not drawn yet; own discards count as seen);
    * ``"shanten"`` (1): the lowest shanten after the discard; the drawn tile when it is
      among the best, else the lowest kind;
    * a Python callable ``policy(counts14: bytes, unseen: bytes) -> kind`` (``unseen``: the
      tiles still drawable), run by the pure-Python twin (slow).

    Samples are the indexes ``start <= i < stop``; sample i's draws depend only on
    ``(key, i)`` (``key``: 0 .. 2**64-1), so chunks of a range add up to the whole range.
    Returns int64 arrays: ``tenpai_by`` (draws,) and ``complete_by`` (draws,) count the
    samples tenpai (shanten <= 0 after the discard, or complete) / complete at or before
    draw d = index + 1; ``final_hist`` (10,) counts the final shanten -1 (complete) .. 8.
    ``out=(tenpai_by, complete_by, final_hist)`` adds into given arrays. The loop releases
    the GIL; ``threads > 1`` splits the range over a thread pool (same result).
    """
    if callable(policy) and not isinstance(policy, (int, str)):
        from ._reference import solo as _ref_solo
        return _ref_solo.solo_rollouts(counts, unseen, draws, start, stop, key, policy,
                                       out=out, threads=threads)
    cdef int nthreads = _check_threads(threads)
    a = _solo_args(counts, unseen, draws, start, stop, key, policy, out)
    cdef bytes cb = a.counts, ub = a.unseen
    cdef ipt_solo_t P
    cdef const uint8_t *c = <const uint8_t *> PyBytes_AS_STRING(cb)
    cdef const uint8_t *u = <const uint8_t *> PyBytes_AS_STRING(ub)
    cdef int k, j, total = a.total, s, pk
    cdef uint8_t scratch[34]
    cdef uint64_t emask = 0
    P.draws = a.draws
    P.policy = a.policy
    P.m = 0
    for k in range(34):
        P.hand[k] = c[k]
        P.vis[k] = 4 - c[k] - u[k]
        for j in range(u[k]):
            P.pool[P.m] = <uint8_t> k
            P.m += 1
    if total % 3 == 2:
        pk = ipt_policy_discard(P.policy, P.hand, total, P.vis, -1, &s)
        P.hand[pk] -= 1
        P.vis[pk] += 1
        total -= 1
    P.total = total
    P.s0 = ipt_ukeire(P.hand, total, NULL, scratch, &emask)
    P.emask0 = emask
    cdef uint64_t ukey = a.key
    cdef int64_t lo0 = a.start, hi0 = a.stop
    cdef int nd = P.draws

    def fill(int64_t lo, int64_t hi):
        ft = np.zeros(nd, np.int64)
        fc = np.zeros(nd, np.int64)
        fh = np.zeros(10, np.int64)
        cdef int64_t[::1] vt = ft, vc = fc, vh = fh
        with nogil:
            ipt_solo_run(&P, ukey, lo, hi, &vt[0], &vc[0], &vh[0])
        return ft, fc, fh

    n = hi0 - lo0
    if nthreads <= 1 or n < 256:
        parts = [fill(lo0, hi0)]
    else:
        global _pool
        import concurrent.futures as cf
        if _pool is None or _pool._max_workers < nthreads:
            _pool = cf.ThreadPoolExecutor(max_workers=nthreads, thread_name_prefix="ippatsu")
        step = (n + nthreads - 1) // nthreads
        futs = [_pool.submit(fill, lo, min(hi0, lo + step)) for lo in range(lo0, hi0, step)]
        parts = [f.result() for f in futs]
    tb, cbk, fh = a.out
    for ft, fc, h in parts:
        tb += np.cumsum(ft)
        cbk += np.cumsum(fc)
        fh += h
    return tb, cbk, fh


# ---------------------------------------------------------------------------------------
# batch kernels: validate each row, compute, write; return the first bad row or -1

cdef Py_ssize_t _shanten_fill(const uint8_t[:, ::1] h, int8_t[::1] out, int form,
                              Py_ssize_t lo, Py_ssize_t hi, int *err) noexcept nogil:
    cdef Py_ssize_t i
    cdef int total, code, s, a, b
    for i in range(lo, hi):
        code = ipt_check(&h[i, 0], &total)
        if code != IPT_OK:
            err[0] = code
            return i
        if form == 0:
            out[i] = <int8_t> ipt_shanten_min(&h[i, 0], total)
        elif form == 1:
            out[i] = <int8_t> ipt_shanten_std_n(&h[i, 0], ipt_nsets_of_size[total])
        elif ipt_nsets_of_size[total] != 4:
            out[i] = <int8_t> IPT_NOT_APPLICABLE
        elif form == 2:
            out[i] = <int8_t> ipt_shanten_chiitoi_v(&h[i, 0])
        else:
            out[i] = <int8_t> ipt_shanten_kokushi_v(&h[i, 0])
    return -1


cdef Py_ssize_t _forms_fill(const uint8_t[:, ::1] h, int8_t[:, ::1] out,
                            Py_ssize_t lo, Py_ssize_t hi, int *err) noexcept nogil:
    cdef Py_ssize_t i
    cdef int total, code, s, a, b, m
    for i in range(lo, hi):
        code = ipt_check(&h[i, 0], &total)
        if code != IPT_OK:
            err[0] = code
            return i
        m = ipt_shanten_forms(&h[i, 0], total, &s, &a, &b)
        out[i, 0] = <int8_t> s
        out[i, 1] = <int8_t> a
        out[i, 2] = <int8_t> b
        out[i, 3] = <int8_t> m
    return -1


cdef Py_ssize_t _agari_fill(const uint8_t[:, ::1] h, uint8_t[::1] out,
                            Py_ssize_t lo, Py_ssize_t hi, int *err) noexcept nogil:
    cdef Py_ssize_t i
    cdef int total, code
    for i in range(lo, hi):
        code = ipt_check(&h[i, 0], &total)
        if code != IPT_OK:
            err[0] = code
            return i
        out[i] = <uint8_t> ipt_is_agari(&h[i, 0], total)
    return -1


cdef Py_ssize_t _waits_fill(const uint8_t[:, ::1] h, uint8_t[:, ::1] out,
                            Py_ssize_t lo, Py_ssize_t hi, int *err) noexcept nogil:
    cdef Py_ssize_t i
    cdef int total, code, k
    cdef uint64_t m
    for i in range(lo, hi):
        code = ipt_check(&h[i, 0], &total)
        if code != IPT_OK or total % 3 != 1:
            err[0] = code if code != IPT_OK else IPT_ERR_SIZE
            return i
        m = ipt_waits(&h[i, 0], total)
        for k in range(34):
            out[i, k] = (m >> k) & 1
    return -1


cdef Py_ssize_t _ukeire_fill(const uint8_t[:, ::1] h, const uint8_t[:, ::1] vis, int has_vis,
                             int8_t[::1] sh, uint8_t[:, ::1] out,
                             Py_ssize_t lo, Py_ssize_t hi, int *err) noexcept nogil:
    cdef Py_ssize_t i
    cdef int total, code
    cdef const uint8_t *vp = NULL
    for i in range(lo, hi):
        code = ipt_check(&h[i, 0], &total)
        if code != IPT_OK or total % 3 != 1:
            err[0] = code if code != IPT_OK else IPT_ERR_SIZE
            return i
        if has_vis:
            vp = &vis[i, 0]
        sh[i] = <int8_t> ipt_ukeire(&h[i, 0], total, vp, &out[i, 0], NULL)
    return -1


def _as_counts(counts, name="counts"):
    """(N, 34) uint8 C-contiguous view of counts, rejecting values that a cast would wrap."""
    a = np.asarray(counts)
    if a.ndim == 1 and a.shape[0] == 34:
        a = a.reshape(1, 34)
    if a.ndim != 2 or a.shape[1] != 34:
        raise HandSizeError(f"{name} must have shape (N, 34), got {a.shape}", code="bad_shape")
    if a.dtype != np.uint8 or name != "counts":
        if a.dtype.kind not in "iu":
            raise IppatsuError(f"{name} must hold integers, got dtype {a.dtype}", code="bad_dtype")
        if a.size and (a.min() < 0 or a.max() > 4):
            bad = np.argwhere((a < 0) | (a > 4))[0]
            v = a[bad[0], bad[1]]
            raise TileCountError(
                f"row {bad[0]}: {v} copies of {_kind_name(bad[1])}: a count is 0 to 4",
                code="negative_count" if v < 0 else "fifth_copy")
        a = a.astype(np.uint8, copy=False)
    return np.ascontiguousarray(a)


def _check_rows_beside(h, v):
    """hand + visible never holds more than four copies of a kind."""
    both = np.asarray(h, dtype=np.int16) + np.asarray(v, dtype=np.int16)
    if both.size and both.max() > 4:
        bad = np.argwhere(both > 4)[0]
        raise TileCountError(
            f"row {bad[0]}: {both[bad[0], bad[1]]} copies of {_kind_name(bad[1])} in the hand "
            f"and visible: a kind has four copies", code="fifth_copy")


def _out_array(out, shape, dtype):
    if out is None:
        return np.empty(shape, dtype=dtype)
    if not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != dtype \
            or not out.flags.c_contiguous or not out.flags.writeable:
        raise IppatsuError(f"out must be a writeable C-contiguous {np.dtype(dtype)} array "
                           f"of shape {shape}", code="bad_out")
    return out


def _check_out_tuple(out, int n, str what):
    if type(out) is not tuple and type(out) is not list or len(out) != n:
        raise IppatsuError(f"out must be a {what} tuple of {n} arrays, got {out!r:.80}",
                           code="bad_out")


_pool = None
MAX_THREADS = _checks.MAX_THREADS


def _run(fill, Py_ssize_t n, int threads):
    """Run fill(lo, hi) -> (bad_row, code) over row chunks, on `threads` threads."""
    global _pool
    if threads <= 1 or n < 4096:
        results = [fill(0, n)]
    else:
        import concurrent.futures as cf
        if _pool is None or _pool._max_workers < threads:
            _pool = cf.ThreadPoolExecutor(max_workers=threads, thread_name_prefix="ippatsu")
        step = (n + threads - 1) // threads
        futs = [_pool.submit(fill, lo, min(n, lo + step)) for lo in range(0, n, step)]
        results = [f.result() for f in futs]
    bad = [r for r in results if r[0] >= 0]
    return min(bad) if bad else (-1, 0)


def _check_threads(threads):
    _checks.check_threads(threads)
    if threads is None:
        import os
        return os.cpu_count() or 1
    return int(threads)


def shanten_batch(counts, out=None, *, form=None, threads=1):
    """shanten_batch(counts, out=None, *, form=None, threads=1) -> int8 ndarray (N,)

    Shanten of every row of an ``(N, 34)`` array of concealed counts (any integer dtype;
    read-only arrays are fine). ``form`` as in :func:`shanten`; rows too small for seven
    pairs / thirteen orphans get ``NOT_APPLICABLE`` (127) for those forms. The kernel
    releases the GIL; ``threads=None`` uses every core. Raises for the first invalid row.
    """
    cdef const uint8_t[:, ::1] h = _as_counts(counts)
    cdef Py_ssize_t n = h.shape[0]
    f = _FORMS.get(form, -1) if form is None or type(form) is str else -1
    if f < 0:
        raise IppatsuError(f"unknown form {form!r}: use None, 'standard', 'chiitoitsu' or "
                           f"'kokushi'", code="bad_form")
    res = _out_array(out, (n,), np.int8)
    cdef int8_t[::1] o = res
    cdef int ff = f

    def fill(Py_ssize_t lo, Py_ssize_t hi):
        cdef int err = 0
        cdef Py_ssize_t bad
        with nogil:
            bad = _shanten_fill(h, o, ff, lo, hi, &err)
        return bad, err

    bad, err = _run(fill, n, _check_threads(threads))
    if bad >= 0:
        _raise_code(err, &h[bad, 0], bad)
    return res


def shanten_forms_batch(counts, out=None, *, threads=1):
    """shanten_forms_batch(counts, out=None, *, threads=1) -> int8 ndarray (N, 4)

    Columns: standard, seven pairs, thirteen orphans, minimum (127 = not applicable).
    """
    cdef const uint8_t[:, ::1] h = _as_counts(counts)
    cdef Py_ssize_t n = h.shape[0]
    res = _out_array(out, (n, 4), np.int8)
    cdef int8_t[:, ::1] o = res

    def fill(Py_ssize_t lo, Py_ssize_t hi):
        cdef int err = 0
        cdef Py_ssize_t bad
        with nogil:
            bad = _forms_fill(h, o, lo, hi, &err)
        return bad, err

    bad, err = _run(fill, n, _check_threads(threads))
    if bad >= 0:
        _raise_code(err, &h[bad, 0], bad)
    return res


def is_agari_batch(counts, out=None, *, threads=1):
    """is_agari_batch(counts, out=None, *, threads=1) -> bool ndarray (N,)"""
    cdef const uint8_t[:, ::1] h = _as_counts(counts)
    cdef Py_ssize_t n = h.shape[0]
    res = _out_array(out, (n,), np.bool_)
    cdef uint8_t[::1] o = res.view(np.uint8)

    def fill(Py_ssize_t lo, Py_ssize_t hi):
        cdef int err = 0
        cdef Py_ssize_t bad
        with nogil:
            bad = _agari_fill(h, o, lo, hi, &err)
        return bad, err

    bad, err = _run(fill, n, _check_threads(threads))
    if bad >= 0:
        _raise_code(err, &h[bad, 0], bad)
    return res


def waits_batch(counts, out=None, *, threads=1):
    """waits_batch(counts, out=None, *, threads=1) -> bool ndarray (N, 34)

    ``out[i, k]`` is True when kind k completes row i (rows must hold 3k+1 tiles).
    """
    cdef const uint8_t[:, ::1] h = _as_counts(counts)
    cdef Py_ssize_t n = h.shape[0]
    res = _out_array(out, (n, 34), np.bool_)
    cdef uint8_t[:, ::1] o = res.view(np.uint8)

    def fill(Py_ssize_t lo, Py_ssize_t hi):
        cdef int err = 0
        cdef Py_ssize_t bad
        with nogil:
            bad = _waits_fill(h, o, lo, hi, &err)
        return bad, err

    bad, err = _run(fill, n, _check_threads(threads))
    if bad >= 0:
        _raise_code(err, &h[bad, 0], bad)
    return res


def ukeire_batch(counts, visible=None, out=None, *, threads=1):
    """ukeire_batch(counts, visible=None, out=None, *, threads=1) -> (shanten, tiles)

    For an ``(N, 34)`` array of 3k+1 hands: ``shanten`` int8 (N,) and ``tiles`` uint8
    (N, 34), the unseen copies of each effective kind (0 elsewhere); ``tiles.sum(1)`` is
    the ukeire count. ``visible`` (N, 34) lowers the unseen counts. ``out`` may be a
    ``(shanten, tiles)`` pair of arrays to fill.
    """
    cdef const uint8_t[:, ::1] h = _as_counts(counts)
    cdef Py_ssize_t n = h.shape[0]
    cdef const uint8_t[:, ::1] v
    cdef int has_vis = 0
    if visible is not None:
        v = _as_counts(visible, "visible")
        if v.shape[0] != n:
            raise HandSizeError(f"visible has {v.shape[0]} rows, counts {n}", code="bad_shape")
        _check_rows_beside(h, v)
        has_vis = 1
    else:
        v = h
    if out is None:
        sh_arr, t_arr = np.empty(n, np.int8), np.empty((n, 34), np.uint8)
    else:
        _check_out_tuple(out, 2, "(shanten, tiles)")
        sh_arr = _out_array(out[0], (n,), np.int8)
        t_arr = _out_array(out[1], (n, 34), np.uint8)
    cdef int8_t[::1] so = sh_arr
    cdef uint8_t[:, ::1] to = t_arr

    def fill(Py_ssize_t lo, Py_ssize_t hi):
        cdef int err = 0
        cdef Py_ssize_t bad
        with nogil:
            bad = _ukeire_fill(h, v, has_vis, so, to, lo, hi, &err)
        return bad, err

    bad, err = _run(fill, n, _check_threads(threads))
    if bad >= 0:
        _raise_code(err, &h[bad, 0], bad)
    return sh_arr, t_arr


def _bench_shanten(const uint8_t[:, ::1] h, int repeat=1):
    """Raw kernel loop without Python overhead (for benchmarks): returns the checksum."""
    cdef Py_ssize_t i, n = h.shape[0]
    cdef int r, total
    cdef long acc = 0
    with nogil:
        for r in range(repeat):
            for i in range(n):
                if ipt_check(&h[i, 0], &total) == IPT_OK:
                    acc += ipt_shanten_min(&h[i, 0], total)
    return acc


# ---------------------------------------------------------------------------------------
# scoring kernel (the C twin of ippatsu.scoring's evaluation; see _score.h)

SCORE_OK, SCORE_NOT_AGARI, SCORE_NO_YAKU, SCORE_BAD_INPUT = (
    _codes.S_OK, _codes.S_NOT_AGARI, _codes.S_NO_YAKU, _codes.S_BAD_INPUT)


def _yaku_arrays():
    """The kernel's yaku table: (han closed, han open, yakuman multiple, replaces), 64 each."""
    return ([ipt_han_closed[i] for i in range(64)], [ipt_han_open[i] for i in range(64)],
            [ipt_ym_mult[i] for i in range(64)], [ipt_replaces[i] for i in range(64)])


# (Rules attribute, conversion) per field of ipt_rules_t, from ippatsu._codes.RULE_FIELDS
cdef tuple _RULE_FIELDS = tuple((name, conv) for name, _ctype, conv in _codes.RULE_FIELDS)
cdef object _fill_obj = None        # the Rules of the last core_fill_rules call
cdef ipt_rules_t _fill_c


cdef int core_fill_rules(object rules, ipt_rules_t *out) except -1:
    """Fill the kernel's rules struct from a Rules object by field name
    (ippatsu._codes.RULE_FIELDS): no positional tuple, so adding a rule the kernel reads is
    a field of Rules + an entry of RULE_FIELDS + the generated header. Cached by identity
    (Rules is frozen)."""
    global _fill_obj, _fill_c
    if rules is not _fill_obj:
        try:
            values = {name: conv(getattr(rules, name)) for name, conv in _RULE_FIELDS}
        except AttributeError:
            raise IppatsuError(f"rules must be a Rules object, not {type(rules).__name__}",
                               code="bad_input") from None
        _fill_c = values   # dict -> struct by field name (every field must be given)
        _fill_obj = rules
    out[0] = _fill_c
    return 0


def _rules_struct(rules):
    """The kernel's rules struct filled from ``rules``, as a dict (tests compare it with
    ``ippatsu._codes.rule_values``)."""
    cdef ipt_rules_t r
    core_fill_rules(rules, &r)
    return r


def score_kernel(bytes counts, int win, tuple melds, unsigned int flags, int seat_wind,
                 int round_wind, int bonus, rules):
    """score_kernel(counts, win, melds, flags, seat_wind, round_wind, bonus, rules) -> tuple

    The best-paying reading of a validated winning hand (used by ``ippatsu.scoring``):
    ``(code, points, base, han, fu, yaku_mask, yakuman_mask, yakuman, limit, form, wait,
    pair, runs, triplets)``. ``melds`` holds ``(type, lowest kind)`` pairs; ``rules`` a
    :class:`~ippatsu.rules.Rules` (its fields named in ``ippatsu._codes.RULE_FIELDS`` are
    read by name). Inputs must already be validated.
    """
    cdef ipt_score_in_t inp
    cdef ipt_score_out_t out
    cdef ipt_rules_t r
    cdef int i
    if PyBytes_GET_SIZE(counts) != 34 or len(melds) > 4 or not 0 <= win < 34 \
            or not 0 <= seat_wind < 4 or not 0 <= round_wind < 4:
        raise IppatsuError("bad scoring input", code="bad_input")
    memcpy(inp.counts, PyBytes_AS_STRING(counts), 34)
    cdef int total
    cdef int code = ipt_check(inp.counts, &total)
    if code != IPT_OK:
        _raise_code(code, inp.counts, -1)
    inp.win = win
    inp.n_melds = len(melds)
    for i in range(inp.n_melds):
        if type(melds[i]) is not tuple or len(melds[i]) != 2:
            raise IppatsuError("a meld of the scoring input is a (type, kind) pair",
                               code="bad_input")
        inp.meld_type[i] = melds[i][0]
        inp.meld_kind[i] = melds[i][1]
        if inp.meld_type[i] > 4 or inp.meld_kind[i] >= 34 or \
                (inp.meld_type[i] == 0 and (inp.meld_kind[i] >= 27 or inp.meld_kind[i] % 9 > 6)):
            raise IppatsuError("bad meld in scoring input", code="bad_input")
    inp.flags = flags
    inp.seat_wind = seat_wind
    inp.round_wind = round_wind
    inp.bonus = bonus
    core_fill_rules(rules, &r)
    with nogil:
        ipt_score(&inp, &r, &out)
    return (out.code, out.points, out.base, out.han, out.fu, out.yaku, out.yakuman_mask,
            out.yakuman, out.limit, out.form, out.wait, out.pair,
            tuple(out.runs[i] for i in range(out.n_runs)),
            tuple(out.trips[i] for i in range(out.n_trips)))


cdef inline int _dora_next(int k) noexcept nogil:
    if k < 27:
        return k - 8 if k % 9 == 8 else k + 1
    if k < 31:
        return 27 if k == IPT_KIND_NORTH else k + 1
    return 31 if k == 33 else k + 1


cdef inline int _dora_next3(int k) noexcept nogil:
    """Three players: the dora after a 1m indicator is 9m, the 1m's neighbour in the
    108-tile set (2m-8m are gone; the 9m before 1m wraps as with four)."""
    return k + 8 if k == 0 else _dora_next(k)


cdef extern from *:
    """
    static const int64_t ipt_batch_lo[IPT_N_BATCH_COLUMNS] = IPT_GEN_BATCH_LO;
    static const int64_t ipt_batch_hi[IPT_N_BATCH_COLUMNS] = IPT_GEN_BATCH_HI;
    """
    const int64_t ipt_batch_lo[]
    const int64_t ipt_batch_hi[]


cdef inline uint64_t _oor(int col, int64_t v) noexcept nogil:
    """1 when v is outside its column's range (one unsigned comparison), else 0."""
    return <uint64_t> (v - ipt_batch_lo[col]) > <uint64_t> (ipt_batch_hi[col] - ipt_batch_lo[col])


cdef inline bint _out_of(int col, int64_t v, int64_t *err) noexcept nogil:
    """A value outside its column's range (_codes.BATCH_COLUMNS): err = range, col, v."""
    if v < ipt_batch_lo[col] or v > ipt_batch_hi[col]:
        err[0] = IPT_BE_RANGE
        err[1] = col
        err[2] = v
        return 1
    return 0


cdef inline Py_ssize_t _score_rows(const uint8_t[:, ::1] counts, const int64_t[:] win,
                            const int64_t[:, :, :] melds, const int64_t[:] flags,
                            const int64_t[:] tsumo, const int64_t[:] riichi,
                            const int64_t[:] seat, const int64_t[:] rnd,
                            const int64_t[:, :] dora, const int64_t[:, :] ura,
                            const int64_t[:] red, const int64_t[:] flowers,
                            const int64_t[:] kita, int sanma, int kita_han,
                            ipt_rules_t *r, int red_on, int ura_on,
                            int16_t[:, ::1] hanfu, int32_t[::1] points,
                            uint64_t[::1] yaku, uint8_t[:, ::1] meta,
                            Py_ssize_t lo, Py_ssize_t hi, int64_t *err) noexcept nogil:
    """Check and score rows lo..hi-1 in one pass. Every check of score_batch runs here,
    row by row, in the order of _codes.BATCH_ERRORS (the pure-Python pass,
    scoring_batch._check_row, runs the same ones in the same order): on the first bad row
    err = (code, detail a, b, c) and its index is returned; -1 when every row is good.

    ``sanma``: 0 for four players; three players (docs/rules.md §11): bit 0 set, bit 1 the
    tsumo split (``Rules.sanma_tsumo``); then ``kita`` holds the Norths set aside, each
    ``kita_han`` han of dora (``Rules.nukidora_dora``). The three-player checks and
    scoring run only then (:func:`_score_fill` calls this with a literal 0 for four
    players: that inlined copy has none of their steps)."""
    cdef Py_ssize_t i
    cdef int j, k, total, nm, bonus, closed, kan, d, t, nd = dora.shape[1]
    cdef int nu = ura.shape[1], worst, n_kita = 0
    cdef int64_t w
    cdef uint64_t oor, absent
    cdef unsigned int f
    cdef uint8_t full[34]
    cdef uint8_t shown[34]
    cdef ipt_score_in_t inp
    cdef ipt_score_out_t out
    for i in range(lo, hi):
        # 1. every value in its column's range (nothing is cast before this): one
        # branch-free test of them all, then the column is looked for only on a bad row
        w = win[i]
        oor = _oor(IPT_BC_WIN_TILE, w) | _oor(IPT_BC_FLAGS, flags[i]) \
            | _oor(IPT_BC_TSUMO, tsumo[i]) | _oor(IPT_BC_RIICHI, riichi[i]) \
            | _oor(IPT_BC_SEAT_WIND, seat[i]) | _oor(IPT_BC_ROUND_WIND, rnd[i]) \
            | _oor(IPT_BC_RED, red[i]) | _oor(IPT_BC_FLOWERS, flowers[i])
        if sanma:
            oor |= _oor(IPT_BC_NUKIDORA, kita[i])
        for j in range(4):
            oor |= _oor(IPT_BC_MELDS, melds[i, j, 0]) | _oor(IPT_BC_MELDS, melds[i, j, 1])
        for j in range(nd):
            oor |= _oor(IPT_BC_DORA_INDICATORS, dora[i, j])
        for j in range(nu):
            oor |= _oor(IPT_BC_URA_INDICATORS, ura[i, j])
        if oor:
            if _out_of(IPT_BC_WIN_TILE, w, err):
                return i
            for j in range(4):
                if _out_of(IPT_BC_MELDS, melds[i, j, 0], err) \
                        or _out_of(IPT_BC_MELDS, melds[i, j, 1], err):
                    return i
            if _out_of(IPT_BC_FLAGS, flags[i], err) or _out_of(IPT_BC_TSUMO, tsumo[i], err) \
                    or _out_of(IPT_BC_RIICHI, riichi[i], err) \
                    or _out_of(IPT_BC_SEAT_WIND, seat[i], err) \
                    or _out_of(IPT_BC_ROUND_WIND, rnd[i], err):
                return i
            for j in range(nd):
                if _out_of(IPT_BC_DORA_INDICATORS, dora[i, j], err):
                    return i
            for j in range(nu):
                if _out_of(IPT_BC_URA_INDICATORS, ura[i, j], err):
                    return i
            if _out_of(IPT_BC_RED, red[i], err) or _out_of(IPT_BC_FLOWERS, flowers[i], err):
                return i
            _out_of(IPT_BC_NUKIDORA, kita[i], err)
            return i
        # 2-3. the melds: types 0-4 (-1 / 255: none), kinds 0-33, chi within a suit
        nm = 0
        closed = 1
        kan = 0
        for j in range(4):
            t = <int> melds[i, j, 0]
            if t < 0 or t == IPT_M_NONE:
                continue
            k = <int> melds[i, j, 1]
            if t > IPT_M_KAKAN or k < 0 or k > 33:
                err[0] = IPT_BE_MELD
                err[1] = j
                err[2] = t
                err[3] = k
                return i
            if t == IPT_M_CHI and (k >= 27 or k % 9 > 6):
                err[0] = IPT_BE_IMPOSSIBLE_MELD
                err[1] = j
                return i
            inp.meld_type[nm] = t
            inp.meld_kind[nm] = k
            nm += 1
            if t != IPT_M_ANKAN:
                closed = 0
            if t >= IPT_M_MINKAN:
                kan = 1
        # 4. the concealed counts (0-4 each, a total some hand has)
        d = ipt_check(&counts[i, 0], &total)
        if d != IPT_OK:
            err[0] = IPT_BE_COUNTS
            err[1] = d
            return i
        # 5. the winning tile is held
        if counts[i, w] == 0:
            err[0] = IPT_BE_WIN_NOT_HELD
            return i
        # 6. hand + melds: at most four copies (the counts are 0-4, so only a meld's
        # kinds can go over; the lowest such kind is named)
        memcpy(full, &counts[i, 0], 34)
        worst = 34
        for j in range(nm):
            k = inp.meld_kind[j]
            if inp.meld_type[j] == IPT_M_CHI:
                full[k] += 1
                full[k + 1] += 1
                full[k + 2] += 1
            else:
                full[k] += 3 if inp.meld_type[j] == IPT_M_PON else 4
        for j in range(nm):
            k = inp.meld_kind[j]
            for d in range(k, k + (3 if inp.meld_type[j] == IPT_M_CHI else 1)):
                if full[d] > 4 and d < worst:
                    worst = d
        if worst < 34:
            err[0] = IPT_BE_FIFTH_COPY
            err[1] = worst
            return i
        # 7. 14 - 3 x melds concealed tiles
        if total != 14 - 3 * nm:
            err[0] = IPT_BE_HAND_SIZE
            err[1] = total
            err[2] = nm
            return i
        # 7b. three players: no North seat or round, no 2m-8m in the hand, its melds or
        # an indicator, no chi, at most four Norths with those set aside
        if sanma:
            if seat[i] > 2 or rnd[i] > 2:
                err[0] = IPT_BE_SANMA_WIND
                err[1] = seat[i]
                err[2] = rnd[i]
                return i
            absent = 0
            for k in range(34):
                if full[k] and IPT_K_SANMA_ABSENT >> k & 1:
                    absent |= (<uint64_t> 1) << k
            if not absent:
                for j in range(nd + nu):
                    d = <int> (dora[i, j] if j < nd else ura[i, j - nd])
                    if d >= 0 and IPT_K_SANMA_ABSENT >> d & 1:
                        absent = (<uint64_t> 1) << d
                        err[2] = 1   # (an indicator)
                        break
            if absent:
                err[0] = IPT_BE_SANMA_TILE
                err[1] = <int64_t> absent
                return i
            for j in range(nm):
                if inp.meld_type[j] == IPT_M_CHI:
                    err[0] = IPT_BE_SANMA_CHI
                    err[1] = inp.meld_kind[j]
                    return i
            n_kita = <int> kita[i]
            if full[IPT_KIND_NORTH] + n_kita > 4:
                err[0] = IPT_BE_NORTH_COPY
                err[1] = full[IPT_KIND_NORTH]
                err[2] = n_kita
                return i
            full[IPT_KIND_NORTH] += n_kita   # copies too, for the indicators' check
        # 8. hand + melds + every indicator (dora and ura): at most four copies (the
        # lowest kind over is named; three players: the Norths set aside counted)
        if nd + nu:
            memset(shown, 0, 34)
            for j in range(nd + nu):
                d = <int> (dora[i, j] if j < nd else ura[i, j - nd])
                if d >= 0:
                    shown[d] += 1
                    if full[d] + shown[d] > 4 and d < worst:
                        worst = d
            if worst < 34:
                err[0] = IPT_BE_INDICATOR_COPY
                err[1] = worst
                err[2] = full[worst] + shown[worst]
                err[3] = n_kita if worst == IPT_KIND_NORTH else 0
                return i
        if sanma:
            full[IPT_KIND_NORTH] -= n_kita
        # 9. the situation fits the hand (three players: a North set aside draws a
        # replacement tile, so a tsumo with Norths set aside may be rinshan without a kan)
        f = <unsigned int> flags[i]
        if tsumo[i]:
            f |= IPT_F_TSUMO
        if riichi[i]:
            f |= IPT_F_RIICHI
        if _situation_bad(f & ~IPT_F_RINSHAN if n_kita and f & IPT_F_TSUMO else f,
                          closed, kan, nm > 0, seat[i] == 0):
            err[0] = IPT_BE_SITUATION
            err[1] = f & ~IPT_F_RINSHAN if n_kita and f & IPT_F_TSUMO else f
            err[2] = closed | (kan << 1) | ((nm > 0) << 2) | ((seat[i] == 0) << 3)
            return i
        # 10. the red fives fit the fives: red_on packs the reds per suit (4 bits each,
        # man lowest); a suit with c reds holds at least its fives beyond the 4 - c plain
        # ones as reds and at most min(fives, c)
        bonus = 0
        if red_on:
            j = k = 0
            for d in range(3):
                t = (red_on >> (4 * d)) & 15
                total = full[IPT_RED_KIND_M + 9 * d]
                if total > 4 - t:
                    j += total - (4 - t)
                k += total if total < t else t
            if red[i] < j or red[i] > k:
                err[0] = IPT_BE_RED
                err[1] = red[i]
                return i
            bonus = <int> red[i]
        # each flower set aside is one han of dora, as in score(flowers=n) (the kernel
        # adds the bonus only to a hand with a yaku, never to a yakuman)
        bonus += <int> flowers[i]
        # the row is good: score it
        memcpy(inp.counts, &counts[i, 0], 34)
        inp.win = <int> w
        inp.n_melds = nm
        inp.flags = f
        inp.seat_wind = <int> seat[i]
        inp.round_wind = <int> rnd[i]
        if not sanma:
            for j in range(nd):
                d = <int> dora[i, j]
                if d >= 0:
                    bonus += full[_dora_next(d)]
            if ura_on and closed and (f & IPT_F_ANY_RIICHI):
                for j in range(nu):
                    d = <int> ura[i, j]
                    if d >= 0:
                        bonus += full[_dora_next(d)]
        else:
            # three players (scoring._hand_facts): 9m after a 1m indicator; each North set
            # aside is kita_han han, and one more dora (ura) per indicator of North
            bonus += n_kita * kita_han
            for j in range(nd):
                d = <int> dora[i, j]
                if d >= 0:
                    d = _dora_next3(d)
                    bonus += full[d] + (n_kita if d == IPT_KIND_NORTH else 0)
            if ura_on and closed and (f & IPT_F_ANY_RIICHI):
                for j in range(nu):
                    d = <int> ura[i, j]
                    if d >= 0:
                        d = _dora_next3(d)
                        bonus += full[d] + (n_kita if d == IPT_KIND_NORTH else 0)
        inp.bonus = bonus
        ipt_score(&inp, r, &out)
        hanfu[i, 0] = out.han
        hanfu[i, 1] = out.fu
        points[i] = out.points
        if sanma and f & IPT_F_TSUMO and out.base:   # the two others pay (§11)
            points[i] = ipt_sanma_tsumo_total(out.base, seat[i] == 0, sanma >> 1)
        yaku[i] = out.yaku | out.yakuman_mask
        meta[i, 0] = out.code
        meta[i, 1] = out.yakuman
        meta[i, 2] = out.limit
        meta[i, 3] = out.wait
    return -1


cdef Py_ssize_t _score_fill(const uint8_t[:, ::1] counts, const int64_t[:] win,
                            const int64_t[:, :, :] melds, const int64_t[:] flags,
                            const int64_t[:] tsumo, const int64_t[:] riichi,
                            const int64_t[:] seat, const int64_t[:] rnd,
                            const int64_t[:, :] dora, const int64_t[:, :] ura,
                            const int64_t[:] red, const int64_t[:] flowers,
                            const int64_t[:] kita, int sanma, int kita_han,
                            ipt_rules_t *r, int red_on, int ura_on,
                            int16_t[:, ::1] hanfu, int32_t[::1] points,
                            uint64_t[::1] yaku, uint8_t[:, ::1] meta,
                            Py_ssize_t lo, Py_ssize_t hi, int64_t *err) noexcept nogil:
    """Check and score rows lo..hi-1 (:func:`_score_rows`), its four-player rows by a copy
    of the loop compiled with ``sanma`` 0, so they pay nothing for the three-player steps."""
    if sanma:
        return _score_rows(counts, win, melds, flags, tsumo, riichi, seat, rnd, dora, ura,
                           red, flowers, kita, sanma, kita_han, r, red_on, ura_on, hanfu,
                           points, yaku, meta, lo, hi, err)
    return _score_rows(counts, win, melds, flags, tsumo, riichi, seat, rnd, dora, ura, red,
                       flowers, kita, 0, kita_han, r, red_on, ura_on, hanfu, points, yaku,
                       meta, lo, hi, err)


def score_batch_kernel(counts, win, melds, flags, tsumo, riichi, seat, rnd, dora, ura, red,
                       flowers, rules, int red_on, int ura_on, *, threads=1, nukidora=None,
                       int sanma=0, int kita_han=0):
    """Batch scoring kernel behind ``ippatsu.scoring_batch.score_batch`` (see there): checks
    and scores every row in one pass.

    ``counts`` (N, 34) uint8; ``win``, ``flags``, ``tsumo``, ``riichi``, ``seat``, ``rnd``,
    ``red``, ``flowers`` (N,) int64 (``red_on``: the red fives per suit, 4 bits each, man
    lowest; 0 off; ``flowers``: the flower tiles set aside, one han of dora each;
    ``nukidora``: the Norths set aside, with ``sanma`` 1 (three players; | 2: the tsumo
    split) and ``kita_han`` the han of each, docs/rules.md §11; None and 0: four players);
    ``melds`` (N, 4, 2), ``dora`` / ``ura`` (N, k) int64 (any strides: a broadcast scalar
    costs no copy). Returns ``(hanfu int16 (N, 2), points int32 (N,),
    yaku uint64 (N,), meta uint8 (N, 4), bad)`` with meta columns code, yakuman multiple,
    limit, wait, and ``bad`` None or the first bad row as ``(row, code, a, b, c)`` (code:
    ``_codes.BATCH_ERRORS`` index + 1; scoring_batch names it).
    """
    cdef const uint8_t[:, ::1] c = _as_counts(counts)
    cdef Py_ssize_t n = c.shape[0]
    cdef const int64_t[:] wv = win
    cdef const int64_t[:, :, :] mv = melds
    cdef const int64_t[:] fv = flags
    cdef const int64_t[:] tv = tsumo
    cdef const int64_t[:] rv_ = riichi
    cdef const int64_t[:] sv = seat
    cdef const int64_t[:] ov = rnd
    cdef const int64_t[:, :] dv = dora
    cdef const int64_t[:, :] uv = ura
    cdef const int64_t[:] redv = red
    cdef const int64_t[:] flv = flowers
    cdef const int64_t[:] kv = flowers if nukidora is None else nukidora
    if sanma and nukidora is None:
        raise IppatsuError("score_batch_kernel: three players need the nukidora column",
                           code="bad_input")
    if wv.shape[0] != n or mv.shape[0] != n or mv.shape[1] != 4 or mv.shape[2] != 2 \
            or fv.shape[0] != n or tv.shape[0] != n or rv_.shape[0] != n \
            or sv.shape[0] != n or ov.shape[0] != n or dv.shape[0] != n \
            or uv.shape[0] != n or redv.shape[0] != n or flv.shape[0] != n \
            or kv.shape[0] != n:
        raise HandSizeError("score_batch inputs must share their first dimension N: win, "
                            "flags, tsumo, riichi, seat, round, red, flowers (N,), melds "
                            "(N, 4, 2), dora, ura (N, k)", code="bad_shape")
    hanfu = np.empty((n, 2), np.int16)
    pts = np.empty(n, np.int32)
    yk = np.empty(n, np.uint64)
    meta = np.empty((n, 4), np.uint8)
    cdef int16_t[:, ::1] hv = hanfu
    cdef int32_t[::1] pv = pts
    cdef uint64_t[::1] yv = yk
    cdef uint8_t[:, ::1] metv = meta
    cdef ipt_rules_t r
    core_fill_rules(rules, &r)

    def fill(Py_ssize_t lo, Py_ssize_t hi):
        cdef int64_t err[4]
        cdef Py_ssize_t bad
        err[0] = err[1] = err[2] = err[3] = 0
        with nogil:
            bad = _score_fill(c, wv, mv, fv, tv, rv_, sv, ov, dv, uv, redv, flv, kv, sanma,
                              kita_han, &r, red_on, ura_on, hv, pv, yv, metv, lo, hi, err)
        return bad, err[0], err[1], err[2], err[3]

    res = _run(fill, n, _check_threads(threads))
    return hanfu, pts, yk, meta, (res if res[0] >= 0 else None)


# ---------------------------------------------------------------------------------------
# score(): the compiled edge of ippatsu.scoring.score (its reader of every input form, the
# situation packed for the kernel, the ScoreResult built): _score_edge.pxi
include "_score_edge.pxi"


# ---------------------------------------------------------------------------------------
# the exported C API (declared in _core.pxd): other compiled modules cimport ippatsu._core
# and call these; they run against the tables this module loaded at import

cdef int core_check(const uint8_t *counts, int *total) noexcept nogil:
    return ipt_check(counts, total)


cdef int core_shanten(const uint8_t *counts, int total) noexcept nogil:
    return ipt_shanten_min(counts, total)


cdef int core_shanten_forms(const uint8_t *counts, int total, int *standard,
                            int *chiitoitsu, int *kokushi) noexcept nogil:
    return ipt_shanten_forms(counts, total, standard, chiitoitsu, kokushi)


cdef int core_is_agari(const uint8_t *counts, int total) noexcept nogil:
    return ipt_is_agari(counts, total)


cdef uint64_t core_waits(const uint8_t *counts, int total) noexcept nogil:
    return ipt_waits(counts, total)


cdef int core_ukeire(const uint8_t *counts, int total, const uint8_t *visible,
                     uint8_t *out, uint64_t *mask) noexcept nogil:
    return ipt_ukeire(counts, total, visible, out, mask)


cdef int core_score(const ipt_score_in_t *inp, const ipt_rules_t *rules,
                    ipt_score_out_t *out) noexcept nogil:
    return ipt_score(inp, rules, out)
