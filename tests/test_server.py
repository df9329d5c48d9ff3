"""``ippatsu serve``: the JSON API (ippatsu.server) against the library's own answers.

In-process tests through Starlette's test client for every endpoint, the error format
(docs/server.md), the limits (413), and one test that starts a real ``ippatsu serve``
process on a free loopback port. The schema fuzz is tests/test_server_fuzz.py.
"""
from __future__ import annotations

import json
import subprocess
import sys
import warnings

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette suggests httpx2; httpx works
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import ippatsu  # noqa: E402
from ippatsu.errors import IppatsuError  # noqa: E402
from ippatsu.rules import Rules  # noqa: E402
from ippatsu.scoring import base_points, hand_cost  # noqa: E402
from ippatsu.server import MAX_BATCH, create_app  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def _json(x):
    """What the library's answer looks like once it went through JSON."""
    return json.loads(json.dumps(x))


def _code_of(fn, *args, **kwargs) -> str:
    try:
        fn(*args, **kwargs)
    except IppatsuError as e:
        return e.code
    raise AssertionError("the library accepted the input")


def _assert_error(r, status, code):
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"}, body
    assert body["error"]["code"] == code, body
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert "Traceback" not in r.text


# ---------------------------------------------------------------------------------------
# score
# ---------------------------------------------------------------------------------------
SCORE_CASES = [
    # (hand, win_tile, keyword arguments as JSON sends them)
    ("123m456p789s11122z", None, {}),
    ("123m456p789s11122z", None, {"riichi": True, "tsumo": True, "ippatsu": True}),
    ("234m406p678s22789p", "7p", {"riichi": True, "dora_indicators": "1m",
                                  "ura_indicators": "8p", "honba": 2, "deposits": 1,
                                  "seat_wind": 1, "discarder": 2}),
    ("123m456p11z", None, {"melds": ["555z", ["pon", "666z"]], "seat_wind": 2,
                          "round_wind": 1, "discarder": 0}),
    ("111m999p11s", "1s", {"melds": ["ankan 1111z", "7777z"], "rinshan": True,
                          "tsumo": True, "seat_wind": 3}),
    ("19m19p19s1234567z1m", None, {"tsumo": True, "tenhou": True}),
    ("123m456p789s222m55s", None, {"tsumo": False, "raise_on_no_yaku": False}),
    ("11z", None, {"melds": ["555z", "666z", "777z", "123m"], "pao": 2, "seat_wind": 1,
                   "discarder": 3}),
    ([0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 112, 113], 113, {"tsumo": True}),
]


@pytest.mark.parametrize("hand,win,kw", SCORE_CASES)
def test_score_matches_library(client, hand, win, kw):
    """POST /v1/score is ippatsu.score(...).to_dict() for every argument."""
    body = {"hand": hand, "win_tile": win, **kw}
    r = client.post("/v1/score", json=body)
    lib_kw = {k: (tuple(v) if isinstance(v, list) and k == "melds" else v)
              for k, v in kw.items()}
    lib_kw["melds"] = [m if isinstance(m, str) else tuple(m) for m in kw.get("melds", ())]
    want = ippatsu.score(hand, win, **lib_kw).to_dict()
    assert r.status_code == 200, r.text
    assert r.json() == _json(want)


@pytest.mark.parametrize("preset", ["ippatsu", "tenhou", "majsoul", "planet"])
def test_score_rules_by_preset_name(client, preset):
    """rules as a preset name: tenhou counts 13-sided kokushi as one yakuman."""
    hand = "19m19p19s1234567z1m"
    r = client.post("/v1/score", json={"hand": hand, "rules": preset})
    assert r.status_code == 200, r.text
    assert r.json() == _json(ippatsu.score(hand, rules=preset).to_dict())


def test_score_rules_overrides_apply(client):
    """rules as preset + overrides: kiriage rounds 4 han 30 fu up to mangan."""
    hand, kw = "234m567p345s55p678s", {"riichi": True, "dora_indicators": "1m"}
    plain = ippatsu.score(hand, **kw)
    assert (plain.han, plain.fu) == (4, 30)   # the hand this test is about
    want = ippatsu.score(hand, rules=Rules().replace(kiriage=True), **kw).to_dict()
    r = client.post("/v1/score", json={"hand": hand, **kw,
                                       "rules": {"preset": "ippatsu",
                                                 "overrides": {"kiriage": True}}})
    assert r.status_code == 200, r.text
    assert r.json() == _json(want)
    assert r.json()["points"] != plain.points


