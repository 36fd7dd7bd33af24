"""Aquawar's encoding: the factorised pick, the turn actions' table, what a view shows."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

import numpy as np

from sparring import rl
from sparring.games.aquawar.actions import ASSERTS, ATTACKS, PASS, SKILLS, Pick
from sparring.games.aquawar.encoding import (
    ACTION_COUNT,
    PHASES,
    AquawarEncoding,
    turn_index,
)
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.roster import MIMIC
from sparring.games.aquawar.views import AquawarView


def _choose(env: rl.SparringEnv, *indices: int) -> None:  # type: ignore[name-defined]
    for index in indices:
        env.step(index)


def test_a_pick_is_four_fish_in_position_order() -> None:
    env = rl.env("aquawar", play_all_rounds=True)
    env.reset(seed=1)
    assert env.agent_selection == "seat_0"
    _choose(env, 4, 0, 7, 2)  # fish 5, 1, 8, 3
    assert env.table.state.picks[0] == Pick((5, 1, 8, 3))
    assert env.agent_selection == "seat_1"


def test_the_path_so_far_is_in_the_observation_and_closes_chosen_fish() -> None:
    env = rl.env("aquawar")
    env.reset(seed=1)
    env.step(4)
    observation, *_ = env.last()
    assert env.agent_selection == "seat_0"
    assert observation["action_mask"][4] == 0
    assert observation["action_mask"][:12].sum() == 11
    block = AquawarEncoding.feature_size
    assert observation["observation"][block + 4] == 1.0


def test_the_mimic_copies_the_fish_chosen_after_the_team() -> None:
    env = rl.env("aquawar")
    env.reset(seed=1)
    _choose(env, MIMIC - 1, 0, 1, 2)
    assert env.table.state.picks[0] is None
    observation, *_ = env.last()
    assert observation["action_mask"][MIMIC - 1] == 0  # the Mimic copies another fish
    env.step(5)
    assert env.table.state.picks[0] == Pick((MIMIC, 1, 2, 3), 6)


def test_every_turn_action_has_its_own_index_named_after_it() -> None:
    names = AquawarEncoding.action_names
    assert len(names) == ACTION_COUNT == 177
    actions = [PASS, *ASSERTS.values(), *ATTACKS.values(), *SKILLS.values()]
    indices = [turn_index(action) for action in actions]
    assert len(set(indices)) == len(actions)
    for action, index in zip(actions, indices, strict=True):
        assert names[index].split()[0] == str(action).split()[0]
    assert names[turn_index(ATTACKS[2, 3])] == "attack 2 3"
    assert names[turn_index(ASSERTS[1, 12])] == "assert 1 12"
    assert names[turn_index(SKILLS[0, None, 2])] == "skill 0 ally - enemy 2"


def test_three_wins_under_play_all_rounds_stay_inside_the_observation_space() -> None:
    """With `play_all_rounds` a side can win all three rounds; its wins (over 2) clip at 1."""
    options = AquawarOptions(play_all_rounds=True)
    view = AquawarView(
        game="aquawar",
        seat=0,
        round=3,
        wins=[3, 0],
        phase="over",
        to_move=[],
        turn=1,
        turn_limit=options.turn_limit,
        options=options,
        first_mover=0,
        rounds=[],
        winner=0,
        log=[],
    )
    out = np.zeros(AquawarEncoding.feature_size, dtype=np.float32)
    AquawarEncoding().features(view, 0, out)
    assert out.max() == 1.0
    assert out[len(PHASES) + 1] == 1.0  # the seat's wins
