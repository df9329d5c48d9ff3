"""The one exception hierarchy of ippatsu.

Every error a user can cause is an :class:`IppatsuError`, itself a :class:`ValueError`,
carrying a stable machine-readable ``code`` string (documented here, never renamed) and a
message that names the problem. Kernels return codes; only the Python layer raises.
"""
from __future__ import annotations

__all__ = [
    "IppatsuError",
    "NotationError",
    "TileCountError",
    "MeldError",
    "HandSizeError",
    "NotAgariError",
    "NoYakuError",
    "IllegalActionError",
    "StudyError",
    "SituationError",
    "RecordError",
]


class IppatsuError(ValueError):
    """Base class. ``code`` is a stable identifier such as ``"fifth_copy"``."""

    code: str = "invalid"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        if code is not None:
            self.code = code


class NotationError(IppatsuError):
    """Malformed tile notation: unknown character, a suit letter with no digits, ..."""

    code = "bad_notation"


class TileCountError(IppatsuError):
    """Too many copies: a fifth copy of a kind, a second red five of a suit."""

    code = "too_many_copies"


class MeldError(IppatsuError):
    """An impossible meld: a chi of honors, a run that wraps, a pon of different kinds."""

    code = "bad_meld"


class HandSizeError(IppatsuError):
    """A tile count that no legal hand has for its number of declared melds."""

    code = "bad_hand_size"


class NotAgariError(IppatsuError):
    """Scoring was asked for a hand that is not complete."""

    code = "not_agari"


class NoYakuError(IppatsuError):
    """A complete hand with no yaku (dora are not yaku)."""

    code = "no_yaku"


class IllegalActionError(IppatsuError):
    """An action that is not legal at this point of the game."""

    code = "illegal_action"


class StudyError(IppatsuError):
    """A Monte Carlo study that cannot run as asked: ``n <= 0``, an unknown backend or
    policy, an agent that is not a callable, an optional dependency (Ray, pyarrow,
    matplotlib) that is not installed, a resume folder written by another study."""

    code = "bad_study"


class SituationError(IppatsuError):
    """Situation flags that cannot happen together: riichi on an open hand, ippatsu without
    riichi, rinshan without a kan or without tsumo, haitei on a ron, houtei or chankan on
    a tsumo, tenhou for a non-dealer or after a call or kan, ... A caller's bug: the flag
    is never dropped silently."""

    code = "bad_situation"


class RecordError(IppatsuError):
    """A game record (mjlog, tenhou.net/6, mjai) that cannot be read: missing or empty
    file, corrupt gzip, bad encoding, malformed XML / JSON, fields of the wrong type, a
    record above the size limit (code ``record_too_large``). ``path`` names the file
    (None for in-memory input); the message names it too."""

    code = "bad_record"

    def __init__(self, message: str, code: str | None = None, path=None):
        super().__init__(message, code)
        self.path = path
