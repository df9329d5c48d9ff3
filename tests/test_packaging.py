"""What an installed ippatsu must carry: its tables, the stub, ``py.typed``, a fast import.

These tests look at the package that ``import ippatsu`` finds (the wheel or sdist install
in CI, the editable build in a checkout). ``IPPATSU_REQUIRE_INSTALLED=1`` (set by
``.ci/run``) also demands that it is an installed copy, not ``src/``.
"""
from __future__ import annotations

import ast
import hashlib
import os
import subprocess
import sys
import sysconfig
from importlib import resources
from pathlib import Path

import pytest

import ippatsu
from ippatsu import _core

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def _package_file(*parts: str):
    return resources.files("ippatsu").joinpath(*parts)


def test_installed_copy_is_tested():
    if os.environ.get("IPPATSU_REQUIRE_INSTALLED") != "1":
        pytest.skip("only checked when IPPATSU_REQUIRE_INSTALLED=1 (.ci/run)")
    here = Path(ippatsu.__file__).resolve()
    libs = {Path(sysconfig.get_path(k)).resolve() for k in ("purelib", "platlib")}
    assert any(lib in here.parents for lib in libs), f"ippatsu imported from {here}, not {libs}"


def test_backend_follows_environment():
    from ippatsu import core

    want = "python" if os.environ.get("IPPATSU_PURE_PYTHON") == "1" else "cython"
    assert core.BACKEND == want
    assert _core.BACKEND == "cython"  # the compiled module is importable either way


def test_tables_shipped_and_checked():
    blob = _package_file("_data", "tables.bin").read_bytes()
    digest = _package_file("_data", "tables.sha256").read_text().strip()
    assert hashlib.sha256(blob).hexdigest() == digest
    assert _core.TABLE_BYTES == len(blob)
    assert 0 < _core.TABLE_BYTES <= 4 * 1024 * 1024


def test_typing_files_shipped():
    assert _package_file("py.typed").is_file()
    assert _package_file("_core.pyi").is_file()


def test_stub_names_match_the_module():
    """Every name of the stub exists; every public function of the module is stubbed."""
    tree = ast.parse(_package_file("_core.pyi").read_text())
    names, stub_all = set(), None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__":
            stub_all = ast.literal_eval(node.value)
    assert stub_all == list(_core.__all__)
    assert sorted(n for n in names if not hasattr(_core, n)) == []
    functions = {
        n
        for n, obj in vars(_core).items()
        if not n.startswith("_") and callable(obj) and getattr(obj, "__module__", "") == _core.__name__
    }
    assert sorted(functions - names) == []


def test_tables_load_fast():
    """The table load at import takes well under a second (typically a few ms)."""
    code = (
        "import time, ippatsu._core as c\n"
        "ts = []\n"
        "for _ in range(5):\n"
        "    t = time.perf_counter(); c._load_tables(); ts.append(time.perf_counter() - t)\n"
        "print(min(ts))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    seconds = float(out)
    print(f"_load_tables: {seconds * 1e3:.1f} ms")
    assert seconds < 1.0


@pytest.mark.skipif(not (TOOLS / "gen_tables.py").is_file(), reason="no tools/ (not a checkout)")
def test_generator_reproduces_shipped_tables():
    with resources.as_file(_package_file("_data", "tables.bin")) as shipped:
        proc = subprocess.run(
            [sys.executable, str(TOOLS / "gen_tables.py"), "--check", "--out", str(shipped)],
            capture_output=True,
            text=True,
        )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("name", ["state", "agents"])
def test_table_modules_compiled_with_their_sources_shipped(name):
    """The wheel carries the compiled state machine and agents and their sources (the
    interpreted twins under IPPATSU_PURE_PYTHON=1 and in tests/test_table_compiled.py)."""
    import importlib
    import importlib.machinery

    from ippatsu.table._source import COMPILED_SOURCES

    assert sorted(COMPILED_SOURCES) == ["agents", "state"]
    mod = importlib.import_module(f"ippatsu.table.{name}")
    src = _package_file("table", f"{name}.py")
    assert src.is_file()
    compiled = [p for p in _package_file("table").iterdir()
                if p.name.startswith(f"{name}.")
                and any(p.name.endswith(s) for s in importlib.machinery.EXTENSION_SUFFIXES)]
    assert compiled, f"the compiled ippatsu.table.{name} is missing"
    if os.environ.get("IPPATSU_PURE_PYTHON") != "1":
        assert Path(mod.__file__).name == compiled[0].name
    else:
        assert Path(mod.__file__).name == f"{name}.py"
