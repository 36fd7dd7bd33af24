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
from sparring.tournament import bench
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
    workers2, driver2 = cpu["two_workers_workers_cpu"], cpu["two_workers_driver_cpu"]
    assert min(worker, driver, workers2, driver2, cpu["bench_cpu"]) > 0
    assert numbers["worker_cpu_vs_bench"] == round(cpu["bench_cpu"] / worker, 3)
    assert numbers["one_worker_driver_cpu_vs_worker"] == round(driver / worker, 3)
    assert numbers["two_workers_cpu_vs_one"] == round(workers2 / worker, 3)
    assert numbers["driver_cpu_vs_worker"] == round(driver2 / workers2, 3)
    assert numbers["two_workers_vs_one_bound"] == round(2 * worker / (workers2 + driver2), 3)
    for ratio in ("one_worker_vs_bench", "two_workers_vs_one"):  # a median of two is a mean:
        low, high = numbers[f"{ratio}_range"]  # the ratio of two means lies between the turns'
        assert low - 0.001 <= numbers[ratio] <= high + 0.001
    assert len(numbers["load_average"]) == 2 and min(numbers["load_average"]) >= 0


def test_the_turns_change_their_order_and_each_ratio_is_given_with_its_range(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each turn starts with the next of bench, one worker, two workers, so none is always
    timed first; the ratios are those of the medians, with their range over the turns."""
    timed: list[str] = []
    seconds = {"bench": [1.0, 1.2, 0.9], "one": [2.0, 1.5, 1.0], "two": [1.0, 1.0, 0.8]}

    def fake_bench(*_args: object) -> dict[str, float]:
        timed.append("bench")
        return {"seconds": seconds["bench"][timed.count("bench") - 1]}

    def fake_tournament(_settings: object, workers: int, *_args: object) -> bench.Timing:
        key = "one" if workers == 1 else "two"
        timed.append(key)
        cpu = (0.3, 0.5) if workers == 1 else (0.1, 0.6)  # the driver's, the workers'
        return bench.Timing(seconds[key][timed.count(key) - 1], *cpu)

    monkeypatch.setattr(bench, "bench_matches", fake_bench)
    monkeypatch.setattr(bench, "timed_tournament", fake_tournament)
    numbers = bench.tournament_ratios(get_game("liarsdice"), 24, repeats=3)
    assert timed == ["bench", "one", "two", "one", "two", "bench", "two", "bench", "one"]
    assert numbers["median_seconds"] == {"bench": 1.0, "one_worker": 1.5, "two_workers": 1.0}
    assert numbers["one_worker_vs_bench"] == round(1.0 / 1.5, 3)
    assert numbers["one_worker_vs_bench_range"] == [0.5, 0.9]  # 1/2, 1.2/1.5, 0.9/1
    assert numbers["two_workers_vs_one"] == 1.5
    assert numbers["two_workers_vs_one_range"] == [1.25, 2.0]  # 2/1, 1.5/1, 1/0.8
    assert numbers["one_worker_driver_cpu_vs_worker"] == 0.6  # 0.3 / 0.5
    assert numbers["two_workers_cpu_vs_one"] == 1.2  # 0.6 / 0.5
    assert numbers["driver_cpu_vs_worker"] == round(0.1 / 0.6, 3)
    assert numbers["two_workers_vs_one_bound"] == round(2 * 0.5 / (0.6 + 0.1), 3)


def test_a_process_cpu_time_is_read_from_proc() -> None:
    """The workers' CPU time is read from `/proc`: this process's, read so, grows with
    work done and agrees with its own count, and a process that is gone has none."""
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
