"""scoring.py behaviour that planted bugs survived (issue 15, ``tools/mutation.py scoring``).

Each test names the rule or the user-facing output it pins; every one was checked by
planting the mutant it aims at in ``src/ippatsu/scoring.py`` (pure-Python backend, shared
data hidden) and watching it fail. Expected values are written from the rules (RULES §5-§8
in the user docs: docs/rules.md), not read back from the code.
"""
from __future__ import annotations

import re

import pytest

import ippatsu.scoring as sc
from ippatsu.errors import HandSizeError, NotAgariError, SituationError, TileCountError
from ippatsu.rules import Rules
from ippatsu.scoring import format_score_table, score, score_table


# ------------------------------------------------------------------ block names (output)
def test_decomposition_names_pair_runs_triplet_pon_and_open_kan():
    """ScoreResult.decomposition: the pair, runs at both ends of a suit, a concealed
    triplet and an open kan, each written as its tiles in notation."""
    r = score("123m789p777z55s", "5s", melds=["daiminkan 2222s"], tsumo=True)
    assert r.decomposition == ("55s", "123m", "789p", "777z", "open kan 2222s")


def test_decomposition_names_chi_closed_kan_and_pon():
    """ScoreResult.decomposition of declared melds: a chi as its run, a closed kan as
    four tiles, a pon as three, each after its label."""
    r = score("111p55s", "5s", melds=["chi 456m", "ankan 3333s", "pon 777z"], tsumo=True)
    assert r.decomposition == ("55s", "111p", "chi 456m", "closed kan 3333s", "pon 777z")


def test_decomposition_names_runs_in_every_suit():
    """ScoreResult.decomposition: runs of pinzu and souzu start at their own rank (123p,
    234s, 678s), not at the kind's index."""
    r = score("123p234s678s55m", "5m", melds=["pon 777z"], tsumo=True)
    assert r.decomposition == ("55m", "123p", "234s", "678s", "pon 777z")


@pytest.mark.parametrize("double, han", [(True, 26), (False, 13)])
def test_rule_7_a_double_yakuman_lists_26_han_only_with_double_yakuman_on(double, han):
    """RULES §7: a yakuman row lists 13 han per multiple: daisuushi is 26 with double
    yakuman on, 13 with it off (a single yakuman is 13 either way)."""
    rules = Rules(double_yakuman=double)
    r = score("111z222z55m", "5m", melds=["pon 333z", "pon 444z"], tsumo=True, rules=rules)
    assert r.yaku == (("daisuushi", han),)
    r = score("555z123m55m", "5m", melds=["pon 666z", "pon 777z"], tsumo=True, rules=rules)
    assert r.yaku == (("daisangen", 13),)


# ------------------------------------------------------------------ error messages
def test_indicators_of_the_wrong_type_are_named():
    """dora_indicators must be notation or a sequence of 136-ids: a bare int is refused
    with an IppatsuError naming the type, not a TypeError."""
    from ippatsu.errors import IppatsuError
    with pytest.raises(IppatsuError) as e:
        score("123m456p789s234s55m", "4s", tsumo=True, dora_indicators=5)
    assert e.value.code == "bad_tile_id" and "got int" in str(e.value)


def test_rule_5_indicators_count_towards_the_four_copies_and_the_message_counts_them():
    """RULES §5: indicators are tiles too: three 1m in the hand and two 1m indicators make
    five copies; the error names the kind and the count."""
    with pytest.raises(TileCountError) as e:
        score("111m456p789s234s55p", "5p", dora_indicators="1m", ura_indicators="1m",
              riichi=True)
    assert e.value.code == "fifth_copy"
    assert "5 copies of 1m" in str(e.value)
    # four copies (three in the hand, one indicator) are fine
    score("111m456p789s234s55p", "5p", dora_indicators="1m", riichi=True)


