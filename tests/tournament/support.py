"""What the tournament tests share: tournaments of registered games between their built-in
agents, a store in the test's temporary folder, and pools that play real games in this
process, so a test sees exactly which game was handed out when.

Games are found through the registry (`spec_seating(n)`: a game that seats n players);
Liar's Dice is named only to be preferred where several would do (`FAST_GAME`: its games
between built-in agents take a few milliseconds)."""

from __future__ import annotations

import dataclasses
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from sparring.arena.store import MatchRow
from sparring.cli.tournament import build_settings
from sparring.core.game import GameSpec
from sparring.core.registry import all_games, get_game
from sparring.tournament import schedule as plan
from sparring.tournament.play import GameFailed, GameReport, GameTask, play_task
from sparring.tournament.records import (
    Entrant,
    GameRecord,
    Result,
    Settings,
    Tournament,
    TournamentStore,
)
from sparring.tournament.runner import task_of

FAST_GAME = "liarsdice"
BOTS = Path(__file__).resolve().parents[1] / "arena" / "bots"


def bot(script: str, *args: str) -> str:
    """The seat description of a fixture bot of `tests/arena/bots` (run unsandboxed)."""
    return shlex.join([sys.executable, str(BOTS / script), *args])


def spec_seating(players: int) -> GameSpec:
    """A registered game that seats `players` players: `FAST_GAME` when it does, else the
    first that does."""
    seating = [
        spec for spec in all_games() if spec.facts.min_players <= players <= spec.facts.max_players
    ]
    assert seating, f"no registered game seats {players} players"
    return next((spec for spec in seating if spec.name == FAST_GAME), seating[0])


def builtin_entrants(spec: GameSpec, count: int) -> list[Entrant]:
    """`count` entrants named e0, e1, …, taking the game's benchmark agents in turn."""
    agents = spec.extensions.bench_agents
    return [
        Entrant(f"e{index}", f"builtin:{agents[index % len(agents)]}") for index in range(count)
    ]


def make_settings(
    spec: GameSpec,
    entrants: list[Entrant],
    *,
    form: str = plan.ROUND_ROBIN,
    players: int = 2,
    games: int | None = None,
    rounds: int | None = None,
    orders: str = plan.ALL_ORDERS,
    seed: int = 2024,
) -> Settings:
    """Settings as `sparring tournament` makes them (options checked, player count set)."""
    return build_settings(
        spec,
        entrants,
        form=form,
        games=games,
        rounds=rounds,
        players=players,
        orders=orders,
        seed=seed,
        time_limit=None,
        memory=512,
        options=None,
        sandbox=False,
    )


def new_tournament(
    store: TournamentStore,
    entrants: int = 3,
    name: str = "t",
    *,
    form: str = plan.ROUND_ROBIN,
    players: int = 2,
    games: int | None = None,
    rounds: int | None = None,
    seed: int = 2024,
) -> Tournament:
    """A tournament of `FAST_GAME` between built-in entrants (see `make_settings`)."""
    spec = get_game(FAST_GAME)
    settings = make_settings(
        spec,
        builtin_entrants(spec, entrants),
        form=form,
        players=players,
        games=games,
        rounds=rounds,
        seed=seed,
    )
    return store.create(name, settings)


def open_store(tmp_path: Path, name: str = "store.db") -> TournamentStore:
    return TournamentStore(f"sqlite:///{tmp_path / name}")


def match_rows(store: TournamentStore) -> int:
    """How many matches the store holds, counted in the table itself."""
    with Session(store.engine) as session:
        return int(session.scalar(select(func.count()).select_from(MatchRow)) or 0)


def play(tournament: Tournament, game: GameRecord) -> GameReport:
    """Play one scheduled game for real, here."""
    return play_task(task_of(tournament, game))


def play_and_record(store: TournamentStore, tournament: Tournament, game: GameRecord) -> int:
    """Play `game` and record it; the id of its match."""
    match_id = record_one(store, game.id, play(tournament, game))
    assert match_id is not None
    return match_id


