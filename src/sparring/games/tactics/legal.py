"""Where units may go and what they may hit: the legal actions of an activation, and the
reason anything else is refused."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from .actions import (
    Action,
    Attack,
    DeathChoice,
    Draft,
    EndTurn,
    Move,
    MoveAttack,
    MoveSkill,
    Skill,
)
from .board import DIRECTIONS, inside
from .state import BLIND, INVULNERABLE, POWER

if TYPE_CHECKING:
    from .state import TacticsState
    from .units import Unit


def move_targets(state: TacticsState, unit: Unit) -> list[tuple[int, int]]:
    """Tiles `unit` may move to: straight lines of 1 to its move range over free tiles
    (ruling A1), or with the `path` option any tile reached by that many orthogonal steps
    over free tiles."""
    if state.options.movement == "line":
        found = []
        for dx, dy in DIRECTIONS:
            for step in range(1, unit.move + 1):
                x, y = unit.x + dx * step, unit.y + dy * step
                if not state.free(x, y):
                    break
                found.append((x, y))
        return found
    seen = {(unit.x, unit.y): 0}
    queue = deque([(unit.x, unit.y)])
    while queue:
        x, y = queue.popleft()
        if seen[(x, y)] == unit.move:
            continue
        for dx, dy in DIRECTIONS:
            nxt = (x + dx, y + dy)
            if nxt not in seen and state.free(*nxt):
                seen[nxt] = seen[(x, y)] + 1
                queue.append(nxt)
    return sorted(p for p in seen if p != (unit.x, unit.y))


def attack_targets(
    state: TacticsState, unit: Unit, origin: tuple[int, int] | None = None, reach: int | None = None
) -> list[tuple[int, int]]:
    """Tiles `unit` may attack from `origin`: a visible enemy unit or an obstacle in a
    straight line within reach; an obstacle blocks what lies beyond it (ruling A2)."""
    if BLIND in unit.buffs or INVULNERABLE in unit.buffs:
        return []
    ox, oy = origin if origin is not None else (unit.x, unit.y)
    reach = unit.reach if reach is None else reach
    found = []
    for dx, dy in DIRECTIONS:
        for step in range(1, reach + 1):
            x, y = ox + dx * step, oy + dy * step
            if not inside(x, y):
                break
            if (x, y) in state.obstacles:
                found.append((x, y))
                if state.options.line_of_sight:
                    break
                continue
            other = state.unit_at(x, y)
            if other is not None and other.seat != unit.seat and not other.invisible:
                found.append((x, y))
    return found


def move_attack_options(state: TacticsState, unit: Unit) -> list[MoveAttack]:
    """Move, then attack an enemy unit: adjacent after the move (ruling A3), or within
    attack range with the `range` option. Not with POWER, BLIND or INVULNERABLE."""
    if POWER in unit.buffs or BLIND in unit.buffs or INVULNERABLE in unit.buffs:
        return []
    reach = 1 if state.options.move_attack_reach == "adjacent" else unit.reach
    options = []
    home = (unit.x, unit.y)
    for x, y in move_targets(state, unit):
        unit.x, unit.y = x, y
        for tx, ty in attack_targets(state, unit, (x, y), reach):
            if (tx, ty) not in state.obstacles:
                options.append(MoveAttack(unit.id, x, y, tx, ty))
        unit.x, unit.y = home
    return options


def move_skill_options(state: TacticsState, unit: Unit) -> list[MoveSkill]:
    """MOVE_AND_SKILL (rules §2.3, ruling A8; off with the option ``move_and_skill``): every
    legal move followed by every skill use open from the new tile. Buff tiles are left out
    of the look-ahead: the skill is checked again after the landing, and does nothing if
    its aim is gone."""
    from .skills import skill_actions

    if not state.options.move_and_skill or unit.skill is None or unit.cooldown > 0:
        return []
    options = []
    home = (unit.x, unit.y)
    for x, y in move_targets(state, unit):
        unit.x, unit.y = x, y
        for use in skill_actions(state, unit):
            options.append(MoveSkill(unit.id, x, y, use.x, use.y, use.choice))
        unit.x, unit.y = home
    return options


def acting_units(state: TacticsState) -> list[Unit]:
    """The units the seat to act may activate: the one partway through SPEED, else every
    unit of the seat with an action left, in id order."""
    if state.current:
        unit = state.unit(state.current)
        return [] if unit is None else [unit]
    return [u for u in state.units if u.seat == state.seat and state.can_act(u)]


def unit_actions(state: TacticsState, unit: Unit) -> list[Action]:
    """Every action `unit` may take now: moves, attacks, moves-and-attacks, skill uses,
    moves-and-skills, then its end of turn."""
    from .skills import skill_actions

    actions: list[Action] = [Move(unit.id, x, y) for x, y in move_targets(state, unit)]
    actions.extend(Attack(unit.id, x, y) for x, y in attack_targets(state, unit))
    actions.extend(move_attack_options(state, unit))
    actions.extend(skill_actions(state, unit))
    actions.extend(move_skill_options(state, unit))
    actions.append(EndTurn(unit.id))
    return actions


def battle_actions(state: TacticsState) -> list[Action]:
    """Every activation the seat to act may choose, unit by unit in id order."""
    actions: list[Action] = []
    for unit in acting_units(state):
        actions.extend(unit_actions(state, unit))
    return actions


def offered(state: TacticsState, action: object) -> bool:
    """Whether `action` is among `battle_actions`, from the named unit's actions alone: an
    action played on a fresh copy (as a searching agent plays each candidate) builds one
    unit's actions, not the whole menu."""
    uid = getattr(action, "unit", None)
    return any(action in unit_actions(state, u) for u in acting_units(state) if u.id == uid)


