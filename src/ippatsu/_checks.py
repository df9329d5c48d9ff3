"""Argument checks both backends share: the compiled core (``ippatsu._core``) and the
pure-Python twins (``ippatsu._reference``) import them from here, so the compiled road
never imports the twin and both name a bad argument with the same error, in the same
order. Plain Python; imports neither backend."""
from __future__ import annotations

import operator
from types import SimpleNamespace
from typing import Callable, List, Union

import numpy as np

from ._codes import SOLO_POLICIES
from .errors import HandSizeError, IppatsuError, TileCountError

__all__ = ["MAX_THREADS", "M64", "POLICIES", "check_threads", "int_arg", "counts34",
           "check_solo_args"]

#: the most threads a batch function takes
MAX_THREADS = 1024
M64 = (1 << 64) - 1
#: names (and numbers) of the built-in solo policies
POLICIES = {**{name: code for code, name in enumerate(SOLO_POLICIES)},
            **{code: code for code in range(len(SOLO_POLICIES))}}


def _kind_name(k: int) -> str:
    return f"{k % 9 + 1}{'mpsz'[k // 9]}" if k < 27 else f"{k - 26}z"


def check_threads(threads) -> None:
    """Raise ``bad_threads`` unless ``threads`` is None or an int 1..MAX_THREADS (the
    batch functions' check, on both backends)."""
    if threads is None:
        return
    if isinstance(threads, (bool, np.bool_)) or not isinstance(threads, (int, np.integer)) \
            or not 1 <= threads <= MAX_THREADS:
        raise IppatsuError(f"threads must be None or an integer 1-{MAX_THREADS}, got "
                           f"{threads!r:.40}", code="bad_threads")


def int_arg(x, name: str, code: str) -> int:
    """An integer argument (``operator.index``; a bool is refused) or IppatsuError ``code``."""
    if isinstance(x, bool):
        raise IppatsuError(f"{name} must be an integer, got {x!r}", code=code)
    try:
        return operator.index(x)
    except TypeError:
        raise IppatsuError(f"{name} must be an integer, got {x!r}", code=code) from None


def counts34(x, name: str) -> List[int]:
    """34 counts 0-4 given as any sequence of integers."""
    if isinstance(x, str):
        raise HandSizeError(f"{name} must be 34 counts", code="bad_counts_length")
    try:
        n = len(x)
    except TypeError:
        raise HandSizeError(f"{name} must be 34 counts", code="bad_counts_length") from None
    if n != 34:
        raise HandSizeError(f"{name} needs 34 counts, got {n}", code="bad_counts_length")
    out = [int_arg(v, name, "bad_counts") for v in x]
    for k, v in enumerate(out):
        if v < 0 or v > 4:
            raise TileCountError(f"{v} {name} copies of {_kind_name(k)}: a count is 0 to 4",
                                 code="fifth_copy" if v > 4 else "negative_count")
    return out


def check_solo_args(read_counts: Callable, counts, unseen, draws, start, stop, key, policy,
                    out):
    """Validate the arguments of ``solo_rollouts`` (both backends; ``read_counts``: the
    backend's reader of a hand into 34 checked counts); returns a namespace with
    ``counts``/``unseen`` (34 bytes), ``total``, ``draws``, ``start``, ``stop``, ``key``,
    ``policy`` (0, 1 or a callable) and ``out`` (the three int64 arrays)."""
    c = list(read_counts(counts))
    total = sum(c)
    u = counts34(unseen, "unseen")
    for k in range(34):
        if c[k] + u[k] > 4:
            raise TileCountError(
                f"{c[k]} copies of {_kind_name(k)} in the hand and {u[k]} unseen: a kind "
                f"has four copies", code="fifth_copy")
    draws = int_arg(draws, "draws", "bad_draws")
    if draws < 1:
        raise IppatsuError(f"draws must be >= 1, got {draws}", code="bad_draws")
    if draws > sum(u):
        raise IppatsuError(f"{draws} draws but only {sum(u)} unseen tiles",
                           code="not_enough_unseen")
    start = int_arg(start, "start", "bad_range")
    stop = int_arg(stop, "stop", "bad_range")
    if not 0 <= start <= stop < (1 << 63):
        raise IppatsuError(f"samples need 0 <= start <= stop < 2**63, got [{start}, {stop})",
                           code="bad_range")
    key = int_arg(key, "key", "bad_key")
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
