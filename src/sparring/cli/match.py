"""`sparring match GAME --seat SPEC --seat SPEC ...`: a refereed match between bots and agents.

A seat is ``builtin:NAME`` (an in-process agent), ``KIND:ARGUMENT`` for a seat kind the
game offers (such as a contest's own wire protocol) or a command line speaking the sparring
protocol. The match is replayed to a file on request and always saved, with its replay, to
the store. In a game with a player count the number of seats sets it, unless ``--options``
gives `players`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.markup import escape

from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.registry import game_names, get_game
from sparring.core.replay import ReplayWriter

from .common import ReplaySink, live_printer, parse_seed, save_match, saved_lines

if TYPE_CHECKING:
    from sparring.arena.referee import MatchOutcome


def options_data(text: str | None) -> dict[str, Any]:
    """The JSON object of ``--options`` (empty when not given)."""
    if not text:
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(f"--options is not valid JSON: {error.msg}") from None
    if not isinstance(data, dict):
        raise BadInput(f"--options must be a JSON object, got {text!r}")
    return data


def option_flags(spec: GameSpec, flags: dict[str, Any]) -> dict[str, Any]:
    """Option entries from command-line flags named after option fields (``--players``,
    ``--map``): only for games whose options have that field; the game checks the values."""
    given = {name: value for name, value in flags.items() if value is not None}
    defaults = spec.options_from_json(None)
    for name in given:
        if not hasattr(defaults, name):
            having = [
                game
                for game in game_names()
                if hasattr(get_game(game).options_from_json(None), name)
            ]
            raise BadInput(
                f"--{name}: {spec.name} has no {name!r} option "
                f"(games that have one: {', '.join(having) or 'none'})"
            )
    return given


def parse_options(spec: GameSpec, text: str | None, seats: int | None = None) -> Any:
    """Rule options from a JSON object on the command line, checked by the game. For a
    game with a player count, `seats` (the number of ``--seat`` options) gives it unless
    the JSON does."""
    data = options_data(text)
    counted = hasattr(spec.options_from_json(None), "players")
    if seats is not None and counted and "players" not in data:
        data["players"] = seats
    return spec.options_from_json(data or None)


def match_command(
    game: str = typer.Argument(..., help="The game (`sparring games` lists them)."),
    seat: list[str] = typer.Option(
        ...,
        "--seat",
        help="A seat: builtin:NAME, KIND:ARG (a seat kind of the game) or a bot command; "
        "once per seat.",
    ),
    seed: str | None = typer.Option(None, "--seed", help="Match seed (default: random)."),
    time_limit: float | None = typer.Option(
        None, "--time-limit", help="Seconds per decision (default: the game's own clock)."
    ),
    memory: int = typer.Option(1024, "--memory", help="Memory cap per bot process, MiB."),
    options: str | None = typer.Option(None, "--options", help="Rule options as JSON."),
    replay: Path | None = typer.Option(None, "--replay", help="Also write the replay here."),
    db: str | None = typer.Option(None, "--db", help="Store URL (default sqlite:///sparring.db)."),
    quiet: bool = typer.Option(False, "--quiet", help="Print one JSON result line only."),
) -> None:
    """Referee a match between bots and built-in agents, then save it to the store."""
    from sparring.arena.process import Limits  # the referee: loaded only for a match
    from sparring.arena.referee import run_match
    from sparring.arena.seats import make_seat

    spec = get_game(game)
    rules = parse_options(spec, options, len(seat))
    if time_limit is not None and not 0 < time_limit <= 3600:
        raise BadInput(f"--time-limit must be between 0 and 3600 seconds, got {time_limit}")
    if memory < 16:
        raise BadInput(f"--memory must be at least 16 MiB, got {memory}")
    match_seed = parse_seed(seed)
    players = spec.new_game(match_seed, rules).num_players
    if len(seat) != players:
        raise BadInput(f"{spec.name} needs {players} --seat options, got {len(seat)}")
    limits = Limits(memory_mib=memory)
    seats = [
        make_seat(text, spec, index, match_seed + index, limits) for index, text in enumerate(seat)
    ]
    console = Console(highlight=False)
    if not quiet:
        console.print(f"[bold]{spec.title}[/] — seed {match_seed}")
    sink = ReplaySink(replay)
    recorder = ReplayWriter(sink, spec, match_seed, rules, [s.label for s in seats])
    try:
        outcome = run_match(
            spec,
            seats,
            match_seed,
            rules,
            seconds=time_limit,
            recorder=recorder,
            on_events=None if quiet else live_printer(spec, console, reveal=False),
        )
    finally:
        sink.close_file()
    match_id, url = save_match(sink.getvalue(), db)
    _report(console, quiet, match_seed, outcome, match_id, url, db, replay)


def _report(
    console: Console,
    quiet: bool,
    seed: int,
    outcome: MatchOutcome,
    match_id: int,
    url: str,
    db: str | None,
    replay: Path | None,
) -> None:
    ended = outcome.state.outcome()
    winner = None if ended is None else ended.winner
    verdicts = [v.to_json() for v in outcome.verdicts]
    if quiet:
        typer.echo(
            json.dumps({"match": match_id, "winner": winner, "seed": seed, "verdicts": verdicts})
        )
        return
    for verdict in outcome.verdicts:
        console.print(f"[red]seat {verdict.seat}: {verdict.verdict}[/] — {verdict.detail}")
    label = f"seat {winner}" if winner is not None else "nobody"
    detail = f" — {escape(ended.detail)}" if ended is not None and ended.detail else ""
    console.print(f"[bold]Winner: {label}[/]{detail}")
    if replay is not None:
        console.print(f"Replay written to {replay}")
    for line in saved_lines(match_id, url, db):
        console.print(line, markup=False, soft_wrap=True)  # a command to copy: never wrapped


def register(app: typer.Typer) -> None:
    """Add `match` to `app`."""
    app.command("match")(match_command)
