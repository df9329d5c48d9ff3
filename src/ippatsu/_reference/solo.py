"""Pure-Python twin of the tile-efficiency discard and the solo rollouts kernel.

``ippatsu._core`` has the compiled versions (``ipt_efficiency`` and ``ipt_solo_run`` in
``_kernels.h``); these follow the definitions literally, on top of ``handcore``'s
first-principles shanten (memoised by hand), and give bit-identical results: the same
choices, the same random streams, the same counts.

Tile efficiency (:func:`efficiency_choice`)
    Among the allowed kinds the 3k+2 hand holds: the lowest shanten after the discard
    (minimum over the forms), then the most effective tiles of the 3k+1 hand left (kinds
    whose draw lowers its shanten, each counted by its unseen copies ``4 - hand - visible``,
    never below 0), then the lowest kind.

Solo rollouts (:func:`solo_rollouts`)
    Sample ``i`` of a run keyed ``key`` has its own splitmix64 stream: ``state =
    mix64(mix64(key) + i * G)``, then per draw ``state += G; r = mix64(state)`` (all modulo
    2**64, ``G = 0x9E3779B97F4A7C15``). The unseen tiles are listed by kind in ascending
    order (``m`` tiles); draw ``d`` (0-based) is a partial Fisher-Yates step: ``j = d + (r *
    (m - d)) >> 64``, swap positions ``d`` and ``j``, draw the tile at ``d``. After each
    draw: a complete 3k+2 hand stops the sample (complete, and tenpai, from that draw on);
    else the policy discards, and a shanten <= 0 after the discard makes it tenpai from that
    draw on. ``final_hist[s + 1]`` counts the final shanten ``s`` (-1 when complete).
"""
from __future__ import annotations

import operator
from functools import lru_cache
from types import SimpleNamespace
from typing import Callable, List, Optional, Sequence, Tuple, Union

import numpy as np

from ..errors import HandSizeError, IppatsuError, TileCountError
from . import handcore as hc
from .counts import counts_of

__all__ = [
    "ALL_KINDS",
    "POLICIES",
    "allowed_mask",
    "efficiency_choice",
    "shanten_choice",
    "mix64",
    "check_solo_args",
    "solo_rollouts",
]

ALL_KINDS = (1 << 34) - 1
M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
#: names (and numbers) of the built-in policies
POLICIES = {"efficiency": 0, "shanten": 1, 0: 0, 1: 1}


@lru_cache(maxsize=1 << 17)
def _shanten(key: bytes) -> int:
    return hc.shanten_min(list(key))


@lru_cache(maxsize=1 << 15)
def _agari(key: bytes) -> bool:
    return hc.is_agari_counts(list(key))


def allowed_mask(allowed) -> int:
    """A kind mask from None (every kind), an int bit mask or an iterable of kinds 0-33."""
    if allowed is None:
        return ALL_KINDS
    if isinstance(allowed, (int, np.integer)) and not isinstance(allowed, bool):
        m = int(allowed)
        if m < 0 or m > ALL_KINDS:
            raise IppatsuError(f"allowed mask {m:#x} has bits outside the 34 kinds",
                               code="bad_allowed")
        return m
    if isinstance(allowed, (str, bytes)):
        raise IppatsuError("allowed is a bit mask or an iterable of kinds 0-33",
                           code="bad_allowed")
    try:
        kinds = list(allowed)
    except TypeError:
        raise IppatsuError(f"allowed is a bit mask or an iterable of kinds 0-33, got "
                           f"{type(allowed).__name__}", code="bad_allowed") from None
    m = 0
    for k in kinds:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k < 34:
            raise IppatsuError(f"allowed holds kinds 0-33, got {k!r}", code="bad_allowed")
        m |= 1 << int(k)
    return m


def _ukeire_total(c: List[int], visible: Optional[Sequence[int]], base: int) -> int:
    """Effective tiles of the 3k+1 hand ``c`` (shanten ``base``), unseen copies summed."""
    n = 0
    for k in range(34):
        if c[k] >= 4:
            continue
        c[k] += 1
        if _shanten(bytes(c)) < base:
            left = 4 - (c[k] - 1) - (visible[k] if visible is not None else 0)
            n += max(left, 0)
        c[k] -= 1
    return n


