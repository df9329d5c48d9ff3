"""The interpreted twin of the compiled state machine.

The build compiles ``state.py`` with Cython (``state.pxd`` adds C slots and typed seats),
and the import system then prefers the extension module. :func:`load_state_source` runs
the same ``state.py`` as plain Python instead: under ``IPPATSU_PURE_PYTHON=1`` it *is*
``ippatsu.table.state``, and the tests load it beside the compiled module to check that
both play every game identically.
"""
from __future__ import annotations

import importlib.util
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path
from types import ModuleType

__all__ = ["load_state_source", "STATE_SOURCE"]

#: the path of ``state.py`` (shipped in wheels beside the extension module)
STATE_SOURCE = Path(__file__).with_name("state.py")


def load_state_source(name: str = "ippatsu.table._state_interpreted") -> ModuleType:
    """Execute ``state.py`` as an interpreted module registered as ``name`` and return it
    (``name`` must sit in the ``ippatsu.table`` package: the source uses relative
    imports). An already loaded interpreted module of that name is returned as is."""
    mod = sys.modules.get(name)
    if mod is not None and getattr(mod, "__file__", None) == str(STATE_SOURCE):
        return mod
    if not STATE_SOURCE.is_file():
        raise FileNotFoundError(f"the source of the state machine is missing: {STATE_SOURCE}")
    loader = SourceFileLoader(name, str(STATE_SOURCE))
    spec = importlib.util.spec_from_file_location(name, STATE_SOURCE, loader=loader)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        loader.exec_module(mod)
    except BaseException:
        del sys.modules[name]
        raise
    return mod
