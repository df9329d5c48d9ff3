"""The reverse of :class:`~ippatsu.mjai.Bot`: an ippatsu agent answering mjai events.

:class:`SeatView` follows one seat's event stream (hidden tiles ``"?"``) and, at each of
the seat's decisions, builds the :class:`~ippatsu.table.GameState` of that decision with
:meth:`GameState.from_snapshot <ippatsu.table.GameState.from_snapshot>`: the seat's own
tiles, every public tile and flag as the events tell them, and the tiles the seat cannot
see dealt at random into the other hands and the wall (they never change what the seat
may do). The table's own rules then give the seat's legal actions, so an agent sees the
same ``(obs, legal)`` as at ippatsu's table.

:class:`AgentBot` wraps an agent (``"greedy"``, ``"random"`` or any callable
``agent(obs, legal) -> Action``): ``react(events) -> dict`` in the mjai.app dialect
(``ippatsu mjai-bot`` speaks every dialect of :data:`~ippatsu.mjai.DIALECTS` over it).
"""
from __future__ import annotations

import random
from typing import Dict, List, Optional

from .. import core
from ..errors import IppatsuError, IllegalActionError
from ..hand import Meld, MeldType
from ..rules import Rules, rules_of
from ..tiles import RED_ID_SET, YAOCHUU_KINDS, id_to_mjai, mjai_is_red, mjai_to_id, mjai_to_kind
from ..table.actions import Action, ActionType
from ..table.agents import GreedyAgent, RandomAgent
from ..table.observation import Observation
from ..table.state import GameState
from ..table.wall import SANMA_IDS, wall_generator

__all__ = ["SeatView", "AgentBot"]

_BAKAZE = {"E": 0, "S": 1, "W": 2, "N": 3}
_YAO = frozenset(YAOCHUU_KINDS)
_NONE, _DECLARED, _ACCEPTED = 0, 1, 2


