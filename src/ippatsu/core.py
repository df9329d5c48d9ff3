"""The hand-core API: shanten, agari, waits, effective tiles, decompositions, the
tile-efficiency discard (``efficiency_discard``) and solo Monte Carlo rollouts
(``solo_rollouts``: from a hand, drawing alone and discarding by a policy, how often it
is tenpai / complete by each draw).

Every function takes a hand as a :class:`~ippatsu.hand.Hand`, a notation string
(``"123m406p789s1122z"``), a 34-byte ``bytes``, any sequence / 1-D array of 34 counts, or
a list / tuple of 1-14 distinct 136-ids (the *concealed* tiles; declared melds are implied
by the size: 3k+1 or 3k+2 concealed tiles need k sets and a pair). Batch twins take an ``(N, 34)`` integer array, release the
GIL, accept ``out=`` and ``threads=``.

The compiled kernels (``ippatsu._core``) are used unless the environment variable
``IPPATSU_PURE_PYTHON=1`` selects the pure-Python twin (``ippatsu._reference.api``), which
has the same functions, results and errors. ``BACKEND`` says which one is active.

>>> from ippatsu import shanten, waits
>>> shanten("123m456p789s1122z")
0
>>> waits("123m456p789s1122z")
[27, 28]
>>> shanten("1111m234p567p789s")  # a wait on a fifth 1m does not count
1

Three players (docs/rules.md §11): ``shanten``, ``shanten_forms``, ``is_agari``,
``is_tenpai``, ``waits`` and ``ukeire`` take ``players=3``. The hand may then hold no
2m-8m (``TileCountError`` ``sanma_tile``); 1m and 9m form no run (there is no 2m-8m to
run with), so shanten counts only shapes that the 108 tiles can make, and ukeire lists
only tiles that exist.

>>> shanten("1m9m1p9p1s9s1234567z", players=3)  # thirteen orphans: the same
0
>>> ukeire("1111m").total, ukeire("1111m", players=3).total  # no 2m-8m to draw
(132, 104)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Tuple

if TYPE_CHECKING:
    from . import _core as _backend
else:
    from ._backend import core as _backend  # the one place that reads IPPATSU_PURE_PYTHON

from ._readings import BLOCK_PAIR, BLOCK_RUN, BLOCK_TRIPLET, readings_of

BACKEND: str = _backend.BACKEND
NOT_APPLICABLE: int = _backend.NOT_APPLICABLE
TABLE_BYTES: int = _backend.TABLE_BYTES

shanten = _backend.shanten
shanten_forms = _backend.shanten_forms
is_agari = _backend.is_agari
waits = _backend.waits
ukeire = _backend.ukeire
shanten_batch = _backend.shanten_batch
shanten_forms_batch = _backend.shanten_forms_batch
is_agari_batch = _backend.is_agari_batch
waits_batch = _backend.waits_batch
ukeire_batch = _backend.ukeire_batch
efficiency_discard = _backend.efficiency_discard
solo_rollouts = _backend.solo_rollouts
#: efficiency_ties(hand, visible=None, allowed=None) -> int: bit mask of every kind
#: :func:`efficiency_discard` ranks first (its own choice is the lowest); the built-in
#: greedy agent takes the first legal discard in it
efficiency_ties = _backend._efficiency_ties
_efficiency_ties = efficiency_ties  # the name table/agents.py imports
_shanten_waits = _backend._shanten_waits  # table/state.py: (shanten, waits mask), one call
_tenpai_discards = _backend._tenpai_discards  # table/state.py: the riichi discards, one call
_set_slots = _backend._set_slots  # table/state.py: a meld's slots, one call
_tuple_of = _backend._tuple_of  # table/state.py: the legal calls' Action tuples
_score_kernel = getattr(_backend, "score_kernel", None)  # table/state.py: the win test (compiled only)
_permutation = _backend._permutation  # table/wall.py: numpy's permutation, drawn in C

__all__ = [
    "BACKEND",
    "NOT_APPLICABLE",
    "TABLE_BYTES",
    "BLOCK_PAIR",
    "BLOCK_RUN",
    "BLOCK_TRIPLET",
    "shanten",
    "shanten_forms",
    "is_agari",
    "is_tenpai",
    "waits",
    "ukeire",
    "decompositions",
    "shanten_batch",
    "shanten_forms_batch",
    "is_agari_batch",
    "waits_batch",
    "ukeire_batch",
    "efficiency_discard",
    "efficiency_ties",
    "solo_rollouts",
]


# ---------------------------------------------------------------------------------------
# four or three players: ``players=3`` is handled by the backend's functions themselves
# (ippatsu._sanma), so the four-player call is the backend's own function
# ---------------------------------------------------------------------------------------
def is_tenpai(hand, *, players=4) -> bool:
    """True when a 3k+1 hand waits on at least one kind it does not hold four of (and,
    with ``players=3``, that exists)."""
    if _size(hand) % 3 != 1:
        return False
    return shanten(hand, players=players) == 0


def _size(hand) -> int:
    return sum(_backend.counts_of(hand))


def decompositions(hand) -> List[Tuple[Tuple[int, int], ...]]:
    """decompositions(hand) -> list of readings

    Every distinct standard-form reading of a complete 3k+2 concealed part: a sorted
    tuple of blocks ``(type, kind)`` with type ``BLOCK_PAIR`` (0), ``BLOCK_RUN`` (1, kind =
    lowest kind of the run) or ``BLOCK_TRIPLET`` (2). Empty when the concealed part is not
    complete in the standard form (seven pairs and thirteen orphans are separate forms).

    >>> decompositions("111222333m11p")  # three triplets, or three identical runs
    [((0, 9), (1, 0), (1, 0), (1, 0)), ((0, 9), (2, 0), (2, 1), (2, 2))]
    """
    return readings_of(_backend.counts_of(hand))
