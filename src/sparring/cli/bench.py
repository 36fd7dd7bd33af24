"""`sparring bench GAME`: matches per second between built-in agents, in one process (by
default the game's benchmark pair, `Extensions.bench_agents`: random v random unless the
game says otherwise); with ``--tournament``, what a tournament on one and on two workers
gets of that (`sparring.tournament.bench`)."""

from __future__ import annotations

import json

import typer
from rich.console import Console

from sparring.core.game import GameSpec
from sparring.core.registry import get_game


def bench_command(
    game: str = typer.Argument(..., help="Game to benchmark (`sparring games` lists them)."),
    games: int = typer.Option(200, "--games", "-n", help="Number of full matches to play."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first match; the rest follow."),
    agents: str | None = typer.Option(
        None,
        "--agents",
        help="Built-in agents, one per seat, comma-separated (default: the game's benchmark "
        "pair, usually random,random).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one machine-readable JSON line."),
    tournament: bool = typer.Option(
        False,
        "--tournament",
        help="Compare a tournament on one and on two workers with the bare engine, in turns.",
    ),
    repeats: int = typer.Option(5, "--repeats", help="With --tournament: timed turns."),
) -> None:
    """Play full matches between built-in agents and report throughput and peak memory."""
    from sparring.core.bench import bench_matches  # loaded only when benchmarking

    spec = get_game(game)
    if tournament:
        _bench_tournament(spec, games, repeats, as_json)
        return
    names = None if agents is None else tuple(name.strip() for name in agents.split(","))
    result = bench_matches(spec, games, names, seed)
    if as_json:
        typer.echo(json.dumps(result))
        return
    Console().print(
        f"{spec.title}: {result['matches']} matches ({' vs '.join(result['agents'])}) in "
        f"{result['seconds']} s — [bold]{result['matches_per_second']}[/] matches/s, "
        f"{result['decisions_per_match']} decisions/match, "
        f"{result['actions_per_second']} actions/s, peak RSS {result['peak_rss_mib']} MiB"
    )


def _bench_tournament(spec: GameSpec, games: int, repeats: int, as_json: bool) -> None:
    from sparring.tournament.bench import tournament_ratios

    result = tournament_ratios(spec, games, repeats)
    if as_json:
        typer.echo(json.dumps(result))
        return
    medians = result["median_seconds"]
    Console().print(
        f"{spec.title}: {result['games']} games ({' vs '.join(result['agents'])}), medians of "
        f"{result['repeats']} turns — bench {medians['bench']} s, one worker "
        f"{medians['one_worker']} s, two workers {medians['two_workers']} s\n"
        f"one worker / bench: [bold]{result['one_worker_vs_bench']}[/] of the engine's "
        f"throughput; two workers / one: [bold]{result['two_workers_vs_one']}×[/]"
    )


def register(app: typer.Typer) -> None:
    """Add `bench` to `app`."""
    app.command("bench")(bench_command)
