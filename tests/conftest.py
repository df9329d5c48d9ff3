"""Shared test fixtures.

Outside answers live in ``../shared/data`` beside the project root (or wherever
``IPPATSU_SHARED_DATA`` points). Tests that need them take the ``shared_data`` fixture,
which skips cleanly when the folder is absent (a user's fresh clone has none).
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("IPPATSU_SHARED_DATA", ROOT.parent / "shared" / "data"))


def shared_path(*parts: str) -> Path:
    """Path under the shared data folder, skipping the calling test if it is missing."""
    p = SHARED_DATA.joinpath(*parts)
    if not p.exists():
        pytest.skip(f"shared data not available: {p}")
    return p


def data_params(paths, *where: str):
    """Parameters for a test over the shared data files ``paths``: the paths themselves,
    or, when the folder ``SHARED_DATA/where`` is absent, one parameter that skips with the
    reason (not an anonymous "empty parameter set" skip that a skip budget cannot tell
    from a lost corpus)."""
    paths = list(paths)
    if paths:
        return paths
    folder = SHARED_DATA.joinpath(*where)
    return [pytest.param(None, id="no-shared-data",
                         marks=pytest.mark.skip(reason=f"shared data not available: {folder}"))]


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data folder not available: {SHARED_DATA}")
    return SHARED_DATA


# Hypothesis profiles: the ordinary suite runs a modest number of examples; the soak
# (`--hypothesis-profile=fuzz`, see tests/test_hostile_fuzz.py) many more.
try:
    from hypothesis import HealthCheck, settings as _hsettings

    _hsettings.register_profile("default", max_examples=60, deadline=None)
    _hsettings.register_profile("fuzz", max_examples=5000, deadline=None,
                                suppress_health_check=list(HealthCheck))
    _hsettings.load_profile(os.environ.get("IPPATSU_HYPOTHESIS_PROFILE", "default"))
except ImportError:  # pragma: no cover
    pass


# ``ippatsu serve`` in its own process (tests/test_server.py, tests/test_server_page.py)
def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """A running ``python -m ippatsu serve`` on a free loopback port: ``url``, ``proc``."""

    def __init__(self, timeout: float = 60.0):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ippatsu", "serve", "--port", str(self.port),
             "--log-level", "warning"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ))
        deadline = time.monotonic() + timeout
        try:
            while True:
                if self.proc.poll() is not None:
                    raise RuntimeError("ippatsu serve exited: "
                                       + self.proc.stderr.read().decode(errors="replace"))
                try:
                    with urllib.request.urlopen(self.url + "/v1/health", timeout=2) as r:
                        if r.status == 200:
                            break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"ippatsu serve not ready in {timeout:.0f} s")
                time.sleep(0.1)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (self.proc.stdout, self.proc.stderr):
            if f is not None:
                f.close()


@pytest.fixture(scope="module")
def ippatsu_server():
    """A real ``ippatsu serve`` process for the module (the backend follows the
    environment: ``IPPATSU_PURE_PYTHON=1`` reaches the server too); stopped at the end."""
    pytest.importorskip("fastapi")
    pytest.importorskip("uvicorn")
    srv = ServerProcess()
    try:
        yield srv
    finally:
        srv.stop()
