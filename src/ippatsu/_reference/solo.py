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

from functools import lru_cache
from typing import List, Optional, Sequence, Tuple

import numpy as np

from ..errors import IppatsuError
from . import handcore as hc
from .counts import counts_of
from .._checks import M64, POLICIES  # noqa: F401 (POLICIES re-exported)
from .._checks import check_solo_args as _check_solo_args, check_threads

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
GOLDEN = 0x9E3779B97F4A7C15


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


def check_solo_args(counts, unseen, draws, start, stop, key, policy, out):
    """:func:`ippatsu._checks.check_solo_args` with this backend's reader of a hand."""
    return _check_solo_args(counts_of, counts, unseen, draws, start, stop, key, policy, out)


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
    check_threads(threads)
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
