"""Rules that planted bugs used to survive (issue 15), one position per rule, in tile notation.

Each test names the rule it pins (RULES §4–§8). Each was checked by planting the bug it
aims at in the code (pure-Python backend, shared data hidden) and watching it fail.

Seat 0 is the dealer (East 1); the live wall starts with ``draws``, so seat 0 draws
``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest

from ippatsu import score
from ippatsu.rules import Rules
from ippatsu.table import GameState, Phase
from ippatsu.tiles import parse_kind

from _table_helpers import S, T, Y, discard, find, pass_all, table, tsumogiri_round

# a dealer hand with nothing to call or win on the test tiles
DUMMY = "1199m1199p1199s5z"


def discard_kinds(st, p):
    return {a.tile >> 2 for a in st.legal_actions(p) if a.type == T.DISCARD}


def chi_with(st, p, *pair):
    want = sorted(parse_kind(x) for x in pair)
    for a in st.legal_actions(p):
        if a.type == T.CHI and sorted(t >> 2 for t in a.consumed) == want:
            return a
    raise AssertionError(f"no chi with {pair} for seat {p}: {st.legal_actions(p)}")


def yaku_names(r):
    return [n for n, _ in r.yaku]


K = parse_kind


# ------------------------------------------------------------------------------ kuikae
def test_rule_8_kuikae_chi_called_tile_at_the_high_end_bans_the_far_end():
    """RULES §8 kuikae: chi of 7m with 56m bans 7m and 4m (the other end of 4-5-6-7)."""
    st = table([DUMMY, "4567m1239p456s11z", "", ""], draws="7m")
    discard(st, "7m")
    st.step(chi_with(st, 1, "5m", "6m"))
    ks = discard_kinds(st, 1)
    assert K("7m") not in ks and K("4m") not in ks
    assert K("1p") in ks and K("3p") in ks


def test_rule_8_kuikae_chi_in_the_middle_bans_only_the_called_kind():
    """RULES §8 kuikae: chi of 5m with 46m (closed wait) bans 5m only; 3m and 7m stay."""
    st = table([DUMMY, "3467m1239p456s11z", "", ""], draws="5m")
    discard(st, "5m")
    st.step(chi_with(st, 1, "4m", "6m"))
    ks = discard_kinds(st, 1)
    assert K("5m") not in ks
    assert K("3m") in ks and K("7m") in ks


def test_rule_8_kuikae_chi_7_with_89_bans_nothing_beyond_the_suit():
    """RULES §8 kuikae: chi of 7m with 89m bans 7m only — there is no '10m', so 1p (the
    next kind index) stays allowed, and so does 4m."""
    st = table([DUMMY, "4789m1239p456s11z", "", ""], draws="7m")
    discard(st, "7m")
    st.step(chi_with(st, 1, "8m", "9m"))
    ks = discard_kinds(st, 1)
    assert K("7m") not in ks
    assert K("1p") in ks and K("4m") in ks


def test_rule_8_kuikae_chi_3_with_12_bans_nothing_below_the_suit():
    """RULES §8 kuikae: chi of 3p with 12p bans 3p only — there is no '0p', so 9m (the
    previous kind index) stays allowed, and so does 6p."""
    st = table([DUMMY, "9m1236p456s789s11z", "", ""], draws="3p")
    discard(st, "3p")
    st.step(chi_with(st, 1, "1p", "2p"))
    ks = discard_kinds(st, 1)
    assert K("3p") not in ks
    assert K("9m") in ks and K("6p") in ks


def test_rule_8_kuikae_chi_3m_with_12m_does_not_ban_an_honor():
    """RULES §8 kuikae: chi of 3m with 12m bans 3m only (no kind below 1m; in particular
    not the last kind index, Red dragon 7z)."""
    st = table([DUMMY, "1236m456p456s777z", "", ""], draws="3m")
    discard(st, "3m")
    st.step(chi_with(st, 1, "1m", "2m"))
    ks = discard_kinds(st, 1)
    assert K("3m") not in ks
    assert K("7z") in ks and K("6m") in ks


def test_rule_8_kuikae_chi_7_with_89_offered_when_1p_is_left():
    """RULES §8 kuikae: a call is not offered when only banned tiles would remain. Seat 1
    holds 1p 789m (three pons shown): a chi of 7m with 89m leaves 1p 7m, and 1p is not
    banned, so the chi is offered and 1p is the only discard."""
    st = table([DUMMY, "", "", ""], draws="7m")
    st.set_position(1, hand="1p789m", melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "7m")
    st.step(chi_with(st, 1, "8m", "9m"))
    assert discard_kinds(st, 1) == {K("1p")}


def test_rule_8_kuikae_chi_not_offered_when_only_the_far_end_is_left():
    """RULES §8 kuikae, the other direction: holding 44m 56m (three pons shown), a chi of
    7m with 56m would leave 44m, banned (the far end), so it is not offered."""
    st = table([DUMMY, "", "", ""], draws="7m")
    st.set_position(1, hand="44m56m", melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "7m")
    assert not [a for a in st.legal_actions(1) if a.type == T.CHI
                and sorted(t >> 2 for t in a.consumed) == [K("5m"), K("6m")]]


# ----------------------------------------------------------------- temporary furiten
def test_rule_8_temporary_furiten_lifted_by_own_call():
    """RULES §8 furiten (b): passing a winnable discard makes you furiten until your next
    draw *or your own call*. Seat 2 (34m, waits 2m/5m, tanyao) passes seat 0's 2m, pons
    seat 1's 8p without drawing, discards 3m (now a 4m tanki) and may ron seat 3's 4m."""
    st = table([DUMMY, "", "34m567p234s678s88p", ""], draws="2m 8p 4m")
    discard(st, "2m")
    assert find(st, 2, T.RON) is not None
    st.step([])
    pass_all(st)
    assert st.temp_furiten[2]
    discard(st, "8p")                      # seat 1
    pon = find(st, 2, T.PON)
    assert pon is not None
    st.step(pon)
    assert not st.temp_furiten[2]
    discard(st, "3m")                      # seat 2: 34m567p234s678s -> 4m tanki
    pass_all(st)
    discard(st, "4m")                      # seat 3, no draw by seat 2 since the pass
    ron = find(st, 2, T.RON)
    assert ron is not None
    st.step(ron)
    assert st.hand_results[-1].wins[0].winner == 2


def test_rule_8_temporary_furiten_not_lifted_by_another_players_call():
    """RULES §8 furiten (b), the other direction: someone else's call does not lift it."""
    st = table([DUMMY, "", "34m567p234s678s99p", "88p"], draws="2m 8p")
    discard(st, "2m")
    st.step([])
    pass_all(st)
    assert st.temp_furiten[2]
    discard(st, "8p")                      # seat 1; seat 3 pons it (seat 2 passes)
    pon = find(st, 3, T.PON)
    assert pon is not None
    st.step(pon)
    assert st.temp_furiten[2]


