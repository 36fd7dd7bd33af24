"""The Gymnasium one-seat environment: opponents by seat string, one per other seat,
seeded from the game so a seeded reset replays the same game."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from sparring import rl


def _play(env: Any, seed: int) -> tuple[list[np.ndarray], float]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [observation["observation"]]
    while True:
        choice = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = env.step(choice)
        seen.append(observation["observation"])
        if terminated or truncated:
            return seen, reward


def test_a_seat_against_one_opponent_string_per_other_seat() -> None:
    env = rl.single_agent_env(
        "liarsdice", seat=1, opponents=["builtin:greedy", "builtin:random"], players=3
    )
    _, reward = _play(env, seed=4)
    assert env.table.is_over()
    assert reward == env.table.returns()[1]


def test_a_seeded_reset_replays_the_same_game() -> None:
    env = rl.single_agent_env("aquawar", opponents="builtin:greedy")
    first, first_reward = _play(env, seed=9)
    again, again_reward = _play(env, seed=9)
    assert first_reward == again_reward
    assert len(first) == len(again)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))


def test_the_wrong_number_of_opponents_is_refused() -> None:
    with pytest.raises(ValueError, match="needs 2 opponents"):
        rl.single_agent_env("liarsdice", opponents=["builtin:random"], players=3)
