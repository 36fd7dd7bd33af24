"""The referee: runs one match between seats, owning the seed, the clocks and the verdicts.

It sends each seat only its view and legal actions, keeps its own clock per decision (a bot
process is stopped at the deadline; the game may give some decisions a clock of their own),
turns every failure into a verdict — TLE, RE, BAD,
OLE, MLE from the process, IA when the engine refuses the action — and lets the game decide
what a verdict costs (`GameSpec.apply_verdict`). Whatever the bots do, the match ends, is
recorded, and leaves no process behind — nor does the referee, however it ends: Ctrl-C
(SIGINT), SIGTERM and SIGHUP unwind the match and kill every bot, and against SIGKILL,
which cannot be caught, each bot dies with the referee by the kernel's hand.

A seat may keep notes of its own on the match (`SeatWithNotes`: e.g. a conversation it
had); the referee collects them when the match is over, to be stored with it.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sparring.core.errors import IllegalAction
from sparring.core.events import Event
from sparring.core.game import GameSpec, ViewFunction, end_reason_of, winner_of
from sparring.core.replay import Recorder
from sparring.core.verdicts import IA

from .process import BotFailure
from .seats import BuiltinSeat, Seat, SeatWithNotes


@dataclass
class Verdict:
    seat: int
    verdict: str
    detail: str
    decision: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "verdict": self.verdict,
            "detail": self.detail,
            "decision": self.decision,
        }


@dataclass
class MatchOutcome:
    """What a refereed match produced, ready for display and storage."""

    state: Any
    verdicts: list[Verdict] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    total_seconds: list[float] = field(default_factory=list)
    max_seconds: list[float] = field(default_factory=list)
    #: Each seat's notes on the match (`SeatWithNotes`), None for a seat that keeps none.
    notes: list[dict[str, Any] | None] = field(default_factory=list)

    def timings(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": seat,
                "decisions": self.decisions[seat],
                "total_seconds": round(self.total_seconds[seat], 4),
                "max_seconds": round(self.max_seconds[seat], 4),
            }
            for seat in range(len(self.decisions))
        ]


def run_match(
    spec: GameSpec,
    seats: Sequence[Seat],
    seed: int,
    options: Any = None,
    *,
    seconds: float | None = None,
    recorder: Recorder | None = None,
    on_events: Callable[[Any, list[Event]], None] | None = None,
) -> MatchOutcome:
    """Play a whole match between `seats` and return its outcome. Seats are always closed."""
    limit = spec.referee.decision_seconds if seconds is None else seconds
    if options is None:
        options = spec.options_from_json(None)  # bots are told the rules in force
    state = spec.new_game(seed, options)
    players = len(seats)
    outcome = MatchOutcome(state, [], [0] * players, [0.0] * players, [0.0] * players)
    if recorder is not None:
        recorder.begin(state)
    seen = 0

    def publish() -> None:
        nonlocal seen
        if on_events is not None:
            on_events(state, state.events[seen:])
        seen = len(state.events)

    with _bots_end_with_the_referee():
        try:
            _play(spec, outcome, seats, limit, options, recorder, publish)
            outcome.notes = [seat_notes(seat) for seat in seats]
        finally:
            for seat in seats:
                seat.close()
    if recorder is not None:
        recorder.finish(state)
    return outcome


def seat_notes(seat: Seat) -> dict[str, Any] | None:
    """A seat's notes on its match, if it is a `SeatWithNotes`."""
    return seat.notes() if isinstance(seat, SeatWithNotes) else None


#: Signals that end the referee like Ctrl-C does (SIGINT raises KeyboardInterrupt already).
ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


