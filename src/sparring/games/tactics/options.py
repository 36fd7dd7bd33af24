"""Rule options for 5×5 Tactics: one frozen object whose defaults are the rules text and,
where the text is silent, the companion's suggested rulings. Where the rules text decides
against the original code or an earlier ruling, the other behaviour is an option here
(docs/games/tactics.md, "Options", lists each one and its alternatives)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from sparring.core.errors import BadInput

_CHOICES: dict[str, tuple[str, ...]] = {
    "movement": ("line", "path"),
    "move_attack_reach": ("adjacent", "range"),
    "death_chooser": ("owner", "killer"),
    "system_death_spawn": ("choice", "parity"),
    "round_opener": ("last_actor_opponent", "alternate"),
    "slow_resolution": ("next_round", "round_end"),
    "obstacle_damage": ("attack", "effective_atk"),
    "round_end_order": ("rules", "companion"),
    "challenge_counter": ("always", "survivor"),
}


@dataclass(frozen=True, slots=True)
class TacticsOptions:
    decay_start_round: int = 1  # rules §3.1, A4; 3: MASTER, CODE
    distinct_minions: bool = True  # rules §1.3 "2 of 3", A11; false: duplicates (CODE)
    movement: str = "line"  # A1; "path": turns allowed
    line_of_sight: bool = True  # A2; false: obstacles block nothing (CODE)
    move_attack_reach: str = "adjacent"  # rules §2.4, A3; "range" (CODE)
    death_chooser: str = "owner"  # rules §4.1, A5; "killer" (MASTER)
    system_death_spawn: str = "choice"  # rules §4.1; "parity": no choice at the round end
    round_opener: str = "last_actor_opponent"  # A10 (CODE); "alternate"
    move_and_skill: bool = True  # rules §2.3, A8; false: no MOVE_AND_SKILL (CODE)
    slow_resolution: str = "next_round"  # A13; "round_end" (CODE)
    speed_slow_cancel: bool = True  # A14; false: two prepared actions
    endure_rounds: int = 2  # A15; 0: the shield never expires (CODE)
    extra_tick_for_acted: bool = False  # A12's optional extra tick
    round_cap: int = 30  # ours
    obstacle_damage: str = "attack"  # rules §8; "effective_atk": with buffs (CODE)
    round_end_order: str = "rules"  # rules §9; "companion": BLEED, decay, pressure, ticks
    challenge_counter: str = "always"  # companion §7; "survivor": a dead Duelist never counters

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TacticsOptions:
        if data is None:
            return cls()
        if isinstance(data, TacticsOptions):
            return data
        if not isinstance(data, dict):
            raise BadInput(f"tactics options must be an object, got {type(data).__name__}")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise BadInput(
                f"unknown tactics option(s) {', '.join(unknown)}; known: {', '.join(known)}"
            )
        defaults = cls()
        for name, value in data.items():
            default = getattr(defaults, name)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise BadInput(f"tactics option {name} must be true or false, got {value!r}")
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise BadInput(f"tactics option {name} must be a whole number, got {value!r}")
            elif value not in _CHOICES[name]:
                raise BadInput(
                    f"tactics option {name} must be one of "
                    f"{', '.join(_CHOICES[name])}, got {value!r}"
                )
        if data.get("round_cap", 1) < 1 or data.get("decay_start_round", 1) < 1:
            raise BadInput("tactics options round_cap and decay_start_round must be at least 1")
        return cls(**data)
