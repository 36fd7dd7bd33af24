"""The eighteen hero skills: where each may be aimed and what it does (companion §11, with
the suggested rulings; docs/games/tactics.md).

Every skill is aimed at a tile. For self skills it is the hero's own tile; for a line it is
the first tile of the line, one per direction. Ranges are Manhattan distances from the
caster and skills ignore line of sight; a skill that hits units needs at least one valid
target. Skill damage is fixed (no ATK modifiers) and goes through the Guardian, Invulnerable
and Death Mark like any hit. Using a skill sets its cooldown to 2 (the Warp Beacon's placing
use excepted) and ends invisibility (the Smoke Bomb excepted). Every number (range,
cooldown, damage, shield, chance...) is the skill's entry in data.toml.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import events as ev
from .actions import Skill
from .board import DIRECTIONS, TILES, Occupancy, distance, inside
from .data import DATA
from .units import CLONE, Unit

if TYPE_CHECKING:
    from .state import TacticsState

DEBUFFS = DATA.negative_buffs  # WEAKNESS, BLEED, SLOW: the random debuff's order
STRIKE_CHOICES = tuple(sorted(DEBUFFS))
CLEANSABLE = (*DEBUFFS, "BLIND", "DEATH_MARK", "CHALLENGE")

Tile = tuple[int, int]


def _enemies(state: TacticsState, hero: Unit, reach: int) -> list[Tile]:
    return [
        u.pos
        for u in state.living(1 - hero.seat)
        if not u.invisible and distance(u.pos, hero.pos) <= reach
    ]


def _allies(state: TacticsState, hero: Unit, reach: int) -> list[Tile]:
    return [
        u.pos
        for u in state.living(hero.seat)
        if u.category != CLONE and distance(u.pos, hero.pos) <= reach
    ]


def _free_tiles(where: Occupancy, hero: Unit, reach: int, exact: bool = False) -> list[Tile]:
    """Free tiles within `reach` of the hero (exactly at `reach` when `exact`), column by
    column."""
    hx, hy = hero.x, hero.y
    found = []
    for x, y in TILES:
        away = abs(x - hx) + abs(y - hy)
        if 0 < away <= reach and (not exact or away == reach) and where.free(x, y):
            found.append((x, y))
    return found


def _adjacent_enemies(state: TacticsState, tile: Tile, seat: int) -> list[Unit]:
    return [u for u in state.living(1 - seat) if distance(u.pos, tile) == 1]


def _number(skill: str, key: str) -> int:
    """One of `skill`'s numbers in data.toml: its damage, range, cooldown, shield..."""
    value: int = DATA.skills[skill][key]
    return value


def _line(hero: Unit, dx: int, dy: int, reach: int) -> list[Tile]:
    tiles = []
    for step in range(1, reach + 1):
        x, y = hero.x + dx * step, hero.y + dy * step
        if inside(x, y):
            tiles.append((x, y))
    return tiles


# ---------------------------------------------------------------------- targets


def targets(state: TacticsState, hero: Unit, where: Occupancy | None = None) -> list[Tile]:
    """The tiles `hero`'s skill may be aimed at now (`where`: who stands where, when a menu
    has it at hand)."""
    where = Occupancy(state.units, state.obstacles) if where is None else where
    skill = hero.skill
    reach = DATA.skills[skill]["range"] if skill else 0
    me = [hero.pos]
    if skill == "warrior_heroic_leap":
        return _free_tiles(where, hero, reach)
    if skill == "warrior_shockwave":
        return me if _adjacent_enemies(state, hero.pos, hero.seat) else []
    if skill in (
        "warrior_endure",
        "huntress_natures_power",
        "duelist_feint",
        "cleric_ascended_form",
    ):
        return me
    if skill in (
        "mage_elemental_blast",
        "rogue_death_mark",
        "huntress_spirit_hawk",
        "duelist_challenge",
        "duelist_elemental_strike",
    ):
        return _enemies(state, hero, reach)
    if skill == "mage_warp_beacon":
        if hero.beacon is None:
            return _free_tiles(where, hero, reach)
        return [hero.beacon] if where.free(*hero.beacon) else []
    if skill == "mage_wild_magic":
        return me if state.living(1 - hero.seat) else []
    if skill == "rogue_smoke_bomb":
        return _free_tiles(where, hero, reach)
    if skill == "rogue_shadow_clone":
        return _free_tiles(where, hero, reach, exact=True)
    if skill == "huntress_spectral_blades":
        found = []
        enemies = {u.pos for u in state.living(1 - hero.seat)}
        for dx, dy in DIRECTIONS:
            line = _line(hero, dx, dy, reach)
            if line and any(t in enemies for t in line):
                found.append(line[0])
        return found
    if skill == "cleric_trinity":
        return _allies(state, hero, reach)
    if skill == "cleric_power_of_many":
        return me
    return []


