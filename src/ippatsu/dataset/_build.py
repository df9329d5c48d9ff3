"""``ippatsu.dataset.build``: records -> shards of decision rows, a manifest.

Design
------
The sources (files, folders searched for records) are sorted into one list; source ``i``
is game number ``i`` of the dataset. The list is cut into chunks of ``chunk_files``
sources, run by the study runner's backends (``serial``, ``local`` processes, ``ray``):
a chunk replays its records one by one (:func:`ippatsu.table.replay.replay_game`, with
:class:`~ippatsu.dataset._rows.GameRows` as its ``on_step``), keeps the rows of a game only
when the whole game replayed exactly, and writes them to Parquet shards of at most
``shard_rows`` rows (``part-CCCCCC-SSS.parquet``), then its marker
``part-CCCCCC.json`` (what each source gave, or why it was skipped). A worker holds at
most one shard of packed rows: memory is flat whatever the number of records.

Resume: a chunk whose marker is there (written last, atomically, by a run with the same
fingerprint) is not run again; a chunk without one is run from the start (its stale
shards are removed first). The manifest (``manifest.json``) is written at the end from
the markers.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import time
from typing import Any, Dict, Iterable, List, Optional

import numpy as np

from ..errors import DatasetError, IppatsuError, RecordError
from ..rules import Rules
from ..table.actionspace import SIZE
from ._rows import (LABEL_COLUMNS, MASK_BYTES, META_COLUMNS, GameRows, NotInMask,
                    Packing)

__all__ = ["build", "Filters", "source_files", "encoder_packing", "FORMAT_VERSION",
           "DatasetError"]

#: the layout version of a dataset folder (its manifest and shard columns)
FORMAT_VERSION = 1
#: the record files a folder is searched for
RECORD_SUFFIXES = (".mjlog", ".xml", ".json", ".mjson", ".jsonl", ".mjlog.gz", ".xml.gz")
_ROOMS = {"般": "ippan", "上": "joukyuu", "特": "tokujou", "鳳": "houou"}


# ----------------------------------------------------------------------------- options
class Filters:
    """Which records (and seats) go into a dataset, by what their headers say.

    ``rooms``: Tenhou rooms to keep (``"ippan"``, ``"joukyuu"``, ``"tokujou"``,
    ``"houou"``: an mjlog's ``<GO type>``, a tenhou.net/6 ``rule.disp``); ``min_dan``: only
    the rows of seats whose player's dan index (an mjlog's ``<UN dan>``: 0 新人 ... 10
    初段 ... 20 天鳳) is at least this; ``since`` / ``until``: the day the game was played
    (inclusive; its log id); ``players``: 4 or 3. A record whose header does not say what
    a filter asks about is left out (reason ``filtered``), never guessed."""

    __slots__ = ("rooms", "min_dan", "since", "until", "players")

    def __init__(self, rooms: Optional[Iterable[str]] = None, min_dan: Optional[int] = None,
                 since=None, until=None, players: Optional[int] = None):
        if isinstance(rooms, str):
            rooms = [rooms]
        self.rooms = None if rooms is None else frozenset(rooms)
        if self.rooms is not None and not self.rooms <= set(_ROOMS.values()):
            raise DatasetError(f"rooms are {', '.join(_ROOMS.values())}, got "
                               f"{sorted(self.rooms)}", "bad_dataset_option")
        if min_dan is not None and (isinstance(min_dan, bool) or not isinstance(min_dan, int)
                                    or min_dan < 0):
            raise DatasetError(f"min_dan is an int >= 0, got {min_dan!r}",
                               "bad_dataset_option")
        self.min_dan = min_dan
        self.since = _day(since, "since")
        self.until = _day(until, "until")
        if players not in (None, 3, 4):
            raise DatasetError(f"players is 3 or 4, got {players!r}", "bad_dataset_option")
        self.players = players

    @classmethod
    def of(cls, spec) -> "Filters":
        if spec is None:
            return cls()
        if isinstance(spec, Filters):
            return spec
        if isinstance(spec, dict):
            bad = set(spec) - set(cls.__slots__)
            if bad:
                raise DatasetError(f"unknown filters {sorted(bad)}: "
                                   f"{', '.join(cls.__slots__)}", "bad_dataset_option")
            return cls(**spec)
        raise DatasetError(f"filters is a dict or a Filters, got {spec!r}",
                           "bad_dataset_option")

    def to_dict(self) -> dict:
        return {"rooms": sorted(self.rooms) if self.rooms is not None else None,
                "min_dan": self.min_dan,
                "since": self.since.isoformat() if self.since else None,
                "until": self.until.isoformat() if self.until else None,
                "players": self.players}

    def check(self, header: dict) -> Optional[str]:
        """Why a record with this header is left out (None: it is kept)."""
        if self.rooms is not None:
            room = header.get("room")
            if room is None:
                return "the header names no room"
            if room not in self.rooms:
                return f"room {room}"
        if self.since is not None or self.until is not None:
            day = header.get("date")
            if day is None:
                return "the record is not dated"
            day = _dt.date.fromisoformat(day)
            if self.since is not None and day < self.since:
                return f"played {day}, before {self.since}"
            if self.until is not None and day > self.until:
                return f"played {day}, after {self.until}"
        if self.players is not None and header.get("players") != self.players:
            return f"{header.get('players')} players"
        if self.min_dan is not None:
            dans = header.get("dan")
            if not dans:
                return "the header gives no player ranks"
            if all(d is None or d < self.min_dan for d in dans):
                return f"no player of dan {self.min_dan} or above"
        return None

    def seats(self, header: dict, n: int) -> set:
        if self.min_dan is None:
            return set(range(n))
        dans = header.get("dan") or ()
        return {p for p in range(n) if p < len(dans) and dans[p] is not None
                and dans[p] >= self.min_dan}


def _day(v, what: str) -> Optional[_dt.date]:
    if v is None:
        return None
    if isinstance(v, _dt.datetime):
        return v.date()
    if isinstance(v, _dt.date):
        return v
    if isinstance(v, str):
        try:
            return _dt.date.fromisoformat(v)
        except ValueError:
            pass
    raise DatasetError(f"{what} is a date or 'YYYY-MM-DD', got {v!r}", "bad_dataset_option")


def _seats_of(seats) -> Optional[frozenset]:
    """None for every seat, else the chosen seats."""
    if seats is None or seats == "all":
        return None
    if isinstance(seats, int) and not isinstance(seats, bool):
        seats = [seats]
    try:
        out = frozenset(seats)
    except TypeError:
        out = None
    if not out or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 3
                      for s in out):
        raise DatasetError(f"seats is 'all', a seat 0-3 or seats 0-3, got {seats!r}",
                           "bad_dataset_option")
    return out


def encoder_packing(encoder, rules=None):
    """(the env's encoder object, its :class:`Packing`, its name, its version) for
    ``encoder`` (``"planes"``, ``"oracle"``, None or an :class:`ippatsu.env.Encoder`);
    ``rules`` (a :class:`Rules` or None): the layout of their flowers, and with two or more
    red fives in a suit (``Rules.red_five_counts``) the red channels, which then count up
    to four copies, are stored whole, not as bits."""
    from ..env.encoders import Encoder, NoEncoder, encoder_of

    if encoder == "mjai":
        raise DatasetError("a dataset's observations are arrays: 'planes', 'oracle', "
                           "None or an Encoder (an mjai log is what `ippatsu convert` "
                           "writes)", "bad_dataset_option")
    try:
        enc = encoder_of(encoder, rules if isinstance(rules, Rules) else None)
    except IppatsuError as e:
        raise DatasetError(str(e), "bad_dataset_option") from None
    if isinstance(enc, NoEncoder):
        return enc, None, None, None
    if not isinstance(enc, Encoder):  # pragma: no cover - encoder_of returns one
        raise DatasetError(f"not an array encoder: {encoder!r}", "bad_dataset_option")
    names = list(getattr(enc, "names", ()) or ())
    version = getattr(enc, "version", None)
    if isinstance(encoder, str) and len(names) == enc.channels:
        const = [i for i, nm in enumerate(names)
                 if nm.split(".")[-1] in ("shanten", "kyoku", "honba", "deposits",
                                          "tiles_left", "score", "north",
                                          "flower_indicators", "live_flowers",
                                          "ura_flowers")]
        free_names = ("first_discard",)
        if rules is not None and max(rules.red_counts) > 1:
            free_names += ("hand_red", "meld_red")
        free = [i for i, nm in enumerate(names) if nm.split(".")[-1] in free_names]
        packing = Packing(enc.channels, const, free)
        name = encoder
    else:
        packing = Packing(enc.channels)
        name = f"{type(enc).__module__}.{type(enc).__qualname__}"
    return enc, packing, name, version


# ----------------------------------------------------------------------------- sources
def _is_record(name: str) -> bool:
    return name.endswith(RECORD_SUFFIXES)


def source_files(paths) -> List[str]:
    """Every record file of ``paths`` (files, and folders searched recursively for
    ``.mjlog``, ``.xml``, ``.json``, ``.mjson``, ``.jsonl``), sorted, without repeats."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out = set()
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for n in names:
                    if _is_record(n):
                        out.add(os.path.join(root, n))
        elif os.path.exists(p):
            out.add(p)
        else:
            raise DatasetError(f"{p}: no such file or folder", "no_source")
    return sorted(out)


def _load(path: str, rules):
    """(format, rounds, rules, complete, final_scores, header) of one record, as
    :func:`ippatsu.table.replay.replay_file` reads it."""
    from ..io.mjai import load_mjai, mjai_rounds
    from ..io.mjlog import MAX_RECORD_BYTES, load_mjlog
    from ..io.tenhou6 import load_tenhou6
    from ..table.replay import mjai_rules, record_date, record_rules, tenhou_rules

    if path.endswith((".mjson", ".jsonl")):
        if os.path.getsize(path) > MAX_RECORD_BYTES:
            raise RecordError(f"{path}: larger than the {MAX_RECORD_BYTES} byte limit",
                              code="record_too_large", path=path)
        events = load_mjai(path)
        rounds, complete, final = mjai_rounds(events)
        start = next((e for e in events if e["type"] == "start_game"), {})
        stated = mjai_rules(events)
        header = {"format": "mjai", "names": start.get("names"),
                  "players": 3 if rounds and len(rounds[0].hands) == 3 else 4,
                  "rules_source": "given" if rules is not None else
                  "record" if stated is not None else "assumed"}
        return ("mjai", rounds, rules or stated or tenhou_rules(), complete, final, header)
    if path.endswith(".json"):
        rounds = load_tenhou6(path, strict=False)
        complete = None if (rounds and all(r.complete for r in rounds)) else False
        meta = rounds[0].meta if rounds else None
        day = record_date(rounds)
        header = {"format": "tenhou6", "date": day.isoformat() if day else None,
                  "room": _ROOMS.get(meta.disp[:1]) if meta is not None else None,
                  "names": list(meta.names) if meta is not None else None,
                  "players": 3 if meta is not None and meta.three_player else 4,
                  "rules_source": "given" if rules is not None else
                  "record" if day is not None and meta is not None and meta.disp else
                  "assumed"}
        return "tenhou6", rounds, record_rules(rounds, rules), complete, None, header
    g = load_mjlog(path)
    day = record_date(g)
    lt = g.lobby_type
    header = {"format": "mjlog", "date": day.isoformat() if day else None,
              "room": lt.room if lt is not None else None,
              "lobby": g.lobby,
              "names": [p.name for p in g.players] or None,
              "dan": [p.dan for p in g.players] or None,
              "players": 3 if g.three_player else 4,
              "rules_source": "given" if rules is not None else
              "record" if day is not None and lt is not None else "assumed"}
    return ("mjlog", g.rounds, record_rules(g, rules), g.complete,
            g.final.scores if g.final else None, header)


# ----------------------------------------------------------------------------- one record
class _Skip(Exception):
    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


def game_rows(path: str, game: int, rows: GameRows, rules=None, seats=None,
              filters: Optional[Filters] = None, strict_rules: bool = False) -> dict:
    """Replay the record ``path`` into ``rows`` (reset to game number ``game``) and return
    its manifest entry; the game's columns are in ``entry["cols"]`` when it was kept.
    ``strict_rules``: skip a record whose rules are assumed (``rules_not_stated``)."""
    from ..env.encoders import OracleEncoder, PlanesEncoder
    from ..table.replay import replay_game

    entry: Dict[str, Any] = {"path": path, "game": game}
    rows.reset(game)
    try:
        try:
            fmt, rounds, rules_used, complete, final, header = _load(path, rules)
        except IppatsuError as e:
            raise _Skip(getattr(e, "code", "bad_record"), str(e)) from None
        except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError,
                UnicodeError, RecursionError) as e:
            raise _Skip("bad_record", f"{type(e).__name__}: {e}") from None
        entry["format"] = fmt
        for k in ("date", "room"):
            if header.get(k) is not None:
                entry[k] = header[k]
        filters = filters or Filters()
        why = filters.check(header)
        if why is not None:
            entry.update(status="filtered", reason=why)
            return entry
        entry["rules_source"] = header["rules_source"]
        if strict_rules and header["rules_source"] == "assumed":
            raise _Skip("rules_not_stated", "the record does not state its rules (a date and "
                        "a lobby, or an mjai log's ippatsu_rules); pass rules= to say them")
        n = header.get("players", 4)
        chosen = filters.seats(header, n)
        if seats is not None:
            chosen &= set(seats)
        rows.seats = frozenset(chosen)
        entry["rules"] = repr(rules_used)
        if isinstance(rows.enc, (PlanesEncoder, OracleEncoder)) and \
                rows.enc.flowers != rules_used.flowers:
            # the observation layout is the dataset's (the rules given): a record with
            # flower tiles needs the flower layout, and the other way round
            have = "have" if rules_used.flowers else "have no"
            raise _Skip("unsupported_rules", f"the record's rules {have} flower tiles, the "
                        f"dataset's planes are of the other layout: pass rules with flowers "
                        f"to build a dataset of flower games")
        try:
            rep = replay_game(rounds, rules_used, os.path.basename(path), complete=complete,
                              final_scores=final, on_step=rows)
        except NotInMask as e:
            raise _Skip("action_not_in_mask", str(e)) from None
        except IppatsuError as e:
            raise _Skip(getattr(e, "code", "bad_record"), str(e)) from None
        if rep.problems:
            label, cause, msg = rep.problems[0]
            if isinstance(cause, str) and cause == "error" and "NotInMask" in msg:
                raise _Skip("action_not_in_mask", msg)
            raise _Skip("replay_mismatch", f"{label} [{cause}] {msg}"
                        + (f" (+{len(rep.problems) - 1} more)" if len(rep.problems) > 1
                           else ""))
        if not rep.complete or rows.st is None or rows.st.final is None:
            raise _Skip("incomplete_record", "the record ends before the game does")
        cols = rows.finish()
        entry.update(status="ok", hands=rep.hands, rows=int(len(cols["game"])))
        entry["cols"] = cols
        return entry
    except _Skip as s:
        entry.update(status="skipped", code=s.code, reason=s.reason)
        return entry


