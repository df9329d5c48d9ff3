"""Speed and size of ``ippatsu.dataset.build``: decision rows per CPU-second with the
``"planes"`` encoder from gzip mjlog, the speed-up of two worker processes over one,
bytes per row, and the peak memory of a build as its input grows.

The input: the 74 standard Tenhou games of the shared data (``../shared/data``, skipped
when absent), each gzip-compressed as Tenhou serves them, copied ``--copies`` times.

    python bench/bench_dataset.py --copies 8          # a table of figures
    python -m pytest bench/bench_dataset.py --benchmark-only
"""
from __future__ import annotations

import argparse
import gzip
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_DATA = Path(os.environ.get("IPPATSU_SHARED_DATA",
                            Path(__file__).resolve().parents[1].parent / "shared" / "data"))
_DIRS = ("mjx", "mjx-edge", "dnovikoff", "gimite", "jim137")


def standard_files():
    root = _DATA / "tenhou" / "mjlog"
    out = []
    for d in _DIRS:
        if (root / d).is_dir():
            out += sorted(p for p in (root / d).iterdir() if p.suffix in (".mjlog", ".xml"))
    return out


def gzip_corpus(dest: Path, copies: int) -> list:
    """The standard games gzip-compressed into ``dest/<copy>/<folder>/<name>`` (``copies``
    times): the paths written."""
    files = standard_files()
    out = []
    for c in range(copies):
        for f in files:
            data = f.read_bytes()
            if data[:2] != b"\x1f\x8b":
                data = gzip.compress(data, 6)
            p = dest / f"{c:04d}" / f.parent.name / f.name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data)
            out.append(str(p))
    return out


def build_once(src: str, out: str, backend: str, workers: int, chunk_files: int = 16):
    """(manifest, wall seconds, CPU seconds of this process and its children)."""
    from ippatsu import dataset as ds

    shutil.rmtree(out, ignore_errors=True)
    c0 = _cpu()
    t0 = time.perf_counter()
    m = ds.build([src], out, backend=backend, workers=workers, progress=False,
                 chunk_files=chunk_files)
    return m, time.perf_counter() - t0, _cpu() - c0


def _cpu() -> float:
    s = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def _peak_rss(src: str, out: str) -> float:
    """Peak resident memory (MiB) of a fresh process building ``src`` serially."""
    code = ("import resource, shutil, sys; from ippatsu import dataset as ds; "
            "shutil.rmtree(sys.argv[2], ignore_errors=True); "
            "ds.build([sys.argv[1]], sys.argv[2], backend='serial', progress=False); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    r = subprocess.run([sys.executable, "-c", code, src, out], check=True,
                       capture_output=True, text=True)
    return int(r.stdout.strip().splitlines()[-1]) / 1024


def big_run(games: int, tmp: Path, every: float = 30.0) -> None:
    """A serial build of ``games`` games (copies of the standard ones) in a child process,
    its resident memory sampled every ``every`` seconds: (seconds, records done, MiB)."""
    files = standard_files()
    copies = -(-games // len(files))
    src = tmp / "big"
    gz = {}
    for f in files:
        data = f.read_bytes()
        gz[f] = data if data[:2] == b"\x1f\x8b" else gzip.compress(data, 6)
    made = 0
    for c in range(copies):
        for f in files:
            if made == games:
                break
            p = src / f"{c:05d}" / f.parent.name / f.name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(gz[f])
            made += 1
    out = tmp / "bigout"
    code = ("import sys; from ippatsu import dataset as ds; "
            "m = ds.build([sys.argv[1]], sys.argv[2], backend='serial', progress=False); "
            "print(m['rows'], m['bytes'], m['sources_ok'])")
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, str(src), str(out)],
                            stdout=subprocess.PIPE, text=True)
    peak = 0.0
    while proc.poll() is None:
        time.sleep(every)
        try:
            with open(f"/proc/{proc.pid}/status") as fh:
                rss = next(int(x.split()[1]) for x in fh if x.startswith("VmRSS")) / 1024
        except (OSError, StopIteration):
            continue
        peak = max(peak, rss)
        done = sum(1 for n in os.listdir(out) if n.endswith(".json")) * 64 \
            if out.is_dir() else 0
        print(f"{time.perf_counter() - t0:8.0f} s  ~{done:7d} records  {rss:7.0f} MiB",
              flush=True)
    rows, nbytes, ok = proc.stdout.read().split()
    print(f"{games} games: {ok} ok, {rows} rows, {int(nbytes) / 1e9:.2f} GB, "
          f"{time.perf_counter() - t0:.0f} s, peak sampled memory {peak:.0f} MiB")


