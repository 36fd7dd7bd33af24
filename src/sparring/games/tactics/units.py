"""A unit on the board: its numbers, its marks and its turn state.

Units are the one mutable object of a Tactics state besides the map, so they are slotted
and copied by hand. Ids are strings as in the original project (``p1_hero``,
``p1_minion_1``...); every deterministic tie-break compares them as strings (companion §2).
"""

from __future__ import annotations

from typing import Any

HERO = "hero"
MINION = "minion"
CLONE = "clone"


class Unit:
    __slots__ = (
        "acted",
        "atk",
        "beacon",
        "buffs",
        "category",
        "challenger",
        "charges",
        "cooldown",
        "hp",
        "id",
        "invisible",
        "kind",
        "marker",
        "max_hp",
        "move",
        "prepared",
        "reach",
        "rounds_left",
        "seat",
        "shield",
        "shield_rounds",
        "skill",
        "x",
        "y",
    )

    def __init__(
        self, uid: str, seat: int, category: str, kind: str, stats: dict[str, int], x: int, y: int
    ) -> None:
        self.id = uid
        self.seat = seat
        self.category = category
        self.kind = kind
        self.hp = self.max_hp = stats["hp"]
        self.atk = stats["atk"]
        self.move = stats["move"]
        self.reach = stats["range"]
        self.x, self.y = x, y
        self.skill: str | None = None
        self.cooldown = 0
        self.beacon: tuple[int, int] | None = None
        self.shield = 0
        self.shield_rounds = 0
        self.invisible = False
        self.acted = 0
        self.prepared: list[Any] = []
        self.charges = 0
        self.rounds_left = 0
        self.buffs: dict[str, int] = {}
        self.marker: str | None = None
        self.challenger: str | None = None

    def copy(self) -> Unit:
        twin = Unit.__new__(Unit)
        for name in Unit.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.buffs = dict(self.buffs)
        twin.prepared = list(self.prepared)
        return twin

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)

    @property
    def is_hero(self) -> bool:
        return self.category == HERO
