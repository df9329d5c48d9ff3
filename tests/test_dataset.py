"""ippatsu.dataset: records -> decision rows that are exactly what the env shows.

* every recorded action of the shared Tenhou records (mjlog, tenhou.net/6 JSON, and their
  mjai conversions) is a set bit of its row's legal mask, and the three formats give the
  same rows;
* rows equal the env's observation, mask, seat and action, byte for byte, for games the
  env played (its event log written as an mjai log and built into a dataset);
* no hidden tile enters a planes row (the other seats' concealed tiles re-dealt at every
  decision of a replay);
* labels are the record's own score changes and final placements;
* records the engine cannot follow are skipped whole with a reason; resume, filters,
  backends, the loader and the command line.
"""
from __future__ import annotations

import gzip
import json
import os
import shutil

import numpy as np
import pytest

from conftest import SHARED_DATA
from ippatsu import dataset as ds
from ippatsu.cli import main as cli_main
from ippatsu.convert import convert_file
from ippatsu.dataset import DatasetError
from ippatsu.env import VecEnv
from ippatsu.io.mjai import write_json_lines
from ippatsu.io.mjlog import load_mjlog
from ippatsu.rules import Rules
from ippatsu.table import Phase
from ippatsu.table.actionspace import PASS

from _env_helpers import Mirror, hidden_wall

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
#: the flower rule (docs/rules.md §12) on Tenhou's rules
FLOWERS = Rules.tenhou().replace(flowers=True)
MJLOG = SHARED_DATA / "tenhou" / "mjlog"
MJLOG_DIRS = ("mjx", "mjx-edge", "dnovikoff", "gimite", "jim137")
JSON_DIR = SHARED_DATA / "tenhou" / "json" / "mjx"


def _standard():
    out = []
    for d in MJLOG_DIRS:
        root = MJLOG / d
        if root.is_dir():
            out += sorted(str(p) for p in root.iterdir() if p.suffix in (".mjlog", ".xml"))
    return out


def _need_data():
    if not MJLOG.is_dir():
        pytest.skip(f"shared data not available: {MJLOG}")


def _rows(out, raw=False):
    """Every row of a dataset, in build order (``raw``: packed observations and masks)."""
    parts = list(ds.load(out, batch_size=1 << 20, shuffle=False, raw=raw))
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def _build(sources, out, **kw):
    kw.setdefault("backend", "serial")
    kw.setdefault("progress", False)
    kw.setdefault("verify", True)
    return ds.build(sources, out, **kw)


@pytest.fixture(scope="module")
def standard(tmp_path_factory):
    """The standard Tenhou records built once (all of them compiled; the mjx-edge and
    jim137 folders interpreted), and the first few converted to mjai logs and built."""
    _need_data()
    files = sorted(_standard())
    if PURE:
        files = [f for f in files if "/jim137/" in f] + \
            [f for f in files if "/mjx-edge/" in f][:4]
    root = tmp_path_factory.mktemp("standard")
    mjai = [convert_file(f, str(root / "mjai" / f"{i:03d}"))
            for i, f in enumerate(files[:3 if PURE else 24])]
    m1 = _build(files, root / "mjlog")
    m2 = _build(mjai, root / "mjai_rows")
    return {"files": files, "mjai": mjai, "manifest": m1, "mjai_manifest": m2,
            "rows": _rows(root / "mjlog", raw=True),
            "mjai_rows": _rows(root / "mjai_rows", raw=True)}


# ----------------------------------------------------------------------------- masks
def test_every_recorded_action_is_a_set_bit_of_its_rows_mask(standard):
    m = standard["manifest"]
    assert [s for s in m["sources"] if s["status"] != "ok"] == []
    hands = sum(s["hands"] for s in m["sources"])
    assert hands == (724 if not PURE else sum(
        len([r for r in load_mjlog(f).rounds]) for f in standard["files"]))
    assert m["encoder"]["name"] == "planes" and m["encoder"]["version"] == 1
    rows = standard["rows"]
    n = len(rows["action"])
    assert n == m["rows"] > 1000
    mask = np.unpackbits(rows["mask"], axis=1, count=300).astype(bool)
    assert mask[np.arange(n), rows["action"]].all()
    # passes on calls and declined rons are rows of their own
    resp = rows["phase"] == 1
    assert (rows["action"][resp] == PASS).sum() > 100
    assert (rows["action"][resp] != PASS).sum() > 20


