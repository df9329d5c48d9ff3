"""The common shape of a study's result: what was run, how, and the estimates.

Every result object (``SoloResult``, ``PositionResult``, ``MatchResult``) carries the
study ``kind``, the number of samples asked (``n``) and done (``done``), the ``seed``,
the rules (``Rules.to_dict()``), the run information (backend, workers, seconds,
``partial`` when stopped early) and its estimates; ``str(result)`` is a readable table,
``result.to_dict()`` / ``result.to_json()`` the same data for programs, and
``result.plot(path)`` draws a PNG (matplotlib, ``pip install "ippatsu[study]"``; without
a path, to ``ippatsu-<kind>-<seed>.png`` in the current folder) and returns its path.
"""
from __future__ import annotations

import json
import math
from typing import List, Optional, Sequence

from ..errors import StudyError
from ._runner import RunInfo

__all__ = ["StudyResult", "table"]


def _clean(x):
    """JSON-safe: NaN and infinities become None, tuples lists."""
    if isinstance(x, float):
        return x if math.isfinite(x) else None
    if isinstance(x, dict):
        return {k: _clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clean(v) for v in x]
    return x


def table(header: Sequence[str], rows: Sequence[Sequence[str]], indent: str = "  ") -> str:
    """A plain text table, columns left-aligned (first) and right-aligned (the rest)."""
    cols = list(zip(*([list(header)] + [list(r) for r in rows])))
    widths = [max(len(str(c)) for c in col) for col in cols]
    lines = []
    for r in [header] + list(rows):
        cells = [str(c).ljust(w) if i == 0 else str(c).rjust(w)
                 for i, (c, w) in enumerate(zip(r, widths))]
        lines.append(indent + "  ".join(cells).rstrip())
    return "\n".join(lines)


class StudyResult:
    """Base of the result objects (see the module notes)."""

    kind = "study"

    def __init__(self, *, seed: int, rules: Optional[dict], info: RunInfo, params: dict):
        self.seed = seed
        self.rules = rules
        self.info = info
        self.params = params

    @property
    def n(self) -> int:
        """Samples asked for."""
        return self.info.n

    @property
    def done(self) -> int:
        """Samples run (less than ``n`` when the run was interrupted)."""
        return self.info.done

    @property
    def partial(self) -> bool:
        return self.info.partial

    def _header(self, title: str) -> List[str]:
        i = self.info
        count, what = self._rate_of(i.done)
        rate = count / i.seconds if i.seconds > 0 else float("nan")
        lines = [f"{title}",
                 f"  {i.done:,} {self._unit} · seed {self.seed} · backend {i.backend} "
                 f"× {i.workers} · {i.seconds:.1f} s ({rate:,.0f} {what}/s)"
                 + (f" · rules {self.rules.get('name', '?')}" if self.rules else "")]
        if i.partial:
            lines.append(f"  PARTIAL: stopped after {i.done:,} of {i.n:,} {self._unit}")
        return lines

    _unit = "samples"

    def _rate_of(self, done: int):
        """(count, name) that the header's rate counts for ``done`` samples: the same
        thing as the headline (a match: games, not sets)."""
        return done, self._unit

    def estimates(self) -> dict:  # pragma: no cover - interface
        raise NotImplementedError

    def to_dict(self) -> dict:
        """Everything as JSON-able values (NaN as None)."""
        return _clean({"kind": self.kind, "n": self.n, "done": self.done, "seed": self.seed,
                       "partial": self.partial, "rules": self.rules, "params": self.params,
                       "run": self.info.to_dict(), "estimates": self.estimates()})

    def to_json(self, **kw) -> str:
        return json.dumps(self.to_dict(), **kw)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} n={self.done} seed={self.seed}" + \
            (" partial" if self.partial else "") + ">"

    def _index(self, i, count: int, what: str) -> int:
        """``i`` as an index of ``count`` slots or choices (negative from the end), else
        StudyError ``bad_index``."""
        if isinstance(i, bool) or not hasattr(i, "__index__"):
            raise StudyError(f"{what} must be an int index, got {i!r}", "bad_index")
        j = i.__index__()
        if not -count <= j < count:
            raise StudyError(f"{what} {i} is out of range: this study has {count} "
                             f"({what} 0 to {count - 1})", "bad_index")
        return j % count

    def _save(self, fig, path) -> str:
        """Write ``fig`` to ``path`` (default ``ippatsu-<kind>-<seed>.png``); the path."""
        import os

        if path is None:
            path = f"ippatsu-{self.kind}-{self.seed}.png"
        fig.savefig(path)
        return os.fspath(path)

    def _figure(self, **kw):
        """A matplotlib ``Figure`` (no pyplot: the user's backend is never touched)."""
        try:
            from matplotlib.figure import Figure
        except ImportError:
            raise StudyError("plot() needs matplotlib: pip install \"ippatsu[study]\"",
                             "missing_dependency") from None
        return Figure(**kw)
