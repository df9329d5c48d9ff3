"""Three-player mahjong (sanma, docs/rules.md §11): known answers in tile notation.

Each test names the rule it pins ("§11 ..."). The amounts are worked out by hand from the
rules (four-player shares from §7, then the three-player rule), never copied from the code.
"""
from __future__ import annotations

import pytest

from ippatsu import Rules, _sanma, core, score
from ippatsu.errors import (IppatsuError, MeldError, NoYakuError, SituationError,
                            TileCountError)
from ippatsu.scoring import nagashi_mangan_payments, score_table

TENHOU3 = Rules.tenhou_sanma()
MAJSOUL3 = Rules.majsoul_sanma()
IPPATSU3 = Rules.ippatsu_sanma()

# riichi + menzen tsumo + pure straight (pins) + one dora (8p indicator -> 9p) = 5 han
H = "123p456p789p11s999s"
MANGAN = dict(tsumo=True, riichi=True, dora_indicators="8p")


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------
def test_rules_players_is_validated():
    """§11: ``players`` is 4 or 3; uma has one value per player."""
    assert Rules().players == 4
    for bad in (2, 5, 3.0, True, "3"):
        with pytest.raises(IppatsuError) as e:
            Rules(players=bad)
        assert e.value.code == "bad_rules"
    with pytest.raises(IppatsuError) as e:
        Rules(players=3)  # four uma values for three players
    assert e.value.code == "bad_rules" and "uma" in str(e.value)
    assert Rules(players=3, uma=(15, 0, -15)).players == 3
    with pytest.raises(IppatsuError) as e:
        Rules(sanma_tsumo="half")
    assert e.value.code == "bad_rules"
    with pytest.raises(IppatsuError):
        Rules(nukidora_dora=-1)


def test_sanma_presets():
    """§11: the three-player presets, by name too; oka is players x (return - start)."""
    for name in ("ippatsu_sanma", "tenhou_sanma", "majsoul_sanma"):
        r = Rules.preset(name)
        assert r == getattr(Rules, name)() and r.players == 3 and len(r.uma) == 3
        assert repr(r) == f"Rules.{name}()"
        assert not r.abort_four_winds and not r.abort_four_riichi  # no North seat
    assert TENHOU3.sanma_tsumo.value == "loss" and MAJSOUL3.sanma_tsumo.value == "loss"
    assert IPPATSU3.sanma_tsumo.value == "split"  # seed 002: the two share a tsumo
    assert (TENHOU3.starting_points, TENHOU3.return_points, TENHOU3.uma) == (
        35000, 40000, (20, 0, -20))
    assert TENHOU3.oka == 3 * 5000
    assert (TENHOU3.honba_ron, TENHOU3.honba_tsumo, TENHOU3.noten_payment) == (200, 100, 2000)
    assert TENHOU3.ron_mode == Rules.tenhou().ron_mode  # otherwise Tenhou's rules
    assert IPPATSU3.starting_points == Rules().starting_points  # seed 002 is silent


# ---------------------------------------------------------------------------------------
# payments: tsumo loss or split (§11), a 3-tuple by seat wind
# ---------------------------------------------------------------------------------------
def test_tsumo_loss_non_dealer_mangan():
    """§11 tsumo loss (Tenhou, Mahjong Soul): a non-dealer mangan tsumo is 4,000 from the
    dealer and 2,000 from the other non-dealer, 6,000 in all (four players: 8,000)."""
    r = score(H, "9p", seat_wind=1, rules=TENHOU3, **MANGAN)
    assert (r.han, r.limit) == (5, "mangan")
    assert r.points == 6000 and r.cost == {"dealer": 4000, "non_dealer": 2000}
    assert r.payments == (-4000, 6000, -2000)
    four = score(H, "9p", seat_wind=1, rules="tenhou", **MANGAN)
    assert four.payments == (-4000, 8000, -2000, -2000)


def test_tsumo_loss_dealer_mangan():
    """§11 tsumo loss: a dealer mangan tsumo is 4,000 from each of the two, 8,000."""
    r = score(H, "9p", seat_wind=0, rules=TENHOU3, **MANGAN)
    assert r.points == 8000 and r.payments == (8000, -4000, -4000)
    assert score(H, "9p", seat_wind=2, rules=MAJSOUL3, **MANGAN).payments == (
        -4000, -2000, 6000)