def test_mjlog_and_its_mjai_conversion_give_the_same_rows(standard):
    a, b = standard["rows"], standard["mjai_rows"]
    k = len(standard["mjai"])
    assert standard["mjai_manifest"]["sources_ok"] == k
    sel = a["game"] < k
    assert sel.sum() == len(b["game"]) > 1000
    for col in a:
        assert np.array_equal(a[col][sel], b[col]), col


def test_tenhou6_json_gives_the_rows_of_the_same_mjlog(tmp_path):
    _need_data()
    names = sorted(p.stem for p in JSON_DIR.glob("*.json")
                   if (MJLOG / "mjx" / f"{p.stem}.mjlog").exists())[: 3 if PURE else 12]
    assert names
    mj = [str(MJLOG / "mjx" / f"{n}.mjlog") for n in names]
    js = [str(JSON_DIR / f"{n}.json") for n in names]
    m = _build(js, tmp_path / "json")
    assert m["sources_ok"] == len(js)
    _build(mj, tmp_path / "mjlog")
    a, b = _rows(tmp_path / "mjlog", raw=True), _rows(tmp_path / "json", raw=True)
    assert len(a["action"]) > 500
    for k in a:
        assert np.array_equal(a[k], b[k]), k


# ----------------------------------------------------------------------------- the env
def _env_game(players, seed, tmp_path, rules=None):
    """One whole game of the env with random legal actions: its per-step (obs, mask,
    seat, action) and its event log written as an mjai log."""
    rules = rules or ("tenhou" if players == 4 else "tenhou_sanma")
    env = VecEnv(1, rules=rules, players=players, seed=seed, encoder="planes")
    mirror = Mirror(env.rules, seed, 0)
    obs, info = env.reset()
    rng = np.random.default_rng(seed)
    steps = []
    responses = 0
    while True:
        seat = int(info["seat"][0])
        assert mirror.seat() == seat
        responses += mirror.st.phase == Phase.RESPONSE
        mask = info["mask"][0].copy()
        a = int((rng.random(mask.shape) * mask).argmax())
        steps.append((obs[0].copy(), mask, seat, a))
        mirror.step(seat, a)
        obs, _, term, _, info = env.step(np.array([a]))
        if term[0]:
            break
    st = mirror.st
    assert st.phase == Phase.GAME_END
    events = [dict(e) for e in st.events]
    events[0]["ippatsu_rules"] = env.rules.to_dict()
    path = tmp_path / f"env{players}-{seed}.mjson"
    with open(path, "w", encoding="utf-8") as f:
        write_json_lines(events, f)
    return steps, str(path), responses


@pytest.mark.parametrize("players,rules", [pytest.param(4, None, id="4p"),
                                           pytest.param(3, None, id="3p"),
                                           pytest.param(4, FLOWERS, id="flowers")])
def test_rows_equal_the_envs_observations_masks_and_actions(players, rules, tmp_path):
    """A game of the env written as an mjai log gives back, row by row, the env's
    observations, masks, seats and actions (flower games: with rules= given, the flower
    layout; without, the record is skipped whole)."""
    seeds = [1] if PURE else [1, 2]
    for seed in seeds:
        steps, path, responses = _env_game(players, seed, tmp_path, rules)
        assert responses > 10
        m = _build([path], tmp_path / f"ds{players}-{seed}", rules=rules)
        assert m["sources_ok"] == 1, m["sources"]
        assert m["encoder"]["shape"] == list(steps[0][0].shape)
        if rules is not None:   # the record states its rules; the layout is the dataset's
            m2 = _build([path], tmp_path / f"plain{seed}")
            assert m2["sources_skipped"] == 1
            assert m2["sources"][0]["code"] == "unsupported_rules"
        rows = _rows(tmp_path / f"ds{players}-{seed}")
        assert len(rows["action"]) == len(steps)
        obs = np.stack([s[0] for s in steps])
        assert obs.tobytes() == rows["obs"].tobytes()
        assert np.array_equal(np.stack([s[1] for s in steps]).astype(bool), rows["mask"])
        assert rows["seat"].tolist() == [s[2] for s in steps]
        took = np.array([s[3] for s in steps])
        # a call that lost to another seat's answer (a ron over a pon, a pon over a chi)
        # is in no record: its row is a pass, and another seat's answer in the same
        # round of answers is what the table took
        lost = np.flatnonzero(rows["action"] != took)
        for i in lost:
            assert rows["phase"][i] == 1 and rows["action"][i] == PASS
            same = ((rows["phase"] == 1) & (rows["hand"] == rows["hand"][i])
                    & (rows["turn"] == rows["turn"][i]))
            assert (rows["action"][same] != PASS).any()
        assert len(lost) < len(steps) // 50


