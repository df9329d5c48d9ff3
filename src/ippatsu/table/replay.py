"""Replay Tenhou records through the engine and compare every result.

Design
------
A record (mjlog, tenhou.net/6 JSON or an mjai log, read by :func:`ippatsu.io.load_record`)
does not contain the wall, only what was drawn. For each
hand the replay builds a :class:`~ippatsu.table.wall.Wall` whose live part is the recorded
sequence of ordinary draws, whose replacement part is the recorded sequence of draws that
follow a kan, and whose indicators are the recorded dora (and ura) indicators. The engine
then draws on its own; whenever it stops at a decision point the replay feeds the recorded
action (a discard, riichi, tsumo, kan, call, ron or the nine-terminals abort) or, when the
record shows nothing for the players who may answer a discard, passes for them. Every
recorded action must be legal at that point (``IllegalActionError`` otherwise).

Checks per hand: the hand's result (winners, from whom, han, fu, points, yaku with their
han, dora/ura/red counts, score deltas; or the kind of draw, tenpai seats and deltas);
between hands the engine's scores and next counters (hand, honba, deposits) against the
next ``INIT``; at the end, that the game ends exactly where the record ends, and the final
scores. Each hand starts from the record's own counters, so one disagreement does not
spill into the next hand.

Rules: Tenhou changed some rules over the years, so each record is replayed with
``Rules.tenhou(at=<the record's date>)`` (:mod:`ippatsu._tenhou_timeline`): the date comes
from the log id (an mjlog's ``<SHUFFLE ref>`` or file name ``YYYYMMDDHHgm-...``, a
tenhou.net/6 ``ref``, ``title`` or file name); an undated mjlog of the early format is
dated before June 2010; other undated records get today's rules. The record's own lobby
header then sets the game length, red fives and open tanyao (:func:`record_rules`).

Three-player records (docs/rules.md §11; an mjlog whose ``<INIT>`` deals three hands,
the fourth seat empty with 0 points) replay with ``Rules.tenhou_sanma()`` (the lobby's
game length, red fives and open tanyao on top): the ``<N>`` kita codes become North
declarations (:attr:`ActionType.NUKIDORA`), the draw after one is a replacement draw,
and scores and deltas are compared on the three seats.

Flower tiles (``Rules.flowers``, docs/rules.md §12): an mjai log of the engine's own
flower game replays with ``rules`` given (the log does not state them): a flower set aside
is a ``nukidora`` decision, the draw after it a replacement draw, and the flowers set aside
at the deal (before the hand's first ordinary draw) are the engine's own. Tenhou numbers a three-player
hand as ``4 x round + hand`` (as with four players); the engine's ``kyoku`` is
``3 x round + hand``.

Command line: ``python -m ippatsu.table.replay PATH... [--rules tenhou] [-v]`` (folders
are searched for ``*.mjlog``, ``*.xml``, ``*.json``, and mjai logs ``*.mjson`` /
``*.jsonl``); :func:`main` prints one line per file and the totals.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field
from datetime import date as _date
from typing import Callable, List, Optional, Sequence, Tuple

from ..errors import IppatsuError, RecordError
from ..hand import MeldType
from .._tenhou_timeline import LEGACY_FORMAT_DATE
from ..io.mjai import load_mjai, mjai_rounds
from ..io.record import Record, load_record
from ..io.events import Agari, Call, Discard, Draw, Kita, NewDora, Reach, Ryuukyoku
from ..io.mjlog import MjlogGame, three_player_error
from ..rules import GameLength, Rules
from .actions import Action, ActionType
from .state import GameState, Phase
from .wall import Wall

__all__ = ["tenhou_rules", "record_date", "record_rules", "replay_game", "replay_file",
           "replay_mjai", "mjai_rules", "GameReport", "main", "RYUUKYOKU_KIND",
           # the steps of a replay (ippatsu.study cuts records into positions with them)
           "build_hand", "turn_action", "response_actions", "compare_results", "Mismatch"]

#: mjlog RYUUKYOKU type -> the engine's HandResult.kind
RYUUKYOKU_KIND = {None: "exhaustive", "nm": "exhaustive", "yao9": "nine_terminals",
                  "kaze4": "four_winds", "reach4": "four_riichi", "ron3": "three_ron",
                  "kan4": "four_kans"}


@dataclass
class GameReport:
    """What a replay found. ``hands`` counts hands with a result in the record,
    ``exact`` those whose result the engine reproduced exactly; ``actions`` the recorded
    actions fed, ``illegal`` those the engine refused; ``problems`` (hand label, cause,
    detail) per disagreement; ``end_ok`` whether the game ended where the record ends."""

    name: str
    hands: int = 0
    exact: int = 0
    actions: int = 0
    illegal: int = 0
    complete: bool = True
    end_ok: Optional[bool] = None
    problems: List[Tuple[str, str, str]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.problems and self.exact == self.hands and self.end_ok is not False


def _label(rnd) -> str:
    k = rnd.kyoku
    return f"{'ESWN'[k // 4 % 4]}{k % 4 + 1}-{rnd.honba}"


class Mismatch(Exception):
    """The record and the engine disagree at a decision point (``cause``, ``detail``)."""

    def __init__(self, cause: str, detail: str):
        super().__init__(f"{cause}: {detail}")
        self.cause = cause
        self.detail = detail


def build_hand(rnd) -> Tuple[Wall, list, list]:
    """(wall, decisions, results) of one recorded hand (a round of :mod:`ippatsu.io`
    events): the wall the engine draws from, the recorded decisions in order, and the
    recorded results."""
    live: List[int] = []
    rinshan: List[int] = []
    dora: List[int] = list(getattr(rnd, "dora_indicators", ()) or ())[:1] or [rnd.dora_indicator]
    ura: List[int] = []
    decisions: list = []
    results: list = []
    after_kan = False
    dealt = True  # before the hand's first ordinary draw (flowers set aside at the deal)
    pending_reach = -1
    evs = rnd.events
    i = 0
    n = len(evs)
    while i < n:
        e = evs[i]
        if isinstance(e, Draw):
            (rinshan if after_kan else live).append(e.tile)
            if not after_kan:
                dealt = False
            after_kan = False
        elif isinstance(e, Discard):
            if pending_reach == e.who:
                decisions.append(("riichi", e.who, e.tile))
                pending_reach = -1
            else:
                decisions.append(("discard", e.who, e.tile))
        elif isinstance(e, Reach):
            if e.step == 1:
                pending_reach = e.who
        elif isinstance(e, Call):
            decisions.append(("call", e.who, e.meld))
            if e.meld.type in (MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.KAKAN):
                after_kan = True
        elif isinstance(e, Kita):  # three players: a North set aside, a replacement draw
            # (Rules.flowers: a flower; those of the start hands the engine sets aside
            # itself at the deal, before the first ordinary draw: no decision)
            if not dealt:
                decisions.append(("kita", e.who, e.tile))
            after_kan = True
        elif isinstance(e, NewDora):
            dora.append(e.indicator)
        elif isinstance(e, Agari):
            wins = [e]
            while i + 1 < n and isinstance(evs[i + 1], Agari):
                i += 1
                wins.append(evs[i])
            for a in wins:
                if a.ura_indicators and not ura:
                    ura = list(a.ura_indicators)
                if len(a.dora_indicators) > len(dora):
                    dora = list(a.dora_indicators)
            decisions.append(("agari", wins))
            results.append(("agari", wins))
        elif isinstance(e, Ryuukyoku):
            decisions.append(("ryuukyoku", e))
            results.append(("ryuukyoku", e))
        i += 1
    hands = [list(h) for h in rnd.hands]
    if len(hands) == 4 and not hands[3] and _three(rnd):
        hands = hands[:3]
    wall = Wall(hands, live, rinshan, dora, ura, n_live=55 if len(hands) == 3 else 70)
    return wall, decisions, results


def turn_action(state: GameState, d) -> Action:
    """The engine's action for the recorded decision ``d`` at a TURN point
    (:class:`Mismatch` when the record has another seat act)."""
    p = state.actor
    kind = d[0]
    if kind == "discard" or kind == "riichi":
        if d[1] != p:
            raise Mismatch("turn", f"record: seat {d[1]} discards, engine: seat {p} to act")
        return Action(ActionType.DISCARD if kind == "discard" else ActionType.RIICHI, p, d[2])
    if kind == "call":
        m = d[2]
        if d[1] != p:
            raise Mismatch("turn", f"record: seat {d[1]} calls {m}, engine: seat {p} to act")
        if m.type is MeldType.ANKAN:
            # the engine names a closed kan by one of its tiles (the drawn one after
            # riichi, else the lowest id): take the legal action's, which tells a red five
            k = m.tiles[0] >> 2
            tile = next((b.tile for b in state._offered(p) or ()
                         if b.type is ActionType.ANKAN and b.tile >> 2 == k), m.tiles[0])
            return Action(ActionType.ANKAN, p, tile, tuple(m.tiles))
        if m.type is MeldType.KAKAN:
            pon = tuple(t for t in m.tiles if t != m.added)
            return Action(ActionType.KAKAN, p, m.added, pon)
        raise Mismatch("turn", f"record: {m} by seat {d[1]} while seat {p} is to discard")
    if kind == "kita":
        if d[1] != p:
            raise Mismatch("turn", f"record: seat {d[1]} sets a North aside, engine: seat "
                                   f"{p} to act")
        return Action(ActionType.NUKIDORA, p, d[2])
    if kind == "agari":
        a = d[1][0]
        if not a.is_tsumo or a.who != p:
            raise Mismatch("turn", f"record: win by {a.who} from {a.from_who}, engine: seat {p} to act")
        return Action(ActionType.TSUMO, p, state.last_draw, (), p)
    if kind == "ryuukyoku":
        r = d[1]
        if r.type == "yao9":
            return Action(ActionType.KYUUSHU, p)
        raise Mismatch("draw", f"record: draw {r.type} while seat {p} is to act")
    raise Mismatch("turn", f"unexpected record item {kind}")


def response_actions(state: GameState, d) -> Tuple[list, bool]:
    """(actions, consumed) for a RESPONSE point: the recorded answers to the discard (or
    passes), and whether ``d`` was used."""
    legal = state._offers
    if d is not None and d[0] == "agari":
        wins = d[1]
        if all(not a.is_tsumo and a.from_who == state.resp_actor for a in wins):
            return [Action(ActionType.RON, a.who, state.resp_tile, (), a.from_who)
                    for a in wins], True
    if d is not None and d[0] == "call" and state.resp_kind == "discard":
        m = d[2]
        t = {MeldType.CHI: ActionType.CHI, MeldType.PON: ActionType.PON,
             MeldType.DAIMINKAN: ActionType.DAIMINKAN}.get(m.type)
        if t is not None:
            consumed = tuple(x for x in m.tiles if x != m.called)
            return [Action(t, d[1], m.called, consumed, state.resp_actor)], True
    if d is not None and d[0] == "ryuukyoku" and d[1].type == "ron3":
        acts = [b for acts in legal.values() for b in acts if b.type is ActionType.RON]
        return acts, True
    return [], False


def _compare_win(w, a: Agari) -> List[str]:
    out = []
    r = w.score
    if w.winner != a.who or w.from_who != a.from_who:
        return [f"winner {w.winner}<-{w.from_who} vs record {a.who}<-{a.from_who}"]
    if ("yaku", "unknown") in a.extra:  # a log whose yaku names we cannot read
        pass
    elif a.yakuman:
        mine = sorted(r.yaku_ids)
        theirs = sorted(a.yakuman)
        if mine != theirs:
            out.append(f"yakuman {mine} vs record {theirs}")
    else:
        mine = sorted(zip(r.yaku_ids, (h for _, h in r.yaku)))
        for yid, v in ((52, r.dora), (53, r.ura), (54, r.red)):
            if v:
                mine.append((yid, v))
        mine.sort()
        theirs = sorted((y, h) for y, h in a.yaku if h)
        if mine != theirs:
            out.append(f"yaku {mine} vs record {theirs}")
        if r.fu != a.fu and a.fu and ("yaku", "unknown") not in a.extra:
            out.append(f"fu {r.fu} vs record {a.fu}")
    if r.points != a.points:
        out.append(f"points {r.points} vs record {a.points}")
    theirs = tuple(a.deltas)[:len(w.deltas)]
    if tuple(w.deltas) != theirs:
        out.append(f"deltas {w.deltas} vs record {list(theirs)}")
    return out


def compare_results(state: GameState, results: list) -> List[Tuple[str, str]]:
    """The disagreements (cause, detail) between the engine's last hand result and the
    record's ``results`` ([] = reproduced exactly)."""
    res = state.hand_results[-1]
    if not results:
        return [("result", f"engine ended the hand ({res.kind}), the record has no result")]
    kind, rec = results[-1]
    if kind == "agari":
        if res.kind != "win":
            return [("result", f"engine: {res.kind}, record: win")]
        if len(res.wins) != len(rec):
            return [("result", f"engine: {len(res.wins)} winners, record: {len(rec)}")]
        probs = []
        for w, a in zip(res.wins, rec):
            for msg in _compare_win(w, a):
                cause = msg.split(" ", 1)[0]
                probs.append((cause, msg))
        return probs
    want = RYUUKYOKU_KIND.get(rec.type, rec.type)
    if rec.type == "nm" and res.kind == "nagashi":  # NagashiMode.WIN
        want = "nagashi"
    if res.kind != want:
        return [("draw_type", f"engine: {res.kind}, record: {rec.type or 'exhaustive'}")]
    probs = []
    n = len(res.deltas)
    if rec.type in (None, "nm") and res.tenpai is not None:
        theirs = [h is not None for h in rec.hands][:n]
        if any(rec.hands) and list(res.tenpai) != theirs:
            probs.append(("tenpai", f"engine {res.tenpai} vs record {theirs}"))
    if tuple(res.deltas) != tuple(rec.deltas)[:n]:
        probs.append(("deltas", f"engine {res.deltas} vs record {list(rec.deltas)[:n]}"))
    return probs


