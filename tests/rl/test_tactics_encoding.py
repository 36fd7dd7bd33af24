"""5×5 Tactics's encoding: every battle action as a path of unit, verb, tiles, choice."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from sparring import rl
from sparring.games.tactics.actions import Draft, EndTurn, MoveAttack, MoveSkill
from sparring.games.tactics.encoding import TacticsEncoding, path, unit_slot
from sparring.rl.encoding import CONTINUE


def _names(action: object) -> list[str]:
    return [TacticsEncoding.action_names[index] for index in path(action)]


def test_a_battle_action_is_unit_verb_tiles_and_choice() -> None:
    assert _names(MoveAttack("p1_hero", 2, 1, 2, 2)) == [
        "unit hero",
        "move_attack",
        "tile 2 1",
        "tile 2 2",
    ]
    assert _names(MoveSkill("p2_hero", 1, 3, 0, 3, "SLOW")) == [
        "unit hero",
        "move_skill",
        "tile 1 3",
        "tile 0 3",
        "debuff SLOW",
    ]
    assert _names(EndTurn("p2_minion_2")) == ["unit minion 2", "end_turn"]
    assert _names(Draft("MAGE", "mage_warp_beacon", ("TANK", "TANK"))) == [
        "draft MAGE mage_warp_beacon TANK TANK"
    ]


def test_unit_slots_come_from_the_ids() -> None:
    assert [unit_slot(u) for u in ("p1_hero", "p2_minion_1", "p1_minion_2")] == [0, 1, 2]
    assert unit_slot("p1_hero_clone_2") == 3


def test_every_battle_action_offered_is_reached_by_its_own_path() -> None:
    env = rl.env("tactics")
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    table = env.table
    while table.state.phase != "battle":
        observation, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    seat = table.to_move()[0]
    legal = list(table.state.legal_actions(seat))
    assert len(legal) > 1
    for action in legal:
        full = path(action)
        for depth in range(len(full) - 1):
            assert table.encoding.menu(None, legal, full[:depth])[full[depth]] is CONTINUE
        assert table.encoding.menu(None, legal, full[:-1])[full[-1]] == action
