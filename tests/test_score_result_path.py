"""The compiled general part of score(): a ScoreResult built there from the kernel's
output equals the pure-Python twin's, and a hand that is not complete is named.

The plain road of the compiled score() leaves some inputs to the compiled general part
(a preset given by name is one); both parts build the result in C, never through
``ippatsu.scoring``. Here each hand goes through the general part (checked: the plain
road declines it) and is compared with ``scoring.reference_score``, the twin's own edge
and search.
"""
from __future__ import annotations

import ippatsu.scoring as sc
import pytest
from ippatsu import _backend
from ippatsu.errors import NotAgariError
from _score_helpers import fast_road

pytestmark = pytest.mark.skipif(not _backend.AVAILABLE, reason="the compiled core's parts")



def _general(hand, win, **kw):
    """score() through the compiled general part: the rules by preset name, which the
    plain road does not read (asserted)."""
    kw = dict(kw, rules="ippatsu")
    assert fast_road(hand, win, **kw) is None
    return sc.score(hand, win, **kw)


@pytest.mark.parametrize("hand, win, kw", [
    ("123m456p789s234s55m", "4s", {"tsumo": True, "riichi": True, "dora_indicators": "3s",
                                   "ura_indicators": "1m"}),
    ("345678m555p678s22s", "8m", {"discarder": 2}),
    ("112233m55p77s1199s", "9s", {"tsumo": True}),
    ("119m19p19s1234567z", "1m", {"discarder": 3}),
    ("123m789p777z55s", "5s", {"melds": ["daiminkan 2222s"], "tsumo": True}),
    ("111p55s", "5s", {"melds": ["chi 456m", "ankan 3333s", "pon 777z"], "tsumo": True}),
])
def test_general_part_builds_the_twins_result(hand, win, kw):
    """The general part turns the kernel's answer into the same ScoreResult as the
    pure-Python twin's road, field for field."""
    want = sc.reference_score(hand, win, rules="ippatsu", **kw)
    got = _general(hand, win, **kw)
    assert got == want and got.to_dict() == want.to_dict()


def test_general_part_not_agari():
    """The kernel's "not complete" code is a NotAgariError from the general part, with
    the twin's words."""
    with pytest.raises(NotAgariError) as want:
        sc.reference_score("123m456p789s234s59m", "5m", tsumo=True)
    with pytest.raises(NotAgariError) as got:
        _general("123m456p789s234s59m", "5m", tsumo=True)
    assert str(got.value) == str(want.value) and got.value.code == "not_agari"
