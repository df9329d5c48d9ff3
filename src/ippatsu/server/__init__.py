"""``ippatsu serve``: a JSON API over the library (an ASGI app on FastAPI, served by uvicorn).

Install the extra first: ``pip install "ippatsu[server]"``.

>>> from ippatsu.server import create_app   # doctest: +SKIP
>>> app = create_app()                      # mount it in your own ASGI server

``app`` is a ready-made instance (created on first access). See ``docs/server.md``.
"""
from __future__ import annotations

from typing import Any

__all__ = ["create_app", "app", "serve", "MAX_BATCH", "MAX_BODY_BYTES"]

from ._app import MAX_BATCH, MAX_BODY_BYTES, create_app, serve  # noqa: E402

_APP = None


def __getattr__(name: str) -> Any:
    global _APP
    if name == "app":
        if _APP is None:
            _APP = create_app()
        return _APP
    raise AttributeError(f"module 'ippatsu.server' has no attribute {name!r}")