def test_tsumo_split_mangan():
    """§11 split (seed 002, Mahjong Soul's North-bisection): the North's share is divided
    between the two payers: non-dealer mangan 5,000 + 3,000, dealer mangan 6,000 each."""
    r = score(H, "9p", seat_wind=1, rules=IPPATSU3, **MANGAN)
    assert r.points == 8000 and r.cost == {"dealer": 5000, "non_dealer": 3000}
    assert r.payments == (-5000, 8000, -3000)
    assert score(H, "9p", seat_wind=0, rules=IPPATSU3, **MANGAN).payments == (
        12000, -6000, -6000)


def test_tsumo_split_rounds_each_half_up():
    """§11 split below the limits: 4 han 30 fu by a non-dealer is 3,900 / 2,000 with four
    players; the missing 2,000 is split 1,000 + 1,000 (each half rounded up to 100)."""
    r = score(H, "9p", seat_wind=1, tsumo=True, riichi=True, rules=IPPATSU3)
    assert (r.han, r.fu) == (4, 30)
    assert r.payments == (-4900, 7900, -3000)
    loss = score(H, "9p", seat_wind=1, tsumo=True, riichi=True, rules=TENHOU3)
    assert loss.payments == (-3900, 5900, -2000)
    # 3 han 40 fu: 2,600 / 1,300; half of 1,300 is 650 -> 700 each
    t = score_table(IPPATSU3)[(3, 40)]
    assert t["non_dealer_tsumo"] == (1300 + 700, 2600 + 700)
    assert score_table(TENHOU3)[(3, 40)]["non_dealer_tsumo"] == (1300, 2600)


def test_ron_is_the_same_with_three_players():
    """§11: a ron is paid by the discarder as with four players."""
    r = score(H, "9p", seat_wind=1, discarder=2, riichi=True, dora_indicators="8p",
              rules=TENHOU3)
    assert (r.han, r.fu, r.points) == (4, 40, 8000)
    assert r.payments == (0, 8000, -8000)


def test_honba_three_players():
    """§11 honba: Tenhou / Mahjong Soul: 100 from each of the two payers of a tsumo (the
    record of a Tenhou three-player game pays 3,000 + 3 honba as 2,300 and 1,300), 200 on
    a ron. Split (seed 002): the North's 100 is split too, 150 from each payer."""
    r = score(H, "9p", seat_wind=1, honba=2, deposits=1, rules=TENHOU3, **MANGAN)
    assert r.payments == (-4200, 6400 + 1000, -2200)
    r = score(H, "9p", seat_wind=0, honba=2, rules=TENHOU3, **MANGAN)
    assert r.payments == (8400, -4200, -4200)
    r = score(H, "9p", seat_wind=1, discarder=0, honba=2, riichi=True,
              dora_indicators="8p", rules=TENHOU3)
    assert r.payments == (-8400, 8400, 0)
    r = score(H, "9p", seat_wind=1, honba=2, rules=IPPATSU3, **MANGAN)
    assert r.payments == (-5300, 8600, -3300)
    r = score(H, "9p", seat_wind=1, discarder=0, honba=2, riichi=True,
              dora_indicators="8p", rules=IPPATSU3)
    assert r.payments == (-8600, 8600, 0)  # a ron: 300 per honba (RULES.md §7)


def test_seats_are_east_south_west():
    """§11: no North seat or round: seats and winds are 0..2 with three players."""
    with pytest.raises(IppatsuError) as e:
        score(H, "9p", seat_wind=3, rules=TENHOU3, **MANGAN)
    assert e.value.code == "bad_wind"
    with pytest.raises(IppatsuError) as e:
        score(H, "9p", round_wind=3, rules=TENHOU3, **MANGAN)
    assert e.value.code == "bad_wind"
    with pytest.raises(IppatsuError) as e:
        score(H, "9p", seat_wind=1, discarder=3, riichi=True, rules=TENHOU3)
    assert e.value.code == "bad_seat"
    r = score(H, "9p", seat_wind=2, round_wind=2, discarder=1, riichi=True, rules=TENHOU3)
    assert len(r.payments) == 3  # the West round exists (Tenhou's extension)


