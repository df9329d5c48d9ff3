"""Throughput of the core on this machine and, beside it, of the installed peers: what
``ippatsu bench`` prints, and the peer runners that the source repository's ``bench/``
times.

:func:`measure` times the hand core (``shanten_batch``, scalar ``shanten``,
``is_agari_batch``, ``ukeire_batch``), ``score()`` on random complete hands and
random-agent half games, then (``peers=True``) the peer libraries on the same hands
(:func:`peer_rates`: ``mahjong``'s ``Shanten`` and ``HandCalculator``; ``riichienv`` if
importable), with the ratios and the agreement on the same hands. A few seconds;
``quick=True`` for a fraction of a second.
"""
from __future__ import annotations

import os
import time
from typing import List

__all__ = ["measure", "peer_rates", "random_complete_hand", "random_games",
           "riichienv_random_games"]


def _rate(fn, items, budget: float) -> float:
    """Items per second of ``fn(item)`` over ``items``, repeated until ``budget`` seconds."""
    done = 0
    t0 = time.perf_counter()
    while True:
        for it in items:
            fn(it)
        done += len(items)
        dt = time.perf_counter() - t0
        if dt >= budget:
            return done / dt


def _rate_batch(fn, n: int, budget: float) -> float:
    done = 0
    t0 = time.perf_counter()
    while True:
        fn()
        done += n
        dt = time.perf_counter() - t0
        if dt >= budget:
            return done / dt


def random_complete_hand(rng, closed_only: bool = True):
    """A random complete 14-tile concealed hand as 136-ids (last = the winning tile).

    Four sets (runs or triplets, honors only as triplets) and a pair, never a fifth copy;
    ``rng`` is a :class:`random.Random`.
    """
    while True:
        used = [0] * 34
        kinds: List[int] = []
        ok = True
        for _ in range(4):
            for _attempt in range(20):
                if rng.random() < 0.6:
                    k = rng.randrange(3) * 9 + rng.randrange(7)
                    ks = [k, k + 1, k + 2]
                else:
                    k = rng.randrange(34)
                    ks = [k, k, k]
                if all(used[x] + ks.count(x) <= 4 for x in set(ks)):
                    for x in ks:
                        used[x] += 1
                    kinds += ks
                    break
            else:
                ok = False
        free = [k for k in range(34) if used[k] <= 2]
        if not ok or not free:
            continue
        p = rng.choice(free)
        used[p] += 2
        kinds += [p, p]
        copies = [0] * 34
        ids = []
        for k in kinds:  # ordinary copies first: a red five only as a five's fourth copy
            ids.append(k * 4 + ((1, 2, 3, 0)[copies[k]] if k in (4, 13, 22) else copies[k]))
            copies[k] += 1
        i = rng.randrange(14)
        ids[i], ids[-1] = ids[-1], ids[i]
        return ids


def random_games(n: int, seed: int) -> None:
    """``n`` half games of four uniformly random legal agents (no event log)."""
    from .sim import play
    from .table.agents import RandomAgent

    for i in range(n):
        play(seed + i, [RandomAgent((seed + i) * 4 + j) for j in range(4)], record=False)


def riichienv_random_games(riichienv, n: int, seed: int, mode: str = "4p-red-half") -> None:
    """``n`` riichienv half games (``game_mode=mode``: ``"3p-red-half"`` for three players),
    uniformly random legal actions through its Python API."""
    import random

    rng = random.Random(seed)
    for i in range(n):
        env = riichienv.RiichiEnv(game_mode=mode)
        obs = env.reset(seed=seed + i)
        while not env.done():
            acts = {}
            for p, o in obs.items():
                legal = o.legal_actions()
                acts[p] = legal[rng.randrange(len(legal))]
            obs = env.step(acts)