def tenhou_rules(at=None) -> Rules:
    """``Rules.tenhou(at=at)``: Tenhou's rules in force on the day ``at`` (today's when
    None; see :mod:`ippatsu._tenhou_timeline`). The preset carries Tenhou's open-kan dora
    timing: the indicator of an open or added kan turns when the kan player discards
    (before any ron on that discard), ``open_kan_dora_delayed=False``
    (mjx/2011020415gm-...-e037b629, S4: a ron on the discard after an open kan counts the
    new indicator)."""
    return Rules.tenhou() if at is None else Rules.tenhou(at=at)


def record_date(record) -> Optional[_date]:
    """The day a record was played, as replay dates it: an :class:`~ippatsu.io.MjlogGame`
    by its log id (``<SHUFFLE ref>`` or the file name), an undated one of the early mjlog
    format by :data:`~ippatsu._tenhou_timeline.LEGACY_FORMAT_DATE`; tenhou.net/6 rounds by
    their record's ``ref``, ``title`` or file name; a :class:`~ippatsu.io.Record` by what
    it holds. None when nothing tells."""
    if isinstance(record, Record):
        record = record.source
    if isinstance(record, MjlogGame):
        if record.date is not None:
            return record.date
        return LEGACY_FORMAT_DATE if record.legacy_format else None
    meta = getattr(record[0], "meta", None) if record else None
    return meta.date if meta is not None else None


