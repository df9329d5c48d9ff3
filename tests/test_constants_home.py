"""One home per tile constant: the red-five ids, the terminal-and-honor kinds, the winds and
dragons (North among them) and the kinds three-player mahjong removes (2m-8m) are written
once, in ``ippatsu._codes``; the Python modules import them (``ippatsu.tiles`` re-exports
the public names) and the C headers read them from ``_generated.h``. No source file spells
them out again, and every name that holds one is the same value."""
from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from ippatsu import _codes, tiles, yaku

SRC = Path(__file__).resolve().parents[1] / "src" / "ippatsu"
HOME = SRC / "_codes.py"
GENERATED = SRC / "_generated.h"

#: a copy of a constant written out as numbers (or as the range it spans)
COPIES = {
    "red-five ids": r"16\s*,\s*52\s*,\s*88|==\s*16\s+or\b.*==\s*52",
    "terminal-and-honor kinds": r"0\s*,\s*8\s*,\s*9\s*,\s*17\s*,\s*18\s*,\s*26",
    "terminal mask": r"1\s*<<\s*8\s*\)\s*\|\s*\(\s*1\s*<<\s*9|IPT_BIT\(8\)\s*\|\s*IPT_BIT\(9\)",
    "honor mask": r"0x7F\w*\s*<<\s*27",
    "winds": r"27\s*,\s*28\s*,\s*29\s*,\s*30\b",
    "dragons": r"\(\s*31\s*,\s*32\s*,\s*33\s*\)",
    "North": r"NORTH\s*=\s*30\b|\bk\s*==\s*30\b",
    "2m-8m": r"range\s*\(\s*1\s*,\s*8\s*\)|1\s*<=\s*k\s*<=\s*7\b|4\s*<=\s*t\s*<\s*32\b"
             r"|1\s*<=\s*t\s*>>\s*2\s*<=\s*7",
}

#: (file, constant) -> why the numbers stay written there. None today: the compiled loops
#: that once compared ids with the red fives read the rules' red table
#: (actionspace.red_table), and a test below holds that table to the one home, id by id
KEPT: dict = {}


def _sources():
    for p in sorted(SRC.rglob("*")):
        if p.suffix in (".py", ".pyx", ".pxi", ".pxd", ".h") and p not in (HOME, GENERATED) \
                and "__pycache__" not in p.parts:
            yield p


def _code_lines(p: Path):
    """(line number, code) of a source: comments and strings (docstrings) dropped."""
    text = p.read_text(encoding="utf-8")
    if p.suffix == ".h":
        text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
        return [(i, line.split("//", 1)[0]) for i, line in enumerate(text.splitlines(), 1)]
    lines: dict = {}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.COMMENT, tokenize.STRING):
            continue
        lines.setdefault(tok.start[0], []).append(tok.string)
    return [(i, " ".join(parts)) for i, parts in sorted(lines.items())]


@pytest.mark.parametrize("what", sorted(COPIES))
def test_no_source_spells_out_a_tile_constant(what):
    pattern = re.compile(COPIES[what])
    found = [f"{p.relative_to(SRC)}:{i}: {code.strip()}"
             for p in _sources() if (p.relative_to(SRC).as_posix(), what) not in KEPT
             for i, code in _code_lines(p) if pattern.search(code)]
    assert found == [], f"{what} written again (import it from ippatsu._codes / tiles): {found}"


def test_the_patterns_find_the_constants_in_their_home():
    """Each pattern finds its constant where it is written, so a copy would be found."""
    text = HOME.read_text(encoding="utf-8")
    gen = GENERATED.read_text(encoding="utf-8")
    for what in ("red-five ids", "terminal-and-honor kinds"):
        assert re.search(COPIES[what], text + gen), what
    assert re.search(COPIES["2m-8m"], text)
    assert re.search(COPIES["North"], "NORTH = 30") and re.search(COPIES["winds"], gen)
    assert re.search(COPIES["terminal mask"], "(1 << 0) | (1 << 8) | (1 << 9)")
    assert re.search(COPIES["honor mask"], "0x7F << 27")
    assert re.search(COPIES["dragons"], "group = (31, 32, 33)")


def test_every_name_holds_the_one_value():
    assert tiles.RED_FIVE_IDS == _codes.RED_FIVE_IDS == (16, 52, 88)
    assert tiles.RED_ID_SET == frozenset(_codes.RED_FIVE_IDS)
    assert tiles.YAOCHUU_KINDS == _codes.YAOCHUU_KINDS
    assert [k for k in range(34) if tiles.is_yaochuu(k)] == list(_codes.YAOCHUU_KINDS)
    assert [k for k in range(34) if tiles.is_terminal(k)] == list(_codes.TERMINAL_KINDS)
    assert tiles.kind_name(_codes.NORTH) == "4z" and tiles.NORTH == _codes.NORTH
    assert [tiles.kind_name(k) for k in _codes.SANMA_ABSENT_KINDS] == \
        ["2m", "3m", "4m", "5m", "6m", "7m", "8m"]
    assert _codes.YAOCHUU_MASK == sum(1 << k for k in range(34) if tiles.is_yaochuu(k))
    assert yaku._YAOCHUU == _codes.YAOCHUU_MASK
    gen = GENERATED.read_text(encoding="utf-8")
    assert f"#define IPT_K_YAOCHUU 0x{_codes.YAOCHUU_MASK:X}ULL" in gen
    assert f"#define IPT_KIND_NORTH {_codes.NORTH}" in gen
    assert "#define IPT_GEN_YAOCHUU_KINDS {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}" in gen


def test_three_player_wall_and_hands_lack_exactly_2m_to_8m():
    from ippatsu.table.wall import SANMA_IDS

    assert sorted({t >> 2 for t in range(136)} - {t >> 2 for t in SANMA_IDS}) == \
        list(_codes.SANMA_ABSENT_KINDS)
    assert len(SANMA_IDS) == 108


def test_yaku_table_is_initialised_once():
    """The kernel's yaku table is the generated header's, read only: nothing writes it at
    import (no loader in _backend, no setter in _core)."""
    backend = (SRC / "_backend.py").read_text(encoding="utf-8")
    core = (SRC / "_core.pyx").read_text(encoding="utf-8")
    score_h = (SRC / "_score.h").read_text(encoding="utf-8")
    assert "set_yaku_table" not in backend + core
    for name in ("ipt_han_closed", "ipt_han_open", "ipt_ym_mult", "ipt_replaces"):
        assert re.search(rf"static const \w+ {name}\[64\] = IPT_GEN_", score_h), name


def test_the_action_index_reads_the_red_ids_of_the_rules():
    """The action index of a discard of every id is the red variant exactly for the red
    ids of the home (one per suit: RED_ID_SET; per-suit counts: red_five_ids)."""
    from ippatsu.table.actionspace import index_of_fields, red_table

    for counts in ((1, 1, 1), (1, 2, 1), (4, 0, 3)):
        reds = _codes.red_five_ids(counts)
        table = red_table(True) if counts == (1, 1, 1) else red_table(counts)
        if counts == (1, 1, 1):
            assert reds == tiles.RED_ID_SET
        for t in range(136):
            plain = index_of_fields(0, t, (), red_table(False))
            red = index_of_fields(0, t, (), table)
            assert (red != plain) == (t in reds), (counts, t)