"""Warfish from the command line: `play` with any number of seats (--players, --agent,
--map and their errors), `bench` (greedy v greedy by default, its JSON), and `match` with
the example bot against built-in agents through the referee."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sparring.cli import app
from sparring.core.compiled import is_compiled
from sparring.core.errors import BadInput
from sparring.core.replay import read_replay, verify_replay

runner = CliRunner()
BOT = f"{sys.executable} {Path(__file__).parents[2] / 'examples' / 'bots' / 'warfish_bot.py'}"


def play(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["play", "warfish", "--no-save", *args])
    return result.exit_code, result.output


def refusal(*args: str) -> str:
    """The message of the `BadInput` a command raises in process (the console entry point
    prints it as ``error: ...`` and exits with 2)."""
    result = runner.invoke(app, list(args))
    assert isinstance(result.exception, BadInput), result.output
    return str(result.exception)


def quiet(*args: str) -> dict[str, object]:
    code, output = play(*args, "--quiet")
    assert code == 0, output
    lines = output.splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


def test_quiet_prints_one_json_line_with_the_winner() -> None:
    result = quiet("--agent", "0=greedy", "--agent", "1=random", "--seed", "3")
    assert result == {"winner": 0, "reason": "rules", "rounds": [], "seed": 3}


def test_players_sets_the_number_of_seats_and_unnamed_seats_are_greedy() -> None:
    code, output = play("--players", "4", "--agent", "2=random", "--seed", "5")
    assert code == 0, output
    first = output.splitlines()[0]
    assert "seat 0: greedy, seat 1: greedy, seat 2: random, seat 3: greedy" in first
    assert "seat 3 places" in output and "Winner: seat" in output


def test_same_seed_same_game_on_another_map() -> None:
    args = ("--map", "triad", "--players", "3", "--agent", "0=random", "--seed", "11")
    assert quiet(*args) == quiet(*args)
    assert quiet(*args)["winner"] in (0, 1, 2)


def test_p0_and_p1_still_name_the_first_two_seats() -> None:
    code, output = play("--p0", "random", "--p1", "random", "--players", "3", "--seed", "2")
    assert code == 0, output
    assert "seat 0: random, seat 1: random, seat 2: greedy" in output.splitlines()[0]


def test_options_json_reaches_the_game() -> None:
    code, output = play(
        "--agent", "0=greedy", "--map", "triad", "--options", '{"fog": true}', "--seed", "1"
    )
    assert code == 0, output
    assert "Winner: seat" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--map", "atlantis"],
            "unknown warfish map 'atlantis'; known maps: cascade, classic, triad",
        ),
        (["--players", "9"], "warfish option players must be 2-8 on map 'classic', got 9"),
        (["--map", "triad", "--players", "5"], "players must be 2-4 on map 'triad', got 5"),
        (["--agent", "3=greedy"], "--agent 3=greedy: there is no seat 3 (2 players: seats 0-1)"),
        (["--agent", "greedy"], "--agent takes SEAT=AGENT, e.g. --agent 0=greedy, not 'greedy'"),
        (["--agent", "0=greedy", "--p0", "random"], "seat 0 is named twice"),
        (
            ["--agent", "1=wizard"],
            "unknown agent 'wizard' for warfish; known agents: greedy, human, ismcts, random",
        ),
        (["--agent", "1=human", "--quiet"], "--quiet cannot be used with a human player"),
        (["--options", "[1]"], "--options must be a JSON object"),
    ],
)
def test_bad_flags_are_clear_errors(args: list[str], message: str) -> None:
    assert message in refusal("play", "warfish", "--no-save", *args)


def test_a_bad_map_exits_with_2_and_one_error_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sparring", "play", "warfish", "--map", "x", "--no-save"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr == (
        "error: rule options: unknown warfish map 'x'; known maps: cascade, classic, triad\n"
    )


def test_players_and_map_are_refused_for_games_without_them() -> None:
    message = refusal("play", "aquawar", "--players", "3", "--no-save")
    head, _, having = message.partition(" (games that have one: ")
    assert head == "--players: aquawar has no 'players' option"
    assert "warfish" in having.removesuffix(")").split(", ")  # other games may have one too
    assert refusal("play", "tactics", "--map", "classic", "--no-save") == (
        "--map: tactics has no 'map' option (games that have one: warfish)"
    )


def test_a_human_seat_reads_typed_answers() -> None:
    answers = "\n".join(["help", "place nowhere"] + ["0", "1", "2", "3", "4"] * 8) + "\n"
    result = runner.invoke(
        app,
        ["play", "warfish", "--map", "triad", "--agent", "0=human", "--seed", "1", "--no-save"],
        input=answers,
    )
    assert "Setup: units are placed one at a time, in turns." in result.output
    assert "not accepted: no territory is called 'nowhere'" in result.output
    assert "Highlands (bonus 2, held by nobody)" in result.output


def test_bench_json_shape_and_default_agents() -> None:
    result = runner.invoke(app, ["bench", "warfish", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    numbers = json.loads(result.output)
    assert set(numbers) == {
        "game",
        "agents",
        "matches",
        "decisions",
        "decisions_per_match",
        "seconds",
        "matches_per_second",
        "actions_per_second",
        "peak_rss_mib",
        "warmup_matches",
        "compiled",
    }
    assert numbers["warmup_matches"] == 1
    assert numbers["compiled"] is is_compiled()
    assert numbers["game"] == "warfish" and numbers["agents"] == ["greedy", "greedy"]
    assert numbers["matches"] == 3
    assert numbers["decisions_per_match"] == round(numbers["decisions"] / 3, 1) > 0


def test_bench_agents_override_and_set_the_player_count() -> None:
    result = runner.invoke(
        app, ["bench", "warfish", "--games", "2", "--json", "--agents", "random,greedy,greedy"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["agents"] == ["random", "greedy", "greedy"]
    assert refusal("bench", "warfish", "--agents", "greedy,chess") == (
        "unknown warfish agent 'chess'; known: greedy, human, random"
    )


def test_the_example_bot_plays_three_seats_through_the_referee(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "match",
            "warfish",
            "--seat",
            BOT,
            "--seat",
            "builtin:random",
            "--seat",
            "builtin:greedy",
            "--seed",
            "4",
            "--quiet",
            "--db",
            f"sqlite:///{tmp_path / 'store.db'}",
        ],
    )
    assert result.exit_code == 0, result.output
    outcome = json.loads(result.output)
    assert outcome["verdicts"] == [] and outcome["winner"] in (0, 1, 2)


def test_match_refuses_a_player_count_the_seats_do_not_fill(tmp_path: Path) -> None:
    seats = ["--seat", "builtin:greedy", "--seat", "builtin:random"]
    store = ["--db", f"sqlite:///{tmp_path / 'store.db'}"]
    message = refusal("match", "warfish", *seats, "--options", '{"players": 3}', *store)
    assert message == "warfish needs 3 --seat options, got 2"


def test_bot_check_passes_the_example_bot() -> None:
    result = runner.invoke(app, ["bot", "check", BOT, "--game", "warfish", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "every reply well-formed and legal" in result.output
    assert "The bot played cleanly." in result.output


def test_a_three_player_replay_keeps_its_options_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    args = ["--players", "3", "--map", "cascade", "--agent", "2=random", "--seed", "8"]
    result = quiet(*args, "--replay", str(path))
    replay = read_replay(path)
    assert [s["name"] for s in replay.header.seats] == ["greedy", "greedy", "random"]
    assert verify_replay(replay).ok
    assert replay.result is not None and replay.result.winner == result["winner"]