def record_rules(record, rules: Optional[Rules] = None) -> Rules:
    """The rules replay uses for a loaded record (an :class:`~ippatsu.io.MjlogGame`, or
    the rounds of a tenhou.net/6 record): ``rules``, or else Tenhou's rules at the
    record's date (:func:`record_date`; today's when it does not tell); then what the
    record states about its lobby: an mjlog's ``<GO type>`` bits (game length, red fives,
    open tanyao), a tenhou.net/6 ``rule`` (``disp`` such as 鳳東喰赤 for the game length,
    open tanyao and red fives; ``aka`` or ``aka51``..``aka53``). Red fives in only some
    suits raise :class:`~ippatsu.errors.RecordError` ``unsupported_rules``. A
    :class:`~ippatsu.io.Record` (:func:`~ippatsu.io.load_record`) is read by what it
    holds (an mjai log states neither date nor lobby)."""
    if isinstance(record, Record):
        record = record.source
    if rules is None:
        rules = tenhou_rules(record_date(record))
    if isinstance(record, MjlogGame):
        lt = record.lobby_type
        if lt is None:
            return rules
        return rules.replace(game_length=GameLength.HALF if lt.hanchan else GameLength.EAST,
                             red_fives=lt.red_fives, open_tanyao=lt.kuitan)
    meta = getattr(record[0], "meta", None) if record else None
    if meta is None:
        return rules
    changes: dict = {}
    if meta.hanchan is not None:
        changes["game_length"] = GameLength.HALF if meta.hanchan else GameLength.EAST
    per_suit = meta.red_fives_per_suit
    if per_suit is not None and per_suit not in ((0, 0, 0), (1, 1, 1)):
        raise RecordError(f"red fives per suit {per_suit} (aka51, aka52, aka53) are not "
                          f"supported: one red five in every suit, or none",
                          code="unsupported_rules")
    changes["red_fives"] = meta.red_fives
    if meta.kuitan is not None:
        changes["open_tanyao"] = meta.kuitan
    return rules.replace(**changes)