def test_score_red_five_counts_override_counts_the_reds_per_suit(client):
    """red_five_counts as an override (three ints, or null): the second 5p by id is red."""
    hand = [4, 8, 12, 48, 52, 56, 53, 54, 55, 92, 96, 100, 104, 105]
    for counts in ([0, 2, 0], None):
        want = ippatsu.score(hand, tsumo=True, rules=Rules().replace(
            red_five_counts=None if counts is None else tuple(counts)))
        r = client.post("/v1/score", json={"hand": hand, "tsumo": True, "rules": {
            "preset": "ippatsu", "overrides": {"red_five_counts": counts}}})
        assert r.status_code == 200, r.text
        assert r.json()["red"] == want.red == (2 if counts else 1)
    fields = {f["name"]: f for f in client.get("/v1/presets").json()["fields"]}
    assert fields["red_five_counts"] == {"name": "red_five_counts", "type": "counts",
                                         "default": None}


def test_uma_floating_override_reads_rows_of_integers(client):
    """uma_floating as an override: a list of lists of integers, checked by Rules; the
    presets list shows renmei's rows."""
    rows = [[12, -1, -3, -8], [8, 4, -4, -8], [8, 3, 1, -12]]
    r = client.post("/v1/score", json={"hand": "123m456p789s11122z", "rules": {
        "preset": "ippatsu", "overrides": {"uma_floating": rows}}})
    assert r.status_code == 200, r.text
    presets = client.get("/v1/presets").json()
    fields = {f["name"]: f for f in presets["fields"]}
    assert fields["uma_floating"]["type"] == "uma_rows"
    for bad in ([[1, 2, 3, 4]], [1, 2, 3], [[1, 2, 3, 4.5]] * 3):
        r = client.post("/v1/score", json={"hand": "123m456p789s11122z", "rules": {
            "preset": "ippatsu", "overrides": {"uma_floating": bad}}})
        _assert_error(r, 400, "bad_rules")


@pytest.mark.parametrize("overrides", [{"kiriage": 1}, {"no_such_field": True},
                                       {"ron_mode": "quadruple"}, {"uma": [1, 2, 3]},
                                       {"double_wind_pair_fu": 3}, {"honba_ron": True},
                                       {"name": "x"}, {"red_five_counts": [1, 2]},
                                       {"red_five_counts": [0, 5, 0]},
                                       {"red_fives": False, "red_five_counts": [0, 2, 0]}])
def test_bad_rules_overrides(client, overrides):
    """A wrong field, type or value in the overrides: 400 bad_rules."""
    r = client.post("/v1/score", json={"hand": "123m456p789s11122z",
                                       "rules": {"preset": "tenhou", "overrides": overrides}})
    _assert_error(r, 400, "bad_rules")


@pytest.mark.parametrize("body", [
    {"hand": "123m456p789s1112z"},                 # 13 tiles
    {"hand": "123m456p789s1122z3z"},               # not complete
    {"hand": "123m456p789s222m55s"},                 # no yaku
    {"hand": "12x"},                               # notation
    {"hand": "11111m456p789s11z"},                 # fifth copy
    {"hand": "123m456p789s11122z", "seat_wind": 4},
    {"hand": "123m456p789s11122z", "honba": -1},
    {"hand": "123m456p789s11122z", "tsumo": True, "discarder": 1},
    {"hand": "123m456p789s11122z", "win_tile": 500},
    {"hand": "123m456p789s11122z", "rules": "nope"},
    {"hand": "123m456p11z", "melds": ["123z", "555z"]},
    {"hand": [2 ** 70] * 14},
])
def test_score_errors_use_library_codes(client, body):
    """Every input the library refuses answers 400 with the library's own code."""
    args = dict(body)
    hand = args.pop("hand")
    win = args.pop("win_tile", None)
    code = _code_of(ippatsu.score, hand, win, **args)
    _assert_error(client.post("/v1/score", json=body), 400, code)


