"""The instruction budgets (bench/budgets.py, bench/budgets.toml): every item has a budget
measured on a named interpreter, and the check fails a count more than the tolerance over
or under its budget. (The counts themselves are measured by ``python bench/budgets.py``
under valgrind, in .ci/run; this file runs no valgrind.)"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture(scope="module")
def budgets():
    if sys.version_info < (3, 11):
        pytest.skip("the budget file is read with tomllib (Python 3.11+)")
    spec = importlib.util.spec_from_file_location("ippatsu_budgets", BENCH / "budgets.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_every_item_has_a_budget_and_the_interpreter_is_named(budgets):
    data = budgets.load()
    assert sorted(data["instructions"]) == sorted(budgets.ITEMS)
    assert all(isinstance(v, int) and v > 0 for v in data["instructions"].values())
    for key in budgets.MUST_MATCH:
        assert data["measured_on"].get(key), key
    assert 0 < data["tolerance"] <= 0.05


def test_a_count_over_or_under_its_budget_by_more_than_the_tolerance_fails(budgets):
    names = ["score_batch", "score_ids", "shanten_bytes", "shanten_list"]
    budget = {n: 10_000 for n in names}
    counts = {"score_batch": 10_301, "score_ids": 10_299, "shanten_bytes": 9_699,
              "shanten_list": 9_701}
    got = {name: (verdict, problem) for name, verdict, _line, problem
           in budgets.verdicts(names, counts, budget, 0.03)}
    assert got["score_batch"][0] == "OVER" and "over its budget" in got["score_batch"][1]
    assert got["score_ids"] == ("ok", None)
    assert got["shanten_bytes"][0] == "UNDER"
    assert "--update shanten_bytes" in got["shanten_bytes"][1]   # lower it, and how
    assert got["shanten_list"] == ("ok", None)


def test_an_item_without_a_budget_fails_and_one_that_cannot_run_is_named(budgets):
    got = budgets.verdicts(["solo_rollout", "tenhou_replay"],
                           {"solo_rollout": 5, "tenhou_replay": None}, {}, 0.03,
                           {"tenhou_replay": "the Tenhou records"})
    assert got[0][1] == "NONE" and got[0][3]
    assert got[1][1] == "SKIPPED" and got[1][3] is None and "Tenhou records" in got[1][2]


def test_another_interpreter_skips_with_the_reason(budgets):
    here = budgets.fingerprint()
    assert budgets._skip_reason(dict(here)) is None
    for key in budgets.MUST_MATCH:
        other = dict(here, **{key: "something else"})
        assert key in budgets._skip_reason(other)
