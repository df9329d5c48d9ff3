"""score() takes every form the rest of the library takes: the waiting hand with its
winning tile apart (as the command line and analyze take it), winds written as letters,
names or honor notation, indicators as a list of notation strings. Each form scores as
its plain equivalent; a bad one is a named error."""
from __future__ import annotations

import pytest

import ippatsu
from ippatsu import IppatsuError, score
from ippatsu.tiles import parse_tiles

# (complete hand as written, winning tile, melds, keywords)
HANDS = [
    ("123m456p789s234s55m", "4s", (), dict(tsumo=True)),
    ("123m456p789s234s55m", "5m", (), dict(riichi=True)),
    ("234m406p678s3455s2s", "2s", (), dict(riichi=True, dora_indicators="1m")),
    ("11z123m456p456s", "6s", ("pon 777z",), dict()),
    ("22m345p678p", "2m", ("pon 555z", "chi 678s"), dict(tsumo=True)),
    ("19m19p19s1234567z1m", "1m", (), dict()),
    ("1133m5577p22s4466z", "4z", (), dict(tsumo=True)),
]


def _facts(r):
    return (r.han, r.fu, r.points, tuple(r.yaku_names), r.dora, r.red)


def _without_one(hand: str, win: str) -> str:
    """The hand's text with one copy of the winning tile's kind taken out."""
    ids = parse_tiles(hand)
    kind = parse_tiles(win)[0] >> 2
    drop = max(i for i in ids if i >> 2 == kind)
    from ippatsu.tiles import format_tiles

    return format_tiles([i for i in ids if i != drop])


@pytest.mark.parametrize("hand, win, melds, kw", HANDS)
def test_a_waiting_hand_and_its_winning_tile_score_as_the_complete_hand(hand, win, melds, kw):
    full = score(hand, win, melds=list(melds), **kw)
    waiting = _without_one(hand, win)
    assert _facts(score(waiting, win, melds=list(melds), **kw)) == _facts(full)
    ids = parse_tiles(waiting)
    assert _facts(score(ids, win, melds=list(melds), **kw)) == _facts(full)


def test_a_red_winning_tile_stays_red_and_an_ordinary_one_takes_an_ordinary_copy():
    red = score("123m456p789s234s5m", "0m", tsumo=True)
    plain = score("123m456p789s234s5m", "5m", tsumo=True)
    assert red.red == 1 and plain.red == 0
    assert score("123m456p789s234s0m", "5m", tsumo=True).red == 1


@pytest.mark.parametrize("written, wind", [("E", 0), ("s", 1), ("West", 2), ("4z", 3),
                                           ("north", 3), ("2", 2)])
def test_a_wind_written_as_a_letter_name_or_tile_is_that_wind(written, wind):
    hand, win = "123m456p789s234s55m", "4s"
    assert (_facts(score(hand, win, tsumo=True, seat_wind=written, round_wind=written))
            == _facts(score(hand, win, tsumo=True, seat_wind=wind, round_wind=wind)))
    a = ippatsu.analyze(hand, win_tile=win, seat_wind=written)
    assert a.seat_wind == wind


def test_indicators_as_a_list_of_notation_are_the_same_indicators():
    hand, win = "234m406p678s3455s2s", "2s"
    base = score(hand, win, riichi=True, dora_indicators="1m4z", ura_indicators="1s")
    for dora, ura in ((["1m", "4z"], ["1s"]), (["1m4z"], "1s"),
                      ([parse_tiles("1m")[0], "4z"], [parse_tiles("1s")[0]])):
        got = score(hand, win, riichi=True, dora_indicators=dora, ura_indicators=ura)
        assert _facts(got) == _facts(base) and got.ura == base.ura


@pytest.mark.parametrize("args, kw, code, words", [
    (("123m456p789s234s5m", "5m"), dict(seat_wind="X"), "bad_wind", "E, S, W, N"),
    (("123m456p789s5555m", "5m"), dict(), "fifth_copy", "5m"),
    (("123m456p789s234s0m", "0m"), dict(), "bad_hand_size", "0m"),
    ((list(range(12)) + [100], 100), dict(), "bad_hand_size", "already"),
    (("123m456p789s234s55m", "4s"), dict(dora_indicators=["4x"]), None, "4x"),
])
def test_bad_forms_are_named(args, kw, code, words):
    with pytest.raises(IppatsuError) as e:
        score(*args, **kw)
    assert code is None or e.value.code == code, e.value
    assert words in str(e.value)