# ----------------------------------------------------------------------- double riichi
DR_HAND = "123m456p789s1122z"


def test_rule_8_double_riichi_needs_no_call_before_it_by_anyone():
    """RULES §8: double riichi is declared on your very first discard with no call before
    it. Seat 2 pons seat 0's first discard; seat 3's first-discard riichi is then a plain
    riichi."""
    st = table([DUMMY, "", "55m", DR_HAND], draws="5m 4m")
    discard(st, "5m")
    st.step(find(st, 2, T.PON))
    d = next(a for a in st.legal_actions(2) if a.type == T.DISCARD)
    st.step(d)
    pass_all(st)
    assert st.actor == 3 and st.first_turn[3]
    st.step(find(st, 3, T.RIICHI, "4m"))
    pass_all(st)
    assert st.riichi[3] and not st.double_riichi[3]


def test_rule_8_double_riichi_on_the_first_discard_without_calls():
    """RULES §8, the other direction: with no call, seat 3's first-discard riichi is double."""
    st = table([DUMMY, "", "", DR_HAND], draws="5m 9p 9p 4m")
    tsumogiri_round(st, 3)
    st.step(find(st, 3, T.RIICHI, "4m"))
    pass_all(st)
    assert st.double_riichi[3]


# ------------------------------------------------------------------- daisuushi (pao)
def _daisuushi_feed(st, melds_text, hand):
    st.set_position(1, hand=hand, melds=melds_text)
    discard(st, "4z")
    st.step(find(st, 1, T.PON))


def test_rule_8_pao_daisuushi_at_the_table_feeder_of_the_fourth_wind_pays_all():
    """RULES §8 liability: feeding the fourth wind set to a player showing three makes the
    feeder liable; on the tsumo the feeder pays everything (daisuushi is a double yakuman:
    64,000 for a non-dealer) and the honba."""
    st = table(["1199m1199p1199s4z", "", "", ""], draws="4z 8s 8s 8s 5p", honba=1)
    _daisuushi_feed(st, ["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"], "44z5p9s")
    assert st.pao[1] == 0
    st.step(find(st, 1, T.DISCARD, "9s"))   # a 5p tanki
    pass_all(st)
    tsumogiri_round(st, 3)
    st.step(find(st, 1, T.TSUMO))
    w = st.hand_results[-1].wins[0]
    assert w.pao == 0
    assert w.deltas == [-64300, 64300, 0, 0]


def test_rule_8_pao_third_wind_set_is_not_liable():
    """RULES §8 liability is for the *fourth* wind set: feeding the third (shousuushii
    territory) makes nobody liable."""
    st = table(["1199m1199p1199s4z", "", "", ""], draws="4z")
    _daisuushi_feed(st, ["pon 1z+11z<A", "pon 2z+22z<A"], "44z3z5p9s")
    assert st.pao[1] == -1


def test_rule_8_pao_daisuushi_in_score_without_rinshan_liability():
    """RULES §8 liability in score(): a daisuushi tsumo (double yakuman, 64,000 for a
    non-dealer) is paid entirely by the liable player. The rinshan liability is switched
    off so that only the daisuushi rule can make seat 3 liable here."""
    rules = Rules().replace(pao_rinshan=False)
    r = score("55p", "5p", melds=["pon 111z", "pon 222z", "pon 333z", "pon 444z"],
              tsumo=True, seat_wind=1, round_wind=0, pao=3, rules=rules)
    assert r.yakuman == 2
    assert r.payments == (0, 64000, 0, -64000)


# ------------------------------------------------------------------------- fu, §6
def test_rule_6_open_ron_gets_no_concealed_ron_fu():
    """RULES §6: +10 only for a *concealed* ron. Open (pon 5z): 20 + closed wait 2 +
    concealed simple triplet 4 + open honor triplet 4 = 30 (not 40)."""
    r = score("13m567p888s99s2m", "2m", melds=["pon 555z"], seat_wind=1, round_wind=0,
              discarder=0)
    assert r.fu == 30
    closed = score("13m567p888s99s555z2m", "2m", seat_wind=1, round_wind=0, discarder=0)
    # concealed: 20 + 10 + 2 + 4 + 8 (concealed honor triplet) = 44 -> 50
    assert closed.fu == 50


# ------------------------------------------------------------------------- ippatsu
def test_rule_4_ippatsu_expires_after_own_next_discard():
    """RULES §4: ippatsu is a win within one go-around of the riichi. After the riichi
    player's own next discard passes, a ron on seat 1's discard is no longer ippatsu."""
    st = table([DR_HAND, "", "", ""], draws="4m 9p 9p 9p 9s 1z")
    st.step(find(st, 0, T.RIICHI, "4m"))
    pass_all(st)
    tsumogiri_round(st, 3)
    assert st.ippatsu[0]
    discard(st)                              # seat 0's own next discard (9s)
    pass_all(st)
    assert not st.ippatsu[0]
    discard(st)                              # seat 1 throws 1z
    st.step(find(st, 0, T.RON))
    names = yaku_names(st.hand_results[-1].wins[0].score)
    assert "ippatsu" not in names and "double_riichi" in names


