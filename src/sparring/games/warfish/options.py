"""Warfish rule options: one frozen struct whose fields mirror the real site's game settings.

The defaults are the rules text's preset (warfish-intro.md, as the companion reads it);
docs/games/warfish.md describes every field, and marks the ones that are our own rulings.
Each field's type and range is checked when options are decoded from JSON; what depends on
the map (its name, how many players and neutral territories it holds) is checked in
`__post_init__`, so no options value the map cannot hold exists.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from sparring.core.errors import BadInput
from sparring.core.messages import OptionsStruct

from .maps import MIN_PLAYERS, WarfishMap, load_map

CLASSIC_SCALE = (4, 6, 8, 10, 12, 15)

#: A count where 0 has a meaning of its own ("none", "no limit", "the companion's rule").
Count = Annotated[int, msgspec.Meta(ge=0)]
#: A count that must be at least 1.
Positive = Annotated[int, msgspec.Meta(ge=1)]
#: At least 2; the most is the map's (at most 8), checked in `__post_init__`.
Players = Annotated[int, msgspec.Meta(ge=MIN_PLAYERS)]
#: The values of the first trades: at least one, each at least 1.
CardScale = Annotated[tuple[Positive, ...], msgspec.Meta(min_length=1)]


class WarfishOptions(OptionsStruct, frozen=True):
    """Every rule setting of a game. Counts of 0 mean "no limit" for `attacks_per_turn` and
    `max_units`, "none" for `transfers_per_turn`, `neutral_territories`, `elimination_bonus`
    and `card_territory_bonus`, and "the companion's rule, 50 − 5 × players" for
    `starting_units`."""

    map: str = "classic"
    players: Players = 2
    attacks_per_turn: Count = 0
    transfers_per_turn: Count = 1
    transfer_rule: Literal["adjacent", "connected"] = "adjacent"
    attack_dice_sides: Positive = 6
    defend_dice_sides: Positive = 6
    cards: bool = True
    card_scale: CardScale = CLASSIC_SCALE
    card_scale_continue: Count = 5
    card_territory_bonus: Count = 0
    card_capture: bool = True
    elimination_bonus: Count = 0
    max_units: Count = 0
    fog: bool = False
    starting_units: Count = 0
    setup_placement: Literal["turns", "random"] = "turns"
    neutral_territories: Count = 0
    neutral_units: Positive = 3
    round_cap: Positive = 100

    def __post_init__(self) -> None:
        """The map's name, as its key (case-insensitive), and the options it can hold."""
        try:
            board = load_map(self.map)
        except BadInput as error:
            raise ValueError(str(error)) from None
        msgspec.structs.force_setattr(self, "map", board.key)
        if self.players > board.max_players:
            raise ValueError(
                f"warfish option players must be {MIN_PLAYERS}-{board.max_players} on map "
                f"{board.key!r}, got {self.players}"
            )
        if self.players + self.neutral_territories > board.size:
            raise ValueError(
                f"map {board.key!r} has {board.size} territories: too few for {self.players} "
                f"players and {self.neutral_territories} neutral territories"
            )

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