def test_rule_5_dora_count_every_tile_of_a_chi():
    """RULES §5: each tile of a called run counts as dora: chi 234m with the indicators
    1m, 2m, 3m (dora 2m, 3m, 4m) is three dora."""
    r = score("567p234s55s777z", "5s", melds=["chi 234m"], tsumo=True,
              dora_indicators="1m2m3m")
    assert r.dora == 3


@pytest.mark.parametrize("hand, melds, held, want", [
    ("123m456p789s234s5m", (), 13, 14), ("123m456p789s5m", ("pon 777z",), 10, 11)])
def test_hand_size_message_names_the_counts_and_hints_at_the_winning_tile(hand, melds,
                                                                          held, want):
    """A hand one tile short, without a winning tile apart, names what it holds, what a
    winning hand holds with that many melds, and hints that the winning tile belongs in
    the hand (or apart as win_tile: with it, the hand scores)."""
    with pytest.raises(HandSizeError) as e:
        score(hand, melds=list(melds))
    msg = str(e.value)
    assert f"{held} concealed tiles with {len(melds)} melds" in msg
    assert f"a winning hand has {want} concealed tiles" in msg
    assert "must include the winning tile" in msg


def test_hand_size_message_without_the_hint_when_two_tiles_are_missing():
    """The winning-tile hint is only for a hand exactly one tile short."""
    with pytest.raises(HandSizeError) as e:
        score("123m456p789s234s", "4s")
    assert "winning tile" not in str(e.value) and "has 14 concealed tiles" in str(e.value)


def test_rule_4_tenhou_and_chiihou_together_are_named_as_such():
    """RULES §4: tenhou is the dealer's first-draw win, chiihou a non-dealer's: both
    flags at once are refused with that reason (not another)."""
    for seat in (0, 1):
        with pytest.raises(SituationError, match="tenhou and chiihou together"):
            score("123m456p789s234s55m", "4s", tsumo=True, tenhou=True, chiihou=True,
                  seat_wind=seat)


# ------------------------------------------------------------------ no-yaku results
def test_rule_2_a_complete_hand_without_yaku_costs_nothing():
    """RULES §2: a complete hand with no yaku wins nothing: with raise_on_no_yaku=False
    the result has error "no_yaku", 0 points, a zero cost and no payments."""
    r = score("123m789p55s", "5s", melds=["chi 456m", "ankan 2222s"], tsumo=True,
              raise_on_no_yaku=False)
    assert r.error == "no_yaku" and r.points == 0 and r.payments is None
    assert r.cost == {"dealer": 0, "non_dealer": 0}
    r = score("123m789p55s", "5s", melds=["chi 456m", "ankan 2222s"], discarder=2,
              seat_wind=1, raise_on_no_yaku=False)
    assert r.cost == {"ron": 0} and r.payments is None


# ------------------------------------------------------------------ liability (RULES §8)
def test_rule_8_pao_only_for_daisangen_and_daisuushi():
    """RULES §8: liability covers daisangen and daisuushi only: a tsuuiisou tsumo with a
    pao seat named (rinshan liability off) is paid as an ordinary yakuman tsumo."""
    r = score("111z222z77z", "7z", melds=["pon 555z", "pon 666z"], tsumo=True, pao=2,
              seat_wind=1, rules=Rules(pao_rinshan=False))
    assert [n for n, _ in r.yaku] == ["tsuuiisou"]
    assert r.payments == (-16000, 32000, -8000, -8000)


def test_rule_8_pao_covers_one_yakuman_when_double_yakuman_is_off():
    """RULES §8 with pao_whole_hand off and double yakuman off: daisangen (liable) +
    tsuuiisou is two yakuman; the liable seat pays the daisangen as a tsumo (32,000 from
    a non-dealer winner), the tsuuiisou is split as an ordinary tsumo."""
    rules = Rules(pao_whole_hand=False, double_yakuman=False)
    r = score("777z111z22z", "2z", melds=["pon 555z", "pon 666z"], tsumo=True, pao=2,
              seat_wind=1, rules=rules)
    assert r.yakuman == 2
    assert r.payments == (-16000, 64000, -32000 - 8000, -8000)


