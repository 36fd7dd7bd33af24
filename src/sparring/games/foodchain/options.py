"""Rule options for Food Chain: one frozen object, the rules text as the default.

``deck0``/``deck1``: each seat's deck, a prebuilt deck's name or a list of 20 card names;
None lets the seeded random source pick a prebuilt deck. Decklists are open (both seats
know both lists; see docs/games/foodchain.md). ``turn_cap``: turns per player before the
game is decided by HP (companion ruling 3). ``hp_cap``: player heals cannot go above the
starting 10 (ruling 4's option). ``first_player``: fix who starts instead of the seeded
draw (for tests, scenarios and teaching).

Three options keep the original engine's rulings where the rules text now decides
otherwise (each default follows the text; docs/games/foodchain.md, "Options"):
``sacrifice_not_slain``: a sacrificed creature goes to carrion without being slain, so its
on-slain does not fire (the text, §9, exempts only being eaten and "destroy").
``paralysis_before_thaw``: the end phase runs end-of-turn effects, then Regen for every
creature, then Paralysis deaths, then Frozen thaws (the text, §2: end-of-turn effects, Regen
among them by ruling 7, then thaws, then Paralysis deaths).
``neurotoxic_before_deaths``: Neurotoxic paralyzes together with the strikes, before deaths
and on-slain (the text, §5.3 step 7: after them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sparring.core.errors import BadInput

from .decks import resolve_deck
from .limits import TURN_CAP

# The boolean options that bring back one of the original engine's rulings (module doc).
ORIGINAL_RULINGS = ("sacrifice_not_slain", "paralysis_before_thaw", "neurotoxic_before_deaths")


@dataclass(frozen=True, slots=True)
class FoodChainOptions:
    deck0: str | tuple[str, ...] | None = None
    deck1: str | tuple[str, ...] | None = None
    turn_cap: int = TURN_CAP
    hp_cap: bool = False
    first_player: int | None = None
    sacrifice_not_slain: bool = False
    paralysis_before_thaw: bool = False
    neurotoxic_before_deaths: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "deck0": list(self.deck0) if isinstance(self.deck0, tuple) else self.deck0,
            "deck1": list(self.deck1) if isinstance(self.deck1, tuple) else self.deck1,
            "turn_cap": self.turn_cap,
            "hp_cap": self.hp_cap,
            "first_player": self.first_player,
            **{name: getattr(self, name) for name in ORIGINAL_RULINGS},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> FoodChainOptions:
        if data is None:
            return cls()
        if isinstance(data, FoodChainOptions):
            return data
        if not isinstance(data, dict):
            raise BadInput(f"foodchain options must be an object, got {type(data).__name__}")
        known = ("deck0", "deck1", "turn_cap", "hp_cap", "first_player", *ORIGINAL_RULINGS)
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise BadInput(
                f"unknown foodchain option(s) {', '.join(unknown)}; known: {', '.join(known)}"
            )
        decks: list[str | tuple[str, ...] | None] = []
        for seat in (0, 1):
            spec = data.get(f"deck{seat}")
            if spec is None:
                decks.append(None)
            elif isinstance(spec, str):
                resolve_deck(spec, f"foodchain option deck{seat}")
                decks.append(spec.strip().lower())
            elif isinstance(spec, list | tuple) and all(isinstance(n, str) for n in spec):
                decks.append(resolve_deck(list(spec), f"foodchain option deck{seat}"))
            else:
                raise BadInput(
                    f"foodchain option deck{seat} must be a prebuilt deck name "
                    "or a list of card names"
                )
        cap = data.get("turn_cap", TURN_CAP)
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
            raise BadInput(f"foodchain option turn_cap must be a positive integer, got {cap!r}")
        hp_cap = data.get("hp_cap", False)
        if not isinstance(hp_cap, bool):
            raise BadInput(f"foodchain option hp_cap must be true or false, got {hp_cap!r}")
        first = data.get("first_player")
        if first is not None and (
            isinstance(first, bool) or first not in (0, 1) or not isinstance(first, int)
        ):
            raise BadInput(f"foodchain option first_player must be 0, 1 or null, got {first!r}")
        rulings = {}
        for name in ORIGINAL_RULINGS:
            value = data.get(name, False)
            if not isinstance(value, bool):
                raise BadInput(f"foodchain option {name} must be true or false, got {value!r}")
            rulings[name] = value
        return cls(decks[0], decks[1], cap, hp_cap, first, **rulings)