# ----------------------------------------------------------------------------- pytest
def test_build_planes_from_gzip_mjlog(benchmark, tmp_path):
    import pytest

    if not standard_files():
        pytest.skip(f"shared data not available: {_DATA}")
    gzip_corpus(tmp_path / "src", 1)
    m = benchmark.pedantic(build_once, args=(str(tmp_path / "src"), str(tmp_path / "out"),
                                             "serial", 1), rounds=3, iterations=1)[0]
    assert m["sources_ok"] == len(standard_files())
    benchmark.extra_info["rows"] = m["rows"]
    benchmark.extra_info["bytes_per_row"] = m["bytes_per_row"]


# ----------------------------------------------------------------------------- script
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--copies", type=int, default=8, help="copies of the 74 games")
    ap.add_argument("--rounds", type=int, default=3, help="best of this many runs")
    ap.add_argument("--memory", default="1,4,16",
                    help="copies for the peak-memory runs (comma-separated; '' to skip)")
    ap.add_argument("--big", type=int, default=0, metavar="GAMES",
                    help="only a serial build of this many games, its memory sampled")
    ap.add_argument("--tmp", default=None, help="folder for the --big input and output")
    args = ap.parse_args(argv)
    if not standard_files():
        print(f"shared data not available: {_DATA}", file=sys.stderr)
        return 1
    if args.big:
        with tempfile.TemporaryDirectory(dir=args.tmp) as tmp:
            big_run(args.big, Path(tmp))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        files = gzip_corpus(tmp / "src", args.copies)
        size = sum(os.path.getsize(f) for f in files)
        print(f"input: {len(files)} gzip mjlog games, {size / 1e6:.1f} MB")
        best = {}
        for r in range(args.rounds):
            for backend, workers in (("serial", 1), ("local", 2)):
                m, wall, cpu = build_once(str(tmp / "src"), str(tmp / "out"), backend,
                                          workers)
                key = (backend, workers)
                rows = m["rows"]
                prev = best.get(key)
                if prev is None or wall < prev[1]:
                    best[key] = (rows, wall, cpu, m)
        rows, w1, c1, m1 = best[("serial", 1)]
        _, w2, c2, _ = best[("local", 2)]
        print(f"rows: {rows} ({rows / len(files):.0f} a game), {m1['bytes_per_row']} bytes "
              f"a row ({m1['bytes'] / size:.2f}x the gzip input)")
        print(f"serial: {rows / c1:,.0f} rows per CPU-second, {rows / w1:,.0f} rows/s "
              f"wall ({len(files) / c1:.1f} games per CPU-second)")
        print(f"local x 2: {rows / w2:,.0f} rows/s wall, {w1 / w2:.2f}x serial's wall "
              f"clock ({rows / c2:,.0f} rows per CPU-second, the pool included)")
        if args.memory:
            for k in (int(x) for x in args.memory.split(",") if x):
                src = tmp / f"mem{k}"
                gzip_corpus(src, k)
                rss = _peak_rss(str(src), str(tmp / f"memout{k}"))
                print(f"peak memory, {k * len(standard_files())} games serially: "
                      f"{rss:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
