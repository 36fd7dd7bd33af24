"""Rule options for Aquawar: one frozen object, the rules text as the default."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from sparring.core.errors import BadInput

TURN_LIMIT = 64  # turns per round by the rules text, 32 per seat


@dataclass(frozen=True, slots=True)
class AquawarOptions:
    """``turn_limit``: turns per round (64 by the rules; the official engine stopped at 63).
    ``play_all_rounds``: play round 3 even after a 2-0. ``seat0_always_first``: seat 0 opens
    every round instead of the seeded draw and the loser-opens rule."""

    turn_limit: int = TURN_LIMIT
    play_all_rounds: bool = False
    seat0_always_first: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> AquawarOptions:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise BadInput(f"aquawar options must be an object, got {type(data).__name__}")
        known = {f.name: f.type for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise BadInput(
                f"unknown aquawar option(s) {', '.join(unknown)}; known: {', '.join(known)}"
            )
        limit = data.get("turn_limit", TURN_LIMIT)
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise BadInput(f"aquawar option turn_limit must be a positive integer, got {limit!r}")
        for flag in ("play_all_rounds", "seat0_always_first"):
            if flag in data and not isinstance(data[flag], bool):
                raise BadInput(f"aquawar option {flag} must be true or false, got {data[flag]!r}")
        return cls(**data)
