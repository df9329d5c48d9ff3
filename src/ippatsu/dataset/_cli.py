"""``ippatsu dataset build | info``: training data from game records on the command line."""
from __future__ import annotations

import json

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    d = sub.add_parser("dataset", help="training data from game records (docs/dataset.md)")
    dd = d.add_subparsers(dest="dataset", metavar="ACTION", parser_class=type(d))
    b = dd.add_parser("build", help="records -> Parquet shards of decision rows",
                      description="One row per decision of each chosen seat: the env's "
                      "observation, the legal mask, the action index, counters and labels.")
    b.add_argument("paths", nargs="+", metavar="PATH",
                   help="record files or folders (mjlog plain or gzip, tenhou.net/6 JSON, "
                        "mjai .mjson/.jsonl)")
    b.add_argument("--out", required=True, metavar="DIR", help="the dataset folder")
    b.add_argument("--encoder", choices=("planes", "none"), default="planes",
                   help="observation encoder (default planes; none: masks and actions only)")
    b.add_argument("--seats", default="all", metavar="all|S,S",
                   help="seats whose decisions are rows (default all)")
    b.add_argument("--rules", default="tenhou",
                   help="rules preset (default tenhou: Tenhou's rules at each record's "
                        "date, with its header's lobby)")
    b.add_argument("--strict-rules", action="store_true",
                   help="skip records that do not state their rules (no date and lobby, "
                        "an mjai log without ippatsu_rules)")
    b.add_argument("--room", action="append", default=None, metavar="ROOM",
                   choices=("ippan", "joukyuu", "tokujou", "houou"),
                   help="keep only records of this Tenhou room (repeatable)")
    b.add_argument("--min-dan", type=int, default=None, metavar="N",
                   help="only the rows of players of dan index N or above (mjlog <UN dan>)")
    b.add_argument("--since", default=None, metavar="YYYY-MM-DD", help="played on or after")
    b.add_argument("--until", default=None, metavar="YYYY-MM-DD", help="played on or before")
    b.add_argument("--players", type=int, choices=(3, 4), default=None,
                   help="only three- or four-player records")
    b.add_argument("--shard-rows", type=int, default=50_000, metavar="N",
                   help="rows per shard at most (default 50000)")
    b.add_argument("--chunk-files", type=int, default=64, metavar="N",
                   help="records per unit of work (default 64)")
    b.add_argument("--backend", choices=("local", "serial", "ray"), default="local",
                   help="local processes on every core (default), this process, or Ray")
    b.add_argument("--workers", type=int, default=None, metavar="N",
                   help="worker processes (default: every core)")
    b.add_argument("--address", default=None, metavar="ADDR", help="Ray cluster address")
    b.add_argument("--resume", action="store_true", help="go on with the chunks in --out")
    b.add_argument("--no-progress", action="store_true", help="no progress bar")
    i = dd.add_parser("info", help="the summary of a dataset folder's manifest")
    i.add_argument("path", metavar="DIR", help="the dataset folder")
    i.add_argument("--json", action="store_true", help="the whole manifest as JSON")


def run(args, out, err) -> int:
    from . import build, info

    if args.dataset is None:
        print("ippatsu: error: dataset needs an action: build or info", file=err)
        return 2
    if args.dataset == "info":
        m = info(args.path)
        if args.json:
            print(json.dumps(m, ensure_ascii=False, indent=1), file=out)
            return 0
        _summary(m, out)
        return 0
    seats = "all" if args.seats == "all" else [int(x) for x in args.seats.split(",") if x]
    filters = {"rooms": args.room, "min_dan": args.min_dan, "since": args.since,
               "until": args.until, "players": args.players}
    m = build(args.paths, args.out, encoder=None if args.encoder == "none" else args.encoder,
              seats=seats, rules=None if args.rules.lower() == "tenhou" else args.rules,
              filters=filters, shard_rows=args.shard_rows, chunk_files=args.chunk_files,
              backend=args.backend, workers=args.workers, address=args.address,
              resume=args.resume, progress=False if args.no_progress else None,
              strict_rules=args.strict_rules)
    _summary(m, out)
    return 130 if m.get("partial") else 0


def _summary(m: dict, out) -> None:
    enc = m["encoder"]
    print(f"encoder: {enc['name']} {tuple(enc['shape'])}", file=out)
    print(f"rows: {m['rows']} in {len(m.get('shards', ()))} shards, {m['bytes']} bytes "
          f"({m['bytes_per_row']} per row)", file=out)
    print(f"sources: {m['sources_total']} ({m['sources_ok']} ok, {m['sources_skipped']} "
          f"skipped, {m['sources_filtered']} filtered)", file=out)
    reasons: dict = {}
    for s in m.get("sources", ()):
        if s.get("status") == "skipped":
            reasons[s.get("code")] = reasons.get(s.get("code"), 0) + 1
    if reasons:
        print("skipped: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())),
              file=out)
    if m.get("partial"):
        print("partial: interrupted; --resume goes on", file=out)
