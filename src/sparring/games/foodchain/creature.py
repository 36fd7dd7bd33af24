"""A creature on the field: a card instance with its current numbers and marks.

Creatures are the one mutable object of a Food Chain state besides the piles, so they are
slotted and copied by hand in `clone`. Keywords are a bit set (see `keywords`); Frozen and
Paralysis are flags whose effects (Passive, Inedible, Harmless) are derived, not written
into the keyword bits, so thawing restores nothing by accident.
"""

from __future__ import annotations

from .cards import CardDef, Op
from .keywords import HARMLESS, INEDIBLE, PASSIVE

NO_ABILITIES: dict[str, tuple[Op, ...]] = {}


class Creature:
    __slots__ = (
        "abilities",
        "atk",
        "attacks",
        "card",
        "dry",
        "exhausted",
        "frozen",
        "hp",
        "kw",
        "max_hp",
        "owner",
        "paralyzed",
        "seat",
        "strikes",
        "token",
        "uid",
    )

    def __init__(self, uid: int, card: CardDef, owner: int, seat: int, token: bool) -> None:
        self.uid = uid
        self.card = card
        self.owner = owner
        self.seat = seat
        self.token = token
        self.atk = card.atk
        self.hp = card.hp
        self.max_hp = card.hp
        self.kw = card.keywords
        self.strikes = card.strikes
        self.abilities = card.abilities
        self.exhausted = True
        self.frozen = False
        self.paralyzed = False
        self.dry = False
        self.attacks = 0

    def copy(self) -> Creature:
        """An independent twin (built through the constructor, which a compiled class
        needs, then given every mutable number and mark)."""
        twin = Creature(self.uid, self.card, self.owner, self.seat, self.token)
        twin.atk = self.atk
        twin.hp = self.hp
        twin.max_hp = self.max_hp
        twin.kw = self.kw
        twin.strikes = self.strikes
        twin.abilities = self.abilities
        twin.exhausted = self.exhausted
        twin.frozen = self.frozen
        twin.paralyzed = self.paralyzed
        twin.dry = self.dry
        twin.attacks = self.attacks
        return twin

    @property
    def is_prey(self) -> bool:
        return self.card.is_prey

    def passive(self) -> bool:
        """Cannot declare attacks: Passive, Harmless, Frozen or Paralyzed (rules §5.1)."""
        return bool(self.kw & (PASSIVE | HARMLESS)) or self.frozen or self.paralyzed

    def harmless(self) -> bool:
        """Deals 0 combat damage: Harmless, or Paralyzed (which grants it)."""
        return bool(self.kw & HARMLESS) or self.paralyzed

    def inedible(self) -> bool:
        """Cannot be eaten: Inedible, or Frozen (which grants it)."""
        return bool(self.kw & INEDIBLE) or self.frozen

    def lose_everything(self) -> None:
        """Every keyword and every ability gone (dry drop, Paralysis, remove abilities)."""
        self.kw = 0
        self.strikes = 1
        self.abilities = NO_ABILITIES

    def paralyze(self) -> None:
        """Paralysis (rules §7): Harmless until it dies at the end of its controller's turn,
        and every other ability lost for good, except that its death still triggers its
        on-slain ability (rules §13 lists Paralysis deaths among those that do)."""
        self.paralyzed = True
        self.kw = 0
        self.strikes = 1
        slain = self.abilities.get("on_slain")
        self.abilities = {"on_slain": slain} if slain else NO_ABILITIES
