"""Replays: a match as JSON lines, written as it is played and checked by re-simulation.

Line 1 is the header (game, rules version, options, seed, seats). Then one ``decision``
record per decision (seat, action, time used, verdict) and one ``chance`` record per
random outcome, in the order they happened; last a ``result`` record. Every line is flushed
as soon as it is known, so a match cut short still leaves a readable prefix.

Verification (`verify_replay`) replays the decisions through the engine from the seed and
checks everything the engine can re-derive: every chance outcome, every decision and verdict,
the result and the game's summary. What it cannot re-derive — times, seat labels, which of
the failure verdicts a seat earned — a digest proves instead (`digest`, docs/replays.md).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

import msgspec

from .digest import split_trailer
from .errors import BadInput, IllegalAction
from .game import GameSpec, end_reason_of, winner_of
from .registry import get_game
from .verdicts import BAD, IA, MLE, OLE, RE, TLE

FORMAT = "sparring-replay/1"
OK = "ok"
#: The referee's verdicts a decision may record instead of OK (see `verdicts`).
VERDICTS = frozenset({TLE, RE, IA, BAD, OLE, MLE})


class Header(msgspec.Struct, tag="header", tag_field="type", forbid_unknown_fields=True):
    format: str
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    started: str = ""


class Decision(msgspec.Struct, tag="decision", tag_field="type", forbid_unknown_fields=True):
    seat: int
    action: dict[str, Any] | None
    time: float = 0.0
    verdict: str = OK
    reason: str | None = None


class Chance(msgspec.Struct, tag="chance", tag_field="type", forbid_unknown_fields=True, gc=False):
    """A chance outcome (untracked by the garbage collector: a label and a number, and a
    trace holds many)."""

    label: str
    value: int


class Result(msgspec.Struct, tag="result", tag_field="type", forbid_unknown_fields=True):
    winner: int | None
    returns: list[float]
    summary: dict[str, Any] = msgspec.field(default_factory=dict)
    #: How the game ended (an `EndReason` value); empty in replays written before it was kept.
    reason: str = ""


Record = Header | Decision | Chance | Result


class _WrittenDecision(
    msgspec.Struct, tag="decision", tag_field="type", gc=False, omit_defaults=True
):
    """A `Decision` as it is written: the action is the game's own struct, encoded as it
    stands — the same JSON as its `to_json()` dict, without building the dict first (a
    sixth of what recording a decision cost). A verdict of ``ok`` and an empty reason are
    left out, as `Decision` reads them back by default (a quarter of a replay's bytes
    said nothing else). Untracked by the garbage collector (it refers to no container
    that could close a cycle): a trace holds hundreds of them, and tracked they made the
    collector run through the game's objects again and again."""

    seat: int
    action: msgspec.Struct | msgspec.Raw | None
    time: float = 0.0
    verdict: str = OK
    reason: str | None = None


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Record)
_decode_all = msgspec.json.Decoder(list[Record])


_CHANCE_PREFIXES: dict[str, str] = {}


def chance_line(label: str, value: int) -> str:
    """A chance record's line, as msgspec writes a `Chance`, from the encoded start of its
    label's records, kept per label: chance outcomes are half the records of a game of
    dice and damage rolls, and this is a fraction of building and encoding each."""
    prefix = _CHANCE_PREFIXES.get(label)
    if prefix is None:
        whole = _encoder.encode(Chance(label=label, value=0)).decode()
        prefix = _CHANCE_PREFIXES[label] = whole[: -len("0}")]
    return f"{prefix}{int(value)}}}\n"


def decision_record(
    seat: int, action: Any, time: float, verdict: str, reason: str | None
) -> _WrittenDecision:
    """A decision as it is written: the action as the game's own struct, or already
    encoded (`msgspec.Raw`), None for a failure that left none; positional fields (this
    runs for every decision)."""
    payload = action if isinstance(action, msgspec.Struct | msgspec.Raw) else None
    return _WrittenDecision(seat, payload, time, verdict, reason)


