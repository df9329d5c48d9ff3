"""Outside mjai bots seated as table agents: :class:`Bot` and the game loop :func:`play`.

A :class:`Bot` is an agent (``bot(obs, legal) -> Action``) that asks a program speaking
the mjai protocol: at each of its seat's decisions it sends the events since it last
spoke (as that seat sees them: other hands and other players' draws masked ``"?"``;
``start_game`` carries the seat's ``id``), reads the answer and maps it to the legal
action it names (:func:`ippatsu.table.actionspace.index_of_mjai`). A riichi is two
answers (``reach``, then its ``dahai`` after the bot has been sent its own ``reach``); a
call is followed by a turn like any other, whose answer is the ``dahai``.

Dialects (``dialect=``):

``"mjai.app"``
    one line per message: a JSON array of the events since the bot last answered; one
    JSON object back (``{"type": "none"}`` when it has nothing to do).
``"mjai"``
    the original protocol: one event per line, one answer per event (``none`` when there
    is nothing to do).
``"mortal"``
    one event per line; the bot answers only when it may act.
``"akochan"``
    a JSON array of the events since it last answered, ``"can_act": true`` on the last
    when an answer is wanted; the answer is a JSON array of one or two messages
    (``reach`` and its ``dahai``; a call and the ``dahai`` after it).

A program is run with ``command`` (a list of arguments, or a string split as a shell
would; ``{seat}`` in it is replaced by the seat, for bots that take their seat as an
argument). An object with a ``react(events) -> answer`` method is an in-process bot: it
gets the list of event dicts of the mjai.app dialect and returns a dict (or its JSON
text), with no pipe in between.

Faults: an answer that is not JSON, not an object, names another seat, is not legal, comes
when nothing was asked; a bot that says nothing within ``timeout`` seconds (``start_timeout``
when the message holds ``start_game`` or ``start_kyoku``), exits, or floods its output.
Each is a :class:`Fault` in :attr:`Bot.faults` and a ``{"type": "fault", ...}`` line of the
game's event log (bots are never sent those), and is handled by ``on_fault``:

``"chombo"`` (default)
    the offender pays the penalty of :func:`ippatsu.table.settle.chombo_deltas` (a
    dealer 4,000 to each other player, a non-dealer 4,000 to the dealer and 2,000 to each
    other), the hand is void (riichi sticks placed in it go back) and is dealt again
    with the same dealer and counters from the next wall;
``"fallback"``
    the seat plays safe for the rest of the hand (tsumogiri, or the first discard
    offered; pass on every call) and the bot is asked again from the next hand;
``"raise"``
    :class:`~ippatsu.errors.IppatsuError` (code ``bot_fault``).

A bot that timed out, exited or flooded its output is killed and started afresh for the
next hand (it is sent ``start_game`` again, then the hand). Its standard error is kept
(the last 64 KiB: :meth:`Bot.stderr`). The game loop that applies the penalties is
:func:`play` (and :func:`ippatsu.study.match.match`, which uses it).
"""
from __future__ import annotations

import json
import os
import shlex
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, Optional, Sequence

from ..errors import IppatsuError
from ..io.mjai import mask_event
from ..table.actions import Action, ActionType
from ..table.actionspace import (DISCARD, PASS, RIICHI, STOP, TSUMO, RON, index_of_mjai)
from ..table.loops import play as _loop_play
from ..table.settle import chombo_deltas
from ..table.state import GameState, Phase
from ._pipe import Pipe, PipeFault

__all__ = ["Bot", "Fault", "play", "DIALECTS", "FAULT_KINDS"]

DIALECTS = ("mjai.app", "mjai", "mortal", "akochan")
ON_FAULT = ("chombo", "fallback", "raise")
#: what a fault can be
FAULT_KINDS = ("garbage", "illegal", "wrong_seat", "out_of_turn", "timeout", "exit", "flood")
#: faults after which the process is killed and started again for the next hand (its
#: output may be out of step with the questions)
_RESTART = frozenset(("timeout", "exit", "flood", "out_of_turn"))
#: event types of the host's own log that no bot is sent
_HOST_ONLY = frozenset(("fault",))
_STARTS = frozenset(("start_game", "start_kyoku"))

