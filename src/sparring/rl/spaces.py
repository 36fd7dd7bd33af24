"""The Gymnasium spaces and the seeding every environment shares."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from sparring.core.game import GameSpec
from sparring.core.registry import get_game

from .encoding import Observer, encoding_for
from .table import Table

#: Game seeds are drawn below this bound when a reset gives none.
SEED_BOUND = 2**62


def open_table(game: str, options: dict[str, Any]) -> Table:
    """A table for `game` under rule `options` (JSON entries; none: the rules text's)."""
    spec: GameSpec = get_game(game)
    parsed = spec.options_from_json(dict(options) if options else None)
    return Table(spec, parsed, encoding_for(spec, parsed))


def observation_space(observer: Observer) -> spaces.Dict:
    """``{"observation": Box(size), "action_mask": Box(0/1, int8)}``, as PettingZoo's
    classic environments have it. Features are scaled to [-1, 1] by each encoding."""
    return spaces.Dict(
        {
            "observation": spaces.Box(-1.0, 1.0, (observer.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (observer.action_count,), dtype=np.int8),
        }
    )


def seat_spaces(
    table: Table,
) -> tuple[list[str], dict[str, spaces.Space[Any]], dict[str, spaces.Space[Any]]]:
    """The agents of `table`'s game (``seat_0``, ``seat_1``, ...; how many from a game set
    up under its options) and their observation and action spaces, alike for every seat."""
    players = table.spec.new_game(0, table.options).num_players
    agents = [f"seat_{seat}" for seat in range(players)]
    observation = observation_space(table.observer)
    action = spaces.Discrete(table.observer.action_count)
    return agents, dict.fromkeys(agents, observation), dict.fromkeys(agents, action)


def spectator_text(table: Table, render_mode: str | None) -> str | None:
    """What an environment's ``render`` shows: the game as a spectator sees it, in the
    game's own text, when the render mode is ``ansi`` (the only one offered)."""
    if render_mode != "ansi":
        return None
    return table.spec.render_view(table.spec.view(table.state, None))


class GameSeeds:
    """Where each new game's seed comes from: the seed a reset gives, and for later
    resets without one, a generator seeded by it (unseeded until a seed is given)."""

    __slots__ = ("_source",)

    def __init__(self) -> None:
        self._source = np.random.default_rng()

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self._source = np.random.default_rng(seed)
            return int(seed)
        return int(self._source.integers(SEED_BOUND))
