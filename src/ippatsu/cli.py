"""The ``ippatsu`` command line (also ``python -m ippatsu``).

Usage::

    ippatsu hand 123m406p789s1122z [--win 2z] [--tsumo] [--riichi] [--dora 1z ...]
                 [--seat E] [--round E] [--meld "pon 555z" ...] [--visible TILES]
                 [--rules ippatsu|tenhou|majsoul|planet] [--json] [--glyphs auto|always|never]
    ippatsu table [--dealer] [--max-han N] [--rules ...] [--json]
    ippatsu shanten FILE|- [--skip-bad] [--echo] [--form min|standard|chiitoitsu|kokushi]
                 [--threads N|all]
    ippatsu replay PATH...          (runs ippatsu.table.replay.main when it is installed)
    ippatsu bench [--quick] [--no-peers] [--json] [--seed S]
    ippatsu study solo HAND [--draws 12] [--visible TILES] [--policy efficiency|shanten] [-n N]
    ippatsu study position POSITION|--record FILE --hand I --turn T --choice CHOICE...
                 [--agents greedy] [-n N]
    ippatsu study match AGENT... [--games N] [--no-duplicate] [--rules PRESET]
                 (each: [--seed S] [--backend local|serial|ray] [--workers N] [--address A]
                  [--out DIR] [--resume] [--no-progress] [--json] [--plot PNG])
    ippatsu --version

``hand``
    :func:`ippatsu.analysis.analyze` as text, readable at a glance: the tiles in notation
    and, when stdout is a terminal whose encoding is UTF-8 (or with ``--glyphs always``),
    as Unicode mahjong tiles (U+1F000–U+1F021); shanten per form; the waits with their
    ron and tsumo scores in a table, or the discards with their effective tiles, or the
    complete hand's yaku (and whether each survives a call), fu, points and the "if built
    open" comparison; the yaku hints. ``--json`` prints ``Analysis.to_dict()``. The hand
    may also carry its melds in the hand text form (``"123m406p789s1z [pon 2z+22z<A]"``).
    Winds: ``E S W N`` (or ``east``..., ``1z``..``4z``, ``0``..``3``). ``--win`` names the
    winning tile; a tile that does not complete the hand is an error (``not_agari``), as
    in :func:`ippatsu.score`.

``table``
    The han × fu table (non-dealer by default, ``--dealer`` for the dealer) printed from
    :func:`ippatsu.scoring.format_score_table`, the same code that scores hands.

``shanten``
    One hand per line in tile notation (a hand text with ``[melds]`` is read too: its
    concealed part is used); blank lines and ``#`` comments are skipped and produce no
    output. Out: one shanten per hand line (``-`` where a form does not apply), or with
    ``--echo`` ``hand<TAB>shanten``. Every line is parsed first (a vectorised pass over
    the bytes, with the exact parser only for lines it cannot read), then one
    :func:`ippatsu.core.shanten_batch` call computes everything. **Bad lines fail the
    whole run**: each is reported as ``line N: <message>`` on stderr (the first 20, then
    a count), nothing is printed on stdout and the exit status is 1. With ``--skip-bad``
    the bad lines are reported the same way, the good ones are answered (use ``--echo``
    to keep the correspondence) and the exit status is 0.

``bench``
    Throughput of the core on this machine and, beside it, of the installed peers
    (``mahjong``'s ``Shanten`` and ``HandCalculator``; ``riichienv`` if importable), with
    the ratios (measured by :mod:`ippatsu.benchmark`). A few seconds; ``--quick`` for a
    fraction of a second.

Yaku names: a full line shows the English name with the usual romaji in brackets
(``All simples (tanyao)``, :attr:`ippatsu.yaku.Yaku.en`); compact lists (the waits
table, "if built open", the hints) show the romaji alone (``tanyao``,
:attr:`ippatsu.yaku.Yaku.romaji`). ``--json`` carries the stable keys (``tanyao``).

Encodings: the text output uses a few symbols (``×``, ``→``, ``—``, ``·``, ``µ``). On a
stream whose encoding cannot write them (``PYTHONIOENCODING=cp1252``, ``ascii``, a Windows
console) the output degrades to ASCII (``x``, ``->``, ``-``, ``|``, ``u``; see
:func:`to_ascii`), the tile glyphs are left out and JSON is written with ``\\uXXXX``
escapes, never a crash.

Errors: bad input gives one line ``ippatsu: error: ...`` on stderr and a non-zero exit
status — 2 for a usage error (unknown option, bad rules name, ``replay`` not available),
1 for bad hands, tiles or files — never a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import io
import json
import os
import sys
from typing import List, Optional, Sequence, Tuple

__all__ = ["main", "build_parser", "tile_glyph", "tiles_glyphs", "to_ascii", "parse_hand_lines"]

from .rules import PRESETS  # noqa: E402
MAX_REPORTED_BAD_LINES = 20


class UsageError(Exception):
    """A command-line usage error (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line (``ippatsu: error: ...``)."""

    def error(self, message):  # noqa: D401 - argparse API
        raise UsageError(message)


# ---------------------------------------------------------------------------------------
# tiles as text and as glyphs
# ---------------------------------------------------------------------------------------
def tile_glyph(kind: int) -> str:
    """The Unicode mahjong tile of a kind (U+1F000–U+1F021); red fives share the five's."""
    if kind < 9:
        return chr(0x1F007 + kind)          # characters (man)
    if kind < 18:
        return chr(0x1F019 + kind - 9)      # circles (pin)
    if kind < 27:
        return chr(0x1F010 + kind - 18)     # bamboo (sou)
    if kind < 31:
        return chr(0x1F000 + kind - 27)     # East South West North
    return chr(0x1F006 - (kind - 31))       # White 1F006, Green 1F005, Red 1F004


def tiles_glyphs(kinds: Sequence[int]) -> str:
    return " ".join(tile_glyph(k) for k in kinds)


# ---------------------------------------------------------------------------------------
# streams that cannot write Unicode: plain ASCII
# ---------------------------------------------------------------------------------------
_ASCII_FORMS = {
    "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2192": "->", "\u2190": "<-",
    "\u00b7": "|", "\u00d7": "x", "\u00b5": "u", "\u03bc": "u", "\u25b2": "^",
    "\u2265": ">=", "\u2264": "<=", "\u2026": "...", "\u00b1": "+/-", "\u00a7": "S",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ",
}
_ASCII_TABLE = str.maketrans(_ASCII_FORMS)
#: every symbol of the plain output; a stream that cannot encode all of them gets ASCII
_SYMBOLS = "".join(_ASCII_FORMS)


def to_ascii(text: str) -> str:
    """The ASCII form of the command's text output: ``×`` → ``x``, ``→`` → ``->``, dashes
    → ``-``, ``·`` → ``|``, ``µ`` → ``u`` ...; anything else outside ASCII (no plain text
    needs it) becomes ``?``."""
    return text.translate(_ASCII_TABLE).encode("ascii", "replace").decode("ascii")


def _can_encode(stream, text: str) -> bool:
    enc = getattr(stream, "encoding", None)
    if not enc:  # a str stream (io.StringIO): anything goes
        return True
    try:
        text.encode(enc)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class _AsciiStream:
    """A text stream's stand-in that writes :func:`to_ascii` of everything."""

    ascii_only = True

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(to_ascii(text))

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _plain(stream):
    """``stream`` itself when it can write the output's symbols, else an ASCII writer."""
    if stream is None or isinstance(stream, _AsciiStream) or _can_encode(stream, _SYMBOLS):
        return stream
    return _AsciiStream(stream)


def _json(obj, out, **kw) -> None:
    """JSON on ``out``: UTF-8 text where the stream can write it, ``\\uXXXX`` escapes
    otherwise (the same JSON either way)."""
    out.write(json.dumps(obj, ensure_ascii=getattr(out, "ascii_only", False), **kw) + "\n")


def _use_glyphs(mode: str, stream) -> bool:
    if getattr(stream, "ascii_only", False) or not _can_encode(stream, tile_glyph(0)):
        return False  # no glyphs on a stream that cannot write them, even with "always"
    if mode == "always":
        return True
    if mode == "never":
        return False
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    enc = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    return tty and enc == "utf8"


# ---------------------------------------------------------------------------------------
# argument types
# ---------------------------------------------------------------------------------------
def _wind(text: str) -> int:
    from .tiles import WIND_WORDS

    try:
        return WIND_WORDS[text.strip().lower()]
    except KeyError:
        raise argparse.ArgumentTypeError(
            f"unknown wind {text!r} (use E, S, W or N)") from None


def _threads(text: str) -> Optional[int]:
    """``--threads``: a count, or ``all`` / ``0`` for every core (the API's ``None``)."""
    if text.strip().lower() in ("all", "0"):
        return None
    return _positive_int(text)


def _positive_int(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {v}")
    return v


def _max_han(text: str) -> int:
    """``--max-han``: 1 to the library's (and the server's) widest table."""
    from .scoring import MAX_TABLE_HAN

    v = _positive_int(text)
    if v > MAX_TABLE_HAN:
        raise argparse.ArgumentTypeError(f"at most {MAX_TABLE_HAN} (13 han is a counted "
                                         f"yakuman), got {v}")
    return v


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    p = _Parser(prog="ippatsu", description="Riichi mahjong engine: hand analysis, score "
                "table, batch shanten, replays, benchmarks.")
    p.add_argument("--version", action="version", version=f"ippatsu {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    h = sub.add_parser("hand", help="analyse a hand: shanten, waits and scores, yaku")
    h.add_argument("hand", nargs="+", help="tiles in notation, e.g. 123m406p789s1122z "
                   "(melds may follow in [brackets])")
    h.add_argument("--win", metavar="TILE", help="the winning tile (default: the last "
                   "tile written); added to a 13-tile hand")
    h.add_argument("--tsumo", action="store_true", help="won by tsumo (default ron)")
    h.add_argument("--riichi", action="store_true", help="riichi declared")
    h.add_argument("--dora", metavar="TILES", action="append", nargs="+", default=[],
                   help="dora indicators (up to 5), e.g. --dora 1z 5m")
    h.add_argument("--seat", type=_wind, default=0, metavar="WIND",
                   help="seat wind E S W N (E = dealer; default E)")
    h.add_argument("--round", type=_wind, default=0, metavar="WIND",
                   help="round wind (default E)")
    h.add_argument("--meld", metavar="MELD", action="append", default=[],
                   help='a declared meld, e.g. "pon 555z", "chi 3m+45m", "ankan 1111p"')
    h.add_argument("--visible", metavar="TILES", default="",
                   help="tiles seen elsewhere (discards, others' melds), in notation")
    h.add_argument("--rules", choices=PRESETS, default="ippatsu",
                   help="rules preset (default ippatsu; the *_sanma presets are "
                        "three-player; every option: ippatsu docs rules)")
    h.add_argument("--nukidora", type=int, default=0, metavar="N",
                   help="three players: Norths set aside as dora (default 0)")
    h.add_argument("--flowers", type=int, default=0, metavar="N",
                   help="flower tiles set aside, 0-4, one han of dora each on every score "
                        "shown (rules with flower tiles: --rule flowers=true)")
    h.add_argument("--rule", metavar="NAME=VALUE", action="append", default=[],
                   help="change one rules option over the preset, e.g. flowers=true, "
                        "kiriage=true, red_five_counts=[1,2,1] (the value as JSON; "
                        "every option: ippatsu docs rules)")
    h.add_argument("--json", action="store_true", help="print the analysis as JSON")
    h.add_argument("--glyphs", choices=("auto", "always", "never"), default="auto",
                   help="Unicode tile glyphs (auto: on a UTF-8 terminal)")

    t = sub.add_parser("table", help="the han x fu score table")
    t.add_argument("--dealer", action="store_true", help="the dealer's table")
    t.add_argument("--max-han", type=_max_han, default=4, metavar="N",
                   help="columns 1 to N han, N at most 13 (default 4)")
    t.add_argument("--rules", choices=PRESETS, default="ippatsu",
                   help="rules preset (default ippatsu)")
    t.add_argument("--json", action="store_true",
                   help="print the cells as JSON (han, fu, ron, tsumo, limit)")

    s = sub.add_parser("shanten", help="shanten of one hand per line (batch kernel)",
                       description="Shanten of one hand per line: one answer line per "
                       "input line (empty for a blank or comment line).")
    s.add_argument("file", metavar="FILE", help="a file of hands, or - for stdin")
    s.add_argument("--skip-bad", action="store_true",
                   help="report bad lines on stderr and answer the others (exit 0); "
                   "a bad line's answer is 'bad'")
    s.add_argument("--echo", action="store_true", help="print hand<TAB>shanten")
    s.add_argument("--form", choices=("min", "standard", "chiitoitsu", "kokushi"),
                   default="min", help="shanten of one form only (default min: the "
                   "lowest of the three); - where the form does not apply")
    s.add_argument("--threads", type=_threads, default=1, metavar="N|all",
                   help="threads of the batch kernel (default 1; all or 0: every core)")

    sub.add_parser("replay", help="replay game records (ippatsu.table.replay)",
                   add_help=False)

    b = sub.add_parser("bench", help="throughput of the core and of installed peers")
    b.add_argument("--quick", action="store_true", help="a fraction of a second")
    b.add_argument("--no-peers", action="store_true", help="skip the peer libraries")
    b.add_argument("--json", action="store_true", help="print the measurements as JSON")
    b.add_argument("--seed", type=int, default=2024, metavar="S",
                   help="seed of the random hands and games (default 2024)")

    r = sub.add_parser("presets", help="the rules presets and how each differs from "
                       "ippatsu (docs/rules.md, section 10)")
    r.add_argument("name", nargs="?", choices=PRESETS, metavar="NAME",
                   help="one preset: every option that differs from ippatsu")
    r.add_argument("--json", action="store_true",
                   help="every preset (or NAME) with all its options, as JSON")

    v = sub.add_parser("serve", help='the JSON API over HTTP (needs "ippatsu[server]")')
    v.add_argument("--host", default="127.0.0.1", help="interface (default 127.0.0.1)")
    v.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    v.add_argument("--log-level", default="info",
                   choices=("critical", "error", "warning", "info", "debug"),
                   help="uvicorn's log level (default info; the access log, one line "
                        "per request, at info and debug only)")

    m = sub.add_parser("mjai-bot", help="an agent as an mjai bot on stdin/stdout",
                       description="Answer mjai events read from standard input on standard "
                       "output with an ippatsu agent (docs/mjai.md), so that another host "
                       "can seat it.")
    m.add_argument("--agent", default="greedy", choices=("greedy", "random"),
                   help="the agent (default greedy)")
    m.add_argument("--dialect", default="mjai.app",
                   choices=("mjai.app", "mjai", "mortal", "akochan"),
                   help="mjai.app: a JSON array in, one answer out (default); mjai: an "
                        "answer to every event; mortal: answers only when it may act; "
                        "akochan: arrays with can_act")
    m.add_argument("--rules", default="ippatsu", help="the rules preset (default ippatsu)")
    m.add_argument("--seat", type=int, default=None,
                   help="the seat, when start_game carries no id")
    m.add_argument("--seed", type=int, default=0, help="the random agent's seed")

    from .study._cli import add_parser as _add_study

    _add_study(sub)

    from .convert import add_parser as _add_convert
    from .dataset._cli import add_parser as _add_dataset

    _add_convert(sub)
    _add_dataset(sub)

    d = sub.add_parser("docs", help="the documentation installed with ippatsu",
                       description="Print a page of the documentation that ships with the "
                       "package (the pages docstrings and --help cite as docs/NAME.md); "
                       "without a page, list them.")
    d.add_argument("page", nargs="?", default=None,
                   help="a page: rules, errors, studies, server, testing, README")
    d.add_argument("--path", action="store_true", help="print the page's file, not its text")
    return p


# ---------------------------------------------------------------------------------------
# entry point
# ---------------------------------------------------------------------------------------
def main(argv: Optional[Sequence[str]] = None) -> int:
    """main(argv=None) -> int: run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    out = _plain(sys.stdout)  # ASCII on a stream that cannot write the symbols (cp1252)
    err = _plain(sys.stderr)
    try:
        if args_list and args_list[0] == "replay":
            return _replay(args_list[1:], err)
        if args_list and args_list[0] == "hand":
            args_list = _split_dora(args_list)
        parser = build_parser()
        try:
            args = parser.parse_args(args_list)
        except SystemExit as e:  # --help, --version
            return int(e.code or 0)
        if args.command is None:
            parser.print_usage(err)
            names = ", ".join(_command_names(parser))
            print(f"ippatsu: error: a command is required ({names})", file=err)
            return 2
        return _COMMANDS[args.command](args, out, err)
    except UsageError as e:
        print(f"ippatsu: error: {e}", file=err)
        return 2
    except BrokenPipeError:
        try:  # stdout closed early (| head): stay quiet
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, io.UnsupportedOperation):
            pass
        return 1
    except OSError as e:
        where = f": {e.filename}" if getattr(e, "filename", None) else ""
        print(f"ippatsu: error: {e.strerror or e}{where}", file=err)
        return 1
    except KeyboardInterrupt:
        print("ippatsu: interrupted", file=err)
        return 130
    except ValueError as e:  # IppatsuError is a ValueError; Rules raise plain ones
        print(f"ippatsu: error: {e}", file=err)
        return 1


def _command_names(parser) -> List[str]:
    """The commands as the parser has them (one list: the usage line and this message
    never disagree)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []  # pragma: no cover - the parser always has its commands


def _split_dora(argv: List[str]) -> List[str]:
    """``hand --dora 1z 123m...``: ``--dora`` takes one or more indicators, and argparse
    would take the hand as one more. The tokens after ``--dora`` are indicators while
    each reads as at most five tiles; a longer one (the hand) is left to the positional
    argument (six indicators are still named as too many)."""
    from .tiles import parse_tiles

    out: List[str] = []
    i = 0
    while i < len(argv):
        tok = argv[i]
        out.append(tok)
        i += 1
        if tok != "--dora":
            continue
        out.pop()
        taken = 0
        while i < len(argv) and not argv[i].startswith("-") and "[" not in argv[i] \
                and "]" not in argv[i]:
            try:
                n = len(parse_tiles(argv[i]))
            except ValueError:
                break
            if n > 5:  # more tiles than indicators can be: the hand
                break
            out.append(f"--dora={argv[i]}")
            taken += n
            i += 1
        if not taken:
            out.append(tok)  # argparse names what is missing
    return out


# ---------------------------------------------------------------------------------------
# replay: dispatch to ippatsu.table.replay when it exists
# ---------------------------------------------------------------------------------------
def _replay(argv: List[str], err) -> int:
    try:
        mod = importlib.import_module("ippatsu.table.replay")
    except ModuleNotFoundError as e:
        if e.name in ("ippatsu.table", "ippatsu.table.replay"):
            print("ippatsu: error: replay is not available yet "
                  "(the module ippatsu.table.replay is not installed)", file=err)
            return 2
        raise
    try:
        rc = mod.main(list(argv))
    except SystemExit as e:
        rc = e.code
    if rc is None:
        return 0
    return rc if isinstance(rc, int) else 1


# ---------------------------------------------------------------------------------------
# hand
# ---------------------------------------------------------------------------------------
def _cmd_hand(args, out, err) -> int:
    from .analysis import analyze
    from .tiles import parse_counts

    visible = parse_counts(args.visible) if args.visible.strip() else None
    dora = [t for group in args.dora for t in group]
    rules = _rules_of(args.rules, args.rule)
    if args.flowers and not rules.flowers:
        from .errors import SituationError

        raise SituationError(f"--flowers {args.flowers} but the rules {args.rules} have no "
                             f"flower tiles (turn them on with --rule flowers=true)",
                             "flowers_off")
    a = analyze(" ".join(args.hand), melds=args.meld, seat_wind=args.seat,
                round_wind=args.round, dora_indicators=dora, win_tile=args.win,
                tsumo=args.tsumo, riichi=args.riichi, rules=rules,
                visible=visible, nukidora=args.nukidora, flowers=args.flowers)
    k = len(a.melds)
    if k and a.n_concealed + 3 * k not in (13, 14):
        # declared melds with too few concealed tiles: a shape of the tiles given, not a
        # hand (no "complete" hand that cannot be scored)
        from .errors import HandSizeError

        raise HandSizeError(
            f"{a.n_concealed} concealed tiles and {k} meld{'s' if k > 1 else ''} make "
            f"{a.n_concealed + 3 * k} tiles: a hand has {13 - 3 * k} concealed tiles "
            f"waiting or {14 - 3 * k} with the winning tile beside {k} "
            f"meld{'s' if k > 1 else ''} (each meld counts 3)", "bad_hand_size")
    if args.win is not None and a.shanten != -1:
        before = analyze(" ".join(args.hand), melds=args.meld, rules=rules,
                         nukidora=args.nukidora, flowers=args.flowers)
        _not_completed(args, a, before)
    if args.json:
        _json(a.to_dict(), out, indent=2)
        return 0
    out.write(format_analysis(a, glyphs=_use_glyphs(args.glyphs, out)))
    return 0


def _rules_of(preset: str, changes: List[str]):
    """The preset with the ``--rule NAME=VALUE`` changes (``Rules.replace``; VALUE read as
    JSON, else as a string; a JSON list is a tuple). IppatsuError ``bad_rules`` for a
    malformed change or an unknown option."""
    from .errors import IppatsuError
    from .rules import Rules

    rules = Rules.preset(preset)
    if not changes:
        return rules
    fields = {}
    for c in changes:
        name, eq, text = c.partition("=")
        if not eq or not name.strip():
            raise IppatsuError(f"--rule takes NAME=VALUE (e.g. flowers=true), got {c!r}",
                               code="bad_rules")
        try:
            v = json.loads(text)
        except ValueError:
            v = text
        fields[name.strip()] = tuple(v) if isinstance(v, list) else v
    return rules.replace(**fields)


def _not_completed(args, a, before) -> None:
    """``--win`` names a tile that does not complete the hand: say so (``score()`` raises
    the same error) instead of analysing the hand as one still being built. ``before`` is
    the analysis of the hand as written (without an added winning tile)."""
    from .errors import NotAgariError

    win = args.win.strip()
    if before.n_concealed % 3 == 1:  # the tile was added to a 13 (10, 7, ...) tile hand
        if before.waits:
            state = f"it waits on {' '.join(w.tile for w in before.waits)}"
        elif before.shanten > 0:
            state = f"it is {before.shanten}-shanten"
        else:
            state = "it has no wait"
        msg = f"{win} does not complete the hand {before.hand} ({state})"
    else:  # the tile is one of a 14 (11, 8, ...) tile hand that is not complete
        state = "tenpai after a discard" if a.shanten == 0 else \
            f"{a.shanten}-shanten after the best discard"
        msg = f"the hand {a.hand} is not complete ({state})"
    raise NotAgariError(msg, "not_agari")


def _pts(x: int) -> str:
    return f"{x:,}"


def _cost(r) -> str:
    """A score's payment in the usual short form."""
    if r is None:
        return ""
    if not r.tsumo:
        return _pts(r.points)
    if r.dealer:
        return f"{_pts(r.cost['non_dealer'])} all"
    return f"{_pts(r.cost['non_dealer'])}/{_pts(r.cost['dealer'])}"


def _hanfu(r) -> str:
    if r.is_yakuman:
        mult = r.yakuman or 1
        return ("yakuman" if mult == 1 else f"{mult}x yakuman") + \
            (" (counted)" if r.limit == "kazoe yakuman" else "")
    if r.limit and r.han >= 5:
        return f"{r.han} han {r.limit}"
    return f"{r.han} han {r.fu} fu" + (f" {r.limit}" if r.limit else "")


def _yaku_text(r, short: bool = True) -> str:
    from .yaku import BY_NAME

    names = []
    for name, han in r.yaku:
        y = BY_NAME[name]
        names.append(y.romaji if short else y.en)
    for label, v in (("dora", r.dora), ("red", r.red), ("ura", r.ura)):
        if v:
            names.append(f"{label} {v}")
    return ", ".join(names)


def _romaji(name: str, en: str) -> str:
    """The compact (romaji) name of a yaku row by its key: 'tanyao', 'jikaze ton'."""
    from .yaku import BY_NAME

    y = BY_NAME.get(name)
    if y is not None:
        return y.romaji
    return en[en.rindex("(") + 1:-1] if en.endswith(")") and "(" in en else en


def _table(rows: List[List[str]], align: str) -> List[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = [c.rjust(w) if a == "r" else c.ljust(w) for c, w, a in zip(r, widths, align)]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def format_analysis(a, glyphs: bool = False) -> str:
    """The text report of :func:`ippatsu.analysis.analyze` (what ``ippatsu hand`` prints)."""
    from .analysis import WIND_NAMES
    from .tiles import dora_kind, kind_name

    L: List[str] = []
    n = a.n_concealed
    size = f"{n} tile{'s' if n != 1 else ''}"
    if a.melds:
        size = f"{n} concealed + {len(a.melds)} meld{'s' if len(a.melds) > 1 else ''}"
    openness = "closed" if a.closed else "open"
    L.append(f"Hand       {a.hand}   ({size}, {openness})")
    if glyphs:
        kinds = [t >> 2 for t in a.concealed]
        if a.win is not None:  # the winning tile last, marked as on the rules page
            kinds.remove(a.win.win_tile)
            g = tiles_glyphs(kinds) + "  ▲" + tile_glyph(a.win.win_tile)
        else:
            g = tiles_glyphs(kinds)
        for m in a.melds:
            g += "  [" + tiles_glyphs(sorted(m.kinds)) + "]"
        L.append(f"           {g}")
    seat = f"{WIND_NAMES[a.seat_wind]} seat ({'dealer' if a.dealer else 'non-dealer'})"
    dora = ("none" if not a.dora_indicators else
            " ".join(kind_name(k) for k in a.dora_indicators) + " → dora " +
            " ".join(kind_name(dora_kind(k)) for k in a.dora_indicators))
    situ = f"{seat}, {WIND_NAMES[a.round_wind]} round · dora indicators: {dora}"
    if a.riichi:
        situ += " · riichi"
    situ += f" · rules: {a.rules.name}"
    L.append(f"Situation  {situ}")
    f = a.forms
    forms = [f"standard {f.standard}"]
    if f.chiitoitsu is not None:
        forms.append(f"seven pairs {f.chiitoitsu}")
    if f.kokushi is not None:
        forms.append(f"thirteen orphans {f.kokushi}")
    label = {"complete": "complete", "tenpai": "tenpai"}.get(a.status, a.status)
    if n % 3 == 2 and a.shanten >= 0:
        label = "tenpai after a discard" if a.shanten == 0 else \
            f"{a.shanten}-shanten after the best discard"
    L.append(f"Shanten    {a.shanten} — {label}   ({', '.join(forms)})")

    if a.win is not None:
        L += _format_win(a, glyphs)
    elif a.waits:
        L += _format_waits(a)
    elif n % 3 == 1 or (a.status == "building" and a.ukeire):
        L.append("")
        L.append(f"Effective tiles (draws that lower the shanten): {a.ukeire_total} unseen")
        L.append("  " + "  ".join(f"{t.tile}×{t.unseen}" for t in a.ukeire))
    if a.discards and a.win is None:
        L += _format_discards(a)
    if a.hints:
        L.append("")
        L.append("Yaku to aim for (shape hints, not promises)")
        rows = []
        for h in a.hints:
            value = ("yakuman" if h.yakuman == 1 else f"{h.yakuman}x yakuman") if h.yakuman \
                else f"{h.han} han"
            need = "in shape" if h.need == 0 else f"~{h.need} away"
            rows.append([_romaji(h.name, h.en), value, need, h.note])
        L += _table(rows, "lrll")
    if a.notes:
        L.append("")
        L += [f"Note: {x}" for x in a.notes]
    return "\n".join(L) + "\n"


def _format_waits(a) -> List[str]:
    L = ["", f"Waits      {' '.join(w.tile for w in a.waits)} — "
             f"{sum(w.unseen for w in a.waits)} tiles unseen"]
    rows = [["wait", "left", "ron", "", "tsumo", "", "yaku (ron)"]]
    for w in a.waits:
        if w.ron is None:
            rows.append([w.tile, str(w.unseen), "–", "", "–", "", "not scored (see note)"])
            continue
        ron_hf = _hanfu(w.ron) if w.ron_has_yaku else "no yaku"
        ron_p = _cost(w.ron) if w.ron_has_yaku else ""
        ts_hf = _hanfu(w.tsumo) if w.tsumo_has_yaku else "no yaku"
        ts_p = _cost(w.tsumo) if w.tsumo_has_yaku else ""
        if w.ron_has_yaku:
            yk = _yaku_text(w.ron)
        elif w.with_riichi is not None and w.with_riichi.error is None:
            yk = f"no yaku — with riichi {_hanfu(w.with_riichi)} {_cost(w.with_riichi)}"
        else:
            yk = "no yaku"
        rows.append([w.tile, str(w.unseen), ron_hf, ron_p, ts_hf, ts_p, yk])
    L += _table(rows, "lrlrlrl")
    dealer = "dealer" if a.dealer else "non-dealer"
    L.append(f"  ({dealer}; tsumo payments as " +
             ("each player pays)" if a.dealer else "non-dealer/dealer pays)"))
    return L


def _format_discards(a) -> List[str]:
    L = ["", "Discards (best first)"]
    rows = [["discard", "then", "tiles", "effective tiles"]]
    for d in a.discards:
        then = "tenpai" if d.shanten == 0 else f"{d.shanten}-shanten"
        rows.append([d.tile, then, str(d.total),
                     " ".join(f"{t.tile}×{t.unseen}" for t in d.tiles)])
    return L + _table(rows, "llrl")


def _format_win(a, glyphs: bool) -> List[str]:
    from .yaku import BY_NAME

    w = a.win
    r = w.result
    how = "tsumo" if r.tsumo else "ron"
    L = ["", f"Win        on {w.tile} by {how}" +
         f" · reading {' '.join(r.decomposition)} · {r.wait} wait"]
    if r.error == "no_yaku":
        L.append("           NO YAKU: the shape is complete but cannot win")
        if w.with_riichi is not None:
            wr = w.with_riichi
            L.append(f"           with riichi: {_hanfu(wr)} → {_cost(wr)}")
    rows = [["yaku", "han", "if open"]]
    for y in w.yaku:
        han = "yakuman" if y.yakuman and y.han == 13 else (
            f"{y.han // 13}x yakuman" if y.yakuman else str(y.han))
        if y.survives_open:
            op = "yakuman" if y.yakuman else f"yes, {y.han_open} han"
        else:
            op = "no (concealed only)"
        rows.append([BY_NAME[y.name].en, han, op])
    for label, v in (("Dora", r.dora), ("Red fives", r.red), ("Ura dora", r.ura)):
        if v:
            rows.append([label, str(v), "yes" if label != "Ura dora" else "no (riichi)"])
    L.append("")
    L += _table(rows, "lrl")
    if r.error is None:
        limit = ""
        who = "dealer" if r.dealer else "non-dealer"
        pay = _pts(r.points)
        if r.tsumo:
            pay += f" ({_cost(r)})"
        L.append(f"  = {_hanfu(r)}{limit} → {pay}   [{who} {how}]")
    fu_items = " + ".join(f"{name} {v}" for name, v in r.fu_breakdown)
    L.append(f"Fu         {fu_items} → {r.fu}")
    o = w.if_open
    if o is not None:
        if o.result is None:
            L.append(f"If built open: impossible — {o.note}")
        else:
            orr = o.result
            if orr.error:
                val = "no yaku"
            else:
                val = f"{_yaku_text(orr, short=True)} → {_hanfu(orr)} {_pts(orr.points)}"
            dropped = (f"; loses {', '.join(BY_NAME[n].romaji for n in o.dropped)}"
                       if o.dropped else "")
            L.append(f"If built open ({o.call}): {val}{dropped}")
    return L


# ---------------------------------------------------------------------------------------
# table
# ---------------------------------------------------------------------------------------
def _cmd_table(args, out, err) -> int:
    from .rules import Rules
    from .scoring import format_score_table, score_table

    rules = Rules.preset(args.rules)
    if args.json:
        t = score_table(rules, args.max_han)
        side = "dealer" if args.dealer else "non_dealer"
        rows = []
        for (han, fu), c in sorted(t.items()):
            ts = c[f"{side}_tsumo"]
            rows.append({"han": han, "fu": fu, "ron": c[f"{side}_ron"],
                         "tsumo": list(ts) if isinstance(ts, tuple) else ts,
                         "limit": c["limit"]})
        _json({"side": side, "rules": rules.name, "cells": rows}, out, indent=1)
        return 0
    text = format_score_table(rules, args.max_han)
    blocks = [b for b in text.split("\n\n") if b.strip()]
    want = "dealer:" if args.dealer else "non-dealer:"
    block = next((b for b in blocks if b.lstrip().startswith(want)), text)
    out.write(f"rules: {rules.name}\n{block.rstrip()}\n")
    if not args.dealer:
        out.write("(tsumo: non-dealer pays-dealer pays; – impossible)\n")
    else:
        out.write("(tsumo: each player pays; – impossible)\n")
    return 0


# ---------------------------------------------------------------------------------------
# notation, one hand per line, many lines at once (vectorised over the bytes)
# ---------------------------------------------------------------------------------------
_CHUNK_LINES = 262144


def parse_hand_lines(data: bytes):
    """parse_hand_lines(data) -> (counts, line_numbers, bad)

    Read one hand per line of ``data`` (bytes). ``counts`` is a ``(M, 34) uint8`` array of
    the concealed counts of the M hand lines, ``line_numbers`` their 1-based line numbers,
    ``bad`` a list of ``(line number, message)``. Blank lines and ``#`` comments are skipped.
    A vectorised pass reads plain notation; any line it does not accept is read again by
    the exact parser (:class:`ippatsu.hand.Hand` text form), which either reads it (a hand
    with ``[melds]``) or names the error. (What ``ippatsu shanten FILE`` reads.)
    """
    import numpy as np

    if data and not data.endswith(b"\n"):
        data += b"\n"
    buf = np.frombuffer(data, np.uint8)
    nl = np.flatnonzero(buf == 10)
    nlines = nl.size
    counts_parts = []
    lines_parts = []
    bad: List[Tuple[int, str]] = []
    start_line = 0
    while start_line < nlines:
        end_line = min(nlines, start_line + _CHUNK_LINES)
        lo = 0 if start_line == 0 else int(nl[start_line - 1]) + 1
        hi = int(nl[end_line - 1]) + 1
        c, ok, slow = _parse_chunk(buf[lo:hi], end_line - start_line)
        keep = np.flatnonzero(ok)
        counts_parts.append(c[keep])
        lines_parts.append(keep + start_line + 1)
        if slow.size:
            lines = data[lo:hi].split(b"\n")
            extra_c, extra_l = [], []
            for i in slow.tolist():
                res = _slow_line(lines[i])
                if res is None:
                    continue  # blank or comment after all
                if isinstance(res, str):
                    bad.append((start_line + i + 1, res))
                else:
                    extra_c.append(res)
                    extra_l.append(start_line + i + 1)
            if extra_c:
                counts_parts.append(np.array(extra_c, np.uint8).reshape(-1, 34))
                lines_parts.append(np.array(extra_l, np.int64))
        start_line = end_line
    if not counts_parts:
        return np.zeros((0, 34), np.uint8), np.zeros(0, np.int64), bad
    counts = np.concatenate(counts_parts)
    line_nos = np.concatenate(lines_parts).astype(np.int64)
    if len(counts_parts) > 1:
        order = np.argsort(line_nos, kind="stable")
        counts, line_nos = counts[order], line_nos[order]
    bad.sort()
    return np.ascontiguousarray(counts), line_nos, bad


_VALID_SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


def _parse_chunk(b, nlines: int):
    """Vectorised notation reader over whole lines: (counts, ok mask, slow line indices)."""
    import numpy as np

    n = b.size
    is_nl = b == 10
    line = np.cumsum(is_nl) - is_nl                      # line index of every byte
    starts = np.concatenate(([0], np.flatnonzero(is_nl)[:-1] + 1))
    is_hash = b == 35
    hashes = np.cumsum(is_hash)
    base = hashes[starts] - is_hash[starts]
    in_comment = (hashes - base[line]) > 0
    active = ~in_comment & ~is_nl
    is_digit = (b >= 48) & (b <= 57)
    suit = np.full(n, -1, np.int8)
    suit[b == 109] = 0   # m
    suit[b == 112] = 1   # p
    suit[b == 115] = 2   # s
    suit[b == 122] = 3   # z
    is_suit = suit >= 0
    is_space = (b == 32) | (b == 9) | (b == 13)
    problem = active & ~(is_digit | is_suit | is_space)
    # the first non-digit at or after every byte
    idx = np.where(is_digit, n, np.arange(n))
    next_nd = np.minimum.accumulate(idx[::-1])[::-1]
    d_pos = np.flatnonzero(active & is_digit)
    d_suit = suit[next_nd[d_pos]]
    problem[d_pos[d_suit < 0]] = True                    # digits not closed by a suit letter
    prev_digit = np.zeros(n, bool)
    prev_digit[1:] = is_digit[:-1]
    problem |= active & is_suit & ~prev_digit            # a suit letter with no digits
    d_ok = d_suit >= 0
    d_pos, d_suit = d_pos[d_ok], d_suit[d_ok].astype(np.int64)
    rank = b[d_pos].astype(np.int64) - 48
    bad_z = (d_suit == 3) & ((rank == 0) | (rank > 7))
    problem[d_pos[bad_z]] = True
    red = (rank == 0) & (d_suit < 3)
    kind = np.where(red, d_suit * 9 + 4, d_suit * 9 + rank - 1)
    kind[bad_z] = 0  # the line is bad anyway
    dl = line[d_pos]
    line_bad = np.zeros(nlines, bool)
    line_bad[line[problem]] = True
    counts = np.bincount(dl * 34 + kind, minlength=nlines * 34).reshape(nlines, 34)
    if red.any():  # a second red five of a suit
        reds = np.bincount(dl[red] * 3 + d_suit[red], minlength=nlines * 3).reshape(nlines, 3)
        line_bad |= (reds > 1).any(1)
    line_bad |= (counts > 4).any(1)
    total = counts.sum(1)
    size_ok = np.isin(total, _VALID_SIZES)
    blank = (total == 0) & ~line_bad
    ok = ~line_bad & size_ok
    slow = np.flatnonzero(~ok & ~blank)
    return counts.astype(np.uint8), ok, slow


def _slow_line(raw: bytes):
    """None for a blank line, 34 counts for a readable one, else the error message."""
    from . import core
    from .errors import IppatsuError
    from .hand import concealed_counts

    text = raw.decode("utf-8", errors="replace").split("#", 1)[0].strip()
    if not text:
        return None
    try:
        c = concealed_counts(text)
        core.shanten(c)  # validates the size
        return list(c)
    except IppatsuError as e:
        return str(e)


# ---------------------------------------------------------------------------------------
# shanten: many hands through the batch kernel
# ---------------------------------------------------------------------------------------
def _cmd_shanten(args, out, err) -> int:
    import numpy as np
    from . import core

    if args.file == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(args.file, "rb") as fh:
            data = fh.read()
    counts, line_nos, bad = parse_hand_lines(data)
    for ln, msg in bad[:MAX_REPORTED_BAD_LINES]:
        print(f"line {ln}: {msg}", file=err)
    if len(bad) > MAX_REPORTED_BAD_LINES:
        print(f"... and {len(bad) - MAX_REPORTED_BAD_LINES} more bad lines", file=err)
    if bad and not args.skip_bad:
        print(f"ippatsu: error: {len(bad)} bad line{'s' if len(bad) > 1 else ''}; nothing "
              "computed (use --skip-bad to answer the good lines)", file=err)
        return 1
    form = None if args.form == "min" else args.form
    sh = core.shanten_batch(counts, form=form, threads=args.threads)
    names = np.array([str(v) if v != core.NOT_APPLICABLE else "-" for v in range(-1, 128)],
                     dtype=object)
    text = names[sh.astype(np.int16) + 1]
    if args.echo:
        lines = data.split(b"\n")
        res = [lines[i - 1].decode("utf-8", "replace").split("#", 1)[0].strip() + "\t" + s
               for i, s in zip(line_nos.tolist(), text.tolist())]
    else:
        # one output line per input line, so that answers line up with the hands: the
        # shanten, "-" (the form does not apply), "bad" (a bad line under --skip-bad,
        # named on stderr) or nothing (a blank or comment line)
        nlines = data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
        col = np.full(nlines, "", dtype=object)
        col[line_nos - 1] = text
        for ln, _ in bad:
            col[ln - 1] = "bad"
        res = col.tolist()
    if res:
        out.write("\n".join(res) + "\n")
    return 0


# ---------------------------------------------------------------------------------------
# bench (the measurements: ippatsu.benchmark)
# ---------------------------------------------------------------------------------------
def _bench(args, out, err) -> int:
    from .benchmark import measure

    m = measure(quick=args.quick, peers=not args.no_peers, seed=args.seed)
    info, results, peers = m["info"], m["core"], m["peers"]
    if args.json:
        _json({"info": info, "core": results, "peers": peers}, out, indent=1)
        return 0
    out.write(f"ippatsu {info['ippatsu']} bench — backend {info['backend']}, Python "
              f"{info['python']}, numpy {info['numpy']}, {info['machine']}, "
              f"{info['cpus']} cpus{' (quick)' if args.quick else ''}\n\n")
    rows = [["core", "per second", "µs each"]]
    for r in results:
        rows.append([r["name"], f"{r['per_second']:,.0f}", f"{1e6 / r['per_second']:.3f}"])
    out.write("\n".join(_table(rows, "lrr")) + "\n")
    if peers:
        out.write("\n")
        rows = [["peer", "per second", "µs each", "ippatsu is", "agreement"]]
        for p in peers:
            if "error" in p:
                rows.append([p["name"], "–", "–", p["error"], ""])
                continue
            rows.append([p["name"], f"{p['per_second']:,.0f}", f"{1e6 / p['per_second']:.3f}",
                         p["ratio"], p.get("agreement", "")])
        out.write("\n".join(_table(rows, "lrrll")) + "\n")
    elif not args.no_peers:
        out.write("\n(no peer library installed: pip install mahjong riichienv)\n")
    return 0


def _cmd_study(args, out, err) -> int:
    from .study._cli import run

    return run(args, out, err)


def _cmd_convert(args, out, err) -> int:
    from .convert import run

    return run(args, out, err)


def _cmd_dataset(args, out, err) -> int:
    from .dataset._cli import run

    return run(args, out, err)


def _cmd_serve(args, out, err) -> int:
    try:
        from .server import serve
    except ImportError as e:
        print(f"ippatsu: error: {e}", file=err)
        return 2
    serve(args.host, args.port, args.log_level)
    return 0


def _cmd_presets(args, out, err) -> int:
    from .rules import Rules

    names = [args.name] if args.name else list(PRESETS)
    if args.json:
        data = {n: Rules.preset(n).to_dict() for n in names}
        print(json.dumps(data[args.name] if args.name else data, indent=1,
                         ensure_ascii=False), file=out)
        return 0
    base = Rules.ippatsu().to_dict()
    for n in names:
        r = Rules.preset(n).to_dict()
        diff = {k: v for k, v in r.items() if k != "name" and v != base[k]}
        if args.name:
            print(f"{n}: {len(diff)} options differ from ippatsu", file=out)
            for k, v in diff.items():
                print(f"  {k:26s} {v!r:30s} (ippatsu {base[k]!r})", file=out)
        else:
            print(f"{n:18s} {len(diff):2d} options differ from ippatsu", file=out)
    return 0


def _cmd_docs(args, out, err) -> int:
    from . import docs

    if args.page is None:
        folder = docs.folder()
        if folder is None:
            print("ippatsu: error: no documentation installed with this copy", file=err)
            return 1
        out.write(f"Documentation in {folder}:\n")
        for name in docs.pages():
            first = docs.page(name).splitlines()[0].lstrip("# ").strip()
            out.write(f"  {name:10s} {first}\n")
        out.write("ippatsu docs PAGE prints one.\n")
        return 0
    if args.path:
        out.write(f"{docs.path(args.page)}\n")
    else:
        out.write(docs.page(args.page))
    return 0


def _cmd_mjai_bot(args, out, err) -> int:
    from .mjai.serve import serve
    from .rules import Rules

    try:
        rules = Rules.preset(args.rules)
    except ValueError as e:
        raise UsageError(str(e)) from None
    return serve(args.agent, dialect=args.dialect, rules=rules, seat=args.seat,
                 seed=args.seed, stdin=sys.stdin, stdout=sys.stdout, stderr=err)


_COMMANDS = {
    "mjai-bot": _cmd_mjai_bot,
    "presets": _cmd_presets,
    "serve": _cmd_serve,
    "hand": _cmd_hand,
    "table": _cmd_table,
    "shanten": _cmd_shanten,
    "bench": _bench,
    "study": _cmd_study,
    "convert": _cmd_convert,
    "dataset": _cmd_dataset,
    "docs": _cmd_docs,
}