def _three(rnd) -> bool:
    """A three-player hand: three hands dealt, the fourth seat empty with 0 points."""
    hands = rnd.hands
    return len(hands) == 3 or (len(hands) == 4 and not hands[3] and len(rnd.scores) == 4
                               and rnd.scores[3] == 0)


def _players(rounds) -> int:
    """4, or 3 for a three-player record (every hand dealt to three seats)."""
    if not rounds:
        return 4
    three = [_three(r) for r in rounds]
    if all(three):
        return 3
    for rnd, t in zip(rounds, three):
        if t or len(rnd.hands) != 4 or len(rnd.scores) != 4:
            raise three_player_error(f"hand {_label(rnd)} has "
                                     f"{sum(1 for h in rnd.hands if h)} players among "
                                     f"hands of four")
    return 4


def _sanma_rules(rules: Rules) -> Rules:
    """Tenhou's three-player rules with the lobby of ``rules`` (game length, red fives,
    open tanyao) when ``rules`` is a four-player set."""
    if rules.players == 3:
        return rules
    return Rules.tenhou_sanma().replace(game_length=rules.game_length,
                                        red_fives=rules.red_fives,
                                        open_tanyao=rules.open_tanyao)


def _kyoku(k: int, n: int) -> int:
    """The engine's hand counter of a record's (``4 x round + hand``)."""
    return k if n == 4 else k // 4 * 3 + k % 4


