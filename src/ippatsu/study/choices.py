"""Position studies: which choice is better at this point of a hand?

``position(pos, choices, agents="greedy", n=...)`` takes a mid-hand table position seen by
the seat to move (:class:`~ippatsu.study.Position`: from code, its text form, or cut from a
record) and two or more *choices* for that seat (``"riichi 3m"``, ``"discard 3m"``,
``"tsumo"``, an :class:`~ippatsu.table.Action`, ...). Each sample draws one *world*: the
tiles the seat cannot see (opponents' hands, the wall, the unrevealed indicators) dealt
uniformly at random, consistent with everything visible. Every choice is then played out
to the end of the hand by the agents **on the same world with the same agent seeds**
(common random numbers), so the paired differences between choices are far tighter than
two separate estimates would be.

Per choice: win rate, deal-in rate, draw rate, tenpai-at-draw rate (each a proportion with
its Wilson interval) and the mean point change of the seat over the hand (riichi stick
and collected deposits included) with its interval; per pair of choices the paired
difference of point change and of win rate with its interval and p-value.
"""
from __future__ import annotations

import os
from typing import List, Optional, Sequence

import numpy as np

from ..errors import StudyError
from ._agents import agent_name, check_agents, make_agents
from ._result import StudyResult, table
from ._runner import Task, check_backend, check_n, execute, resolve_seed, sample_seed
from ._stats import Moments, Tally, significance
from .match import study_rules as _rules

__all__ = ["position", "PositionResult"]

_FIELDS = ("win", "deal_in", "draw", "tenpai")

#: per process: the samplers of the latest position studies, by their task's token. A
#: worker is sent the task afresh with every chunk, and building a sampler (the tenpai
#: tables of riichi opponents) takes 50-200 ms, often more than the chunk's play-outs:
#: it is built once per process (forked workers inherit the caller's), never per chunk.
_SAMPLERS: dict = {}
_SAMPLERS_KEPT = 8


def _keep_sampler(token: str, sampler) -> None:
    while len(_SAMPLERS) >= _SAMPLERS_KEPT:
        _SAMPLERS.pop(next(iter(_SAMPLERS)))
    _SAMPLERS[token] = sampler


class _PosAcc:
    __slots__ = ("k", "tallies", "delta", "d_delta", "d_win")

    def __init__(self, k: int):
        self.k = k
        self.tallies = [[0, 0, 0, 0] for _ in range(k)]   # win, deal_in, draw, tenpai counts
        self.delta = [Moments() for _ in range(k)]
        self.d_delta = {(i, j): Moments() for i in range(k) for j in range(i + 1, k)}
        self.d_win = {(i, j): Moments() for i in range(k) for j in range(i + 1, k)}

    def add(self, outcomes) -> None:
        for c, o in enumerate(outcomes):
            t = self.tallies[c]
            t[0] += bool(o.win)
            t[1] += bool(o.deal_in)
            t[2] += bool(o.draw)
            t[3] += bool(o.tenpai)
            self.delta[c].add(int(o.delta))
        for (i, j), m in self.d_delta.items():
            m.add(int(outcomes[i].delta) - int(outcomes[j].delta))
            self.d_win[(i, j)].add(int(bool(outcomes[i].win)) - int(bool(outcomes[j].win)))

    def merge(self, o: "_PosAcc") -> None:
        for c in range(self.k):
            self.tallies[c] = [a + b for a, b in zip(self.tallies[c], o.tallies[c])]
            self.delta[c].merge(o.delta[c])
        for key in self.d_delta:
            self.d_delta[key].merge(o.d_delta[key])
            self.d_win[key].merge(o.d_win[key])

    def state(self) -> list:
        keys = sorted(self.d_delta)
        return [self.tallies, [m.state() for m in self.delta],
                [self.d_delta[k].state() for k in keys], [self.d_win[k].state() for k in keys]]

    @classmethod
    def from_state(cls, s) -> "_PosAcc":
        a = cls(len(s[0]))
        a.tallies = [list(x) for x in s[0]]
        a.delta = [Moments.from_state(x) for x in s[1]]
        for key, x, y in zip(sorted(a.d_delta), s[2], s[3]):
            a.d_delta[key] = Moments.from_state(x)
            a.d_win[key] = Moments.from_state(y)
        return a

    def __eq__(self, other) -> bool:
        return isinstance(other, _PosAcc) and self.state() == other.state()


def _position_text(pos, rules) -> str:
    """The position's text under ``rules``: each red copy written ``0`` under per-suit red
    counts (``Rules.red_five_counts``); else the notation's own text (it reads back)."""
    return pos.to_text(None if rules.standard_reds else rules.red_ids)


