"""The driver: games handed out a few per worker ahead, each result recorded once, a broken
pool replaced with every game that was out handed out again, a game that keeps killing
its workers given up on, and every format playing exactly the games it planned."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from sqlalchemy import select

from sparring.arena.store import MatchRow
from sparring.core.digest import sha256_hex
from sparring.core.errors import BadInput
from sparring.core.registry import get_game
from sparring.core.replay import parse_written_replay, verify_replay
from sparring.tournament import runner
from sparring.tournament import schedule as plan
from sparring.tournament.play import GameFailed, GameReport, GameTask
from sparring.tournament.pool import LocalPool
from sparring.tournament.records import Entrant, GameRecord, Tournament, TournamentStore
from sparring.tournament.runner import (
    CHUNK_SECONDS,
    TASKS_PER_WORKER,
    WORKER_DEATHS_PER_GAME,
    Dispatcher,
    planned_games,
    run_tournament,
    schedule_round,
    task_of,
)
from sparring.tournament.standings import entrant_points, tables_met

from .support import (
    FAST_GAME,
    InlinePool,
    ScriptedPool,
    bot,
    builtin_entrants,
    chunk_of,
    failed_future,
    make_settings,
    match_rows,
    new_tournament,
    open_store,
    pending_future,
    play,
    play_and_record,
    played_future,
    schedule_all,
    spec_seating,
)


@pytest.fixture
def store(tmp_path: Path) -> TournamentStore:
    return open_store(tmp_path)


def work(tournament: Tournament, games: list[GameRecord]) -> list[tuple[GameRecord, GameTask]]:
    return [(game, task_of(tournament, game)) for game in games]


def assert_each_game_recorded_once(store: TournamentStore, tournament: Tournament) -> None:
    games = store.games(tournament)
    assert all(game.played for game in games)
    assert len({game.match_id for game in games}) == len(games) == match_rows(store)


def test_a_task_seats_each_entrant_where_the_schedule_says(store: TournamentStore) -> None:
    spec = get_game(FAST_GAME)
    entrants = [Entrant("a", "builtin:random"), Entrant("b", "builtin:greedy")]
    entrants.append(Entrant("c", bot("good.py", "c")))
    tournament = store.create("t", make_settings(spec, entrants, players=3))
    for game in schedule_all(store, tournament):
        task = task_of(tournament, game)
        assert task.seats == tuple(entrants[entrant].seat for entrant in game.seats)
        assert (task.game_id, task.game, task.seed) == (game.id, spec.name, game.seed)
        assert task.options == tournament.settings.options
        assert task.options["players"] == 3
        assert not task.sandbox


def test_a_broken_pool_is_replaced_and_every_game_out_handed_out_again(
    store: TournamentStore,
) -> None:
    tournament = new_tournament(store, 3, games=4)
    games = schedule_all(store, tournament)
    room = 2 * TASKS_PER_WORKER

    def script(task: GameTask, number: int) -> Future[GameReport]:
        if number == room - 1:  # the last game out kills its worker; the others never end
            return failed_future(BrokenProcessPool("a worker died"))
        return pending_future() if number < room - 1 else played_future(task)

    pool = ScriptedPool(2, script)
    recorded: list[GameRecord] = []
    Dispatcher(store, pool, recorded.append).play(work(tournament, games))
    assert pool.restarts == [room]
    out_when_it_broke = {task.game_id for task in pool.submitted[:room]}
    assert {task.game_id for task in pool.submitted[room : 2 * room]} == out_when_it_broke
    assert len(pool.submitted) == len(games) + room
    assert sorted(game.id for game in recorded) == sorted(game.id for game in games)
    assert all(game.match_id is not None for game in recorded)
    assert_each_game_recorded_once(store, tournament)


def test_a_game_that_keeps_killing_its_workers_is_given_up(store: TournamentStore) -> None:
    tournament = new_tournament(store, 3, games=4)
    games = schedule_all(store, tournament)
    killer = games[1]

    def script(task: GameTask, _number: int) -> Future[GameReport]:
        if task.game_id == killer.id:
            return failed_future(BrokenProcessPool("a worker died"))
        return played_future(task)

    pool = ScriptedPool(1, script)
    with pytest.raises(BadInput) as refused:
        Dispatcher(store, pool, lambda _game: None).play(work(tournament, games))
    tries = [task for task in pool.submitted if task.game_id == killer.id]
    assert len(tries) == 1 + WORKER_DEATHS_PER_GAME
    message = str(refused.value)
    assert f"died {len(tries)} times" in message
    assert f"game {killer.id} (seed {killer.seed})" in message
    kept = [game for game in store.games(tournament) if game.played]
    assert kept and killer.id not in {game.id for game in kept}  # what was recorded stays
    assert match_rows(store) == len(kept)


def test_stop_ends_the_handing_out_and_abandons_the_games_out(store: TournamentStore) -> None:
    tournament = new_tournament(store, 4, games=4)
    games = schedule_all(store, tournament)
    pulled: list[GameRecord] = []

    def lazily() -> Iterator[tuple[GameRecord, GameTask]]:
        for game, task in work(tournament, games):
            pulled.append(game)
            yield game, task

    def script(task: GameTask, number: int) -> Future[GameReport]:
        # Each game reports taking a whole chunk's time, so chunks stay one game long.
        if number % 2 == 0:
            return played_future(task, seconds=CHUNK_SECONDS)
        return pending_future()

    pool = ScriptedPool(2, script)
    recorded: list[GameRecord] = []
    offered: list[GameRecord] = []

    def enough_after(game: GameRecord) -> bool:
        offered.append(game)
        return len(offered) >= 2

    Dispatcher(store, pool, recorded.append).play(lazily(), enough_after=enough_after)
    assert len(pulled) < len(games)  # the rest never handed out
    # The first two finished, in handed-out order, and nothing after them.
    assert [game.id for game in offered] == [pulled[0].id, pulled[2].id]
    assert [game.id for game in recorded] == [pulled[0].id, pulled[2].id]
    assert pool.restarts == [len(pulled)]  # the games still out abandoned with the pool
    played = {game.id for game in store.games(tournament) if game.played}
    assert played == {pulled[0].id, pulled[2].id}


def test_a_game_handed_out_twice_is_recorded_once(store: TournamentStore) -> None:
    tournament = new_tournament(store, 2)
    first, _ = schedule_all(store, tournament)
    recorded: list[GameRecord] = []
    Dispatcher(store, InlinePool(), recorded.append).play(work(tournament, [first, first]))
    assert [game.id for game in recorded] == [first.id, first.id]
    assert recorded[0].match_id is not None and recorded[1].match_id is None
    assert match_rows(store) == 1
    assert [game.match_id for game in store.games(tournament) if game.played] == [
        recorded[0].match_id
    ]


class ChunkPool(InlinePool):
    """An inline pool that notes each chunk's size and how many games were left to hand out
    before it, its games each reporting an eighth of a chunk's time (so timed chunks hold
    eight games)."""

    def __init__(self, workers: int, total: int) -> None:
        super().__init__(workers)
        self.left = total
        self.chunks: list[tuple[int, int]] = []

    def submit(self, tasks: Sequence[GameTask]) -> Future[list[GameReport]]:
        self.chunks.append((len(tasks), self.left))
        self.left -= len(tasks)
        self.submitted.extend(tasks)
        return chunk_of(tasks, [played_future(task, seconds=CHUNK_SECONDS / 8) for task in tasks])


def test_a_round_of_known_length_ends_in_short_chunks(store: TournamentStore) -> None:
    """Told how many games there are, the dispatcher hands out no chunk longer than the
    workers' share of the games left (spread over the chunks each keeps out), so the last
    chunks hold a game each and no worker plays a long chunk alone at the end."""
    tournament = new_tournament(store, 4, games=10)
    games = schedule_all(store, tournament)
    pool = ChunkPool(2, len(games))
    Dispatcher(store, pool, lambda _game: None).play(work(tournament, games), total=len(games))
    sizes = [size for size, _ in pool.chunks]
    assert sum(sizes) == len(games) and 8 in sizes  # timed chunks are eight games long ...
    shares = [-(-left // (2 * TASKS_PER_WORKER)) for _, left in pool.chunks]
    assert all(size <= share for size, share in zip(sizes, shares, strict=True))  # ... or less
    assert sizes[-2 * TASKS_PER_WORKER :] == [1] * (2 * TASKS_PER_WORKER)
    assert_each_game_recorded_once(store, tournament)


def test_without_a_length_chunks_keep_their_timed_size(store: TournamentStore) -> None:
    tournament = new_tournament(store, 4, games=10)
    games = schedule_all(store, tournament)
    pool = ChunkPool(2, len(games))
    Dispatcher(store, pool, lambda _game: None).play(iter(work(tournament, games)))
    sizes = [size for size, _ in pool.chunks]
    assert sizes[: 2 * TASKS_PER_WORKER] == [1] * (2 * TASKS_PER_WORKER)  # not timed yet
    assert set(sizes[2 * TASKS_PER_WORKER : -1]) == {8}


def test_once_every_game_is_out_each_is_recorded_as_it_arrives(
    store: TournamentStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last games are not held back for a batch: with batches a minute apart, the
    games that finished are recorded while the last game out is still being played."""
    monkeypatch.setattr(runner, "RECORD_SECONDS", 60.0)
    tournament = new_tournament(store, 2, games=4)
    games = schedule_all(store, tournament)
    last: Future[GameReport] = Future()

    def script(task: GameTask, number: int) -> Future[GameReport]:
        return last if number == len(games) - 1 else played_future(task)

    finish_last = threading.Timer(30, lambda: last.set_result(play(tournament, games[-1])))
    finish_last.start()
    recorded_while_out: list[bool] = []

    def on_recorded(game: GameRecord) -> None:
        recorded_while_out.append(not last.done())
        if game.id == games[-2].id:
            finish_last.cancel()
            last.set_result(play(tournament, games[-1]))

    try:
        Dispatcher(store, ScriptedPool(1, script), on_recorded).play(
            work(tournament, games), total=len(games)
        )
    finally:
        finish_last.cancel()
    assert recorded_while_out == [True] * (len(games) - 1) + [False]
    assert_each_game_recorded_once(store, tournament)