def test_rows_of_a_game_with_red_counts_equal_the_envs(tmp_path):
    """Four red fives per suit (Rules.red_five_counts): the rows hold the env's
    observations exactly, the red channels counting several copies (stored whole when
    the build is given those rules), and the masks over the whole action space."""
    from ippatsu.env import PLANES
    from ippatsu.rules import Rules

    rules = Rules(red_fives=(4, 4, 4))
    steps, path, _ = _env_game(4, 3, tmp_path, rules)
    m = _build([path], tmp_path / "reds", rules=rules)
    assert m["sources_ok"] == 1, m["sources"]
    rows = _rows(tmp_path / "reds")
    obs = np.stack([s[0] for s in steps])
    assert obs.tobytes() == rows["obs"].tobytes()
    assert rows["obs"][:, PLANES.index("hand_red")].max() >= 2
    assert np.array_equal(np.stack([s[1] for s in steps]).astype(bool), rows["mask"])


# ----------------------------------------------------------------------------- hidden
class _Redealing:
    """An encoder that writes the planes, then re-deals every other seat's concealed
    tiles (swapped with each other's and scrambled shanten / waits; with flower tiles,
    together with every tile of the wall nobody has seen, flowers among them: a flower
    goes only to a wall place), encodes again, puts everything back and counts the
    decisions where the two differ."""

    def __init__(self, flowers=False):
        from ippatsu.env import PlanesEncoder
        self.inner = PlanesEncoder(flowers)
        self.channels, self.names = self.inner.channels, self.inner.names
        self.kind = self.inner.kind
        self.differ = self.checked = self.flowers = 0
        self.rng = np.random.default_rng(5)

    shape = property(lambda self: (self.channels, 34))

    def encode(self, st, seat, out, tsumogiri):
        self.inner.encode(st, seat, out, tsumogiri)
        n = st.n_players
        others = [q for q in range(n) if q != seat]
        saved = [(list(st.hand[q]), bytearray(st.cnt[q]), st.shanten[q], st.waits[q])
                 for q in others]
        places = hidden_wall(st) if st.rules.flowers else []
        walled = [a[i] for a, i in places]
        pool = [t for q in others for t in st.hand[q]] + walled
        pool = [pool[i] for i in self.rng.permutation(len(pool))]
        kinds = [t for t in pool if t < 136]
        n_hand = sum(len(st.hand[q]) for q in others)
        rest = kinds[n_hand:] + [t for t in pool if t >= 136]   # to the wall places
        rest = [rest[i] for i in self.rng.permutation(len(rest))]
        self.flowers += sum(t >= 136 for t in walled)
        for (a, i), t in zip(places, rest):
            a[i] = t
        pool = kinds[:n_hand]   # to the hands
        for q in others:
            h = st.hand[q]
            for i in range(len(h)):
                h[i] = pool.pop()
            c = st.cnt[q]
            for k in range(34):
                c[k] = 0
            for t in h:
                c[t >> 2] += 1
            st.seats[q].shanten = 6 - st.shanten[q]
            st.seats[q].waits = (1 << 34) - 1 - st.waits[q]
        again = np.zeros_like(out)
        self.inner.encode(st, seat, again, tsumogiri)
        for (a, i), t in zip(places, walled):
            a[i] = t
        for q, (h, c, s, w) in zip(others, saved):
            st.hand[q][:] = h
            st.cnt[q][:] = c
            st.seats[q].shanten = s
            st.seats[q].waits = w
        self.checked += 1
        self.differ += not np.array_equal(again, out)


