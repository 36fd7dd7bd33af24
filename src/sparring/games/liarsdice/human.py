"""A person at a terminal as a Liar's Dice player.

It shows the seat's view (`render_view`) and what may be played, then reads answers
until one is legal, saying why each refused answer was refused. Answers:

- a bid: quantity and face, as ``3 4``, ``3x4``, ``bid 3 4``, ``3 fours``, ``bid 3 4s``
  or ``1 six``;
- ``liar`` or ``challenge`` (also ``l``, ``c``) to challenge the standing bid;
- ``spot on`` (also ``spot``, ``exact``, ``s``) where the option is played;
- ``help`` (or ``?``) for this list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from sparring.agents.terminal import Parse, TerminalAgent

from .actions import CHALLENGE, FACE_NAME, FACE_NAMES, SPOT_ON, Bid, say_bid
from .bidding import why_not_action
from .render import render_view
from .views import TableView, as_table

CHALLENGE_WORDS = frozenset({"liar", "challenge", "l", "c", "call"})
SPOT_ON_WORDS = frozenset({"spot on", "spot-on", "spoton", "spot", "exact", "s"})
HELP_WORDS = frozenset({"help", "?", "h"})
FACE_WORDS = {
    **{word: face for face, word in FACE_NAME.items()},
    **{word: face for face, word in FACE_NAMES.items()},
}
REFUSED = "not accepted: "
_COMPACT = re.compile(r"(\d+)\s*[x×*]\s*(\d+)s?")


def help_text(table: TableView) -> str:
    calls = "'liar' (or 'challenge') to call the standing bid a lie"
    if table.options.spot_on:
        calls += ", 'spot on' to call it exactly right"
    return (
        "Bid a quantity and a face: '3 4', '3x4', 'bid 3 fours' (at least 3 of all the "
        f"dice show a four); {calls}; 'help' for this text."
    )


def menu(table: TableView, legal: Sequence[Any]) -> str:
    """What may be played now, with the lowest legal bid of each face, lowest first."""
    lowest: dict[int, int] = {}
    for action in legal:
        if isinstance(action, Bid) and action.face not in lowest:
            lowest[action.face] = action.quantity
    lines = ["Your move."]
    if lowest:
        raises = ", ".join(say_bid(quantity, face) for face, quantity in lowest.items())
        lines.append(f"  Lowest bids: {raises} (or more)")
    if table.bids:
        standing = table.bids[-1]
        lines.append(
            f"  Or call seat {standing.seat}'s {say_bid(standing.quantity, standing.face)}:"
        )
        lines.append("    'liar' to challenge" + (", 'spot on'" if table.options.spot_on else ""))
    lines.append("  'help' explains the answers.")
    return "\n".join(lines)


def _face(token: str) -> int | None:
    if token.isdigit():
        return int(token)
    if token.endswith("s") and token[:-1].isdigit():
        return int(token[:-1])
    return FACE_WORDS.get(token)


def read_action(text: str) -> tuple[Any | None, str]:
    """The action `text` names, or None and why it names none (not yet checked against
    the rules)."""
    words = " ".join(text.strip().lower().split())
    if not words:
        return None, "type a bid such as '3 4', or 'liar' ('help' for more)"
    if words in CHALLENGE_WORDS:
        return CHALLENGE, ""
    if words in SPOT_ON_WORDS:
        return SPOT_ON, ""
    if words.startswith("bid "):
        words = words[4:]
    compact = _COMPACT.fullmatch(words)
    tokens = list(compact.groups()) if compact else words.split()
    if len(tokens) != 2 or not tokens[0].isdigit():
        return None, f"{text.strip()!r} is not a bid: type a quantity and a face, e.g. '3 4'"
    face = _face(tokens[1])
    if face is None:
        return None, f"{tokens[1]!r} is not a face: use 1-6 or a word such as 'fours'"
    return Bid(int(tokens[0]), face), ""


def parse(text: str, table: TableView, legal: Sequence[Any]) -> tuple[Any | None, str]:
    """A legal action from `text`, or None and what to say: the help text for 'help',
    else why the answer was not accepted."""
    if " ".join(text.strip().lower().split()) in HELP_WORDS:
        return None, help_text(table)
    action, problem = read_action(text)
    if action is None:
        return None, f"{REFUSED}{problem}"
    if action in legal:
        return action, ""
    standing = table.bids[-1] if table.bids else None
    previous = None if standing is None else Bid(standing.quantity, standing.face)
    reason = why_not_action(action, previous, sum(table.dice), table.options)
    return None, f"{REFUSED}{reason or f'{action} is not one of your legal actions now'}"


class HumanAgent(TerminalAgent):
    """Prompts a person for each decision of one seat. The refusals carry their own
    prefix, so that 'help' is answered without one."""

    refusal_prefix = ""

    def prompt(self, view: Any, legal: Sequence[Any]) -> tuple[list[str], Parse]:
        table = as_table(view)
        return [render_view(table), menu(table, legal)], lambda text: parse(text, table, legal)
