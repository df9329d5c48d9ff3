"""A GameState's private attributes are its own.

Positions, record cuts, bots and tests build states through the public constructors
(``GameState(...)``, ``start_hand``, ``from_snapshot``, ``copy``, ``redeal``,
``set_position``): no module other than ``ippatsu/table/state.py`` assigns an underscore
attribute of a GameState, or makes one without its constructor (``GameState.__new__``).
The scan reads the source (AST) of the package, the tests and the benchmarks.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATE = ROOT / "src" / "ippatsu" / "table" / "state.py"
PXD = STATE.with_suffix(".pxd")


def _private_names() -> set:
    """The underscore attributes GameState declares (its ``cdef public`` slots in
    state.pxd: the same list, compiled or interpreted)."""
    text = PXD.read_text()
    body = text[text.index("cdef class GameState:"):]
    names = set()
    for line in body.splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("cdef public "):
            decl = line[len("cdef public "):]
            names.update(n for n in re.split(r"[\s,]+", decl)[1:] if n.startswith("_"))
    return names


def _offences(source: str, private: set) -> list:
    """(line, text) of each assignment to a GameState private attribute on anything but
    ``self``, each ``setattr(x, "<private>", ...)`` and each ``GameState.__new__``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            for x in ast.walk(t):
                if isinstance(x, ast.Attribute) and x.attr in private and not (
                        isinstance(x.value, ast.Name) and x.value.id == "self"):
                    out.append((x.lineno, ast.unparse(x)))
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id == "setattr" and len(node.args) >= 2 and \
                    isinstance(node.args[1], ast.Constant) and node.args[1].value in private:
                out.append((node.lineno, ast.unparse(node)))
            if isinstance(f, ast.Attribute) and f.attr == "__new__" and \
                    isinstance(f.value, ast.Name) and f.value.id == "GameState":
                out.append((node.lineno, ast.unparse(node)))
    return out


def _sources():
    for top in ("src/ippatsu", "tests", "bench"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if path != STATE:
                yield path


def test_the_scan_knows_the_private_attributes_and_catches_each_form():
    private = _private_names()
    assert {"_offers", "_live_pos", "_rinshan_pos", "_wallgen", "_name"} <= private
    sample = ("st = GameState.__new__(GameState)\nst._live_pos = 0\nx.y._offers = {}\n"
              "st._offers[0] = []\nsetattr(st, '_wallgen', g)\nself._offers = None\n"
              "st.left = 3\nst._other = 1\n")
    assert sorted(line for line, _ in _offences(sample, private)) == [1, 2, 3, 4, 5]


def test_no_module_outside_the_state_sets_its_private_attributes():
    private = _private_names()
    found = []
    for path in _sources():
        for line, text in _offences(path.read_text(), private):
            found.append(f"{path.relative_to(ROOT)}:{line}: {text}")
    assert found == []
