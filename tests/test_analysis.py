"""ippatsu.analysis: what the hand builder shows (RULES.md §9), checked against the core
and against :func:`ippatsu.scoring.score` (a property test over random tenpai hands)."""
from __future__ import annotations

import doctest
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ippatsu import analysis, core
from ippatsu.analysis import analyze
from ippatsu.errors import (
    HandSizeError,
    IppatsuError,
    MeldError,
    NotAgariError,
    NotationError,
    TileCountError,
)
from ippatsu.hand import Hand, Meld
from ippatsu.rules import Rules
from ippatsu.scoring import score
from ippatsu.tiles import ids_from_counts, parse_counts
from ippatsu.yaku import BY_NAME

import _oracle as oracle


def test_doctests():
    assert doctest.testmod(analysis).failed == 0


# ---------------------------------------------------------------------------------------
# shanten, forms, effective tiles
# ---------------------------------------------------------------------------------------
def test_shanten_and_forms_match_core():
    for text in ("123m456p789s1122z", "1122m3344p5566s7z", "19m19p19s1234567z",
                 "147m258p369s1234z", "123m456p789s11223z", "2345m", "22m"):
        a = analyze(text)
        assert a.shanten == core.shanten(text)
        assert tuple(a.forms) == tuple(core.shanten_forms(text))


def test_ukeire_13_and_unseen_counts():
    a = analyze("147m258p369s1234z")
    u = core.ukeire("147m258p369s1234z")
    assert a.status == f"{a.shanten}-shanten"
    assert [(t.kind, t.unseen) for t in a.ukeire] == list(u.tiles)
    assert a.ukeire_total == u.total


def test_discards_best_first_for_14_tiles():
    a = analyze("123m456p789s11223z")
    assert a.discards[0].tile == "3z" and a.discards[0].shanten == 0
    assert [(d.tile, d.total) for d in a.discards[:1]] == [("3z", 4)]
    keys = [(d.shanten, -d.total) for d in a.discards]
    assert keys == sorted(keys)
    assert len(a.discards) == 12  # one per distinct kind held


def test_visible_melds_and_indicators_lower_unseen():
    base = analyze("123m456p789s1122z")
    assert [t.unseen for t in base.ukeire] == [2, 2]
    a = analyze("123m456p789s1122z", dora_indicators="1z", visible=parse_counts("2z"))
    assert [(t.tile, t.unseen) for t in a.ukeire] == [("1z", 1), ("2z", 1)]
    assert [w.unseen for w in a.waits] == [1, 1]


# ---------------------------------------------------------------------------------------
# tenpai: waits and their scores
# ---------------------------------------------------------------------------------------
def test_waits_are_scored_ron_and_tsumo():
    a = analyze("123m456p789s1122z", seat_wind=1, dora_indicators="4z")
    assert a.status == "tenpai"
    assert [w.tile for w in a.waits] == ["1z", "2z"]
    for w in a.waits:
        hand = "123m456p789s1122z" + w.tile
        kw = dict(seat_wind=1, dora_indicators="4z", raise_on_no_yaku=False)
        assert w.ron == score(hand, w.tile, **kw)
        assert w.tsumo == score(hand, w.tile, tsumo=True, **kw)
    east, south = a.waits
    # non-dealer South seat in the East round: East is the round wind, South the seat wind
    assert east.ron_has_yaku and [n for n, _ in east.ron.yaku] == ["round_wind_e"]
    assert east.ron.dora == 3  # indicator North: the dora is East, three of them
    assert south.ron_has_yaku and [n for n, _ in south.ron.yaku] == ["seat_wind_s"]


def test_no_yaku_wait_and_riichi():
    a = analyze("123m555p678s2277z")  # dealer: 7z wins with chun, 2z (South) has nothing
    w2, w7 = a.waits
    assert (w2.tile, w7.tile) == ("2z", "7z")
    assert not w2.ron_has_yaku and w2.ron.error == "no_yaku"
    assert w2.tsumo_has_yaku  # menzen tsumo
    assert w2.with_riichi is not None and w2.with_riichi.yaku == (("riichi", 1),)
    assert w7.ron_has_yaku and w7.with_riichi is None
    r = analyze("123m555p678s2277z", riichi=True)
    assert r.waits[0].ron_has_yaku and r.waits[0].with_riichi is None


