"""Building any 5×5 Tactics battle position from plain data, for scenarios and tests.

A position names each seat's draft (its hero's skill, hence its class, and its two minion
types in slot order), then overrides what differs from the start of a battle: per unit
(tile, HP, buffs and statuses, shield, cooldown, actions used, charges, invisibility,
beacon, prepared SLOW actions, death), shadow clones, obstacles, buff tiles, the round,
the seat to act, a SPEED unit partway through its two actions, the last actor and pending
death choices. The state is made by the engine's own draft and deployment and then edited,
so everything after it runs exactly the code of a real game.

Positions no game can reach are refused with a `BadInput` that names the place (``units.
p1_hero.buffs: unknown buff 'POWR'``): two units on one tile, a unit on an obstacle, a
status its source could not have given (a FEINT on a hero without Feint), a seat to act
with nobody left to act. A scenario can therefore only prove something about a real game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sparring.core.errors import BadInput

from .actions import Action, DeathChoice, Draft, EndTurn
from .board import inside
from .data import DATA, MINION_TYPES
from .events import ROUND
from .options import TacticsOptions
from .state import BATTLE, TILE_BUFFS, TacticsState
from .units import CLONE, HERO, Unit

SEATS = (0, 1)
STATUSES = tuple(DATA.statuses)
BUFF_NAMES = (*TILE_BUFFS, *STATUSES)
MAX_ROUNDS = DATA.most_rounds
# Statuses only a skill gives: the skill, and whose hero must have it ("self": the unit
# itself, "ally": its seat's hero, "enemy": the other seat's hero).
STATUS_SOURCES: dict[str, tuple[str, str]] = {
    "BLIND": ("rogue_smoke_bomb", "enemy"),
    "DEATH_MARK": ("rogue_death_mark", "enemy"),
    "CHALLENGE": ("duelist_challenge", "enemy"),
    "FEINT": ("duelist_feint", "self"),
    "INVULNERABLE": ("cleric_ascended_form", "self"),
    "POWER_OF_MANY": ("cleric_power_of_many", "ally"),
}
# Hero-only marks and the skill that makes each.
MARK_SKILLS = {
    "shield": "warrior_endure",
    "charges": "huntress_natures_power",
    "invisible": "rogue_smoke_bomb",
    "beacon": "mage_warp_beacon",
}
CLONE_ID = re.compile(r"^(p[12]_hero)_clone_([1-9][0-9]*)$")

Tile = tuple[int, int]


@dataclass
class Team:
    """A seat's draft: the skill names the hero class (`hero`, if given, must agree)."""

    skill: str
    minions: tuple[str, str]
    hero: str | None = None


@dataclass
class UnitSetup:
    """Overrides for one unit; None (or empty) keeps the value of a fresh battle."""

    x: int | None = None
    y: int | None = None
    hp: int | None = None
    max_hp: int | None = None
    buffs: dict[str, int] = field(default_factory=dict)
    shield: int = 0
    shield_rounds: int | None = None
    cooldown: int = 0
    acted: int = 0
    charges: int = 0
    invisible: bool = False
    marker: str | None = None
    challenger: str | None = None
    beacon: Tile | None = None
    prepared: list[Action] = field(default_factory=list)
    rounds_left: int | None = None
    dead: bool = False


@dataclass
class PendingDeath:
    """A death choice still to be made: the dead minion, its death tile, and the chooser
    (by default the one the `death_chooser` option names)."""

    unit: str
    x: int
    y: int
    chooser: int | None = None


@dataclass
class Position:
    """A battle position. `seat` is the seat to act (with pending deaths: the seat whose
    action killed); `actor` is the unit whose action raised the pending deaths (the turn
    moves on after the choices as after its action; without it `seat` acts next)."""

    teams: tuple[Team, Team]
    units: dict[str, UnitSetup] = field(default_factory=dict)
    obstacles: dict[Tile, int] = field(default_factory=dict)
    tiles: dict[Tile, tuple[str, int]] = field(default_factory=dict)
    round: int = 1
    seat: int = 0
    current: str | None = None
    last_actor: int | None = None
    deaths: list[PendingDeath] = field(default_factory=list)
    actor: str | None = None


def hero_class(where: str, skill: str) -> str:
    """The class whose skill `skill` is, or an error listing the skills."""
    entry = DATA.skills.get(skill)
    if entry is None:
        raise BadInput(f"{where}: unknown skill {skill!r}; known: {', '.join(DATA.skills)}")
    return str(entry["class"])


