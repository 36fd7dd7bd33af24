"""`sparring play GAME --p0 AGENT --p1 AGENT` (or ``--agent SEAT=AGENT`` for any seat): a
match between built-in agents or people.

Everything runs in this process through `play_match`. When only built-in agents play and
the output is a terminal, the match is drawn on a live board redrawn in place (`live`),
paced by ``--delay`` (a readable default) or ``--step``; otherwise, or with ``--log``,
every event is a scrolling line. While a person plays, the lines show what a spectator may
see (public events only), so the person learns nothing hidden from them; a human seat's
own prompts show that seat's view. ``--quiet`` prints exactly one JSON line. After a saved
match it says how to see it again (`sparring matches show N`).
In games played with decks (`Extensions.decks`) ``--deck0``/``--deck1`` give a seat's deck
as a deck file or a prebuilt deck's name; a deck that breaks a deck rule is refused, naming
it. Games with a player count or maps take ``--players`` and ``--map``; ``--options``
gives any rule options as JSON.
"""

from __future__ import annotations

import json
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.markup import escape

from sparring.agents.catalog import agent_names, make_agent, parse_agent
from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.registry import all_games, get_game

from .common import (
    MAX_SEED,
    Pace,
    ReplaySink,
    check_store,
    live_printer,
    parse_seed,
    save_match,
    saved_lines,
)
from .match import option_flags, options_data

if TYPE_CHECKING:
    from sparring.core.playout import EventHook

HUMAN = "human"
DEFAULT_AGENT = "greedy"
#: The live board's default pause after each move shown, in seconds: readable, and the
#: `make demo` match (about 70-90 moves shown) still ends within a minute.
BOARD_DELAY = 0.5
MAX_DELAY = 60.0
_SEED_MIX = 0x9E3779B97F4A7C15


def agent_seed(match_seed: int, seat: int) -> int:
    """Each seat's agent seed, derived from the match seed so a match replays exactly."""
    return ((match_seed + 1 + seat) * _SEED_MIX) % MAX_SEED


def build_agents(spec: GameSpec, names: list[str], match_seed: int) -> list[Any]:
    """The agents of `spec` named for each seat (a name may carry parameters:
    `sparring.agents.catalog`), or an error listing the known ones."""
    known = agent_names(spec)
    for name in names:
        if parse_agent(name)[0] not in known:
            raise BadInput(
                f"unknown agent {name!r} for {spec.name}; known agents: {', '.join(known)}"
            )
    return [
        make_agent(spec, name, seat, agent_seed(match_seed, seat))
        for seat, name in enumerate(names)
    ]


def deck_options(spec: GameSpec, named: list[str | None]) -> dict[str, Any]:
    """Option entries for each seat's deck from ``--deck0``/``--deck1`` (a deck file, or a
    prebuilt deck's name); empty when no deck is given. The game checks the deck rules."""
    given = {seat: text for seat, text in enumerate(named) if text is not None}
    if not given:
        return {}
    decks = spec.extensions.decks
    if decks is None:
        with_decks = [game.name for game in all_games() if game.extensions.decks is not None]
        raise BadInput(
            f"--deck0/--deck1: {spec.name} is not played with decks "
            f"(games with decks: {', '.join(with_decks) or 'none'})"
        )
    data: dict[str, Any] = {}
    for seat, text in given.items():
        path = Path(text)
        if path.is_file() or path.suffix or "/" in text or "\\" in text:
            data[decks.option(seat)] = decks.read_file(path)
        elif text.strip().lower() in decks.prebuilt():
            data[decks.option(seat)] = text.strip().lower()
        else:
            raise BadInput(
                f"--deck{seat} {text!r} is neither a deck file nor a prebuilt deck; "
                f"prebuilt decks: {', '.join(decks.prebuilt())}"
            )
    return data


