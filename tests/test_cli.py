"""The ``ippatsu`` command line, driven through its real entry points: ``main([...])``
(``ippatsu.__main__.main``, the console script) with captured output, and
``python -m ippatsu`` in a subprocess."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import types

import numpy as np
import pytest

from ippatsu import __version__, core
from ippatsu.__main__ import main
from ippatsu.cli import tile_glyph
from ippatsu.cli import parse_hand_lines
from ippatsu.tiles import parse_counts


def run(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def run_module(*argv, stdin=None):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    p = subprocess.run([sys.executable, "-m", "ippatsu", *argv], input=stdin,
                       capture_output=True, env=env, timeout=60)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def assert_one_error_line(err):
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ippatsu: error: "), err
    assert "Traceback" not in err


# ---------------------------------------------------------------------------------------
# ippatsu hand
# ---------------------------------------------------------------------------------------
def test_hand_tenpai_table(capsys):
    rc, out, err = run(capsys, "hand", "123m555p678s2277z", "--seat", "W")
    assert rc == 0 and err == ""
    assert "Shanten    0 — tenpai" in out
    assert "Waits      2z 7z" in out
    row7 = next(line for line in out.splitlines() if line.strip().startswith("7z"))
    assert "1 han 40 fu" in row7 and "1,300" in row7 and "chun" in row7
    row2 = next(line for line in out.splitlines() if line.strip().startswith("2z"))
    assert "no yaku" in row2 and "with riichi" in row2
    assert "shape hints, not promises" in out


def test_hand_complete(capsys):
    rc, out, err = run(capsys, "hand", "234m456p678s3455s2s", "--riichi", "--seat", "S",
                       "--dora", "1m")
    assert rc == 0 and err == ""
    assert "Win        on 2s by ron" in out
    assert "= 4 han 30 fu → 7,700" in out
    assert "No-points hand (pinfu)" in out and "no (concealed only)" in out
    assert "yes, 1 han" in out
    assert "If built open (chi" in out and "2 han 30 fu 2,000" in out
    assert "loses riichi, pinfu" in out  # compact lists: the romaji


def test_hand_tsumo_win_option_and_melds(capsys):
    rc, out, _ = run(capsys, "hand", "123m555p67s22z", "--win", "8s", "--tsumo",
                     "--meld", "pon 777z", "--seat", "W")
    assert rc == 0
    assert "on 8s by tsumo" in out and "Red dragon" in out
    assert "If built open" not in out  # calls declared: no comparison
    rc, out2, _ = run(capsys, "hand", "123m555p678s22z", "[pon", "777z]", "--tsumo",
                      "--seat", "W")
    assert rc == 0 and "on 2z by tsumo" in out2


def test_hand_shanten_and_discards(capsys):
    rc, out, _ = run(capsys, "hand", "147m258p369s1234z")
    assert rc == 0 and "Effective tiles" in out
    rc, out, _ = run(capsys, "hand", "123m456p789s11223z")
    assert rc == 0 and "Discards (best first)" in out
    first = out.split("Discards (best first)")[1].splitlines()[2]
    assert first.split()[:3] == ["3z", "tenpai", "4"]


def test_hand_json(capsys):
    rc, out, _ = run(capsys, "hand", "123m456p789s1122z", "--json")
    assert rc == 0
    d = json.loads(out)
    assert d["shanten"] == 0 and [w["tile"] for w in d["waits"]] == ["1z", "2z"]
    assert d["waits"][0]["ron"]["points"] > 0


def test_hand_three_players(capsys):
    """docs/rules.md §11 at the command line: a three-player preset and Norths set
    aside give what analyze() gives; the North seat and 2m-8m are one-line errors."""
    from ippatsu import analyze

    rc, out, _ = run(capsys, "hand", "11m123p456p789p78s", "--rules", "tenhou_sanma",
                     "--nukidora", "1", "--seat", "W", "--json")
    assert rc == 0
    want = analyze("11m123p456p789p78s", rules="tenhou_sanma", nukidora=1, seat_wind=2)
    assert json.loads(out) == json.loads(json.dumps(want.to_dict()))
    for argv in (("11m123p456p789p78s", "--seat", "N"), ("123m456p789s1122z",)):
        rc, _, err = run(capsys, "hand", *argv, "--rules", "tenhou_sanma")
        assert rc == 1 and len(err.strip().splitlines()) == 1


def test_hand_being_built(capsys):
    """docs/rules.md §9: a hand of 3k tiles is analysed as one being built; the command
    shows its status, its effective draws (as analyze() gives them) and the hints."""
    from ippatsu import analyze

    rc, out, _ = run(capsys, "hand", "13m5p9s1z7z", "--glyphs", "never")
    assert rc == 0
    a = analyze("13m5p9s1z7z")
    assert "building" in out and "Yaku to aim for" in out
    assert "  ".join(f"{t.tile}×{t.unseen}" for t in a.ukeire) in out


def test_hand_glyphs(capsys):
    rc, out, _ = run(capsys, "hand", "123m456p789s1122z", "--glyphs", "always")
    assert rc == 0
    assert tile_glyph(0) in out and tile_glyph(27) in out
    rc, out, _ = run(capsys, "hand", "123m456p789s1122z")  # captured: not a terminal
    assert not any(0x1F000 <= ord(ch) <= 0x1F021 for ch in out)


def test_tile_glyphs_cover_the_block():
    glyphs = {tile_glyph(k) for k in range(34)}
    assert len(glyphs) == 34
    assert {ord(g) for g in glyphs} == set(range(0x1F000, 0x1F022))  # U+1F000-U+1F021
    assert tile_glyph(27) == "\U0001F000" and tile_glyph(31) == "\U0001F006"
    assert tile_glyph(33) == "\U0001F004" and tile_glyph(0) == "\U0001F007"
    assert tile_glyph(9) == "\U0001F019" and tile_glyph(18) == "\U0001F010"


@pytest.mark.parametrize("argv, rc", [
    (["hand", "123m456p789s11x2z"], 1),          # bad notation
    (["hand", "11111m456p789s112z"], 1),         # fifth copy
    (["hand", "123m456p789s11222z1z"], 1),           # bad size
    (["hand", "123m456p789s1122z", "--rules", "nope"], 2),
    (["hand", "123m456p789s1122z", "--seat", "X"], 2),
    (["hand", "123m456p789s1122z", "--meld", "chi 1z+23z"], 1),
    (["table", "--rules", "bogus"], 2),
    (["shanten", "/nonexistent/hands.txt"], 1),  # missing file
    (["frobnicate"], 2),
    ([], 2),
])
def test_errors_are_one_line(capsys, argv, rc):
    got, out, err = run(capsys, *argv)
    assert got == rc
    if argv:
        assert_one_error_line(err)
    assert "Traceback" not in err


def test_error_messages_name_the_problem(capsys):
    _, _, err = run(capsys, "hand", "11111m456p789s112z")
    assert "fifth copy" in err
    _, _, err = run(capsys, "hand", "1z", "--rules", "nope")
    assert "invalid choice: 'nope'" in err
    _, _, err = run(capsys, "shanten", "/nonexistent/hands.txt")
    assert "No such file" in err and "/nonexistent/hands.txt" in err


def test_version(capsys):
    rc, out, _ = run(capsys, "--version")
    assert rc == 0 and out.strip() == f"ippatsu {__version__}"


# ---------------------------------------------------------------------------------------
# ippatsu table
# ---------------------------------------------------------------------------------------
def test_table(capsys):
    rc, out, _ = run(capsys, "table")
    assert rc == 0 and "non-dealer: ron / tsumo" in out
    row30 = next(line for line in out.splitlines() if line.startswith("30 "))
    assert "1000 / 300-500" in row30 and "7700" in row30  # no kiriage: 4 han 30 fu
    row20 = next(line for line in out.splitlines() if line.startswith("20 "))
    assert "– / –" in row20
    rc, out, _ = run(capsys, "table", "--dealer", "--rules", "tenhou")
    assert rc == 0 and "dealer: ron / tsumo" in out and "non-dealer" not in out.split("\n")[1]
    assert "rules: tenhou" in out
    rc, out, _ = run(capsys, "table", "--json", "--max-han", "5")
    d = json.loads(out)
    cell = next(c for c in d["cells"] if (c["han"], c["fu"]) == (3, 40))
    assert cell["ron"] == 5200 and cell["tsumo"] == [1300, 2600]


# ---------------------------------------------------------------------------------------
# ippatsu shanten
# ---------------------------------------------------------------------------------------
HANDS = ["123m456p789s1122z", "", "# a comment", "19m19p19s1234567z  # kokushi",
         "11z [chi 3m+45m<L] [ankan 0555p] [pon 7z+77z<R] [kakan 9s+99s+9s<A]",
         "2345m", "147m258p369s1234z", "  1112345678999m  ", "406m406p406s11z"]


def test_shanten_file(tmp_path, capsys):
    f = tmp_path / "hands.txt"
    f.write_text("\n".join(HANDS))
    rc, out, err = run(capsys, "shanten", str(f))
    assert rc == 0 and err == ""
    hands = [h for h in HANDS if h.split("#")[0].strip()]
    want = [str(core.shanten(h.split("#")[0].strip())) for h in hands]
    assert out.split() == want
    rc, out, _ = run(capsys, "shanten", str(f), "--echo", "--form", "kokushi")
    lines = out.splitlines()
    assert lines[1] == "19m19p19s1234567z\t0"
    assert lines[2].endswith("\t-")  # a hand with melds has no thirteen-orphans form


def test_shanten_bad_lines_fail_fast_or_skip(tmp_path, capsys):
    f = tmp_path / "hands.txt"
    f.write_text("123m456p789s1122z\n12x3m\n11111m22p\n123m\n0m0m5m\n")
    rc, out, err = run(capsys, "shanten", str(f))
    assert rc == 1 and out == ""
    assert [line.split(":")[0] for line in err.splitlines()[:4]] == [
        "line 2", "line 3", "line 4", "line 5"]
    assert "unknown character 'x'" in err and "fifth copy" in err
    assert "second red five" in err
    assert err.splitlines()[-1].startswith("ippatsu: error: 4 bad lines")
    rc, out, err = run(capsys, "shanten", str(f), "--skip-bad", "--echo")
    assert rc == 0 and out == "123m456p789s1122z\t0\n" and "line 2:" in err


def test_shanten_stdin_subprocess():
    rc, out, err = run_module("shanten", "-", stdin=b"123m456p789s1122z\n19m19p19s1234567z\n")
    assert (rc, out.split(), err) == (0, ["0", "0"], "")
    rc, out, err = run_module("shanten", "-", stdin=b"123m\n")
    assert rc == 1 and err.startswith("line 1: ")


def test_parse_hand_lines_agrees_with_the_parser():
    rng = np.random.default_rng(7)
    lines, want = [], []
    for i in range(3000):
        n = int(rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 3, 6]))
        ids = rng.permutation(136)[:n]
        c = np.bincount(ids // 4, minlength=34)
        from ippatsu.tiles import format_tiles

        text = format_tiles(ids.tolist())
        if i % 97 == 0:
            text = text.replace("m", "q", 1) if "m" in text else text + "x"
        lines.append(text)
        want.append(c if n % 3 != 0 and "q" not in text and "x" not in text else None)
    counts, line_nos, bad = parse_hand_lines("\n".join(lines).encode())
    good = [i for i, w in enumerate(want) if w is not None]
    assert line_nos.tolist() == [i + 1 for i in good]
    assert np.array_equal(counts, np.array([want[i] for i in good], np.uint8))
    assert [ln for ln, _ in bad] == [i + 1 for i, w in enumerate(want) if w is None]
    for text in ("123m", "0z1m", "8z", "m12", "12 3m", "5555m0m", "0m0m12m"):
        assert parse_hand_lines(text.encode())[2], text
    c, _, bad = parse_hand_lines(b"406m406p406s11z\r\n")
    assert not bad and np.array_equal(c[0], parse_counts("456m456p456s11z"))


# ---------------------------------------------------------------------------------------
# ippatsu replay
# ---------------------------------------------------------------------------------------
def test_replay_not_available(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ippatsu.table.replay", None)
    rc, out, err = run(capsys, "replay", "game.mjlog")
    assert rc == 2 and out == ""
    assert_one_error_line(err)
    assert "not available yet" in err


def test_replay_dispatches_when_present(monkeypatch, capsys):
    seen = []
    fake = types.ModuleType("ippatsu.table.replay")

    def fake_main(argv):
        seen.append(argv)
        return 3

    fake.main = fake_main
    monkeypatch.setitem(sys.modules, "ippatsu.table.replay", fake)
    rc, _, _ = run(capsys, "replay", "a.mjlog", "b.json", "--verbose")
    assert rc == 3 and seen == [["a.mjlog", "b.json", "--verbose"]]


# ---------------------------------------------------------------------------------------
# ippatsu bench
# ---------------------------------------------------------------------------------------
def test_bench_quick(capsys):
    rc, out, err = run(capsys, "bench", "--quick", "--json")
    assert rc == 0
    d = json.loads(out)
    names = " ".join(r["name"] for r in d["core"])
    for what in ("shanten_batch", "shanten() scalar", "is_agari_batch", "ukeire_batch",
                 "score()", "half games"):
        assert what in names
    assert all(r["per_second"] > 0 for r in d["core"])
    for p in d["peers"]:
        # an installed peer that crashes is a failure (absent peers are not listed)
        assert "error" not in p and p["per_second"] > 0 and "x (" in p["ratio"], p
    pytest.importorskip("mahjong")
    mj = [p for p in d["peers"] if p["name"].startswith("mahjong")]
    assert mj and "error" not in mj[0]
    n = mj[0]["agreement"].split()[0].split("/")
    assert n[0] == n[1]  # shanten agrees on every hand


def test_bench_text_subprocess():
    rc, out, err = run_module("bench", "--quick", "--no-peers")
    assert rc == 0 and "shanten_batch" in out and "per second" in out


# ---------------------------------------------------------------------------------------
# python -m ippatsu
# ---------------------------------------------------------------------------------------
def test_module_entry_point():
    rc, out, err = run_module("hand", "123m456p789s1122z", "--glyphs", "always")
    assert rc == 0 and "tenpai" in out and "\U0001F007" in out
    rc, out, err = run_module("hand", "11111m456p789s112z")
    assert rc == 1 and out == ""
    assert_one_error_line(err)
    rc, out, _ = run_module("--version")
    assert rc == 0 and __version__ in out


# ---------------------------------------------------------------------------------------
# a winning tile that does not win
# ---------------------------------------------------------------------------------------
def test_win_tile_that_does_not_complete_the_hand_is_an_error(capsys):
    """``--win 5z`` on 123m456p789s1122z (tenpai on 1z 2z) used to turn silently into the
    discard analysis of a 14-tile hand; it is a NotAgariError, as score() raises."""
    rc, out, err = run(capsys, "hand", "123m456p789s1122z", "--win", "5z")
    assert rc == 1 and out == ""
    assert_one_error_line(err)
    assert "5z does not complete the hand 123m456p789s1122z (it waits on 1z 2z)" in err
    rc, out, err = run(capsys, "hand", "123m456p789s1135z", "--win", "5z", "--json")
    assert rc == 1 and out == "" and "(it is 1-shanten)" in err
    # a tile of a 14-tile hand that is not complete
    rc, out, err = run(capsys, "hand", "123m456p789s11225z", "--win", "5z")
    assert rc == 1 and out == ""
    assert "the hand 123m456p789s11225z is not complete (tenpai after a discard)" in err
    # the same hands still win on a tile that completes them
    rc, out, _ = run(capsys, "hand", "123m456p789s1122z", "--win", "1z")
    assert rc == 0 and "Win        on 1z by ron" in out
    rc, out, _ = run(capsys, "hand", "123m456p789s1122z", "--win", "2z", "--tsumo")
    assert rc == 0 and "Win        on 2z by tsumo" in out
    # without --win a 14-tile hand that is not complete is still a discard analysis
    rc, out, _ = run(capsys, "hand", "123m456p789s11225z")
    assert rc == 0 and "Discards (best first)" in out


# ---------------------------------------------------------------------------------------
# terminals that are not UTF-8
# ---------------------------------------------------------------------------------------
def run_encoded(encoding, *argv):
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    p = subprocess.run([sys.executable, "-m", "ippatsu", *argv], capture_output=True,
                       env=env, timeout=120)
    return p.returncode, p.stdout, p.stderr


ENCODED_RUNS = [
    ("hand", "123m406p789s1122z", "--dora", "1z"),
    ("hand", "234m456p678s3455s2s", "--riichi", "--seat", "S", "--dora", "1m", "--glyphs",
     "always"),
    ("hand", "19m19p19s1234567z", "--glyphs", "always"),
    ("hand", "147m258p369s1234z"),
    ("table", "--dealer"),
]


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
@pytest.mark.parametrize("argv", ENCODED_RUNS, ids=lambda a: " ".join(a[:2]))
def test_plain_output_degrades_to_ascii(encoding, argv):
    """PYTHONIOENCODING=cp1252 ippatsu hand 123m406p789s1122z --dora 1z crashed with a
    UnicodeEncodeError ('→'); on a stream that cannot write the symbols the output is the
    ASCII form of the UTF-8 output (no glyphs, even with --glyphs always)."""
    from ippatsu.cli import to_ascii

    rc, out, err = run_encoded(encoding, *argv)
    assert (rc, err) == (0, b""), err.decode(encoding, "replace")
    text = out.decode("ascii")  # pure ASCII, also under cp1252
    rc8, out8, _ = run_encoded("utf-8", *argv)
    utf8 = out8.decode("utf-8")
    assert rc8 == 0
    if "--glyphs" in argv:  # the glyph line is left out
        utf8 = "\n".join(line for line in utf8.split("\n")
                         if not any(0x1F000 <= ord(c) <= 0x1F021 for c in line))
    assert text == to_ascii(utf8)
    assert "?" not in text  # every symbol has an ASCII form
    assert utf8 != text or argv[0] == "table"  # (the UTF-8 output does use the symbols)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_json_and_errors_on_a_non_utf8_stream(encoding):
    rc, out, err = run_encoded(encoding, "hand", "234m456p678s3455s2s", "--riichi", "--json")
    assert rc == 0 and err == b""
    rc8, out8, _ = run_encoded("utf-8", "hand", "234m456p678s3455s2s", "--riichi", "--json")
    assert json.loads(out.decode("ascii")) == json.loads(out8.decode("utf-8"))
    rc, out, err = run_encoded(encoding, "hand", "11111m456p789s112z")
    assert rc == 1 and out == b""
    assert_one_error_line(err.decode("ascii"))
    rc, out, err = run_encoded(encoding, "bench", "--quick", "--no-peers")
    assert rc == 0 and b"us each" in out and err == b""
    out.decode("ascii")


def test_to_ascii():
    from ippatsu.cli import to_ascii

    assert to_ascii("1z×2 → dora 2z · riichi — tenpai µs –") == \
        "1zx2 -> dora 2z | riichi - tenpai us -"
    assert to_ascii("plain") == "plain"
    assert to_ascii("\U0001F007") == "?"


# ---------------------------------------------------------------------------------------
# options: help text, --threads all
# ---------------------------------------------------------------------------------------
def _all_parsers(parser, path=()):
    import argparse

    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _all_parsers(sub, path + (name,))


def test_every_option_has_help_text():
    """table --max-han/--json, shanten --form/--threads, bench --json/--seed (and the
    study options) had no help text; every argument of every subcommand has one."""
    import argparse

    from ippatsu.cli import build_parser

    missing, seen = [], 0
    for path, parser in _all_parsers(build_parser()):
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._VersionAction,
                                   argparse._SubParsersAction)):
                continue
            seen += 1
            if not action.help or action.help == argparse.SUPPRESS:
                missing.append(" ".join(path) + " " + "/".join(action.option_strings or
                                                             [action.dest]))
    assert seen > 40 and missing == []


def test_help_is_ascii(capsys):
    """argparse writes --help to sys.stdout itself: its text stays ASCII so that it
    prints on any terminal."""
    from ippatsu.cli import build_parser

    for path, _ in _all_parsers(build_parser()):
        if path == ("replay",):
            continue
        rc, out, _ = run(capsys, *path, "--help")
        assert rc == 0 and out.strip()
        out.encode("ascii")


def test_shanten_threads_all(tmp_path, capsys):
    """--threads accepts "all" (or 0) for every core, as threads=None does in the API."""
    f = tmp_path / "hands.txt"
    f.write_text("\n".join(["123m456p789s1122z", "147m258p369s1234z"] * 3000))
    _, want, _ = run(capsys, "shanten", str(f))
    for t in ("all", "ALL", "0", "2"):
        rc, out, err = run(capsys, "shanten", str(f), "--threads", t)
        assert (rc, err) == (0, "") and out == want, t
    for bad in ("-1", "x", "1.5"):
        rc, out, err = run(capsys, "shanten", str(f), "--threads", bad)
        assert rc == 2 and out == ""
        assert_one_error_line(err)


def test_threads_all_means_the_api_default(monkeypatch, capsys, tmp_path):
    seen = []
    real = core.shanten_batch

    def spy(counts, **kw):
        seen.append(kw.get("threads", 1))
        return real(counts, **kw)

    monkeypatch.setattr(core, "shanten_batch", spy)
    f = tmp_path / "h.txt"
    f.write_text("123m456p789s1122z\n")
    run(capsys, "shanten", str(f), "--threads", "all")
    run(capsys, "shanten", str(f))
    assert seen == [None, 1]


# ---------------------------------------------------------------------------------------
# yaku names: one style
# ---------------------------------------------------------------------------------------
def test_yaku_display_names_one_style(capsys):
    """Every yaku's English display name is "English (romaji)" with the romaji of the row;
    the command line shows it on full lines and the romaji alone in compact lists (no
    mix of "Seat wind East" and "tanyao" in one list)."""
    from ippatsu.yaku import YAKU

    for y in YAKU:
        assert y.en.endswith(f" ({y.romaji})"), y.en
        english = y.en[: -len(y.romaji) - 3]
        assert english and english[0].isupper() and english.lower() != y.romaji, y.en
    rc, out, _ = run(capsys, "hand", "123m406p789s1122z", "--dora", "1z")
    row1 = next(line for line in out.splitlines() if line.strip().startswith("1z "))
    assert row1.endswith("jikaze ton, bakaze ton, dora 2, red 1")
    assert "  riichi " in out and "  jikaze ton " in out  # the hints
    rc, out, _ = run(capsys, "hand", "123m456p789s1122z", "--win", "1z")
    assert "Seat wind East (jikaze ton)" in out and "Round wind East (bakaze ton)" in out


# ---------------------------------------------------------------------------------------
# the README's command-line examples are the real output
# ---------------------------------------------------------------------------------------
README = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")


def _readme_hand_examples():
    if not os.path.isfile(README):
        return []
    text = open(README, encoding="utf-8").read()
    out = []
    for block in text.split("```text\n")[1:]:
        block = block.split("```", 1)[0]
        for chunk in ("\n" + block).split("\n$ ")[1:]:
            cmd, _, body = chunk.partition("\n")
            if cmd.startswith("ippatsu hand "):
                out.append((cmd, body.rstrip("\n")))
    return out


@pytest.mark.skipif(not _readme_hand_examples(), reason="no README beside the tests")
@pytest.mark.parametrize("cmd, shown", _readme_hand_examples(), ids=lambda x: x[:40])
def test_readme_hand_examples_are_real_output(capsys, cmd, shown):
    import shlex

    argv = shlex.split(cmd)[1:]
    rc, out, err = run(capsys, *argv)
    assert rc == 0 and err == ""
    assert out.rstrip("\n") == shown


def test_presets_lists_every_preset_and_its_differences(capsys):
    """`ippatsu presets` names every preset (docs/rules.md §10); with a name, every option
    that differs from ippatsu; --json gives the presets' own options."""
    import json as _json_mod

    from ippatsu.rules import PRESETS, Rules

    code, out, _ = run(capsys, "presets")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == list(PRESETS)
    code, out, _ = run(capsys, "presets", "mleague")
    want = {k for k, v in Rules.mleague().to_dict().items()
            if k != "name" and v != Rules().to_dict()[k]}
    assert code == 0 and {line.split()[0] for line in out.splitlines()[1:]} == want
    code, out, _ = run(capsys, "presets", "--json")
    assert _json_mod.loads(out) == {n: Rules.preset(n).to_dict() for n in PRESETS}