class SeatView:
    """SeatView(rules=None, seat=None): one seat's knowledge of the game, fed event by
    event (:meth:`feed`); :meth:`decision` is the state of the seat's decision now, or
    None. ``seat`` comes from ``start_game``'s ``id`` when not given."""

    def __init__(self, rules=None, seat: Optional[int] = None, seed: int = 0):
        self.rules: Rules = rules_of(rules) if rules is not None else Rules()
        self.n = self.rules.players
        self.seat = seat
        self.names = [f"player{i}" for i in range(self.n)]
        self.scores = [self.rules.starting_points] * self.n
        self.kyoku = self.honba = self.deposits = 0
        self.in_hand = False
        self._rng = random.Random(seed)
        w = wall_generator(0, players=3)(0) if self.n == 3 else wall_generator(0)(0)
        self._shape = (w.n_live, len(w.live), len(w.rinshan), len(w.dora), len(w.ura))
        self._all = list(SANMA_IDS) if self.n == 3 else list(range(136))
        self._rules_dict = self.rules.to_dict()
        self._reds = self.rules.red_ids if self.rules.red_fives else RED_ID_SET

    # ------------------------------------------------------------------ tiles
    def _new(self, name: str) -> int:
        t = mjai_to_id(name, self.used, self.rules.red_ids if self.rules.red_fives else None)
        self.used.add(t)
        return t

    def _pick(self, name: str, prefer: int = -1, last: bool = False) -> int:
        """The id of ``name`` in the seat's own hand: ``prefer`` when it is one, else the
        first such id in hand order (the last with ``last``: the copy the table discards
        for that tile)."""
        k, red = mjai_to_kind(name), mjai_is_red(name)
        found = -1
        for t in self.hand:
            if t >> 2 == k and ((t in self._reds) == red or not self.rules.red_fives):
                if t == prefer:
                    return t
                if found < 0 or last:
                    found = t
        if found < 0:
            raise IppatsuError(f"seat {self.seat} has no {name} in its hand {self.hand}",
                               "bad_event")
        return found

    # ------------------------------------------------------------------ events
    def feed(self, ev: dict) -> None:
        """Take one event into the view."""
        t = ev.get("type")
        if t != "hora" and getattr(self, "_pass_check", None) is not None:
            self._passed()
        f = getattr(self, "_ev_" + str(t), None)
        if f is not None:
            f(ev)

    def _ev_start_game(self, ev):
        if "id" in ev:
            self.seat = int(ev["id"])
        names = ev.get("names")
        if names:
            self.names = [str(x) for x in names][:self.n]
        self.scores = [self.rules.starting_points] * self.n

    def _ev_start_kyoku(self, ev):
        n = self.n
        if self.seat is None:
            raise IppatsuError("start_kyoku before the seat is known (start_game's id)",
                               "bad_event")
        self.kyoku = _BAKAZE[ev["bakaze"]] * n + int(ev["kyoku"]) - 1
        self.honba = int(ev.get("honba", 0))
        self.deposits = int(ev.get("kyotaku", 0))
        if ev.get("scores"):
            self.scores = [int(x) for x in ev["scores"]][:n]
        self.used: set = set()
        self.dora = [self._new(ev["dora_marker"])]
        tehais = ev["tehais"]
        self.hand = [self._new(x) for x in tehais[self.seat]]
        self.count = [13] * n
        self.melds: List[List[Meld]] = [[] for _ in range(n)]
        self.river: List[List[int]] = [[] for _ in range(n)]
        self.river_called: List[List[bool]] = [[] for _ in range(n)]
        self.river_riichi = [-1] * n
        self.riichi = [_NONE] * n
        self.double_riichi = [False] * n
        self.ippatsu = [False] * n
        self.temp_furiten = [False] * n
        self.riichi_furiten = [False] * n
        self.first_turn = [True] * n
        self.nagashi_ok = [True] * n
        self.kans = [0] * n
        self.nuki: List[List[int]] = [[] for _ in range(n)]
        self.no_calls = True
        self.suukaikan = False
        self.rinshan_draw = False
        self.after_call = False
        self.kuikae = 0
        self.kan_count = 0
        self.n_discards = 0
        self.first_winds: List[int] = []
        self.pending_riichi = -1
        self.last_draw = -1
        self.rinshan_from = -1
        self.last_discard = -1
        self.last_discarder = -1
        self.live_pos = 0
        self.rinshan_pos = 0
        self.left = self._shape[0]
        self.pending_dora = 0
        self.phase = ""  # no decision before the dealer's first draw
        self.actor = self.kyoku % n
        self.resp = ("", -1, -1)
        self.kan_pending: Dict[int, tuple] = {}
        self.in_hand = True

    def _ev_tsumo(self, ev):
        p = int(ev["actor"])
        kan = self.kan_pending.pop(p, None)
        if kan is not None:
            kind, feeder = kan
            if kind != "nukidora":
                self.kan_count += 1
                self.kans[p] += 1
                if kind != "ankan" and self.rules.kan_dora:
                    self.pending_dora += 1
                if self.kan_count == 4 and self.rules.abort_four_kans and max(self.kans) < 4:
                    self.suukaikan = True
            if kind in ("kakan", "nukidora"):
                self._break_first()
            self.rinshan_pos += 1
            self.rinshan_draw = True
            self.rinshan_from = feeder
        else:
            self.live_pos += 1
            self.rinshan_draw = False
            self.rinshan_from = -1
        self.left -= 1
        if p == self.seat:
            t = self._new(ev["pai"])
            self.hand.append(t)
            self.last_draw = t
        else:
            self.count[p] += 1
            self.last_draw = -1
        self.after_call = False
        self.kuikae = 0
        self.temp_furiten[p] = False
        self.phase = "TURN"
        self.actor = p

    def _ev_dahai(self, ev):
        p = int(ev["actor"])
        if p == self.seat:
            t = self._pick(ev["pai"], self.last_draw, last=True)
            self.hand.remove(t)
        else:
            t = self._new(ev["pai"])
            self.count[p] -= 1
        k = t >> 2
        self.river[p].append(t)
        self.river_called[p].append(False)
        if self.riichi[p] == _DECLARED and self.pending_riichi == p:
            self.river_riichi[p] = len(self.river[p]) - 1
        if k not in _YAO:
            self.nagashi_ok[p] = False
        if self.riichi[p] == _ACCEPTED:
            self.ippatsu[p] = False
        if self.first_turn[p]:
            self.first_turn[p] = False
            if self.no_calls:
                self.first_winds.append(k)
        self.n_discards += 1
        self.last_discard = t
        self.last_discarder = p
        self.last_draw = -1
        self.after_call = False
        self.kuikae = 0
        self.phase = "RESPONSE"
        self.resp = ("discard", t, p)
        if self.rules.furiten_on_yakuless_pass and p != self.seat:
            self._pass_check = (k, p)
        else:
            self._pass_check = None

    def _passed(self):
        """The last discard was not won on: the yakuless-pass furiten of the rules that
        have it (set when the next event shows the discard passed)."""
        pc = getattr(self, "_pass_check", None)
        self._pass_check = None
        if pc is None:
            return
        k, p = pc
        me = self.seat
        if len(self.hand) + 3 * len(self.melds[me]) == 13:
            c = _counts(self.hand)
            if core.shanten(c, players=self.n) == 0 and k in core.waits(c, players=self.n):
                self.temp_furiten[me] = True

    def _ev_reach(self, ev):
        p = int(ev["actor"])
        self.riichi[p] = _DECLARED
        self.double_riichi[p] = self.first_turn[p] and self.no_calls
        self.pending_riichi = p

    def _ev_reach_accepted(self, ev):
        p = int(ev["actor"])
        self.pending_riichi = -1
        self.riichi[p] = _ACCEPTED
        self.ippatsu[p] = True
        if ev.get("scores"):
            self.scores = [int(x) for x in ev["scores"]][:self.n]
        else:
            self.scores[p] -= self.rules.riichi_deposit
        self.deposits += 1

    def _break_first(self):
        self.no_calls = False
        for i in range(self.n):
            self.ippatsu[i] = False

    def _ev_chi(self, ev):
        self._call(ev, MeldType.CHI)

    def _ev_pon(self, ev):
        self._call(ev, MeldType.PON)

    def _ev_daiminkan(self, ev):
        self._call(ev, MeldType.DAIMINKAN)

    def _call(self, ev, mtype):
        q, p = int(ev["actor"]), int(ev["target"])
        t = self.last_discard
        self.river_called[p][-1] = True
        self.nagashi_ok[p] = False
        self.nagashi_ok[q] = False
        self._break_first()
        cons = []
        for name in ev["consumed"]:
            if q == self.seat:
                x = self._pick(name)
                self.hand.remove(x)
            else:
                x = self._new(name)
            cons.append(x)
        if q != self.seat:
            self.count[q] -= len(cons)
        rel = (p - q) % self.n
        if rel == 2 and self.n == 3:
            rel = 3
        from_who = 3 if mtype is MeldType.CHI else rel
        self.melds[q].append(Meld(mtype, (t,) + tuple(cons), called=t, from_who=from_who))
        self.temp_furiten[q] = False
        if mtype is MeldType.DAIMINKAN:
            self.kan_pending[q] = ("daiminkan", p)
            return
        k = t >> 2
        ban = 0 if self.rules.kuikae_allowed else 1 << k   # the table's kuikae ban
        if mtype is MeldType.CHI and ban:
            ks = sorted(x >> 2 for x in cons)
            if ks[0] == k + 1 and k % 9 <= 5:
                ban |= 1 << (k + 3)
            elif ks[1] == k - 1 and k % 9 >= 3:
                ban |= 1 << (k - 3)
        self.kuikae = ban
        self.after_call = True
        self.last_draw = -1
        self.rinshan_draw = False
        self.phase = "TURN"
        self.actor = q

    def _ev_ankan(self, ev):
        p = int(ev["actor"])
        ids = []
        for name in ev["consumed"]:
            if p == self.seat:
                x = self._pick(name)
                self.hand.remove(x)
            else:
                x = self._new(name)
            ids.append(x)
        if p != self.seat:
            self.count[p] -= 4
        self.melds[p].append(Meld(MeldType.ANKAN, tuple(sorted(ids))))
        self._break_first()
        self.kan_pending[p] = ("ankan", -1)
        self.phase = "RESPONSE"
        self.resp = ("ankan", ids[0], p)

    def _ev_kakan(self, ev):
        p = int(ev["actor"])
        name = ev["pai"]
        if p == self.seat:
            add = self._pick(name)
            self.hand.remove(add)
        else:
            add = self._new(name)
            self.count[p] -= 1
        k = add >> 2
        ms = self.melds[p]
        i = next(j for j, m in enumerate(ms) if m.type is MeldType.PON and m.tiles[0] >> 2 == k)
        pon = ms[i]
        ms[i] = Meld(MeldType.KAKAN, pon.tiles + (add,), called=pon.called,
                     from_who=pon.from_who, added=add)
        self.kan_pending[p] = ("kakan", -1)
        self.phase = "RESPONSE"
        self.resp = ("kakan", add, p)

    def _ev_nukidora(self, ev):
        p = int(ev["actor"])
        if p == self.seat:
            t = self._pick(ev.get("pai", "N"), self.last_draw, last=True)
            self.hand.remove(t)
        else:
            t = self._new(ev.get("pai", "N"))
            self.count[p] -= 1
        self.nuki[p].append(t)
        self.kan_pending[p] = ("nukidora", -1)
        self.phase = "RESPONSE"
        self.resp = ("nukidora", t, p)

    _ev_kita = _ev_nukidora

    def _ev_dora(self, ev):
        self.dora.append(self._new(ev["dora_marker"]))
        if self.pending_dora > 0:
            self.pending_dora -= 1

    def _end(self, ev):
        if ev.get("scores"):
            self.scores = [int(x) for x in ev["scores"]][:self.n]
        self.in_hand = False
        self.phase = ""

    _ev_hora = _end
    _ev_ryukyoku = _end

    def note_pass(self, legal: List[Action], chosen: Action) -> None:
        """The seat let a winnable tile pass at a response: temporary furiten (riichi
        furiten after its riichi), as the table rules."""
        if chosen.type is not ActionType.RON and any(a.type is ActionType.RON for a in legal):
            me = self.seat
            self.temp_furiten[me] = True
            if self.riichi[me] == _ACCEPTED:
                self.riichi_furiten[me] = True

    # ------------------------------------------------------------------ decisions
    def may_respond(self) -> bool:
        """A cheap test that may be wrong only by saying yes: could the seat answer the
        current discard / kan / North?"""
        kind, t, p = self.resp
        me = self.seat
        if p == me:
            return False
        k = t >> 2
        c = _counts(self.hand)
        if len(self.hand) % 3 == 1:
            if core.shanten(c, players=self.n) == 0 and k in core.waits(c, players=self.n):
                return True
        if kind != "discard":
            return False
        if c[k] >= 2 and self.riichi[me] == _NONE:
            return True
        if self.n == 4 and (p + 1) % 4 == me and k < 27 and self.riichi[me] == _NONE:
            r = k % 9
            near = [c[k + d] if 0 <= r + d <= 8 else 0 for d in (-2, -1, 1, 2)]
            if (near[0] and near[1]) or (near[1] and near[2]) or (near[2] and near[3]):
                return True
        return False

    def decision(self) -> Optional[GameState]:
        """The state of the seat's decision now, or None when it has none."""
        if not self.in_hand or self.seat is None:
            return None
        me = self.seat
        if self.phase == "TURN":
            if self.actor != me:
                return None
        elif self.phase == "RESPONSE":
            if not self.may_respond():
                return None
        else:
            return None
        st = self._state()
        if st is None or me not in st._offers:
            return None
        return st

    def _state(self) -> Optional[GameState]:
        n = self.n
        me = self.seat
        n_live, len_live, n_rin, n_dora_slots, n_ura = self._shape
        pool = [t for t in self._all if t not in self.used]
        self._rng.shuffle(pool)  # nothing the seat may do depends on where they lie
        extra = max(0, self.rinshan_pos - n_rin)
        hands = []
        for p in range(n):
            if p == me:
                hands.append(list(self.hand))
            else:
                h, pool = pool[:self.count[p]], pool[self.count[p]:]
                hands.append(h)
        live_left = n_live - self.live_pos - extra
        rin_left = max(0, n_rin - self.rinshan_pos)
        dora_hidden = n_dora_slots - len(self.dora)
        need = live_left + rin_left + dora_hidden + n_ura
        if len(pool) != need:
            raise IppatsuError(f"the view lost count of the tiles: {len(pool)} unseen, "
                               f"{need} expected", "bad_event")
        live_tail, pool = pool[:live_left], pool[live_left:]
        rin_tail, pool = pool[:rin_left], pool[rin_left:]
        dora_tail, ura = pool[:dora_hidden], pool[dora_hidden:]
        # drawn places hold any ids (never read again: conservation counts from the
        # current positions on)
        filler = self._all[0]
        live = [filler] * self.live_pos + live_tail + [filler] * extra
        rinshan = [filler] * min(self.rinshan_pos, n_rin) + rin_tail
        dora = list(self.dora) + dora_tail
        seats = []
        for p in range(n):
            seats.append({
                "hand": hands[p],
                "melds": [{"type": m.type.value, "tiles": list(m.tiles), "called": m.called,
                           "from_who": m.from_who, "added": m.added}
                          for m in self.melds[p]],
                "river": list(self.river[p]), "river_called": list(self.river_called[p]),
                "river_riichi": self.river_riichi[p], "riichi": self.riichi[p],
                "double_riichi": self.double_riichi[p], "ippatsu": self.ippatsu[p],
                "temp_furiten": self.temp_furiten[p] if p == me else False,
                "riichi_furiten": self.riichi_furiten[p] if p == me else False,
                "first_turn": self.first_turn[p], "nagashi_ok": self.nagashi_ok[p],
                "pao": -1, "kans": self.kans[p], "nuki": list(self.nuki[p])})
        kind, rt, ra = self.resp
        snap = {
            "version": 1, "rules": self._rules_dict, "kyoku": self.kyoku,
            "honba": self.honba, "deposits": self.deposits, "scores": list(self.scores),
            "names": list(self.names), "phase": self.phase, "actor": self.actor,
            "wall": {"hands": [[filler] * 13 for _ in range(n)], "live": live,
                     "rinshan": rinshan, "dora": dora, "ura": ura, "n_live": n_live},
            "live_pos": self.live_pos, "rinshan_pos": self.rinshan_pos, "left": self.left,
            "n_dora": len(self.dora), "pending_dora": self.pending_dora, "seats": seats,
            "no_calls": self.no_calls, "suukaikan": self.suukaikan,
            "rinshan_draw": self.rinshan_draw and self.actor == me,
            "after_call": self.after_call, "kuikae": self.kuikae,
            "kan_count": self.kan_count, "n_discards": self.n_discards,
            "first_winds": list(self.first_winds), "pending_riichi": self.pending_riichi,
            "last_draw": self.last_draw if self.actor == me else -1,
            "rinshan_from": self.rinshan_from, "last_discard": self.last_discard,
            "last_discarder": self.last_discarder, "resp_kind": kind,
            "resp_tile": rt, "resp_actor": ra, "wall_stream": None}
        try:
            return GameState.from_snapshot(snap)
        except IllegalActionError as e:
            if "no seat may answer" in str(e):
                return None
            raise IppatsuError(f"the seat's view is not a position: {e}", "bad_event") \
                from None