def skill_actions(state: TacticsState, unit: Unit, where: Occupancy | None = None) -> list[Skill]:
    """The skill uses open to `unit` now (heroes with their skill off cooldown)."""
    if unit.skill is None or unit.cooldown > 0:
        return []
    tiles = targets(state, unit, where)
    if unit.skill == "duelist_elemental_strike":
        return [Skill(unit.id, x, y, c) for x, y in tiles for c in STRIKE_CHOICES]
    return [Skill(unit.id, x, y) for x, y in tiles]


# ---------------------------------------------------------------------- effects


def _debuff(state: TacticsState, unit: Unit, label: str) -> None:
    if unit.hp > 0:
        state.gain_buff(unit, DEBUFFS[state.rng.below(len(DEBUFFS), label)])


def _status(state: TacticsState, unit: Unit, status: str) -> None:
    rounds: int = DATA.statuses[status]["rounds"]
    if state.options.extra_tick_for_acted and status == "BLIND" and unit.acted:
        rounds += 1
    unit.buffs[status] = rounds
    state.events.append((ev.BUFF, -1, unit.id, status, rounds))


def _heroic_leap(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    state.move_unit(hero, tile[0], tile[1], landing=False)
    for enemy in _adjacent_enemies(state, tile, hero.seat):
        state.strike(hero, enemy, _number("warrior_heroic_leap", "damage"), "skill")


def _shockwave(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    """Adjacent enemies, in id order: 1 damage and pushed one tile straight away; a push
    that is blocked (edge, unit, obstacle, or a tile another pushed enemy takes) leaves the
    enemy in place with 2 damage instead."""
    damage = _number("warrior_shockwave", "damage")
    blocked_damage = _number("warrior_shockwave", "blocked_damage")
    claimed: set[Tile] = set()
    plans = []
    for enemy in _adjacent_enemies(state, hero.pos, hero.seat):
        dest = (2 * enemy.x - hero.x, 2 * enemy.y - hero.y)
        blocked = not state.free(*dest) or dest in claimed
        if not blocked:
            claimed.add(dest)
        plans.append((enemy, dest, blocked))
    for enemy, dest, blocked in plans:
        state.strike(hero, enemy, blocked_damage if blocked else damage, "skill")
        if not blocked and enemy.hp > 0:
            state.move_unit(enemy, dest[0], dest[1], landing=False)


def _endure(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    hero.shield += _number("warrior_endure", "shield")
    hero.shield_rounds = state.options.endure_rounds
    state.events.append((ev.SHIELDED, -1, hero.id, 0, hero.shield))
    if hero.buffs.pop("BLEED", None) is not None:
        state.events.append((ev.BUFF_END, -1, hero.id, "BLEED"))


def _elemental_blast(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    target = state.unit_at(*tile)
    assert target is not None
    receiver = state.strike(hero, target, _number("mage_elemental_blast", "damage"), "skill")
    percent = _number("mage_elemental_blast", "debuff_percent")
    if receiver is not None and state.rng.chance(percent, "blast_debuff"):
        _debuff(state, receiver, "debuff")


def _warp_beacon(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> bool:
    if hero.beacon is None:
        hero.beacon = tile
        state.events.append((ev.TILE, -1, tile[0], tile[1], "BEACON", 0))
        return False  # placing the beacon does not start the cooldown
    state.move_unit(hero, tile[0], tile[1], landing=False)
    hero.beacon = None
    return True


def _wild_magic(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    enemies = state.living(1 - hero.seat)
    for enemy in enemies:
        state.strike(hero, enemy, _number("mage_wild_magic", "damage"), "skill")
    percent = _number("mage_wild_magic", "debuff_percent")
    for enemy in enemies:
        if state.rng.chance(percent, "wild_debuff"):
            _debuff(state, enemy, "debuff")


def _smoke_bomb(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    start = hero.pos
    state.move_unit(hero, tile[0], tile[1], landing=False)
    hero.invisible = True
    for enemy in _adjacent_enemies(state, start, hero.seat):
        _status(state, enemy, "BLIND")


def _death_mark(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    target = state.unit_at(*tile)
    assert target is not None
    target.marker = hero.id
    _status(state, target, "DEATH_MARK")


def _shadow_clone(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    state.clones += 1
    stats = dict(DATA.clone_stats)
    stats["move"] = hero.move
    clone = Unit(f"{hero.id}_clone_{state.clones}", hero.seat, CLONE, "CLONE", stats, *tile)
    clone.rounds_left = DATA.clone_rounds
    state.units.append(clone)
    state.units.sort(key=lambda u: u.id)
    state.events.append((ev.UNIT_ADDED, -1, clone.id, tile[0], tile[1]))


def _spirit_hawk(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    target = state.unit_at(*tile)
    assert target is not None
    state.strike(hero, target, _number("huntress_spirit_hawk", "damage"), "skill")


def _spectral_blades(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    dx, dy = tile[0] - hero.x, tile[1] - hero.y
    damage = _number("huntress_spectral_blades", "damage")
    for x, y in _line(hero, dx, dy, _number("huntress_spectral_blades", "range")):
        enemy = state.unit_at(x, y)
        if enemy is not None and enemy.seat != hero.seat:
            state.strike(hero, enemy, damage, "skill")


def _natures_power(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    hero.charges = _number("huntress_natures_power", "charges")
    state.gain_buff(hero, "LIFE")


def _challenge(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    target = state.unit_at(*tile)
    assert target is not None
    target.challenger = hero.id
    _status(state, target, "CHALLENGE")


def _elemental_strike(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    target = state.unit_at(*tile)
    assert target is not None
    damage = _number("duelist_elemental_strike", "damage")
    receiver = state.strike(hero, target, damage, "skill")
    if receiver is not None and receiver.hp > 0 and choice is not None:
        state.gain_buff(receiver, choice)


def _feint(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    _status(state, hero, "FEINT")


def _trinity(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    target = state.unit_at(*tile)
    assert target is not None
    state.change_hp(target, _number("cleric_trinity", "heal"), "trinity")
    present = [b for b in CLEANSABLE if b in target.buffs]
    if present:
        removed = present[state.rng.below(len(present), "cleanse")]
        del target.buffs[removed]
        state.events.append((ev.BUFF_END, -1, target.id, removed))
    state.gain_buff(target, "LIFE")


def _power_of_many(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    for ally in state.living(hero.seat):
        state.change_hp(ally, _number("cleric_power_of_many", "heal"), "power of many")
        _status(state, ally, "POWER_OF_MANY")


def _ascended_form(state: TacticsState, hero: Unit, tile: Tile, choice: str | None) -> None:
    _status(state, hero, "INVULNERABLE")


EFFECTS: dict[str, Callable[..., object]] = {
    "warrior_heroic_leap": _heroic_leap,
    "warrior_shockwave": _shockwave,
    "warrior_endure": _endure,
    "mage_elemental_blast": _elemental_blast,
    "mage_warp_beacon": _warp_beacon,
    "mage_wild_magic": _wild_magic,
    "rogue_smoke_bomb": _smoke_bomb,
    "rogue_death_mark": _death_mark,
    "rogue_shadow_clone": _shadow_clone,
    "huntress_spirit_hawk": _spirit_hawk,
    "huntress_spectral_blades": _spectral_blades,
    "huntress_natures_power": _natures_power,
    "duelist_challenge": _challenge,
    "duelist_elemental_strike": _elemental_strike,
    "duelist_feint": _feint,
    "cleric_trinity": _trinity,
    "cleric_power_of_many": _power_of_many,
    "cleric_ascended_form": _ascended_form,
}


def use_skill(state: TacticsState, hero: Unit, action: Skill, prepared: bool = False) -> None:
    """Resolve `hero`'s skill aimed at the action's tile. A prepared (SLOW) skill started
    its cooldown when declared, and does nothing if its target is no longer valid."""
    tile = (action.x, action.y)
    if hero.skill is None or tile not in targets(state, hero):
        state.events.append((ev.MISSED, -1, hero.id, "skill target gone"))
        return
    if hero.skill != "rogue_smoke_bomb":
        hero.invisible = False
    starts_cooldown = EFFECTS[hero.skill](state, hero, tile, action.choice)
    if starts_cooldown is not False and not prepared:
        hero.cooldown = _number(hero.skill, "cooldown")
