"""Training data from game records (``docs/dataset.md``).

* :func:`build`: records (Tenhou mjlog plain or gzip, tenhou.net/6 JSON, mjai logs) ->
  a folder of Parquet shards, one row per decision of each chosen seat: the observation
  of the env's encoder (:mod:`ippatsu.env`, byte for byte what the env shows at the same
  state), the legal mask, the action index (:mod:`ippatsu.table.actionspace`), the
  counters and the labels; a ``manifest.json``.
* :func:`load`: shuffled numpy batches from such a folder (no torch needed).
* :func:`info`: the manifest of a dataset folder.
"""
from __future__ import annotations

import json
import os
from typing import Iterator, Optional, Sequence

import numpy as np

from ..table.actionspace import SIZE
from ._build import FORMAT_VERSION, DatasetError, Filters, build, source_files
from ._rows import LABEL_COLUMNS, META_COLUMNS, RESULT_CODES, Packing

__all__ = ["build", "load", "info", "Filters", "DatasetError", "RESULT_CODES",
           "FORMAT_VERSION", "source_files", "decode_obs"]


def info(path) -> dict:
    """The manifest of the dataset folder ``path`` (``manifest.json``)."""
    p = os.path.join(os.fspath(path), "manifest.json")
    try:
        with open(p, encoding="utf-8") as f:
            m = json.load(f)
    except (OSError, ValueError) as e:
        raise DatasetError(f"{path}: not a dataset folder (no readable manifest.json: "
                           f"{e})", "not_a_dataset") from None
    if m.get("format") != "ippatsu.dataset":
        raise DatasetError(f"{path}: manifest.json is not an ippatsu dataset's",
                           "not_a_dataset")
    if m.get("format_version") != FORMAT_VERSION:
        raise DatasetError(f"{path}: dataset format {m.get('format_version')}, this "
                           f"ippatsu reads {FORMAT_VERSION}", "not_a_dataset")
    return m


def _packing(m: dict) -> Optional[Packing]:
    d = m["encoder"].get("packing")
    if d is None:
        return None
    return Packing(d["channels"], d["const"], d["free"])


def _fixed(col, dtype, width: int) -> np.ndarray:
    """The rows of a FixedSizeBinary column as a (n, width) numpy array of ``dtype``."""
    arr = col.combine_chunks() if hasattr(col, "combine_chunks") else col
    n = len(arr)
    itemsize = np.dtype(dtype).itemsize
    nbytes = width * itemsize
    buf = arr.buffers()[1]
    flat = np.frombuffer(buf, dtype=np.uint8, count=(arr.offset + n) * nbytes)
    return flat[arr.offset * nbytes:].view(dtype).reshape(n, width)


def decode_obs(bits: np.ndarray, values: np.ndarray, manifest: dict) -> np.ndarray:
    """The float32 observations ``(n, C, 34)`` of packed rows (``obs_bits``,
    ``obs_values`` as uint8 / float32 arrays) of a dataset with this manifest."""
    return _packing(manifest).unpack(bits, values)


def _read_shard(path: str, m: dict, packing, columns) -> dict:
    import pyarrow.parquet as pq

    t = pq.read_table(path)
    out = {}
    for name, dt in META_COLUMNS + LABEL_COLUMNS:
        if columns is None or name in columns:
            out[name] = t.column(name).to_numpy().astype(dt, copy=False)
    if columns is None or "mask" in columns:
        out["mask"] = _fixed(t.column("mask"), np.uint8, (SIZE + 7) // 8)
    if packing is not None and (columns is None or "obs" in columns):
        out["obs_bits"] = (_fixed(t.column("obs_bits"), np.uint8, packing.bit_bytes)
                           if packing.bits else np.zeros((t.num_rows, 0), np.uint8))
        out["obs_values"] = (_fixed(t.column("obs_values"), np.float32, packing.n_values)
                             if packing.n_values else np.zeros((t.num_rows, 0), np.float32))
    return out


def _decode(rows: dict, packing) -> dict:
    out = {k: v for k, v in rows.items() if k not in ("mask", "obs_bits", "obs_values")}
    if "mask" in rows:
        out["mask"] = np.unpackbits(rows["mask"], axis=1, count=SIZE).astype(bool)
    if "obs_bits" in rows:
        out["obs"] = packing.unpack(rows["obs_bits"], rows["obs_values"])
    return out


def load(path, *, batch_size: int = 1024, shuffle: bool = True, seed=None,
         window: int = 4, columns: Optional[Sequence[str]] = None, drop_last: bool = False,
         epochs: int = 1, part: Optional[tuple] = None, raw: bool = False) -> Iterator[dict]:
    """Batches of a dataset folder: dicts of numpy arrays, ``"obs"`` float32
    ``(B, C, 34)`` (the env's observations), ``"mask"`` bool ``(B, 304)``, ``"action"``,
    ``"seat"``, ... and the labels (``docs/dataset.md`` lists them).

    ``shuffle``: the shards in a random order, and the rows of ``window`` shards at a time
    in a random order (memory: about ``window`` shards of packed rows); ``seed`` makes
    the order repeatable (each epoch its own). ``columns``: the columns wanted (``"obs"``
    for the observation; default all). ``part=(i, k)``: only every ``k``-th shard from the
    ``i``-th (one part per data-loader worker). ``raw=True``: the columns as stored,
    ``"mask"`` packed bits (uint8, 38 per row), ``"obs_bits"`` and ``"obs_values"`` in
    place of ``"obs"`` (:func:`decode_obs` decodes them), to decode elsewhere."""
    m = info(path)
    for v, what in ((batch_size, "batch_size"), (window, "window"), (epochs, "epochs")):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise DatasetError(f"{what} is an int >= 1, got {v!r}", "bad_dataset_option")
    packing = _packing(m)
    files = [s["file"] for s in m["shards"]]
    if part is not None:
        i, k = part
        if not (isinstance(k, int) and isinstance(i, int) and 0 <= i < k):
            raise DatasetError(f"part is (i, k) with 0 <= i < k, got {part!r}",
                               "bad_dataset_option")
        files = files[i::k]
    cols = None if columns is None else set(columns)
    root = os.fspath(path)
    rng = np.random.default_rng(seed)

    def dec(rows):
        return rows if raw else _decode(rows, packing)

    def batches():
        for _ in range(epochs):
            order = rng.permutation(len(files)) if shuffle else np.arange(len(files))
            carry = None
            for w in range(0, len(order), window):
                parts = [_read_shard(os.path.join(root, files[j]), m, packing, cols)
                         for j in order[w:w + window]]
                if carry is not None:
                    parts.insert(0, carry)
                rows = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
                n = len(next(iter(rows.values()))) if rows else 0
                if shuffle:
                    perm = rng.permutation(n)
                    rows = {k: v[perm] for k, v in rows.items()}
                full = n - n % batch_size
                for lo in range(0, full, batch_size):
                    yield dec({k: v[lo:lo + batch_size] for k, v in rows.items()})
                carry = {k: v[full:] for k, v in rows.items()} if full < n else None
            if carry is not None and not drop_last:
                yield dec(carry)

    return batches()