def efficiency_choice(c: List[int], visible: Optional[Sequence[int]],
                      mask: int = ALL_KINDS) -> Tuple[int, int, int]:
    """``(kind, ties, shanten)``: the efficiency discard of the valid 3k+2 counts ``c``
    among the kinds of ``mask`` (-1 when none is held), the mask of every kind ranked
    first, and the shanten after the discard."""
    cands = [d for d in range(34) if c[d] and (mask >> d) & 1]
    if not cands:
        return -1, 0, 99
    sh = {}
    for d in cands:
        c[d] -= 1
        sh[d] = _shanten(bytes(c))
        c[d] += 1
    best = min(sh.values())
    tied = [d for d in cands if sh[d] == best]
    if len(tied) == 1:
        return tied[0], 1 << tied[0], best
    tot = {}
    for d in tied:
        c[d] -= 1
        tot[d] = _ukeire_total(c, visible, best)
        c[d] += 1
    top = max(tot.values())
    first = [d for d in tied if tot[d] == top]
    ties = 0
    for d in first:
        ties |= 1 << d
    return first[0], ties, best


def shanten_choice(c: List[int], drawn: int) -> Tuple[int, int]:
    """``(kind, shanten)``: the lowest shanten after the discard; the drawn kind when it
    is among the best (``drawn`` -1: none), else the lowest kind."""
    sh = {}
    for d in range(34):
        if c[d]:
            c[d] -= 1
            sh[d] = _shanten(bytes(c))
            c[d] += 1
    best = min(sh.values())
    if drawn >= 0 and sh.get(drawn) == best:
        return drawn, best
    return min(d for d in sh if sh[d] == best), best


def mix64(z: int) -> int:
    """splitmix64's output function (a bijection of 64-bit integers)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def _int_arg(x, name: str, code: str) -> int:
    if isinstance(x, bool):
        raise IppatsuError(f"{name} must be an integer, got {x!r}", code=code)
    try:
        return operator.index(x)
    except TypeError:
        raise IppatsuError(f"{name} must be an integer, got {x!r}", code=code) from None


def _counts34(x, name: str) -> List[int]:
    if isinstance(x, str):
        raise HandSizeError(f"{name} must be 34 counts", code="bad_counts_length")
    try:
        n = len(x)
    except TypeError:
        raise HandSizeError(f"{name} must be 34 counts", code="bad_counts_length") from None
    if n != 34:
        raise HandSizeError(f"{name} needs 34 counts, got {n}", code="bad_counts_length")
    out = [_int_arg(v, name, "bad_counts") for v in x]
    for k, v in enumerate(out):
        if v < 0 or v > 4:
            raise TileCountError(f"{v} {name} copies of {hc._kind_name(k)}: a count is 0 to 4",
                                 code="fifth_copy" if v > 4 else "negative_count")
    return out


def check_solo_args(counts, unseen, draws, start, stop, key, policy, out):
    """Validate the arguments of ``solo_rollouts`` (both backends); returns a namespace
    with ``counts``/``unseen`` (34 bytes), ``total``, ``draws``, ``start``, ``stop``,
    ``key``, ``policy`` (0, 1 or a callable) and ``out`` (the three int64 arrays)."""
    c = counts_of(counts)
    total = sum(c)
    u = _counts34(unseen, "unseen")
    for k in range(34):
        if c[k] + u[k] > 4:
            raise TileCountError(
                f"{c[k]} copies of {hc._kind_name(k)} in the hand and {u[k]} unseen: a kind "
                f"has four copies", code="fifth_copy")
    draws = _int_arg(draws, "draws", "bad_draws")
    if draws < 1:
        raise IppatsuError(f"draws must be >= 1, got {draws}", code="bad_draws")
    if draws > sum(u):
        raise IppatsuError(f"{draws} draws but only {sum(u)} unseen tiles",
                           code="not_enough_unseen")
    start = _int_arg(start, "start", "bad_range")
    stop = _int_arg(stop, "stop", "bad_range")
    if not 0 <= start <= stop < (1 << 63):
        raise IppatsuError(f"samples need 0 <= start <= stop < 2**63, got [{start}, {stop})",
                           code="bad_range")
    key = _int_arg(key, "key", "bad_key")
    if not 0 <= key <= M64:
        raise IppatsuError(f"key must be 0 .. 2**64-1, got {key}", code="bad_key")
    if isinstance(policy, (int, str, np.integer)) and not isinstance(policy, bool) \
            and policy in POLICIES:
        pol: Union[int, Callable] = POLICIES[policy]
    elif callable(policy) and not isinstance(policy, (int, str)):
        pol = policy
    else:
        raise IppatsuError(f"unknown policy {policy!r}: 'efficiency', 'shanten' or a callable",
                           code="bad_policy")
    shapes = ((draws,), (draws,), (10,))
    if out is None:
        arrays = tuple(np.zeros(s, np.int64) for s in shapes)
    else:
        if type(out) not in (tuple, list) or len(out) != 3:
            raise IppatsuError("out must be a (tenpai_by, complete_by, final_hist) tuple of "
                               "3 arrays", code="bad_out")
        for a, s in zip(out, shapes):
            if not isinstance(a, np.ndarray) or a.shape != s or a.dtype != np.int64 \
                    or not a.flags.c_contiguous or not a.flags.writeable:
                raise IppatsuError(f"out arrays must be writeable C-contiguous int64 arrays of "
                                   f"shapes {shapes}", code="bad_out")
        arrays = tuple(out)
    return SimpleNamespace(counts=bytes(c), unseen=bytes(u), total=total, draws=draws,
                           start=start, stop=stop, key=key, policy=pol, out=arrays)


def _discard(policy, h: List[int], vis: List[int], rem: List[int], drawn: int) -> Tuple[int, int]:
    """(kind, shanten after) of a policy's discard from the 3k+2 hand ``h``."""
    if policy == 0:
        k, _, s = efficiency_choice(h, vis)
        return k, s
    if policy == 1:
        return shanten_choice(h, drawn)
    k = policy(bytes(h), bytes(rem))
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k < 34 \
            or not h[k]:
        raise IppatsuError(f"the policy chose {k!r}, not a kind of the hand",
                           code="bad_policy_choice")
    k = int(k)
    h[k] -= 1
    s = _shanten(bytes(h))
    h[k] += 1
    return k, s