# ------------------------------------------------------------------ the han x fu table
FU_ROWS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)

# RULES §7: the standard table, written out (non-dealer / dealer; ron, tsumo), 1 and 2 han
EXPECTED_1_2_HAN = """
non-dealer
20  – / –              – / 400-700
25  – / –              1600 / –
30  1000 / 300-500     2000 / 500-1000
40  1300 / 400-700     2600 / 700-1300
50  1600 / 400-800     3200 / 800-1600
60  2000 / 500-1000    3900 / 1000-2000
70  2300 / 600-1200    4500 / 1200-2300
80  2600 / 700-1300    5200 / 1300-2600
90  2900 / 800-1500    5800 / 1500-2900
100 3200 / 800-1600    6400 / 1600-3200
110 3600 / –           7100 / 1800-3600
dealer
20  – / –              – / 700 all
25  – / –              2400 / –
30  1500 / 500 all     2900 / 1000 all
40  2000 / 700 all     3900 / 1300 all
50  2400 / 800 all     4800 / 1600 all
60  2900 / 1000 all    5800 / 2000 all
70  3400 / 1200 all    6800 / 2300 all
80  3900 / 1300 all    7700 / 2600 all
90  4400 / 1500 all    8700 / 2900 all
100 4800 / 1600 all    9600 / 3200 all
110 5300 / –           10600 / 3600 all
"""


def _cells(text):
    """{section: {fu: [cell per han]}} and {section: [han numbers of the header]}."""
    rows, heads, sec = {}, {}, None
    for line in text.splitlines():
        if not line.strip():
            continue
        m = re.match(r"(non-dealer|dealer)\b", line)
        if m:
            sec = m.group(1)
            rows[sec] = {}
            continue
        if line.startswith("fu "):
            heads[sec] = [int(h) for h in re.findall(r"(\d+) han", line)]
            continue
        fu, rest = line.split(None, 1)
        rows[sec][int(fu)] = re.split(r"\s{2,}", rest.strip())
    return rows, heads


def test_rule_7_format_score_table_matches_the_written_out_table():
    """RULES §7: format_score_table's text (1-2 han) cell by cell against the standard
    table written out above; the headers name each han column and each section."""
    text = format_score_table(max_han=2)
    assert text.splitlines()[0] == "non-dealer: ron / tsumo"
    assert "dealer: ron / tsumo" in text.splitlines()
    rows, heads = _cells(text)
    want, _ = _cells(EXPECTED_1_2_HAN)
    assert rows == want
    assert heads == {"non-dealer": [1, 2], "dealer": [1, 2]}
    _, heads = _cells(format_score_table(max_han=5))
    assert heads == {"non-dealer": [1, 2, 3, 4, 5], "dealer": [1, 2, 3, 4, 5]}


def test_rule_7_score_table_has_every_fu_row_and_han_column():
    """RULES §7: the table's rows are 20, 25, 30, 40, ..., 110 fu; its columns 1..max_han."""
    t = score_table(max_han=4)
    assert set(t) == {(h, f) for h in range(1, 5) for f in FU_ROWS}


def test_rule_6_20_fu_is_tsumo_only_and_needs_2_han():
    """RULES §6/§7: 20 fu is pinfu tsumo only: no ron at any han, tsumo from 2 han
    (pinfu + menzen tsumo): 400-700, 700-1300, 1300-2600."""
    t = score_table(max_han=4)
    assert all(t[(h, 20)]["non_dealer_ron"] is None for h in range(1, 5))
    assert all(t[(h, 20)]["dealer_ron"] is None for h in range(1, 5))
    assert t[(1, 20)]["non_dealer_tsumo"] is None
    assert [t[(h, 20)]["non_dealer_tsumo"] for h in (2, 3, 4)] == [
        (400, 700), (700, 1300), (1300, 2600)]