def _counts(ids) -> bytes:
    c = bytearray(34)
    for t in ids:
        c[t >> 2] += 1
    return bytes(c)


class AgentBot:
    """AgentBot(agent="greedy", rules=None, seat=None, seed=0): ``react(events)`` answers
    mjai events (a list of dicts, the mjai.app dialect) with what ``agent`` chooses at the
    seat's decisions, ``{"type": "none"}`` otherwise. ``agent``: ``"greedy"``,
    ``"random"`` or a callable ``agent(obs, legal) -> Action``."""

    def __init__(self, agent="greedy", rules=None, seat: Optional[int] = None, seed: int = 0):
        if agent == "greedy":
            agent = GreedyAgent()
        elif agent == "random":
            agent = RandomAgent(seed)
        elif not callable(agent):
            raise IppatsuError(f"an agent is \"greedy\", \"random\" or a callable "
                               f"agent(obs, legal) -> Action, got {agent!r}", "bad_bot")
        self.agent = agent
        self.view = SeatView(rules, seat, seed)
        self._riichi_tile = -1
        self.last_legal: Optional[List[Action]] = None
        #: whether the last :meth:`react` was a decision of the seat (Mortal's dialect
        #: answers only then)
        self.asked = False

    def react(self, events) -> dict:
        if isinstance(events, dict):
            events = [events]
        v = self.view
        for ev in events:
            v.feed(ev)
        self.last_legal = None
        self.asked = False
        last = events[-1] if events else {}
        if last.get("type") == "reach" and last.get("actor") == v.seat and self._riichi_tile >= 0:
            t, self._riichi_tile = self._riichi_tile, -1
            self.asked = True
            return {"type": "dahai", "actor": v.seat, "pai": self._name(t),
                    "tsumogiri": False}
        st = v.decision()
        if st is None:
            return {"type": "none"}
        me = v.seat
        legal = st.legal_actions(me)
        self.last_legal = legal
        self.asked = True
        a = self.agent(Observation(st, me), legal)
        if st.phase.name == "RESPONSE":
            v.note_pass(legal, a)
        v.phase = ""  # answered: the next decision comes with the table's next event
        return self._message(a, st)

    def answers(self, events) -> List[dict]:
        """The akochan form of :meth:`react`: a riichi as ``[reach, dahai]`` at once."""
        ans = self.react(events)
        if ans.get("type") == "reach" and self._riichi_tile >= 0:
            t, self._riichi_tile = self._riichi_tile, -1
            return [ans, {"type": "dahai", "actor": self.view.seat, "pai": self._name(t),
                          "tsumogiri": False}]
        return [ans]

    def _name(self, t: int) -> str:
        rules = self.view.rules
        return id_to_mjai(t, rules.red_ids) if rules.red_fives else id_to_mjai(t).rstrip("r")

    def _message(self, a: Action, st) -> dict:
        t = a.type
        me = self.view.seat
        if t is ActionType.PASS:
            return {"type": "none"}
        if t is ActionType.RIICHI:
            self._riichi_tile = a.tile
            return {"type": "reach", "actor": me}
        if t is ActionType.DISCARD:
            return {"type": "dahai", "actor": me, "pai": self._name(a.tile),
                    "tsumogiri": a.tile == st.last_draw}
        if t is ActionType.KYUUSHU:
            return {"type": "ryukyoku", "actor": me, "reason": "kyushukyuhai"}
        if t is ActionType.STOP:
            return {"type": "stop", "actor": me}
        d = a.to_mjai()
        if "pai" in d:
            d["pai"] = self._name(a.tile)
        if "consumed" in d:
            d["consumed"] = [self._name(x) for x in a.consumed]
        return d
