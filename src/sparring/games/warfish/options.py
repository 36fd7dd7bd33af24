"""Warfish rule options: one frozen object whose fields mirror the real site's game settings.

The defaults are the rules text's preset (warfish-intro.md, as the companion reads it);
docs/games/warfish.md describes every field, and marks the ones that are our own rulings.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from sparring.core.errors import BadInput

from .maps import MAX_PLAYERS, MIN_PLAYERS, WarfishMap, load_map

_CHOICES: dict[str, tuple[str, ...]] = {
    "transfer_rule": ("adjacent", "connected"),
    "setup_placement": ("turns", "random"),
}
#: Fields that must be at least 1 (the others may be 0, usually meaning "none"/"unlimited").
_POSITIVE = ("attack_dice_sides", "defend_dice_sides", "round_cap", "neutral_units")
CLASSIC_SCALE = (4, 6, 8, 10, 12, 15)


@dataclass(frozen=True, slots=True)
class WarfishOptions:
    """Every rule setting of a game. Counts of 0 mean "no limit" for `attacks_per_turn` and
    `max_units`, "none" for `transfers_per_turn`, `neutral_territories`, `elimination_bonus`
    and `card_territory_bonus`, and "the companion's rule, 50 − 5 × players" for
    `starting_units`."""

    map: str = "classic"
    players: int = 2
    attacks_per_turn: int = 0
    transfers_per_turn: int = 1
    transfer_rule: str = "adjacent"
    attack_dice_sides: int = 6
    defend_dice_sides: int = 6
    cards: bool = True
    card_scale: tuple[int, ...] = CLASSIC_SCALE
    card_scale_continue: int = 5
    card_territory_bonus: int = 0
    card_capture: bool = True
    elimination_bonus: int = 0
    max_units: int = 0
    fog: bool = False
    starting_units: int = 0
    setup_placement: str = "turns"
    neutral_territories: int = 0
    neutral_units: int = 3
    round_cap: int = 100

    @property
    def board(self) -> WarfishMap:
        return load_map(self.map)

    def start_units(self) -> int:
        """Units each player has in all after setup (companion: 50 − 5 × players)."""
        return self.starting_units or 50 - 5 * self.players

    def trade_value(self, trades_before: int) -> int:
        """Units the next set is worth when `trades_before` sets were traded before it in
        this game: the scale, then +`card_scale_continue` per trade after its end."""
        scale = self.card_scale
        if trades_before < len(scale):
            return scale[trades_before]
        return scale[-1] + self.card_scale_continue * (trades_before - len(scale) + 1)

    def to_json(self) -> dict[str, Any]:
        out = dict(shared_json(self))
        out["card_scale"] = list(self.card_scale)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> WarfishOptions:
        """Parse options, refusing anything unknown or out of range with a clear message."""
        if data is None:
            return cls()
        if isinstance(data, WarfishOptions):
            return data
        if not isinstance(data, dict):
            raise BadInput(f"warfish options must be an object, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise BadInput(
                f"unknown warfish option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
            )
        values: dict[str, Any] = {}
        defaults = cls()
        for name, value in data.items():
            values[name] = _field(name, value, getattr(defaults, name))
        options = cls(**values)
        options.validate()
        return options

    def validate(self) -> None:
        """Check the combination of options against each other and the map."""
        board = load_map(self.map)
        if not MIN_PLAYERS <= self.players <= min(MAX_PLAYERS, board.max_players):
            raise BadInput(
                f"warfish option players must be {MIN_PLAYERS}-{board.max_players} on map "
                f"{board.key!r}, got {self.players}"
            )
        if self.players + self.neutral_territories > board.size:
            raise BadInput(
                f"map {board.key!r} has {board.size} territories: too few for {self.players} "
                f"players and {self.neutral_territories} neutral territories"
            )
        if self.start_units() < 1:
            raise BadInput(
                f"warfish starting_units must leave each player units, got {self.start_units()}"
            )


def _field(name: str, value: Any, default: Any) -> Any:
    """One option value checked against the type of its default."""
    if name == "map":
        if not isinstance(value, str):
            raise BadInput(f"warfish option map must be a map name, got {value!r}")
        return load_map(value).key
    if name == "card_scale":
        if (
            not isinstance(value, list | tuple)
            or not value
            or any(isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in value)
        ):
            raise BadInput(
                f"warfish option card_scale must be a non-empty list of whole numbers of at "
                f"least 1, got {value!r}"
            )
        return tuple(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise BadInput(f"warfish option {name} must be true or false, got {value!r}")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise BadInput(f"warfish option {name} must be a whole number >= 0, got {value!r}")
        if name in _POSITIVE and value < 1:
            raise BadInput(f"warfish option {name} must be at least 1, got {value}")
        return value
    if value not in _CHOICES[name]:
        raise BadInput(
            f"warfish option {name} must be one of {', '.join(_CHOICES[name])}, got {value!r}"
        )
    return value


@cache
def shared_json(options: WarfishOptions) -> dict[str, Any]:
    """The JSON form, built once per options value and shared by every view (views include
    it at every decision): callers must not mutate it; `to_json` gives a private copy."""
    out = {f.name: getattr(options, f.name) for f in fields(options)}
    out["card_scale"] = list(options.card_scale)
    return out
