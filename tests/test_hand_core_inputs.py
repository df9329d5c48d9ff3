"""What the hand core takes (RULES §1): counts, 136-ids and batches, their shapes
and integer types, threads, and the errors that name a bad row.
"""
from __future__ import annotations



def test_batch_threads_accepts_1_to_1024_only():
    """The batch functions take ``threads`` None or an integer 1-1024 (docs/errors.md):
    1024 itself is accepted, 1025 is ``bad_threads``."""
    import numpy as np
    import pytest

    from ippatsu import core
    from ippatsu.errors import IppatsuError
    from ippatsu.tiles import parse_counts

    a = np.array([parse_counts("123m456p789s1122z")], np.uint8)
    for fn in (core.shanten_batch, core.is_agari_batch, core.shanten_forms_batch,
               core.waits_batch):
        want = fn(a)
        got = fn(a, threads=1024)
        assert np.array_equal(got, want)
        with pytest.raises(IppatsuError) as e:
            fn(a, threads=1025)
        assert e.value.code == "bad_threads"
    sh, tiles = core.ukeire_batch(a, threads=1024)
    assert sh[0] == 0
    with pytest.raises(IppatsuError) as e:
        core.ukeire_batch(a, threads=1025)
    assert e.value.code == "bad_threads"


def test_ukeire_batch_fifth_copy_names_the_first_bad_row():
    """RULES §1 (four copies of each kind): a hand row plus its visible row holding five
    of a kind is ``fifth_copy``, and the message names the first such row and its kind."""
    import numpy as np
    import pytest

    from ippatsu import core
    from ippatsu.errors import TileCountError
    from ippatsu.tiles import parse_counts

    hands = np.array([parse_counts("123m456p789s1122z"), parse_counts("111m456p789s1122z"),
                      parse_counts("123m456p789s1122z")], np.uint8)
    vis = np.zeros((3, 34), np.uint8)
    vis[0, 27] = 2     # row 0: two East in hand + two seen = four, allowed
    vis[1, 0] = 2      # row 1: three 1m in hand + two seen
    vis[2, 27] = 3     # row 2: two East in hand + three seen
    with pytest.raises(TileCountError) as e:
        core.ukeire_batch(hands, vis)
    assert e.value.code == "fifth_copy"
    assert "row 1: 5 copies of 1m" in str(e.value)
    assert "row 2" not in str(e.value)


def test_waits_batch_refuses_a_row_of_3k_tiles():
    """RULES §3: waits are defined for a hand of 3n+1 tiles; a batch row of 12 tiles (3n)
    is ``bad_hand_size`` naming the row."""
    import numpy as np
    import pytest

    from ippatsu import core
    from ippatsu.errors import HandSizeError
    from ippatsu.tiles import parse_counts

    a = np.array([parse_counts("123m456p789s1122z"), parse_counts("123m456p789s112z")],
                 np.uint8)
    with pytest.raises(HandSizeError) as e:
        core.waits_batch(a)
    assert e.value.code == "bad_hand_size" and "row 1" in str(e.value)


def test_a_list_of_35_counts_is_refused_not_truncated():
    """A hand given as counts has exactly 34 of them, one per kind (docs/errors.md
    ``bad_counts_length``): 35 counts whose first 34 make a tenpai hand are refused, not
    read as their first 34."""
    import pytest

    from ippatsu import core
    from ippatsu.errors import HandSizeError
    from ippatsu.tiles import parse_counts

    c = [int(x) for x in parse_counts("123m456p789s1122z")]
    assert core.shanten(c) == 0
    for extra in ([0], [0, 0, 0]):
        with pytest.raises(HandSizeError) as e:
            core.shanten(c + extra)
        assert e.value.code == "bad_counts_length"


def test_a_single_136_id_is_a_one_tile_hand():
    """RULES §3 with declared melds implied by the size: a list of 1-14 136-ids is the
    concealed tiles, and 1 tile (four melds declared) waits on that tile alone (a tanki:
    shanten 0, waits = its own kind)."""
    from ippatsu import core

    assert core.shanten([0]) == 0              # 1m
    assert core.waits([0]) == [0]
    assert core.waits((135,)) == [33]          # 7z, a tuple
    assert bool(core.is_agari([4, 5]))         # 2m 2m: a pair