def test_rule_4_ippatsu_ron_within_the_go_around():
    """RULES §4, the other direction: a ron before the riichi player's next discard is
    ippatsu."""
    st = table([DR_HAND, "", "", ""], draws="4m 1z")
    st.step(find(st, 0, T.RIICHI, "4m"))
    pass_all(st)
    discard(st)                              # seat 1 throws 1z
    st.step(find(st, 0, T.RON))
    assert "ippatsu" in yaku_names(st.hand_results[-1].wins[0].score)


# --------------------------------------------------------------------------- honba
def test_rule_8_honba_resets_after_a_non_dealer_win():
    """RULES §8: honba resets to 0 after a non-dealer win (and the seat passes on)."""
    st = table([DUMMY, "123m456p789s1122z", "", ""], draws="9m 1z", honba=2)
    tsumogiri_round(st)
    st.step(find(st, 1, T.TSUMO))
    assert st.phase == Phase.HAND_END
    assert st.hand_results[-1].wins[0].tsumo is True
    st.next_hand()
    assert st.honba == 0 and st.kyoku == 1


def test_rule_8_honba_grows_after_a_dealer_win():
    """RULES §8, the other direction: a dealer win repeats the hand with honba + 1."""
    st = table(["123m456p789s1122z", "", "", ""], draws="9m 9p 9p 9p 1z", honba=2)
    tsumogiri_round(st, 4)
    st.step(find(st, 0, T.TSUMO))
    st.next_hand()
    assert st.honba == 3 and st.kyoku == 0


# ------------------------------------------------------------------ calls, RULES §8
# per seat: a tenpai hand (waits on honors) and a noten hand; any mix of them with the
# draws below respects the four copies
TENPAI4 = ["123m456p789s1122z", "123p456s789m3344z", "123s456m789p5566z", "234m345p456s678s7z"]
NOTEN4 = ["147m258p369s1m4p7s1z", "258m369p147s2m5p8s3z", "369m147p258s3m6p9s5z",
          "147m369p258s7m3p5s7z"]
SIMPLE_DRAWS = "4m 5m 5m 6m"


def test_rule_8_chi_only_from_the_player_on_your_left():
    """RULES §8: chi only from the player on your left. Seat 0's 4m: seat 1 (seat 0 is on
    its left) may chi it with 56m; seat 3 holding 44m 56m may pon it but not chi it."""
    st = table([DUMMY, "56m1p4p7p2s8s1234z", "", "44m56m1p4p7p2s8s567z"], draws="4m")
    discard(st, "4m")
    assert any(a.type == T.CHI for a in st.legal_actions(1))
    assert find(st, 3, T.PON) is not None
    assert not any(a.type == T.CHI for a in st.legal_actions(3))


def test_rule_8_call_priority_ron_over_pon_over_chi():
    """RULES §8: priority ron > pon/kan > chi. On seat 0's 4m seat 1 may chi (56m), seat 2
    pon (44m) and seat 3 ron (23m, tanyao): ron wins; without the ron, the pon wins."""
    hands = [DUMMY, "56m1p4p7p2s8s1234z", "44m1p4p7p2s8s1234z", "23m456p678s345s55s"]
    st = table(hands, draws="4m")
    discard(st, "4m")
    chi, pon, ron = find(st, 1, T.CHI), find(st, 2, T.PON), find(st, 3, T.RON)
    assert chi is not None and pon is not None and ron is not None
    st.step([chi, pon, ron])
    res = st.hand_results[-1]
    assert res.kind == "win" and [w.winner for w in res.wins] == [3]
    st = table(hands, draws="4m")
    discard(st, "4m")
    st.step([find(st, 1, T.CHI), find(st, 2, T.PON)])
    assert st.phase == Phase.TURN and st.actor == 2
    assert [m.type.name for m in st.melds[2]] == ["PON"] and not st.melds[1]


# ------------------------------------------------------- exhaustive draw, RULES §8
def _draw_with(tenpai_seats, rules=None, **kw):
    """Exhaustive draw after one go-around; the seats in ``tenpai_seats`` hold a tenpai
    hand, the others a noten one."""
    hands = [TENPAI4[p] if p in tenpai_seats else NOTEN4[p] for p in range(4)]
    st = table(hands, draws=SIMPLE_DRAWS, n_live=4, rules=rules, **kw)
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    assert res.kind == "exhaustive"
    assert list(res.tenpai) == [p in tenpai_seats for p in range(4)]
    return st, res


def test_rule_8_noten_payments_3000_in_total():
    """RULES §8: 3,000 in total from the noten players to the tenpai players."""
    _, res = _draw_with({0})
    assert res.deltas == [3000, -1000, -1000, -1000]
    _, res = _draw_with({1, 2})
    assert res.deltas == [-1500, 1500, 1500, -1500]
    _, res = _draw_with({0, 1, 3})
    assert res.deltas == [1000, 1000, -3000, 1000]


def test_rule_8_noten_payments_nothing_moves_when_all_or_none_are_tenpai():
    """RULES §8: nothing moves if all or none are tenpai."""
    assert _draw_with(set())[1].deltas == [0, 0, 0, 0]
    assert _draw_with({0, 1, 2, 3})[1].deltas == [0, 0, 0, 0]


def test_rule_8_draw_renchan_honba_and_deposits_carry_over():
    """RULES §8: at an exhaustive draw the dealer repeats when tenpai; the seat passes on
    when noten; honba goes +1 after any draw; deposits carry over."""
    st, _ = _draw_with({0}, honba=2, deposits=3)
    assert st.next_hand_counters == (0, 3, 3)
    st, _ = _draw_with({1}, honba=2, deposits=3)
    assert st.next_hand_counters == (1, 3, 3)


