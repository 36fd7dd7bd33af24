"""Every registered game ships a rules summary for a model in its own package
(``rules_summary.md`` beside its spec module), and the LLM seat's system prompt carries it
— also where sparring runs installed, with no docs/ folder anywhere near it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import sparring
from sparring.core.registry import game_names, get_game
from sparring.llm.rules import SUMMARY_FILE, rules_summary, summary_path
from sparring.llm.seat import system_prompt

from .chat_server import Step, chat_server, first_action

#: "A few thousand characters at most": the summary rides in every request's system prompt.
MOST_CHARACTERS = 4000


@pytest.mark.parametrize("game", game_names())
def test_every_game_ships_a_compact_summary_that_the_prompt_carries(game: str) -> None:
    spec = get_game(game)
    path = summary_path(spec)
    assert path is not None and path.is_file(), f"{game} ships no {SUMMARY_FILE}"
    assert path.parent.name == game and path.parent.parent.name == "games"
    text = path.read_text(encoding="utf-8").strip()
    assert 1000 < len(text) <= MOST_CHARACTERS
    assert spec.title in text  # it says which game it is
    assert "\nHidden:" in text  # and what a seat cannot see
    assert rules_summary(spec) == text
    assert text in system_prompt(spec, 0, 2)


def test_a_spec_registered_nowhere_gives_its_title() -> None:
    from dataclasses import replace

    spec = replace(get_game(game_names()[0]), name="unregistered")
    assert summary_path(spec) is None
    assert rules_summary(spec) == f"{spec.title}: follow the legal actions you are offered."


def test_an_installed_copy_without_docs_gives_the_model_the_summary(tmp_path: Path) -> None:
    """sparring copied alone into a folder (as a wheel installs it: the package, no docs/)
    and run from there: the model's system prompt holds the shipped summary."""
    site = tmp_path / "site"
    source = Path(sparring.__file__).parent
    shutil.copytree(source, site / "sparring", ignore=shutil.ignore_patterns("__pycache__"))
    assert not any(parent.joinpath("docs").exists() for parent in site.parents)
    game = "liarsdice"
    expected = (site / "sparring" / "games" / game / SUMMARY_FILE).read_text().strip()
    with chat_server(Step(first_action)) as (url, script):
        command = [
            "match", game, "--seat", "llm:m", "--llm-url", url, "--seat", "builtin:random",
            "--seed", "2", "--db", f"sqlite:///{tmp_path / 'm.db'}", "--quiet",
        ]  # fmt: skip
        program = (
            "import sys, sparring; from sparring.cli import main; "
            f"assert sparring.__file__.startswith({str(site)!r}), sparring.__file__; "
            "sys.argv = ['sparring', *sys.argv[1:]]; main()"
        )
        finished = subprocess.run(
            [sys.executable, "-c", program, *command],
            env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert finished.returncode == 0, finished.stderr
    assert json.loads(finished.stdout.splitlines()[-1])["verdicts"] == []
    system = script.requests[0]["messages"][0]["content"]
    assert system.endswith(f"Rules summary:\n{expected}")
