"""Warfish actions: small frozen values with a stable JSON form.

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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sparring.core.errors import BadInput


@dataclass(frozen=True, slots=True)
class Place:
    territory: int
    count: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "place", "territory": self.territory, "count": self.count}


@dataclass(frozen=True, slots=True)
class Trade:
    """Trade in a set of three cards; the ids are kept sorted so equal sets compare equal."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def to_json(self) -> dict[str, Any]:
        return {"type": "trade", "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class StopTrading:
    def to_json(self) -> dict[str, Any]:
        return {"type": "stop_trading"}


@dataclass(frozen=True, slots=True)
class Attack:
    """One roll; `move_in` (optional): the units to move in should it capture (clamped)."""

    source: int
    target: int
    dice: int
    move_in: int | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"type": "attack", "source": self.source, "target": self.target, "dice": self.dice}
        if self.move_in is not None:
            out["move_in"] = self.move_in
        return out


@dataclass(frozen=True, slots=True)
class Blitz:
    """Rolls until capture or a 1-unit source; `move_in` as for `Attack`."""

    source: int
    target: int
    move_in: int | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"type": "blitz", "source": self.source, "target": self.target}
        if self.move_in is not None:
            out["move_in"] = self.move_in
        return out


@dataclass(frozen=True, slots=True)
class StopAttacking:
    def to_json(self) -> dict[str, Any]:
        return {"type": "stop_attacking"}


@dataclass(frozen=True, slots=True)
class MoveIn:
    count: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "move_in", "count": self.count}


@dataclass(frozen=True, slots=True)
class Transfer:
    source: int
    target: int
    count: int

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "transfer",
            "source": self.source,
            "target": self.target,
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class EndTurn:
    def to_json(self) -> dict[str, Any]:
        return {"type": "end_turn"}


Action = Place | Trade | StopTrading | Attack | Blitz | StopAttacking | MoveIn | Transfer | EndTurn
STOP_TRADING = StopTrading()
STOP_ATTACKING = StopAttacking()
END_TURN = EndTurn()


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(
            f"warfish action {data.get('type')!r} needs a whole number {key!r}, got {value!r}"
        )
    return value


def valid_move_in_order(value: Any) -> bool:
    """Whether `value` may be an attack's standing ``move_in`` order: none, or a whole
    number of at least 0 (the engine clamps it into the capture's allowed range)."""
    return value is None or (type(value) is int and value >= 0)


def _standing_move_in(data: dict[str, Any]) -> int | None:
    """An attack's optional ``move_in``: absent or null, or a whole number of at least 0."""
    if data.get("move_in") is None:
        return None
    value = _int(data, "move_in")
    if value < 0:
        raise BadInput(
            f"warfish action {data.get('type')!r}: 'move_in' must be 0 or more, not {value}"
        )
    return value


def _attack(d: dict[str, Any]) -> Action:
    return Attack(_int(d, "source"), _int(d, "target"), _int(d, "dice"), _standing_move_in(d))


def _blitz(d: dict[str, Any]) -> Action:
    return Blitz(_int(d, "source"), _int(d, "target"), _standing_move_in(d))


def _place(d: dict[str, Any]) -> Action:
    return Place(_int(d, "territory"), _int(d, "count"))


def _trade(d: dict[str, Any]) -> Action:
    cards = d.get("cards")
    if (
        not isinstance(cards, list)
        or len(cards) != 3
        or any(isinstance(c, bool) or not isinstance(c, int) for c in cards)
    ):
        raise BadInput(
            f"warfish action 'trade' needs 'cards', a list of three card ids, got {cards!r}"
        )
    return Trade(tuple(cards))


_PARSERS = {
    "place": _place,
    "trade": _trade,
    "stop_trading": lambda d: STOP_TRADING,
    "attack": _attack,
    "blitz": _blitz,
    "stop_attacking": lambda d: STOP_ATTACKING,
    "move_in": lambda d: MoveIn(_int(d, "count")),
    "transfer": lambda d: Transfer(_int(d, "source"), _int(d, "target"), _int(d, "count")),
    "end_turn": lambda d: END_TURN,
}


def action_from_json(data: Any) -> Action:
    """Parse an action's JSON form, with a clear error for anything else."""
    if not isinstance(data, dict):
        raise BadInput(f"a warfish action is a JSON object, got {data!r}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise BadInput(
            f"a warfish action's 'type' is a string, one of {', '.join(_PARSERS)}; got {kind!r}"
        )
    parser = _PARSERS.get(kind)
    if parser is None:
        raise BadInput(f"unknown warfish action type {kind!r}; known: {', '.join(_PARSERS)}")
    return parser(data)