def test_rule_8_nagashi_several_qualifiers_all_paid_honba_to_the_closest():
    """RULES §8 nagashi mangan: several qualifiers are all paid (mangan tsumo each);
    honba and deposits go to the qualifier closest to the dealer (seat 2 before seat 3)."""
    st = table(NOTEN4, draws="5m 5p 9p 1s", n_live=4, honba=1,
               deposits=1)
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    assert res.kind == "nagashi" and tuple(res.nagashi) == (2, 3)
    # seat 2: +8000 +300 honba +1000 deposit -2000 (to seat 3); seat 3: +8000 -2000 -100
    assert res.deltas == [-8100, -4100, 7300, 5900]


# ----------------------------------------------------------- game end, RULES §8
def test_rule_8_placement_ties_by_seat_order_and_uma_oka():
    """RULES §8: placement by points, ties broken by initial seat order; final score:
    return 30,000, oka 20,000 to the top, uma +20/+10/-10/-20 (thousands)."""
    st = table(NOTEN4, draws=SIMPLE_DRAWS, n_live=4, kyoku=7,
               scores=[30000, 20000, 30000, 20000])
    tsumogiri_round(st, 4)
    assert st.phase == Phase.GAME_END
    assert st.final["placement"] == [0, 2, 1, 3]
    assert st.final["final"] == [40.0, -20.0, 10.0, -30.0]
    st.check_invariants()


def test_rule_8_deposits_left_at_game_end_go_to_first_place_exactly():
    """RULES §8 (option, default on): deposits left at the end go to the first-placed
    player: two deposits are 2,000 points."""
    st = table(NOTEN4, draws=SIMPLE_DRAWS, n_live=4, kyoku=7, deposits=2,
               scores=[30000, 20000, 30000, 18000])
    tsumogiri_round(st, 4)
    assert st.phase == Phase.GAME_END
    assert st.final["scores"] == [32000, 20000, 30000, 18000] and st.deposits == 0


# --------------------------------------------------------- yaku (mutation survivors)
@pytest.mark.parametrize("suit", "mps")
def test_rule_4_ittsu_in_every_suit(suit):
    """RULES §4 ittsu: 123-456-789 of one suit, in man, pin and sou alike."""
    other = {"m": "234p", "p": "234s", "s": "234m"}[suit]
    assert Y(f"123456789{suit}{other}55z", f"9{suit}")["ittsu"] == 2
    # the three runs spread over two suits are no ittsu
    two = {"m": "123456m789p", "p": "123456p789s", "s": "123456s789m"}[suit]
    assert "ittsu" not in Y(f"{two}{other}55z", f"6{suit}", riichi=True)


@pytest.mark.parametrize("rank", "1357")
def test_rule_4_sanshoku_at_any_rank(rank):
    """RULES §4 sanshoku doujun: the same run in the three suits, whatever its rank."""
    r = int(rank)
    run = f"{r}{r + 1}{r + 2}"
    assert Y(f"{run}m{run}p{run}s999m11z", "9m")["sanshoku"] == 2
    # same run in two suits, a different one in the third: no sanshoku
    other = f"{(r % 7) + 1}{(r % 7) + 2}{(r % 7) + 3}"
    assert "sanshoku" not in Y(f"{run}m{run}p{other}s999m11z", "9m", riichi=True)


def test_rule_4_sanshoku_doukou_with_a_fourth_triplet():
    """RULES §4 sanshoku doukou stacks with toitoi: 222m 222p 222s + a pon of 555z."""
    y = Y("222m222p222s77s", "7s", melds=["pon 555z"], tsumo=True)
    assert y["sanshoku_doukou"] == 2 and "toitoi" in y


@pytest.mark.parametrize("suit", "mps")
def test_rule_4_chinitsu_and_honitsu_in_every_suit(suit):
    """RULES §4 chinitsu / honitsu: one suit (with honors for honitsu), in every suit."""
    assert Y(f"123345678999{suit}55{suit}", f"5{suit}")["chinitsu"] == 6
    assert Y(f"123345789{suit}333z55z", "5z")["honitsu"] == 3


def test_rule_4_two_suits_are_neither_chinitsu_nor_honitsu():
    """RULES §4: man + pin (no sou) is not one suit, with or without honors."""
    for hand, win in (("123m345m678p999p55m", "5m"), ("123m345p789m333z55z", "5z")):
        y = Y(hand, win, riichi=True)
        assert "chinitsu" not in y and "honitsu" not in y, hand


@pytest.mark.parametrize("suit", "mps")
def test_rule_4_chuuren_in_every_suit(suit):
    """RULES §4 chuuren poutou: 1112345678999 + one more of the same suit, any suit."""
    r = S(f"11123455678999{suit}", f"9{suit}")
    assert r.yaku_names == ["chuuren"] and r.yakuman == 1
    r = S(f"11123455678999{suit}", f"5{suit}")
    assert r.yaku_names == ["chuuren_pure"] and r.yakuman == 2


def test_rule_4_chuuren_needs_every_middle_rank():
    """RULES §4 chuuren: 111 and 999 are not enough; every rank 2-8 must be there."""
    r = S("111222333999p55p", "2p")
    assert "chuuren" not in r.yaku_names and "chinitsu" in r.yaku_names


@pytest.mark.parametrize("pair", "1234")
def test_rule_4_shousuushii_with_any_wind_as_the_pair(pair):
    """RULES §4 shousuushii: three wind triplets + the fourth wind as the pair, whichever
    wind the pair is."""
    trips = "".join(w * 3 for w in "1234" if w != pair)
    r = S(f"{trips}z{pair}{pair}z123m", "3m")
    assert "shousuushii" in r.yaku_names and r.yakuman == 1