def test_bad_meld_pair(client):
    r = client.post("/v1/score", json={"hand": "123m456p789s11z", "melds": [["pon"]]})
    _assert_error(r, 400, "bad_meld")


@pytest.mark.parametrize("body", [
    {},                                              # missing hand
    {"hand": 5},                                     # wrong type
    {"hand": "123m456p789s11122z", "tsumo": 1},      # no int-as-bool
    {"hand": "123m456p789s11122z", "seat_wind": 1.0},
    {"hand": "123m456p789s11122z", "seat_wind": "1"},
    {"hand": "123m456p789s11122z", "extra": 1},      # unknown field
    [1, 2],
])
def test_schema_errors_are_422_bad_request(client, body):
    """A body that does not match the schema: 422 bad_request with details."""
    r = client.post("/v1/score", json=body)
    _assert_error(r, 422, "bad_request")
    assert r.json()["error"]["details"]


def test_invalid_json_is_422(client):
    r = client.post("/v1/score", content=b'{"hand": ', headers={"content-type": "application/json"})
    _assert_error(r, 422, "bad_request")


def test_unknown_path_and_method(client):
    _assert_error(client.get("/v1/nothing"), 404, "not_found")
    _assert_error(client.get("/v1/score"), 405, "method_not_allowed")


def test_library_bug_is_a_4xx_not_a_500(client, monkeypatch):
    """A non-IppatsuError from the library (a bug) answers 400 unexpected_input."""
    def boom(*a, **k):
        raise RuntimeError("library bug")

    from ippatsu.server import _app as server_app

    seen: list = []
    monkeypatch.setattr(server_app, "UNEXPECTED", seen)   # keep the real record clean
    monkeypatch.setattr(ippatsu, "score", boom)
    r = client.post("/v1/score", json={"hand": "123m456p789s11122z"})
    _assert_error(r, 400, "unexpected_input")
    assert seen == [("score", "RuntimeError('library bug')")]


# ---------------------------------------------------------------------------------------
# analyze
# ---------------------------------------------------------------------------------------
ANALYZE_CASES = [
    ("123m456p789s1122z", {}),
    ("123m456p789s11122z", {"tsumo": True, "riichi": True, "dora_indicators": "1z"}),
    ("123m45p", {}),
    ("1m", {"seat_wind": 2, "round_wind": 1}),
    ("123m456p11z", {"melds": ["pon 555z", "chi 3m+45m"], "win_tile": "1z"}),
    ("123m456p789s1122z", {"win_tile": "2z", "rules": "tenhou"}),
    ("123m456p789s1122z", {"visible": [0] * 27 + [2] + [0] * 6}),
]


@pytest.mark.parametrize("hand,kw", ANALYZE_CASES)
def test_analyze_matches_library(client, hand, kw):
    """POST /v1/analyze is ippatsu.analyze(...).to_dict()."""
    r = client.post("/v1/analyze", json={"hand": hand, **kw})
    assert r.status_code == 200, r.text
    assert r.json() == _json(ippatsu.analyze(hand, **kw).to_dict())


def test_analyze_error(client):
    body = {"hand": "123m456p7"}
    _assert_error(client.post("/v1/analyze", json=body), 400,
                  _code_of(ippatsu.analyze, body["hand"]))


# ---------------------------------------------------------------------------------------
# shanten / waits / ukeire
# ---------------------------------------------------------------------------------------
HANDS13 = ["123m456p789s1122z", "19m19p19s1234567z", "1122m3344p5566s7z", "147m258p369s1234z",
           [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] + [0] * 21]
HANDS14 = ["123m456p789s11223z", "1122m3344p5566s77z"]


def _forms(h):
    f = ippatsu.shanten_forms(h)
    return {"shanten": f.min, "forms": {"standard": f.standard, "chiitoitsu": f.chiitoitsu,
                                        "kokushi": f.kokushi, "min": f.min}}


def _waits(h):
    w = ippatsu.waits(h)
    return {"waits": w, "tiles": [ippatsu.kind_name(k) for k in w]}


