"""Self-play soak: play many seeded games and count exceptions and invariant violations.

    python tools/selfplay.py --games 1000 --seed 0 [--agents random|greedy|mixed]
                             [--rules ippatsu|tenhou|majsoul|planet] [--check-every 1]
                             [--players 4|3] [--flowers] [--red-fives 1,2,1]

Game ``i`` uses the ``i``-th ``spawn()``ed child of ``SeedSequence(seed)`` for its walls and
agents, so any failure is reproduced by its index. After every ``--check-every``-th step
the state's invariants are checked (136 tiles conserved, points + deposits conserved,
incremental shanten/waits equal a from-scratch computation, hand sizes), and every
offered action set is checked against a from-scratch oracle (tests/test_table_selfplay).
Prints a summary line; exits 1 on any failure.

``--players 3`` (or a three-player ``--rules`` preset: ``tenhou_sanma`` ...) plays
three-player games (docs/rules.md §11): ``mixed`` rules cycle through the three sanma
presets and a variant (double ron, East-only, no red fives); the invariants then count
108 tiles (Norths set aside included) and compare the waits with the hand core's
``players=3`` road, and the oracle checks that no chi is offered and that a North
declaration is offered exactly when the rule allows it.

``--flowers`` turns on ``Rules.flowers`` (docs/rules.md §12) for every four-player game:
the invariants then count 140 tiles (flowers set aside and a flower held included), and
the oracle checks that setting a flower aside is the one action offered while a flower
is held and is never offered otherwise.

``--red-fives M,P,S`` plays every game with those red fives per suit
(``Rules.red_five_counts``, docs/rules.md): the oracle then checks the discards by kind
and red-ness and the pons by the red fives they take (0, 1 or 2) against the rules' red
ids.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from ippatsu.rules import Rules  # noqa: E402
from ippatsu.table import ActionType, GameState, GreedyAgent, Phase, RandomAgent  # noqa: E402
from ippatsu.table.loops import play_checked  # noqa: E402


class CallerAgent:
    """Greedy tile efficiency, but takes most calls and kans it is offered."""

    def __init__(self, seed):
        self.g = GreedyAgent()
        self.rng = random.Random(seed)

    def __call__(self, obs, legal):
        for a in legal:
            if a.type in (ActionType.TSUMO, ActionType.RON):
                return a
        calls = [a for a in legal if a.type in (ActionType.PON, ActionType.CHI,
                                                ActionType.DAIMINKAN, ActionType.ANKAN,
                                                ActionType.KAKAN)]
        if calls and self.rng.random() < 0.7:
            return self.rng.choice(calls)
        return self.g(obs, legal)


def make_agents(kind, rng, n=4):
    seeds = [int(x) for x in rng.integers(0, 2**31, 4)][:n]
    if kind == "random":
        return [RandomAgent(s) for s in seeds]
    if kind == "greedy":
        return [GreedyAgent() for _ in seeds]
    pool = [lambda s: RandomAgent(s), lambda s: GreedyAgent(), lambda s: CallerAgent(s)]
    return [pool[int(rng.integers(0, 3))](s) for s in seeds]


def run_one(ss, kind, rules, check_every, oracle):
    rng = np.random.Generator(np.random.PCG64(ss.spawn(1)[0]))
    agents = make_agents(kind, rng, rules.players)
    st = GameState(rules, ss, record=False)
    if rules.players == 3:
        oracle = check_offered_sanma if oracle is not None else None
    elif rules.flowers and oracle is not None:
        base = oracle

        def oracle(st):
            check_offered_flowers(st, base)

    def check(st):
        st.check_invariants()
        if oracle is not None:
            oracle(st)

    n = play_checked(st, agents, check if check_every else None, every=check_every or 1)
    return n, st


def check_offered_sanma(st):
    """Three players: no chi is ever offered; a North declaration is offered to the actor
    exactly when the rule allows it (docs/rules.md §11: own turn, not right after a call,
    a North in the hand, a replacement tile left; in riichi only the North just drawn)."""
    legal = st._legal
    for acts in legal.values():
        assert not any(a.type == ActionType.CHI for a in acts), "chi offered (3 players)"
    if st.phase != Phase.TURN:
        return
    p = st.actor
    offered = any(a.type == ActionType.NUKIDORA for a in legal.get(p, ()))
    if st.after_call:
        want = False
    elif st.riichi[p]:
        want = st.last_draw >= 0 and st.last_draw >> 2 == 30
    else:
        want = st.cnt[p][30] > 0
    want = want and st.left > 0 and st.rules.nukidora
    assert offered == want, f"North declaration offered={offered}, rule says {want}"


def check_offered_flowers(st, base):
    """Rules.flowers: while the actor holds a flower (``last_draw`` 136-139 at a turn),
    setting it aside is the one action offered; otherwise no flower action is offered
    and ``base`` (the four-player oracle) checks the rest."""
    legal = st._legal
    if st.phase == Phase.TURN and st.last_draw >= 136:
        p = st.actor
        assert list(legal) == [p], "a held flower leaves the actor the only decision"
        assert [(a.type, a.tile) for a in legal[p]] == [(ActionType.NUKIDORA, st.last_draw)], \
            f"a held flower: offered {legal[p]}"
        assert all(t < 136 for h in st.hand for t in h), "a flower in a hand"
        return
    for acts in legal.values():
        assert not any(a.type == ActionType.NUKIDORA for a in acts), "a flower action offered"
    base(st)


def main(argv=None):
    ap = argparse.ArgumentParser(description="self-play soak")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--agents", default="mixed", choices=("random", "greedy", "mixed"))
    ap.add_argument("--rules", default="mixed",
                    help="a preset name, or 'mixed' (cycle through the four presets and a "
                         "variant: triple ron, no red fives, kiriage, East-only, the last "
                         "dealer's optional stop)")
    ap.add_argument("--check-every", type=int, default=1,
                    help="check invariants every N steps (0: only at game end)")
    ap.add_argument("--no-oracle", action="store_true", help="skip the offered-actions oracle")
    ap.add_argument("--players", type=int, default=4, choices=(3, 4),
                    help="3: three-player games (sanma presets)")
    ap.add_argument("--flowers", action="store_true",
                    help="four flower tiles (Rules.flowers, four players)")
    ap.add_argument("--red-fives", default=None, metavar="M,P,S",
                    help="red fives per suit for every game (Rules.red_five_counts), "
                         "e.g. 1,2,1")
    args = ap.parse_args(argv)
    presets = ["ippatsu", "tenhou", "majsoul", "planet", "variant"]
    variant = Rules().replace(ron_mode="triple", red_fives=False, kiriage=True,
                              game_length="east", last_dealer_stop="optional",
                              name="variant")
    if args.players == 3 or (args.rules != "mixed" and Rules.preset(args.rules).players == 3):
        presets = ["ippatsu_sanma", "tenhou_sanma", "majsoul_sanma", "variant", "tenhou_sanma"]
        variant = Rules.ippatsu_sanma().replace(ron_mode="double", red_fives=False,
                                                game_length="east", name="variant")
    oracle = None
    if not args.no_oracle:
        from test_table_selfplay import check_offered as oracle
    children = np.random.SeedSequence(args.seed).spawn(args.games)
    failures = 0
    steps = hands = 0
    kinds: dict = {}
    t0 = time.perf_counter()
    for i, ss in enumerate(children):
        name = presets[i % 5] if args.rules == "mixed" else args.rules
        rules = variant if name == "variant" else Rules.preset(name)
        if args.flowers:
            rules = rules.replace(flowers=True)
        if args.red_fives is not None:
            rules = rules.replace(red_fives=tuple(int(x) for x in args.red_fives.split(",")))
        try:
            n, st = run_one(ss, args.agents, rules, args.check_every, oracle)
            steps += n
            hands += len(st.hand_results)
            for r in st.hand_results:
                kinds[r.kind] = kinds.get(r.kind, 0) + 1
        except Exception:
            failures += 1
            print(f"game {i} (seed {args.seed}, rules {name}) failed:")
            traceback.print_exc()
    dt = time.perf_counter() - t0
    print(f"{args.games} games, {hands} hands, {steps} decision points, {failures} failures "
          f"(exceptions or violations), {dt:.1f} s; hand endings: "
          + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
