"""A seat's decision as text: what a person at the terminal is told (the game's rendering
of the seat's view, which carries its recent events in words) and the legal actions as a
numbered list, each with a readable name.

An action's name is the game's own description of it where the game gives one (its
``__str__``), else its JSON written compactly (``play card=27``). Names are made unique
within one menu: where two actions would read the same, both fall back on their JSON form,
so every name parses back to exactly its action (`parse.parse_answer`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sparring.core.game import GameSpec, View


def compact_json(action: Any) -> str:
    """An action's JSON form, compactly: its ``type`` first, then ``key=value`` pairs."""
    data = action.to_json() if hasattr(action, "to_json") else action
    if not isinstance(data, dict):
        return json.dumps(data, separators=(",", ":"))
    kind = data.get("type")
    pairs = [
        f"{key}={json.dumps(value, separators=(',', ':'))}".replace('"', "")
        for key, value in data.items()
        if key != "type"
    ]
    return " ".join([str(kind), *pairs]) if kind is not None else " ".join(pairs)


def own_description(action: Any) -> str | None:
    """The game's own words for an action (a ``__str__`` of its type), if it has them."""
    if type(action).__str__ is object.__str__:
        return None
    text = " ".join(str(action).split())
    return text if text and text != repr(action) else None


def action_names(legal: Sequence[Any]) -> list[str]:
    """One unique, readable name per legal action, in menu order."""
    names = [own_description(action) or compact_json(action) for action in legal]
    seen: dict[str, int] = {}
    for name in names:
        key = name.lower()
        seen[key] = seen.get(key, 0) + 1
    unique = [
        compact_json(action) if seen[name.lower()] > 1 else name
        for action, name in zip(legal, names, strict=True)
    ]
    if len({name.lower() for name in unique}) != len(unique):
        unique = [f"{name} [{index}]" for index, name in enumerate(unique, start=1)]
    return unique


#: The most actions a menu lists; a longer one (a draft of every team) lists this many and
#: says how many more there are, all answerable by name in the same form.
MENU_SHOWN = 120


def numbered_actions(names: Sequence[str]) -> str:
    """The menu: one line per action, numbered from 1 (at most `MENU_SHOWN` lines)."""
    lines = [f"{number}. {name}" for number, name in enumerate(names[:MENU_SHOWN], start=1)]
    if len(names) > MENU_SHOWN:
        lines.append(
            f"... and {len(names) - MENU_SHOWN} more of the same forms "
            f"(numbered up to {len(names)}): answer one by its name"
        )
    return "\n".join(lines)


def view_text(spec: GameSpec, view: View) -> str:
    """What the seat is told: the game's rendering of its view (state and recent events)."""
    return spec.render_view(view).rstrip()


def decision_text(spec: GameSpec, view: View, legal: Sequence[Any]) -> str:
    """One decision as a whole message: the view, then the numbered legal actions and how
    to answer."""
    names = action_names(legal)
    return (
        f"{view_text(spec, view)}\n\n"
        f"Legal actions ({len(names)}):\n{numbered_actions(names)}\n\n"
        "Answer with the number of one action (or its name)."
    )
