"""Record formats replay must read as Tenhou writes them.

- an mjlog with ``<BYE>`` / ``<UN>`` before the first ``<INIT>`` (a player left, or came
  back, before the first hand);
- a tenhou.net/6 record's header states the game length (東 East-only / 南 half game),
  red fives and open tanyao in ``rule.disp`` / ``rule.aka``;
- a three-player record (mjlog, tenhou.net/6, mjai) raises a RecordError with code
  ``three_player`` and "three-player records are not supported (yet)", not a tile-count
  error.
"""
from __future__ import annotations

import json

import pytest

from conftest import shared_path
from ippatsu.errors import RecordError
from ippatsu.io import load_mjlog, load_tenhou6
from ippatsu.io.mjlog import Bye, Reconnect
from ippatsu.rules import GameLength, Rules
from ippatsu.table.mjai import replay_mjai
from ippatsu.table.replay import record_rules, replay_file, replay_game

THREE = "three-player records are not supported (yet)"


# --------------------------------------------------------------------------- BYE before INIT

def _bye_before_first_init(text: str) -> str:
    """A real game with seat 1 leaving and coming back before the first hand."""
    i = text.index("<INIT ")
    return text[:i] + '<BYE who="1" /><UN n1="%41%42" />' + text[i:]


def test_bye_and_un_before_the_first_init_load_and_replay(shared_data, tmp_path):
    """A player who left before the first hand: the ``<BYE>`` (and the reconnection's
    ``<UN>``) before the first ``<INIT>`` are kept as ``pre_events``; the players of the
    first ``<UN>`` stay; the game replays exactly."""
    src = shared_path("tenhou", "mjlog", "dnovikoff", "bye.xml")
    text = src.read_text(encoding="utf-8")
    plain = load_mjlog(text)
    path = tmp_path / "bye-before-init.xml"
    path.write_text(_bye_before_first_init(text), encoding="utf-8")
    g = load_mjlog(path)
    assert g.pre_events == (Bye(1), Reconnect(1, "AB"))
    assert g.players == plain.players and len(g.rounds) == len(plain.rounds)
    assert [r.events for r in g.rounds] == [r.events for r in plain.rounds]
    rep = replay_file(path)
    assert rep.ok and rep.exact == rep.hands > 0, rep.problems


def test_bye_before_init_inline():
    """The smallest such record: a header, a BYE, one hand cut short."""
    text = ('<mjloggm ver="2.3"><GO type="169"/><UN n0="%41" n1="%42" n2="%43" n3="%44" '
            'dan="0,0,0,0" rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
            '<BYE who="3"/><INIT seed="0,0,0,1,1,5" ten="250,250,250,250" oya="0" '
            'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,17,18,19,20,21,22,23,24,25,26" '
            'hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" '
            'hai3="40,41,42,43,44,45,46,47,48,49,50,51,53"/><T54/><D54/></mjloggm>')
    g = load_mjlog(text)
    assert g.pre_events == (Bye(3),) and g.players[3].name == "D"
    assert len(g.rounds) == 1 and not g.complete


# --------------------------------------------------------------------------- tenhou.net/6 header

def _tenhou6(disp, aka=None, **extra) -> list:
    rule = {"disp": disp}
    if aka is not None:
        rule["aka"] = aka
    rule.update(extra)
    return [type("R", (), {"meta": load_tenhou6_meta(rule)})()]


def load_tenhou6_meta(rule: dict):
    from ippatsu.io.tenhou6 import _meta

    return _meta({"rule": rule, "log": []})


@pytest.mark.parametrize("disp, aka, length, red, kuitan", [
    ("鳳東喰赤", 1, GameLength.EAST, True, True),
    ("般東喰赤速", 1, GameLength.EAST, True, True),
    ("鳳南喰赤", 1, GameLength.HALF, True, True),
    ("四上南喰赤", 1, GameLength.HALF, True, True),
    ("般南喰", 0, GameLength.HALF, False, True),
    ("上東", None, GameLength.EAST, False, False),  # no 赤, no 喰: the lobby name says
    ("特南赤", None, GameLength.HALF, True, False),
    ("Tenhou East", None, GameLength.EAST, True, True),   # not a Tenhou lobby name: only
    ("Gold Room South", 0, GameLength.HALF, False, True),  # length and aka are read
    ("", None, GameLength.HALF, True, True),  # silent header: the preset's values
])
def test_tenhou6_header_sets_length_red_fives_open_tanyao(disp, aka, length, red, kuitan):
    """A tenhou.net/6 record's ``rule`` states its lobby: 東 East-only / 南 half game,
    赤 (or ``aka``) red fives, 喰 open tanyao. Replay reads them into the rules."""
    r = record_rules(_tenhou6(disp, aka), Rules.tenhou())
    assert (r.game_length, r.red_fives, r.open_tanyao) == (length, red, kuitan)


