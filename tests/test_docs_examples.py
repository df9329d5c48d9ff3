"""Every example in docs/ runs (so that no example there can be wrong):

* the Python blocks of every page run (``>>>`` sessions as programs; a printed line that
  the block shows in a comment must be what it prints); the studies' blocks with their
  sizes scaled down (``n=1_000_000`` -> a few hundred: the code is the example, the size
  only its precision);
* the error tables of ``docs/errors.md``: each example that is a self-contained call
  raises the code of its row; ``name=value`` examples of the scoring rows are passed to
  ``score`` with a complete hand; ``ippatsu ...`` examples fail on the command line;
* the JSON API examples of ``docs/server.md`` are sent to the app (the shown fields are
  the answer's).

``docs/rules.md``'s sessions run as doctests in tests/test_docs_rules.py.
"""
from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import numpy as np
import pytest

import ippatsu
from ippatsu import _backend

DOCS = Path(__file__).resolve().parents[1] / "docs"
pytestmark = pytest.mark.skipif(not DOCS.is_dir(), reason="docs/ not next to the tests")


def _blocks(page: str, lang: str = "python"):
    """(first line number, code) of each fenced block of ``lang`` in ``docs/page``."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    out, cur, start = [], None, 0
    for i, line in enumerate(lines, 1):
        s = line.strip()
        if cur is None and s == f"```{lang}":
            cur, start = [], i + 1
        elif cur is not None and s == "```":
            out.append((start, "\n".join(cur)))
            cur = None
        elif cur is not None:
            cur.append(line)
    return out


def _program(code: str) -> str:
    """A ``>>>`` session as a program (outputs and prompts dropped); plain code as is."""
    if ">>>" not in code:
        return code
    keep = []
    for line in code.splitlines():
        s = line.lstrip()
        if s.startswith(">>> ") or s == ">>>":
            keep.append(s[4:])
        elif s.startswith("... ") or s == "...":
            keep.append(s[4:])
    return "\n".join(keep)


# the studies' sizes, scaled down: (pattern, replacement)
_SMALL = [(r"n=1_000_000", "n=300"), (r"n=20_000", "n=4"), (r"games=10_000", "games=8"),
          (r"games=3_000", "games=6")]


def _run(code: str, ns: dict) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(code, "<docs example>", "exec"), ns)  # noqa: S102 - the docs' own code
    return buf.getvalue()


def test_the_errors_page_python_block_prints_what_it_shows():
    (start, code), = _blocks("errors.md")
    shown = re.findall(r"print\(.*?\)\s*# (.+)$", code, re.M)
    printed = _run(code, {}).splitlines()
    assert printed == shown, (start, printed, shown)


@pytest.mark.parametrize("start, code", _blocks("studies.md"))
def test_the_studies_page_python_blocks_run(start, code):
    prog = _program(code)
    for pat, rep in _SMALL:
        prog = re.sub(pat, rep, prog)
    if _backend.PURE:  # interpreted, greedy play-outs and efficiency rollouts are slow
        prog = prog.replace('"greedy"', '"random"').replace("n=300", "n=20")
    prog = re.sub(r"seed=(\d+)\)", r"seed=\1, backend='serial', progress=False)", prog)
    from ippatsu import study

    ns = {"study": study}  # the page's first block imports it
    _run(prog, ns)
    assert "r" in ns, start


def test_the_server_page_python_block_runs():
    pytest.importorskip("fastapi")
    (start, code), = _blocks("server.md")
    ns: dict = {}
    _run(code, ns)
    assert ns["outer"].routes, start


# ----------------------------------------------------------------------------- errors.md
_H14, _W = "123m456p789s234s55m", "4s"        # a complete hand (pinfu tsumo, riichi ron)
_NS = {**{n: getattr(ippatsu, n) for n in ippatsu.__all__}, "np": np, "ippatsu": ippatsu,
       "h": "123m456p789s1122z", "a": np.zeros((1, 34), np.uint8), "w": "1z",
       "counts": np.array([ippatsu.parse_counts(_H14)], np.uint8)}
for _mod in ("ippatsu.tiles", "ippatsu.hand", "ippatsu.rules"):
    _m = __import__(_mod, fromlist=["*"])
    _NS.update({n: getattr(_m, n) for n in getattr(_m, "__all__", ())})


def _error_rows():
    """(codes, raised-by cell, example snippets) of every 3-column table row of errors.md."""
    rows = []
    for line in (DOCS / "errors.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        codes = re.findall(r"`([a-z_0-9]+)`", cells[0])
        rows.append((codes, cells[1], re.findall(r"`([^`]+)`", cells[2])))
    return rows


def _calls(rows):
    """(codes, how, snippet) of each example that can be run: a call without
    placeholders, a keyword of a scoring row, an ``ippatsu`` command."""
    out = []
    for codes, by, snippets in rows:
        for s in snippets:
            if "..." in s or "…" in s:
                continue
            if s.startswith("ippatsu "):
                out.append((codes, "cli", s))
            elif re.fullmatch(r"[A-Za-z_][\w.]*\(.*\)", s):
                out.append((codes, "call", s))
            elif re.fullmatch(r"\w+=.+", s) and by.startswith("`score"):
                out.append((codes, "score", s))
    return out


_CALLS = _calls(_error_rows())


def test_the_error_tables_have_runnable_examples():
    assert len(_CALLS) >= 40


@pytest.mark.parametrize("codes, how, snippet", _CALLS,
                         ids=[f"{c[0]}:{s[:40]}" for c, _, s in _CALLS])
def test_each_error_example_raises_its_code(codes, how, snippet, capsys):
    if how == "cli":
        import shlex

        from ippatsu.cli import main

        rc = main(shlex.split(snippet)[1:])
        err = capsys.readouterr().err
        assert rc != 0 and "error" in err, (snippet, rc, err)
        return
    expr = snippet if how == "call" else f"score({_H14!r}, {_W!r}, tsumo=True, {snippet})"
    with pytest.raises(ippatsu.IppatsuError) as e:
        eval(expr, dict(_NS))  # noqa: S307 - the docs' own examples
    assert e.value.code in codes, (snippet, e.value.code, str(e.value))


# ----------------------------------------------------------------------------- server.md
@pytest.fixture(scope="module")
def client():
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from ippatsu.server import create_app

    return TestClient(create_app())


def test_the_server_score_example_answers_what_it_shows(client):
    text = (DOCS / "server.md").read_text(encoding="utf-8")
    body = json.loads(re.search(r"-d '(\{.*?\})'", text).group(1))
    shown = re.search(r"\n(\{\"han\".*?)\n```", text, re.S).group(1)
    r = client.post("/v1/score", json=body)
    assert r.status_code == 200, r.text
    got = r.json()
    for key in ("han", "fu", "points"):
        assert str(got[key]) == re.search(rf'"{key}":(\d+)', shown).group(1), key
    yaku = json.loads(re.search(r'"yaku":(\[\[.*?\]\])', shown).group(1))
    assert [list(y)[:2] for y in got["yaku"]] == yaku or \
        [[y["name"], y["han"]] for y in got["yaku"]] == yaku


def test_the_server_rules_example_is_accepted(client):
    (_, code), = [b for b in _blocks("server.md", "json") if '"rules"' in b[1]]
    rules = json.loads(code)["rules"]
    r = client.post("/v1/score", json={"hand": _H14, "tsumo": True, "rules": rules})
    assert r.status_code == 200, r.text


def test_the_server_error_example_is_an_answer_of_that_shape(client):
    (_, code), = [b for b in _blocks("server.md", "json") if '"error"' in b[1]]
    shown = json.loads(code.replace(", ...", ""))["error"]
    r = client.post("/v1/score", json={"hand": "11111m456p789s11z"})
    assert r.status_code == 400
    got = r.json()["error"]
    assert got["code"] == shown["code"]
    assert got["message"].startswith(shown["message"].rstrip(". ").split(" between")[0])


#: where each page's Python examples run: here, or the test file that runs them as doctests
RUN_BY = {"errors.md": "here", "studies.md": "here", "server.md": "here",
          "rules.md": "tests/test_docs_rules.py", "table.md": "tests/test_actionspace.py",
          "env.md": "tests/test_env.py", "mjai.md": "tests/test_mjai.py",
          "dataset.md": "tests/test_dataset.py"}


def test_every_page_with_python_examples_has_them_run():
    """A page that gains Python examples must be added to RUN_BY (and run there)."""
    with_python = sorted(p.name for p in DOCS.glob("*.md")
                         if _blocks(p.name) or ">>> " in p.read_text(encoding="utf-8"))
    assert [p for p in with_python if p not in RUN_BY] == []
    root = Path(__file__).resolve().parents[1]
    for page, where in RUN_BY.items():
        if where != "here":
            assert page in (root / where).read_text(encoding="utf-8"), (page, where)
