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

Where another process has a core to spare (a tournament's driver beside a single worker),
the writing out can be left to it: a `PackingTrace` only packs what it noted — lists of
numbers, the actions as one JSON array, the chance log — and `Trace.unpack` writes the
same replay there (measured: an Aquawar game's writing out and row cost the worker about
175 µs, packing 45 µs).

A `Trace` is a recorder like `ReplayWriter` (`begin`, `decision`, `finish`), so the
engine's loop and the referee record into either.
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

import msgspec

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
        self._spec = spec
        self._start(new_header(spec, seed, options, seats))

    def _start(self, header: Header) -> None:
        self.header = header
        self.result: Result | None = None
        self.text = ""
        # What a decision costs while the game is played: one tuple — its seat, action,
        # time taken, verdict and reason, and how many chance outcomes the game had drawn
        # once it was applied. `finish` makes the records from them, rounds the times and
        # reads the chance outcomes from the state's own log (it only grows).
        self._decisions: list[tuple[int, Any, float, str, str | None, int]] = []
        self._drawn_at_start = 0
        # Per seat, the time of each of its decisions, and the failure verdicts: the
        # ledger's makings, filled in by `finish`.
        self._times: list[list[float]] = [[] for _ in header.seats]
        self._verdicts: list[dict[str, Any]] = []

    @classmethod
    def unpack(cls, spec: GameSpec, packed: PackedTrace) -> Trace:
        """The finished trace a `PackingTrace` packed for a game of `spec`, its replay
        written out here: the very text `finish` would have written where the game was
        played (the actions' JSON is written as it came, `msgspec.Raw`)."""
        header = packed.header
        trace = cls(spec, header.seed, header.options, header.seats)
        trace._start(header)  # the header as the game began, not a new one
        trace.result = packed.result
        trace._drawn_at_start = packed.drawn_at_start
        actions = _raw_list(packed.actions)
        verdicts: list[str] = [OK] * len(actions)
        reasons: list[str | None] = [None] * len(actions)
        for index, verdict, reason in packed.failures:
            verdicts[index], reasons[index] = verdict, reason
        columns = (packed.seats, actions, packed.spent, verdicts, reasons, packed.drawn)
        trace._decisions = list(zip(*columns, strict=True))
        trace._write(packed.log)
        return trace

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
        self.result = result_of(self._spec, state)
        self._write(state.rng.log)

    def _write(self, log: list[tuple[str, int]]) -> None:
        """Write the replay out from the decisions noted, the chance log and the result."""
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


class PackedTrace(NamedTuple):
    """A finished match's trace as plain data, to be written out in another process
    (`PackingTrace`, `Trace.unpack`): the header and result, each decision's seat, time and
    the chance outcomes drawn once it was applied, the actions as one JSON array, the
    failure verdicts by decision (from 0), and the chance log. Lists of numbers and one
    string of JSON pickle as a few memory copies; the actions as the game's own structs
    did not (docs/performance.md, "Tournaments")."""

    header: Header
    result: Result
    seats: list[int]
    spent: list[float]
    drawn: list[int]
    drawn_at_start: int
    actions: bytes
    failures: list[tuple[int, str, str | None]]
    log: list[tuple[str, int]]


class PackingTrace(Trace):
    """A trace that leaves the writing out to another process: `finish` packs what was
    noted (`packed`), at the cost of one JSON encoding of all the actions, and the process
    that receives it writes the replay (`Trace.unpack`) — where a core is idle while this
    one plays (a tournament's driver beside a single worker)."""

    packed: PackedTrace | None = None

    def finish(self, state: Any) -> None:
        columns = list(zip(*self._decisions, strict=True)) or [()] * 6
        seats, actions, spent, verdicts, reasons, drawn = (list(column) for column in columns)
        failures = []
        if verdicts.count(OK) != len(verdicts):
            for index, verdict in enumerate(verdicts):
                if verdict != OK:
                    failures.append((index, verdict, reasons[index]))
                    if not isinstance(actions[index], msgspec.Struct | msgspec.Raw):
                        actions[index] = None  # as `decision_record` writes it
        self.packed = PackedTrace(
            self.header,
            result_of(self._spec, state),
            seats,
            spent,
            drawn,
            self._drawn_at_start,
            _encode(actions),
            failures,
            state.rng.log,
        )
        self._decisions = []


#: The actions' encoder (`replay`'s own settings: msgspec's defaults), and the reader that
#: splits the array back into each action's JSON, untouched.
_encode = msgspec.json.Encoder().encode
_raw_list = msgspec.json.Decoder(list[msgspec.Raw]).decode


def _chances(log: list[tuple[str, int]], start: int, end: int) -> list[Chance]:
    """The chance outcomes drawn from the `start`-th to before the `end`-th, as records
    (`starmap`: the loop runs in C)."""
    return list(itertools.starmap(Chance, log[start:end]))
