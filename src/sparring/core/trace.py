"""A match traced as it is played, its replay written out in one call when it ends.

Writing a replay as a match is played costs a line per decision and per chance outcome,
each encoded and written on its own: for cheap games between built-in agents, as much as
a fifth of the game. A tournament's worker needs the replay only once the game is over,
so it keeps a `Trace` instead: per decision one record appended (the action as the game's
own struct, encoded later by msgspec along with everything else), the chance outcomes
drawn since, and the decision's time under its seat. `finish` encodes all the records at
once (msgspec's `encode_lines`, in C) into the very replay a `ReplayWriter` would have
streamed, line for line, and sums the times up.

What crosses to the tournament's driver is then the match's row made from the trace
(`tournament.rows`: the replay's text and the columns encoded), never the trace: the
records themselves took the worker longer to pickle, and the driver longer to unpickle and
write out, than the game took to play (measured on the cheapest benchmark games).

A `Trace` is a recorder like `ReplayWriter` (`begin`, `decision`, `finish`), so the
engine's loop and the referee record into either.
"""

from __future__ import annotations

import itertools
from typing import Any

from .game import GameSpec
from .replay import (
    OK,
    Chance,
    DecisionLedger,
    Header,
    Result,
    _WrittenDecision,
    decision_record,
    encode_lines,
    new_header,
    result_of,
)


class Trace:
    """A match as played (see the module docstring). After `finish`, `header`, `result`,
    `text` (the replay) and `ledger()` are what its replay's lines say."""

    def __init__(
        self, spec: GameSpec, seed: int, options: Any, seats: list[dict[str, Any]]
    ) -> None:
        self.header: Header = new_header(spec, seed, options, seats)
        self.result: Result | None = None
        self.text = ""
        self._spec = spec
        # What a decision costs while the game is played: one tuple — its seat, action,
        # time taken, verdict and reason, and how many chance outcomes the game had drawn
        # once it was applied. `finish` makes the records from them, rounds the times and
        # reads the chance outcomes from the state's own log (it only grows).
        self._decisions: list[tuple[int, Any, float, str, str | None, int]] = []
        self._drawn_at_start = 0
        # Per seat, the time of each of its decisions, and the failure verdicts: the
        # ledger's makings, filled in by `finish`.
        self._times: list[list[float]] = [[] for _ in seats]
        self._verdicts: list[dict[str, Any]] = []

    def begin(self, state: Any) -> None:
        """Note the chance outcomes drawn while the game was set up."""
        self._drawn_at_start = len(state.rng.log)

    def decision(
        self,
        state: Any,
        seat: int,
        action: Any,
        spent: float,
        verdict: str = OK,
        reason: str | None = None,
    ) -> None:
        """Note one decision (or a failure verdict) and where the chance log stands."""
        self._decisions.append((seat, action, spent, verdict, reason, len(state.rng.log)))

    def finish(self, state: Any) -> None:
        """Make the records — each decision followed by the chance outcomes its action
        drew — and the result, and write the replay out."""
        log: list[tuple[str, int]] = state.rng.log
        seen = self._drawn_at_start
        records: list[Any] = [self.header, *_chances(log, 0, seen)]
        times, seats = self._times, len(self._times)
        for number, (seat, action, spent, verdict, reason, drawn) in enumerate(self._decisions, 1):
            time = round(spent * 1e6) / 1e6  # `replay.whole_microseconds`, inlined: hot
            if verdict == OK:  # an action applied is one of the game's own structs
                records.append(_WrittenDecision(seat, action, time, OK, None))
            else:
                records.append(decision_record(seat, action, time, verdict, reason))
                self._verdicts.append(DecisionLedger.entry(seat, verdict, reason, number))
            if 0 <= seat < seats:
                times[seat].append(time)
            if drawn > seen:
                records += _chances(log, seen, drawn)
                seen = drawn
        records += _chances(log, seen, len(log))
        self.result = result_of(self._spec, state)
        records.append(self.result)
        self.text = encode_lines(records)
        self._decisions = []

    def ledger(self) -> DecisionLedger:
        """Its decisions summed up, as the replay's decision records would be."""
        return DecisionLedger.of_times(self._times, self._verdicts)

    def write(self) -> str:
        """The replay: exactly the lines a `ReplayWriter` would have streamed."""
        if self.result is None:
            raise ValueError("a trace is written once its match is finished")
        return self.text


def _chances(log: list[tuple[str, int]], start: int, end: int) -> list[Chance]:
    """The chance outcomes drawn from the `start`-th to before the `end`-th, as records
    (`starmap`: the loop runs in C)."""
    return list(itertools.starmap(Chance, log[start:end]))
