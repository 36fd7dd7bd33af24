"""The `sparring` command line. Each command lives in its own module; this one wires them
together and turns every user-facing error into one line on stderr and exit code 2."""

from __future__ import annotations

import sys

import typer

from sparring.core.errors import SparringError

from . import bench, botcheck, cards, match, matches, play, replay, scenario

app = typer.Typer(
    name="sparring",
    help="Exact game engines, a strict referee and strong AIs for hidden-information games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
play.register(app)
replay.register(app)
bench.register(app)
match.register(app)
botcheck.register(app)
cards.register(app)
app.add_typer(scenario.app, name="scenario")
app.add_typer(matches.app, name="matches")


def main() -> None:
    """Console entry point."""
    try:
        app()
    except SparringError as error:
        typer.echo(f"error: {error}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
