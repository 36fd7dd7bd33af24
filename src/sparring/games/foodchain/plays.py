"""Playing cards: the declaration, the rival's traps, eating, placement and on-play, in
companion ruling 5's order; spells, field spells and activated abilities.

How a play counts toward the one-card limit is its ``how``: ``limit`` (an ordinary play),
``free`` (a Free Play creature or a free spell) or ``effect`` (played by an effect, never
counted). A Free Play predator that eats nothing loses Free Play with its other keywords
(ruling 10), so it then uses the turn's play; when that play is already used it must eat.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from sparring.core.events import PUBLIC

from .actions import Eat
from .events import DIES, EAT, MOVE, NEGATED, PLAY
from .keywords import EDIBLE, INEDIBLE, SCAVENGE
from .limits import FIELD_LIMIT, MAX_EATEN
from .resolution import deaths, fire_trap, run_ops_step, trigger_step
from .targets import Ctx, castable
from .vocabulary import FIELD_SPELL, PREDATOR
from .zones import CARRION, EXILE, HAND, leave_field, place_creature, to_exile_step

if TYPE_CHECKING:
    from .creature import Creature
    from .state import FoodChainState


def act_play(state: FoodChainState, uid: int) -> None:
    card = state.defs[uid]
    declare_play(state, state.active, uid, HAND, card.how)


def declare_play(state: FoodChainState, seat: int, uid: int, zone: str, how: str) -> None:
    """Take the card from `zone`, announce it, and open the rival's traps for it; the
    rest of the play waits on the stack until they have resolved."""
    pile = {HAND: state.hands, "deck": state.decks, CARRION: state.carrion}[zone][seat]
    pile.remove(uid)
    if zone == HAND:
        state.revealed[seat].discard(uid)
    card = state.defs[uid]
    serial = state.new_serial()
    if how == "limit":
        state.played = True
    state.events.append((PLAY, PUBLIC, seat, uid, card.name, zone))
    if card.is_creature:
        state.stack.append((_place_creature_step, (seat, uid, serial, how)))
        kind = "rival_plays_predator" if card.category == PREDATOR else "rival_plays_prey"
        windows: tuple[str, ...] = ("rival_plays_card", kind)
    elif card.category == FIELD_SPELL:
        state.stack.append((_place_field_spell_step, (seat, uid, serial, how)))
        windows = ("rival_plays_card",)
    else:
        state.stack.append((_cast_step, (seat, uid, serial, how)))
        windows = ("rival_plays_card",)
    if seat == state.active:
        fire_trap(state, 1 - seat, windows, trigger=uid, serial=serial)


def unplay(state: FoodChainState, seat: int, uid: int, how: str, why: str) -> None:
    """A negated play: the card goes back to hand (known to both) and, if it used the
    turn's play, the play is given back (ruling 5)."""
    owner = state.owner[uid]
    state.hands[owner].append(uid)
    state.revealed[owner].add(uid)
    if how == "limit":
        state.played = False
    state.events.append((NEGATED, PUBLIC, why, uid))


def eat_pool(state: FoodChainState, seat: int, scavenge: bool) -> list[int]:
    """What a predator entering `seat`'s field may eat: friendly prey and Edible
    predators that are not Inedible or Frozen; with Scavenge also creature cards of
    the owner's carrion pile (not Inedible)."""
    pool = [c.uid for c in state.fields[seat] if (c.is_prey or c.kw & EDIBLE) and not c.inedible()]
    if scavenge:
        for uid in state.carrion[seat]:
            card = state.defs[uid]
            if (card.is_prey or card.keywords & EDIBLE) and not card.keywords & INEDIBLE:
                pool.append(uid)
    return pool


def playable(state: FoodChainState, seat: int, uid: int, played: bool, room: bool) -> bool:
    """Whether `seat`, the active player, may play `uid` from hand now, given the turn's
    facts (which a legal list reads once for the whole hand): whether the turn's play is
    used, whether the field has room for one more card."""
    card = state.defs[uid]
    how = card.how
    if how == "limit" and played:
        return False
    if card.is_creature:
        if not room:
            return False
        if card.category == PREDATOR and how == "free" and played:
            return bool(eat_pool(state, seat, bool(card.keywords & SCAVENGE)))
        return True
    if card.category == FIELD_SPELL:
        return room or state.field_spell[seat] is not None
    if card.trigger is not None:
        return False
    return castable(state, card.effect, Ctx(seat, uid, "spell", "cast"))


def act_activate(state: FoodChainState, uid: int) -> None:
    seat = state.active
    creature = state.on_field.get(uid)
    if creature is not None:
        # The sacrifice is the ability's cost: the creature dies first, through the one
        # death clean-up (so its on-slain resolves before the ability, as after any op),
        # unless the option keeps the original engine's destroy-like sacrifice.
        ops = creature.abilities["sacrifice"]
        state.stack.append((run_ops_step, (ops, 0, Ctx(seat, uid, "creature", "sacrifice"))))
        if state.options.sacrifice_not_slain:
            state.events.append((DIES, PUBLIC, uid, creature.card.name, False))
            leave_field(state, creature, CARRION)
        else:
            creature.hp = min(creature.hp, 0)
            deaths(state)
        return
    state.hands[seat].remove(uid)
    state.revealed[seat].discard(uid)
    state.exile[seat].append(uid)
    card = state.defs[uid]
    state.events.append((MOVE, PUBLIC, uid, card.name, seat, HAND, EXILE))
    state.stack.append(
        (run_ops_step, (card.abilities["discard"], 0, Ctx(seat, uid, "creature", "discard")))
    )


