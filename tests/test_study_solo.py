"""study.solo: the solo-draw study on top of the rollout kernel.

Exact answers: for a tenpai hand, P(complete on the first draw) is the unseen copies of
its waits over the unseen tiles, and P(complete within two draws) follows by enumerating
every ordered pair of unseen tiles with the policy applied in between. The Monte Carlo
estimate must cover them; the result must be the same on every backend; a Python policy
that makes the efficiency choice must reproduce the compiled policy bit for bit.
"""
from __future__ import annotations

import json
import math

import pytest

from ippatsu import HandSizeError, StudyError, TileCountError, core, study
from ippatsu.study._stats import wilson
from ippatsu.tiles import parse_counts

# the pure-Python twin runs the same rollouts about 1,000 times slower: smaller runs there
COMPILED = core.BACKEND != "python"
TENPAI = "123m456p789s1122z"            # waits 1z / 2z (shanpon)
ONE_SHANTEN = "23m456p78s34567s1z"      # ryanmen-heavy 1-shanten


def shanten_discard(h, drawn: int) -> int:
    """The "shanten" policy: lowest shanten; the drawn tile when it is among the best,
    else the lowest kind."""
    best, kinds = 99, []
    for k in range(34):
        if h[k]:
            h[k] -= 1
            s = core.shanten(bytes(h))
            h[k] += 1
            if s < best:
                best, kinds = s, [k]
            elif s == best:
                kinds.append(k)
    return drawn if drawn in kinds else kinds[0]


def exact_complete_within_two(hand: str, visible: str = "", policy: str = "efficiency"):
    """Exact P(complete by draw 1) and P(complete by draw 2) by enumeration, with the
    policy's discard after a first draw that does not complete."""
    counts = parse_counts(hand)
    vis = parse_counts(visible) if visible else [0] * 34
    unseen = [4 - c - v for c, v in zip(counts, vis)]
    total = sum(unseen)
    p1 = p2 = 0.0
    for a in range(34):
        if not unseen[a]:
            continue
        pa = unseen[a] / total
        h = list(counts)
        h[a] += 1
        if core.is_agari(h):
            p1 += pa
            p2 += pa
            continue
        u = list(unseen)
        u[a] -= 1
        seen = [4 - x - y for x, y in zip(h, u)]
        if policy == "efficiency":
            d = core.efficiency_discard(bytes(h), visible=bytes(seen))
        else:
            d = shanten_discard(h, a)
        h[d] -= 1
        for b in range(34):
            if not u[b]:
                continue
            h[b] += 1
            if core.is_agari(h):
                p2 += pa * u[b] / (total - 1)
            h[b] -= 1
    return p1, p2


@pytest.mark.parametrize("hand, visible, policy", [
    (TENPAI, "1z", "efficiency"), (TENPAI, "1z", "shanten"),
    ("23m456p789s11z567s", "", "efficiency"), ("23m456p789s11z567s", "", "shanten"),
])
def test_first_and_second_draw_match_exact_enumeration(hand, visible, policy):
    if not COMPILED and policy == "efficiency":
        pytest.skip("too slow interpreted (the shanten policy runs here)")
    p1, p2 = exact_complete_within_two(hand, visible, policy)
    if hand == TENPAI:
        assert math.isclose(p1, 3 / (136 - 13 - 1), rel_tol=1e-12)  # one 1z, two 2z left
    r = study.solo(hand, draws=2, visible=visible, n=200_000 if COMPILED else 20_000,
                   policy=policy, seed=1, backend="serial", progress=False)
    for k, p in ((0, p1), (1, p2)):
        c = r.acc.complete[k]
        # 99.9 % binomial interval around the exact value must hold the count
        lo, hi = wilson(c, r.acc.n, z=3.29)
        assert lo <= p <= hi, (k, p, c / r.acc.n)


def test_same_result_on_every_backend_and_chunking():
    kw = dict(draws=8, n=30_000, seed=5, progress=False) if COMPILED else \
        dict(draws=8, n=3_000, seed=5, progress=False, policy="shanten")
    a = study.solo(ONE_SHANTEN, backend="serial", **kw).acc
    assert a == study.solo(ONE_SHANTEN, backend="serial", chunk_size=7_001, **kw).acc
    assert a == study.solo(ONE_SHANTEN, backend="local", workers=2, chunk_size=4_000, **kw).acc
    assert a != study.solo(ONE_SHANTEN, backend="serial", **dict(kw, seed=6)).acc