def _ukeire(h, visible=None):
    u = ippatsu.ukeire(h, visible)
    tiles = lambda t: [{"kind": k, "tile": ippatsu.kind_name(k), "count": c} for k, c in t]  # noqa: E731
    if isinstance(u, list):
        return {"discards": [{"discard": d.discard, "tile": ippatsu.kind_name(d.discard),
                              "shanten": d.shanten, "tiles": tiles(d.tiles), "total": d.total}
                             for d in u]}
    return {"shanten": u.shanten, "tiles": tiles(u.tiles), "total": u.total}


@pytest.mark.parametrize("hand", HANDS13 + HANDS14)
def test_shanten_matches_library(client, hand):
    r = client.post("/v1/shanten", json={"hand": hand})
    assert r.status_code == 200, r.text
    assert r.json() == _forms(hand)


@pytest.mark.parametrize("hand", HANDS13)
def test_waits_matches_library(client, hand):
    r = client.post("/v1/waits", json={"hand": hand})
    assert r.status_code == 200, r.text
    assert r.json() == _waits(hand)


@pytest.mark.parametrize("hand", HANDS13 + HANDS14)
def test_ukeire_matches_library(client, hand):
    vis = [0] * 33 + [2]
    for body, want in (({"hand": hand}, _ukeire(hand)),
                       ({"hand": hand, "visible": vis}, _ukeire(hand, vis))):
        r = client.post("/v1/ukeire", json=body)
        assert r.status_code == 200, r.text
        assert r.json() == want


def test_batches_match_library(client):
    """The batch endpoints answer row by row what the single-hand ones do."""
    r = client.post("/v1/batch/shanten", json={"hands": HANDS13 + HANDS14})
    assert r.json() == {"results": [_forms(h) for h in HANDS13 + HANDS14]}
    r = client.post("/v1/batch/waits", json={"hands": HANDS13})
    assert r.json() == {"results": [_waits(h) for h in HANDS13]}
    vis = [1] * 34
    r = client.post("/v1/batch/ukeire", json={"hands": HANDS13 + HANDS14, "visible": vis})
    assert r.json() == {"results": [_ukeire(h, vis) for h in HANDS13 + HANDS14]}


def test_batch_error_names_the_row(client):
    r = client.post("/v1/batch/waits", json={"hands": ["123m456p789s1122z", "123m456p789s11223z"]})
    _assert_error(r, 400, _code_of(ippatsu.waits, "123m456p789s11223z"))
    assert r.json()["error"]["message"].startswith("hands[1]: ")


def test_hand_core_errors(client):
    for path, hand in (("/v1/shanten", "1m2m3m"), ("/v1/waits", "12x"),
                       ("/v1/ukeire", [1.5] * 34)):
        r = client.post(path, json={"hand": hand})
        if isinstance(hand, str):
            _assert_error(r, 400, _code_of(ippatsu.shanten, hand))
        else:
            _assert_error(r, 422, "bad_request")


def test_batch_limit_is_413(client):
    """MAX_BATCH hands pass; one more answers 413 batch_too_large."""
    hands = ["123m456p789s1122z"] * MAX_BATCH
    r = client.post("/v1/batch/shanten", json={"hands": hands})
    assert r.status_code == 200
    assert len(r.json()["results"]) == MAX_BATCH
    r = client.post("/v1/batch/shanten", json={"hands": hands + ["1m"]})
    _assert_error(r, 413, "batch_too_large")


def test_body_limit_is_413():
    with TestClient(create_app(max_body_bytes=1000)) as c:
        ok = c.post("/v1/shanten", json={"hand": "123m456p789s1122z"})
        assert ok.status_code == 200
        r = c.post("/v1/batch/shanten", json={"hands": ["123m456p789s1122z"] * 100})
        _assert_error(r, 413, "body_too_large")

        def chunks():   # no content-length: counted while reading
            yield b'{"hands": ['
            for _ in range(100):
                yield b'"123m456p789s1122z",'
            yield b'"1m"]}'

        r = c.post("/v1/batch/shanten", content=chunks(),
                   headers={"content-type": "application/json"})
        _assert_error(r, 413, "body_too_large")


# ---------------------------------------------------------------------------------------
# tables and presets
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset,max_han", [("ippatsu", 4), ("tenhou", 2), ("planet", 13)])
def test_han_fu_table_matches_library(client, preset, max_han):
    r = client.get("/v1/tables/han-fu", params={"rules": preset, "max_han": max_han})
    assert r.status_code == 200, r.text
    t = ippatsu.score_table(preset, max_han)
    got = {(c["han"], c["fu"]): c for c in r.json()["cells"]}
    assert set(got) == set(t)
    for key, cell in t.items():
        assert {k: v for k, v in got[key].items() if k not in ("han", "fu")} == _json(cell)


