"""The compiled result path of score(): a ScoreResult built from the kernel's
output equals the reference's, and a hand that is not complete is named.
"""
from __future__ import annotations

import ippatsu.scoring as sc
import pytest
from ippatsu.errors import NotAgariError
from ippatsu.scoring import score


def _kernel_from_reference(counts, win, melds_k, flags, seat, rnd, extra, rules):
    """What the compiled kernel returns, computed by the pure-Python search."""
    from ippatsu._codes import LIMITS
    best = sc._ref._search(list(counts), win, melds_k, flags, seat, rnd, extra, rules)
    if best is None:
        return (1,) + (0,) * 13
    (points, mult, han, fu), mask, ym, _, _, base, limit, _, (reading, wait, form) = best
    pair, runs, trips = reading if reading is not None else (-1, (), ())
    return (0, points, base, han, fu, mask, ym, mult, LIMITS.index(limit), form, wait, pair,
            runs, trips)


@pytest.mark.parametrize("hand, win, kw", [
    ("123m456p789s234s55m", "4s", {"tsumo": True, "riichi": True, "dora_indicators": "3s",
                                   "ura_indicators": "1m"}),
    ("345678m555p678s22s", "8m", {"discarder": 2}),
    ("112233m55p77s1199s", "9s", {"tsumo": True}),
    ("119m19p19s1234567z", "1m", {"discarder": 3}),
    ("123m789p777z55s", "5s", {"melds": ["daiminkan 2222s"], "tsumo": True}),
    ("111p55s", "5s", {"melds": ["chi 456m", "ankan 3333s", "pon 777z"], "tsumo": True}),
])
def test_kernel_result_path_builds_the_reference_result(monkeypatch, hand, win, kw):
    """The compiled road's result builder (``_result_from_kernel``) turns the kernel's
    tuple into the same ScoreResult as the pure-Python road, field for field (it runs in
    the pure-Python pass too, on the reference search's answer in the kernel's shape)."""
    want = score(hand, win, **kw).to_dict()
    monkeypatch.setattr(sc, "USE_KERNEL", True)
    monkeypatch.setattr(sc._backend, "score_fast", lambda *a: None, raising=False)
    monkeypatch.setattr(sc._backend, "score_kernel", _kernel_from_reference, raising=False)
    got = sc.score(hand, win, **kw)
    assert got.to_dict() == want


def test_kernel_result_path_not_agari(monkeypatch):
    """The kernel's "not complete" code is a NotAgariError on the compiled road too."""
    monkeypatch.setattr(sc, "USE_KERNEL", True)
    monkeypatch.setattr(sc._backend, "score_fast", lambda *a: None, raising=False)
    monkeypatch.setattr(sc._backend, "score_kernel", _kernel_from_reference, raising=False)
    with pytest.raises(NotAgariError):
        sc.score("123m456p789s234s59m", "5m", tsumo=True)

