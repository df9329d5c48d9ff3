"""``ippatsu mjai-bot``: an ippatsu agent as an mjai bot on standard input and output.

:func:`serve` reads messages line by line and answers in the dialect asked
(:data:`~ippatsu.mjai.DIALECTS`): ``mjai.app`` (a JSON array in, one answer out),
``mjai`` (an event in, an answer out, ``none`` when there is nothing to do), ``mortal``
(an event in, an answer only at the seat's decisions) and ``akochan`` (a JSON array in;
an array of one or two answers out when its last event has ``"can_act": true``). A line
that cannot be read is named on standard error and answered ``{"type": "none"}`` where an
answer is due.
"""
from __future__ import annotations

import json
import sys
from typing import IO, Optional

from .view import AgentBot

__all__ = ["serve"]


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def serve(agent="greedy", *, dialect: str = "mjai.app", rules=None,
          seat: Optional[int] = None, seed: int = 0, stdin: Optional[IO[str]] = None,
          stdout: Optional[IO[str]] = None, stderr: Optional[IO[str]] = None) -> int:
    """Answer mjai messages from ``stdin`` on ``stdout`` until the input ends; returns 0."""
    from .bot import DIALECTS
    from ..errors import IppatsuError

    if dialect not in DIALECTS:
        raise IppatsuError(f"unknown mjai dialect {dialect!r}: one of {', '.join(DIALECTS)}",
                           "bad_bot")
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    bot = AgentBot(agent, rules, seat, seed)
    for line in stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
            if dialect in ("mjai.app", "akochan"):
                events = msg if isinstance(msg, list) else [msg]
            else:
                events = [msg]
            if not all(isinstance(e, dict) for e in events):
                raise ValueError("an event is a JSON object")
            if dialect == "akochan":
                if events and events[-1].get("can_act"):
                    out = _dumps(bot.answers(events))
                else:
                    bot.react(events)
                    out = None
            else:
                ans = bot.react(events)
                out = None if dialect == "mortal" and not bot.asked else _dumps(ans)
        except Exception as e:  # noqa: BLE001 - a bot answers whatever it is sent
            print(f"ippatsu mjai-bot: {type(e).__name__}: {e} (in: {line[:200]})",
                  file=stderr, flush=True)
            out = None if dialect == "mortal" else (
                '[{"type":"none"}]' if dialect == "akochan" else '{"type":"none"}')
        if out is not None:
            stdout.write(out + "\n")
            stdout.flush()
    return 0
