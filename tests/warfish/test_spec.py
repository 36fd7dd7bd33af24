"""Warfish on the platform: the registry entry, whole matches between random agents on
every map (random play ends), replays that verify, and the redacted exports leaving out
what a seat may not see."""

from __future__ import annotations

import io
import json

import pytest
from typer.testing import CliRunner

from sparring.cli import app
from sparring.core.playout import play_match
from sparring.core.redact import redact_replay
from sparring.core.registry import get_game
from sparring.core.replay import ReplayWriter, parse_replay, verify_replay
from sparring.games.warfish.options import WarfishOptions

SPEC = get_game("warfish")


def randoms(players: int, seed: int) -> list:
    return [SPEC.agents["random"](s, seed * 10 + s) for s in range(players)]


def test_the_registry_knows_warfish() -> None:
    assert SPEC.name == "warfish" and SPEC.display.turn_event == "wf_turn"
    assert SPEC.referee.decision_seconds == 10.0 and "random" in SPEC.agents
    state = SPEC.new_game(1, {"map": "triad", "players": 3})
    assert state.num_players == 3 and state.map.key == "triad"


@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"map": "triad", "players": 4, "round_cap": 30}, 4),
        ({"map": "cascade", "players": 6, "fog": True, "round_cap": 10}, 6),
        ({"players": 8, "round_cap": 5}, 8),
    ],
)
def test_random_matches_end(options, players) -> None:
    state = play_match(SPEC, 3, options, randoms(players, 3))
    assert state.is_terminal()
    summary = SPEC.summarize(state)
    assert summary["winner"] == state.winner and summary["last_round"] <= options["round_cap"]
    assert sum(summary["territories"]) + state.owner.count(-1) == state.map.size


def test_a_replay_verifies_and_redacts_hands() -> None:
    options = WarfishOptions(map="triad", round_cap=20)
    buffer = io.StringIO()
    seats = [{"kind": "builtin", "name": "random"}] * 2
    writer = ReplayWriter(buffer, SPEC, 11, options, seats)
    play_match(SPEC, 11, options, randoms(2, 11), recorder=writer)
    replay = parse_replay(buffer.getvalue().splitlines())
    report = verify_replay(replay)
    assert report.ok, report.problems
    drawn = [e for e in report.state.events if e[0] == "wf_card_drawn"]
    assert {e[1] for e in drawn} == {0, 1}
    for seat in (0, 1):
        text = "\n".join(redact_replay(replay, seat))
        assert text.count('"wf_card_drawn"') == sum(1 for e in drawn if e[1] == seat)
    assert '"wf_card_drawn"' not in "\n".join(redact_replay(replay, None))


def test_the_schema_names_every_action_type_option_field_and_view_field() -> None:
    """`sparring schema warfish`: what bot authors generate their types from."""
    assert SPEC.messages is not None
    schema = SPEC.messages.schema()
    kinds = schema["actions"]["discriminator"]["mapping"]
    assert sorted(kinds) == sorted(
        [
            *("place", "trade", "stop_trading", "attack", "blitz", "stop_attacking"),
            *("move_in", "transfer", "end_turn"),
        ]
    )
    defs = schema["actions"]["$defs"]
    assert defs["Trade"]["properties"]["cards"]["minItems"] == 3
    assert defs["Blitz"]["properties"]["move_in"]["anyOf"][0] == {"type": "integer", "minimum": 0}
    assert defs["Blitz"]["required"] == ["type", "source", "target"]
    options = schema["options"]["$defs"]["WarfishOptions"]["properties"]
    assert list(options) == list(WarfishOptions().to_json())
    assert options["round_cap"] == {"type": "integer", "minimum": 1, "default": 100}
    assert options["transfer_rule"]["enum"] == ["adjacent", "connected"]
    view = schema["view"]["$defs"]["View"]
    assert "hand" in view["properties"] and "hand" not in view["required"]
    assert sorted(view["properties"]["phase"]["enum"]) == sorted(
        ["setup", "trade", "place", "attack", "move_in", "transfer", "over"]
    )


def test_sparring_schema_prints_the_warfish_schemas() -> None:
    result = CliRunner().invoke(app, ["schema", "warfish"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed["game"] == "warfish" and printed["rules_version"] == SPEC.rules_version
    assert "Attack" in printed["actions"]["$defs"] and "View" in printed["view"]["$defs"]
