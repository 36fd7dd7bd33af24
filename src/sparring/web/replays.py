"""A stored match, frame by frame, as one audience saw it: the replay's decisions played
again through the engine from its seed (never the views of the time, which are not
stored), so a step shows exactly the view the referee would have sent then.

A replay may be seen as a spectator, or as any seat: the match is over, so nothing a seat
saw can still help anyone.
"""

from __future__ import annotations

import time
from typing import Any

from sparring.arena.store import MatchRecord
from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.replay import Decision, parse_written_replay

from .records import StoredAction, TableSetup
from .seating import recorded_seat
from .tables import LiveTable


def replay_frames(record: MatchRecord, spec: GameSpec, viewer: int | None) -> dict[str, Any]:
    """The match's `hello` (for `viewer`) and its frames, one per decision and the
    start: each with the view, the log lines new at that step, who was to move."""
    if record.replay is None:
        raise BadInput(f"match {record.id} has no replay")
    replay = parse_written_replay(record.replay)
    header = replay.header
    players = len(header.seats)
    if viewer is not None and not 0 <= viewer < players:
        raise BadInput(f"match {record.id} has seats 0 to {players - 1}, not {viewer}")
    setup = TableSetup(
        id=f"match-{record.id}",
        game=header.game,
        options=dict(header.options),
        seed=header.seed,
        seats=[recorded_seat(dict(seat)) for seat in header.seats],
        token_hashes=[None] * players,
        created_at=record.started_at,
        status="finished",
        match_id=record.id,
    )
    live = LiveTable(setup, spec, 0.0)
    now = time.time()
    frames = [_replay_frame(live, viewer, live.audiences[viewer].lines, now)]
    number = 0
    for entry in replay.records:
        if not isinstance(entry, Decision):
            continue
        number += 1
        stored = StoredAction(
            number, entry.seat, entry.action, entry.verdict, entry.reason, entry.time, 0.0
        )
        live.replay(stored)
        frames.append(_replay_frame(live, viewer, live.take_fresh()[viewer], now))
    hello = live.hello(viewer, "")
    hello["match"] = record.id
    return {"hello": hello, "frames": frames}


def _replay_frame(
    live: LiveTable, viewer: int | None, log: list[str], now: float
) -> dict[str, Any]:
    frame = live.frame(viewer, log, now, with_legal=False)
    frame["clocks"] = []
    return frame