def test_a_new_round_is_handed_out_as_stored_and_a_stored_one_read_back(
    store: TournamentStore,
) -> None:
    tournament = new_tournament(store, 3, games=2)
    fresh = schedule_round(store, tournament, 0)
    assert fresh is not None and fresh == store.games(tournament)
    assert schedule_round(store, tournament, 0) is None  # stored before: the store says


FORMATS = [
    pytest.param(plan.ROUND_ROBIN, 4, 2, 4, None, plan.ALL_ORDERS, id="round-robin"),
    pytest.param(plan.GAUNTLET, 5, 2, None, None, plan.ALL_ORDERS, id="gauntlet"),
    pytest.param(plan.SWISS, 5, 2, None, None, plan.ALL_ORDERS, id="swiss-with-byes"),
    pytest.param(plan.SWISS, 7, 3, None, 2, plan.ALL_ORDERS, id="swiss-3-seats-with-byes"),
    pytest.param(plan.ROUND_ROBIN, 4, 3, None, None, plan.ALL_ORDERS, id="round-robin-3-seats"),
    pytest.param(plan.GAUNTLET, 5, 4, 8, None, plan.ROTATIONS, id="gauntlet-4-seats-rotations"),
]


@pytest.mark.parametrize(("form", "entrants", "players", "games", "rounds", "orders"), FORMATS)
def test_every_format_plays_the_games_it_planned_once_each(
    store: TournamentStore,
    form: str,
    entrants: int,
    players: int,
    games: int | None,
    rounds: int | None,
    orders: str,
) -> None:
    spec = spec_seating(players)
    settings = make_settings(
        spec,
        builtin_entrants(spec, entrants),
        form=form,
        players=players,
        games=games,
        rounds=rounds,
        orders=orders,
    )
    tournament = store.create("t", settings)
    pool = InlinePool(workers=2)
    recorded: list[GameRecord] = []
    run_tournament(store, tournament, pool, recorded.append)
    assert len(recorded) == len(pool.submitted) == planned_games(tournament)
    assert len(store.games(tournament)) == planned_games(tournament)
    assert_each_game_recorded_once(store, tournament)
    assert {game.slot.round for game in store.games(tournament)} == set(range(settings.rounds))
    run_tournament(store, tournament, pool, recorded.append)  # resumed when all is done
    assert len(pool.submitted) == planned_games(tournament)


