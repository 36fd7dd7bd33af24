"""Aquawar actions: small immutable values with a stable JSON form.

Turn actions are interned: every possible `Attack`, `Skill`, `Assert` and `Pass` exists
once, built at import, so listing legal actions allocates nothing but the tuple. A `Pick`
fixes the team in position order (positions matter: multi-target effects resolve from
position 0 up), plus the Mimic's copied fish when the Mimic is picked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sparring.core.errors import BadInput

from .roster import ALL_FISH

POSITIONS = range(4)


@dataclass(frozen=True, slots=True)
class Pick:
    """A team in position order and, with the Mimic, the fish it copies. The type admits
    any number of fish because a pick is a claim to be checked: `PickSpace.why_not`
    refuses anything but 4 different, unused fish."""

    fish: tuple[int, ...]
    mimic: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "pick", "fish": list(self.fish), "mimic": self.mimic}

    def __str__(self) -> str:
        tail = f" mimic={self.mimic}" if self.mimic is not None else ""
        return f"pick {' '.join(map(str, self.fish))}{tail}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to assert this turn."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Assert:
    """Claim that the enemy fish at `pos` is fish `guess`."""

    pos: int
    guess: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "assert", "pos": self.pos, "guess": self.guess}

    def __str__(self) -> str:
        return f"assert {self.pos} {self.guess}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Normal attack by own fish `actor` on enemy fish `target`."""

    actor: int
    target: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "attack", "actor": self.actor, "target": self.target}

    def __str__(self) -> str:
        return f"attack {self.actor} {self.target}"


@dataclass(frozen=True, slots=True)
class Skill:
    """Active skill of own fish `actor`; `ally` / `enemy` are the chosen targets, if any."""

    actor: int
    ally: int | None = None
    enemy: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "skill", "actor": self.actor, "ally": self.ally, "enemy": self.enemy}

    def __str__(self) -> str:
        parts = [f"skill {self.actor}"]
        if self.ally is not None:
            parts.append(f"ally={self.ally}")
        if self.enemy is not None:
            parts.append(f"enemy={self.enemy}")
        return " ".join(parts)


TurnAction = Pass | Assert | Attack | Skill
Action = Pick | TurnAction

PASS = Pass()
ASSERTS = {(p, g): Assert(p, g) for p in POSITIONS for g in ALL_FISH}
ATTACKS = {(a, t): Attack(a, t) for a in POSITIONS for t in POSITIONS}
_OPTIONAL = (None, *POSITIONS)
SKILLS = {(a, x, e): Skill(a, x, e) for a in POSITIONS for x in _OPTIONAL for e in _OPTIONAL}


def _position(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value not in POSITIONS:
        raise BadInput(f"{data.get('type')} action: {key} must be a position 0-3, got {value!r}")
    return value


def _optional_position(data: dict[str, Any], key: str) -> int | None:
    """A skill target the skill may not take: absent or null means none."""
    return None if data.get(key) is None else _position(data, key)


def action_from_json(data: Any) -> Action:
    """Parse the JSON form of an action, with a clear error for anything malformed."""
    if not isinstance(data, dict):
        raise BadInput(f"an action must be a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    if kind == "pass":
        return PASS
    if kind == "assert":
        pos = _position(data, "pos")
        guess = data.get("guess")
        if isinstance(guess, bool) or guess not in ALL_FISH:
            raise BadInput(f"assert action: guess must be a fish id 1-12, got {guess!r}")
        return ASSERTS[pos, guess]
    if kind == "attack":
        return ATTACKS[_position(data, "actor"), _position(data, "target")]
    if kind == "skill":
        key = (
            _position(data, "actor"),
            _optional_position(data, "ally"),
            _optional_position(data, "enemy"),
        )
        return SKILLS[key]
    if kind == "pick":
        fish = data.get("fish")
        if (
            not isinstance(fish, list)
            or len(fish) != 4
            or any(isinstance(f, bool) or f not in ALL_FISH for f in fish)
        ):
            raise BadInput(f"pick action: fish must be a list of 4 fish ids 1-12, got {fish!r}")
        mimic = data.get("mimic")
        if mimic is not None and (isinstance(mimic, bool) or mimic not in ALL_FISH):
            raise BadInput(f"pick action: mimic must be a fish id 1-12 or null, got {mimic!r}")
        return Pick(tuple(fish), mimic)
    raise BadInput(f"unknown action type {kind!r}; expected pick, pass, assert, attack or skill")