def test_open_hand_waits_no_riichi():
    a = analyze("123m555p67s22z", melds=["pon 777z"])
    assert not a.closed
    assert [w.tile for w in a.waits] == ["5s", "8s"]
    for w in a.waits:
        assert w.ron_has_yaku and ("chun", 1) in w.ron.yaku
    b = analyze("123m555p67s22z", melds=["chi 1s+23s"])
    assert all(not w.ron_has_yaku and w.with_riichi is None for w in b.waits)
    assert all(not w.tsumo_has_yaku for w in b.waits)  # open: no menzen tsumo


def test_small_hand_without_melds_has_no_scores():
    a = analyze("2345m")
    assert a.shanten == 0 and [w.tile for w in a.waits] == ["2m", "5m"]
    assert all(w.ron is None and w.tsumo is None for w in a.waits)
    assert a.notes and "declare the melds" in a.notes[0]


def test_wait_with_no_copy_left_is_listed_unscored():
    # 11z + 555z pon + ...: concealed 5z... a wait on 1z with all other copies in a kan
    a = analyze("5z", melds=["pon 555z", "ankan 1111m", "ankan 9999p", "ankan 1111s"])
    assert [w.tile for w in a.waits] == ["5z"]
    assert a.waits[0].ron is None and a.waits[0].unseen == 0
    assert any("no copy of 5z" in n for n in a.notes)


# ---------------------------------------------------------------------------------------
# complete hands
# ---------------------------------------------------------------------------------------
def test_complete_hand_yaku_lines_and_open_survival():
    a = analyze("234m456p678s3455s2s", riichi=True, seat_wind=1, dora_indicators="1m")
    assert a.status == "complete" and a.shanten == -1
    w = a.win
    assert w.tile == "2s"
    assert w.result == score("234m456p678s3455s2s", "2s", riichi=True, seat_wind=1,
                             dora_indicators="1m", raise_on_no_yaku=False)
    assert (w.result.han, w.result.fu, w.result.points) == (4, 30, 7700)
    for y in w.yaku:
        row = BY_NAME[y.name]
        assert y.han_open == row.han_open
        assert y.survives_open == (row.han_open > 0)
    assert [(y.name, y.survives_open) for y in w.yaku] == [
        ("riichi", False), ("pinfu", False), ("tanyao", True)]
    assert a.hints == ()


def test_if_built_open_keeps_open_han_and_drops_concealed_only():
    a = analyze("234m456p678s3455s2s", riichi=True, seat_wind=1, dora_indicators="1m")
    o = a.win.if_open
    assert o.call.startswith(("chi", "pon"))
    r = o.result
    assert r.yaku == (("tanyao", 1),) and r.dora == 1
    assert (r.han, r.fu, r.points) == (2, 30, 2000)
    assert o.dropped == ("riichi", "pinfu")
    # it is exactly score() with that call declared
    meld = Meld.parse(o.call)
    conc = Hand("234m456p678s3455s2s", validate_size=False).counts
    left = list(conc)
    for k in meld.kinds:
        left[k] -= 1
    assert sum(left) == 11


def test_if_built_open_per_yaku_open_han():
    # honitsu + ittsu + double East, concealed ron; open: honitsu 2, ittsu 1, winds stay
    a = analyze("12346789m11122z5m")
    closed = dict(a.win.result.yaku)
    opened = dict(a.win.if_open.result.yaku)
    for name, han in opened.items():
        assert han == BY_NAME[name].han_open
        if name in closed:
            assert BY_NAME[name].han_closed == closed[name]
    assert set(closed) - set(opened) == set(a.win.if_open.dropped)
    assert all(BY_NAME[n].han_open == 0 for n in a.win.if_open.dropped)