def test_swiss_rounds_are_drawn_from_the_rounds_before(store: TournamentStore) -> None:
    tournament = new_tournament(store, 6, form=plan.SWISS, rounds=3, games=2)
    run_tournament(store, tournament, InlinePool(), lambda _game: None)
    games = store.games(tournament)
    for round_ in range(3):
        earlier = [game for game in games if game.slot.round < round_]
        expected = plan.swiss_tables(entrant_points(6, earlier), 2, tables_met(earlier))
        tables = sorted({(g.slot.pairing, g.seats) for g in games if g.slot.round == round_})
        drawn = [seats for _, seats in tables if seats in expected]
        assert drawn == expected  # each table's first seat order is the table as drawn


def test_a_resumed_tournament_plays_only_what_is_left(store: TournamentStore) -> None:
    tournament = new_tournament(store, 3, games=4)
    games = schedule_all(store, tournament)
    done = {play_and_record(store, tournament, game) for game in games[:5]}
    pool = InlinePool()
    run_tournament(store, tournament, pool, lambda _game: None)
    assert [task.game_id for task in pool.submitted] == [game.id for game in games[5:]]
    assert done <= {game.match_id for game in store.games(tournament)}
    assert_each_game_recorded_once(store, tournament)


def test_a_local_pool_broken_between_games_fails_the_next_game_instead_of_raising() -> None:
    """A worker may die while no game is out (the driver busy recording): the next game
    handed out fails as the games out would have, and the runner hands it out again."""
    spec = get_game(FAST_GAME)
    settings = make_settings(spec, builtin_entrants(spec, 2))
    task = GameTask(7, spec.name, settings.options, 1, ("builtin:greedy",) * 2, None, 512, False)
    pool = LocalPool(1)
    try:
        assert pool.submit([task]).result(timeout=60)[0].game_id == 7  # the worker is up
        (worker,) = multiprocessing.active_children()
        os.kill(worker.pid or 0, signal.SIGKILL)
        probe = pool.submit([task])
        assert isinstance(probe.exception(timeout=60), BrokenProcessPool)
        after = pool.submit([task])  # the pool knows it is broken by now
        assert isinstance(after.exception(timeout=60), BrokenProcessPool)
        pool.restart()
        assert pool.submit([task]).result(timeout=60)[0].game_id == 7
    finally:
        pool.close()


