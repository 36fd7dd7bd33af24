"""One tournament game, played where a worker runs it: a local process or a Ray task.

A worker gets a `GameTask` — plain data, so it crosses a process or a machine boundary —
plays it under the referee exactly as `sparring match` would (the same seats, sandbox,
clocks and verdicts) and hands back its match's row, ready to insert (`rows`: the replay
written out by its trace, `core.trace`, and every column encoded), and the seats' returns.
It writes nothing: the driver alone saves results, so a store never sees a half-finished
game and a cluster's machines need no access to it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sparring.arena.process import BotFailure, Limits, split_command
from sparring.arena.referee import run_match
from sparring.arena.sandbox import bot_path, find_program
from sparring.arena.seats import BotSeat, BuiltinSeat, Seat, SeatDefaults, make_seat
from sparring.core.errors import BadInput
from sparring.core.game import GameSpec, View
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.trace import Trace
from sparring.core.verdicts import RE

from .rows import EncodedMatch, encoded_match


@dataclass(frozen=True)
class GameTask:
    """What a worker needs to play one game: the scheduled game's id (handed back with the
    result), the game, its options as JSON, the seed, one seat description per seat, and
    the referee's settings, and the settings the seats' kinds take from the command."""

    game_id: int
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[str, ...]
    time_limit: float | None
    memory_mib: int
    sandbox: bool
    seat_defaults: SeatDefaults | None = None


@dataclass(frozen=True)
class GameReport:
    """A played game: its match's row (with the seats' own notes on it,
    `arena.seats.SeatWithNotes`), each seat's return, and how long the worker took (the
    driver sizes its chunks of games by it)."""

    game_id: int
    match: EncodedMatch
    returns: tuple[float, ...]
    seconds: float


class GameFailed(Exception):
    """A game of a chunk failed where it was played (a bug, not a bot's failure): which
    game, and the error as one line. Its arguments are plain data, so it crosses back to
    the driver from a worker process or a Ray task."""

    def __init__(self, game_id: int, error: str) -> None:
        super().__init__(game_id, error)
        self.game_id = game_id
        self.error = error

    def __str__(self) -> str:
        return self.error


def play_tasks(tasks: Sequence[GameTask]) -> list[GameReport]:
    """Play several tasks in a row: a chunk handed to a worker at once, so games of a few
    milliseconds do not each pay for a trip to a worker process and back. The chunk stops
    at a game that fails (`GameFailed`, naming it)."""
    reports = []
    for task in tasks:
        try:
            reports.append(play_task(task))
        except Exception as error:
            raise GameFailed(task.game_id, f"{type(error).__name__}: {error}") from None
    return reports


def play_task(task: GameTask) -> GameReport:
    """Play `task` to the end under the referee (built-in agents alone: in the engine's
    own loop). A seat's failures (a bot that cannot start, crashes or times out) are
    verdicts inside the game, not errors of the task."""
    started = time.perf_counter()
    spec = get_game(task.game)
    options = spec.options_from_json(task.options or None)
    limits = Limits(memory_mib=task.memory_mib, sandbox=task.sandbox)
    seats = [
        tournament_seat(text, spec, index, task.seed + index, limits, task.seat_defaults)
        for index, text in enumerate(task.seats)
    ]
    trace = Trace(spec, task.seed, options, [seat.label for seat in seats])
    notes: list[dict[str, Any] | None] | None = None
    if all(isinstance(seat, BuiltinSeat) for seat in seats):
        # Built-in agents are trusted and never timed out: the engine's own loop plays
        # them, as `sparring bench` does, without the referee's per-decision bookkeeping
        # for processes and clocks (measured: a fifth of a cheap game's time).
        agents = [seat.agent for seat in seats if isinstance(seat, BuiltinSeat)]
        state = play_match(
            spec, task.seed, options, agents, recorder=trace, seconds=task.time_limit
        )
    else:
        outcome = run_match(
            spec, seats, task.seed, options, seconds=task.time_limit, recorder=trace
        )
        state, notes = outcome.state, outcome.notes
    match = encoded_match(trace, notes)
    seconds = time.perf_counter() - started
    return GameReport(task.game_id, match, tuple(state.returns()), seconds)


def tournament_seat(
    text: str,
    spec: GameSpec,
    index: int,
    seed: int,
    limits: Limits,
    defaults: SeatDefaults | None = None,
) -> Seat:
    """The seat `text` describes, as `sparring match` makes it, except a bot whose program
    cannot be found or run (a typo, a file missing on this machine of a cluster): where a
    single match is refused, a tournament charges that entrant and plays on."""
    seat = make_seat(text, spec, index, seed, limits, defaults)
    if isinstance(seat, BotSeat):
        try:
            find_program(split_command(seat.command)[0], bot_path())
        except BadInput as error:
            return UnstartableSeat(seat.label, str(error))
    return seat


class UnstartableSeat:
    """A bot that cannot start: it fails its start with RE, the verdict of a bot that
    exits at once, and so loses the game without a process ever being run."""

    def __init__(self, label: dict[str, Any], reason: str) -> None:
        self.label = label
        self.reason = reason

    def start(self, spec: GameSpec, seat: int, players: int, options: Any, seconds: float) -> None:
        raise BotFailure(RE, self.reason)

    def decide(self, view: View, legal: Sequence[Any], seconds: float) -> Any:
        raise BotFailure(RE, self.reason)

    def finish(self, view: View, result: dict[str, Any]) -> None:
        return None

    def close(self) -> None:
        return None
