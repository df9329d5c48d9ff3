"""mjai logs: events as JSON lines in and out, per-player views, rounds for replay.

:class:`~ippatsu.table.state.GameState` records its events as mjai-shaped dicts
(``start_game``, ``start_kyoku``, ``tsumo``, ``dahai``, ``chi``, ``pon``, ``daiminkan``,
``kakan``, ``ankan``, ``dora``, ``reach``, ``reach_accepted``, ``hora``, ``ryukyoku``,
``end_kyoku``, ``end_game``; with three players ``nukidora``: ``{"type": "nukidora",
"actor": 0, "pai": "N"}``, a North set aside, as mjai / riichienv write it) with mjai tile names (``5mr`` for a red five, ``E S W N P F C``
for honors). This module writes them and masks them for one player: other players'
``tehais`` at ``start_kyoku`` and other players' drawn tiles become ``"?"``, and
``start_game`` carries the seat as ``"id"``, as an mjai server sends them.
:func:`load_mjai` reads a log and :func:`mjai_rounds` decodes it into the event vocabulary
of :mod:`ippatsu.io.mjlog` (what :func:`ippatsu.table.replay.replay_mjai` feeds the
engine: the engine's own logs replay exactly, as the project's self-play tests check).

>>> ev = [{"type": "start_game", "names": ["a", "b", "c", "d"]},
...       {"type": "start_kyoku", "tehais": [["1m"] * 13] * 4},
...       {"type": "tsumo", "actor": 2, "pai": "E"}]
>>> [e.get("id") for e in mask_events(ev, 1)], [e.get("pai") for e in mask_events(ev, 0)]
([1, None, None], [None, None, '?'])
"""
from __future__ import annotations

import json
from typing import IO, Iterable, Iterator, List, Optional

from .._codes import MAX_RED_PER_SUIT, red_five_ids
from ..errors import RecordError
from ..hand import Meld, MeldType
from ..tiles import RED_ID_SET, flower_id, mjai_is_red, mjai_to_id, mjai_to_kind
from ..yaku import BY_NAME
from .events import Agari, Call, Discard, Draw, Kita, NewDora, Reach, Ryuukyoku

__all__ = ["mask_event", "mask_events", "to_json_lines", "write_json_lines", "load_mjai",
           "mjai_rounds"]

_UNKNOWN = "?"


def mask_event(ev: dict, player: int) -> dict:
    """The event as seat ``player`` sees it (the dict is copied only when changed):
    ``start_game`` names the seat (``"id"``, as the protocol tells a bot its seat)."""
    t = ev["type"]
    if t == "start_game":
        ev = dict(ev)
        ev["id"] = player
        return ev
    if t == "start_kyoku":
        ev = dict(ev)
        ev["tehais"] = [h if i == player else [_UNKNOWN] * len(h)
                        for i, h in enumerate(ev["tehais"])]
        return ev
    if t == "tsumo" and ev["actor"] != player:
        ev = dict(ev)
        ev["pai"] = _UNKNOWN
        return ev
    return ev


def mask_events(events: Iterable[dict], player: int) -> List[dict]:
    """Every event as seat ``player`` sees it."""
    return [mask_event(e, player) for e in events]


def to_json_lines(events: Iterable[dict]) -> Iterator[str]:
    """One compact JSON text per event."""
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    for e in events:
        yield dumps(e)


def write_json_lines(events: Iterable[dict], fp: IO[str]) -> None:
    """Write the events to ``fp``, one JSON object per line (the mjai log format)."""
    for line in to_json_lines(events):
        fp.write(line)
        fp.write("\n")


# ----------------------------------------------------------------------------- replay
_BAKAZE = {"E": 0, "S": 1, "W": 2, "N": 3}
_REASON = {"fanpai": None, "nagashimangan": "nm", "kyushukyuhai": "yao9",
           "suchareach": "reach4", "sukaikan": "kan4", "sufonrenta": "kaze4",
           "sanchaho": "ron3"}
