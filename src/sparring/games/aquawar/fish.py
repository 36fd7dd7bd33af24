"""One fish on the field: its identity, what it behaves as, and its mutable combat state."""

from __future__ import annotations

from .roster import ACTIVES, BASE_ATK, FISH, MAX_HP, MIMIC

SHIELDS = 3  # a Sea Turtle's shields at the start of a round
RAGE_HP = 80  # a Hammerhead below this HP ...
RAGE_ATK = 15  # ... attacks with this much more ATK

#: What a fish behaving as a given roster fish is, worked out once per roster fish:
#: (active skill, its menu code, team counter, shares, dodges, heals, explodes, own
#: counter, shields at the start of a round).
Traits = tuple[str, int, bool, bool, bool, bool, bool, bool, int]


def _traits(acts_as: int) -> Traits:
    behaviour = FISH[acts_as]
    passive, active = behaviour.passive, behaviour.active
    return (
        active,
        ACTIVES.index(active),  # a small code for memoising legal actions
        passive == "team_counter",
        passive == "share",
        passive in ("dodge", "shield"),
        passive == "heal",
        passive == "explode",
        passive == "self_counter",
        SHIELDS if passive == "shield" else 0,
    )


_TRAITS: dict[int, Traits] = {fish: _traits(fish) for fish in FISH if fish != MIMIC}


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
        (
            self.active,
            self.menu,
            self.team_counter,
            self.shares,
            self.dodges,
            self.heals,
            self.explodes,
            self.self_counter,
            self.shields,
        ) = _TRAITS[self.acts_as]
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
        """The fish as it is now: a new fish of the same kind (its traits come from the
        table) with every field that changes in play copied (search clones eight fish per
        candidate action). The compiled build cannot make an object without its
        constructor, so there is no cheaper blank to fill in. `tests/aquawar/test_clone.py`
        fails if a field is left out."""
        twin = Fish(self.kind, self.acts_as)
        twin.shields = self.shields
        twin.hp = self.hp
        twin.atk = self.atk
        twin.alive = self.alive
        twin.revealed = self.revealed
        twin.reduce_buff = self.reduce_buff
        twin.heal_buff = self.heal_buff
        twin.share_buff = self.share_buff
        twin.wound = self.wound
        twin.uses = self.uses
        return twin

    def rage(self) -> int:
        """The Hammerhead's extra ATK while below 80 HP (0 for any other fish)."""
        return RAGE_ATK if self.explodes and self.hp < RAGE_HP else 0

    def attack_power(self) -> int:
        """ATK used for this action's damage: the Hammerhead gains 15 while below 80 HP."""
        return self.atk + self.rage()
