"""Regression tests for hostile inputs: every entry point refuses bad input with an
IppatsuError (a ValueError) carrying a stable code, never a silently wrong answer or a
foreign exception type. Runs on whichever backend is active (the suite runs twice)."""
from __future__ import annotations

import gzip
import io
import json
import math
from contextlib import redirect_stderr, redirect_stdout

import numpy as np
import pytest

import ippatsu
from ippatsu import scoring_batch
from ippatsu.errors import (IppatsuError, MeldError, NotationError, RecordError,
                            SituationError, TileCountError)
from ippatsu.hand import Hand, Meld
from ippatsu.io import load_mjlog, load_tenhou6
from ippatsu.tiles import parse_counts

HAND = "123m456p789s555z11z"
THIRTEEN = [1] * 13 + [0] * 21


def code_of(fn, *a, **kw):
    with pytest.raises(IppatsuError) as ei:
        fn(*a, **kw)
    assert isinstance(ei.value, ValueError)
    assert str(ei.value)
    return ei.value.code


# ------------------------------------------------------------- silently wrong answers
@pytest.mark.parametrize("bad", [1.5, 1.0, True, np.float64(1.0), "1", None, np.bool_(True)])
def test_non_integer_counts_are_refused(bad):
    hand = [bad] + [1] * 12 + [0] * 21
    assert code_of(ippatsu.shanten, hand) == "bad_count"
    assert code_of(ippatsu.shanten, tuple(hand)) == "bad_count"
    assert code_of(ippatsu.waits, hand) == "bad_count"
    assert code_of(ippatsu.decompositions, [bad] + [0] * 33) == "bad_count"


def test_numpy_integer_counts_still_work():
    assert ippatsu.shanten(np.array(THIRTEEN, np.int64)) == ippatsu.shanten(THIRTEEN)
    assert ippatsu.shanten([np.int32(x) for x in THIRTEEN]) == ippatsu.shanten(THIRTEEN)


def test_decompositions_of_a_string_count():
    assert code_of(ippatsu.decompositions, ["2"] + [0] * 33) == "bad_count"


def test_float_and_bool_arrays_are_refused_by_batches():
    a = np.array([THIRTEEN], np.float64)
    assert code_of(ippatsu.shanten_batch, a) == "bad_dtype"
    assert code_of(ippatsu.shanten_batch, a.astype(bool)) == "bad_dtype"
    assert code_of(ippatsu.shanten, np.array(THIRTEEN, np.float64)) == "bad_count"


@pytest.mark.parametrize("ind", [[-1], [136], [10 ** 30], [1.5], [True], [None], "x"])
def test_bad_dora_indicator_ids(ind):
    with pytest.raises(NotationError):
        ippatsu.score(HAND, "1z", dora_indicators=ind)
    with pytest.raises(NotationError):
        ippatsu.score(HAND, "1z", riichi=True, ura_indicators=ind)


def test_minus_one_is_not_read_as_7z():
    assert code_of(ippatsu.score, HAND, "1z", dora_indicators=[-1]) == "bad_tile_id"


def test_fifth_copy_through_indicators():
    assert code_of(ippatsu.score, HAND, "1z", dora_indicators="7z7z7z7z",
                   ura_indicators="7z", riichi=True) == "fifth_copy"
    ids = [0, 4, 8, 48, 52, 56, 96, 100, 104, 124, 125, 126, 108, 109]  # 555z 11z
    assert code_of(ippatsu.score, ids, 108, dora_indicators=[127, 127, 127, 127],
                   ura_indicators=[127], riichi=True) == "fifth_copy"
    # four copies between hand and indicators are fine (notation takes free copies)
    r = ippatsu.score(HAND, "1z", dora_indicators="2m2m2m")
    assert r.dora == 3


HAND_IDS = [0, 4, 8, 48, 52, 56, 96, 100, 104, 124, 125, 126, 108, 109]  # HAND as ids


