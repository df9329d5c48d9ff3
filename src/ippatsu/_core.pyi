"""Stub of the compiled hand core ``ippatsu._core`` (see ``_core.pyx``).

The pure-Python twin ``ippatsu._reference.api`` has the same signatures.
"""
from typing import Any, Callable, Final, Iterable, Literal, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._types import DiscardUkeire, ShantenForms, Ukeire
from .hand import Hand
from .rules import Rules

#: One hand's concealed tiles: a Hand, notation, 34 count bytes, 34 counts or 136-ids.
_HandLike = Union[Hand, str, bytes, Sequence[int], npt.NDArray[np.integer[Any]]]
#: 34 counts of copies seen outside the hand.
_VisibleLike = Union[bytes, Sequence[int], npt.NDArray[np.integer[Any]]]
#: ``None`` (or ``"min"``) is the minimum over the forms.
_Form = Literal["min", "standard", "chiitoitsu", "kokushi"] | None
#: the kernels read the fields named in ``ippatsu._codes.RULE_FIELDS`` from a Rules, by name
_KernelRules = Rules
#: (code, points, base, han, fu, yaku_mask, yakuman_mask, yakuman, limit, form, wait, pair,
#: runs, triplets)
_KernelResult = Tuple[
    int, int, int, int, int, int, int, int, int, int, int, int, Tuple[int, ...], Tuple[int, ...]
]

#: Marks a form that does not apply to a hand's size in batch results (127).
NOT_APPLICABLE: Final[int]
#: Bytes the lookup tables occupy in memory.
TABLE_BYTES: Final[int]
MAX_THREADS: Final[int]  # the largest threads= the batch functions accept
BACKEND: Final[Literal["cython"]]

__all__ = [
    "NOT_APPLICABLE", "TABLE_BYTES", "BACKEND",
    "shanten", "shanten_forms", "is_agari", "waits", "ukeire",
    "shanten_batch", "shanten_forms_batch", "is_agari_batch", "waits_batch", "ukeire_batch",
    "efficiency_discard", "solo_rollouts",
]

#: A kind mask (bit k = kind k) or an iterable of kinds 0-33.
_Allowed = Union[int, Iterable[int]]
#: "efficiency" (0), "shanten" (1), or ``policy(counts14: bytes, unseen: bytes) -> kind``.
_Policy = Union[Literal["efficiency", "shanten", 0, 1], Callable[[bytes, bytes], int]]
_I64 = npt.NDArray[np.int64]

# per hand

def shanten(hand: _HandLike, form: _Form = None, *, players: int = 4) -> int: ...
def shanten_forms(hand: _HandLike, *, players: int = 4) -> ShantenForms: ...
def is_agari(hand: _HandLike, *, players: int = 4) -> bool: ...
def waits(hand: _HandLike, *, players: int = 4) -> list[int]: ...
def ukeire(
    hand: _HandLike, visible: _VisibleLike | None = None, *, players: int = 4
) -> Ukeire | list[DiscardUkeire]: ...

def counts_of(hand: _HandLike) -> list[int]: ...
def efficiency_discard(
    hand: _HandLike, visible: _VisibleLike | None = None, allowed: _Allowed | None = None
) -> int: ...
def _efficiency_ties(
    hand: _HandLike, visible: _VisibleLike | None = None, allowed: _Allowed | None = None
) -> int: ...
def solo_rollouts(
    counts: _HandLike,
    unseen: _VisibleLike,
    draws: int,
    start: int,
    stop: int,
    key: int,
    policy: _Policy = "efficiency",
    *,
    out: Tuple[_I64, _I64, _I64] | None = None,
    threads: int | None = 1,
) -> Tuple[_I64, _I64, _I64]: ...

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

# the scoring kernel behind ippatsu.scoring / ippatsu.scoring_batch (via ippatsu._backend)

SCORE_OK: Final[int]
SCORE_NOT_AGARI: Final[int]
SCORE_NO_YAKU: Final[int]
SCORE_BAD_INPUT: Final[int]

def score_kernel(
    counts: bytes,
    win: int,
    melds: Tuple[Tuple[int, int], ...],
    flags: int,
    seat_wind: int,
    round_wind: int,
    bonus: int,
    rules: _KernelRules,
) -> _KernelResult: ...
def score_fast(
    hand: Any,
    win_tile: Any,
    melds: Any,
    tsumo: Any,
    riichi: Any,
    double_riichi: Any,
    ippatsu: Any,
    haitei: Any,
    houtei: Any,
    rinshan: Any,
    chankan: Any,
    tenhou: Any,
    chiihou: Any,
    seat_wind: Any,
    round_wind: Any,
    dora_indicators: Any,
    ura_indicators: Any,
    honba: Any,
    deposits: Any,
    discarder: Any,
    pao: Any,
    rules: Any,
    raise_on_no_yaku: Any,
) -> Any: ...
def score(
    hand: Any,
    win_tile: Any = None,
    *,
    melds: Any = (),
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    seat_wind: int = 0,
    round_wind: int = 0,
    dora_indicators: Any = (),
    ura_indicators: Any = (),
    honba: int = 0,
    deposits: int = 0,
    discarder: int | None = None,
    pao: int | None = None,
    rules: Any = None,
    raise_on_no_yaku: bool = True,
    nukidora: int = 0,
    renhou: bool = False,
    paarenchan: bool = False,
    open_riichi: bool = False,
    sashikomi: bool = False,
    flowers: int = 0,
) -> Any: ...
def bind_scoring(
    score_result: Any,
    rules_cls: Any,
    default_rules: Any,
    hand_cls: Any,
    meld_cls: Any,
    meld_names: Any,
    items: Any,
    limits: Any,
    forms: Any,
    waits: Any,
    pinfu_bit: int,
) -> None: ...
def score_batch_kernel(
    counts: npt.ArrayLike,
    win: npt.ArrayLike,
    melds: npt.ArrayLike,
    flags: npt.ArrayLike,
    tsumo: npt.ArrayLike,
    riichi: npt.ArrayLike,
    seat: npt.ArrayLike,
    rnd: npt.ArrayLike,
    dora: npt.ArrayLike,
    ura: npt.ArrayLike,
    red: npt.ArrayLike,
    flowers: npt.ArrayLike,
    rules: _KernelRules,
    red_on: int,
    ura_on: int,
    *,
    threads: int | None = 1,
) -> Tuple[
    npt.NDArray[np.int16], npt.NDArray[np.int32], npt.NDArray[np.uint64], npt.NDArray[np.uint8]
]: ...

# internals used by tests and benchmarks

def _load_tables() -> int: ...
def _bench_shanten(h: npt.NDArray[np.uint8], repeat: int = 1) -> int: ...