def round_winners(summary: dict[str, Any]) -> list[Any]:
    """The winner of each round, for games whose summary lists its rounds (a ``"rounds"``
    list of objects with a ``"winner"``); empty for games played in one go."""
    rounds = summary.get("rounds")
    if not isinstance(rounds, list):
        return []
    return [r.get("winner") for r in rounds if isinstance(r, dict)]


def seat_agents(seats: int, p0: str | None, p1: str | None, named: list[str]) -> list[str]:
    """Each seat's agent name. ``--agent SEAT=AGENT`` names any seat, ``--p0``/``--p1``
    seats 0 and 1. Without any ``--agent``, seat 0 is `human` and the others `greedy`
    unless named (the two-player default, human vs greedy); with ``--agent``, every seat
    not named is `greedy`."""
    chosen: dict[int, str] = {}
    flags: list[tuple[str, int, str | None]] = [("--p0", 0, p0), ("--p1", 1, p1)]
    for text in named:
        seat_text, sep, agent_name = text.partition("=")
        if not sep or not seat_text.strip().isdigit() or not agent_name.strip():
            raise BadInput(f"--agent takes SEAT=AGENT, e.g. --agent 0=greedy, not {text!r}")
        flags.append((f"--agent {text}", int(seat_text), agent_name))
    for flag, seat, name in flags:
        if name is None:
            continue
        if not 0 <= seat < seats:
            raise BadInput(
                f"{flag}: there is no seat {seat} ({seats} players: seats 0-{seats - 1})"
            )
        if seat in chosen:
            raise BadInput(f"{flag}: seat {seat} is named twice")
        chosen[seat] = name.strip().lower()
    default_first = HUMAN if not named else DEFAULT_AGENT
    return [
        chosen.get(seat, default_first if seat == 0 else DEFAULT_AGENT) for seat in range(seats)
    ]


def pace_for(
    delay: float | None, step: bool, on_board: bool, human: bool, quiet: bool
) -> Pace | None:
    """The pace of the display from ``--delay``/``--step``: by default a readable pause on
    the live board and none for scrolling lines. Nothing to pace under ``--quiet``, and a
    person's own turns already wait for them, so stepping is refused with a human seat."""
    if quiet and (delay is not None or step):
        raise BadInput("--quiet prints only the result: --delay and --step do not apply")
    if step and human:
        raise BadInput("--step cannot be used with a human player (the game waits for you)")
    if delay is not None and not 0 <= delay <= MAX_DELAY:
        raise BadInput(f"--delay must be between 0 and {MAX_DELAY:g} seconds, got {delay:g}")
    if quiet:
        return None
    default = BOARD_DELAY if on_board else 0.0
    return Pace(delay=default if delay is None else delay, step=step)


def watcher(
    spec: GameSpec, console: Console, pace: Pace | None, on_board: bool, reveal: bool
) -> AbstractContextManager[EventHook | None]:
    """What shows the match as it is played, around the match: nothing under ``--quiet``
    (no pace), the live board, or scrolling lines."""
    if pace is None:
        return nullcontext(None)
    if on_board:
        from .live import LiveBoard  # rich's Live and the game's board: only when drawn

        return LiveBoard(spec, console, pace)
    return nullcontext(live_printer(spec, console, reveal, pace))


