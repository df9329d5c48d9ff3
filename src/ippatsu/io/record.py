"""One loader for every record format: :func:`load_record` tells the format from the
content (not the file name) and returns a :class:`Record` whose rounds hold the events of
:mod:`ippatsu.io.events`.

Detection, on the first bytes after gzip decompression (a gzip file is recognised by its
magic number), a UTF-8 byte-order mark and white space:

- ``<``: Tenhou mjlog XML (:func:`~ippatsu.io.mjlog.load_mjlog`);
- ``{``: JSON. The first line parsed alone is an object with a string ``type`` (and no
  ``log``): an mjai log, one event per line (:func:`~ippatsu.io.mjai.load_mjai`);
  otherwise tenhou.net/6 (:func:`~ippatsu.io.tenhou6.load_tenhou6`: an object with a
  ``log`` list, one record per line or pretty-printed over many);
- anything else, or nothing: :class:`~ippatsu.errors.RecordError` ``unknown_record``.

A record that is recognised but broken raises the format's own errors (``bad_log``,
``record_too_large``, ``three_player`` for a tenhou.net/6 or mjai three-player game).
"""
from __future__ import annotations

import json
import os
import zlib
from dataclasses import dataclass
from typing import Any, Optional, Union

from ippatsu.errors import IppatsuError, RecordError
from ippatsu.io.mjai import load_mjai, mjai_rounds
from ippatsu.io.mjlog import MjlogGame, load_mjlog, open_record, read_limited
from ippatsu.io.tenhou6 import load_tenhou6

__all__ = ["Record", "load_record", "detect_format", "FORMATS"]

#: The formats :func:`load_record` reads, by the name :attr:`Record.format` gives.
FORMATS = ("mjlog", "tenhou6", "mjai")

_HEAD = 1 << 16  # bytes read (after decompression) to tell the format


@dataclass(frozen=True)
class Record:
    """A loaded game record.

    ``format``: one of :data:`FORMATS`. ``rounds``: its hands in file order (each with
    ``kyoku``, ``honba``, ``deposits``, ``scores``, ``hands`` and ``events``). ``name``:
    the file's base name (None for bytes or text). ``complete``: True when the record marks
    the end of the game, False when it is cut off, None when the format does not say (a
    tenhou.net/6 record whose hands are all whole). ``final_scores``: the game's final
    scores when the record states them. ``game``: the whole :class:`~ippatsu.io.MjlogGame`
    of an mjlog (its header: lobby, players, log id), else None. ``events``: the events of
    an mjai log, else None."""

    format: str
    rounds: list
    name: Optional[str] = None
    complete: Optional[bool] = None
    final_scores: Optional[tuple] = None
    game: Optional[MjlogGame] = None
    events: Optional[list] = None

    @property
    def source(self) -> Any:
        """What :func:`ippatsu.table.replay.record_rules` dates and reads the lobby of: the
        :class:`~ippatsu.io.MjlogGame` of an mjlog, else the rounds."""
        return self.game if self.game is not None else self.rounds


def _unknown(label: str, what: str) -> RecordError:
    return RecordError(f"{label}: not a game record ippatsu reads ({what}); expected Tenhou "
                       f"mjlog XML, tenhou.net/6 JSON or mjai JSON lines, plain or gzip",
                       code="unknown_record", path=label)


def _format_of_text(text: str, label: str) -> str:
    """The format of a record's first characters (``text``: the head, BOM and leading
    white space stripped)."""
    if not text:
        raise _unknown(label, "empty")
    if text[0] == "<":
        return "mjlog"
    if text[0] != "{":
        raise _unknown(label, f"starts with {text[:16]!r}")
    first = text.split("\n", 1)[0]
    try:
        obj = json.loads(first)
    except (ValueError, RecursionError):  # a pretty-printed or long one-line tenhou.net/6
        return "tenhou6"
    if isinstance(obj, dict) and isinstance(obj.get("type"), str) and "log" not in obj:
        return "mjai"
    if isinstance(obj, dict) and "log" in obj:
        return "tenhou6"
    raise _unknown(label, "a JSON object with neither a 'log' (tenhou.net/6) nor a "
                          "'type' (mjai)")