@contextlib.contextmanager
def _bots_end_with_the_referee() -> Iterator[None]:
    """While a match is played, SIGTERM and SIGHUP raise `SystemExit` (status 128 + the
    signal) as SIGINT raises `KeyboardInterrupt`, so `run_match` unwinds and closes every
    seat — killing every bot — before the process ends; a repeat of the signal during
    that is ignored. Only the main thread may set handlers; elsewhere the caller's own
    handling stands."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def end(signum: int, _frame: object) -> None:
        for each in ENDING_SIGNALS:
            signal.signal(each, signal.SIG_IGN)
        raise SystemExit(128 + signum)

    previous = {signum: signal.signal(signum, end) for signum in ENDING_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _play(
    spec: GameSpec,
    outcome: MatchOutcome,
    seats: Sequence[Seat],
    limit: float,
    options: Any,
    recorder: Recorder | None,
    publish: Callable[[], None],
) -> None:
    """Start the seats, ask for decisions until the game is over, tell the result."""
    state = outcome.state
    players = len(seats)
    views = [_view_function(spec, seat) for seat in seats]
    for index, seat in enumerate(seats):
        try:
            seat.start(spec, index, players, options, limit)
        except BotFailure as failure:
            _fail(spec, outcome, recorder, index, failure.verdict, failure.detail, None)
            break
    publish()
    count = 0
    while not state.is_terminal():
        for index in state.to_move():
            count += 1
            _decide(spec, outcome, seats[index], views[index], index, limit, count, recorder)
            publish()
            if state.is_terminal():
                break
    _farewell(spec, outcome, seats, views)


def _decide(
    spec: GameSpec,
    outcome: MatchOutcome,
    seat: Seat,
    view_function: ViewFunction | None,
    index: int,
    limit: float,
    count: int,
    recorder: Recorder | None,
) -> None:
    state = outcome.state
    legal = state.legal_actions(index)
    view = None if view_function is None else view_function(state, index)
    seconds = spec.clock(state, index, limit)
    started = time.monotonic()
    try:
        action = seat.decide(view, legal, seconds)
    except BotFailure as failure:
        _clock(outcome, index, time.monotonic() - started)
        _fail(spec, outcome, recorder, index, failure.verdict, failure.detail, None, count)
        return
    spent = time.monotonic() - started
    _clock(outcome, index, spent)
    try:
        state.apply(action, index)
    except IllegalAction as error:
        _fail(spec, outcome, recorder, index, IA, f"{action}: {error}", action, count, spent)
        return
    if recorder is not None:
        recorder.decision(state, index, action, spent)


def _view_function(spec: GameSpec, seat: Seat) -> ViewFunction | None:
    """How a seat's view is made: an in-process agent gets only what it reads (none, or
    the lean view without the log: `GameSpec.view_for`), as in `play` and the benchmarks —
    the full view with its log is most of a cheap agent's decision; every other seat,
    a bot, gets the full view it is sent."""
    if isinstance(seat, BuiltinSeat):
        return spec.view_for(seat.agent)
    return spec.view


def _clock(outcome: MatchOutcome, index: int, spent: float) -> None:
    outcome.decisions[index] += 1
    outcome.total_seconds[index] += spent
    outcome.max_seconds[index] = max(outcome.max_seconds[index], spent)


def _fail(
    spec: GameSpec,
    outcome: MatchOutcome,
    recorder: Recorder | None,
    index: int,
    verdict: str,
    detail: str,
    action: Any,
    count: int = 0,
    spent: float = 0.0,
) -> None:
    """Record a verdict and charge its price. The replay keeps the failed decision (with
    the refused action, if any) so that re-simulation applies the same price."""
    outcome.verdicts.append(Verdict(index, verdict, detail, count))
    spec.apply_verdict(outcome.state, index, verdict, detail)
    if recorder is not None:
        recorder.decision(outcome.state, index, action, spent, verdict=verdict, reason=detail)


def _farewell(
    spec: GameSpec,
    outcome: MatchOutcome,
    seats: Sequence[Seat],
    views: Sequence[ViewFunction | None],
) -> None:
    """Tell every seat the result. Only public facts go out: the game's full summary (which
    may name hidden pieces, such as a hidden team) stays with the store; each seat gets its
    own final view for the rest (as it reads views: see `_view_function`)."""
    state = outcome.state
    result = {
        "winner": winner_of(state),
        "reason": end_reason_of(state),
        "returns": list(state.returns()),
        "verdicts": [v.to_json() for v in outcome.verdicts],
    }
    for index, (seat, view_function) in enumerate(zip(seats, views, strict=True)):
        seat.finish(None if view_function is None else view_function(state, index), result)