_TURN = Phase.TURN
_RESPONSE = Phase.RESPONSE


@dataclass
class Fault:
    """One fault: the seat, its kind (one of :data:`FAULT_KINDS`), what happened, where
    (``kyoku``, ``honba``), the answer's text (cut to 200 characters), the penalty
    applied (``chombo``, ``fallback``, ``none`` after the game's end) and the tail of the
    bot's standard error."""

    seat: int
    kind: str
    detail: str
    kyoku: int = 0
    honba: int = 0
    answer: str = ""
    penalty: str = ""
    stderr: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


class BotFault(Exception):
    """Raised through the game loop for a chombo (caught by :func:`play`)."""

    def __init__(self, bot: "Bot", fault: Fault):
        super().__init__(f"seat {fault.seat}: {fault.kind}: {fault.detail}")
        self.bot = bot
        self.fault = fault


class _Bad(Exception):
    def __init__(self, kind: str, detail: str, answer: str = ""):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.answer = answer


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class Bot:
    """Bot(command, *, dialect="mjai.app", timeout=2.0, start_timeout=20.0,
    on_fault="chombo", name=None, cwd=None, env=None, max_line=1 << 20)

    An mjai bot seated as an agent (see the module notes). ``command``: the program (a
    list of arguments or a string; ``{seat}`` is replaced by the seat) or an object with
    ``react(events)``. Pickles as its configuration (a study's worker starts its own
    process)."""

    def __init__(self, command, *, dialect: str = "mjai.app", timeout: float = 2.0,
                 start_timeout: float = 20.0, on_fault: str = "chombo",
                 name: Optional[str] = None, cwd=None, env=None, max_line: int = 1 << 20):
        if dialect not in DIALECTS:
            raise IppatsuError(f"unknown mjai dialect {dialect!r}: one of "
                               f"{', '.join(DIALECTS)}", "bad_bot")
        if on_fault not in ON_FAULT:
            raise IppatsuError(f"on_fault is one of {', '.join(ON_FAULT)}, got {on_fault!r}",
                               "bad_bot")
        for what, v in (("timeout", timeout), ("start_timeout", start_timeout)):
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0:
                raise IppatsuError(f"{what} is a number of seconds > 0, got {v!r}", "bad_bot")
        self.obj = None
        if hasattr(command, "react") and callable(command.react):
            self.obj = command
            self.argv: List[str] = []
        elif isinstance(command, str):
            self.argv = shlex.split(command)
        elif isinstance(command, (list, tuple)) and all(isinstance(a, str) for a in command):
            self.argv = list(command)
        else:
            raise IppatsuError(f"a bot is a command (a string or a list of strings) or an "
                               f"object with react(events), got {command!r}", "bad_bot")
        if self.obj is None and not self.argv:
            raise IppatsuError("a bot's command is empty", "bad_bot")
        self.dialect = dialect
        self.timeout = float(timeout)
        self.start_timeout = float(start_timeout)
        self.on_fault = on_fault
        self.name = name or (type(self.obj).__name__ if self.obj is not None
                             else " ".join(os.path.basename(a) if os.sep in a else a
                                          for a in self.argv))
        self.cwd = cwd
        self.env = env
        self.max_line = max_line
        self.faults: List[Fault] = []
        self.decisions = 0
        self.starts = 0
        self._pipe: Optional[Pipe] = None
        self._pipe_seat = -1
        self._reset_game()

    # ------------------------------------------------------------------ pickling
    def __getstate__(self):
        d = dict(self.__dict__)
        d["_pipe"] = None
        d["_pipe_seat"] = -1
        d["_st"] = None
        return d

    def __setstate__(self, d):
        self.__dict__.update(d)

    def __copy__(self) -> "Bot":
        """A bot of the same configuration, with no process and no faults yet."""
        new = Bot.__new__(Bot)
        new.__setstate__(self.__getstate__())
        new.faults = []
        new.decisions = 0
        new.starts = 0
        return new

    def __repr__(self) -> str:
        return f"Bot({self.name!r}, dialect={self.dialect!r}, on_fault={self.on_fault!r})"

    # ------------------------------------------------------------------ seating
    def _reset_game(self) -> None:
        self._st = None
        self._seat = -1
        self._cursor = 0
        self._skip_reach = False
        self._bench_at = -1     # >= 0: playing safe since this event index
        self._resync = False    # the process is new: send start_game, then the next hand
        self._queued: Optional[dict] = None
        #: the hand (counted by the state's results) in which faults fall back instead
        self._fallback_results = -1

    def sit(self, state: GameState, seat: int) -> None:
        """Take seat ``seat`` of ``state`` (a state that records its events) for a game."""
        if not state.record:
            raise IppatsuError("an mjai bot needs a state that records its events "
                               "(GameState(record=True))", "bad_bot")
        self._reset_game()
        self._st = state
        self._seat = seat
        if self.obj is None:
            needs_new = self._pipe is None or not self._pipe.alive() or (
                self._pipe_seat != seat and any("{seat}" in a for a in self.argv))
            if needs_new:
                self._start(seat)
        elif hasattr(self.obj, "reset") and callable(self.obj.reset):
            pass  # an in-process bot learns the game from start_game like a program

    def _start(self, seat: int) -> None:
        self.close()
        argv = [a.replace("{seat}", str(seat)) for a in self.argv]
        try:
            self._pipe = Pipe(argv, cwd=self.cwd, env=self.env, max_line=self.max_line)
        except OSError as e:
            raise IppatsuError(f"cannot start bot {self.name!r}: {e}", "bad_bot") from None
        self._pipe_seat = seat
        self.starts += 1

    def close(self) -> None:
        """Stop the bot's process (it is started again when seated)."""
        if self._pipe is not None:
            self._pipe.close()
            self._pipe = None

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    def stderr(self) -> str:
        """The last 64 KiB its process wrote to standard error (what it has written by
        now: the reading thread is given the time to catch up)."""
        if self._pipe is None:
            return ""
        self._pipe.stderr.settle()
        return self._pipe.stderr.text()

    # ------------------------------------------------------------------ events
    def _pending(self) -> List[dict]:
        """The events the seat has not been sent yet, masked, its ``start_game`` with its
        ``id``; a reach the bot was already sent is not sent twice."""
        st = self._st
        seat = self._seat
        evs = st.events
        start = self._cursor
        out: List[dict] = []
        if self._resync:
            self._resync = False
            k = start
            while k < len(evs) and evs[k]["type"] != "start_kyoku":
                k += 1
            names = evs[0].get("names", []) if evs and evs[0]["type"] == "start_game" else []
            out.append({"type": "start_game", "names": list(names), "id": seat})
            start = k
        for i in range(start, len(evs)):
            e = evs[i]
            t = e["type"]
            if t in _HOST_ONLY:
                continue
            if self._skip_reach and t == "reach" and e.get("actor") == seat:
                self._skip_reach = False
                continue
            out.append(mask_event(e, seat))  # start_game with the seat's id
        self._cursor = len(evs)
        return out

    # ------------------------------------------------------------------ talking
    def _timeout_for(self, events: Sequence[dict]) -> float:
        for e in events:
            if e.get("type") in _STARTS:
                return self.start_timeout
        return self.timeout

    def _exchange(self, events: List[dict], ask: bool) -> List[Any]:
        """Send ``events`` in the dialect; the answer(s) read when ``ask`` (a list of
        decoded messages: one, or two for akochan's pairs)."""
        d = self.dialect
        tmo = self._timeout_for(events)
        if self.obj is not None:
            try:
                ans = self.obj.react(events)
            except Exception as e:  # noqa: BLE001 - the bot's own failure is a fault
                raise _Bad("exit", f"react raised {type(e).__name__}: {e}") from None
            if not ask:
                return []
            if isinstance(ans, (str, bytes)):
                return [self._decode(ans)]
            if isinstance(ans, list) and ans and all(isinstance(a, dict) for a in ans):
                return ans[:2]
            return [ans]
        pipe = self._pipe
        try:
            extra = pipe.pending()
            if extra:
                raise _Bad("out_of_turn", "it wrote when nothing was asked",
                           extra[0][:200].decode("utf-8", "replace"))
            if d == "mjai.app":
                pipe.write((_dumps(events) + "\n").encode(), tmo)
                line = pipe.readline(tmo)
                return [self._decode(line)] if ask else []
            if d == "akochan":
                evs = list(events)
                if ask and evs:
                    evs[-1] = dict(evs[-1], can_act=True)
                pipe.write((_dumps(evs) + "\n").encode(), tmo)
                if not ask:
                    return []
                ans = self._decode(pipe.readline(tmo))
                if isinstance(ans, dict):
                    return [ans]
                if isinstance(ans, list) and 1 <= len(ans) <= 2:
                    return ans
                raise _Bad("garbage", "an akochan answer is an array of one or two messages",
                           _dumps(ans)[:200])
            # one event per line
            last = len(events) - 1
            for i, e in enumerate(events):
                pipe.write((_dumps(e) + "\n").encode(), self._timeout_for((e,)))
                if d == "mjai":
                    ans = self._decode(pipe.readline(self._timeout_for((e,))))
                    if ask and i == last:
                        return [ans]
                    if not (isinstance(ans, dict) and ans.get("type") == "none"):
                        raise _Bad("out_of_turn", f"an answer to {e['type']} when nothing "
                                   f"was asked", _dumps(ans)[:200])
                elif ask and i == last:  # mortal: an answer only when it may act
                    return [self._decode(pipe.readline(tmo))]
                else:
                    extra = pipe.pending()
                    if extra:
                        raise _Bad("out_of_turn", f"it answered {e['type']} when nothing "
                                   f"was asked", extra[0][:200].decode("utf-8", "replace"))
            return []
        except PipeFault as f:
            raise _Bad(f.kind, f.detail) from None

    @staticmethod
    def _decode(line) -> Any:
        try:
            return json.loads(line)
        except (ValueError, UnicodeDecodeError):
            text = line.decode("utf-8", "replace") if isinstance(line, bytes) else str(line)
            raise _Bad("garbage", "not JSON", text[:200]) from None

    # ------------------------------------------------------------------ deciding
    def __call__(self, obs, legal: Sequence[Action]) -> Action:
        st = self._st
        seat = self._seat
        if st is None or obs.player != seat:
            raise IppatsuError("an mjai bot plays only at the seat it was given with "
                               "sit(state, seat) (ippatsu.mjai.play seats it)", "bad_bot")
        if self._bench_at >= 0:
            if not self._unbench():
                return _safe(st, seat, legal)
        if self._pipe is None and self.obj is None:  # died: started again next hand
            self._bench_at = len(st.events)
            return _safe(st, seat, legal)
        try:
            idx = self._decide(st, seat)
        except _Bad as b:
            return self._fault(b, legal)
        self.decisions += 1
        return st.action_of(idx, seat)

    def _unbench(self) -> bool:
        """Back in play once a new hand has begun after the fault."""
        evs = self._st.events
        for i in range(self._bench_at, len(evs)):
            if evs[i]["type"] == "start_kyoku":
                self._bench_at = -1
                self._cursor = i
                self._skip_reach = False
                self._queued = None
                if self._pipe is None and self.obj is None:
                    self._start(self._seat)
                    self._resync = True
                return True
        return False

    def _decide(self, st, seat: int) -> int:
        if self._queued is not None:  # akochan's dahai after its call: no question
            q, self._queued = self._queued, None
            evs = st.events
            last = evs[-1] if evs else {}
            if st.phase is _TURN and st.actor == seat and last.get("type") in ("chi", "pon") \
                    and last.get("actor") == seat:
                return self._index(st, seat, q, None)
        events = self._pending()
        answers = self._exchange(events, True)
        first = answers[0]
        if not isinstance(first, dict) or not isinstance(first.get("type"), str):
            raise _Bad("garbage", "an answer is a JSON object with a \"type\"",
                       _dumps(first)[:200])
        typ = first["type"]
        if typ == "reach":
            self._check_actor(first, seat)
            mask = st.legal_mask(seat)
            if not (mask >> RIICHI) & ((1 << 37) - 1):
                raise _Bad("illegal", "reach when riichi is not allowed", _dumps(first))
            if len(answers) > 1:
                second = answers[1]
            else:
                reach = {"type": "reach", "actor": seat}
                second = self._exchange([reach], True)[0]
                self._skip_reach = True  # the table's own reach event is not sent again
            return self._index(st, seat, first, second)
        if len(answers) > 1 and typ in ("chi", "pon"):
            self._queued = answers[1]
        return self._index(st, seat, first, None)

    @staticmethod
    def _check_actor(ans: dict, seat: int) -> None:
        actor = ans.get("actor", seat)
        if actor != seat:
            raise _Bad("wrong_seat", f"an answer for seat {actor!r} from seat {seat}",
                       _dumps(ans)[:200])

    def _index(self, st, seat: int, ans, nxt) -> int:
        if not isinstance(ans, dict) or not isinstance(ans.get("type"), str):
            raise _Bad("garbage", "an answer is a JSON object with a \"type\"",
                       _dumps(ans)[:200])
        typ = ans["type"]
        if typ != "none":
            self._check_actor(ans, seat)
        if nxt is not None:
            if not isinstance(nxt, dict) or nxt.get("type") != "dahai":
                raise _Bad("illegal", "a reach is followed by its dahai", _dumps(nxt)[:200])
            self._check_actor(nxt, seat)
        if typ == "none":
            if st.phase is _TURN:
                raise _Bad("illegal", "none at its own turn", _dumps(ans))
            idx = PASS
        else:
            try:
                idx = index_of_mjai(ans, nxt, red_fives=st.rules.red_fives)
            except IppatsuError as e:
                raise _Bad("illegal", str(e), _dumps(ans)[:200]) from None
        if typ == "hora":  # tsumo or ron: what the table offers (target may be absent)
            mask = st.legal_mask(seat)
            idx = TSUMO if (mask >> TSUMO) & 1 else RON
        if not (st.legal_mask(seat) >> idx) & 1:
            shown = _dumps(ans) + ("" if nxt is None else " " + _dumps(nxt))
            raise _Bad("illegal", "not a legal action now", shown[:200])
        return idx

    # ------------------------------------------------------------------ faults
    def _fault(self, b: _Bad, legal) -> Action:
        st = self._st
        seat = self._seat
        f = Fault(seat, b.kind, b.detail, st.kyoku, st.honba, b.answer,
                  penalty=self.on_fault, stderr=self.stderr()[-2000:])
        self.faults.append(f)
        self._skip_reach = False
        self._queued = None
        if b.kind in _RESTART:
            self.close()  # started again at the next hand
        if self.on_fault == "raise":
            raise IppatsuError(f"bot {self.name!r} at seat {seat}: {b.kind}: {b.detail}",
                               "bot_fault")
        chombo = self.on_fault == "chombo" and self._fallback_results != len(st.hand_results)
        if self.on_fault == "chombo" and not chombo:
            f.penalty = "fallback"  # the hand was dealt again too often: play it out
        st.events.append({"type": "fault", "actor": seat, "kind": b.kind,
                          "detail": b.detail, "answer": b.answer, "penalty": f.penalty})
        self._bench_at = len(st.events)
        if chombo:
            raise BotFault(self, f)
        return _safe(st, seat, legal)

    def finish(self) -> None:
        """Send the game's last events (``end_game``) and leave the seat."""
        st = self._st
        if st is None:
            return
        if self._bench_at < 0 and (self._pipe is not None or self.obj is not None):
            events = self._pending()
            if events:
                try:
                    self._exchange(events, self.dialect == "mjai.app" and self.obj is None)
                except _Bad as b:
                    self.faults.append(Fault(self._seat, b.kind, b.detail, st.kyoku,
                                             st.honba, b.answer, penalty="none",
                                             stderr=self.stderr()[-2000:]))
                    if b.kind in _RESTART:
                        self.close()
        self._st = None


