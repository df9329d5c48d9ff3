"""mjai logs at the table (kept for ``from ippatsu.table.mjai import ...``).

Reading, writing and masking mjai events live in :mod:`ippatsu.io.mjai` (every record
format sits in :mod:`ippatsu.io`); the replay of an mjai log through the engine is
:func:`ippatsu.table.replay.replay_mjai`. This module re-exports both.

>>> ev = [{"type": "start_kyoku", "tehais": [["1m"] * 13] * 4}, {"type": "tsumo", "actor": 2, "pai": "E"}]
>>> [e.get("pai") for e in mask_events(ev, 0)]
[None, '?']
"""
from __future__ import annotations

from ..io.mjai import (load_mjai, mask_event, mask_events, mjai_rounds, to_json_lines,
                       write_json_lines)
from .replay import replay_mjai

__all__ = ["mask_event", "mask_events", "to_json_lines", "write_json_lines", "load_mjai",
           "mjai_rounds", "replay_mjai"]
