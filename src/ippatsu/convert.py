"""Record conversion: Tenhou mjlog (plain or gzip) and tenhou.net/6 JSON -> mjai logs, and
mjai logs (or the others) -> mjlog or tenhou.net/6.

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

The other way, :func:`to_mjlog` writes a record's rounds (any format) as Tenhou XML:
``<GO type>`` from the rules of the replay, ``<SHUFFLE ref>`` the log id, ``<N m>`` meld
codes (:func:`meld_code`, the inverse of :func:`ippatsu.io.mjlog.decode_meld`), the
results with their yaku, fu, points, indicators and score changes, after the same exact
replay.

:func:`to_tenhou6` writes tenhou.net/6 JSON the same way (four players): the lobby name
``rule.disp`` from the rules, ``ref`` the log id, per hand the draws and calls, the
discards (60 the tile just drawn, ``r`` a riichi, kans), the result's scoring lines and
yaku in Tenhou's words.

Command line: ``ippatsu convert PATH... --out DIR [--to mjai|mjlog|tenhou6]`` writes
``DIR/<name>.mjson`` (``.mjlog``, ``.json``) per record.
"""
from __future__ import annotations

import json
import os
from typing import List

from .errors import IppatsuError, RecordError
from .tiles import RED_ID_SET

__all__ = ["to_mjai", "to_mjlog", "to_tenhou6", "mjlog_text", "tenhou6_record", "meld_code",
           "convert_file", "add_parser", "run"]


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
    names = log_id = None
    if path.endswith((".mjson", ".jsonl")):
        events = load_mjai(path)
        rounds, complete, final = mjai_rounds(events)
        start = next((e for e in events if e["type"] == "start_game"), {})
        names, log_id = start.get("names"), start.get("log_id")
        rules = rules or mjai_rules(events) or tenhou_rules()
    elif path.endswith(".json"):
        rounds = load_tenhou6(path, strict=False)
        complete = None if (rounds and all(r.complete for r in rounds)) else False
        final = None
        rules = record_rules(rounds, rules)
        if rounds:
            names = list(rounds[0].meta.names) or None
            log_id = rounds[0].meta.log_id
    else:
        g = load_mjlog(path)
        rounds, complete = g.rounds, g.complete
        final = g.final.scores if g.final else None
        rules = record_rules(g, rules)
        names = [p.name for p in g.players] or None
        log_id = g.log_id
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
        if log_id:  # the Tenhou log id: it dates the record (and so its rules)
            events[0]["log_id"] = log_id
        # the rules the record was replayed with: a later replay of the log uses them
        # (other mjai readers ignore the field)
        events[0]["ippatsu_rules"] = seen[0].rules.to_dict()
    return events


def convert_file(path, out_dir, rules=None, to: str = "mjai") -> str:
    """Write the record ``path`` as an mjai log (``to="mjai"``: ``out_dir/<name>.mjson``),
    an mjlog (``"mjlog"``: ``.mjlog``) or tenhou.net/6 JSON (``"tenhou6"``: ``.json``);
    returns the path written."""
    from .io.mjai import write_json_lines

    if to not in ("mjai", "mjlog", "tenhou6"):
        raise RecordError(f"convert to 'mjai', 'mjlog' or 'tenhou6', got {to!r}",
                          code="bad_log")
    base = os.path.basename(os.fspath(path))
    for suffix in (".gz", ".mjlog", ".xml", ".json", ".mjson", ".jsonl"):
        if base.endswith(suffix):
            base = base[:-len(suffix)]
    if to == "mjlog":
        text = to_mjlog(path, rules)
    elif to == "tenhou6":
        text = json.dumps(to_tenhou6(path, rules), ensure_ascii=False, separators=(",", ":"))
    else:
        events = to_mjai(path, rules)
    os.makedirs(out_dir, exist_ok=True)
    dest = os.path.join(out_dir, base + {"mjai": ".mjson", "mjlog": ".mjlog",
                                         "tenhou6": ".json"}[to])
    if os.path.abspath(dest) == os.path.abspath(os.fspath(path)):
        raise RecordError(f"{path}: converting it would overwrite it; choose another "
                          f"folder", code="bad_log", path=str(path))
    tmp = dest + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        if to == "mjai":
            write_json_lines(events, f)
        else:
            f.write(text)
    os.replace(tmp, dest)
    return dest


