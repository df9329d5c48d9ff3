"""Reading many hands at once and the red fives (``ippatsu.tiles``, RULES §1):
``parse_hand_lines`` (the vectorised pass, chunks, the line that is wrong, hands with
melds), a second red five, ``ids_from_counts``' red mask, and the integer types counts
may take.

Expected counts are written by hand from the notation, not read back from the code.
"""
from __future__ import annotations

import numpy as np
import pytest

import ippatsu.tiles as tiles
from ippatsu.errors import TileCountError
import ippatsu.cli as cli
from ippatsu.cli import parse_hand_lines
from ippatsu.tiles import parse_tiles


def counts_of_kinds(**kinds):
    """34 counts from keyword kind names: ``counts_of_kinds(m1=2, z7=1)``."""
    c = [0] * 34
    for name, n in kinds.items():
        suit, rank = name[0], int(name[1])
        c["mpsz".index(suit) * 9 + rank - 1] = n
    return c


# lines the vectorised pass must read by itself, with their counts written out by hand
PLAIN = [
    (b"1m", counts_of_kinds(m1=1)),                                             # 1 tile
    (b"77z", counts_of_kinds(z7=2)),                                            # 2 tiles
    (b"1199p", counts_of_kinds(p1=2, p9=2)),                                    # 4
    (b"123s 9s", counts_of_kinds(s1=1, s2=1, s3=1, s9=1)),                      # 4, a space
    (b"406m1z", counts_of_kinds(m4=1, m5=1, m6=1, z1=1)),                       # red five
    (b"0m0p0s55z", counts_of_kinds(m5=1, p5=1, s5=1, z5=2)),                    # 3 reds
    (b"123m456p\t7s", counts_of_kinds(m1=1, m2=1, m3=1, p4=1, p5=1, p6=1, s7=1)),  # tab
    (b"11m22p33s44z  # a comment", counts_of_kinds(m1=2, p2=2, s3=2, z4=2)),    # comment
    (b"11122233344455m", counts_of_kinds(m1=3, m2=3, m3=3, m4=3, m5=2)),        # 14
    (b"1234567z123m999s\r", counts_of_kinds(z1=1, z2=1, z3=1, z4=1, z5=1, z6=1, z7=1,
                                           m1=1, m2=1, m3=1, s9=3)),            # 13, CR
    (b"5550s", counts_of_kinds(s5=4)),                                          # 4 fives
    (b"13579m2468p1s", counts_of_kinds(m1=1, m3=1, m5=1, m7=1, m9=1, p2=1, p4=1, p6=1,
                                       p8=1, s1=1)),                            # 10
]
SKIPPED = [b"", b"# only a comment", b"   ", b"#123m"]
BAD = [b"m12", b"12 3m", b"123m x", b"8z", b"0z", b"0m0m12m", b"5555m5m", b"123m4",
       b"123", b"123m456p789s"]


def test_parse_hand_lines_reads_plain_notation_in_the_vectorised_pass(monkeypatch):
    """parse_hand_lines: every valid hand size (1, 2, 4, ... 14 tiles), red fives, spaces,
    tabs, CR and comments are read by the vectorised pass (the exact per-line parser is
    for lines it refuses); blank and comment lines are skipped; the counts and line
    numbers are those written above."""
    calls = []
    slow = cli._slow_line
    monkeypatch.setattr(cli, "_slow_line", lambda raw: calls.append(raw) or slow(raw))
    lines = [t for t, _ in PLAIN]
    data = b"\n".join(SKIPPED[:2] + lines[:6] + SKIPPED[2:] + lines[6:])
    counts, line_nos, bad = parse_hand_lines(data)
    assert calls == [] and bad == []
    want_nos = [3, 4, 5, 6, 7, 8] + [11 + i for i in range(len(lines) - 6)]
    assert line_nos.tolist() == want_nos
    assert counts.tolist() == [c for _, c in PLAIN]
    assert counts.dtype == np.uint8 and counts.shape == (len(PLAIN), 34)


@pytest.mark.parametrize("line", BAD)
def test_parse_hand_lines_names_the_bad_line(line):
    """parse_hand_lines: a line the notation does not allow (a suit letter without digits,
    digits without a suit, a stray letter, 8z / 0z, a second red five, a fifth copy, a
    size no hand has) is reported by its line number with the parser's message, between
    good lines, which are still read."""
    data = b"1234m\n" + line + b"\n55z\n"
    counts, line_nos, bad = parse_hand_lines(data)
    assert line_nos.tolist() == [1, 3]
    assert counts.tolist() == [counts_of_kinds(m1=1, m2=1, m3=1, m4=1),
                               counts_of_kinds(z5=2)]
    assert len(bad) == 1 and bad[0][0] == 2 and bad[0][1]


