"""The pure-Python hand core (``ippatsu._reference.handcore``) against the rules
(RULES.md §1-3: notation, shanten, agari, waits, effective tiles): the errors it names,
the counts it takes, runs that never wrap, honors that form no runs.

Expected values are known answers from the rules or come from the independent oracle of
``tests/_oracle.py``, never from the reference itself.
"""
from __future__ import annotations

import pytest

from ippatsu import core
from ippatsu._reference import handcore as hc
from ippatsu.errors import HandSizeError, TileCountError
from ippatsu.tiles import parse_counts

# RULES §1 notation: ranks 1-9 of m, p, s, then the honors 1z-7z
KIND_NAMES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]


def test_rule_1_a_fifth_copy_error_names_the_kind_in_notation():
    """RULES §1 (four copies of each of the 34 kinds): a count of 5 is ``fifth_copy``,
    and the message names the kind in tile notation (3p, 9s, 1z, 7z, ...), for every
    kind, on the scalar and the batch readers."""
    import numpy as np

    for k, name in enumerate(KIND_NAMES):
        c = [0] * 34
        c[k] = 5
        with pytest.raises(TileCountError) as e:
            core.shanten(c)
        assert e.value.code == "fifth_copy" and f"5 copies of {name}:" in str(e.value)
        with pytest.raises(TileCountError) as e:
            core.shanten_batch(np.array([c], np.uint8))
        assert f"row 0: 5 copies of {name}:" in str(e.value)


def test_rule_1_the_reference_takes_exactly_34_counts():
    """RULES §1: a hand as counts is one count per kind, 34 of them; the reference's
    entry points refuse 33 or 35 counts (``bad_counts_length``) rather than reading a
    35th kind or a shorter table."""
    c = parse_counts("123m456p789s1122z")
    assert hc.check_counts(c) == 4
    for bad in (c[:33], c + [0], c + [1]):
        for fn in (hc.check_counts, hc.shanten_standard, hc.is_agari_counts,
                   hc.shanten_chiitoitsu):
            with pytest.raises(HandSizeError) as e:
                fn(bad)
            assert e.value.code == "bad_counts_length", (fn, len(bad))


def test_rule_1_runs_do_not_wrap_from_9_into_the_next_suit():
    """RULES §1: a run is three consecutive numbers of one suit, so 8m 9m 1p (and 9m 1p 2p,
    8s 9s 1z) are no run: a hand whose only reading would use one has no standard
    reading, is not complete, and a run inside a suit still is one."""
    for text in ("89m1p22s", "9m12p22s", "89s1z22p", "111m89m1p22s"):
        assert core.decompositions(text) == [], text
        assert not core.is_agari(text), text
    # 7m 8m 9m is a run (the highest start of a suit): one reading, pair 2s
    assert core.decompositions("789m22s") == [((0, 19), (1, 6))]
    assert core.decompositions("789p22s") == [((0, 19), (1, 15))]


def test_rule_3_ukeire_unseen_count_is_four_minus_held_minus_visible():
    """RULES §3 effective tiles: each effective kind comes with the count still unseen,
    four minus the copies in the hand minus the copies seen elsewhere (``visible``).
    23m456p789s11122z waits on 1m and 4m (none held): with one 1m and two 4m seen, 3 and
    2 are left; 123m456p789s1112z waits on South, held once: with one seen, 2 left."""
    import numpy as np

    vis = [0] * 34
    vis[0], vis[3] = 1, 2
    u = core.ukeire("23m456p789s11122z", visible=vis)
    assert u.shanten == 0
    assert u.tiles == ((0, 3), (3, 2)) and u.total == 5
    sh, tiles = core.ukeire_batch(np.array([parse_counts("23m456p789s11122z")], np.uint8),
                                  np.array([vis], np.uint8))
    assert sh.tolist() == [0] and tiles[0, 0] == 3 and tiles[0, 3] == 2
    vis = [0] * 34
    vis[28] = 1
    u = core.ukeire("123m456p789s1112z", visible=vis)
    assert u.tiles == ((28, 2),) and u.total == 2


def test_rule_1_honors_form_no_runs_in_the_readings():
    """RULES §1: runs are three consecutive numbers of one suit; honors form none, so
    1z 2z 3z (East South West) is no run: no standard reading, not complete, while
    111z is a triplet."""
    for text in ("123z22s", "123z456z22s", "11m123z"):
        assert core.decompositions(text) == [], text
        assert not core.is_agari(text), text
    assert core.decompositions("111z22s") == [((0, 19), (2, 27))]


def test_rule_1_the_reference_names_a_fifth_copy_and_a_negative_count():
    """RULES §1 (a kind has four copies): the reference's own count check
    (``check_counts``, used directly by the batch scorer and the three-player core)
    says ``fifth_copy`` for a count of 5 or more and ``negative_count`` below 0."""
    c = parse_counts("123m456p789s1122z")
    for k, v, code in ((0, 5, "fifth_copy"), (33, 6, "fifth_copy"), (10, -1, "negative_count")):
        bad = list(c)
        bad[k] = v
        with pytest.raises(TileCountError) as e:
            hc.check_counts(bad)
        assert e.value.code == code, (k, v)
        assert f"{v} copies of {KIND_NAMES[k]}" in str(e.value)
