"""Differential test against the ``mahjong`` package (its ``HandCalculator``) on generated hands.

Seeded random winning hands — closed and open (chi, pon, open, added and closed kans), red
fives, 1–3 dora indicators, ura for riichi, every seat and East/South round, tsumo/ron,
riichi, ippatsu, haitei/houtei, rinshan, chankan — are scored by both engines and compared
on han, fu, points (each payer's share), the yaku names and the no-yaku verdict.

``mahjong`` (2.x) defaults that differ from the Ippatsu rules, and what we set:

* ``has_open_tanyao`` — default False; Ippatsu allows open tanyao (RULES.md §4): True.
* ``has_aka_dora`` — default False; red fives are in play (RULES.md §1, §5): True.
* ``limit_to_sextuple_yakuman`` — default True (caps stacked yakuman at 6×); RULES.md §4
  stacks without limit: False.
* Already equal by default and pinned here: double yakuman on, kazoe yakuman at 13 han
  (``KAZOE_LIMITED``), no kiriage, 30 fu for an open pinfu shape, no tsumo fu for pinfu,
  renhou / daisharin / daichisei / sashikomi off (not in these rules), 4 fu for a
  double-wind pair.

With that configuration no difference remains on the 10,000 generated hands. Not covered
by this test (``mahjong`` has no input for them): liability, honba/deposit payments by
seat, nagashi mangan. Fu is compared for non-yakuman hands only (it plays no part in a
yakuman's value).
"""
from __future__ import annotations

import random

import pytest

from ippatsu.errors import NoYakuError
from ippatsu.rules import Rules
from ippatsu.scoring import score

mj = pytest.importorskip("mahjong")
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules  # noqa: E402
from mahjong.meld import Meld as MjMeld  # noqa: E402

OPTIONS = OptionalRules(
    has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=True,
    kazoe_limit=HandConfig.KAZOE_LIMITED, kiriage=False, fu_for_open_pinfu=True,
    fu_for_pinfu_tsumo=False, renhou_as_yakuman=False, has_daisharin=False,
    limit_to_sextuple_yakuman=False, has_daichisei=False,
)

N_HANDS = 10000


def _take(rng, used, kind, n):
    free = [kind * 4 + c for c in range(4) if kind * 4 + c not in used]
    if len(free) < n:
        return None
    picked = rng.sample(free, n)
    used.update(picked)
    return picked


