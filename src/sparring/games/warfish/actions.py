"""Warfish actions: one frozen msgspec struct per action type, tagged by its JSON ``"type"``.

Territories are named by index (their position in the map file's territory list; a view's
``map.territories`` gives the names), cards by card id (0..T−1: the card of territory i;
T and T+1: the two wilds). One action per decision:

- setup and placement: `Place` (a territory and a count; 1 during setup);
- card trading: `Trade` (three card ids) or `StopTrading`;
- attacks: `Attack` (one roll with 1–3 dice), `Blitz` (rolls with the most dice until the
  target falls or the source is down to 1 unit) or `StopAttacking`;
- after a capture: `MoveIn` (how many units move into the captured territory) — unless
  the attack carried a standing order, ``move_in``: the count to move in should it
  capture, clamped to the allowed range (0: the minimum; the source's units or more: all
  it may). A bot that knows its move-in in advance saves a decision per capture;
- the transfer: `Transfer` or `EndTurn` (which also skips a transfer not made).

Decoding (`action_from_json`) checks what holds whatever the position: whole numbers
everywhere, three card ids in a trade, a standing ``move_in`` of 0 or more. Whether the
territories, counts and dice fit the map and the moment is the engine's to say
(`legal.refusal`), with the rules' reason. Each struct restates ``frozen=True``, which it
inherits anyway, because mypy reads every struct as a dataclass of its own.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from sparring.core.messages import ActionStruct, Codec

#: A standing move-in order: none, or a count of at least 0 (clamped by the engine).
MoveInOrder = Annotated[int, msgspec.Meta(ge=0)] | None
#: A trade's three card ids.
TradedCards = Annotated[tuple[int, ...], msgspec.Meta(min_length=3, max_length=3)]


class Place(ActionStruct, frozen=True, tag="place"):
    territory: int
    count: int


class Trade(ActionStruct, frozen=True, tag="trade"):
    """Trade in a set of three cards; the ids are kept sorted so equal sets compare equal."""

    cards: TradedCards

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "cards", tuple(sorted(self.cards)))


class StopTrading(ActionStruct, frozen=True, tag="stop_trading"):
    pass


class Attack(ActionStruct, frozen=True, tag="attack", omit_defaults=True):
    """One roll; `move_in` (optional): the units to move in should it capture (clamped)."""

    source: int
    target: int
    dice: int
    move_in: MoveInOrder = None


class Blitz(ActionStruct, frozen=True, tag="blitz", omit_defaults=True):
    """Rolls until capture or a 1-unit source; `move_in` as for `Attack`."""

    source: int
    target: int
    move_in: MoveInOrder = None


class StopAttacking(ActionStruct, frozen=True, tag="stop_attacking"):
    pass


class MoveIn(ActionStruct, frozen=True, tag="move_in"):
    count: int


class Transfer(ActionStruct, frozen=True, tag="transfer"):
    source: int
    target: int
    count: int


class EndTurn(ActionStruct, frozen=True, tag="end_turn"):
    pass


Action = Place | Trade | StopTrading | Attack | Blitz | StopAttacking | MoveIn | Transfer | EndTurn
STOP_TRADING = StopTrading()
STOP_ATTACKING = StopAttacking()
END_TURN = EndTurn()

action_from_json = Codec[Action](Action, "warfish action")
