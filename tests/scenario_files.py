"""Scenario files written on the fly, for the tests of the scenario runner and of each
game's plug-in: write one, expect it refused as malformed, or expect it to fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from sparring.core.errors import BadInput
from sparring.core.scenario import load, run_file


def write(tmp_path: Path, text: str, name: str = "case.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def bad(tmp_path: Path, text: str) -> str:
    """The one-line error, naming the file, for a malformed scenario."""
    path = write(tmp_path, text)
    with pytest.raises(BadInput) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(str(path)) and "\n" not in message
    return message


def failure(tmp_path: Path, text: str) -> str:
    """The one-line report of a well-formed scenario whose expectation does not hold."""
    outcome = run_file(write(tmp_path, text))
    assert outcome.status == "fail", outcome
    assert "\n" not in outcome.message
    return outcome.message