def test_nagashi_mangan_three_players():
    """§11: nagashi mangan is paid as a mangan tsumo, so with tsumo loss 4,000 + 2,000."""
    assert nagashi_mangan_payments(1, rules=TENHOU3) == (-4000, 6000, -2000)
    assert nagashi_mangan_payments(0, rules=TENHOU3) == (8000, -4000, -4000)
    assert nagashi_mangan_payments(2, rules=IPPATSU3) == (-5000, -3000, 8000)


def test_liability_among_three():
    """§11 + §8 liability: with tsumo loss the liable player pays the whole tsumo value,
    16,000 + 8,000 for a non-dealer yakuman, and every payer's honba (2 x 100); on a ron
    half of 32,000 each, Tenhou's liable player also paying the honba (200)."""
    melds = ["pon 555z", "pon 666z"]
    hand = "777z123p11s"
    r = score(hand, "1s", melds=melds, tsumo=True, seat_wind=1, pao=2, honba=1,
              rules=TENHOU3)
    assert r.yakuman == 1
    assert r.payments == (0, 24200, -24200)
    r = score(hand, "1s", melds=melds, seat_wind=1, discarder=0, pao=2, honba=1,
              rules=TENHOU3)
    assert r.payments == (-16000, 32200, -16200)


# ---------------------------------------------------------------------------------------
# dora: nukidora, 1m -> 9m
# ---------------------------------------------------------------------------------------
def test_nukidora_is_dora():
    """§11 nukidora: each North set aside is one han of dora (not a yaku), shown in
    ``dora`` and ``nukidora``; a West indicator makes each a dora once more."""
    base = dict(seat_wind=1, discarder=0, riichi=True, rules=TENHOU3)
    r = score(H, "9p", **base)
    assert (r.han, r.fu, r.points, r.dora) == (3, 40, 5200, 0)
    r = score(H, "9p", nukidora=2, **base)
    assert (r.han, r.points, r.dora, r.nukidora) == (5, 8000, 2, 2)
    r = score(H, "9p", nukidora=2, dora_indicators="3z", **base)
    assert (r.han, r.dora, r.nukidora, r.limit) == (7, 4, 2, "haneman")
    r = score(H, "9p", nukidora=1, ura_indicators="3z", **base)
    assert (r.dora, r.ura, r.nukidora) == (1, 1, 1)
    with pytest.raises(NoYakuError):  # dora are no yaku
        score("123p456p11s999s", "9s", melds=["pon 777p"], seat_wind=1, discarder=0,
              nukidora=3, rules=TENHOU3)


def test_nukidora_is_checked():
    """§11: nukidora exist only with three players and with ``nukidora`` on; at most four
    Norths in all."""
    with pytest.raises(SituationError) as e:
        score(H, "9p", nukidora=1, **MANGAN)
    assert e.value.code == "nukidora_four_players"
    with pytest.raises(SituationError) as e:
        score(H, "9p", nukidora=1, rules=TENHOU3.replace(nukidora=False), **MANGAN)
    assert e.value.code == "nukidora_off"
    with pytest.raises(TileCountError) as e:
        score("444z123p456p789p11s", "1s", nukidora=2, seat_wind=1, tsumo=True,
              rules=TENHOU3)
    assert e.value.code == "fifth_copy"
    with pytest.raises(IppatsuError):
        score(H, "9p", nukidora="1", rules=TENHOU3, **MANGAN)


def test_dora_after_1m_is_9m():
    """§11: with 2m-8m gone, the dora after a 1m indicator is 9m (and after 9m, 1m)."""
    hand = "123p456p789p111s99m"
    base = dict(seat_wind=1, discarder=0, riichi=True)
    r = score(hand, "9p", dora_indicators="1m", rules=TENHOU3, **base)
    assert (r.dora, r.han, r.points) == (2, 5, 8000)
    four = score(hand, "9p", dora_indicators="1m", rules="tenhou", **base)
    assert (four.dora, four.han) == (0, 3)  # four players: the dora is 2m
    r = score("123p456p789p999s11m", "9p", dora_indicators="9m", rules=TENHOU3, **base)
    assert r.dora == 2