def play_command(
    game: str = typer.Argument(..., help="The game to play (`sparring games` lists them)."),
    p0: str | None = typer.Option(
        None, "--p0", help="Agent for seat 0: human, greedy or random (default human)."
    ),
    p1: str | None = typer.Option(None, "--p1", help="Agent for seat 1 (default greedy)."),
    agent: list[str] = typer.Option(
        [], "--agent", help="SEAT=AGENT, e.g. 3=human; once per seat. Seats not named: greedy."
    ),
    players: int | None = typer.Option(
        None, "--players", help="Number of players, for games with a player count."
    ),
    map_name: str | None = typer.Option(None, "--map", help="The map, for games played on maps."),
    options: str | None = typer.Option(None, "--options", help="Rule options as JSON."),
    seed: str | None = typer.Option(None, "--seed", help="Match seed (default: random)."),
    replay: Path | None = typer.Option(None, "--replay", help="Write the replay to this file."),
    quiet: bool = typer.Option(
        False,
        "--quiet",
        help='Print only {"winner", "reason", "rounds", "seed"} as one JSON line.',
    ),
    log: bool = typer.Option(
        False,
        "--log",
        help="Print every event as a scrolling line instead of the live board "
        "(the default when output is not a terminal or a person plays).",
    ),
    delay: float | None = typer.Option(
        None,
        "--delay",
        metavar="SECONDS",
        help=f"Pause after each move shown (default {BOARD_DELAY:g} on the live board, "
        "0 for scrolling lines; 0: no waiting).",
    ),
    step: bool = typer.Option(False, "--step", help="Wait for Enter after each move shown."),
    db: str | None = typer.Option(None, "--db", help="Store URL (default sqlite:///sparring.db)."),
    save: bool = typer.Option(True, "--save/--no-save", help="Save the match to the store."),
    deck0: str | None = typer.Option(
        None, "--deck0", help="Seat 0's deck: a deck file or a prebuilt deck (games with decks)."
    ),
    deck1: str | None = typer.Option(
        None, "--deck1", help="Seat 1's deck: a deck file or a prebuilt deck (games with decks)."
    ),
) -> None:
    """Play a match between built-in agents and/or people at this terminal."""
    spec = get_game(game)
    match_seed = parse_seed(seed)
    data = options_data(options)
    data.update(option_flags(spec, {"players": players, "map": map_name}))
    data.update(deck_options(spec, [deck0, deck1]))
    rules = spec.options_from_json(data) if data else None
    seats = spec.new_game(match_seed, rules).num_players
    names = seat_agents(seats, p0, p1, agent)
    agents = build_agents(spec, names, match_seed)
    human = HUMAN in names
    if quiet and human:
        raise BadInput("--quiet cannot be used with a human player (prompts need a screen)")
    if save:
        check_store(db)
    console = Console(highlight=False)
    on_board = not (quiet or log or human) and console.is_terminal
    pace = pace_for(delay, step, on_board, human, quiet)
    if not quiet:
        lineup = ", ".join(f"seat {seat}: {name}" for seat, name in enumerate(names))
        console.print(f"[bold]{spec.title}[/] — {lineup} — seed {match_seed}")
    kinds = [
        {"kind": "human"} if name == HUMAN else {"kind": "builtin", "name": name} for name in names
    ]
    sink = ReplaySink(replay)
    from sparring.core.playout import play_match  # the match itself: loaded when it runs
    from sparring.core.replay import ReplayWriter

    recorder = ReplayWriter(sink, spec, match_seed, rules, kinds)
    try:
        with watcher(spec, console, pace, on_board, reveal=not human) as hook:
            state = play_match(spec, match_seed, rules, agents, on_events=hook, recorder=recorder)
    finally:
        sink.close_file()
    saved = save_match(sink.getvalue(), db) if save else None
    ended = state.outcome()
    winner = None if ended is None else ended.winner
    if quiet:
        reason = "" if ended is None else ended.reason.value
        rounds = round_winners(spec.summarize(state))
        line = {"winner": winner, "reason": reason, "rounds": rounds, "seed": match_seed}
        typer.echo(json.dumps(line))
        return
    label = f"seat {winner} ({names[winner]})" if winner is not None else "nobody"
    if ended is not None and ended.detail:
        label += f" — {escape(ended.detail)}"
    console.print(f"[bold green]Winner: {label}[/] — seed {match_seed}")
    if replay is not None:
        console.print(f"Replay written to {replay}", markup=False)
    if saved is not None:
        for text in saved_lines(*saved, db):
            console.print(text, markup=False, soft_wrap=True)  # a command to copy: never wrapped


def register(app: typer.Typer) -> None:
    """Add `play` to `app`."""
    app.command("play")(play_command)
