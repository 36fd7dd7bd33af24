"""The turn's free choices and, for anything else, the reason it is refused.

Legal actions are listed in a stable order: plays in hand order, activations, attacks in
field order (the rival first, then creatures in field order), and ending the phase last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    END_PHASE,
    RIVAL,
    Action,
    Activate,
    Attack,
    Choose,
    Eat,
    EndPhase,
    Order,
    Play,
    Target,
)
from .combat import attack_targets, enemy_field
from .keywords import LURE
from .limits import FIELD_LIMIT
from .phases import COMBAT, MAINS
from .plays import can_discard, can_sacrifice, playable
from .vocabulary import FIELD_SPELL, PREDATOR, TRAP

if TYPE_CHECKING:
    from .state import Decision, FoodChainState

FIELD_FULL = f"your field is full ({FIELD_LIMIT} cards: creatures and a field spell)"


def free_actions(state: FoodChainState) -> list[Action]:
    """The active player's free choices now, in the module's order."""
    phase = state.phase
    if phase in MAINS:
        actions = _main_phase_actions(state)
    elif phase == COMBAT and not state.combat_closed:
        actions = _attacks(state)
    else:
        actions = []
    actions.append(END_PHASE)
    return actions


def _main_phase_actions(state: FoodChainState) -> list[Action]:
    """Plays in hand order, then activations (discards in hand order, then sacrifices in
    field order). The turn's facts every card is judged by are read once for the hand."""
    seat = state.active
    defs = state.defs
    played = state.played
    room = state.field_count(seat) < FIELD_LIMIT
    actions: list[Action] = []
    discards: list[Action] = []
    for uid in state.hands[seat]:
        card = defs[uid]
        if card.category != TRAP and playable(state, seat, uid, played, room):
            actions.append(Play(uid))
        if card.abilities and can_discard(state, seat, uid):
            discards.append(Activate(uid))
    actions.extend(discards)
    for creature in state.fields[seat]:
        if creature.abilities and can_sacrifice(state, seat, creature):
            actions.append(Activate(creature.uid))
    return actions


def _attacks(state: FoodChainState) -> list[Action]:
    """Every attack, attackers in field order, each one's targets in `attack_targets`'s
    order; the rival's field is read once for all of them."""
    seat = state.active
    enemy = enemy_field(state, seat)
    actions: list[Action] = []
    for creature in state.fields[seat]:
        uid = creature.uid
        for target in attack_targets(state, creature, enemy):
            actions.append(Attack(uid, target))
    return actions


def why_not_free(state: FoodChainState, action: object) -> str:
    """Why a free-choice action is refused (the state is not waiting on a decision)."""
    seat = state.active
    if isinstance(action, Eat | Target | Choose | Order):
        return f"there is no {type(action).__name__.lower()} decision pending"
    if isinstance(action, EndPhase):
        return "ending the phase is not possible now"
    if isinstance(action, Play):
        uid = action.card
        if uid not in state.hands[seat]:
            return f"card {uid} is not in your hand"
        card = state.defs[uid]
        if state.phase not in MAINS:
            return "cards are played in a main phase"
        if card.category == TRAP:
            return f"{card.name} is a trap: it fires by itself from your hand on the rival's turn"
        how = card.how
        if how == "limit" and state.played:
            return (
                "you already played a card this turn "
                "(one per turn, Free Play and free spells aside)"
            )
        if card.is_creature and state.field_count(seat) >= FIELD_LIMIT:
            return FIELD_FULL
        if card.category == PREDATOR and how == "free" and state.played:
            return (
                f"{card.name} would have nothing to eat, and a dry drop loses Free Play, "
                "which needs the play you already used"
            )
        if card.category == FIELD_SPELL:
            return FIELD_FULL
        return f"{card.name} has no legal target"
    if isinstance(action, Activate):
        if state.phase not in MAINS:
            return "abilities are activated in a main phase"
        return f"card {action.card} has no activated ability you can use now"
    if isinstance(action, Attack):
        if state.phase != COMBAT:
            return "attacks are declared in the combat phase"
        if state.combat_closed:
            return "combat is over for this turn"
        creature = state.on_field.get(action.attacker)
        if creature is None or creature.seat != seat:
            return f"card {action.attacker} is not a creature on your field"
        targets = attack_targets(state, creature)
        if not targets:
            if creature.attacks >= creature.strikes:
                return f"{creature.card.name} has no attacks left this turn"
            return f"{creature.card.name} cannot attack (Passive, Harmless, Frozen or Paralyzed)"
        defender = action.defender
        if defender is None:
            if any(state.on_field[t].kw & LURE for t in targets if t != RIVAL):
                return "a Lure creature must be attacked first"
            return (
                f"{creature.card.name} has summoning exhaustion: "
                "it cannot attack the rival this turn"
            )
        target = state.on_field.get(defender)
        if target is None or target.seat == seat:
            return f"card {defender} is not an enemy creature"
        return f"{creature.card.name} cannot attack {target.card.name} (Lure, Hidden or Invisible)"
    return f"{action!r} is not a Food Chain action"


def why_not_option(decision: Decision, action: object) -> str:
    wanted = {
        "eat": "eat",
        "target": "target",
        "tutor": "target",
        "play": "target",
        "choose": "choose",
        "order": "order",
    }[decision.kind]
    shown_action = _shown(action)
    got = shown_action.get("type") if isinstance(shown_action, dict) else None
    if got != wanted:
        return (
            f"a {decision.kind} decision is pending ({decision.prompt}); "
            f"answer with a {wanted!r} action"
        )
    shown = ", ".join(str(o.to_json()) for o in decision.options[:8])
    more = "" if len(decision.options) <= 8 else f" and {len(decision.options) - 8} more"
    return f"{shown_action} is not one of the options: {shown}{more}"


def _shown(action: object) -> object:
    """An action's JSON form for a refusal message, or its repr when it has none (a
    malformed value built in Python rather than parsed from JSON)."""
    to_json = getattr(action, "to_json", None)
    if not callable(to_json):
        return repr(action)
    try:
        return to_json()
    except Exception:
        return repr(action)
