#!/usr/bin/env python3
"""Mutation testing of the rule modules with cosmic-ray, repeatable and offline.

    python tools/mutation.py yaku --sample 150 --seed 1        # a seeded sample of mutants
    python tools/mutation.py scoring --sample 100
    python tools/mutation.py state                             # every mutant (slow)
    python tools/mutation.py --list                            # the targets and their tests

What it does (docs/testing.md has the why):

1. copies ``src/``, ``tests/`` and ``pyproject.toml`` of this checkout into a scratch
   folder, so the checkout itself is never mutated (others may be working in it);
2. writes a cosmic-ray configuration for the target module with a fast, targeted test
   command (``pytest -x`` over the tests of that module) and runs ``cosmic-ray init``;
3. keeps a seeded random sample of the mutants (``--sample N --seed S``; all without
   ``--sample``): the same command gives the same mutants;
4. runs ``cosmic-ray exec`` with the pure-Python backend (``IPPATSU_PURE_PYTHON=1``: the
   interpreted ``state.py`` and the Python scorer, no compiled code to rebuild), the shared
   data hidden (``IPPATSU_SHARED_DATA=/nonexistent``: only the unit tests may kill), no
   bytecode cache (a mutant of the same size and second must not reuse a stale .pyc);
5. prints the kill rate and every surviving mutant as a diff, and writes both to
   ``--report`` (default ``mutation-<target>.txt`` in the current folder).

Needs ``cosmic-ray`` (``pip install cosmic-ray``) in the running interpreter's environment
next to an ippatsu install (its compiled part is not used). Exit status: 0 when the kill
rate reaches ``--min-kill`` (default 0: report only), 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# target -> (module path, the tests that pin its rules: fast, unit, tile notation)
TARGETS = {
    "yaku": ("src/ippatsu/yaku.py",
             ["tests/test_yaku.py", "tests/test_scoring.py", "tests/test_yaku_conditions.py",
              "tests/test_scoring_rules.py"]),
    "scoring": ("src/ippatsu/scoring.py",
                ["tests/test_scoring.py", "tests/test_yaku.py", "tests/test_scoring_rules.py",
                 "tests/test_score_output.py", "tests/test_yaku_conditions.py",
                 "tests/test_score_result_path.py", "tests/test_sanma.py",
                 "tests/test_sanma_scoring.py", "tests/test_hostile_inputs.py"]),
    "state": ("src/ippatsu/table/state.py",
              ["tests/test_table_rules.py", "tests/test_table_declarations.py",
               "tests/test_table_abortive_draws.py", "tests/test_table_calls.py",
               "tests/test_table_furiten.py", "tests/test_table_riichi.py",
               "tests/test_table_kans.py", "tests/test_table_pao.py",
               "tests/test_table_draws_and_game_end.py", "tests/test_table_events.py",
               "tests/test_table_state_checks.py", "tests/test_table_sanma_positions.py",
               "tests/test_table_validation.py", "tests/test_table_meld.py",
               "tests/test_table_sanma.py", "tests/test_liability.py",
               "tests/test_planet_furiten.py",
               # three-player self-play: ~40 s a mutant in pure Python, not a rule pin
               "--deselect",
               "tests/test_table_sanma.py::test_selfplay_conserves_108_tiles_and_points"]),
    "tiles": ("src/ippatsu/tiles.py", ["tests/test_tiles.py", "tests/test_hand.py",
                                       "tests/test_tiles_hand_lines.py"]),
    "reference-scoring": ("src/ippatsu/_reference/scoring.py",
                          ["tests/test_scoring.py", "tests/test_yaku.py",
                           "tests/test_scoring_rules.py", "tests/test_score_output.py",
                           "tests/test_yaku_conditions.py", "tests/test_sanma.py",
                           "tests/test_sanma_scoring.py"]),
    "handcore": ("src/ippatsu/_reference/handcore.py",
                 ["tests/test_reference_handcore.py", "tests/test_core.py"]),
    # fast known answers first (pytest -x stops at the first failure), the hypothesis and
    # batch tests of test_core.py after; the three-player keyword and efficiency_discard
    # are pinned outside test_core.py, so their tests are named one by one
    "reference-api": ("src/ippatsu/_reference/api.py",
                      ["tests/test_hand_core_inputs.py", "tests/test_core.py",
                       "tests/test_sanma.py::test_2m_to_8m_are_rejected_by_the_hand_core",
                       "tests/test_sanma.py::test_ukeire_counts_only_tiles_that_exist",
                       "tests/test_sanma.py::test_shanten_and_waits_three_players",
                       "tests/test_sanma.py::test_shanten_without_character_runs",
                       "tests/test_sanma.py::test_players_keyword_of_the_hand_core",
                       "tests/test_solo_kernel.py::test_efficiency_discard_definition",
                       "tests/test_solo_kernel.py::test_efficiency_discard_errors"]),
}


def _copy_tree(dst: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", "*.egg-info")
    for name in ("src", "tests"):
        shutil.copytree(ROOT / name, dst / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", dst / "pyproject.toml")


def _config(module: str, tests, timeout: float) -> str:
    cmd = " ".join([f'"{sys.executable}"', "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                    "-p", "no:randomly", *tests])
    return (
        "[cosmic-ray]\n"
        f'module-path = "{module}"\n'
        f"timeout = {timeout}\n"
        "excluded-modules = []\n"
        f"test-command = {json.dumps(cmd)}\n\n"
        "[cosmic-ray.distributor]\n"
        'name = "local"\n'
    )


def _sample(session: Path, n: int, seed: int) -> int:
    """Keep ``n`` mutants chosen with ``seed`` (by a stable order of the specs)."""
    con = sqlite3.connect(session)
    rows = con.execute(
        "SELECT job_id, operator_name, occurrence, start_pos_row, start_pos_col "
        "FROM mutation_specs ORDER BY start_pos_row, start_pos_col, operator_name, occurrence"
    ).fetchall()
    total = len(rows)
    if n < total:
        keep = {r[0] for r in random.Random(seed).sample(rows, n)}
        drop = [(r[0],) for r in rows if r[0] not in keep]
        con.executemany("DELETE FROM mutation_specs WHERE job_id = ?", drop)
        con.executemany("DELETE FROM work_items WHERE job_id = ?", drop)
        con.commit()
    con.close()
    return total


def _results(session: Path):
    con = sqlite3.connect(session)
    rows = con.execute(
        "SELECT s.start_pos_row, s.operator_name, s.definition_name, r.worker_outcome, "
        "r.test_outcome, r.diff FROM mutation_specs s LEFT JOIN work_results r "
        "ON s.job_id = r.job_id ORDER BY s.start_pos_row, s.operator_name"
    ).fetchall()
    con.close()
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("target", nargs="?", choices=sorted(TARGETS))
    ap.add_argument("--sample", type=int, default=0, help="mutants to run (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tests", nargs="+", help="override the target's test files")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per mutant")
    ap.add_argument("--workdir", type=Path, help="scratch folder (default: a temporary one)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    ap.add_argument("--report", type=Path, help="where to write the report")
    ap.add_argument("--min-kill", type=float, default=0.0, help="fail below this kill rate")
    ap.add_argument("--list", action="store_true", help="list the targets and exit")
    a = ap.parse_args(argv)
    if a.list or not a.target:
        for name, (mod, tests) in TARGETS.items():
            print(f"{name:14} {mod:38} {' '.join(tests)}")
        return 0
    try:
        import cosmic_ray  # noqa: F401
    except ImportError:
        print("error: cosmic-ray is not installed (pip install cosmic-ray)", file=sys.stderr)
        return 2
    module, tests = TARGETS[a.target]
    tests = a.tests or tests
    work = a.workdir or Path(tempfile.mkdtemp(prefix=f"ippatsu-mutation-{a.target}-"))
    work.mkdir(parents=True, exist_ok=True)
    report = a.report or Path(f"mutation-{a.target}.txt")
    env = dict(os.environ, IPPATSU_PURE_PYTHON="1", IPPATSU_SHARED_DATA="/nonexistent",
               PYTHONPATH=str(work / "src"), PYTHONDONTWRITEBYTECODE="1",
               IPPATSU_HYPOTHESIS_PROFILE="default")
    env.pop("IPPATSU_REQUIRE_INSTALLED", None)
    cr = [sys.executable, "-m", "cosmic_ray.cli"]   # the cosmic-ray command of this Python
    try:
        _copy_tree(work)
        (work / "cr.toml").write_text(_config(module, tests, a.timeout))
        session = work / "session.sqlite"
        # the unmutated code must pass the selection, or every mutant looks killed
        base = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p",
                               "no:cacheprovider", *tests], cwd=work, env=env,
                              capture_output=True, text=True)
        if base.returncode != 0:
            print(base.stdout[-3000:], base.stderr[-2000:], sep="\n", file=sys.stderr)
            print("error: the tests fail on the unmutated code", file=sys.stderr)
            return 2
        subprocess.run(cr + ["init", "cr.toml", str(session)], cwd=work, env=env, check=True)
        total = _sample(session, a.sample, a.seed) if a.sample else None
        subprocess.run(cr + ["exec", "cr.toml", str(session)], cwd=work, env=env, check=True)
        rows = _results(session)
    finally:
        if not a.keep and not a.workdir:
            shutil.rmtree(work, ignore_errors=True)
    done = [r for r in rows if (r[3] or "").lower() == "normal"]
    killed = [r for r in done if (r[4] or "").lower() == "killed"]
    survived = [r for r in done if (r[4] or "").lower() == "survived"]
    other = [r for r in rows if r not in killed and r not in survived]
    rate = len(killed) / max(1, len(killed) + len(survived))
    lines = [f"mutation testing of {module} (pure-Python backend, shared data hidden)",
             f"tests: {' '.join(tests)}",
             f"mutants: {len(rows)}" + (f" sampled of {total} (seed {a.seed})" if total else ""),
             f"killed {len(killed)}, survived {len(survived)}, other (timeout, error, "
             f"incompetent) {len(other)}; kill rate {rate:.1%}", ""]
    for r in survived:
        lines.append(f"SURVIVED line {r[0]} in {r[2]}: {r[1]}")
        lines.append(r[5] or "")
    for r in other:
        lines.append(f"OTHER ({r[3]}/{r[4]}) line {r[0]} in {r[2]}: {r[1]}")
    text = "\n".join(lines)
    print(text)
    report.write_text(text + "\n")
    return 0 if rate >= a.min_kill else 1


if __name__ == "__main__":
    sys.exit(main())
