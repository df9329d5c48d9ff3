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


@pytest.mark.skipif(not (TOOLS / "gen_tables.py").is_file(), reason="no tools/ (not a checkout)")
def test_generator_reproduces_shipped_tables():
    with resources.as_file(_package_file("_data", "tables.bin")) as shipped:
        proc = subprocess.run(
            [sys.executable, str(TOOLS / "gen_tables.py"), "--check", "--out", str(shipped)],
            capture_output=True,
            text=True,
        )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.skipif(not (TOOLS / "gen_header.py").is_file(), reason="no tools/ (not a checkout)")
def test_generator_reproduces_shipped_header():
    """The shipped _generated.h is what tools/gen_header.py writes from _codes.py and the
    yaku table (as the tables are checked against gen_tables.py)."""
    with resources.as_file(_package_file("_generated.h")) as shipped:
        proc = subprocess.run(
            [sys.executable, str(TOOLS / "gen_header.py"), "--check", "--out", str(shipped)],
            capture_output=True,
            text=True,
        )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_core_c_api_shipped():
    """The package carries the core's C API for ``cimport ippatsu._core``: _core.pxd and
    every header it declares from (the generated one included)."""
    import re

    pxd = _package_file("_core.pxd").read_text(encoding="utf-8")
    headers = set(re.findall(r'cdef extern from "([\w.]+)"', pxd))
    assert {"_generated.h", "_kernels.h", "_score.h"} <= headers
    for h in headers:
        assert _package_file(h).is_file(), f"{h} is not shipped beside _core.pxd"
    assert "do not edit" in _package_file("_generated.h").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["state", "seat", "agents", "loops", "actionspace"])
def test_table_modules_compiled_with_their_sources_shipped(name):
    """The wheel carries the compiled state machine and agents and their sources (the
    interpreted twins under IPPATSU_PURE_PYTHON=1 and in tests/test_table_compiled.py)."""
    import importlib
    import importlib.machinery

    from ippatsu.table._source import COMPILED_SOURCES

    assert sorted(COMPILED_SOURCES) == ["actionspace", "agents", "loops", "seat", "state"]
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


# ---------------------------------------------------------------------------------------
# the packaging files of a checkout: metadata, MANIFEST.in, the wheels workflow's filters
# ---------------------------------------------------------------------------------------
ROOT = Path(__file__).resolve().parents[1]
CHECKOUT = (ROOT / "src" / "ippatsu").is_dir()
needs_checkout = pytest.mark.skipif(not CHECKOUT, reason="no src/ beside the tests")


def _toml(path: Path) -> dict:
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        tomllib = pytest.importorskip("tomli")
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file(), reason="no pyproject.toml")
def test_license_is_an_spdx_expression():
    """PEP 639: ``license = "MIT"`` + ``license-files`` (the ``{text = ...}`` table is
    deprecated: setuptools warns on every build and stops accepting it after 2027-02-18),
    and a build backend that reads it (setuptools >= 77)."""
    import re

    cfg = _toml(ROOT / "pyproject.toml")
    project = cfg["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"] and (ROOT / "LICENSE").is_file()
    assert not any(c.startswith("License ::") for c in project.get("classifiers", ()))
    req = [r for r in cfg["build-system"]["requires"] if r.startswith("setuptools")]
    m = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", req[0].replace(" ", ""))
    assert m and int(m.group(1)) >= 77, req


@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file(), reason="no pyproject.toml")
def test_wheel_carries_the_c_api():
    """pyproject's package data puts _core.pxd and the headers in the wheel (not the .pyx
    or generated .c)."""
    import fnmatch

    cfg = _toml(ROOT / "pyproject.toml")["tool"]["setuptools"]
    data = cfg["package-data"]["ippatsu"]
    excluded = cfg.get("exclude-package-data", {}).get("ippatsu", [])
    for f in ("_core.pxd", "_generated.h", "_kernels.h", "_score.h"):
        assert any(fnmatch.fnmatch(f, p) for p in data), f
        assert not any(fnmatch.fnmatch(f, p) for p in excluded), f
    for f in ("_core.pyx", "_core.c"):
        assert any(fnmatch.fnmatch(f, p) for p in excluded), f


def _manifest_lines():
    for line in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines():
        words = line.split("#", 1)[0].split()
        if words:
            yield words[0], words[1:]