# ------------------------------------------------------------------ the kernel's result path
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


# ------------------------------------------------------------------ more survivors (seed 1)
def test_is_yakuman_only_for_yakuman_and_counted_yakuman():
    """ScoreResult.is_yakuman: a yakuman or a counted (kazoe) yakuman, never an ordinary
    hand."""
    assert not score("123m456p789s234s55m", "4s", tsumo=True).is_yakuman
    assert score("555z123m55m", "5m", melds=["pon 666z", "pon 777z"], tsumo=True).is_yakuman
    # riichi, tsumo, chinitsu 6, iipeikou, pinfu, 3 dora: 13 han, counted yakuman
    r = score("11223345678999m", "3m", tsumo=True, riichi=True, dora_indicators="8m")
    assert r.limit == "kazoe yakuman" and r.yakuman == 0 and r.is_yakuman


@pytest.mark.parametrize("meld", [("chi", "124m"), ("chi", "133m"), ("daiminkan", "1112m"),
                                  ("ankan", "1112m")])
def test_rule_1_a_meld_holds_a_run_or_identical_tiles(meld):
    """RULES §1: a chi is three consecutive ranks of one suit, a kan four identical tiles:
    anything else is refused with a MeldError naming the meld."""
    from ippatsu.errors import MeldError
    with pytest.raises(MeldError, match="cannot hold"):
        score("123p456s789s11z", "1z", melds=[meld])


@pytest.mark.parametrize("flag, name", [("tenhou", "tenhou"), ("chiihou", "chiihou")])
def test_rule_4_tenhou_and_chiihou_on_a_ron_are_named(flag, name):
    """RULES §4: tenhou / chiihou are first-draw (tsumo) wins: on a ron the error names
    which of the two was given."""
    seat = 0 if flag == "tenhou" else 1
    with pytest.raises(SituationError, match=f"{name} on a ron"):
        score("123m456p789s234s55m", "4s", seat_wind=seat, discarder=(seat + 1) % 4,
              **{flag: True})


def test_rule_4_riichi_with_an_added_kan_is_an_open_hand():
    """RULES §4: an added kan (shouminkan) grows a pon, an open meld: riichi with one is
    refused; riichi with a closed kan is fine."""
    with pytest.raises(SituationError, match="riichi on an open hand"):
        score("123m456p789s55m", "5m", melds=["kakan 7777z"], tsumo=True, riichi=True)
    score("123m456p789s55m", "5m", melds=["ankan 7777z"], tsumo=True, riichi=True)


def test_rule_8_pao_ron_honba_option_the_liable_seat_pays_the_honba():
    """RULES §8 option pao_ron_honba (Tenhou): on a ron the liable seat pays half the
    yakuman and all the honba (2 honba: 600), the discarder the other half."""
    r = score("777z123m55p", "5p", melds=["pon 555z", "pon 666z"], pao=3, discarder=2,
              honba=2, seat_wind=1, rules=Rules(pao_ron_honba=True))
    assert r.payments == (0, 32600, -16000, -16600)


SANMA = Rules.ippatsu_sanma()


def test_rule_11_three_players_refuse_a_2m_to_8m_indicator():
    """docs/rules.md §11: a three-player set has no 2m-8m, so a 5m indicator is refused
    (TileCountError sanma_tile); four players accept it."""
    with pytest.raises(TileCountError) as e:
        score("123p456p789p11s999s", "9s", tsumo=True, riichi=True, dora_indicators="5m",
              rules=SANMA)
    assert e.value.code == "sanma_tile"
    score("123p456p789p11s999s", "9s", tsumo=True, riichi=True, dora_indicators="5m")


