"""Where a game's board lives: the ``web`` folder beside the module that defines its spec
(``src/sparring/games/<game>/web/board.js``, or the same in a plug-in's package). A game
without one is played on the generic board, which shows any view and any legal actions."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path

from sparring.core.registry import GROUP

GENERIC_BOARD = "/static/generic-board.js"
BOARD_MODULE = "board.js"
#: A page of the game's own beside its board (a card browser, a deck builder…), which the
#: lobby links to.
GAME_PAGE = "page.html"


@cache
def board_folder(game: str) -> Path | None:
    """The game's ``web`` folder, if its package has one."""
    for point in entry_points(group=GROUP):
        if point.name.strip().lower() != game:
            continue
        package = import_module(point.module).__package__
        if not package:
            return None
        folder = Path(str(import_module(package).__path__[0])) / "web"
        return folder if folder.is_dir() else None
    return None


def board_url(game: str) -> str:
    """The URL of the board module a table of `game` imports."""
    folder = board_folder(game)
    if folder is not None and (folder / BOARD_MODULE).is_file():
        return f"/boards/{game}/{BOARD_MODULE}"
    return GENERIC_BOARD


def game_page_url(game: str) -> str | None:
    """The URL of the game's own page, if its board folder has one."""
    folder = board_folder(game)
    if folder is not None and (folder / GAME_PAGE).is_file():
        return f"/boards/{game}/{GAME_PAGE}"
    return None


def board_file(game: str, name: str) -> Path | None:
    """The file `name` of the game's board folder, or None: nothing outside the folder
    (no ``..``, no absolute path, no hidden file) is ever served."""
    folder = board_folder(game)
    if folder is None:
        return None
    parts = Path(name).parts
    if not parts or any(part in ("..", "") or part.startswith((".", "/")) for part in parts):
        return None
    path = (folder / name).resolve()
    if not path.is_file() or folder.resolve() not in path.parents:
        return None
    return path
