"""From an answer in words back to a legal action, forgivingly.

In order: the whole answer is an action's name; it holds a JSON object that is a legal
action; it names exactly one action (whole words, the longest name winning over names
inside it); it holds exactly one menu number. Case, spacing and prose around the answer do
not matter ("I'll play 3." / "Action: pass"). An answer that matches nothing, or could
mean two actions, is refused with the reason, so the one who answered can try again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from .text import action_names

_NUMBER = re.compile(r"(?<![\w.])(\d+)(?![\w]|\.\d)")
_TRIM = " \t\r\n.!?\"'`*:;,"


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def parse_answer(
    text: str,
    legal: Sequence[Any],
    read_json: Callable[[Any], Any] | None = None,
    names: Sequence[str] | None = None,
) -> tuple[Any | None, str]:
    """The action `text` chooses from `legal`, or None and the reason it was refused.
    `read_json` reads an action's JSON form (the game's ``action_from_json``); `names`
    are the menu's names (`text.action_names`) where the caller has them already."""
    if not legal:
        return None, "there is no legal action to choose"
    names = [_normal(name) for name in (action_names(legal) if names is None else names)]
    answer = _normal(text).strip(_TRIM)
    if not answer:
        return None, f"the answer is empty; answer with a number from 1 to {len(legal)}"
    if answer in names:
        return legal[names.index(answer)], ""
    if read_json is not None and "{" in text:
        chosen, reason = _by_json(text, legal, read_json)
        if chosen is not None or reason:
            return chosen, reason
    named = _by_name(answer, names)
    if len(named) == 1:
        return legal[named[0]], ""
    if len(named) > 1:
        listed = "; ".join(f"{index + 1}. {names[index]}" for index in named)
        return None, f"ambiguous: the answer names several actions ({listed})"
    return _by_number(answer, legal)


def _by_json(
    text: str, legal: Sequence[Any], read_json: Callable[[Any], Any]
) -> tuple[Any | None, str]:
    """A JSON object in the answer (from its first ``{`` to its last ``}``)."""
    start, end = text.find("{"), text.rfind("}")
    if end <= start:
        return None, ""
    try:
        action = read_json(json.loads(text[start : end + 1]))
    except (ValueError, TypeError, KeyError) as error:
        return None, f"the JSON in the answer is not an action: {error}"
    except Exception as error:  # a game's decoder raises its own error types
        return None, f"the JSON in the answer is not an action: {error}"
    for candidate in legal:
        if candidate == action:
            return candidate, ""
    return None, f"the JSON action {json.dumps(action.to_json())} is not legal now"


def _by_name(answer: str, names: Sequence[str]) -> list[int]:
    """Indices of the names the answer holds as whole words, less those inside another."""
    found = [index for index, name in enumerate(names) if name in answer and _whole(name, answer)]
    return [
        index
        for index in found
        if not any(other != index and names[index] in names[other] for other in found)
    ]


def _whole(name: str, answer: str) -> bool:
    """Whether `name` stands in `answer` as whole words (not inside a longer word)."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", answer) is not None


def _by_number(answer: str, legal: Sequence[Any]) -> tuple[Any | None, str]:
    numbers = {int(match) for match in _NUMBER.findall(answer)}
    if not numbers:
        return None, (f"no action found in the answer; answer with a number from 1 to {len(legal)}")
    if len(numbers) > 1:
        listed = ", ".join(str(number) for number in sorted(numbers))
        return None, f"ambiguous: the answer holds several numbers ({listed}); give one"
    number = numbers.pop()
    if not 1 <= number <= len(legal):
        return None, f"there is no action {number}; the actions are numbered 1 to {len(legal)}"
    return legal[number - 1], ""
