"""5×5 Tactics's typed messages: actions and rule options decode from their JSON forms (the
protocol's, pinned in docs/protocol.md) and encode back to them, anything malformed is
refused with a reason naming the place, and `sparring schema tactics` describes every
action, option and view field a bot is sent."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from sparring.cli import app
from sparring.core import conformance as kit
from sparring.core.errors import BadInput
from sparring.games.tactics.actions import (
    BUFF_TILE,
    OBSTACLE,
    Attack,
    Draft,
    EndTurn,
    Move,
    MoveAttack,
    MoveSkill,
    Skill,
    action_from_json,
)
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.spec import SPEC
from sparring.games.tactics.state import TacticsState
from sparring.games.tactics.views import view

from .helpers import arrange, battle, unit

FORMS: list[tuple[dict[str, Any], Any]] = [
    (
        {
            "type": "draft",
            "hero": "CLERIC",
            "skill": "cleric_trinity",
            "minions": ["TANK", "ARCHER"],
        },
        Draft("CLERIC", "cleric_trinity", ("TANK", "ARCHER")),
    ),
    ({"type": "move", "unit": "p1_hero", "x": 2, "y": 1}, Move("p1_hero", 2, 1)),
    ({"type": "attack", "unit": "p2_minion_1", "x": 0, "y": 3}, Attack("p2_minion_1", 0, 3)),
    (
        {"type": "move_attack", "unit": "p1_minion_2", "x": 4, "y": 1, "tx": 4, "ty": 2},
        MoveAttack("p1_minion_2", 4, 1, 4, 2),
    ),
    ({"type": "skill", "unit": "p1_hero", "x": 2, "y": 0}, Skill("p1_hero", 2, 0)),
    (
        {"type": "skill", "unit": "p1_hero", "x": 2, "y": 1, "choice": "BLEED"},
        Skill("p1_hero", 2, 1, "BLEED"),
    ),
    (
        {"type": "move_skill", "unit": "p2_hero", "x": 2, "y": 3, "sx": 2, "sy": 2},
        MoveSkill("p2_hero", 2, 3, 2, 2),
    ),
    (
        {
            "type": "move_skill",
            "unit": "p2_hero",
            "x": 2,
            "y": 3,
            "sx": 2,
            "sy": 2,
            "choice": "SLOW",
        },
        MoveSkill("p2_hero", 2, 3, 2, 2, "SLOW"),
    ),
    ({"type": "end_turn", "unit": "p1_hero_clone_1"}, EndTurn("p1_hero_clone_1")),
    ({"type": "death_choice", "spawn": "obstacle"}, OBSTACLE),
    ({"type": "death_choice", "spawn": "buff_tile"}, BUFF_TILE),
]


@pytest.mark.parametrize(("data", "action"), FORMS)
def test_actions_decode_from_their_json_form_and_encode_back_to_the_same_text(
    data: dict[str, Any], action: Any
) -> None:
    """The protocol's JSON, key order included: `choice` only when a skill takes one."""
    assert action_from_json(data) == action
    assert json.dumps(action.to_json()) == json.dumps(data)