def record_one(store: TournamentStore, game_id: int, report: GameReport) -> int | None:
    """Record one played game on its own; its match id (None: a copy, dropped)."""
    result = Result(game_id, report.match, report.returns)
    return store.record([result])[0]


def schedule_all(store: TournamentStore, tournament: Tournament) -> list[GameRecord]:
    """Store a round robin's or gauntlet's whole schedule; the games as stored."""
    settings = tournament.settings
    tables = plan.fixed_tables(settings.format, len(settings.entrants), settings.players)
    games = plan.games_of_tables(tables, 0, settings.sets, settings.orders, settings.seed)
    return store.schedule(tournament, games)


class InlinePool:
    """A pool that plays each game in this process as it is handed out: its future is done
    before `submit` returns."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self.submitted: list[GameTask] = []
        self.restarts = 0

    def submit(self, tasks: Sequence[GameTask]) -> Future[list[GameReport]]:
        self.submitted.extend(tasks)
        return chunk_of(tasks, [played_future(task) for task in tasks])

    def restart(self) -> None:
        self.restarts += 1

    def close(self) -> None:
        pass


class ScriptedPool:
    """A pool whose every future is what `script(task, number)` makes of it: `number` counts
    the submissions from 0. A future left pending stays out until the dispatcher gives up
    on it, as one whose worker is still playing."""

    def __init__(self, workers: int, script: Callable[[GameTask, int], Future[GameReport]]):
        self.workers = workers
        self.script = script
        self.submitted: list[GameTask] = []
        #: How many tasks had been submitted when each restart came.
        self.restarts: list[int] = []
        self.closed = False

    def submit(self, tasks: Sequence[GameTask]) -> Future[list[GameReport]]:
        futures = []
        for task in tasks:
            self.submitted.append(task)
            futures.append(self.script(task, len(self.submitted) - 1))
        return chunk_of(tasks, futures)

    def restart(self) -> None:
        self.restarts.append(len(self.submitted))

    def close(self) -> None:
        self.closed = True


def chunk_of(
    tasks: Sequence[GameTask], games: list[Future[GameReport]]
) -> Future[list[GameReport]]:
    """The future of a chunk made of its games' futures, settled as a worker settles it:
    with their reports once all are played, or, once one fails, with that game's failure
    (`GameFailed`, as `play_tasks` raises it; a worker's death as it is). A game left
    pending keeps the chunk out."""
    chunk: Future[list[GameReport]] = Future()

    def settle(_done: Future[GameReport]) -> None:
        if chunk.done():
            return
        for task, game in zip(tasks, games, strict=True):
            if not game.done():
                return
            error = game.exception()
            if isinstance(error, BrokenProcessPool):
                chunk.set_exception(error)
                return
            if error is not None:
                chunk.set_exception(GameFailed(task.game_id, f"{type(error).__name__}: {error}"))
                return
        chunk.set_result([game.result() for game in games])

    for game in games:
        game.add_done_callback(settle)
    if not games:
        chunk.set_result([])
    return chunk


def played_future(task: GameTask, seconds: float | None = None) -> Future[GameReport]:
    """The future of a game played to its end (reporting that it took `seconds`, if
    given: the driver sizes its chunks of games by what games report)."""
    report = play_task(task)
    if seconds is not None:
        report = dataclasses.replace(report, seconds=seconds)
    future: Future[GameReport] = Future()
    future.set_result(report)
    return future


def failed_future(error: BaseException) -> Future[GameReport]:
    future: Future[GameReport] = Future()
    future.set_exception(error)
    return future


def pending_future() -> Future[GameReport]:
    return Future()


def living_processes(where: str, holds: Callable[[bytes], bool]) -> list[int]:
    """Processes alive (zombies are dead already) whose ``/proc/PID/<where>`` file
    (``cmdline`` or ``environ``) `holds` what a test looks for."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            if not holds(Path(f"/proc/{name}/{where}").read_bytes()):
                continue
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        if stat[stat.rfind(")") + 2] != "Z":
            found.append(int(name))
    return found
