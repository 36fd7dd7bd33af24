"""A match traced as it is played, to be written out as a replay later, elsewhere.

Writing a replay as a match is played costs a line per decision and per chance outcome:
for cheap games between built-in agents, as much as a fifth of the game. A tournament's
worker does not need the text — its driver stores it — so it keeps a `Trace` instead:
per decision one tuple appended, and the chance log the state keeps anyway. The trace
crosses to the driver (it pickles small), and `write` turns it into the very replay a
`ReplayWriter` would have streamed, line for line, from the same records.

A `Trace` is a recorder like `ReplayWriter` (`begin`, `decision`, `finish`), so the
engine's loop and the referee record into either.
"""

from __future__ import annotations

from typing import Any

import msgspec

from .game import GameSpec
from .replay import (
    OK,
    Chance,
    DecisionLedger,
    Result,
    decision_record,
    encode_action,
    encode_lines,
    new_header,
    result_of,
)


class Trace:
    """A match as played (see the module docstring). After `finish`, `header`, `result`
    and `ledger()` are what its replay's lines say, and `write()` is the replay."""

    def __init__(
        self, spec: GameSpec, seed: int, options: Any, seats: list[dict[str, Any]]
    ) -> None:
        self.header = new_header(spec, seed, options, seats)
        self.result: Result | None = None
        # One tuple per decision — (seat, action's JSON, time, verdict, reason, chance
        # outcomes drawn by then) — read by position in `write` and `ledger`: a record
        # object per decision cost most of what this saves (measured on the cheapest
        # benchmark games). The action is kept encoded: bytes cross to the driver in
        # microseconds where a game's structs took it longer to unpickle than to write.
        self.decisions: list[tuple[int, bytes | None, float, str, str | None, int]] = []
        self.chance: list[tuple[str, int]] = []
        self._set_up = 0  # chance outcomes drawn before the first decision
        self._spec = spec

    def __getstate__(self) -> dict[str, Any]:
        """What crosses to the driver: everything but the game's spec (its functions do
        not pickle, and a finished trace no longer needs it)."""
        return {name: value for name, value in self.__dict__.items() if name != "_spec"}

    def begin(self, state: Any) -> None:
        """Note how many chance outcomes setting the game up drew (they are in its log)."""
        self._set_up = len(state.rng.log)

    def decision(
        self,
        state: Any,
        seat: int,
        action: Any,
        spent: float,
        verdict: str = OK,
        reason: str | None = None,
    ) -> None:
        encoded = encode_action(action)
        drawn = len(state.rng.log)
        self.decisions.append((seat, encoded, round(spent, 6), verdict, reason, drawn))

    def finish(self, state: Any) -> None:
        self.chance = list(state.rng.log)
        self.result = result_of(self._spec, state)

    def ledger(self) -> DecisionLedger:
        """Its decisions summed up, as the replay's decision records would be."""
        ledger = DecisionLedger(len(self.header.seats))
        for seat, _action, time, verdict, reason, _drawn in self.decisions:
            ledger.add(seat, time, verdict, reason)
        return ledger

    def write(self) -> str:
        """The replay: exactly the lines a `ReplayWriter` would have written, encoded in one
        call (msgspec's `encode_lines`) from the records in their order."""
        if self.result is None:
            raise ValueError("a trace is written once its match is finished")
        chances = [Chance(label=label, value=value) for label, value in self.chance]
        records: list[Any] = [self.header, *chances[: self._set_up]]
        written = self._set_up
        for seat, encoded, time, verdict, reason, drawn in self.decisions:
            action = None if encoded is None else msgspec.Raw(encoded)
            records.append(decision_record(seat, action, time, verdict, reason))
            records.extend(chances[written:drawn])
            written = drawn
        records.extend(chances[written:])
        records.append(self.result)
        return encode_lines(records)