# ---------------------------------------------------------------------------------------
# the edges a new user meets first
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["hand", "--dora", "1z", "123m406p789s1122z"],
    ["hand", "--dora", "1z", "5m", "123m406p789s1122z"],
    ["hand", "123m406p789s1122z", "--dora", "1z", "5m"],
    ["hand", "--dora", "1z5m", "123m406p789s1122z", "--riichi"],
])
def test_dora_before_the_hand_does_not_take_the_hand(argv, capsys):
    rc, out, err = run(capsys, *argv, "--json")
    assert rc == 0, err
    d = json.loads(out)
    assert d["hand"] == "123m406p789s1122z"
    want = ["1z"] if argv.count("5m") == 0 and "1z5m" not in argv else ["1z", "5m"]
    assert d["dora_indicators"] == want


def test_six_dora_indicators_are_still_too_many(capsys):
    rc, out, err = run(capsys, "hand", "123m406p789s11z", "--dora", "1z", "5m", "9m", "1p",
                       "2p", "3p")
    assert rc == 1 and "at most 5 dora indicators" in err


def test_declared_melds_with_too_few_tiles_are_an_error_not_a_complete_hand(capsys):
    rc, out, err = run(capsys, "hand", "123m456p11z [pon 555z]")
    assert rc == 1 and out == ""
    assert err.startswith("ippatsu: error: 8 concealed tiles and 1 meld make 11 tiles")
    rc, out, err = run(capsys, "hand", "123m456p11z999p [pon 555z]")
    assert rc == 0 and "complete" in out and "declare the melds" not in out


