"""A tiny SDK for writing a sparring bot in Python (protocol: docs/protocol.md).

    from sparring.bot import run

    def choose(view, legal):
        return legal[0]          # any legal action object

    run(choose)

`run` reads the referee's JSON lines on stdin, calls `choose(view, legal)` for every
``act`` message and writes the answer back, naming the decision it answers (so that in
games where a time-out is not fatal, a late answer is never taken for the next one);
`start` and `end` messages are kept on the `Session` for bots that want them. `legal` is
a list of action objects, or a game's compact form for huge sets (Aquawar picks:
``{"type": "pick", "fish": [...], ...}``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

Choose = Callable[[dict[str, Any], Any], dict[str, Any]]


@dataclass
class Session:
    """What the referee told the bot: the start message and, at the end, the result."""

    start: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None


def run(choose: Choose, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> Session:
    """Serve one match: answer every ``act`` with ``choose(view, legal)``."""
    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout
    session = Session()
    for line in source:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "start":
            session.start = message
        elif kind == "act":
            action = choose(message["view"], message["legal"])
            reply = {"type": "action", "decision": message.get("decision"), "action": action}
            sink.write(json.dumps(reply) + "\n")
            sink.flush()
        elif kind == "end":
            session.result = message.get("result")
            break
    return session
