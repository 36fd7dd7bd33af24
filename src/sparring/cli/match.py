"""`sparring match GAME --seat SPEC --seat SPEC`: a refereed match between bots and agents.

A seat is ``builtin:NAME`` (an in-process agent), ``saiblo:CMD`` (a bot of the original
Aquawar contest) or a command line speaking the sparring protocol. The match is replayed
to a file on request and always saved, with its replay, to the store.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from sparring.arena.process import Limits
from sparring.arena.referee import MatchOutcome, run_match
from sparring.arena.seats import make_seat
from sparring.arena.store import MatchRecord, Store
from sparring.core.errors import BadInput
from sparring.core.events import event_json, visible_to
from sparring.core.game import GameSpec
from sparring.core.registry import get_game
from sparring.core.replay import ReplayWriter


def random_seed() -> int:
    """A fresh seed for a match nobody gave one to (63 bits, fits every database)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def parse_options(spec: GameSpec, text: str | None) -> Any:
    """Rule options from a JSON object on the command line, checked by the game."""
    if not text:
        return spec.options_from_json(None)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(f"--options is not valid JSON: {error.msg}") from None
    return spec.options_from_json(data)


class _Tee(io.StringIO):
    """Keeps the replay in memory for the store while also streaming it to a file."""

    def __init__(self, path: Path | None) -> None:
        super().__init__()
        self._file = None
        if path is not None:
            try:
                self._file = open(path, "w", encoding="utf-8")  # noqa: SIM115
            except OSError as error:
                raise BadInput(f"cannot write replay {path}: {error.strerror}") from None

    def write(self, text: str) -> int:
        if self._file is not None:
            self._file.write(text)
        return super().write(text)

    def flush(self) -> None:
        if self._file is not None:
            self._file.flush()

    def close_file(self) -> None:
        if self._file is not None:
            self._file.close()


def _printer(spec: GameSpec, console: Console):  # type: ignore[no-untyped-def]
    def show(state: Any, events: list[Any]) -> None:
        for event in events:
            if visible_to(event, None):
                console.print(spec.describe_event(event_json(event), None), markup=False)

    return show


def match_command(
    game: str = typer.Argument(..., help="The game, e.g. aquawar."),
    seat: list[str] = typer.Option(
        ..., "--seat", help="A seat: builtin:NAME, saiblo:CMD or a bot command; once per seat."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Match seed (default: random)."),
    time_limit: float | None = typer.Option(
        None, "--time-limit", help="Seconds per decision (default: the game's, 3 for Aquawar)."
    ),
    memory: int = typer.Option(1024, "--memory", help="Memory cap per bot process, MiB."),
    options: str | None = typer.Option(None, "--options", help="Rule options as JSON."),
    replay: Path | None = typer.Option(None, "--replay", help="Also write the replay here."),
    db: str | None = typer.Option(None, "--db", help="Store URL (default sqlite:///sparring.db)."),
    quiet: bool = typer.Option(False, "--quiet", help="Print one JSON result line only."),
) -> None:
    """Referee a match between bots and built-in agents, then save it to the store."""
    spec = get_game(game)
    rules = parse_options(spec, options)
    if seed is not None and not 0 <= seed < 2**63:
        raise BadInput(f"--seed must be between 0 and 2**63 - 1, got {seed}")
    if time_limit is not None and not 0 < time_limit <= 3600:
        raise BadInput(f"--time-limit must be between 0 and 3600 seconds, got {time_limit}")
    if memory < 16:
        raise BadInput(f"--memory must be at least 16 MiB, got {memory}")
    match_seed = random_seed() if seed is None else seed
    players = spec.new_game(match_seed, rules).num_players
    if len(seat) != players:
        raise BadInput(f"{spec.name} needs {players} --seat options, got {len(seat)}")
    store = Store(db)
    limits = Limits(memory_mib=memory)
    seats = [
        make_seat(text, spec, index, match_seed + index, limits) for index, text in enumerate(seat)
    ]
    console = Console(highlight=False)
    if not quiet:
        console.print(f"[bold]{spec.title}[/] — seed {match_seed}")
    sink = _Tee(replay)
    recorder = ReplayWriter(sink, spec, match_seed, rules, [s.label for s in seats])
    started = dt.datetime.now(dt.UTC)
    try:
        outcome = run_match(
            spec,
            seats,
            match_seed,
            rules,
            seconds=time_limit,
            recorder=recorder,
            on_events=None if quiet else _printer(spec, console),
        )
    finally:
        sink.close_file()
    record = _record(spec, match_seed, rules, seats, outcome, sink.getvalue(), started)
    match_id = store.save(record)
    _report(console, quiet, match_seed, outcome, match_id, store.url, replay)


def _record(
    spec: GameSpec,
    seed: int,
    rules: Any,
    seats: list[Any],
    outcome: MatchOutcome,
    replay_text: str,
    started: dt.datetime,
) -> MatchRecord:
    state = outcome.state
    return MatchRecord(
        game=spec.name,
        rules_version=spec.rules_version,
        options=rules.to_json() if hasattr(rules, "to_json") else {},
        seed=seed,
        seats=[s.label for s in seats],
        verdicts=[v.to_json() for v in outcome.verdicts],
        winner=getattr(state, "winner", None),
        result=spec.summarize(state),
        timings=outcome.timings(),
        replay=replay_text,
        started_at=started,
        finished_at=dt.datetime.now(dt.UTC),
    )


def _report(
    console: Console,
    quiet: bool,
    seed: int,
    outcome: MatchOutcome,
    match_id: int,
    url: str,
    replay: Path | None,
) -> None:
    winner = getattr(outcome.state, "winner", None)
    verdicts = [v.to_json() for v in outcome.verdicts]
    if quiet:
        typer.echo(
            json.dumps({"match": match_id, "winner": winner, "seed": seed, "verdicts": verdicts})
        )
        return
    for verdict in outcome.verdicts:
        console.print(f"[red]seat {verdict.seat}: {verdict.verdict}[/] — {verdict.detail}")
    console.print(f"[bold]Winner: seat {winner}[/]")
    if replay is not None:
        console.print(f"Replay written to {replay}")
    console.print(f"Saved as match {match_id} in {url}")


def register(app: typer.Typer) -> None:
    """Add `match` to `app`."""
    app.command("match")(match_command)
