"""score() with the compiled core against the pure-Python twin's road, on the inputs the
compiled plain road does not take.

Two independent implementations of the whole of score(): the compiled one
(``ippatsu._core.score``: its plain road, else its general part, then the C kernel) and
the twin's (``ippatsu.scoring.reference_score``: the Python edge, the pure-Python search).
For every input they must give an equal ScoreResult (every field, the fu breakdown and
the reading included) or the same error: class, code and message. The inputs here are
the irregular ones — three players and nukidora, the local yaku, liability, flowers, red
fives per suit,
presets by name, no limits, some patterns double, no
ippatsu, winds by letter, numpy scalars, flags that are not bools, mixed indicator lists,
any iterable, and bad input of every kind — and the test asserts that the plain road
declined each category it counts, so the compiled general part is what ran (and that it
took a waiting hand and its winning tile given apart, which it completes itself).
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import test_scoring_mahjong_diff as md
from ippatsu import _backend, scoring
from ippatsu.errors import IppatsuError
from ippatsu.hand import Hand, Meld
from ippatsu.rules import PRESETS, Rules
from ippatsu.tiles import format_tiles
from _score_helpers import fast_road

pytestmark = pytest.mark.skipif(not _backend.AVAILABLE,
                                reason="compares the compiled score() with the twin's")

_LOCAL_KW = ("nukidora", "flowers", "renhou", "paarenchan", "open_riichi", "sashikomi")

_LOCAL = Rules().replace(kazoe_multiple=True, renhou="mangan", paarenchan="with_yaku",
                         open_riichi=True, sashikomi_yakuman=True)
_FLOWERS = Rules().replace(flowers=True)
_SOME_DOUBLE = Rules().replace(double_yakuman_patterns=("kokushi_13", "daisuushi"))
_FOUR = [p for p in PRESETS if not p.endswith("_sanma")]
_THREE = [p for p in PRESETS if p.endswith("_sanma")]


def _outcome(fn, hand, win, kw):
    try:
        r = fn(hand, win, **kw)
    except IppatsuError as e:
        return ("error", type(e).__name__, e.code, str(e))
    return ("ok", type(r).__name__, r.to_dict(), r)


def _plain_takes(hand, win, kw) -> bool:
    """Whether the compiled plain road alone answers this input (score_fast not None or
    an error of its own)."""
    if any(kw.get(k) for k in _LOCAL_KW):
        return False
    try:
        return fast_road(hand, win, **kw) is not None
    except IppatsuError:
        return True


def _variants(rng, case):
    """(category, hand, win, keywords): the same generated hand written irregularly."""
    concealed, melds, win, sit = case
    seat = sit["seat_wind"]
    ron = None if sit["tsumo"] else (seat + 1 + rng.randrange(3)) % 4
    base = dict(sit, melds=melds, raise_on_no_yaku=False)
    waiting = [i for i in concealed if i != win]
    yield "waiting hand, ids", waiting, win, base
    yield "waiting hand, notation", format_tiles(waiting), format_tiles([win]), dict(
        base, melds=[str(Meld(t, ids)) for t, ids in melds])
    yield "preset by name", concealed, win, dict(base, rules=rng.choice(_FOUR),
                                                  discarder=ron, honba=rng.randrange(3))
    yield "no limits", concealed, win, dict(base, rules=Rules(aotenjou=True), discarder=ron,
                                            deposits=rng.randrange(3))
    yield "some patterns double", concealed, win, dict(base, rules=_SOME_DOUBLE,
                                                       discarder=ron)
    yield "no ippatsu", concealed, win, dict(base, rules=Rules(ippatsu_yaku=False))
    yield "wind by letter", concealed, win, dict(base, seat_wind="ESWN"[seat],
                                                 round_wind=rng.choice(("E", "south", "1z")))
    yield "numpy scalars", concealed, np.int64(win), dict(
        base, seat_wind=np.int8(seat), honba=np.int32(1), tsumo=np.bool_(sit["tsumo"]),
        discarder=None if ron is None else np.int16(ron))
    yield "flags as ints", concealed, win, dict(base, tsumo=int(sit["tsumo"]),
                                                riichi=int(sit["riichi"]))
    yield "mixed indicators", concealed, win, dict(
        base, dora_indicators=[format_tiles([i]) if n % 2 else i
                               for n, i in enumerate(sit["dora_indicators"])] + ["1z"])
    yield "iterables", concealed, win, dict(base, melds=[Meld(t, ids) for t, ids in melds])
    yield "liability", concealed, win, dict(base, pao=(seat + 2) % 4, discarder=ron)
    yield "red fives per suit", rng.choice((concealed, format_tiles(concealed))), win, dict(
        base, rules=Rules().replace(red_five_counts=rng.choice(((2, 2, 2), (0, 3, 1),
                                                                 (4, 0, 0)))))
    yield "flowers", concealed, win, dict(
        base, rules=_FLOWERS, flowers=rng.randrange(1, 4), discarder=ron,
        dora_indicators=list(sit["dora_indicators"]) + [136 + rng.randrange(4)],
        ura_indicators=format_tiles(sit["ura_indicators"]) + "2f")
    extra = {}
    if sit["riichi"]:
        extra["open_riichi"] = True
        if not sit["tsumo"]:
            extra["sashikomi"] = True
    if seat == 0:
        extra["paarenchan"] = True
    elif not melds and not sit["tsumo"] and not sit["riichi"]:
        extra["renhou"] = True
    if extra:
        yield "local yaku", concealed, win, dict(base, rules=_LOCAL, **extra)
    yield "local yaku off", concealed, win, dict(base, **dict(extra, renhou=True))
    # bad input: one thing wrong each
    bad = rng.randrange(9)
    if bad == 0:
        yield "error", concealed + [concealed[0]], win, base          # a duplicate id
    elif bad == 1:
        yield "error", concealed, win, dict(base, seat_wind=rng.choice((4, -1, "X")))
    elif bad == 2:
        yield "error", concealed, win, dict(base, tsumo=True, discarder=(seat + 1) % 4)
    elif bad == 3:
        yield "error", concealed, win, dict(base, honba=-1)
    elif bad == 4:
        yield "error", concealed, win, dict(base, melds=list(melds) + ["pon 123m"])
    elif bad == 5:
        yield "error", Hand(concealed, [Meld(t, ids) for t, ids in melds]), None, {}
    elif bad == 6:
        yield "error", concealed, win, dict(base, dora_indicators=[concealed[0]])
    elif bad == 7:
        yield "error", concealed, win, dict(base, tsumo=True, discarder=None, **{rng.choice(
            ("houtei", "chankan")): True})                                 # on a tsumo
    else:
        yield "error", concealed, win, dict(base, nukidora=1)


def _sanma_cases(rng, n):
    """Three-player hands (no 2m-8m, no chi), with Norths set aside now and then."""
    out = []
    while len(out) < n:
        h = md.random_hand(rng)
        if h is None:
            continue
        concealed, melds, win, sit = h
        kinds = [i >> 2 for i in concealed] + [i >> 2 for _, ids in melds for i in ids]
        if any(1 <= k <= 7 for k in kinds) or any(t == "chi" for t, _ in melds):
            continue
        seat = rng.randrange(3)
        sit = dict(sit, seat_wind=seat, round_wind=rng.randrange(2),
                   dora_indicators=[i for i in sit["dora_indicators"]
                                    if not 1 <= i >> 2 <= 7])
        north = sum(1 for k in kinds if k == 30)
        kw = dict(sit, melds=melds, rules=rng.choice(_THREE), raise_on_no_yaku=False,
                  nukidora=rng.randrange(0, 5 - north) if rng.random() < 0.6 else 0,
                  discarder=None if sit["tsumo"] else (seat + 1 + rng.randrange(2)) % 3)
        out.append(("three players", concealed, win, kw))
    return out


def test_compiled_score_equals_the_twins_road_on_irregular_input():
    """Every irregular input: the same ScoreResult or the same error from the compiled
    score() and the twin's road; each category reaches the general part, and results and
    errors both come up."""
    rng = random.Random(2718)
    cases = []
    while len(cases) < 60:
        h = md.random_hand(rng)
        if h is not None:
            cases.append(h)
    inputs = [v for case in cases for v in _variants(rng, case)] + _sanma_cases(rng, 60)
    seen: dict = {}
    for cat, hand, win, kw in inputs:
        if cat == "iterables":   # an iterator is read once: fresh ones for each call
            hand, hand2, hand3 = iter(hand), iter(hand), iter(hand)
            kw, kw2, kw3 = (dict(kw, melds=iter(kw["melds"])) for _ in range(3))
        else:
            hand2 = hand3 = hand
            kw2 = kw3 = kw
        plain = _plain_takes(hand3, win, kw3)
        got = _outcome(scoring.score, hand, win, kw)
        want = _outcome(scoring.reference_score, hand2, win, kw2)
        assert got[:3] == want[:3], (cat, hand, win, kw)
        if got[0] == "ok":
            assert got[3] == want[3] and repr(got[3]) == repr(want[3])
        s = seen.setdefault(cat, {"ok": 0, "error": 0, "plain": 0, "n": 0})
        s[got[0]] += 1
        s["plain"] += plain
        s["n"] += 1
    for cat, s in seen.items():
        # the compiled general part ran: the plain road declined the category's inputs
        # (it names a few errors itself: impossible situations)
        if cat.startswith("waiting hand"):   # the plain road adds the tile itself
            assert s["plain"] > s["n"] // 2, (cat, s)
        else:
            assert s["plain"] == 0 or (cat == "error" and s["plain"] < s["n"] // 2), (cat, s)
        if cat not in ("error", "local yaku off"):
            assert s["ok"] > 0, (cat, s)
    assert seen["error"]["error"] == seen["error"]["n"]
    assert seen["local yaku off"]["error"] > 0
    assert len(seen) == 18, sorted(seen)
    codes = {_outcome(scoring.score, h, w, k)[2] for c, h, w, k in inputs if c == "error"}
    assert len(codes) >= 6, codes


@pytest.mark.parametrize("hand,win,kw", [
    # daisangen, fed by seat 3: liability for the whole hand, a ron and a tsumo
    ("123m55p", "5p", dict(melds=["pon 555z", "pon 666z", "pon 7z+77z<A"], seat_wind=2,
                           discarder=1, pao=3, honba=2)),
    ("123m55p", "5p", dict(melds=["pon 555z", "pon 666z", "pon 7z+77z<A"], seat_wind=2,
                           tsumo=True, pao=3, honba=1, deposits=1)),
    # the liable player is the discarder
    ("123m55p", "5p", dict(melds=["pon 555z", "pon 666z", "pon 7z+77z<A"], seat_wind=0,
                           discarder=3, pao=3, rules="tenhou")),
    # daisuushi with liability, only the covered part (planet), a double yakuman
    ("11m", "1m", dict(melds=["pon 111z", "pon 222z", "pon 333z", "pon 4z+44z<A"],
                       seat_wind=1, tsumo=True, pao=2, rules="planet")),
    # a win on an open kan's replacement tile (rules.pao_rinshan)
    ("123m456p789p55s", "5s", dict(melds=["daiminkan 2222s"], seat_wind=1, tsumo=True,
                                   rinshan=True, pao=3,
                                   rules=Rules().replace(pao_rinshan=True))),
    # three players: tsumo split, nukidora as dora and as the dora of a 3z indicator
    ("123p789p999s111z22z", "2z", dict(tsumo=True, seat_wind=1, nukidora=2,
                                        rules="tenhou_sanma", dora_indicators="3z",
                                        honba=1)),
    ("123p789p999s111z22z", "2z", dict(tsumo=True, seat_wind=0, nukidora=1,
                                        rules="majsoul_sanma", riichi=True,
                                        ura_indicators="3z")),
    # no limits: a double yakuman, and a counted one far beyond 64 bits
    ("19m19p19s1234567z", "1m", dict(seat_wind=1, discarder=0, rules=Rules(aotenjou=True))),
    ("11122233344455m", "5m", dict(tsumo=True, riichi=True, seat_wind=0,
                                   dora_indicators="9m" * 3 + "4m",
                                   rules=Rules(aotenjou=True))),
    # no limits on a five-fold yakuman: bases past 2^64, compared and paid exactly
    ("11122233344455z", "5z", dict(tsumo=True, seat_wind=1, honba=3,
                                   rules=Rules(aotenjou=True))),
    ("111222333m44455z", "5z", dict(tsumo=True, seat_wind=2, rules=Rules(aotenjou=True))),
    # renhou as a mangan limit
    ("123m456p789s234s55m", "4s", dict(seat_wind=1, discarder=2, renhou=True,
                                       rules=_LOCAL)),
])
def test_compiled_score_equals_the_twins_road_on_named_hands(hand, win, kw):
    """Liability, three players, no limits and renhou as a limit: the same result."""
    got = _outcome(scoring.score, hand, win, kw)
    want = _outcome(scoring.reference_score, hand, win, kw)
    assert got[0] == "ok", got
    assert got[:3] == want[:3] and got[3] == want[3]
