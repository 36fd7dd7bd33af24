"""`sparring replay FILE`: re-simulate a replay, check its digests, report any divergence,
print the match. The work is in `replay_report`, loaded when the command runs."""

from __future__ import annotations

from pathlib import Path

import typer


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
    digest: str | None = typer.Option(
        None,
        "--digest",
        help="The sha256 the store keeps for this replay (`sparring matches show ID`): "
        "proves the file is that copy, byte for byte.",
    ),
) -> None:
    """Re-simulate a replay through the engine, check it and its digests, and print it
    round by round — or, with --as-seat K / --spectator, export a copy redacted for that
    audience.

    Exit code 0 when the replay reproduces exactly and no digest contradicts it, 1 when it
    diverges or a digest does not match, 2 when the file cannot be read as a replay (or an
    export is asked of one that does not verify).
    """
    from .replay_report import run_replay

    run_replay(path, events, as_seat, spectator, out, digest)


def register(app: typer.Typer) -> None:
    """Add `replay` to `app`."""
    app.command("replay")(replay_command)
