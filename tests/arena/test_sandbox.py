"""The sandbox as an attacker meets it: a bot that spies on the referee's command line,
its live replay file, the store, its own folder and the network finds nothing — and the
same spy, unsandboxed, finds everything (so the spy works). Then what a newcomer meets:
no bubblewrap, no user namespaces, ``--no-sandbox``, ``python bot.py`` without an
activated venv, an unbalanced quote, a store the match could not be saved to.

`sparring match` runs in a subprocess, as a user runs it.
"""

from __future__ import annotations

import json
import os
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from sparring.arena import sandbox
from sparring.arena.process import Limits
from sparring.arena.store import Store

ROOT = Path(__file__).resolve().parents[2]
BOTS = Path(__file__).parent / "bots"
SECRET_SEED = "987654321"
EXAMPLE = "python examples/bots/aquawar_bot.py"


def sparring(
    cwd: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=env,
    )


def spy_report(tmp_path: Path, *flags: str) -> dict[str, str]:
    """Run the spy against the built-in random agent, with a secret seed, a live replay
    file and a store in the referee's folder; what it saw, by name."""
    replay, store = tmp_path / "live.jsonl", tmp_path / "sparring.db"
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        spy = shlex.join(
            [
                sys.executable,
                str(BOTS / "spy.py"),
                "tag",
                SECRET_SEED[::-1],
                str(replay),
                str(store),
            ]
        )
        result = sparring(
            tmp_path,
            "match", "aquawar", "--seat", f"{spy} {port}", "--seat", "builtin:random",
            "--seed", SECRET_SEED, "--replay", str(replay), "--db", f"sqlite:///{store}",
            "--quiet", *flags,
        )  # fmt: skip
    assert result.returncode == 0, result.stderr
    verdict = json.loads(result.stdout)["verdicts"][0]
    assert verdict["verdict"] == "RE", verdict
    report = verdict["detail"].split("spy: ")[1]
    return dict(item.split("=") for item in report.split())


@pytest.mark.slow
def test_a_sandboxed_bot_sees_nothing_of_the_referee(tmp_path: Path) -> None:
    assert spy_report(tmp_path) == {
        "seed": "no",  # no other process's command line: the referee is not in its /proc
        "replay": "no",  # the live replay file is not in its file system
        "store": "no",  # nor the store, by its path or in the working directory
        "network": "no",  # no network at all
        "own_folder": "no",  # its own folder is read-only
        "tmp": "yes",  # a private /tmp is its scratch space
    }


@pytest.mark.slow
def test_an_unsandboxed_spy_sees_everything(tmp_path: Path) -> None:
    """The control: the spy does find each thing where it is not walled off."""
    seen = spy_report(tmp_path, "--no-sandbox")
    assert seen == {name: "yes" for name in seen}


# ---------------------------------------------------------------------- what is shown


def test_the_program_folder_is_the_scripts_or_the_programs(tmp_path: Path) -> None:
    script = tmp_path / "bots" / "bot.py"
    script.parent.mkdir()
    script.write_text("")
    assert sandbox.program_folder(["python", "-u", "bots/bot.py", "3"], tmp_path) == script
    assert sandbox.program_folder(["python", str(script)], Path("/")) == script
    assert sandbox.program_folder(["bots/bot.py", "--depth", "3"], tmp_path) == script
    assert sandbox.program_folder(["python", "-m", "mybot"], tmp_path) is None
    assert sandbox.program_folder(["sh", "-c", "python bots/bot.py"], tmp_path) is None


def test_the_referees_folder_is_never_shown_whole(tmp_path: Path) -> None:
    """A bot kept in the referee's working directory (or above it) shows only its own
    file: the folder would show the store and the replays."""
    bot = tmp_path / "bot.py"
    bot.write_text("")
    program = Path(sys.executable)
    shown = sandbox.read_only_paths(["python", "bot.py"], tmp_path, program)
    assert bot in shown
    assert not any(path == tmp_path or path in tmp_path.parents for path in shown), shown
    nested = tmp_path / "run"
    nested.mkdir()
    shown = sandbox.read_only_paths(["python", str(bot)], nested, program)
    assert bot in shown and tmp_path not in shown


def test_bots_find_the_referees_own_python_first_on_their_path() -> None:
    assert sandbox.bot_path().split(os.pathsep)[0] == str(Path(sys.executable).parent)


