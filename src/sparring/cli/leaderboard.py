"""`sparring leaderboard T`: a stored tournament's standings, head-to-head matrix and (with
``--pairs``) paired results — as rich tables, or as ``--json`` / ``--csv`` for programs.
Read from the store alone, so it works while the tournament is still being played."""

from __future__ import annotations

import json

import typer
from rich.console import Console

from sparring.core.errors import BadInput


def leaderboard_command(
    tournament: str = typer.Argument(..., help="Tournament name (or id)."),
    db: str | None = typer.Option(None, "--db", help="Store URL (default sqlite:///sparring.db)."),
    as_json: bool = typer.Option(False, "--json", help="Print the whole report as JSON."),
    as_csv: bool = typer.Option(False, "--csv", help="Print the leaderboard as CSV."),
    pairs: bool = typer.Option(False, "--pairs", help="Also show the result of every set."),
) -> None:
    """Show a tournament's leaderboard, with ratings, head-to-head and paired results."""
    from sparring.tournament.records import TournamentStore

    from .tournament_report import report, report_csv, report_json

    if as_json and as_csv:
        raise BadInput("--json and --csv: choose one")
    with TournamentStore(db) as store:
        found = store.find(tournament)
        games = store.games(found)
    if as_json:
        typer.echo(json.dumps(report_json(found, games)))
    elif as_csv:
        typer.echo(report_csv(found, games), nl=False)
    else:
        Console(highlight=False).print(report(found, games, pairs=pairs))


def register(app: typer.Typer) -> None:
    """Add `leaderboard` to `app`."""
    app.command("leaderboard")(leaderboard_command)
