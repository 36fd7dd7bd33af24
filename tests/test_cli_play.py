"""`sparring play` as a user runs it: output shapes, replays and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sparring.cli import app
from sparring.core.errors import BadInput
from sparring.core.replay import read_replay, verify_replay

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args],
        capture_output=True,
        text=True,
        timeout=120,
        input=stdin,
    )


def test_quiet_prints_exactly_one_json_line() -> None:
    result = run("play", "aquawar", "--p0", "greedy", "--p1", "random", "--seed", "7", "--quiet")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert set(data) == {"winner", "reason", "rounds", "seed"}
    assert data["seed"] == 7 and data["reason"] == "rules"
    assert data["winner"] in (0, 1)
    assert all(r in (0, 1) for r in data["rounds"]) and 2 <= len(data["rounds"]) <= 3
    assert data["rounds"].count(data["winner"]) == 2


def test_same_seed_same_match_and_default_seed_is_random() -> None:
    args = ["play", "aquawar", "--p0", "random", "--p1", "random", "--quiet"]
    first = runner.invoke(app, [*args, "--seed", "123"])
    second = runner.invoke(app, [*args, "--seed", "123"])
    assert first.exit_code == 0 and first.output == second.output
    seeds = {json.loads(runner.invoke(app, args).output)["seed"] for _ in range(3)}
    assert len(seeds) == 3


def test_live_display_shows_turns_and_the_winner() -> None:
    result = runner.invoke(
        app, ["play", "aquawar", "--p0", "greedy", "--p1", "random", "--seed", "4"]
    )
    assert result.exit_code == 0, result.output
    assert "seed 4" in result.output
    assert "Round 1 begins" in result.output
    assert "-- turn 2:" in result.output
    assert "Winner: seat" in result.output


def test_default_seed_is_printed() -> None:
    result = runner.invoke(app, ["play", "aquawar", "--p0", "random", "--p1", "random"])
    assert result.exit_code == 0
    assert "— seed " in result.output.splitlines()[0]


def test_replay_is_written_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    result = runner.invoke(
        app,
        [
            "play",
            "aquawar",
            "--p0",
            "greedy",
            "--p1",
            "random",
            "--seed",
            "11",
            "--replay",
            str(path),
            "--quiet",
        ],
    )
    assert result.exit_code == 0, result.output
    replay = read_replay(path)
    assert replay.header.seed == 11
    assert [s["name"] for s in replay.header.seats] == ["greedy", "random"]
    assert verify_replay(replay).ok
    assert replay.result is not None
    assert replay.result.winner == json.loads(result.output)["winner"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--p0", "nobody", "--p1", "random", "--seed", "1"], "unknown agent 'nobody'"),
        (["--p0", "random", "--p1", "random", "--seed", "abc"], "--seed must be an integer"),
        (["--p0", "random", "--p1", "random", "--seed", "-3"], "--seed must be between"),
        (["--p0", "human", "--p1", "random", "--quiet"], "--quiet cannot be used"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run("play", "aquawar", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


def test_unknown_game_is_exit_2() -> None:
    result = run("play", "chess", "--p0", "random", "--p1", "random")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


def test_human_plays_from_stdin_and_sees_its_view() -> None:
    result = run(
        "play",
        "aquawar",
        "--p0",
        "human",
        "--p1",
        "random",
        "--seed",
        "1",
        stdin="1 5 7\n1 5 7 12 mimic=9\n0\n",
    )
    assert result.returncode == 2  # input ends mid-match: a clear error, no traceback
    assert "not accepted: a pick is 4 fish, got 3" in result.stdout
    assert "You are seat 0." in result.stdout
    assert result.stderr.strip() == "error: input ended before the game did"


def test_human_input_end_raises_bad_input_in_process() -> None:
    result = runner.invoke(
        app, ["play", "aquawar", "--p0", "random", "--p1", "human", "--seed", "2"], input=""
    )
    assert isinstance(result.exception, BadInput)
