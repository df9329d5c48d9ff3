"""`ippatsu study solo | position | match` through the command line's main()."""
from __future__ import annotations

import json

import pytest

from ippatsu.cli import main
from ippatsu.study._position import EXAMPLE


def run(argv, capsys):
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


COMMON = ["--seed", "3", "--backend", "serial", "--no-progress"]


def test_match_json(capsys):
    rc, out, err = run(["study", "match", "greedy", "random", "random", "random",
                        "--games", "4", "--json"] + COMMON, capsys)
    assert rc == 0, err
    d = json.loads(out)
    assert d["kind"] == "match" and d["seed"] == 3 and d["estimates"]["games"] == 4
    assert [a["name"] for a in d["estimates"]["agents"]] == ["greedy", "random", "random", "random"]


def test_solo_table_and_plot(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "solo.png"
    rc, out, err = run(["study", "solo", "123m456p789s1122z", "--draws", "3", "-n", "2000",
                        "--visible", "1z", "--plot", str(png)] + COMMON, capsys)
    assert rc == 0, err
    assert "Solo draws" in out and "complete %" in out
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_position_from_a_file(capsys, tmp_path):
    f = tmp_path / "pos.txt"
    f.write_text(EXAMPLE)
    rc, out, err = run(["study", "position", str(f), "--choice", "riichi 9s", "--choice", "9s",
                        "-n", "10"] + COMMON, capsys)
    assert rc == 0, err
    assert "riichi 9s" in out and "10 worlds" in out


@pytest.mark.parametrize("argv, msg", [
    (["study", "match", "smart"], "unknown agent"),
    (["study", "match", "greedy", "--games", "6"], "multiple of 4"),
    (["study", "solo", "123m", "-n", "5"], "3k+1"),
    (["study", "solo", "123m456p789s1122z", "-n", "0"], "n must be"),
    (["study", "position", EXAMPLE, "--choice", "1z", "-n", "5"], "1z"),
])
def test_errors_are_one_line(argv, msg, capsys):
    rc, out, err = run(argv + ["--backend", "serial", "--no-progress"], capsys)
    assert rc == 1 and out == ""
    assert err.startswith("ippatsu: error:") and msg in err and "Traceback" not in err


def test_a_study_is_required(capsys):
    rc, out, err = run(["study"], capsys)
    assert rc == 2 and "solo, position, match" in err


def test_position_cut_from_a_record(capsys):
    from conftest import shared_path

    f = shared_path("tenhou", "mjlog", "mjx", "2020052700gm-00a9-0000-75a4695c.mjlog")
    rc, out, err = run(["study", "position", "--record", str(f), "--hand", "0", "--turn", "20",
                        "--choice", "tsumogiri", "-n", "5", "--agents", "random", "--json"]
                       + COMMON, capsys)
    assert rc == 0, err
    d = json.loads(out)
    assert d["estimates"]["choices"][0]["worlds"] == 5 and "turn" in d["params"]["position"]


def test_position_needs_text_or_record(capsys):
    rc, out, err = run(["study", "position", "--choice", "9s"] + COMMON, capsys)
    assert rc == 2 and "--record" in err


def test_a_position_file_that_does_not_exist_is_named(capsys, tmp_path):
    missing = tmp_path / "nosuchfile.txt"
    rc, out, err = run(["study", "position", str(missing), "--choice", "9s"] + COMMON, capsys)
    assert rc == 2 and out == ""
    assert err.startswith("ippatsu: error: no such file") and str(missing) in err


@pytest.mark.parametrize("opt, module", [(["--plot", "x.png"], "matplotlib"),
                                          (["--out", "run"], "pyarrow")])
def test_a_missing_optional_package_stops_the_study_before_it_runs(opt, module, capsys,
                                                                   monkeypatch, tmp_path):
    import sys

    from ippatsu.study import _runner

    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    ran = []
    monkeypatch.setattr(_runner, "_serial", lambda *a: ran.append(1))
    rc, out, err = run(["study", "solo", "123m456p789s1122z", "-n", "10"] + opt + COMMON,
                       capsys)
    assert rc == 2 and not ran and out == ""
    assert err.startswith("ippatsu: error:") and module in err and opt[0] in err


def test_ctrl_c_prints_the_partial_result_and_exits_130(capsys, monkeypatch):
    from ippatsu.study import _runner

    real = _runner._run_chunk
    calls = []

    def interrupt_second(task, index, *a):
        calls.append(index)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(task, index, *a)

    monkeypatch.setattr(_runner, "_run_chunk", interrupt_second)
    rc, out, err = run(["study", "match", "random", "--games", "8"] + COMMON, capsys)
    assert rc == 130
    assert "PARTIAL" in out and "1 sets of 4 games" in out


def test_the_match_header_rate_counts_games(capsys):
    rc, out, err = run(["study", "match", "random", "--games", "8"] + COMMON, capsys)
    assert rc == 0
    header = out.splitlines()[1]
    assert "2 sets of 4 games" in header and "games/s)" in header
