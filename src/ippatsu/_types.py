"""Small result types shared by the compiled core and its pure-Python twin."""
from __future__ import annotations

from typing import NamedTuple, Optional, Tuple

__all__ = ["ShantenForms", "Ukeire", "DiscardUkeire"]


class ShantenForms(NamedTuple):
    """Shanten per form; ``chiitoitsu`` / ``kokushi`` are None for hands with melds."""

    standard: int
    chiitoitsu: Optional[int]
    kokushi: Optional[int]
    min: int


class Ukeire(NamedTuple):
    """Effective tiles of a 3k+1 hand: ``tiles`` = ((kind, unseen copies), ...)."""

    shanten: int
    tiles: Tuple[Tuple[int, int], ...]
    total: int


class DiscardUkeire(NamedTuple):
    """Effective tiles after discarding one copy of ``discard`` from a 3k+2 hand."""

    discard: int
    shanten: int
    tiles: Tuple[Tuple[int, int], ...]
    total: int