@pytest.mark.parametrize("args, kw", [
    ((HAND_IDS, 109), {"dora_indicators": [HAND_IDS[0]]}),            # a concealed tile
    ((HAND_IDS, 109), {"dora_indicators": [109]}),                    # the winning tile
    ((HAND_IDS, 109), {"dora_indicators": [2], "ura_indicators": [52], "riichi": True}),
    ((HAND_IDS, 109), {"dora_indicators": [2, 2]}),                   # two indicators
    ((HAND_IDS, 109), {"dora_indicators": [2], "ura_indicators": [2], "riichi": True}),
    ((HAND_IDS, 109), {"dora_indicators": ["4m", 2, 2]}),              # mixed forms
    ((Hand(HAND_IDS), 109), {"dora_indicators": [HAND_IDS[5]]}),      # a Hand's ids
    ((HAND_IDS[:-1], 109), {"dora_indicators": [109]}),               # win tile apart
    (("123m456p789s11z", "1z"), {"melds": [("pon", [124, 125, 126])],  # a meld by id
                                 "dora_indicators": [125]}),
    (("123m406p789s555z11z", "1z"), {"dora_indicators": [52]}),       # the one red 5p
])
def test_an_indicator_id_cannot_also_be_in_the_hand(args, kw):
    """One physical tile is in one place: an indicator given as a 136-id that the hand
    (its ids, a meld given by ids, the red five) or another indicator holds is
    ``duplicate_id``, on the compiled road and the general path alike."""
    assert code_of(ippatsu.score, *args, **kw) == "duplicate_id"


def test_indicator_ids_beside_free_copies_still_score():
    """Notation names kinds, not copies: an indicator id may be a copy that notation
    would have taken (the hand takes another), and a meld written as text likewise."""
    base = ippatsu.score(HAND, "1z", dora_indicators="1m")
    for kw in ({"dora_indicators": [0]}, {"dora_indicators": [1]}):
        r = ippatsu.score(HAND, "1z", **kw)
        assert (r.han, r.dora, r.points) == (base.han, base.dora, base.points)
    r = ippatsu.score("123m456p789s11z", "1z", melds=["pon 555z"], dora_indicators=[124])
    assert r.dora == 0
    # the same ids apart: a copy the hand does not hold
    r = ippatsu.score(HAND_IDS, 109, dora_indicators=[1], ura_indicators=[2], riichi=True)
    assert (r.dora, r.ura) == (1, 1)


def test_rinshan_needs_a_kan_and_a_tsumo():
    with pytest.raises(SituationError, match="no kan"):
        ippatsu.score(HAND, "1z", tsumo=True, rinshan=True)
    with pytest.raises(SituationError, match="ron"):
        ippatsu.score("123m456p234s55m", "4s", melds=["ankan 1111z"], rinshan=True)
    r = ippatsu.score("123m456p234s55m", "4s", melds=["ankan 1111z"], tsumo=True,
                      rinshan=True)
    assert "rinshan" in r.yaku_names


def test_tenhou_after_a_closed_kan_is_void():
    # RULES.md 4: any kan before the win voids tenhou / chiihou
    for kw in ({"tenhou": True}, {"chiihou": True, "seat_wind": 1}):
        r = ippatsu.score("234456m66p123s", "1s", melds=["ankan 4444s"], tsumo=True,
                          rinshan=True, **kw)
        assert (r.han, r.fu) == (2, 40)
        assert sorted(r.yaku_names) == ["menzen_tsumo", "rinshan"]


@pytest.mark.parametrize("kw,text", [
    ({"riichi": True, "melds": ["pon 555z"]}, "open hand"),
    ({"ippatsu": True}, "ippatsu without riichi"),
    ({"haitei": True}, "haitei on a ron"),
    ({"houtei": True, "tsumo": True}, "houtei on a tsumo"),
    ({"chankan": True, "tsumo": True}, "chankan on a tsumo"),
    ({"chankan": True, "houtei": True}, "chankan and houtei"),
    ({"tenhou": True, "tsumo": True, "seat_wind": 1}, "non-dealer"),
    ({"chiihou": True, "tsumo": True, "seat_wind": 0}, "for the dealer"),
    ({"tenhou": True, "chiihou": True, "tsumo": True}, "together"),
    ({"tenhou": True}, "tenhou on a ron"),
    ({"tenhou": True, "tsumo": True, "riichi": True}, "riichi"),
])
def test_impossible_situations_raise(kw, text):
    kw = dict(kw)
    hand = "123m456p789s11z" if "melds" in kw else HAND
    with pytest.raises(SituationError, match=text) as ei:
        ippatsu.score(hand, "1z", **kw)
    assert ei.value.code == "bad_situation"


def _batch_row(hand="123m456p789s555z11z"):
    return np.array([parse_counts(hand)], np.uint8)


