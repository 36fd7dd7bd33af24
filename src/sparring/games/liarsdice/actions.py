"""Liar's Dice actions: one frozen message type per action, told apart by ``"type"``.

``{"type": "bid", "quantity": 3, "face": 4}`` claims that at least three of all the dice
on the table show a four; ``{"type": "challenge"}`` calls the previous bid a lie;
``{"type": "spot_on"}`` (option ``spot_on``) claims the previous bid is exactly right.

The field limits are checked when an action is decoded from JSON; whether a well-formed
action may be played now is the engine's business (`bidding.why_not_action`).
(``frozen=True`` is the base's already; it is repeated because mypy does not carry a
struct's frozenness over to its subclasses.)
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from sparring.core.messages import ActionStruct, Codec

from .options import MAX_DICE, MAX_PLAYERS

FACES = range(1, 7)
#: The largest quantity any bid can name: every die of the largest table.
MAX_QUANTITY = MAX_PLAYERS * MAX_DICE
FACE_NAMES = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}
FACE_NAME = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


class Bid(ActionStruct, tag="bid", frozen=True):
    """At least `quantity` of all the dice show `face`."""

    quantity: Annotated[int, msgspec.Meta(ge=1, le=MAX_QUANTITY)]
    face: Annotated[int, msgspec.Meta(ge=1, le=6)]

    def __str__(self) -> str:
        return say_bid(self.quantity, self.face)


class Challenge(ActionStruct, tag="challenge", frozen=True):
    """The previous bid is a lie: reveal the dice."""

    def __str__(self) -> str:
        return "challenge"


class SpotOn(ActionStruct, tag="spot_on", frozen=True):
    """The previous bid is exactly right: reveal the dice (option ``spot_on``)."""

    def __str__(self) -> str:
        return "spot on"


Action = Bid | Challenge | SpotOn
CHALLENGE = Challenge()
SPOT_ON = SpotOn()
action_from_json = Codec[Action](Action, "Liar's Dice action")


def say_bid(quantity: int, face: int) -> str:
    """A bid in words: "3 fours", "1 six"."""
    names = FACE_NAME if quantity == 1 else FACE_NAMES
    return f"{quantity} {names.get(face, f'of face {face}')}"
