"""Load on ``ippatsu serve``: requests/s and p50/p99 latency of /v1/score and /v1/analyze
at 1, 16 and 64 concurrent clients, and batch shanten hands/s (10,000-hand requests).

Starts one real uvicorn process (``python -m ippatsu serve``, one worker) on a free
loopback port, unless ``--url`` points at a running server, and drives it with asyncio
clients on raw keep-alive HTTP/1.1 connections (one per concurrent client; httpx, of the
``test`` extra, only for readiness and the batch). A script, not a pytest module:

    python bench/bench_server.py                     # 2,000 requests per cell
    python bench/bench_server.py --requests 100000   # the issue's 100,000-request run
    python bench/bench_server.py --json

The client runs on the same machine as the server and takes CPU from it: the numbers are
a floor for the server alone. For a server it started (or ``--server-pid``), each cell
also reports the server process's own CPU time per request (user + system, from /proc),
which the client's share of the machine does not change much.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
from typing import List


def _winning_hands(n: int, seed: int) -> List[dict]:
    """n closed winning hands (4 sets + a pair, riichi so there is a yaku), seeded; each a
    /v1/score body that the library scores."""
    import ippatsu

    rng = random.Random(seed)
    out: List[dict] = []
    while len(out) < n:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.7:
                s, r = rng.randrange(3), rng.randrange(7)
                for k in range(3):
                    counts[s * 9 + r + k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        text = ippatsu.format_counts(counts)
        body = {"hand": text, "riichi": True, "tsumo": rng.random() < 0.3,
                "seat_wind": rng.randrange(4), "dora_indicators": "1m"}
        try:
            ippatsu.score(text, **{k: v for k, v in body.items() if k != "hand"})
        except ValueError:
            continue
        out.append(body)
    return out


def _analyze_hands(n: int, seed: int) -> List[dict]:
    import ippatsu

    rng = random.Random(seed)
    out = []
    for _ in range(n):
        ids = rng.sample(range(136), 13)
        out.append({"hand": ippatsu.format_tiles(sorted(ids))})
    return out


def _pct(xs: List[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


class _Conn:
    """One keep-alive HTTP/1.1 connection on raw asyncio streams: the lightest client, so
    that the measurement is the server's, not the client library's."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def post(self, path: str, body: bytes) -> int:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.write(b"POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json"
                          b"\r\nContent-Length: %d\r\n\r\n%s"
                          % (path.encode(), self.host.encode(), len(body), body))
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            k, _, v = line.partition(b":")
            if k.strip().lower() == b"content-length":
                length = int(v)
        await self.reader.readexactly(length)
        return status

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def _cpu_seconds(pid) -> float:
    """user + system CPU seconds of a process (Linux /proc; 0.0 elsewhere)."""
    if pid is None:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


async def _load(url: str, path: str, bodies: List[dict], total: int, conc: int,
                pid=None) -> dict:
    from urllib.parse import urlsplit

    u = urlsplit(url)
    payloads = [json.dumps(b).encode() for b in bodies]
    lat: List[float] = []
    errors = 0
    nxt = 0

    async def worker():
        nonlocal nxt, errors
        conn = _Conn(u.hostname, u.port or 80)
        try:
            while nxt < total:
                i = nxt
                nxt += 1
                t = time.perf_counter()
                try:
                    ok = await conn.post(path, payloads[i % len(payloads)]) == 200
                except (OSError, asyncio.IncompleteReadError, ValueError):
                    ok = False
                    conn.close()
                    conn = _Conn(u.hostname, u.port or 80)
                lat.append(time.perf_counter() - t)
                errors += not ok
        finally:
            conn.close()

    cpu0 = _cpu_seconds(pid)
    t0 = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(conc)))
    wall = time.perf_counter() - t0
    row = {"path": path, "concurrency": conc, "requests": total, "errors": errors,
           "rps": total / wall, "p50_ms": 1e3 * _pct(lat, 50), "p99_ms": 1e3 * _pct(lat, 99)}
    if pid is not None:   # the server's own CPU time per request (a local server only)
        row["server_cpu_us"] = 1e6 * (_cpu_seconds(pid) - cpu0) / total
    return row


async def _batch(url: str, n_hands: int, reps: int, form: str) -> dict:
    import httpx

    import ippatsu

    rng = random.Random(7)
    ids = [sorted(rng.sample(range(136), 13)) for _ in range(n_hands)]
    if form == "notation":
        hands = [ippatsu.format_tiles(h) for h in ids]
    else:   # 34 counts
        hands = [ippatsu.parse_counts(ippatsu.format_tiles(h)) for h in ids]
    errors = 0
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        t0 = time.perf_counter()
        for _ in range(reps):
            r = await client.post("/v1/batch/shanten", json={"hands": hands})
            errors += r.status_code != 200
        wall = time.perf_counter() - t0
    return {"path": "/v1/batch/shanten", "hands": form, "hands_per_request": n_hands,
            "requests": reps,
            "errors": errors, "hands_per_s": n_hands * reps / wall,
            "ms_per_request": 1e3 * wall / reps}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start() -> tuple:
    import httpx

    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ippatsu", "serve", "--port", str(port),
                             "--log-level", "warning"], env=dict(os.environ))
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            raise SystemExit("the server exited before it was ready")
        try:
            if httpx.get(url + "/v1/health", timeout=2).status_code == 200:
                return proc, url
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            proc.kill()
            raise SystemExit("the server was not ready in 60 s")
        time.sleep(0.1)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", help="a running server (default: start one)")
    ap.add_argument("--requests", type=int, default=2000, help="requests per cell")
    ap.add_argument("--concurrency", default="1,16,64", help="clients, comma-separated")
    ap.add_argument("--batch-reps", type=int, default=5, help="10,000-hand batch requests")
    ap.add_argument("--server-pid", type=int,
                    help="with --url: the server's process id, to report its CPU time")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args(argv)

    proc = None
    url = args.url
    if url is None:
        proc, url = _start()
    try:
        import httpx

        health = httpx.get(url + "/v1/health", timeout=10).json()
        score_bodies = _winning_hands(500, 1)
        analyze_bodies = _analyze_hands(500, 2)
        rows = []
        for path, bodies in (("/v1/score", score_bodies), ("/v1/analyze", analyze_bodies)):
            asyncio.run(_load(url, path, bodies, min(200, args.requests), 4))  # warm up
            for conc in (int(c) for c in args.concurrency.split(",")):
                rows.append(asyncio.run(_load(url, path, bodies, args.requests, conc,
                                              proc.pid if proc is not None
                                              else args.server_pid)))
                if not args.json:
                    r = rows[-1]
                    print(f"{path:12} c={conc:<3} {r['rps']:8.0f} req/s  p50 "
                          f"{r['p50_ms']:7.2f} ms  p99 {r['p99_ms']:7.2f} ms  "
                          f"errors {r['errors']}/{r['requests']}"
                          + (f"  server CPU {r['server_cpu_us']:4.0f} us/request"
                             if "server_cpu_us" in r else ""), flush=True)
        batches = [asyncio.run(_batch(url, 10_000, args.batch_reps, form))
                   for form in ("notation", "counts")]
        if args.json:
            print(json.dumps({"backend": health["backend"], "load": rows, "batch": batches},
                             indent=1))
        else:
            for b in batches:
                print(f"/v1/batch/shanten 10,000 hands/request ({b['hands']}): "
                      f"{b['hands_per_s']:,.0f} hands/s ({b['ms_per_request']:.0f} ms/request,"
                      f" errors {b['errors']}/{b['requests']})")
            print(f"backend {health['backend']}")
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
