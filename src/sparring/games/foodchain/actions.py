"""Food Chain actions: small frozen values with a stable JSON form.

A turn's free choices are `Play`, `Activate`, `Attack` and `EndPhase`. Everything decided
in the middle of resolving something (what a predator eats, a target, a mode, which of
several simultaneous effects goes first) is a pending decision whose options are the
`Eat`, `Target`, `Choose` and `Order` actions the engine lists. Cards are named by their
instance id (``card``), unique within a game; players by seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sparring.core.errors import BadInput


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from hand (creature, spell, free spell or field spell)."""

    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": self.card}


@dataclass(frozen=True, slots=True)
class Activate:
    """Use an activated ability: discard this card from hand, or sacrifice it from the field."""

    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "activate", "card": self.card}


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack with creature `attacker`: creature `target`, or the rival when None."""

    attacker: int
    target: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "attack",
            "attacker": self.attacker,
            "target": "rival" if self.target is None else self.target,
        }


@dataclass(frozen=True, slots=True)
class EndPhase:
    """Leave the current phase: Main 1 -> combat -> Main 2 -> end of turn."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "end_phase"}


@dataclass(frozen=True, slots=True)
class Eat:
    """What a predator being played eats: 0-3 card ids, ascending."""

    cards: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "eat", "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Target:
    """The chosen target of an effect: a card (creature on the field, or a card in a pile,
    hand or deck) or a player."""

    card: int | None = None
    player: int | None = None

    def to_json(self) -> dict[str, Any]:
        if self.player is not None:
            return {"type": "target", "player": self.player}
        return {"type": "target", "card": self.card}


def card_of(action: Target) -> int:
    """The card an answer to a card-choosing decision names (its options always name one)."""
    assert action.card is not None, "a card choice names a card"
    return action.card


@dataclass(frozen=True, slots=True)
class Choose:
    """An option of a modal ("choose one") effect, by index."""

    option: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "choose", "option": self.option}


@dataclass(frozen=True, slots=True)
class Order:
    """Which of several simultaneous effects resolves next, by its source card."""

    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "order", "card": self.card}


Action = Play | Activate | Attack | EndPhase | Eat | Target | Choose | Order
END_PHASE = EndPhase()


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(
            f"foodchain action {data.get('type')!r} needs an integer {key!r}, got {value!r}"
        )
    return value


def action_from_json(data: Any) -> Action:
    """Parse an action's JSON form (as bots send it), with a clear error for anything else."""
    if not isinstance(data, dict):
        raise BadInput(f"a foodchain action is a JSON object, got {data!r}")
    kind = data.get("type")
    if kind == "play":
        return Play(_int(data, "card"))
    if kind == "activate":
        return Activate(_int(data, "card"))
    if kind == "attack":
        target = data.get("target")
        if target == "rival":
            return Attack(_int(data, "attacker"), None)
        return Attack(_int(data, "attacker"), _int(data, "target"))
    if kind == "end_phase":
        return END_PHASE
    if kind == "eat":
        cards = data.get("cards")
        if not isinstance(cards, list) or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in cards
        ):
            raise BadInput(f"eat needs 'cards', a list of card ids, got {cards!r}")
        return Eat(tuple(sorted(cards)))
    if kind == "target":
        if "player" in data:
            return Target(player=_int(data, "player"))
        return Target(card=_int(data, "card"))
    if kind == "choose":
        return Choose(_int(data, "option"))
    if kind == "order":
        return Order(_int(data, "card"))
    raise BadInput(
        f"unknown foodchain action type {kind!r}; known: play, activate, attack, end_phase, "
        "eat, target, choose, order"
    )