def test_tenhou6_red_fives_per_suit():
    """``aka51`` / ``aka52`` / ``aka53`` (one red five per suit) as Tenhou's own export
    writes them; red fives in only some suits cannot be played by the engine."""
    on = record_rules(_tenhou6("鳳南喰赤", aka51=1, aka52=1, aka53=1), Rules.tenhou())
    off = record_rules(_tenhou6("般南喰", aka51=0, aka52=0, aka53=0), Rules.tenhou())
    assert on.red_fives and not off.red_fives
    with pytest.raises(RecordError) as ei:
        record_rules(_tenhou6("般南喰赤", aka51=1, aka52=0, aka53=1), Rules.tenhou())
    assert ei.value.code == "unsupported_rules"


def _east_game(disp: str) -> dict:
    """The first four hands of a real half game (E1-E4, no repeat, someone above 30,000
    after East 4) as one tenhou.net/6 record with the lobby name ``disp``."""
    path = shared_path("tenhou", "json", "mjx", "2011020401gm-00a9-0000-f6eff225.json")
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    kyoku = [d["log"][0] for d in lines[:4]]
    assert [k[0][0] for k in kyoku] == [0, 1, 2, 3]
    return {"title": ["", ""], "name": lines[0]["name"], "rule": {"disp": disp, "aka": 1},
            "log": kyoku}


def test_tenhou6_east_only_game_ends_after_east_4(shared_data, tmp_path):
    """An East-only room (東 in ``rule.disp``) ends after East 4 when someone has 30,000:
    replayed as an East game the record is complete where it ends; the same hands read as
    a half game (南) leave the engine wanting South 1."""
    east = tmp_path / "east.json"
    east.write_text(json.dumps(_east_game("鳳東喰赤"), ensure_ascii=False), encoding="utf-8")
    rep = replay_file(east)
    assert rep.ok and rep.complete and rep.end_ok and rep.exact == rep.hands == 4, rep.problems
    half = tmp_path / "half.json"
    half.write_text(json.dumps(_east_game("鳳南喰赤"), ensure_ascii=False), encoding="utf-8")
    rep = replay_file(half)
    assert rep.exact == rep.hands == 4 and not rep.complete


def test_tenhou6_date_from_ref_title_or_file_name(tmp_path):
    """The record's date (for the rules timeline): ``ref``, a date in the ``title``, or
    the file name."""
    import datetime as dt

    from ippatsu.io.tenhou6 import _meta

    assert _meta({"ref": "2009120312gm-0009-0000-0badf00d"}).date == dt.date(2009, 12, 3)
    assert _meta({"title": ["鳳凰卓", "2010/06/12"]}).date == dt.date(2010, 6, 12)
    assert _meta({}, source="2020051716gm-00a9-0000-7f8226dd.json").date == dt.date(2020, 5, 17)
    assert _meta({"title": ["", ""]}).date is None


# --------------------------------------------------------------------------- three players

def _check_three(ei) -> None:
    assert ei.value.code == "three_player" and THREE in str(ei.value)


def test_three_player_mjlog_shared(shared_data):
    """nonstandard/sanma2.xml is a three-player Phoenix game (``<GO type=185>``, bit 0x10):
    replay plays it with three seats (tests/test_replay_sanma.py)."""
    path = shared_path("tenhou", "mjlog", "nonstandard", "sanma2.xml")
    assert load_mjlog(path).three_player  # the loader still reads it, losslessly
    rep = replay_file(path)
    assert rep.ok and rep.exact == rep.hands == 6, rep.problems


def test_sanma_xml_is_a_four_player_game(shared_data):
    """nonstandard/sanma.xml, despite its name, deals four hands (``<GO type=2113>``, no
    0x10 bit): it is not refused, and replays exactly, including seat 2's closed kan of
    fives after riichi (red five in the kan, the drawn five declares it)."""
    path = shared_path("tenhou", "mjlog", "nonstandard", "sanma.xml")
    g = load_mjlog(path)
    assert not g.three_player and all(len(h) == 13 for h in g.rounds[0].hands)
    rep = replay_file(path)
    assert rep.ok and rep.exact == rep.hands == 1, rep.problems


