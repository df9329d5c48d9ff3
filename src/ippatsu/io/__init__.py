"""Game-record formats: Tenhou mjlog XML (:mod:`ippatsu.io.mjlog`), tenhou.net/6 JSON
(:mod:`ippatsu.io.tenhou6`) and mjai JSON lines (:mod:`ippatsu.io.mjai`: read, write,
mask per player). Each decodes faithfully into the event types of
:mod:`ippatsu.io.events`; none applies rules. :func:`load_record` reads any of them,
telling the format from the content (:mod:`ippatsu.io.record`)."""
from __future__ import annotations

from ippatsu.io import events, mjai, mjlog, record, tenhou6
from ippatsu.io.mjai import load_mjai, mjai_rounds
from ippatsu.io.mjlog import (
    RYUUKYOKU_TYPES,
    Agari,
    Bye,
    Call,
    Discard,
    Draw,
    Event,
    Kita,
    LobbyType,
    MjlogGame,
    MjlogPlayer,
    MjlogRound,
    NewDora,
    OtherTag,
    Owari,
    RawMeld,
    Reach,
    Reconnect,
    Ryuukyoku,
    Shuffle,
    decode_meld,
    load_mjlog,
    meld_from_code,
)
from ippatsu.io.tenhou6 import (
    DRAW_NAMES,
    YAKU_IDS,
    Tenhou6Meta,
    Tenhou6Round,
    load_tenhou6,
    parse_points,
    tenhou6_tile,
)

from ippatsu.io.record import Record, detect_format, load_record

__all__ = [*mjlog.__all__, *tenhou6.__all__, "load_mjai", "mjai_rounds", "Record",
           "detect_format", "load_record"]
