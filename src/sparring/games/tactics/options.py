"""Rule options for 5×5 Tactics: one frozen object whose defaults are the rules text and the
companion's suggested rulings (docs/games/tactics.md lists each one and its alternatives)."""

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
    decay_start_round: int = 1
    distinct_minions: bool = True
    movement: str = "line"
    line_of_sight: bool = True
    move_attack_reach: str = "adjacent"
    death_chooser: str = "owner"
    system_death_spawn: str = "choice"
    round_opener: str = "last_actor_opponent"
    move_and_skill: bool = True
    slow_resolution: str = "next_round"
    speed_slow_cancel: bool = True
    endure_rounds: int = 2
    extra_tick_for_acted: bool = False
    round_cap: int = 30
    obstacle_damage: str = "attack"
    round_end_order: str = "rules"
    challenge_counter: str = "always"

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
