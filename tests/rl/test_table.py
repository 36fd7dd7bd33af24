"""What every environment shares: factorised decisions, forced steps taken for the seat,
simultaneous choices hidden from each other, and the prefix-free rule of action paths."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from sparring import rl
from sparring.rl.encoding import CONTINUE, menu_from_paths


def test_paths_must_be_prefix_free() -> None:
    paths = {"short": (1,), "long": (1, 2)}
    with pytest.raises(ValueError, match="prefix-free"):
        menu_from_paths(["short", "long"], paths.__getitem__, ())


def test_first_action_on_a_shared_path_is_played() -> None:
    paths = {"first": (3,), "second": (3,), "other": (4,)}
    menu = menu_from_paths(["first", "second", "other"], paths.__getitem__, ())
    assert menu == {3: "first", 4: "other"}
    nested = {"a": (1, 2), "b": (1, 3)}
    assert menu_from_paths(["a", "b"], nested.__getitem__, ()) == {1: CONTINUE}
    assert menu_from_paths(["a", "b"], nested.__getitem__, (1,)) == {2: "a", 3: "b"}


def test_a_forced_step_is_taken_for_the_seat_and_shown_in_its_path() -> None:
    env = rl.env("warfish", map="triad")
    env.reset(seed=1)
    table = env.table
    seat = table.to_move()[0]
    place = table.encoding.verb_base  # the setup's only verb: taken for the seat
    observation, *_ = env.last()
    assert table.paths[seat] == (place,)
    assert set(np.flatnonzero(observation["action_mask"])) <= set(range(10))  # territories
    path_block = observation["observation"][table.encoding.feature_size :]
    assert path_block[place] == 1.0


def test_the_second_picker_sees_nothing_of_the_first_pick() -> None:
    env = rl.env("aquawar")
    env.reset(seed=3)
    first = env.observe("seat_1")
    for fish in (0, 1, 2, 3):
        env.step(fish)
    assert env.table.state.picks[0] is not None
    assert env.agent_selection == "seat_1"
    second = env.observe("seat_1")
    assert np.array_equal(first["observation"], second["observation"])
    assert np.array_equal(first["action_mask"], second["action_mask"])


def test_the_parallel_env_takes_both_picks_in_the_same_steps() -> None:
    env = rl.parallel_env("aquawar")
    observations, _ = env.reset(seed=3)
    assert all(observations[agent]["action_mask"].any() for agent in env.agents)
    for fish in (0, 1, 2, 3):
        observations, *_ = env.step({"seat_0": fish, "seat_1": fish + 4})
    picks = env.table.state.picks
    assert [pick.fish for pick in picks] == [(1, 2, 3, 4), (5, 6, 7, 8)]
    movers = env.table.to_move()
    waiting = [agent for agent in env.agents if int(agent[-1]) not in movers]
    assert all(not observations[agent]["action_mask"].any() for agent in waiting)


def test_an_observation_is_made_once_per_step_and_never_rewritten_by_later_steps() -> None:
    env = rl.env("aquawar")
    env.reset(seed=3)
    agent = env.agent_selection
    first = env.observe(agent)
    assert env.observe(agent) is first  # asked again before a step: the same one
    kept = {key: array.copy() for key, array in first.items()}
    env.step(int(np.flatnonzero(first["action_mask"])[0]))  # a pick's first fish
    after = env.observe(agent)
    assert after is not first
    assert not np.array_equal(after["observation"], first["observation"])  # the path grew
    for key, array in first.items():  # the earlier observation is untouched
        assert np.array_equal(array, kept[key])
