"""The reinforcement-learning environments over every registered game: PettingZoo's own
API and seed tests, the parallel API test where a game has simultaneous moves,
Gymnasium's checker for the single-seat wrapper, and the no-leak test of observations.

Nothing here names a game: the games come from the registry, each with its encoding.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from sparring import rl
from sparring.core import conformance as kit
from sparring.core.errors import IllegalAction
from sparring.core.registry import game_names, get_game
from sparring.core.rng import Rng
from sparring.rl.spaces import open_table

GAMES = game_names()
SIMULTANEOUS = [name for name in GAMES if get_game(name).facts.simultaneous_moves]


def test_every_registered_game_has_an_encoding() -> None:
    for name in GAMES:
        assert get_game(name).extensions.rl_encoding is not None, name


@pytest.fixture(autouse=True)
def _quiet_dict_observation_warnings() -> Any:
    """PettingZoo warns that a dict observation is not an array: the documented
    ``{"observation", "action_mask"}`` form of its own classic environments."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation", category=UserWarning)
        yield


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game: str) -> None:
    api_test(rl.env(game), num_cycles=200)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game: str) -> None:
    seed_test(lambda: rl.env(game), num_cycles=100)


@pytest.mark.parametrize("game", SIMULTANEOUS)
def test_parallel_api_test_for_simultaneous_games(game: str) -> None:
    parallel_api_test(rl.parallel_env(game), num_cycles=200)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env_for_one_seat_against_random(game: str) -> None:
    check_env(rl.single_agent_env(game, opponents="builtin:random"), skip_render_check=True)


def _play_to_the_end(game: str, seed: int) -> Any:
    env = rl.env(game)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return env, totals


@pytest.mark.parametrize("game", GAMES)
def test_rewards_are_the_games_returns_at_the_end(game: str) -> None:
    env, totals = _play_to_the_end(game, seed=3)
    returns = env.table.returns()
    assert env.table.is_over()
    assert [totals[agent] for agent in env.possible_agents] == list(returns)


@pytest.mark.parametrize("game", GAMES)
def test_an_index_the_mask_closes_is_refused_and_changes_nothing(game: str) -> None:
    env = rl.env(game)
    env.reset(seed=5)
    observation, *_ = env.last()
    closed = np.flatnonzero(observation["action_mask"] == 0)
    before = kit.fingerprint(env.table.spec, env.table.state)
    with pytest.raises(IllegalAction, match="not open now"):
        env.step(int(closed[0]))
    assert kit.fingerprint(env.table.spec, env.table.state) == before
    again, *_ = env.last()
    assert np.array_equal(again["observation"], observation["observation"])


@pytest.mark.parametrize("game", GAMES)
def test_single_seat_illegal_index_costs_the_referees_price(game: str) -> None:
    env = rl.single_agent_env(game)
    observation, _ = env.reset(seed=2)
    closed = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    priced = env.table.state.clone()
    _, _, _, _, info = env.step(closed)
    assert "not open now" in info["illegal"]
    env.table.spec.apply_verdict(priced, 0, "IA", info["illegal"])
    played = env.table.state.events
    assert played[: len(priced.events)] == priced.events


@pytest.mark.parametrize("game", GAMES)
def test_observations_hide_what_a_seat_cannot_see(game: str) -> None:
    """Scramble what a seat cannot see (the conformance kit's scrambler): its observation
    and mask are unchanged, at every decision of random games under the options the
    kit's no-leak walks draw (fog, player counts, variants)."""
    spec = get_game(game)
    assert spec.secrecy is not None
    rng = Rng(7)
    checked = 0
    for seed in range(3):
        hooks = _hooks(game, seed)
        options = None if hooks.options is None else hooks.options.to_json()
        table, twin = open_table(game, options or {}), open_table(game, options or {})
        for state in kit.walk(spec, seed, [], hooks):
            if state.is_terminal():
                break
            for seat in range(state.num_players):
                table.resume(state)
                twin.resume(spec.secrecy.scramble_hidden(state, seat, rng))
                mine, theirs = table.observe(seat), twin.observe(seat)
                assert np.array_equal(mine["observation"], theirs["observation"]), seat
                assert np.array_equal(mine["action_mask"], theirs["action_mask"]), seat
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_api_test_under_the_kits_drawn_options(game: str, seed: int) -> None:
    hooks = _hooks(game, seed)
    options = {} if hooks.options is None else hooks.options.to_json()
    api_test(rl.env(game, **options), num_cycles=100)


def _hooks(game: str, seed: int) -> kit.Hooks:
    load = get_game(game).extensions.conformance
    base = kit.DEFAULT_HOOKS if load is None else load()
    return base.with_options(seed, for_leaks=True)


@pytest.mark.parametrize("game", GAMES)
def test_observations_lie_in_their_space(game: str) -> None:
    env = rl.env(game)
    space = env.observation_space(env.possible_agents[0])
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        assert space.contains(observation), agent
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize("game", GAMES)
def test_ansi_render_is_the_spectators_view_as_text(game: str) -> None:
    env = rl.env(game, render_mode="ansi")
    env.reset(seed=1)
    spec = env.table.spec
    assert env.render() == spec.render_view(spec.view(env.table.state, None))
    assert rl.env(game).render() is None  # no render mode, no rendering
