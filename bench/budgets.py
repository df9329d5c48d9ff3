"""Instruction budgets: the instructions each operation costs per unit of work, measured
under callgrind and held against ``bench/budgets.toml``.

Instruction counts do not depend on the host's load or clock, so a check against them is
exact on any machine with the same interpreter build: an item more than the tolerance
(3 %) over its budget fails, and one more than 3 % under it fails too, asking for the budget
to be lowered in the same change (so a budget never hides a later slowdown).

Each item is measured as the difference of two run lengths (``n1`` and ``n2`` units, after a
warm-up), so start-up, imports and one-off costs cancel: all items run in one Python
process under ``valgrind --tool=callgrind``, which dumps its counters at each marker call
(``os.getppid``, ``--dump-before``) between the runs. ``PYTHONHASHSEED=0``, fixed seeds
and a garbage collection before each marker make the counts the same on every run.

Usage::

    python bench/budgets.py                  # measure every item, compare with the budgets
    python bench/budgets.py ITEM ...         # only these items
    python bench/budgets.py --update [ITEM ...]  # measure and write the budgets
    python bench/budgets.py --list           # the items and their units

The budgets hold for the interpreter they were measured on (``[measured_on]`` in the
file: CPython version, compiler, optimisation flags, machine); elsewhere the check skips
with a message (exit 0). It needs the compiled core (not ``IPPATSU_PURE_PYTHON=1``) and
valgrind. Exit status: 0 within budget (or skipped), 1 over or under a budget, 2 a usage
or environment error.
"""
from __future__ import annotations

import argparse
import gc
import glob
import json
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUDGETS = HERE / "budgets.toml"
DEFAULT_TOLERANCE = 0.03
MARKER = "os_getppid"  # the C function behind os.getppid: callgrind dumps on entering it


# ------------------------------------------------------------------------------ the items
# Each item: (unit, n1, n2, setup); setup() returns work(n), which does n units of work.
# The runs are sized for a few seconds of work per item under valgrind.

_CACHE: dict = {}


def _cached(key, make):
    """Seeded inputs, made once per process and shared by the items."""
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


