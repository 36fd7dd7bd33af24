"""`sparring replay FILE`: re-simulate a replay, report any divergence, print the match."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from sparring.core.errors import BadInput
from sparring.core.events import event_json
from sparring.core.redact import redact_replay
from sparring.core.registry import get_game
from sparring.core.replay import Replay, read_replay, verify_replay


def replay_command(
    path: Path = typer.Argument(..., help="A replay file (JSON lines) written by a match."),
    events: bool = typer.Option(
        True, "--events/--no-events", help="Print every event, not just round results."
    ),
    as_seat: int | None = typer.Option(
        None, "--as-seat", help="Export the replay as this seat may see it (JSON lines)."
    ),
    spectator: bool = typer.Option(
        False, "--spectator", help="Export the replay as a spectator may see it (JSON lines)."
    ),
    out: Path | None = typer.Option(None, "--out", help="Write the export here, not stdout."),
) -> None:
    """Re-simulate a replay through the engine, check it, and print it round by round —
    or, with --as-seat K / --spectator, export a copy redacted for that audience.

    Exit code 0 when the replay reproduces exactly, 1 when it diverges, 2 when the file
    cannot be read as a replay (or an export is asked of one that does not verify).
    """
    replay = read_replay(path)
    if as_seat is not None or spectator:
        if as_seat is not None and spectator:
            raise BadInput("choose one audience: --as-seat K or --spectator")
        text = "\n".join(redact_replay(replay, as_seat)) + "\n"
        if out is None:
            typer.echo(text, nl=False)
        else:
            try:
                out.write_text(text, encoding="utf-8")
            except OSError as error:
                raise BadInput(f"cannot write {out}: {error.strerror}") from None
        return
    console = Console(highlight=False)
    if not print_replay(console, replay, events=events):
        raise typer.Exit(1)


def seat_label(seat: dict[str, Any]) -> str:
    """How a seat is named to people: a built-in agent's name, a bot's command, or its kind."""
    return str(seat.get("name") or seat.get("command") or seat.get("kind", "?"))


def print_replay(console: Console, replay: Replay, *, events: bool) -> bool:
    """Re-simulate `replay`, print it, and say whether it reproduces exactly.

    Shared by `sparring replay` and `sparring matches show`, so a stored match and a
    replay file read the same.
    """
    header = replay.header
    spec = get_game(header.game)
    report = verify_replay(replay)
    seats = escape(
        ", ".join(f"seat {i}: {seat_label(seat)}" for i, seat in enumerate(header.seats))
    )
    console.print(
        f"[bold]{spec.title}[/] replay — seed {header.seed}, rules {header.rules_version}, {seats}"
    )
    if events:
        narrate = spec.narration(None)  # every event, so fish and cards are named
        for event in report.state.events:
            line = narrate(event_json(event), report.state)
            style = "bold" if event[0] in ("round_start", "round_end", "match_end") else ""
            console.print(line, style=style, markup=False)
    else:
        for result in spec.summarize(report.state).get("rounds", []):
            console.print(
                f"Round {result['round']}: won by seat {result['winner']} ({result['reason']})"
            )
    console.print(f"{report.decisions} decisions re-simulated.")
    if report.ok:
        console.print(
            "[green]Replay verified: every decision, chance outcome and the result "
            "reproduce exactly.[/]"
        )
        return True
    for problem in report.problems:
        console.print(f"[red]divergence:[/] {problem}", markup=True)
    return False


def register(app: typer.Typer) -> None:
    """Add `replay` to `app`."""
    app.command("replay")(replay_command)
