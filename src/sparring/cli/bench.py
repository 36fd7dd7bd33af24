"""`sparring bench GAME`: matches per second between built-in agents, in one process."""

from __future__ import annotations

import json

import typer
from rich.console import Console

from sparring.core.bench import bench_matches
from sparring.core.registry import get_game


def bench_command(
    game: str = typer.Argument(..., help="Game to benchmark, e.g. aquawar."),
    games: int = typer.Option(200, "--games", "-n", help="Number of full matches to play."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first match; the rest follow."),
    agents: str = typer.Option("random,random", "--agents", help="Two built-in agents."),
    as_json: bool = typer.Option(False, "--json", help="Print one machine-readable JSON line."),
) -> None:
    """Play full matches between built-in agents and report throughput and peak memory."""
    spec = get_game(game)
    pair = tuple(name.strip() for name in agents.split(","))
    if len(pair) != 2:
        raise typer.BadParameter("--agents takes two names separated by a comma")
    result = bench_matches(spec, games, pair, seed)  # type: ignore[arg-type]
    if as_json:
        typer.echo(json.dumps(result))
        return
    Console().print(
        f"{spec.title}: {result['matches']} matches ({' vs '.join(pair)}) in "
        f"{result['seconds']} s — [bold]{result['matches_per_second']}[/] matches/s, "
        f"{result['actions_per_second']} actions/s, peak RSS {result['peak_rss_mib']} MiB"
    )


def register(app: typer.Typer) -> None:
    """Add `bench` to `app`."""
    app.command("bench")(bench_command)
