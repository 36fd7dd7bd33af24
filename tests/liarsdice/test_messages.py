"""Liar's Dice messages: actions, options and views decode from JSON with clear errors,
encode back unchanged, and are described by JSON Schemas."""

from __future__ import annotations

import json

import msgspec
import pytest

from sparring.core.errors import BadInput
from sparring.core.messages import json_default
from sparring.core.registry import get_game
from sparring.games.liarsdice.actions import (
    CHALLENGE,
    SPOT_ON,
    Bid,
    action_from_json,
)
from sparring.games.liarsdice.options import LiarsDiceOptions
from sparring.games.liarsdice.views import LiarsDiceView, TableView, as_table, view

from .helpers import table

SPEC = get_game("liarsdice")


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Bid(3, 4), {"type": "bid", "quantity": 3, "face": 4}),
        (CHALLENGE, {"type": "challenge"}),
        (SPOT_ON, {"type": "spot_on"}),
    ],
)
def test_actions_round_trip_through_json(action: object, data: dict[str, object]) -> None:
    assert action_from_json(data) == action
    assert action_from_json(json.loads(json.dumps(data))).to_json() == data


def test_an_action_ignores_fields_it_does_not_have() -> None:
    assert action_from_json({"type": "challenge", "note": "bluff"}) == CHALLENGE


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"type": "bid", "quantity": 3}, "Object missing required field `face`"),
        ({"type": "bid", "quantity": 0, "face": 4}, "Expected `int` >= 1 - at `$.quantity`"),
        ({"type": "bid", "quantity": 61, "face": 4}, "Expected `int` <= 60 - at `$.quantity`"),
        ({"type": "bid", "quantity": 3, "face": 7}, "Expected `int` <= 6 - at `$.face`"),
        ({"type": "bid", "quantity": "3", "face": 4}, "Expected `int`, got `str`"),
        ({"type": "bid", "quantity": True, "face": 4}, "Expected `int`, got `bool`"),
        ({"type": "liar"}, "Invalid value 'liar' - at `$.type`"),
        ({"quantity": 3, "face": 4}, "Object missing required field `type`"),
        ([3, 4], "Expected `object`, got `array`"),
    ],
)
def test_malformed_actions_are_refused_with_the_place_named(data: object, problem: str) -> None:
    with pytest.raises(BadInput, match=r"^Liar's Dice action: .*" + _escaped(problem)):
        action_from_json(data)


def _escaped(text: str) -> str:
    return text.replace("$", r"\$").replace("(", r"\(").replace(")", r"\)")


def test_options_default_to_the_common_rules_and_round_trip() -> None:
    defaults = LiarsDiceOptions.from_json(None)
    assert defaults == LiarsDiceOptions.from_json({}) == SPEC.default_options()
    assert defaults.to_json() == {
        "players": 4,
        "dice": 5,
        "wild_ones": True,
        "ones_bids": "forbidden",
        "spot_on": False,
    }
    changed = {
        "players": 6,
        "dice": 3,
        "wild_ones": True,
        "ones_bids": "converted",
        "spot_on": True,
    }
    assert LiarsDiceOptions.from_json(changed).to_json() == changed


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"player": 3}, "Object contains unknown field `player`"),
        ({"spot_on": "yes"}, "Expected `bool`, got `str` - at `$.spot_on`"),
        ({"ones_bids": "halved"}, "Invalid enum value 'halved' - at `$.ones_bids`"),
        ({"ones_bids": "converted", "wild_ones": False}, 'ones_bids = "converted" needs wild_ones'),
    ],
)
def test_malformed_options_are_refused_clearly(data: dict[str, object], problem: str) -> None:
    with pytest.raises(BadInput, match=r"^rule options: .*" + _escaped(problem)):
        LiarsDiceOptions.from_json(data)


def test_converted_ones_without_wild_ones_is_refused_when_built_in_code_too() -> None:
    with pytest.raises(ValueError, match="needs wild_ones = true"):
        LiarsDiceOptions(ones_bids="converted", wild_ones=False)


def test_a_view_goes_out_as_json_and_reads_back_as_the_same_view() -> None:
    state = table([[2, 3], [4, 5]])
    state.apply(Bid(2, 3))
    seen = view(state, 1)
    text = json.dumps(seen, default=json_default)
    data = json.loads(text)
    assert msgspec.convert(data, LiarsDiceView) == seen
    assert as_table(data) == seen
    assert data["bids"] == [{"seat": 0, "quantity": 2, "face": 3}]
    assert data["options"]["players"] == 2 and data["my_dice"] == [4, 5]


def test_a_malformed_view_is_refused_clearly() -> None:
    with pytest.raises(BadInput, match="Liar's Dice view: Object missing required field"):
        as_table({"seat": 0})
    assert isinstance(as_table(view(table([[2], [3]]), 0)), TableView)


def test_the_schema_describes_every_action_the_options_and_the_view() -> None:
    assert SPEC.messages is not None
    schema = SPEC.messages.schema()
    bid = schema["actions"]["$defs"]["Bid"]["properties"]
    assert bid["quantity"] == {"type": "integer", "minimum": 1, "maximum": 60}
    assert bid["face"] == {"type": "integer", "minimum": 1, "maximum": 6}
    assert {"Bid", "Challenge", "SpotOn"} <= set(schema["actions"]["$defs"])
    options = schema["options"]["$defs"]["LiarsDiceOptions"]["properties"]
    assert options["ones_bids"]["enum"] == ["converted", "forbidden"]
    assert options["players"]["default"] == 4
    view_fields = schema["view"]["$defs"]["LiarsDiceView"]["properties"]
    assert {"my_dice", "dice", "bids", "results", "log"} <= set(view_fields)
