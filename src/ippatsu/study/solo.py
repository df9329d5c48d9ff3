"""Solo draws: how often does a hand reach tenpai, or complete, by the k-th draw?

``solo(hand, draws=12, visible=..., policy="efficiency", n=...)`` deals the hand's future
draws uniformly from the tiles it cannot see (the 136 minus its own tiles, its melds and
everything ``visible``: rivers, other players' melds, dora indicators), without
replacement, and discards by a policy after every draw:

* ``"efficiency"`` — the lowest shanten, then the most effective tiles (counted against
  the tiles still unseen), then the lowest kind: the built-in greedy agent's rule;
* ``"shanten"`` — the lowest shanten only (the drawn tile goes when it is among the best);
* a callable ``policy(counts14: bytes, unseen: bytes) -> kind`` of your own (Python per
  draw: much slower, but the same seeds and statistics).

A sample stops when the hand completes (no one else plays: this is the hand's own
race against the wall). The estimates, per draw ``k = 1..draws``: P(tenpai by ``k``) and
P(complete by ``k``) (first passage: reached at or before draw ``k``), and the
distribution of the final shanten (−1 = complete). The rollouts run in the compiled core
in batches, with no Python per draw for the built-in policies.

>>> r = solo("123m456p789s1122z", draws=1, n=2000, seed=1, backend="serial", progress=False)
>>> 0.0 < r.complete[0] < 0.2
True
"""
from __future__ import annotations

from typing import Callable, List, Optional, Union

import numpy as np

from .. import core as _core
from ..errors import HandSizeError, StudyError, TileCountError
from ..hand import Hand
from ..tiles import kind_name, parse_counts
from ._result import StudyResult, table
from ._runner import Task, check_backend, check_n, execute, resolve_seed
from ._stats import Tally

__all__ = ["solo", "SoloResult", "POLICIES"]

#: the built-in policies, by name, as the kernel's codes
POLICIES = {"efficiency": 0, "shanten": 1}
_HIST = 10  # final shanten -1..8


def _own_counts(hand):
    """(concealed counts, every own tile incl. melds) as two lists of 34."""
    if isinstance(hand, str) and "[" in hand:
        hand = Hand.parse(hand)
    if isinstance(hand, Hand):
        return list(hand.counts), list(hand.all_counts())
    if isinstance(hand, str):
        c = parse_counts(hand)
        return c, list(c)
    c = _int_counts(hand, "hand")
    return c, list(c)


def _int_counts(x, what: str) -> List[int]:
    if isinstance(x, (bytes, bytearray)):
        x = list(x)
    try:
        a = list(x)
    except TypeError:
        raise StudyError(f"{what}: expected notation or 34 counts, got {x!r}",
                         "bad_counts") from None
    if len(a) != 34:
        raise HandSizeError(f"{what}: expected 34 counts, got {len(a)}", "bad_counts_length")
    out = []
    for k, v in enumerate(a):
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise TileCountError(f"{what}: the count of {kind_name(k)} must be an integer, "
                                 f"got {v!r}", "bad_count_type")
        if not 0 <= v <= 4:
            raise TileCountError(f"{what}: {v} copies of {kind_name(k)}: a count is 0 to 4",
                                 "fifth_copy" if v > 4 else "negative_count")
        out.append(int(v))
    return out


def unseen_counts(hand, visible=None) -> tuple:
    """(concealed counts, unseen counts) for a hand and the tiles it sees elsewhere."""
    conc, own = _own_counts(hand)
    total = sum(conc)
    if total % 3 == 0 or total > 14:
        raise HandSizeError(f"the concealed hand has {total} tiles: solo draws need 3k+1 "
                            f"(before a draw) or 3k+2 (before a discard)", "bad_hand_size")
    if visible is None:
        vis = [0] * 34
    elif isinstance(visible, str):
        vis = parse_counts(visible)
    else:
        vis = _int_counts(visible, "visible")
    unseen = []
    for k in range(34):
        u = 4 - own[k] - vis[k]
        if u < 0:
            raise TileCountError(f"{own[k] + vis[k]} copies of {kind_name(k)} between the hand "
                                 f"and the visible tiles: a kind has four", "fifth_copy")
        unseen.append(u)
    return bytes(conc), bytes(unseen)