class _PositionTask(Task):
    kind = "position"
    unit = "worlds"
    chunk_size = 100

    def __init__(self, pos, actions, labels, specs, rules, seed: int):
        self.pos = pos
        self.actions = actions
        self.labels = labels
        self.specs = specs
        self.rules = rules
        self.seed = seed
        self.token = os.urandom(8).hex()  # this study's sampler in _SAMPLERS
        self._sampler = None

    def __getstate__(self):
        d = dict(self.__dict__)
        d["_sampler"] = None  # found in _SAMPLERS, or built once per worker process
        return d

    def sampler(self):
        """The position's sampler: this process's copy, built at most once per process."""
        s = self._sampler
        if s is None:
            s = _SAMPLERS.get(self.token)
            if s is None:
                s = self.pos.prepare(self.rules)
                _keep_sampler(self.token, s)
            self._sampler = s
        return s

    def new_acc(self):
        return _PosAcc(len(self.actions))

    def acc_from_state(self, state):
        return _PosAcc.from_state(state)

    def fingerprint(self) -> dict:
        return {"kind": self.kind, "seed": self.seed,
                "position": _position_text(self.pos, self.rules),
                "choices": list(self.labels), "agents": [agent_name(s) for s in self.specs],
                "rules": self.rules.to_dict()}

    def run_chunk(self, start: int, stop: int, rows: bool):
        from . import _position as P

        sampler = self.sampler()
        seat = self.pos.seat
        acc = _PosAcc(len(self.actions))
        cols = {c: [] for c in ("sample", "choice", *_FIELDS, "delta", "kind")} if rows else None
        for i in range(start, stop):
            kids = sample_seed(self.seed, i).spawn(5)
            world = sampler.world(np.random.Generator(np.random.PCG64(kids[0])))
            agent_seeds = [int(k.generate_state(1)[0]) for k in kids[1:]]
            outcomes = []
            for c, action in enumerate(self.actions):
                st = sampler.state(world=world)  # the same world for every choice
                agents = make_agents(self.specs, agent_seeds)
                o = P.play_out(st, action, agents, seat)
                outcomes.append(o)
                if rows:
                    cols["sample"].append(i)
                    cols["choice"].append(c)
                    for f in _FIELDS:
                        cols[f].append(bool(getattr(o, f)))
                    cols["delta"].append(int(o.delta))
                    cols["kind"].append(o.kind)
            acc.add(outcomes)
        return acc, cols


class PositionResult(StudyResult):
    """The result of :func:`position`: ``choices`` (their labels), :meth:`choice` one
    choice's estimates, :meth:`compare` a pair's paired differences."""

    kind = "position"
    _unit = "worlds"

    def __init__(self, acc: _PosAcc, choices: List[str], position_text: str, **kw):
        super().__init__(**kw)
        self.acc = acc
        self.choices = choices
        self.position_text = position_text

    def choice(self, c: int) -> dict:
        """Choice ``c``'s estimates (StudyError ``bad_index`` outside the choices)."""
        c = self._index(c, len(self.choices), "choice")
        a = self.acc
        n = a.delta[c].n
        out = {"choice": self.choices[c], "worlds": n}
        for f, k in zip(_FIELDS, a.tallies[c]):
            out[f"{f}_rate"] = Tally(n, k).to_dict()
        out["delta"] = a.delta[c].to_dict()
        return out

    def compare(self, i: int, j: int) -> dict:
        """Choice ``i`` minus choice ``j`` on the same worlds (StudyError ``bad_index``
        outside the choices, or for one choice twice)."""
        k = len(self.choices)
        i, j = self._index(i, k, "choice"), self._index(j, k, "choice")
        if i == j:
            raise StudyError(f"compare needs two different choices, got {i} twice",
                             "bad_index")
        flip = i > j
        key = (j, i) if flip else (i, j)
        out = {"a": self.choices[i], "b": self.choices[j]}
        for name, m in (("delta", self.acc.d_delta[key]), ("win_rate", self.acc.d_win[key])):
            d = significance(m)
            if d and flip:
                d["mean"] = -d["mean"]
                d["ci95"] = sorted([-d["ci95"][0], -d["ci95"][1]])
                d["z"] = -d["z"]
            out[name] = d
        return out

    def estimates(self) -> dict:
        k = len(self.choices)
        return {"position": self.position_text,
                "choices": [self.choice(c) for c in range(k)],
                "pairs": [self.compare(i, j) for i in range(k) for j in range(i + 1, k)]}

    def __str__(self) -> str:
        lines = self._header(f"Position study: {len(self.choices)} choices")
        rows = []
        for c in range(len(self.choices)):
            e = self.choice(c)
            d = e["delta"]
            rows.append([e["choice"], f"{100 * e['win_rate']['rate']:.1f}",
                         f"{100 * e['deal_in_rate']['rate']:.1f}",
                         f"{100 * e['draw_rate']['rate']:.1f}",
                         f"{100 * e['tenpai_rate']['rate']:.1f}",
                         f"{d['mean']:+,.0f}", f"[{d['ci95'][0]:+,.0f}, {d['ci95'][1]:+,.0f}]"])
        lines.append(table(["choice", "win%", "deal-in%", "draw%", "tenpai%", "points",
                            "95% CI"], rows))
        k = len(self.choices)
        if k > 1:
            lines.append("  Paired differences (same worlds):")
            prow = []
            for i in range(k):
                for j in range(i + 1, k):
                    c = self.compare(i, j)
                    d, w = c["delta"], c["win_rate"]
                    if not d:
                        continue
                    prow.append([f"{c['a']} − {c['b']}", f"{d['mean']:+,.0f}",
                                 f"[{d['ci95'][0]:+,.0f}, {d['ci95'][1]:+,.0f}]",
                                 f"{d['p']:.2g}", f"{100 * w['mean']:+.1f}",
                                 "yes" if d["significant"] else "no"])
            lines.append(table(["pair", "points", "95% CI", "p", "win% diff", "significant"],
                               prow))
        return "\n".join(lines)

    def plot(self, path=None) -> str:
        """Mean point change per choice with 95 % intervals, and the outcome mix: a PNG at
        ``path`` (default ``ippatsu-position-<seed>.png``); returns the path."""
        fig = self._figure(figsize=(8, 4), dpi=110)
        ax, bx = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
        k = len(self.choices)
        es = [self.choice(c) for c in range(k)]
        means = [e["delta"]["mean"] for e in es]
        errs = [(e["delta"]["ci95"][1] - e["delta"]["ci95"][0]) / 2 for e in es]
        ax.bar(range(k), means, yerr=errs, capsize=4, color="tab:blue")
        ax.axhline(0, color="black", lw=0.8)
        ax.set_xticks(range(k))
        ax.set_xticklabels(self.choices)
        ax.set_ylabel("mean point change")
        bottom = [0.0] * k
        for f, color in (("win", "tab:green"), ("deal_in", "tab:red"), ("draw", "tab:gray"),
                         ("other", "lightgray")):
            if f == "other":  # the hand ended by a win between other players
                ys = [max(0.0, 1 - b) for b in bottom]
                label = "others' win"
            else:
                ys = [e[f"{f}_rate"]["rate"] for e in es]
                label = f.replace("_", "-")
            bx.bar(range(k), ys, bottom=bottom, label=label, color=color)
            bottom = [b + y for b, y in zip(bottom, ys)]
        bx.set_xticks(range(k))
        bx.set_xticklabels(self.choices)
        bx.set_ylim(0, 1)
        bx.legend()
        fig.suptitle(f"{self.done:,} sampled worlds (seed {self.seed})")
        fig.tight_layout()
        return self._save(fig, path)


