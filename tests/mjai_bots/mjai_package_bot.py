"""One of the ``mjai`` package's bots (mjai.app's simulator) on stdin/stdout, the way
mjai.app runs a submission (``python bot.py SEAT``):

    python mjai_package_bot.py rulebase|riichi SEAT [--strict]

Runs under an interpreter that has the ``mjai`` package. Its per-decision log lines are
switched off (they go to standard error otherwise). The package's bot answers
``{"type": "none"}`` when libriichi refuses an event (it prints "Exception" to standard
error and goes on); with ``--strict`` it exits instead, so that the host counts every
refused event as a fault."""
import os
import sys

from loguru import logger


def _strict_print(*args, **kw):
    print(*args, **kw)
    if any("Exception" in str(a) for a in args):
        sys.stderr.flush()
        os._exit(2)


def main() -> None:
    kind, seat = sys.argv[1], int(sys.argv[2])
    logger.remove()
    if "--strict" in sys.argv[3:]:
        import mjai.bot.base as base

        base.print = _strict_print  # the module's own print of the refused event
    if kind == "rulebase":
        from mjai.bot.rulebase import RulebaseBot as Cls
    elif kind == "riichi":
        from mjai.bot.riichibot import RiichiBot as Cls
    else:
        sys.exit(f"unknown bot {kind!r}: rulebase or riichi")
    Cls(player_id=seat).start()


if __name__ == "__main__":
    main()
