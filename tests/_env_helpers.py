"""Oracles for tests/test_env.py: the table driven directly (:class:`Mirror`) and the
planes rebuilt channel by channel from the table's public view and its mjai event log
(:func:`reference_planes`), independently of the compiled encoder."""
from __future__ import annotations

import numpy as np

from ippatsu import core
from ippatsu.env import ORACLE, ORACLE_FLOWERS, PLANES, PLANES_FLOWERS
from ippatsu.table import GameState, Observation, Phase
from ippatsu.tiles import FLOWER_IDS, flower_name, is_flower, mjai_to_kind

#: the flowers' mjai names (Rules.flowers)
FLOWER_NAMES = {flower_name(t) for t in FLOWER_IDS}


def channels(rules, oracle: bool = False) -> tuple:
    """The channel names of ``"planes"`` (``"oracle"``) under ``rules``."""
    if rules.flowers:
        return ORACLE_FLOWERS if oracle else PLANES_FLOWERS
    return ORACLE if oracle else PLANES


def hidden_wall(st: GameState) -> list:
    """(list, index) of every wall place whose tile nobody has seen: the live wall ahead
    (as far as the wall goes: a record's holds only the tiles drawn), the replacement
    tiles not drawn, the dora indicators not revealed, the ura indicators."""
    from ippatsu.env._vec import live_position
    w = st.wall
    pos = live_position(st)
    places = [(w.live, i) for i in range(pos, min(pos + st.left, len(w.live)))]
    places += [(w.rinshan, i) for i in range(st._rinshan_pos, len(w.rinshan))]
    places += [(w.dora, i) for i in range(st.n_dora, len(w.dora))]
    places += [(w.ura, i) for i in range(len(w.ura))]
    return places


def holds_flower(st: GameState, q: int) -> bool:
    """Seat ``q`` holds a flower now, read from the log: its turn, its last event the
    draw of a flower."""
    last = st.events[-1]
    return (st.phase == Phase.TURN and st.actor == q and last["type"] == "tsumo"
            and last["actor"] == q and last["pai"] in FLOWER_NAMES)


class Mirror:
    """Env ``j``'s games played on :class:`GameState` itself (same seeds, the same
    indices): at a response every seat's answer is gathered, then one ``step(dict)``."""

    def __init__(self, rules, seed: int, j: int, hand_level: bool = False):
        self.rules, self.seed, self.j, self.hand_level = rules, seed, j, hand_level
        self.game = 0
        self.new()

    def new(self):
        ss = np.random.SeedSequence(self.seed, spawn_key=(self.j, self.game))
        self.game += 1
        self.st = GameState(self.rules, seed=ss, auto_next=False, record=True)
        self.answers = {}
        self.reported = 0

    def next_episode(self):
        if not self.hand_level or self.st.phase == Phase.GAME_END:
            self.new()

    def seat(self):
        """The seat asked next, moving past a finished hand (None: the episode is over)."""
        st = self.st
        while True:
            if st.phase == Phase.GAME_END:
                return None
            if st.phase == Phase.HAND_END:
                if self.hand_level and len(st.hand_results) > self.reported:
                    self.reported = len(st.hand_results)
                    return None
                self.reported = len(st.hand_results)
                if st.to_act:
                    return st.dealer
                st.next_hand()
                continue
            if st.phase == Phase.TURN:
                return st.actor
            n = st.n_players
            order = sorted(st.to_act, key=lambda q: (q - st.resp_actor) % n)
            return [q for q in order if q not in self.answers][0]

    def step(self, seat: int, index: int):
        st = self.st
        if st.phase == Phase.RESPONSE:
            self.answers[seat] = index
            if len(self.answers) == len(st.to_act):
                answers, self.answers = self.answers, {}
                st.step(answers)
        elif st.phase == Phase.TURN:
            st.step(index)
        else:
            st.step({seat: index})


def mask_bits(row) -> int:
    """A bool mask row as the table's bit set."""
    return sum(1 << int(i) for i in np.flatnonzero(row))


