"""Building Aquawar positions by hand and reading what happened, for the rule tests.

A position is two teams of four (seat 0's first), the phase, and whose turn it is. Fish are
given by id, or as ``(MIMIC, copied_id)`` for a Mimic; every fish starts fresh (400 HP,
100 ATK, Sea Turtles with 3 shields) and a test adjusts what it needs with `tune`.
Expected numbers in the tests are worked out by hand from the rules text, never read
back from the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.core.events import event_json
from sparring.games.aquawar.actions import Action, Assert, Pick
from sparring.games.aquawar.fish import Fish
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.state import AquawarState

ARCHER, PUFFER, EEL, SUNFISH, SEAWOLF, MANTA = 1, 2, 3, 4, 5, 6
TURTLE, OCTOPUS, GREATWHITE, HAMMERHEAD, CLOWN, MIMIC = 7, 8, 9, 10, 11, 12

FishSpec = int | tuple[int, int]


def _fish(spec: FishSpec) -> Fish:
    if isinstance(spec, tuple):
        kind, copied = spec
        return Fish(kind, copied)
    return Fish(spec)


def _pick(team: Sequence[FishSpec]) -> Pick:
    kinds = tuple(s[0] if isinstance(s, tuple) else s for s in team)
    copies = [s[1] for s in team if isinstance(s, tuple)]
    return Pick(kinds, copies[0] if copies else None)


def position(
    team0: Sequence[FishSpec],
    team1: Sequence[FishSpec],
    *,
    seat: int = 0,
    phase: str = "action",
    turn: int = 0,
    first_mover: int = 0,
    seed: int = 0,
    options: AquawarOptions | None = None,
) -> AquawarState:
    """A round-1 position with these teams, `seat` to play in `phase` ("assert" or
    "action") on turn index `turn` (0-based: the round's first turn is 0)."""
    state = AquawarState(seed, options)
    picks = [_pick(team0), _pick(team1)]
    state.teams = [[_fish(s) for s in team0], [_fish(s) for s in team1]]
    state.picks = list(picks)
    state.used = [frozenset(p.fish) for p in picks]
    state.phase = phase
    state.seat = seat
    state.turn = turn
    state.first_mover = first_mover
    state._legal = None
    return state


def tune(fish: Fish, **attrs: Any) -> Fish:
    """Set combat attributes of one fish (hp, atk, shields, buffs, wound, uses...).
    Setting ``hp=0`` also marks it dead, as it would be after an earlier action."""
    for name, value in attrs.items():
        if not hasattr(fish, name):
            raise AttributeError(f"a fish has no attribute {name!r}")
        setattr(fish, name, value)
    if attrs.get("hp") == 0 and "alive" not in attrs:
        fish.alive = False
    return fish


def play(state: AquawarState, action: Action) -> list[dict[str, Any]]:
    """Apply `action` for the seat to move and return the events it produced, as JSON."""
    mark = len(state.events)
    state.apply(action, state.seat)
    return [event_json(e) for e in state.events[mark:]]


def of_kind(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind]


def hits(events: list[dict[str, Any]]) -> list[tuple[int, int, int, bool]]:
    """Every damage instance as ``(seat, pos, value, direct)``, in the order resolved."""
    return [(e["seat"], e["pos"], e["value"], e["direct"]) for e in of_kind(events, "hit")]


def passives(events: list[dict[str, Any]]) -> list[tuple[str, int, int, float]]:
    """Every passive that fired as ``(type, seat, pos, value)``, in order."""
    return [(e["type"], e["seat"], e["pos"], e["value"]) for e in of_kind(events, "passive")]


def hps(state: AquawarState, seat: int) -> list[int]:
    return [f.hp for f in state.teams[seat]]


def script_dodges(state: AquawarState, *outcomes: bool) -> None:
    """Fix the next dodge rolls and forget earlier draws, so a test can also check how
    many rolls were made from here on."""
    state.rng.log.clear()
    state.rng.script("dodge", list(outcomes))


def dodge_rolls(state: AquawarState) -> list[int]:
    """The dodge rolls made since `script_dodges` (1 = dodged)."""
    return [value for label, value in state.rng.log if label == "dodge"]


def finish_picks(state: AquawarState, pick0: Pick, pick1: Pick) -> None:
    """Both seats pick (seat 0 first) during a pick phase."""
    state.apply(pick0, 0)
    state.apply(pick1, 1)


def win_round(state: AquawarState, winner: int) -> None:
    """End the current round (teams fielded) in `winner`'s favour by legal play: the
    loser's living fish are left at 1 HP, and the winner, on turn, asserts one of them
    correctly, which costs every one of them 50 HP."""
    loser = 1 - winner
    team = state.teams[loser]
    for fish in team:
        if fish.alive:
            fish.hp = 1
    state.phase = "assert"
    state.seat = winner
    state._legal = None
    pos = next(p for p, f in enumerate(team) if f.alive and not f.revealed)
    state.apply(Assert(pos, team[pos].kind), winner)
