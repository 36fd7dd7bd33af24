"""What a tournament costs over the bare engine: `sparring bench GAME --tournament`.

Three ways of playing the same number of games between the game's benchmark agents
(`Extensions.bench_agents`), timed in turns — bench, one worker, two workers, again and
again — so a machine's changing load falls on all three alike, and compared by their
medians:

- **bench**: `core.bench.bench_matches`, the engine alone in one process;
- **one worker**: a whole tournament — referee, replays, a worker process, the driver
  recording every game in an SQLite store — on `LocalPool(1)`;
- **two workers**: the same on `LocalPool(2)`.

It prints the two ratios the platform answers for: a tournament's throughput on one worker
as a share of the engine's (the driver records on another core while the worker plays),
and what a second worker adds. A pool is started and warmed up (one untimed game per
worker) before its clock starts, since a tournament starts its pool once.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sparring.core.bench import bench_matches, default_agents
from sparring.core.errors import BadInput
from sparring.core.game import GameSpec

from . import schedule as plan
from .pool import LocalPool
from .records import Entrant, Settings, TournamentStore
from .runner import Dispatcher, run_tournament, task_of


def tournament_settings(spec: GameSpec, agents: tuple[str, ...], games: int, seed: int) -> Settings:
    """A round robin of the benchmark agents, one table, `games` games (whole sets)."""
    players = len(agents)
    options = spec.options_from_json(None)
    if hasattr(options, "players"):
        options = spec.options_from_json({"players": players})
    per_set = plan.orders_per_set(players, plan.ALL_ORDERS)
    return Settings(
        game=spec.name,
        format=plan.ROUND_ROBIN,
        entrants=tuple(
            Entrant(f"{name}-{seat}", f"builtin:{name}") for seat, name in enumerate(agents)
        ),
        options=options.to_json(),
        players=players,
        sets=max(1, games // per_set),
        orders=plan.ALL_ORDERS,
        rounds=1,
        seed=seed,
        time_limit=None,
        memory_mib=1024,
        sandbox=False,  # built-in agents only: no bot process to isolate
    )


def timed_tournament(settings: Settings, workers: int, folder: Path, name: str) -> float:
    """Seconds a tournament with these settings takes on `workers` local workers, its pool
    started and warmed up first."""
    with TournamentStore(f"sqlite:///{folder / name}.db") as store:
        tournament = store.create(name, settings)
        pool = LocalPool(workers)
        try:
            warm_up(store, pool, settings, name)
            started = time.perf_counter()
            run_tournament(store, tournament, pool, lambda _game: None)
            return time.perf_counter() - started
        finally:
            pool.close()


def warm_up(store: TournamentStore, pool: LocalPool, settings: Settings, name: str) -> None:
    """One untimed game per worker, in a tournament of its own: every worker has started
    and imported the game before the timed tournament begins."""
    warm = store.create(f"{name}-warm-up", settings)
    tables = plan.fixed_tables(settings.format, len(settings.entrants), settings.players)
    games = store.schedule(
        warm, plan.games_of_tables(tables, 0, pool.workers, settings.orders, settings.seed + 1)
    )
    firsts = [game for game in games if game.slot.order == 0]
    Dispatcher(store, pool, lambda _game: None).play((g, task_of(warm, g)) for g in firsts)


def tournament_ratios(
    spec: GameSpec, games: int, repeats: int = 5, seed: int = 0
) -> dict[str, Any]:
    """Time bench, one worker and two workers `repeats` times each, in turns, and report
    the medians and their ratios (see the module docstring)."""
    if repeats < 1:
        raise BadInput(f"--repeats must be at least 1, got {repeats}")
    agents = default_agents(spec)
    settings = tournament_settings(spec, agents, games, seed)
    played = settings.sets * plan.orders_per_set(settings.players, settings.orders)
    times: dict[str, list[float]] = {"bench": [], "one_worker": [], "two_workers": []}
    with tempfile.TemporaryDirectory(prefix="sparring-bench-") as folder:
        for repeat in range(repeats):
            times["bench"].append(bench_matches(spec, played, agents, seed)["seconds"])
            for key, workers in (("one_worker", 1), ("two_workers", 2)):
                seconds = timed_tournament(settings, workers, Path(folder), f"{key}-{repeat}")
                times[key].append(seconds)
    medians = {key: round(statistics.median(values), 6) for key, values in times.items()}
    return {
        "game": spec.name,
        "agents": list(agents),
        "games": played,
        "repeats": repeats,
        "median_seconds": medians,
        "one_worker_vs_bench": round(medians["bench"] / medians["one_worker"], 3),
        "two_workers_vs_one": round(medians["one_worker"] / medians["two_workers"], 3),
    }