# ---------------------------------------------------------------------------------------
# the 108 tiles
# ---------------------------------------------------------------------------------------
def test_2m_to_8m_are_rejected_when_scoring():
    """§11: a three-player hand, meld or indicator holds no 2m-8m (TileCountError
    ``sanma_tile``); there is no chi (MeldError ``sanma_chi``)."""
    with pytest.raises(TileCountError) as e:
        score("123m456p789p11s999s", "9p", tsumo=True, rules=TENHOU3)
    assert e.value.code == "sanma_tile" and "2m" in str(e.value)
    with pytest.raises(TileCountError) as e:
        score(H, "9p", rules=TENHOU3, **dict(MANGAN, dora_indicators="5m"))
    assert e.value.code == "sanma_tile"
    with pytest.raises(TileCountError) as e:
        score("456p789p11s999s", "9p", melds=["pon 555m"], rules=TENHOU3)
    assert e.value.code == "sanma_tile"
    with pytest.raises(MeldError) as e:
        score("456p789p11s999s", "9p", melds=["chi 123p"], rules=TENHOU3)
    assert e.value.code == "sanma_chi"


def test_2m_to_8m_are_rejected_by_the_hand_core():
    """§11: shanten / waits / ukeire with ``players=3`` refuse 2m-8m (``sanma_tile``)."""
    for f in (core.shanten, core.shanten_forms, core.waits, core.ukeire, core.is_agari,
              core.is_tenpai):
        with pytest.raises(TileCountError) as e:
            f("23m123p456p789p11s", players=3)
        assert e.value.code == "sanma_tile"
    with pytest.raises(TileCountError) as e:
        core.ukeire("1m123p456p789p1s99s", visible=[0, 1] + [0] * 32, players=3)
    assert e.value.code == "sanma_tile"
    with pytest.raises(IppatsuError) as e:
        core.shanten("1m123p456p789p1s99s", players=2)
    assert e.value.code == "bad_players"
    assert core.shanten("23m123p456p789p11s") == 0  # four players: fine


def test_ukeire_counts_only_tiles_that_exist():
    """§11 + §3: 1m 123p 456p 789p 1s 99s is 1-shanten; with four players 2m and 3m are
    effective (1m-2m, 1m-3m shapes), with three they do not exist: 1m (3 left), 1s (3),
    2s (4), 3s (4), 9s (2) = 16."""
    h = "1m123p456p789p1s99s"
    four = core.ukeire(h)
    assert {1, 2} <= {k for k, _ in four.tiles}
    three = core.ukeire(h, players=3)
    assert three.shanten == 1
    assert three.tiles == ((0, 3), (18, 3), (19, 4), (20, 4), (26, 2)) and three.total == 16
    seen = [0] * 34
    seen[19] = 2
    assert core.ukeire(h, visible=seen, players=3).total == 14
    # a 14-tile hand: every discard, none of them counting 2m-8m
    for d in core.ukeire(h + "5z", players=3):
        assert not any(1 <= k <= 7 for k, _ in d.tiles)


def test_shanten_and_waits_three_players():
    """§11 + §3: the three forms, waits, tenpai with three players."""
    assert core.shanten("1m9m1p9p1s9s1234567z", players=3) == 0  # thirteen orphans
    assert core.waits("19m19p19s1234567z", players=3) == [0, 8, 9, 17, 18, 26, 27, 28, 29,
                                                            30, 31, 32, 33]
    assert core.waits("11m123p456p789p99s", players=3) == [0, 26]
    assert core.is_tenpai("11m123p456p789p99s", players=3)
    f = core.shanten_forms("11m99m1p9p11s55s77z3z", players=3)
    assert f.chiitoitsu == 1 and f.min == min(f.standard, 1, f.kokushi)
    assert core.is_agari("11m123p456p789p999s", players=3)


# ---------------------------------------------------------------------------------------
# yaku that cannot occur
# ---------------------------------------------------------------------------------------
def test_north_is_a_guest_wind():
    """§11: with no North seat or round a North triplet is no yaku (Tenhou, Mahjong Soul:
    a guest wind), while with four players it is the North seat's wind."""
    hand = "444z234p678p345s11s"
    with pytest.raises(NoYakuError):
        score("234p678p345s11s", "1s", melds=["pon 444z"], seat_wind=1, discarder=0,
              rules=TENHOU3)
    r = score("234p678p345s11s", "1s", melds=["pon 444z"], seat_wind=3, discarder=0,
              rules="tenhou")
    assert "seat_wind_n" in r.yaku_names
    r = score(hand, "1s", seat_wind=1, discarder=0, riichi=True, rules=TENHOU3)
    assert not any("wind" in y for y in r.yaku_names)