@pytest.mark.parametrize("source", ["records", "flower games"])
def test_hidden_tiles_never_enter_a_planes_row(source, tmp_path):
    """Tenhou records, and games of the flower rules (the env's, as mjai logs: the
    replayed wall holds the hand's later draws, flowers among them): at every decision,
    re-dealing what the seat cannot see changes not one plane."""
    from ippatsu.dataset._build import game_rows
    from ippatsu.dataset._rows import GameRows, Packing

    if source == "records":
        _need_data()
        rules, enc = None, _Redealing()
        files = sorted(str(p) for p in (MJLOG / "mjx-edge").iterdir())[: 3 if PURE else 23]
    else:
        rules, enc = FLOWERS, _Redealing(flowers=True)
        files = [_env_game(4, seed, tmp_path, FLOWERS)[1] for seed in range(1 if PURE else 3)]
    rows = GameRows(enc, Packing(enc.channels), frozenset())
    for i, f in enumerate(files):
        e = game_rows(f, i, rows, rules)
        assert e["status"] == "ok", e
    assert enc.checked > (300 if PURE else 1000)
    assert enc.differ == 0
    assert enc.flowers > 0 if rules is FLOWERS else enc.flowers == 0


def test_oracle_rows_from_records_are_refused(tmp_path):
    with pytest.raises(DatasetError) as e:
        ds.build([str(tmp_path)], tmp_path / "o", encoder="oracle", backend="serial")
    assert e.value.code == "dataset_oracle_record"


def test_packing_stores_exactly_or_refuses():
    """The packed form decodes to the same float32 bytes (binary channels as bits, constant
    channels as one value, free channels whole); a value it could not store is refused,
    not rounded."""
    from ippatsu.dataset._rows import Packing, PackingError

    rng = np.random.default_rng(0)
    pk = Packing(6, const=[1, 4], free=[5])
    for _ in range(20):
        obs = (rng.random((7, 6, 34)) < 0.3).astype(np.float32)
        obs[:, 1, :] = rng.normal(size=(7, 1)).astype(np.float32)
        obs[:, 4, :] = -0.0 if rng.random() < 0.5 else 3.25
        obs[:, 5, :] = rng.normal(size=(7, 34)).astype(np.float32)
        bits, values = pk.pack(obs)
        assert pk.unpack(bits, values).tobytes() == obs.tobytes()
    bad = obs.copy()
    bad[2, 0, 7] = 0.5                    # a binary channel holding another value
    with pytest.raises(PackingError):
        pk.pack(bad)
    bad = obs.copy()
    bad[1, 2, 3] = -0.0                   # equal to 0.0, not the same bytes
    with pytest.raises(PackingError):
        pk.pack(bad)
    bad = obs.copy()
    bad[3, 4, 9] = 1.0                    # a constant channel that varies
    with pytest.raises(PackingError):
        pk.pack(bad)


# ----------------------------------------------------------------------------- labels
def test_labels_are_the_records_score_changes_and_placements(standard):
    rows = standard["rows"]
    for gi, f in enumerate(standard["files"]):
        g = load_mjlog(f)
        sel = rows["game"] == gi
        if not sel.any():
            continue
        n = 3 if g.three_player else 4
        starts = [list(r.scores)[:n] for r in g.rounds] + [list(g.final.scores)[:n]]
        for h in np.unique(rows["hand"][sel]):
            hs = sel & (rows["hand"] == h)
            for p in range(n):
                d = rows["hand_delta"][hs & (rows["seat"] == p)]
                if len(d):
                    assert (d == starts[h + 1][p] - starts[h][p]).all(), (f, h, p)
        final = list(g.final.scores)[:n]
        order = sorted(range(n), key=lambda p: (-final[p], p))
        for place, p in enumerate(order):
            ps = sel & (rows["seat"] == p)
            assert (rows["placement"][ps] == place).all()
            assert (rows["final_score"][ps] == final[p]).all()
    res = rows["hand_result"]
    assert set(np.unique(res).tolist()) <= {0, 1, 2, 3}
    assert (res == ds.RESULT_CODES["won"]).any() and (res == ds.RESULT_CODES["dealt_in"]).any()