def test_han_fu_table_with_overrides(client):
    r = client.post("/v1/tables/han-fu", json={"rules": {"preset": "ippatsu",
                                                        "overrides": {"kiriage": True}}})
    got = {(c["han"], c["fu"]): c for c in r.json()["cells"]}
    want = ippatsu.score_table(Rules().replace(kiriage=True))
    assert got[(4, 30)]["limit"] == want[(4, 30)]["limit"] == "mangan"
    assert got[(4, 30)]["non_dealer_ron"] == want[(4, 30)]["non_dealer_ron"]


def test_han_fu_table_bounds(client):
    _assert_error(client.get("/v1/tables/han-fu", params={"max_han": 0}), 422, "bad_request")
    _assert_error(client.get("/v1/tables/han-fu", params={"max_han": 14}), 422, "bad_request")
    _assert_error(client.get("/v1/tables/han-fu", params={"rules": "x"}), 400, "bad_rules")


@pytest.mark.parametrize("rules,overrides", [("ippatsu", {}), ("tenhou", {}),
                                             ("ippatsu", {"kazoe_yakuman": False})])
def test_limit_table(client, rules, overrides):
    """Each limit row pays what a hand of that many han (or yakuman) pays."""
    r = client.post("/v1/tables/limits", json={"rules": {"preset": rules,
                                                         "overrides": overrides}})
    assert r.status_code == 200, r.text
    rows = r.json()["rows"]
    rr = Rules.preset(rules).replace(**overrides)
    hans = {}
    for row in rows:
        if row["yakuman"]:
            base, name = base_points(0, 0, row["yakuman"], rr)
        else:
            for han in range(row["min_han"], (row["max_han"] or 20) + 1):
                base, name = base_points(han, 30, 0, rr)
                assert base == row["base"]
                hans[han] = row["limit"]
        assert name in row["limit"]
        assert row["non_dealer_ron"] == hand_cost(base, False, False)[0]
        assert row["dealer_ron"] == hand_cost(base, True, False)[0]
        _, d, n = hand_cost(base, False, True)
        assert row["non_dealer_tsumo"] == [n, d]
        assert row["dealer_tsumo"] == hand_cost(base, True, True)[2]
    assert sorted(hans) == list(range(5, 21))
    assert hans[13] == ("kazoe yakuman" if rr.kazoe_yakuman else "sanbaiman")
    g = client.get("/v1/tables/limits", params={"rules": rules})
    if not overrides:
        assert g.json() == r.json()


def test_presets(client):
    r = client.get("/v1/presets")
    assert r.status_code == 200
    body = r.json()
    assert [p["name"] for p in body["presets"]] == [
        "ippatsu", "tenhou", "majsoul", "planet", "wrc", "ema", "mleague", "renmei",
        "saikouisen", "mu", "rmu", "kyokai", "saikyosen", "saikouisen_classic",
        "ippatsu_sanma", "tenhou_sanma", "majsoul_sanma"]
    for p in body["presets"]:
        assert p["rules"] == _json(Rules.preset(p["name"]).to_dict())
    fields = {f["name"]: f for f in body["fields"]}
    assert set(fields) == set(Rules().to_dict()) - {"name"}
    assert fields["ron_mode"]["choices"] == ["atamahane", "double", "triple", "double_head_bump"]
    assert fields["kiriage"] == {"name": "kiriage", "type": "bool", "default": False}
    assert fields["pao_yakuman"] == {"name": "pao_yakuman", "type": "name_list",
                                     "choices": ["daisangen", "daisuushi", "suukantsu"],
                                     "default": ["daisangen", "daisuushi"]}


