"""Cards moving between zones: onto the field, off it, from the deck to the hand, to exile
once resolved, and cards an effect creates.

These moves open no trap window and trigger nothing by themselves; what a move sets off
(on-play, a slaying, the rival's draw trap) is the caller's business, so every caller
decides its own order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sparring.core.events import PUBLIC

from .cards import CardDef
from .creature import Creature
from .events import DRAW, DREW, ENTER, MOVE

if TYPE_CHECKING:
    from .state import FoodChainState

CARRION = "carrion"
HAND = "hand"
EXILE = "exile"
GONE = "gone"


def place_creature(
    state: FoodChainState, seat: int, uid: int, token: bool, bonus: int = 0, dry: bool = False
) -> Creature:
    """Put a creature onto `seat`'s field with summoning exhaustion (rules §4), `bonus` ATK
    and HP from eating; a dry drop loses everything (ruling 10)."""
    creature = Creature(uid, state.defs[uid], state.owner[uid], seat, token)
    if bonus:
        creature.atk += bonus
        creature.hp += bonus
        creature.max_hp += bonus
    if dry:
        creature.dry = True
        creature.lose_everything()
    state.fields[seat].append(creature)
    state.on_field[uid] = creature
    state.events.append(
        (ENTER, PUBLIC, seat, uid, creature.card.name, creature.atk, creature.hp, dry)
    )
    return creature


def leave_field(state: FoodChainState, creature: Creature, to: str) -> None:
    """The one way off the field. Tokens are removed from the game wherever they would go
    (rules §10); a card goes to its owner's pile or hand (in plain view)."""
    state.fields[creature.seat].remove(creature)
    del state.on_field[creature.uid]
    uid = creature.uid
    where = GONE if creature.token else to
    if where == CARRION:
        state.carrion[creature.owner].append(uid)
    elif where == HAND:
        state.hands[creature.owner].append(uid)
        state.revealed[creature.owner].add(uid)
    elif where == EXILE:
        state.exile[creature.owner].append(uid)
    state.events.append((MOVE, PUBLIC, uid, creature.card.name, creature.seat, "field", where))


def to_exile_step(state: FoodChainState, seat: int, uid: int) -> None:
    """A spell or trap that has resolved goes to its owner's exile pile (rules §11)."""
    state.exile[state.owner[uid]].append(uid)
    state.events.append((MOVE, PUBLIC, uid, state.defs[uid].name, seat, "resolving", EXILE))


def draw_card(state: FoodChainState, seat: int) -> None:
    """The top card of `seat`'s deck to their hand (the caller checks the deck is not
    empty); the drawer sees which card, everyone sees that a card was drawn."""
    uid = state.decks[seat].pop()
    state.hands[seat].append(uid)
    state.events.append((DREW, seat, seat, uid, state.defs[uid].name))
    state.events.append((DRAW, PUBLIC, seat))


def new_card(state: FoodChainState, card: CardDef, owner: int) -> int:
    """A card created by an effect (a token or an added card): a fresh instance id."""
    state.defs.append(card)
    state.owner.append(owner)
    return len(state.defs) - 1