def _rows(size, n=40_000):
    """n rows of seeded hands of ``size`` tiles (500 distinct ones, repeated: making them
    costs more than measuring them under valgrind)."""
    import numpy as np
    from _hands import random_counts

    return _cached(("rows", size, n),
                   lambda: np.tile(random_counts(500, size, 5), (n // 500 + 1, 1))[:n])


def _counts13():
    return _rows(13)[:300]


def _shanten_calls(form):
    def setup():
        import numpy as np

        from ippatsu import core
        from ippatsu.hand import Hand
        from ippatsu.tiles import format_counts

        rows = _counts13()
        if form == "bytes":
            hands = [bytes(r) for r in rows]
        elif form == "list":
            hands = [[int(x) for x in r] for r in rows]
        elif form == "Hand":
            hands = [Hand(format_counts([int(x) for x in r])) for r in rows]
        else:
            hands = [format_counts([int(x) for x in r]) for r in rows]
        del np
        shanten = core.shanten
        m = len(hands)

        def work(n):
            for i in range(n):
                shanten(hands[i % m])
        return work
    return setup


def _batch_rows(fn_name, size):
    def setup():
        from ippatsu import core

        rows = _rows(size)
        fn = getattr(core, fn_name)

        def work(n):
            fn(rows[:n])
        return work
    return setup


def _wins(n):
    """n rows of seeded winning hands as score_batch's arrays (1,000 distinct ones,
    repeated)."""
    import numpy as np
    from _hands import random_wins

    base = _cached("wins", lambda: random_wins(1_000, 9))
    reps = n // 1_000 + 1
    return tuple(np.concatenate([a] * reps)[:n] for a in base)


def _closed_wins(n):
    """n closed seeded winning hands as score() arguments: 136-ids (no red five), the
    winning tile's id, the flags, the winds and a dora indicator id."""
    counts, win, melds, flags, winds, dora, _ura, _red = _wins(1_000)
    out = []
    for i in range(len(counts)):
        if (melds[i, :, 0] != 255).any() or (counts[i, [4, 13, 22]] == 4).any() \
                or counts[i, dora[i, 0]] == 4:
            continue
        ids = [k * 4 + cp + (k in (4, 13, 22)) for k in range(34)
               for cp in range(int(counts[i, k]))]
        w = int(win[i]) * 4 + (int(win[i]) in (4, 13, 22))
        dk = int(dora[i, 0])  # the indicator: a copy the hand does not hold
        d = next(dk * 4 + cp for cp in (3, 2, 1, 0) if dk * 4 + cp not in ids)
        out.append(dict(ids=ids, win=w, tsumo=bool(flags[i] & 1), riichi=bool(flags[i] & 2),
                        seat_wind=int(winds[i, 0]), round_wind=int(winds[i, 1]), dora=d))
        if len(out) == n:
            break
    return out


def _score_calls(form):
    def setup():
        import ippatsu
        from ippatsu.hand import Hand
        from ippatsu.tiles import format_tiles, tile_name

        calls = []
        for h in _closed_wins(300):
            kw = dict(tsumo=h["tsumo"], riichi=h["riichi"], seat_wind=h["seat_wind"],
                      round_wind=h["round_wind"], raise_on_no_yaku=False)
            if form == "ids":
                calls.append(((h["ids"], h["win"]), dict(kw, dora_indicators=[h["dora"]])))
            elif form == "notation":
                calls.append(((format_tiles(h["ids"]), tile_name(h["win"])),
                              dict(kw, dora_indicators=tile_name(h["dora"]))))
            else:
                calls.append(((Hand(h["ids"]), h["win"]), dict(kw, dora_indicators=[h["dora"]])))
        score = ippatsu.score
        m = len(calls)

        def work(n):
            for i in range(n):
                a, kw = calls[i % m]
                score(*a, **kw)
        return work
    return setup


def _score_batch_rows():
    from ippatsu.scoring_batch import score_batch

    counts, win, melds, flags, winds, dora, ura, red = _wins(40_000)

    def work(n):
        score_batch(counts[:n], win[:n], melds=melds[:n], flags=flags[:n],
                    seat_wind=winds[:n, 0], round_wind=winds[:n, 1],
                    dora_indicators=dora[:n], ura_indicators=ura[:n], red=red[:n])
    return work


def _half_games(agent):
    def setup():
        from ippatsu.sim import play
        from ippatsu.table.agents import GreedyAgent, RandomAgent

        def work(n):
            for seed in range(n):
                if agent == "random":
                    agents = [RandomAgent(seed * 4 + j) for j in range(4)]
                else:
                    agents = [GreedyAgent() for _ in range(4)]
                play(seed, agents, record=False)
        return work
    return setup


def _stepped_games(masks):
    """Random legal play stepped through ``GameState.step`` (the default rules' seeded
    games, a ``random.Random`` choosing from the legal lists); with ``masks`` the
    deciding seats' ``legal_mask`` read at every decision as well: the two items' difference
    is what the masks cost."""
    def setup():
        import random
        from ippatsu.table import GameState, Phase

        turn, response, end = Phase.TURN, Phase.RESPONSE, Phase.GAME_END

        def work(n):
            for seed in range(n):
                st = GameState(seed=seed, record=False)
                rng = random.Random(seed)
                while st.phase is not end:
                    if st.phase is turn:
                        p = st.actor
                        if masks:
                            st.legal_mask(p)
                        acts = st.legal_actions(p)
                        st.step(acts[rng.randrange(len(acts))])
                    elif st.phase is response:
                        chosen = []
                        for p in st.to_act:
                            if masks:
                                st.legal_mask(p)
                            acts = st.legal_actions(p)
                            chosen.append(acts[rng.randrange(len(acts))])
                        st.step(chosen)
                    else:
                        st.step([])
        return work
    return setup


def _env_decisions():
    """``VecEnv`` decisions: 8 games, the ``"planes"`` encoder, random legal indices
    (``VecEnv.random_actions`` of a seeded generator, as bench/bench_env.py). Each run starts
    the same env and generator again, so the two run lengths play the same steps and their
    difference is steps n1 .. n2 (the observations' clearing counts a byte an instruction
    under callgrind)."""
    import numpy as np
    from ippatsu.env import VecEnv

    def work(n):
        env = VecEnv(8, rules="tenhou", encoder="planes", seed=0, copy=False)
        env.reset()
        rng = np.random.default_rng(0)
        for _ in range(-(-n // 8)):
            env.step(env.random_actions(rng))
    return work


def _solo_rollouts():
    from ippatsu import core
    from ippatsu.tiles import parse_counts

    hand = parse_counts("2345m67p34s789s11z")
    unseen = [4 - x for x in hand]

    def work(n):
        core.solo_rollouts(hand, unseen, 12, 0, n, 7, "efficiency")
    return work


def _shared_data() -> Path:
    env = os.environ.get("IPPATSU_SHARED_DATA")
    return Path(env) if env else HERE.parent.parent / "shared" / "data"


class Unavailable(Exception):
    """An item that cannot run here (its data or extra is missing)."""


def _tenhou_replays():
    from ippatsu.io import load_mjlog
    from ippatsu.rules import GameLength
    from ippatsu.table.replay import replay_game, tenhou_rules

    root = _shared_data() / "tenhou" / "mjlog" / "mjx"
    files = sorted(root.glob("*.mjlog")) if root.is_dir() else []
    if not files:
        raise Unavailable(f"the Tenhou records of {root} (IPPATSU_SHARED_DATA)")
    g = load_mjlog(str(files[0]))
    lt = g.lobby_type
    rules = tenhou_rules()
    if lt is not None and not lt.hanchan:
        rules = rules.replace(game_length=GameLength.EAST)
    rounds, complete = g.rounds, bool(g.complete)

    def work(n):
        # the same record, n times: the difference of two run lengths is whole replays
        for _ in range(n):
            replay_game(rounds, rules, complete=complete)
    return work


def _server_score():
    try:
        from ippatsu.server import create_app
    except ImportError as e:  # the server extra
        raise Unavailable(f"the server extra ({e})") from None
    import asyncio

    app = create_app()
    bodies = [json.dumps(dict(hand=__import__("ippatsu").format_tiles(h["ids"]),
                              win_tile=__import__("ippatsu").tiles.tile_name(h["win"]),
                              tsumo=h["tsumo"], riichi=True, seat_wind=h["seat_wind"],
                              dora_indicators=__import__("ippatsu").tiles.tile_name(h["dora"])
                              )).encode() for h in _closed_wins(100)]
    status = []

    async def request(body):
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "POST", "scheme": "http", "path": "/v1/score", "raw_path": b"/v1/score",
                 "root_path": "", "query_string": b"",
                 "headers": [(b"host", b"localhost"), (b"content-type", b"application/json"),
                             (b"content-length", str(len(body)).encode())],
                 "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000)}
        sent = False

        async def receive():
            nonlocal sent
            if sent:
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message):
            if message["type"] == "http.response.start":
                status.append(message["status"])

        await app(scope, receive, send)

    async def many(n):
        for i in range(n):
            await request(bodies[i % len(bodies)])

    loop = asyncio.new_event_loop()

    def work(n):
        status.clear()
        loop.run_until_complete(many(n))
        if any(s != 200 for s in status):
            raise RuntimeError(f"/v1/score answered {sorted(set(status))}")
    return work


# name: (unit, n1, n2, setup)
ITEMS = {
    "shanten_bytes": ("call", 2_000, 6_000, _shanten_calls("bytes")),
    "shanten_list": ("call", 2_000, 6_000, _shanten_calls("list")),
    "shanten_hand": ("call", 2_000, 6_000, _shanten_calls("Hand")),
    "shanten_notation": ("call", 2_000, 6_000, _shanten_calls("notation")),
    "shanten_batch": ("row", 10_000, 40_000, _batch_rows("shanten_batch", 13)),
    "agari_batch": ("row", 10_000, 40_000, _batch_rows("is_agari_batch", 14)),
    "waits_batch": ("row", 2_000, 8_000, _batch_rows("waits_batch", 13)),
    "ukeire_batch": ("row", 2_000, 8_000, _batch_rows("ukeire_batch", 13)),
    "score_ids": ("call", 500, 2_000, _score_calls("ids")),
    "score_notation": ("call", 500, 2_000, _score_calls("notation")),
    "score_hand": ("call", 500, 2_000, _score_calls("Hand")),
    "score_batch": ("row", 10_000, 40_000, _score_batch_rows),
    "random_half_game": ("game", 1, 4, _half_games("random")),
    "greedy_half_game": ("game", 1, 3, _half_games("greedy")),
    "stepped_game": ("game", 1, 3, _stepped_games(False)),
    "stepped_game_masks": ("game", 1, 3, _stepped_games(True)),
    "env_decision": ("decision", 8_000, 24_000, _env_decisions),
    "solo_rollout": ("rollout", 500, 2_000, _solo_rollouts),
    "tenhou_replay": ("game", 1, 3, _tenhou_replays),
    "server_score": ("request", 100, 400, _server_score),
}


# ------------------------------------------------------------------ the measuring process
def _child(names, out_path):
    """Run under callgrind: per item, setup and a warm-up, then n1 units and n2 units, each
    followed by a collection and a marker (a dump). Writes what ran to out_path."""
    ran = []
    for name in names:
        unit, n1, n2, setup = ITEMS[name]
        try:
            work = setup()
            work(max(1, n1 // 4))  # first-use costs: tables, caches, the meld cache
        except Unavailable as e:
            ran.append([name, None, str(e)])
            continue
        gc.collect()
        os.getppid()
        work(n1)
        gc.collect()
        os.getppid()
        work(n2)
        gc.collect()
        os.getppid()
        ran.append([name, [n1, n2], None])
    Path(out_path).write_text(json.dumps(ran))


def _totals(path):
    with open(path) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    raise RuntimeError(f"{path}: no totals line")


def measure(names, python=sys.executable, verbose=False):
    """Instructions per unit of each item: {name: int or None (unavailable)}, notes."""
    with tempfile.TemporaryDirectory(prefix="ippatsu-budgets-") as tmp:
        out = os.path.join(tmp, "cg.out")
        ran_path = os.path.join(tmp, "ran.json")
        env = dict(os.environ, PYTHONHASHSEED="0")
        cmd = ["valgrind", "--tool=callgrind", f"--dump-before={MARKER}",
               f"--callgrind-out-file={out}", python, str(Path(__file__).resolve()),
               "--child", ran_path, *names]
        r = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if r.returncode != 0 or not os.path.exists(ran_path):
            sys.stderr.write(r.stdout[-4000:] + r.stderr[-4000:])
            raise SystemExit("error: the measuring process failed (output above)")
        ran = json.loads(Path(ran_path).read_text())
        dumps = sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
        expected = 3 * sum(1 for _n, ns, _w in ran if ns)
        if len(dumps) != expected:
            raise SystemExit(f"error: {len(dumps)} callgrind dumps, expected {expected} (is "
                             f"{MARKER} a symbol of this Python? is os.getppid called "
                             f"elsewhere?)")
        if verbose:
            print("callgrind dumps (setup + warm-up, n1 units, n2 units per item):")
            for p in dumps + [out]:
                print(f"  {os.path.basename(p):12s} {_totals(p):15,d}")
        result, notes, d = {}, {}, 0
        for name, ns, why in ran:
            if not ns:
                result[name], notes[name] = None, why
                continue
            a, b = _totals(dumps[d + 1]), _totals(dumps[d + 2])
            d += 3
            result[name] = round((b - a) / (ns[1] - ns[0]))
        return result, notes


# ------------------------------------------------------------------- the file, the check
def fingerprint():
    """What the counts depend on. The first five must match for the check to run; the
    others are reported when they differ."""
    args = sysconfig.get_config_var("CONFIG_ARGS") or ""
    opts = [o for o in ("--enable-optimizations", "--with-lto") if o in args]
    fp = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "compiler": platform.python_compiler(),
        "optimizations": " ".join(opts) or "none",
        "machine": platform.machine(),
    }
    try:
        import numpy
        fp["numpy"] = numpy.__version__
    except ImportError:
        pass
    try:
        import Cython
        fp["cython"] = Cython.__version__
    except ImportError:
        pass
    v = shutil.which("valgrind")
    if v:
        fp["valgrind"] = subprocess.run([v, "--version"], capture_output=True,
                                        text=True).stdout.strip()
    return fp


MUST_MATCH = ("python", "implementation", "compiler", "optimizations", "machine")


def load():
    try:
        import tomllib
    except ImportError:  # CPython < 3.11: not the interpreter of the budgets anyway
        return {"tolerance": DEFAULT_TOLERANCE, "measured_on": {"python": "3.11+"},
                "instructions": {}}

    if not BUDGETS.exists():
        return {"tolerance": DEFAULT_TOLERANCE, "measured_on": {}, "instructions": {}}
    with open(BUDGETS, "rb") as f:
        return tomllib.load(f)


def save(data):
    lines = [
        "# Instruction budgets: instructions per unit of work under callgrind (bench/budgets.py",
        "# measures them as the difference of two run lengths, so start-up cancels).",
        "# A count more than `tolerance` over its budget fails the check; more than `tolerance`",
        "# under it fails too: lower the budget in the same change.",
        "# Update after a change meant to move them:  python bench/budgets.py --update [ITEM ...]",
        "",
        f"tolerance = {data['tolerance']}",
        "",
        "# the interpreter the counts hold for (elsewhere the check skips with a message)",
        "[measured_on]",
    ]
    for k, v in data["measured_on"].items():
        lines.append(f"{k} = {json.dumps(v)}")
    lines += ["", "[instructions]"]
    for name in ITEMS:
        if name in data["instructions"]:
            unit = ITEMS[name][0]
            lines.append(f"{name} = {data['instructions'][name]}  # per {unit}")
    BUDGETS.write_text("\n".join(lines) + "\n")


def _skip_reason(recorded):
    here = fingerprint()
    for k in MUST_MATCH:
        if recorded.get(k) != here.get(k):
            return (f"the budgets were measured on {k} {recorded.get(k)!r}, this is "
                    f"{here.get(k)!r}")
    return None


def verdicts(names, counts, budgets, tol, notes=None):
    """Per item: (name, verdict, table line, problem or None); verdict "ok", "OVER" (more
    than ``tol`` over the budget), "UNDER" (more than ``tol`` under it: the budget must be
    lowered), "NONE" (no budget) or "SKIPPED" (the item could not run here)."""
    out = []
    for name in names:
        unit, c = ITEMS[name][0], counts[name]
        if c is None:
            why = (notes or {}).get(name, "")
            out.append((name, "SKIPPED", f"{name:18s} {unit:8s} {'skipped':>12s}  (needs {why})",
                        None))
            continue
        b = budgets.get(name)
        if b is None:
            out.append((name, "NONE", f"{name:18s} {unit:8s} {c:12,d} {'none':>12s}",
                        f"{name}: no budget (python bench/budgets.py --update {name})"))
            continue
        ch = c / b - 1
        verdict, problem = "ok", None
        if ch > tol:
            verdict = "OVER"
            problem = (f"{name}: {c:,} instructions per {unit}, {ch:+.1%} over its budget "
                       f"{b:,}")
        elif ch < -tol:
            verdict = "UNDER"
            problem = (f"{name}: {c:,} instructions per {unit}, {ch:+.1%} under its budget "
                       f"{b:,}: lower the budget in the same change (python "
                       f"bench/budgets.py --update {name})")
        out.append((name, verdict, f"{name:18s} {unit:8s} {c:12,d} {b:12,d} {ch:+8.1%} "
                    f"{verdict if verdict != 'ok' else ''}".rstrip(), problem))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("items", nargs="*", help="items to measure (default: all)")
    ap.add_argument("--update", action="store_true",
                    help="write the measured counts as the budgets")
    ap.add_argument("--list", action="store_true", help="list the items")
    ap.add_argument("--json", action="store_true", help="print the counts as JSON")
    ap.add_argument("--verbose", action="store_true", help="print every callgrind dump")
    ap.add_argument("--child", metavar="PATH", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child:
        _child(a.items, a.child)
        return 0
    if a.list:
        for name, (unit, n1, n2, _s) in ITEMS.items():
            print(f"{name:18s} per {unit:8s} ({n2 - n1} units measured)")
        return 0
    unknown = [n for n in a.items if n not in ITEMS]
    if unknown:
        print(f"error: unknown items {unknown}; --list shows them", file=sys.stderr)
        return 2
    names = a.items or list(ITEMS)
    data = load()
    if os.environ.get("IPPATSU_PURE_PYTHON") == "1":
        print("budgets: SKIPPED: the budgets are for the compiled core "
              "(IPPATSU_PURE_PYTHON=1 is set)")
        return 0
    if not a.update:
        why = _skip_reason(data.get("measured_on", {}))
        if why:
            print(f"budgets: SKIPPED: {why}; measure them there with "
                  f"`python bench/budgets.py --update`")
            return 0
    elif a.items and _skip_reason(data.get("measured_on", {})):
        print(f"error: {_skip_reason(data['measured_on'])}: update every item at once "
              f"(python bench/budgets.py --update)", file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None:
        print("error: valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    from ippatsu import core

    if core.BACKEND == "python":
        print("error: the compiled core is not built", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    counts, notes = measure(names, verbose=a.verbose)
    took = time.monotonic() - t0
    if a.json:
        print(json.dumps(counts, indent=1))
    tol = float(data.get("tolerance", DEFAULT_TOLERANCE))
    here = fingerprint()
    for k, v in data.get("measured_on", {}).items():
        if k not in MUST_MATCH and here.get(k) != v and not a.update:
            print(f"note: measured with {k} {v!r}, this is {here.get(k)!r}")
    if a.update:
        data.setdefault("tolerance", DEFAULT_TOLERANCE)
        data["measured_on"] = here
        for name, c in counts.items():
            if c is not None:
                data["instructions"][name] = c
        save(data)
    budgets = data.get("instructions", {})
    print(f"{'item':18s} {'unit':8s} {'measured':>12s} {'budget':>12s} {'change':>8s}")
    bad = []
    for name, verdict, line, problem in verdicts(names, counts, budgets, tol, notes):
        print(line)
        if problem:
            bad.append(problem)
    print(f"({took:.0f} s under callgrind; tolerance {tol:.0%})")
    if a.update:
        print(f"wrote {BUDGETS}")
        return 0
    if bad:
        print("budgets: FAILED\n  " + "\n  ".join(bad))
        return 1
    print("budgets: all within budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
