"""`sparring bench GAME`: matches per second between built-in agents, in one process (by
default the game's benchmark pair, `Extensions.bench_agents`: random v random unless the
game says otherwise); with ``--tournament``, what a tournament on one and on two workers
gets of that (`sparring.tournament.bench`); with ``--search``, the speed of clone,
determinize and random playouts from mid-game positions (`core.searchbench`); with
``--rl``, the reinforcement-learning environment's decisions per second beside the
engine's (`sparring.rl.bench`, needs the ``rl`` extra), printed as JSON."""

from __future__ import annotations

import json

import typer
from rich.console import Console

from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.registry import get_game

#: Matches a plain `sparring bench` plays, and random games `--search` samples positions from.
MATCHES = 200
SEARCH_GAMES = 10
#: Random games per timed turn of `--rl`.
RL_GAMES = 10


def bench_command(
    game: str = typer.Argument(..., help="Game to benchmark (`sparring games` lists them)."),
    games: int | None = typer.Option(
        None,
        "--games",
        "-n",
        help=f"Number of full matches to play (default {MATCHES}; with --search, the random "
        f"games positions are sampled from, default {SEARCH_GAMES}).",
    ),
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
    repeats: int = typer.Option(5, "--repeats", help="With --tournament or --rl: timed turns."),
    search: bool = typer.Option(
        False,
        "--search",
        help="Measure clone/s, determinize/s and random playouts/s from mid-game positions.",
    ),
    rl: bool = typer.Option(
        False,
        "--rl",
        help="Compare the RL environment's decisions/s with the engine's, as JSON "
        "(needs the rl extra).",
    ),
) -> None:
    """Play full matches between built-in agents and report throughput and peak memory."""
    from sparring.core.bench import bench_matches  # loaded only when benchmarking

    spec = get_game(game)
    if rl:
        if search or tournament or agents is not None:
            raise BadInput(
                "--rl plays random games; it takes no --agents, --search or --tournament"
            )
        from sparring.rl.bench import bench_rl  # needs the rl extra

        typer.echo(json.dumps(bench_rl(spec, RL_GAMES if games is None else games, repeats, seed)))
        return
    if search:
        if tournament or agents is not None:
            raise BadInput(
                "--search samples positions with the game's random agents; "
                "it takes neither --agents nor --tournament"
            )
        _bench_search(spec, SEARCH_GAMES if games is None else games, seed, as_json)
        return
    games = MATCHES if games is None else games
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


def _bench_search(spec: GameSpec, games: int, seed: int, as_json: bool) -> None:
    from sparring.core.searchbench import DEPTHS, bench_search

    result = bench_search(spec, games, seed)
    if as_json:
        typer.echo(json.dumps(result))
        return
    by_depth = " / ".join(
        f"{result['clone_per_second_by_depth'][str(depth)]:,.0f}" for depth in DEPTHS
    )
    rate = result["determinize_per_second"]
    determinize = result["not_measured"]["determinize"] if rate is None else f"{rate:,.0f}/s"
    Console().print(
        f"{spec.title}: search primitives from {result['positions']} mid-game positions "
        f"({result['sampled_games']} random games, depths {', '.join(map(str, DEPTHS))})\n"
        f"  clone        [bold]{result['clone_per_second']:,.0f}[/]/s (by depth {by_depth}; "
        f"a late clone costs {result['clone_cost_late_vs_early']}× an early one)\n"
        f"  determinize  [bold]{determinize}[/]\n"
        f"  playouts     [bold]{result['playout_per_second']:,.1f}[/]/s, uniformly random to "
        f"the end ({result['decisions_per_playout']} decisions each, "
        f"{result['playout_decisions_per_second']:,.0f} decisions/s)",
        highlight=False,
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
