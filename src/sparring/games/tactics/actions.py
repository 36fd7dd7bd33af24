"""5×5 Tactics actions: one frozen message type per action, with a stable JSON form.

Each action is a `msgspec` struct tagged by its JSON ``"type"`` (`core.messages`), so the
same declaration gives the JSON form, the decoder (a draft names exactly two minions, a
death choice leaves an obstacle or a buff tile) and the JSON Schema bots are written
against. Decoding checks only the form; whether an action is legal now is the engine's
business (`legal.why_illegal` says why not).

The draft is one `Draft` per seat (hero class, skill, two minions in slot order). In battle
a seat activates one of its units with `Move`, `Attack`, `MoveAttack`, `Skill`, `MoveSkill`
or `EndTurn`, naming the unit by id; a minion death asks its owner for a `DeathChoice`.
Names are written as the game spells them (``CLERIC``, ``TANK``, ``cleric_trinity``).
"""

from __future__ import annotations

from typing import Literal

from sparring.core.messages import ActionStruct, Codec

#: What a dead minion leaves on its tile.
Spawn = Literal["obstacle", "buff_tile"]


class Draft(ActionStruct, frozen=True, tag="draft"):
    """A seat's draft: a hero class, one of its skills, and two minion types in slot order
    (minion 1 starts at x = 0, minion 2 at x = 4)."""

    hero: str
    skill: str
    minions: tuple[str, str]


class Move(ActionStruct, frozen=True, tag="move"):
    """Move `unit` to (x, y)."""

    unit: str
    x: int
    y: int


class Attack(ActionStruct, frozen=True, tag="attack"):
    """Attack the unit or obstacle on tile (x, y)."""

    unit: str
    x: int
    y: int


class MoveAttack(ActionStruct, frozen=True, tag="move_attack"):
    """Move to (x, y), then attack the enemy unit on (tx, ty)."""

    unit: str
    x: int
    y: int
    tx: int
    ty: int


class Skill(ActionStruct, frozen=True, tag="skill", omit_defaults=True):
    """Use the hero's skill on tile (x, y) (the hero's own tile for self skills); `choice`
    names a debuff where the skill lets the player choose one (absent otherwise)."""

    unit: str
    x: int
    y: int
    choice: str | None = None


class MoveSkill(ActionStruct, frozen=True, tag="move_skill", omit_defaults=True):
    """The rules text's MOVE_AND_SKILL (rules §2.3; ruling A8; off with the option
    ``move_and_skill``): a legal move to (x, y), then the hero's skill aimed at (sx, sy) as
    seen from the new tile."""

    unit: str
    x: int
    y: int
    sx: int
    sy: int
    choice: str | None = None


class EndTurn(ActionStruct, frozen=True, tag="end_turn"):
    """`unit` passes: the rest of its actions this round."""

    unit: str


class DeathChoice(ActionStruct, frozen=True, tag="death_choice"):
    """What a dead minion leaves: an obstacle or a buff tile."""

    spawn: Spawn


BattleAction = Move | Attack | MoveAttack | Skill | MoveSkill | EndTurn
Action = Draft | BattleAction | DeathChoice

#: Reads an action from its JSON form, or raises `BadInput` saying what is wrong where.
action_from_json = Codec[Action](Action, "tactics action")

OBSTACLE = DeathChoice("obstacle")
BUFF_TILE = DeathChoice("buff_tile")
