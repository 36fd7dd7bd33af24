"""One fish on the field: its identity, what it behaves as, and its mutable combat state."""

from __future__ import annotations

from .roster import ACTIVES, BASE_ATK, FISH, MAX_HP, MIMIC

SHIELDS = 3  # a Sea Turtle's shields at the start of a round
RAGE_HP = 80  # a Hammerhead below this HP ...
RAGE_ATK = 15  # ... attacks with this much more ATK


class Fish:
    """A fish in play. `kind` is its identity (what an assertion must name); `acts_as` is
    the fish whose skills it uses (itself, or the Mimic's copy). The behaviour flags are
    derived once from `acts_as` so combat never looks up tables on the hot path."""

    __slots__ = (
        "active",
        "acts_as",
        "alive",
        "atk",
        "dodges",
        "explodes",
        "heal_buff",
        "heals",
        "hp",
        "kind",
        "menu",
        "reduce_buff",
        "revealed",
        "self_counter",
        "share_buff",
        "shares",
        "shields",
        "team_counter",
        "uses",
        "wound",
    )

    def __init__(self, kind: int, mimic_of: int | None = None) -> None:
        if kind != MIMIC:
            self.acts_as = kind
        elif mimic_of is not None:
            self.acts_as = mimic_of
        else:
            raise ValueError("a Mimic needs the fish it copies")
        self.kind = kind
        behaviour = FISH[self.acts_as]
        passive = behaviour.passive
        self.active = behaviour.active
        self.menu = ACTIVES.index(self.active)  # a small code for memoising legal actions
        self.team_counter = passive == "team_counter"
        self.shares = passive == "share"
        self.dodges = passive in ("dodge", "shield")
        self.heals = passive == "heal"
        self.explodes = passive == "explode"
        self.self_counter = passive == "self_counter"
        self.shields = SHIELDS if passive == "shield" else 0
        self.hp = MAX_HP
        self.atk = BASE_ATK
        self.alive = True
        self.revealed = False
        self.reduce_buff = False
        self.heal_buff = False
        self.share_buff = False
        self.wound = 0
        self.uses = 0

    def copy(self) -> Fish:
        """The fish's whole record in one go, every slot named (search clones eight fish per
        candidate action: walking the slots by name with getattr/setattr cost five times
        as much). `tests/aquawar/test_clone.py` fails if a slot is left out."""
        twin = Fish.__new__(Fish)
        twin.active = self.active
        twin.acts_as = self.acts_as
        twin.alive = self.alive
        twin.atk = self.atk
        twin.dodges = self.dodges
        twin.explodes = self.explodes
        twin.heal_buff = self.heal_buff
        twin.heals = self.heals
        twin.hp = self.hp
        twin.kind = self.kind
        twin.menu = self.menu
        twin.reduce_buff = self.reduce_buff
        twin.revealed = self.revealed
        twin.self_counter = self.self_counter
        twin.share_buff = self.share_buff
        twin.shares = self.shares
        twin.shields = self.shields
        twin.team_counter = self.team_counter
        twin.uses = self.uses
        twin.wound = self.wound
        return twin

    def rage(self) -> int:
        """The Hammerhead's extra ATK while below 80 HP (0 for any other fish)."""
        return RAGE_ATK if self.explodes and self.hp < RAGE_HP else 0

    def attack_power(self) -> int:
        """ATK used for this action's damage: the Hammerhead gains 15 while below 80 HP."""
        return self.atk + self.rage()