# ----------------------------------------------------------------------------- skipping
def test_records_the_engine_cannot_follow_are_skipped_whole(tmp_path):
    _need_data()
    good = str(MJLOG / "mjx-edge" / "double-ron.mjlog")
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(good, src / "a-good.mjlog")
    (src / "b-corrupt.mjlog").write_bytes(b"\x1f\x8b not really gzip")
    text = (MJLOG / "mjx-edge" / "first-example.mjlog").read_text()
    # an illegal discard: the first discard of the dealer names a tile it does not hold
    i = text.index("<D")
    j = text.index("/>", i)
    (src / "c-illegal.mjlog").write_text(text[:i] + '<D135' + text[j:])
    cut = str(SHARED_DATA / "tenhou" / "fragments" / "mjx"
              / "2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog")
    shutil.copy(cut, src / "d-cut.mjlog")
    m = _build([str(src)], tmp_path / "out")
    by = {os.path.basename(s["path"]): s for s in m["sources"]}
    assert by["a-good.mjlog"]["status"] == "ok"
    assert {k: by[k]["status"] for k in by} == {"a-good.mjlog": "ok", "b-corrupt.mjlog":
                                               "skipped", "c-illegal.mjlog": "skipped",
                                               "d-cut.mjlog": "skipped"}
    assert by["d-cut.mjlog"]["code"] == "incomplete_record"
    assert by["c-illegal.mjlog"]["code"] in ("replay_mismatch", "action_not_in_mask")
    assert all(by[k]["reason"] for k in by if k != "a-good.mjlog")
    rows = _rows(tmp_path / "out")
    assert set(rows["game"].tolist()) == {0}
    assert len(rows["game"]) == by["a-good.mjlog"]["rows"] == m["rows"]


def test_records_that_do_not_state_their_rules_are_skipped_when_strict(tmp_path):
    """An mjai log without ippatsu_rules (another tool's) says no rules: the manifest
    says they were assumed, and strict_rules skips it; given rules are used as given."""
    _need_data()
    f = str(MJLOG / "jim137" / sorted(os.listdir(MJLOG / "jim137"))[0])
    j = convert_file(f, str(tmp_path / "mj"))
    bare = tmp_path / "bare" / "game.mjson"
    bare.parent.mkdir()
    with open(j, encoding="utf-8") as src, open(bare, "w", encoding="utf-8") as out:
        for line in src:
            e = json.loads(line)
            e.pop("ippatsu_rules", None)
            out.write(json.dumps(e) + "\n")
    srcs = [j, str(bare)]
    m = _build(srcs, tmp_path / "a")
    by = {os.path.basename(s["path"]): s for s in m["sources"]}
    assert by["game.mjson"]["rules_source"] == "assumed"
    assert by[os.path.basename(j)]["rules_source"] == "record"
    m = _build(srcs, tmp_path / "b", strict_rules=True)
    by = {os.path.basename(s["path"]): s for s in m["sources"]}
    assert by["game.mjson"]["status"] == "skipped"
    assert by["game.mjson"]["code"] == "rules_not_stated"
    assert by[os.path.basename(j)]["status"] == "ok"
    g = load_mjlog(f)
    from ippatsu.table.replay import record_rules
    m = _build([str(bare)], tmp_path / "c", strict_rules=True, rules=record_rules(g))
    assert m["sources"][0]["status"] == "ok" and m["sources"][0]["rules_source"] == "given"


# ----------------------------------------------------------------------------- resume
def test_resume_runs_only_unfinished_chunks_and_gives_the_same_rows(tmp_path):
    _need_data()
    files = sorted(str(p) for p in (MJLOG / "mjx-edge").iterdir())[:4 if PURE else 6]
    whole = tmp_path / "whole"
    _build(files, whole, chunk_files=2, shard_rows=500)
    want = _rows(whole)
    part = tmp_path / "part"
    _build(files, part, chunk_files=2, shard_rows=500)
    # chunk 1 "crashed": its marker is missing and one of its shards is torn
    os.remove(part / "part-000001.json")
    torn = sorted(part.glob("part-000001-*.parquet"))[0]
    torn.write_bytes(torn.read_bytes()[:100])
    kept = (part / "part-000000-000.parquet").stat().st_mtime_ns
    with pytest.raises(DatasetError) as e:
        _build(files, part, chunk_files=2, shard_rows=500)
    assert e.value.code == "dataset_out_not_empty"
    with pytest.raises(DatasetError) as e:
        _build(files, part, chunk_files=2, shard_rows=400, resume=True)
    assert e.value.code == "dataset_resume_mismatch"
    m = _build(files, part, chunk_files=2, shard_rows=500, resume=True)
    assert (part / "part-000000-000.parquet").stat().st_mtime_ns == kept
    got = _rows(part)
    for k in want:
        assert np.array_equal(want[k], got[k]), k
    assert m["rows"] == len(want["action"])
    assert max(s["rows"] for s in m["shards"]) <= 500


