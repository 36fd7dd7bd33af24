"""Combat: who may attack what, and one attack instance in the rules' order (rules §5.3,
companion ruling 6; Multi-Strike repeats the whole instance):

1. declare: the attacker uses one of its attacks; the rival's trap for it fires;
2. the attacker's before-combat abilities (either creature gone: the attack stops);
3. the defender's on-defend abilities (either creature gone: the attack stops);
4. both strikes land together; then Toxic and Poisonous;
5. deaths (the one clean-up) and their on-slain;
6. Neurotoxic's Paralysis for the creatures it struck that are still on the field (rules
   §5.3 step 7; the option ``neurotoxic_before_deaths`` applies it with the strikes);
7. after-combat abilities of the survivors.

A direct attack: declare, the rival's trap, before-combat, the damage to the rival (its
"HP would reach 0" window first), after-combat.

A *strike* is one creature hitting the other: the attacker always strikes; the defender
strikes back unless the attacker has Ambush. A strike deals the striker's ATK (0 if it is
Harmless). A Barrier absorbs a strike that would deal damage (and is used up). Toxic needs
damage that landed; Neurotoxic needs a strike that no Barrier stopped (so it works at 0 ATK
but never through a Barrier, even one a 0-damage strike leaves in place); Poisonous kills
an attacker that was struck back at — Ambush avoids it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sparring.core.events import PUBLIC

from .actions import RIVAL, AttackTarget
from .creature import Creature
from .damage import damage_player
from .events import ABSORBED, ATTACK, DAMAGE, NEGATED, STATUS
from .keywords import (
    ACUITY,
    AMBUSH,
    BARRIER,
    HASTE,
    HIDDEN,
    INVISIBLE,
    LURE,
    NEUROTOXIC,
    POISONOUS,
    TOXIC,
)
from .resolution import deaths, deaths_step, fire_trap, trigger_step

if TYPE_CHECKING:
    from .state import FoodChainState


#: What an attacker of one seat may aim at on the rival's field, read once per listing: the
#: Lure creatures, the creatures an attacker without Acuity may attack (neither Hidden nor
#: Invisible), and every creature.
EnemyField = tuple[list[int], list[int], list[int]]


def enemy_field(state: FoodChainState, seat: int) -> EnemyField:
    """The rival field as attackers of `seat` see it (`EnemyField`)."""
    lure: list[int] = []
    plain: list[int] = []
    every: list[int] = []
    for c in state.fields[1 - seat]:
        kw = c.kw
        if kw & LURE:
            lure.append(c.uid)
        if not kw & (HIDDEN | INVISIBLE):
            plain.append(c.uid)
        every.append(c.uid)
    return lure, plain, every


def attack_targets(
    state: FoodChainState, creature: Creature, enemy: EnemyField | None = None
) -> list[AttackTarget]:
    """What `creature` may attack now (`RIVAL`: the rival directly), or nothing if it cannot
    attack (rules §5.1-5.2, Lure over Hidden/Invisible by ruling 9). `enemy` is the rival
    field's `enemy_field`, when the caller lists several attackers."""
    if creature.passive() or creature.attacks >= creature.strikes:
        return []
    lure, plain, every = enemy_field(state, creature.seat) if enemy is None else enemy
    if lure:
        return list(lure)
    targets: list[AttackTarget] = []
    if not creature.exhausted or creature.kw & HASTE:
        targets.append(RIVAL)
    targets.extend(every if creature.kw & ACUITY else plain)
    return targets


def act_attack(state: FoodChainState, attacker: int, target: int | None) -> None:
    """Declare an attack (it uses one of the attacker's strikes) and schedule its steps; the
    rival's trap for it fires first."""
    creature = state.on_field[attacker]
    creature.attacks += 1
    serial = state.new_serial()
    seat = creature.seat
    state.events.append((ATTACK, PUBLIC, seat, attacker, target))
    if target is None:
        state.stack.extend(
            (
                (_direct_damage_step, (attacker, serial)),
                (_before_combat_step, (attacker, None, serial)),
            )
        )
        fire_trap(state, 1 - seat, ("rival_attacks_directly",), attacker=attacker, serial=serial)
        return
    args = (attacker, target, serial)
    state.stack.extend(
        (
            (_after_combat_step, args),
            (_strikes_step, args),
            (_on_defend_step, args),
            (_before_combat_step, args),
        )
    )
    fire_trap(
        state, 1 - seat, ("creature_attacked",), attacker=attacker, defender=target, serial=serial
    )