def test_yaku_table_majsoul_ids_are_mahjong_souls():
    """The Mahjong Soul numbering of the yaku and the dora entries, as the outside table
    of riichienv lists them (tenhou id -> Mahjong Soul id; the wind groups share one id)."""
    from ippatsu import yaku as Yk
    known = {0: 1, 1: 2, 3: 3, 4: 4, 5: 5, 6: 6, 18: 7, 19: 8, 20: 9, 10: 10, 14: 11,
             8: 12, 9: 13, 7: 14, 23: 15, 24: 16, 25: 17, 21: 18, 26: 19, 27: 20, 28: 21,
             29: 22, 30: 23, 31: 24, 22: 25, 33: 26, 34: 27, 32: 28, 35: 29, 2: 30,
             37: 35, 38: 36, 39: 37, 40: 38, 42: 39, 43: 40, 44: 41, 47: 42, 50: 43, 51: 44,
             45: 45, 46: 47, 41: 48, 48: 49, 49: 50}
    for tenhou_id, ms in known.items():
        assert Yk.BY_TENHOU[tenhou_id].majsoul_id == ms, Yk.BY_TENHOU[tenhou_id].name
    assert (Yk.MAJSOUL_DORA, Yk.MAJSOUL_RED, Yk.MAJSOUL_URA) == (31, 32, 33)
    assert (Yk.TENHOU_DORA, Yk.TENHOU_URA, Yk.TENHOU_RED) == (52, 53, 54)


def test_yaku_table_yakuman_rows_carry_no_han_and_double_marks_the_doubles():
    """RULES §4: a yakuman row is counted in yakuman, never in han (closed or open); the
    ``double`` mark is set exactly on the double patterns."""
    from ippatsu.yaku import YAKU
    for y in YAKU:
        if y.yakuman:
            assert (y.han_closed, y.han_open) == (0, 0), y.name
        assert y.double == (y.yakuman == 2), y.name


def _mask(text):
    from ippatsu.tiles import parse_counts
    return sum(1 << k for k, n in enumerate(parse_counts(text)) if n)


def test_rule_4_honroutou_and_honitsu_checks_need_both_kinds_of_tile():
    """RULES §4, on the table's check functions themselves (in a full hand an all-honor
    or all-terminal hand is a yakuman, which hides these rows): honroutou needs terminals
    *and* honors; honitsu needs honors."""
    from ippatsu.yaku import BY_NAME, YakuContext
    honroutou, honitsu = BY_NAME["honroutou"].check, BY_NAME["honitsu"].check
    assert honroutou(YakuContext(mask=_mask("19m19p11z22z")))
    assert not honroutou(YakuContext(mask=_mask("1234567z")))
    assert not honroutou(YakuContext(mask=_mask("19m19p19s")))
    assert honitsu(YakuContext(mask=_mask("123456m11z")))
    assert not honitsu(YakuContext(mask=_mask("123456789m")))


def test_yakuman_gate_rejects_a_closed_honitsu_hand():
    """The scorer's yakuman gate (a cheap necessary condition) lets ordinary hands skip
    the yakuman checks: a closed honitsu hand with no yakuman shape is rejected."""
    from ippatsu.yaku import YakuContext, may_be_yakuman
    c = YakuContext(tenhou=False, chiihou=False, form=0, ankou=1, kans=0, closed=True,
                    mask=_mask("123456789m111z22z"), triplets=(27,))
    assert not may_be_yakuman(c)



# ------------------------------------------------ table (mutation survivors of state.py)
from ippatsu.errors import IllegalActionError  # noqa: E402
from ippatsu.table import Action  # noqa: E402


def test_default_table_has_four_named_players():
    st = GameState(Rules(), start=False)
    assert st.names == ["player0", "player1", "player2", "player3"]


def test_rule_8_seat_wind_of_a_seat_before_the_dealer():
    """RULES §8: seat winds run from the dealer. In East 2 (dealer seat 1) seat 0 is
    North: its 444z triplet is a seat-wind yakuhai, and it is paid as a non-dealer."""
    st = table(["123m456p789s444z5z", "", "", ""], kyoku=1, draws="9m 9p 9s 8s 7p 6p 2s 5z")
    tsumogiri_round(st, 7)                # a go-around first: no chiihou
    assert st.actor == 0
    st.step(find(st, 0, T.TSUMO))
    w = st.hand_results[-1].wins[0]
    assert "seat_wind_n" in yaku_names(w.score) and not w.score.dealer
    assert w.deltas[1] == 2 * w.deltas[2] < 0       # the dealer (seat 1) pays double
    st.check_invariants()


@pytest.mark.parametrize("kyoku, want", [(1, ("E", 2, 1)), (5, ("S", 2, 1)), (3, ("E", 4, 3))])
def test_mjai_start_kyoku_numbers_the_hand_within_its_round(kyoku, want):
    """mjai ``start_kyoku``: the round wind, the hand's number within its round (1-4) and
    the dealer (East 2 = kyoku index 1, South 2 = index 5)."""
    st = table([DUMMY, "", "", ""], kyoku=kyoku)
    ev = next(e for e in st.events if e["type"] == "start_kyoku")
    assert (ev["bakaze"], ev["kyoku"], ev["oya"]) == want


@pytest.mark.parametrize("hand, ok", [("19m19p19s123z2345m", True),      # nine kinds
                                      ("19m19p19s12z23456m", False)])    # eight kinds
def test_rule_8_nine_terminals_needs_nine_kinds(hand, ok):
    """RULES §8 abortive draw: nine *different* terminals/honors on the first draw."""
    st = table([hand, "", "", ""], draws="6m")
    assert (find(st, 0, T.KYUUSHU) is not None) is ok


def test_rule_8_kuikae_banned_discard_refused_by_step():
    """RULES §8 kuikae: a banned discard passed to step() directly (not taken from the
    legal list) is refused, and an allowed one is accepted."""
    st = table([DUMMY, "4567m1239p456s11z", "", ""], draws="4m")
    discard(st, "4m")
    st.step(chi_with(st, 1, "5m", "6m"))
    seven = next(t for t in st.hand[1] if t >> 2 == K("7m"))
    with pytest.raises(IllegalActionError):
        st.step(Action(T.DISCARD, 1, seven))
    one_p = next(t for t in st.hand[1] if t >> 2 == K("1p"))
    st.step(Action(T.DISCARD, 1, one_p))
    assert st.river[1][-1] == one_p