def test_local_processes_give_the_rows_of_a_serial_build(tmp_path):
    _need_data()
    files = sorted(str(p) for p in (MJLOG / "mjx-edge").iterdir())[:4]
    _build(files, tmp_path / "s", chunk_files=1)
    m = ds.build(files, tmp_path / "l", chunk_files=1, backend="local", workers=2,
                 progress=False)
    assert m["backend"] == "local"
    a, b = _rows(tmp_path / "s"), _rows(tmp_path / "l")
    for k in a:
        assert np.array_equal(a[k], b[k]), k


# ----------------------------------------------------------------------------- filters
def test_filters_keep_what_the_headers_say(tmp_path):
    _need_data()
    files = sorted(sorted(str(p) for p in (MJLOG / "mjx").iterdir())[::8 if PURE else 4] +
                   [str(p) for p in (MJLOG / "jim137").iterdir()])
    games = [load_mjlog(f) for f in files]
    since = "2017-06-01"
    want = [i for i, g in enumerate(games)
            if g.lobby_type is not None and g.lobby_type.room == "houou"
            and g.date is not None and g.date.isoformat() >= since]
    assert 0 < len(want) < len(files)
    m = _build(files, tmp_path / "f", filters={"rooms": ["houou"], "since": since})
    assert [s["game"] for s in m["sources"] if s["status"] == "ok"] == want
    assert all(s["status"] == "filtered" for s in m["sources"] if s["game"] not in want)
    # min_dan: only the rows of seats whose player is at least that rank
    dan = 18
    m = _build(files, tmp_path / "d", filters={"min_dan": dan})
    assert any(s["status"] == "filtered" for s in m["sources"])
    rows = _rows(tmp_path / "d")
    for gi in np.unique(rows["game"]):
        dans = [p.dan for p in games[gi].players]
        seats = set(rows["seat"][rows["game"] == gi].tolist())
        assert seats == {p for p in range(4) if dans[p] >= dan}
    assert 0 < len(rows["game"])
    with pytest.raises(DatasetError) as e:
        ds.Filters.of({"room": ["houou"]})
    assert e.value.code == "bad_dataset_option"


def test_seats_choose_whose_decisions_are_rows(standard, tmp_path):
    f = standard["files"][:2]
    _build(f, tmp_path / "s", seats=[1, 2])
    rows = _rows(tmp_path / "s", raw=True)
    allr = standard["rows"]
    sel = np.isin(allr["game"], [0, 1]) & np.isin(allr["seat"], [1, 2])
    assert set(rows["seat"].tolist()) == {1, 2}
    for k in rows:
        assert np.array_equal(rows[k], allr[k][sel]), k


# ----------------------------------------------------------------------------- loader
def test_load_shuffles_every_row_once_and_repeats_with_a_seed(standard, tmp_path):
    f = standard["files"][:3]
    _build(f, tmp_path / "d", shard_rows=300)
    base = _rows(tmp_path / "d")
    key = lambda r: sorted(zip(r["game"].tolist(), r["hand"].tolist(), r["turn"].tolist(),
                               r["seat"].tolist(), r["phase"].tolist(),
                               r["action"].tolist()))
    b1 = list(ds.load(tmp_path / "d", batch_size=256, seed=3, window=2))
    b2 = list(ds.load(tmp_path / "d", batch_size=256, seed=3, window=2))
    assert all(len(b["action"]) == 256 for b in b1[:-1])
    cat = {k: np.concatenate([b[k] for b in b1]) for k in b1[0]}
    assert key(cat) == key(base)
    assert not np.array_equal(cat["action"], base["action"])
    assert all(np.array_equal(x["obs"], y["obs"]) for x, y in zip(b1, b2))
    only = next(ds.load(tmp_path / "d", columns=["action", "mask"]))
    assert set(only) == {"action", "mask"}
    halves = [list(ds.load(tmp_path / "d", part=(i, 2), shuffle=False)) for i in range(2)]
    assert sum(len(b["action"]) for h in halves for b in h) == len(base["action"])


