"""SLOW's prepared actions (companion §10.6, ruling A13): an action declared under SLOW
uses the unit's activation and is stored; it resolves for free at the start of its owner's
first activation of the next round, before they choose anything. An attack aims at the
stored tile — a different unit standing there now is hit, an empty tile is a miss; a move
that is no longer possible does nothing; a unit that died loses its prepared action."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sparring.core.events import PUBLIC

from . import events as ev
from .actions import Attack, Move, MoveAttack, MoveSkill, Skill
from .legal import move_targets

if TYPE_CHECKING:
    from .state import TacticsState
    from .units import Unit


def resolve_prepared(state: TacticsState, seat: int) -> None:
    """Resolve `seat`'s prepared actions in unit id order, each unit's in the order it
    declared them. Stops as soon as one leaves deaths to settle (or ends the game), so that
    the dead minion's map object is placed before the next prepared action resolves;
    called again, it carries on with the rest."""
    for unit in list(state.units):
        while unit.seat == seat and unit.prepared:
            action = unit.prepared.pop(0)
            if unit.hp > 0:
                _resolve(state, seat, unit, action)
            if state.phase == "over" or state.deaths:
                return


def _resolve(state: TacticsState, seat: int, unit: Unit, action: Any) -> None:
    state.events.append((ev.ACT, PUBLIC, seat, unit.id, {**action.to_json(), "prepared": True}))
    if isinstance(action, Move | MoveAttack | MoveSkill):
        if (action.x, action.y) not in move_targets(state, unit):
            state.events.append((ev.MISSED, PUBLIC, unit.id, "prepared move blocked"))
            return
        state.move_unit(unit, action.x, action.y, landing=True)
        if isinstance(action, MoveAttack):
            _hit(state, unit, action.tx, action.ty, units_only=True)
        elif isinstance(action, MoveSkill) and unit.hp > 0:
            from .skills import use_skill

            use_skill(state, unit, Skill(unit.id, action.sx, action.sy, action.choice), True)
    elif isinstance(action, Attack):
        _hit(state, unit, action.x, action.y, units_only=False)
    elif isinstance(action, Skill):
        from .skills import use_skill

        use_skill(state, unit, action, prepared=True)
    state.collect_deaths(active=seat)
    state.check_victory(active=seat)


def _hit(state: TacticsState, unit: Unit, x: int, y: int, units_only: bool) -> None:
    if unit.hp <= 0:
        return
    if not units_only and (x, y) in state.obstacles:
        state.attack_tile(unit, x, y)
        return
    target = state.unit_at(x, y)
    if target is None or target.seat == unit.seat:
        state.events.append((ev.MISSED, PUBLIC, unit.id, "prepared attack found nothing"))
        return
    state.attack_unit(unit, target)