def _draft(where: str, team: Team, options: TacticsOptions) -> Draft:
    hero = hero_class(f"{where}.skill", team.skill)
    if team.hero is not None and team.hero != hero:
        raise BadInput(f"{where}.hero: {team.skill} is a {hero} skill, not a {team.hero} one")
    for index, kind in enumerate(team.minions):
        if kind not in MINION_TYPES:
            raise BadInput(
                f"{where}.minions[{index}]: unknown minion {kind!r}; known: "
                f"{', '.join(MINION_TYPES)}"
            )
    if options.distinct_minions and team.minions[0] == team.minions[1]:
        raise BadInput(
            f"{where}.minions: two different types (ruling A11), unless the option "
            "distinct_minions is false"
        )
    return Draft(hero, team.skill, team.minions)


def _tile(where: str, x: int, y: int) -> Tile:
    if not inside(x, y):
        raise BadInput(f"{where}: ({x}, {y}) is off the board (x and y are 0-4)")
    return (x, y)


def _map(state: TacticsState, position: Position) -> None:
    for (x, y), hp in position.obstacles.items():
        _tile(f"obstacles ({x}, {y})", x, y)
        if not 1 <= hp <= DATA.obstacle_hp:
            raise BadInput(f"obstacles ({x}, {y}): HP 1-{DATA.obstacle_hp}, got {hp}")
        state.obstacles[(x, y)] = hp
    for (x, y), (buff, rounds) in position.tiles.items():
        _tile(f"tiles ({x}, {y})", x, y)
        if buff not in TILE_BUFFS:
            raise BadInput(
                f"tiles ({x}, {y}): unknown tile buff {buff!r}; known: {', '.join(TILE_BUFFS)}"
            )
        if not 1 <= rounds <= DATA.tile_rounds:
            raise BadInput(f"tiles ({x}, {y}): rounds 1-{DATA.tile_rounds}, got {rounds}")
        if (x, y) in state.obstacles:
            raise BadInput(f"tiles ({x}, {y}): an obstacle stands there (one map object a tile)")
        state.tiles[(x, y)] = [buff, rounds]


def _new_clone(state: TacticsState, uid: str, where: str) -> Unit:
    found = CLONE_ID.match(uid)
    assert found is not None
    hero = state.unit(found.group(1))
    assert hero is not None
    if hero.skill != "rogue_shadow_clone":
        raise BadInput(f"{where}: a shadow clone needs a hero with Shadow Clone")
    stats = dict(DATA.clone_stats)
    stats["move"] = hero.move
    clone = Unit(uid, hero.seat, CLONE, "CLONE", stats, -1, -1)
    clone.rounds_left = DATA.clone_rounds
    state.units.append(clone)
    state.clones = max(state.clones, int(found.group(2)))
    return clone


def _known_unit(state: TacticsState, where: str, uid: str) -> Unit:
    unit = state.unit(uid)
    if unit is None:
        names = ", ".join(u.id for u in state.units)
        raise BadInput(f"{where}: unknown unit {uid!r}; units: {names}")
    return unit


def _set_unit(state: TacticsState, unit: Unit, setup: UnitSetup, where: str) -> None:
    """Apply one unit's overrides (each checked on its own; the board is checked later)."""
    if unit.category == CLONE and (setup.x is None or setup.y is None):
        raise BadInput(f"{where}: a shadow clone needs its tile (x and y)")
    if setup.dead:
        if setup != UnitSetup(dead=True):
            raise BadInput(f"{where}: a dead unit takes no other values")
        if unit.category == HERO:
            raise BadInput(f"{where}.dead: a dead hero ends the game; a position is mid-battle")
        if unit.category == CLONE:
            raise BadInput(f"{where}.dead: a dead shadow clone is gone; leave it out")
        unit.hp = 0
        unit.x = unit.y = -1
        return
    if setup.x is not None:
        unit.x = setup.x
    if setup.y is not None:
        unit.y = setup.y
    _tile(where, unit.x, unit.y)
    if setup.max_hp is not None:
        if setup.max_hp < 1:
            raise BadInput(f"{where}.max_hp: at least 1, got {setup.max_hp}")
        unit.max_hp = setup.max_hp
    if setup.hp is not None:
        if setup.hp < 1:
            raise BadInput(f"{where}.hp: a living unit has HP above 0 (or set dead = true)")
        if unit.category == CLONE and setup.hp != 1:
            raise BadInput(f"{where}.hp: a shadow clone has 1 HP (it cannot be healed)")
        unit.hp = setup.hp
    for buff, rounds in setup.buffs.items():
        if buff not in BUFF_NAMES:
            raise BadInput(f"{where}.buffs: unknown buff {buff!r}; known: {', '.join(BUFF_NAMES)}")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise BadInput(f"{where}.buffs.{buff}: rounds 1-{MAX_ROUNDS}, got {rounds}")
        unit.buffs[buff] = rounds
    _set_marks(unit, setup, where, state.options.endure_rounds)
    if setup.rounds_left is not None:
        if unit.category != CLONE:
            raise BadInput(f"{where}.rounds_left: only a shadow clone has a lifetime")
        if not 1 <= setup.rounds_left <= DATA.clone_rounds:
            raise BadInput(f"{where}.rounds_left: 1-{DATA.clone_rounds}, got {setup.rounds_left}")
        unit.rounds_left = setup.rounds_left
    unit.acted = setup.acted
    unit.prepared = list(setup.prepared)
    for index, action in enumerate(unit.prepared):
        if isinstance(action, EndTurn | DeathChoice | Draft):
            raise BadInput(
                f"{where}.prepared[{index}]: only a move, an attack or a skill is prepared"
            )
        if getattr(action, "unit", None) != unit.id:
            raise BadInput(f"{where}.prepared[{index}]: the action names another unit")