_EXTRA_YAKU = {"dora": 52, "uradora": 53, "akadora": 54}
#: the names of the flower tiles (Rules.flowers, docs/rules.md §12)
_FLOWERS = frozenset(("1f", "2f", "3f", "4f"))


def load_mjai(src, *, name: Optional[str] = None) -> List[dict]:
    """mjai events from a path, JSON-lines text, or a list of dicts. A line that is not a
    JSON object with a string ``type`` raises :class:`~ippatsu.errors.RecordError`
    (code ``bad_log``) naming the file and the line. ``name``: what messages call text
    or a list (a file is named by its path)."""
    if isinstance(src, list):
        events, label = src, name or "mjai events"
    else:
        label = name or "mjai text"
        text = src
        if not (isinstance(src, str) and src.lstrip().startswith("{")):
            label = str(src)
            try:
                with open(src, encoding="utf-8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError) as e:
                raise RecordError(f"{label}: cannot read: {e}", code="bad_log",
                                  path=label) from None
        events = []
        for i, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                events.append(json.loads(line))
            except ValueError as e:
                raise RecordError(f"{label}: line {i}: not JSON ({e})", code="bad_log",
                                  path=label) from None
    for i, ev in enumerate(events, 1):
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise RecordError(f"{label}: event {i} is not an object with a \"type\": "
                              f"{str(ev)[:80]}", code="bad_log", path=label)
    return events


class _Round:
    """A hand of an mjai log, in the shape :func:`ippatsu.table.replay.replay_game` reads."""

    def __init__(self, kyoku, honba, deposits, scores, dealer, dora_indicator):
        self.kyoku = kyoku
        self.honba = honba
        self.deposits = deposits
        self.scores = tuple(scores)
        self.dealer = dealer
        self.dora_indicator = dora_indicator
        self.hands: list = [[], [], [], []]
        self.events: list = []


def _stated_red_ids(events: list):
    """The red ids the log's ``start_game`` states (its ``ippatsu_rules``' red five counts,
    :attr:`Rules.red_five_counts <ippatsu.rules.Rules.red_five_counts>`), or None (one red
    per suit, the mjai default)."""
    for e in events:
        if e.get("type") != "start_game":
            continue
        d = e.get("ippatsu_rules")
        counts = d.get("red_five_counts") if isinstance(d, dict) else None
        if counts is None and isinstance(d, dict) and isinstance(d.get("red_fives"), list):
            counts = d["red_fives"]
        if counts is None:
            return None
        try:
            counts = tuple(int(c) for c in counts)
            if len(counts) != 3 or not all(0 <= c <= MAX_RED_PER_SUIT for c in counts):
                raise ValueError
        except (TypeError, ValueError):
            raise RecordError(f"start_game's red_five_counts is not three counts 0-"
                              f"{MAX_RED_PER_SUIT}: {str(counts)[:80]}", code="bad_log") from None
        return red_five_ids(counts)
    return None


def mjai_rounds(events: Iterable[dict], red_ids=None):
    """(rounds, complete, final_scores) of an mjai log: every ``start_kyoku`` … ``end_kyoku``
    as a round of :mod:`ippatsu.io` events (Draw, Discard, Call, Reach, NewDora, Agari,
    Ryuukyoku). mjai names carry no copy numbers: ids are assigned per hand, lowest free
    copy first (red fives copy 0), and discards and calls take matching ids from the hand.
    A three-player log (three hands dealt, or four with the fourth empty) gives rounds of
    three hands, its ``nukidora`` events :class:`~ippatsu.io.mjlog.Kita` events (the
    engine's own three-player logs replay exactly). Flower tiles (``Rules.flowers``) are
    read as the ids 136-139 from their names ``1f``-``4f``, a flower set aside
    (``nukidora``) as a :class:`~ippatsu.io.mjlog.Kita` event of that id.

    Red fives per suit (``Rules.red_five_counts``): ``red_ids`` (``Rules.red_ids``), or
    the counts the log's ``start_game`` states in its ``ippatsu_rules``; every red copy
    is named ``5pr``, so a red name takes the lowest free red id of its kind, a plain name
    the lowest free plain one."""
    events = list(events)
    if red_ids is None:
        red_ids = _stated_red_ids(events)
    if red_ids is not None and frozenset(red_ids) == RED_ID_SET:
        red_ids = None   # one red per suit: the copy order of mjai_to_id
    reds = RED_ID_SET if red_ids is None else frozenset(red_ids)
    rounds: list = []
    seats = 4
    complete = False
    final = None
    rnd = None
    used: set = set()
    hands: list = [[], [], [], []]
    melds: list = [[], [], [], []]
    last_draw = [-1] * 4
    last_discard = -1
    dora: list = []
    ura_ids: list = []

    def new(name: str) -> int:
        if name in _FLOWERS:  # a flower (Rules.flowers): 1f-4f, one copy each
            t = flower_id(name)
            if t in used:
                raise ValueError(f"the flower {name} appears twice in the hand")
        else:
            t = mjai_to_id(name, frozenset(used), red_ids)
        used.add(t)
        return t

    def pick(p: int, name: str, prefer: int = -1) -> int:
        if name in _FLOWERS:
            t = flower_id(name)
            if t not in hands[p]:
                raise ValueError(f"seat {p} has no {name} to set aside")
            return t
        k, red = mjai_to_kind(name), mjai_is_red(name)
        found = -1
        for t in hands[p]:
            if t >> 2 == k and (t in reds) == red:
                if t == prefer:
                    return t
                if found < 0:
                    found = t
        if found < 0:  # a log without red fives: the fourth plain five took copy 0
            found = next((t for t in hands[p] if t >> 2 == k), -1)
        if found < 0:
            raise ValueError(f"seat {p} has no {name} to play")
        return found

    for ev in events:
        typ = ev["type"]
        if typ == "start_game":
            continue
        if typ == "start_kyoku":
            tehais = list(ev["tehais"])
            scores = ev.get("scores", (25000,) * 4)
            if len(tehais) == 4 and not tehais[3]:  # three players, the fourth seat empty
                tehais = tehais[:3]
                scores = list(scores)[:3]
            seats = len(tehais)
            used = set()
            d = new(ev["dora_marker"])
            dora = [d]
            kyoku = _BAKAZE[ev["bakaze"]] * 4 + ev["kyoku"] - 1
            rnd = _Round(kyoku, ev["honba"], ev["kyotaku"], scores, ev["oya"], d)
            hands = [[new(n) for n in h] for h in tehais]
            rnd.hands = [list(h) for h in hands]
            melds = [[] for _ in range(seats)]
            ura_ids = []
            rounds.append(rnd)
            continue
        if typ == "end_game":
            complete = True
            final = ev.get("scores")
            continue
        if rnd is None:
            continue
        out = rnd.events
        if typ == "tsumo":
            p = ev["actor"]
            t = new(ev["pai"])
            hands[p].append(t)
            last_draw[p] = t
            out.append(Draw(p, t))
        elif typ == "dahai":
            p = ev["actor"]
            t = pick(p, ev["pai"], last_draw[p] if ev.get("tsumogiri") else -1)
            hands[p].remove(t)
            last_discard = t
            out.append(Discard(p, t, t == last_draw[p]))
            last_draw[p] = -1  # as the mjlog reader: a discard after a call is not tsumogiri
        elif typ == "nukidora" or typ == "kita":  # three players: a North set aside
            # (riichienv writes "kita"; the engine writes "nukidora")
            p = ev["actor"]
            t = pick(p, ev.get("pai", "N"))
            hands[p].remove(t)
            out.append(Kita(p, t, 0))
        elif typ == "reach":
            out.append(Reach(ev["actor"], 1))
        elif typ == "reach_accepted":
            out.append(Reach(ev["actor"], 2))
        elif typ in ("chi", "pon", "daiminkan"):
            p, q = ev["actor"], ev["target"]
            cons = []
            for n in ev["consumed"]:
                t = pick(p, n)
                hands[p].remove(t)
                cons.append(t)
            mt = {"chi": MeldType.CHI, "pon": MeldType.PON, "daiminkan": MeldType.DAIMINKAN}[typ]
            rel = (q - p) % seats
            m = Meld(mt, [last_discard] + cons, called=last_discard,
                     from_who=3 if seats == 3 and rel == 2 else rel)
            melds[p].append(m)
            out.append(Call(p, m, 0))
            last_draw[p] = -1
        elif typ == "ankan":
            p = ev["actor"]
            ids = []
            for n in ev["consumed"]:
                t = pick(p, n)
                hands[p].remove(t)
                ids.append(t)
            m = Meld(MeldType.ANKAN, ids)
            melds[p].append(m)
            out.append(Call(p, m, 0))
        elif typ == "kakan":
            p = ev["actor"]
            add = pick(p, ev["pai"])
            hands[p].remove(add)
            k = add >> 2
            i = next(j for j, m in enumerate(melds[p])
                     if m.type is MeldType.PON and m.tiles[0] >> 2 == k)
            pon = melds[p][i]
            m = Meld(MeldType.KAKAN, pon.tiles + (add,), called=pon.called, added=add,
                     from_who=pon.from_who)
            melds[p][i] = m
            out.append(Call(p, m, 0))
        elif typ == "dora":
            t = new(ev["dora_marker"])
            dora.append(t)
            out.append(NewDora(t))
        elif typ == "hora":
            p, q = ev["actor"], ev["target"]
            names = ev.get("uradora_markers", ())
            if len(names) > len(ura_ids):  # the same markers come with every winner
                ura_ids.extend(new(n) for n in names[len(ura_ids):])
            ura = tuple(ura_ids[:len(names)])
            yaku, yakuman, unknown = [], [], False
            for name, han in ev.get("yakus", ()):
                if name in _EXTRA_YAKU:
                    yaku.append((_EXTRA_YAKU[name], han))
                elif name in BY_NAME:
                    y = BY_NAME[name]
                    if getattr(y, "yakuman", 0):
                        yakuman.append(y.id)
                    else:
                        yaku.append((y.id, han))
                else:
                    unknown = True
            deltas = ev.get("deltas", (0, 0, 0, 0))
            scores = ev.get("scores")
            before = [s - d for s, d in zip(scores, deltas)] if scores else [0] * 4
            win = last_draw[p] if p == q else last_discard
            out.append(Agari(
                who=p, from_who=q, hai=tuple(hands[p]) + (() if p == q else (win,)),
                melds=tuple(melds[p]), meld_codes=(), machi=win, honba=rnd.honba,
                deposits=rnd.deposits, fu=ev.get("fu", 0), points=ev.get("hora_points", 0),
                limit=0, yaku=() if yakuman else tuple(yaku), yakuman=tuple(yakuman),
                dora_indicators=tuple(dora), ura_indicators=ura, pao_who=None,
                sc=tuple(zip(before, deltas)),
                extra=(("yaku", "unknown"),) if unknown else ()))
        elif typ == "ryukyoku":
            deltas = ev.get("deltas", (0, 0, 0, 0))
            scores = ev.get("scores")
            before = [s - d for s, d in zip(scores, deltas)] if scores else [0] * 4
            tenpais = ev.get("tenpais") or [False] * 4
            out.append(Ryuukyoku(
                type=_REASON.get(ev.get("reason", "fanpai")), honba=rnd.honba,
                deposits=rnd.deposits, sc=tuple(zip(before, deltas)),
                hands=tuple(tuple(hands[i]) if tenpais[i] else None
                            for i in range(min(len(tenpais), len(hands))))))
    return rounds, complete, final