def _still_on(state: FoodChainState, attacker: int, defender: int | None, serial: int) -> bool:
    """Whether the attack goes on: not negated, both creatures still on their fields."""
    if serial in state.cancelled:
        return False
    a = state.on_field.get(attacker)
    if a is None or a.seat != state.active:
        return False
    if defender is not None:
        d = state.on_field.get(defender)
        if d is None or d.seat == state.active:
            return False
    return True


def _stop(state: FoodChainState, attacker: int, serial: int) -> None:
    if serial not in state.cancelled:
        state.cancelled.add(serial)
    state.events.append((NEGATED, PUBLIC, "attack", attacker))


def _before_combat_step(
    state: FoodChainState, attacker: int, defender: int | None, serial: int
) -> None:
    if not _still_on(state, attacker, defender, serial):
        _stop(state, attacker, serial)
        return
    trigger_step(state, attacker, "before_combat", attacker, defender, serial)


def _on_defend_step(state: FoodChainState, attacker: int, defender: int, serial: int) -> None:
    if not _still_on(state, attacker, defender, serial):
        if serial not in state.cancelled:
            _stop(state, attacker, serial)
        return
    trigger_step(state, defender, "on_defend", attacker, defender, serial)


def _strike(state: FoodChainState, struck: Creature, amount: int) -> tuple[bool, bool]:
    """One strike: ``(damage landed, stopped by a Barrier)``. A Barrier absorbs a strike
    that would deal damage and is used up; a strike of 0 leaves it in place, and does not
    get through it either (Neurotoxic: "not through a Barrier", ruling 6)."""
    if struck.kw & BARRIER:
        if amount > 0:
            struck.kw &= ~BARRIER
            state.events.append((ABSORBED, PUBLIC, struck.uid, "barrier"))
        return False, True
    if amount <= 0:
        return False, False
    struck.hp -= amount
    state.events.append((DAMAGE, PUBLIC, struck.uid, None, amount, True))
    return True, False


def _strikes_step(state: FoodChainState, attacker: int, defender: int, serial: int) -> None:
    if not _still_on(state, attacker, defender, serial):
        if serial not in state.cancelled:
            _stop(state, attacker, serial)
        return
    a = state.on_field[attacker]
    d = state.on_field[defender]
    a_kw, d_kw = a.kw, d.kw
    a_amount = 0 if a.harmless() else a.atk
    d_amount = 0 if d.harmless() else d.atk
    landed_on_d, absorbed_by_d = _strike(state, d, a_amount)
    struck_back = not a_kw & AMBUSH
    landed_on_a = absorbed_by_a = False
    if struck_back:
        landed_on_a, absorbed_by_a = _strike(state, a, d_amount)
    if a_kw & TOXIC and landed_on_d:
        d.hp = min(d.hp, 0)
    if struck_back and d_kw & TOXIC and landed_on_a:
        a.hp = min(a.hp, 0)
    if struck_back and d_kw & POISONOUS:
        a.hp = min(a.hp, 0)
    venom = []
    if a_kw & NEUROTOXIC and not absorbed_by_d:
        venom.append(defender)
    if struck_back and d_kw & NEUROTOXIC and not absorbed_by_a:
        venom.append(attacker)
    if state.options.neurotoxic_before_deaths:
        _paralyze_step(state, tuple(venom))
    elif venom:
        state.stack.append((_paralyze_step, (tuple(venom),)))
    deaths(state)


def _paralyze_step(state: FoodChainState, struck: tuple[int, ...]) -> None:
    """Neurotoxic's Paralysis for the creatures its strikes reached, after deaths and on-slain
    (rules §5.3 step 7), so only a creature still on the field is paralyzed."""
    for uid in struck:
        creature = state.on_field.get(uid)
        if creature is not None and not creature.paralyzed:
            creature.paralyze()
            state.events.append((STATUS, PUBLIC, uid, "paralysis", True))


def _after_combat_step(
    state: FoodChainState, attacker: int, defender: int | None, serial: int
) -> None:
    if serial in state.cancelled:
        return
    if defender is not None and defender in state.on_field:
        state.stack.append((trigger_step, (defender, "after_combat", attacker, defender, serial)))
    if attacker in state.on_field:
        trigger_step(state, attacker, "after_combat", attacker, defender, serial)


def _direct_damage_step(state: FoodChainState, attacker: int, serial: int) -> None:
    if not _still_on(state, attacker, None, serial):
        if serial not in state.cancelled:
            _stop(state, attacker, serial)
        return
    a = state.on_field[attacker]
    state.stack.append((_after_combat_step, (attacker, None, serial)))
    state.stack.append((deaths_step, ()))
    amount = 0 if a.harmless() else a.atk
    if amount > 0:
        damage_player(state, 1 - a.seat, amount, combat=True, serial=serial)
