#!/usr/bin/env python3
"""The wheel smoke test: a short subset of the test suite run against the installed
ippatsu, once on the compiled core and once on the pure-Python twin
(``IPPATSU_PURE_PYTHON=1``).

    python tools/wheel_smoke.py [PROJECT]

PROJECT is the folder that holds ``tests/`` (an unpacked sdist or a checkout; default:
the one this file is in). Run it with the interpreter of a venv where a wheel is
installed, never with ``src/`` importable: ``IPPATSU_REQUIRE_INSTALLED=1`` is set, so
``tests/test_packaging.py`` fails on a source tree.

It is the wheels' one test command: cibuildwheel runs it on every wheel it builds
(``pyproject.toml``, ``[tool.cibuildwheel] test-command``, dependencies in
``test-requires``) and ``tools/check_wheels.py`` runs the same command on each wheel it
builds here. What it runs (a minute or two a wheel): the hand core, scoring (the result
object, the shared corpora when ``IPPATSU_SHARED_DATA`` has them), one replay of Tenhou
records, one study, the server's app and page, and what the installed package carries.

It prints one line per backend and a closing ``smoke: N passed, N failed, N
skipped``, and exits 1 when a test failed or none ran.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

#: pytest node ids under tests/ (each line: file, or file::test)
SMOKE = [
    # the hand core: known answers, the reference twin, bad input, batches
    "test_core.py::test_rule_3_shanten_known_answers",
    "test_core.py::test_rule_3_shanten_problems",
    "test_core.py::test_backend_matches_reference",
    "test_core.py::test_bad_input_raises_clear_errors",
    "test_core.py::test_batch_read_only_out_and_threads",
    # scoring: every ScoreResult whole (the compiled road vs the pure evaluation), the
    # shared corpora (kobalab's 10,000 scored hands through score() and score_batch)
    "test_score_result.py",
    "test_scoring_kobalab.py",
    "test_score_batch.py",
    # one replay: a Tenhou record, every hand's result, under two rule settings
    "test_table_replay.py::test_tenhou_open_kan_dora_turns_at_the_discard",
    # one study (a seeded match, serial and in local worker processes)
    "test_study.py::test_match_same_result_on_every_backend_chunking_and_worker_count",
    "test_study_position.py::test_position_takes_keyword_arguments_only",
    # the server: the app imports and answers, its page's static files are served
    "test_server.py::test_openapi_docs_and_index",
    "test_server.py::test_score_matches_library",
    # what the installed package carries (tables, stub, C API, compiled table modules)
    "test_packaging.py",
]

BACKENDS = (("compiled", "0"), ("pure", "1"))


def _counts(report: Path) -> tuple:
    """(passed, failed, skipped) from a JUnit report (errors count as failures)."""
    if not report.is_file():
        return 0, 1, 0
    root = ET.parse(report).getroot()
    passed = failed = skipped = 0
    for case in root.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    project = Path(args[0] if args else Path(__file__).resolve().parents[1]).resolve()
    tests = project / "tests"
    if not tests.is_dir():
        print(f"error: {tests} is not a folder of tests", file=sys.stderr)
        return 2
    total = [0, 0, 0]
    with tempfile.TemporaryDirectory(prefix="ippatsu-smoke-") as tmp:
        for name, pure in BACKENDS:
            report = Path(tmp) / f"junit-{name}.xml"
            env = dict(os.environ, IPPATSU_PURE_PYTHON=pure, IPPATSU_REQUIRE_INSTALLED="1")
            cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                   "-o", "addopts=", "-rfEs", f"--junitxml={report}",
                   f"--rootdir={project}", *[str(tests / n) for n in SMOKE]]
            # run from an empty folder: nothing importable but the installed package
            rc = subprocess.call(cmd, cwd=tmp, env=env)
            p, f, s = _counts(report)
            if rc not in (0, 5) and f == 0:
                f = 1  # pytest failed without a failing test (collection, usage)
            print(f"smoke, {name}: {p} passed, {f} failed, {s} skipped", flush=True)
            total = [total[0] + p, total[1] + f, total[2] + s]
    p, f, s = total
    print(f"smoke: {p} passed, {f} failed, {s} skipped")
    return 0 if f == 0 and p > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
