"""Replays: a match as JSON lines, written as it is played and checked by re-simulation.

Line 1 is the header (game, rules version, options, seed, seats). Then one ``decision``
record per decision (seat, action, time used, verdict) and one ``chance`` record per
random outcome, in the order they happened; last a ``result`` record. Every line is flushed
as soon as it is known, so a match cut short still leaves a readable prefix.

Verification replays the decisions through the engine from the seed and checks that every
chance outcome and the result come out the same.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import msgspec

from .errors import BadInput, IllegalAction
from .game import GameSpec, end_reason_of, winner_of
from .registry import get_game

FORMAT = "sparring-replay/1"
OK = "ok"


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


class Chance(msgspec.Struct, tag="chance", tag_field="type", forbid_unknown_fields=True):
    label: str
    value: int


class Result(msgspec.Struct, tag="result", tag_field="type", forbid_unknown_fields=True):
    winner: int | None
    returns: list[float]
    summary: dict[str, Any] = msgspec.field(default_factory=dict)
    #: How the game ended (an `EndReason` value); empty in replays written before it was kept.
    reason: str = ""


Record = Header | Decision | Chance | Result
_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Record)


def _options_json(options: Any) -> dict[str, Any]:
    if options is None:
        return {}
    return options if isinstance(options, dict) else options.to_json()


class ReplayWriter:
    """Streams a replay to `target` (a path or an open text file) while a match is played."""

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
        self.lines: list[Record] = []
        self._write(
            Header(
                format=FORMAT,
                game=spec.name,
                rules_version=spec.rules_version,
                options=_options_json(options),
                seed=seed,
                seats=seats,
                started=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            )
        )
        self._spec = spec

    def _write(self, record: Record) -> None:
        self.lines.append(record)
        self._file.write(_encoder.encode(record).decode() + "\n")
        self._file.flush()

    def _chance(self, state: Any) -> None:
        log = state.rng.log
        for label, value in log[self._chance_seen :]:
            self._write(Chance(label=label, value=value))
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
        payload = action.to_json() if hasattr(action, "to_json") else None
        self._write(
            Decision(
                seat=seat, action=payload, time=round(spent, 6), verdict=verdict, reason=reason
            )
        )
        self._chance(state)

    def finish(self, state: Any) -> None:
        self._chance(state)
        self._write(
            Result(
                winner=winner_of(state),
                returns=list(state.returns()),
                summary=self._spec.summarize(state),
                reason=end_reason_of(state),
            )
        )
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


def read_replay(path: str | Path) -> Replay:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"replay file {path} does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read replay {path}: {error}") from None
    return parse_replay(text.splitlines(), str(path))


@dataclass
class Verification:
    """The outcome of re-simulating a replay: the final state and any divergences."""

    state: Any
    problems: list[str] = field(default_factory=list)
    decisions: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_replay(
    replay: Replay, after_decision: Callable[[Any, Decision], None] | None = None
) -> Verification:
    """Re-simulate `replay` through the engine and report the first divergence, if any.
    `after_decision(state, record)` runs after each decision has been re-applied."""
    header = replay.header
    spec = get_game(header.game)
    options = spec.options_from_json(header.options)
    state = spec.new_game(header.seed, options)
    report = Verification(state)
    drawn = 0

    def check_chance(expected: Chance) -> bool:
        nonlocal drawn
        log = state.rng.log
        if drawn >= len(log):
            report.problems.append(
                f"replay records chance {expected.label}={expected.value} that the engine "
                f"never drew (after decision {report.decisions})"
            )
            return False
        label, value = log[drawn]
        drawn += 1
        if (label, value) != (expected.label, expected.value):
            report.problems.append(
                f"chance outcome diverges after decision {report.decisions}: replay says "
                f"{expected.label}={expected.value}, engine drew {label}={value}"
            )
            return False
        return True

    for record in replay.records:
        if isinstance(record, Chance):
            if not check_chance(record):
                return report
            continue
        if drawn != len(state.rng.log):
            report.problems.append(
                f"the engine drew chance outcomes the replay does not record "
                f"(before decision {report.decisions + 1})"
            )
            return report
        report.decisions += 1
        if state.is_terminal():
            report.problems.append(f"decision {report.decisions} comes after the match ended")
            return report
        if record.verdict != OK:
            # A referee verdict: its action (if any) was never applied; the game's own
            # price for the verdict was charged instead.
            spec.apply_verdict(state, record.seat, record.verdict, record.reason or "")
        else:
            try:
                state.apply(spec.action_from_json(record.action), record.seat)
            except (IllegalAction, BadInput) as error:
                report.problems.append(
                    f"decision {report.decisions} is refused by the engine: {error}"
                )
                return report
        if after_decision is not None:
            after_decision(state, record)
    if drawn != len(state.rng.log):
        report.problems.append("the engine drew chance outcomes the replay does not record")
    if replay.result is None:
        report.problems.append("the replay ends before its result line (match cut short)")
    else:
        if replay.result.winner != winner_of(state):
            report.problems.append(
                f"result diverges: replay says winner {replay.result.winner}, "
                f"re-simulation gives {winner_of(state)}"
            )
        if replay.result.reason and replay.result.reason != end_reason_of(state):
            report.problems.append(
                f"result diverges: replay says the game ended by {replay.result.reason!r}, "
                f"re-simulation by {end_reason_of(state)!r}"
            )
        if list(replay.result.returns) != list(state.returns()):
            report.problems.append(
                f"returns diverge: replay {replay.result.returns}, engine {list(state.returns())}"
            )
    return report