def random_hand(rng: random.Random):
    """(concealed ids, melds [(type, ids)], win id, situation kwargs) or None."""
    used: set = set()
    concealed: list = []
    melds: list = []
    p_open = rng.choice((0.0, 0.0, 0.25, 0.5))
    form = rng.random()
    if form < 0.04:  # seven pairs
        kinds = rng.sample(range(34), 7)
        for k in kinds:
            concealed += _take(rng, used, k, 2)
    elif form < 0.05:  # thirteen orphans
        yao = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        for k in yao:
            concealed += _take(rng, used, k, 1)
        concealed += _take(rng, used, rng.choice(yao), 1)
    else:
        # a biased pool of kinds now and then, so flushes, outside hands, honors and
        # yakuman shapes come up: one suit (+ honors), terminals/honors, honors only
        pool_kind = rng.random()
        suits = [rng.randrange(3)] if pool_kind < 0.3 else [0, 1, 2]
        if pool_kind < 0.15:
            kinds = list(range(suits[0] * 9, suits[0] * 9 + 9))
        elif pool_kind < 0.3:
            kinds = list(range(suits[0] * 9, suits[0] * 9 + 9)) + list(range(27, 34))
        elif pool_kind < 0.4:
            kinds = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        elif pool_kind < 0.45:
            kinds = list(range(27, 34))
        else:
            kinds = list(range(34))
        run_starts = [0, 6] if pool_kind >= 0.3 and pool_kind < 0.4 else list(range(7))
        p_run = 0.0 if pool_kind >= 0.4 and pool_kind < 0.45 else 0.55
        for _ in range(4):
            for _attempt in range(30):
                if rng.random() < p_run:
                    suit, r = rng.choice(suits), rng.choice(run_starts)
                    k = suit * 9 + r
                    if all(len([i for i in used if i >> 2 == k + j]) < 4 for j in range(3)):
                        ids = [_take(rng, used, k + j, 1)[0] for j in range(3)]
                        if rng.random() < p_open:
                            melds.append(("chi", ids))
                        else:
                            concealed += ids
                        break
                else:
                    k = rng.choice(kinds)
                    x = rng.random()
                    if rng.random() < p_open or x < 0.05:
                        kind = rng.choice(("pon", "pon", "pon", "daiminkan", "kakan", "ankan")) \
                            if rng.random() < p_open else "ankan"
                        n = 3 if kind == "pon" else 4
                        ids = _take(rng, used, k, n)
                        if ids is None:
                            continue
                        melds.append((kind, ids))
                    else:
                        ids = _take(rng, used, k, 3)
                        if ids is None:
                            continue
                        concealed += ids
                    break
            else:
                return None
        for _attempt in range(30):
            ids = _take(rng, used, rng.choice(kinds), 2)
            if ids:
                concealed += ids
                break
        else:
            return None
    win = rng.choice(concealed)
    closed = all(t == "ankan" for t, _ in melds)
    tsumo = rng.random() < 0.5
    riichi = closed and rng.random() < 0.4
    has_kan = any(t != "chi" and t != "pon" for t, _ in melds)
    free = [i for i in range(136) if i not in used]
    sit = dict(
        tsumo=tsumo, riichi=riichi, ippatsu=riichi and rng.random() < 0.2,
        haitei=tsumo and rng.random() < 0.05, houtei=(not tsumo) and rng.random() < 0.05,
        rinshan=tsumo and has_kan and rng.random() < 0.3,
        chankan=(not tsumo) and rng.random() < 0.03,
        seat_wind=rng.randrange(4), round_wind=rng.randrange(2),
        dora_indicators=rng.sample(free, rng.randint(1, 3)),
    )
    if sit["rinshan"]:
        sit["haitei"] = False
    if sit["chankan"]:
        sit["houtei"] = False
    # ura indicators are other tiles than the dora indicators (a tile is in one place)
    rest = [t for t in free if t not in sit["dora_indicators"]]
    sit["ura_indicators"] = rng.sample(rest, len(sit["dora_indicators"])) if riichi else []
    return concealed, melds, win, sit


_MJ_TYPE = {"chi": MjMeld.CHI, "pon": MjMeld.PON, "daiminkan": MjMeld.KAN,
            "ankan": MjMeld.KAN, "kakan": MjMeld.SHOUMINKAN}


def mahjong_result(concealed, melds, win, sit):
    mjm = [MjMeld(meld_type=_MJ_TYPE[t], tiles=sorted(ids), opened=t != "ankan")
           for t, ids in melds]
    tiles = list(concealed) + [i for _, ids in melds for i in ids]
    cfg = HandConfig(
        is_tsumo=sit["tsumo"], is_riichi=sit["riichi"], is_ippatsu=sit["ippatsu"],
        is_rinshan=sit["rinshan"], is_chankan=sit["chankan"], is_haitei=sit["haitei"],
        is_houtei=sit["houtei"], player_wind=27 + sit["seat_wind"],
        round_wind=27 + sit["round_wind"], options=OPTIONS,
    )
    return HandCalculator.estimate_hand_value(
        tiles, win, melds=mjm, dora_indicators=sit["dora_indicators"], config=cfg,
        ura_dora_indicators=sit["ura_indicators"] or None)


def ours(concealed, melds, win, sit):
    try:
        return score(concealed, win, melds=melds, rules=Rules.ippatsu(), **sit)
    except NoYakuError:
        return None


