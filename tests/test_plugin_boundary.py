"""A game is a plug-in: nothing in the platform's core, arena, command line or web server
names one.

Every registered game's name and title (and the names of their seat kinds) are searched
for, case-insensitively, in every file under `src/sparring/core`, `arena`, `cli` and `web`
— code, comments and docstrings alike, since a docstring that explains a rule by one
game's example is the first step to code that special-cases it. Under `web` that includes
the client's static files (pages, scripts, styles): a game's board lives in the game's
own folder, never in the shell.
"""

from __future__ import annotations

import re
from pathlib import Path

from sparring.core.registry import all_games

PLATFORM = Path(__file__).resolve().parents[1] / "src" / "sparring"
LAYERS = ("core", "arena", "cli", "web")
#: The files searched: Python everywhere, and the web client's pages, scripts and styles.
SEARCHED = ("*.py", "*.js", "*.html", "*.css")


def _forbidden_words() -> set[str]:
    words: set[str] = set()
    for spec in all_games():
        words.add(spec.name)
        words.add(spec.title)
        words.update(spec.extensions.seat_kinds)
    return {word.lower() for word in words}


def _files(layer: str) -> list[Path]:
    return sorted(path for pattern in SEARCHED for path in (PLATFORM / layer).rglob(pattern))


def test_no_game_is_named_in_core_arena_cli_or_web() -> None:
    words = _forbidden_words()
    pattern = re.compile("|".join(re.escape(word) for word in sorted(words)), re.IGNORECASE)
    offenders = []
    for layer in LAYERS:
        for path in _files(layer):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    offenders.append(f"{path.relative_to(PLATFORM)}:{number}: {line.strip()}")
    assert not offenders, "game names outside the games' folders:\n" + "\n".join(offenders)


def test_the_web_client_is_searched_too() -> None:
    """The gate covers the client shell: its generic board is among the files read."""
    assert PLATFORM / "web" / "static" / "generic-board.js" in _files("web")


def test_the_search_would_find_a_game_name() -> None:
    """The gate bites: each forbidden word is found in a line that contains it."""
    words = _forbidden_words()
    assert {"aquawar", "warfish", "saiblo", "5×5 tactics"} <= words
    pattern = re.compile("|".join(re.escape(word) for word in sorted(words)), re.IGNORECASE)
    assert pattern.search("# e.g. Aquawar picks")
    assert not pattern.search("# a team picked from a roster")