def replay_game(rounds: Sequence, rules: Optional[Rules] = None, name: str = "",
                complete: Optional[bool] = True,
                final_scores: Optional[Sequence[int]] = None,
                on_step: Optional[Callable[[GameState, object], None]] = None,
                record: bool = False) -> GameReport:
    """Replay the rounds of one game (``MjlogRound`` or ``Tenhou6Round`` objects).
    ``complete=None``: the record has no end marker (tenhou.net/6); the game counts as
    complete when the engine ends it after the last hand. ``rules`` None: for tenhou.net/6
    rounds :func:`record_rules` (Tenhou's rules at the record's date, with its header's
    lobby), else today's Tenhou rules (an mjlog's date and lobby are on its
    :class:`~ippatsu.io.MjlogGame`: pass ``record_rules(game)``). A three-player record
    replays with three seats (``Rules.tenhou_sanma()`` with the lobby of ``rules``).

    ``on_step(state, actions)``, when given, is called before every step of a hand with
    the state at the decision and what the record chose: the actor's :class:`Action` at
    a turn, the list of chosen actions (those of the seats that act; the others pass) at
    a response. ``record=True`` keeps the engine's mjai event log of the replay (the
    state's :attr:`~ippatsu.table.GameState.events`, reached through ``on_step``)."""
    n = _players(rounds)
    if rules is None:
        rules = record_rules(rounds) if rounds and hasattr(rounds[0], "meta") \
            else tenhou_rules()
    if n == 3:
        rules = _sanma_rules(rules)
    rep = GameReport(name, complete=bool(complete))
    t0 = time.perf_counter()
    st = GameState(rules, start=False, auto_next=False, record=record)
    prev_done = False
    for ri, rnd in enumerate(rounds):
        label = _label(rnd)
        if prev_done:
            if st.phase == Phase.GAME_END:
                rep.problems.append((label, "game_end", "engine ended the game before the record"))
            else:
                nk, nh, nd = st.next_hand_counters
                if (nk, nh, nd) != (_kyoku(rnd.kyoku, n), rnd.honba, rnd.deposits):
                    rep.problems.append((label, "counters",
                                         f"engine next hand {(nk, nh, nd)} vs record "
                                         f"{(_kyoku(rnd.kyoku, n), rnd.honba, rnd.deposits)}"))
                if list(st.scores) != list(rnd.scores)[:n]:
                    rep.problems.append((label, "scores",
                                         f"engine {st.scores} vs record {list(rnd.scores)}"))
        prev_done = False
        try:
            wall, decisions, results = build_hand(rnd)
        except IppatsuError as e:
            rep.problems.append((label, "record", str(e)))
            rep.complete = False
            break
        except (IndexError, ValueError, KeyError, TypeError, AttributeError) as e:
            rep.problems.append((label, "record", f"{type(e).__name__}: {e}"))
            rep.complete = False
            break
        if results:
            rep.hands += 1
        try:
            st.start_hand(wall, kyoku=_kyoku(rnd.kyoku, n), honba=rnd.honba,
                          deposits=rnd.deposits, scores=list(rnd.scores)[:n])
            i = 0
            nd = len(decisions)
            while st.phase == Phase.TURN or st.phase == Phase.RESPONSE:
                d = decisions[i] if i < nd else None
                if st.phase == Phase.TURN:
                    if d is None:
                        raise Mismatch("cut", "record ends")
                    a = turn_action(st, d)
                    rep.actions += 1
                    if on_step is not None:
                        on_step(st, a)
                    st.step(a)
                    i += 1
                else:
                    acts, used = response_actions(st, d)
                    if used:
                        rep.actions += len(acts)
                        i += 1
                    elif d is None and not results:
                        raise Mismatch("cut", "record ends")
                    if on_step is not None:
                        on_step(st, acts)
                    st.step(acts)
            prev_done = True
            if results:
                probs = compare_results(st, results)
                if probs:
                    for cause, msg in probs:
                        rep.problems.append((label, cause, msg))
                else:
                    rep.exact += 1
            if i < nd and decisions[i][0] not in ("ryuukyoku", "agari"):
                rep.problems.append((label, "extra", f"record goes on after the engine ended "
                                                     f"the hand: {decisions[i][0]}"))
        except Mismatch as e:
            if e.cause == "cut" and not results:
                rep.complete = False
                continue
            rep.problems.append((label, e.cause, e.detail))
        except IppatsuError as e:
            if getattr(e, "code", "") == "wall_exhausted" and not results:
                rep.complete = False  # a record cut off mid-hand: the engine wants a draw
                continue
            rep.illegal += 1
            rep.problems.append((label, "illegal", str(e)))
        except (IndexError, ValueError, KeyError, TypeError, AttributeError) as e:
            rep.problems.append((label, "error", f"{type(e).__name__}: {e}"))
    if prev_done and complete is not False and st.phase == Phase.HAND_END and st.to_act:
        # LastDealerStop.OPTIONAL: the record ends where the dealer may stop: a stop
        st.step(Action(ActionType.STOP, st.dealer))
    if complete is None and prev_done:  # no end marker (tenhou.net/6): judge by the engine
        rep.complete = st.phase == Phase.GAME_END
        rep.end_ok = True if rep.complete else None
    elif complete and prev_done:
        rep.end_ok = st.phase == Phase.GAME_END
        if not rep.end_ok:
            rep.problems.append(("end", "game_end", "the record ends, the engine goes on"))
        elif final_scores is not None and list(st.scores) != list(final_scores)[:n]:
            rep.problems.append(("end", "final_scores",
                                 f"engine {st.scores} vs record {list(final_scores)}"))
    rep.seconds = time.perf_counter() - t0
    return rep