def test_local_rules_through_the_api(client):
    """docs/rules.md §12 through the API: a name-list override and a local yaku's
    situation keyword score as the library does; a bad name is bad_rules."""
    body = {"hand": "123456789m234p55s", "win_tile": "1m", "seat_wind": 1, "local": ["renhou"],
            "rules": {"preset": "ippatsu", "overrides": {
                "renhou": "mangan", "double_yakuman_patterns": ["daisuushi"]}}}
    r = client.post("/v1/score", json=body)
    assert r.status_code == 200, r.text
    want = ippatsu.score("123456789m234p55s", "1m", seat_wind=1, renhou=True,
                         rules=Rules().replace(renhou="mangan",
                                               double_yakuman_patterns=("daisuushi",)))
    assert r.json() == _json(want.to_dict()) and r.json()["points"] == 8000
    body["rules"]["overrides"]["double_yakuman_patterns"] = ["daisangen"]
    r = client.post("/v1/score", json=body)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_rules"


def test_flowers_through_the_api(client):
    """docs/rules.md §12 through the API: with the flowers override, ``flowers`` on
    /v1/score and /v1/analyze scores as the library does; without it flowers_off."""
    rules = {"preset": "ippatsu", "overrides": {"flowers": True}}
    fl = Rules().replace(flowers=True)
    body = {"hand": "234m406p678s22789p", "tsumo": True, "rules": rules, "flowers": 2}
    r = client.post("/v1/score", json=body)
    assert r.status_code == 200, r.text
    want = ippatsu.score("234m406p678s22789p", tsumo=True, rules=fl, flowers=2)
    assert r.json() == _json(want.to_dict()) and r.json()["flowers"] == 2
    r = client.post("/v1/analyze", json=body)
    assert r.status_code == 200, r.text
    want = ippatsu.analyze("234m406p678s22789p", tsumo=True, rules=fl, flowers=2)
    assert r.json() == _json(want.to_dict())
    assert r.json()["win"]["result"]["flowers"] == 2
    for path in ("/v1/score", "/v1/analyze"):
        r = client.post(path, json=dict(body, rules="ippatsu"))
        assert r.status_code == 400 and r.json()["error"]["code"] == "flowers_off"


