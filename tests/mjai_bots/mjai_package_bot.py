"""One of the ``mjai`` package's bots (mjai.app's simulator) on stdin/stdout, the way
mjai.app runs a submission (``python bot.py SEAT``):

    python mjai_package_bot.py rulebase|riichi SEAT

Runs under an interpreter that has the ``mjai`` package. Its per-decision log lines are
switched off (they go to standard error otherwise)."""
import sys

from loguru import logger


def main() -> None:
    kind, seat = sys.argv[1], int(sys.argv[2])
    logger.remove()
    if kind == "rulebase":
        from mjai.bot.rulebase import RulebaseBot as Cls
    elif kind == "riichi":
        from mjai.bot.riichibot import RiichiBot as Cls
    else:
        sys.exit(f"unknown bot {kind!r}: rulebase or riichi")
    Cls(player_id=seat).start()


if __name__ == "__main__":
    main()