def mjai_rules(events) -> Optional[Rules]:
    """The rules an mjai log states: its ``start_game`` event's ``ippatsu_rules`` (every
    option, as :meth:`Rules.to_dict <ippatsu.rules.Rules.to_dict>` writes them; the logs
    of ``ippatsu convert`` carry them), else None. Options that are not rules raise
    :class:`~ippatsu.errors.RecordError` (``bad_log``)."""
    for e in events:
        if e.get("type") != "start_game":
            continue
        d = e.get("ippatsu_rules")
        if d is None:
            return None
        if not isinstance(d, dict):
            raise RecordError(f"start_game's ippatsu_rules is not an object: {str(d)[:80]}",
                              code="bad_log")
        try:
            return Rules().replace(**d)
        except (IppatsuError, TypeError) as e2:
            raise RecordError(f"start_game's ippatsu_rules: {e2}", code="bad_log") from None
    return None


def replay_mjai(src, rules=None, name: str = "", on_step=None):
    """Drive the engine with an mjai log (path, JSON lines or event dicts; read by
    :func:`ippatsu.io.mjai.load_mjai` and :func:`ippatsu.io.mjai.mjai_rounds`) and compare
    every hand's result, as :func:`replay_game` does for Tenhou records. ``rules`` None:
    the rules the log states (:func:`mjai_rules`), else today's Tenhou rules. Returns its
    :class:`GameReport`."""
    events = load_mjai(src)
    if rules is None:
        rules = mjai_rules(events) or tenhou_rules()
    # red fives per suit: a red name (5pr) is any red copy of the rules
    rounds, complete, final = mjai_rounds(events, rules.red_ids if rules.red_fives else None)
    return replay_game(rounds, rules, name, complete=complete, final_scores=final,
                       on_step=on_step)


