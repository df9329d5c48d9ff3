"""The interpreted twins of the compiled table modules.

The build compiles ``state.py`` (``state.pxd`` adds C slots and typed seats), ``agents.py``
and ``loops.py`` with Cython, and the import system then prefers the extension modules.
:func:`load_state_source`, :func:`load_agents_source` and :func:`load_loops_source` run
the same files as plain Python instead: under ``IPPATSU_PURE_PYTHON=1`` they *are*
``ippatsu.table.state``, ``ippatsu.table.agents`` and ``ippatsu.table.loops``, and the
tests load them beside the compiled modules to check that both play every game
identically.
"""
from __future__ import annotations

import importlib.util
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path
from types import ModuleType

__all__ = ["load_state_source", "load_agents_source", "load_loops_source", "load_source",
           "STATE_SOURCE", "SEAT_SOURCE", "AGENTS_SOURCE", "LOOPS_SOURCE", "ACTIONSPACE_SOURCE",
           "COMPILED_SOURCES"]

#: the path of ``state.py`` (shipped in wheels beside the extension module)
STATE_SOURCE = Path(__file__).with_name("state.py")
#: the path of ``agents.py`` (shipped in wheels beside the extension module)
AGENTS_SOURCE = Path(__file__).with_name("agents.py")
#: the path of ``loops.py`` (shipped in wheels beside the extension module)
LOOPS_SOURCE = Path(__file__).with_name("loops.py")
#: the modules of ``ippatsu.table`` that the build compiles, by name
#: the path of ``actionspace.py`` (shipped in wheels beside the extension module)
ACTIONSPACE_SOURCE = Path(__file__).with_name("actionspace.py")
#: the path of ``seat.py`` (shipped in wheels beside the extension module)
SEAT_SOURCE = Path(__file__).with_name("seat.py")
COMPILED_SOURCES = {"seat": SEAT_SOURCE, "state": STATE_SOURCE, "agents": AGENTS_SOURCE,
                    "loops": LOOPS_SOURCE,
                    "actionspace": ACTIONSPACE_SOURCE}


def load_source(path: Path, name: str) -> ModuleType:
    """Execute the source file ``path`` as an interpreted module registered as ``name``
    and return it (``name`` must sit in the ``ippatsu.table`` package: the sources use
    relative imports). An already loaded interpreted module of that name is returned as
    is."""
    mod = sys.modules.get(name)
    if mod is not None and getattr(mod, "__file__", None) == str(path):
        return mod
    if not path.is_file():
        raise FileNotFoundError(f"the source of a compiled table module is missing: {path}")
    loader = SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        loader.exec_module(mod)
    except BaseException:
        del sys.modules[name]
        raise
    return mod


def load_state_source(name: str = "ippatsu.table._state_interpreted") -> ModuleType:
    """``state.py`` run interpreted as the module ``name`` (see :func:`load_source`)."""
    return load_source(STATE_SOURCE, name)


def load_agents_source(name: str = "ippatsu.table._agents_interpreted") -> ModuleType:
    """``agents.py`` run interpreted as the module ``name`` (see :func:`load_source`)."""
    return load_source(AGENTS_SOURCE, name)


def load_loops_source(name: str = "ippatsu.table._loops_interpreted") -> ModuleType:
    """``loops.py`` run interpreted as the module ``name`` (see :func:`load_source`)."""
    return load_source(LOOPS_SOURCE, name)
