"""Food Chain's typed messages as bot authors get them: `sparring schema foodchain` prints
a JSON Schema naming every action type, every rule option (with the rules text's default)
and every part of the view."""

from __future__ import annotations

import json
from typing import Any, get_args

from typer.testing import CliRunner

from sparring.cli import app
from sparring.games.foodchain.actions import Action
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.viewtypes import FoodChainView

ACTION_TYPES = {"play", "activate", "attack", "end_phase", "eat", "target", "choose", "order"}
OPTION_FIELDS = [
    "deck0",
    "deck1",
    "turn_cap",
    "hp_cap",
    "first_player",
    "sacrifice_not_slain",
    "paralysis_before_thaw",
    "neurotoxic_before_deaths",
]


def schema() -> dict[str, Any]:
    result = CliRunner().invoke(app, ["schema", "foodchain"])
    assert result.exit_code == 0, result.output
    printed: dict[str, Any] = json.loads(result.output)
    assert (printed["game"], printed["rules_version"]) == ("foodchain", "foodchain-2026.2")
    return printed


def test_the_schema_names_every_action_type_by_its_json_type() -> None:
    actions = schema()["actions"]
    assert set(actions["discriminator"]["mapping"]) == ACTION_TYPES
    assert {kind.__struct_config__.tag for kind in get_args(Action)} == ACTION_TYPES
    attack = actions["$defs"]["Attack"]["properties"]["target"]
    assert attack == {"anyOf": [{"type": "integer", "minimum": 0}, {"enum": ["rival"]}]}
    eat = actions["$defs"]["Eat"]["properties"]["cards"]
    assert (eat["type"], eat["maxItems"]) == ("array", 3)


def test_the_schema_names_every_option_with_the_rules_text_default() -> None:
    options = schema()["options"]["$defs"]["FoodChainOptions"]["properties"]
    assert list(options) == OPTION_FIELDS
    defaults = FoodChainOptions().to_json()
    for name in OPTION_FIELDS:
        assert options[name]["default"] == defaults[name], name
    assert options["turn_cap"] == {"type": "integer", "minimum": 1, "default": 60}


def test_the_schema_describes_every_part_of_the_view() -> None:
    view = schema()["view"]["$defs"]
    assert list(view["FoodChainView"]["properties"]) == list(FoodChainView.__struct_fields__)
    assert {"PlayerView", "CreatureView", "FullCard", "PileCard", "DecisionView"} <= set(view)
    # What a viewer may not be shown is optional: absent from the JSON, never null.
    required = view["FoodChainView"]["required"]
    assert not {"decision", "hand", "rival_known_hand"} & set(required)
    assert view["DecisionView"]["required"] == ["player", "kind"]