def test_if_built_open_of_suuankou_falls_back_to_toitoi_sanankou():
    a = analyze("111m222p333s444z55z", tsumo=True)
    assert a.win.result.yakuman >= 1  # suuankou (pair wait: double)
    assert [y.survives_open for y in a.win.yaku] == [False]
    names = a.win.if_open.result.yaku_names
    assert "toitoi" in names and "sanankou" in names
    assert a.win.if_open.call.startswith("pon")


def test_seven_pairs_cannot_be_built_open():
    a = analyze("1122m3344p5566s77z")
    assert a.win.result.form == "chiitoitsu"
    assert a.win.if_open.result is None and "cannot be built open" in a.win.if_open.note


def test_no_if_open_with_calls_declared():
    a = analyze("234m456p78s55s9s", melds=["chi 2s+34s"])
    assert a.win.if_open is None  # calls declared: the hand is already open
    assert a.win.result.error == "no_yaku"
    b = analyze("55m", melds=["ankan 1111z", "pon 222p", "pon 333s", "pon 777z"])
    assert not b.closed and b.win.if_open is None


def test_no_yaku_complete_hand_with_riichi_alternative():
    a = analyze("123m456p789s23477s", win_tile="7s")
    assert a.win.result.error == "no_yaku"
    assert a.win.with_riichi.yaku == (("riichi", 1),)


def test_win_tile_default_is_last_written_and_override():
    a = analyze("234m456p678s3455s2s")   # 2s: ryanmen, pinfu
    b = analyze("234m456p678s2345s5s")   # 5s: pair wait
    assert "pinfu" in a.win.result.yaku_names
    assert b.win.tile == "5s" and "pinfu" not in b.win.result.yaku_names
    c = analyze("234m456p678s2345s5s", win_tile="2s")
    assert c.win.tile == "2s" and "pinfu" in c.win.result.yaku_names


def test_win_tile_added_to_a_13_tile_hand():
    a = analyze("234m456p678s3455s", win_tile="2s", tsumo=True)
    assert a.n_concealed == 14 and a.win.tile == "2s" and a.win.result.tsumo
    r = analyze("234m456p678s3455s", win_tile="0s")  # the red five itself
    assert r.win.result.red == 1


def test_hand_forms_accepted():
    text = "123m406p789s1z [pon 2z+22z<A]"
    a = analyze(text)
    b = analyze(Hand.parse(text))
    c = analyze("123m406p789s1z", melds=[Meld.parse("pon 2z+22z<A")])
    assert a.hand == b.hand == c.hand == text
    assert [w.tile for w in a.waits] == [w.tile for w in b.waits] == ["1z"]
    d = analyze(list(Hand.parse("123m456p789s1122z").ids))
    assert d.shanten == 0


def test_to_dict_is_json():
    for text, kw in (("123m456p789s1122z", {}), ("234m456p678s3455s2s", {"riichi": True}),
                     ("147m258p369s1234z", {}), ("123m456p789s11223z", {}),
                     ("1122m3344p5566s77z", {})):
        d = analyze(text, **kw).to_dict()
        assert json.loads(json.dumps(d)) == d
        assert d["hints_are"] == "shape hints, not promises"


# ---------------------------------------------------------------------------------------
# hints
# ---------------------------------------------------------------------------------------
def _hints(text, **kw):
    return {h.name: h for h in analyze(text, **kw).hints}


