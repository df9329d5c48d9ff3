"""Duplicate matches with the ``mjai`` package's bots (mjai.app's simulator, on Mortal's
libriichi) at ippatsu's table, their faults counted:

    python tools/mjai_arena.py --python /path/to/venv-with-mjai/bin/python \\
        --four 400 --one-vs-three 300 --two-vs-two 300 --logs DIR

* ``--four``: four RulebaseBots;
* ``--one-vs-three``: one RulebaseBot against three random agents;
* ``--two-vs-two``: two RulebaseBots against two greedy agents.

East-only games, Tenhou's rules, duplicate sets; the bots run with ``--strict`` (an event
libriichi refuses stops the bot: a fault), faults as chombos. Prints each match and a JSON
line of the totals; exits 1 on any fault.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path

from ippatsu import study
from ippatsu.mjai import Bot
from ippatsu.rules import Rules

BOT = Path(__file__).resolve().parents[1] / "tests" / "mjai_bots" / "mjai_package_bot.py"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", default=os.environ.get("IPPATSU_MJAI_PYTHON"))
    ap.add_argument("--four", type=int, default=400)
    ap.add_argument("--one-vs-three", type=int, default=300)
    ap.add_argument("--two-vs-two", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--logs", default=None, help="a folder for one mjai log per game")
    args = ap.parse_args(argv)
    if not args.python:
        ap.error("no interpreter with the mjai package: --python or IPPATSU_MJAI_PYTHON")
    rules = dataclasses.replace(Rules.tenhou(), game_length="east")
    rb = Bot([args.python, str(BOT), "rulebase", "{seat}", "--strict"], name="rulebase",
             timeout=10, on_fault="chombo")
    plans = [("four", args.four, [rb] * 4), ("one_vs_three", args.one_vs_three,
                                             [rb, "random", "random", "random"]),
             ("two_vs_two", args.two_vs_two, [rb, rb, "greedy", "greedy"])]
    total = {"games": 0, "faults": 0, "seconds": 0.0}
    for name, n, agents in plans:
        if n <= 0:
            continue
        t = time.time()
        r = study.match(agents, games=n, rules=rules, seed=args.seed, backend="local",
                        workers=args.workers, progress=False,
                        logs=None if args.logs is None else os.path.join(args.logs, name))
        dt = time.time() - t
        faults = sum(r.agent(j)["faults"] for j in range(4))
        total["games"] += r.games
        total["faults"] += faults
        total["seconds"] += dt
        print(f"== {name}: {r.games} games, {faults} faults, {dt:.0f} s")
        print(r)
        sys.stdout.flush()
        total[name] = {"games": r.games, "faults": faults, "elo": r.elo(),
                       "agents": [{k: r.agent(j)[k] for k in ("name", "rank_points",
                                                               "placement")}
                                  for j in range(4)]}
    print(json.dumps(total))
    return 1 if total["faults"] else 0


if __name__ == "__main__":
    sys.exit(main())
