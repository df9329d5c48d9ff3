"""The local yaku and limit options (docs/rules.md §12) against the ``mahjong`` package.

The ``mahjong`` package (a test-only oracle) has the same options under other names:
``kazoe_limit`` (``KAZOE_NO_LIMIT`` / ``KAZOE_SANBAIMAN``) is ``Rules.kazoe_multiple`` /
``kazoe_yakuman``; ``has_double_yakuman`` is ``double_yakuman``; ``renhou_as_yakuman``
(and its 5-han renhou otherwise) is ``Rules.renhou`` ``yakuman`` / ``yaku``;
``is_open_riichi`` with ``has_sashikomi_yakuman`` is ``open_riichi`` /
``sashikomi_yakuman``; ``paarenchan`` with ``paarenchan_needs_yaku`` is ``Rules.paarenchan``
``with_yaku`` / ``always``; ``has_daisharin`` (``_other_suits``) is ``daisharin`` ``pin`` /
``all``; ``has_daichisei`` is ``daichisei``. Each option is run on the seeded random hands
of ``test_scoring_mahjong_diff`` (the same generator) under that option, plus the shapes
the random hands cannot reach (daisharin, daichisei), and the two engines must agree on
han, fu, points and yaku.

Where ``mahjong`` has no input the option is checked by its rule directly (renhou as a
limit, per-pattern double yakuman, aotenjou's yakuman, the situation and rules errors).
"""
from __future__ import annotations

import random

import pytest

from ippatsu.errors import IppatsuError, NoYakuError, SituationError
from ippatsu.rules import Rules
from ippatsu.scoring import score

mj = pytest.importorskip("mahjong")
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules  # noqa: E402
from mahjong.hand_calculating.scores import Aotenjou, ScoresCalculator  # noqa: E402
from mahjong.meld import Meld as MjMeld  # noqa: E402

from test_scoring_mahjong_diff import _MJ_DORA, _MJ_NAMES, _MJ_TYPE, random_hand  # noqa: E402

N_HANDS = 600   # per option; the pure-Python CI pass scores them too

_NAMES = dict(_MJ_NAMES, Renhou="renhou", RenhouYakuman="renhou_yakuman",
              OpenRiichi="open_riichi", DaburuOpenRiichi="double_open_riichi",
              Sashikomi="sashikomi", Paarenchan="paarenchan", Daichisei="daichisei")


def _options(**kw):
    base = dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=True,
                kazoe_limit=HandConfig.KAZOE_LIMITED, limit_to_sextuple_yakuman=False)
    base.update(kw)
    return OptionalRules(**base)


def _theirs(case, options, aotenjou=False, **extra):
    concealed, melds, win, sit = case
    mjm = [MjMeld(meld_type=_MJ_TYPE[t], tiles=sorted(ids), opened=t != "ankan")
           for t, ids in melds]
    tiles = list(concealed) + [i for _, ids in melds for i in ids]
    cfg = HandConfig(
        is_tsumo=sit["tsumo"], is_riichi=sit["riichi"], is_ippatsu=sit["ippatsu"],
        is_rinshan=sit["rinshan"], is_chankan=sit["chankan"], is_haitei=sit["haitei"],
        is_houtei=sit["houtei"], player_wind=27 + sit["seat_wind"],
        round_wind=27 + sit["round_wind"], options=options, **extra)
    return HandCalculator.estimate_hand_value(
        tiles, win, melds=mjm, dora_indicators=sit["dora_indicators"], config=cfg,
        ura_dora_indicators=sit["ura_indicators"] or None,
        scores_calculator_factory=Aotenjou if aotenjou else ScoresCalculator)


def _points(m, sit):
    c = m.cost
    if not sit["tsumo"]:
        return c["main"]
    if sit["seat_wind"] == 0:
        return 3 * c["main"]
    return c["main"] + 2 * c["additional"]


def _ours(case, rules, scorer=score, **extra):
    concealed, melds, win, sit = case
    try:
        return scorer(concealed, win, melds=melds, rules=rules, **sit, **extra)
    except NoYakuError:
        return None


def _agree(case, rules, options, ours_extra=None, theirs_extra=None, aotenjou=False):
    """(agree, ours, theirs) on points, yaku names and, below the limits, han and fu."""
    sit = case[3]
    m = _theirs(case, options, aotenjou=aotenjou, **(theirs_extra or {}))
    r = _ours(case, rules, **(ours_extra or {}))
    if r is None or m.error:
        return (r is None) == bool(m.error), r, m
    theirs = sorted(_NAMES.get(type(y).__name__, type(y).__name__) for y in m.yaku
                    if type(y).__name__ not in _MJ_DORA)
    same = r.points == _points(m, sit) and theirs == sorted(r.yaku_names)
    if not r.yakuman and r.limit is None:
        same = same and r.han == m.han and r.fu == m.fu
    return same, r, m


