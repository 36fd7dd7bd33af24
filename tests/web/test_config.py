"""The server's configuration file, and `sparring serve`'s refusals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sparring.core.errors import BadInput
from sparring.web.config import ServerConfig, load_config


def test_no_file_means_no_bots_and_the_sandbox(tmp_path: Path) -> None:
    assert load_config(None) == ServerConfig(bots={}, sandbox=True, memory_mib=1024)


def test_bots_and_sandbox_are_read(tmp_path: Path) -> None:
    path = tmp_path / "server.toml"
    path.write_text(
        '[bots]\nmine = "python bot.py"\n[sandbox]\nenabled = false\nmemory_mib = 256\n'
    )
    assert load_config(path) == ServerConfig({"mine": "python bot.py"}, False, 256)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[bots\n", "not valid TOML"),
        ("[players]\n", "unknown sections"),
        ("[bots]\nmine = 3\n", "seat descriptions"),
        ('[bots]\nmine = ""\n', "seat descriptions"),
        ("[sandbox]\nenabled = 1\n", "true or false"),
        ("[sandbox]\nmemory_mib = 8\n", "at least 16"),
    ],
)
def test_a_bad_file_is_refused_with_the_reason(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "server.toml"
    path.write_text(text)
    with pytest.raises(BadInput, match=says):
        load_config(path)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="cannot read config"):
        load_config(tmp_path / "none.toml")


@pytest.mark.parametrize(
    ("flags", "says"),
    [(["--pace", "-1"], "--pace must be"), (["--port", "0"], "--port must be")],
)
def test_serve_refuses_bad_flags_in_one_line(flags: list[str], says: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from sparring.cli import main; main()", "serve", *flags],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and says in done.stderr and "Traceback" not in done.stderr
