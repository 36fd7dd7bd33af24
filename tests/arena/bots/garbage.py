"""Answers something that is not an action (BAD).

Usage: garbage.py TAG MODE, MODE one of ``notjson`` (a line of prose), ``array``
(JSON, but not an object), ``noaction`` (an object without `action`), ``unknown`` (an
action of a type the game does not have), ``wrongtype`` (a reply whose type is not action).
"""

from __future__ import annotations

import json
import sys

from _wire import acts, send_line

REPLIES = {
    "notjson": "I choose the pufferfish!",
    "array": json.dumps([{"type": "pass"}]),
    "noaction": json.dumps({"type": "action", "move": {"type": "pass"}}),
    "unknown": json.dumps({"type": "action", "action": {"type": "teleport", "actor": 0}}),
    "wrongtype": json.dumps({"type": "hello", "action": {"type": "pass"}}),
}

reply = REPLIES[sys.argv[2]]
for _ in acts():
    send_line(reply)
