"""Stub of the compiled hand core ``ippatsu._core`` (see ``_core.pyx``).

The pure-Python twin ``ippatsu._reference.api`` has the same signatures.
"""
from typing import Any, Final, Literal, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._types import DiscardUkeire, ShantenForms, Ukeire
from .hand import Hand

#: One hand's concealed tiles: a Hand, notation, 34 count bytes, or 34 counts.
_HandLike = Union[Hand, str, bytes, Sequence[int], npt.NDArray[np.integer[Any]]]
#: 34 counts of copies seen outside the hand.
_VisibleLike = Union[bytes, Sequence[int], npt.NDArray[np.integer[Any]]]
#: ``None`` (or ``"min"``) is the minimum over the forms.
_Form = Literal["min", "standard", "chiitoitsu", "kokushi"] | None

#: Marks a form that does not apply to a hand's size in batch results (127).
NOT_APPLICABLE: Final[int]
#: Bytes the lookup tables occupy in memory.
TABLE_BYTES: Final[int]
BACKEND: Final[Literal["cython"]]

__all__ = [
    "NOT_APPLICABLE", "TABLE_BYTES", "BACKEND",
    "shanten", "shanten_forms", "is_agari", "waits", "ukeire",
    "shanten_batch", "shanten_forms_batch", "is_agari_batch", "waits_batch", "ukeire_batch",
]

# per hand

def shanten(hand: _HandLike, form: _Form = None) -> int: ...
def shanten_forms(hand: _HandLike) -> ShantenForms: ...
def is_agari(hand: _HandLike) -> bool: ...
def waits(hand: _HandLike) -> list[int]: ...
def ukeire(
    hand: _HandLike, visible: _VisibleLike | None = None
) -> Ukeire | list[DiscardUkeire]: ...

# batches over (N, 34) integer arrays of concealed counts

def shanten_batch(
    counts: npt.ArrayLike,
    out: npt.NDArray[np.int8] | None = None,
    *,
    form: _Form = None,
    threads: int | None = 1,
) -> npt.NDArray[np.int8]: ...
def shanten_forms_batch(
    counts: npt.ArrayLike,
    out: npt.NDArray[np.int8] | None = None,
    *,
    threads: int | None = 1,
) -> npt.NDArray[np.int8]: ...
def is_agari_batch(
    counts: npt.ArrayLike,
    out: npt.NDArray[np.bool_] | None = None,
    *,
    threads: int | None = 1,
) -> npt.NDArray[np.bool_]: ...
def waits_batch(
    counts: npt.ArrayLike,
    out: npt.NDArray[np.bool_] | None = None,
    *,
    threads: int | None = 1,
) -> npt.NDArray[np.bool_]: ...
def ukeire_batch(
    counts: npt.ArrayLike,
    visible: npt.ArrayLike | None = None,
    out: Tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8]] | None = None,
    *,
    threads: int | None = 1,
) -> Tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8]]: ...

# internals used by tests and benchmarks

def _load_tables() -> int: ...
def _bench_shanten(h: npt.NDArray[np.uint8], repeat: int = 1) -> int: ...