# ----------------------------------------------------------------------------- shards
def _pa():
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise DatasetError("a dataset's shards need pyarrow: pip install \"ippatsu[study]\"",
                           "missing_dependency") from None
    return pa, pq


def _fixed(pa, arr: np.ndarray):
    """A FixedSizeBinary column of a 2-D array's rows (each row at least one byte)."""
    arr = np.ascontiguousarray(arr)
    width = arr.shape[1] * arr.itemsize
    return pa.FixedSizeBinaryArray.from_buffers(pa.binary(width), len(arr),
                                                [None, pa.py_buffer(arr.tobytes())])


def _write_shard(path: str, cols: dict, meta: dict, compression: str) -> int:
    pa, pq = _pa()
    arrays, names = [], []
    for name, _ in META_COLUMNS + LABEL_COLUMNS:
        arrays.append(pa.array(cols[name]))
        names.append(name)
    arrays.append(_fixed(pa, cols["mask"]))
    names.append("mask")
    if "obs_bits" in cols:
        if cols["obs_bits"].shape[1]:
            arrays.append(_fixed(pa, cols["obs_bits"]))
            names.append("obs_bits")
        if cols["obs_values"].shape[1]:
            arrays.append(_fixed(pa, cols["obs_values"]))
            names.append("obs_values")
    table = pa.Table.from_arrays(arrays, names=names)
    table = table.replace_schema_metadata({b"ippatsu.dataset": json.dumps(meta).encode()})
    tmp = path + ".tmp"
    pq.write_table(table, tmp, compression=compression, row_group_size=len(cols["game"]) or 1)
    os.replace(tmp, path)
    return os.path.getsize(path)