@needs_checkout
@pytest.mark.skipif(not (ROOT / "MANIFEST.in").is_file(), reason="no MANIFEST.in")
def test_manifest_patterns_match_files():
    """Every ``include`` pattern and ``graft`` folder of MANIFEST.in names something that
    exists (``src/ippatsu/*.pxd`` once matched nothing), and the sources the build needs
    are included: the .pyx, the headers, the table's .pxd."""
    included = set()
    for cmd, args in _manifest_lines():
        if cmd == "include":
            for pat in args:
                hits = sorted(ROOT.glob(pat))
                assert hits, f"MANIFEST.in: include {pat} matches no file"
                included |= {p.relative_to(ROOT).as_posix() for p in hits}
        elif cmd == "graft":
            assert (ROOT / args[0]).is_dir(), f"MANIFEST.in: graft {args[0]}: no such folder"
    needed = {p.relative_to(ROOT).as_posix() for ext in ("pyx", "h", "pxd", "pyi")
              for p in (ROOT / "src" / "ippatsu").rglob(f"*.{ext}")}
    assert needed and sorted(needed - included) == []


def _glob_regex(pattern: str):
    """A GitHub Actions path filter as a regex: ``*`` stays within a folder, ``**`` does
    not."""
    import re

    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


def _workflow_paths(text: str) -> dict:
    """{event: [path filters]} of a workflow's ``on:`` block (a line-based reader: the
    filters are plain ``- pattern`` items under ``paths:``)."""
    paths, event, in_paths = {}, None, False
    for line in text.splitlines():
        body = line.split("#", 1)[0].rstrip()
        if not body.strip():
            continue
        indent = len(body) - len(body.lstrip())
        item = body.strip()
        if indent == 2 and item.endswith(":"):
            event, in_paths = item[:-1], False
        elif indent == 4:
            in_paths = item == "paths:"
        elif in_paths and item.startswith("- ") and event:
            paths.setdefault(event, []).append(item[2:].strip().strip("\"'"))
        if indent == 0 and not item.startswith("on:"):
            event = None
    return paths


@needs_checkout
@pytest.mark.skipif(not (ROOT / ".github" / "workflows" / "wheels.yml").is_file(),
                    reason="no .github/workflows (not a checkout)")
def test_wheels_workflow_filters_cover_every_compiled_source():
    """The wheels are rebuilt when any input of the build changes: every source setup.py
    compiles (the .pyx, table/state.py, table/agents.py), the .pxd and headers beside
    them, the tables and the packaging files, for pushes and pull requests alike."""
    import re

    paths = _workflow_paths((ROOT / ".github" / "workflows" / "wheels.yml").read_text())
    assert set(paths) == {"push", "pull_request"}, paths
    compiled = set(re.findall(r'"(src/ippatsu/[\w/]+\.(?:pyx|py))"',
                              (ROOT / "setup.py").read_text()))
    assert {"src/ippatsu/_core.pyx", "src/ippatsu/table/state.py",
            "src/ippatsu/table/agents.py"} <= compiled
    from ippatsu.table._source import COMPILED_SOURCES

    assert {f"src/ippatsu/table/{n}.py" for n in COMPILED_SOURCES} <= compiled
    inputs = set(compiled)
    inputs |= {p.relative_to(ROOT).as_posix() for ext in ("pxd", "pxi", "h")
               for p in (ROOT / "src" / "ippatsu").rglob(f"*.{ext}")}
    inputs |= {"src/ippatsu/_data/tables.bin", "src/ippatsu/_data/tables.sha256",
               "setup.py", "pyproject.toml", "MANIFEST.in", ".github/workflows/wheels.yml"}
    for event, pats in paths.items():
        regexes = [_glob_regex(p) for p in pats]
        missed = sorted(f for f in inputs if not any(r.match(f) for r in regexes))
        assert missed == [], f"wheels.yml {event} paths miss {missed}"


def test_glob_regex_follows_github_semantics():
    assert _glob_regex("src/ippatsu/*.pyx").match("src/ippatsu/_core.pyx")
    assert not _glob_regex("src/ippatsu/*.pxd").match("src/ippatsu/table/state.pxd")
    assert _glob_regex("src/ippatsu/**/*.pxd").match("src/ippatsu/table/state.pxd")
    assert _glob_regex("src/ippatsu/**/*.pxd").match("src/ippatsu/state.pxd")
    assert _glob_regex("src/ippatsu/_data/**").match("src/ippatsu/_data/tables.bin")


