"""Tiles, notation, mjai and tenhou.net/6 codes (RULES.md §1), and the dora successor (§5)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ippatsu.errors import IppatsuError, NotationError, TileCountError
from ippatsu.tiles import (
    DRAGON_KINDS,
    HONOR_KINDS,
    N_KINDS,
    N_TILES,
    RED_FIVE_IDS,
    RED_FIVE_KINDS,
    TERMINAL_KINDS,
    WIND_KINDS,
    YAOCHUU_KINDS,
    counts_of,
    dora_kind,
    format_counts,
    format_kinds,
    format_tiles,
    id_to_mjai,
    id_to_tenhou6,
    ids_from_counts,
    is_dragon,
    is_honor,
    is_red,
    is_simple,
    is_terminal,
    is_wind,
    is_yaochuu,
    kind_name,
    kind_of,
    kind_to_mjai,
    kind_to_tenhou6,
    mjai_is_red,
    mjai_to_id,
    mjai_to_kind,
    parse_counts,
    parse_kind,
    parse_kinds,
    parse_tile,
    parse_tiles,
    rank_of,
    suit_of,
    tenhou6_is_red,
    tenhou6_to_id,
    tenhou6_to_kind,
    tile_name,
    validate_ids,
)

ALL_KINDS = range(N_KINDS)
ALL_IDS = range(N_TILES)


def spec(t: int):
    """What notation can tell apart about a tile: its kind and whether it is red."""
    return (t // 4, t in RED_FIVE_IDS)


# --------------------------------------------------------------------------------------
# rule 1: kinds, ids, red fives
# --------------------------------------------------------------------------------------

def test_rule_1_kind_index_convention():
    assert parse_kinds("123456789m") == list(range(0, 9))
    assert parse_kinds("123456789p") == list(range(9, 18))
    assert parse_kinds("123456789s") == list(range(18, 27))
    assert parse_kinds("1234567z") == list(range(27, 34))  # E S W N White Green Red
    assert N_KINDS == 34 and N_TILES == 136


def test_rule_1_tile_id_kind_is_id_div_4():
    for t in ALL_IDS:
        assert kind_of(t) == t // 4


def test_rule_1_red_fives_are_copy_0_of_each_five():
    assert RED_FIVE_IDS == (16, 52, 88)
    assert RED_FIVE_KINDS == (4, 13, 22)
    assert parse_tiles("0m0p0s") == [16, 52, 88]
    assert [t for t in ALL_IDS if is_red(t)] == [16, 52, 88]
    assert [tile_name(t) for t in RED_FIVE_IDS] == ["0m", "0p", "0s"]


def test_rule_1_red_five_is_still_a_five():
    assert parse_kinds("0m0p0s") == parse_kinds("5m5p5s") == [4, 13, 22]
    assert parse_counts("406p") == parse_counts("456p")
    assert kind_name(kind_of(16)) == "5m"


def test_rule_1_terminals_honors_yaochuu():
    assert [k for k in ALL_KINDS if is_terminal(k)] == list(TERMINAL_KINDS)
    assert format_kinds(TERMINAL_KINDS) == "19m19p19s"
    assert [k for k in ALL_KINDS if is_honor(k)] == list(HONOR_KINDS) == list(range(27, 34))
    assert [k for k in ALL_KINDS if is_wind(k)] == list(WIND_KINDS) == [27, 28, 29, 30]
    assert [k for k in ALL_KINDS if is_dragon(k)] == list(DRAGON_KINDS) == [31, 32, 33]
    assert [k for k in ALL_KINDS if is_yaochuu(k)] == sorted(YAOCHUU_KINDS)
    assert len(YAOCHUU_KINDS) == 13
    assert format_kinds(YAOCHUU_KINDS) == "19m19p19s1234567z"
    assert [k for k in ALL_KINDS if is_simple(k)] == parse_kinds("2345678m2345678p2345678s")


def test_suit_and_rank():
    assert [suit_of(k) for k in parse_kinds("9m1p5s7z")] == [0, 1, 2, 3]
    assert [rank_of(k) for k in parse_kinds("9m1p5s7z")] == [9, 1, 5, 7]
    for k in ALL_KINDS:
        assert kind_name(k) == f"{rank_of(k)}{'mpsz'[suit_of(k)]}"


# --------------------------------------------------------------------------------------
# rule 5: dora successor
# --------------------------------------------------------------------------------------

# the dora for each indicator kind 0..33, in notation
DORA_OF_EACH_KIND = parse_kinds("234567891m234567891p234567891s2341z675z")


@pytest.mark.parametrize("indicator", ALL_KINDS, ids=[kind_name(k) for k in ALL_KINDS])
def test_rule_5_dora_is_the_kind_after_the_indicator(indicator):
    assert dora_kind(indicator) == DORA_OF_EACH_KIND[indicator]


def test_rule_5_dora_cycles():
    """9 -> 1 within a suit; E -> S -> W -> N -> E; White -> Green -> Red -> White."""
    name = lambda s: kind_name(dora_kind(parse_kind(s)))  # noqa: E731
    assert name("9m") == "1m" and name("9p") == "1p" and name("9s") == "1s"
    assert [name(s) for s in ("1z", "2z", "3z", "4z")] == ["2z", "3z", "4z", "1z"]
    assert [name(s) for s in ("5z", "6z", "7z")] == ["6z", "7z", "5z"]
    assert sorted(dora_kind(k) for k in ALL_KINDS) == list(ALL_KINDS)  # a permutation
    assert dora_kind(parse_tile("0m") // 4) == parse_kind("6m")  # a red indicator is a 5


def test_dora_kind_rejects_out_of_range():
    with pytest.raises(NotationError, match="out of range"):
        dora_kind(34)
    with pytest.raises(NotationError):
        dora_kind(-1)


# --------------------------------------------------------------------------------------
# notation: parse and format
# --------------------------------------------------------------------------------------

def test_canonical_format():
    assert format_tiles(parse_tiles("789s 11222z 123m 406p")) == "123m406p789s11222z"
    assert format_tiles(parse_tiles("123m406p789s11222z")) == "123m406p789s11222z"


def test_red_five_sorts_as_a_five():
    assert format_tiles(parse_tiles("6p5p0p4p")) == "4056p"
    assert format_tiles(parse_tiles("9m0m1m")) == "109m"


def test_whitespace_between_groups():
    assert parse_kinds("  1m 2p\t3s\n4z ") == parse_kinds("1m2p3s4z")
    assert parse_tiles("") == [] and format_tiles([]) == ""


def test_format_unsorted_keeps_order():
    assert format_tiles(parse_tiles("1z12m3m9p"), sort=False) == "1z123m9p"
    assert format_kinds([27, 0, 8, 0]) == "119m1z"
    assert format_kinds([27, 0], sort=False) == "1z1m"


def test_copy_assignment_is_deterministic():
    assert parse_tiles("1111m") == [0, 1, 2, 3]
    assert parse_tiles("5m") == [17]
    assert parse_tiles("555m") == [17, 18, 19]
    assert parse_tiles("55m0m") == [17, 18, 16]
    assert parse_tiles("0m555m") == [16, 17, 18, 19]


def test_four_ordinary_fives_take_the_red_copy():
    """Copy 0 of a five is the red one: with all four fives, one of them is red."""
    assert sorted(parse_tiles("5555m")) == sorted(parse_tiles("0555m"))
    assert format_tiles(parse_tiles("5555m")) == "0555m"


def test_used_ids_are_skipped_and_counted():
    used = frozenset(parse_tiles("11m"))
    assert parse_tiles("11m", used) == [2, 3]
    with pytest.raises(TileCountError) as e:
        parse_tiles("111m", used)
    assert e.value.code == "fifth_copy"
    with pytest.raises(TileCountError) as e:
        parse_tiles("0m", {16})
    assert e.value.code == "second_red"
    assert used == frozenset({0, 1})


def test_parse_counts_and_format_counts():
    c = parse_counts("123m406p789s11222z")
    assert len(c) == 34 and sum(c) == 14 and c[27] == 2 and c[28] == 3 and c[13] == 1
    assert format_counts(c) == "123m456p789s11222z"


def test_single_tile_helpers():
    assert parse_tile("0m") == 16 and parse_tile("5m") == 17 and parse_tile("7z") == 132
    assert parse_kind("0s") == 22
    assert [tile_name(t) for t in parse_tiles("10m9p7z")] == ["1m", "0m", "9p", "7z"]
    with pytest.raises(NotationError) as e:
        parse_tile("12m")
    assert e.value.code == "not_one_tile"


def test_ids_from_counts_refuses_a_red_mask_beyond_the_three_suits():
    """RULES §1: one red five in each of m, p, s and no other: the red mask has three bits
    (a fourth bit is refused, never ignored)."""
    c = parse_counts("5555m5p")
    for bad in (8, 9, -1, 1.0, True, "1", None):
        with pytest.raises(NotationError) as e:
            ids_from_counts(c, red=bad)
        assert "bitmask 0-7" in str(e.value)
    assert format_tiles(ids_from_counts(c, red=3)) == "0555m0p"
    import numpy as np

    assert ids_from_counts(c, red=np.int64(3)) == ids_from_counts(c, red=3)


def test_ids_from_counts():
    c = parse_counts("1555m")
    assert ids_from_counts(c) == [0, 17, 18, 19]
    assert ids_from_counts(c, red=1) == [0, 16, 17, 18]
    assert format_tiles(ids_from_counts(parse_counts("5555p"))) == "0555p"
    with pytest.raises(NotationError):
        ids_from_counts(c, red=2)  # no 5p to make red


def test_counts_of():
    assert counts_of(parse_tiles("0m55m1z")) == parse_counts("555m1z")


# --------------------------------------------------------------------------------------
# notation: validation errors
# --------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "text, code, words",
    [
        ("123x", "unknown_character", "unknown character 'x'"),
        ("1M", "unknown_character", "unknown character 'M'"),
        ("m", "bare_suit", "no digits"),
        ("123mm", "bare_suit", "no digits"),
        ("8z", "bad_digit", "8z"),
        ("9z", "bad_digit", "9z"),
        ("0z", "bad_digit", "red five"),
        ("123", "missing_suit", "no suit letter"),
        ("123m45", "missing_suit", "'45'"),
        ("12 3m", "missing_suit", "no suit letter"),
    ],
)
def test_notation_errors(text, code, words):
    with pytest.raises(NotationError) as e:
        parse_tiles(text)
    assert e.value.code == code
    assert words in str(e.value)
    assert repr(text) in str(e.value)  # the message names the offending text
    assert isinstance(e.value, IppatsuError) and isinstance(e.value, ValueError)
    for f in (parse_kinds, parse_counts):
        with pytest.raises(NotationError):
            f(text)


@pytest.mark.parametrize("text", ["11111m", "1m1111m", "5555m0m", "0m 5555m", "77777z"])
def test_rule_1_four_copies_fifth_copy_is_an_error(text):
    for f in (parse_tiles, parse_kinds, parse_counts):
        with pytest.raises(TileCountError, match="fifth copy") as e:
            f(text)
        assert e.value.code == "fifth_copy"


@pytest.mark.parametrize("text", ["00m", "0p0p", "05550s"])
def test_rule_1_one_red_five_per_suit_second_red_is_an_error(text):
    with pytest.raises(TileCountError, match="second red five") as e:
        parse_tiles(text)
    assert e.value.code == "second_red"


def test_validate_ids():
    assert validate_ids((0, 135, 16)) == [0, 135, 16]
    with pytest.raises(NotationError, match="136") as e:
        validate_ids([136])
    assert e.value.code == "bad_tile_id"
    with pytest.raises(NotationError):
        validate_ids([-1])
    with pytest.raises(NotationError):
        validate_ids(["5m"])
    with pytest.raises(TileCountError, match="more than once") as e:
        validate_ids([3, 4, 3])
    assert e.value.code == "duplicate_id"


def test_format_errors():
    with pytest.raises(NotationError):
        format_tiles([136])
    with pytest.raises(TileCountError):
        format_tiles([1, 1])
    with pytest.raises(NotationError):
        format_kinds([34])
    with pytest.raises(NotationError):
        format_counts([0] * 33)
    with pytest.raises(TileCountError):
        format_counts([5] + [0] * 33)
    with pytest.raises(NotationError):
        format_counts([-1] + [0] * 33)


# --------------------------------------------------------------------------------------
# round trips (Hypothesis)
# --------------------------------------------------------------------------------------

tile_sets = st.lists(st.integers(0, N_TILES - 1), unique=True, max_size=40)


@given(tile_sets)
def test_ids_format_parse_round_trip(ids):
    """ids -> format -> parse gives the same kinds and the same red fives."""
    text = format_tiles(ids)
    back = parse_tiles(text)
    assert sorted(map(spec, back)) == sorted(map(spec, ids))
    assert format_tiles(back) == text
    assert parse_counts(text) == counts_of(ids)


@given(tile_sets, st.randoms(use_true_random=False))
def test_unsorted_format_keeps_written_order(ids, rnd):
    rnd.shuffle(ids)
    back = parse_tiles(format_tiles(ids, sort=False))
    assert list(map(spec, back)) == list(map(spec, ids))


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_counts_round_trip(counts):
    assert parse_counts(format_counts(counts)) == counts
    ids = ids_from_counts(counts)
    assert counts_of(ids) == counts
    assert validate_ids(ids) == sorted(ids)


@given(st.lists(st.integers(0, N_KINDS - 1), max_size=30))
def test_kinds_round_trip(kinds):
    from collections import Counter

    if max(Counter(kinds).values(), default=0) > 4:
        with pytest.raises(TileCountError):
            parse_kinds(format_kinds(kinds))
    else:
        assert parse_kinds(format_kinds(kinds)) == sorted(kinds)
        assert parse_kinds(format_kinds(kinds, sort=False)) == kinds


# --------------------------------------------------------------------------------------
# mjai
# --------------------------------------------------------------------------------------

def test_mjai_names():
    assert [kind_to_mjai(k) for k in parse_kinds("1m9p5s1234567z")] == \
        ["1m", "9p", "5s", "E", "S", "W", "N", "P", "F", "C"]
    assert mjai_to_kind("P") == parse_kind("5z")  # White
    assert mjai_to_kind("F") == parse_kind("6z")  # Green
    assert mjai_to_kind("C") == parse_kind("7z")  # Red
    assert [mjai_to_id(n) for n in ("5mr", "5pr", "5sr")] == [16, 52, 88]
    assert [id_to_mjai(t) for t in RED_FIVE_IDS] == ["5mr", "5pr", "5sr"]
    assert mjai_is_red("5sr") and not mjai_is_red("5s")
    assert mjai_to_id("5m") == 17 and mjai_to_id("5m", {17}) == 18
    assert mjai_to_id("E", {108, 109}) == 110


@pytest.mark.parametrize("kind", ALL_KINDS, ids=[kind_name(k) for k in ALL_KINDS])
def test_mjai_round_trip_every_kind(kind):
    name = kind_to_mjai(kind)
    assert mjai_to_kind(name) == kind and not mjai_is_red(name)


def test_mjai_round_trip_every_id():
    for t in ALL_IDS:
        name = id_to_mjai(t)
        assert mjai_to_kind(name) == t // 4
        assert mjai_is_red(name) == is_red(t)
        assert spec(mjai_to_id(name)) == spec(t)


@pytest.mark.parametrize("bad", ["0m", "5zr", "5r", "e", "?", "10m", "", None, 5])
def test_mjai_unknown_name(bad):
    with pytest.raises(NotationError, match="mjai") as e:
        mjai_to_kind(bad)
    assert e.value.code == "bad_mjai"


# --------------------------------------------------------------------------------------
# tenhou.net/6
# --------------------------------------------------------------------------------------

def test_tenhou6_codes():
    assert [tenhou6_to_kind(c) for c in (11, 19, 21, 29, 31, 39, 41, 44, 45, 47)] == \
        parse_kinds("19m19p19s1457z")
    assert [tenhou6_to_kind(c) for c in (51, 52, 53)] == list(RED_FIVE_KINDS)
    assert [tenhou6_is_red(c) for c in (15, 51, 52, 53)] == [False, True, True, True]
    assert [tenhou6_to_id(c) for c in (51, 52, 53)] == [16, 52, 88]
    assert [id_to_tenhou6(t) for t in RED_FIVE_IDS] == [51, 52, 53]
    assert tenhou6_to_id(15) == 17 and tenhou6_to_kind("47") == 33


@pytest.mark.parametrize("kind", ALL_KINDS, ids=[kind_name(k) for k in ALL_KINDS])
def test_tenhou6_round_trip_every_kind(kind):
    code = kind_to_tenhou6(kind)
    assert tenhou6_to_kind(code) == kind and not tenhou6_is_red(code)


def test_tenhou6_round_trip_every_id():
    for t in ALL_IDS:
        code = id_to_tenhou6(t)
        assert tenhou6_to_kind(code) == t // 4
        assert tenhou6_is_red(code) == is_red(t)
        assert spec(tenhou6_to_id(code)) == spec(t)


@pytest.mark.parametrize("bad", [0, 10, 20, 30, 40, 48, 50, 54, 60, -11, "x", None])
def test_tenhou6_unknown_code(bad):
    with pytest.raises(NotationError, match="tenhou.net/6") as e:
        tenhou6_to_kind(bad)
    assert e.value.code == "bad_tenhou6"


def test_docstring_examples():
    import doctest

    import ippatsu.tiles

    result = doctest.testmod(ippatsu.tiles)
    assert result.attempted > 0 and result.failed == 0


def test_used_may_be_none():
    assert parse_tiles("1m", None) == [0]
    assert mjai_to_id("1m", None) == 0 and tenhou6_to_id(11, None) == 0
    assert ids_from_counts(parse_counts("1m"), used=None) == [0]
