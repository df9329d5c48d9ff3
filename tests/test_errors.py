"""Every error code ippatsu raises is declared in ``ippatsu.errors.CODES`` (with what it
means) and listed in docs/errors.md.

The codes are found by scanning the package source (``.py``, ``.pyx`` and ``.pxi``) with the
tokenizer: the second positional argument of a call to an :class:`IppatsuError` subclass
(``NotationError(msg, "bad_digit")``), a ``code="..."`` keyword or ``code = "..."``
assignment, the code argument of a helper whose parameter is named ``code``
(``_int_arg(x, "key", "bad_key")``), every branch of a conditional
(``"fifth_copy" if x > 4 else "negative_count"``), and a class's default code when it is
raised without one. The HTTP codes of ``ippatsu.server`` are not library errors (they are
documented in docs/server.md) and are left out.
"""
from __future__ import annotations

import ast
import importlib
import io
import pkgutil
import re
import tokenize
from pathlib import Path

import pytest

import ippatsu
from ippatsu import errors
from ippatsu.errors import CODES, IppatsuError, TileCountError

PACKAGE = Path(ippatsu.__file__).parent
DOCS = Path(__file__).resolve().parents[1] / "docs" / "errors.md"
_CODE = re.compile(r"[a-z][a-z0-9_]*\Z")


def _error_classes() -> dict:
    """Every IppatsuError subclass of the package, by class name (modules imported first:
    some subclasses, PositionError, live outside errors.py)."""
    for m in pkgutil.walk_packages(ippatsu.__path__, "ippatsu."):
        if ".server" in m.name:
            continue
        try:
            importlib.import_module(m.name)
        except ImportError:  # an optional dependency
            pass

    def subs(c):
        yield c
        for s in c.__subclasses__():
            yield from subs(s)

    return {c.__name__: c for c in subs(IppatsuError)}


def _code_strings(tokens) -> list:
    """The string literals an argument can evaluate to: its first token and the token
    after each ``else``."""
    out = []
    for j, u in enumerate(tokens):
        if (u.type == tokenize.STRING and u.string[0] in "'\""
                and (j == 0 or tokens[j - 1].string == "else")):
            out.append(ast.literal_eval(u.string))
    return out


def _arguments(tokens, i: int) -> list:
    """The top-level arguments (token lists) of the call whose "(" is ``tokens[i]``."""
    depth, args = 0, [[]]
    for u in tokens[i:]:
        if u.string in "([{":
            depth += 1
            if depth == 1:
                continue
        if u.string in ")]}":
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and u.string == ",":
            args.append([])
            continue
        args[-1].append(u)
    return [a for a in args if a]


def _helpers(paths) -> dict:
    """Functions with a parameter named ``code`` (not methods): name -> its position."""
    out = {}
    for p in paths:
        if p.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                names = [a.arg for a in node.args.args]
                if "code" in names and names[0] != "self":
                    out[node.name] = names.index("code")
    return out


def scan_source(text: str, classes: dict, helpers: dict) -> list:
    """(code, line) of every error code raised in ``text``."""
    skip = (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)
    toks = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type not in skip]
    out = []
    for i, t in enumerate(toks):
        if t.type != tokenize.NAME or i + 1 >= len(toks):
            continue
        nxt = toks[i + 1].string
        if t.string == "code" and nxt == "=" and (i == 0 or toks[i - 1].string != "."):
            expr, depth = [], 0
            for u in toks[i + 2:]:
                if u.string in "([{":
                    depth += 1
                if u.string in ")]}":
                    if depth == 0:
                        break
                    depth -= 1
                if depth == 0 and u.string == ",":
                    break
                if (depth == 0 and expr and u.start[0] != t.start[0]
                        and u.type == tokenize.NAME and u.string not in ("if", "else")):
                    break  # the next statement
                expr.append(u)
            out += [(c, t.start[0]) for c in _code_strings(expr)]
        elif (nxt == "(" and (t.string in classes or t.string in helpers)
              and toks[i - 1].string not in ("def", "class")):
            args = _arguments(toks, i + 1)
            keyword = [a for a in args if len(a) > 1 and a[0].type == tokenize.NAME
                       and a[1].string == "="]
            positional = [a for a in args if not any(a is k for k in keyword)]
            at = helpers.get(t.string, 1)
            if len(positional) > at:
                out += [(c, t.start[0]) for c in _code_strings(positional[at])]
            elif (t.string in classes and args
                  and "code" not in [k[0].string for k in keyword]):
                out.append((classes[t.string].code, t.start[0]))  # the class default
    return out


