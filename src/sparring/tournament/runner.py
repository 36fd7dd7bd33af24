"""The driver of a tournament: schedules rounds, keeps the pool busy, records each result.

    settings ─► schedule (stored) ─► tasks ─► pool (workers play) ─► reports ─► store
                      ▲                                                         │
                      └──────── standings (swiss: the next round) ◄─────────────┘

Only this process writes to the store: every game that finished while it was busy, in one
transaction (`records.record`), so a kill at any moment loses at most games not yet
recorded, which are played again on resume. A worker that dies mid-game breaks a local pool: it is
replaced and every game that was out is handed out again; a game that keeps killing its
workers stops the tournament with a message rather than looping.

The end of a round is kept short: when the dispatcher knows how many games are left, its
chunks shrink as the round runs out (`Dispatcher._chunk_for`), so no worker sits idle while
another plays a last long chunk, and once every game is out each report is recorded as it
arrives, so the last batch recorded after the last game is one chunk's, not a tenth of a
second's.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from concurrent.futures.process import BrokenProcessPool

from sparring.core.errors import BadInput

from . import schedule as plan
from .play import GameFailed, GameReport, GameTask
from .pool import Pool
from .records import GameRecord, Result, Tournament, TournamentStore
from .standings import entrant_points, tables_met

#: How many times the games out when a worker died are handed out again before giving up.
WORKER_DEATHS_PER_GAME = 3
#: Finished games wait at most this long to be recorded together with the next ones: one
#: disk sync per batch instead of per game (a kill loses at most these, played again).
RECORD_SECONDS = 0.1
#: Chunks kept out per worker, so a worker finishing one finds the next waiting even while
#: the driver is busy recording.
TASKS_PER_WORKER = 3
#: A chunk of games handed to a worker at once should take about this long ...
CHUNK_SECONDS = 0.05
#: ... and hold at most this many games.
MAX_CHUNK = 128

Recorded = Callable[[GameRecord], None]
#: Games handed out together, each with what was handed out for it.
Chunk = list[tuple[GameRecord, GameTask]]


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
        seat_defaults=settings.seat_defaults,
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
        self._chunk = 1  # games per chunk, until games have been timed

    def play(
        self,
        games: Iterable[tuple[GameRecord, GameTask]],
        enough_after: Callable[[GameRecord], bool] | None = None,
        *,
        total: int | None = None,
    ) -> None:
        """Play `games` (pulled lazily, a few chunks per worker ahead) until they run out or
        `enough_after(game)` — asked of each finished game in turn, before it is recorded —
        says no more are wanted: that game is the last recorded, and games finished after
        it, still out or not yet handed out stay unplayed. Finished games are recorded
        together at most every `RECORD_SECONDS` (all at once when nothing else is out), so
        cheap games cost one disk sync per batch. Told how many `games` there are
        (`total`), it ends the round in shorter chunks and records the last games out as
        they arrive (see the module docstring)."""
        left = total
        waiting: Iterator[tuple[GameRecord, GameTask]] = iter(games)
        out: dict[Future[list[GameReport]], Chunk] = {}
        finished: list[tuple[GameRecord, GameReport]] = []
        deaths: Counter[int] = Counter()
        recorded_at = time.monotonic()
        while True:
            while left != 0 and _games(out) < self._pool.workers * TASKS_PER_WORKER * self._chunk:
                chunk = list(itertools.islice(waiting, self._chunk_for(left)))
                if not chunk:
                    left = 0
                    break
                out[self._pool.submit([task for _, task in chunk])] = chunk
                if left is not None:
                    left -= len(chunk)
            if not out and not finished:
                return
            lost: Chunk = []
            if out:
                timeout = self._until_due(recorded_at, left, _games(out)) if finished else None
                done, _ = wait(out, timeout=timeout, return_when=FIRST_COMPLETED)
                arrived = len(finished)
                for future in [future for future in out if future in done]:  # handed-out order
                    chunk = out.pop(future)
                    try:
                        reports = future.result()
                    except BrokenProcessPool:
                        lost += chunk
                        continue
                    except Exception as error:  # a bug where the game was played: say which
                        raise _failed_where_played(chunk, error) from error
                    finished += zip((game for game, _ in chunk), reports, strict=True)
                if len(finished) > arrived:  # size the next chunks as soon as games are timed
                    self._size_chunks([report for _, report in finished[arrived:]])
            if finished and (not out or self._until_due(recorded_at, left, _games(out)) == 0):
                wanted, ended = _until_enough(finished, enough_after)
                for recorded in self._record(wanted):
                    self._on_recorded(recorded)
                if ended:
                    self._pool.restart()  # abandon games out: nothing more is wanted of them
                    return
                finished, recorded_at = [], time.monotonic()
            if lost:  # every game still out went down with the pool
                out = self._hand_out_again([*lost, *itertools.chain(*out.values())], deaths)

    def _until_due(self, recorded_at: float, left: int | None, out: int) -> float:
        """Seconds until the games finished are due to be recorded: `RECORD_SECONDS` after
        the last batch, or at once near the round's end — every game handed out (`left` 0)
        and no more than a chunk per worker still `out` — so the last batch, recorded
        after the last game, is short."""
        if left == 0 and out <= self._pool.workers * self._chunk:
            return 0.0
        return max(0.0, recorded_at + RECORD_SECONDS - time.monotonic())

    def _chunk_for(self, left: int | None) -> int:
        """How many games the next chunk holds, `left` games still to hand out (None:
        unknown): the timed size, but no more than a share of what is left — a worker's
        share spread over the chunks it keeps out — so the round's last chunks are short
        and the workers finish together instead of one playing on alone (with chunks of a
        fixed `CHUNK_SECONDS` and `pool.CHUNKS_AHEAD` of them at each worker, one could
        still have a tenth of a second to play when the other ran out)."""
        if left is None:
            return self._chunk
        share = math.ceil(left / (self._pool.workers * TASKS_PER_WORKER))
        return max(1, min(self._chunk, share))

    def _size_chunks(self, reports: list[GameReport]) -> None:
        """Games per chunk from how long games took: enough for a chunk to last about
        `CHUNK_SECONDS`, so a trip to a worker costs little beside what it plays, and no
        more than `MAX_CHUNK`, so work stays spread over the workers."""
        per_game = max(sum(report.seconds for report in reports) / len(reports), 1e-6)
        self._chunk = max(1, min(MAX_CHUNK, round(CHUNK_SECONDS / per_game)))

    def _record(self, finished: list[tuple[GameRecord, GameReport]]) -> list[GameRecord]:
        """Store what the `finished` games became, in one transaction; the games as now
        recorded (a match id None where a game had been recorded already and this copy
        was dropped)."""
        results = [Result(game.id, report.match, report.returns) for game, report in finished]
        saved = self._store.record(results)
        return [
            GameRecord(
                game.id,
                game.slot,
                game.seed,
                game.seats,
                match_id,
                result.returns,
                tuple(result.match.verdict_list()),
            )
            for (game, _), result, match_id in zip(finished, results, saved, strict=True)
        ]

    def _hand_out_again(
        self, out: Chunk, deaths: Counter[int]
    ) -> dict[Future[list[GameReport]], Chunk]:
        """After a worker died: a fresh pool, and every game that was out handed out anew."""
        self._pool.restart()
        for game, _ in out:
            deaths[game.id] += 1
            if deaths[game.id] > WORKER_DEATHS_PER_GAME:
                raise BadInput(
                    f"workers died {deaths[game.id]} times while game {game.id} "
                    f"(seed {game.seed}) was being played; the games recorded so far are kept"
                )
        again: dict[Future[list[GameReport]], Chunk] = {}
        for start in range(0, len(out), self._chunk):
            chunk = out[start : start + self._chunk]
            again[self._pool.submit([task for _, task in chunk])] = chunk
        return again


def _games(out: dict[Future[list[GameReport]], Chunk]) -> int:
    """How many games the chunks `out` hold."""
    return sum(map(len, out.values()))


def _failed_where_played(chunk: Chunk, error: Exception) -> BadInput:
    """What stops a tournament whose chunk failed where it was played (a bug, not a
    worker's death): the game the error names (`GameFailed`), or else the chunk's first."""
    named = error.game_id if isinstance(error, GameFailed) else None
    game = next((game for game, _ in chunk if game.id == named), chunk[0][0])
    why = error if isinstance(error, GameFailed) else f"{type(error).__name__}: {error}"
    return BadInput(
        f"game {game.id} (seed {game.seed}) failed where it was played: {why}; "
        "the games recorded so far are kept"
    )


def _until_enough(
    finished: list[tuple[GameRecord, GameReport]],
    enough_after: Callable[[GameRecord], bool] | None,
) -> tuple[list[tuple[GameRecord, GameReport]], bool]:
    """The finished games up to and with the first after which `enough_after` wants no
    more, and whether it said so (else: all of them, and False)."""
    if enough_after is not None:
        for index, (game, report) in enumerate(finished):
            if enough_after(dataclasses.replace(game, returns=report.returns)):
                return finished[: index + 1], True
    return finished, False


def run_tournament(
    store: TournamentStore, tournament: Tournament, pool: Pool, on_recorded: Recorded
) -> None:
    """Play every game of `tournament` that is not recorded yet, round by round."""
    settings = tournament.settings
    dispatcher = Dispatcher(store, pool, on_recorded)
    for round_ in range(settings.rounds):
        fresh = schedule_round(store, tournament, round_)
        if fresh is not None:  # stored just now: nothing of it is played, no need to read it
            unplayed = sorted(fresh, key=lambda game: game.slot)
        else:
            unplayed = [
                game
                for game in store.games(tournament)
                if game.slot.round == round_ and not game.played
            ]
        work = ((game, task_of(tournament, game)) for game in unplayed)
        dispatcher.play(work, total=len(unplayed))


def schedule_round(
    store: TournamentStore, tournament: Tournament, round_: int
) -> list[GameRecord] | None:
    """Store round `round_`'s games if they are not stored yet: a round robin's or a
    gauntlet's whole schedule (it has one round), or a swiss round from the standings of
    the rounds before it. The round's games when this stored them all (a new round), None
    when any were stored before (a resumed tournament: the store says what is left)."""
    settings = tournament.settings
    entrants = len(settings.entrants)
    if settings.format == plan.SWISS:
        earlier = [game for game in store.games(tournament) if game.slot.round < round_]
        if any(game.slot.round == round_ for game in store.games(tournament)):
            return None
        tables = plan.swiss_tables(
            entrant_points(entrants, earlier), settings.players, tables_met(earlier)
        )
    else:
        tables = plan.fixed_tables(settings.format, entrants, settings.players)
    games = plan.games_of_tables(tables, round_, settings.sets, settings.orders, settings.seed)
    stored = store.schedule(tournament, games)
    return stored if len(stored) == len(games) else None


def sets_for(games: int, per_set: int) -> int:
    """Sets a pairing plays to play at least `games` games (whole sets only)."""
    return max(1, math.ceil(games / per_set))