def test_batch_uint8_counts_are_checked_row_by_row():
    """docs/errors.md (the first error wins): a uint8 ``counts`` batch is read row by row,
    so row 0's wrong size (12 tiles) is reported before row 1's fifth copy of 1m, the
    same first error on both backends."""
    import numpy as np
    import pytest

    from ippatsu import core
    from ippatsu.errors import HandSizeError
    from ippatsu.tiles import parse_counts

    a = np.array([parse_counts("123m456p789s112z"), parse_counts("123m456p789s1122z")],
                 np.uint8)
    a[1, 0] = 5
    for fn in (core.waits_batch, core.is_agari_batch, core.shanten_batch):
        with pytest.raises(HandSizeError) as e:
            fn(a)
        assert e.value.code == "bad_hand_size" and "row 0" in str(e.value), fn


def test_batch_accepts_four_copies_in_wide_integer_arrays():
    """RULES §1: each kind has four copies, so a count of 4 is legal: an int64 / int32
    batch holding four 1m, and a visible row showing four of a kind, are read (1111m
    234p 567p 789s is 1-shanten: a wait on a fifth 1m does not count)."""
    import numpy as np

    from ippatsu import core
    from ippatsu.tiles import parse_counts

    for dt in (np.int64, np.int32, np.int16):
        b = np.array([parse_counts("1111m234p567p789s")], dt)
        assert core.shanten_batch(b).tolist() == [1]
        assert core.is_agari_batch(b).tolist() == [False]
    h = np.array([parse_counts("123p456p789s1122z")], np.uint8)
    v = np.zeros((1, 34), np.uint8)
    v[0, 0] = 4                                  # four 1m seen elsewhere
    v[0, 27] = 1                                 # one East seen
    sh, tiles = core.ukeire_batch(h, v)
    assert sh.tolist() == [0]
    assert tiles[0, 27] == 1 and tiles[0, 28] == 2 and tiles.sum() == 3


def test_ukeire_batch_fills_the_out_pair():
    """``ukeire_batch(..., out=(shanten, tiles))`` writes the shanten into the first array
    and the tiles left of each kind into the second, and returns them (123m456p789s1122z
    waits on East and South, two of each left; 123m456p789s1112z on South, three left)."""
    import numpy as np

    from ippatsu import core
    from ippatsu.tiles import parse_counts

    h = np.array([parse_counts("123m456p789s1122z"), parse_counts("123m456p789s1112z")],
                 np.uint8)
    sh = np.full(2, 99, np.int8)
    tiles = np.full((2, 34), 99, np.uint8)
    got = core.ukeire_batch(h, out=(sh, tiles))
    assert got[0] is sh and got[1] is tiles
    assert sh.tolist() == [0, 0]
    want0 = [0] * 34
    want0[27] = want0[28] = 2
    assert tiles[0].tolist() == want0
    want1 = [0] * 34
    want1[28] = 3                                # 111z 2z: a tanki on South, 3 left
    assert tiles[1].tolist() == want1


def test_shanten_refuses_an_unknown_form_name():
    """``shanten(hand, form)`` takes the forms of RULES §3 by name ('standard',
    'chiitoitsu', 'kokushi'); any other string is ``bad_form``, not the standard form."""
    import pytest

    from ippatsu import core
    from ippatsu.errors import IppatsuError

    for form in ("pinfu", "Standard", ""):
        with pytest.raises(IppatsuError) as e:
            core.shanten("123m456p789s1122z", form)
        assert e.value.code == "bad_form", form


