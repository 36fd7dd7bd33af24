"""What a tournament costs over the bare engine: `sparring bench GAME --tournament`.

Three ways of playing the same number of games between the game's benchmark agents
(`Extensions.bench_agents`), timed in turns — bench, one worker, two workers, again and
again, the order turned round each time (bench first, then one worker first, then two) so
none is always timed first or last — so a machine's changing load falls on all three
alike, and compared by their medians:

- **bench**: `core.bench.bench_matches`, the engine alone in one process;
- **one worker**: a whole tournament — referee, replays, a worker process, the driver
  recording every game in an SQLite store — on `LocalPool(1)`;
- **two workers**: the same on `LocalPool(2)`.

It prints the two ratios the platform answers for: a tournament's throughput on one worker
as a share of the engine's (the driver records on another core while the worker plays),
and what a second worker adds. A pool is started and warmed up (one untimed game per
worker) before its clock starts, since a tournament starts its pool once.

Those are wall-clock ratios, which a machine busy with other work distorts (two workers
cannot have two cores when others want them). So the CPU time each part spent is measured
too — bench's, the driver's and the workers' (Linux: `/proc`) — with what it implies on a
machine of its own: the one-worker ratio of a worker that never waits (bench's CPU over
the worker's, w1), whether the driver keeps up with one worker (its CPU over the worker's,
d1 / w1, below 1), and the most two workers can give on two cores beside the driver,
2 w1 / (w2 + d2), where w2 and d2 are the workers' and the driver's CPU when two play:
each game costs more CPU when both cores play at once than when one does (measured:
docs/performance.md, "Tournaments"). A worker's CPU time is read from the
scheduler's count in nanoseconds (`/proc/PID/schedstat`), not the kernel's 10 ms ticks,
which a few hundred cheap games pass only a few dozen times.

How far to trust a figure is printed beside it: each ratio's range over the turns (the
ratio of each turn's own times) and the load average before and after (a machine busy
with other work cannot give two workers two cores, whatever the medians say).
"""

from __future__ import annotations

import os
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Timing:
    """A timed tournament: its wall-clock seconds, and the CPU seconds its driver (this
    process) and its workers spent meanwhile."""

    seconds: float
    driver_cpu: float
    workers_cpu: float


def timed_tournament(settings: Settings, workers: int, folder: Path, name: str) -> Timing:
    """How long a tournament with these settings takes on `workers` local workers, its
    pool started and warmed up first."""
    with TournamentStore(f"sqlite:///{folder / name}.db") as store:
        tournament = store.create(name, settings)
        pool = LocalPool(workers)
        try:
            warm_up(store, pool, settings, name)
            pids = pool.worker_pids()
            workers_before = sum(cpu_seconds(pid) for pid in pids)
            driver_before = own_cpu_seconds()
            started = time.perf_counter()
            run_tournament(store, tournament, pool, lambda _game: None)
            seconds = time.perf_counter() - started
            driver = own_cpu_seconds() - driver_before
            return Timing(seconds, driver, sum(cpu_seconds(pid) for pid in pids) - workers_before)
        finally:
            pool.close()


def own_cpu_seconds() -> float:
    """This process's CPU time, all its threads (user and system)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def cpu_seconds(pid: int) -> float:
    """The CPU time of process `pid` so far, from Linux's `/proc`: the scheduler's count of
    the time each of its threads ran, in nanoseconds (`schedstat`'s first field; the user
    and system times of `stat` are whole ticks of 10 ms); 0 where there is none. (A
    worker's threads live as long as it does, so none is missed for having ended.)"""
    total = 0
    for thread in Path(f"/proc/{pid}/task").glob("*"):
        try:
            total += int((thread / "schedstat").read_text().split()[0])
        except OSError:  # the thread (or the process) has ended
            continue
    return total / 1e9


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
    times: dict[str, list[float]] = {key: [] for key in _MEASURES}
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="sparring-bench-") as folder:

        def time_bench(_repeat: int) -> None:
            cpu_before = time.process_time()
            times["bench"].append(bench_matches(spec, played, agents, seed)["seconds"])
            times["bench_cpu"].append(time.process_time() - cpu_before)

        def time_pool(key: str, workers: int) -> Callable[[int], None]:
            def time_it(repeat: int) -> None:
                timing = timed_tournament(settings, workers, Path(folder), f"{key}-{repeat}")
                times[key].append(timing.seconds)
                times[f"{key}_driver_cpu"].append(timing.driver_cpu)
                times[f"{key}_workers_cpu"].append(timing.workers_cpu)

            return time_it

        turn = [time_bench, time_pool("one_worker", 1), time_pool("two_workers", 2)]
        for repeat in range(repeats):
            start = repeat % len(turn)
            for time_it in turn[start:] + turn[:start]:
                time_it(repeat)
    medians = {key: round(statistics.median(values), 6) for key, values in times.items()}
    worker, driver = medians["one_worker_workers_cpu"], medians["one_worker_driver_cpu"]
    workers2, driver2 = medians["two_workers_workers_cpu"], medians["two_workers_driver_cpu"]
    return {
        "game": spec.name,
        "agents": list(agents),
        "games": played,
        "repeats": repeats,
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "median_seconds": {key: medians[key] for key in ("bench", "one_worker", "two_workers")},
        "one_worker_vs_bench": round(medians["bench"] / medians["one_worker"], 3),
        "two_workers_vs_one": round(medians["one_worker"] / medians["two_workers"], 3),
        "one_worker_vs_bench_range": _range(times["bench"], times["one_worker"]),
        "two_workers_vs_one_range": _range(times["one_worker"], times["two_workers"]),
        "median_cpu_seconds": {key: medians[key] for key in _MEASURES if "cpu" in key},
        "worker_cpu_vs_bench": round(medians["bench_cpu"] / max(worker, 1e-9), 3),
        "one_worker_driver_cpu_vs_worker": round(driver / max(worker, 1e-9), 3),
        "two_workers_cpu_vs_one": round(workers2 / max(worker, 1e-9), 3),
        "driver_cpu_vs_worker": round(driver2 / max(workers2, 1e-9), 3),
        "two_workers_vs_one_bound": round(2 * worker / max(workers2 + driver2, 1e-9), 3),
    }


def _range(numerators: list[float], denominators: list[float]) -> list[float]:
    """The lowest and highest of a ratio taken turn by turn: how far one turn's figure
    strays from another's."""
    ratios = [a / max(b, 1e-9) for a, b in zip(numerators, denominators, strict=True)]
    return [round(min(ratios), 3), round(max(ratios), 3)]


#: What `tournament_ratios` times, each repeat.
_MEASURES = (
    "bench",
    "bench_cpu",
    "one_worker",
    "one_worker_driver_cpu",
    "one_worker_workers_cpu",
    "two_workers",
    "two_workers_driver_cpu",
    "two_workers_workers_cpu",
)
