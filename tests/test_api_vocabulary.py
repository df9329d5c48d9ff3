"""The small edges a first program meets: a misspelt rules field, a result asked for a
slot it does not have, a plot without a path, the run information printed, the
pure-Python switch set with an ordinary word. Each gets a named error or a useful value,
never a bare KeyError / TypeError or an object address."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ippatsu import IppatsuError, Rules, StudyError, study
from ippatsu.study._position import EXAMPLE

QUIET = dict(backend="serial", progress=False)


@pytest.mark.parametrize("field, hint", [("kiriag", "kiriage"), ("uma_", "uma"),
                                         ("red_five", "red_fives"), ("zzz", "to_dict")])
def test_an_unknown_rules_field_is_named_with_the_closest_fields(field, hint):
    with pytest.raises(IppatsuError) as e:
        Rules().replace(**{field: True})
    assert e.value.code == "bad_rules"
    assert repr(field) in str(e.value) and hint in str(e.value)
    assert Rules().replace(kiriage=True).kiriage is True


@pytest.fixture(scope="module")
def match_result():
    return study.match(["random"] * 4, games=4, seed=1, **QUIET)


@pytest.mark.parametrize("call", [lambda r: r.compare(0, 9), lambda r: r.compare(4, 0),
                                  lambda r: r.compare(1, 1), lambda r: r.agent(4),
                                  lambda r: r.compare("0", 1), lambda r: r.agent(True)])
def test_a_match_result_names_a_slot_it_does_not_have(match_result, call):
    with pytest.raises(StudyError) as e:
        call(match_result)
    assert e.value.code == "bad_index"
    assert "slot" in str(e.value)


def test_negative_slots_count_from_the_end(match_result):
    same = lambda a, b: repr(a) == repr(b)  # noqa: E731 - NaN != NaN in a one-set match
    assert same(match_result.agent(-1), match_result.agent(3))
    assert same(match_result.compare(0, -1), match_result.compare(0, 3))


def test_a_position_result_names_a_choice_it_does_not_have():
    r = study.position(EXAMPLE, ["9s", "5s"], n=2, seed=1, agents="random", **QUIET)
    for call in (lambda: r.choice(2), lambda: r.compare(0, 2), lambda: r.compare(1, 1)):
        with pytest.raises(StudyError) as e:
            call()
        assert e.value.code == "bad_index" and "choice" in str(e.value)


def test_the_run_information_prints_its_fields(match_result):
    text = repr(match_result.info)
    assert text.startswith("RunInfo(") and "backend='serial'" in text and "n=1" in text
    assert " at 0x" not in text


def test_plot_without_a_path_writes_a_named_file(match_result, tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    path = match_result.plot()
    assert path == "ippatsu-match-1.png" and (tmp_path / path).stat().st_size > 0
    assert match_result.plot(tmp_path / "x.png") == str(tmp_path / "x.png")


def _backend_with(value: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, IPPATSU_PURE_PYTHON=value)
    return subprocess.run([sys.executable, "-c", "import ippatsu; print(ippatsu.BACKEND)"],
                          env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("value, backend", [("yes", "python"), ("TRUE", "python"),
                                            ("on", "python"), ("0", "cython"),
                                            ("no", "cython"), ("", "cython")])
def test_the_pure_python_switch_reads_the_usual_words(value, backend):
    r = _backend_with(value)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == backend


def test_the_pure_python_switch_refuses_other_words():
    r = _backend_with("maybe")
    assert r.returncode != 0
    assert "IPPATSU_PURE_PYTHON='maybe'" in r.stderr and "bad_environment" not in r.stdout