def replay_file(path: str, rules: Optional[Rules] = None,
                on_step: Optional[Callable[[GameState, object], None]] = None) -> GameReport:
    """Load a record (:func:`ippatsu.io.load_record`: mjlog plain/gzip, tenhou.net/6 JSON
    or an mjai log, told from the content) and replay it. A record that cannot be loaded
    raises :class:`~ippatsu.errors.RecordError` naming the file (``unknown_record`` for
    none of the formats; ``three_player`` for a record mixing three- and four-player
    hands).

    ``rules`` None (the default): Tenhou's rules in force on the day the record was played
    (:func:`record_date`; today's when the record does not tell), with what the record's
    header states about its lobby: an mjlog's ``<GO type>`` bits, a tenhou.net/6
    ``rule`` (``disp`` such as 鳳東喰赤: game length, open tanyao, red fives; ``aka``).
    Given ``rules`` are used as they are, with the header's lobby bits applied.
    ``on_step``: as for :func:`replay_game`."""
    rec = load_record(path)
    name = rec.name or os.path.basename(str(path))
    label = str(path)
    if rec.format == "mjai":
        try:
            return replay_game(rec.rounds, rules or mjai_rules(rec.events) or tenhou_rules(),
                               name, complete=rec.complete, final_scores=rec.final_scores,
                               on_step=on_step)
        except RecordError as e:
            if e.path is not None:
                raise
            raise RecordError(f"{label}: {e}", code=e.code, path=label) from None
        except IppatsuError as e:
            raise RecordError(f"{label}: {e}", code=e.code, path=label) from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
                RecursionError, UnicodeError, OSError) as e:
            raise RecordError(f"{label}: unreadable mjai log: {type(e).__name__}: {e}",
                              path=label) from None
    try:
        if rec.format == "mjlog":
            _players(rec.rounds)
        rules = record_rules(rec, rules)
    except RecordError as e:
        raise RecordError(f"{label}: {e}", code=e.code, path=label) from None
    if rec.format == "tenhou6":
        try:
            return replay_game(rec.rounds, rules, name, complete=rec.complete,
                               final_scores=None, on_step=on_step)
        except RecordError as e:
            raise RecordError(f"{label}: {e}", code=e.code, path=label) from None
    return replay_game(rec.rounds, rules, name, complete=rec.complete,
                       final_scores=rec.final_scores, on_step=on_step)