class _SoloAcc:
    __slots__ = ("n", "tenpai", "complete", "final")

    def __init__(self, draws: int):
        self.n = 0
        self.tenpai = [0] * draws
        self.complete = [0] * draws
        self.final = [0] * _HIST

    def add_arrays(self, n, tenpai, complete, final) -> None:
        self.n += n
        self.tenpai = [a + int(b) for a, b in zip(self.tenpai, tenpai)]
        self.complete = [a + int(b) for a, b in zip(self.complete, complete)]
        self.final = [a + int(b) for a, b in zip(self.final, final)]

    def merge(self, o: "_SoloAcc") -> None:
        self.add_arrays(o.n, o.tenpai, o.complete, o.final)

    def state(self) -> list:
        return [self.n, self.tenpai, self.complete, self.final]

    @classmethod
    def from_state(cls, s) -> "_SoloAcc":
        a = cls(len(s[1]))
        a.n, a.tenpai, a.complete, a.final = int(s[0]), list(s[1]), list(s[2]), list(s[3])
        return a

    def __eq__(self, other) -> bool:
        return isinstance(other, _SoloAcc) and self.state() == other.state()


class _SoloTask(Task):
    kind = "solo"
    unit = "rollouts"

    def __init__(self, counts: bytes, unseen: bytes, draws: int, policy, seed: int):
        self.counts = counts
        self.unseen = unseen
        self.draws = draws
        self.policy = policy
        self.seed = seed
        self.key = int(np.random.SeedSequence(seed).generate_state(1, np.uint64)[0])
        self.chunk_size = 50_000 if isinstance(policy, int) else 2_000

    def new_acc(self):
        return _SoloAcc(self.draws)

    def acc_from_state(self, state):
        return _SoloAcc.from_state(state)

    def fingerprint(self) -> dict:
        pol = self.policy if isinstance(self.policy, int) else _policy_name(self.policy)
        return {"kind": self.kind, "seed": self.seed, "counts": list(self.counts),
                "unseen": list(self.unseen), "draws": self.draws, "policy": pol}

    def run_chunk(self, start: int, stop: int, rows: bool):
        t, c, f = _core.solo_rollouts(self.counts, self.unseen, self.draws, start, stop,
                                      self.key, self.policy)
        acc = _SoloAcc(self.draws)
        acc.add_arrays(stop - start, t, c, f)
        cols = None
        if rows:  # one row per draw number: this chunk's counts (samples are not kept)
            cols = {"start": [start] * self.draws, "stop": [stop] * self.draws,
                    "draw": list(range(1, self.draws + 1)),
                    "tenpai": [int(x) for x in t], "complete": [int(x) for x in c]}
        return acc, cols


def _policy_name(p) -> str:
    return getattr(p, "__qualname__", None) or type(p).__name__


class SoloResult(StudyResult):
    """The result of :func:`solo`: ``tenpai[k-1]`` / ``complete[k-1]`` are P(tenpai /
    complete by draw ``k``), ``tally(k)`` their counts, ``final_shanten`` the distribution
    of the shanten after the last draw (index 0 = complete, 1 = tenpai, ...)."""

    kind = "solo"
    _unit = "rollouts"

    def __init__(self, acc: _SoloAcc, hand: str, policy: str, **kw):
        super().__init__(**kw)
        self.acc = acc
        self.hand = hand
        self.policy = policy

    @property
    def draws(self) -> int:
        return len(self.acc.tenpai)

    @property
    def tenpai(self) -> List[float]:
        return [k / self.acc.n for k in self.acc.tenpai]

    @property
    def complete(self) -> List[float]:
        return [k / self.acc.n for k in self.acc.complete]

    @property
    def final_shanten(self) -> dict:
        """{shanten: share} over the final shanten -1 (complete) .. 8."""
        n = self.acc.n
        return {s - 1: c / n for s, c in enumerate(self.acc.final) if c}

    def tally(self, draw: int) -> dict:
        """The counts and intervals at draw ``draw`` (1-based)."""
        a = self.acc
        return {"draw": draw, "tenpai": Tally(a.n, a.tenpai[draw - 1]).to_dict(),
                "complete": Tally(a.n, a.complete[draw - 1]).to_dict()}

    def estimates(self) -> dict:
        return {"hand": self.hand, "policy": self.policy, "draws": self.draws,
                "rollouts": self.acc.n, "by_draw": [self.tally(d) for d in range(1, self.draws + 1)],
                "final_shanten": {str(k): v for k, v in self.final_shanten.items()},
                "final_shanten_counts": list(self.acc.final)}

    def __str__(self) -> str:
        lines = self._header(f"Solo draws: {self.hand} · policy {self.policy} · "
                             f"{self.draws} draws")
        rows = []
        for d in range(1, self.draws + 1):
            t = self.tally(d)
            tp, cp = t["tenpai"], t["complete"]
            rows.append([str(d), f"{100 * tp['rate']:.2f}",
                         f"[{100 * tp['ci95'][0]:.2f}, {100 * tp['ci95'][1]:.2f}]",
                         f"{100 * cp['rate']:.2f}",
                         f"[{100 * cp['ci95'][0]:.2f}, {100 * cp['ci95'][1]:.2f}]"])
        lines.append(table(["draw", "tenpai %", "95% CI", "complete %", "95% CI"], rows))
        dist = "  ".join(f"{'complete' if s < 0 else s}: {100 * v:.1f}%"
                         for s, v in self.final_shanten.items())
        lines.append(f"  final shanten  {dist}")
        return "\n".join(lines)

    def plot(self, path=None) -> str:
        """P(tenpai) and P(complete) by draw with their 95 % bands: a PNG at ``path``
        (default ``ippatsu-solo-<seed>.png``); returns the path."""
        fig = self._figure(figsize=(7, 4), dpi=110)
        ax = fig.add_subplot(1, 1, 1)
        xs = list(range(1, self.draws + 1))
        for key, label in (("tenpai", "tenpai"), ("complete", "complete")):
            t = [self.tally(d)[key] for d in xs]
            ax.plot(xs, [x["rate"] for x in t], marker="o", label=f"P({label} by draw k)")
            ax.fill_between(xs, [x["ci95"][0] for x in t], [x["ci95"][1] for x in t], alpha=0.25)
        ax.set_xlabel("draw k")
        ax.set_ylabel("probability")
        ax.set_ylim(0, 1)
        ax.set_title(f"{self.hand} · {self.policy} · {self.acc.n:,} rollouts")
        ax.grid(alpha=0.3)
        ax.legend()
        fig.tight_layout()
        return self._save(fig, path)


