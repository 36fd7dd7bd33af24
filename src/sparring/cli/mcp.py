"""`sparring mcp --game G [--seat N] [--against builtin:AGENT] [--seed S]`: a seat offered
as MCP tools over stdio (`sparring.llm.mcp`); the other seats are built-in agents."""

from __future__ import annotations

import sys

import typer

from sparring.core.errors import BadInput
from sparring.core.registry import get_game

from .common import parse_seed
from .match import parse_options


def mcp_command(
    game: str = typer.Option(..., "--game", help="The game (`sparring games` lists them)."),
    seat: int = typer.Option(0, "--seat", help="The seat the MCP client plays."),
    against: str = typer.Option("random", "--against", help="The agent at every other seat."),
    seed: str | None = typer.Option(None, "--seed", help="First game's seed (default random)."),
    options: str | None = typer.Option(None, "--options", help="Rule options as JSON."),
) -> None:
    """Serve a seat as MCP tools (view, legal_actions, act) on stdin/stdout."""
    from sparring.llm.mcp import McpServer
    from sparring.llm.table import TextTable

    from . import installed_version

    spec = get_game(game)
    rules = parse_options(spec, options)
    agent = against.removeprefix("builtin:")
    players = spec.new_game(0, rules).num_players
    if not 0 <= seat < players:
        raise BadInput(f"--seat: there is no seat {seat} ({players} players: 0-{players - 1})")
    TextTable(spec, seat, agent, 0, rules)  # an unknown agent is refused before serving

    def open_table(table_seed: int) -> TextTable:
        return TextTable(spec, seat, agent, table_seed, rules)

    McpServer(open_table, parse_seed(seed), installed_version()).serve(sys.stdin, sys.stdout)


def register(app: typer.Typer) -> None:
    """Add `mcp` to `app`."""
    app.command("mcp")(mcp_command)
