"""The boards' browser harness: a static server for the boards and the harness page,
frames built from a real engine state exactly as the web contract defines them, and a
headless chromium (Debian's) driven by Playwright.

The harness stands in for the server's client shell (docs/web-boards.md): the page
mounts a game's ``web/board.js`` with a hello message, takes frames pushed by the test,
and records every ``act`` reply, which the test turns back into an action with the bot
protocol's own reader (`arena.protocol.chosen_action`) and applies to the engine.
"""

from __future__ import annotations

import importlib.resources
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from sparring.arena.protocol import chosen_action, legal_json
from sparring.core.game import GameSpec

HARNESS_DIR = Path(__file__).parent
STATIC_DIR = Path(str(importlib.resources.files("sparring.web") / "static"))
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless=new",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LAPTOP = {"width": 1366, "height": 860}
PHONE = {"width": 390, "height": 844}


def board_folder(game: str) -> Path:
    """A game's web folder, found as the server finds it: ``web`` inside the package of the
    module that defines the game's spec (its entry point)."""
    (point,) = entry_points(group="sparring.games", name=game)
    package = point.module.rpartition(".")[0]
    return Path(str(importlib.resources.files(package) / "web"))


class _Handler(SimpleHTTPRequestHandler):
    """Serves /harness/* from this folder, /boards/<game>/* from the game's web folder and
    /static/* from the server's static folder (as the server does); nothing else."""

    def translate_path(self, path: str) -> str:
        parts = path.split("?", 1)[0].split("/")
        if len(parts) == 3 and parts[1] == "harness":
            return str(HARNESS_DIR / parts[2])
        if len(parts) == 4 and parts[1] == "boards":
            return str(board_folder(parts[2]) / parts[3])
        if len(parts) == 3 and parts[1] == "static":  # the pages' helpers boards import
            return str(STATIC_DIR / parts[2])
        return str(HARNESS_DIR / "missing")

    def log_message(self, format: str, *args: Any) -> None:  # keep the test output clean
        pass


@contextmanager
def static_server() -> Iterator[str]:
    """A loopback server for the harness page and the boards; yields its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(HARNESS_DIR)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium under Playwright, or the test is skipped where either is missing."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip("no chromium at /usr/bin/chromium")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def hello(spec: GameSpec, seat: int | None, players: int, options: Any) -> dict[str, Any]:
    """The hello message of the web contract, naming the board module the harness serves."""
    return {
        "type": "hello",
        "game": spec.name,
        "title": spec.title,
        "seat": seat,
        "players": players,
        "options": options.to_json(),
        "seat_names": [f"Seat {s}" for s in range(players)],
        "board": f"/boards/{spec.name}/board.js",
    }


def frame(spec: GameSpec, state: Any, seat: int | None, seq: int) -> dict[str, Any]:
    """The frame the server sends `seat` (None: a spectator) now: the seat's view and, if
    it is to move, its legal actions in the bot protocol's form and the game's previews of
    the selections they open (`GameSpec.previews_json`)."""
    to_move = [] if state.is_terminal() else list(state.to_move())
    legal = state.legal_actions(seat) if seat is not None and seat in to_move else None
    outcome = state.outcome()
    return {
        "type": "frame",
        "seq": seq,
        "decision": seq,
        "view": spec.view(state, seat).to_json(),
        "legal": None if legal is None else legal_json(legal),
        "legal_count": 0 if legal is None else len(legal),
        "previews": None if legal is None else spec.previews_json(state, seat, legal),
        "to_move": to_move,
        "clocks": [],
        "log": [],
        "finished": state.is_terminal(),
        "result": None if outcome is None else outcome.to_json(),
    }


class BoardPage:
    """One browser page with a board mounted, as a seat (or a spectator) of one game."""

    def __init__(self, page: Any, base: str, spec: GameSpec, seat: int | None, state: Any):
        self.page = page
        self.spec = spec
        self.seat = seat
        self.seq = 0
        page.goto(f"{base}/harness/index.html")
        page.wait_for_function("typeof window.startBoard === 'function'")
        page.evaluate(
            "hello => window.startBoard(hello)",
            hello(spec, seat, state.num_players, state.options),
        )

    def show(self, state: Any) -> dict[str, Any]:
        """Push the frame of `state` for this page's seat; returns it."""
        self.seq += 1
        sent = frame(self.spec, state, self.seat, self.seq)
        self.page.evaluate("f => window.pushFrame(f)", sent)
        return sent

    def replies(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate("window.acts"))

    def last_action(self, state: Any) -> Any:
        """The action the board's last reply names, read as the referee reads a bot's."""
        replies = self.replies()
        assert replies, "the board sent nothing"
        reply = dict(replies[-1])
        legal = state.legal_actions(self.seat)
        return chosen_action(self.spec, {"type": "action", **reply}, legal)
