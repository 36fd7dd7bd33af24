"""Options: the defaults are the rules text's preset; JSON round-trips; bad options are
refused with a message that names the option."""

from __future__ import annotations

import json

import pytest

from sparring.core.errors import BadInput
from sparring.games.warfish.options import WarfishOptions


def test_the_defaults_are_the_rules_text_preset() -> None:
    """Compared as JSON text, so the order of the keys a bot receives is pinned too."""
    assert json.dumps(WarfishOptions().to_json()) == json.dumps(
        {
            "map": "classic",
            "players": 2,
            "attacks_per_turn": 0,
            "transfers_per_turn": 1,
            "transfer_rule": "adjacent",
            "attack_dice_sides": 6,
            "defend_dice_sides": 6,
            "cards": True,
            "card_scale": [4, 6, 8, 10, 12, 15],
            "card_scale_continue": 5,
            "card_territory_bonus": 0,
            "card_capture": True,
            "elimination_bonus": 0,
            "max_units": 0,
            "fog": False,
            "starting_units": 0,
            "setup_placement": "turns",
            "neutral_territories": 0,
            "neutral_units": 3,
            "round_cap": 100,
        }
    )


@pytest.mark.parametrize(("players", "units"), [(2, 40), (3, 35), (5, 25), (8, 10)])
def test_starting_units_follow_the_companion_rule(players, units) -> None:
    assert WarfishOptions(players=players).start_units() == units
    assert WarfishOptions(players=players, starting_units=12).start_units() == 12


def test_options_round_trip_through_json() -> None:
    options = WarfishOptions.from_json(
        {"map": "Cascade", "players": 6, "fog": True, "card_scale": [3, 5], "max_units": 9}
    )
    assert options.map == "cascade" and options.card_scale == (3, 5)
    text = json.dumps(options.to_json())
    assert '"card_scale": [3, 5]' in text
    assert WarfishOptions.from_json(json.loads(text)) == options
    assert WarfishOptions.from_json(None) == WarfishOptions() == WarfishOptions.from_json({})
    assert WarfishOptions.from_json(options) is options


def test_options_are_immutable_and_their_json_a_private_copy() -> None:
    options = WarfishOptions()
    options.to_json()["players"] = 99
    assert options.to_json()["players"] == 2
    with pytest.raises(AttributeError):
        options.players = 3  # type: ignore[misc]  # writing a frozen field is the test


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"teleport": True}, "Object contains unknown field `teleport`"),
        ({"fog": "yes"}, r"Expected `bool`, got `str` - at `\$.fog`"),
        ({"round_cap": -1}, r"Expected `int` >= 1 - at `\$.round_cap`"),
        ({"round_cap": 0}, r"Expected `int` >= 1 - at `\$.round_cap`"),
        ({"attack_dice_sides": 0}, r"Expected `int` >= 1 - at `\$.attack_dice_sides`"),
        ({"max_units": -2}, r"Expected `int` >= 0 - at `\$.max_units`"),
        ({"players": True}, r"Expected `int`, got `bool` - at `\$.players`"),
        ({"transfer_rule": "anywhere"}, r"Invalid enum value 'anywhere' - at `\$.transfer_rule`"),
        ({"setup_placement": "draft"}, r"Invalid enum value 'draft' - at `\$.setup_placement`"),
        ({"card_scale": []}, r"Expected `array` of length >= 1 - at `\$.card_scale`"),
        ({"card_scale": [4, 0]}, r"Expected `int` >= 1 - at `\$.card_scale\[1\]`"),
        ({"map": "atlantis"}, "rule options: unknown warfish map 'atlantis'"),
        ({"map": 3}, r"Expected `str`, got `int` - at `\$.map`"),
        ({"players": 1}, r"Expected `int` >= 2 - at `\$.players`"),
        ({"players": 9}, "warfish option players must be 2-8 on map 'classic', got 9"),
        ({"map": "triad", "players": 5}, "players must be 2-4 on map 'triad', got 5"),
        (
            {"map": "triad", "players": 4, "neutral_territories": 7},
            "map 'triad' has 10 territories: too few for 4 players and 7 neutral",
        ),
    ],
)
def test_bad_options_are_refused_by_name(data, message) -> None:
    with pytest.raises(BadInput, match=message):
        WarfishOptions.from_json(data)


def test_options_the_map_cannot_hold_cannot_be_made_in_code_either() -> None:
    with pytest.raises(ValueError, match="players must be 2-4 on map 'triad', got 5"):
        WarfishOptions(map="triad", players=5)


def test_options_must_be_an_object() -> None:
    with pytest.raises(BadInput, match="rule options: Expected `object`, got `array`"):
        WarfishOptions.from_json([1, 2])  # type: ignore[arg-type]  # the wrong type is the test
