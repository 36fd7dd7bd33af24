"""What one seat (or a spectator) may know of an Aquawar state — the only way state leaves
the engine for a player.

A seat sees its own fish fully; of the enemy only HP, life, and identities revealed by a
successful assertion (rulings 22-23: enemy ATK is not shown). The log holds the current
round's events the seat may see; while picking for a new round, ``previous_log`` also
holds the last round's. Earlier rounds appear only as public results plus the
enemy identities that assertions revealed then.

A view is an `AquawarView` message struct (`core.messages.ViewStruct`): its JSON form is
what a bot receives, its JSON Schema what `sparring schema aquawar` prints. One type
serves seats and spectators, as the protocol always had it: the fields only a seat has
(``used``, ``my_pick``, ``my_team``, ``enemy_team``, ``enemy_revealed_before``), only a
spectator has (``teams``) or only a new round's picks have (``previous_log``) are
`msgspec.UNSET` where they do not apply, and an unset field is left out of the JSON.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from sparring.core.events import visible_json
from sparring.core.messages import ViewStruct

from .actions import FishId, Pick, Position
from .events import ASSERTION, ROUND_START
from .options import AquawarOptions
from .state import PICK, AquawarState, Phase

#: An event of the log in its JSON form, ``{"kind": ..., field: value, ...}``
#: (docs/games/aquawar.md lists every kind and its fields).
LogEntry = dict[str, Any]


class RoundResult(msgspec.Struct):
    """A finished round: who won it, why, who opened it, and how many turns it ran."""

    round: int
    winner: int
    reason: str
    first_mover: int
    turns: int


class OwnFish(msgspec.Struct):
    """One of the seat's own fish, in full: `acts_as` is what a Mimic copies (the fish
    itself otherwise), `atk` includes the Hammerhead's rage, `skill_uses` counts the uses
    that wear out (Sea Turtle, Clownfish)."""

    pos: Position
    fish: FishId
    acts_as: FishId
    hp: int
    atk: int
    alive: bool
    revealed: bool
    shields: int
    reduce_buff: bool
    heal_buff: bool
    share_buff: bool
    wound: int
    skill_uses: int


class PublicFish(msgspec.Struct):
    """A fish as the other side sees it: `fish` is null until an assertion reveals it."""

    pos: Position
    fish: FishId | None
    hp: int
    alive: bool


class AquawarView(ViewStruct, kw_only=True):
    """What one seat (`seat` 0 or 1) or a spectator (`seat` null) is shown; field by field
    in docs/games/aquawar.md and docs/protocol.md."""

    game: Literal["aquawar"]
    seat: int | None
    round: int
    wins: list[int]
    phase: Phase
    to_move: list[int]
    turn: int
    turn_limit: int
    options: AquawarOptions
    first_mover: int
    rounds: list[RoundResult]
    winner: int | None
    log: list[LogEntry]
    previous_log: list[LogEntry] | UnsetType = UNSET
    teams: list[list[PublicFish]] | UnsetType = UNSET
    used: list[FishId] | UnsetType = UNSET
    my_pick: Pick | UnsetType | None = UNSET
    my_team: list[OwnFish] | UnsetType = UNSET
    enemy_team: list[PublicFish] | UnsetType = UNSET
    enemy_revealed_before: list[FishId] | UnsetType = UNSET


class RememberedView(AquawarView, kw_only=True):
    """A seat's view with what its memory of the match adds (`memory.recall`), read by the
    seat's own search and never sent: ``enemy_before`` weighs the sets of fish the enemy
    may have played in the rounds that have ended, by what their logs showed."""

    enemy_before: list[tuple[frozenset[FishId], float]] = msgspec.field(default_factory=list)


def as_shown(seen: AquawarView) -> AquawarView:
    """`seen` as the engine showed it, without what a memory added."""
    if type(seen) is AquawarView:
        return seen
    return AquawarView(**{name: getattr(seen, name) for name in AquawarView.__struct_fields__})


def _own_fish(state: AquawarState, seat: int) -> list[OwnFish]:
    return [
        OwnFish(
            pos=pos,
            fish=fish.kind,
            acts_as=fish.acts_as,
            hp=fish.hp,
            atk=fish.attack_power(),
            alive=fish.alive,
            revealed=fish.revealed,
            shields=fish.shields,
            reduce_buff=fish.reduce_buff,
            heal_buff=fish.heal_buff,
            share_buff=fish.share_buff,
            wound=fish.wound,
            skill_uses=fish.uses,
        )
        for pos, fish in enumerate(state.teams[seat])
    ]


def _public_fish(state: AquawarState, seat: int) -> list[PublicFish]:
    return [
        PublicFish(pos=pos, fish=fish.kind if fish.revealed else None, hp=fish.hp, alive=fish.alive)
        for pos, fish in enumerate(state.teams[seat])
    ]


def _round_start_index(state: AquawarState, before: int | None = None) -> int:
    """Where the current round's events begin (or the round before index `before`)."""
    events = state.events
    for index in range((len(events) if before is None else before) - 1, -1, -1):
        if events[index][0] == ROUND_START:
            return index
    return 0


def _round_result(result: dict[str, Any]) -> RoundResult:
    return RoundResult(
        round=result["round"],
        winner=result["winner"],
        reason=result["reason"],
        first_mover=result["first_mover"],
        turns=result["turns"],
    )


def view(state: AquawarState, seat: int | None) -> AquawarView:
    """The view of `state` for `seat` (0 or 1), or for a spectator (None)."""
    return _view(state, seat, with_log=True)


def lean_view(state: AquawarState, seat: int | None) -> AquawarView:
    """The view without its log (empty), for what reads no log: agents with `needs_log`
    False and the reinforcement-learning encoding. The log is most of a view's cost."""
    return _view(state, seat, with_log=False)


def _view(state: AquawarState, seat: int | None, with_log: bool) -> AquawarView:
    start = _round_start_index(state)
    out = AquawarView(
        game="aquawar",
        seat=seat,
        round=state.round,
        wins=list(state.wins),
        phase=state.phase,
        to_move=list(state.to_move()),
        turn=state.turn + 1,
        turn_limit=state.options.turn_limit,
        options=state.options,
        first_mover=state.first_mover,
        rounds=[_round_result(r) for r in state.round_results],
        winner=state.winner,
        log=visible_json(state.events[start:], seat) if with_log else [],
    )
    in_pick = state.phase == PICK
    if state.round > 1 and not state.teams[0]:
        # Until the new round's teams are on the field (picking, or a match forfeited
        # during picks), the last round's ending is still news — how it ended, the final
        # blows: a bot that reacts to round ends needs it.
        previous = _round_start_index(state, start)
        out.previous_log = visible_json(state.events[previous:start], seat)
    if seat is None:
        out.teams = [[] if in_pick else _public_fish(state, s) for s in (0, 1)]
        return out
    enemy = 1 - seat
    out.used = sorted(state.used[seat])
    out.my_pick = state.picks[seat]
    out.my_team = [] if in_pick else _own_fish(state, seat)
    out.enemy_team = [] if in_pick else _public_fish(state, enemy)
    out.enemy_revealed_before = [
        e[4] for e in state.events[:start] if e[0] == ASSERTION and e[5] and e[2] == seat
    ]
    return out
