"""The games sparring knows: every package registered under the ``sparring.games``
entry-point group, the built-in games included, so a separate pip package adds a game
without touching sparring.

An entry point names a `GameSpec` (``name = "package.module:SPEC"``). Games are imported
only when asked for by name, so one game's import cost or breakage never touches another;
a plug-in that fails to load, or loads something that is not a spec of that name, is
reported as a clear error naming it.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from .errors import BadInput
from .game import GameSpec

GROUP = "sparring.games"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name.strip().lower(), point)
    return found


def game_names() -> list[str]:
    """The registered games' names, sorted."""
    return sorted(_entry_points())


@cache
def _load(name: str) -> GameSpec:
    point = _entry_points()[name]
    try:
        spec = point.load()
    except Exception as error:  # a broken plug-in must not take the platform down
        raise BadInput(
            f"game {name!r} failed to load from {point.value}: {type(error).__name__}: {error}"
        ) from error
    if not isinstance(spec, GameSpec):
        raise BadInput(f"game {name!r}: {point.value} is a {type(spec).__name__}, not a GameSpec")
    if spec.name != name:
        raise BadInput(f"game {name!r}: {point.value} describes a game named {spec.name!r}")
    return spec


def get_game(name: str) -> GameSpec:
    """The spec of game `name`, or a `BadInput` naming the games there are."""
    key = str(name).strip().lower()
    if key not in _entry_points():
        raise BadInput(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return _load(key)


def all_games() -> list[GameSpec]:
    """Every registered game's spec (this imports them all)."""
    return [get_game(name) for name in game_names()]
