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
from .effects import CARRION, EXILE, HAND, Ctx, run_ops_step, to_pile_step, trigger_step
from .events import DIES, EAT, MOVE, NEGATED, PLAY
from .keywords import EDIBLE, FREE_PLAY, INEDIBLE, SCAVENGE
from .vocabulary import FIELD_SPELL, FREE_SPELL, PREDATOR

if TYPE_CHECKING:
    from .state import FoodChainState

MAX_EATEN = 3


def play_how(card_category: str, keywords: int) -> str:
    if card_category == FREE_SPELL or keywords & FREE_PLAY:
        return "free"
    return "limit"


class PlayMixin:
    """Card plays for `FoodChainState` (mixed in)."""

    def _act_play(self: FoodChainState, uid: int) -> None:
        card = self.defs[uid]
        self.declare_play(self.active, uid, HAND, play_how(card.category, card.keywords))

    def declare_play(self: FoodChainState, seat: int, uid: int, zone: str, how: str) -> None:
        """Take the card from `zone`, announce it, and open the rival's traps for it; the
        rest of the play waits on the stack until they have resolved."""
        pile = {HAND: self.hands, "deck": self.decks, CARRION: self.carrion}[zone][seat]
        pile.remove(uid)
        if zone == HAND:
            self.revealed[seat].discard(uid)
        card = self.defs[uid]
        serial = self.new_serial()
        if how == "limit":
            self.played = True
        self.events.append((PLAY, PUBLIC, seat, uid, card.name, zone))
        if card.is_creature:
            self.push(_place_creature_step, seat, uid, serial, how)
            kind = "rival_plays_predator" if card.category == PREDATOR else "rival_plays_prey"
            windows: tuple[str, ...] = ("rival_plays_card", kind)
        elif card.category == FIELD_SPELL:
            self.push(_place_field_spell_step, seat, uid, serial, how)
            windows = ("rival_plays_card",)
        else:
            self.push(_cast_step, seat, uid, serial, how)
            windows = ("rival_plays_card",)
        if seat == self.active:
            self.fire_trap(1 - seat, windows, trigger=uid, serial=serial)

    def unplay(self: FoodChainState, seat: int, uid: int, how: str, why: str) -> None:
        """A negated play: the card goes back to hand (known to both) and, if it used the
        turn's play, the play is given back (ruling 5)."""
        owner = self.owner[uid]
        self.hands[owner].append(uid)
        self.revealed[owner].add(uid)
        if how == "limit":
            self.played = False
        self.events.append((NEGATED, PUBLIC, why, uid))

    def eat_pool(self: FoodChainState, seat: int, scavenge: bool) -> list[int]:
        """What a predator entering `seat`'s field may eat: friendly prey and Edible
        predators that are not Inedible or Frozen; with Scavenge also creature cards of
        the owner's carrion pile (not Inedible)."""
        pool = [
            c.uid for c in self.fields[seat] if (c.is_prey or c.kw & EDIBLE) and not c.inedible()
        ]
        if scavenge:
            for uid in self.carrion[seat]:
                card = self.defs[uid]
                if (card.is_prey or card.keywords & EDIBLE) and not card.keywords & INEDIBLE:
                    pool.append(uid)
        return pool

    def can_play(self: FoodChainState, uid: int) -> bool:
        """Whether the active player may play `uid` from hand now."""
        card = self.defs[uid]
        seat = self.active
        how = play_how(card.category, card.keywords)
        if how == "limit" and self.played:
            return False
        if card.is_creature:
            if self.field_count(seat) >= 3:
                return False
            if card.category == PREDATOR and how == "free" and self.played:
                return bool(self.eat_pool(seat, bool(card.keywords & SCAVENGE)))
            return True
        if card.category == FIELD_SPELL:
            return self.field_spell[seat] is not None or self.field_count(seat) < 3
        if card.trigger is not None:
            return False
        return self.castable(card.effect, Ctx(seat, uid, "spell", "cast"))

    def _act_activate(self: FoodChainState, uid: int) -> None:
        seat = self.active
        creature = self.on_field.get(uid)
        if creature is not None:
            # The sacrifice is the ability's cost: the creature dies first, through the one
            # death clean-up (so its on-slain resolves before the ability, as after any op),
            # unless the option keeps the original engine's destroy-like sacrifice.
            ops = creature.abilities["sacrifice"]
            self.push(run_ops_step, ops, 0, Ctx(seat, uid, "creature", "sacrifice"))
            if self.options.sacrifice_not_slain:
                self.events.append((DIES, PUBLIC, uid, creature.card.name, False))
                self.leave_field(creature, CARRION)
            else:
                creature.hp = min(creature.hp, 0)
                self.deaths()
            return
        self.hands[seat].remove(uid)
        self.revealed[seat].discard(uid)
        self.exile[seat].append(uid)
        card = self.defs[uid]
        self.events.append((MOVE, PUBLIC, uid, card.name, seat, HAND, EXILE))
        self.push(run_ops_step, card.abilities["discard"], 0, Ctx(seat, uid, "creature", "discard"))

    def activatable(self: FoodChainState) -> list[int]:
        """Cards whose activated ability the active player may use now: discard abilities in
        hand, sacrifice abilities on the field, when their chosen targets have a choice."""
        seat = self.active
        found = []
        for uid in self.hands[seat]:
            ops = self.defs[uid].abilities.get("discard")
            if ops and self.castable(ops, Ctx(seat, uid, "creature", "discard")):
                found.append(uid)
        for creature in self.fields[seat]:
            ops = creature.abilities.get("sacrifice")
            if ops and self.castable(ops, Ctx(seat, creature.uid, "creature", "sacrifice")):
                found.append(creature.uid)
        return found


