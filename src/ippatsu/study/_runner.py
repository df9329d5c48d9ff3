"""Running a study: chunks of samples, execution backends, progress, Parquet, resume.

Design
------
A study is a picklable *task* (:class:`Task`) that knows how to run the samples
``start <= i < stop`` of one chunk and return an exact accumulator for them (see
:mod:`ippatsu.study._stats`), plus optional per-sample rows. :func:`execute` cuts ``n``
samples into chunks of a fixed size (the size depends on the study, never on the number
of workers), runs them on a backend and merges the accumulators in chunk order.

* Sample ``i`` draws all its randomness from ``SeedSequence(seed, spawn_key=(i,))`` (the
  ``i``-th child that ``SeedSequence(seed).spawn`` would give) or, in the solo kernel, from
  a stream keyed by ``(seed, i)``: a sample never depends on which chunk or worker ran it.
* Accumulators hold Python integers, so merging is exact: **the same seed gives the same
  result, bit for bit, on every backend with any number of workers.**
* Backends: ``"serial"`` (this process), ``"local"`` (a process pool over every core;
  the default), ``"ray"`` (a Ray cluster: ``ray.init(address=...)`` when an address is
  given, else the running or a new local Ray). At most ``2 × workers`` chunks are in flight,
  so memory stays flat however large ``n`` is.
* Ctrl-C (``KeyboardInterrupt``) stops the run: the chunks finished so far are merged and
  the result is marked ``partial``. Workers ignore SIGINT; the pool is torn down.
* ``out=FOLDER`` writes one Parquet file per finished chunk (its per-sample rows, with the
  chunk's accumulator and the study's fingerprint in the file metadata, written atomically);
  ``resume=True`` reads the chunks already there back instead of running them again, so a
  run stopped by Ctrl-C, a crash or a lost machine goes on where it was, and a finished
  study can be extended to a larger ``n``.
"""
from __future__ import annotations

import json
import os
import signal
import sys
import time
from typing import Any, Dict, Iterator, List, Optional, Tuple

import numpy as np

from ..errors import IppatsuError, StudyError

__all__ = ["Task", "RunInfo", "execute", "sample_seed", "resolve_seed", "BACKENDS"]

BACKENDS = ("local", "serial", "ray")


def resolve_seed(seed) -> int:
    """The study's root seed: ``seed`` itself (an int ≥ 0) or, for ``None``, fresh
    entropy that the result records so the run can be repeated."""
    if seed is None:
        return int(np.random.SeedSequence().entropy)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise StudyError(f"seed must be a non-negative int or None, got {seed!r}", "bad_seed")
    if seed < 0:
        raise StudyError(f"seed must be a non-negative int, got {seed}", "bad_seed")
    return int(seed)


def sample_seed(seed: int, i: int) -> np.random.SeedSequence:
    """The seed sequence of sample ``i``: ``SeedSequence(seed).spawn(i + 1)[i]``, made
    directly (constant memory for any ``i``)."""
    return np.random.SeedSequence(seed, spawn_key=(i,))


class Task:
    """What :func:`execute` runs. Subclasses set ``kind``, ``unit`` and ``chunk_size`` and
    implement :meth:`new_acc`, :meth:`run_chunk` and :meth:`fingerprint`."""

    kind = "task"
    unit = "samples"
    chunk_size = 100

    def new_acc(self):  # pragma: no cover - interface
        raise NotImplementedError

    def run_chunk(self, start: int, stop: int, rows: bool) -> Tuple[Any, Optional[dict]]:
        """Run samples ``start <= i < stop``: (accumulator, per-sample columns or None)."""
        raise NotImplementedError  # pragma: no cover - interface

    def fingerprint(self) -> dict:
        """JSON-able description of everything that determines a sample (resume checks it)."""
        raise NotImplementedError  # pragma: no cover - interface

    def acc_from_state(self, state):  # pragma: no cover - interface
        raise NotImplementedError


