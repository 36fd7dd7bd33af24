"""`sparring games` lists every registered game with its declared facts; `sparring schema`
prints a game's message schemas, or says clearly why it cannot."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from sparring.agents.catalog import agent_names
from sparring.cli import app
from sparring.core.registry import all_games

runner = CliRunner()


def test_games_lists_every_registered_game_with_its_facts_as_json() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.output)}
    assert set(rows) == {spec.name for spec in all_games()}
    for spec in all_games():
        assert rows[spec.name]["facts"] == spec.facts.to_json()
        assert rows[spec.name]["agents"] == agent_names(spec)


def test_games_prints_a_table_naming_each_title() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for spec in all_games():
        assert spec.name in result.output


def test_schema_of_an_unknown_game_is_a_one_line_error() -> None:
    result = runner.invoke(app, ["schema", "chess"])
    assert result.exit_code != 0
    assert "unknown game 'chess'" in str(result.exception or result.output)
