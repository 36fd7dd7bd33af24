"""The game's facts (unit stats, hero classes, skills, buffs, constants), loaded from
``data.toml`` once and checked, so the engine can trust them. Every rule number lives
there, once; the engine, the agents and the scenario checks read it from here."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .actions import Draft

_STATS = ("hp", "atk", "move", "range")
_DRAFTS: dict[bool, tuple[Draft, ...]] = {}
MINION_TYPES = ("TANK", "ARCHER", "ASSASSIN")
SKILL_TARGETS = {
    "SELF",
    "SINGLE_ENEMY",
    "SINGLE_ALLY",
    "SINGLE_TILE",
    "AREA_AROUND_SELF",
    "LINE",
    "ALL_ENEMIES",
    "ALL_ALLIES",
}
# The numbers every entry of a table has, and those some entries add (data.toml says what
# each one means); all are checked to be whole numbers on load.
SKILL_NUMBERS = ("range", "cooldown", "damage")
BUFF_NUMBERS = ("atk_mod", "instant_hp", "rounds")
STATUS_NUMBERS = ("rounds",)
EXTRA_NUMBERS: dict[str, dict[str, tuple[str, ...]]] = {
    "skill": {
        "warrior_shockwave": ("blocked_damage",),
        "warrior_endure": ("shield",),
        "mage_elemental_blast": ("debuff_percent",),
        "mage_wild_magic": ("debuff_percent",),
        "huntress_natures_power": ("charges", "bonus"),
        "cleric_trinity": ("heal",),
        "cleric_power_of_many": ("heal",),
    },
    "buff": {"SPEED": ("actions",)},
    "status": {"DEATH_MARK": ("damage_bonus", "payoff_hp"), "POWER_OF_MANY": ("atk_mod",)},
}


@dataclass(frozen=True)
class GameData:
    board: int
    obstacle_hp: int
    tile_rounds: int
    pressure_round: int
    counter_damage: int
    decision_seconds: float
    death_choice_seconds: float
    draft_seconds: float
    hero_stats: dict[str, int]
    clone_stats: dict[str, int]
    clone_rounds: int
    minions: dict[str, dict[str, int]]
    classes: dict[str, tuple[str, ...]]
    skills: dict[str, dict[str, Any]]
    buffs: dict[str, dict[str, Any]]
    statuses: dict[str, dict[str, Any]]
    start: tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]

    @property
    def atk_mods(self) -> dict[str, int]:
        """Every buff's and status's ATK modifier that is not 0 (POWER +3, SPEED -1...)."""
        tables = (*self.buffs.items(), *self.statuses.items())
        return {name: entry["atk_mod"] for name, entry in tables if entry.get("atk_mod")}

    @property
    def negative_buffs(self) -> tuple[str, ...]:
        """The tile buffs of kind "negative" (the debuffs skills give), in table order."""
        return tuple(name for name, entry in self.buffs.items() if entry["kind"] == "negative")

    @property
    def most_rounds(self) -> int:
        """The longest any buff or status lasts, in round ends."""
        return max(e["rounds"] for e in (*self.buffs.values(), *self.statuses.values()))

    @property
    def start_row(self) -> tuple[int, int]:
        return (self.start[0]["hero"][1], self.start[1]["hero"][1])

    @property
    def hero_x(self) -> int:
        return self.start[0]["hero"][0]

    @property
    def minion_x(self) -> tuple[int, int]:
        return (self.start[0]["minion1"][0], self.start[0]["minion2"][0])

    def draft_options(self, distinct: bool) -> tuple[Draft, ...]:
        """Every draft: a class, one of its skills, two minions in slot order (two
        different types unless the `distinct_minions` option is off)."""
        cached = _DRAFTS.get(distinct)
        if cached is not None:
            return cached
        pairs = [(a, b) for a in MINION_TYPES for b in MINION_TYPES if not distinct or a != b]
        _DRAFTS[distinct] = drafts = tuple(
            Draft(hero, skill, pair)
            for hero, skills in self.classes.items()
            for skill in skills
            for pair in pairs
        )
        return drafts


def _stats(where: str, table: dict[str, Any]) -> dict[str, int]:
    for key in _STATS:
        value = table.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(
                f"tactics data: {where}.{key} must be a positive integer, got {value!r}"
            )
    return {key: table[key] for key in _STATS}


def _numbers(kind: str, table: dict[str, dict[str, Any]], common: tuple[str, ...]) -> None:
    """Each entry of `table` has its numbers (the `common` ones, and its extra ones) as
    whole numbers."""
    extras = EXTRA_NUMBERS[kind]
    missing = sorted(set(extras) - set(table))
    if missing:
        raise ValueError(f"tactics data: {kind}.{missing[0]} is missing")
    for name, entry in table.items():
        for key in (*common, *extras.get(name, ())):
            value = entry.get(key)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(
                    f"tactics data: {kind}.{name}.{key} must be a whole number, got {value!r}"
                )


def _start(table: dict[str, list[int]]) -> dict[str, tuple[int, int]]:
    """A seat's starting tiles, each an [x, y] pair."""
    return {key: (value[0], value[1]) for key, value in table.items()}


def load(text: str) -> GameData:
    doc = tomllib.loads(text)
    constants = doc["constants"]
    minions = {kind: _stats(f"minion.{kind}", doc["minion"][kind]) for kind in MINION_TYPES}
    classes = {entry["name"]: tuple(entry["skills"]) for entry in doc["class"]}
    skills = doc["skill"]
    for name, ids in classes.items():
        if len(ids) != 3:
            raise ValueError(f"tactics data: class {name} needs exactly 3 skills")
        for skill in ids:
            entry = skills.get(skill)
            if entry is None or entry.get("class") != name:
                raise ValueError(
                    f"tactics data: class {name} lists skill {skill!r}, which is not its own"
                )
            if entry.get("target") not in SKILL_TARGETS:
                raise ValueError(
                    f"tactics data: skill {skill} has an unknown target {entry.get('target')!r}"
                )
    _numbers("skill", skills, SKILL_NUMBERS)
    _numbers("buff", doc["buff"], BUFF_NUMBERS)
    _numbers("status", doc["status"], STATUS_NUMBERS)
    start = (_start(constants["start"]["p1"]), _start(constants["start"]["p2"]))
    return GameData(
        board=constants["board"],
        obstacle_hp=constants["obstacle_hp"],
        tile_rounds=constants["tile_rounds"],
        pressure_round=constants["pressure_round"],
        counter_damage=constants["counter_damage"],
        decision_seconds=float(constants["decision_seconds"]),
        death_choice_seconds=float(constants["death_choice_seconds"]),
        draft_seconds=float(constants["draft_seconds"]),
        hero_stats=_stats("hero", doc["hero"]),
        clone_stats=_stats("clone", doc["clone"]),
        clone_rounds=doc["clone"]["rounds"],
        minions=minions,
        classes=classes,
        skills=skills,
        buffs=doc["buff"],
        statuses=doc["status"],
        start=start,
    )


DATA = load((resources.files("sparring.games.tactics") / "data.toml").read_text(encoding="utf-8"))