def _files(paths: Sequence[str]) -> List[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in sorted(os.walk(p)):
                for n in sorted(names):
                    if n.endswith((".mjlog", ".xml", ".json", ".mjson", ".jsonl")):
                        out.append(os.path.join(root, n))
        else:
            out.append(p)
    return out


class _ReplayParser(argparse.ArgumentParser):
    """Usage errors as the rest of the command line words them: ``ippatsu: error: ...``."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(2, f"ippatsu: error: {message}\n")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Replay records and print per-file and total agreement. Returns 0 when every hand
    agrees and every action was legal, else 1."""
    ap = _ReplayParser(prog="ippatsu replay",
                       description="Replay Tenhou records through the engine.")
    ap.add_argument("paths", nargs="+",
                    help="files or folders (.mjlog/.xml/.json, mjai .mjson/.jsonl)")
    ap.add_argument("--rules", default="tenhou",
                    help="rules preset (default tenhou: Tenhou's rules at each record's date)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every disagreement")
    args = ap.parse_args(argv)
    try:  # "tenhou": each record with Tenhou's rules at its own date
        rules = None if args.rules.lower() == "tenhou" else Rules.preset(args.rules)
    except IppatsuError as e:
        print(f"ippatsu: error: {e}", file=sys.stderr)
        return 2
    tot = GameReport("total")
    files = _files(args.paths)
    nfiles = nok = nfailed = 0
    t0 = time.perf_counter()
    for f in files:
        if not os.path.exists(f):
            nfailed += 1
            print(f"{f}: cannot load: no such file or folder", file=sys.stderr)
            continue
        try:
            rep = replay_file(f, rules)
        except IppatsuError as e:
            nfailed += 1
            # the line starts with the file's name: the loader's message need not repeat it
            msg = str(e).replace(f"{f}: ", "").replace(f" {f}", "")
            print(f"{f}: cannot load: {msg}", file=sys.stderr)
            continue
        except Exception as e:  # a bug: name the file, go on with the others
            nfailed += 1
            print(f"{f}: internal error: {type(e).__name__}: {e}", file=sys.stderr)
            continue
        nfiles += 1
        nok += rep.ok
        tot.hands += rep.hands
        tot.exact += rep.exact
        tot.actions += rep.actions
        tot.illegal += rep.illegal
        tot.problems.extend(rep.problems)
        status = "ok" if rep.ok else f"{len(rep.problems)} problem(s)"
        cut = "" if rep.complete else " (incomplete record)"
        print(f"{f}: hands {rep.exact}/{rep.hands} exact, actions {rep.actions}, "
              f"illegal {rep.illegal}{cut}: {status}")
        if args.verbose or not rep.ok:
            for label, cause, msg in rep.problems[: None if args.verbose else 3]:
                print(f"    {label} [{cause}] {msg}")
    dt = time.perf_counter() - t0
    causes: dict = {}
    for _, cause, _ in tot.problems:
        causes[cause] = causes.get(cause, 0) + 1
    failed = f", {nfailed} could not be loaded" if nfailed else ""
    print(f"total: {nfiles} files ({nok} fully agree){failed}, hands {tot.exact}/{tot.hands} "
          f"exact, actions {tot.actions}, illegal {tot.illegal}, {dt:.2f} s")
    if causes:
        print("disagreements by cause: " + ", ".join(f"{k} {v}" for k, v in sorted(causes.items())))
    return 0 if (nok == nfiles and not tot.problems and not nfailed) else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
