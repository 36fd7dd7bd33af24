"""Throughput of whole matches between built-in agents in one process.

Numbers are printed, never asserted: these machines are noisy, so speed is tracked by
people reading `sparring bench` output, not by timed tests.
"""

from __future__ import annotations

import resource
import time
from typing import Any

from .compiled import is_compiled
from .errors import BadInput
from .game import GameSpec
from .playout import play_match


def _peak_rss_mib() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def default_agents(spec: GameSpec) -> tuple[str, ...]:
    """The agents `sparring bench GAME` pits against each other when none are named."""
    return spec.extensions.bench_agents


def match_options(spec: GameSpec, seats: int) -> Any:
    """The options a benchmark plays with: the defaults, with `seats` players for a game
    whose options have a player count (None: the defaults as they are)."""
    if hasattr(spec.default_options(), "players"):
        return spec.options_from_json({"players": seats})
    return None


def bench_matches(
    spec: GameSpec,
    games: int,
    agents: tuple[str, ...] | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """Play `games` matches with seeds `seed`, `seed + 1`, ... and measure them. One agent
    per seat; a game with a player count is played by as many as are named, its
    other options at their defaults.

    One untimed warm-up match (seed `seed + games`) goes first: lookup tables a process
    builds once (dice outcomes, capture odds, map facts) would otherwise be billed to the
    first timed matches, and the figure is meant as the steady rate of a long run."""
    if games < 1:
        raise BadInput(f"--games must be at least 1, got {games}")
    agents = default_agents(spec) if agents is None else tuple(agents)
    for name in agents:
        if name not in spec.agents:
            raise BadInput(
                f"unknown {spec.name} agent {name!r}; known: {', '.join(sorted(spec.agents))}"
            )
    options = match_options(spec, len(agents))
    seats = spec.new_game(seed, options).num_players
    if len(agents) != seats:
        raise BadInput(f"{spec.name} is played by {seats}: name {seats} agents, not {len(agents)}")
    _play(spec, seed + games, options, agents, [0])
    tally = [0]
    started = time.perf_counter()
    for index in range(games):
        _play(spec, seed + index, options, agents, tally)
    elapsed = time.perf_counter() - started
    return {
        "game": spec.name,
        "agents": list(agents),
        "matches": games,
        "decisions": tally[0],
        "decisions_per_match": round(tally[0] / games, 1),
        "seconds": round(elapsed, 4),
        "matches_per_second": round(games / elapsed, 1),
        "actions_per_second": round(tally[0] / elapsed, 1),
        "peak_rss_mib": _peak_rss_mib(),
        "warmup_matches": 1,
        "compiled": is_compiled(),
    }


def _play(
    spec: GameSpec, seed: int, options: Any, agents: tuple[str, ...], tally: list[int]
) -> None:
    """One match of fresh agents (seeded from the match seed), its decisions counted."""
    players = [spec.agents[name](seat, seed * 2 + seat) for seat, name in enumerate(agents)]
    play_match(spec, seed, options, players, tally=tally)
