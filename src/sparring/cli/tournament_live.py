"""The console of a running tournament: a progress bar with its ETA over a leaderboard that
refreshes as games finish (at most a few times a second, so a fast tournament spends its
time playing, not drawing)."""

from __future__ import annotations

import time
from types import TracebackType

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from sparring.tournament.records import GameRecord, Tournament
from sparring.tournament.standings import standings

from .tournament_report import leaderboard_table

REFRESH_SECONDS = 0.5


class TournamentBoard:
    """Shows `tournament` being played; `recorded` is the runner's callback. `games` are the
    tournament's games so far (played or not), kept current here as results come in."""

    def __init__(
        self, console: Console, tournament: Tournament, games: list[GameRecord], total: int
    ) -> None:
        self._tournament = tournament
        self._games = {game.id: game for game in games}
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
        )
        done = sum(game.played for game in games)
        self._task = self._progress.add_task(tournament.name, total=total, completed=done)
        # Transient: once over, the board gives way to the full report.
        self._live = Live(self._render(), console=console, auto_refresh=False, transient=True)
        self._drawn = 0.0

    def __enter__(self) -> TournamentBoard:
        self._live.__enter__()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._live.__exit__(kind, error, trace)

    def recorded(self, game: GameRecord) -> None:
        self._progress.advance(self._task)
        self._games[game.id] = game
        now = time.monotonic()
        if now - self._drawn >= REFRESH_SECONDS:
            self._drawn = now
            self._live.update(self._render(), refresh=True)

    def _render(self) -> Group:
        games = sorted(self._games.values(), key=lambda game: game.slot)  # the store's order
        done = sum(game.played for game in games)
        lines = standings(self._tournament.settings, games)
        return Group(self._progress, leaderboard_table(self._tournament, lines, done))
