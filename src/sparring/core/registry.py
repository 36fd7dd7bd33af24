"""The games sparring knows, imported lazily by name so one game's import cost or breakage
never touches another."""

from __future__ import annotations

from importlib import import_module

from .errors import BadInput
from .game import GameSpec

_GAMES = {
    "aquawar": "sparring.games.aquawar.spec",
    "foodchain": "sparring.games.foodchain.spec",
    "tactics": "sparring.games.tactics.spec",
    "warfish": "sparring.games.warfish.spec",
}


def game_names() -> list[str]:
    return sorted(_GAMES)


def get_game(name: str) -> GameSpec:
    """The spec of game `name`, or a `BadInput` naming the games there are."""
    module = _GAMES.get(str(name).strip().lower())
    if module is None:
        raise BadInput(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return import_module(module).SPEC