def _set_marks(unit: Unit, setup: UnitSetup, where: str, endure_rounds: int) -> None:
    """Hero-only marks (shield, charges, invisibility, beacon, cooldown), each only on the
    hero whose skill makes it; a shield lasts `endure_rounds` more round ends unless told."""
    given = {
        "shield": setup.shield,
        "charges": setup.charges,
        "invisible": setup.invisible,
        "beacon": setup.beacon,
    }
    for key, value in given.items():
        if value and unit.skill != MARK_SKILLS[key]:
            raise BadInput(f"{where}.{key}: only a hero with {MARK_SKILLS[key]} has one")
    if setup.cooldown and unit.category != HERO:
        raise BadInput(f"{where}.cooldown: only a hero has a skill")
    cooldown = DATA.skills[unit.skill]["cooldown"] if unit.skill else 0
    if not 0 <= setup.cooldown <= cooldown:
        raise BadInput(f"{where}.cooldown: 0-{cooldown}, got {setup.cooldown}")
    if setup.shield < 0:
        raise BadInput(f"{where}.shield: at least 0, got {setup.shield}")
    charges = DATA.skills["huntress_natures_power"]["charges"]
    if not 0 <= setup.charges <= charges:
        raise BadInput(f"{where}.charges: 0-{charges}, got {setup.charges}")
    unit.cooldown = setup.cooldown
    unit.shield = setup.shield
    if setup.shield_rounds is not None:
        if not setup.shield:
            raise BadInput(f"{where}.shield_rounds: given without a shield")
        if setup.shield_rounds < 1:
            raise BadInput(f"{where}.shield_rounds: at least 1, got {setup.shield_rounds}")
    unit.shield_rounds = endure_rounds if setup.shield_rounds is None else setup.shield_rounds
    unit.charges = setup.charges
    unit.invisible = setup.invisible
    if setup.beacon is not None:
        unit.beacon = _tile(f"{where}.beacon", *setup.beacon)


def _sources(state: TacticsState, unit: Unit, setup: UnitSetup, where: str) -> None:
    """Each skill-only status needs a hero that could have given it; DEATH_MARK and
    CHALLENGE remember that hero (by default the enemy hero)."""
    for status in unit.buffs:
        if status not in STATUS_SOURCES:
            continue
        skill, whose = STATUS_SOURCES[status]
        giver, named = {
            "self": (unit, "this unit"),
            "ally": (state.hero(unit.seat), "its own hero"),
            "enemy": (state.hero(1 - unit.seat), "the enemy hero"),
        }[whose]
        if giver.skill != skill:
            raise BadInput(f"{where}.buffs.{status}: comes from {skill}, which {named} lacks")
    for key, status in (("marker", "DEATH_MARK"), ("challenger", "CHALLENGE")):
        source = getattr(setup, key)
        if source is None:
            if status in unit.buffs:
                setattr(unit, key, state.hero(1 - unit.seat).id)
            continue
        enemy = state.hero(1 - unit.seat).id
        if source != enemy:
            raise BadInput(f"{where}.{key}: only the enemy hero {enemy} gives it, not {source}")
        setattr(unit, key, source)


