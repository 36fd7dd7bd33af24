"""The Python bot SDK (`sparring.bot.run`): it answers every `act` with the bot's choice,
names the decision it answers, and keeps the start and end messages."""

from __future__ import annotations

import io
import json

from sparring.bot import run


def test_the_sdk_answers_each_act_naming_its_decision_and_keeps_start_and_end() -> None:
    lines = [
        {"type": "start", "game": "tactics", "seat": 1},
        {"type": "act", "decision": 1, "view": {}, "legal": [{"type": "a"}, {"type": "b"}]},
        {"type": "act", "decision": 2, "view": {}, "legal": [{"type": "c"}]},
        {"type": "end", "result": {"winner": 1}},
    ]
    stdin = io.StringIO("".join(json.dumps(line) + "\n" for line in lines))
    stdout = io.StringIO()
    session = run(lambda view, legal: legal[-1], stdin, stdout)
    replies = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert replies == [
        {"type": "action", "decision": 1, "action": {"type": "b"}},
        {"type": "action", "decision": 2, "action": {"type": "c"}},
    ]
    assert session.start["game"] == "tactics" and session.result == {"winner": 1}