def position(pos, choices: Sequence, *, agents="greedy", n: int = 10_000, rules=None,
             seed=None, backend: str = "local", workers: Optional[int] = None,
             progress=None, out=None, resume: bool = False,
             chunk_size: Optional[int] = None, address: Optional[str] = None) -> PositionResult:
    """position(pos, choices, *, agents="greedy", n=10000, rules=None, seed=None,
    backend="local", workers=None, progress=None, out=None, resume=False) -> PositionResult

    ``pos``: a :class:`~ippatsu.study.Position` or its text form. ``choices``: one or more
    actions of the seat to move (text such as ``"riichi 3m"`` / ``"discard 6p"`` / ``"3m"``
    / ``"tsumo"``, or :class:`~ippatsu.table.Action`); each must be legal there.
    ``agents``: who plays the hand out after the choice (``"greedy"``, ``"random"``, a
    callable; one for every seat or four by seat). See :mod:`ippatsu.study` for the rest.
    """
    from . import _position as P

    n = check_n(n)
    check_backend(backend, workers)
    if isinstance(pos, str):
        pos = P.Position.parse(pos)
    elif not isinstance(pos, P.Position):
        raise StudyError(f"position must be a Position or its text form, got {pos!r}",
                         "bad_position")
    pos.validate()
    if isinstance(choices, str) or not isinstance(choices, Sequence) or not choices:
        raise StudyError("choices must be a non-empty list of choices for the seat to move",
                         "bad_choices")
    rules = _rules(rules)
    actions = [P.resolve_choice(pos, c, rules) for c in choices]
    reds = rules.red_ids   # the rules' red fives name and tell the choices apart
    labels = [c if isinstance(c, str) else a.text(reds) for c, a in zip(choices, actions)]
    if len({a.key_for(reds) for a in actions}) != len(actions):
        raise StudyError(f"choices {labels} name the same action twice", "bad_choices")
    specs = check_agents(agents, 4, backend)
    seed = resolve_seed(seed)
    task = _PositionTask(pos, actions, labels, specs, rules, seed)
    task.sampler()  # built here (resolving the choices built it): forked workers inherit it
    acc, info = execute(task, n, backend=backend, workers=workers, chunk_size=chunk_size,
                        progress=progress, out=out, resume=resume, address=address)
    text = _position_text(pos, rules)
    return PositionResult(acc, labels, text, seed=seed, rules=rules.to_dict(), info=info,
                          params={"position": text, "choices": labels, "n": n,
                                  "agents": [agent_name(s) for s in specs]})