def whole_microseconds(seconds: float) -> float:
    """A decision's time as a replay keeps it: rounded to the microsecond (by scaling, half
    the cost of ``round(seconds, 6)``, and the same value for every time measured)."""
    return round(seconds * 1e6) / 1e6


def encode_record(record: Record | _WrittenDecision) -> str:
    """A record's line of a replay."""
    return _encoder.encode(record).decode() + "\n"


def encode_lines(records: list[Any]) -> str:
    """Records' lines of a replay, encoded in one call."""
    return _encoder.encode_lines(records).decode()


def options_json(options: Any) -> dict[str, Any]:
    if options is None:
        return {}
    return options if isinstance(options, dict) else options.to_json()


class Recorder(Protocol):
    """What records a match as it is played: a `ReplayWriter` (the replay's text as it
    goes) or a `trace.Trace` (the makings of it, written out later)."""

    def begin(self, state: Any) -> None: ...

    def decision(
        self,
        state: Any,
        seat: int,
        action: Any,
        spent: float,
        verdict: str = OK,
        reason: str | None = None,
    ) -> None: ...

    def finish(self, state: Any) -> None: ...


class DecisionLedger:
    """What a replay's decision records say of its seats: per seat, how many decisions and
    their total and longest time; and the failure verdicts, numbered by decision (from 1,
    so a reader can find them). Fed one decision at a time — by a `ReplayWriter` as it
    writes them, or from a parsed replay — so a stored summary is always what the replay
    shows. (Plain lists: this runs for every decision of every recorded game.)"""

    def __init__(self, seats: int) -> None:
        self._counts = [0] * seats
        self._totals = [0.0] * seats
        self._longest = [0.0] * seats
        self._verdicts: list[dict[str, Any]] = []
        self._decisions = 0

    @staticmethod
    def entry(seat: int, verdict: str, reason: str | None, decision: int) -> dict[str, Any]:
        """What the ledger keeps of a failed decision (the `decision`-th of the match)."""
        return {"seat": seat, "verdict": verdict, "detail": reason or "", "decision": decision}

    @classmethod
    def of_times(cls, times: list[list[float]], verdicts: list[dict[str, Any]]) -> DecisionLedger:
        """The ledger of decisions given as each seat's times, in order, and the `entry`
        of each failed one: what adding them one by one would have made."""
        ledger = cls(len(times))
        ledger._counts = [len(seat_times) for seat_times in times]
        ledger._totals = [sum(seat_times, 0.0) for seat_times in times]
        ledger._longest = [max(seat_times, default=0.0) for seat_times in times]
        ledger._verdicts = list(verdicts)
        ledger._decisions = sum(ledger._counts)
        return ledger

    def add(self, seat: int, time: float, verdict: str, reason: str | None) -> None:
        self._decisions += 1
        if verdict != OK:
            self._verdicts.append(self.entry(seat, verdict, reason, self._decisions))
        if 0 <= seat < len(self._counts):
            self._counts[seat] += 1
            self._totals[seat] += time
            if time > self._longest[seat]:
                self._longest[seat] = time

    def verdicts(self) -> list[dict[str, Any]]:
        """``{"seat", "verdict", "detail", "decision"}`` for each failed decision."""
        return list(self._verdicts)

    def timings(self) -> list[dict[str, Any]]:
        """``{"seat", "decisions", "total", "max"}`` per seat (seconds; the total rounded to
        the microsecond, as each time is)."""
        return [
            {"seat": seat, "decisions": count, "total": round(total, 6), "max": longest}
            for seat, (count, total, longest) in enumerate(
                zip(self._counts, self._totals, self._longest, strict=True)
            )
        ]

    @classmethod
    def of(cls, replay: Replay) -> DecisionLedger:
        """The ledger of a parsed replay."""
        ledger = cls(len(replay.header.seats))
        for record in replay.records:
            if isinstance(record, Decision):
                ledger.add(record.seat, record.time, record.verdict, record.reason)
        return ledger


