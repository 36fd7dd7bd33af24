"""Options: the defaults are the rules text's preset; JSON round-trips; bad options are
refused with a message that names the option."""

from __future__ import annotations

import json

import pytest

from sparring.core.errors import BadInput
from sparring.games.warfish.options import WarfishOptions


def test_the_defaults_are_the_rules_text_preset() -> None:
    assert WarfishOptions().to_json() == {
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
    assert WarfishOptions.from_json(json.loads(text)) == options
    assert WarfishOptions.from_json(None) == WarfishOptions()
    assert WarfishOptions.from_json(options) is options


def test_to_json_gives_a_private_copy() -> None:
    options = WarfishOptions()
    options.to_json()["players"] = 99
    options.to_json()["card_scale"].append(99)
    assert options.to_json()["players"] == 2 and options.to_json()["card_scale"][-1] == 15


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"teleport": True}, "unknown warfish option"),
        ({"fog": "yes"}, "fog must be true or false"),
        ({"round_cap": -1}, "round_cap must be a whole number >= 0"),
        ({"round_cap": 0}, "round_cap must be at least 1"),
        ({"attack_dice_sides": 0}, "attack_dice_sides must be at least 1"),
        ({"players": True}, "players must be a whole number"),
        ({"transfer_rule": "anywhere"}, "transfer_rule must be one of adjacent, connected"),
        ({"setup_placement": "draft"}, "setup_placement must be one of turns, random"),
        ({"card_scale": []}, "card_scale must be a non-empty list"),
        ({"card_scale": [4, 0]}, "card_scale must be a non-empty list"),
        ({"map": "atlantis"}, "unknown warfish map 'atlantis'"),
        ({"map": 3}, "map must be a map name"),
        ({"players": 1}, "players must be 2-8 on map 'classic'"),
        ({"players": 9}, "players must be 2-8 on map 'classic'"),
        ({"map": "triad", "players": 5}, "players must be 2-4 on map 'triad'"),
        (
            {"map": "triad", "players": 4, "neutral_territories": 7},
            "map 'triad' has 10 territories: too few for 4 players and 7 neutral",
        ),
    ],
)
def test_bad_options_are_refused_by_name(data, message) -> None:
    with pytest.raises(BadInput, match=message):
        WarfishOptions.from_json(data)


def test_options_must_be_an_object() -> None:
    with pytest.raises(BadInput, match="must be an object"):
        WarfishOptions.from_json([1, 2])  # type: ignore[arg-type]  # the wrong type is the test