def test_hints_shapes():
    h = _hints("234m456p678s3455s")
    assert h["tanyao"].need == 0 and h["riichi"].han == 1
    h = _hints("1235689m123p5s77z")
    assert "honitsu" not in h  # four tiles of other suits: too far
    h = _hints("12345689m12m1p5s7z")
    assert h["chinitsu"].need == 3 and h["honitsu"].need == 2
    h = _hints("123456789m1p23s5z")
    assert h["ittsu"].need == 0
    h = _hints("123m123p12s5599s7z")
    assert h["sanshoku"].need == 1 and "3s" in h["sanshoku"].note
    h = _hints("1122m3344p5566s7z")
    assert h["chiitoitsu"].han == 2
    h = _hints("19m19p19s123456z9p")
    assert h["kokushi"].yakuman == 1
    assert "chanta" not in h  # set hints are off when the standard form is far behind
    h = _hints("123m456p789s2255z", seat_wind=1)
    assert h["haku"].need == 1 and h["seat_wind_s"].need == 1
    h = _hints("123m456p789s1115z", seat_wind=0, round_wind=0)
    assert h["seat_wind_e"].han == 2 and h["seat_wind_e"].need == 0


def test_hints_respect_calls():
    h = _hints("234m456p78s55s", melds=["pon 111z"])
    assert "tanyao" not in h and "riichi" not in h
    h = _hints("234m456p78s55s", melds=["chi 3s+45s"])
    assert h["tanyao"].han == BY_NAME["tanyao"].han_open
    h = _hints("234m456p78s55s", melds=["chi 3s+45s"], rules=Rules().replace(open_tanyao=False))
    assert "tanyao" not in h
    h = _hints("1233m456m7z7z9m", melds=["chi 1m+23m"])
    assert h["honitsu"].han == 2


# ---------------------------------------------------------------------------------------
# validation
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, kw, exc, code", [
    (("123m456p789s11x2z",), {}, NotationError, None),
    (("11111m456p789s112z",), {}, TileCountError, "fifth_copy"),
    (("123m456p789s1122",), {}, NotationError, None),
    (("123m456p789s11222z1z2z",), {}, HandSizeError, "bad_hand_size"),
    (("123m456p789s1122z",), {"melds": ["pon 555z"]}, HandSizeError, "bad_hand_size"),
    (("123m456p789s112z",), {"melds": ["pon 555z"]}, HandSizeError, "bad_hand_size"),
    (([],), {}, HandSizeError, "bad_hand_size"),
    (("123m456p",), {"win_tile": "7p"}, HandSizeError, "bad_hand_size"),
    (("123m456p789s1122z",), {"melds": ["chi 1z+23z"]}, MeldError, None),
    (("123m456p789s11222z",), {"win_tile": "5m"}, NotAgariError, "not_agari"),
    (("123m456p789s1122z",), {"dora_indicators": "123456z"}, IppatsuError,
     "too_many_indicators"),
    (("123m456p789s1122z",), {"seat_wind": 4}, IppatsuError, "bad_wind"),
    (("1111m456p789s112z",), {"visible": parse_counts("1m")}, TileCountError, "fifth_copy"),
    (("1111m456p789s112z",), {"dora_indicators": "1m"}, TileCountError, "fifth_copy"),
    (("111m456p789s1122z",), {"win_tile": "1m", "melds": []}, None, None),
    (("1111m456p789s112z",), {"win_tile": "1m"}, TileCountError, "fifth_copy"),
    (("123m456p789s1122z",), {"visible": [0] * 33}, HandSizeError, "bad_counts_length"),
])
def test_errors(args, kw, exc, code):
    if exc is None:
        analyze(*args, **kw)
        return
    with pytest.raises(exc) as ei:
        analyze(*args, **kw)
    assert isinstance(ei.value, IppatsuError)
    if code:
        assert ei.value.code == code


