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
from .board import DIRECTIONS, RAYS, Occupancy
from .skills import skill_actions
from .state import BLIND, INVULNERABLE, POWER

if TYPE_CHECKING:
    from .state import TacticsState
    from .units import Unit


def occupancy(state: TacticsState) -> Occupancy:
    """Who stands where now: one snapshot serves a whole menu (see `Occupancy`)."""
    return Occupancy(state.units, state.obstacles)


def move_targets(
    state: TacticsState, unit: Unit, where: Occupancy | None = None
) -> list[tuple[int, int]]:
    """Tiles `unit` may move to: straight lines of 1 to its move range over free tiles
    (ruling A1), or with the `path` option any tile reached by that many orthogonal steps
    over free tiles."""
    where = occupancy(state) if where is None else where
    if state.options.movement == "line":
        found = []
        obstacles, units, move = where.obstacles, where.units, unit.move
        for ray in RAYS.get((unit.x, unit.y), ()):
            for tile in ray[:move]:
                if tile in obstacles or tile in units:
                    break
                found.append(tile)
        return found
    seen = {(unit.x, unit.y): 0}
    queue = deque([(unit.x, unit.y)])
    while queue:
        x, y = queue.popleft()
        if seen[(x, y)] == unit.move:
            continue
        for dx, dy in DIRECTIONS:
            nxt = (x + dx, y + dy)
            if nxt not in seen and where.free(*nxt):
                seen[nxt] = seen[(x, y)] + 1
                queue.append(nxt)
    return sorted(p for p in seen if p != (unit.x, unit.y))


def attack_targets(
    state: TacticsState,
    unit: Unit,
    origin: tuple[int, int] | None = None,
    reach: int | None = None,
    where: Occupancy | None = None,
) -> list[tuple[int, int]]:
    """Tiles `unit` may attack from `origin`: a visible enemy unit or an obstacle in a
    straight line within reach; an obstacle blocks what lies beyond it (ruling A2)."""
    if BLIND in unit.buffs or INVULNERABLE in unit.buffs:
        return []
    where = occupancy(state) if where is None else where
    origin = (unit.x, unit.y) if origin is None else origin
    reach = unit.reach if reach is None else reach
    obstacles, units, seat = where.obstacles, where.units, unit.seat
    line_of_sight = state.options.line_of_sight
    found = []
    for ray in RAYS.get(origin, ()):
        for tile in ray[:reach]:
            if tile in obstacles:
                found.append(tile)
                if line_of_sight:
                    break
                continue
            other = units.get(tile)
            if other is not None and other.seat != seat and not other.invisible:
                found.append(tile)
    return found


def move_attack_options(
    state: TacticsState, unit: Unit, where: Occupancy | None = None
) -> list[MoveAttack]:
    """Move, then attack an enemy unit: adjacent after the move (ruling A3), or within
    attack range with the `range` option. Not with POWER, BLIND or INVULNERABLE.

    The attack is looked up from the landing tile without moving the unit: the tile it
    left holds only itself, and a unit neither blocks a line nor is an enemy of its own."""
    if POWER in unit.buffs or BLIND in unit.buffs or INVULNERABLE in unit.buffs:
        return []
    where = occupancy(state) if where is None else where
    reach = 1 if state.options.move_attack_reach == "adjacent" else unit.reach
    obstacles = state.obstacles
    return [
        MoveAttack(unit.id, x, y, tx, ty)
        for x, y in move_targets(state, unit, where)
        for tx, ty in attack_targets(state, unit, (x, y), reach, where)
        if (tx, ty) not in obstacles
    ]


def move_skill_options(
    state: TacticsState, unit: Unit, where: Occupancy | None = None
) -> list[MoveSkill]:
    """MOVE_AND_SKILL (rules §2.3, ruling A8; off with the option ``move_and_skill``): every
    legal move followed by every skill use open from the new tile. Buff tiles are left out
    of the look-ahead: the skill is checked again after the landing, and does nothing if
    its aim is gone."""
    if not state.options.move_and_skill or unit.skill is None or unit.cooldown > 0:
        return []
    where = occupancy(state) if where is None else where
    options = []
    home = (unit.x, unit.y)
    for x, y in move_targets(state, unit, where):
        unit.x, unit.y = x, y
        where.step(unit, home, (x, y))
        for use in skill_actions(state, unit, where):
            options.append(MoveSkill(unit.id, x, y, use.x, use.y, use.choice))
        where.step(unit, (x, y), home)
        unit.x, unit.y = home
    return options


def acting_units(state: TacticsState) -> list[Unit]:
    """The units the seat to act may activate: the one partway through SPEED, else every
    unit of the seat with an action left, in id order."""
    if state.current:
        unit = state.unit(state.current)
        return [] if unit is None else [unit]
    return [u for u in state.units if u.seat == state.seat and state.can_act(u)]


def unit_actions(state: TacticsState, unit: Unit, where: Occupancy | None = None) -> list[Action]:
    """Every action `unit` may take now: moves, attacks, moves-and-attacks, skill uses,
    moves-and-skills, then its end of turn."""
    where = occupancy(state) if where is None else where
    uid = unit.id
    actions: list[Action] = [Move(uid, x, y) for x, y in move_targets(state, unit, where)]
    actions.extend(Attack(uid, x, y) for x, y in attack_targets(state, unit, where=where))
    actions.extend(move_attack_options(state, unit, where))
    actions.extend(skill_actions(state, unit, where))
    actions.extend(move_skill_options(state, unit, where))
    actions.append(EndTurn(uid))
    return actions


def battle_actions(state: TacticsState) -> list[Action]:
    """Every activation the seat to act may choose, unit by unit in id order."""
    actions: list[Action] = []
    where = occupancy(state)
    for unit in acting_units(state):
        actions.extend(unit_actions(state, unit, where))
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