def new_header(spec: GameSpec, seed: int, options: Any, seats: list[dict[str, Any]]) -> Header:
    """The header of a match starting now."""
    return Header(
        format=FORMAT,
        game=spec.name,
        rules_version=spec.rules_version,
        options=options_json(options),
        seed=seed,
        seats=seats,
        started=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    )


def result_of(spec: GameSpec, state: Any) -> Result:
    """The result line of a finished match."""
    return Result(
        winner=winner_of(state),
        returns=list(state.returns()),
        summary=spec.summarize(state),
        reason=end_reason_of(state),
    )


class ReplayWriter:
    """Streams a replay to `target` (a path or an open text file) while a match is played,
    each line flushed as soon as it is known, so a match cut short still leaves a readable
    prefix. (A tournament's worker keeps a `trace.Trace` instead, written out later.)"""

    def __init__(
        self,
        target: str | Path | IO[str],
        spec: GameSpec,
        seed: int,
        options: Any,
        seats: list[dict[str, Any]],
    ) -> None:
        if isinstance(target, str | Path):
            try:
                self._file: IO[str] = open(target, "w", encoding="utf-8")  # noqa: SIM115
            except OSError as error:
                raise BadInput(f"cannot write replay {target}: {error.strerror}") from None
            self._owned = True
        else:
            self._file, self._owned = target, False
        self._chance_seen = 0
        self._spec = spec
        self._write(encode_record(new_header(spec, seed, options, seats)))

    def _write(self, lines: str) -> None:
        self._file.write(lines)
        self._file.flush()

    def _chance(self, state: Any) -> None:
        log = state.rng.log
        self._write("".join(chance_line(label, value) for label, value in log[self._chance_seen :]))
        self._chance_seen = len(log)

    def begin(self, state: Any) -> None:
        """Record the chance outcomes drawn while the game was set up."""
        self._chance(state)

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
        time = whole_microseconds(spent)
        self._write(encode_record(decision_record(seat, action, time, verdict, reason)))
        if len(state.rng.log) > self._chance_seen:  # this runs for every decision
            self._chance(state)

    def finish(self, state: Any) -> None:
        self._chance(state)
        self._write(encode_record(result_of(self._spec, state)))
        if self._owned:
            self._file.close()


@dataclass
class Replay:
    header: Header
    records: list[Decision | Chance]
    result: Result | None


def parse_replay(lines: list[str], source: str = "replay") -> Replay:
    """Decode replay lines, with an error naming the line and the problem."""
    records: list[Record] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append(_decoder.decode(line))
        except msgspec.DecodeError as error:
            raise BadInput(
                f"{source}: line {number} is not a valid replay record: {error}"
            ) from None
    return _assembled(records, source)


def parse_written_replay(text: str) -> Replay:
    """A replay a referee has just written (a tournament's driver reads one per game):
    its lines decoded in one call, as a JSON array, several times faster than
    `parse_replay`'s line by line. Anything unexpected — a line that is not one record —
    falls back to `parse_replay`, for its errors."""
    lines = replay_lines(text)
    present = [line for line in lines if line.strip()]
    try:
        records = _decode_all.decode("[" + ",".join(present) + "]")
    except msgspec.DecodeError:
        return parse_replay(lines)
    if len(records) != len(present):
        return parse_replay(lines)
    return _assembled(records, "replay")


def _assembled(records: list[Record], source: str) -> Replay:
    """The decoded records as a replay: a header first, one result last, if any."""
    if not records or not isinstance(records[0], Header):
        raise BadInput(f"{source}: the first line must be the replay header")
    header = records[0]
    if header.format != FORMAT:
        raise BadInput(f"{source}: unsupported replay format {header.format!r}; expected {FORMAT}")
    body: list[Decision | Chance] = []
    result: Result | None = None
    for record in records[1:]:
        if isinstance(record, Header):
            raise BadInput(f"{source}: a second header appears inside the replay")
        if result is not None:
            raise BadInput(f"{source}: records follow the result line")
        if isinstance(record, Result):
            result = record
        else:
            body.append(record)
    return Replay(header, body, result)


