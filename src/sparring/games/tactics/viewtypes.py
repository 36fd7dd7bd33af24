"""The types of a 5×5 Tactics view: what one seat (or a spectator) is shown, as messages.

`views.view` builds them; every reader in this process (the text rendering, the greedy
agent's rebuild, the human agent, tests) reads their attributes, and a bot receives their
JSON form, whose JSON Schema `sparring schema tactics` prints. A field a viewer is not
shown is UNSET and left out of the JSON altogether, as the protocol always had it: the
board (``units``, ``fallen``, ``obstacles``, ``tiles``) during the draft; the draft's
``drafted`` after it, and ``my_draft`` until the seat has drafted (and for a spectator);
``death_choice`` and ``death_choices`` when none is pending; a unit's skill fields unless
it is a hero, and ``rounds_left`` unless it is a shadow clone.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

from sparring.core.messages import ViewStruct

from .actions import BattleAction, Draft
from .options import TacticsOptions
from .state import Phase

#: An event of the log in its JSON form, ``{"kind": ..., field: value, ...}``
#: (docs/games/tactics.md, "Events", lists every kind and its fields).
LogEntry = dict[str, Any]

T = TypeVar("T")


class UnitView(msgspec.Struct):
    """A living unit in full. `effective_atk` is its ATK with buffs, `actions_left` what it
    may still do this round, `buffs` its buffs and statuses with their rounds left (by
    name), `prepared` its SLOW actions waiting to resolve. A hero also has its `skill`,
    `cooldown`, Warp Beacon tile (`beacon`, or null) and Nature's Power `charges`; a shadow
    clone its `rounds_left`."""

    id: str
    seat: int
    category: str
    kind: str
    x: int
    y: int
    hp: int
    max_hp: int
    atk: int
    effective_atk: int
    move: int
    range: int
    alive: bool
    actions_left: int
    buffs: dict[str, int]
    shield: int
    shield_rounds: int
    invisible: bool
    prepared: list[BattleAction]
    skill: str | UnsetType = UNSET
    cooldown: int | UnsetType = UNSET
    beacon: tuple[int, int] | UnsetType | None = UNSET
    charges: int | UnsetType = UNSET
    rounds_left: int | UnsetType = UNSET


class ObstacleView(msgspec.Struct):
    """An obstacle on (x, y) with its HP."""

    x: int
    y: int
    hp: int


class TileView(msgspec.Struct):
    """A buff tile on (x, y): its buff, and the rounds it stays."""

    x: int
    y: int
    buff: str
    rounds: int


class PendingDeathView(msgspec.Struct):
    """A death choice still to make: the dead minion, its tile, and the seat choosing."""

    unit: str
    x: int
    y: int
    seat: int


class TacticsView(ViewStruct):
    """What one seat (`seat` 0 or 1) or a spectator (`seat` null) is shown; field by field
    in docs/protocol.md. `log` holds the last 40 events the viewer may see. Sent only where
    they apply: `drafted` during the draft, and `my_draft` once the seat has drafted; the
    board (`units`, `fallen`, `obstacles`, `tiles`) from the reveal on; `death_choice` (the
    first) and `death_choices` while death choices are pending."""

    game: Literal["tactics"]
    seat: int | None
    phase: Phase
    round: int
    to_move: list[int]
    acting_unit: str | None
    last_actor: int
    round_end_next: str | None
    winner: int | None
    end_reason: str
    options: TacticsOptions
    log: list[LogEntry]
    drafted: list[bool] | UnsetType = UNSET
    my_draft: Draft | UnsetType = UNSET
    units: list[UnitView] | UnsetType = UNSET
    fallen: list[str] | UnsetType = UNSET
    obstacles: list[ObstacleView] | UnsetType = UNSET
    tiles: list[TileView] | UnsetType = UNSET
    death_choice: PendingDeathView | UnsetType = UNSET
    death_choices: list[PendingDeathView] | UnsetType = UNSET


def listed(value: list[T] | UnsetType) -> list[T]:
    """A list a view may leave out (the board's during the draft), as a list: empty when
    left out."""
    return [] if value is UNSET else value
