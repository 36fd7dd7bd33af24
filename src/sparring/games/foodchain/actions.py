"""Food Chain actions: one frozen message type per action, tagged by its JSON ``"type"``.

A turn's free choices are `Play`, `Activate`, `Attack` and `EndPhase`. Everything decided
in the middle of resolving something (what a predator eats, a target, a mode, which of
several simultaneous effects goes first) is a pending decision whose options are the
`Eat`, `Target`, `Choose` and `Order` actions the engine lists. Cards are named by their
instance id (``card``), unique within a game; players by seat.

Decoding a bot's JSON (`action_from_json`) checks the shape and the limits written on the
fields; whether an action is legal now is the engine's question (`legality`).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from sparring.core.messages import ActionStruct, Codec

from .limits import MAX_EATEN

#: A card's instance id.
CardId = Annotated[int, msgspec.Meta(ge=0)]
#: What an `Attack` names instead of a creature to attack the rival directly.
RIVAL: Literal["rival"] = "rival"
#: What an attack may target: a creature by id, or the rival.
AttackTarget = CardId | Literal["rival"]


class Play(ActionStruct, frozen=True, tag="play"):
    """Play a card from hand (creature, spell, free spell or field spell)."""

    card: CardId


class Activate(ActionStruct, frozen=True, tag="activate"):
    """Use an activated ability: discard this card from hand, or sacrifice it from the field."""

    card: CardId


class Attack(ActionStruct, frozen=True, tag="attack"):
    """Attack with creature `attacker`: creature `target`, or the rival (`RIVAL`)."""

    attacker: CardId
    target: AttackTarget

    @property
    def defender(self) -> int | None:
        """The creature attacked, or None when the attack goes at the rival directly."""
        return self.target if isinstance(self.target, int) else None


class EndPhase(ActionStruct, frozen=True, tag="end_phase"):
    """Leave the current phase: Main 1 -> combat -> Main 2 -> end of turn."""


class Eat(ActionStruct, frozen=True, tag="eat"):
    """What a predator being played eats: 0-3 card ids, kept ascending (the order the menu
    lists them in), so a bot may name them in any order."""

    cards: Annotated[tuple[CardId, ...], msgspec.Meta(max_length=MAX_EATEN)]

    def __post_init__(self) -> None:
        ascending = tuple(sorted(self.cards))
        if ascending != self.cards:
            msgspec.structs.force_setattr(self, "cards", ascending)


class Target(ActionStruct, frozen=True, tag="target", omit_defaults=True):
    """The chosen target of an effect: a card (creature on the field, or a card in a pile,
    hand or deck) or a player, never both."""

    card: CardId | None = None
    player: Annotated[int, msgspec.Meta(ge=0, le=1)] | None = None

    def __post_init__(self) -> None:
        if (self.card is None) == (self.player is None):
            raise ValueError("a target names either a card or a player")


def card_of(action: Target) -> int:
    """The card an answer to a card-choosing decision names (its options always name one)."""
    assert action.card is not None, "a card choice names a card"
    return action.card


class Choose(ActionStruct, frozen=True, tag="choose"):
    """An option of a modal ("choose one") effect, by index."""

    option: Annotated[int, msgspec.Meta(ge=0)]


class Order(ActionStruct, frozen=True, tag="order"):
    """Which of several simultaneous effects resolves next, by its source card."""

    card: CardId


Action = Play | Activate | Attack | EndPhase | Eat | Target | Choose | Order
END_PHASE = EndPhase()

#: Reads an action's JSON form, as bots send it, with a clear error for anything else.
action_from_json = Codec[Action](Action, "Food Chain action")