def test_the_user_documentation_ships_with_the_package():
    """Docstrings and --help cite docs/NAME.md: every page is there for a pip install
    (ippatsu/_docs in the wheel; a checkout's docs/ for an editable one), equal to the
    source's."""
    from ippatsu import docs

    folder = docs.folder()
    assert folder is not None and "rules" in docs.pages() and "errors" in docs.pages()
    if os.environ.get("IPPATSU_REQUIRE_INSTALLED") == "1":  # the installed wheel
        assert folder == Path(ippatsu.__file__).resolve().parent / "_docs"
    src = ROOT / "docs"
    if src.is_dir():
        assert sorted(p.stem for p in src.glob("*.md")) == docs.pages()
        for p in src.glob("*.md"):
            assert docs.page(p.stem) == p.read_text(encoding="utf-8"), p.name


# ---------------------------------------------------------------------------------------
# the wheels: one list of CPython versions, one test command (tools/check_wheels.py here,
# cibuildwheel in .github/workflows/wheels.yml)
# ---------------------------------------------------------------------------------------
@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file(), reason="no pyproject.toml")
def test_classifiers_name_the_cpython_versions_of_requires_python():
    """requires-python is the list of tested CPython versions (the wheels built and
    smoke-tested by tools/check_wheels.py and by cibuildwheel): bounded above, so a newer
    Python gets pip's Requires-Python refusal rather than a compile error, and the version
    classifiers name exactly its minor versions."""
    import re

    from packaging.specifiers import SpecifierSet

    project = _toml(ROOT / "pyproject.toml")["project"]
    spec = SpecifierSet(project["requires-python"])
    inside = {(3, m) for m in range(40) if f"3.{m}.0" in spec or f"3.{m}.99" in spec}
    assert inside and "3.40.0" not in spec and "4.0" not in spec, spec
    classified = {tuple(map(int, m.groups())) for c in project["classifiers"]
                  for m in [re.fullmatch(r"Programming Language :: Python :: (\d+)\.(\d+)", c)]
                  if m}
    assert classified == inside


@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file(), reason="no pyproject.toml")
def test_wheels_take_their_versions_and_test_command_from_pyproject():
    """cibuildwheel builds the CPython versions of requires-python (``build`` names no
    version of its own) and tests each wheel with tools/wheel_smoke.py; the wheels
    workflow overrides neither (no CIBW_BUILD / CIBW_TEST_* / CIBW_PROJECT_REQUIRES_PYTHON),
    so GitHub builds and tests what tools/check_wheels.py builds and tests here."""
    import re

    cibw = _toml(ROOT / "pyproject.toml")["tool"]["cibuildwheel"]
    assert not re.search(r"cp3\d", cibw["build"]), cibw["build"]
    assert "tools/wheel_smoke.py" in cibw["test-command"]
    assert (ROOT / "tools" / "wheel_smoke.py").is_file()
    assert "overrides" not in cibw  # one test command on every platform
    wf = ROOT / ".github" / "workflows" / "wheels.yml"
    if wf.is_file():
        text = wf.read_text(encoding="utf-8")
        for var in ("CIBW_BUILD", "CIBW_SKIP", "CIBW_TEST_COMMAND", "CIBW_TEST_REQUIRES",
                    "CIBW_TEST_EXTRAS", "CIBW_PROJECT_REQUIRES_PYTHON"):
            assert var not in text, f"wheels.yml sets {var}"


@pytest.mark.skipif(not (ROOT / "tools" / "wheel_smoke.py").is_file(),
                    reason="no tools/ beside the tests")
def test_wheel_smoke_names_tests_that_exist():
    """Every entry of the wheels' smoke list is a test file, or a test function in one
    (a renamed test would make the wheel check fail on collection, on GitHub only)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_wheel_smoke", TOOLS / "wheel_smoke.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.SMOKE
    for entry in mod.SMOKE:
        name, _, func = entry.partition("::")
        path = ROOT / "tests" / name
        assert path.is_file(), entry
        if func:
            assert f"\ndef {func}(" in path.read_text(encoding="utf-8"), entry