# ---------------------------------------------------------------------- steps


def _place_creature_step(state: FoodChainState, seat: int, uid: int, serial: int, how: str) -> None:
    if serial in state.cancelled:
        state.unplay(seat, uid, how, "play")
        return
    if state.field_count(seat) >= 3:
        state.unplay(seat, uid, how, "no room")
        return
    card = state.defs[uid]
    if card.category != PREDATOR:
        state.place_creature(seat, uid, token=False)
        state.push(trigger_step, uid, "on_play")
        return
    pool = state.eat_pool(seat, bool(card.keywords & SCAVENGE))
    must_eat = how == "free" and state.played
    smallest = 1 if must_eat else 0
    options = tuple(
        Eat(tuple(sorted(chosen)))
        for size in range(smallest, min(MAX_EATEN, len(pool)) + 1)
        for chosen in combinations(pool, size)
    )
    if not options:
        state.unplay(seat, uid, how, "nothing to eat")
        return
    if len(options) == 1:
        _finish_eating(state, options[0], seat, uid, how)
        return
    state.wait(
        seat,
        "eat",
        options,
        (_finish_eating, seat, uid, how),
        f"{card.name}: choose up to {MAX_EATEN} creatures to eat",
        uid,
    )


def _finish_eating(state: FoodChainState, action: Eat, seat: int, uid: int, how: str) -> None:
    """Nutrition (prey: printed; Edible predator: current ATK), eaten cards to carrion (from
    the carrion pile: to exile, so a card is eaten once), then the predator enters; with
    nothing eaten it is a dry drop: base stats, no keywords, no abilities."""
    nutrition = 0
    for eaten in action.cards:
        creature = state.on_field.get(eaten)
        if creature is not None:
            nutrition += creature.card.nutrition if creature.is_prey else creature.atk
            state.leave_field(creature, CARRION)
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
    state.place_creature(seat, uid, token=False, bonus=nutrition, dry=dry)
    if not dry:
        state.push(trigger_step, uid, "on_consume")
        state.push(trigger_step, uid, "on_play")


def _place_field_spell_step(
    state: FoodChainState, seat: int, uid: int, serial: int, how: str
) -> None:
    if serial in state.cancelled:
        state.unplay(seat, uid, how, "play")
        return
    old = state.field_spell[seat]
    if old is not None:
        state.carrion[state.owner[old]].append(old)
        state.events.append((MOVE, PUBLIC, old, state.defs[old].name, seat, "field", CARRION))
    elif state.field_count(seat) >= 3:
        state.unplay(seat, uid, how, "no room")
        return
    state.field_spell[seat] = uid
    state.events.append((MOVE, PUBLIC, uid, state.defs[uid].name, seat, "played", "field"))
    state.push(trigger_step, uid, "on_play")


def _cast_step(state: FoodChainState, seat: int, uid: int, serial: int, how: str) -> None:
    if serial in state.cancelled:
        state.unplay(seat, uid, how, "play")
        return
    state.push(to_pile_step, seat, uid, EXILE)
    state.push(
        run_ops_step, state.defs[uid].effect, 0, Ctx(seat, uid, "spell", "cast", serial=serial)
    )


# Steps (and the eating decision's resume) that hold a declared card not yet on the field
# or resolved: their second argument is the card.
UNFINISHED_PLAYS = (_place_creature_step, _place_field_spell_step, _cast_step, _finish_eating)
