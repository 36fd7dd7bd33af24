"""The legal actions of an ``act`` message read back into the engine's own (for `sparring
bot run`): a built-in agent run as a bot process must be handed exactly what it gets
in-process — a compact menu as the same lazy menu (`menus.py`), the trading phase's list
with the phase's "stop" action as the object the engine shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sparring.core.errors import BadInput

from .actions import END_TURN, STOP_ATTACKING, STOP_TRADING, action_from_json
from .menus import AttackMenu, MoveInMenu, PlaceMenu, TransferMenu

SHARED: dict[Any, Any] = {action: action for action in (STOP_TRADING, STOP_ATTACKING, END_TURN)}


def _rows(data: dict[str, Any], width: int) -> list[tuple[int, ...]]:
    rows = data.get("choices")
    if not isinstance(rows, list) or not all(
        isinstance(row, list) and len(row) == width and all(type(v) is int for v in row)
        for row in rows
    ):
        raise BadInput(f"{data.get('type')}: choices must be rows of {width} integers")
    return [tuple(row) for row in rows]


def _place(data: dict[str, Any]) -> PlaceMenu:
    rows = _rows(data, 2)
    return PlaceMenu(tuple(t for t, _ in rows), tuple(cap for _, cap in rows))


def _attack(data: dict[str, Any]) -> AttackMenu:
    rows = _rows(data, 3)
    return AttackMenu(tuple((s, t) for s, t, _ in rows), tuple(d for _, _, d in rows))


def _transfer(data: dict[str, Any]) -> TransferMenu:
    rows = _rows(data, 3)
    return TransferMenu(tuple((s, t) for s, t, _ in rows), tuple(c for _, _, c in rows))


def _move_in(data: dict[str, Any]) -> MoveInMenu:
    low, high = data.get("low"), data.get("high")
    if type(low) is not int or type(high) is not int or not 0 <= low <= high:
        raise BadInput(f"move_in_menu: low and high must be integers 0 <= low <= high, got {data}")
    return MoveInMenu(low, high)


MENUS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "place_menu": _place,
    "attack_menu": _attack,
    "transfer_menu": _transfer,
    "move_in_menu": _move_in,
}


def legal_from_json(data: Any) -> Sequence[Any]:
    """An ``act`` message's ``legal`` as `legal.menu` gives it. A menu must read back to
    exactly the JSON it came from, so a menu the engine could not have sent is refused."""
    if isinstance(data, list):
        return [SHARED.get(action, action) for action in map(action_from_json, data)]
    reader = MENUS.get(str(data.get("type"))) if isinstance(data, dict) else None
    if reader is None:
        raise BadInput(f"legal must be a list of actions or a menu ({', '.join(MENUS)})")
    menu = reader(data)
    if menu.to_json() != data:
        raise BadInput(f"legal is no {data['type']} the rules could send: {data!r}")
    return menu