# ---------------------------------------------------------------------------------------
# property: every wait listed agrees with score(), and nothing is missed
# ---------------------------------------------------------------------------------------
@st.composite
def tenpai_hands(draw):
    """A complete hand composed of four sets and a pair (some sets declared as calls),
    with one concealed tile removed: always tenpai."""
    used = [0] * 34
    blocks = []
    for _ in range(4):
        if draw(st.booleans()):
            k = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            ks = [k, k + 1, k + 2]
        else:
            ks = [draw(st.integers(0, 33))] * 3
        for x in ks:
            used[x] += 1
        blocks.append(ks)
    pair = draw(st.integers(0, 33))
    used[pair] += 2
    assume(max(used) <= 4)
    n_calls = draw(st.integers(0, 2))
    melds = []
    concealed = [pair, pair]
    for i, ks in enumerate(blocks):
        if i < n_calls:
            t = "chi" if ks[0] != ks[1] else "pon"
            melds.append(f"{t} " + "".join(str(x % 9 + 1) for x in ks) + "mpsz"[ks[0] // 9])
        else:
            concealed += ks
    drop = draw(st.integers(0, len(concealed) - 1))
    concealed.pop(drop)
    text = "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in sorted(concealed))
    situation = dict(
        seat_wind=draw(st.integers(0, 3)), round_wind=draw(st.integers(0, 1)),
        riichi=draw(st.booleans()) and not melds,
    )
    return text, melds, situation


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(tenpai_hands())
def test_property_waits_agree_with_score(case):
    text, melds, sit = case
    a = analyze(text, melds=melds, **sit)
    assert a.shanten == 0 and a.status == "tenpai"
    h = Hand(text, melds)
    listed = {w.kind for w in a.waits}
    kw = dict(melds=h.melds, raise_on_no_yaku=False, **sit)
    used = set(h.ids) | {t for m in h.melds for t in m.tiles}
    for k in range(34):
        free = [t for t in range(4 * k, 4 * k + 4) if t not in used]
        free.sort(key=lambda t: (t in (16, 52, 88), t))
        if not free:
            continue
        try:
            ron = score(list(h.ids) + [free[0]], free[0], **kw)
        except NotAgariError:
            assert k not in listed
            continue
        if h.counts[k] == 4:
            continue
        assert k in listed, f"wait {k} missing"
        w = next(w for w in a.waits if w.kind == k)
        assert w.ron == ron
        assert w.tsumo == score(list(h.ids) + [free[0]], free[0], tsumo=True, **kw)
        assert w.ron_has_yaku == (ron.error is None)
        if ron.error and a.closed and not sit["riichi"]:
            assert w.with_riichi == score(list(h.ids) + [free[0]], free[0],
                                          **dict(kw, riichi=True))
    # the checks above tie analyze() to the score() it calls; anchor both on independent
    # answers: the waits by brute force (tests/_oracle.py), the values by the `mahjong`
    # package (configured for these rules in test_scoring_mahjong_diff)
    assert {k for k in listed if h.counts[k] < 4} == set(oracle.waits(h.counts))
    md = pytest.importorskip("test_scoring_mahjong_diff")
    melds_ids = [(m.type.name.lower(), list(m.tiles)) for m in h.melds]
    for w in a.waits:
        if not w.ron_has_yaku or w.ron is None:
            continue
        free = [t for t in range(4 * w.kind, 4 * w.kind + 4) if t not in used]
        free.sort(key=lambda t: (t in (16, 52, 88), t))
        msit = dict(tsumo=False, riichi=sit["riichi"], ippatsu=False, haitei=False,
                    houtei=False, rinshan=False, chankan=False, seat_wind=sit["seat_wind"],
                    round_wind=sit["round_wind"], dora_indicators=[], ura_indicators=[])
        m = md.mahjong_result(list(h.ids) + [free[0]], melds_ids, free[0], msit)
        assert not m.error, (text, melds, w.kind, m.error)
        assert w.ron.points == md._mj_points(m, msit), (text, melds, w.kind)
        if not w.ron.yakuman:
            assert (w.ron.han, w.ron.fu) == (m.han, m.fu), (text, melds, w.kind)


# ---------------------------------------------------------------------------------------
# building: 3, 6, 9 or 12 concealed tiles (the rules page's hand builder, RULES.md §9:
# "likely yaku to aim for while building")
# ---------------------------------------------------------------------------------------
@st.composite
def building_hands(draw):
    """3k concealed tiles (k = 1..4) of the number kinds and East-North; White, Green and
    Red stay free for the oracle's padding."""
    n = 3 * draw(st.integers(1, 4))
    counts = [0] * 34
    while sum(counts) < n:
        kk = draw(st.integers(0, 30))
        if counts[kk] < 4:
            counts[kk] += 1
    return counts


def _oracle_forms(counts, kk, pad):
    """``mahjong``'s shanten per form of ``counts`` plus one ``kk``, with the missing sets
    of a smaller hand implied by the dragon triplets ``pad`` (then only the standard
    form: the special forms need 13 tiles of the hand itself)."""
    c = list(counts)
    c[kk] += 1
    for p_ in pad:
        c[p_] += 3
    f = oracle.shanten_forms(c)
    return (f[0], None, None) if pad else f


def _oracle_building(counts):
    """The same reading, from the ``mahjong`` package: the worst draw of a kind the hand
    does not hold, per form."""
    pad = [31, 32, 33][:(12 - sum(counts)) // 3]
    worst = [None, None, None]
    for kk in range(31):
        if not counts[kk]:
            f = _oracle_forms(counts, kk, pad)
            worst = [x if w is None else max(w, x) for w, x in zip(worst, f)]
    return worst, pad


@given(building_hands())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_building_hand_shanten_and_draws_agree_with_the_oracle(counts):
    """A 3k hand is read as the 3k+1 hand after drawing a kind it does not hold (the
    worst such draw, per form); its effective draws are the kinds that lower that."""
    a = analyze(list(ids_from_counts(counts)))
    assert a.status == "building"
    (std, chii, koku), pad = _oracle_building(counts)
    assert (a.forms.standard, a.forms.chiitoitsu, a.forms.kokushi) == (std, chii, koku)
    assert a.shanten == min(x for x in (std, chii, koku) if x is not None)
    effective = [(kk, 4 - counts[kk]) for kk in range(34)
                 if counts[kk] < 4 and kk not in pad
                 and min(x for x in _oracle_forms(counts, kk, pad) if x is not None) < a.shanten]
    assert [(t.kind, t.unseen) for t in a.ukeire] == effective
    assert a.ukeire_total == sum(u for _, u in effective)
    assert not a.waits and a.win is None and not a.discards


@pytest.mark.parametrize("text, shanten, hint", [
    ("234m", 0, "tanyao"),             # a set: tenpai once a loose tile joins it
    ("13m5p9s1z7z", 3, "honitsu"),
    ("234m567p678s", 0, "tanyao"),
    ("19m19p19s123456z", 1, "kokushi"),   # kokushi one kind short, whatever joins
    ("555z666z", 0, "haku"),
])
def test_building_hands_get_shape_hints(text, shanten, hint):
    """RULES.md §9: the builder shows the yaku to aim for at any tile count."""
    a = analyze(text)
    assert a.status == "building" and a.shanten == shanten
    assert hint in [h.name for h in a.hints]
    d = json.loads(json.dumps(a.to_dict()))
    assert d["status"] == "building" and d["hints"]


def test_building_hand_with_a_call():
    """A call and 3k concealed tiles (here 1 + 6) are analysed like the concealed part;
    no score without all the tiles."""
    a = analyze("234m567p", melds=["pon 555z"])
    assert a.status == "building" and not a.closed and a.shanten == 0
    assert a.notes and "declare" not in a.notes[-1]


# ---------------------------------------------------------------------------------------
# three players (docs/rules.md §11): the builder on a 108-tile set
# ---------------------------------------------------------------------------------------
SANMA = Rules.preset("tenhou_sanma")
_SANMA_KINDS = [kk for kk in range(34) if not 1 <= kk <= 7]


@st.composite
def sanma_hands(draw):
    """3..14 concealed tiles of the kinds a three-player wall holds."""
    n = draw(st.integers(3, 14))
    counts = [0] * 34
    while sum(counts) < n:
        kk = draw(st.sampled_from(_SANMA_KINDS))
        if counts[kk] < 4:
            counts[kk] += 1
    return counts


@given(sanma_hands())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_sanma_analysis_offers_only_tiles_that_exist(counts):
    """§11: 2m-8m are not in the wall: no effective draw, discard outcome or wait names
    them; at tenpai the waits are the existing kinds that complete the hand (brute force,
    tests/_oracle.py)."""
    a = analyze(list(ids_from_counts(counts)), rules=SANMA)
    kinds = [t.kind for t in a.ukeire]
    kinds += [t.kind for d in a.discards for t in d.tiles]
    kinds += [w.kind for w in a.waits]
    assert not [kk for kk in kinds if 1 <= kk <= 7]
    if a.status == "tenpai":
        want = [kk for kk in oracle.waits(counts) if kk in _SANMA_KINDS]
        assert [w.kind for w in a.waits] == want


def test_sanma_analysis_rejects_the_missing_tiles_and_the_north_seat():
    """§11: a hand with 2m-8m is an error (sanma_tile); seats and winds are 0..2."""
    with pytest.raises(TileCountError) as ei:
        analyze("123m456p789s1122z", rules=SANMA)
    assert ei.value.code == "sanma_tile"
    with pytest.raises(IppatsuError) as ei:
        analyze("11m99m123p456p789s", rules=SANMA, seat_wind=3)
    assert ei.value.code == "bad_wind"
    analyze("11m99m123p456p789s", rules=SANMA, seat_wind=2, round_wind=2)


def test_sanma_if_built_open_has_no_chi():
    """§11: no chi with three players, so a hand of runs has no open build (four players
    would chi one of its runs)."""
    hand = "11m123p456p789p123s"
    four = analyze(hand, win_tile="3s", tsumo=True)
    assert four.win.if_open.call.startswith("chi")
    three = analyze(hand, win_tile="3s", tsumo=True, rules=SANMA)
    assert three.win.if_open.call is None and "no chi" in three.win.if_open.note


def test_sanma_nukidora_scored_and_seen():
    """§11: Norths set aside are dora on every score shown and are seen tiles."""
    hand = "11m123p456p789p78s"
    plain = analyze(hand, rules=SANMA, seat_wind=1, dora_indicators="1s")
    two = analyze(hand, rules=SANMA, seat_wind=1, dora_indicators="1s", nukidora=2)
    assert [w.tile for w in two.waits] == [w.tile for w in plain.waits] == ["6s", "9s"]
    for a, b in zip(plain.waits, two.waits):
        assert b.tsumo.han == a.tsumo.han + 2 * SANMA.nukidora_dora
    with pytest.raises(TileCountError) as ei:
        analyze("11m123p456p789p44z", rules=SANMA, nukidora=3)
    assert ei.value.code == "fifth_copy"


def test_flowers_scored_on_every_score_shown():
    """docs/rules.md §12: flowers set aside are one han of dora on every score analyze
    shows (the waits, the win, riichi), as score(flowers=n) counts them; under rules
    without flower tiles they raise flowers_off, as score() does."""
    from ippatsu import score
    from ippatsu.rules import Rules

    fl = Rules.ippatsu().replace(flowers=True)
    plain = analyze("234m406p678s2789p", rules=fl)
    three = analyze("234m406p678s2789p", rules=fl, flowers=3)
    assert [w.tile for w in three.waits] == [w.tile for w in plain.waits] != []
    for a, b in zip(plain.waits, three.waits):
        for how in ("ron", "tsumo", "with_riichi"):
            x, y = getattr(a, how), getattr(b, how)
            if x is not None and x.error is None and not x.yakuman:
                assert y.han == x.han + 3 and y.flowers == 3
    win = analyze("234m406p678s22789p", rules=fl, flowers=2, tsumo=True).win.result
    want = score("234m406p678s22789p", "9p", rules=fl, flowers=2, tsumo=True)
    assert (win.han, win.points, win.dora, win.flowers) == (want.han, want.points, want.dora, 2)
    for n, code in ((1, "flowers_off"), (5, "fifth_copy"), (-1, "negative_count")):
        with pytest.raises(IppatsuError) as ei:
            analyze("234m406p678s22789p", rules=None if code == "flowers_off" else fl,
                    flowers=n)
        assert ei.value.code == code
