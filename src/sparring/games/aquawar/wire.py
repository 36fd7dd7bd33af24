"""The legal actions of an ``act`` message read back into the engine's own (for `sparring
bot run`): a built-in agent run as a bot process must be handed exactly what it gets
in-process.

Picks come in their compact form (`PickSpace.to_json`) and become the same lazy
`PickSpace`; turn menus come as lists, each action becoming the single object the engine
shares for it (the agents tell the assertion phase by ``legal[0] is PASS``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.core.errors import BadInput

from .actions import ASSERTS, ATTACKS, PASS, SKILLS, action_from_json
from .picks import PickSpace
from .roster import ALL_FISH

#: Every action the engine builds once and shares, by value.
SHARED: dict[Any, Any] = {
    action: action for action in (PASS, *ASSERTS.values(), *ATTACKS.values(), *SKILLS.values())
}


def pick_space_from_json(data: dict[str, Any]) -> PickSpace:
    """The `PickSpace` whose compact form `data` is, or `BadInput` for a form no pick space
    has (its fish, Mimic targets and count must all agree)."""
    fish = data.get("fish")
    if not isinstance(fish, list) or not all(f in ALL_FISH for f in fish):
        raise BadInput(f"a pick's legal.fish must list fish ids 1-12, got {fish!r}")
    space = PickSpace(frozenset(fish))
    if space.to_json() != data:
        raise BadInput(f"legal is no pick set the rules allow: {data!r}")
    return space


def legal_from_json(data: Any) -> Sequence[Any]:
    """An ``act`` message's ``legal`` as `AquawarState.legal_actions` gives it."""
    if isinstance(data, dict) and data.get("type") == "pick":
        return pick_space_from_json(data)
    if not isinstance(data, list):
        raise BadInput(f"legal must be a pick set or a list of actions, got {data!r}")
    actions = [action_from_json(item) for item in data]
    return tuple(SHARED.get(action, action) for action in actions)
