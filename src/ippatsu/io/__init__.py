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
)

__all__ = [
    "load_mjlog",
    "decode_meld",
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
