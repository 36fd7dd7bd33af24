"""Aquawar's typed messages: actions decode from their JSON form (the protocol's, pinned
in docs/protocol.md) and encode back to it, anything malformed is refused with a reason
naming the place, and `sparring schema aquawar` describes every action, option and view
field a bot is sent."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from sparring.cli import app
from sparring.core import conformance as kit
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
from sparring.games.aquawar.spec import SPEC
from sparring.games.aquawar.state import AquawarState
from sparring.games.aquawar.views import view

from .helpers import MIMIC, win_round

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


# What docs/protocol.md promises a bot, by name.
ACTION_TYPES = {"pick", "pass", "assert", "attack", "skill"}
OPTION_FIELDS = {"turn_limit", "turn_limit_before_deaths", "play_all_rounds", "seat0_always_first"}
VIEW_FIELDS = {
    "game", "seat", "round", "wins", "phase", "to_move", "turn", "turn_limit", "options",
    "first_mover", "rounds", "winner", "log", "previous_log", "teams", "used", "my_pick",
    "my_team", "enemy_team", "enemy_revealed_before",
}  # fmt: skip
OWN_FISH_FIELDS = {
    "pos", "fish", "acts_as", "hp", "atk", "alive", "revealed", "shields", "reduce_buff",
    "heal_buff", "share_buff", "wound", "skill_uses",
}  # fmt: skip
SEAT_ONLY = {"used", "my_pick", "my_team", "enemy_team", "enemy_revealed_before"}
NOT_ALWAYS = SEAT_ONLY | {"teams", "previous_log"}


def _schema() -> dict[str, Any]:
    """The schema as `sparring schema aquawar` prints it."""
    result = CliRunner().invoke(app, ["schema", "aquawar"])
    assert result.exit_code == 0, result.output
    printed: dict[str, Any] = json.loads(result.output)
    return printed


def test_the_schema_names_every_action_type_and_option_field() -> None:
    schema = _schema()
    assert schema["game"] == "aquawar" and schema["rules_version"] == SPEC.rules_version
    mapping = schema["actions"]["discriminator"]["mapping"]
    assert set(mapping) == ACTION_TYPES
    actions = schema["actions"]["$defs"]
    assert actions["Assert"]["properties"]["pos"] == {"type": "integer", "minimum": 0, "maximum": 3}
    assert actions["Pick"]["properties"]["fish"]["minItems"] == 4
    options = schema["options"]["$defs"]["AquawarOptions"]["properties"]
    assert set(options) == OPTION_FIELDS
    assert options["turn_limit"] == {"type": "integer", "minimum": 1, "default": 64}


def test_the_schema_names_every_view_field_and_requires_the_ones_always_sent() -> None:
    views = _schema()["view"]["$defs"]
    shown = views["AquawarView"]
    assert set(shown["properties"]) == VIEW_FIELDS
    assert set(shown["required"]) == VIEW_FIELDS - NOT_ALWAYS
    assert set(shown["properties"]["phase"]["enum"]) == {"pick", "assert", "action", "over"}
    assert set(views["OwnFish"]["properties"]) == OWN_FISH_FIELDS
    assert set(views["PublicFish"]["properties"]) == {"pos", "fish", "hp", "alive"}


def _sent_and_read_back(state: AquawarState, viewer: int | None) -> dict[str, Any]:
    """The view's JSON form, checked to read back as the declared view type, unchanged."""
    return kit.check_view_type(SPEC, view(state, viewer), viewer)


def test_each_viewer_is_sent_exactly_its_fields_and_they_read_back_equal() -> None:
    state = AquawarState(6)
    state.apply(Pick((1, 2, 3, 4)), 0)
    assert set(_sent_and_read_back(state, None)) == VIEW_FIELDS - NOT_ALWAYS | {"teams"}
    assert set(_sent_and_read_back(state, 1)) == VIEW_FIELDS - {"teams", "previous_log"}
    assert _sent_and_read_back(state, 0)["my_pick"] == {
        "type": "pick",
        "fish": [1, 2, 3, 4],
        "mimic": None,
    }
    state.apply(Pick((5, 6, 7, 8)), 1)
    win_round(state, 0)
    assert state.phase == "pick" and state.round == 2
    assert "previous_log" in _sent_and_read_back(state, 0)
    assert "previous_log" in _sent_and_read_back(state, None)