def test_a_local_worker_sent_chunks_ahead_answers_each_in_turn() -> None:
    """Chunks reach a worker while it plays the one before (`pool.CHUNKS_AHEAD`); each
    chunk's games come back to its own futures, and a chunk that fails where it is played
    fails alone — the chunks after it are still played."""
    spec = get_game(FAST_GAME)
    settings = make_settings(spec, builtin_entrants(spec, 2))

    def task(game_id: int, game: str = spec.name) -> GameTask:
        seats = ("builtin:greedy",) * 2
        return GameTask(game_id, game, settings.options, game_id, seats, None, 512, False)

    pool = LocalPool(1)
    try:
        chunks = [
            pool.submit([task(1), task(2)]),
            pool.submit([task(3), task(8, "no-such-game"), task(9)]),
            pool.submit([task(4), task(5), task(6)]),
            pool.submit([task(7)]),
        ]
        assert [report.game_id for report in chunks[0].result(timeout=60)] == [1, 2]
        failed = chunks[1].exception(timeout=60)  # at its second game, which it names
        assert isinstance(failed, GameFailed) and failed.game_id == 8
        assert "no-such-game" in str(failed)
        later = chunks[2].result(timeout=60) + chunks[3].result(timeout=60)
        assert [report.game_id for report in later] == [4, 5, 6, 7]
    finally:
        pool.close()


