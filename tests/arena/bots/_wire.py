"""Plumbing shared by the fixture bots: the JSON-lines protocol with no sparring import, so
each fixture is a plain script that fails in exactly the one way its name says.

Every fixture takes a tag as its first argument: a string unique to the test's match. It
stands in the command line of the bot and of every process it forks, so a test can find
them all from outside — a sandboxed bot can write nowhere the test could read, and its
own process ids mean nothing outside its PID namespace — and check that none survived.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any


def messages() -> Iterator[dict[str, Any]]:
    """The referee's messages, one per line, until stdin closes."""
    for line in sys.stdin:
        if line.strip():
            yield json.loads(line)


def acts() -> Iterator[dict[str, Any]]:
    """Only the `act` messages; stops at `end`."""
    for message in messages():
        if message["type"] == "act":
            yield message
        elif message["type"] == "end":
            return


def legal_choice(legal: Any) -> dict[str, Any]:
    """A legal action: the first 4 fish of a compact pick form, else the first action."""
    if isinstance(legal, dict):
        fish = legal["fish"][: legal["choose"]]
        mimic = legal["mimic_targets"][0] if 12 in fish else None
        return {"type": "pick", "fish": fish, "mimic": mimic}
    return legal[0]


def send_line(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def answer(action: Any, decision: int | None = None) -> None:
    """Reply with `action`; with `decision`, name the decision answered (as the SDK does)."""
    reply: dict[str, Any] = {"type": "action", "action": action}
    if decision is not None:
        reply["decision"] = decision
    send_line(json.dumps(reply))
