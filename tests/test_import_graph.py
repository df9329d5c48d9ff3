"""No import cycles among the modules of ``src/ippatsu``.

The graph has an edge A -> B for every import of B written in A: at the top of the file,
inside a function (a lazy import still ties the two modules together) or under a
condition; the compiled module's ``.pyx`` counts with its Python-level imports (not its
``cimport``). Every strongly connected component of more than one module is a cycle; the
only ones allowed are listed in ``ALLOWED`` with the reason they stay, and an entry that
no longer matches a cycle must be removed (the list only shrinks)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ippatsu"

#: cycle (its modules) -> why it stays
ALLOWED = {
    frozenset({"ippatsu._backend", "ippatsu._core", "ippatsu._sanma",
               "ippatsu._reference.api"}):
        "the hand core's backends (ippatsu._core, the pure ippatsu._reference.api) hand a "
        "players=3 call to ippatsu._sanma, which runs on the chosen backend's four-player "
        "functions (ippatsu._backend.core); breaking it moves the players dispatch up "
        "into ippatsu.core",
}

_FROM = re.compile(r"^\s*from\s+(\.*[\w.]*)\s+import\s+\(?([^#]*)")
_IMPORT = re.compile(r"^\s*import\s+([^#]*)")


def _modules(root: Path) -> dict:
    out = {}
    for p in sorted(root.rglob("*")):
        if p.suffix not in (".py", ".pyx") or "__pycache__" in p.parts:
            continue
        parts = list(p.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


def _absolute(module: str, is_package: bool, level: int, name: str) -> str:
    if not level:
        return name
    base = module.split(".")
    if not is_package:
        base.pop()
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _imports(path: Path):
    """(level, module, names) of every import statement of a file."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                for a in node.names:
                    yield 0, a.name, ()
            elif isinstance(node, ast.ImportFrom):
                yield node.level, node.module or "", tuple(a.name for a in node.names)
        return
    # Cython: the Python-level imports (not cimport), with the files it includes (and
    # the files those include)
    include = re.compile(r'^include\s+"([\w.]+)"\s*$', flags=re.M)
    while include.search(text):
        text = include.sub(
            lambda m: (path.parent / m.group(1)).read_text(encoding="utf-8"), text)
    for line in text.splitlines():
        if "cimport" in line:
            continue
        m = _FROM.match(line)
        if m:
            dots = len(m.group(1)) - len(m.group(1).lstrip("."))
            names = tuple(n.split()[0] for n in m.group(2).replace(")", "").split(",")
                          if n.strip())
            yield dots, m.group(1)[dots:], names
            continue
        m = _IMPORT.match(line)
        if m:
            for n in m.group(1).split(","):
                if n.strip():
                    yield 0, n.split()[0], ()


def import_graph(root: Path = PACKAGE) -> dict:
    mods = _modules(root)
    graph = {m: set() for m in mods}
    for mod, path in mods.items():
        is_package = path.stem == "__init__"
        for level, name, names in _imports(path):
            base = _absolute(mod, is_package, level, name)
            targets = [f"{base}.{n}" if f"{base}.{n}" in mods else base for n in names] or [base]
            for t in targets:
                while t and t not in mods:
                    t = t.rpartition(".")[0]
                if t and t != mod:
                    graph[mod].add(t)
    return graph


def cycles(graph: dict) -> set:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], set()
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.add(frozenset(comp))
    return out


def test_the_graph_reads_imports_of_every_kind():
    """Top-level, relative, lazy (in a function) and Cython imports all make edges."""
    g = import_graph()
    assert len(g) > 60
    assert "ippatsu.points" in g["ippatsu.scoring"]           # from .points import ...
    assert "ippatsu.table.replay" in g["ippatsu.study._position"]  # lazy, in a function
    assert "ippatsu._codes" in g["ippatsu._core"]             # .pyx: from . import _codes
    assert "ippatsu.errors" in g["ippatsu._core"]
    assert "ippatsu._checks" in g["ippatsu._core"]            # .pyx: from . import _checks
    assert not any(m.startswith("libc") for edges in g.values() for m in edges)


def test_a_cython_include_counts_as_the_including_module(tmp_path):
    pkg = tmp_path / "ippatsu"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.pyx").write_text('from libc.string cimport memcpy\ninclude "b.pxi"\n')
    (pkg / "b.pxi").write_text("def f():\n    from . import c\n")
    (pkg / "c.py").write_text("from .a import f\n")
    g = import_graph(pkg)
    assert g["ippatsu.a"] == {"ippatsu.c"} and g["ippatsu.c"] == {"ippatsu.a"}
    assert cycles(g) == {frozenset({"ippatsu.a", "ippatsu.c"})}


def test_a_nested_cython_include_counts_as_the_including_module(tmp_path):
    pkg = tmp_path / "ippatsu"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.pyx").write_text('include "b.pxi"\n')
    (pkg / "b.pxi").write_text('cdef int x = 0\ninclude "d.pxi"\n')
    (pkg / "d.pxi").write_text("def f():\n    from . import c\n")
    (pkg / "c.py").write_text("")
    assert import_graph(pkg)["ippatsu.a"] == {"ippatsu.c"}


def test_cycle_finder_finds_a_planted_cycle():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(g) == {frozenset("abc")}
    g["c"] = set()
    assert cycles(g) == set()


def test_no_import_cycle_but_the_listed_ones():
    found = cycles(import_graph())
    new = [sorted(c) for c in found - set(ALLOWED)]
    assert not new, f"import cycles: {new}"
    gone = [sorted(c) for c in set(ALLOWED) - found]
    assert not gone, f"listed cycles that no longer exist (remove them from ALLOWED): {gone}"


def test_tiles_imports_neither_the_hand_core_nor_hands():
    """The notation layer sits below ippatsu.hand and ippatsu.core."""
    g = import_graph()
    assert not g["ippatsu.tiles"] & {"ippatsu.core", "ippatsu.hand", "ippatsu._backend"}

