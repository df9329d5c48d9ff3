"""One loader for every record format: ``ippatsu.io.load_record`` tells mjlog (plain or
gzip), tenhou.net/6 JSON and mjai JSON lines apart by their content, whatever the file is
called, and gives the same rounds as the format's own loader; input that is none of them
raises ``unknown_record``, a broken record of a known format its format's code. Replay and
positions read records through it."""
from __future__ import annotations

import gzip
import json

import pytest

from conftest import shared_path
from ippatsu.errors import RecordError
from ippatsu.io import events as io_events
from ippatsu.io import detect_format, load_mjai, load_mjlog, load_record, load_tenhou6, mjai_rounds
from ippatsu.rules import Rules
from ippatsu.study._position import Position, cut_record
from ippatsu.table.agents import GreedyAgent, RandomAgent
from ippatsu.table.mjai import to_json_lines
from ippatsu.table.replay import replay_file

EVENT_TYPES = tuple(getattr(io_events, n) for n in io_events.__all__
                    if isinstance(getattr(io_events, n), type)
                    and n not in ("Owari",))


@pytest.fixture(scope="module")
def mjai_text() -> str:
    """An mjai log of a whole game the engine played (no shared data needed)."""
    from ippatsu.sim import play

    res = play(1, [GreedyAgent(), RandomAgent(), GreedyAgent(), RandomAgent()], Rules.tenhou())
    return "\n".join(to_json_lines(res["events"])) + "\n"


def _samples(mjai_text):
    """(format, the file's bytes, the rounds of the format's own loader) for each format."""
    mjlog = shared_path("tenhou", "mjlog", "mjx", "2010081709gm-00a9-0000-fe3371ad.mjlog")
    gz = shared_path("tenhou", "mjlog", "gimite", "test.mjlog")
    t6 = shared_path("tenhou", "json", "mjx", "2010081709gm-00a9-0000-fe3371ad.json")
    assert gz.read_bytes()[:2] == b"\x1f\x8b"  # the gzip sample is compressed
    return [
        ("mjlog", mjlog.read_bytes(), load_mjlog(mjlog).rounds),
        ("mjlog", gz.read_bytes(), load_mjlog(gz).rounds),
        ("tenhou6", t6.read_bytes(), load_tenhou6(t6, strict=False)),
        ("mjai", mjai_text.encode(), mjai_rounds(load_mjai(mjai_text))[0]),
    ]


def _same_rounds(a, b):
    assert len(a) == len(b) > 0
    for x, y in zip(a, b):
        assert (x.kyoku, x.honba, x.deposits, tuple(x.scores)) == \
               (y.kyoku, y.honba, y.deposits, tuple(y.scores))
        assert list(x.events) == list(y.events)


def test_format_is_told_by_content_not_file_name(shared_data, tmp_path, mjai_text):
    """Each format under every misleading name, plain and gzip-compressed, as a path and
    as bytes: the format detected and the rounds of the format's own loader."""
    names = ("game.mjlog", "game.json", "game.mjson", "game.txt", "game")
    for i, (fmt, data, rounds) in enumerate(_samples(mjai_text)):
        for j, name in enumerate(names):
            gz = data[:2] == b"\x1f\x8b"
            for packed in ((data,) if gz else (data, gzip.compress(data))):
                p = tmp_path / f"{i}-{j}-{len(packed)}-{name}"
                p.write_bytes(packed)
                rec = load_record(p)
                assert (rec.format, detect_format(p)) == (fmt, fmt), (p, rec.format)
                assert rec.name == p.name
                _same_rounds(rec.rounds, rounds)
            rec = load_record(packed)
            assert rec.format == fmt and rec.name is None
            _same_rounds(rec.rounds, rounds)
        if data[:2] != b"\x1f\x8b":
            rec = load_record(data.decode("utf-8"))  # the text itself
            assert rec.format == fmt
            _same_rounds(rec.rounds, rounds)


def test_every_format_speaks_the_event_types_of_io_events(shared_data, mjai_text):
    seen = {}
    for fmt, data, _ in _samples(mjai_text):
        for rnd in load_record(data).rounds:
            for e in rnd.events:
                assert isinstance(e, EVENT_TYPES), (fmt, e)
                assert type(e).__module__ == "ippatsu.io.events"
                seen.setdefault(fmt, set()).add(type(e).__name__)
    # every format reached draws, discards, calls and a result
    for fmt in ("mjlog", "tenhou6", "mjai"):
        assert {"Draw", "Discard", "Call"} <= seen[fmt], (fmt, seen[fmt])
        assert seen[fmt] & {"Agari", "Ryuukyoku"}, fmt