def test_bad_options_are_named(tmp_path):
    cases = [({"encoder": "mjai"}, "bad_dataset_option"),
             ({"encoder": "nope"}, "bad_dataset_option"),
             ({"seats": [5]}, "bad_dataset_option"),
             ({"shard_rows": 0}, "bad_dataset_option"),
             ({"filters": {"since": "yesterday"}}, "bad_dataset_option"),
             ({"backend": "gpu"}, "bad_backend")]
    for kw, code in cases:
        with pytest.raises(Exception) as e:
            ds.build([str(tmp_path)], tmp_path / "x", **kw)
        assert getattr(e.value, "code", None) == code, kw
    with pytest.raises(DatasetError) as e:
        ds.build([str(tmp_path / "missing")], tmp_path / "x", backend="serial")
    assert e.value.code == "no_source"
    with pytest.raises(DatasetError) as e:
        ds.info(tmp_path)
    assert e.value.code == "not_a_dataset"


# ----------------------------------------------------------------------------- convert
def test_mjlog_to_mjai_replays_to_the_same_hands_and_scores(standard):
    from ippatsu.table.replay import replay_file

    def results(path):
        seen = []
        rep = replay_file(path, on_step=lambda st, _: seen or seen.append(st))
        st = seen[0]
        return rep, [(r.kind, r.deltas, [(w.winner, w.from_who, w.score.han, w.score.fu,
                                          w.score.points, w.score.yaku_ids)
                                         for w in r.wins]) for r in st.hand_results], \
            list(st.scores)

    for f, j in zip(standard["files"], standard["mjai"]):
        ra, ha, sa = results(f)
        rb, hb, sb = results(j)
        assert rb.ok and rb.exact == rb.hands == ra.hands, (f, rb.problems)
        assert ha == hb and sa == sb, f
    first = json.loads(open(standard["mjai"][0], encoding="utf-8").readline())
    assert first["type"] == "start_game" and len(first["names"]) in (3, 4)


def test_mjai_to_mjlog_and_tenhou6_replay_to_the_same_hands_and_scores(standard, tmp_path):
    """mjlog -> mjai -> mjlog and -> tenhou.net/6: the written records replay exactly
    (dated by their log id, their lobby in <GO type> / rule.disp) to the record's hand
    results and final scores; the mjlog's meld codes decode to the record's melds."""
    from ippatsu.convert import to_mjlog, to_tenhou6
    from ippatsu.table.replay import record_rules, replay_file

    def results(path, **kw):
        seen = []
        rep = replay_file(path, on_step=lambda st, _: seen or seen.append(st), **kw)
        st = seen[0]
        return rep, [(r.kind, r.deltas, [(w.winner, w.from_who, w.score.han, w.score.fu,
                                          w.score.points, w.score.yaku_ids)
                                         for w in r.wins]) for r in st.hand_results], \
            list(st.scores)

    dated = 0
    for f, j in zip(standard["files"], standard["mjai"]):
        back = tmp_path / (os.path.basename(j)[:-6] + ".mjlog")
        back.write_text(to_mjlog(j), encoding="utf-8")
        g, h = load_mjlog(f), load_mjlog(str(back))
        calls = lambda game: [e.meld for r in game.rounds for e in r.events
                              if type(e).__name__ == "Call"]
        assert calls(g) == calls(h), f
        # a record without a log id is not dated: its rules are passed (its <GO> lobby
        # bits are applied on top, as for any record)
        kw = {} if g.log_id else {"rules": record_rules(g)}
        dated += bool(g.log_id)
        ra, ha, sa = results(f)
        rb, hb, sb = results(str(back), **kw)
        assert rb.ok and rb.exact == rb.hands == ra.hands, (f, rb.problems)
        assert ha == hb and sa == sb, f
        t6 = tmp_path / (os.path.basename(j)[:-6] + ".json")
        t6.write_text(json.dumps(to_tenhou6(j), ensure_ascii=False), encoding="utf-8")
        rc, hc, sc = results(str(t6), **kw)
        assert rc.ok and rc.exact == rc.hands == ra.hands, (f, rc.problems)
        assert hc == ha and sc == sa, f
    assert dated > 0


