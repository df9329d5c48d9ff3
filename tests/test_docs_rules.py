"""docs/rules.md, the users' rules reference, stays true to the code.

Every field of :class:`ippatsu.Rules` is in its option index with the real default; its
preset table lists exactly the options on which the presets differ, with their real
values; its yaku tables agree with :mod:`ippatsu.yaku` (han concealed / open, yakuman
multiples); every dated change of Tenhou's timeline is there; sections §1–§10 keep the
numbers the docstrings cite; the READMEs link it.
"""
from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from enum import Enum
from pathlib import Path

import pytest

from ippatsu import Rules

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules.md"
pytestmark = pytest.mark.skipif(not DOC.is_file(), reason="no docs/ beside the tests")

PRESETS = ("ippatsu", "tenhou", "majsoul", "planet")
# three-player presets (§11) and the four-player preset each is compared with
SANMA_PRESETS = {"ippatsu_sanma": "ippatsu", "tenhou_sanma": "tenhou",
                 "majsoul_sanma": "majsoul"}
SECTIONS = ("Tiles", "Winning shapes", "Shanten", "Yaku", "Dora", "Fu", "Points",
            "A hand at the table", "Hand analysis", "Presets", "Three players",
            "Local rules", "Penalties")


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _section(title_start: str) -> str:
    """The text of the ``## ...`` section whose title starts with ``title_start``."""
    parts = re.split(r"(?m)^## ", _text())
    hits = [p for p in parts if p.startswith(title_start)]
    assert len(hits) == 1, f"no single section '## {title_start}...'"
    return hits[0]


def _tables(text: str):
    """Every Markdown table of ``text`` as (header cells, [row cells])."""
    out, rows = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
            continue
        if rows:
            if len(rows) >= 2 and set("".join(rows[1])) <= set("-: "):
                out.append((rows[0], rows[2:]))
            rows = []
    return out


def _table(text: str, header_start):
    hits = [(h, r) for h, r in _tables(text) if tuple(h[:len(header_start)]) == header_start]
    assert len(hits) == 1, f"no single table with header {header_start}"
    return hits[0]


def _value(cell: str):
    """A table cell written as a Python literal in backticks: `True`, `300`, `"double"`."""
    m = re.fullmatch(r"`([^`]*)`", cell)
    assert m, f"cell {cell!r} is not a `literal`"
    return ast.literal_eval(m.group(1))


def _plain(v):
    return v.value if isinstance(v, Enum) else v


def _key(cell: str) -> str:
    m = re.fullmatch(r"`(\w+)`", cell)
    assert m, f"first cell {cell!r} is not a `field`"
    return m.group(1)


# ---------------------------------------------------------------------------------------
def test_sections_keep_their_numbers():
    """§1–§12 in order, with the numbers the docstrings cite ("§8" is the table, "§11"
    three players, "§12" the local rules)."""
    heads = re.findall(r"(?m)^## (\d+)\. (.+)$", _text())
    assert [int(n) for n, _ in heads] == list(range(1, 14))
    for (_, title), want in zip(heads, SECTIONS):
        assert title.startswith(want), (title, want)


def test_every_rules_field_is_in_the_option_index_with_its_default():
    header, rows = _table(_section("Option index"), ("option", "default", "§"))
    index = {}
    for r in rows:
        key = _key(r[0])
        assert key not in index, f"{key} listed twice"
        index[key] = r
    fields = [f.name for f in dataclasses.fields(Rules)]
    assert sorted(set(fields) - set(index)) == [], "fields missing from docs/rules.md"
    assert sorted(set(index) - set(fields)) == [], "docs/rules.md lists unknown options"
    default = Rules()
    text = _text()
    for name, r in index.items():
        assert _value(r[1]) == _plain(getattr(default, name)), name
        sec = int(r[2])
        assert 1 <= sec <= 12, name
        assert r[3], f"{name}: no meaning given"
        # described in its section too, not only listed
        if name != "name":
            body = _section(f"{sec}. ")
            assert f"`{name}`" in body, f"`{name}` is not described in §{sec}"
    assert text.count("`name`") >= 1


def test_preset_table_agrees_with_the_presets():
    """The table lists exactly the options on which some preset differs, and every value
    is the preset's own."""
    header, rows = _table(_section("10. "), ("option", *PRESETS))
    presets = {p: getattr(Rules, p)() for p in PRESETS}
    differ = {f.name for f in dataclasses.fields(Rules) if f.name != "name"
              and len({repr(_plain(getattr(r, f.name))) for r in presets.values()}) > 1}
    listed = [_key(r[0]) for r in rows]
    assert len(listed) == len(set(listed))
    assert sorted(differ - set(listed)) == [], "preset differences missing from the table"
    assert sorted(set(listed) - differ) == [], "table rows where the presets agree"
    for r in rows:
        name = _key(r[0])
        for preset, cell in zip(PRESETS, r[1:]):
            assert _value(cell) == _plain(getattr(presets[preset], name)), (name, preset)


LEAGUE_PRESETS = ("ippatsu", "wrc", "ema", "mleague", "renmei", "saikouisen", "mu", "rmu",
                  "kyokai", "saikyosen", "saikouisen_classic")