def test_score_batch_refuses_wrapping_and_truncation():
    c = _batch_row()
    none = [[-1, 0]] * 4
    assert code_of(scoring_batch.score_batch, c, [27], melds=[[[257, 31]] + none[:3]]) == "bad_input"
    assert code_of(scoring_batch.score_batch, c, [27], melds=[[[1, 34 + 256]] + none[:3]]) == "bad_input"
    assert code_of(scoring_batch.score_batch, c, [27], melds=np.zeros((1, 4, 2)) + 0.5) == "bad_dtype"
    assert code_of(scoring_batch.score_batch, c, [27], flags=[2 ** 33 + 1]) == "bad_input"
    unknown = 1 << max(scoring_batch.FLAGS.values()).bit_length()  # the first bit no flag uses
    assert code_of(scoring_batch.score_batch, c, [27], flags=[unknown]) == "bad_input"
    assert code_of(scoring_batch.score_batch, c, [27], flags=[-1]) == "bad_input"
    assert code_of(scoring_batch.score_batch, c, [27], dora_indicators=[[np.nan]]) == "bad_dtype"
    assert code_of(scoring_batch.score_batch, c, [27], dora_indicators=[[1.0]]) == "bad_dtype"
    assert code_of(scoring_batch.score_batch, c, [27], dora_indicators=[[34]]) == "bad_input"
    assert code_of(scoring_batch.score_batch, c, [27.0]) == "bad_dtype"
    assert code_of(scoring_batch.score_batch, c, [27 + 256]) == "bad_input"
    assert code_of(scoring_batch.score_batch, c, [27], seat_wind=4 + 256) == "bad_input"
    assert code_of(scoring_batch.score_batch, c, [27], red=1.0) == "bad_dtype"
    assert code_of(scoring_batch.score_batch, c.astype(np.float64), [27]) == "bad_dtype"
    assert code_of(scoring_batch.score_batch, c, [27], rules="nope") == "bad_rules"
    for t in ("a", 2.5, 0, 2 ** 40, True):
        assert code_of(scoring_batch.score_batch, c, [27], threads=t) == "bad_threads"


def test_score_batch_five_copies_of_an_indicator():
    c = _batch_row()
    assert code_of(scoring_batch.score_batch, c, [27], dora_indicators=[[31, 31]]) == "fifth_copy"
    assert code_of(scoring_batch.score_batch, c, [27], dora_indicators=[[31]], riichi=True,
                   ura_indicators=[[31]]) == "fifth_copy"
    r = scoring_batch.score_batch(c, [27], dora_indicators=[[32, 32, 31]])  # 6z twice, 5z once: fine
    assert r.code[0] == scoring_batch.OK


def test_score_batch_situation_is_a_row_error():
    c = np.repeat(_batch_row(), 3, axis=0)
    flags = [scoring_batch.TSUMO, scoring_batch.TSUMO, scoring_batch.TSUMO | scoring_batch.RINSHAN]
    with pytest.raises(SituationError, match="row 2") as ei:
        scoring_batch.score_batch(c, [27] * 3, flags=flags)
    assert ei.value.code == "bad_situation"
    with pytest.raises(SituationError, match="row 0"):
        scoring_batch.score_batch(c[:1], [27], flags=[scoring_batch.IPPATSU])


def test_score_batch_accepts_preset_names():
    r = scoring_batch.score_batch(_batch_row(), [27], rules="tenhou")
    assert r.code[0] == scoring_batch.OK


def test_ukeire_visible_beside_the_hand():
    assert code_of(ippatsu.ukeire, "1111m234p567p789s", visible=[1] + [0] * 33) == "fifth_copy"
    assert code_of(ippatsu.ukeire, "123m456p789s1122z", visible=[1.0] + [0] * 33) == "bad_count"
    assert code_of(ippatsu.ukeire, "123m456p789s1122z", visible="1m") == "bad_count"
    vis = np.full((1, 34), 200, np.uint8)
    assert code_of(ippatsu.ukeire_batch, [THIRTEEN], visible=vis) == "fifth_copy"
    vis = np.zeros((1, 34), np.uint8)
    vis[0, 0] = 4
    assert code_of(ippatsu.ukeire_batch, [THIRTEEN], visible=vis) == "fifth_copy"