def test_rule_11_nukidora_count_as_ura_only_under_a_north_indicator():
    """docs/rules.md §11: set-aside Norths are dora of an indicator that points at North
    (3z): under the ura indicator 1p (ura 2p) the one North adds nothing, under 3z one."""
    base = dict(tsumo=True, riichi=True, nukidora=1, rules=SANMA)
    r = score("123p456p789p11s999s", "9s", ura_indicators="1p", **base)
    assert r.ura == 1                       # the 2p in the hand
    r = score("123p456p789p11s999s", "9s", ura_indicators="3z", **base)
    assert r.ura == 1                       # the North set aside


@pytest.mark.parametrize("n, code", [(5, "fifth_copy"), (-1, "negative_count")])
def test_rule_11_nukidora_out_of_range_names_the_problem(n, code):
    """docs/rules.md §11: 0 to 4 Norths can be set aside: five is a fifth copy, a negative
    count is refused as such (TileCountError, with the count in the message)."""
    with pytest.raises(TileCountError) as e:
        score("123p456p789p11s999s", "9s", tsumo=True, nukidora=n, rules=SANMA)
    assert e.value.code == code and f"nukidora={n}" in str(e.value)


@pytest.mark.parametrize("kw, code", [({"discarder": 2.0}, "bad_seat"), ({"pao": True}, "bad_seat"),
                                      ({"honba": 1.5}, "bad_counter"),
                                      ({"deposits": "1"}, "bad_counter"),
                                      ({"seat_wind": 1.0}, "bad_wind")])
def test_a_non_integer_argument_is_named_with_its_own_code(kw, code):
    """Seats, counters and winds must be integers: a float, bool or str is refused with
    the code of that argument (bad_seat, bad_counter, bad_wind) and its name."""
    from ippatsu.errors import IppatsuError
    with pytest.raises(IppatsuError) as e:
        score("123m456p789s234s55m", "4s", **kw)
    assert e.value.code == code and next(iter(kw)) in str(e.value)


def test_the_winning_tile_must_be_in_the_hand_and_the_message_names_it():
    """The hand includes the winning tile: a 9p win on a hand without 9p is refused
    (NotAgariError) naming the tile."""
    with pytest.raises(NotAgariError, match="winning tile 9p is not in the hand"):
        score("123m456p789s234s55m", "9p")


def test_rule_11_split_tsumo_honba_payments_are_integers():
    """docs/rules.md §11 sanma_tsumo="split": each payer of a tsumo pays 100 per honba plus
    half the missing North's 100 (150 each for one honba); payments stay integers."""
    r = score("123p456p789p11s999s", "9s", tsumo=True, riichi=True, honba=1,
              rules=Rules.ippatsu_sanma().replace(sanma_tsumo="split"), seat_wind=1)
    plain = score("123p456p789p11s999s", "9s", tsumo=True, riichi=True,
                  rules=Rules.ippatsu_sanma().replace(sanma_tsumo="split"), seat_wind=1)
    assert [a - b for a, b in zip(r.payments, plain.payments)] == [-150, 300, -150]
    assert all(type(x) is int for x in r.payments)


def test_rule_7_kiriage_rounds_only_4_han_30_fu_and_3_han_60_fu():
    """RULES §7 kiriage (option): 4 han 30 fu and 3 han 60 fu round up to mangan; other
    30 fu or 4 han cells do not (3 han 30 fu 3,900, 4 han 25 fu 6,400 for a non-dealer
    ron)."""
    from ippatsu.scoring import base_points
    k = Rules(kiriage=True)
    assert base_points(4, 30, rules=k) == (2000, "mangan")
    assert base_points(3, 60, rules=k) == (2000, "mangan")
    assert base_points(3, 30, rules=k) == (960, None)
    assert base_points(4, 25, rules=k) == (1600, None)
    assert base_points(2, 60, rules=k) == (960, None)
    # riichi + chiitoitsu + a red five: 4 han 25 fu, 6,400 (not a mangan's 8,000)
    r = score("1133m0577p22s4466z", "4z", riichi=True, discarder=2, seat_wind=1, rules=k)
    assert (r.han, r.fu, r.points) == (4, 25, 6400)