def test_the_table_width_has_one_limit_with_the_library_and_the_server(capsys):
    from ippatsu.scoring import MAX_TABLE_HAN, score_table
    from ippatsu import IppatsuError

    rc, out, err = run(capsys, "table", "--max-han", str(MAX_TABLE_HAN), "--json")
    assert rc == 0 and max(c["han"] for c in json.loads(out)["cells"]) == MAX_TABLE_HAN
    rc, out, err = run(capsys, "table", "--max-han", str(MAX_TABLE_HAN + 1))
    assert rc == 2 and f"at most {MAX_TABLE_HAN}" in err
    with pytest.raises(IppatsuError):
        score_table(max_han=MAX_TABLE_HAN + 1)


def test_no_command_lists_every_command(capsys):
    from ippatsu.cli import _COMMANDS

    rc, out, err = run(capsys)
    assert rc == 2
    listed = err.strip().splitlines()[-1].split("(")[1].rstrip(")").split(", ")
    assert sorted(listed) == sorted(list(_COMMANDS) + ["replay"])


def test_replay_errors_read_as_the_rest_of_the_command_line(capsys, tmp_path):
    rc, out, err = run(capsys, "replay", "--rules", "nope", str(tmp_path))
    assert rc == 2 and err.startswith("ippatsu: error: unknown rules preset 'nope'")
    missing = tmp_path / "bogus.json"
    rc, out, err = run(capsys, "replay", str(missing))
    assert rc == 1 and err.count(str(missing)) == 1 and "no such file" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    rc, out, err = run(capsys, "replay", str(bad))
    assert rc == 1 and err.count(str(bad)) == 1 and "cannot load" in err


