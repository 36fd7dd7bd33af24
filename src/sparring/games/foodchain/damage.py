"""Non-combat damage to creatures, damage to players (with the trap windows it opens), and
healing (rules §6, §13, ruling 4).

Immune creatures ignore non-combat damage and a Barrier absorbs it (combat strikes are in
`combat`). Damage to a player on their rival's turn opens "non-combat damage" (not for
attacks) and then "HP would reach 0"; either trap may prevent it. Creature HP is capped at
max HP; player HP only with the ``hp_cap`` option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sparring.core.events import PUBLIC

from .creature import Creature
from .events import ABSORBED, DAMAGE, HEAL, NEGATED
from .keywords import BARRIER, IMMUNE
from .limits import START_HP
from .resolution import fire_trap

if TYPE_CHECKING:
    from .state import FoodChainState


def hurt(state: FoodChainState, creature: Creature, amount: int) -> None:
    """Non-combat damage to a creature: Immune ignores it, a Barrier absorbs it."""
    if amount <= 0:
        return
    if creature.kw & IMMUNE:
        state.events.append((ABSORBED, PUBLIC, creature.uid, "immune"))
        return
    if creature.kw & BARRIER:
        creature.kw &= ~BARRIER
        state.events.append((ABSORBED, PUBLIC, creature.uid, "barrier"))
        return
    creature.hp -= amount
    state.events.append((DAMAGE, PUBLIC, creature.uid, None, amount, False))


def damage_player(
    state: FoodChainState, seat: int, amount: int, combat: bool, serial: int | None = None
) -> None:
    """Damage to a player, with the traps it opens when it is the rival's: "non-combat
    damage" (not for attacks), then "HP would reach 0", then the damage unless negated."""
    serial = state.new_serial() if serial is None else serial
    state.stack.append((hit_player_step, (seat, amount, serial, combat)))
    if seat != state.active:
        state.stack.append((zero_window_step, (seat, amount, serial)))
        if not combat:
            fire_trap(state, seat, ("noncombat_damage",), serial=serial)


def hit_player_step(
    state: FoodChainState, seat: int, amount: int, serial: int, combat: bool
) -> None:
    if serial in state.no_damage:
        state.events.append((NEGATED, PUBLIC, "damage", None))
        return
    state.hp[seat] -= amount
    state.events.append((DAMAGE, PUBLIC, None, seat, amount, combat))


def zero_window_step(state: FoodChainState, seat: int, amount: int, serial: int) -> None:
    if serial not in state.no_damage and state.hp[seat] - amount <= 0:
        fire_trap(state, seat, ("hp_would_reach_zero",), serial=serial)


def heal_creature(state: FoodChainState, creature: Creature, amount: int) -> None:
    """Heal up to the creature's max HP (ruling 4)."""
    gained = min(amount, creature.max_hp - creature.hp)
    if gained > 0:
        creature.hp += gained
        state.events.append((HEAL, PUBLIC, creature.uid, None, gained))


def heal_player(state: FoodChainState, seat: int, amount: int) -> None:
    """Heal a player: uncapped, or up to the starting HP with the ``hp_cap`` option (a
    player already above it stays there)."""
    new = state.hp[seat] + amount
    if state.options.hp_cap:
        new = min(new, max(START_HP, state.hp[seat]))
    if new > state.hp[seat]:
        state.events.append((HEAL, PUBLIC, None, seat, new - state.hp[seat]))
        state.hp[seat] = new