def solo_rollouts(counts, unseen, draws, start, stop, key, policy="efficiency", *, out=None,
                  threads=1):
    """The pure-Python twin of ``ippatsu._core.solo_rollouts`` (same arguments, results
    and errors; ``threads`` is checked and ignored). ``policy`` may also be a callable
    ``policy(counts14: bytes, unseen: bytes) -> kind``: ``counts14`` the 3k+2 hand,
    ``unseen`` the 34 counts of the tiles still drawable; it is called at every decision."""
    if threads is not None and (isinstance(threads, bool) or not hasattr(threads, "__index__")
                                or not 1 <= threads <= 1024):
        raise IppatsuError(f"threads must be None or an integer 1-1024, got {threads!r:.40}",
                           code="bad_threads")
    a = check_solo_args(counts, unseen, draws, start, stop, key, policy, out)
    draws, pol = a.draws, a.policy
    hand0 = list(a.counts)
    unseen0 = list(a.unseen)
    vis0 = [4 - hand0[k] - unseen0[k] for k in range(34)]
    template = [k for k in range(34) for _ in range(unseen0[k])]
    m = len(template)
    first_tenpai = [0] * draws
    first_complete = [0] * draws
    hist = [0] * 10
    kmix = mix64(a.key)
    for i in range(a.start, a.stop):
        st = mix64((kmix + i * GOLDEN) & M64)
        pool = list(template)
        h, vis, rem = list(hand0), list(vis0), list(unseen0)
        tenpai = complete = -1
        if a.total % 3 == 2:
            k, s = _discard(pol, h, vis, rem, -1)
            h[k] -= 1
            vis[k] += 1
        else:
            s = _shanten(bytes(h))
        for d in range(draws):
            st = (st + GOLDEN) & M64
            j = d + ((mix64(st) * (m - d)) >> 64)
            t = pool[j]
            pool[j] = pool[d]
            pool[d] = t
            rem[t] -= 1
            h[t] += 1
            if _agari(bytes(h)):
                complete = d
                s = -1
                if tenpai < 0:
                    tenpai = d
                break
            k, s = _discard(pol, h, vis, rem, t)
            h[k] -= 1
            vis[k] += 1
            if s <= 0 and tenpai < 0:
                tenpai = d
        if tenpai >= 0:
            first_tenpai[tenpai] += 1
        if complete >= 0:
            first_complete[complete] += 1
        hist[min(s + 1, 9)] += 1
    tb, cb, fh = a.out
    tb += np.cumsum(np.array(first_tenpai, np.int64))
    cb += np.cumsum(np.array(first_complete, np.int64))
    fh += np.array(hist, np.int64)
    return tb, cb, fh
