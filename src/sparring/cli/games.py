"""`sparring games` and `sparring schema GAME`: what games are installed, and the JSON
Schema of a game's messages.

``sparring games`` lists every registered game plug-in with its declared facts (players,
chance, hidden information, simultaneous moves, a bound on its length) and its built-in
agents (its own and the generic ones it supports); ``--json`` prints the same as data.
``sparring schema GAME`` prints one JSON object with the schemas of the game's actions,
rule options and view (``--part`` for one of them), from which bot authors in any
language can generate types.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from sparring.agents.catalog import agent_names
from sparring.core.errors import BadInput
from sparring.core.registry import all_games, get_game

PARTS = ("actions", "options", "view")


def games_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """List the installed games with their declared facts and built-in agents."""
    specs = all_games()
    if as_json:
        rows = [
            {
                "name": spec.name,
                "title": spec.title,
                "rules_version": spec.rules_version,
                "facts": spec.facts.to_json(),
                "agents": agent_names(spec),
                "typed_messages": spec.messages is not None,
            }
            for spec in specs
        ]
        typer.echo(json.dumps(rows))
        return
    table = Table(title="Installed games", title_justify="left")
    for column in ("game", "title", "players", "chance", "hidden", "simultaneous", "agents"):
        table.add_column(column)
    for spec in specs:
        facts = spec.facts
        players = (
            f"{facts.min_players}"
            if facts.min_players == facts.max_players
            else (f"{facts.min_players}-{facts.max_players}")
        )
        table.add_row(
            spec.name,
            spec.title,
            players,
            "yes" if facts.chance else "no",
            "yes" if facts.hidden_information else "no",
            "yes" if facts.simultaneous_moves else "no",
            ", ".join(agent_names(spec)),
        )
    Console(highlight=False).print(table)


def schema_command(
    game: Annotated[str, typer.Argument(help="The game (`sparring games` lists them).")],
    part: Annotated[
        str | None, typer.Option("--part", help="Only one part: actions, options or view.")
    ] = None,
) -> None:
    """Print the JSON Schema of a game's actions, rule options and view."""
    spec = get_game(game)
    if spec.messages is None:
        raise BadInput(f"{spec.name} declares no message types, so it has no schema")
    schemas = spec.messages.schema()
    if part is not None:
        if part not in PARTS:
            raise BadInput(f"--part must be one of {', '.join(PARTS)}, got {part!r}")
        typer.echo(json.dumps(schemas[part], indent=2))
        return
    typer.echo(
        json.dumps({"game": spec.name, "rules_version": spec.rules_version, **schemas}, indent=2)
    )


def register(app: typer.Typer) -> None:
    """Add `games` and `schema` to `app`."""
    app.command("games")(games_command)
    app.command("schema")(schema_command)
