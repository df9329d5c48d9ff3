"""Tenhou's rules over time: which :class:`~ippatsu.rules.Rules` were in force on a date.

(Scaffolding: the dated changes are filled in by issue 9's timeline work.)
"""
from __future__ import annotations

from typing import Any


def tenhou_rules_at(today: Any, at: Any) -> Any:
    """The Tenhou rules in force on ``at``, derived from today's rules ``today``."""
    return today