def test_replays_recorded_by_a_local_pool_verify(store: TournamentStore) -> None:
    """Every replay a tournament stored re-simulates cleanly, its digest matching."""
    tournament = new_tournament(store, 3, games=4)
    pool = LocalPool(1)
    try:
        run_tournament(store, tournament, pool, lambda _game: None)
    finally:
        pool.close()
    assert_each_game_recorded_once(store, tournament)
    table = MatchRow.__table__
    with store.engine.connect() as connection:
        rows = connection.execute(select(table.c.replay, table.c.sha256)).all()
    assert len(rows) == planned_games(tournament)
    for replay, digest in rows:
        assert verify_replay(parse_written_replay(replay)).ok
        assert sha256_hex(replay) == digest


class CountingPool(LocalPool):
    """A local pool that counts the games handed out and its restarts."""

    submits = 0
    restarts = 0

    def submit(self, tasks: Sequence[GameTask]) -> Future[list[GameReport]]:
        self.submits += len(tasks)
        return super().submit(tasks)

    def restart(self) -> None:
        self.restarts += 1
        super().restart()


def test_a_worker_killed_mid_game_loses_and_repeats_nothing(store: TournamentStore) -> None:
    """A real pool of two: one worker is killed while games are being played (the
    thinking bot's games take a few tenths of a second, and more are queued than there
    are workers, so both are busy), and the tournament still ends with every game
    recorded exactly once."""
    spec = get_game(FAST_GAME)
    thinker = Entrant("thinker", bot("good.py", "kill", "--think", "0.01"))
    tournament = store.create("t", make_settings(spec, [*builtin_entrants(spec, 2), thinker]))
    killed: list[int] = []

    def kill_a_worker(_game: GameRecord) -> None:
        if not killed:
            victim = multiprocessing.active_children()[0]
            os.kill(victim.pid or 0, signal.SIGKILL)
            killed.append(victim.pid or 0)

    pool = CountingPool(2)
    try:
        run_tournament(store, tournament, pool, kill_a_worker)
    finally:
        pool.close()
    assert killed and pool.restarts == 1
    assert pool.submits > planned_games(tournament)  # the games out were handed out again
    assert len(store.games(tournament)) == planned_games(tournament)
    assert_each_game_recorded_once(store, tournament)


def test_a_game_that_fails_where_it_is_played_stops_with_one_line(
    store: TournamentStore,
) -> None:
    """Not a worker's death but an error in playing (a bug): the tournament stops with a
    message naming the game, and what was recorded before stays."""
    tournament = new_tournament(store, 3, games=4)
    games = schedule_all(store, tournament)
    broken = games[3]

    def script(task: GameTask, _number: int) -> Future[GameReport]:
        if task.game_id == broken.id:
            return failed_future(ValueError("a rule went wrong"))
        return played_future(task)

    with pytest.raises(BadInput) as stopped:
        Dispatcher(store, ScriptedPool(1, script), lambda _game: None).play(work(tournament, games))
    message = str(stopped.value)
    assert f"game {broken.id} (seed {broken.seed})" in message
    assert "ValueError: a rule went wrong" in message
    assert broken.id not in {game.id for game in store.games(tournament) if game.played}