def test_converted_mjai_logs_read_in_another_mjai_reader(standard):
    """riichienv's mjai replay (an independent reader) reads every converted log: the
    record's number of hands, and each hand's scores at its start and end (the last
    hand's end before the deposits left on the table go to first place)."""
    riichienv = pytest.importorskip("riichienv")
    for f, j in zip(standard["files"], standard["mjai"]):
        g = load_mjlog(f)
        r = riichienv.MjaiReplay.from_jsonl(j)
        ks = list(r.take_kyokus())
        n = 3 if g.three_player else 4
        starts = [list(x.scores)[:n] for x in g.rounds] + [list(g.final.scores)[:n]]
        assert r.num_rounds() == len(ks) == len(g.rounds), f
        for i, k in enumerate(ks):
            assert list(k.scores)[:n] == starts[i], (f, i)
            end = list(k.end_scores)[:n]
            if i + 1 < len(ks):
                assert end == starts[i + 1], (f, i)
            else:
                left = [b - a for a, b in zip(end, starts[-1])]
                assert all(x == 0 for p, x in enumerate(left)
                           if p != max(range(n), key=lambda q: (starts[-1][q], -q)))
                assert min(left) >= 0 and sum(left) % 1000 == 0, (f, left)


def test_command_line_builds_and_converts(tmp_path, capsys):
    _need_data()
    src = str(MJLOG / "jim137")
    rc = cli_main(["convert", src, "--out", str(tmp_path / "mj")])
    assert rc == 0
    outs = sorted(os.listdir(tmp_path / "mj"))
    assert len(outs) == 4 and all(o.endswith(".mjson") for o in outs)
    rc = cli_main(["dataset", "build", str(tmp_path / "mj"), "--out", str(tmp_path / "d"),
                   "--backend", "serial"])
    assert rc == 0
    m = ds.info(tmp_path / "d")
    assert m["sources_ok"] == 4 and m["rows"] > 0
    rc = cli_main(["dataset", "info", str(tmp_path / "d")])
    assert rc == 0
    assert "rows" in capsys.readouterr().out


def test_gzip_records_give_the_rows_of_the_plain_ones(tmp_path):
    _need_data()
    f = MJLOG / "mjx-edge" / "double-ron.mjlog"
    gz = tmp_path / "g" / "double-ron.mjlog"
    gz.parent.mkdir()
    gz.write_bytes(gzip.compress(f.read_bytes()))
    _build([str(f)], tmp_path / "a")
    _build([str(gz)], tmp_path / "b")
    a, b = _rows(tmp_path / "a"), _rows(tmp_path / "b")
    for k in a:
        assert np.array_equal(a[k], b[k]), k


# ----------------------------------------------------------------------------- docs
DOC = os.path.join(os.path.dirname(__file__), "..", "docs", "dataset.md")


def test_the_docs_examples_run(tmp_path, monkeypatch):
    """docs/dataset.md: its sessions as doctests (on four records), and the torch wrapper
    with a stand-in ``torch`` module (an IterableDataset base, a DataLoader that iterates
    the dataset)."""
    import doctest
    import re
    import sys
    import types

    _need_data()
    if not os.path.exists(DOC):
        pytest.skip("docs/ not beside the tests")
    shutil.copytree(MJLOG / "jim137", tmp_path / "records")
    monkeypatch.chdir(tmp_path)
    r = doctest.testfile(DOC, module_relative=False, optionflags=doctest.ELLIPSIS)
    assert r.attempted >= 5 and r.failed == 0
    text = open(DOC, encoding="utf-8").read()
    code = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "import torch" in b]
    assert len(code) == 1
    torch = types.ModuleType("torch")
    torch.utils = types.SimpleNamespace(data=types.SimpleNamespace(
        IterableDataset=object, DataLoader=lambda d, batch_size=None: iter(d)))
    monkeypatch.setitem(sys.modules, "torch", torch)
    ns = {"dataset": ds}
    exec(code[0], ns)
    batch = next(ns["loader"])
    assert batch["obs"].shape == (256, 111, 34)