def why_illegal(state: TacticsState, seat: int, action: object) -> str:
    """A one-line reason for a refused action."""
    if not isinstance(action, Action):
        return f"{action!r} is not a tactics action"
    if isinstance(action, Draft):
        if state.phase != "draft":
            return "the draft is over"
        return "not a legal draft: a hero class, one of its skills, and two minion types"
    if isinstance(action, DeathChoice):
        return (
            "no death choice is pending" if not state.deaths else "spawn is obstacle or buff_tile"
        )
    if state.deaths:
        return "a death choice is pending: answer with death_choice"
    if state.phase == "draft":
        return "the draft comes first"
    uid = getattr(action, "unit", None)
    unit = state.unit(uid) if isinstance(uid, str) else None
    if unit is None or unit.seat != seat:
        return f"{uid!r} is not one of your units"
    if unit.hp <= 0:
        return f"{uid} is dead"
    if state.current and state.current != unit.id:
        return (
            f"{state.current} is taking its second (SPEED) action: it acts again or ends its turn"
        )
    if not state.can_act(unit):
        return f"{uid} has already acted this round"
    if isinstance(action, Move):
        return (
            f"{uid} cannot move to ({action.x}, {action.y}): "
            f"straight lines over free tiles, up to {unit.move}"
        )
    if isinstance(action, Attack | MoveAttack) and BLIND in unit.buffs:
        return f"{uid} is blind: it cannot attack"
    if isinstance(action, Attack | MoveAttack) and INVULNERABLE in unit.buffs:
        return f"{uid} is invulnerable (Ascended Form): it cannot attack"
    if isinstance(action, Attack):
        return (
            f"{uid} cannot attack ({action.x}, {action.y}): "
            f"no visible enemy or obstacle in line within {unit.reach}"
        )
    if isinstance(action, MoveAttack):
        if POWER in unit.buffs:
            return "cannot attack after moving with Power buff"
        return (
            f"{uid} cannot move to ({action.x}, {action.y}) and then hit ({action.tx}, {action.ty})"
        )
    if isinstance(action, Skill):
        if unit.skill is None:
            return f"{uid} has no skill (heroes only)"
        if unit.cooldown:
            return f"{uid}'s skill is on cooldown for {unit.cooldown} more round(s)"
        return f"{unit.skill} cannot be used on ({action.x}, {action.y})"
    if isinstance(action, MoveSkill):
        if not state.options.move_and_skill:
            return "move_skill is off in these rules (option move_and_skill)"
        if unit.skill is None:
            return f"{uid} has no skill (heroes only)"
        if unit.cooldown:
            return f"{uid}'s skill is on cooldown for {unit.cooldown} more round(s)"
        return (
            f"{uid} cannot move to ({action.x}, {action.y}) and then use {unit.skill} "
            f"on ({action.sx}, {action.sy})"
        )
    return f"{uid} cannot end its turn now"