def read_replay_text(path: str | Path) -> str:
    """A replay file's exact text: its bytes decoded as UTF-8, line endings untouched (its
    digest is taken over exactly these bytes)."""
    try:
        return Path(path).read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise BadInput(f"replay file {path} does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read replay {path}: {error}") from None


def replay_lines(text: str) -> list[str]:
    """A replay text's lines. Records end at a newline and nowhere else: a string inside a
    record may hold other line separators (U+2028, form feeds), which must not split it."""
    return text.split("\n")


def read_replay(path: str | Path) -> Replay:
    """Read and decode a replay file. An export's digest trailer is set aside unchecked:
    `digest.check_integrity` checks it."""
    text, _trailer = split_trailer(read_replay_text(path), str(path))
    return parse_replay(replay_lines(text), str(path))


@dataclass
class Verification:
    """The outcome of re-simulating a replay: the final state, any divergences
    (`problems`) and what could not be checked in an older replay (`notes`)."""

    state: Any
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    decisions: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_replay(
    replay: Replay, after_decision: Callable[[Any, Decision], None] | None = None
) -> Verification:
    """Re-simulate `replay` through the engine and report what does not reproduce.

    Checked: the seats fit the game; every chance outcome; every decision — an ``ok`` one
    is accepted by the engine, an ``IA`` one is refused by it, any verdict is a known one,
    charged to a seat that had to decide and priced by the game's own rule; times are not
    negative; and the result — winner, returns, how the game ended and the game's whole
    summary. Re-simulation stops at the first divergence that changes the game.
    `after_decision(state, record)` runs after each decision has been re-applied."""
    header = replay.header
    spec = get_game(header.game)
    state = spec.new_game(header.seed, spec.options_from_json(header.options))
    check = _Resimulation(spec, state, after_decision)
    check.seats(header.seats)
    if check.records(replay.records):
        check.result(replay.result)
    return check.report


