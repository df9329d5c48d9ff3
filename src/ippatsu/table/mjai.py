"""mjai events: JSON lines out, per-player views.

:class:`~ippatsu.table.state.GameState` records its events as mjai-shaped dicts
(``start_game``, ``start_kyoku``, ``tsumo``, ``dahai``, ``chi``, ``pon``, ``daiminkan``,
``kakan``, ``ankan``, ``dora``, ``reach``, ``reach_accepted``, ``hora``, ``ryukyoku``,
``end_kyoku``, ``end_game``) with mjai tile names (``5mr`` for a red five, ``E S W N P F C``
for honors). This module writes them and masks them for one player: other players'
``tehais`` at ``start_kyoku`` and other players' drawn tiles become ``"?"``, as an mjai
server sends them.

>>> ev = [{"type": "start_kyoku", "tehais": [["1m"] * 13] * 4}, {"type": "tsumo", "actor": 2, "pai": "E"}]
>>> [e.get("pai") for e in mask_events(ev, 0)]
[None, '?']
"""
from __future__ import annotations

import json
from typing import IO, Iterable, Iterator, List

__all__ = ["mask_event", "mask_events", "to_json_lines", "write_json_lines"]

_UNKNOWN = "?"


def mask_event(ev: dict, player: int) -> dict:
    """The event as seat ``player`` sees it (the dict is copied only when masked)."""
    t = ev["type"]
    if t == "start_kyoku":
        ev = dict(ev)
        ev["tehais"] = [h if i == player else [_UNKNOWN] * len(h)
                        for i, h in enumerate(ev["tehais"])]
        return ev
    if t == "tsumo" and ev["actor"] != player:
        ev = dict(ev)
        ev["pai"] = _UNKNOWN
        return ev
    return ev


def mask_events(events: Iterable[dict], player: int) -> List[dict]:
    """Every event as seat ``player`` sees it."""
    return [mask_event(e, player) for e in events]


def to_json_lines(events: Iterable[dict]) -> Iterator[str]:
    """One compact JSON text per event."""
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    for e in events:
        yield dumps(e)


def write_json_lines(events: Iterable[dict], fp: IO[str]) -> None:
    """Write the events to ``fp``, one JSON object per line (the mjai log format)."""
    for line in to_json_lines(events):
        fp.write(line)
        fp.write("\n")
