"""5×5 Tactics actions: small frozen values with a stable JSON form.

The draft is one `Draft` per seat (hero class, skill, two minions in slot order). In battle
a seat activates one of its units with `Move`, `Attack`, `MoveAttack`, `Skill`, `MoveSkill`
or `EndTurn`, naming the unit by id; a minion death asks its owner for a `DeathChoice`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sparring.core.errors import BadInput


@dataclass(frozen=True, slots=True)
class Draft:
    hero: str
    skill: str
    minions: tuple[str, str]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "draft",
            "hero": self.hero,
            "skill": self.skill,
            "minions": list(self.minions),
        }


@dataclass(frozen=True, slots=True)
class Move:
    unit: str
    x: int
    y: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "unit": self.unit, "x": self.x, "y": self.y}


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack the unit or obstacle on tile (x, y)."""

    unit: str
    x: int
    y: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "attack", "unit": self.unit, "x": self.x, "y": self.y}


@dataclass(frozen=True, slots=True)
class MoveAttack:
    """Move to (x, y), then attack the enemy unit on (tx, ty)."""

    unit: str
    x: int
    y: int
    tx: int
    ty: int

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "move_attack",
            "unit": self.unit,
            "x": self.x,
            "y": self.y,
            "tx": self.tx,
            "ty": self.ty,
        }


@dataclass(frozen=True, slots=True)
class Skill:
    """Use the hero's skill on tile (x, y) (the hero's own tile for self skills); `choice`
    names a debuff where the skill lets the player choose one."""

    unit: str
    x: int
    y: int
    choice: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "skill", "unit": self.unit, "x": self.x, "y": self.y}
        if self.choice is not None:
            out["choice"] = self.choice
        return out


@dataclass(frozen=True, slots=True)
class MoveSkill:
    """The rules text's MOVE_AND_SKILL (rules §2.3; ruling A8; off with the option
    ``move_and_skill``): a legal move to (x, y), then the hero's skill aimed at (sx, sy) as
    seen from the new tile."""

    unit: str
    x: int
    y: int
    sx: int
    sy: int
    choice: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "move_skill",
            "unit": self.unit,
            "x": self.x,
            "y": self.y,
            "sx": self.sx,
            "sy": self.sy,
        }
        if self.choice is not None:
            out["choice"] = self.choice
        return out


@dataclass(frozen=True, slots=True)
class EndTurn:
    unit: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "end_turn", "unit": self.unit}


@dataclass(frozen=True, slots=True)
class DeathChoice:
    """What a dead minion leaves: an obstacle or a buff tile."""

    spawn: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "death_choice", "spawn": self.spawn}


BattleAction = Move | Attack | MoveAttack | Skill | MoveSkill | EndTurn
Action = Draft | BattleAction | DeathChoice
OBSTACLE = DeathChoice("obstacle")
BUFF_TILE = DeathChoice("buff_tile")


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(
            f"tactics action {data.get('type')!r} needs an integer {key!r}, got {value!r}"
        )
    return value


def _str(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise BadInput(f"tactics action {data.get('type')!r} needs a string {key!r}, got {value!r}")
    return value


def action_from_json(data: Any) -> Action:
    """Parse an action's JSON form, with a clear error for anything else."""
    if not isinstance(data, dict):
        raise BadInput(f"a tactics action is a JSON object, got {data!r}")
    kind = data.get("type")
    if kind == "draft":
        minions = data.get("minions")
        if (
            not isinstance(minions, list)
            or len(minions) != 2
            or not all(isinstance(m, str) for m in minions)
        ):
            raise BadInput("draft needs 'minions', a list of two minion types")
        return Draft(
            _str(data, "hero").upper(),
            _str(data, "skill"),
            (minions[0].upper(), minions[1].upper()),
        )
    if kind == "move":
        return Move(_str(data, "unit"), _int(data, "x"), _int(data, "y"))
    if kind == "attack":
        return Attack(_str(data, "unit"), _int(data, "x"), _int(data, "y"))
    if kind == "move_attack":
        return MoveAttack(
            _str(data, "unit"), _int(data, "x"), _int(data, "y"), _int(data, "tx"), _int(data, "ty")
        )
    if kind in ("skill", "move_skill"):
        choice = data.get("choice")
        if choice is not None and not isinstance(choice, str):
            raise BadInput(f"{kind} 'choice' must be a debuff name, got {choice!r}")
        if kind == "skill":
            return Skill(_str(data, "unit"), _int(data, "x"), _int(data, "y"), choice)
        return MoveSkill(
            _str(data, "unit"),
            _int(data, "x"),
            _int(data, "y"),
            _int(data, "sx"),
            _int(data, "sy"),
            choice,
        )
    if kind == "end_turn":
        return EndTurn(_str(data, "unit"))
    if kind == "death_choice":
        spawn = data.get("spawn")
        if spawn not in ("obstacle", "buff_tile"):
            raise BadInput(f"death_choice 'spawn' is 'obstacle' or 'buff_tile', got {spawn!r}")
        return DeathChoice(spawn)
    raise BadInput(
        f"unknown tactics action type {kind!r}; known: draft, move, attack, move_attack, skill, "
        "move_skill, end_turn, death_choice"
    )