def test_a_null_choice_is_no_choice_and_extra_fields_are_ignored() -> None:
    assert action_from_json(
        {"type": "skill", "unit": "p1_hero", "x": 2, "y": 0, "choice": None}
    ) == Skill("p1_hero", 2, 0)
    assert action_from_json({"type": "end_turn", "unit": "p1_hero", "why": "tired"}) == EndTurn(
        "p1_hero"
    )
    assert hash(action_from_json({"type": "death_choice", "spawn": "obstacle"})) == hash(OBSTACLE)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "Expected `object`, got `array`"),
        ({"unit": "p1_hero"}, "Object missing required field `type`"),
        ({"type": "charge", "unit": "p1_hero"}, "Invalid value 'charge' - at `$.type`"),
        ({"type": "move", "unit": "p1_hero", "x": "2", "y": 1}, "Expected `int`, got `str`"),
        ({"type": "move", "unit": "p1_hero", "x": 2}, "Object missing required field `y`"),
        ({"type": "attack", "unit": 7, "x": 2, "y": 1}, "Expected `str`, got `int` - at `$.unit`"),
        (
            {"type": "skill", "unit": "p1_hero", "x": 2, "y": 1, "choice": 3},
            "Expected `str | null`, got `int` - at `$.choice`",
        ),
        (
            {"type": "draft", "hero": "MAGE", "skill": "mage_wild_magic", "minions": ["TANK"]},
            "Expected `array` of length 2, got 1 - at `$.minions`",
        ),
        ({"type": "death_choice", "spawn": "crater"}, "Invalid enum value 'crater' - at `$.spawn`"),
    ],
)
def test_malformed_actions_are_refused_saying_what_is_wrong_where(data: Any, reason: str) -> None:
    with pytest.raises(BadInput) as refused:
        action_from_json(data)
    assert str(refused.value).startswith("tactics action: ")
    assert reason in str(refused.value)


def test_options_default_to_the_rules_text_and_encode_every_option_in_full() -> None:
    defaults = TacticsOptions()
    assert TacticsOptions.from_json(None) == defaults == TacticsOptions.from_json({})
    data = defaults.to_json()
    assert data["decay_start_round"] == 1 and data["round_cap"] == 30
    assert data["obstacle_damage"] == "attack" and data["round_end_order"] == "rules"
    assert data["move_and_skill"] is True and data["challenge_counter"] == "always"
    assert TacticsOptions.from_json(data) == defaults
    changed = TacticsOptions.from_json({"movement": "path", "endure_rounds": 0})
    assert changed.movement == "path" and changed.endure_rounds == 0
    assert changed.round_cap == defaults.round_cap


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"colour": "red"}, "Object contains unknown field `colour`"),
        ({"movement": "teleport"}, "Invalid enum value 'teleport' - at `$.movement`"),
        ({"round_cap": 0}, "Expected `int` >= 1 - at `$.round_cap`"),
        ({"decay_start_round": 0}, "Expected `int` >= 1 - at `$.decay_start_round`"),
        ({"endure_rounds": -1}, "Expected `int` >= 0 - at `$.endure_rounds`"),
        ({"line_of_sight": 1}, "Expected `bool`, got `int` - at `$.line_of_sight`"),
        ({"round_cap": True}, "Expected `int`, got `bool` - at `$.round_cap`"),
    ],
)
def test_malformed_options_are_refused_saying_what_is_wrong_where(data: Any, reason: str) -> None:
    with pytest.raises(BadInput) as refused:
        TacticsOptions.from_json(data)
    assert str(refused.value).startswith("rule options: ")
    assert reason in str(refused.value)


# What docs/protocol.md promises a bot, by name.
ACTION_TYPES = {
    "draft", "move", "attack", "move_attack", "skill", "move_skill", "end_turn", "death_choice",
}  # fmt: skip
OPTION_FIELDS = {
    "decay_start_round", "distinct_minions", "movement", "line_of_sight", "move_attack_reach",
    "death_chooser", "system_death_spawn", "round_opener", "move_and_skill", "slow_resolution",
    "speed_slow_cancel", "endure_rounds", "extra_tick_for_acted", "round_cap", "obstacle_damage",
    "round_end_order", "challenge_counter",
}  # fmt: skip
ALWAYS = {
    "game", "seat", "phase", "round", "to_move", "acting_unit", "last_actor", "round_end_next",
    "winner", "end_reason", "options", "log",
}  # fmt: skip
DRAFT_ONLY = {"drafted", "my_draft"}
BOARD = {"units", "fallen", "obstacles", "tiles"}
PENDING = {"death_choice", "death_choices"}
UNIT_ALWAYS = {
    "id", "seat", "category", "kind", "x", "y", "hp", "max_hp", "atk", "effective_atk", "move",
    "range", "alive", "actions_left", "buffs", "shield", "shield_rounds", "invisible", "prepared",
}  # fmt: skip
HERO_ONLY = {"skill", "cooldown", "beacon", "charges"}


