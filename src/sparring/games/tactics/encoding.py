"""5×5 Tactics for reinforcement learning: a seat's view as a vector, and the action table
(docs/rl.md, "5×5 Tactics").

Units are named by slot, from the observer's side: its hero, minion 1, minion 2 and
shadow clone (slots 0-3), then the enemy's the same way (4-7). The observation:

- the phase one-hot (draft, battle, over) (3); the round over 20 (1); whether a death
  choice of the observer's is pending (1); the acting unit's slot one-hot (4); which seats
  have drafted, the observer's first (2);
- per unit slot (8 × U): present; x and y over 4; HP, max HP, ATK with buffs and base
  ATK over 10; move, range and actions left over 5; shield and its rounds over 5;
  invisible; whether it has SLOW actions prepared; its kind one-hot (the classes, the
  minion types, the clone); a hero's skill one-hot, cooldown and charges over 5; a
  clone's rounds left over 2; each buff and status's rounds left over the longest;
- per tile, row by row (25 × (2 + B)): an obstacle's HP over 3, whether a buff tile lies
  there, its buff one-hot.

The action table: every draft (index in the game's list of drafts with duplicate minions
allowed, a superset of every option's), the two death choices, then the tokens of a
battle action — a unit slot, a verb (move, attack, move and attack, skill, move and skill,
end turn), a tile (x + 5 y) and a skill's debuff choice. A battle action is the path
unit, verb, then its tiles in the action's order, then its choice if it has one: up to
five indices, nothing lost (two shadow clones alive at once would share the clone slot:
the first in the game's order is played).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.rl.encoding import Menu, PathIndex, Vector, one_hot, scaled

from .actions import (
    BUFF_TILE,
    OBSTACLE,
    Attack,
    DeathChoice,
    Draft,
    EndTurn,
    Move,
    MoveAttack,
    MoveSkill,
    Skill,
)
from .data import DATA, MINION_TYPES
from .options import TacticsOptions
from .skills import STRIKE_CHOICES
from .viewtypes import TacticsView, UnitView, listed

PHASES = ("draft", "battle", "over")
SIZE = DATA.board
TILES = SIZE * SIZE
DRAFTS = DATA.draft_options(False)
DEATHS = (OBSTACLE, BUFF_TILE)
SLOTS = ("hero", "minion 1", "minion 2", "clone")
VERBS = ("move", "attack", "move_attack", "skill", "move_skill", "end_turn")
VERB_OF: dict[type, str] = dict(
    zip((Move, Attack, MoveAttack, Skill, MoveSkill, EndTurn), VERBS, strict=True)
)
KINDS = (*DATA.classes, *MINION_TYPES, "CLONE")
SKILLS = tuple(DATA.skills)
EFFECTS = (*DATA.buffs, *DATA.statuses)
TILE_BUFFS = tuple(DATA.buffs)

DEATH_BASE = len(DRAFTS)
SLOT_BASE = DEATH_BASE + len(DEATHS)
VERB_BASE = SLOT_BASE + len(SLOTS)
TILE_BASE = VERB_BASE + len(VERBS)
CHOICE_BASE = TILE_BASE + TILES
ACTION_COUNT = CHOICE_BASE + len(STRIKE_CHOICES)

UNIT_SIZE = 14 + len(KINDS) + len(SKILLS) + 3 + len(EFFECTS)
TILE_SIZE = 2 + len(TILE_BUFFS)
HEADER_SIZE = len(PHASES) + 1 + 1 + len(SLOTS) + 2
FEATURE_SIZE = HEADER_SIZE + 2 * len(SLOTS) * UNIT_SIZE + TILES * TILE_SIZE
#: Scales of the numbers (each clipped to [-1, 1] after scaling).
ROUND_SCALE = 20
STAT_SCALE = 10
SMALL_SCALE = 5
CORNER = SIZE - 1
MOST_ROUNDS = DATA.most_rounds

_DRAFT_INDEX = {draft: index for index, draft in enumerate(DRAFTS)}
_KIND_INDEX = {kind: index for index, kind in enumerate(KINDS)}
_SKILL_INDEX = {skill: index for index, skill in enumerate(SKILLS)}
_EFFECT_INDEX = {effect: index for index, effect in enumerate(EFFECTS)}


def unit_slot(unit_id: str) -> int:
    """A unit's slot on its side: its id says which (``p1_hero``, ``p2_minion_1``,
    ``p1_hero_clone_3``)."""
    if "_clone_" in unit_id:
        return 3
    if unit_id.endswith("_minion_1"):
        return 1
    if unit_id.endswith("_minion_2"):
        return 2
    return 0


def _tile(x: int, y: int) -> int:
    return TILE_BASE + x + SIZE * y


def _choice(choice: str | None) -> tuple[int, ...]:
    return () if choice is None else (CHOICE_BASE + STRIKE_CHOICES.index(choice),)


def path(action: Any) -> tuple[int, ...]:
    """The indices of `action`, in order."""
    if isinstance(action, Draft):
        return (_DRAFT_INDEX[action],)
    if isinstance(action, DeathChoice):
        return (DEATH_BASE + DEATHS.index(action),)
    unit = SLOT_BASE + unit_slot(action.unit)
    verb = VERB_BASE + VERBS.index(VERB_OF[type(action)])
    if isinstance(action, EndTurn):
        return (unit, verb)
    if isinstance(action, Move | Attack):
        return (unit, verb, _tile(action.x, action.y))
    if isinstance(action, MoveAttack):
        return (unit, verb, _tile(action.x, action.y), _tile(action.tx, action.ty))
    if isinstance(action, Skill):
        return (unit, verb, _tile(action.x, action.y), *_choice(action.choice))
    assert isinstance(action, MoveSkill), action
    tiles = (_tile(action.x, action.y), _tile(action.sx, action.sy))
    return (unit, verb, *tiles, *_choice(action.choice))


def _action_names() -> list[str]:
    names = [f"draft {d.hero} {d.skill} {d.minions[0]} {d.minions[1]}" for d in DRAFTS]
    names += [f"leave {death.spawn}" for death in DEATHS]
    names += [f"unit {slot}" for slot in SLOTS]
    names += list(VERBS)
    names += [f"tile {x} {y}" for y in range(SIZE) for x in range(SIZE)]
    names += [f"debuff {choice}" for choice in STRIKE_CHOICES]
    return names


class TacticsEncoding:
    """The encoding (the same under every option)."""

    depth = 5
    reads_log = False
    feature_size = FEATURE_SIZE
    action_names = _action_names()

    def __init__(self) -> None:
        self._paths = PathIndex(lambda view: path)

    def menu(self, view: TacticsView, legal: Sequence[Any], path_so_far: tuple[int, ...]) -> Menu:
        return self._paths.menu(view, legal, path_so_far)

    def features(self, view: TacticsView, seat: int, out: Vector) -> None:
        one_hot(out, 0, PHASES.index(view.phase))
        at = len(PHASES)
        out[at] = scaled(view.round, ROUND_SCALE)
        out[at + 1] = float(any(d.seat == seat for d in listed(view.death_choices)))
        if view.acting_unit is not None:
            one_hot(out, at + 2, unit_slot(view.acting_unit))
        at += 2 + len(SLOTS)
        drafted = listed(view.drafted)
        if drafted:
            out[at] = float(drafted[seat])
            out[at + 1] = float(drafted[1 - seat])
        at += 2
        for unit in listed(view.units):
            side = 0 if unit.seat == seat else 1
            slot = side * len(SLOTS) + unit_slot(unit.id)
            self._unit(unit, out, at + slot * UNIT_SIZE)
        at += 2 * len(SLOTS) * UNIT_SIZE
        for obstacle in listed(view.obstacles):
            out[at + (obstacle.x + SIZE * obstacle.y) * TILE_SIZE] = scaled(obstacle.hp, 3)
        for tile in listed(view.tiles):
            base = at + (tile.x + SIZE * tile.y) * TILE_SIZE
            out[base + 1] = 1.0
            one_hot(out, base + 2, TILE_BUFFS.index(tile.buff))

    @staticmethod
    def _unit(unit: UnitView, out: Vector, base: int) -> None:
        out[base] = 1.0
        out[base + 1] = unit.x / CORNER
        out[base + 2] = unit.y / CORNER
        out[base + 3] = scaled(unit.hp, STAT_SCALE)
        out[base + 4] = scaled(unit.max_hp, STAT_SCALE)
        out[base + 5] = scaled(unit.effective_atk, STAT_SCALE)
        out[base + 6] = scaled(unit.atk, STAT_SCALE)
        out[base + 7] = scaled(unit.move, SMALL_SCALE)
        out[base + 8] = scaled(unit.range, SMALL_SCALE)
        out[base + 9] = scaled(unit.actions_left, SMALL_SCALE)
        out[base + 10] = scaled(unit.shield, SMALL_SCALE)
        out[base + 11] = scaled(unit.shield_rounds, SMALL_SCALE)
        out[base + 12] = float(unit.invisible)
        out[base + 13] = float(bool(unit.prepared))
        base += 14
        one_hot(out, base, _KIND_INDEX.get(unit.kind))
        base += len(KINDS)
        if isinstance(unit.skill, str):
            one_hot(out, base, _SKILL_INDEX[unit.skill])
        base += len(SKILLS)
        if isinstance(unit.cooldown, int):
            out[base] = scaled(unit.cooldown, SMALL_SCALE)
        if isinstance(unit.charges, int):
            out[base + 1] = scaled(unit.charges, SMALL_SCALE)
        if isinstance(unit.rounds_left, int):
            out[base + 2] = scaled(unit.rounds_left, 2)
        base += 3
        for name, rounds in unit.buffs.items():
            out[base + _EFFECT_INDEX[name]] = scaled(rounds, MOST_ROUNDS)


def encoding(options: TacticsOptions) -> TacticsEncoding:
    """The game's `Extensions.rl_encoding`."""
    return TacticsEncoding()
