"""What `sparring replay` and `sparring matches` print: a replay re-simulated and shown
round by round, its integrity, and exports written byte for byte. Loaded only when one of
those commands runs (the command modules stay light, so the command line starts fast)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from sparring.core.digest import (
    Integrity,
    check_integrity,
    key_from_env,
    parse_digest,
    split_trailer,
)
from sparring.core.errors import BadInput
from sparring.core.events import event_json
from sparring.core.redact import VIEW_FORMAT, redact_replay
from sparring.core.registry import get_game
from sparring.core.replay import (
    Replay,
    parse_replay,
    read_replay_text,
    replay_lines,
    verify_replay,
)


def run_replay(
    path: Path,
    events: bool,
    as_seat: int | None,
    spectator: bool,
    out: Path | None,
    digest: str | None,
) -> None:
    """The body of `sparring replay` (see its help)."""
    expected = None if digest is None else parse_digest(digest)
    text, trailer = split_trailer(read_replay_text(path), str(path))
    lines = replay_lines(text)
    console = Console(highlight=False)
    key = key_from_env()
    if _format(lines) == VIEW_FORMAT:
        console.print("A redacted export (no seed): it cannot be re-simulated; its digests can.")
        integrity = check_integrity(text, trailer, expected=expected, key=key)
        if not print_integrity(console, integrity):
            raise typer.Exit(1)
        return
    replay = parse_replay(lines, str(path))
    if as_seat is not None or spectator:
        if as_seat is not None and spectator:
            raise BadInput("choose one audience: --as-seat K or --spectator")
        write_export("\n".join(redact_replay(replay, as_seat)) + "\n", out)
        return
    verified = print_replay(console, replay, events=events)
    integrity = check_integrity(text, trailer, expected=expected, key=key)
    if not (print_integrity(console, integrity) and verified):
        raise typer.Exit(1)


def write_export(text: str, out: Path | None) -> None:
    """Write an export to `out` (its exact bytes: digests cover them), or to stdout when
    none is given."""
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_bytes(text.encode("utf-8"))
    except OSError as error:
        raise BadInput(f"cannot write {out}: {error.strerror}") from None


def _format(lines: list[str]) -> str | None:
    """The format the first line names, without reading the rest (None: not a header)."""
    try:
        header = json.loads(lines[0])
    except ValueError:
        return None
    return header.get("format") if isinstance(header, dict) else None


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
    for note in report.notes:
        console.print(f"[yellow]note:[/] {escape(note)}")
    if report.ok:
        console.print(
            "[green]Replay verified: every decision, verdict, chance outcome, the result "
            "and the summary reproduce exactly.[/]"
        )
        return True
    for problem in report.problems:
        console.print(f"[red]divergence:[/] {escape(problem)}")
    return False


def print_integrity(console: Console, integrity: Integrity) -> bool:
    """Print what the digests proved, could not check, and contradicted; True when none
    contradicted the text."""
    for proof in integrity.proofs:
        console.print(f"[green]digest:[/] {escape(proof)}")
    for note in integrity.notes:
        console.print(f"[yellow]note:[/] {escape(note)}")
    for problem in integrity.problems:
        console.print(f"[red]digest mismatch:[/] {escape(problem)}")
    return integrity.ok
