"""`sparring tournament GAME --entrant NAME=SEAT ...`: many entrants, paired games, ratings.

The tournament and its whole schedule are stored before the first game, each game is
recorded as it finishes, and ``--resume NAME`` carries on a tournament that was stopped
or killed, losing and repeating nothing (docs/tournaments.md). Games run on a pool of
local worker processes (``--workers``, one per core by default) or on a Ray cluster
(``--ray ADDRESS``).
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console

from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.registry import get_game

from . import shared_options as shared
from .common import parse_seed, random_seed
from .match import parse_options, sandbox_or_warn, seat_rules
from .play import HUMAN

if TYPE_CHECKING:
    from sparring.tournament.pool import Pool
    from sparring.tournament.records import Entrant, Settings, Tournament, TournamentStore

_NAME = re.compile(r"[A-Za-z0-9_.+-]{1,64}")


def parse_entrant(text: str) -> Entrant:
    """``NAME=SEAT``, or a bare seat named after itself (``builtin:greedy`` is
    ``greedy``). A seat may contain ``=`` (a bot's flags): only a plain name before the
    first one is taken as the name."""
    from sparring.tournament.records import Entrant

    name, equals, seat = text.partition("=")
    if equals and _NAME.fullmatch(name.strip()):
        name, seat = name.strip(), seat.strip()
    else:
        seat = text.strip()
        name = seat.removeprefix("builtin:")
    if not seat:
        raise BadInput(f"--entrant {text!r} names no seat (write NAME=SEAT)")
    return Entrant(name, seat)


def check_entrants(entrants: list[Entrant]) -> None:
    names = [entrant.name for entrant in entrants]
    if len(entrants) < 2:
        raise BadInput(f"a tournament needs at least two --entrant options, got {len(entrants)}")
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise BadInput(f"entrant names must differ: {', '.join(repeated)} given twice")


def table_size(spec: GameSpec, entrants: int, players: int | None) -> int:
    """Seats per table: as given, else the game's only player count, else all the
    entrants at one table up to the most the game seats."""
    facts = spec.facts
    if players is None:
        players = min(entrants, facts.max_players)
    if not facts.min_players <= players <= facts.max_players:
        raise BadInput(
            f"{spec.name} seats {facts.min_players}–{facts.max_players} players, not {players}"
        )
    return players


def build_settings(
    spec: GameSpec,
    entrants: list[Entrant],
    *,
    form: str,
    games: int | None,
    rounds: int | None,
    players: int | None,
    orders: str,
    seed: int,
    time_limit: float | None,
    memory: int,
    options: str | None,
    sandbox: bool,
    sprt: dict[str, Any] | None = None,
    seat_defaults: dict[str, dict[str, str]] | None = None,
) -> Settings:
    """A new tournament's settings, every entrant and option checked before anything is
    stored or played."""
    from sparring.arena.process import Limits
    from sparring.arena.seats import make_seat
    from sparring.tournament import schedule as plan
    from sparring.tournament.records import Settings
    from sparring.tournament.runner import sets_for

    check_entrants(entrants)
    if form not in (*plan.FORMATS, plan.COMPARE):
        raise BadInput(f"unknown --format {form!r}; known: {', '.join(plan.FORMATS)}")
    if time_limit is not None and not 0 < time_limit <= 3600:
        raise BadInput(f"--time-limit must be between 0 and 3600 seconds, got {time_limit}")
    if memory < 16:
        raise BadInput(f"--memory must be at least 16 MiB, got {memory}")
    limits = Limits(memory_mib=memory, sandbox=sandbox)
    seats = [make_seat(entrant.seat, spec, 0, seed, limits, seat_defaults) for entrant in entrants]
    for entrant, seat in zip(entrants, seats, strict=True):
        if seat.label == {"kind": "builtin", "name": HUMAN}:
            raise BadInput(
                f"entrant {entrant.name}: a person cannot sit at a tournament's tables, which "
                f"are played by worker processes (play one game with `sparring play`)"
            )
    size = table_size(spec, len(entrants), players)
    plan.check_table_size(len(entrants), size)
    rules = parse_options(spec, options, size, seat_rules(spec, seats))
    if spec.new_game(seed, rules).num_players != size:
        raise BadInput(f"{spec.name} with these options does not seat {size} players")
    per_set = plan.orders_per_set(size, orders)
    if games is not None and games < 1:
        raise BadInput(f"--games must be at least 1, got {games}")
    if rounds is not None and (rounds < 1 or form != plan.SWISS):
        raise BadInput("--rounds is for swiss tournaments, and at least 1")
    if any(seat.label["kind"] != "builtin" for seat in seats):
        sandbox_or_warn(not sandbox)
    return Settings(
        game=spec.name,
        format=form,
        entrants=tuple(entrants),
        options=rules.to_json(),
        players=size,
        sets=sets_for(games or per_set, per_set),
        orders=orders,
        rounds=(rounds or plan.default_rounds(len(entrants))) if form == plan.SWISS else 1,
        seed=seed,
        time_limit=time_limit,
        memory_mib=memory,
        sandbox=sandbox,
        sprt=sprt,
        seat_defaults=seat_defaults or None,
    )


def open_or_create(
    store: TournamentStore,
    spec: GameSpec,
    resume: str | None,
    name: str | None,
    make: Callable[[], Settings],
    seat_defaults: dict[str, dict[str, str]] | None = None,
) -> Tournament:
    """The tournament to play: the stored one named by ``--resume`` (which must be of this
    game), or a new one with `make()`'s settings, named `name` or numbered. A resumed one
    plays on with the seat defaults it was stored with, or those given now (``--llm-url``:
    a server may have moved since)."""
    if resume is not None:
        found = store.find(resume)
        if found.settings.game != spec.name:
            raise BadInput(
                f"tournament {found.name!r} is of {found.settings.game}, not {spec.name}"
            )
        if seat_defaults:
            settings = replace(found.settings, seat_defaults=seat_defaults)
            return replace(found, settings=settings)
        return found
    return store.create(name or store.next_name(spec.name), make())


def tournament_command(
    game: str = typer.Argument(..., help="The game (`sparring games` lists them)."),
    entrant: list[str] = typer.Option(
        [],
        "--entrant",
        help="NAME=SEAT, once per entrant; SEAT is what `sparring match --seat` takes.",
    ),
    form: str = typer.Option(
        "round-robin", "--format", help="round-robin, gauntlet (first entrant v the rest) or swiss."
    ),
    games: int | None = typer.Option(
        None,
        "--games",
        help="Games per pairing, rounded up to whole sets (a seed in every seat order); "
        "default one set.",
    ),
    rounds: int | None = typer.Option(None, "--rounds", help="Swiss rounds (default log2 n)."),
    players: int | None = typer.Option(None, "--players", help="Seats per table."),
    orders: str = typer.Option(
        "all", "--seat-orders", help="all (every permutation) or rotations, per seed."
    ),
    workers: int | None = shared.WORKERS,
    ray: str | None = shared.RAY,
    db: str | None = shared.DB,
    name: str | None = typer.Option(None, "--name", help="Tournament name (default GAME-N)."),
    resume: str | None = typer.Option(None, "--resume", help="Carry on this tournament."),
    seed: str | None = typer.Option(None, "--seed", help="Seed of the schedule (default random)."),
    time_limit: float | None = shared.TIME_LIMIT,
    memory: int = shared.MEMORY,
    options: str | None = shared.RULE_OPTIONS,
    quiet: bool = shared.QUIET,
    no_sandbox: bool = shared.NO_SANDBOX,
    llm_url: str | None = shared.LLM_URL,
) -> None:
    """Play a tournament between entrants, rate them, and keep everything in the store."""
    from sparring.tournament.pool import open_pool
    from sparring.tournament.records import TournamentStore
    from sparring.tournament.runner import planned_games

    spec = get_game(game)
    if resume is not None and (entrant or name):
        raise BadInput("--resume carries on a stored tournament: give no --entrant or --name")
    defaults = shared.seat_defaults(llm_url)

    def make() -> Settings:
        return build_settings(
            spec,
            [parse_entrant(text) for text in entrant],
            form=form,
            games=games,
            rounds=rounds,
            players=players,
            orders=orders,
            seed=parse_seed(seed) if seed is not None else random_seed(),
            time_limit=time_limit,
            memory=memory,
            options=options,
            sandbox=not no_sandbox,
            seat_defaults=defaults,
        )

    console = Console(highlight=False)
    with TournamentStore(db) as store:
        tournament = open_or_create(store, spec, resume, name, make, defaults)
        pool = open_pool(workers, ray)
        try:
            play_live(console, store, tournament, pool, planned_games(tournament), quiet, db)
        finally:
            pool.close()


def play_live(
    console: Console,
    store: TournamentStore,
    tournament: Tournament,
    pool: Pool,
    total: int,
    quiet: bool,
    db: str | None,
) -> None:
    """Run the tournament with its live board (or silently), then show or print the end."""
    from sparring.tournament.runner import run_tournament

    from .tournament_live import TournamentBoard
    from .tournament_report import report, report_json

    try:
        if quiet:
            run_tournament(store, tournament, pool, lambda _game: None)
        else:
            with TournamentBoard(console, tournament, store.games(tournament), total) as board:
                run_tournament(store, tournament, pool, board.recorded)
    except KeyboardInterrupt:
        done = sum(game.played for game in store.games(tournament))
        typer.echo(
            f"interrupted: {done} of {total} games recorded; carry on with: "
            f"{resume_command(tournament, db)}",
            err=True,
        )
        raise
    games = store.games(tournament)
    if quiet:
        typer.echo(json.dumps(report_json(tournament, games)))
        return
    console.print(report(tournament, games))
    console.print(f"See it again with: {leaderboard_command(tournament, db)}", soft_wrap=True)


def _store_flag(db: str | None) -> str:
    return "" if db is None else f" --db {shlex.quote(db)}"


def resume_command(tournament: Tournament, db: str | None) -> str:
    return (
        f"sparring tournament {tournament.settings.game} --resume {tournament.name}"
        f"{_store_flag(db)}"
    )


def leaderboard_command(tournament: Tournament, db: str | None) -> str:
    return f"sparring leaderboard {tournament.name}{_store_flag(db)}"


def register(app: typer.Typer) -> None:
    """Add `tournament` to `app`."""
    app.command("tournament")(tournament_command)
