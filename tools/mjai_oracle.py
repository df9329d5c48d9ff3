"""Self-play games checked seat by seat against libriichi's player state (the outside
oracle of tests/mjai_bots/libriichi_oracle.py, run under an interpreter with the ``mjai``
package): at every decision the seat's hand, shanten and what it may do; at every other
event that the seat may do nothing; and that libriichi accepts every event of the stream.

    python tools/mjai_oracle.py --games 10000 --python /path/to/venv-with-mjai/bin/python

Seats alternate greedy and random agents (wins and riichi; calls and kans), Tenhou's
rules (libriichi's). Prints a JSON summary; exits 1 on any disagreement.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from ippatsu import core
from ippatsu.io.mjai import mask_event
from ippatsu.table.agents import GreedyAgent, RandomAgent
from ippatsu.table.loops import play
from ippatsu.table.state import GameState

ORACLE = Path(__file__).resolve().parents[1] / "tests" / "mjai_bots" / "libriichi_oracle.py"
_FLAG = {"DISCARD": "can_discard", "RIICHI": "can_riichi", "TSUMO": "can_tsumo_agari",
         "RON": "can_ron_agari", "PON": "can_pon", "CHI": "can_chi",
         "DAIMINKAN": "can_daiminkan", "KAKAN": "can_kakan", "ANKAN": "can_ankan",
         "KYUUSHU": "can_ryukyoku"}


class Recorder:
    """An agent that notes ippatsu's view of its seat at each decision, then lets
    ``inner`` choose."""

    def __init__(self, inner, st_ref, notes):
        self.inner = inner
        self.ref = st_ref
        self.notes = notes

    def __call__(self, obs, legal):
        st = self.ref[0]
        p = obs.player
        c = list(obs.counts)
        # libriichi's shanten is that of the hand before the tile just drawn (it is not
        # recomputed at a draw); after a call or at a response, of the hand as held
        h = list(c)
        if st.phase.name == "TURN" and st.last_draw >= 0:
            h[st.last_draw >> 2] -= 1
        # (a complete shape right after a call, which cannot win, is 0 there, never -1)
        sh = max(core.shanten(bytes(h)), 0)
        self.notes.append((p, len(st.events), {
            "tehai": c, "shanten": sh,
            "can": {_FLAG[a.type.name]: True for a in legal if a.type.name in _FLAG}}))
        return self.inner(obs, legal)


def game_messages(seed: int):
    """The oracle's input for one game: per seat its masked stream and checks; and the
    counts of decision types met."""
    st = GameState("tenhou", seed=seed)
    ref = [st]
    notes: list = []
    agents = [Recorder(GreedyAgent() if (i + seed) % 2 else RandomAgent(seed * 4 + i), ref,
                       notes) for i in range(4)]
    play(st, agents)
    kinds = Counter()
    msgs = []
    for seat in range(4):
        evs = [mask_event(e, seat) for e in st.events]  # start_game with the seat's id
        checks = {}
        for p, at, view in notes:
            if p == seat:
                checks[str(at)] = view
                kinds.update(view["can"])
        msgs.append({"seat": seat, "events": evs, "checks": checks})
    return msgs, kinds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--python", default=os.environ.get("IPPATSU_MJAI_PYTHON"),
                    help="an interpreter with the mjai package (default $IPPATSU_MJAI_PYTHON)")
    args = ap.parse_args(argv)
    if not args.python:
        ap.error("no interpreter with the mjai package: --python or IPPATSU_MJAI_PYTHON")
    proc = subprocess.Popen([args.python, str(ORACLE)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)
    t0 = time.time()
    total = Counter()
    kinds = Counter()
    bad = []
    for g in range(args.seed, args.seed + args.games):
        msgs, k = game_messages(g)
        kinds.update(k)
        for m in msgs:
            proc.stdin.write(json.dumps(m) + "\n")
        for _ in msgs:
            res = json.loads(proc.stdout.readline())
            total["checks"] += res["checks"]
            total["events"] += res["events"]
            total["disagreements"] += res["n_bad"]
            for b in res["bad"]:
                if len(bad) < 20:
                    bad.append(dict(b, game=g))
    proc.stdin.close()
    proc.wait()
    out = {"games": args.games, "seconds": round(time.time() - t0, 1), **total,
           "decisions_by_flag": dict(kinds), "first_disagreements": bad}
    print(json.dumps(out, indent=1))
    return 1 if total["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