def _cases(seed, keep=lambda case: True, n=N_HANDS):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        h = random_hand(rng)
        if h is not None and keep(h):
            out.append(h)
    return out


def _check(cases, rules, options, **kw):
    bad = []
    hits = 0
    for i, case in enumerate(cases):
        same, r, m = _agree(case, rules, options, **kw)
        hits += r is not None
        if not same:
            bad.append((i, case, r and (r.han, r.fu, r.points, r.yaku),
                        (m.han, m.fu, m.cost, m.yaku, m.error)))
    assert not bad, bad[:3]
    return hits


# ---------------------------------------------------------------------------------------
# limits
def test_kazoe_multiple_counts_one_yakuman_per_13_han_like_mahjong_kazoe_no_limit():
    """Rules.kazoe_multiple = mahjong's KAZOE_NO_LIMIT: 26 counted han are a double yakuman."""
    rules = Rules().replace(kazoe_multiple=True)
    opts = _options(kazoe_limit=HandConfig.KAZOE_NO_LIMIT)
    _check(_cases(1201), rules, opts)
    # a hand with 26+ han: chinitsu, ryanpeikou, riichi, tsumo, pinfu, tanyao (13 han)
    # + 10 dora + 10 ura
    hand = _ids("22334455667788p", skip_red=True)
    dora = _ids("12345p", taken=hand)
    ura = _ids("67123p", taken=hand + dora)
    case = (hand, [], hand[-1], dict(
        tsumo=True, riichi=True, ippatsu=False, haitei=False, houtei=False, rinshan=False,
        chankan=False, seat_wind=1, round_wind=0, dora_indicators=dora, ura_indicators=ura))
    same, r, m = _agree(case, rules, opts)
    assert same and r.limit == "kazoe yakuman" and r.points == 64000, (r, m.cost)


def test_kazoe_yakuman_off_caps_counted_hands_at_sanbaiman_like_mahjong():
    rules = Rules().replace(kazoe_yakuman=False)
    _check(_cases(1202), rules, _options(kazoe_limit=HandConfig.KAZOE_SANBAIMAN))


def test_double_yakuman_off_counts_every_pattern_once_like_mahjong():
    rules = Rules().replace(double_yakuman=False)
    _check(_cases(1203), rules, _options(has_double_yakuman=False))


@pytest.mark.parametrize("pattern,hand,win", [
    ("kokushi_13", "19m19p19s12345677z", "7z"),
    ("suuankou_tanki", "111222333m444p55s", "5s"),
    ("chuuren_pure", "11123456789995m", "5m"),
    ("daisuushi", "11122233344455z", "5z"),
])
def test_double_yakuman_per_pattern(pattern, hand, win):
    """double_yakuman_patterns: a pattern listed counts double, one left out counts once;
    the points follow (non-dealer ron: 32,000 a yakuman)."""
    on = score(hand, win, seat_wind=1, rules=Rules().replace(double_yakuman_patterns=(pattern,)))
    off = score(hand, win, seat_wind=1, rules=Rules().replace(double_yakuman_patterns=()))
    row = {n: h for n, h in on.yaku}
    assert row[pattern] == 26 and dict(off.yaku)[pattern] == 13
    assert on.points - off.points == 32000
    assert on.yakuman == off.yakuman + 1


def test_aotenjou_pays_fu_times_two_to_the_han_plus_two_like_mahjong_aotenjou():
    """aotenjou: no limits on ordinary hands (mahjong's Aotenjou calculator, which pays no
    honba; ours pays the same with honba 0)."""
    rules = Rules().replace(aotenjou=True)
    cases = _cases(1204)
    bad = []
    n = 0
    for case in cases:
        m = _theirs(case, _options(), aotenjou=True)
        r = _ours(case, rules)
        if r is None or m.error or r.yakuman:
            continue   # mahjong counts a yakuman's ordinary yaku too: see the rules page
        n += 1
        if (r.han, r.fu, r.points) != (m.han, m.fu, _points(m, case[3])):
            bad.append((case, (r.han, r.fu, r.points), (m.han, m.fu, m.cost)))
    assert n > 300 and not bad, bad[:3]