class RunInfo:
    """How a run went: samples asked and done, backend, workers, seconds, partial."""

    __slots__ = ("n", "done", "backend", "workers", "seconds", "partial", "resumed", "chunks")

    def __init__(self, n, done, backend, workers, seconds, partial, resumed, chunks):
        self.n = n
        self.done = done
        self.backend = backend
        self.workers = workers
        self.seconds = seconds
        self.partial = partial
        self.resumed = resumed
        self.chunks = chunks

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__}

    def __repr__(self) -> str:
        d = self.to_dict()
        d["seconds"] = round(d["seconds"], 3)
        return "RunInfo(" + ", ".join(f"{k}={v!r}" for k, v in d.items()) + ")"

    def __eq__(self, other) -> bool:
        return isinstance(other, RunInfo) and self.to_dict() == other.to_dict()


# ----------------------------------------------------------------------------- workers
def _run_chunk(task: Task, index: int, start: int, stop: int, rows: bool):
    """Worker entry point: never lets a traceback escape; an error comes back as a value."""
    try:
        acc, cols = task.run_chunk(start, stop, rows)
        return index, acc, cols, None
    except IppatsuError as e:
        return index, None, None, (type(e).__name__, getattr(e, "code", "invalid"), str(e))
    except Exception as e:  # noqa: BLE001 - reported to the caller as a StudyError
        return index, None, None, ("StudyError", "worker_failed",
                                   f"samples {start}-{stop - 1}: {type(e).__name__}: {e}")


def _raise_worker_error(err) -> None:
    name, code, msg = err
    import ippatsu.errors as errors

    cls = getattr(errors, name, None)
    if not (isinstance(cls, type) and issubclass(cls, IppatsuError)):
        cls = StudyError
    raise cls(msg, code)


def _ignore_sigint() -> None:  # pragma: no cover - runs in the workers
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(n: int, size: int, skip) -> Iterator[Tuple[int, int, int]]:
    for index, start in enumerate(range(0, n, size)):
        if index not in skip:
            yield index, start, min(n, start + size)


def _serial(task, jobs, rows, done):
    for index, start, stop in jobs:
        done(_run_chunk(task, index, start, stop, rows))


def _local(task, jobs, rows, done, workers):
    import concurrent.futures as cf

    ex = cf.ProcessPoolExecutor(workers, initializer=_ignore_sigint)
    pending = set()
    try:
        for job in jobs:
            pending.add(ex.submit(_run_chunk, task, *job, rows))
            if len(pending) >= 2 * workers:
                finished, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                for f in finished:
                    done(f.result())
        for f in cf.as_completed(pending):
            done(f.result())
        pending = set()
    finally:
        if pending:  # interrupted or failed: drop what has not run, stop the workers
            for f in pending:
                f.cancel()
            procs = list(getattr(ex, "_processes", {}).values())
            ex.shutdown(wait=False, cancel_futures=True)
            for p in procs:
                p.terminate()
        else:
            ex.shutdown(wait=True)


def _ray_init(workers, address):
    """The ``ray`` module, connected: to the cluster at ``address``, else to the running or
    a new local Ray (``workers`` CPUs)."""
    try:
        import ray
    except ImportError:
        raise StudyError("backend='ray' needs Ray: pip install \"ippatsu[ray]\"",
                         "missing_dependency") from None
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    return ray


def _ray_cpus(workers, address) -> int:
    return max(1, int(_ray_init(workers, address).cluster_resources().get("CPU", workers or 1)))


def _ray(task, jobs, rows, done, workers, address):
    ray = _ray_init(workers, address)
    remote = ray.remote(_run_chunk)
    task_ref = ray.put(task)
    width = max(2, 2 * _ray_cpus(workers, address))
    pending: List[Any] = []
    try:
        for job in jobs:
            pending.append(remote.remote(task_ref, *job, rows))
            if len(pending) >= width:
                ready, pending = ray.wait(pending, num_returns=1)
                for r in ready:
                    done(ray.get(r))
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for r in ready:
                done(ray.get(r))
    finally:
        for r in pending:
            ray.cancel(r, force=True)


# ----------------------------------------------------------------------------- Parquet
def _pa():
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise StudyError("out= needs pyarrow: pip install \"ippatsu[study]\"",
                         "missing_dependency") from None
    return pa, pq


def _chunk_path(out: str, index: int) -> str:
    return os.path.join(out, f"chunk-{index:07d}.parquet")