def _board(state: TacticsState, given: set[str]) -> None:
    """No two living units on a tile, none on an obstacle. Units at their starting tiles
    are placed first, so a clash is reported on the unit the position moved."""
    taken: dict[Tile, str] = {}
    for unit in sorted(state.units, key=lambda u: u.id in given):
        if unit.hp <= 0:
            continue
        if unit.pos in taken:
            raise BadInput(
                f"units.{unit.id}: ({unit.x}, {unit.y}) is already taken by {taken[unit.pos]}"
            )
        if unit.pos in state.obstacles:
            raise BadInput(f"units.{unit.id}: ({unit.x}, {unit.y}) holds an obstacle")
        taken[unit.pos] = unit.id
        if unit.acted > state.max_actions(unit):
            raise BadInput(
                f"units.{unit.id}.acted: at most {state.max_actions(unit)} action(s) this "
                f"round, got {unit.acted}"
            )


def _turn(state: TacticsState, position: Position) -> None:
    """The seat to act, a SPEED unit partway, the last actor, pending deaths, and which
    seats have opened this round (their prepared actions already resolved)."""
    seat = position.seat
    state.seat = seat
    state.last_actor = 1 - seat if position.last_actor is None else position.last_actor
    acted = [any(u.acted for u in state.units if u.seat == s) for s in SEATS]
    state.opened = [s == seat or acted[s] for s in SEATS]
    for unit in state.units:
        opened = state.opened[unit.seat] or state.options.slow_resolution == "round_end"
        if unit.prepared and opened and not unit.acted:
            raise BadInput(
                f"units.{unit.id}.prepared: seat {unit.seat} has already opened this round, "
                "so a prepared action was declared this round (acted = 1); to see one "
                "resolve, start with the other seat to act"
            )
    if position.current is not None:
        unit = _known_unit(state, "current", position.current)
        if unit.seat != seat or unit.hp <= 0 or unit.acted != 1 or state.max_actions(unit) != 2:
            raise BadInput(
                f"current: {unit.id} is not a living SPEED unit of seat {seat} that has "
                "taken one action (acted = 1)"
            )
        state.current = unit.id
    _deaths(state, position)
    if state.deaths:
        return
    if not any(state.can_act(u) for u in state.units):
        raise BadInput("seat: every living unit has acted, so the round would be over")
    if not any(state.can_act(u) for u in state.units if u.seat == seat):
        raise BadInput(f"seat: seat {seat} is to act, but none of its units has an action left")


def _deaths(state: TacticsState, position: Position) -> None:
    ids = [death.unit for death in position.deaths]
    if ids != sorted(ids):
        raise BadInput("deaths: pending choices are asked in unit id order (ruling A20)")
    for index, death in enumerate(position.deaths):
        where = f"deaths[{index}]"
        unit = _known_unit(state, f"{where}.unit", death.unit)
        if unit.category != "minion" or unit.hp > 0:
            raise BadInput(f"{where}.unit: {unit.id} is not a dead minion (set dead = true)")
        _tile(where, death.x, death.y)
        if not state.free(death.x, death.y):
            raise BadInput(f"{where}: the death tile ({death.x}, {death.y}) is not empty")
        chooser = death.chooser
        if chooser is None:
            chooser = unit.seat if state.options.death_chooser == "owner" else position.seat
        state.deaths.append((unit.id, death.x, death.y, chooser))
    if position.actor is not None:
        if not state.deaths:
            raise BadInput("actor: only with pending deaths")
        actor = _known_unit(state, "actor", position.actor)
        if actor.seat != position.seat or not actor.acted:
            raise BadInput(f"actor: {actor.id} is not a unit of seat {position.seat} that acted")
    if state.deaths:
        state.after = (position.seat, position.actor or "")


def build(position: Position, seed: int = 0, options: TacticsOptions | None = None) -> TacticsState:
    """A real `TacticsState` in battle at `position`, its draft events kept as history."""
    options = options or TacticsOptions()
    drafts = [_draft(f"seat{s}", position.teams[s], options) for s in SEATS]
    state = TacticsState(seed, options)
    for seat in SEATS:
        state.apply(drafts[seat], seat)
    state.events = [e for e in state.events if e[0] != ROUND]
    if not 1 <= position.round <= options.round_cap:
        raise BadInput(f"round: 1-{options.round_cap} (the round cap), got {position.round}")
    state.round = position.round
    _map(state, position)
    for uid in sorted(position.units):
        where = f"units.{uid}"
        unit = _new_clone(state, uid, where) if CLONE_ID.match(uid) else None
        unit = unit or _known_unit(state, where, uid)
        _set_unit(state, unit, position.units[uid], where)
    state.units.sort(key=lambda u: u.id)
    for uid in sorted(position.units):
        unit = state.unit(uid)
        assert unit is not None
        if unit.hp > 0:
            _sources(state, unit, position.units[uid], f"units.{uid}")
    _board(state, set(position.units))
    _turn(state, position)
    assert state.phase == BATTLE
    state._legal = None
    return state
