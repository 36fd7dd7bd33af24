"""The `sparring` command line. Each command lives in its own module; this one wires them
together, adds the commands games contribute (the ``sparring.commands`` entry-point
group: a function that registers them on the app), answers ``sparring --version``, and
turns every user-facing error into one line on stderr and exit code 2."""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError, entry_points, version

import typer

from sparring.core.errors import SparringError

from . import (
    bench,
    botcheck,
    compare,
    games,
    leaderboard,
    llm,
    match,
    matches,
    mcp,
    play,
    replay,
    scenario,
    serve,
    tournament,
)

COMMANDS_GROUP = "sparring.commands"

app = typer.Typer(
    name="sparring",
    help="Exact game engines, a strict referee and strong AIs for hidden-information games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain help text: typer's rich help panels load a Markdown renderer, about a third of
    # what `sparring --help` spent starting up (benchmarks/startup.py measures it).
    rich_markup_mode=None,
)


def installed_version() -> str:
    """This installation's version, as its package metadata records it."""
    try:
        return version("sparring")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def _print_version(wanted: bool) -> None:
    if wanted:
        typer.echo(f"sparring {installed_version()}")
        raise typer.Exit()


@app.callback()
def _options(
    show_version: bool = typer.Option(
        False,
        "--version",
        callback=_print_version,
        is_eager=True,
        help="Print the installed version and exit.",
    ),
) -> None:
    """The options of `sparring` itself, given before any command."""


play.register(app)
replay.register(app)
bench.register(app)
match.register(app)
botcheck.register(app)
games.register(app)
tournament.register(app)
leaderboard.register(app)
compare.register(app)
serve.register(app)
llm.register(app)
mcp.register(app)
app.add_typer(scenario.app, name="scenario")
app.add_typer(matches.app, name="matches")


def _add_game_commands(target: typer.Typer) -> None:
    """Let each game plug-in register its own commands. A plug-in whose commands fail to
    load is named on stderr; the rest of the command line still works."""
    for point in sorted(entry_points(group=COMMANDS_GROUP), key=lambda p: p.name):
        try:
            point.load()(target)
        except Exception as error:  # a broken plug-in must not take the command line down
            typer.echo(
                f"warning: commands of {point.name!r} ({point.value}) failed to load: "
                f"{type(error).__name__}: {error}",
                err=True,
            )


_add_game_commands(app)


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
