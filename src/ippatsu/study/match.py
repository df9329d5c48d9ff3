"""Matches: full games between agents, duplicate walls, per-agent statistics.

``match(agents, games=..., duplicate=True)`` plays whole games (``Rules.game_length``) with
one agent per seat (by *slot*: the agents list; four, or three with a three-player
``Rules``). A *seating* puts the slots round the table: a circular order of the slots
(slot 0 first, then the others in one of ``(k - 1)!`` orders) and a rotation ``r`` (the
``m``-th slot of the order sits at seat ``(m + r) % k``); the ``k!`` seatings are every
assignment of slots to seats. In duplicate mode one *set* is one seeded wall stream
played in the ``k`` rotations of one circular order, so every agent gets every seat's
tiles and the luck of the deal cancels; the circular order is balanced over blocks of
``(k - 1)!`` consecutive sets (each order once per block, in an order drawn from the
seed), so that who sits before and after whom cancels too: two identical agents compare
as equal whatever the other agents. Without duplicate each game is its own set and its
seating is drawn the same way from blocks of ``k!`` games (each seating once per block).
Sets are the independent units of the statistics: a mean's interval and a paired
difference between two agents come from per-set totals (a complete block's balance makes
those intervals, if anything, conservative).

Per agent: mean placement and the placement distribution, mean final score, win /
deal-in / riichi / call rates per hand, mean win value (points of its wins), each with a
95 % interval; per pair of agents the paired difference of placement and of final score
with its interval and p-value (significant at 5 % when the interval excludes 0).

>>> r = match(["random"] * 4, games=8, seed=3, backend="serial", progress=False)
>>> r.games, r.sets, r.agents
(8, 2, ['random', 'random', 'random', 'random'])
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import List, Optional, Sequence, Tuple

import numpy as np

from ..rules import Rules
from ..table.loops import play as _play
from ..table.state import GameState
from ._agents import agent_name, check_agents, make_agents
from ._result import StudyResult, table
from ._runner import Task, execute, resolve_seed, sample_seed
from ._stats import Moments, Tally, significance
from ..errors import StudyError

__all__ = ["match", "MatchResult", "play_game"]

_ORD = ("1st", "2nd", "3rd", "4th")

# per-slot hand counters in play_game's output
_HANDS, _WINS, _DEALINS, _RIICHI, _CALLS, _WINPTS = range(6)

#: the spawn-key word of a block's seating permutation: SeedSequence(seed, spawn_key=(block,
#: _SEATING_KEY)), apart from every set's own streams (spawn keys (u,) and (u, 0..k))
_SEATING_KEY = 0x5EA7


def circular_orders(k: int) -> List[Tuple[int, ...]]:
    """The ``(k - 1)!`` circular orders of ``k`` slots, each starting with slot 0."""
    return [(0,) + p for p in permutations(range(1, k))]


def seating(order: Sequence[int], r: int) -> List[int]:
    """Seat of each slot when the slots sit in circular ``order`` rotated by ``r``: the
    ``m``-th slot of ``order`` sits at seat ``(m + r) % k``."""
    k = len(order)
    seat = [0] * k
    for m, j in enumerate(order):
        seat[j] = (m + r) % k
    return seat


@lru_cache(maxsize=64)
def block_permutation(seed: int, block: int, size: int) -> Tuple[int, ...]:
    """The order in which block ``block`` of a match visits its ``size`` seatings (or
    circular orders): a permutation drawn from the match seed and the block alone, so a
    set's seating never depends on the chunk or worker that plays it."""
    ss = np.random.SeedSequence(seed, spawn_key=(block, _SEATING_KEY))
    return tuple(int(x) for x in np.random.Generator(np.random.PCG64(ss)).permutation(size))