def can_discard(state: FoodChainState, seat: int, uid: int) -> bool:
    """Whether `seat` may use the discard ability of `uid` in hand now (it has one, and its
    chosen targets have a choice)."""
    abilities = state.defs[uid].abilities
    if not abilities:
        return False
    ops = abilities.get("discard")
    if not ops:
        return False
    return castable(state, ops, Ctx(seat, uid, "creature", "discard"))


def can_sacrifice(state: FoodChainState, seat: int, creature: Creature) -> bool:
    """Whether `seat` may use the sacrifice ability of `creature` on its field now."""
    ops = creature.abilities.get("sacrifice")
    if not ops:
        return False
    return castable(state, ops, Ctx(seat, creature.uid, "creature", "sacrifice"))


# ---------------------------------------------------------------------- steps


def _place_creature_step(state: FoodChainState, seat: int, uid: int, serial: int, how: str) -> None:
    if serial in state.cancelled:
        unplay(state, seat, uid, how, "play")
        return
    if state.field_count(seat) >= FIELD_LIMIT:
        unplay(state, seat, uid, how, "no room")
        return
    card = state.defs[uid]
    if card.category != PREDATOR:
        place_creature(state, seat, uid, token=False)
        trigger_step(state, uid, "on_play")
        return
    options = eat_options(state, seat, uid, how)
    if not options:
        unplay(state, seat, uid, how, "nothing to eat")
        return
    if len(options) == 1:
        _finish_eating(state, options[0], seat, uid, how)
        return
    state.wait(seat, "eat", options, (_finish_eating, seat, uid, how), eat_prompt(state, uid), uid)


def eat_options(state: FoodChainState, seat: int, uid: int, how: str) -> tuple[Eat, ...]:
    """The eating decision's menu for predator `uid` entering `seat`'s field: every set of
    0–3 cards of its `eat_pool`, ids ascending; not the empty set when the predator must eat
    (a Free Play predator once the turn's play is used). The step that asks it and the
    board's preview of it (`previews`) both read it here."""
    pool = eat_pool(state, seat, bool(state.defs[uid].keywords & SCAVENGE))
    smallest = 1 if how == "free" and state.played else 0
    return tuple(
        Eat(tuple(sorted(chosen)))
        for size in range(smallest, min(MAX_EATEN, len(pool)) + 1)
        for chosen in combinations(pool, size)
    )


def eat_prompt(state: FoodChainState, uid: int) -> str:
    """What the eating decision of predator `uid` asks, in words."""
    return f"{state.defs[uid].name}: choose up to {MAX_EATEN} creatures to eat"


def _finish_eating(state: FoodChainState, action: Eat, seat: int, uid: int, how: str) -> None:
    """Nutrition (prey: printed; Edible predator: current ATK), eaten cards to carrion (from
    the carrion pile: to exile, so a card is eaten once), then the predator enters; with
    nothing eaten it is a dry drop: base stats, no keywords, no abilities."""
    nutrition = 0
    for eaten in action.cards:
        creature = state.on_field.get(eaten)
        if creature is not None:
            nutrition += creature.card.nutrition if creature.is_prey else creature.atk
            leave_field(state, creature, CARRION)
        else:
            card = state.defs[eaten]
            nutrition += card.nutrition if card.is_prey else card.atk
            state.carrion[state.owner[eaten]].remove(eaten)
            state.exile[state.owner[eaten]].append(eaten)
            state.events.append((MOVE, PUBLIC, eaten, card.name, seat, CARRION, EXILE))
    dry = not action.cards
    if dry and how == "free":
        state.played = True
    state.events.append((EAT, PUBLIC, seat, uid, list(action.cards), nutrition))
    place_creature(state, seat, uid, token=False, bonus=nutrition, dry=dry)
    if not dry:
        state.stack.append((trigger_step, (uid, "on_consume")))
        trigger_step(state, uid, "on_play")


def _place_field_spell_step(
    state: FoodChainState, seat: int, uid: int, serial: int, how: str
) -> None:
    if serial in state.cancelled:
        unplay(state, seat, uid, how, "play")
        return
    old = state.field_spell[seat]
    if old is not None:
        state.carrion[state.owner[old]].append(old)
        state.events.append((MOVE, PUBLIC, old, state.defs[old].name, seat, "field", CARRION))
    elif state.field_count(seat) >= FIELD_LIMIT:
        unplay(state, seat, uid, how, "no room")
        return
    state.field_spell[seat] = uid
    state.events.append((MOVE, PUBLIC, uid, state.defs[uid].name, seat, "played", "field"))
    trigger_step(state, uid, "on_play")


def _cast_step(state: FoodChainState, seat: int, uid: int, serial: int, how: str) -> None:
    if serial in state.cancelled:
        unplay(state, seat, uid, how, "play")
        return
    state.stack.append((to_exile_step, (seat, uid)))
    run_ops_step(state, state.defs[uid].effect, 0, Ctx(seat, uid, "spell", "cast", serial=serial))


# Steps (and the eating decision's resume) that hold a declared card not yet on the field
# or resolved: their second argument is the card.
UNFINISHED_PLAYS = (_place_creature_step, _place_field_spell_step, _cast_step, _finish_eating)
