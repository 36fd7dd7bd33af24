"""The turn (rules §2): start, draw, Main 1, combat, Main 2, end, then the other player's
turn — or the turn cap's verdict.

1. **Start:** the active player's creatures lose summoning exhaustion and their attack
   count resets; start-of-turn effects resolve (the controller orders several).
2. **Draw:** one card, unless it is turn 1 (rules §1) or the deck is empty.
3. **Main 1, combat, Main 2:** the player's free choices; ending a phase moves on.
4. **End:** end-of-turn effects (Regen among them, ordered by the controller), then Frozen
   thaws, then Paralysis deaths (option ``paralysis_before_thaw``: effects, Regen,
   Paralysis deaths, thaws). Both statuses last "until end of controller's turn" (rules
   §7), so only the creatures of the player whose turn ends thaw or die.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sparring.core.events import PUBLIC

from .damage import heal_creature
from .events import PHASE, STATUS, TURN
from .keywords import REGEN
from .phases import COMBAT, END, MAIN1, MAIN2, START
from .resolution import deaths, draw_cards, queue_turn_effects

if TYPE_CHECKING:
    from .state import FoodChainState


def begin_turn(state: FoodChainState) -> None:
    """The next player's turn, or the turn cap's verdict (companion ruling 3)."""
    if state.turn >= 2 * state.options.turn_cap:
        state.decide_by_hp()
        return
    state.turn += 1
    state.active = active = 1 - state.active
    state.previous_turn_event = state.turn_event
    state.turn_event = len(state.events)
    state.played = False
    state.combat_closed = False
    state.end_requested = False
    state.cancelled.clear()
    state.no_damage.clear()
    state.phase = START
    state.events.append((TURN, PUBLIC, state.turn, active))
    state.stack.extend(TURN_START_STEPS)
    _start_phase(state)


def end_phase(state: FoodChainState) -> None:
    """The active player ends the current phase: Main 1 -> combat -> Main 2 -> end."""
    if state.phase == MAIN1:
        _set_phase(state, COMBAT)
    elif state.phase == COMBAT:
        _set_phase(state, MAIN2)
    else:
        end_turn(state)


def end_turn(state: FoodChainState) -> None:
    """The end phase in its order (module doc), then the next turn."""
    state.phase = END
    state.events.append((PHASE, PUBLIC, state.active, END))
    if state.options.paralysis_before_thaw:
        state.stack.extend(END_STEPS_REGEN_APART)
    else:
        state.stack.extend(END_STEPS)
    _end_of_turn_effects(state)


# ---------------------------------------------------------------------- steps


def _set_phase(state: FoodChainState, phase: str) -> None:
    state.phase = phase
    state.events.append((PHASE, PUBLIC, state.active, phase))


def _start_phase(state: FoodChainState) -> None:
    """Exhaustion wears off, attack counts reset, start-of-turn effects resolve (the
    controller chooses their order when there are several)."""
    active = state.active
    state.events.append((PHASE, PUBLIC, active, START))
    for creature in state.fields[active]:
        creature.exhausted = False
        creature.attacks = 0
    queue_turn_effects(state, "start_of_turn")


def _draw_phase(state: FoodChainState) -> None:
    """Draw one, except the first player on turn 1 (rules §1) or from an empty deck."""
    if state.turn == 1:
        return
    draw_cards(state, state.active, 1)


def _end_of_turn_effects(state: FoodChainState) -> None:
    queue_turn_effects(state, "end_of_turn")


def _regen(state: FoodChainState) -> None:
    """Regen as one step after every end-of-turn effect (option ``paralysis_before_thaw``;
    by default Regen is one of the end-of-turn effects the controller orders)."""
    for creature in state.fields[state.active]:
        if creature.kw & REGEN and creature.hp < creature.max_hp:
            heal_creature(state, creature, creature.max_hp - creature.hp)


def _paralysis_deaths(state: FoodChainState) -> None:
    """Paralyzed creatures of the player whose turn ends die (and are slain: the one death
    clean-up path handles them)."""
    doomed = [c for c in state.fields[state.active] if c.paralyzed]
    for creature in doomed:
        creature.hp = min(creature.hp, 0)
    if doomed:
        deaths(state)


def _thaw(state: FoodChainState) -> None:
    for creature in state.fields[state.active]:
        if creature.frozen:
            creature.frozen = False
            state.events.append((STATUS, PUBLIC, creature.uid, "frozen", False))


def _next_turn(state: FoodChainState) -> None:
    begin_turn(state)


# The steps a turn's start and end push, each as one constant sequence (the last runs first).
TURN_START_STEPS = ((_set_phase, (MAIN1,)), (_draw_phase, ()))
END_STEPS = ((_next_turn, ()), (_paralysis_deaths, ()), (_thaw, ()))
# Option ``paralysis_before_thaw``: effects, Regen, Paralysis deaths, thaws (module doc).
END_STEPS_REGEN_APART = (
    (_next_turn, ()),
    (_thaw, ()),
    (_paralysis_deaths, ()),
    (_regen, ()),
)