# ----------------------------------------------------------------------------- mjlog
def meld_code(m, kita: bool = False) -> int:
    """The Tenhou meld code (``m`` of ``<N>``) of an :class:`~ippatsu.hand.Meld` (the
    inverse of :func:`ippatsu.io.mjlog.decode_meld`); ``kita``: a North set aside, ``m``
    its tile id."""
    from .hand import MeldType

    if kita:
        return (m << 8) | 0x20
    tiles = sorted(m.tiles)
    fw = m.from_who or 0
    if m.type is MeldType.CHI:
        base = tiles[0] >> 2
        t = base // 9 * 7 + base % 9
        r = tiles.index(m.called)
        return (((t * 3 + r) << 10) | ((tiles[2] & 3) << 7) | ((tiles[1] & 3) << 5)
                | ((tiles[0] & 3) << 3) | 0x4 | fw)
    if m.type is MeldType.PON:
        k = tiles[0] >> 2
        unused = ({0, 1, 2, 3} - {t & 3 for t in tiles}).pop()
        return (((k * 3 + tiles.index(m.called)) << 9) | (unused << 5) | 0x8 | fw)
    if m.type is MeldType.KAKAN:
        k = tiles[0] >> 2
        three = [t for t in tiles if t != m.added]
        return (((k * 3 + three.index(m.called)) << 9) | ((m.added & 3) << 5) | 0x10 | fw)
    if m.type is MeldType.ANKAN:
        return tiles[0] << 8
    return (m.called << 8) | fw   # daiminkan


def _ids(ts) -> str:
    return ",".join(str(int(t)) for t in ts)


def _limit(han: int, fu: int, yakuman: bool) -> int:
    """Tenhou's limit code of ``<AGARI ten>``: 0 none, 1 mangan ... 5 yakuman."""
    if yakuman or han >= 13:
        return 5
    for low, code in ((11, 4), (8, 3), (6, 2), (5, 1)):
        if han >= low:
            return code
    return 1 if fu * 2 ** (han + 2) >= 2000 else 0