def test_aotenjou_yakuman_is_13_han_per_multiple_without_caps():
    r = score("11122233344455z", "5z", seat_wind=1, rules=Rules().replace(aotenjou=True))
    # suuankou tanki 2 + tsuuiisou 1 + daisuushi 2 = 5 yakuman = 65 han; 70 fu... ron
    assert r.han == 65 and r.limit is None
    assert r.points == -(-4 * r.fu * 2 ** (65 + 2) // 100) * 100


# ---------------------------------------------------------------------------------------
# renhou
def _renhou_case(case):
    concealed, melds, win, sit = case
    return not melds and not sit["tsumo"] and sit["seat_wind"] != 0


def _no_first_turn_conflicts(case):
    concealed, melds, win, sit = case
    sit = dict(sit, riichi=False, ippatsu=False, houtei=False, chankan=False,
               ura_indicators=[])
    return concealed, melds, win, sit


def test_renhou_yakuman_like_mahjong_renhou_as_yakuman():
    cases = [_no_first_turn_conflicts(c) for c in _cases(1205, _renhou_case)]
    hits = _check(cases, Rules().replace(renhou="yakuman"),
                  _options(renhou_as_yakuman=True), ours_extra={"renhou": True},
                  theirs_extra={"is_renhou": True})
    assert hits == len(cases)   # renhou alone is a yaku: every complete hand wins


def test_renhou_yaku_is_five_han_counted_with_the_others_like_mahjong():
    cases = [_no_first_turn_conflicts(c) for c in _cases(1206, _renhou_case)]
    _check(cases, Rules().replace(renhou="yaku"), _options(renhou_as_yakuman=False),
           ours_extra={"renhou": True}, theirs_extra={"is_renhou": True})


@pytest.mark.parametrize("mode,limit,value", [("mangan", "mangan", 8000),
                                               ("baiman", "baiman", 16000)])
def test_renhou_as_a_limit_is_the_larger_of_the_limit_and_the_hand(mode, limit, value):
    rules = Rules().replace(renhou=mode)
    small = score("123456789m234p55s", "1m", seat_wind=1, renhou=True, rules=rules)
    assert (small.points, small.limit, small.yaku_names) == (value, limit, ["renhou"])
    # no other yaku at all: still the limit
    bare = score("123m456p789s11z222s", "2s", seat_wind=1, renhou=True, rules=rules)
    assert bare.points == value
    # a hand worth more without renhou keeps its own value (chinitsu ittsu: haneman+)
    big = score("11123456789m999m", "9m", seat_wind=2, renhou=True, rules=rules)
    plain = score("11123456789m999m", "9m", seat_wind=2, rules=rules)
    if plain.points > value:
        assert big.points == plain.points and "renhou" not in big.yaku_names


def test_renhou_situation_errors():
    rules = Rules().replace(renhou="yaku")
    for kw, msg in ((dict(tsumo=True), "tsumo"), (dict(seat_wind=0), "dealer"),
                    (dict(riichi=True), "riichi")):
        with pytest.raises(SituationError) as e:
            score("123456789m234p55s", "1m", **{"seat_wind": 1, **kw}, renhou=True,
                  rules=rules)
        assert e.value.code == "bad_situation" and msg in str(e.value)
    with pytest.raises(SituationError) as e:
        score("123456789m234p55s", "1m", seat_wind=1, renhou=True)
    assert e.value.code == "local_yaku_off" and "renhou" in str(e.value)


# ---------------------------------------------------------------------------------------
# open riichi, sashikomi, paarenchan
def _riichi_case(case):
    return case[3]["riichi"]


def test_open_riichi_is_two_han_like_mahjong():
    cases = _cases(1207, _riichi_case)
    _check(cases, Rules().replace(open_riichi=True), _options(),
           ours_extra={"open_riichi": True}, theirs_extra={"is_open_riichi": True})


def test_sashikomi_is_a_yakuman_on_a_ron_into_an_open_riichi_like_mahjong():
    cases = [c for c in _cases(1208, _riichi_case) if not c[3]["tsumo"]][:200]
    _check(cases, Rules().replace(open_riichi=True, sashikomi_yakuman=True),
           _options(has_sashikomi_yakuman=True),
           ours_extra={"open_riichi": True, "sashikomi": True},
           theirs_extra={"is_open_riichi": True})


def _dealer(case):
    return case[3]["seat_wind"] == 0


@pytest.mark.parametrize("mode,needs_yaku", [("with_yaku", True), ("always", False)])
def test_paarenchan_like_mahjong(mode, needs_yaku):
    cases = _cases(1209, _dealer)
    _check(cases, Rules().replace(paarenchan=mode), _options(paarenchan_needs_yaku=needs_yaku),
           ours_extra={"paarenchan": True}, theirs_extra={"paarenchan": 1})


# ---------------------------------------------------------------------------------------
# daisharin, daichisei: the shapes themselves, every suit, ron and tsumo, every seat
def _ids(text, skip_red=False, taken=()):
    """136-ids for notation, never a red five when skip_red, avoiding ``taken``."""
    from ippatsu.tiles import parse_kinds

    used = set(taken)
    out = []
    for k in parse_kinds(text):
        for c in range(4):
            t = k * 4 + c
            if t in used or (skip_red and t in (16, 52, 88)):
                continue
            used.add(t)
            out.append(t)
            break
    return out


def _shape_cases(texts):
    out = []
    for text in texts:
        ids = _ids(text, skip_red=True)
        for tsumo in (False, True):
            for seat in range(4):
                for w in sorted(set(i >> 2 for i in ids)):
                    win = next(i for i in ids if i >> 2 == w)
                    out.append((ids, [], win, dict(
                        tsumo=tsumo, riichi=False, ippatsu=False, haitei=False,
                        houtei=False, rinshan=False, chankan=False, seat_wind=seat,
                        round_wind=0, dora_indicators=[], ura_indicators=[])))
    return out


_WHEELS = ["22334455667788p", "22334455667788s", "22334455667788m"]
# near misses: seven pairs or flushes that are not the wheel
_NEAR = ["11223344556677p", "33445566778899s", "22334455667799m", "22233344466688p"]


@pytest.mark.parametrize("mode,other_suits", [("pin", False), ("all", True)])
def test_daisharin_and_its_other_suits_like_mahjong(mode, other_suits):
    rules = Rules().replace(daisharin=mode)
    opts = _options(has_daisharin=True, has_daisharin_other_suits=other_suits)
    names = {"Daisharin": "daisharin", "Daichikurin": "daichikurin", "Daisuurin": "daisuurin"}
    bad = []
    for case in _shape_cases(_WHEELS + _NEAR):
        m = _theirs(case, opts)
        r = _ours(case, rules)
        theirs = sorted(names.get(y.name, _NAMES.get(type(y).__name__, type(y).__name__))
                        for y in m.yaku if type(y).__name__ not in _MJ_DORA)
        if r is None or r.points != _points(m, case[3]) or theirs != sorted(r.yaku_names):
            bad.append((case, r and r.yaku, m.yaku, m.cost))
    assert not bad, bad[:2]


def test_daisharin_off_scores_the_wheel_as_an_ordinary_hand():
    r = score("22334455667788p", "8p", tsumo=True, seat_wind=1)
    assert not r.yakuman and "chinitsu" in r.yaku_names


def test_daichisei_like_mahjong():
    rules = Rules().replace(daichisei=True)
    opts = _options(has_daichisei=True)
    _ = _check(_shape_cases(["11223344556677z"]), rules, opts)
    r = score("11223344556677z", "7z", seat_wind=1, rules=rules)
    assert sorted(r.yaku_names) == ["daichisei", "tsuuiisou"] and r.yakuman == 2


def test_all_green_needs_the_green_dragon_only_under_ryuuiisou_hatsu():
    """RULES §12 (ryuuiisou_hatsu, the JPML rule): all green without a Green dragon is no
    yakuman under the option and a yakuman without it; with the dragon it is a yakuman
    under both."""
    need = Rules().replace(ryuuiisou_hatsu=True)
    plain = score("22334444666888s", "8s", tsumo=True, seat_wind=1)
    assert plain.yaku_names == ["ryuuiisou"] and plain.yakuman == 1
    strict = score("22334444666888s", "8s", tsumo=True, seat_wind=1, rules=need)
    assert not strict.yakuman and "ryuuiisou" not in strict.yaku_names
    assert "chinitsu" in strict.yaku_names
    for rules in (Rules(), need):
        r = score("223344666888s66z", "8s", tsumo=True, seat_wind=1, rules=rules)
        assert r.yaku_names == ["ryuuiisou"] and r.yakuman == 1
    assert Rules.renmei().ryuuiisou_hatsu and not Rules.tenhou().ryuuiisou_hatsu


# ---------------------------------------------------------------------------------------
# rules that cannot combine, the kernel and the pure-Python search agree
@pytest.mark.parametrize("changes,names", [
    (dict(kazoe_yakuman=False, kazoe_multiple=True), ("kazoe_multiple", "kazoe_yakuman")),
    (dict(sashikomi_yakuman=True), ("sashikomi_yakuman", "open_riichi")),
])
def test_options_that_cannot_combine_name_both(changes, names):
    with pytest.raises(IppatsuError) as e:
        Rules().replace(**changes)
    assert e.value.code == "bad_rules" and all(n in str(e.value) for n in names)


def test_bad_double_yakuman_pattern_is_named():
    with pytest.raises(IppatsuError) as e:
        Rules().replace(double_yakuman_patterns=("daisangen",))
    assert e.value.code == "bad_rules" and "daisangen" in str(e.value)


_LOCAL = Rules().replace(kazoe_multiple=True, renhou="yaku", paarenchan="with_yaku",
                         daisharin="all", daichisei=True, open_riichi=True,
                         sashikomi_yakuman=True, ryuuiisou_hatsu=True,
                         double_yakuman_patterns=("kokushi_13", "daisuushi"))


def test_kernel_and_pure_search_agree_under_the_local_options():
    """The compiled score() (its edge and the kernel, _score.h) and the pure-Python twin's
    road (reference_score: the Python edge and search) give the same results under every
    local option at once, with and without their situations."""
    from ippatsu import scoring

    if scoring.score is scoring.reference_score:
        pytest.skip("the compiled kernel")
    cases = _cases(1210, n=300) + _shape_cases(_WHEELS + ["11223344556677z", "22334444666888s",
                                                     "223344666888s66z"])
    for case in cases:
        concealed, melds, win, sit = case
        extra = {}
        if sit["riichi"]:
            extra["open_riichi"] = True
            if not sit["tsumo"]:
                extra["sashikomi"] = True
        if sit["seat_wind"] == 0:
            extra["paarenchan"] = True
        elif not melds and not sit["tsumo"] and not sit["riichi"]:
            sit = dict(sit, houtei=False, chankan=False)
            extra["renhou"] = True
        a = _ours((concealed, melds, win, sit), _LOCAL, **extra)
        b = _ours((concealed, melds, win, sit), _LOCAL, scoring.reference_score, **extra)
        assert (a is None) == (b is None)
        if a is not None:
            assert a.to_dict() == b.to_dict(), case


def test_score_batch_honours_the_local_options_like_score():
    """score_batch (kernel rows) gives score()'s han, fu, points and yaku under the local
    options, their situation bits included (RENHOU, PAARENCHAN, OPEN_RIICHI, SASHIKOMI)."""
    import numpy as np

    from ippatsu import scoring_batch as sb
    from ippatsu.tiles import parse_counts

    rows = [  # (hand, win kind, seat, flags, score() keywords)
        ("22334455667788p", 16, 1, sb.TSUMO, {"tsumo": True}),
        ("22334455667788s", 25, 0, 0, {}),
        ("11223344556677z", 33, 2, 0, {}),
        ("123456789m234p55s", 0, 1, sb.RENHOU, {"renhou": True}),
        ("123456789m234p55s", 0, 0, sb.PAARENCHAN, {"paarenchan": True}),
        ("123456789m234p55s", 0, 3, sb.RIICHI | sb.OPEN_RIICHI,
         {"riichi": True, "open_riichi": True}),
        ("123456789m234p55s", 0, 3, sb.RIICHI | sb.OPEN_RIICHI | sb.SASHIKOMI,
         {"riichi": True, "open_riichi": True, "sashikomi": True}),
    ]
    counts = np.array([parse_counts(h) for h, *_ in rows], np.uint8)
    b = sb.score_batch(counts, [w for _, w, *_ in rows], seat_wind=[s for _, _, s, *_ in rows],
                       flags=[f for *_, f, _ in rows], rules=_LOCAL)
    for i, (h, w, s, f, kw) in enumerate(rows):
        from ippatsu.tiles import kind_name

        r = score(h.replace("0", "5"), kind_name(w), seat_wind=s, rules=_LOCAL, **kw)
        assert (int(b.han[i]), int(b.points[i]), int(b.yakuman[i])) == \
            (r.han, r.points, r.yakuman), (h, r.yaku)
        assert int(b.yaku[i]) == sum(1 << y for y in r.yaku_ids)
    with pytest.raises(SituationError) as e:
        sb.score_batch(counts[3:4], [0], seat_wind=1, flags=sb.RENHOU)
    assert e.value.code == "local_yaku_off"
    with pytest.raises(IppatsuError) as e:
        sb.score_batch(counts[:1], [16], rules=Rules().replace(aotenjou=True))
    assert e.value.code == "bad_rules" and "aotenjou" in str(e.value)