def test_league_preset_table_agrees_with_the_presets():
    """§10's league table lists exactly the options on which a league or tournament
    preset differs from ippatsu, with the presets' own values, and each preset has a
    source paragraph."""
    header, rows = _table(_section("10. "), ("option", *LEAGUE_PRESETS))
    presets = {p: Rules.preset(p) for p in LEAGUE_PRESETS}
    differ = {f.name for f in dataclasses.fields(Rules) if f.name != "name"
              and len({repr(_plain(getattr(r, f.name))) for r in presets.values()}) > 1}
    listed = [_key(r[0]) for r in rows]
    assert len(listed) == len(set(listed))
    assert sorted(differ - set(listed)) == [], "league preset differences missing"
    assert sorted(set(listed) - differ) == [], "rows where the league presets agree"
    for r in rows:
        name = _key(r[0])
        for preset, cell in zip(LEAGUE_PRESETS, r[1:]):
            assert _value(cell) == _plain(getattr(presets[preset], name)), (name, preset)
    sec = _section("10. ")
    for p in LEAGUE_PRESETS[1:]:
        para = re.search(rf"(?m)^- \*\*`{p}`\*\*.*?(?=^- \*\*|^$)", sec, re.S) or \
            re.search(rf"(?m)^- .*\*\*`{p}`\*\*.*?(?=^- \*\*|^$)", sec, re.S)
        assert para and "http" in para.group(0), f"{p}: no source"


def test_sanma_preset_table_agrees_with_the_presets():
    """§11: the three-player table lists exactly the options on which a three-player
    preset differs from its four-player preset, with the preset's own values, and names a
    source for every row."""
    header, rows = _table(_section("11. "), ("option", *SANMA_PRESETS))
    assert header[-1] == "source"
    presets = {p: Rules.preset(p) for p in SANMA_PRESETS}
    bases = {p: Rules.preset(b) for p, b in SANMA_PRESETS.items()}
    differ = {f.name for f in dataclasses.fields(Rules) if f.name != "name"
              and any(getattr(presets[p], f.name) != getattr(bases[p], f.name)
                      for p in SANMA_PRESETS)}
    listed = [_key(r[0]) for r in rows]
    assert len(listed) == len(set(listed))
    assert sorted(differ - set(listed)) == [], "three-player differences missing"
    assert sorted(set(listed) - differ) == [], "rows where no three-player preset differs"
    for r in rows:
        name = _key(r[0])
        for preset, cell in zip(SANMA_PRESETS, r[1:]):
            assert _value(cell) == _plain(getattr(presets[preset], name)), (name, preset)
        source = r[len(SANMA_PRESETS) + 1]
        assert len(source) > 10, f"{name}: no source"
    assert all(p.players == 3 for p in presets.values())


def test_sanma_section_describes_the_three_player_rules():
    """§11 says what the code does: the 1m -> 9m dora, no chi, the error codes, the
    players= keyword of the hand core and score's nukidora."""
    sec = _section("11. ")
    for needle in ("9m", "`sanma_tile`", "`sanma_chi`", "players=3", "nukidora=n",
                   "`\"loss\"`", "`\"split\"`", "3-tuple"):
        assert needle in sec, needle


def test_tenhou_timeline_is_documented():
    from ippatsu._tenhou_timeline import TENHOU_TIMELINE

    header, rows = _table(_section("10. "), ("since", "option", "before"))
    documented = {(r[0], _key(r[1])): (_value(r[2]), _value(r[3])) for r in rows}
    want = {}
    for ch in TENHOU_TIMELINE:
        for name, after in ch.after.items():
            want[(ch.since.isoformat(), name)] = (_plain(ch.before[name]), _plain(after))
    assert documented == want


def test_yaku_tables_agree_with_the_yaku_table():
    from ippatsu.yaku import YAKU

    sec = _section("4. ")
    _, ordinary = _table(sec, ("key", "yaku", "han", "han open"))
    _, yakuman = _table(sec, ("key", "yakuman", "multiple", "concealed only"))
    seen = {}
    for r in ordinary:
        for key in re.findall(r"`(\w+)`", r[0]):
            seen[key] = ("ordinary", int(r[2]), 0 if r[3] == "–" else int(r[3]))
    for r in yakuman:
        seen[_key(r[0])] = ("yakuman", int(r[2]), r[3] == "yes")
    want = {}
    for y in YAKU:
        if y.yakuman:
            want[y.name] = ("yakuman", y.yakuman, y.concealed_only)
        else:
            want[y.name] = ("ordinary", y.han_closed, y.han_open)
    assert seen == want


def test_readmes_link_the_rules_reference():
    assert "rules.md" in (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    readme = ROOT / "README.md"
    if readme.is_file():
        assert "docs/rules.md" in readme.read_text(encoding="utf-8")


def test_doc_examples_run():
    import doctest

    result = doctest.testfile(str(DOC), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


def test_analyze_defaults_to_none_rules():
    """help(ippatsu) no longer prints every Rules field in analyze's signature: its
    ``rules`` default is None (the default rules)."""
    from ippatsu import analyze

    assert inspect.signature(analyze).parameters["rules"].default is None
    assert analyze("123m456p789s1122z").rules == Rules.ippatsu()
    assert analyze("123m456p789s1122z", rules="tenhou").rules == Rules.tenhou()
