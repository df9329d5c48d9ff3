"""The one place that chooses the backend.

``IPPATSU_PURE_PYTHON=1`` selects the pure-Python twins in :mod:`ippatsu._reference`
(the hand core ``api.py``, the scoring evaluation ``scoring.py``); otherwise the compiled
module ``ippatsu._core`` runs both the hand core and the scoring kernel (``_score.h``).
:mod:`ippatsu.core` takes its functions from :data:`core`; :mod:`ippatsu.scoring` and
:mod:`ippatsu.scoring_batch` take the scoring kernel's entry points from here
(:data:`AVAILABLE` is False on the pure backend). (The table engine's compiled modules
are chosen in ``ippatsu.table`` by :data:`PURE` from here.)
"""
from __future__ import annotations

import os

from .yaku import REPLACED_BY, YAKU

#: True under ``IPPATSU_PURE_PYTHON=1``
PURE: bool = os.environ.get("IPPATSU_PURE_PYTHON") == "1"

if PURE:
    from ._reference import api as core
else:
    from . import _core as core

BACKEND: str = core.BACKEND
#: the compiled scoring kernel is in use
AVAILABLE: bool = BACKEND == "cython"

# flag bits (must match _score.h)
F_TSUMO, F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU = 1, 2, 4, 8
F_HAITEI, F_HOUTEI, F_RINSHAN, F_CHANKAN, F_TENHOU, F_CHIIHOU = 16, 32, 64, 128, 256, 512

if AVAILABLE:
    from . import _core

    def _load_table() -> None:
        han_closed = [0] * 64
        han_open = [0] * 64
        mult = [0] * 64
        repl = [0] * 64
        for y in YAKU:
            han_closed[y.id] = y.han_closed
            han_open[y.id] = y.han_open
            mult[y.id] = y.yakuman
            repl[y.id] = REPLACED_BY[y.id]
        _core.set_yaku_table(han_closed, han_open, mult, repl)

    _load_table()
    score_kernel = _core.score_kernel
    score_batch_kernel = _core.score_batch_kernel
    #: the compiled road of score() (tests replace it to force the general path)
    score_fast = _core.score_fast
    bind_scoring = _core.bind_scoring
    bind_score_entry = _core.bind_score_entry
    score_entry = _core.score


def flags_of(tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan,
             tenhou, chiihou) -> int:
    return ((F_TSUMO if tsumo else 0) | (F_RIICHI if riichi else 0)
            | (F_DOUBLE_RIICHI if double_riichi else 0) | (F_IPPATSU if ippatsu else 0)
            | (F_HAITEI if haitei else 0) | (F_HOUTEI if houtei else 0)
            | (F_RINSHAN if rinshan else 0) | (F_CHANKAN if chankan else 0)
            | (F_TENHOU if tenhou else 0) | (F_CHIIHOU if chiihou else 0))


def rules_tuple(rules) -> tuple:
    return (bool(rules.open_tanyao), bool(rules.kazoe_yakuman), bool(rules.kiriage),
            bool(rules.double_yakuman), bool(rules.yakuman_stacking),
            int(rules.double_wind_pair_fu))