def test_three_players_score_and_analyze(client):
    """docs/rules.md §11 through the API: a three-player preset scores among three with
    the Norths set aside (``nukidora``) and rejects 2m-8m with the library's code."""
    body = {"hand": "11m123p456p789p789s", "win_tile": "9s", "tsumo": True,
            "rules": "tenhou_sanma", "nukidora": 1}
    r = client.post("/v1/score", json=body)
    assert r.status_code == 200
    want = ippatsu.score("11m123p456p789p789s", "9s", tsumo=True, rules="tenhou_sanma",
                         nukidora=1)
    assert r.json() == _json(want.to_dict()) and len(r.json()["payments"]) == 3
    r = client.post("/v1/analyze", json={"hand": "11m123p456p789p78s", "seat_wind": 2,
                                         "rules": "tenhou_sanma", "nukidora": 2})
    assert r.status_code == 200
    want = ippatsu.analyze("11m123p456p789p78s", seat_wind=2, rules="tenhou_sanma",
                           nukidora=2)
    assert r.json() == _json(want.to_dict())
    for path, hand in (("/v1/score", "123m456p789s11222z"), ("/v1/analyze", "123m456p")):
        r = client.post(path, json={"hand": hand, "rules": "tenhou_sanma"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "sanma_tile"
    r = client.post("/v1/score", json={**body, "rules": "ippatsu"})
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "nukidora_four_players"


# ---------------------------------------------------------------------------------------
# the app itself
# ---------------------------------------------------------------------------------------
def test_openapi_docs_and_index(client):
    schema = client.get("/openapi.json").json()
    for path in ("/v1/score", "/v1/analyze", "/v1/shanten", "/v1/waits", "/v1/ukeire",
                 "/v1/batch/shanten", "/v1/batch/waits", "/v1/batch/ukeire", "/v1/presets",
                 "/v1/tables/han-fu", "/v1/tables/limits", "/v1/health"):
        assert path in schema["paths"], path
    assert client.get("/docs").status_code == 200
    index = client.get("/")
    assert index.status_code == 200 and "text/html" in index.headers["content-type"]
    assert 'href="/docs"' in index.text
    h = client.get("/v1/health").json()
    assert h["status"] == "ok" and h["backend"] == ippatsu.BACKEND


def test_yaku_table(client):
    """GET /v1/yaku is the library's yaku table, row by row (Yaku.to_dict(): the names in
    English, Japanese and Korean that the hand builder shows), in the OpenAPI schema."""
    from ippatsu.yaku import YAKU

    r = client.get("/v1/yaku")
    assert r.status_code == 200, r.text
    rows = r.json()["yaku"]
    assert rows == _json([y.to_dict() for y in YAKU])
    assert [row["name"] for row in rows] == [y.name for y in YAKU]
    assert "/v1/yaku" in client.get("/openapi.json").json()["paths"]


def test_app_importable():
    from fastapi import FastAPI

    from ippatsu.server import app

    assert isinstance(app, FastAPI)


def test_real_server_process(ippatsu_server):
    """`ippatsu serve` in its own process on a loopback port: ready, answers, stops
    (the ``ippatsu_server`` fixture of tests/conftest.py starts and stops it)."""
    proc, base = ippatsu_server.proc, ippatsu_server.url
    assert proc.poll() is None
    with httpx.Client(base_url=base, timeout=30) as c:
        hand = "234m406p678s22789p"
        r = c.post("/v1/score", json={"hand": hand, "riichi": True, "tsumo": True})
        assert r.status_code == 200
        assert r.json() == _json(ippatsu.score(hand, riichi=True, tsumo=True).to_dict())
        a = c.post("/v1/analyze", json={"hand": "123m456p789s1122z"})
        assert a.json() == _json(ippatsu.analyze("123m456p789s1122z").to_dict())
        bad = c.post("/v1/score", json={"hand": "12x"})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "unknown_character" \
            or bad.json()["error"]["code"] == _code_of(ippatsu.score, "12x")
        big = c.post("/v1/shanten", content=b" " * (5 * 1024 * 1024),
                     headers={"content-type": "application/json"})
        assert big.status_code == 413


def test_serve_help():
    from ippatsu.cli import build_parser

    args = build_parser().parse_args(["serve", "--port", "9"])
    assert (args.command, args.host, args.port) == ("serve", "127.0.0.1", 9)


def test_docs_list_every_endpoint_and_limit(client):
    """docs/server.md names every path of the schema, the limits and the server codes."""
    from pathlib import Path

    doc = Path(__file__).resolve().parents[1] / "docs" / "server.md"
    if not doc.is_file():
        pytest.skip("no docs/ beside the tests")
    text = doc.read_text(encoding="utf-8")
    for path in client.get("/openapi.json").json()["paths"]:
        assert f"/v1/{path.split('/v1/')[1]}" in text, path
    assert "10,000 hands" in text and MAX_BATCH == 10_000
    assert "4 MiB" in text
    for code in ("bad_request", "not_found", "method_not_allowed", "body_too_large",
                 "batch_too_large", "unexpected_input", "bad_rules"):
        assert f"`{code}`" in text, code


def test_mounted_under_a_prefix():
    """create_app() mounts in another ASGI app; errors keep their shape there."""
    from fastapi import FastAPI

    outer = FastAPI()
    outer.mount("/mahjong", create_app(max_batch=2))
    with TestClient(outer) as c:
        r = c.post("/mahjong/v1/shanten", json={"hand": "123m456p789s1122z"})
        assert r.json() == _forms("123m456p789s1122z")
        r = c.post("/mahjong/v1/batch/shanten", json={"hands": ["1m"] * 3})
        _assert_error(r, 413, "batch_too_large")


@pytest.mark.parametrize("content", [
    b'{"hand":' + b"[" * 100_000 + b"]" * 100_000 + b"}",   # nested past the parser
    b"\xff\xfe",                                             # not UTF-8
    '{"hand": "1m\\ud800"}'.encode(),                        # a lone surrogate
])
def test_unreadable_bodies_are_4xx(client, content):
    r = client.post("/v1/analyze", content=content, headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500
    assert set(r.json()) == {"error"} and r.json()["error"]["code"]


def test_serve_without_the_extra_says_how_to_install():
    """Without FastAPI, `ippatsu serve` exits 2 naming the extra (no traceback)."""
    code = ("import sys; sys.modules['fastapi'] = None\n"
            "from ippatsu.cli import main\n"
            "sys.exit(main(['serve', '--port', '1']))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2, p.stderr
    assert 'ippatsu[server]' in p.stderr and "Traceback" not in p.stderr
