"""One table's game as the server holds it: the engine's state, its trace, and what each
audience (every seat, and the spectators) is shown of it, frame by frame.

Everything here is synchronous and pure of input and output: `hub.Hub` decides when to
apply what, stores it, and sends the frames. A table is built the same way whether it is
new or rebuilt after a restart: from its seed, then one `record` per accepted decision, so
a rebuilt table is the table it was — same state, same trace, same `seq`, same log.

A frame (docs/web.md, "Frames") holds one audience's view exactly as the referee would
send it to that seat (`GameSpec.view`; `None` is the spectator), the legal actions (and
the game's previews of the selections they open, `Display.previews`) only for a person's
seat to move, every seat's clock, and the log: the events that audience may see, in
the game's own words (`GameSpec.narration`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import msgspec

from sparring.arena.protocol import legal_json
from sparring.core.events import event_json, visible_to
from sparring.core.game import GameSpec, Narration
from sparring.core.messages import json_default
from sparring.core.replay import OK
from sparring.core.trace import Trace
from sparring.core.verdicts import IA

from .records import StoredAction, TableSetup
from .seating import CORRESPONDENCE, PERSON, seat_label, seat_name

SECONDS_PER_DAY = 86_400.0


@dataclass
class Audience:
    """One audience's reading of the game: its narrator, every line so far, and the
    lines not yet sent in a frame."""

    narrate: Narration
    lines: list[str] = field(default_factory=list)
    fresh: list[str] = field(default_factory=list)


class LiveTable:
    """A table's game in memory (see the module docstring). `turn_started` is when the
    seats now to move began to (Unix seconds): the clocks run from there."""

    def __init__(self, setup: TableSetup, spec: GameSpec, now: float) -> None:
        self.setup = setup
        self.spec = spec
        self.options = spec.options_from_json(setup.options or None)
        self.state = spec.new_game(setup.seed, self.options)
        self.trace = Trace(spec, setup.seed, self.options, [seat_label(s) for s in setup.seats])
        self.trace.header.started = setup.created_at.astimezone(dt.UTC).isoformat(
            timespec="seconds"
        )
        self.trace.begin(self.state)
        self.decisions = 0
        self.players = self.state.num_players
        #: Each seat's decisions so far: a seat's next one is its number + 1, as a bot's
        #: ``act`` counts them.
        self.seat_decisions = [0] * self.players
        self.turn_started = now
        self.match_id = setup.match_id
        self.audiences: dict[int | None, Audience] = {
            viewer: Audience(spec.narration(viewer)) for viewer in [None, *range(self.players)]
        }
        self._events_read = 0
        self._read_events()
        self.take_fresh()

    @property
    def seq(self) -> int:
        """The number of the frame that shows the game now: one more per decision."""
        return self.decisions + 1

    @property
    def finished(self) -> bool:
        return bool(self.state.is_terminal())

    def to_move(self) -> list[int]:
        return [] if self.finished else list(self.state.to_move())

    def is_person(self, seat: int) -> bool:
        return bool(self.setup.seats[seat]["kind"] == PERSON)

    # ------------------------------------------------------------------ changing the game

    def rebuild(self, actions: list[StoredAction]) -> None:
        """Replay the stored decisions through the engine, in order."""
        for stored in actions:
            self.replay(stored)
            self.take_fresh()

    def replay(self, stored: StoredAction) -> None:
        """Apply and record one stored decision, as it was made."""
        action = None if stored.action is None else self.spec.action_from_json(stored.action)
        if stored.verdict == OK:
            self.state.apply(action, stored.seat)
        else:
            self.spec.apply_verdict(self.state, stored.seat, stored.verdict, stored.reason or "")
        self.record(stored, action)

    def apply_verdict(self, seat: int, verdict: str, reason: str) -> None:
        """Charge `seat` the game's price for a verdict (a time-out, a bot's failure)."""
        self.spec.apply_verdict(self.state, seat, verdict, reason)

    def record(self, stored: StoredAction, action: Any) -> None:
        """After a decision was applied to the state (and stored): trace it, read its
        events, and start the clocks of the seats to move next."""
        recorded = action if stored.verdict in (OK, IA) else None
        self.trace.decision(
            self.state, stored.seat, recorded, stored.spent, stored.verdict, stored.reason
        )
        self.decisions += 1
        if 0 <= stored.seat < self.players:
            self.seat_decisions[stored.seat] += 1
        self.turn_started = stored.at
        self._read_events()

    def _read_events(self) -> None:
        events = self.state.events
        quiet = self.spec.display.quiet_events
        for event in events[self._events_read :]:
            as_json = event_json(event)
            for viewer, audience in self.audiences.items():
                if visible_to(event, viewer):
                    line = audience.narrate(as_json, self.state)
                    if event[0] not in quiet and line:
                        audience.lines.append(line)
                        audience.fresh.append(line)
        self._events_read = len(events)

    def take_fresh(self) -> dict[int | None, list[str]]:
        """Each audience's lines since the last frame (and forget them as fresh)."""
        fresh = {viewer: audience.fresh for viewer, audience in self.audiences.items()}
        for audience in self.audiences.values():
            audience.fresh = []
        return fresh

    # ------------------------------------------------------------------ what is shown

    def next_decision(self, viewer: int | None) -> int | None:
        """The number of `viewer`'s decision now (None: not a seat to move)."""
        if viewer is None or viewer not in self.to_move():
            return None
        return self.seat_decisions[viewer] + 1

    def clock_seconds(self, seat: int) -> float:
        """The seconds `seat` has for its decision now (live people and machines)."""
        return float(self.spec.clock(self.state, seat, self.spec.referee.decision_seconds))

    def deadline(self, seat: int) -> float:
        """When `seat`'s decision now is due (Unix seconds)."""
        plan = self.setup.seats[seat]
        if plan["kind"] == PERSON and plan["clock"] == CORRESPONDENCE:
            return self.turn_started + float(plan["days"]) * SECONDS_PER_DAY
        return self.turn_started + self.clock_seconds(seat)

    def clocks(self, now: float) -> list[dict[str, Any]]:
        """Every seat's clock: its kind, and for a seat to move, its time left and
        deadline."""
        movers = set(self.to_move())
        shown = []
        for seat, plan in enumerate(self.setup.seats):
            mode = plan["clock"] if plan["kind"] == PERSON else "bot"
            remaining = deadline = None
            if seat in movers:
                deadline = self.deadline(seat)
                remaining = max(0.0, deadline - now)
            shown.append({"seat": seat, "mode": mode, "remaining": remaining, "deadline": deadline})
        return shown

    def result(self) -> dict[str, Any] | None:
        outcome = self.state.outcome() if self.finished else None
        if outcome is None:
            return None
        return {**outcome.to_json(), "match": self.match_id}

    def frame(
        self, viewer: int | None, log: list[str], now: float, with_legal: bool = True
    ) -> dict[str, Any]:
        """The frame `viewer` (a seat, or None: a spectator) is sent now, with `log`; the
        legal actions and their previews only for a person's seat to move (and never
        `with_legal` False)."""
        movers = self.to_move()
        legal = previews = None
        count = 0
        if with_legal and viewer is not None and viewer in movers and self.is_person(viewer):
            actions = self.state.legal_actions(viewer)
            legal, count = legal_json(actions), len(actions)
            previews = self.spec.previews_json(self.state, viewer, actions)
        view = self.spec.view(self.state, viewer)
        return {
            "type": "frame",
            "seq": self.seq,
            "decision": self.next_decision(viewer),
            "view": msgspec.to_builtins(view, enc_hook=json_default),
            "legal": legal,
            "legal_count": count,
            "previews": previews,
            "to_move": movers,
            "clocks": self.clocks(now),
            "log": log,
            "finished": self.finished,
            "result": self.result(),
            "at": self.turn_started,
        }

    def hello(self, viewer: int | None, board: str) -> dict[str, Any]:
        return {
            "type": "hello",
            "table": self.setup.id,
            "game": self.spec.name,
            "title": self.spec.title,
            "seat": viewer,
            "players": self.players,
            "options": self.setup.options,
            "seat_names": [seat_name(seat) for seat in self.setup.seats],
            "board": board,
        }

    def summary(self) -> dict[str, Any]:
        """The table in the lobby's lists."""
        return {
            "table": self.setup.id,
            "game": self.spec.name,
            "title": self.spec.title,
            "seats": [
                {
                    "seat": index,
                    "name": seat_name(seat),
                    "kind": seat["kind"],
                    "clock": seat.get("clock"),
                    "days": seat.get("days"),
                    "open": bool(seat.get("open")) and not seat.get("taken"),
                }
                for index, seat in enumerate(self.setup.seats)
            ],
            "decisions": self.decisions,
            "finished": self.finished,
            "match": self.match_id,
            "created_at": self.setup.created_at.isoformat(timespec="seconds"),
        }