def _sc(pairs, n: int) -> str:
    out = []
    for i in range(4):
        before, delta = pairs[i] if i < len(pairs) and i < n else (0, 0)
        out += [before // 100, delta // 100]
    return _ids(out)


def _tenhou_reds(rules, fmt: str) -> None:
    """Tenhou's records have one red five per suit or none: other counts
    (``Rules.red_five_counts``) raise RecordError ``unsupported_rules``."""
    if rules is not None and rules.red_five_counts is not None:
        raise RecordError(f"red_five_counts={rules.red_five_counts}: {fmt} records have one "
                          f"red five per suit or none", code="unsupported_rules")


def mjlog_text(rounds, *, names=None, rules=None, log_id=None, final=None) -> str:
    """The mjlog XML of a game's rounds (the event vocabulary of :mod:`ippatsu.io`, as
    every loader gives them): ``<GO type>`` from ``rules`` (game length, red fives, open
    tanyao, three players), ``<SHUFFLE ref>`` the log id (which dates the record), the
    players' names, then per hand ``<INIT>``, the draws and discards, ``<N>`` with the
    meld codes, ``<REACH>``, ``<DORA>``, ``<AGARI>``, ``<RYUUKYOKU>``; ``final``: the
    final scores (``owari`` on the last result, uma not computed: 0.0)."""
    from urllib.parse import quote
    from xml.sax.saxutils import quoteattr

    from .io.mjlog import Agari, Call, Discard, Draw, Kita, NewDora, Reach, Ryuukyoku
    from .rules import GameLength

    _tenhou_reds(rules, "mjlog")
    n = 3 if rounds and (len(rounds[0].hands) == 3 or not rounds[0].hands[3]) else 4
    out = ['<mjloggm ver="2.3">']
    out.append(f'<SHUFFLE seed="" ref={quoteattr(log_id or "")}/>')
    t = 0x01   # a game against people; the room is not known here: no room bits
    if rules is not None:
        t |= (0 if rules.red_fives else 0x02) | (0 if rules.open_tanyao else 0x04)
        t |= 0x08 if rules.game_length is GameLength.HALF else 0
        t |= 0x10 if rules.players == 3 else 0
    else:
        t |= 0x08 | (0x10 if n == 3 else 0)
    out.append(f'<GO type="{t}" lobby="0"/>')
    nm = list(names or [])[:4] + [""] * (4 - len(list(names or [])[:4]))
    out.append("<UN " + " ".join(f"n{i}={quoteattr(quote(str(nm[i])))}" for i in range(4))
               + ' dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/>')
    out.append('<TAIKYOKU oya="0"/>')
    last = None
    for rnd in rounds:
        hands = list(rnd.hands) + [()] * (4 - len(rnd.hands))
        scores = list(rnd.scores)[:n] + [0] * (4 - n)
        dora = rnd.dora_indicator if hasattr(rnd, "dora_indicator") else rnd.dora_indicators[0]
        out.append(f'<INIT seed="{rnd.kyoku},{rnd.honba},{rnd.deposits},0,0,{dora}" '
                   f'ten="{_ids(s // 100 for s in scores)}" oya="{rnd.dealer}" '
                   + " ".join(f'hai{i}="{_ids(hands[i])}"' for i in range(4)) + "/>")
        for e in rnd.events:
            if isinstance(e, Draw):
                out.append(f"<{'TUVW'[e.who]}{e.tile}/>")
            elif isinstance(e, Discard):
                out.append(f"<{'DEFG'[e.who]}{e.tile}/>")
            elif isinstance(e, Call):
                out.append(f'<N who="{e.who}" m="{meld_code(e.meld)}"/>')
            elif isinstance(e, Kita):
                out.append(f'<N who="{e.who}" m="{meld_code(e.tile, kita=True)}"/>')
            elif isinstance(e, Reach):
                out.append(f'<REACH who="{e.who}" step="{e.step}"/>')
            elif isinstance(e, NewDora):
                out.append(f'<DORA hai="{e.indicator}"/>')
            elif isinstance(e, Agari):
                han = sum(h for _, h in e.yaku)
                yk = (f'yakuman="{_ids(e.yakuman)}"' if e.yakuman
                      else f'yaku="{_ids(x for pair in e.yaku for x in pair)}"')
                out.append(
                    f'<AGARI ba="{e.honba},{e.deposits}" hai="{_ids(sorted(e.hai))}" '
                    + (f'm="{_ids(meld_code(m) for m in e.melds)}" ' if e.melds else "")
                    + f'machi="{e.machi}" ten="{e.fu},{e.points},'
                    f'{_limit(han, e.fu, bool(e.yakuman))}" {yk} '
                    f'doraHai="{_ids(e.dora_indicators)}" '
                    + (f'doraHaiUra="{_ids(e.ura_indicators)}" ' if e.ura_indicators else "")
                    + f'who="{e.who}" fromWho="{e.from_who}" '
                    + (f'paoWho="{e.pao_who}" ' if e.pao_who is not None else "")
                    + f'sc="{_sc(e.sc, n)}"/>')
                last = len(out) - 1
            elif isinstance(e, Ryuukyoku):
                tags = [f'ba="{e.honba},{e.deposits}"', f'sc="{_sc(e.sc, n)}"']
                tags += [f'hai{i}="{_ids(h)}"' for i, h in enumerate(e.hands) if h]
                if e.type:
                    tags.append(f'type="{e.type}"')
                out.append("<RYUUKYOKU " + " ".join(tags) + "/>")
                last = len(out) - 1
    if final is not None and last is not None:
        fs = list(final)[:n] + [0] * (4 - n)
        owari = ",".join(f"{s // 100},0.0" for s in fs)
        out[last] = out[last][:-2] + f' owari="{owari}"/>'
    out.append("</mjloggm>")
    return "".join(out)


def _replayed(path, rules):
    """(rounds, names, log id, the replay's state) of the record at ``path``, replayed
    exactly (``convert_mismatch`` otherwise)."""
    from .io.mjai import load_mjai, mjai_rounds
    from .io.mjlog import load_mjlog
    from .io.tenhou6 import load_tenhou6
    from .table.replay import mjai_rules, record_rules, replay_game, tenhou_rules

    path = os.fspath(path)
    names = log_id = None
    if path.endswith((".mjson", ".jsonl")):
        events = load_mjai(path)
        rounds, complete, final = mjai_rounds(events)
        start = next((e for e in events if e["type"] == "start_game"), {})
        names, log_id = start.get("names"), start.get("log_id")
        rules = rules or mjai_rules(events) or tenhou_rules()
    elif path.endswith(".json"):
        rounds = load_tenhou6(path, strict=False)
        complete = None if (rounds and all(r.complete for r in rounds)) else False
        final = None
        rules = record_rules(rounds, rules)
        if rounds:
            names, log_id = list(rounds[0].meta.names), rounds[0].meta.log_id
    else:
        g = load_mjlog(path)
        rounds, complete = g.rounds, g.complete
        final = g.final.scores if g.final else None
        rules = record_rules(g, rules)
        names, log_id = [p.name for p in g.players], g.log_id
    seen = []
    rep = replay_game(rounds, rules, os.path.basename(path), complete=complete,
                      final_scores=final, on_step=lambda st, _: seen or seen.append(st))
    if rep.problems or not seen:
        what = (f"{rep.problems[0][0]} [{rep.problems[0][1]}] {rep.problems[0][2]}"
                if rep.problems else "no hand to replay")
        raise RecordError(f"{path}: the engine does not reproduce the record ({what}); "
                          f"not converted", code="convert_mismatch", path=path)
    return rounds, names, log_id, seen[0]


def to_mjlog(path, rules=None) -> str:
    """The mjlog XML of the record at ``path`` (an mjai log, tenhou.net/6 JSON or an
    mjlog), after a replay that must reproduce it exactly (``convert_mismatch``
    otherwise). The rules of the replay go into ``<GO type>``; the log id (an mjai log
    of ``ippatsu convert`` carries it in ``start_game``) into ``<SHUFFLE ref>``."""
    rounds, names, log_id, st = _replayed(path, rules)
    return mjlog_text(rounds, names=names, rules=st.rules, log_id=log_id,
                      final=st.final["scores"] if st.final else None)


# ----------------------------------------------------------------------------- tenhou.net/6
_T6_LIMITS = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
_T6_DRAWS = {None: "流局", "nm": "流し満貫", "yao9": "九種九牌", "kaze4": "四風連打",
             "reach4": "四家立直", "ron3": "三家和了", "kan4": "四槓散了"}


def _t6(t: int, red: bool) -> int:
    """The tenhou.net/6 code of a tile id (51-53 for a red five when red fives are on)."""
    if red and t in RED_ID_SET:
        return 51 + (t - 16) // 36
    k = t >> 2
    return (k // 9 + 1) * 10 + k % 9 + 1 if k < 27 else 41 + k - 27


def _call_text(letter: str, codes: list, at: int) -> str:
    """A tenhou.net/6 call string: ``codes`` with ``letter`` before the one at ``at``."""
    return "".join((letter if j == at else "") + f"{c:02d}" for j, c in enumerate(codes))


def _t6_points(e, dealer: int) -> str:
    """The scoring line of a win (``"30符1飜1000点"``, ``"満貫2000-4000点"``, ``"満貫4000点∀"``)."""
    han = sum(h for _, h in e.yaku)
    limit = _limit(han, e.fu, bool(e.yakuman))
    if limit:
        head = "数え役満" if limit == 5 and not e.yakuman else _T6_LIMITS[limit]
    else:
        head = f"{e.fu}符{han}飜"
    total = e.points
    if e.who != e.from_who:
        return f"{head}{total}点"
    if e.who == dealer:
        return f"{head}{total // 3}点∀"
    a = total // 4 if total % 400 == 0 else (total + 100) // 4
    return f"{head}{a}-{total - 2 * a}点"


def tenhou6_record(rounds, *, names=None, rules=None, log_id=None) -> dict:
    """The tenhou.net/6 JSON object of a game's four-player rounds (the event vocabulary
    of :mod:`ippatsu.io`): ``rule.disp`` from ``rules`` (game length, open tanyao, red
    fives; the general room), ``ref`` the log id, per hand the counters, scores,
    indicators, each seat's start hand, draws (and calls) and discards (60 the tile just
    drawn, ``r`` a riichi, the kans), and the result with its scoring lines."""
    from .io.mjlog import Agari, Call, Discard, Draw, Kita, NewDora, Reach, Ryuukyoku
    from .io.tenhou6 import YAKU_IDS
    from .hand import MeldType
    from .rules import GameLength

    _tenhou_reds(rules, "tenhou.net/6")
    red = True if rules is None else bool(rules.red_fives)
    names_of_id = {}
    for name, yid in YAKU_IDS.items():
        if not name.isascii():
            names_of_id.setdefault(yid, name)
    log = []
    for rnd in rounds:
        if len(rnd.hands) == 3 or not rnd.hands[3]:
            raise RecordError("tenhou.net/6 output is written for four players only",
                              code="three_player")
        dealer = rnd.dealer
        first = rnd.dora_indicator if hasattr(rnd, "dora_indicator") else rnd.dora_indicators[0]
        dora, ura = [first], []
        takes: list = [[], [], [], []]
        discs: list = [[], [], [], []]
        pons: dict = {}
        riichi = [False] * 4
        result: list = []
        for e in rnd.events:
            if isinstance(e, Draw):
                takes[e.who].append(_t6(e.tile, red))
            elif isinstance(e, Reach):
                if e.step == 1:
                    riichi[e.who] = True
            elif isinstance(e, Discard):
                c = 60 if e.tsumogiri else _t6(e.tile, red)
                if riichi[e.who]:
                    discs[e.who].append(f"r{c:02d}")
                    riichi[e.who] = False
                else:
                    discs[e.who].append(c)
            elif isinstance(e, Call):
                m = e.meld
                p = e.who
                if m.type is MeldType.ANKAN:
                    codes = [_t6(t, red) for t in sorted(m.tiles)]
                    discs[p].append(_call_text("a", codes, 3))
                elif m.type is MeldType.KAKAN:
                    codes, at = pons[(p, m.tiles[0] >> 2)]
                    added = _t6(m.added, red)
                    discs[p].append(_call_text("k", codes[:at] + [added] + codes[at:], at))
                else:
                    own = [_t6(t, red) for t in sorted(m.tiles) if t != m.called]
                    called = _t6(m.called, red)
                    if m.type is MeldType.CHI:
                        at = 0
                    elif m.type is MeldType.PON:
                        at = {3: 0, 2: 1, 1: 2}[m.from_who]
                    else:
                        at = {3: 0, 2: 1, 1: 3}[m.from_who]
                    codes = own[:at] + [called] + own[at:]
                    takes[p].append(_call_text({"CHI": "c", "PON": "p"}.get(m.type.name, "m"),
                                               codes, at))
                    if m.type is MeldType.PON:
                        pons[(p, m.tiles[0] >> 2)] = (codes, at)
                    elif m.type is MeldType.DAIMINKAN:
                        discs[p].append(0)
            elif isinstance(e, NewDora):
                dora.append(e.indicator)
            elif isinstance(e, Kita):  # pragma: no cover - three players refused above
                raise RecordError("tenhou.net/6 output is written for four players only",
                                  code="three_player")
            elif isinstance(e, Agari):
                if not result:
                    result = ["和了"]
                if e.ura_indicators and not ura:
                    ura = list(e.ura_indicators)
                if len(e.dora_indicators) > len(dora):
                    dora = list(e.dora_indicators)
                lines = [f"{names_of_id[y]}({h}飜)" for y, h in e.yaku if h]
                lines += [f"{names_of_id[y]}(役満)" for y in e.yakuman]
                result += [[d for _, d in e.sc][:4],
                           [e.who, e.from_who, e.who if e.pao_who is None else e.pao_who,
                            _t6_points(e, dealer)] + lines]
            elif isinstance(e, Ryuukyoku):
                result = [_T6_DRAWS.get(e.type, "流局"), [d for _, d in e.sc][:4]]
        k = [[rnd.kyoku, rnd.honba, rnd.deposits], list(rnd.scores)[:4],
             [_t6(t, red) for t in dora], [_t6(t, red) for t in ura]]
        for p in range(4):
            k += [[_t6(t, red) for t in sorted(rnd.hands[p])], takes[p], discs[p]]
        k.append(result)
        log.append(k)
    half = rules is None or rules.game_length is GameLength.HALF
    disp = "般" + ("南" if half else "東") + \
        ("喰" if rules is None or rules.open_tanyao else "") + ("赤" if red else "")
    out = {"title": ["", ""], "name": [str(x) for x in list(names or ["", "", "", ""])[:4]],
           "rule": {"disp": disp, "aka": 1 if red else 0}, "log": log}
    if log_id:
        out["ref"] = log_id
    return out


def to_tenhou6(path, rules=None) -> dict:
    """The tenhou.net/6 JSON object of the four-player record at ``path`` (any format),
    after a replay that must reproduce it exactly (``convert_mismatch`` otherwise)."""
    rounds, names, log_id, st = _replayed(path, rules)
    return tenhou6_record(rounds, names=names, rules=st.rules, log_id=log_id)


def add_parser(sub) -> None:
    """``ippatsu convert`` on the command line's subparsers."""
    c = sub.add_parser("convert", help="records between Tenhou (mjlog, tenhou.net/6) and "
                       "mjai logs", description="Convert records: Tenhou mjlog (plain or "
                       "gzip) and tenhou.net/6 JSON to mjai logs (--to mjai), mjai logs "
                       "(and the others) to mjlog (--to mjlog). Each record is replayed "
                       "and checked by the engine; one DIR/<name>.mjson or .mjlog each.")
    c.add_argument("paths", nargs="+", metavar="PATH", help="record files or folders")
    c.add_argument("--out", required=True, metavar="DIR", help="folder of the .mjson logs")
    c.add_argument("--to", choices=("mjai", "mjlog", "tenhou6"), default="mjai",
                   help="output format: mjai (default), mjlog (Tenhou XML) or tenhou6 "
                        "(tenhou.net/6 JSON, four players)")
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
            dest = convert_file(f, args.out, rules, to=args.to)
        except IppatsuError as e:
            bad += 1
            print(f"{f}: not converted: {e}", file=err)
            continue
        print(f"{f} -> {dest}", file=out)
    print(f"total: {len(files) - bad} of {len(files)} records converted", file=out)
    return 0 if not bad else 1
