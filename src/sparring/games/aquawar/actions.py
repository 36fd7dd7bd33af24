"""Aquawar actions: one frozen message type per action, with a stable JSON form.

Each action is a `msgspec` struct tagged by its JSON ``"type"`` (`core.messages`), so the
same declaration gives the JSON form, the decoder with its range checks (positions 0-3,
fish ids 1-12, a pick of exactly 4 fish) and the JSON Schema bots are written against.
Decoding checks only the form; whether an action is legal now is the engine's business.

Turn actions are interned: every possible `Attack`, `Skill`, `Assert` and `Pass` exists
once, built at import, so listing legal actions allocates nothing but the tuple. A `Pick`
fixes the team in position order (positions matter: multi-target effects resolve from
position 0 up), plus the Mimic's copied fish when the Mimic is picked.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from sparring.core.messages import ActionStruct, Codec

from .roster import ALL_FISH

POSITIONS = range(4)
TEAM_SIZE = len(POSITIONS)

#: A position in a team, 0-3.
Position = Annotated[int, msgspec.Meta(ge=POSITIONS[0], le=POSITIONS[-1])]
#: A fish id of the roster, 1-12.
FishId = Annotated[int, msgspec.Meta(ge=ALL_FISH[0], le=ALL_FISH[-1])]


class Pick(ActionStruct, frozen=True, tag="pick"):
    """A team in position order and, with the Mimic, the fish it copies. Decoding insists
    on 4 fish ids; whether they are 4 different fish this seat may still play (and a copy
    exactly when the Mimic is picked) is a claim `PickSpace.why_not` checks."""

    fish: Annotated[tuple[FishId, ...], msgspec.Meta(min_length=TEAM_SIZE, max_length=TEAM_SIZE)]
    mimic: FishId | None = None

    def __str__(self) -> str:
        tail = f" mimic={self.mimic}" if self.mimic is not None else ""
        return f"pick {' '.join(map(str, self.fish))}{tail}"


class Pass(ActionStruct, frozen=True, tag="pass"):
    """Decline to assert this turn."""

    def __str__(self) -> str:
        return "pass"


class Assert(ActionStruct, frozen=True, tag="assert"):
    """Claim that the enemy fish at `pos` is fish `guess`."""

    pos: Position
    guess: FishId

    def __str__(self) -> str:
        return f"assert {self.pos} {self.guess}"


class Attack(ActionStruct, frozen=True, tag="attack"):
    """Normal attack by own fish `actor` on enemy fish `target`."""

    actor: Position
    target: Position

    def __str__(self) -> str:
        return f"attack {self.actor} {self.target}"


class Skill(ActionStruct, frozen=True, tag="skill"):
    """Active skill of own fish `actor`; `ally` / `enemy` are the chosen targets, if any
    (absent or null: none)."""

    actor: Position
    ally: Position | None = None
    enemy: Position | None = None

    def __str__(self) -> str:
        parts = [f"skill {self.actor}"]
        if self.ally is not None:
            parts.append(f"ally={self.ally}")
        if self.enemy is not None:
            parts.append(f"enemy={self.enemy}")
        return " ".join(parts)


TurnAction = Pass | Assert | Attack | Skill
Action = Pick | TurnAction

#: Reads an action from its JSON form, or raises `BadInput` saying what is wrong where.
action_from_json = Codec[Action](Action, "Aquawar action")

PASS = Pass()
ASSERTS = {(p, g): Assert(p, g) for p in POSITIONS for g in ALL_FISH}
ATTACKS = {(a, t): Attack(a, t) for a in POSITIONS for t in POSITIONS}
_OPTIONAL = (None, *POSITIONS)
SKILLS = {(a, x, e): Skill(a, x, e) for a in POSITIONS for x in _OPTIONAL for e in _OPTIONAL}