# mahjong's yaku classes -> our row names (dora entries compared as counts)
_MJ_NAMES = {
    "Tsumo": "menzen_tsumo", "Riichi": "riichi", "Ippatsu": "ippatsu", "Chankan": "chankan",
    "Rinshan": "rinshan", "Haitei": "haitei", "Houtei": "houtei", "Pinfu": "pinfu",
    "Tanyao": "tanyao", "Iipeiko": "iipeikou", "Haku": "haku", "Hatsu": "hatsu",
    "Chun": "chun", "DaburuRiichi": "double_riichi", "Chiitoitsu": "chiitoitsu",
    "Chantai": "chanta", "Ittsu": "ittsu", "Sanshoku": "sanshoku",
    "SanshokuDoukou": "sanshoku_doukou", "SanKantsu": "sankantsu", "Toitoi": "toitoi",
    "Sanankou": "sanankou", "Shosangen": "shousangen", "Honroto": "honroutou",
    "Ryanpeikou": "ryanpeikou", "Junchan": "junchan", "Honitsu": "honitsu",
    "Chinitsu": "chinitsu", "Tenhou": "tenhou", "Chiihou": "chiihou",
    "Daisangen": "daisangen", "Suuankou": "suuankou", "SuuankouTanki": "suuankou_tanki",
    "Tsuuiisou": "tsuuiisou", "Ryuuiisou": "ryuuiisou", "Chinroutou": "chinroutou",
    "ChuurenPoutou": "chuuren", "DaburuChuurenPoutou": "chuuren_pure",
    "KokushiMusou": "kokushi", "DaburuKokushiMusou": "kokushi_13",
    "DaiSuushii": "daisuushi", "Shousuushii": "shousuushii", "Suukantsu": "suukantsu",
}
for _i, _w in enumerate(("East", "South", "West", "North")):
    _MJ_NAMES[f"SeatWind{_w}"] = f"seat_wind_{'eswn'[_i]}"
    _MJ_NAMES[f"RoundWind{_w}"] = f"round_wind_{'eswn'[_i]}"
_MJ_DORA = {"Dora", "AkaDora", "UraDora"}


def compare(case):
    """(agree, our result, mahjong's result) on han, fu, points and yaku names."""
    concealed, melds, win, sit = case
    m = mahjong_result(*case)
    r = ours(*case)
    if r is None or m.error:
        return (r is None) == bool(m.error), r, m
    theirs = sorted(_MJ_NAMES.get(type(y).__name__, type(y).__name__)
                    for y in m.yaku if type(y).__name__ not in _MJ_DORA)
    same_yaku = theirs == sorted(r.yaku_names)
    if r.yakuman or r.limit == "kazoe yakuman":
        same = r.points == _mj_points(m, sit)
    else:
        same = r.han == m.han and r.fu == m.fu and r.points == _mj_points(m, sit)
    return same and same_yaku, r, m


def _mj_points(m, sit):
    c = m.cost
    if not sit["tsumo"]:
        return c["main"]
    if sit["seat_wind"] == 0:
        return 3 * c["main"]
    return c["main"] + 2 * c["additional"]


def _cases():
    rng = random.Random(20261130)
    out = []
    while len(out) < N_HANDS:
        h = random_hand(rng)
        if h is not None:
            out.append(h)
    return out


# disagreements that RULES.md decides differently from mahjong's defaults: none measured
EXPLAINED: dict = {}


def test_differential_against_mahjong():
    cases = _cases()
    bad = []
    n_scored = 0
    for i, case in enumerate(cases):
        same, r, m = compare(case)
        if r is not None:
            n_scored += 1
        if not same and i not in EXPLAINED:
            bad.append((i, case, r, (m.han, m.fu, m.cost, m.yaku, m.error)))
    print(f"\nmahjong differential: {len(cases)} hands, {n_scored} with yaku, "
          f"{len(cases) - len(bad)} agree")
    assert not bad, bad[:3]