def _concat(parts: List[dict]) -> dict:
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def _take(cols: dict, lo: int, hi: int) -> dict:
    return {k: v[lo:hi] for k, v in cols.items()}


# ----------------------------------------------------------------------------- the task
class _Acc:
    """What the chunks report (merged in chunk order): counts only."""

    def __init__(self):
        self.rows = self.sources = self.ok = self.skipped = self.filtered = self.bytes = 0
        self.chunks = 0

    def merge(self, o: "_Acc") -> None:
        for k in ("rows", "sources", "ok", "skipped", "filtered", "bytes", "chunks"):
            setattr(self, k, getattr(self, k) + getattr(o, k))

    def state(self) -> list:
        return [self.rows, self.sources, self.ok, self.skipped, self.filtered, self.bytes,
                self.chunks]


#: the source lists of the builds this process knows, by fingerprint (a forked worker
#: inherits its parent's; another reads ``out/sources.json`` once)
_SOURCES: Dict[str, List[str]] = {}


class _BuildTask:
    """A chunk of sources -> shards and a marker (run by the study runner's backends).
    The task is sent with every chunk: it carries the build's fingerprint, not its list
    of sources (``out/sources.json``, read once per worker process)."""

    kind = "dataset"
    unit = "records"

    def __init__(self, files, out, encoder, rules, seats, filters, shard_rows,
                 chunk_files, compression, fingerprint, verify, strict_rules=False):
        _SOURCES[fingerprint] = files
        self.out = out
        self.encoder = encoder
        self.rules = rules
        self.seats = seats
        self.filters = filters
        self.shard_rows = shard_rows
        self.chunk_size = chunk_files
        self.compression = compression
        self.fp = fingerprint
        self.verify = verify
        self.strict_rules = strict_rules

    @property
    def files(self) -> List[str]:
        f = _SOURCES.get(self.fp)
        if f is None:
            with open(os.path.join(self.out, "sources.json"), encoding="utf-8") as fh:
                f = json.load(fh)
            _SOURCES[self.fp] = f
        return f

    def new_acc(self):
        return _Acc()

    def fingerprint(self) -> dict:
        return {"dataset": self.fp}

    def run_chunk(self, start: int, stop: int, rows_wanted: bool):
        index = start // self.chunk_size
        marker = os.path.join(self.out, f"part-{index:06d}.json")
        acc = _Acc()
        acc.chunks = 1
        if os.path.exists(marker):
            with open(marker, encoding="utf-8") as f:
                m = json.load(f)
            if m.get("fingerprint") == self.fp:
                _count(acc, m)
                return acc, None
        prefix = f"part-{index:06d}-"
        for name in os.listdir(self.out):  # a chunk that did not finish: start it again
            if name.startswith(prefix):
                os.remove(os.path.join(self.out, name))
        enc, packing, _, _ = encoder_packing(self.encoder, self.rules)
        gr = GameRows(enc if packing is not None else None, packing, frozenset(),
                      verify_every=1 if self.verify else 8)
        entries: List[dict] = []
        shards: List[dict] = []
        pending: List[dict] = []
        held = 0
        meta = {"fingerprint": self.fp, "chunk": index}

        def write(cols):
            k = len(shards)
            name = f"{prefix}{k:03d}.parquet"
            size = _write_shard(os.path.join(self.out, name), cols, meta, self.compression)
            shards.append({"file": name, "rows": int(len(cols["game"])), "bytes": size})

        files = self.files
        for g in range(start, stop):
            e = game_rows(files[g], g, gr, self.rules, self.seats, self.filters,
                          self.strict_rules)
            cols = e.pop("cols", None)
            entries.append(e)
            if cols is None or not len(cols["game"]):
                continue
            pending.append(cols)
            held += len(cols["game"])
            while held >= self.shard_rows:
                allc = _concat(pending)
                write(_take(allc, 0, self.shard_rows))
                rest = _take(allc, self.shard_rows, held)
                held -= self.shard_rows
                pending = [rest] if held else []
        if held:
            write(_concat(pending))
        m = {"fingerprint": self.fp, "chunk": index, "start": start, "stop": stop,
             "sources": entries, "shards": shards}
        tmp = marker + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(m, f, ensure_ascii=False)
        os.replace(tmp, marker)
        _count(acc, m)
        return acc, None