class _Resimulation:
    """One re-simulation: the engine's state and the report, checked record by record."""

    def __init__(
        self,
        spec: GameSpec,
        state: Any,
        after_decision: Callable[[Any, Decision], None] | None,
    ) -> None:
        self.spec = spec
        self.state = state
        self.after_decision = after_decision
        self.report = Verification(state)
        self.drawn = 0  # chance outcomes of the engine's log matched so far

    def problem(self, text: str) -> bool:
        """Report `text`; False, so that a check can `return self.problem(...)` to stop."""
        self.report.problems.append(text)
        return False

    def seats(self, seats: list[dict[str, Any]]) -> None:
        players = self.state.num_players
        if len(seats) != players:
            self.problem(f"the header names {len(seats)} seats; this game has {players}")

    def records(self, records: list[Decision | Chance]) -> bool:
        """Replay every record; False at the first divergence that changes the game."""
        for record in records:
            if isinstance(record, Chance):
                if not self.chance(record):
                    return False
            elif not self.decision(record):
                return False
        if self.drawn != len(self.state.rng.log):
            return self.problem("the engine drew chance outcomes the replay does not record")
        return True

    def chance(self, expected: Chance) -> bool:
        log = self.state.rng.log
        after = f"after decision {self.report.decisions}"
        if self.drawn >= len(log):
            return self.problem(
                f"replay records chance {expected.label}={expected.value} that the engine "
                f"never drew ({after})"
            )
        label, value = log[self.drawn]
        self.drawn += 1
        if (label, value) != (expected.label, expected.value):
            return self.problem(
                f"chance outcome diverges {after}: replay says "
                f"{expected.label}={expected.value}, engine drew {label}={value}"
            )
        return True

    def decision(self, record: Decision) -> bool:
        self.report.decisions += 1
        number = self.report.decisions
        if self.drawn != len(self.state.rng.log):
            return self.problem(
                f"the engine drew chance outcomes the replay does not record "
                f"(before decision {number})"
            )
        if self.state.is_terminal():
            return self.problem(f"decision {number} comes after the match ended")
        if not 0 <= record.seat < self.state.num_players:
            return self.problem(f"decision {number} names seat {record.seat}, not in this game")
        if record.time < 0:
            self.problem(f"decision {number} records a negative time ({record.time} s)")
        ok = record.verdict == OK
        applied = self.accepted(record, number) if ok else self.verdict(record, number)
        if applied and self.after_decision is not None:
            self.after_decision(self.state, record)
        return applied

    def accepted(self, record: Decision, number: int) -> bool:
        """An ``ok`` decision: the engine must accept its action."""
        try:
            self.state.apply(self.spec.action_from_json(record.action), record.seat)
        except (IllegalAction, BadInput) as error:
            return self.problem(f"decision {number} is refused by the engine: {error}")
        return True

    def verdict(self, record: Decision, number: int) -> bool:
        """A referee verdict: a known one, for a seat that had to decide (or, first of all,
        failed to start), with the refused action for IA only; then the game's price."""
        verdict, seat = record.verdict, record.seat
        if verdict not in VERDICTS:
            return self.problem(f"decision {number} has an unknown verdict {verdict!r}")
        movers = self.state.to_move()
        if seat not in movers and (number > 1 or verdict == IA):
            return self.problem(
                f"decision {number} charges seat {seat} with {verdict}, but only seats "
                f"{list(movers)} had to decide"
            )
        if verdict == IA:
            if not self.refused(record, number):
                return False
        elif record.action is not None:
            self.problem(f"decision {number} is a {verdict} with an action; only IA keeps one")
        self.spec.apply_verdict(self.state, seat, verdict, record.reason or "")
        return True

    def refused(self, record: Decision, number: int) -> bool:
        """An IA's action must be one the engine refuses (a refusal changes nothing)."""
        if record.action is None:
            self.report.notes.append(
                f"decision {number} is an IA without its action: the refusal is not checked"
            )
            return True
        try:
            action = self.spec.action_from_json(record.action)
        except BadInput as error:
            return self.problem(f"decision {number} is an IA whose action is unreadable: {error}")
        try:
            self.state.apply(action, record.seat)
        except IllegalAction:
            return True
        return self.problem(
            f"decision {number} is recorded as an illegal action (IA), but the engine "
            f"accepts {record.action}"
        )

    def result(self, result: Result | None) -> None:
        state = self.state
        if result is None:
            self.problem("the replay ends before its result line (match cut short)")
            return
        if not state.is_terminal():
            self.problem("the replay has a result line, but the game is not over")
        if result.winner != winner_of(state):
            self.problem(
                f"result diverges: replay says winner {result.winner}, "
                f"re-simulation gives {winner_of(state)}"
            )
        if not result.reason:
            self.report.notes.append("the replay predates recorded end reasons: not checked")
        elif result.reason != end_reason_of(state):
            self.problem(
                f"result diverges: replay says the game ended by {result.reason!r}, "
                f"re-simulation by {end_reason_of(state)!r}"
            )
        if list(result.returns) != list(state.returns()):
            self.problem(
                f"returns diverge: replay {result.returns}, engine {list(state.returns())}"
            )
        summary = _as_json(self.spec.summarize(state))
        for key in sorted(result.summary.keys() | summary.keys()):
            if result.summary.get(key) != summary.get(key):
                self.problem(
                    f"summary diverges at {key!r}: replay {result.summary.get(key)!r}, "
                    f"re-simulation {summary.get(key)!r}"
                )


def _as_json(summary: dict[str, Any]) -> dict[str, Any]:
    """`summary` as it reads back from a replay line (tuples as lists, keys as strings)."""
    decoded: dict[str, Any] = msgspec.json.decode(_encoder.encode(summary))
    return decoded
