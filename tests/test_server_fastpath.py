"""The server's fast path (``_Front`` answers the POST JSON endpoints itself) answers
exactly as FastAPI does: same status, bytes and headers, for good and bad bodies on every
endpoint and for raw bodies that JSON parsers read differently (docs/server.md, Speed)."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
from starlette.testclient import TestClient  # noqa: E402

import ippatsu  # noqa: E402
import ippatsu.yaku  # noqa: E402
from ippatsu.server import _app, create_app  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from bench_server import _analyze_hands, _winning_hands  # noqa: E402

PATHS = ("/v1/score", "/v1/analyze", "/v1/shanten", "/v1/waits", "/v1/ukeire",
         "/v1/batch/shanten", "/v1/batch/waits", "/v1/batch/ukeire")
GOOD = "234m567p345s55p678s"
BAD = [{"hand": "123m"}, {"hand": 5}, {"hand": GOOD, "riichi": 1}, {"hand": GOOD, "x": 1},
       {"hand": "123m456p789s1122z"}, {"hand": GOOD, "rules": "nope"},
       {"hand": GOOD, "rules": {"preset": "tenhou", "overrides": {"kiriage": 1}}},
       {"hand": GOOD, "melds": [["pon"]]}, {"hand": GOOD, "melds": [["pon", 5]]}, [], "x",
       None, {"hand": "11112222333344m"}, {"hand": GOOD, "seat_wind": 7},
       {"hand": GOOD, "seat_wind": 1.0}, {"hand": list(range(14))},
       {"hands": ["123m", "123m456p789s1122z"]}, {"hands": ["5555m"]},
       {"hand": "123m456p789s1z", "visible": [0] * 33},
       {"hand": "11m123p456p789p78s", "rules": "tenhou_sanma", "nukidora": 9}]
RAW = [(b'{"hand": "%s", "riichi": NaN}' % GOOD.encode(), "application/json"),
       (b'{"hand": "%s"}' % GOOD.encode(), "application/json; charset=utf-8"),
       (b'{"hand": "%s", "riichi": true}' % GOOD.encode(), "text/plain"),
       (b'{"hand": "%s", "riichi": true, "riichi": false}' % GOOD.encode(), "application/json"),
       (b"", "application/json"), (b"[" * 10000, "application/json"),
       (b'\xef\xbb\xbf{"hand": "%s", "riichi": true}' % GOOD.encode(), "application/json"),
       (b'{"hand": "234m567p\\ud800345s55p678s", "riichi": true}', "application/json"),
       (b'{"hand": "%s", "riichi": true} x' % GOOD.encode(), "application/json"),
       (b'{"hand": "%s\xff", "riichi": true}' % GOOD.encode(), "application/json"),
       (b'{"hand": "%s", "honba": 99999999999999999999999}' % GOOD.encode(), "application/json"),
       (json.dumps({"hand": GOOD, "riichi": True}).encode("utf-16"), "application/json")]


@pytest.fixture(scope="module")
def clients():
    fast, slow = create_app(), create_app(fast_path=False)
    with TestClient(fast) as f, TestClient(slow) as s:
        yield f, s


def _same(clients, path, data, ctype="application/json"):
    a, b = (c.post(path, content=data, headers={"content-type": ctype}) for c in clients)
    assert (a.status_code, a.content, sorted(a.headers.items())) == \
        (b.status_code, b.content, sorted(b.headers.items())), (path, data[:80])
    return a


def test_fast_path_is_on_by_default():
    """The fast path is what serves: the default app's front door holds the endpoints."""
    app = create_app()
    front = [m for m in app.user_middleware if m.cls is _app._Front]
    assert front and set(front[0].kwargs["fast"]) == set(PATHS)


def test_good_requests_answer_alike(clients):
    rng = random.Random(5)
    bodies = [("/v1/score", b) for b in _winning_hands(40, rng.randrange(1 << 30))]
    bodies += [("/v1/analyze", b) for b in _analyze_hands(20, 6)]
    bodies += [(p, b) for p in ("/v1/shanten", "/v1/waits", "/v1/ukeire")
               for b in _analyze_hands(5, 9)]
    bodies += [("/v1/score", {"hand": "11m123p456p789p789s", "win_tile": "9s", "tsumo": True,
                              "rules": "tenhou_sanma", "nukidora": 1})]
    for path, body in bodies:
        assert _same(clients, path, json.dumps(body).encode()).status_code == 200
    hands = [b["hand"] for _, b in bodies if _ == "/v1/analyze"]
    r = _same(clients, "/v1/batch/shanten", json.dumps({"hands": hands}).encode())
    assert r.status_code == 200 and len(json.dumps(r.json())) > 2 * len(hands)


@pytest.mark.parametrize("path", PATHS)
def test_bad_requests_answer_alike(clients, path):
    codes = [_same(clients, path, json.dumps(body).encode()).status_code for body in BAD]
    assert max(codes) < 500 and sum(400 <= c < 500 for c in codes) >= len(BAD) // 2


@pytest.mark.parametrize("i", range(len(RAW)))
def test_raw_bodies_answer_alike(clients, i):
    data, ctype = RAW[i]
    a = _same(clients, "/v1/score", data, ctype)
    assert a.status_code < 500


def test_answers_encode_as_json_does():
    """The answer encoder (orjson when installed) writes exactly ``json.dumps``'s compact
    bytes for what the API answers: ints (beyond 64 bits too), bools, None, nested lists
    and objects, non-ASCII text (Korean yaku names, which json escapes) and the library's
    own answers. (Not floats: orjson writes 1e-08 as 1e-8; no answer holds a float.)"""
    from hypothesis import given, settings, strategies as st

    leaf = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=8))
    tree = st.recursive(leaf, lambda kid: st.lists(kid, max_size=4)
                        | st.dictionaries(st.text(max_size=6), kid, max_size=4), max_leaves=20)

    def compact(x):
        return json.dumps(x, separators=(",", ":")).encode()

    @given(tree)
    @settings(max_examples=200, deadline=None)
    def check(x):
        assert _app._encode(x) == compact(x)

    check()
    for x in ([y.to_dict() for y in ippatsu.yaku.YAKU],
              ippatsu.analyze("123m456p789s1122z").to_dict(),
              ippatsu.score("234m567p345s55p678s", riichi=True).to_dict()):
        assert _app._encode(x) == compact(x) and b"." not in compact(x).replace(b". ", b"")
