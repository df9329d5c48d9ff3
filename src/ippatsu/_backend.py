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

_TRUE = ("1", "true", "yes", "on", "y")
_FALSE = ("", "0", "false", "no", "off", "n")


def env_flag(name: str) -> bool:
    """An on/off environment variable: unset, ``0``/``false``/``no``/``off`` (or empty)
    is off, ``1``/``true``/``yes``/``on`` is on (any case); anything else raises
    IppatsuError ``bad_environment`` rather than being read as off."""
    raw = os.environ.get(name)
    if raw is None:
        return False
    v = raw.strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    from .errors import IppatsuError

    raise IppatsuError(f"{name}={raw!r} is not on or off: use 1, true, yes or on to set it, "
                       f"0, false, no or off (or unset it) to clear it", "bad_environment")


#: True under ``IPPATSU_PURE_PYTHON=1`` (or true / yes / on)
PURE: bool = env_flag("IPPATSU_PURE_PYTHON")

if PURE:
    from ._reference import api as core
else:
    from . import _core as core

BACKEND: str = core.BACKEND
#: the compiled scoring kernel is in use
AVAILABLE: bool = BACKEND == "cython"

# flag bits: ippatsu._codes is their one source (_score.h reads them from _generated.h)
from ._codes import (  # noqa: F401
    F_CHANKAN,
    F_CHIIHOU,
    F_DOUBLE_RIICHI,
    F_HAITEI,
    F_HOUTEI,
    F_IPPATSU,
    F_OPEN_RIICHI,
    F_PAARENCHAN,
    F_RENHOU,
    F_RIICHI,
    F_RINSHAN,
    F_SASHIKOMI,
    F_TENHOU,
    F_TSUMO,
    flags_of,
)

if AVAILABLE:
    from . import _core

    score_kernel = _core.score_kernel
    score_batch_kernel = _core.score_batch_kernel
    #: the plain road of the compiled score() alone (None where the general part takes
    #: over): tests read which road an input takes
    score_fast = _core.score_fast
    bind_scoring = _core.bind_scoring
    score_entry = _core.score