@pytest.mark.slow
def test_python_bots_run_without_an_activated_venv(tmp_path: Path) -> None:
    """The README's example as written, with no virtual environment on PATH: `python`
    must be the referee's own Python (which has sparring), sandboxed or not."""
    plain = {**os.environ, "PATH": "/usr/bin:/bin"}
    # A clock no loaded machine turns into a TLE: this tests PATH, not speed.
    for flags in ([], ["--no-sandbox"]):
        result = sparring(
            ROOT, "match", "aquawar", "--seat", EXAMPLE, "--seat", "builtin:random",
            "--seed", "3", "--quiet", "--time-limit", "20", *flags, env=plain,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["verdicts"] == [], result.stdout


# ---------------------------------------------------------------------- where it cannot start


@pytest.mark.slow
def test_without_bubblewrap_the_referee_refuses_in_one_line(tmp_path: Path) -> None:
    bare = {**os.environ, "PATH": str(tmp_path)}  # no bwrap on it
    result = sparring(
        ROOT, "match", "aquawar", "--seat", EXAMPLE, "--seat", "builtin:random", env=bare
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "bubblewrap" in lines[0] and "apt-get install bubblewrap" in lines[0]
    assert "--no-sandbox" in lines[0]
    assert result.stdout == ""
    checked = sparring(ROOT, "bot", "check", EXAMPLE, "--game", "aquawar", env=bare)
    assert checked.returncode == 2 and "apt-get install bubblewrap" in checked.stderr


@pytest.mark.slow
def test_without_user_namespaces_the_referee_refuses_naming_the_fix(tmp_path: Path) -> None:
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{tmp_path}:/usr/bin:/bin"}
    result = sparring(
        ROOT, "match", "aquawar", "--seat", EXAMPLE, "--seat", "builtin:random", env=env
    )
    assert result.returncode == 2
    assert "cannot create namespaces here (bwrap: No permissions" in result.stderr
    assert "--no-sandbox" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_no_sandbox_runs_bots_as_before_with_a_warning(tmp_path: Path) -> None:
    bare = {**os.environ, "PATH": str(tmp_path)}  # no bwrap: --no-sandbox needs none
    result = sparring(
        ROOT, "match", "aquawar", "--seat", EXAMPLE, "--seat", "builtin:random",
        "--quiet", "--no-sandbox", env=bare,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["verdicts"] == []
    assert "warning: --no-sandbox: bots run unisolated" in result.stderr


@pytest.mark.slow
def test_builtin_agents_need_no_sandbox(tmp_path: Path) -> None:
    bare = {**os.environ, "PATH": str(tmp_path)}
    result = sparring(
        tmp_path, "match", "aquawar", "--seat", "builtin:random", "--seat", "builtin:greedy",
        "--quiet", env=bare,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr


# ---------------------------------------------------------------------- unreadable input


@pytest.mark.slow
@pytest.mark.parametrize("command", ['python "bot.py', "python bot.py\\"])
def test_an_unparsable_bot_command_is_one_line_not_a_traceback(
    tmp_path: Path, command: str
) -> None:
    result = sparring(tmp_path, "match", "aquawar", "--seat", command, "--seat", "builtin:random")
    assert result.returncode == 2
    assert result.stderr.startswith("error: cannot read the bot command")
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    checked = sparring(tmp_path, "bot", "check", command, "--game", "aquawar")
    assert checked.returncode == 2 and "cannot read the bot command" in checked.stderr
    assert "Traceback" not in checked.stderr + checked.stdout


@pytest.mark.slow
@pytest.mark.parametrize("broken", ["no file", "read-only"])
def test_a_store_the_match_could_not_be_saved_to_is_refused_before_any_bot_starts(
    tmp_path: Path, broken: str
) -> None:
    """The bot here would fail at once if it ever started (its script does not exist),
    so an error about the store proves the store was checked first."""
    if broken == "no file":
        url, reason = "sqlite:///", "names no database file"
    else:
        Store(f"sqlite:///{tmp_path / 'old.db'}").close()
        url, reason = f"sqlite:///file:{tmp_path / 'old.db'}?mode=ro&uri=true", "readonly"
    result = sparring(
        tmp_path, "match", "aquawar", "--seat", "python missing.py", "--seat",
        "builtin:random", "--db", url,
    )  # fmt: skip
    assert result.returncode == 2, result.stdout
    assert reason in result.stderr and result.stderr.startswith("error:")
    assert result.stdout == ""


def test_limits_sandbox_bots_unless_told_otherwise() -> None:
    assert Limits().sandbox