def test_record_states_end_and_final_scores(shared_data, mjai_text):
    """An mjlog and an mjai log mark the end and the final scores; tenhou.net/6 does not
    say (complete None) when its hands are whole."""
    by = {}
    for fmt, data, _ in _samples(mjai_text):
        by.setdefault(fmt, load_record(data))
    path = shared_path("tenhou", "mjlog", "mjx", "2010081709gm-00a9-0000-fe3371ad.mjlog")
    g = load_mjlog(path)
    assert load_record(path).game == g  # the header too: the name and log id of the file
    assert by["mjlog"].game.rounds == g.rounds and by["mjlog"].complete is True
    assert by["mjlog"].final_scores == g.final.scores
    assert by["tenhou6"].complete is None and by["tenhou6"].game is None
    assert by["mjai"].complete is True and len(by["mjai"].final_scores) == 4
    # a record cut short: the mjai log without its last line, an mjlog without owari
    cut = load_record("\n".join(mjai_text.splitlines()[:-3]))
    assert cut.complete is False


@pytest.mark.parametrize("data, why", [
    (b"", "empty"),
    (b"  \n\t", "empty"),
    (b"hello", "starts with"),
    (b"\x00\x01\x02", "starts with"),
    (b"\xff\xfe<\x00", "starts with"),
    (b"[1, 2, 3]", "starts with"),
    (b'{"foo": 1}\n', "neither"),
    (b'{"type": 5}\n', "neither"),
    (gzip.compress(b"plain words"), "starts with"),
])
def test_input_of_no_format_is_unknown_record(tmp_path, data, why):
    p = tmp_path / "x.mjlog"
    p.write_bytes(data)
    for src in (p, data):
        with pytest.raises(RecordError, match=why) as e:
            load_record(src)
        assert e.value.code == "unknown_record"
    with pytest.raises(RecordError, match="x.mjlog") as e:
        replay_file(p)
    assert e.value.code == "unknown_record" and e.value.path == str(p)


@pytest.mark.parametrize("data, code", [
    (b"\x1f\x8b\x08\x00garbage", "bad_log"),  # corrupt gzip
    (b"<mjloggm><T0/></mjloggm>", "bad_log"),  # a draw before the first hand
    (b"<mjloggm", "bad_log"),  # XML cut off
    (b'{"log": 5}', "bad_log"),
    (b'{"title": ["", ""],\n "log": [[1, 2, 3]]}', "bad_log"),  # pretty-printed tenhou.net/6
    (b'{"type": "start_kyoku"}\n{"type": "dahai", "actor": 9, "pai": "1m"}\n', "bad_log"),
])
def test_broken_record_of_a_known_format_keeps_its_code(tmp_path, data, code):
    p = tmp_path / "x.json"
    p.write_bytes(data)
    for src in (p, data):
        with pytest.raises(RecordError) as e:
            load_record(src)
        assert e.value.code == code, e.value


def test_missing_file_and_size_limit(tmp_path, mjai_text):
    with pytest.raises(RecordError) as e:
        load_record(tmp_path / "missing.mjlog")
    assert e.value.code == "bad_log" and "missing.mjlog" in str(e.value)
    p = tmp_path / "big.txt"
    p.write_bytes(gzip.compress(mjai_text.encode()))
    with pytest.raises(RecordError) as e:
        load_record(p, max_bytes=len(mjai_text) // 2)
    assert e.value.code == "record_too_large"
    assert load_record(p, max_bytes=len(mjai_text)).format == "mjai"


def test_replay_and_positions_read_through_load_record(shared_data, tmp_path, mjai_text):
    """replay_file and cut_record take any format under any name: an mjai log saved as
    ``.json`` replays exactly, and the same cut from a path, the bytes and the text."""
    p = tmp_path / "engine-game.json"
    p.write_text(mjai_text, encoding="utf-8")
    rep = replay_file(p)
    assert rep.ok and rep.exact == rep.hands > 0, rep.problems
    a = cut_record(p, hand_index=0, turn=4)
    assert cut_record(mjai_text.encode(), hand_index=0, turn=4).position == a.position
    assert Position.from_record(mjai_text, hand_index=0, turn=4) == a.position
    mjlog = shared_path("tenhou", "mjlog", "gimite", "test.mjlog")
    q = tmp_path / "renamed.json"
    q.write_bytes(mjlog.read_bytes())
    assert cut_record(q, hand_index=0, turn=2).position == \
           cut_record(mjlog, hand_index=0, turn=2).position
    assert replay_file(q).hands == replay_file(mjlog).hands > 0