def test_parse_hand_lines_red_fives_on_many_lines():
    """parse_hand_lines: red fives are counted per line and per suit: one red five of
    each suit on later lines is fine, a second red 5p on one line is not."""
    data = b"\n".join([b"11z", b"0p", b"0s", b"0m0p", b"0s0s", b"0p555p", b"0m0p0s1z"])
    counts, line_nos, bad = parse_hand_lines(data)
    assert line_nos.tolist() == [1, 2, 3, 4, 6, 7]
    assert counts.tolist() == [counts_of_kinds(z1=2), counts_of_kinds(p5=1),
                               counts_of_kinds(s5=1), counts_of_kinds(m5=1, p5=1),
                               counts_of_kinds(p5=4), counts_of_kinds(m5=1, p5=1, s5=1, z1=1)]
    assert [n for n, _ in bad] == [5]


def test_parse_hand_lines_in_chunks_equals_one_pass(monkeypatch):
    """parse_hand_lines reads a long input in chunks of lines: the result (counts, line
    numbers, bad lines) does not depend on where the chunks end."""
    lines = [t for t, _ in PLAIN] + BAD + SKIPPED
    rng = np.random.default_rng(5)
    data = b"\n".join(lines[i] for i in rng.permutation(len(lines)))
    whole = parse_hand_lines(data)
    for size in (1, 2, 3, 7):
        monkeypatch.setattr(cli, "_CHUNK_LINES", size)
        part = parse_hand_lines(data)
        assert part[0].tolist() == whole[0].tolist(), size
        assert part[1].tolist() == whole[1].tolist() and part[2] == whole[2], size
    assert len(whole[2]) == len(BAD)


@pytest.mark.parametrize("text, red_id", [("0m", 16), ("0p", 52), ("0s", 88)])
def test_a_second_red_five_counts_the_red_fives_already_used(text, red_id):
    """RULES §1: each suit has one red five: asking for it when its id is already used
    (by a meld, say) is a TileCountError "second_red" naming that suit's red five."""
    with pytest.raises(TileCountError) as e:
        parse_tiles(text, frozenset([red_id]))
    assert e.value.code == "second_red" and text in str(e.value)
    other = {16: 52, 52: 88, 88: 16}[red_id]      # another suit's red five is no obstacle
    assert parse_tiles(text, frozenset([other])) == [red_id]


def test_parse_hand_lines_reads_hands_with_melds_by_the_exact_parser():
    """parse_hand_lines: lines with ``[melds]`` (read by the exact parser) give their
    concealed counts, in line order among the plain lines."""
    data = b"123m456p789s1z [pon 777z]\n1234m\n11m [pon 222z] [chi 345p] [pon 111z] [pon 555z]\n"
    counts, line_nos, bad = parse_hand_lines(data)
    assert bad == [] and line_nos.tolist() == [1, 2, 3]
    assert counts.tolist() == [
        counts_of_kinds(m1=1, m2=1, m3=1, p4=1, p5=1, p6=1, s7=1, s8=1, s9=1, z1=1),
        counts_of_kinds(m1=1, m2=1, m3=1, m4=1), counts_of_kinds(m1=2)]


@pytest.mark.parametrize("suit, red_id", [(0, 16), (1, 52), (2, 88)])
def test_ids_from_counts_red_mask_takes_the_red_copy_of_the_five(suit, red_id):
    """ids_from_counts: bit ``s`` of ``red`` makes one of the suit's fives the red five
    (RULES §1: copy 0 of each five); it is not an extra tile."""
    from ippatsu.tiles import ids_from_counts
    c = [0] * 34
    c[suit * 9 + 4] = 2
    ids = ids_from_counts(c, red=1 << suit)
    assert len(ids) == 2 and red_id in ids and all(i >> 2 == suit * 9 + 4 for i in ids)
    assert red_id not in ids_from_counts(c)
    # the other suits' fives are untouched by this suit's bit
    c = [0] * 34
    for s in range(3):
        c[s * 9 + 4] = 2
    ids = ids_from_counts(c, red=1 << suit)
    assert sorted(i >> 2 for i in ids) == [4, 4, 13, 13, 22, 22] and red_id in ids
    assert len(set(ids) & {16, 52, 88}) == 1


def test_check_counts_takes_any_integer_type_but_not_bools():
    """check_counts: counts may be any integers (an int subclass such as an IntEnum
    member, numpy integers) and come back as plain ints; bools (Python or numpy) are
    refused as "bad_counts"."""
    import enum

    from ippatsu.errors import NotationError
    from ippatsu.tiles import check_counts

    class Count(enum.IntEnum):
        ONE = 1

    c = check_counts([Count.ONE, np.int64(2), np.uint8(3)] + [0] * 31)
    assert c[:3] == [1, 2, 3] and all(type(x) is int for x in c)
    for bad in ([True] + [0] * 33, [np.True_] + [0] * 33):
        with pytest.raises(NotationError) as e:
            check_counts(bad)
        assert e.value.code == "bad_counts"
