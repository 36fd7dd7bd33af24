"""Liar's Dice rule options: one frozen struct, the common rules as the defaults
(docs/games/liarsdice.md, "Options")."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from sparring.core.messages import OptionsStruct

MIN_PLAYERS = 2
MAX_PLAYERS = 6
DEFAULT_PLAYERS = 4
DEFAULT_DICE = 5
MAX_DICE = 10
#: How a bid on ones works while ones are wild: ``forbidden``, no bid may name ones;
#: ``converted``, a ones bid counts double (it needs half the quantity, rounded up, to
#: raise a bid on another face, and leaving ones needs twice the quantity plus one).
OnesBids = Literal["forbidden", "converted"]
ONES_BIDS: tuple[OnesBids, ...] = ("forbidden", "converted")


class LiarsDiceOptions(OptionsStruct, frozen=True, kw_only=True):
    """``players``: seats at the table. ``dice``: dice each player starts with.
    ``wild_ones``: a one counts as every face a bid names (other than ones).
    ``ones_bids``: how ones may be bid while they are wild (see `OnesBids`).
    ``spot_on``: the player to move may call the previous bid exactly right."""

    players: Annotated[int, msgspec.Meta(ge=MIN_PLAYERS, le=MAX_PLAYERS)] = DEFAULT_PLAYERS
    dice: Annotated[int, msgspec.Meta(ge=1, le=MAX_DICE)] = DEFAULT_DICE
    wild_ones: bool = True
    ones_bids: OnesBids = "forbidden"
    spot_on: bool = False

    def __post_init__(self) -> None:
        if self.ones_bids == "converted" and not self.wild_ones:
            raise ValueError(
                'ones_bids = "converted" needs wild_ones = true (without wild ones, ones are '
                "bid like any other face)"
            )

    @property
    def total_dice(self) -> int:
        """The dice in play at the start of the game."""
        return self.players * self.dice