# the dora indicator 1z (id 108): a three-player wall holds no 2m-8m (Wall.check)
SANMA_MJLOG = ('<mjloggm ver="2.3"><GO type="{type}" lobby="0"/>'
               '<UN n0="%41" n1="%42" n2="%43" n3="" dan="0,0,0,0" rate="1500,1500,1500,1500" '
               'sx="M,M,M,C"/><TAIKYOKU oya="0"/>'
               '<INIT seed="0,0,0,1,1,108" ten="350,350,350,0" oya="0" '
               'hai0="0,1,2,3,36,37,38,39,40,41,42,43,44" '
               'hai1="45,46,47,48,49,50,51,53,54,55,56,57,58" '
               'hai2="59,60,61,62,63,64,65,66,67,68,69,70,71" hai3=""/>'
               '<T72/><D72/></mjloggm>')


@pytest.mark.parametrize("lobby_type", [185, 9])  # with the 0x10 bit, and without it
def test_three_player_mjlog_inline(tmp_path, lobby_type):
    """A small three-player mjlog (three hands, the fourth seat empty with 0 points) is
    replayed with three seats whether or not its lobby bits say so: the record
    stops mid-hand, so the report is incomplete, without a problem."""
    path = tmp_path / "sanma-inline.xml"
    path.write_text(SANMA_MJLOG.format(type=lobby_type), encoding="utf-8")
    g = load_mjlog(path)
    assert g.rounds[0].hands[3] == ()
    for rep in (replay_file(path), replay_game(g.rounds)):
        assert rep.problems == [] and not rep.complete


def _sanma_kyoku() -> list:
    return [[0, 0, 0], [35000, 35000, 35000, 0], [15], [],
            [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [41], [41],
            [25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 37, 38], [42], [42],
            [39, 39, 39, 41, 41, 42, 43, 43, 44, 44, 45, 45, 46], [46], [46],
            [], [], [], ["流局", [0, 0, 0, 0]]]


@pytest.mark.parametrize("rule", [{"disp": "三鳳南喰赤", "aka": 1}, {"disp": "", "aka": 1}])
def test_three_player_tenhou6(tmp_path, rule):
    """A tenhou.net/6 three-player game (三 in the lobby name, or a fourth seat with no
    score and no hand) is refused by the loader with ``three_player``."""
    rec = {"title": ["", ""], "name": ["A", "B", "C", ""], "rule": rule, "log": [_sanma_kyoku()]}
    with pytest.raises(RecordError) as ei:
        load_tenhou6(rec)
    _check_three(ei)
    path = tmp_path / "sanma.json"
    path.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(RecordError) as ei:
        replay_file(path)
    _check_three(ei)


@pytest.mark.parametrize("events", [
    [{"type": "start_game", "names": ["A", "B", "C"]}],
    [{"type": "start_game"},
     {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
      "dora_marker": "1m", "scores": [35000, 35000, 35000],
      "tehais": [["1m"] * 13, ["2m"] * 13, ["3m"] * 13]}],
    [{"type": "start_game"}, {"type": "nukidora", "actor": 0, "pai": "N"}],
])
def test_three_player_mjai(events, tmp_path):
    """An mjai log of a three-player game (three names, three hands, a ``nukidora``) is
    read as three players (no ``three_player`` refusal; these scraps are
    otherwise broken: 13 copies of a kind, a nukidora before any hand)."""
    path = tmp_path / "sanma.mjson"
    path.write_text("\n".join(json.dumps(e) for e in events) + "\n", encoding="utf-8")
    for run in (lambda: replay_mjai(events), lambda: replay_file(path)):
        try:
            run()
        except RecordError as e:
            assert e.code != "three_player"
        except ValueError:
            pass


# --------------------------------------------------------------------------- mjai tsumogiri

def test_mjai_discard_after_a_call_is_not_tsumogiri_as_in_mjlog(shared_data):
    """An mjai log and its mjlog give the same Discard events: a discard after a call is
    never tsumogiri, even of the tile the seat drew on its previous turn."""
    import glob

    from ippatsu.convert import to_mjai
    from ippatsu.io.mjai import mjai_rounds
    from ippatsu.io.mjlog import Discard

    files = sorted(glob.glob(str(shared_path("tenhou", "mjlog", "mjx-edge") / "*.mjlog")))[:8]
    after_call = 0
    for f in files:
        g = load_mjlog(f)
        rounds, _, _ = mjai_rounds(to_mjai(f))
        for a, b in zip(g.rounds, rounds):
            da = [e.tsumogiri for e in a.events if isinstance(e, Discard)]
            db = [e.tsumogiri for e in b.events if isinstance(e, Discard)]
            assert da == db, f
            kinds = [type(e).__name__ for e in a.events]
            after_call += sum(1 for i, k in enumerate(kinds[1:], 1)
                              if k == "Discard" and kinds[i - 1] == "Call")
    assert after_call > 10
