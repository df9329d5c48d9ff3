"""Game-record parsers: Tenhou mjlog XML (:mod:`ippatsu.io.mjlog`) and tenhou.net/6 JSON
(:mod:`ippatsu.io.tenhou6`). Both decode faithfully into frozen records; neither applies
rules."""
from __future__ import annotations

from ippatsu.io.mjlog import (
    Agari,
    Bye,
    Call,
    Discard,
    Draw,
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
from ippatsu.io.tenhou6 import Tenhou6Meta, Tenhou6Round, load_tenhou6, parse_points


__all__ = [
    "load_mjlog",
    "decode_meld",
    "meld_from_code",
    "load_tenhou6",
    "Tenhou6Round",
    "Tenhou6Meta",
    "parse_points",
    "RawMeld",
    "LobbyType",
    "MjlogPlayer",
    "MjlogGame",
    "MjlogRound",
    "Owari",
    "Draw",
    "Discard",
    "Call",
    "Kita",
    "Reach",
    "NewDora",
    "Agari",
    "Ryuukyoku",
    "Bye",
    "Reconnect",
    "Shuffle",
    "OtherTag",
]