def test_no_mixed_triple_run_or_manzu_runs():
    """§11: every manzu run holds a tile of 2m-8m, so sanshoku doujun, a manzu pure
    straight and any manzu run are impossible: such a hand is refused (``sanma_tile``)."""
    for h in ("123m123p123s11s999p", "123m456m789m11p999s"):
        with pytest.raises(TileCountError) as e:
            score(h, "1s" if h.endswith("999p") else "9s", riichi=True, tsumo=True,
                  rules=TENHOU3)
        assert e.value.code == "sanma_tile"
    # triple triplets stays possible with 1s and 9s
    r = score("111m111p111s55z999s", "9s", seat_wind=1, discarder=0, rules=TENHOU3)
    assert "sanshoku_doukou" in r.yaku_names


def test_four_players_unchanged():
    """Four players: payments stay a 4-tuple, the dora after 1m is 2m, 2m-8m are tiles."""
    r = score("234m456p789p11s999s", "9p", seat_wind=1, tsumo=True, riichi=True,
              dora_indicators="1m")
    assert len(r.payments) == 4 and r.dora == 1 and r.nukidora == 0


def test_shanten_without_character_runs():
    """§11 + §3: 1111m 9999m 11p needs 3 sets and a pair. With four players the fourth 1m
    runs with 2m 3m (two tiles): 1-shanten. With three players that run does not exist;
    the spare 1m and 9m are dead (four copies in hand): 2-shanten."""
    assert core.shanten("1111m9999m11p") == 1
    assert core.shanten("1111m9999m11p", players=3) == 2
    assert core.shanten("1111m9999m11p", "standard", players=3) == 2


def test_sanma_shanten_agrees_with_the_reference_programme():
    """The fast three-player shanten (the kernel on counts with 1m / 9m moved to empty
    honor slots) equals the suit programme reading 1m and 9m as no-run kinds."""
    import random

    from ippatsu._reference import handcore as hc

    rng = random.Random(11)
    kinds = [0, 8] * 3 + list(range(9, 34)) + list(range(27, 34))
    n = 0
    for size in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        for _ in range(150):
            c = [0] * 34
            for k in rng.sample([k for k in kinds for _ in range(4)], size):
                c[k] = min(c[k] + 1, 4)
            if sum(c) != size:
                continue
            n += 1
            assert _sanma._shanten3_standard(bytes(c)) == _sanma._shanten3_standard_dp(c), c
            forms = [_sanma._shanten3_standard_dp(c), hc.shanten_chiitoitsu(c),
                     hc.shanten_kokushi(c)]
            assert core.shanten(bytes(c), players=3) == min(x for x in forms
                                                           if x is not None), c
    assert n > 1000


@pytest.mark.parametrize("fn", ["shanten", "shanten_forms", "is_agari", "waits", "ukeire"])
def test_players_keyword_of_the_hand_core(fn):
    """§11: ``players`` is 4 (any int equal to 4 — the backend's fast test is by identity)
    or 3; anything else is IppatsuError ``bad_players``."""
    import numpy as np

    f = getattr(core, fn)
    hand = "11m99m123p456p789s"   # 13 tiles: every function takes it
    assert f(hand, players=np.int64(4)) == f(hand)
    assert f(hand, players=3) is not None
    for bad in (2, 5, "3", None, True, 3.5):
        with pytest.raises(IppatsuError) as ei:
            f(hand, players=bad)
        assert ei.value.code == "bad_players"


def test_score_batch_pays_three_ways_with_three_player_rules():
    """§11: given three-player rules the batch scorer pays a tsumo as the two others pay
    it (score()'s points), never a silently four-player answer
    (tests/test_score_batch_sanma.py compares it with score() on many hands)."""
    import numpy as np

    from ippatsu.scoring_batch import score_batch
    from ippatsu.tiles import parse_counts

    c = np.array([parse_counts("111m123p456p789s99s")], np.uint8)
    four = score_batch(c, [26], tsumo=True)
    for rules in ("tenhou_sanma", "ippatsu_sanma"):
        three = score_batch(c, [26], tsumo=True, rules=rules)
        want = score("111m123p456p789s99s", "9s", tsumo=True, rules=rules)
        assert int(three.points[0]) == want.points != int(four.points[0])
