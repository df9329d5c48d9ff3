"""Record conversion: Tenhou mjlog (plain or gzip) and tenhou.net/6 JSON -> mjai logs.

A record is replayed through the engine (:mod:`ippatsu.table.replay`, every hand's
result checked against the record's) with the engine's event log on, and that log is the
mjai log: ``start_game`` (the record's player names; ``ippatsu_rules``: the rules it was replayed
with, every option as :meth:`Rules.to_dict <ippatsu.rules.Rules.to_dict>` writes them,
read back by :func:`ippatsu.table.replay.mjai_rules`), ``start_kyoku`` (scores, hands,
indicator), ``tsumo`` / ``dahai`` (with ``tsumogiri``), ``chi`` / ``pon`` / ``daiminkan`` /
``ankan`` / ``kakan`` (``consumed``), ``reach`` / ``reach_accepted``, ``dora``, ``hora``
(``deltas``, ``scores``, ``ura_markers``), ``ryukyoku``, ``end_kyoku``, ``end_game``,
with mjai tile names (``5mr`` a red five). A record the engine does not reproduce
exactly is refused (:class:`~ippatsu.errors.RecordError` ``convert_mismatch``) rather
than written differently: the log replays to the same hands and scores.

Command line: ``ippatsu convert PATH... --out DIR`` writes ``DIR/<name>.mjson`` per record.
"""
from __future__ import annotations

import os
from typing import List

from .errors import IppatsuError, RecordError

__all__ = ["to_mjai", "convert_file", "add_parser", "run"]


def to_mjai(path, rules=None) -> List[dict]:
    """The mjai events of the record at ``path`` (mjlog plain or gzip, tenhou.net/6 JSON,
    or an mjai log, which is replayed and written back in the engine's words). ``rules``:
    as :func:`ippatsu.table.replay.replay_file` (None: Tenhou's rules at the record's
    date, with its header's lobby)."""
    from .io.mjai import load_mjai, mjai_rounds
    from .io.mjlog import load_mjlog
    from .io.tenhou6 import load_tenhou6
    from .table.replay import mjai_rules, record_rules, replay_game, tenhou_rules

    path = os.fspath(path)
    names = None
    if path.endswith((".mjson", ".jsonl")):
        events = load_mjai(path)
        rounds, complete, final = mjai_rounds(events)
        names = next((e.get("names") for e in events if e["type"] == "start_game"), None)
        rules = rules or mjai_rules(events) or tenhou_rules()
    elif path.endswith(".json"):
        rounds = load_tenhou6(path, strict=False)
        complete = None if (rounds and all(r.complete for r in rounds)) else False
        final = None
        rules = record_rules(rounds, rules)
        if rounds:
            names = list(rounds[0].meta.names) or None
    else:
        g = load_mjlog(path)
        rounds, complete = g.rounds, g.complete
        final = g.final.scores if g.final else None
        rules = record_rules(g, rules)
        names = [p.name for p in g.players] or None
    seen = []

    def keep(st, _):
        if not seen:
            seen.append(st)

    rep = replay_game(rounds, rules, os.path.basename(path), complete=complete,
                      final_scores=final, on_step=keep, record=True)
    if rep.problems or not seen:
        what = (f"{rep.problems[0][0]} [{rep.problems[0][1]}] {rep.problems[0][2]}"
                if rep.problems else "no hand to replay")
        raise RecordError(f"{path}: the engine does not reproduce the record ({what}); "
                          f"not converted", code="convert_mismatch", path=path)
    events = [dict(e) for e in seen[0].events]
    n = seen[0].n_players
    if events and events[0]["type"] == "start_game":
        if names:
            events[0]["names"] = [str(x) for x in list(names)[:n]]
        # the rules the record was replayed with: a later replay of the log uses them
        # (other mjai readers ignore the field)
        events[0]["ippatsu_rules"] = seen[0].rules.to_dict()
    return events


def convert_file(path, out_dir, rules=None) -> str:
    """Write the mjai log of the record ``path`` to ``out_dir/<name>.mjson``; returns the
    path written."""
    from .io.mjai import write_json_lines

    events = to_mjai(path, rules)
    base = os.path.basename(os.fspath(path))
    for suffix in (".gz", ".mjlog", ".xml", ".json", ".mjson", ".jsonl"):
        if base.endswith(suffix):
            base = base[:-len(suffix)]
    os.makedirs(out_dir, exist_ok=True)
    dest = os.path.join(out_dir, base + ".mjson")
    tmp = dest + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        write_json_lines(events, f)
    os.replace(tmp, dest)
    return dest


def add_parser(sub) -> None:
    """``ippatsu convert`` on the command line's subparsers."""
    c = sub.add_parser("convert", help="Tenhou records (mjlog, tenhou.net/6) to mjai logs",
                       description="Convert Tenhou records (mjlog plain or gzip, "
                       "tenhou.net/6 JSON) to mjai logs: each record is replayed and "
                       "checked by the engine, one DIR/<name>.mjson per record.")
    c.add_argument("paths", nargs="+", metavar="PATH", help="record files or folders")
    c.add_argument("--out", required=True, metavar="DIR", help="folder of the .mjson logs")
    c.add_argument("--to", choices=("mjai",), default="mjai", help="output format (mjai)")
    c.add_argument("--rules", default="tenhou",
                   help="rules preset (default tenhou: Tenhou's rules at each record's "
                        "date, with its header's lobby)")


def run(args, out, err) -> int:
    """Convert every record of ``args.paths``: one line per record; 0 when every record
    was converted, 1 otherwise."""
    from .dataset import source_files
    from .rules import Rules

    rules = None if args.rules.lower() == "tenhou" else Rules.preset(args.rules)
    files = source_files(args.paths)
    bad = 0
    for f in files:
        try:
            dest = convert_file(f, args.out, rules)
        except IppatsuError as e:
            bad += 1
            print(f"{f}: not converted: {e}", file=err)
            continue
        print(f"{f} -> {dest}", file=out)
    print(f"total: {len(files) - bad} of {len(files)} records converted", file=out)
    return 0 if not bad else 1
