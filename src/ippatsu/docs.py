"""The user documentation, installed with the package.

Docstrings and ``--help`` cite pages as ``docs/NAME.md`` (``docs/rules.md §8``): the
pages ship inside the package (``ippatsu/_docs/``), so every install has them.
``ippatsu docs`` lists them and ``ippatsu docs NAME`` prints one; :func:`page` returns a
page's text and :func:`path` its file.

>>> "rules" in pages()
True
>>> page("rules").startswith("# ")
True
"""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

from .errors import IppatsuError

__all__ = ["pages", "page", "path", "folder"]


def folder() -> Optional[Path]:
    """The folder of the pages: the installed copy (``ippatsu/_docs``) or, in a source
    checkout (an editable install), the repository's ``docs/``; None when neither is
    there."""
    here = Path(__file__).resolve().parent
    for d in (here / "_docs", here.parents[1] / "docs"):
        if (d / "rules.md").is_file():
            return d
    return None


def pages() -> List[str]:
    """The names of the pages (``"rules"``, ``"errors"``, ``"studies"``, ...)."""
    d = folder()
    return sorted(p.stem for p in d.glob("*.md")) if d is not None else []


def path(name: str) -> Path:
    """The file of page ``name`` (``"rules"`` or ``"rules.md"``); IppatsuError
    ``bad_doc`` for a page that does not exist."""
    stem = name[:-3] if isinstance(name, str) and name.endswith(".md") else name
    stem = stem.rsplit("/", 1)[-1] if isinstance(stem, str) else stem
    if stem not in pages():
        raise IppatsuError(f"no documentation page {name!r}: the pages are "
                           f"{', '.join(pages()) or '(none installed)'}", "bad_doc")
    return folder() / f"{stem}.md"


def page(name: str) -> str:
    """The text (Markdown) of page ``name``."""
    return path(name).read_text(encoding="utf-8")