def measure(quick: bool = False, peers: bool = True, seed: int = 2024) -> dict:
    """measure(quick=False, peers=True, seed=2024) -> {"info", "core", "peers"}

    ``core`` and ``peers`` are lists of ``{"name", "per_second", "unit"}`` rows (a peer
    row adds ``ratio`` and ``agreement``, or ``error``); ``info`` the versions and the
    machine."""
    import platform
    import random

    import numpy as np

    from . import __version__, core
    from .scoring import score

    budget = 0.03 if quick else 0.4
    n_batch = 5000 if quick else 100000
    slow = 1 if core.BACKEND != "python" else 50  # the pure-Python twin: smaller samples
    rng = np.random.default_rng(seed)
    n_batch //= slow
    draws = np.argsort(rng.random((n_batch, 136)), axis=1)[:, :14]
    counts14 = np.zeros((n_batch, 34), np.uint8)
    np.add.at(counts14, (np.repeat(np.arange(n_batch), 14), (draws // 4).ravel()), 1)
    counts13 = counts14.copy()
    last = draws[:, 13] // 4
    counts13[np.arange(n_batch), last] -= 1
    prng = random.Random(seed)
    n_win = (200 if quick else 1000) // min(slow, 10)
    wins = [random_complete_hand(prng) for _ in range(n_win)]
    win_counts = np.zeros((n_win, 34), np.uint8)
    for i, ids in enumerate(wins):
        for t in ids:
            win_counts[i, t >> 2] += 1
    n_scalar = (2000 if quick else 20000) // slow
    scalar_rows = [bytes(counts13[i]) for i in range(min(n_scalar, n_batch))]
    sit = [dict(tsumo=bool(i % 2), riichi=bool(i % 3 == 0), seat_wind=i % 4) for i in range(n_win)]

    results = []

    def add(name, rate, unit="hands"):
        results.append({"name": name, "per_second": rate, "unit": unit})
        return rate

    s_batch = add(f"shanten_batch (N={n_batch:,}, 13 tiles)",
                  _rate_batch(lambda: core.shanten_batch(counts13), n_batch, budget))
    s_scalar = add("shanten() scalar calls", _rate(core.shanten, scalar_rows, budget), "calls")
    add(f"is_agari_batch (N={n_batch:,}, 14 tiles)",
        _rate_batch(lambda: core.is_agari_batch(counts14), n_batch, budget))
    add(f"ukeire_batch (N={n_batch:,}, 13 tiles)",
        _rate_batch(lambda: core.ukeire_batch(counts13), n_batch, budget))
    random_games(1, 0)  # warm-up: first-use costs of the table (scoring tables, caches)
    items = list(zip(wins, sit))
    sc = add("score() calls (complete hands)",
             _rate(lambda x: score(x[0], x[0][-1], raise_on_no_yaku=False, **x[1]), items,
                   budget), "calls")

    n_games = max(1, (4 if quick else 40) // slow)
    g = add("random-agent half games (self-play, seeded)",
            _rate_batch(lambda: random_games(n_games, 10_000), n_games, budget), "games")

    peer_rows = []
    if peers:
        peer_rows = peer_rates(counts13, draws, wins, sit, budget, s_batch, s_scalar, sc,
                               n_scalar, g, n_games)
    info = {"ippatsu": __version__, "backend": core.BACKEND, "python": platform.python_version(),
            "numpy": np.__version__, "machine": platform.machine(), "cpus": os.cpu_count(),
            "quick": quick}
    return {"info": info, "core": results, "peers": peer_rows}


def peer_rates(counts13, draws, wins, sit, budget, s_batch, s_scalar, sc, n_scalar,
               games=None, n_games=1) -> list:
    """The installed peers measured on the same hands as :func:`measure` (``mahjong``'s
    ``Shanten`` and ``HandCalculator``, ``riichienv``'s ``calculate_shanten``,
    ``HandEvaluator`` and random half games), each with its rate, the ratio of ippatsu's
    rate to it, and the agreement on the same hands; a peer that fails is listed with the
    error, never raised."""
    from . import core

    from .scoring import score

    peers = []
    our_scores = [score(ids, ids[-1], raise_on_no_yaku=False, **s) for ids, s in zip(wins, sit)]
    n_yaku = sum(1 for o in our_scores if o.error is None)  # peers differ on no-yaku hands
    n = min(n_scalar, counts13.shape[0])
    ours = core.shanten_batch(counts13[:n])

    def ratio(ours_rate, theirs, what):
        r = ours_rate / theirs
        return (f"{r:,.1f}x" if r >= 10 else f"{r:.2f}x") + f" ({what})"

    try:
        import mahjong
        from mahjong.shanten import Shanten
    except ImportError:
        mahjong = None
    if mahjong is not None:
        ver = _version("mahjong")
        sh = Shanten()
        rows34 = [list(map(int, counts13[i])) for i in range(n)]
        try:
            rate = _rate(sh.calculate_shanten, rows34, budget)
            agree = sum(sh.calculate_shanten(r) == int(o) for r, o in zip(rows34, ours))
            peers.append({"name": f"mahjong {ver} Shanten.calculate_shanten",
                          "per_second": rate,
                          "ratio": ratio(s_scalar, rate, "call/call") + ", "
                          + ratio(s_batch, rate, "our batch/their call"),
                          "agreement": f"{agree}/{n} hands"})
        except Exception as e:  # a peer's failure must not stop the bench
            peers.append({"name": f"mahjong {ver} Shanten", "error": _short_err(e)})
        try:
            from mahjong.hand_calculating.hand import HandCalculator
            from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

            hc = HandCalculator()
            opts = OptionalRules(has_open_tanyao=True, has_aka_dora=True)
            cfgs = [HandConfig(is_tsumo=s["tsumo"], is_riichi=s["riichi"],
                               player_wind=27 + s["seat_wind"], round_wind=27, options=opts)
                    for s in sit]
            items = list(zip(wins, cfgs))
            rate = _rate(lambda x: hc.estimate_hand_value(x[0], x[0][-1], config=x[1]), items,
                         budget)
            agree = sum(hc.estimate_hand_value(x[0], x[0][-1], config=x[1]).han == o.han
                        for x, o in zip(items, our_scores) if o.error is None)
            peers.append({"name": f"mahjong {ver} HandCalculator.estimate_hand_value",
                          "per_second": rate, "ratio": ratio(sc, rate, "score() call/call"),
                          "agreement": f"{agree}/{n_yaku} han"})
        except Exception as e:
            peers.append({"name": f"mahjong {ver} HandCalculator", "error": _short_err(e)})
    try:
        import riichienv
    except Exception:
        riichienv = None
    if riichienv is not None:
        ver = _version("riichienv")
        # the same hands as counts13: the first 13 of the 14 drawn tiles
        ids13 = [sorted(int(t) for t in draws[i, :13]) for i in range(n)]
        try:
            calc = riichienv.calculate_shanten
            rate = _rate(calc, ids13, budget)
            agree = sum(int(calc(r)) == int(o) for r, o in zip(ids13, ours))
            peers.append({"name": f"riichienv {ver} calculate_shanten", "per_second": rate,
                          "ratio": ratio(s_scalar, rate, "call/call") + ", "
                          + ratio(s_batch, rate, "our batch/their call"),
                          "agreement": f"{agree}/{n} hands"})
        except Exception as e:
            peers.append({"name": f"riichienv {ver} calculate_shanten",
                          "error": _short_err(e)})
        try:
            HE, Cond = riichienv.HandEvaluator, riichienv.Conditions
            items = [(HE(sorted(ids[:13])), ids[-1],
                      Cond(tsumo=s["tsumo"], riichi=s["riichi"], player_wind=s["seat_wind"]))
                     for ids, s in zip(wins, sit)]
            rate = _rate(lambda x: x[0].calc(x[1], dora_indicators=[], conditions=x[2]),
                         items, budget)
            agree = sum(x[0].calc(x[1], dora_indicators=[], conditions=x[2]).han == o.han
                        for x, o in zip(items, our_scores) if o.error is None)
            peers.append({"name": f"riichienv {ver} HandEvaluator.calc", "per_second": rate,
                          "ratio": ratio(sc, rate, "score() call/call"),
                          "agreement": f"{agree}/{n_yaku} han"})
        except Exception as e:
            peers.append({"name": f"riichienv {ver} HandEvaluator.calc",
                          "error": _short_err(e)})
        if games:
            try:
                k = max(1, n_games // 4)
                riichienv_random_games(riichienv, 1, 0)  # warm-up
                rate = _rate_batch(lambda: riichienv_random_games(riichienv, k, 10_000), k,
                                   budget)
                peers.append({"name": f"riichienv {ver} RiichiEnv random half games",
                              "per_second": rate, "ratio": ratio(games, rate, "self-play")})
            except Exception as e:
                peers.append({"name": f"riichienv {ver} RiichiEnv", "error": _short_err(e)})
    return peers


def _short_err(e: Exception) -> str:
    return f"failed: {type(e).__name__}: {str(e)[:60]}"


def _version(dist: str) -> str:
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:
        return "?"