def _write_chunk(out, fp_json, index, start, stop, acc, cols) -> None:
    pa, pq = _pa()
    table = pa.table(cols if cols else {"sample": pa.array([], pa.int64())})
    meta = {b"ippatsu.study": fp_json.encode(),
            b"ippatsu.chunk": json.dumps([index, start, stop]).encode(),
            b"ippatsu.acc": json.dumps(acc.state()).encode()}
    table = table.replace_schema_metadata(meta)
    path = _chunk_path(out, index)
    tmp = path + ".tmp"
    pq.write_table(table, tmp)
    os.replace(tmp, path)


def _read_chunks(out: str, fp_json: str, n: int, size: int) -> Dict[int, str]:
    """The chunks already in ``out`` that belong to this study: index -> path (their
    accumulators are read one at a time when they are merged)."""
    _pa()
    import pyarrow.parquet as pq

    found = {}
    for name in sorted(os.listdir(out)):
        if not (name.startswith("chunk-") and name.endswith(".parquet")):
            continue
        path = os.path.join(out, name)
        meta = _chunk_meta(path)
        if meta.get(b"ippatsu.study", b"").decode() != fp_json:
            raise StudyError(f"{path} belongs to a different study (other parameters, "
                             f"seed or chunk size); use another out folder", "bad_resume")
        index, start, stop = json.loads(meta[b"ippatsu.chunk"])
        if start >= n:
            continue
        if stop != min(n, start + size):  # the last chunk of a smaller earlier n: rerun it
            continue
        found[index] = path
    return found


def _chunk_meta(path: str) -> dict:
    import pyarrow.parquet as pq

    try:
        return pq.read_schema(path).metadata or {}
    except Exception as e:  # noqa: BLE001 - a damaged file is reported by name
        raise StudyError(f"{path}: not a readable Parquet chunk ({e})", "bad_resume") from None


def read_rows(out: str):
    """All per-sample rows written to ``out`` as one ``pyarrow.Table`` (chunk order)."""
    pa, pq = _pa()
    files = sorted(f for f in os.listdir(out) if f.startswith("chunk-") and f.endswith(".parquet"))
    tables = [pq.read_table(os.path.join(out, f)).replace_schema_metadata(None) for f in files]
    return pa.concat_tables(tables) if tables else pa.table({})


# ----------------------------------------------------------------------------- execute
def _progress_bar(progress, total, initial, unit):
    if progress is False:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        if progress:
            raise StudyError("progress=True needs tqdm: pip install \"ippatsu[study]\"",
                             "missing_dependency") from None
        return None
    if progress is None and not (hasattr(sys.stderr, "isatty") and sys.stderr.isatty()):
        return None
    return tqdm(total=total, initial=initial, unit=f" {unit}", unit_scale=total >= 10_000,
                dynamic_ncols=True, smoothing=0.1)


def check_backend(backend: str, workers) -> int:
    if backend not in BACKENDS:
        raise StudyError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}",
                         "bad_backend")
    if workers is None:
        return 1 if backend == "serial" else (os.cpu_count() or 1)
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or workers < 1:
        raise StudyError(f"workers must be an int >= 1, got {workers!r}", "bad_workers")
    return int(workers)


def check_n(n, what: str = "n") -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n <= 0:
        raise StudyError(f"{what} must be an int > 0, got {n!r}", "bad_n")
    return int(n)


#: a study without ``out`` is cut into at least this many chunks (when it has that many
#: samples): short runs then end with every worker busy, not one finishing a long chunk
_MIN_CHUNKS = 64
#: on Ray, at least this many chunks per CPU of the cluster instead: a Ray task costs
#: milliseconds to schedule and collect, so fewer, larger chunks (measured on two CPUs,
#: 600 games: 8 chunks ran 1.85x serial, 50 chunks 1.65x)
_RAY_CHUNKS_PER_CPU = 4