@pytest.fixture(scope="module")
def raised() -> dict:
    """code -> ["path:line", ...] of every raise site in the package source."""
    paths = [p for p in sorted(PACKAGE.rglob("*.py")) + sorted(PACKAGE.rglob("*.pyx"))
             + sorted(PACKAGE.rglob("*.pxi"))
             if "server" not in p.relative_to(PACKAGE).parts and p.name != "errors.py"]
    classes = _error_classes()
    helpers = _helpers(paths)
    codes: dict = {}
    for p in paths:
        for code, line in scan_source(p.read_text(encoding="utf-8"), classes, helpers):
            codes.setdefault(code, []).append(f"{p.relative_to(PACKAGE)}:{line}")
    return codes


def test_the_scanner_finds_every_way_of_raising_a_code():
    """The scan itself: positional, keyword, conditional, helper, assignment, class
    default; and nothing from a message or a call to something else."""
    src = '''
def _int_arg(x, name, code):
    raise IppatsuError(f"{name}: {x}", code)
raise NotationError(f"bad {x!r}, code", "code_a")
raise TileCountError(
    f"many",
    code="code_b" if x else "code_c")
_int_arg(v, "draws", "code_d")
code = "code_e"
raise HandSizeError(f"x")
print("not_a_code", foo("nor_this", "nor_that"))
raise MeldError("x" if a else "y", "code_f" if "w" in n else "code_g")
'''
    classes = {c.__name__: c for c in (IppatsuError, errors.NotationError, TileCountError,
                                       errors.HandSizeError, errors.MeldError)}
    found = sorted(c for c, _ in scan_source(src, classes, {"_int_arg": 2}))
    assert found == ["bad_hand_size", "code_a", "code_b", "code_c", "code_d", "code_e",
                     "code_f", "code_g"]


def test_every_raised_code_is_declared(raised):
    """A code raised anywhere in the package is declared in errors.CODES."""
    missing = {c: sites for c, sites in raised.items() if c not in CODES}
    assert not missing, f"declare these codes in ippatsu.errors.CODES: {missing}"


def test_every_declared_code_is_raised(raised):
    """No stale declaration: each declared code is raised somewhere (or is the base
    class's default / StudyError's default, the class-level codes)."""
    defaults = {c.code for c in _error_classes().values()}
    stale = sorted(c for c in CODES if c not in raised and c not in defaults)
    assert not stale, stale


def test_every_code_has_a_docstring():
    for code, doc in CODES.items():
        assert _CODE.match(code), code
        assert isinstance(doc, str) and len(doc) > 10 and doc.endswith("."), code


def test_class_defaults_are_declared():
    for name, cls in _error_classes().items():
        assert cls.code in CODES, (name, cls.code)


def test_tile_count_error_default_is_a_raised_code(raised):
    """TileCountError's default code is one the library raises (it was
    ``too_many_copies``, which nothing raised): a fifth copy is ``fifth_copy``."""
    assert TileCountError.code in raised
    assert TileCountError("x").code == "fifth_copy"
    with pytest.raises(TileCountError) as ei:
        ippatsu.shanten("11111m2345p678s")
    assert ei.value.code == TileCountError.code


def test_docs_list_every_code():
    """docs/errors.md names every declared code (as `code`)."""
    if not DOCS.is_file():
        pytest.skip("docs/ not present (installed package)")
    text = DOCS.read_text(encoding="utf-8")
    listed = set(re.findall(r"`([a-z][a-z0-9_]*)`", text))
    missing = sorted(c for c in CODES if c not in listed)
    assert not missing, f"list these codes in docs/errors.md: {missing}"
    # the class table gives each class's default code
    for name, cls in _error_classes().items():
        if name in errors.__all__:
            assert re.search(rf"\| `{name}` \| `{cls.code}` \|", text), name