def set_seatings(seed: int, u: int, k: int, duplicate: bool) -> List[Tuple[int, int, List[int]]]:
    """The games of set ``u``: ``(order index, rotation, seat of each slot)`` per game. In
    duplicate mode the ``k`` rotations of one circular order, the order taken from a
    block of ``(k - 1)!`` sets; otherwise one of the ``k!`` seatings from a block of ``k!``
    games."""
    orders = circular_orders(k)
    if duplicate:
        size = len(orders)
        o = block_permutation(seed, u // size, size)[u % size]
        return [(o, r, seating(orders[o], r)) for r in range(k)]
    size = len(orders) * k
    s = block_permutation(seed, u // size, size)[u % size]
    o, r = divmod(s, k)
    return [(o, r, seating(orders[o], r))]


def play_game(rules: Rules, wall_seed, agents: Sequence) -> tuple:
    """Play one game with ``agents`` by seat; returns ``(final, stats, win_values)``:
    the state's ``final`` dict, per seat ``[hands, wins, deal_ins, riichi, calls,
    win_points]`` and per seat the list of the points of each win."""
    return play_game_logged(rules, wall_seed, agents)[:3]


def play_game_logged(rules: Rules, wall_seed, agents: Sequence, log: bool = False) -> tuple:
    """:func:`play_game` plus the game's faults and its mjai events: ``(final, stats,
    win_values, faults, events)``. Seats held by :class:`ippatsu.mjai.Bot` play through
    their programs (:func:`ippatsu.mjai.play`: the state records its events, a chombo
    voids the hand); ``events`` is the log when ``log`` or a bot sits, else None."""
    from ..mjai.bot import Bot, play as _play_bots

    bots = any(isinstance(a, Bot) for a in agents)
    st = GameState(rules, wall_seed, record=bool(log or bots))
    faults = _play_bots(st, agents) if bots else []
    if not bots:
        _play(st, agents)
    return (st.final, *hand_counts(st.hand_results, st.n_players), faults,
            st.events if st.record else None)


def hand_counts(results, n: int) -> tuple:
    """Per seat ``[hands, wins, deal_ins, riichi, calls, win_points]`` over the
    :class:`~ippatsu.table.HandResult` list ``results`` of a game of ``n`` seats, and per
    seat the list of the points of each of its wins."""
    stats = [[0, 0, 0, 0, 0, 0] for _ in range(n)]
    values: List[List[int]] = [[] for _ in range(n)]
    for res in results:
        dealt_in = [False] * n
        for w in res.wins:
            s = stats[w.winner]
            pts = w.score.points
            s[_WINS] += 1
            s[_WINPTS] += pts
            values[w.winner].append(pts)
            if w.from_who != w.winner:
                dealt_in[w.from_who] = True
        for p in range(n):
            s = stats[p]
            s[_HANDS] += 1
            s[_DEALINS] += dealt_in[p]
            s[_RIICHI] += res.riichi[p]
            s[_CALLS] += res.open[p]
    return stats, values


class _MatchAcc:
    """Exact per-slot and per-pair sums over sets (see the module notes)."""

    __slots__ = ("k", "places", "place", "points", "hands", "wins", "dealins", "riichi",
                 "calls", "value", "d_place", "d_points", "rank", "faults", "games")

    def __init__(self, k: int = 4):
        self.k = k
        self.rank = [Moments() for _ in range(k)]           # per set: sum of rank points
        self.faults = [0] * k
        #: per game, for the Elo ratings: [set, rotation, place of each slot]
        self.games: List[List[int]] = []
        self.places = [[0] * k for _ in range(k)]           # games in 1st..kth place
        self.place = [Moments() for _ in range(k)]          # per set: sum of placements
        self.points = [Moments() for _ in range(k)]         # per set: sum of final scores
        self.hands = [0] * k
        self.wins = [0] * k
        self.dealins = [0] * k
        self.riichi = [0] * k
        self.calls = [0] * k
        self.value = [Moments() for _ in range(k)]          # per win: its points
        self.d_place = {(i, j): Moments() for i in range(k) for j in range(i + 1, k)}
        self.d_points = {(i, j): Moments() for i in range(k) for j in range(i + 1, k)}

    def add_set(self, places: List[List[int]], scores: List[List[int]], stats, values,
                rank: Optional[List[int]] = None, faults: Optional[List[int]] = None,
                games: Optional[List[List[int]]] = None) -> None:
        """One set: per slot the placements (1-k) and final scores of its games, the summed
        hand counters and the win values; the rank points and faults by slot, and the
        games' placements (for the Elo ratings)."""
        k = self.k
        for j in range(k):
            self.rank[j].add(rank[j] if rank is not None else 0)
            self.faults[j] += faults[j] if faults is not None else 0
        self.games.extend(games or ())
        psum = [sum(x) for x in places]
        ssum = [sum(x) for x in scores]
        for j in range(k):
            for pl in places[j]:
                self.places[j][pl - 1] += 1
            self.place[j].add(psum[j])
            self.points[j].add(ssum[j])
            st = stats[j]
            self.hands[j] += st[_HANDS]
            self.wins[j] += st[_WINS]
            self.dealins[j] += st[_DEALINS]
            self.riichi[j] += st[_RIICHI]
            self.calls[j] += st[_CALLS]
            self.value[j].add_many(values[j])
        for (i, j), m in self.d_place.items():
            m.add(psum[i] - psum[j])
            self.d_points[(i, j)].add(ssum[i] - ssum[j])

    def merge(self, o: "_MatchAcc") -> None:
        for j in range(self.k):
            for b in range(self.k):
                self.places[j][b] += o.places[j][b]
            self.place[j].merge(o.place[j])
            self.points[j].merge(o.points[j])
            self.value[j].merge(o.value[j])
            self.hands[j] += o.hands[j]
            self.wins[j] += o.wins[j]
            self.dealins[j] += o.dealins[j]
            self.riichi[j] += o.riichi[j]
            self.calls[j] += o.calls[j]
        for key in self.d_place:
            self.d_place[key].merge(o.d_place[key])
            self.d_points[key].merge(o.d_points[key])
        for j in range(self.k):
            self.rank[j].merge(o.rank[j])
            self.faults[j] += o.faults[j]
        self.games.extend(o.games)

    def state(self) -> list:
        return [self.places, [m.state() for m in self.place], [m.state() for m in self.points],
                self.hands, self.wins, self.dealins, self.riichi, self.calls,
                [m.state() for m in self.value],
                [self.d_place[key].state() for key in sorted(self.d_place)],
                [self.d_points[key].state() for key in sorted(self.d_points)],
                [m.state() for m in self.rank], list(self.faults), sorted(self.games)]

    @classmethod
    def from_state(cls, s) -> "_MatchAcc":
        a = cls(len(s[0]))
        a.places = [list(x) for x in s[0]]
        a.place = [Moments.from_state(x) for x in s[1]]
        a.points = [Moments.from_state(x) for x in s[2]]
        a.hands, a.wins, a.dealins, a.riichi, a.calls = (list(x) for x in s[3:8])
        a.value = [Moments.from_state(x) for x in s[8]]
        for key, x in zip(sorted(a.d_place), s[9]):
            a.d_place[key] = Moments.from_state(x)
        for key, x in zip(sorted(a.d_points), s[10]):
            a.d_points[key] = Moments.from_state(x)
        if len(s) > 11:
            a.rank = [Moments.from_state(x) for x in s[11]]
            a.faults = [int(x) for x in s[12]]
            a.games = [[int(v) for v in g] for g in s[13]]
        return a

    def __eq__(self, other) -> bool:
        return isinstance(other, _MatchAcc) and self.state() == other.state()


class _MatchTask(Task):
    kind = "match"
    chunk_size = 25

    def __init__(self, specs, rules: Rules, duplicate: bool, seed: int,
                 rank_points: Sequence[int] = (), logs: Optional[str] = None):
        self.k = len(specs)  # seats: rules.players
        self.specs = specs
        self.rules = rules
        self.duplicate = duplicate
        self.seed = seed
        self.unit = "sets" if duplicate else "games"
        self.rank_points = list(rank_points) or list(default_rank_points(self.k))
        self.logs = logs

    def new_acc(self):
        return _MatchAcc(self.k)

    def acc_from_state(self, state):
        return _MatchAcc.from_state(state)

    def fingerprint(self) -> dict:
        return {"kind": self.kind, "seed": self.seed, "duplicate": self.duplicate,
                "agents": [agent_name(s) for s in self.specs], "rules": self.rules.to_dict(),
                "rank_points": self.rank_points}

    def run_chunk(self, start: int, stop: int, rows: bool):
        k = self.k
        acc = _MatchAcc(k)
        cols = {c: [] for c in ("set", "order", "rotation", "hands")} if rows else None
        if rows:
            for j in range(k):
                cols[f"seat_{j}"], cols[f"place_{j}"], cols[f"score_{j}"] = [], [], []
        bots = slot_bots(self.specs)  # one process per slot, kept for the whole chunk
        try:
            self._run(start, stop, rows, acc, cols, bots)
        finally:
            for b in bots.values():
                b.close()
        return acc, cols

    def _run(self, start, stop, rows, acc, cols, bots) -> None:
        k = self.k
        for u in range(start, stop):
            kids = sample_seed(self.seed, u).spawn(k + 1)
            wall_seed = kids[0]
            agent_seeds = [int(k.generate_state(1)[0]) for k in kids[1:]]
            places: List[List[int]] = [[] for _ in range(k)]
            scores: List[List[int]] = [[] for _ in range(k)]
            stats = [[0] * 6 for _ in range(k)]
            values: List[List[int]] = [[] for _ in range(k)]
            rank = [0] * k
            faults = [0] * k
            games: List[List[int]] = []
            for o, r, seat_of in set_seatings(self.seed, u, k, self.duplicate):
                slot_agents = make_agents(self.specs, agent_seeds)
                for j, b in bots.items():
                    slot_agents[j] = b
                by_seat = [None] * k
                for j in range(k):
                    by_seat[seat_of[j]] = slot_agents[j]
                if bots or self.logs is not None:
                    final, st, vals, fl, events = play_game_logged(
                        self.rules, wall_seed, by_seat, log=self.logs is not None)
                    if self.logs is not None:
                        write_log(self.logs, u, r, events, fl)
                else:
                    final, st, vals = play_game(self.rules, wall_seed, by_seat)
                    fl = []
                order = final["placement"]
                game = [u, r]
                for j in range(k):
                    seat = seat_of[j]
                    place = order.index(seat) + 1
                    places[j].append(place)
                    game.append(place)
                    rank[j] += self.rank_points[place - 1]
                    faults[j] += sum(1 for f in fl if f.seat == seat)
                    scores[j].append(final["scores"][seat])
                    for c in range(6):
                        stats[j][c] += st[seat][c]
                    values[j].extend(vals[seat])
                games.append(game)
                if rows:
                    cols["set"].append(u)
                    cols["order"].append(o)
                    cols["rotation"].append(r)
                    cols["hands"].append(st[0][_HANDS])
                    for j in range(k):
                        cols[f"seat_{j}"].append(seat_of[j])
                        cols[f"place_{j}"].append(places[j][-1])
                        cols[f"score_{j}"].append(scores[j][-1])
            acc.add_set(places, scores, stats, values, rank, faults, games)


def default_rank_points(k: int) -> Tuple[int, ...]:
    """Rank points by place: 90/45/0/-135 with four players (a common uma-and-oka
    scale, as Mortal's duplicate evaluation counts them), 90/0/-90 with three."""
    return (90, 45, 0, -135) if k == 4 else (90, 0, -90)


def slot_bots(specs) -> dict:
    """A fresh :class:`ippatsu.mjai.Bot` per slot that names one (the same bot given for
    several slots runs one process per slot)."""
    import copy

    from ..mjai.bot import Bot

    return {j: copy.copy(s) for j, s in enumerate(specs) if isinstance(s, Bot)}


def write_log(folder: str, u: int, r: int, events, faults) -> None:
    """Game ``r`` of set ``u`` as an mjai log (JSON lines) in ``folder``: the table's
    events, each fault a ``{"type": "fault", ...}`` line where it happened."""
    import os

    from ..io.mjai import write_json_lines

    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"set{u:06d}-game{r}.mjson")
    with open(path, "w", encoding="utf-8") as f:
        write_json_lines(events or (), f)


class MatchResult(StudyResult):
    """The result of :func:`match` (see the module notes). ``agents`` are the names by
    slot; :meth:`agent` gives one agent's estimates; :meth:`compare` a pair's."""

    kind = "match"

    def __init__(self, acc: _MatchAcc, agents: List[str], duplicate: bool, **kw):
        super().__init__(**kw)
        self.acc = acc
        self.agents = agents
        self.duplicate = duplicate
        self.k = len(agents)
        self._unit = f"sets of {self.k} games" if duplicate else "games"

    def _rate_of(self, done: int):
        return done * (self.k if self.duplicate else 1), "games"

    @property
    def games(self) -> int:
        return sum(self.acc.places[0])

    @property
    def sets(self) -> int:
        return self.acc.place[0].n

    def agent(self, j: int) -> dict:
        """Slot ``j``'s estimates (StudyError ``bad_index`` outside the slots)."""
        j = self._index(j, self.k, "slot")
        a = self.acc
        per = self.k if self.duplicate else 1
        g = sum(a.places[j])
        tally = {name: Tally(a.hands[j], v).to_dict() for name, v in (
            ("win_rate", a.wins[j]), ("deal_in_rate", a.dealins[j]),
            ("riichi_rate", a.riichi[j]), ("call_rate", a.calls[j]))}
        return {"name": self.agents[j], "slot": j, "games": g, "hands": a.hands[j],
                "rank_points": a.rank[j].to_dict(1 / per), "faults": a.faults[j],
                "placement": a.place[j].to_dict(1 / per),
                "placement_distribution": [c / g if g else None for c in a.places[j]],
                "placement_counts": list(a.places[j]),
                "final_score": a.points[j].to_dict(1 / per),
                "win_value": a.value[j].to_dict(), **tally}

    def compare(self, i: int, j: int) -> dict:
        """Slot ``i`` minus slot ``j``: placement (lower is better) and final score,
        per game, paired by set (StudyError ``bad_index`` outside the slots, or for one
        slot twice)."""
        i, j = self._index(i, self.k, "slot"), self._index(j, self.k, "slot")
        if i == j:
            raise StudyError(f"compare needs two different slots, got {i} twice", "bad_index")
        per = self.k if self.duplicate else 1
        flip = i > j
        key = (j, i) if flip else (i, j)
        out = {}
        for name, m in (("placement", self.acc.d_place[key]),
                        ("final_score", self.acc.d_points[key])):
            d = significance(m)
            if d:
                sign = -1 if flip else 1
                d["mean"] = d["mean"] * sign / per
                lo, hi = d["ci95"]
                d["ci95"] = sorted([lo * sign / per, hi * sign / per])
                d["sd"] = d["sd"] / per
                d["z"] = d["z"] * sign
            out[name] = d
        return {"a": self.agents[i], "b": self.agents[j], "slots": [i, j], **out}

    def elo(self, k: float = 8.0) -> dict:
        """Ratings by agent name after the games in order (set, then rotation), as
        mjai.app rates bots (:func:`ippatsu.mjai.elo_ratings`: every pair of a game's
        players one result, K = 8, scale 1200, start 1500). Slots with the same name are
        one player."""
        from ..mjai.elo import elo_ratings

        games = [([self.agents[j] for j in range(self.k)], g[2:])
                 for g in sorted(self.acc.games)]
        return elo_ratings(games, k=k)

    def estimates(self) -> dict:
        return {"games": self.games, "sets": self.sets, "duplicate": self.duplicate,
                "rank_points": list(self.params.get("rank_points", ())),
                "elo": self.elo() if self.acc.games else {},
                "agents": [self.agent(j) for j in range(self.k)],
                "pairs": [self.compare(i, j) for i in range(self.k)
                          for j in range(i + 1, self.k)]}

    def __str__(self) -> str:
        k = self.k
        lines = self._header(f"Match: {self.games:,} games"
                             + (f" (duplicate: each wall in {k} seatings)" if self.duplicate
                                else ""))
        rows = []
        for j in range(k):
            e = self.agent(j)
            pl = e["placement"]
            dist = " ".join(f"{100 * x:.0f}" if x is not None else "-"
                            for x in e["placement_distribution"])
            rp = e["rank_points"]
            rows.append([f"{j} {e['name']}", f"{pl['mean']:.3f}",
                         f"±{(pl['ci95'][1] - pl['ci95'][0]) / 2:.3f}",
                         f"{rp['mean']:+.1f} ±{(rp['ci95'][1] - rp['ci95'][0]) / 2:.1f}"
                         if rp["n"] > 1 else "-", dist,
                         f"{e['final_score']['mean']:,.0f}",
                         f"{100 * e['win_rate']['rate']:.1f}",
                         f"{100 * e['deal_in_rate']['rate']:.1f}",
                         f"{100 * e['riichi_rate']['rate']:.1f}",
                         f"{100 * e['call_rate']['rate']:.1f}",
                         f"{e['win_value']['mean']:,.0f}" if e["win_value"]["n"] else "-",
                         str(e["faults"])])
        lines.append(table(["agent", "place", "95%", "rank pts (95%)",
                            "/".join(_ORD[:k]) + " %", "score", "win%", "deal-in%",
                            "riichi%", "call%", "win value", "faults"], rows))
        if self.acc.games:
            elo = self.elo()
            lines.append("  Elo as mjai.app rates bots (pairwise, K=8, start 1500): " + ", ".join(
                f"{name} {r:.0f}" for name, r in sorted(elo.items(), key=lambda x: -x[1])))
        lines.append("  Paired differences (placement, per game; negative = a places better):")
        prow = []
        for i in range(k):
            for j in range(i + 1, k):
                c = self.compare(i, j)["placement"]
                if not c:
                    continue
                prow.append([f"{i} {self.agents[i]} − {j} {self.agents[j]}",
                             f"{c['mean']:+.3f}", f"[{c['ci95'][0]:+.3f}, {c['ci95'][1]:+.3f}]",
                             f"{c['p']:.2g}", "yes" if c["significant"] else "no"])
        lines.append(table(["pair", "diff", "95% CI", "p", "significant"], prow))
        return "\n".join(lines)

    def plot(self, path=None) -> str:
        """Placement distribution per agent: a PNG at ``path`` (default
        ``ippatsu-match-<seed>.png``); returns the path."""
        fig = self._figure(figsize=(7, 4), dpi=110)
        ax = fig.add_subplot(1, 1, 1)
        k = self.k
        width = 0.8 / k
        for place in range(k):
            xs = [j + (place - (k - 1) / 2) * width for j in range(k)]
            ys = [self.agent(j)["placement_distribution"][place] or 0 for j in range(k)]
            ax.bar(xs, ys, width, label=_ORD[place])
        ax.set_xticks(range(k))
        ax.set_xticklabels([f"{j}: {n}" for j, n in enumerate(self.agents)])
        ax.set_ylabel("share of games")
        ax.set_title(f"Placements over {self.games:,} games (seed {self.seed})")
        ax.legend()
        fig.tight_layout()
        return self._save(fig, path)


def match(agents: Sequence = "greedy", *, games: int = 1000,
          rules: Optional[Rules] = None, duplicate: bool = True, seed=None,
          backend: str = "local", workers: Optional[int] = None, progress=None,
          out=None, resume: bool = False, chunk_size: Optional[int] = None,
          address: Optional[str] = None, rank_points: Optional[Sequence[int]] = None,
          logs: Optional[str] = None) -> MatchResult:
    """match(agents, *, games=1000, rules=None, duplicate=True, seed=None, backend="local",
    workers=None, progress=None, out=None, resume=False) -> MatchResult

    Play ``games`` full games between one agent per seat (names ``"greedy"``/``"random"``
    or callables ``agent(obs, legal) -> Action``, or outside mjai bots
    (:class:`ippatsu.mjai.Bot`, each slot its own process); one entry is used for every
    seat): four agents, or three with a three-player ``rules`` (``"tenhou_sanma"``, ...).
    A 1-vs-3 layout is ``[a, b, b, b]``, a 2-vs-2 one ``[a, a, b, b]`` (the circular orders
    balance who sits next to whom). ``rank_points``: the points of each place (default
    :func:`default_rank_points`); ``logs``: a folder for one mjai log per game. With
    ``duplicate`` ``games`` must be a multiple of the seat count (sets of one game per
    seating). ``rules``: a :class:`~ippatsu.rules.Rules` or a preset name. See :mod:`ippatsu.study` for
    ``backend``, ``workers``, ``progress``, ``out`` and ``resume``.
    """
    from ._runner import check_backend, check_n

    games = check_n(games, "games")
    rules = study_rules(rules)
    k = rules.players
    if duplicate and games % k:
        raise StudyError(f"duplicate matches play sets of {k} games (one per seating): "
                         f"games={games} is not a multiple of {k}", "bad_n")
    check_backend(backend, workers)
    specs = check_agents(agents, k, backend)
    seed = resolve_seed(seed)
    if rank_points is None:
        rank_points = default_rank_points(k)
    rank_points = [int(x) for x in rank_points]
    if len(rank_points) != k:
        raise StudyError(f"rank_points: one number per place ({k}), got {rank_points}",
                         "bad_rank_points")
    task = _MatchTask(specs, rules, bool(duplicate), seed, rank_points,
                      None if logs is None else str(logs))
    units = games // k if duplicate else games
    acc, info = execute(task, units, backend=backend, workers=workers, chunk_size=chunk_size,
                        progress=progress, out=out, resume=resume, address=address)
    return MatchResult(acc, [agent_name(s) for s in specs], bool(duplicate), seed=seed,
                       rules=rules.to_dict(), info=info,
                       params={"games": games, "duplicate": bool(duplicate),
                               "agents": [agent_name(s) for s in specs],
                               "rank_points": rank_points})


def study_rules(rules) -> Rules:
    """A study's ``rules=``: None (``Rules.ippatsu()``), a Rules or a preset name;
    anything else raises StudyError ``bad_rules``."""
    if rules is None:
        return Rules.ippatsu()
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        try:
            return Rules.preset(rules)
        except ValueError as e:
            raise StudyError(str(e), "bad_rules") from None
    raise StudyError(f"rules must be a Rules or a preset name, got {rules!r}", "bad_rules")