def _safe(st, seat: int, legal: Sequence[Action]) -> Action:
    """The safe choice: at a turn the tile just drawn (or the first discard offered after
    a call), else pass (a response; the last dealer's choice to stop or go on)."""
    if st.phase is _TURN:
        draw = st.last_draw
        first = None
        for a in legal:
            if a.type is ActionType.DISCARD:
                if a.tile == draw:
                    return a
                if first is None:
                    first = a
        if first is not None:
            return first
        return legal[0]
    for a in legal:
        if a.type is ActionType.PASS:
            return a
    return legal[0]


# ----------------------------------------------------------------------------- the loop
def play(st: GameState, agents: Sequence, max_replays: int = 3) -> List[Fault]:
    """Play the game of ``st`` (recording its events) to its end with ``agents`` by seat:
    :class:`Bot` seats take part through their programs, any other agent as in
    :func:`ippatsu.table.loops.play`. A chombo voids the hand: the offender pays
    :func:`~ippatsu.table.settle.chombo_deltas`, the scores and deposits go back to the
    hand's start plus that penalty, and the hand is dealt again (same dealer, counters)
    from the next wall; a hand dealt again ``max_replays`` times in a row is played out,
    a fault in it handled by the safe fallback (a bot that fails the same way every time
    cannot stall the game). Returns the game's faults (also in the bots' ``faults``)."""
    bots = []
    for p, a in enumerate(agents):
        if isinstance(a, Bot):
            a.sit(st, p)
            bots.append(a)
    first = {id(b): len(b.faults) for b in bots}
    streak, streak_at = 0, -1
    try:
        while True:
            try:
                _loop_play(st, agents)
                break
            except BotFault as bf:
                done = len(st.hand_results)
                streak = streak + 1 if done == streak_at else 1
                streak_at = done
                _void_hand(st, bf.fault.seat)
                if streak >= max_replays:
                    for b in bots:
                        b._fallback_results = done
    finally:
        for b in bots:
            b.finish()
    out: List[Fault] = []
    for b in bots:
        out.extend(b.faults[first[id(b)]:])
    return out


def _void_hand(st: GameState, offender: int) -> None:
    """The chombo of ``offender``: the hand's start scores and deposits plus the penalty;
    the hand dealt again."""
    start = None
    for e in reversed(st.events):
        if e["type"] == "start_kyoku":
            start = e
            break
    n = st.n_players
    scores = list(start["scores"])[:n] if start is not None else list(st.scores)
    deposits = start["kyotaku"] if start is not None else st.deposits
    deltas = chombo_deltas(offender, st.dealer, n)
    new = [s + d for s, d in zip(scores, deltas)]
    for e in reversed(st.events):
        if e["type"] == "fault":
            e["deltas"] = deltas
            e["scores"] = new
            break
    st.events.append({"type": "end_kyoku"})
    st.start_hand(kyoku=st.kyoku, honba=st.honba, deposits=deposits, scores=new)
