"""`sparring play GAME --p0 AGENT --p1 AGENT`: a match between built-in agents or people.

Everything runs in this process through `play_match`. The live display shows what a
spectator may see (public events only), so a person at the terminal learns nothing
hidden from it; a human seat's own prompts show that seat's view. Hidden teams are shown
after each round only when no person is playing. ``--quiet`` prints exactly one JSON line.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from sparring.core.errors import BadInput
from sparring.core.events import NOBODY, event_json, visible_to
from sparring.core.game import GameSpec
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.replay import ReplayWriter

HUMAN = "human"
MAX_SEED = 2**63
_SEED_MIX = 0x9E3779B97F4A7C15
_HEADLINES = ("round_start", "round_end", "match_end", "forfeit")


def random_seed() -> int:
    """A fresh 63-bit seed from the operating system, for a match nobody gave one to."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def parse_seed(text: str | None) -> int:
    """The match seed from the command line (or a random one), as a clear error if bad."""
    if text is None:
        return random_seed()
    try:
        value = int(text.strip())
    except ValueError:
        raise BadInput(f"--seed must be an integer, got {text!r}") from None
    if not 0 <= value < MAX_SEED:
        raise BadInput(f"--seed must be between 0 and 2**63 - 1, got {value}")
    return value


def agent_seed(match_seed: int, seat: int) -> int:
    """Each seat's agent seed, derived from the match seed so a match replays exactly."""
    return ((match_seed + 1 + seat) * _SEED_MIX) % MAX_SEED


def build_agents(spec: GameSpec, names: list[str], match_seed: int) -> list[Any]:
    """The agents of `spec` named for each seat, or an error listing the known ones."""
    agents = []
    for seat, name in enumerate(names):
        factory = spec.agents.get(name.strip().lower())
        if factory is None:
            known = ", ".join(sorted(spec.agents)) or "none"
            raise BadInput(f"unknown agent {name!r} for {spec.name}; known agents: {known}")
        agents.append(factory(seat, agent_seed(match_seed, seat)))
    return agents


def _status(spec: GameSpec, state: Any) -> str | None:
    """One line of both teams' public HP, when the game's spectator view has teams."""
    teams = spec.view(state, None).get("teams")
    if not teams or not all(teams):
        return None
    sides = []
    for seat, team in enumerate(teams):
        cells = " ".join(str(f["hp"]) if f["alive"] else "x" for f in team)
        sides.append(f"seat {seat}: {cells}")
    return "   HP  " + "  |  ".join(sides)


def _show_teams(console: Console, event: dict[str, Any]) -> None:
    for seat, team in enumerate(event.get("teams") or []):
        fish = ", ".join(map(str, team.get("fish", []))) if isinstance(team, dict) else team
        mimic = team.get("mimic") if isinstance(team, dict) else None
        tail = f" (mimic copies {mimic})" if mimic is not None else ""
        console.print(f"  seat {seat} played fish {fish}{tail}", style="dim", markup=False)


def live_printer(spec: GameSpec, console: Console, reveal_teams: bool) -> Any:
    """The `on_events` hook drawing a match as it is played: each public event, and the
    HP of both teams before each new turn."""

    def show(state: Any, events: list[Any]) -> None:
        for event in events:
            kind = event[0]
            if event[1] == NOBODY and reveal_teams and kind == "round_teams":
                _show_teams(console, event_json(event))
                continue
            if not visible_to(event, None):
                continue
            if kind == "turn" and event_json(event).get("turn", 1) > 1:
                status = _status(spec, state)
                if status is not None:
                    console.print(status, style="cyan", markup=False)
            line = spec.describe_event(event_json(event), None)
            style = "bold" if kind in _HEADLINES else ("dim" if kind == "turn" else "")
            console.print(line, style=style, markup=False)

    return show


def play_command(
    game: str = typer.Argument(..., help="The game to play, e.g. aquawar."),
    p0: str = typer.Option("human", "--p0", help="Agent for seat 0 (e.g. human, greedy, random)."),
    p1: str = typer.Option("greedy", "--p1", help="Agent for seat 1."),
    seed: str | None = typer.Option(None, "--seed", help="Match seed (default: random)."),
    replay: Path | None = typer.Option(None, "--replay", help="Write the replay to this file."),
    quiet: bool = typer.Option(
        False, "--quiet", help='Print only {"winner", "rounds", "seed"} as one JSON line.'
    ),
) -> None:
    """Play a match between built-in agents and/or people at this terminal."""
    spec = get_game(game)
    names = [p0.strip().lower(), p1.strip().lower()]
    match_seed = parse_seed(seed)
    agents = build_agents(spec, names, match_seed)
    if quiet and HUMAN in names:
        raise BadInput("--quiet cannot be used with a human player (prompts need a screen)")
    console = Console(highlight=False)
    if not quiet:
        console.print(
            f"[bold]{spec.title}[/] — seat 0: {names[0]}, seat 1: {names[1]} — seed {match_seed}"
        )
    recorder = None
    if replay is not None:
        seats = [
            {"kind": "human"} if name == HUMAN else {"kind": "builtin", "name": name}
            for name in names
        ]
        recorder = ReplayWriter(replay, spec, match_seed, None, seats)
    hook = None if quiet else live_printer(spec, console, reveal_teams=HUMAN not in names)
    state = play_match(spec, match_seed, None, agents, on_events=hook, recorder=recorder)
    winner = getattr(state, "winner", None)
    if quiet:
        rounds = [r["winner"] for r in spec.summarize(state).get("rounds", [])]
        typer.echo(json.dumps({"winner": winner, "rounds": rounds, "seed": match_seed}))
        return
    label = f"seat {winner} ({names[winner]})" if winner in (0, 1) else "nobody"
    console.print(f"[bold green]Winner: {label}[/] — seed {match_seed}")
    if replay is not None:
        console.print(f"Replay written to {replay}", markup=False)


def register(app: typer.Typer) -> None:
    """Add `play` to `app`."""
    app.command("play")(play_command)
