"""The hard edges a newcomer hits first: `sparring --version`, a scenario file that is not
UTF-8, the README's deck example, and being told how to see a saved match again."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
    )


def test_version_prints_the_installed_version_and_exits_0() -> None:
    result = run("--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"sparring {version('sparring')}\n"


def test_a_scenario_file_that_is_not_utf8_is_one_clear_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('game = "aquawar"\n# café au lait\n'.encode("latin-1"))
    result = run("scenario", "run", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        f"error: {path}: not UTF-8 text (line 2 has the byte 0xe9); save the file as UTF-8"
    ]


def test_among_several_files_one_not_utf8_is_reported_and_the_rest_still_run(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(b'game = "aquawar"\n# caf\xe9\n')
    result = run("scenario", "run", str(bad), str(ROOT / "tests/scenarios/aquawar"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"BAD  {bad}: not UTF-8 text" in result.stdout
    assert re.search(r"[1-9]\d* passed, 0 failed, 1 unreadable", result.stdout)


def _readme_command(flag: str) -> list[str]:
    """The README's example command using `flag` (continued lines joined), split as a shell
    would, without its comment."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8").replace("\\\n", " ")
    line = next(line for line in readme.splitlines() if flag in line)
    command = shlex.split(line, comments=True)
    assert command[0] == "sparring"
    return command[1:]


def test_the_readme_deck_example_plays_a_shipped_deck_as_written() -> None:
    args = _readme_command("--deck0")
    deck = Path(args[args.index("--deck0") + 1])
    assert (ROOT / deck).is_file() and deck.parts[0] == "examples"
    assert run("deck", "check", str(deck)).returncode == 0
    result = run(*args, "--seed", "3")  # saved to the test's own store (conftest)
    assert result.returncode == 0, result.stderr
    assert "Winner: " in result.stdout


def test_after_a_match_it_says_how_to_see_it_again_and_that_command_works(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'mine.db'}"
    played = run(
        "match", "aquawar", "--seat", "builtin:greedy", "--seat", "builtin:random",
        "--seed", "2", "--db", db,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    hint = played.stdout.splitlines()[-1]
    assert hint == f"See it again with: sparring matches show 1 --db {db}"
    shown = run(*shlex.split(hint.split(": ", 1)[1])[1:])
    assert shown.returncode == 0, shown.stderr
    assert "match 1 in" in shown.stdout and "seed      2" in shown.stdout
    # the full replay read in order names every fish by species, never by position
    assert re.search(r"seat \d's [A-Z][a-z]+.* takes \d+", shown.stdout)
    assert not re.search(r"fish \d", shown.stdout)
