"""The sparring bot protocol, version 1: JSON lines over stdin/stdout (docs/protocol.md).

The referee sends ``start``, then ``act`` for each decision, then ``end``; the bot answers
each ``act`` with one ``action`` line. These helpers build and check those messages so the
referee, the SDK and `bot check` agree on one definition.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.verdicts import BAD

from .process import BotFailure

VERSION = 1


def legal_json(legal: Sequence[Any]) -> Any:
    """Legal actions on the wire: a list of action objects, or a game's compact form for
    very large sets (e.g. a team picked from a roster: the pieces to choose from)."""
    compact = getattr(legal, "to_json", None)
    if compact is not None:
        return compact()
    return [action.to_json() for action in legal]


def start_message(spec: GameSpec, seat: int, players: int, options: Any, seconds: float) -> dict:
    return {
        "type": "start",
        "protocol": VERSION,
        "game": spec.name,
        "rules_version": spec.rules_version,
        "seat": seat,
        "players": players,
        "options": options.to_json() if hasattr(options, "to_json") else (options or {}),
        "time_limit": seconds,
    }


def act_message(decision: int, view: dict[str, Any], legal: Sequence[Any], seconds: float) -> dict:
    return {
        "type": "act",
        "decision": decision,
        "deadline": seconds,
        "view": view,
        "legal": legal_json(legal),
        "legal_count": len(legal),
    }


def end_message(seat: int, result: dict[str, Any], view: dict[str, Any]) -> dict:
    return {"type": "end", "seat": seat, "result": result, "view": view}


def chosen_action(spec: GameSpec, reply: dict[str, Any], legal: Sequence[Any]) -> Any:
    """The action a bot's reply names: its ``action`` object read by the game, or with
    ``index`` the legal action at that place in the referee's order (``0 <= index <
    legal_count``). Anything else is BAD, with the reason."""
    kind = reply.get("type", "action")
    if kind != "action":
        raise BotFailure(BAD, f"expected a reply of type 'action', got {kind!r}")
    if "action" in reply:
        try:
            return spec.action_from_json(reply["action"])
        except BadInput as error:
            raise BotFailure(BAD, str(error)) from None
        except Exception as error:  # a reply must never crash the referee, whatever it holds
            raise BotFailure(
                BAD, f"unreadable action {reply['action']!r}: {type(error).__name__}: {error}"
            ) from None
    if "index" not in reply:
        raise BotFailure(BAD, "the reply has neither an 'action' nor an 'index' field")
    index = reply["index"]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(legal):
        raise BotFailure(BAD, f"index must be an integer from 0 to {len(legal) - 1}, got {index!r}")
    return legal[index]