def solo(hand, *, draws: int = 12, visible=None,
         policy: Union[str, Callable] = "efficiency", n: int = 100_000, seed=None,
         backend: str = "local", workers: Optional[int] = None, progress=None, out=None,
         resume: bool = False, chunk_size: Optional[int] = None,
         address: Optional[str] = None) -> SoloResult:
    """solo(hand, *, draws=12, visible=None, policy="efficiency", n=100000, seed=None,
    backend="local", workers=None, progress=None, out=None, resume=False) -> SoloResult

    ``hand``: notation (melds in brackets allowed), a :class:`~ippatsu.hand.Hand` or 34
    counts, with 3k+1 concealed tiles (draw first) or 3k+2 (discard first). ``visible``:
    notation or 34 counts of tiles seen elsewhere. See the module notes and
    :mod:`ippatsu.study` for the rest.
    """
    draws = check_n(draws, "draws")
    n = check_n(n)
    check_backend(backend, workers)
    counts, unseen = unseen_counts(hand, visible)
    if draws > sum(unseen):
        raise StudyError(f"draws={draws} but only {sum(unseen)} tiles are unseen", "bad_draws")
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise StudyError(f"unknown policy {policy!r}: choose {', '.join(POLICIES)} or "
                             f"pass a callable policy(counts, unseen) -> kind", "bad_policy")
        pol, pol_name = POLICIES[policy], policy
    elif callable(policy):
        pol, pol_name = policy, _policy_name(policy)
        if backend != "serial":
            import pickle

            try:
                pickle.dumps(policy)
            except Exception as e:  # noqa: BLE001
                raise StudyError(f"policy {pol_name!r} cannot be sent to worker processes "
                                 f"({e}); define it at module level or use backend='serial'",
                                 "bad_policy") from None
    else:
        raise StudyError(f"policy must be a name or a callable, got {policy!r}", "bad_policy")
    seed = resolve_seed(seed)
    task = _SoloTask(counts, unseen, draws, pol, seed)
    # fail here, in this process, on anything the kernel would refuse
    _core.solo_rollouts(counts, unseen, draws, 0, 0, task.key, pol)
    acc, info = execute(task, n, backend=backend, workers=workers, chunk_size=chunk_size,
                        progress=progress, out=out, resume=resume, address=address)
    text = str(hand) if isinstance(hand, (str, Hand)) else _core_format(counts)
    return SoloResult(acc, text, pol_name, seed=seed, rules=None, info=info,
                      params={"hand": text, "draws": draws, "policy": pol_name,
                              "unseen": list(unseen), "n": n})


def _core_format(counts: bytes) -> str:
    from ..tiles import format_counts

    return format_counts(list(counts))
