"""Skip budget: fail when a test run skipped a test that is not on the expected list.

Usage (``.ci/run`` and the GitHub workflow call it after each pytest pass)::

    python -m pytest tests bench --junitxml=report.xml ...
    python tests/skip_budget.py report.xml --backend compiled|pure [--profile full|github]

``tests/expected_skips.txt`` lists the skips that are expected, one per line::

    BACKEND  PROFILE  PATTERN  | reason

``BACKEND`` is ``compiled``, ``pure`` or ``any``; ``PROFILE`` is ``full`` (``.ci/run``: the
shared data present and every peer of the test extra installed), ``github`` (the GitHub
job that runs the budget: the corpora fetched by the workflow) or ``any``; ``PATTERN`` is
a pattern over ``module::test`` ids (``*`` matches any text, all else is literal) as the JUnit report names them
(``tests.test_core::test_tables_sha256``, parameters included: ``...::test_x[case]``).
Every skip must match a line of its backend and profile; expected lines that did not skip
are listed as stale (information only: platforms differ). xfails are not skips.
"""
from __future__ import annotations

import argparse
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_LIST = HERE / "expected_skips.txt"


def read_expected(path: Path, backend: str, profile: str):
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        body = line.split("#", 1)[0] if line.lstrip().startswith("#") else line
        if not body.strip():
            continue
        spec, _, reason = body.partition("|")
        parts = spec.split()
        if len(parts) != 3:
            raise SystemExit(f"{path}:{n}: expected 'BACKEND PROFILE PATTERN | reason'")
        b, p, pattern = parts
        if b not in ("compiled", "pure", "any") or p not in ("full", "github", "any"):
            raise SystemExit(f"{path}:{n}: unknown backend/profile {b!r} {p!r}")
        if not reason.strip():
            raise SystemExit(f"{path}:{n}: every expected skip needs a reason after '|'")
        if b in (backend, "any") and p in (profile, "any"):
            out.append((pattern, reason.strip()))
    return out


def matches(pattern: str, tid: str) -> bool:
    """``*`` matches any text; everything else (brackets of parameter ids included) is
    literal."""
    rx = ".*".join(re.escape(part) for part in pattern.split("*"))
    return re.fullmatch(rx, tid) is not None


def read_skips(report: Path):
    """[(id, message)] of the skipped tests in a JUnit XML report (xfails excluded)."""
    skips = []
    root = ET.parse(report).getroot()
    for case in root.iter("testcase"):
        for child in case:
            if child.tag != "skipped" or child.get("type") == "pytest.xfail":
                continue
            tid = f"{case.get('classname', '')}::{case.get('name', '')}"
            skips.append((tid, child.get("message", "")))
    return skips


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("report", type=Path, help="JUnit XML written by pytest --junitxml")
    ap.add_argument("--backend", choices=("compiled", "pure"), required=True)
    ap.add_argument("--profile", choices=("full", "github"), default="full")
    ap.add_argument("--expected", type=Path, default=DEFAULT_LIST)
    args = ap.parse_args(argv)
    expected = read_expected(args.expected, args.backend, args.profile)
    skips = read_skips(args.report)
    used = set()
    unexpected = []
    for tid, msg in skips:
        hit = next((i for i, (pat, _) in enumerate(expected) if matches(pat, tid)), None)
        if hit is None:
            unexpected.append((tid, msg))
        else:
            used.add(hit)
    print(f"skip budget ({args.backend}, {args.profile}): {len(skips)} skipped, "
          f"{len(skips) - len(unexpected)} expected, {len(unexpected)} unexpected")
    stale = [expected[i] for i in range(len(expected)) if i not in used]
    for pat, reason in stale:
        print(f"  (expected but did not skip: {pat} | {reason})")
    if unexpected:
        print("error: tests skipped that tests/expected_skips.txt does not expect:",
              file=sys.stderr)
        for tid, msg in unexpected:
            print(f"  {tid}: {msg}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