def test_rule_8_chi_of_a_9():
    """RULES §8: a chi of 9s (with 78s) is offered like any other."""
    st = table([DUMMY.replace("5z", "9s"), "78s1p4p7p2m5m8m123z", "", ""], draws="9s")
    discard(st, "9s")
    assert chi_with(st, 1, "7s", "8s") is not None


def test_rule_8_kuikae_chi_not_offered_when_only_the_called_kind_is_left():
    """RULES §8 kuikae: holding 46m 55m (three pons shown), a chi of 5m with 46m would leave
    55m, the called kind: not offered; the pon (leaving 46m) is."""
    st = table([DUMMY, "", "", ""], draws="5m")
    st.set_position(1, hand="4556m", melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "5m")
    assert not any(a.type == T.CHI for a in st.legal_actions(1))
    assert find(st, 1, T.PON) is not None


def test_rule_8_kuikae_chi_offered_with_a_lower_tile_left():
    """RULES §8 kuikae: holding 1m 789m (three pons shown), a chi of 7m with 89m leaves
    1m 7m; 1m is allowed, so the chi is offered."""
    st = table([DUMMY, "", "", ""], draws="7m")
    st.set_position(1, hand="1m789m", melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "7m")
    st.step(chi_with(st, 1, "8m", "9m"))
    assert discard_kinds(st, 1) == {K("1m")}


def test_rule_8_passing_a_call_is_not_furiten():
    """RULES §8 furiten (b) is about passing a *winnable* tile: passing a pon is not."""
    st = table([DUMMY, "", "44m1p4p7p2s5s8s1234z", ""], draws="4m")
    discard(st, "4m")
    assert find(st, 2, T.PON) is not None and find(st, 2, T.RON) is None
    pass_all(st)
    assert not st.temp_furiten[2]


def test_meld_records_who_it_was_taken_from():
    """A called meld names the player it came from: left (chi), across and right (pon)."""
    st = table([DUMMY, "56m1p4p7p2s8s1234z", "", ""], draws="4m")
    discard(st, "4m")
    st.step(chi_with(st, 1, "5m", "6m"))
    assert str(st.melds[1][-1]).endswith("<L")
    for caller, mark in ((2, "<A"), (3, "<R")):
        st = table([DUMMY, "", "", ""], draws="4m")
        st.set_position(caller, hand="44m1p4p7p2s8s1234z")
        discard(st, "4m")
        st.step(find(st, caller, T.PON))
        assert str(st.melds[caller][-1]).endswith(mark), (caller, str(st.melds[caller][-1]))


def test_rule_8_pao_daisuushi_when_east_is_the_fourth_wind():
    """RULES §8 liability: the fourth wind set may be any wind, East included."""
    st = table(["1199m1199p1199s1z", "", "", ""], draws="1z")
    _daisuushi_feed_east(st)
    assert st.pao[1] == 0


def _daisuushi_feed_east(st):
    st.set_position(1, hand="11z5p9s", melds=["pon 2z+22z<A", "pon 3z+33z<A", "pon 4z+44z<A"])
    discard(st, "1z")
    st.step(find(st, 1, T.PON))


@pytest.mark.parametrize("robber", [1, 2, 3])
def test_rule_8_kokushi_robs_a_closed_kan_from_any_seat(robber):
    """RULES §8: kokushi may rob a closed kan, wherever the robber sits (right, across or
    left of the kan player)."""
    st = table(["1111m456p789s234z", "", "", ""], draws="9m")
    st.set_position(robber, hand="9m19p19s12345677z")  # 13-orphans waiting on 1m
    st.step(find(st, 0, T.ANKAN))
    assert find(st, robber, T.RON) is not None


def test_rule_8_nagashi_closest_to_a_dealer_other_than_seat_0():
    """RULES §8 nagashi: honba and deposits go to the qualifier closest to the dealer in
    turn order. West 3 dealer seat 2: seat 3 comes before seat 1."""
    st = table(NOTEN4, draws="5m 9p 5p 1s", n_live=4, kyoku=2, honba=1, deposits=1,
               scores=[25000, 25000, 25000, 24000])
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    assert res.kind == "nagashi" and tuple(sorted(res.nagashi)) == (1, 3)
    # seat 3: +8000 +300 +1000 -2000; seat 1: +8000 -2000 -100; dealer (seat 2) pays
    # 4000 to each and 100; seat 0 pays 2000 to each and 100
    assert res.deltas == [-4100, 5900, -8100, 7300]
    st.check_invariants()


def test_rule_8_abortive_draw_moves_no_points():
    """RULES §8 abortive draws: no payments (nine terminals declared)."""
    st = table(["19m19p19s123z2345m", "", "", ""], draws="6m")
    assert not any(st.double_riichi)          # nobody has declared anything yet
    st.step(find(st, 0, T.KYUUSHU))
    res = st.hand_results[-1]
    assert res.kind == "nine_terminals" and list(res.deltas) == [0, 0, 0, 0]
    assert st.scores == [25000] * 4


def test_rule_5_kan_dora_indicator_is_a_visible_tile():
    """RULES §5: a kan reveals one more indicator, a tile everybody sees (it lowers the
    live count of its kind): after a closed kan the second indicator, 8p, is visible."""
    st = table(["1111m456p789s234z", "", "", ""], draws="9m", dora="9m8p")
    before = st.visible[K("8p")]
    st.step(find(st, 0, T.ANKAN))
    assert st.n_dora == 2 and st.visible[K("8p")] == before + 1


def test_rule_8_four_kans_by_two_players_three_and_one_abort():
    """RULES §8: four kans by two or more players abort, whatever the split (3 + 1 here);
    only one player holding all four is no abort."""
    st = table(["1111m2222m3333m9p", "4444m8p1234z5679s", "", ""], draws="5z 6z")
    for k in ("1m", "2m", "3m"):
        st.step(find(st, 0, T.ANKAN, k))
    discard(st)
    pass_all(st)
    st.step(find(st, 1, T.ANKAN, "4m"))
    discard(st)
    pass_all(st)
    assert st.hand_results[-1].kind == "four_kans"


