"""The greedy agent's measure of a position, and what each legal action gains by it.

A one-ply player tries every legal action on a fresh copy of each sampled state, so this
is the agent's inner loop (it is compiled in the compiled build; the agent class itself is
not, since a test subclasses it).
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .state import AquawarState

KILL = 1000
ROUND = 100_000


def score(state: AquawarState, seat: int, before: AquawarState | None = None) -> float:
    """Material from `seat`'s side: HP and lives on the field, and a round's result."""
    if before is not None and state.round_results != before.round_results:
        return ROUND if state.round_results[-1]["winner"] == seat else -ROUND
    total = 0.0
    for side, sign in ((seat, 1), (1 - seat, -1)):
        for fish in state.teams[side]:
            if fish.alive and fish.hp > 0:
                total += sign * (fish.hp + KILL)
    return total


def add_gains(totals: list[float], base: AquawarState, seat: int, legal: Sequence[Action]) -> None:
    """Add to `totals[i]` what playing `legal[i]` for `seat`, the seat to move, gains on
    `base` (each action on its own clone; `base` is left as it was)."""
    before = score(base, seat)
    for index, action in enumerate(legal):
        trial = base.clone()
        trial.play(action, seat)
        totals[index] += score(trial, seat, base) - before
