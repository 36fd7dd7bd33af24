"""Views are pure: building a seat's or a spectator's view (and rendering it) leaves every
part of the state exactly as it was — no cache, no memo, no draw from the random source.

The check compares a deep structural snapshot of the whole state (every slot of the state,
of each fish and of the random source, every event) before and after each view, at every
step of whole matches, forfeits included.
"""

from __future__ import annotations

from collections import deque
from types import GetSetDescriptorType, MemberDescriptorType
from typing import Any

import pytest

from sparring.games.aquawar.actions import Attack
from sparring.games.aquawar.agents import RandomAgent
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.render import render_view
from sparring.games.aquawar.state import AquawarState
from sparring.games.aquawar.views import view

from .helpers import ARCHER, position

VIEWERS = (0, 1, None)


def snapshot(value: Any) -> Any:
    """A deep, comparable copy of everything reachable from `value`, types included."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple | deque):
        return (type(value).__name__, tuple(snapshot(item) for item in value))
    if isinstance(value, dict):
        return ("dict", tuple((key, snapshot(item)) for key, item in value.items()))
    if isinstance(value, set | frozenset):
        return (type(value).__name__, tuple(sorted(value)))
    names = [
        name
        for cls in type(value).__mro__
        for name, attribute in vars(cls).items()
        if isinstance(attribute, MemberDescriptorType | GetSetDescriptorType)
        and not name.startswith("__")  # slots, or a compiled class's fields
    ]
    fields = {name: snapshot(getattr(value, name)) for name in names if hasattr(value, name)}
    fields.update((name, snapshot(item)) for name, item in getattr(value, "__dict__", {}).items())
    return (type(value).__name__, tuple(sorted(fields.items())))


def assert_views_pure(state: AquawarState) -> None:
    before = snapshot(state)
    for viewer in VIEWERS:
        render_view(view(state, viewer))
        assert snapshot(state) == before, f"the view for {viewer} changed the state"


def test_snapshot_sees_a_change_deep_in_the_state() -> None:
    # The check itself: a changed fish field, event or random draw changes the snapshot.
    state = AquawarState(1)
    before = snapshot(state)
    state.rng.below(2, "probe")
    assert snapshot(state) != before
    fielded = position([ARCHER, 2, 3, 4], [5, 6, 7, 8])
    before = snapshot(fielded)
    fielded.teams[1][2].wound = 1
    assert snapshot(fielded) != before


@pytest.mark.parametrize(
    ("seed", "options"),
    [(1, AquawarOptions()), (2, AquawarOptions(turn_limit=12, play_all_rounds=True))],
)
def test_views_write_nothing_into_the_state_over_whole_matches(
    seed: int, options: AquawarOptions
) -> None:
    state = AquawarState(seed, options)
    agents = [RandomAgent(0, seed), RandomAgent(1, seed + 1)]
    while not state.is_terminal():
        assert_views_pure(state)
        seat = state.to_move()[0]
        state.apply(agents[seat].act(None, state.legal_actions(seat)), seat)
    assert_views_pure(state)


def test_views_write_nothing_into_the_state_after_a_forfeit() -> None:
    state = position([ARCHER, 2, 3, 4], [5, 6, 7, 8])
    state.apply(Attack(0, 0), 0)
    state.forfeit(1, "time-out")
    assert_views_pure(state)
