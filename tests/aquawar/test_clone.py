"""Search clones: a whole, independent copy whose cost does not grow with the match.

A clone shares the event log up to the fork (`SharedLog`) instead of copying it, and its
chance log holds only its own draws; fish records are copied slot by named slot.
"""

from __future__ import annotations

from types import GetSetDescriptorType, MemberDescriptorType

import pytest

from sparring.core.conformance import fingerprint
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.core.sharedlog import SharedLog, fork
from sparring.games.aquawar.actions import PASS
from sparring.games.aquawar.fish import Fish
from sparring.games.aquawar.state import AquawarState

SPEC = get_game("aquawar")


def played(seed: int, decisions: int) -> AquawarState:
    """A match `decisions` decisions in: random turn actions, never an assertion."""
    state = AquawarState(seed)
    chooser = Rng(seed + 1)
    for _ in range(decisions):
        legal = state.legal_actions()
        state.apply(PASS if legal[0] is PASS else legal[chooser.below(len(legal), "test")])
    assert not state.is_terminal()
    return state


#: The fields a fish's kind fixes: a copy gets them from its constructor, not by copying.
TRAITS = {"kind", "acts_as", "active", "menu", "team_counter", "shares", "dodges", "heals"}
TRAITS |= {"explodes", "self_counter"}


def fish_fields() -> list[str]:
    """Every field of a fish, read from the class (slots in the pure build, attributes of
    the compiled class in the compiled one), so a field added later is checked too."""
    return [
        name
        for name in dir(Fish)
        if isinstance(getattr(Fish, name), MemberDescriptorType | GetSetDescriptorType)
    ]


def test_fish_copy_copies_every_field() -> None:
    fish = Fish(12, 5)
    assert set(fish_fields()) > TRAITS | {"hp", "uses"}
    for step, name in enumerate(sorted(set(fish_fields()) - TRAITS), start=1):
        value = getattr(fish, name)
        setattr(fish, name, (not value) if isinstance(value, bool) else value + step)
    twin = fish.copy()
    assert {n: getattr(twin, n) for n in fish_fields()} == {
        n: getattr(fish, n) for n in fish_fields()
    }
    twin.hp = 1
    assert fish.hp != 1


def test_a_clone_shares_the_log_prefix_instead_of_copying_it() -> None:
    state = played(3, 300)
    assert len(state.events) > 300
    twin = state.clone()
    assert isinstance(twin.events, SharedLog)
    assert twin.events._shared is state.events
    grandchild = twin.clone()
    assert isinstance(grandchild.events, SharedLog)
    assert grandchild.events._shared is state.events  # still one prefix, not a chain


def test_a_clone_reads_its_log_like_the_original_and_continues_alone() -> None:
    state = played(5, 120)
    twin = state.clone()
    assert fingerprint(SPEC, twin) == fingerprint(SPEC, state)
    assert twin.events == list(state.events)
    before = list(state.events)
    legal = twin.legal_actions()
    twin.apply(legal[-1])
    assert state.events == before
    assert twin.events[: len(before)] == before
    assert len(twin.events) > len(before)
    state.apply(state.legal_actions()[0])
    assert twin.events[: len(before)] == before


def test_a_clone_chance_log_holds_its_own_draws_only() -> None:
    state = played(7, 200)
    assert state.rng.log
    live = list(state.rng.log)
    twin = state.clone()
    assert twin.rng.log == []
    assert state.rng.log == live
    assert twin.rng.below(10, "x") == state.rng.clone().below(10, "x")
    assert twin.rng.log == [("x", twin.rng.log[0][1])] and state.rng.log == live


SLICES = [slice(None), slice(2, 7), slice(4, 9), slice(6, None), slice(-3, None)]
SLICES += [slice(None, -2), slice(1, 9, 2), slice(None, None, -1), slice(7, 3)]


@pytest.mark.parametrize("index", SLICES)
def test_shared_log_slices_like_a_list(index: slice) -> None:
    shared = list(range(5))
    log = fork(shared)
    shared.append(99)  # the original goes on; the fork keeps its first five
    for value in (5, 6, 7, 8):
        log.append(value)
    expected = list(range(9))
    assert log[index] == expected[index]
    assert [log[i] for i in range(-9, 9)] == [expected[i] for i in range(-9, 9)]
    assert list(log) == expected and len(log) == 9
    with pytest.raises(IndexError):
        log[9]
    second = fork(log)
    second.append(10)
    assert list(second) == [*expected, 10] and list(log) == expected
