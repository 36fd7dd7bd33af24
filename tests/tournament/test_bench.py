"""`sparring bench GAME --tournament`: the same games played as bench, on one worker and on
two, timed in turns; the ratios printed are those of the medians printed. (Numbers are
never asserted against a target: machines differ — docs/performance.md.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from sparring.core.registry import all_games, get_game
from sparring.tournament import schedule as plan
from sparring.tournament.bench import cpu_seconds, tournament_settings


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.slow
def test_bench_tournament_prints_the_ratios_of_its_medians() -> None:
    # Enough games for the workers' CPU time to pass a few of the kernel's ticks (10 ms).
    result = run("bench", "liarsdice", "--tournament", "--games", "200", "--repeats", "2", "--json")
    assert result.returncode == 0, result.stderr
    numbers = json.loads(result.stdout)
    medians = numbers["median_seconds"]
    assert numbers["games"] == 200 and numbers["repeats"] == 2
    assert numbers["one_worker_vs_bench"] == round(medians["bench"] / medians["one_worker"], 3)
    assert numbers["two_workers_vs_one"] == round(medians["one_worker"] / medians["two_workers"], 3)
    cpu = numbers["median_cpu_seconds"]
    worker, driver = cpu["one_worker_workers_cpu"], cpu["one_worker_driver_cpu"]
    assert worker > 0 and driver > 0 and cpu["bench_cpu"] > 0
    assert numbers["worker_cpu_vs_bench"] == round(cpu["bench_cpu"] / worker, 3)
    assert numbers["driver_cpu_vs_worker"] == round(driver / worker, 3)
    assert numbers["two_workers_vs_one_bound"] == round(2 * worker / (worker + driver), 3)


def test_a_process_cpu_time_is_read_from_proc() -> None:
    """The workers' CPU time is read from `/proc`: this process's, read so, grows with
    work done and agrees with its own count (to the kernel's tick), and a process that is
    gone has none."""
    before, own_before = cpu_seconds(os.getpid()), time.process_time()
    total = 0
    while time.process_time() - own_before < 0.3:
        total += sum(range(1000))
    spent, own = cpu_seconds(os.getpid()) - before, time.process_time() - own_before
    assert abs(spent - own) <= 0.05
    assert cpu_seconds(2**22 + 1) == 0.0  # above Linux's largest process id


@pytest.mark.parametrize("name", sorted(game.name for game in all_games()))
def test_the_benchmark_tournament_plays_the_bench_games_between_the_bench_agents(
    name: str,
) -> None:
    """One table of the game's benchmark agents, as many games as asked (whole sets)."""
    spec = get_game(name)
    agents = spec.extensions.bench_agents
    settings = tournament_settings(spec, agents, 24, seed=0)
    assert [entrant.seat for entrant in settings.entrants] == [f"builtin:{a}" for a in agents]
    assert plan.fixed_tables(settings.format, len(agents), settings.players) == [
        tuple(range(len(agents)))
    ]
    per_set = plan.orders_per_set(settings.players, settings.orders)
    assert settings.sets * per_set == 24 - 24 % per_set
    assert spec.new_game(0, spec.options_from_json(settings.options)).num_players == len(agents)


def test_bench_tournament_refuses_no_repeats() -> None:
    result = run("bench", "liarsdice", "--tournament", "--repeats", "0")
    assert result.returncode == 2 and "--repeats must be at least 1" in result.stderr