# ------------------------------------------------------------ wrong exception types
def test_meld_text_without_tiles():
    assert code_of(Hand.parse, "1m [pon <A]") in ("bad_meld_text",)
    assert code_of(Meld.parse, "pon <A") == "bad_meld_text"
    assert isinstance(pytest.raises(MeldError, ippatsu.score, "123m456p789s11z", "1z",
                                    melds=["pon <A"]).value, MeldError)


def test_win_tile_out_of_range():
    for w in (500, -1, 136, 1.5, True):
        assert code_of(ippatsu.score, HAND, w) == "bad_tile_id"


def test_rules_by_preset_name():
    assert ippatsu.score(HAND, "1z", rules="tenhou").han == 1
    assert ippatsu.score(HAND, "1z", rules="MAJSOUL").han == 1
    assert code_of(ippatsu.score, HAND, "1z", rules="nope") == "bad_rules"
    assert code_of(ippatsu.score, HAND, "1z", rules=3) == "bad_rules"
    assert code_of(ippatsu.Rules.preset, "nope") == "bad_rules"


@pytest.mark.parametrize("threads", [2 ** 40, "a", 2.5, 0, -1, True, [2]])
def test_bad_threads(threads):
    a = np.array([THIRTEEN], np.uint8)
    for fn in (ippatsu.shanten_batch, ippatsu.is_agari_batch, ippatsu.shanten_forms_batch):
        assert code_of(fn, a, threads=threads) == "bad_threads"


@pytest.mark.parametrize("seat", [4, -1, 1.0, "x", "5", "", True, None])
def test_bad_winds(seat):
    assert code_of(ippatsu.score, HAND, "1z", seat_wind=seat) == "bad_wind"
    assert code_of(ippatsu.score, HAND, "1z", round_wind=seat) == "bad_wind"


def test_bad_counters():
    assert code_of(ippatsu.score, HAND, "1z", honba="1") == "bad_counter"
    assert code_of(ippatsu.score, HAND, "1z", deposits=1.5) == "bad_counter"


def test_shanten_form_min_equals_none():
    assert ippatsu.shanten("11m", form="min") == ippatsu.shanten("11m") == -1
    assert code_of(ippatsu.shanten, "11m", form=["min"]) == "bad_form"
    assert code_of(ippatsu.shanten_batch, [THIRTEEN], form=["min"]) == "bad_form"


def test_hand_of_the_wrong_type():
    assert code_of(ippatsu.shanten, 5) == "bad_hand_type"
    assert code_of(ippatsu.shanten, object()) == "bad_hand_type"


# -------------------------------------------------------------------------- records
def _mjlog_text():
    return ('<mjloggm ver="2.3"><GO type="9" lobby="0"/>'
            '<INIT seed="0,0,0,0,0,52" ten="250,250,250,250" oya="0" '
            'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
            'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
            'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/><T60/><D60/></mjloggm>')


def test_mjlog_good_text_loads():
    g = load_mjlog(_mjlog_text())
    assert len(g.rounds) == 1 and not g.complete


@pytest.mark.parametrize("data,what", [
    (b"", "well-formed"),
    (b"hello", "well-formed"),
    (b"\x1f\x8b\x08\x00garbage", "gzip"),
    (b"\xff\xfe<mjloggm>", "well-formed"),
    (b"<x/>", "root tag"),
    (b"<mjloggm>" + b"<a>" * 100000, "well-formed"),
])
def test_mjlog_bad_bytes_and_files(tmp_path, data, what):
    with pytest.raises(RecordError, match=what) as ei:
        load_mjlog(data)
    assert ei.value.code == "bad_log"
    p = tmp_path / "bad.mjlog"
    p.write_bytes(data)
    with pytest.raises(RecordError) as ei:
        load_mjlog(p)
    assert str(p) in str(ei.value) and ei.value.path == str(p)


def test_mjlog_missing_file(tmp_path):
    with pytest.raises(RecordError, match="missing.mjlog"):
        load_mjlog(tmp_path / "missing.mjlog")


def test_mjlog_bad_element_names_its_position(tmp_path):
    text = _mjlog_text().replace("<T60/>", '<N who="9" m="1"/>')
    p = tmp_path / "x.mjlog"
    p.write_text(text)
    with pytest.raises(RecordError, match=r"x\.mjlog \(element 3\)"):
        load_mjlog(p)