def test_rule_8_only_kokushi_robs_a_closed_kan():
    """RULES §8: a standard hand waiting on the kan's kind may not rob a closed kan."""
    st = table(["1111m456p789s234z", "23m456p789s11122z", "", ""], draws="9m")
    st.step(find(st, 0, T.ANKAN))
    assert find(st, 1, T.RON) is None


def test_red_five_and_its_neighbour_are_different_discards():
    """RULES §1: the red 5m is still a 5m, and a 6m is another kind: both are offered as
    discards, the red one apart from the plain 5m."""
    st = table(["4056m1199p1199s5z", "", "", ""], draws="9s")
    ids = {a.tile for a in st.legal_actions(0) if a.type == T.DISCARD}
    assert 16 in ids                                      # the red 5m
    assert {t >> 2 for t in ids} >= {K("4m"), K("5m"), K("6m")}
    assert sum(1 for t in ids if t >> 2 == K("5m")) == 2  # red and plain 5m


def test_step_refuses_a_discard_of_a_tile_not_in_hand_without_red_fives():
    """step() with a discard built by hand: a tile the player does not hold is refused
    (red fives off: the kind-only fast path)."""
    rules = Rules().replace(red_fives=False)
    st = table([DUMMY, "", "", ""], draws="9s", rules=rules)
    missing = next(t for t in range(136) if t >> 2 == K("5m"))
    with pytest.raises(IllegalActionError):
        st.step(Action(T.DISCARD, 0, missing))
    own = next(t for t in st.hand[0] if t >> 2 == K("1m"))
    st.step(Action(T.DISCARD, 0, own))
    assert st.river[0][-1] == own and not st.riichi[0]


@pytest.mark.parametrize("called, pair, far", [("4m", ("2m", "3m"), "1m"),   # high end, rank 4
                                               ("6m", ("7m", "8m"), "9m")])  # low end, rank 6
def test_rule_8_kuikae_far_end_at_the_edge_of_the_suit(called, pair, far):
    """RULES §8 kuikae: the far end exists up to the suit's edge: chi 4m with 23m bans
    1m; chi 6m with 78m bans 9m."""
    hand = {"4m": "1234m9p456s789s11z", "6m": "6789m1p456s789s11z"}[called]
    st = table([DUMMY, hand, "", ""], draws=called)
    discard(st, called)
    st.step(chi_with(st, 1, *pair))
    ks = discard_kinds(st, 1)
    assert K(called) not in ks and K(far) not in ks


def test_rule_8_chi_without_red_fives_takes_the_named_kinds():
    """RULES §8 chi with red fives off: the chi of 4m with 56m consumes a 5m and a 6m."""
    st = table([DUMMY, "4567m1239p456s11z", "", ""], draws="4m",
               rules=Rules().replace(red_fives=False))
    discard(st, "4m")
    chi = chi_with(st, 1, "5m", "6m")
    st.step(chi)
    assert sorted(t >> 2 for t in st.melds[1][-1].tiles) == [K("4m"), K("5m"), K("6m")]


def test_mjai_riichi_deposit_and_nine_terminals_reveal():
    """mjai events: the accepted riichi takes 1,000 from the declarer; a nine-terminals
    abort shows only the declarer's hand."""
    st = table([DR_HAND, "", "", ""], draws="4m")
    st.step(find(st, 0, T.RIICHI, "4m"))
    pass_all(st)
    ev = next(e for e in st.events if e["type"] == "reach_accepted")
    assert ev["deltas"][0] == -1000 and ev["scores"][0] == 24000
    st = table(["19m19p19s123z2345m", "", "", ""], draws="6m")
    st.step(find(st, 0, T.KYUUSHU))
    ev = next(e for e in st.events if e["type"] == "ryukyoku")
    assert len(ev["tehais"][0]) == 14 and ev["tehais"][1:] == [[], [], []]


def test_rule_8_one_player_with_four_kans_is_not_an_abort():
    """RULES §8: four kans by one player is no abort (the hand goes on: suukantsu is
    possible)."""
    st = table(["1111m2222m3333m5z", "", "", ""], draws="4m", rinshan="4m4m4m9p")
    for k in ("1m", "2m", "3m", "4m"):
        st.step(find(st, 0, T.ANKAN, k))
    assert st.kan_count == 4 and not st.suukaikan
    discard(st)
    pass_all(st)
    assert not st.hand_results and st.phase == Phase.TURN


def test_rule_8_riichi_may_be_declared_on_a_complete_hand():
    """RULES §8 riichi needs tenpai after the declaring discard: a drawn tile that
    completes the hand may be kept for a tsumo or thrown with riichi on another wait."""
    st = table([DR_HAND, "", "", ""], draws="1z")
    assert find(st, 0, T.TSUMO) is not None
    assert find(st, 0, T.RIICHI, "2z") is not None


# ---------------------------------------------------- scoring (mutation survivors)
def test_rule_7_yakuman_base_is_8000_per_multiple():
    """RULES §7: a yakuman is worth a base of 8,000 per multiple (32,000 / 48,000 ron)."""
    from ippatsu.scoring import base_points, hand_cost
    assert base_points(0, 0, yakuman=1) == (8000, "yakuman")
    assert base_points(0, 0, yakuman=2) == (16000, "yakuman")
    assert hand_cost(8000, False, False) == (32000, 0, 0)     # ron: one payer
    assert hand_cost(8000, True, False) == (48000, 0, 0)


def test_rule_7_25_fu_tsumo_exists_from_3_han():
    """RULES §7 table: 25 fu (chiitoitsu) tsumo is impossible below 3 han (menzen tsumo +
    chiitoitsu), possible from 3 han: 800 / 1,600."""
    from ippatsu.scoring import score_table
    t = score_table()
    assert t[(2, 25)]["non_dealer_tsumo"] is None
    assert t[(3, 25)]["non_dealer_tsumo"] == (800, 1600)