def efficiency_in_python(counts14: bytes, unseen: bytes) -> int:
    seen = bytes(4 - c - u for c, u in zip(counts14, unseen))
    return core.efficiency_discard(counts14, visible=seen)


def test_a_python_policy_reproduces_the_compiled_policy():
    kw = dict(draws=6, n=1_500 if COMPILED else 60, seed=9, backend="serial", progress=False)
    compiled = study.solo(ONE_SHANTEN, **kw)
    python = study.solo(ONE_SHANTEN, policy=efficiency_in_python, **kw)
    assert python.acc == compiled.acc
    assert python.policy == "efficiency_in_python"


def test_tenpai_by_draw_is_monotone():
    r = study.solo(ONE_SHANTEN, draws=12, n=20_000 if COMPILED else 2_000, seed=3,
                   backend="serial", progress=False, policy="efficiency" if COMPILED else "shanten")
    t = r.tenpai
    assert all(a <= b for a, b in zip(t, t[1:])) and t[-1] > t[0] > 0
    assert all(a <= b for a, b in zip(r.complete, r.tenpai))
    assert math.isclose(sum(r.final_shanten.values()), 1.0)
    d = r.to_dict()
    json.dumps(d)
    assert d["estimates"]["by_draw"][11]["tenpai"]["k"] == r.acc.tenpai[11]
    assert "tenpai %" in str(r)


def test_melds_and_visible_tiles_are_not_drawn():
    # a hand with a pon of 7z: the fourth 7z is the only one left; with it visible too,
    # P(first draw is 7z) must be 0 - checked through a policy that records the draws
    r = study.solo("123m456p78s11z [pon 7z+77z<A]", draws=3, visible="7z", n=200, seed=2,
                   backend="serial", progress=False, policy="shanten")
    assert r.acc.n == 200
    counts, unseen = study.solo.__globals__["unseen_counts"]("123m456p78s11z [pon 7z+77z<A]", "7z")
    assert unseen[33] == 0 and sum(unseen) == 136 - 10 - 3 - 1


@pytest.mark.parametrize("kw, exc, code", [
    (dict(hand="123m456p789s112z"), HandSizeError, "bad_hand_size"),
    (dict(hand="123m456p789s1122z", visible="1111z"), TileCountError, "fifth_copy"),
    (dict(hand="123m456p789s1122z", policy="luck"), StudyError, "bad_policy"),
    (dict(hand="123m456p789s1122z", policy=3), StudyError, "bad_policy"),
    (dict(hand="123m456p789s1122z", n=0), StudyError, "bad_n"),
    (dict(hand="123m456p789s1122z", draws=0), StudyError, "bad_n"),
    (dict(hand="123m456p789s1122z", draws=200), StudyError, "bad_draws"),
    (dict(hand=[1.5] + [1] * 12 + [0] * 21), TileCountError, "bad_count_type"),
    (dict(hand="123m456p789s1122z", policy=lambda c, u: 0, backend="local"), StudyError,
     "bad_policy"),
])
def test_bad_input(kw, exc, code):
    args = dict(n=10, progress=False, backend="serial")
    args.update(kw)
    hand = args.pop("hand")
    with pytest.raises(exc) as e:
        study.solo(hand, **args)
    assert e.value.code == code


def test_resume_solo(tmp_path):
    pytest.importorskip("pyarrow")
    kw = dict(draws=4, seed=8, backend="serial", progress=False, chunk_size=1_000,
              policy="shanten")
    full = study.solo(TENPAI, n=5_000, **kw)
    study.solo(TENPAI, n=2_000, out=tmp_path, **kw)
    again = study.solo(TENPAI, n=5_000, out=tmp_path, resume=True, **kw)
    assert again.info.resumed == 2_000 and again.acc == full.acc
    rows = study.read_rows(tmp_path)
    assert rows.num_rows == 5 * 4 and sum(rows.column("complete").to_pylist()) == sum(full.acc.complete)


def test_plot(tmp_path):
    pytest.importorskip("matplotlib")
    r = study.solo(TENPAI, draws=3, n=500, seed=1, backend="serial", progress=False,
                   policy="shanten")
    r.plot(tmp_path / "s.png")
    assert (tmp_path / "s.png").read_bytes()[:4] == b"\x89PNG"
