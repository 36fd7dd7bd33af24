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
        self._records: list[Any] = [self.header]
        self._chance_seen = 0
        # Per seat, the time of each of its decisions: appending is all a decision costs
        # the ledger; counts, totals and maxima are taken at the end, in C.
        self._times: list[list[float]] = [[] for _ in seats]
        self._verdicts: list[dict[str, Any]] = []
        self._spec = spec

    def begin(self, state: Any) -> None:
        """Record the chance outcomes drawn while the game was set up."""
        self._chance(state.rng.log)

    def decision(
        self,
        state: Any,
        seat: int,
        action: Any,
        spent: float,
        verdict: str = OK,
        reason: str | None = None,
    ) -> None:
        """Record one decision (or a failure verdict) and the chance outcomes it caused."""
        time = round(spent * 1e6) / 1e6  # `replay.whole_microseconds`, inlined: hot
        if verdict == OK:  # an action applied is one of the game's own structs
            self._records.append(_WrittenDecision(seat, action, time, OK, None))
        else:
            self._records.append(decision_record(seat, action, time, verdict, reason))
        if 0 <= seat < len(self._times):
            self._times[seat].append(time)
        if verdict != OK:
            number = self._decisions_recorded()
            self._verdicts.append(DecisionLedger.entry(seat, verdict, reason, number))
        log = state.rng.log
        if len(log) > self._chance_seen:  # this runs for every decision
            self._chance(log)

    def _decisions_recorded(self) -> int:
        return sum(isinstance(record, _WrittenDecision) for record in self._records)

    def _chance(self, log: list[tuple[str, int]]) -> None:
        self._records += [Chance(label, value) for label, value in log[self._chance_seen :]]
        self._chance_seen = len(log)

    def finish(self, state: Any) -> None:
        """Record the last chance outcomes and the result, and write the replay out."""
        self._chance(state.rng.log)
        self.result = result_of(self._spec, state)
        self._records.append(self.result)
        self.text = encode_lines(self._records)
        self._records = []

    def ledger(self) -> DecisionLedger:
        """Its decisions summed up, as the replay's decision records would be."""
        return DecisionLedger.of_times(self._times, self._verdicts)

    def write(self) -> str:
        """The replay: exactly the lines a `ReplayWriter` would have streamed."""
        if self.result is None:
            raise ValueError("a trace is written once its match is finished")
        return self.text