def test_size_limit_and_gzip_bomb(tmp_path):
    big = _mjlog_text().replace("<T60/><D60/>", "<T60/><D60/>" * 20000).encode()
    with pytest.raises(RecordError) as ei:
        load_mjlog(big, max_bytes=100_000)
    assert ei.value.code == "record_too_large"
    bomb = gzip.compress(big)
    assert len(bomb) < 20_000
    p = tmp_path / "bomb.mjlog"
    p.write_bytes(bomb)
    with pytest.raises(RecordError, match="bomb.mjlog") as ei:
        load_mjlog(p, max_bytes=100_000)
    assert ei.value.code == "record_too_large"
    # a gzip whose trailer lies about its size is still stopped by the stream limit
    lying = bomb[:-4] + (10).to_bytes(4, "little")
    with pytest.raises(RecordError) as ei:
        load_mjlog(lying, max_bytes=100_000)
    assert ei.value.code in ("record_too_large", "bad_log")
    assert len(load_mjlog(big).rounds) == 1  # within the default limit: streamed


@pytest.mark.parametrize("doc", [
    '{"log": 1}', '{"log": [1]}', '{"log": [[1, 2, 3]]}', '{"title": 5, "log": [[]]}',
    '{"log": [[[0, 0, 0], [1, 2, 3, 4], [], [], [], [], [], [], [], [], [], [], [], [], '
    '[], [], []]]}', "[1, 2", "{", '"log"', "{}", "[]", "null", '{"log": [[' * 3000,
])
def test_tenhou6_wrong_json_types(tmp_path, doc):
    with pytest.raises(RecordError):
        load_tenhou6(doc if doc.lstrip().startswith(("{", "[")) else doc.encode())
    p = tmp_path / "bad.json"
    p.write_text(doc)
    with pytest.raises(RecordError, match="bad.json"):
        load_tenhou6(p)


def test_tenhou6_non_utf8_and_gzip(tmp_path):
    p = tmp_path / "bad.json"
    p.write_bytes(b'\xff\xfe{"log": []}')
    with pytest.raises(RecordError, match="UTF-8"):
        load_tenhou6(p)
    p.write_bytes(b"\x1f\x8b\x08\x00garbage")
    with pytest.raises(RecordError, match="gzip"):
        load_tenhou6(p)
    p.write_bytes(b"")
    with pytest.raises(RecordError, match="empty"):
        load_tenhou6(p)


def test_mjai_missing_type(tmp_path):
    from ippatsu.table.replay import replay_file

    p = tmp_path / "x.mjson"
    p.write_text(json.dumps({"foo": 1}) + "\n")
    with pytest.raises(RecordError, match="x.mjson"):
        replay_file(str(p))


def test_replay_cli_reports_every_bad_file(tmp_path):
    from ippatsu.cli import main

    files = {"empty.mjlog": b"", "notxml.mjlog": b"hello", "bad.mjlog": b"\x1f\x8bxx",
             "bad.json": b"\xff\xfe", "types.json": b'{"log": [[1, 2, 3]]}',
             "nomjai.mjson": b'{"foo": 1}\n'}
    for n, d in files.items():
        (tmp_path / n).write_bytes(d)
    paths = [str(tmp_path / n) for n in files] + [str(tmp_path / "missing.mjlog")]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = main(["replay", *paths])
    assert rc == 1
    text = out.getvalue() + err.getvalue()
    assert "Traceback" not in text
    for p in paths:
        assert f"{p}: cannot load" in text
    assert "7 could not be loaded" in text


def test_replay_cli_bad_rules(tmp_path):
    from ippatsu.cli import main

    (tmp_path / "e.mjlog").write_bytes(b"")
    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        rc = main(["replay", "--rules", "nope", str(tmp_path / "e.mjlog")])
    assert rc == 2 and "nope" in err.getvalue()


def test_nan_is_not_an_integer_anywhere():
    nan = math.nan
    assert code_of(ippatsu.score, HAND, nan) == "bad_tile_id"
    assert code_of(ippatsu.shanten, [nan] + [0] * 33) == "bad_count"
    with pytest.raises(NotationError):
        ippatsu.score(HAND, "1z", dora_indicators=[nan])
    with pytest.raises(TileCountError):
        ippatsu.ukeire("1111m234p567p789s", visible=[4] + [0] * 33)