def test_rule_4_round_wind_yakuhai_in_the_south_round():
    """RULES §4 yakuhai of the round wind: in the South round a 222z triplet counts for
    the dealer (seat East), who has no other yakuhai there."""
    r = score("222z123m456p789s55m", "5m", seat_wind=0, round_wind=1)
    assert r.yaku_names == ["round_wind_s"]


def test_rule_4_riichi_needs_a_concealed_hand():
    """RULES §4: riichi is concealed only: an open hand cannot be scored with riichi."""
    from ippatsu.errors import SituationError
    with pytest.raises(SituationError):
        score("123m456p789s55m", "5m", melds=["pon 777z"], riichi=True, seat_wind=1)
    with pytest.raises(SituationError):
        score("123m456p789s55m", "5m", melds=["pon 777z"], double_riichi=True, seat_wind=1)


# --------------------------------------------------------- hand-built actions (issue 15)
NO_RED = Rules().replace(red_fives=False)


def _copy_not_held(st, p, kind_text):
    """An id of ``kind_text`` that seat ``p`` does not hold."""
    held = set(st.hand[p])
    return next(t for t in range(136) if t >> 2 == K(kind_text) and t not in held)


@pytest.mark.parametrize("red", [False, True])
def test_hand_built_riichi_with_another_copy_discards_the_named_kind(red):
    """step() with a riichi built by hand (red fives off or on): naming a copy of 9p the
    player does not hold declares riichi with the 9p held, whatever the order of the
    offered riichi discards."""
    st = table(["1234m456p789s11z9p", "", "", ""], draws="1z",
               rules=Rules() if red else NO_RED)
    kinds = [a.tile >> 2 for a in st.legal_actions(0) if a.type == T.RIICHI]
    assert K("9p") in kinds and kinds[0] != K("9p")
    st.step(Action(T.RIICHI, 0, _copy_not_held(st, 0, "9p")))
    assert st.river[0][-1] >> 2 == K("9p")


def test_hand_built_closed_kan_naming_any_copy_is_resolved():
    """step() with a closed kan built by hand (red fives off): its ``tile`` may be any of
    the four copies; the kan is declared."""
    st = table(["1111z123m456p789s", "", "", ""], draws="5z", rules=NO_RED)
    four = tuple(sorted(t for t in st.hand[0] if t >> 2 == K("1z")))
    st.step(Action(T.ANKAN, 0, four[3], four))
    assert [m.type.name for m in st.melds[0]] == ["ANKAN"]


def test_hand_built_pon_naming_other_copies_is_resolved():
    """step() with a pon built by hand (red fives off) consuming two of the three 1z held
    other than the two the legal action lists: the pon is made with the named copies."""
    st = table(["1199m1199p1199s5z", "111z2345m6789p", "", ""], draws="1z", rules=NO_RED)
    discard(st, "1z")
    pon = find(st, 1, T.PON)
    held = sorted(t for t in st.hand[1] if t >> 2 == K("1z"))
    other = tuple(t for t in held if t not in pon.consumed)[:1] + pon.consumed[:1]
    assert sorted(other) != sorted(pon.consumed)
    st.step({1: Action(T.PON, 1, pon.tile, other)})
    assert sorted(st.melds[1][-1].tiles) == sorted(other + (pon.tile,))


def test_hand_built_tsumo_and_nine_terminals_are_resolved():
    """step() with a tsumo (naming the drawn tile) or a nine-terminals abort (no tile)
    built by hand is the legal action of that type."""
    st = table(["123m456p789s1122z", "", "", ""], draws="2z")
    st.step(Action(T.TSUMO, 0, st.last_draw))
    assert st.phase == Phase.HAND_END
    st = table(["19m19p19s123z2345m", "", "", ""], draws="6m")
    st.step(Action(T.KYUUSHU, 0))
    assert st.phase == Phase.HAND_END


def test_offered_added_kan_has_no_target_in_mjai():
    """An added kan (kakan) takes no tile from anyone: the offered action has target -1
    and its mjai message carries no "target"."""
    st = table(["1199m1199p1199s5z", "11z2345m6789p3s", "", ""], draws="1z2z3z4z1z",
               rules=NO_RED)
    discard(st, "1z")
    st.step({1: find(st, 1, T.PON)})
    discard(st, "2m")               # seat 1 after the pon
    pass_all(st)
    tsumogiri_round(st, 2)          # seats 2 and 3
    discard(st)                     # seat 0 discards the 4z it drew
    pass_all(st)                    # seat 1 draws the 4th 1z
    kakan = find(st, 1, T.KAKAN)
    assert kakan is not None and kakan.target == -1
    assert "target" not in kakan.to_mjai()


def test_hand_built_closed_kan_of_fives_names_the_red_five():
    """step() with a closed kan of 5m built by hand (red fives on) naming the red 5m as
    its tile, the way the offered kan names it (the kan's lowest copy): accepted."""
    st = table(["0555m123p456s789s", "", "", ""], draws="5z")
    four = tuple(sorted(t for t in st.hand[0] if t >> 2 == K("5m")))
    assert four[0] == 16                       # the red 5m
    st.step(Action(T.ANKAN, 0, four[0], four))
    assert [m.type.name for m in st.melds[0]] == ["ANKAN"]


def test_rule_8_last_dealer_may_stop_at_exactly_30000_with_the_west_extension():
    """RULES §8: the last-hand dealer in first place with ≥ 30,000 may stop, and with the
    West extension on the game is decided once someone has 30,000: the dealer winning
    to exactly 30,000 (South 4, 1 han 40 fu ron: 2,000) is offered the stop."""
    rules = Rules().replace(last_dealer_stop="optional", west_extension=True)
    st = table(["1199m1199p1199s5z", "", "", "23m456p789s11122z"], draws="9p 4m",
               rules=rules, kyoku=7, scores=[22000, 25000, 25000, 28000])
    discard(st, "9p")
    pass_all(st)
    discard(st, "4m")
    st.step(find(st, 3, T.RON))
    assert st.scores[3] == 30000 and max(st.scores) == 30000
    assert st.to_act == [3] and find(st, 3, T.STOP) is not None
