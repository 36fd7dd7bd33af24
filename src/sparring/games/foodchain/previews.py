"""What a play from hand will ask next, shown before it is sent, so a person can cancel it
(rules §14 "Selection Cancellation"; our ruling in docs/games/foodchain.md, "Cancelling a
selection").

The engine keeps the rules' order (rules §8, companion ruling 5): a play is declared, the
rival's traps for it resolve, and only then does a predator choose what it eats or a spell
whom it targets. A person must yet be able to cancel the predator or the spell until that
choice is confirmed. So the front end gathers the choice before it sends the play, from
the menu the engine *would* open if no hidden card intervened — the rival's trap for the
play being the only thing that can come between (the rival's hand is hidden) — and
cancelling sends nothing.

Each preview is built by the very functions the engine's steps use (`plays.eat_options`,
`targets.choices`, the prompts), on the present state, and reads only what the seat's view
shows: its own hand card, both fields, the carrion piles, whether the turn's play is used.
Nothing here changes the state. A play gets a preview only where the engine would ask (two
options or more): a predator's eating, and a spell whose effect opens with a chosen target
(whose menu names only creatures on the fields, carrion cards and players, all in view).
Anything else — a spell opening with a modal, a tutor from the deck, an activated ability —
keeps the ordinary flow: the choice is asked after the action is sent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Play
from .plays import eat_options, eat_prompt
from .resolution import target_prompt
from .state import FoodChainState
from .targets import Ctx, choices
from .vocabulary import CHOSEN, FIELD_SPELL, PREDATOR


def previews(state: FoodChainState, seat: int, legal: Sequence[Any]) -> dict[int, dict[str, Any]]:
    """By index into `legal` (the seat's free choices): the decision each play would open
    next if no trap intervened, as the view shows a decision to its decider (``kind``,
    ``prompt``, ``source`` and the ``options`` as actions in JSON)."""
    if state.pending is not None or seat != state.active:
        return {}
    shown = {}
    for index, action in enumerate(legal):
        if isinstance(action, Play):
            preview = play_preview(state, seat, action.card)
            if preview is not None:
                shown[index] = preview
    return shown


def play_preview(state: FoodChainState, seat: int, uid: int) -> dict[str, Any] | None:
    """The decision playing `uid` from `seat`'s hand would open right after the rival's
    traps, if none fired (module doc); None where it opens none, or none previewed."""
    card = state.defs[uid]
    if card.category == PREDATOR:
        options: tuple[Any, ...] = eat_options(state, seat, uid, card.how)
        kind, prompt = "eat", eat_prompt(state, uid)
    elif card.is_creature or card.category == FIELD_SPELL:
        return None
    else:
        first = card.effect[0]
        if first.target not in CHOSEN:
            return None
        ctx = Ctx(seat, uid, "spell", "cast")
        options = choices(state, first.target, ctx, first)
        kind, prompt = "target", target_prompt(state, first, ctx)
    if len(options) < 2:  # the engine takes a single option by itself, and asks nothing
        return None
    return {
        "kind": kind,
        "prompt": prompt,
        "source": uid,
        "options": [option.to_json() for option in options],
    }
