"""`sparring match GAME --seat SPEC --seat SPEC ...`: a refereed match between bots and agents.

A seat is ``builtin:NAME`` (an in-process agent), ``KIND:ARGUMENT`` for a seat kind the
game offers (such as a contest's own wire protocol) or a command line speaking the sparring
protocol. Bot processes run in a sandbox (docs/protocol.md, "What a bot can and cannot
see") unless ``--no-sandbox`` says otherwise. The store is checked before any bot starts;
the match is replayed to a file on request and always saved, with its replay and the seats'
own notes (an LLM seat's transcript), to the store.
In a game with a player count the number of seats sets it, unless ``--options`` gives
`players`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.markup import escape

from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.registry import game_names, get_game

from . import shared_options as shared
from .common import ReplaySink, check_store, live_printer, parse_seed, save_match, saved_lines

if TYPE_CHECKING:
    from sparring.arena.referee import MatchOutcome
    from sparring.arena.seats import Seat


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


def parse_options(
    spec: GameSpec,
    text: str | None,
    seats: int | None = None,
    adopted: Mapping[str, Any] | None = None,
) -> Any:
    """Rule options from a JSON object on the command line, checked by the game. For a
    game with a player count, `seats` (the number of ``--seat`` options) gives it unless
    the JSON does; `adopted` entries (the seats' rules) apply unless the JSON sets them."""
    data = {**(adopted or {}), **options_data(text)}
    counted = hasattr(spec.options_from_json(None), "players")
    if seats is not None and counted and "players" not in data:
        data["players"] = seats
    return spec.options_from_json(data or None)


def seat_rules(spec: GameSpec, seats: Sequence[Seat]) -> dict[str, Any]:
    """The rule options the match's seats call for (`Extensions.seat_rules`, by seat kind):
    a bot of an original contest is played under that contest engine's rules."""
    rules: dict[str, Any] = {}
    for seat in seats:
        rules.update(spec.extensions.seat_rules.get(seat.label["kind"], {}))
    return rules


def match_command(
    game: str = typer.Argument(..., help="The game (`sparring games` lists them)."),
    seat: list[str] = typer.Option(
        ...,
        "--seat",
        help="A seat: builtin:NAME, KIND:ARG (a seat kind of the game) or a bot command; "
        "once per seat.",
    ),
    seed: str | None = typer.Option(None, "--seed", help="Match seed (default: random)."),
    time_limit: float | None = shared.TIME_LIMIT,
    memory: int = shared.MEMORY,
    options: str | None = shared.RULE_OPTIONS,
    replay: Path | None = typer.Option(None, "--replay", help="Also write the replay here."),
    db: str | None = shared.DB,
    quiet: bool = typer.Option(False, "--quiet", help="Print one JSON result line only."),
    no_sandbox: bool = shared.NO_SANDBOX,
    llm_url: str | None = shared.LLM_URL,
) -> None:
    """Referee a match between bots and built-in agents, then save it to the store."""
    from sparring.arena.process import Limits  # the referee: loaded only for a match
    from sparring.arena.referee import run_match
    from sparring.arena.seats import BuiltinSeat, make_seat
    from sparring.core.replay import ReplayWriter

    spec = get_game(game)
    if time_limit is not None and not 0 < time_limit <= 3600:
        raise BadInput(f"--time-limit must be between 0 and 3600 seconds, got {time_limit}")
    if memory < 16:
        raise BadInput(f"--memory must be at least 16 MiB, got {memory}")
    match_seed = parse_seed(seed)
    limits = Limits(memory_mib=memory, sandbox=not no_sandbox)
    defaults = shared.seat_defaults(llm_url)
    seats = [
        make_seat(text, spec, index, match_seed + index, limits, defaults)
        for index, text in enumerate(seat)
    ]
    adopted = seat_rules(spec, seats)
    rules = parse_options(spec, options, len(seat), adopted)
    players = spec.new_game(match_seed, rules).num_players
    if len(seat) != players:
        raise BadInput(f"{spec.name} needs {players} --seat options, got {len(seat)}")
    if not all(isinstance(each, BuiltinSeat) for each in seats):
        sandbox_or_warn(no_sandbox)
    check_store(db)
    console = Console(highlight=False)
    if not quiet:
        console.print(f"[bold]{spec.title}[/] — seed {match_seed}")
        if adopted:
            console.print(
                f"Rules {escape(json.dumps(rules.to_json()))}: a contest's bot plays under its "
                "engine's rules unless --options says otherwise"
            )
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
    match_id, url = save_match(sink.getvalue(), db, outcome.notes)
    _report(console, quiet, match_seed, outcome, match_id, url, db, replay)


def sandbox_or_warn(no_sandbox: bool) -> None:
    """Before bots start: refuse when they cannot be sandboxed here (one line, naming the
    fix), or, with ``--no-sandbox``, warn what that means."""
    if no_sandbox:
        typer.echo(
            "warning: --no-sandbox: bots run unisolated, as you, in this folder; they can "
            "read your files, the store and the replay, and use the network",
            err=True,
        )
        return
    from sparring.arena.sandbox import check_available

    check_available()


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