def _count(acc: _Acc, m: dict) -> None:
    for e in m["sources"]:
        acc.sources += 1
        st = e.get("status")
        if st == "ok":
            acc.ok += 1
        elif st == "filtered":
            acc.filtered += 1
        else:
            acc.skipped += 1
    for s in m["shards"]:
        acc.rows += s["rows"]
        acc.bytes += s["bytes"]


# ----------------------------------------------------------------------------- build
def build(sources, out, *, encoder="planes", seats="all", rules=None, filters=None,
          shard_rows: int = 50_000, chunk_files: int = 64, backend: str = "local",
          workers: Optional[int] = None, address: Optional[str] = None,
          resume: bool = False, progress: Optional[bool] = None,
          compression: str = "zstd", verify: bool = False,
          strict_rules: bool = False) -> dict:
    """Turn game records into a dataset of decision rows (``docs/dataset.md``).

    ``sources``: record files (mjlog plain or gzip, tenhou.net/6 JSON, mjai logs) or
    folders of them; ``out``: the dataset folder. One row per decision of each chosen
    seat (``seats``: ``"all"``, a seat or seats), answers to a discard included (a pass
    when the seat did not call or ron): the observation of ``encoder`` (``"planes"``,
    ``"oracle"``, ``None`` or an :class:`ippatsu.env.Encoder`; exactly what the env shows
    at the same state), the legal mask, the action index, the counters and the labels.
    ``rules``: None for Tenhou's rules at each record's date with its header's lobby
    (as :mod:`ippatsu.table.replay`), or a :class:`~ippatsu.rules.Rules` / preset name.
    ``filters``: a dict or :class:`Filters` (rooms, min_dan, since, until, players).
    Records the engine cannot follow are skipped whole, with the reason in the manifest;
    each entry says where its rules came from (``rules_source``: ``"given"``, ``"record"``:
    its date and lobby, or an mjai log's ``ippatsu_rules``, or ``"assumed"``: Tenhou's
    of today or its default lobby); ``strict_rules=True`` skips the assumed ones.
    The packed observations are decoded again and compared with the encoder's arrays,
    one block of rows in eight (``verify=True``: every block).
    Returns the manifest (also written to ``out/manifest.json``)."""
    from ..study._runner import check_backend, execute

    if encoder == "oracle":
        raise DatasetError("'oracle' rows need the whole wall, and a record shows only the "
                           "tiles that were drawn: build 'planes' rows from records",
                           "dataset_oracle_record")
    seat_set = _seats_of(seats)
    filt = Filters.of(filters)
    if rules is not None and not isinstance(rules, Rules):
        try:
            rules = Rules.preset(rules)
        except (IppatsuError, TypeError, AttributeError) as e:
            raise DatasetError(f"rules is None, a Rules or a preset name: {e}",
                               "bad_dataset_option") from None
    enc, packing, enc_name, enc_version = encoder_packing(encoder, rules)
    for v, what in ((shard_rows, "shard_rows"), (chunk_files, "chunk_files")):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise DatasetError(f"{what} is an int >= 1, got {v!r}", "bad_dataset_option")
    if compression not in ("zstd", "snappy", "gzip", "lz4", "none"):
        raise DatasetError(f"compression is zstd, snappy, gzip, lz4 or none, got "
                           f"{compression!r}", "bad_dataset_option")
    check_backend(backend, workers)
    _pa()
    files = source_files(sources)
    if not files:
        raise DatasetError("no record files in the sources", "no_source")
    out = os.fspath(out)
    h = hashlib.sha256()
    for f in files:
        h.update(os.path.abspath(f).encode())
        h.update(b"\0")
    fp_doc = {"format": FORMAT_VERSION, "encoder": enc_name, "encoder_version": enc_version,
              "packing": packing.describe() if packing else None,
              "seats": sorted(seat_set) if seat_set else "all",
              "rules": repr(rules) if rules is not None else None,
              "filters": filt.to_dict(), "shard_rows": shard_rows,
              "strict_rules": bool(strict_rules),
              "chunk_files": chunk_files, "sources": h.hexdigest()}
    fp = hashlib.sha256(json.dumps(fp_doc, sort_keys=True).encode()).hexdigest()[:16]
    if os.path.isdir(out) and any(n.startswith(("part-", "manifest")) for n in os.listdir(out)):
        if not resume:
            raise DatasetError(f"{out} already holds a dataset: pass resume=True (--resume) "
                               f"to go on with it, or choose an empty folder",
                               "dataset_out_not_empty")
        for n in os.listdir(out):
            if n.startswith("part-") and n.endswith(".json"):
                with open(os.path.join(out, n), encoding="utf-8") as f:
                    if json.load(f).get("fingerprint") != fp:
                        raise DatasetError(f"{out} holds a dataset built from other "
                                           f"sources or options ({n})",
                                           "dataset_resume_mismatch")
                break
    os.makedirs(out, exist_ok=True)
    tmp = os.path.join(out, "sources.json.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(files, f, ensure_ascii=False)
    os.replace(tmp, os.path.join(out, "sources.json"))
    task = _BuildTask(files, out, encoder if isinstance(encoder, str) or encoder is None
                      else enc, rules, seat_set, filt, shard_rows, chunk_files,
                      None if compression == "none" else compression, fp, verify,
                      strict_rules)
    t0 = time.perf_counter()
    acc, info = execute(task, len(files), backend=backend, workers=workers,
                        chunk_size=chunk_files, progress=progress, address=address)
    seconds = time.perf_counter() - t0
    manifest = {
        "format": "ippatsu.dataset", "format_version": FORMAT_VERSION,
        "ippatsu": _version(),
        "encoder": {"name": enc_name, "version": enc_version,
                    "shape": [packing.channels, 34] if packing else [0, 34],
                    "channels": list(getattr(enc, "names", ()) or ()),
                    "packing": packing.describe() if packing else None},
        "options": fp_doc, "fingerprint": fp,
        "columns": {**{k: v for k, v in META_COLUMNS + LABEL_COLUMNS},
                    "mask": f"{MASK_BYTES} bytes: numpy.packbits of the {SIZE}-index legal mask",
                    **({"obs_bits": "numpy.packbits of (obs != 0) over C x 34",
                        "obs_values": "float32: the constant channels (one value), then "
                                      "the free channels (34 values)"} if packing else {})},
        "rows": acc.rows, "bytes": acc.bytes,
        "bytes_per_row": round(acc.bytes / acc.rows, 1) if acc.rows else None,
        "sources_total": acc.sources, "sources_ok": acc.ok, "sources_skipped": acc.skipped,
        "sources_filtered": acc.filtered, "partial": info.partial,
        "backend": info.backend, "workers": info.workers, "seconds": round(seconds, 3),
    }
    _write_manifest(out, manifest, (len(files) + chunk_files - 1) // chunk_files)
    with open(os.path.join(out, "manifest.json"), encoding="utf-8") as f:
        return json.load(f)


def _version() -> str:
    from .. import __version__
    return __version__


def _write_manifest(out: str, manifest: dict, n_chunks: int) -> None:
    """``manifest.json``: the summary, then every source and shard from the chunks'
    markers (streamed: one marker in memory at a time)."""
    tmp = os.path.join(out, "manifest.json.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        head = json.dumps(manifest, ensure_ascii=False, indent=1)
        f.write(head[:-2] + ',\n "sources": [')
        shards: List[dict] = []
        first = True
        for k in range(n_chunks):
            path = os.path.join(out, f"part-{k:06d}.json")
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as g:
                m = json.load(g)
            for e in m["sources"]:
                f.write(("\n  " if first else ",\n  ") + json.dumps(e, ensure_ascii=False))
                first = False
            shards.extend(m["shards"])
        f.write('\n ],\n "shards": [')
        f.write(",".join("\n  " + json.dumps(s) for s in shards))
        f.write("\n ]\n}\n")
    os.replace(tmp, os.path.join(out, "manifest.json"))
