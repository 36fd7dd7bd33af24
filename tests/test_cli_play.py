"""`sparring play` as a user runs it: output shapes, replays and exit codes."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
import time
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
    assert result.output.splitlines()[-1] == "See it again with: sparring matches show 1"


def test_fish_are_named_by_species_in_the_lines_when_nobody_plays() -> None:
    result = runner.invoke(
        app, ["play", "aquawar", "--p0", "greedy", "--p1", "random", "--seed", "4", "--log"]
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"seat \d's [A-Z][a-z]+.* takes \d+", result.output)
    assert not re.search(r"fish \d", result.output)


def _on_a_terminal(*args: str) -> str:
    """Run `sparring` with its output on a pseudo-terminal; everything it wrote."""
    main, side = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "sparring", *args],
        stdout=side,
        stderr=side,
        stdin=subprocess.DEVNULL,
    ) as process:
        os.close(side)
        chunks = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal closed: the command ended
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert process.wait(timeout=120) == 0
    os.close(main)
    return b"".join(chunks).decode("utf-8", "replace")


def test_on_a_terminal_the_board_is_drawn_in_place_and_log_scrolls_lines_instead() -> None:
    args = ["play", "aquawar", "--p0", "greedy", "--p1", "random", "--seed", "4", "--no-save"]
    board = _on_a_terminal(*args, "--delay", "0")
    assert "─ events ─" in board and "rounds won" in board and "\x1b[1A" in board
    assert "Winner: seat 0" in board
    log = _on_a_terminal(*args, "--log")
    assert "─ events ─" not in log and "\x1b[1A" not in log
    assert "-- turn 2: seat 0 --" in log and "Winner: seat 0" in log


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--delay", "-1"], "--delay must be between 0 and 60 seconds, got -1"),
        (["--delay", "61"], "--delay must be between 0 and 60 seconds"),
        (["--quiet", "--delay", "1"], "--delay and --step do not apply"),
        (["--quiet", "--step"], "--delay and --step do not apply"),
    ],
)
def test_bad_pace_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run("play", "aquawar", "--p0", "random", "--p1", "random", *args)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


def test_stepping_is_refused_with_a_human_seat() -> None:
    result = run("play", "aquawar", "--p0", "human", "--p1", "random", "--step")
    assert result.returncode == 2
    assert "--step cannot be used with a human player" in result.stderr


def test_stepping_waits_for_enter_and_plays_on_when_input_ends() -> None:
    args = ["play", "aquawar", "--p0", "greedy", "--p1", "random", "--seed", "4", "--log"]
    with subprocess.Popen(
        [sys.executable, "-m", "sparring", *args, "--no-save", "--step"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as stepped:
        assert stepped.stdin is not None
        stepped.stdin.write("\n\n\n")
        stepped.stdin.flush()
        time.sleep(3)  # the whole match takes about a second when nothing waits
        assert stepped.poll() is None  # waiting for a fourth Enter
        output, _ = stepped.communicate(timeout=120)  # input ends: it plays on
    assert stepped.returncode == 0
    assert output == run(*args, "--no-save").stdout


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
