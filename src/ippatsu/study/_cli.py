"""``ippatsu study solo | position | match``: the studies from the command line.

Each prints the result's table (``--json`` the result's dict) and can draw it
(``--plot PATH``). The optional packages an option needs (matplotlib for ``--plot``,
pyarrow for ``--out``, Ray) are checked before any work. Ctrl-C stops a run, prints what
was done so far, marked partial, and exits 130.
"""
from __future__ import annotations

import argparse
import json

__all__ = ["add_parser", "run"]


def _common(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("running")
    g.add_argument("--seed", type=int, default=None, help="root seed (default: fresh, printed)")
    g.add_argument("--backend", choices=("local", "serial", "ray"), default="local",
                   help="local processes on every core (default), this process, or Ray")
    g.add_argument("--workers", type=int, default=None, metavar="N",
                   help="worker processes (default: every core)")
    g.add_argument("--address", default=None, metavar="ADDR",
                   help="Ray cluster address (backend ray), e.g. auto or 10.0.0.5:6379")
    g.add_argument("--out", default=None, metavar="DIR",
                   help="write per-chunk Parquet files there (pyarrow)")
    g.add_argument("--resume", action="store_true", help="go on from the chunks in --out")
    g.add_argument("--no-progress", action="store_true", help="no progress bar")
    g.add_argument("--json", action="store_true", help="print the result as JSON")
    g.add_argument("--plot", default=None, metavar="PNG", help="draw the result (matplotlib)")


def add_parser(sub) -> None:
    st = sub.add_parser("study", help="Monte Carlo studies: solo draws, positions, matches")
    ss = st.add_subparsers(dest="study", metavar="STUDY", parser_class=type(st))

    s = ss.add_parser("solo", help="P(tenpai / complete by draw k) for one hand")
    s.add_argument("hand", help="tiles in notation (melds in [brackets] allowed)")
    s.add_argument("--draws", type=int, default=12, metavar="K",
                   help="draws per rollout (default 12)")
    s.add_argument("--visible", default=None, metavar="TILES",
                   help="tiles seen elsewhere (rivers, melds, dora indicators)")
    s.add_argument("--policy", choices=("efficiency", "shanten"), default="efficiency",
                   help="discards: efficiency (lowest shanten, then most effective "
                   "tiles; default) or shanten (lowest shanten only)")
    s.add_argument("-n", type=int, default=100_000, help="rollouts (default 100000)")
    _common(s)

    p = ss.add_parser("position", help="compare choices at a mid-hand table position")
    p.add_argument("position", nargs="?", default=None,
                   help="a position in its text form, or a file holding one")
    p.add_argument("--record", metavar="FILE", default=None,
                   help="cut the position from a game record instead (Tenhou mjlog, "
                        "tenhou.net/6 JSON, mjai log) at --hand and --turn")
    p.add_argument("--hand", type=int, default=0, metavar="I",
                   help="with --record: the hand, counted from 0 in the file")
    p.add_argument("--turn", type=int, default=0, metavar="T",
                   help="with --record: the turn in that hand, counted from 0 "
                        "(only --seat's turns when --seat is given)")
    p.add_argument("--seat", type=int, default=None, metavar="S",
                   help="with --record: the seat (0-3) whose turn is cut")
    p.add_argument("--choice", action="append", required=True, metavar="CHOICE",
                   help='a choice of the seat to move, e.g. "riichi 3m", "discard 6p" '
                        "(repeat; at least one)")
    p.add_argument("--agents", nargs="+", default=["greedy"], metavar="AGENT",
                   help="who plays the hand out: greedy or random, one or four")
    p.add_argument("--rules", default="ippatsu", help="a rules preset")
    p.add_argument("-n", type=int, default=10_000, help="sampled worlds (default 10000)")
    _common(p)

    m = ss.add_parser("match", help="full games between agents (four, or three with a "
                                     "three-player --rules)")
    m.add_argument("agents", nargs="*", metavar="AGENT",
                   help="greedy or random, one (for every seat) or one per seat; after the "
                        "--bot programs")
    m.add_argument("--bot", action="append", default=[], metavar="CMD",
                   help='an outside mjai bot, e.g. "python bot.py {seat}" ({seat}: its '
                        "seat); repeat for several (they come first)")
    m.add_argument("--dialect", default="mjai.app",
                   choices=("mjai.app", "mjai", "mortal", "akochan"),
                   help="the bots' dialect (default mjai.app)")
    m.add_argument("--timeout", type=float, default=2.0,
                   help="seconds a bot may think per decision (default 2)")
    m.add_argument("--on-fault", default="chombo", choices=("chombo", "fallback", "raise"),
                   help="a bot's fault: a chombo and the hand dealt again (default), a "
                        "safe fallback, or stop")
    m.add_argument("--layout", default=None, choices=("1v3", "2v2"),
                   help="with two agents A B: 1v3 seats A B B B, 2v2 seats A A B B")
    m.add_argument("--rank-points", default=None, metavar="P1,P2,...",
                   help="points of each place (default 90,45,0,-135; 90,0,-90 with three)")
    m.add_argument("--logs", default=None, metavar="DIR",
                   help="write one mjai log per game into DIR")
    m.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    m.add_argument("--no-duplicate", action="store_true",
                   help="every game its own wall (default: duplicate sets, one game per seating)")
    m.add_argument("--rules", default="ippatsu", help="a rules preset")
    _common(m)


def _missing(args) -> str:
    """The optional packages the arguments need and this environment lacks, checked
    before any work (a --plot must not fail after the whole study has run)."""
    import importlib.util

    need = []
    if args.plot:
        need.append(("matplotlib", "--plot"))
    if args.out:
        need.append(("pyarrow", "--out"))
    if args.backend == "ray":
        need.append(("ray", "--backend ray"))
    miss = [f"{opt} needs {mod}" for mod, opt in need if importlib.util.find_spec(mod) is None]
    if miss:
        return "; ".join(miss) + ': pip install "ippatsu[study]"' + (
            ' (Ray: "ippatsu[ray]")' if any("ray" in m for m in miss) else "")
    return ""


def _position_text(arg: str, err):
    """A position argument: its text form (several lines) or a file holding one; a
    single line is a file name, and a missing file is an error (never read as text)."""
    if "\n" in arg:
        return arg
    try:
        with open(arg, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        print(f"ippatsu: error: no such file: {arg} (a position is a file, or its text "
              f"form: several lines, starting with 'kyoku')", file=err)
    except (OSError, UnicodeDecodeError) as e:
        print(f"ippatsu: error: cannot read {arg}: {getattr(e, 'strerror', None) or e}",
              file=err)
    return None


def _match_agents(args, err):
    """The match's agents: the --bot programs, then the named agents, laid out by
    --layout."""
    from ..mjai import Bot

    agents = [Bot(cmd, dialect=args.dialect, timeout=args.timeout, on_fault=args.on_fault)
              for cmd in args.bot] + list(args.agents)
    if not agents:
        print("ippatsu: error: a match needs agents (names) or --bot programs", file=err)
        return None
    if args.layout is not None:
        if len(agents) != 2:
            print(f"ippatsu: error: --layout {args.layout} takes two agents, got "
                  f"{len(agents)}", file=err)
            return None
        a, b = agents
        agents = [a, b, b, b] if args.layout == "1v3" else [a, a, b, b]
    return agents


def run(args, out, err) -> int:
    from . import match, position, solo

    if args.study is None:
        print("ippatsu: error: a study is required (solo, position, match)", file=err)
        return 2
    missing = _missing(args)
    if missing:
        print(f"ippatsu: error: {missing}", file=err)
        return 2
    kw = dict(seed=args.seed, backend=args.backend, workers=args.workers,
              address=args.address, out=args.out, resume=args.resume,
              progress=False if args.no_progress else None)
    if args.study == "solo":
        r = solo(args.hand, draws=args.draws, visible=args.visible, policy=args.policy,
                 n=args.n, **kw)
    elif args.study == "position":
        if (args.record is None) == (args.position is None):
            print("ippatsu: error: give a position (text or file) or --record FILE", file=err)
            return 2
        if args.record is not None:
            from ._position import Position

            text = Position.from_record(args.record, hand_index=args.hand, turn=args.turn,
                                        seat=args.seat)
        else:
            text = _position_text(args.position, err)
            if text is None:
                return 2
        r = position(text, args.choice, agents=args.agents, rules=args.rules, n=args.n, **kw)
    else:
        agents = _match_agents(args, err)
        if agents is None:
            return 2
        rp = None
        if args.rank_points is not None:
            try:
                rp = [int(x) for x in args.rank_points.split(",")]
            except ValueError:
                print(f"ippatsu: error: --rank-points takes integers separated by commas, "
                      f"got {args.rank_points!r}", file=err)
                return 2
        r = match(agents, games=args.games, duplicate=not args.no_duplicate,
                  rules=args.rules, rank_points=rp, logs=args.logs, **kw)
    if args.json:
        print(json.dumps(r.to_dict(), indent=2), file=out)
    else:
        print(r, file=out)
    if args.plot:
        r.plot(args.plot)
        print(f"plot written to {args.plot}", file=err)
    if r.partial:
        # stopped by Ctrl-C: the partial result is printed, and the exit status says the
        # run did not finish (128 + SIGINT, as shells expect)
        return 130
    return 0
