"""Replays as one seat (or a spectator) may see them.

A full replay holds everything: the seed (which predicts every chance outcome), both
sides' hidden choices, private events. An export for a seat is rebuilt by re-simulating the
full replay and keeping, after each decision, only the events that seat may see — the same
audience rule the views use — plus that seat's own actions. Other seats' actions are left
out (what they did in public is in the events), and so are the seed, other seats' verdict
reasons (an illegal pick names hidden fish) and the game's full summary.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import BadInput
from .events import event_json, visible_to
from .game import end_reason_of, winner_of
from .messages import json_default
from .registry import get_game
from .replay import Decision, Replay, verify_replay

VIEW_FORMAT = "sparring-replay-view/1"


def redact_replay(replay: Replay, seat: int | None) -> list[str]:
    """The JSON lines of `replay` as `seat` may see it (None: a spectator)."""
    header = replay.header
    if seat is not None and not 0 <= seat < len(header.seats):
        raise BadInput(f"--as-seat must be a seat of this match (0-{len(header.seats) - 1})")
    spec = get_game(header.game)
    records: list[dict[str, Any]] = [
        {
            "type": "header",
            "format": VIEW_FORMAT,
            "game": header.game,
            "rules_version": header.rules_version,
            "options": header.options,
            "seats": header.seats,
            "audience": "spectator" if seat is None else seat,
        }
    ]
    seen = 0

    def visible_since(state: Any) -> list[dict[str, Any]]:
        nonlocal seen
        fresh = [event_json(e) for e in state.events[seen:] if visible_to(e, seat)]
        seen = len(state.events)
        return fresh

    def after(state: Any, record: Decision) -> None:
        own = record.seat == seat
        entry: dict[str, Any] = {
            "type": "decision",
            "seat": record.seat,
            "action": record.action if own else None,
            "time": record.time,
            "verdict": record.verdict,
        }
        if own and record.reason:
            entry["reason"] = record.reason
        entry["events"] = visible_since(state)  # the first also carries the set-up's
        records.append(entry)

    report = verify_replay(replay, after)
    if not report.ok:
        raise BadInput(f"cannot export a replay that does not verify: {report.problems[0]}")
    state = report.state
    records.append(
        {
            "type": "result",
            "events": visible_since(state),
            "winner": winner_of(state),
            "reason": end_reason_of(state),
            "returns": list(state.returns()),
            "view": spec.view(state, seat),
        }
    )
    return [json.dumps(r, separators=(",", ":"), default=json_default) for r in records]
