#!/usr/bin/env python3
"""Side-by-side throughput of ippatsu and its peers, in one run, with ratios.

    python bench/compare_peers.py            # a few seconds per row
    python bench/compare_peers.py --quick    # smaller batches (smoke test)
    python bench/compare_peers.py --repeat 3 # three whole runs, then per row the best
                                             # ratio and the spread (min-max) of the runs

Each row times the same seeded hands through every engine that offers the operation:
``mahjong`` (pure Python) and ``riichienv`` (Rust, through its Python API) when they are
installed. Rates are hands (or calls) per second on one thread unless the row says so;
the ratio column is ippatsu's rate over the best peer's, and its label says what is
compared: ``call/call`` (one Python call per hand on both sides: like with like) or
``batch/call`` (ippatsu's array API against the peer's per-call loop: what a user gains by
switching to the batch API, not an engine-for-engine comparison; the peers have no batch
API). The peers are timed on 13-tile hands, so only 13-tile rows carry a ratio.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _hands import random_counts, random_ids  # noqa: E402

import ippatsu  # noqa: E402
from ippatsu import core  # noqa: E402


def rate(fn, n_items, min_time=0.5):
    """Items per second: best of repeated timed runs lasting at least min_time in total."""
    fn()
    best = float("inf")
    spent = 0.0
    runs = 0
    while spent < min_time or runs < 3:
        t = time.perf_counter()
        fn()
        dt = time.perf_counter() - t
        best = min(best, dt)
        spent += dt
        runs += 1
    return n_items / best


def paired_rate(ours, n_ours, theirs, n_theirs, min_time=0.5, rounds=5):
    """(our rate, peer rate), each the best of `rounds` alternating timings: on a machine
    whose load changes, both sides see the same moments, so the ratio is stable."""
    a = b = 0.0
    for _ in range(rounds):
        a = max(a, rate(ours, n_ours, min_time / rounds))
        b = max(b, rate(theirs, n_theirs, min_time / rounds))
    return a, b


def loop(fn, items):
    def run():
        for x in items:
            fn(x)
    return run


def peers():
    found = {}
    try:
        from mahjong.shanten import Shanten

        found["mahjong"] = Shanten()
    except ImportError:
        pass
    try:
        import riichienv

        found["riichienv"] = riichienv
    except ImportError:
        pass
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeat", type=int, default=1,
                    help="whole runs; with more than one, a summary of the ratios (best, "
                         "min-max) and the load average before each run")
    args = ap.parse_args(argv)
    runs = []
    for i in range(max(1, args.repeat)):
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        if args.repeat > 1:
            print(f"--- run {i + 1} of {args.repeat} (load average {load:.2f})")
        runs.append((load, one_run(args)))
    if args.repeat > 1:
        print(f"\nsummary of {args.repeat} runs (load averages "
              f"{', '.join(f'{ld:.2f}' for ld, _ in runs)}): ippatsu / best peer")
        print(f"{'operation':36} {'best ratio':>11} {'spread':>14}   what is compared")
        for j, (name, _, _, ratio) in enumerate(runs[0][1]):
            if ratio is None:
                continue
            rs = [r[1][j][3][0] for r in runs if r[1][j][3] is not None]
            print(f"{name:36} {max(rs):>10.2f}x {min(rs):>6.2f}-{max(rs):.2f}x   {ratio[1]}")
    return 0


def one_run(args) -> list:
    """One whole comparison, printed; returns its rows (name, ours, peers, ratio)."""
    n = 20_000 if args.quick else 200_000
    m = 500 if args.quick else 5_000
    t = 0.1 if args.quick else 0.5
    h13 = random_counts(n, 13, 1)
    h14 = random_counts(n, 14, 2)
    ids = random_ids(m, 13, 3)
    hand_objs = [ippatsu.Hand(x) for x in ids]
    lists = [np.bincount(np.array(x) // 4, minlength=34).tolist() for x in ids]
    p = peers()

    rows = []

    def row(name, ours, theirs, kind="call/call"):
        best = max(theirs.values()) if theirs else None
        rows.append((name, ours, theirs, None if best is None else (ours / best, kind)))

    def call_row(name, ours, n_ours, peer_name, theirs, n_theirs):
        """A call/call row timed in alternation with the peer (stable ratio)."""
        if theirs is None:
            row(name, rate(ours, n_ours, t), {})
            return
        a, b = paired_rate(ours, n_ours, theirs, n_theirs, t)
        row(name, a, {peer_name: b})

    scalar_peers = {}
    if "mahjong" in p:
        scalar_peers["mahjong"] = rate(loop(p["mahjong"].calculate_shanten, lists[: m // 10]), m // 10, t)
    if "riichienv" in p:
        scalar_peers["riichienv"] = rate(loop(p["riichienv"].calculate_shanten, ids), m, t)
    row("shanten, batch of 13-tile hands", rate(lambda: core.shanten_batch(h13), n, t), scalar_peers,
        "batch/call")
    row("shanten, batch of 14-tile hands", rate(lambda: core.shanten_batch(h14), n, t), {})
    row("shanten, batch, all cores", rate(lambda: core.shanten_batch(h13, threads=None), n, t),
        scalar_peers, "batch all cores/call 1 thread")
    # per call, the same hands in every input form (riichienv: 136-id lists), each row
    # timed in alternation with riichienv
    rie = loop(p["riichienv"].calculate_shanten, ids) if "riichienv" in p else None
    rows_np = np.array(lists, np.uint8)
    as_bytes = [bytes(x) for x in lists]
    as_rows = list(rows_np)
    as_text = [str(h) for h in hand_objs]
    forms = [("136-id list", ids), ("bytes", as_bytes), ("numpy row", as_rows),
             ("Hand", hand_objs), ("list of 34", lists), ("notation", as_text)]
    for label, items in forms:
        try:
            core.shanten(items[0])
        except ippatsu.IppatsuError:  # an older ippatsu: no 136-id lists
            continue
        call_row(f"shanten({label}) scalar calls", loop(core.shanten, items), m, "riichienv",
                 rie, m)
    row("is_agari, batch of 14-tile hands", rate(lambda: core.is_agari_batch(h14), n, t), {})
    row("ukeire, batch of 13-tile hands", rate(lambda: core.ukeire_batch(h13[: n // 4]), n // 4, t), {})
    row("waits, batch of 13-tile hands", rate(lambda: core.waits_batch(h13[: n // 4]), n // 4, t), {})

    # scoring: the same seeded winning hands through every engine (bench_scoring's sets)
    try:
        import bench_scoring as bs
        from ippatsu.scoring_batch import score_batch
        from _hands import random_wins

        mod, sets = bs.hand_sets()
        hands = sets["closed"] + sets["open"]
        k = len(hands)
        theirs = {}
        try:
            theirs["mahjong"] = rate(lambda: bs.run_mahjong(mod, hands[: k // 4]), k // 4, t)
        except Exception:  # noqa: BLE001 - a peer that is not installed
            pass
        rr = bs.riichienv_runner()
        if rr is not None:
            theirs["riichienv"] = rate(lambda: rr(hands), k, t)
        rie_s = (lambda: rr(hands)) if rr is not None else None
        as_text = bs.as_notation(hands)
        as_hand = bs.as_hands(hands)
        for label, items in (("136-ids", hands), ("notation", as_text), ("Hand", as_hand)):
            call_row(f"score() scalar calls ({label})",
                     lambda items=items: bs.run_ippatsu(items), k, "riichienv", rie_s, k)
        w = random_wins(n // 2, 9)
        row("score_batch, winning hands", rate(lambda: score_batch(
            w[0], w[1], melds=w[2], flags=w[3], seat_wind=w[4][:, 0], round_wind=w[4][:, 1],
            dora_indicators=w[5], ura_indicators=w[6], red=w[7]), n // 2, t), theirs,
            "batch/call")
    except ImportError as e:
        print(f"(scoring rows skipped: {e})")

    print(f"ippatsu {ippatsu.__version__} ({core.BACKEND} backend); peers: {', '.join(p) or 'none'}")
    print(f"{'operation':36} {'ippatsu/s':>14} {'peers/s':>28} {'ratio (what is compared)':>26}")
    for name, ours, theirs, ratio in rows:
        peer_txt = ", ".join(f"{k} {v:,.0f}" for k, v in theirs.items()) or "-"
        ratio_txt = "-" if ratio is None else f"{ratio[0]:,.1f}x ({ratio[1]})"
        print(f"{name:36} {ours:>14,.0f} {peer_txt:>28} {ratio_txt:>26}")
    return rows


if __name__ == "__main__":
    sys.exit(main())
