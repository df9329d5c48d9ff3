"""Run each atheris harness for a few seconds (skipped when atheris is not installed),
and every target once over a small fixed corpus (always)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import harness  # noqa: E402

CORPUS = [b"", b"123m456p789s1122z", b"pon 555z", b"chi 3m+45m<L", b"1m [pon <A]",
          b"\x1f\x8b\x08\x00", b"<mjloggm><INIT/></mjloggm>", b'{"log": [[1]]}',
          b"\xff\xfe\x00", b"0m0m0m", b"5mr", b"[" * 5000, b"<a>" * 2000]


@pytest.mark.parametrize("target", harness.TARGETS)
def test_corpus(target):
    for data in CORPUS:
        harness.one_input(target, data)


@pytest.mark.parametrize("target", harness.TARGETS)
def test_atheris_short_run(target):
    pytest.importorskip("atheris")
    if os.environ.get("IPPATSU_PURE_PYTHON") == "1":
        pytest.skip("the fuzzed parsers are the same Python in both passes: run once")
    secs = os.environ.get("IPPATSU_ATHERIS_SECONDS", "3")
    r = subprocess.run([sys.executable, str(HERE / "harness.py"), target,
                        f"-max_total_time={secs}", "-rss_limit_mb=2048"],
                       capture_output=True, text=True, timeout=int(secs) * 20 + 60)
    assert r.returncode == 0, r.stderr[-3000:]