def execute(task: Task, n: int, *, backend: str = "local", workers: Optional[int] = None,
            chunk_size: Optional[int] = None, progress: Optional[bool] = None,
            out: Optional[str] = None, resume: bool = False,
            address: Optional[str] = None) -> Tuple[Any, RunInfo]:
    """Run ``n`` samples of ``task``; returns (merged accumulator, :class:`RunInfo`)."""
    n = check_n(n)
    workers = check_backend(backend, workers)
    if chunk_size is not None:
        size = check_n(chunk_size, "chunk_size")
    elif out is None:
        # at least _MIN_CHUNKS chunks, so that a short study keeps every worker busy to
        # the end (the result does not depend on the chunking: exact sums, fixed order)
        least = (_RAY_CHUNKS_PER_CPU * _ray_cpus(workers, address) if backend == "ray"
                 else _MIN_CHUNKS)
        size = max(1, min(task.chunk_size, -(-n // least)))
    else:
        size = task.chunk_size  # fixed: a folder of chunks can be resumed for a larger n
    fp = dict(task.fingerprint(), chunk_size=size)
    fp_json = json.dumps(fp, sort_keys=True)
    have: Dict[int, str] = {}
    if out is not None:
        _pa()
        out = os.fspath(out)
        if os.path.isdir(out) and any(f.startswith("chunk-") for f in os.listdir(out)):
            if not resume:
                raise StudyError(f"{out} already holds study chunks: pass resume=True to go "
                                 f"on with them, or choose an empty folder", "out_not_empty")
            have = _read_chunks(out, fp_json, n, size)
        else:
            os.makedirs(out, exist_ok=True)
    n_chunks = (n + size - 1) // size

    def span(index: int) -> Tuple[int, int]:
        start = index * size
        return start, min(n, start + size)

    resumed = sum(span(i)[1] - span(i)[0] for i in have)
    bar = _progress_bar(progress, n, resumed, task.unit)
    # merged in chunk order as soon as every earlier chunk is in: only the few chunks that
    # finished ahead of a slower one wait in `early`, so memory stays flat for any n
    acc = task.new_acc()
    early: Dict[int, Any] = {}
    state = {"next": 0, "done": resumed, "merged": 0}
    errors: List[tuple] = []
    t0 = time.perf_counter()

    def advance() -> None:
        i = state["next"]
        while i < n_chunks:
            if i in early:
                acc.merge(early.pop(i))
            elif i in have:
                meta = _chunk_meta(have[i])
                acc.merge(task.acc_from_state(json.loads(meta[b"ippatsu.acc"])))
            else:
                break
            state["merged"] += 1
            i += 1
        state["next"] = i

    def done(res) -> None:
        index, part, cols, err = res
        if err is not None:
            errors.append(err)
            raise _Abort()
        s, e = span(index)
        if out is not None:
            _write_chunk(out, fp_json, index, s, e, part, cols)
        early[index] = part
        advance()
        state["done"] += e - s
        if bar is not None:
            bar.update(e - s)

    advance()  # resumed chunks at the front
    jobs = _chunks(n, size, have)
    rows = out is not None
    if backend != "ray" and (backend == "serial" or workers == 1 or n_chunks - len(have) <= 1):
        run_backend = "serial"
    else:
        run_backend = backend
    partial = False
    try:
        if run_backend == "serial":
            _serial(task, jobs, rows, done)
        elif run_backend == "local":
            _local(task, jobs, rows, done, workers)
        else:
            _ray(task, jobs, rows, done, workers, address)
    except _Abort:
        pass
    except KeyboardInterrupt:
        partial = True
    except Exception as e:  # noqa: BLE001 - a worker process died (killed, out of memory)
        if type(e).__name__ not in ("BrokenProcessPool", "RayTaskError", "WorkerCrashedError",
                                    "RaySystemError", "RayActorError"):
            raise
        errors.append(("StudyError", "worker_died", f"a worker process died: "
                       f"{type(e).__name__}: {e}".strip()))
    finally:
        if bar is not None:
            bar.close()
    if errors:
        _raise_worker_error(errors[0])
    # an interrupted run: the chunks that finished after a gap, then resumed ones past it
    for i in sorted(set(early) | {j for j in have if j >= state["next"]}):
        acc.merge(early.pop(i) if i in early else task.acc_from_state(
            json.loads(_chunk_meta(have[i])[b"ippatsu.acc"])))
        state["merged"] += 1
    # the backend that really ran: a study of one chunk (or one worker) runs in-process
    info = RunInfo(n, state["done"], run_backend, workers if run_backend != "serial" else 1,
                   time.perf_counter() - t0,
                   partial or state["done"] < n, resumed, state["merged"])
    return acc, info


class _Abort(Exception):
    """A worker reported an error: stop submitting, tear the pool down, then raise it."""
