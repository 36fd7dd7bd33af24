"""Aquawar's typed messages: actions decode from their JSON form (the protocol's, pinned
in docs/protocol.md) and encode back to it, and anything malformed is refused with a
reason naming the place."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sparring.core.errors import BadInput
from sparring.games.aquawar.actions import (
    ASSERTS,
    ATTACKS,
    PASS,
    SKILLS,
    Assert,
    Attack,
    Pass,
    Pick,
    Skill,
    action_from_json,
)

from .helpers import MIMIC

FORMS: list[tuple[dict[str, Any], Any]] = [
    ({"type": "pick", "fish": [1, 5, 9, 12], "mimic": 7}, Pick((1, 5, 9, 12), 7)),
    ({"type": "pick", "fish": [4, 3, 2, 1], "mimic": None}, Pick((4, 3, 2, 1))),
    ({"type": "pass"}, Pass()),
    ({"type": "assert", "pos": 3, "guess": 12}, Assert(3, 12)),
    ({"type": "attack", "actor": 0, "target": 3}, Attack(0, 3)),
    ({"type": "skill", "actor": 2, "ally": 1, "enemy": None}, Skill(2, 1)),
    ({"type": "skill", "actor": 1, "ally": None, "enemy": 0}, Skill(1, None, 0)),
]


@pytest.mark.parametrize(("data", "action"), FORMS)
def test_actions_decode_from_their_json_form_and_encode_back(
    data: dict[str, Any], action: Any
) -> None:
    assert action_from_json(data) == action
    assert json.loads(json.dumps(action.to_json())) == data


def test_decoded_turn_actions_equal_the_interned_menu_entries() -> None:
    assert action_from_json({"type": "pass"}) == PASS
    assert action_from_json({"type": "assert", "pos": 1, "guess": 5}) == ASSERTS[1, 5]
    assert action_from_json({"type": "attack", "actor": 2, "target": 0}) == ATTACKS[2, 0]
    skill = {"type": "skill", "actor": 3, "ally": 0, "enemy": 2}
    assert action_from_json(skill) == SKILLS[3, 0, 2]
    assert hash(action_from_json(skill)) == hash(SKILLS[3, 0, 2])


def test_absent_optional_targets_are_null_and_extra_fields_are_ignored() -> None:
    assert action_from_json({"type": "skill", "actor": 1}) == Skill(1, None, None)
    assert action_from_json({"type": "pick", "fish": [1, 2, 3, 4]}) == Pick((1, 2, 3, 4))
    assert action_from_json({"type": "pass", "note": "thinking"}) == PASS


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "Expected `object`, got `array`"),
        ({"type": "teleport"}, "Invalid value 'teleport' - at `$.type`"),
        ({"pos": 1}, "Object missing required field `type`"),
        ({"type": "attack", "actor": 0, "target": 4}, "Expected `int` <= 3 - at `$.target`"),
        ({"type": "attack", "actor": -1, "target": 0}, "Expected `int` >= 0 - at `$.actor`"),
        ({"type": "attack", "actor": True, "target": 0}, "Expected `int`, got `bool`"),
        ({"type": "attack", "actor": 0}, "Object missing required field `target`"),
        ({"type": "assert", "pos": 0, "guess": 13}, "Expected `int` <= 12 - at `$.guess`"),
        ({"type": "assert", "pos": 0, "guess": 0}, "Expected `int` >= 1 - at `$.guess`"),
        ({"type": "skill", "actor": 0, "ally": "1"}, "Expected `int | null`, got `str`"),
        ({"type": "pick", "fish": [1, 2, 3]}, "Expected `array` of length >= 4 - at `$.fish`"),
        ({"type": "pick", "fish": [1, 2, 3, 4, 5]}, "of length <= 4 - at `$.fish`"),
        ({"type": "pick", "fish": [1, 2, 3, 0]}, "Expected `int` >= 1 - at `$.fish[3]`"),
        ({"type": "pick", "fish": [1, 2, 3, MIMIC], "mimic": 13}, "<= 12 - at `$.mimic`"),
    ],
)
def test_malformed_actions_are_refused_saying_what_is_wrong_where(data: Any, reason: str) -> None:
    with pytest.raises(BadInput) as refused:
        action_from_json(data)
    assert str(refused.value).startswith("Aquawar action: ")
    assert reason in str(refused.value)
