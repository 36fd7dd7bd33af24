"""The driver of a tournament: schedules rounds, keeps the pool busy, records each result.

    settings ─► schedule (stored) ─► tasks ─► pool (workers play) ─► reports ─► store
                      ▲                                                         │
                      └──────── standings (swiss: the next round) ◄─────────────┘

Only this process writes to the store, one finished game at a time (`records.record`), so
a kill at any moment loses at most the games being played, which were never recorded and
are played again on resume. A worker that dies mid-game breaks a local pool: it is
replaced and every game that was out is handed out again; a game that keeps killing its
workers stops the tournament with a message rather than looping.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from concurrent.futures.process import BrokenProcessPool

from sparring.arena.store import MatchRecord
from sparring.core.errors import BadInput

from . import schedule as plan
from .play import GameReport, GameTask
from .pool import Pool
from .records import GameRecord, Tournament, TournamentStore
from .standings import entrant_points, tables_met

#: How many times the games out when a worker died are handed out again before giving up.
WORKER_DEATHS_PER_GAME = 3
#: Tasks kept out per worker, so a worker finishing a game finds the next one waiting.
TASKS_PER_WORKER = 2

Recorded = Callable[[GameRecord], None]


def task_of(tournament: Tournament, game: GameRecord) -> GameTask:
    """What a worker needs to play `game` of `tournament`."""
    settings = tournament.settings
    return GameTask(
        game_id=game.id,
        game=settings.game,
        options=settings.options,
        seed=game.seed,
        seats=tuple(settings.entrants[entrant].seat for entrant in game.seats),
        time_limit=settings.time_limit,
        memory_mib=settings.memory_mib,
        sandbox=settings.sandbox,
    )


def games_per_table(tournament: Tournament) -> int:
    settings = tournament.settings
    return settings.sets * plan.orders_per_set(settings.players, settings.orders)


def planned_games(tournament: Tournament) -> int:
    """How many games the whole tournament plays (a swiss round has as many tables as
    whole tables fit; the rest sit out)."""
    settings = tournament.settings
    entrants, players = len(settings.entrants), settings.players
    if settings.format == plan.SWISS:
        tables = settings.rounds * (entrants // players)
    else:
        tables = len(plan.fixed_tables(settings.format, entrants, players))
    return tables * games_per_table(tournament)


class Dispatcher:
    """Plays tasks on a pool and records each report as it arrives (see the module
    docstring); `on_recorded(game)` follows each record, with the game as recorded."""

    def __init__(self, store: TournamentStore, pool: Pool, on_recorded: Recorded) -> None:
        self._store = store
        self._pool = pool
        self._on_recorded = on_recorded

    def play(
        self,
        games: Iterable[tuple[GameRecord, GameTask]],
        stop: Callable[[], bool] = lambda: False,
    ) -> None:
        """Play `games` (pulled lazily, a few per worker ahead) until they run out or
        `stop()` says enough after a record; games not yet handed out then stay unplayed."""
        waiting: Iterator[tuple[GameRecord, GameTask]] = iter(games)
        out: dict[Future[GameReport], tuple[GameRecord, GameTask]] = {}
        deaths: Counter[int] = Counter()
        room = self._pool.workers * TASKS_PER_WORKER
        stopped = False
        while True:
            while not stopped and len(out) < room:
                item = next(waiting, None)
                if item is None:
                    break
                out[self._pool.submit(item[1])] = item
            if not out:
                return
            done, _ = wait(out, return_when=FIRST_COMPLETED)
            lost = {}
            for future in done:
                if stopped:  # nothing after the record that said enough: it decided
                    break
                game, task = out.pop(future)
                try:
                    report = future.result()
                except BrokenProcessPool:
                    lost[future] = (game, task)
                    continue
                self._on_recorded(self._record(game, report))
                stopped = stopped or stop()
            if stopped:
                self._pool.restart()  # abandon games out: nothing more is wanted of them
                return
            if lost:  # every game still out went down with the pool
                out = self._hand_out_again({**lost, **out}, deaths)

    def _record(self, game: GameRecord, report: GameReport) -> GameRecord:
        """Store what `game` became; the game as now recorded (its match id None when it
        had been recorded already, and this copy was dropped)."""
        match = MatchRecord.from_replay(report.replay)
        match_id = self._store.record(game.id, match, report.returns)
        return dataclasses.replace(
            game, match_id=match_id, returns=report.returns, verdicts=tuple(match.verdicts)
        )

    def _hand_out_again(
        self,
        out: dict[Future[GameReport], tuple[GameRecord, GameTask]],
        deaths: Counter[int],
    ) -> dict[Future[GameReport], tuple[GameRecord, GameTask]]:
        """After a worker died: a fresh pool, and every game that was out handed out anew."""
        self._pool.restart()
        again = {}
        for game, task in out.values():
            deaths[game.id] += 1
            if deaths[game.id] > WORKER_DEATHS_PER_GAME:
                raise BadInput(
                    f"workers died {WORKER_DEATHS_PER_GAME} times while game {game.id} "
                    f"(seed {game.seed}) was being played; the games recorded so far are kept"
                )
            again[self._pool.submit(task)] = (game, task)
        return again


def run_tournament(
    store: TournamentStore, tournament: Tournament, pool: Pool, on_recorded: Recorded
) -> None:
    """Play every game of `tournament` that is not recorded yet, round by round."""
    settings = tournament.settings
    dispatcher = Dispatcher(store, pool, on_recorded)
    for round_ in range(settings.rounds):
        schedule_round(store, tournament, round_)
        unplayed = [
            game
            for game in store.games(tournament)
            if game.slot.round == round_ and not game.played
        ]
        dispatcher.play((game, task_of(tournament, game)) for game in unplayed)


def schedule_round(store: TournamentStore, tournament: Tournament, round_: int) -> None:
    """Store round `round_`'s games if they are not stored yet: a round robin's or a
    gauntlet's whole schedule (it has one round), or a swiss round from the standings of
    the rounds before it."""
    settings = tournament.settings
    entrants = len(settings.entrants)
    if settings.format == plan.SWISS:
        earlier = [game for game in store.games(tournament) if game.slot.round < round_]
        if any(game.slot.round == round_ for game in store.games(tournament)):
            return
        tables = plan.swiss_tables(
            entrant_points(entrants, earlier), settings.players, tables_met(earlier)
        )
    else:
        tables = plan.fixed_tables(settings.format, entrants, settings.players)
    games = plan.games_of_tables(tables, round_, settings.sets, settings.orders, settings.seed)
    store.schedule(tournament, games)


def sets_for(games: int, per_set: int) -> int:
    """Sets a pairing plays to play at least `games` games (whole sets only)."""
    return max(1, math.ceil(games / per_set))