def _hand_events(events):
    """The events of the current hand."""
    i = len(events) - 1
    while events[i]["type"] != "start_kyoku":
        i -= 1
    return events[i:]


def _rivers(events, n):
    """Per seat, the river of the hand from the event log: [kind, tsumogiri, riichi,
    called] per discard."""
    rivers = [[] for _ in range(n)]
    reach = [False] * n
    for e in _hand_events(events):
        t = e["type"]
        if t == "reach":
            reach[e["actor"]] = True
        elif t == "dahai":
            p = e["actor"]
            rivers[p].append([mjai_to_kind(e["pai"]), bool(e["tsumogiri"]), reach[p], False])
            reach[p] = False
        elif t in ("chi", "pon", "daiminkan"):
            rivers[e["target"]][-1][3] = True
    return rivers


def _thresholds(out, names, prefix, counts):
    for j in range(1, 5):
        out[names[f"{prefix}>={j}"]] = (np.asarray(counts) >= j)


def reference_planes(st: GameState, seat: int, oracle: bool = False) -> np.ndarray:
    """The planes of ``seat``, built from :class:`Observation`, the event log and the hand
    core (not from the encoder's code). A state with ``record=True``."""
    chans = channels(st.rules, oracle)
    names = {c: i for i, c in enumerate(chans)}
    flowers = st.rules.flowers
    out = np.zeros((len(chans), 34), dtype=np.float32)
    ob = Observation(st, seat)
    n = st.n_players
    evs = _hand_events(st.events)
    counts = np.frombuffer(ob.counts, dtype=np.uint8)
    _thresholds(out, names, "hand", counts)
    reds = st.rules.red_ids   # empty with red fives off; per suit: Rules.red_five_counts
    for t in ob.hand:   # the red channels count the red copies (1 with one per suit)
        if t in reds:
            out[names["hand_red"], t // 4] += 1
    last = evs[-1]
    turn = st.phase == Phase.TURN
    drawn = turn and st.actor == seat and last["type"] == "tsumo" and last["actor"] == seat
    if drawn and last["pai"] in FLOWER_NAMES:   # a flower held, to be set aside
        out[names["flower_held"]] = 1
        drawn = False
    if drawn:
        out[names["drawn"], mjai_to_kind(last["pai"])] = 1
    # shanten and waits of the 3k+1 hand (after a chi or pon: skipped, see the docs)
    c13 = counts.copy()
    ok = True
    if counts.sum() % 3 == 2:
        if drawn:
            c13[mjai_to_kind(last["pai"])] -= 1
        else:
            ok = False
    rivers = _rivers(st.events, n)
    if ok:
        sh = core.shanten(bytes(c13), players=n) if n == 3 else core.shanten(bytes(c13))
        waits = set()
        if sh == 0:
            waits = set(core.waits(bytes(c13), players=n) if n == 3
                        else core.waits(bytes(c13)))
        for k in waits:
            out[names["waits"], k] = 1
        out[names["shanten"]] = (sh + 1) / 8
        river_kinds = {d[0] for d in rivers[seat]}
        if (waits & river_kinds) or st.temp_furiten[seat] or st.riichi_furiten[seat]:
            out[names["furiten"]] = 1
    else:
        out[names["waits"]] = np.nan
        out[names["shanten"]] = np.nan
        out[names["furiten"]] = np.nan
    if st.phase == Phase.RESPONSE:
        if last["type"] == "ankan":
            k = mjai_to_kind(last["consumed"][0])
        else:
            k = mjai_to_kind(last["pai"])
        out[names["offered"], k] = 1
        out[names["response"]] = 1
    if st.phase == Phase.HAND_END:
        out[names["stop_offer"]] = 1
    for i, t in enumerate(ob.dora_indicators[:5]):
        if is_flower(t):
            out[names["flower_indicators"]] += 0.25
        else:
            out[names[f"dora_indicator{i + 1}"], t // 4] = 1
    out[names["round_wind"], 27 + min(st.kyoku // n, 3)] = 1
    out[names["seat_wind"], 27 + ob.seat_wind] = 1
    out[names["kyoku"]] = ob.kyoku / 8
    out[names["honba"]] = ob.honba / 10
    out[names["deposits"]] = ob.deposits / 10
    out[names["tiles_left"]] = ob.tiles_left / 70
    melds = st.melds
    for r in range(n):
        q = (seat + r) % n
        pre = f"s{r}."
        mc = np.zeros(34, int)
        for m in melds[q]:
            for t in m.tiles:
                mc[t // 4] += 1
                if t in reds:
                    out[names[pre + "meld_red"], t // 4] += 1
        _thresholds(out, names, pre + "meld", mc)
        rc = np.zeros(34, int)
        river = rivers[q]
        for i, (k, tg, rii, called) in enumerate(river):
            rc[k] += 1
            if tg:
                out[names[pre + "river_tsumogiri"], k] = 1
            back = len(river) - i
            if back <= 6:
                out[names[f"{pre}discard-{back}"], k] = 1
            if rii:
                out[names[pre + "riichi_tile"], k] = 1
            if called:
                out[names[pre + "river_called"], k] = 1
            if out[names[pre + "first_discard"], k] == 0:
                out[names[pre + "first_discard"], k] = (i + 1) / 24
        _thresholds(out, names, pre + "river", rc)
        if st.riichi[q] != 0:
            out[names[pre + "riichi"]] = 1
        out[names[pre + "score"]] = ob.scores[q] / 100000
        out[names[pre + "north"]] = ob.nukidora[q] / 4
    if oracle:
        for r in range(1, n):
            q = (seat + r) % n
            hc = np.zeros(34, int)
            for t in st.hand[q]:
                hc[t // 4] += 1
                if t in reds:
                    out[names[f"s{r}.hand_red"], t // 4] += 1
            _thresholds(out, names, f"s{r}.hand", hc)
            if flowers and holds_flower(st, q):
                out[names[f"s{r}.flower_held"]] = 1
        # the tiles left to draw: every tile not seen by anyone, minus the dead wall
        w = st.wall
        # the live tiles still ahead: the live list from the position where the next
        # draw comes from (the wall's draws so far counted from the log)
        n_live_draws = sum(1 for e in evs if e["type"] == "tsumo") - _replacements(evs)
        ahead = w.live[n_live_draws:n_live_draws + st.left]
        lc = np.zeros(34, int)
        for t in ahead:
            if is_flower(t):
                out[names["live_flowers"]] += 0.25
            else:
                lc[t // 4] += 1
        _thresholds(out, names, "live", lc)
        for i, t in enumerate(ahead[:4]):
            if is_flower(t):
                out[names[f"next_draw{i + 1}_flower"]] = 1
            else:
                out[names[f"next_draw{i + 1}"], t // 4] = 1
        for i, t in enumerate(w.ura[:min(len(ob.dora_indicators), 5)]):
            if is_flower(t):
                out[names["ura_flowers"]] += 0.25
            else:
                out[names[f"ura_indicator{i + 1}"], t // 4] = 1
    return out


def _replacements(evs) -> int:
    """The replacement draws of the hand: the tsumo after a kan, a North or a flower (at
    the deal too)."""
    n = 0
    pending = False
    for e in evs:
        t = e["type"]
        if t in ("ankan", "kakan", "daiminkan", "nukidora"):
            pending = True
        elif t == "tsumo" and pending:
            n += 1
            pending = False
    return n


def compare_planes(got: np.ndarray, want: np.ndarray, names) -> None:
    """Assert equal, channel by channel (NaN in ``want``: not checked), naming the first
    channel that differs."""
    bad = ~(np.isnan(want) | (np.abs(got - want) <= 1e-6))
    if not bad.any():
        return
    for i, name in enumerate(names):
        if bad[i].any():
            raise AssertionError(f"channel {i} {name!r}: got {got[i].tolist()} want "
                                 f"{want[i].tolist()}")