def test_a_fifth_copy_reads_the_same_from_every_entry_point(capsys):
    """A fifth copy in the hand, with a meld, or from the winning tile added to a
    waiting hand: '5 copies of 1z ...: a kind has only four copies', whichever entry
    point finds it."""
    import ippatsu

    calls = [lambda: ippatsu.shanten("11111z123m456p78s"),
             lambda: ippatsu.Hand.parse("11111m456p789s11z"),
             lambda: ippatsu.score("11m234m456p789s", "2m", melds=["pon 111m"]),
             lambda: ippatsu.analyze("1111z123m456p789s", win_tile="1z"),
             lambda: ippatsu.score("1111z123m456p789s", "1z")]
    msgs = []
    for call in calls:
        with pytest.raises(ippatsu.IppatsuError) as e:
            call()
        assert e.value.code == "fifth_copy"
        msgs.append(str(e.value))
    rc, out, err = run(capsys, "hand", "1111z123m456p789s", "--win", "1z")
    assert rc == 1
    msgs.append(err.split("error: ", 1)[1])
    assert all(m.startswith("5 copies of 1") and "only four copies" in m for m in msgs), msgs


def test_shanten_answers_one_line_per_input_line(tmp_path, capsys):
    f = tmp_path / "hands.txt"
    f.write_text("123m456p789s1122z\n12x3m\n\n# a comment\n19m19p19s1234567z")
    rc, out, err = run(capsys, "shanten", str(f), "--skip-bad")
    assert rc == 0 and "line 2:" in err
    assert out.split("\n")[:-1] == ["0", "bad", "", "", "0"]
    f.write_text("123m456p789s1122z\n\n19m19p19s1234567z\n")
    rc, out, err = run(capsys, "shanten", str(f))
    assert out.split("\n")[:-1] == ["0", "", "0"]