def _schema() -> dict[str, Any]:
    """The schema as `sparring schema tactics` prints it."""
    result = CliRunner().invoke(app, ["schema", "tactics"])
    assert result.exit_code == 0, result.output
    printed: dict[str, Any] = json.loads(result.output)
    return printed


def test_the_schema_names_every_action_type_and_option_field() -> None:
    schema = _schema()
    assert schema["game"] == "tactics" and schema["rules_version"] == SPEC.rules_version
    assert set(schema["actions"]["discriminator"]["mapping"]) == ACTION_TYPES
    actions = schema["actions"]["$defs"]
    assert actions["Draft"]["properties"]["minions"]["minItems"] == 2
    assert actions["DeathChoice"]["properties"]["spawn"]["enum"] == ["buff_tile", "obstacle"]
    assert "choice" not in actions["Skill"]["required"]
    options = schema["options"]["$defs"]["TacticsOptions"]["properties"]
    assert set(options) == OPTION_FIELDS
    assert options["round_cap"] == {"type": "integer", "minimum": 1, "default": 30}
    assert options["movement"] == {"enum": ["line", "path"], "default": "line"}


def test_the_schema_names_every_view_field_and_requires_the_ones_always_sent() -> None:
    views = _schema()["view"]["$defs"]
    shown = views["TacticsView"]
    assert set(shown["properties"]) == ALWAYS | DRAFT_ONLY | BOARD | PENDING
    assert set(shown["required"]) == ALWAYS
    assert shown["properties"]["phase"]["enum"] == ["battle", "draft", "over"]
    units = views["UnitView"]
    assert set(units["properties"]) == UNIT_ALWAYS | HERO_ONLY | {"rounds_left"}
    assert set(units["required"]) == UNIT_ALWAYS
    assert set(views["PendingDeathView"]["properties"]) == {"unit", "x", "y", "seat"}


def _sent_and_read_back(state: TacticsState, viewer: int | None) -> dict[str, Any]:
    """The view's JSON form, checked to read back as the declared view type, unchanged."""
    return kit.check_view_type(SPEC, view(state, viewer), viewer)


def test_each_viewer_is_sent_exactly_its_fields_and_they_read_back_equal() -> None:
    state = TacticsState(4)
    assert set(_sent_and_read_back(state, 0)) == ALWAYS | {"drafted"}
    pick = state.legal_actions(1)[5]
    state.apply(pick, 1)
    assert set(_sent_and_read_back(state, 0)) == ALWAYS | {"drafted"}
    assert set(_sent_and_read_back(state, None)) == ALWAYS | {"drafted"}
    assert _sent_and_read_back(state, 1)["my_draft"] == json.loads(json.dumps(pick.to_json()))
    state = battle("rogue_shadow_clone")
    for viewer in (0, 1, None):
        assert set(_sent_and_read_back(state, viewer)) == ALWAYS | BOARD
    state.apply(Skill("p1_hero", 2, 1), 0)  # a shadow clone in front of the hero
    arrange(state, p2_minion_1=(0, 1))
    unit(state, "p2_minion_1").hp = 1
    state.apply(Attack("p2_minion_1", 0, 0), 1)
    state.apply(Attack("p1_minion_1", 0, 1), 0)
    assert state.deaths
    sent = _sent_and_read_back(state, None)
    assert set(sent) == ALWAYS | BOARD | PENDING
    fields = {u["id"]: set(u) for u in sent["units"]}
    assert fields["p1_hero"] == UNIT_ALWAYS | HERO_ONLY
    assert fields["p1_hero_clone_1"] == UNIT_ALWAYS | {"rounds_left"}
    assert fields["p1_minion_1"] == UNIT_ALWAYS
    assert sent["death_choice"] == sent["death_choices"][0]
