"""The watchable live display of `sparring play`: the game's board, redrawn in place as the
match goes on, over the latest event lines, at a pace a person can follow.

It is used only when nobody plays at this terminal (a person's own prompts show that
seat's view instead), so the board may show every seat's view: the game's board hook
(`Display.board`) gets the spectator's view and each seat's own. A game without a board
hook is drawn from its spectator view's text. The lines are an `Onlooker`'s, so they
name what the events have shown (a hidden piece by name once it is revealed).
"""

from __future__ import annotations

from collections import deque
from types import TracebackType
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.panel import Panel
from rich.text import Text

from sparring.core.events import Event
from sparring.core.game import BoardFunction, GameSpec

from .common import Onlooker, Pace, Shown

#: The fewest and most event lines kept under the board; between them, what the terminal's
#: height leaves room for.
MIN_LINES = 4
MAX_LINES = 12
#: Rows the event panel needs beyond its lines (its border), plus one spare so the frame
#: never touches the terminal's last row (a terminal scrolls when it does).
PANEL_ROWS = 3
#: Columns the event panel takes beyond its lines (borders and padding).
PANEL_SIDES = 4


class LiveBoard:
    """The `on_events` hook drawing a match as a board updated in place (rich `Live`), with
    the latest event lines under it, pausing after each decision that showed something.
    Use it as a context manager around the match: leaving it keeps the last frame on the
    screen."""

    def __init__(self, spec: GameSpec, console: Console, pace: Pace) -> None:
        self._spec = spec
        self._console = console
        self._pace = pace
        loader = spec.display.board
        self._board: BoardFunction | None = None if loader is None else loader()
        self._onlooker = Onlooker(spec, reveal=True)
        self._lines: deque[Shown] = deque(maxlen=MAX_LINES)
        self._live = Live(console=console, auto_refresh=False, redirect_stdout=False)
        self._drawn = False

    def __enter__(self) -> LiveBoard:
        self._live.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._live.stop()

    def __call__(self, state: Any, events: list[Event]) -> None:
        shown = self._onlooker.read(state, events)
        if not shown and self._drawn:
            return  # nothing an onlooker is shown happened: no new frame, no pause
        self._lines.extend(shown)
        self._live.update(self.frame(state), refresh=True)
        self._drawn = True
        if shown:
            self._pace.wait()

    def frame(self, state: Any) -> RenderableType:
        """The board of `state` over as many of the latest event lines as fit."""
        board = self.board(state)
        room = self._console.size.height - self._height(board) - PANEL_ROWS
        text = Text()
        for index, line in enumerate(self._latest(max(MIN_LINES, min(MAX_LINES, room)))):
            text.append(("\n" if index else "") + line.text, style=line.style)
        return Group(board, Panel(text, title="events", title_align="left"))

    def _latest(self, rows: int) -> list[Shown]:
        """The latest lines that fill at most `rows` terminal rows once wrapped in the
        panel (the newest always, however long)."""
        width = self._console.size.width - PANEL_SIDES
        chosen: list[Shown] = []
        used = 0
        for line in reversed(self._lines):
            height = len(Text(line.text).wrap(self._console, width))
            if chosen and used + height > rows:
                break
            chosen.append(line)
            used += height
        return chosen[::-1]

    def board(self, state: Any) -> RenderableType:
        """The game's board for `state`: its board hook with every seat's view (nobody plays
        here), or else the spectator view's text."""
        spec = self._spec
        spectator = spec.view(state, None)
        if self._board is None:
            return Text.from_ansi(spec.render_view(spectator))
        seats = [spec.view(state, seat) for seat in range(state.num_players)]
        drawn = self._board(spectator, seats)
        return Text.from_ansi(drawn) if isinstance(drawn, str) else drawn

    def _height(self, renderable: RenderableType) -> int:
        return len(self._console.render_lines(renderable, self._console.options, pad=False))
