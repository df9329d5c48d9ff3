"""What score() says: the decomposition's block names, and the error messages that
name the problem (RULES §1-§5 for what is wrong).
"""
from __future__ import annotations

import pytest
from ippatsu.errors import HandSizeError, NotAgariError, SituationError, TileCountError
from ippatsu.scoring import score


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