def test_hand_flowers(capsys):
    """docs/rules.md §12 at the command line: ``--flowers N`` under rules with flower tiles
    (``--rule flowers=true``) gives what ``analyze(flowers=N)`` gives; under rules without
    them it is score()'s ``flowers_off``, one line; ``--rule`` needs NAME=VALUE."""
    from ippatsu import Rules, analyze
    from ippatsu.cli import _COMMANDS, build_parser
    from ippatsu.errors import SituationError

    hand = ("123m456p789s1122z", "--win", "2z", "--riichi")
    rc, out, _ = run(capsys, "hand", *hand, "--rule", "flowers=true", "--flowers", "2",
                     "--json")
    assert rc == 0
    want = analyze("123m456p789s1122z", win_tile="2z", riichi=True,
                   rules=Rules().replace(flowers=True), flowers=2)
    assert json.loads(out) == json.loads(json.dumps(want.to_dict()))
    plain = analyze("123m456p789s1122z", win_tile="2z", riichi=True)
    assert want.win.result.han == plain.win.result.han + 2 and want.win.result.flowers == 2
    rc, _, err = run(capsys, "hand", *hand, "--flowers", "1")
    assert rc == 1 and len(err.strip().splitlines()) == 1 and "--rule flowers=true" in err
    args = build_parser().parse_args(["hand", *hand, "--flowers", "1"])
    with pytest.raises(SituationError) as e:
        _COMMANDS["hand"](args, None, None)
    assert e.value.code == "flowers_off"
    rc, _, err = run(capsys, "hand", *hand, "--rule", "flowers")
    assert rc == 1 and "NAME=VALUE" in err
    rc, _, err = run(capsys, "hand", *hand, "--rule", "flowers=true", "--flowers", "5")
    assert rc == 1 and len(err.strip().splitlines()) == 1