def test_batch_takes_one_row_of_34_counts_as_a_one_row_batch():
    """The batch functions take an ``(N, 34)`` array or a single row of 34 counts (read
    as N = 1): 123m456p789s1122z is tenpai on East and South."""
    import numpy as np

    from ippatsu import core
    from ippatsu.tiles import parse_counts

    for dt in (np.uint8, np.int64):
        row = np.array(parse_counts("123m456p789s1122z"), dt)
        assert core.shanten_batch(row).tolist() == [0]
        w = core.waits_batch(row)
        assert w.shape == (1, 34) and np.nonzero(w[0])[0].tolist() == [27, 28]


def test_batch_wide_arrays_are_checked_whole_before_the_rows():
    """RULES §1 (a count is 0 to 4), first error wins: a batch that is not uint8 is
    checked whole first, so row 1's negative count is reported before row 0's wrong
    size (12 tiles), on both backends; a negative visible count is ``negative_count``."""
    import numpy as np
    import pytest

    from ippatsu import core
    from ippatsu.errors import TileCountError
    from ippatsu.tiles import parse_counts

    a = np.array([parse_counts("123m456p789s112z"), parse_counts("123m456p789s1122z")],
                 np.int64)
    a[1, 5] = -1
    for fn in (core.shanten_batch, core.is_agari_batch, core.waits_batch):
        with pytest.raises(TileCountError) as e:
            fn(a)
        assert e.value.code == "negative_count" and "row 1: -1 copies of 6m" in str(e.value)
    h = np.array([parse_counts("123m456p789s1122z")], np.uint8)
    v = np.zeros((1, 34), np.int8)
    v[0, 27] = -1
    with pytest.raises(TileCountError) as e:
        core.ukeire_batch(h, v)
    assert e.value.code == "negative_count"


def test_batch_visible_may_show_one_of_every_kind():
    """A visible row of 34 ones is legal (one copy of each kind seen): 123m456p789s1122z
    then has 4 - 2 - 1 = 1 East and 1 South left."""
    import numpy as np

    from ippatsu import core
    from ippatsu.tiles import parse_counts

    h = np.array([parse_counts("123m456p789s1122z")], np.uint8)
    for dt in (np.uint8, np.int32):
        sh, tiles = core.ukeire_batch(h, np.ones((1, 34), dt))
        want = [0] * 34
        want[27] = want[28] = 1
        assert sh.tolist() == [0] and tiles[0].tolist() == want


def test_batch_fifth_copy_names_the_five_not_an_earlier_four():
    """RULES §1: four copies of a kind are legal, a fifth is not: in a wide batch (or a
    visible array) the ``fifth_copy`` error names the row and kind holding 5, not an
    earlier legal 4."""
    import numpy as np
    import pytest

    from ippatsu import core
    from ippatsu.errors import TileCountError
    from ippatsu.tiles import parse_counts

    b = np.array([parse_counts("1111m234p567p789s"), parse_counts("123m456p789s1122z")],
                 np.int64)
    b[1, 1] = 5
    with pytest.raises(TileCountError) as e:
        core.shanten_batch(b)
    assert e.value.code == "fifth_copy" and "row 1: 5 copies of 2m" in str(e.value)
    h = np.array([parse_counts("123p456p789s1122z")] * 2, np.uint8)
    v = np.zeros((2, 34), np.int64)
    v[0, 0] = 4
    v[1, 30] = 5
    with pytest.raises(TileCountError) as e:
        core.ukeire_batch(h, v)
    assert e.value.code == "fifth_copy" and "row 1: 5 copies of 4z" in str(e.value)


def test_a_list_of_14_136_ids_is_a_full_hand():
    """A hand may be given as 1-14 distinct 136-ids (docs: ``ippatsu.core``), 14 included:
    the ids of 123m456p789s11222z are a complete hand (RULES §2), and its 13-id part
    waits on East and South."""
    from ippatsu import core
    from ippatsu.hand import Hand

    ids = list(Hand.parse("123m456p789s11222z").ids)
    assert len(ids) == 14
    assert core.is_agari(ids) and core.shanten(ids) == -1
    assert core.is_agari(tuple(ids))
    assert ids[-1] // 4 == 28                       # the last id is a South
    assert core.waits(ids[:-1]) == [27, 28]