def _head(src, max_bytes: Optional[int]) -> tuple[str, str]:
    """The first characters of a path's or bytes' content (decompressed), and its label."""
    stream, label = open_record(src, "record", max_bytes)
    try:
        data = stream.read(_HEAD)
    except RecordError:
        raise
    except (OSError, EOFError, zlib.error) as e:
        raise RecordError(f"{label}: corrupt gzip: {e}", code="bad_log", path=label) from None
    finally:
        stream.f.close()
    text = data.decode("utf-8", errors="replace")  # only to look: the loaders decode
    return text.lstrip("\ufeff \t\r\n"), label


def detect_format(src, *, max_bytes: Optional[int] = None) -> str:
    """The format of a record (one of :data:`FORMATS`) from its content, as
    :func:`load_record` tells it: a path, bytes (plain or gzip), or the text itself."""
    if isinstance(src, str) and src.lstrip("\ufeff \t\r\n")[:1] in ("<", "{"):
        return _format_of_text(src.lstrip("\ufeff \t\r\n"), "record text")
    text, label = _head(src, max_bytes)
    return _format_of_text(text, label)


def load_record(src: Union[str, bytes, bytearray, os.PathLike, list], *,
                max_bytes: Optional[int] = None) -> Record:
    """load_record(src, *, max_bytes=None) -> Record

    Load a game record in any format ippatsu reads, told from its content.

    Parameters
    ----------
    src : path, bytes, str or list
        A file path (plain or gzip), the file's bytes (plain or gzip), the record's text
        (a ``str`` starting with ``<`` or ``{``), or a list of mjai event dicts.
    max_bytes : int, optional
        Size limit after decompression (default
        :data:`ippatsu.io.mjlog.MAX_RECORD_BYTES`, 64 MiB).

    Raises
    ------
    RecordError (an IppatsuError)
        ``unknown_record``: neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines (an
        empty file, another format); ``bad_log``: a missing or unreadable file, corrupt
        gzip, a record of a known format that is malformed; ``record_too_large``;
        ``three_player`` for a three-player tenhou.net/6 or mjai record.
    """
    if isinstance(src, list):
        return _mjai(load_mjai(src), None, "mjai events")
    if isinstance(src, str) and src.lstrip("\ufeff \t\r\n")[:1] in ("<", "{"):
        fmt, name, label = _format_of_text(src.lstrip("\ufeff \t\r\n"), "record text"), None, None
    else:
        text, label = _head(src, max_bytes)
        fmt = _format_of_text(text, label)
        name = None
        if not isinstance(src, (bytes, bytearray, memoryview)):
            base = os.path.basename(os.fspath(src))
            name = os.fsdecode(base) if isinstance(base, bytes) else base
    if fmt == "mjlog":
        g = load_mjlog(src, max_bytes=max_bytes)
        return Record("mjlog", g.rounds, name, g.complete,
                      g.final.scores if g.final else None, g)
    if fmt == "tenhou6":
        rounds = load_tenhou6(src, strict=False, max_bytes=max_bytes)
        complete = None if (rounds and all(r.complete for r in rounds)) else False
        return Record("tenhou6", rounds, name, complete)
    if isinstance(src, str) and label is None:
        return _mjai(load_mjai(src), None, "mjai text")
    stream, label = open_record(src, "mjai log", max_bytes)
    data = read_limited(stream)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"{label}: not UTF-8 text at byte {e.start}", code="bad_log",
                          path=label) from None
    return _mjai(load_mjai(text, name=label), name, label)


def _mjai(events: list, name: Optional[str], label: str) -> Record:
    try:
        rounds, complete, final = mjai_rounds(events)
    except RecordError as e:
        if e.path is not None:
            raise
        raise RecordError(f"{label}: {e}", code=e.code, path=label) from None
    except IppatsuError as e:
        raise RecordError(f"{label}: {e}", code=e.code, path=label) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
            RecursionError, UnicodeError) as e:
        raise RecordError(f"{label}: unreadable mjai log: {type(e).__name__}: {e}",
                          code="bad_log", path=label) from None
    return Record("mjai", rounds, name, complete, tuple(final) if final else None,
                  events=events)
