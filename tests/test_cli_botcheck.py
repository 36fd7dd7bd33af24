"""`sparring bot check` as a bot author meets it: a clean bot passes with exit 0, a faulty
one gets exit 1 and an explanation with a hint, bad usage gets exit 2.

The command is registered on a fresh Typer app, the way the lead wires it into the CLI."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import typer
from typer.testing import CliRunner

from sparring.cli import botcheck
from sparring.core.registry import get_game

ROOT = Path(__file__).parents[1]
FIXTURES = ROOT / "tests" / "arena" / "bots"


def check(command: str, *options: str) -> tuple[int, str, str]:
    app = typer.Typer()
    botcheck.register(app)

    @app.callback()
    def main() -> None:
        """A stand-in root, so `bot` stays a sub-command as in the real CLI."""

    result = CliRunner().invoke(app, ["bot", "check", command, *options])
    return result.exit_code, result.stdout, result.stderr


def python(path: Path, *args: str) -> str:
    return shlex.join([sys.executable, str(path), *args])


def test_example_bot_plays_cleanly_exit_0() -> None:
    code, out, _ = check(
        python(ROOT / "examples" / "bots" / "aquawar_bot.py"), "--game", "aquawar", "--seed", "3"
    )
    assert code == 0, out
    assert "started OK" in out
    assert "every reply well-formed and legal" in out
    assert "decision time: max" in out and "mean" in out
    assert "The bot played cleanly." in out
    assert "FAIL" not in out


def test_unreadable_reply_is_explained_with_a_hint_exit_1(tmp_path: Path) -> None:
    command = python(FIXTURES / "garbage.py", str(tmp_path / "pids"), "notjson")
    code, out, _ = check(command, "--game", "aquawar")
    assert code == 1
    assert "verdict BAD at the bot's decision 1" in out
    assert "The reply could not be read as an action" in out
    assert "I choose the pufferfish!" in out  # what the bot actually said
    assert "Hint:" in out and "stderr" in out


def test_silent_bot_gets_tle_and_the_flush_hint_exit_1(tmp_path: Path) -> None:
    command = python(FIXTURES / "sleeper.py", str(tmp_path / "pids"))
    code, out, _ = check(command, "--game", "aquawar", "--time-limit", "0.5", "--seat", "1")
    assert code == 1
    assert "verdict TLE" in out
    assert "did not answer within 0.5 s" in out
    assert "flush stdout after each line" in " ".join(out.split())  # rich wraps lines


def test_crash_shows_exit_code_and_stderr_exit_1(tmp_path: Path) -> None:
    code, out, _ = check(
        python(FIXTURES / "crash_start.py", str(tmp_path / "pids")), "--game", "aquawar"
    )
    assert code == 1
    text = " ".join(out.split())
    assert "verdict RE" in text
    assert "exit code 3" in text
    assert "cannot load my model file" in text


def test_unknown_game_is_bad_usage_exit_2() -> None:
    code, out, err = check("python bot.py", "--game", "chess")
    assert code == 2
    assert "unknown game 'chess'" in err
    assert "aquawar" in err
    assert out == ""


def test_command_that_cannot_start_is_bad_usage_exit_2(tmp_path: Path) -> None:
    code, _, err = check(str(tmp_path / "no-such-bot"), "--game", "aquawar")
    assert code == 2
    assert "cannot start bot" in err


def test_every_verdict_has_an_explanation_and_a_hint() -> None:
    spec = get_game("aquawar")
    for verdict in ("TLE", "RE", "IA", "BAD", "OLE", "MLE"):
        what, hint = botcheck.explain(verdict, "detail", spec, 3.0, 1024)
        assert "detail" in what and hint, verdict
    what, hint = botcheck.explain("TLE", "used up its CPU-time cap of 600 s", spec, 3.0, 1024)
    assert "CPU time" in what and "whole match" in hint
