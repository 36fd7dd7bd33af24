"""`sparring bench GAME --rl`: the environment's throughput beside the engine's own.

Both sides play whole games uniformly at random from the same seeds: the engine through
`play_match` with the game's ``random`` agents (which read no view: the engine's bare
decisions per second), the environment through the PettingZoo AEC loop with masked random
choices (each decision builds a view, encodes it, and lists the open entries). The
figure that matters is the ratio of decisions per second (issue 19's target: at least
half); steps per second count a factorised decision's every index. A second engine
baseline serves the random agents the full view of every decision, as the referee serves
any view-reading agent or bot: the environment cannot do with less than a view.

Timing is CPU time of this process (`time.process_time`), in interleaved turns (engine,
environment, engine with views, ...), reported as medians, so other work on a shared machine skews
both sides alike. Numbers are printed, never asserted.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from sparring.core.game import GameSpec
from sparring.core.playout import play_match

from .aec import SparringEnv


class _CountedRandom:
    """The game's random agent, its decisions counted; with `reads_views` it is served
    the full view of every decision, as any view-reading agent or bot is."""

    __slots__ = ("_act", "_tally", "needs_view")

    def __init__(self, agent: Any, tally: list[int], reads_views: bool) -> None:
        self._act = agent.act
        self._tally = tally
        self.needs_view = agent.needs_view or reads_views

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        self._tally[0] += 1
        return self._act(view, legal)


def _engine_turn(spec: GameSpec, seeds: range, reads_views: bool) -> tuple[int, float]:
    """Decisions and CPU seconds of random games through the engine."""
    tally = [0]
    make = spec.agents["random"]
    started = time.process_time()
    for seed in seeds:
        players = spec.new_game(seed, None).num_players
        agents = [
            _CountedRandom(make(seat, seed * 2 + seat), tally, reads_views)
            for seat in range(players)
        ]
        play_match(spec, seed, None, agents)
    return tally[0], time.process_time() - started


def _env_turn(env: SparringEnv, seeds: range) -> tuple[int, int, float]:
    """Steps, decisions and CPU seconds of masked random games through the environment (a
    step that leaves its seat with no path in progress played an action)."""
    steps = decisions = 0
    table = env.table
    started = time.process_time()
    for seed in seeds:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            open_entries = np.flatnonzero(observation["action_mask"])
            env.step(int(open_entries[rng.integers(len(open_entries))]))
            steps += 1
            decisions += not table.paths[int(agent.removeprefix("seat_"))]
    return steps, decisions, time.process_time() - started


def bench_rl(spec: GameSpec, games: int, repeats: int, seed: int = 0) -> dict[str, Any]:
    """`repeats` interleaved turns of `games` random games each (engine, environment,
    engine with views), from seeds `seed`, `seed + 1`, ...; one untimed warm-up game on
    each side first."""
    env = SparringEnv(spec.name)
    seeds = range(seed, seed + games)
    warmup = range(seed + games, seed + games + 1)
    _engine_turn(spec, warmup, False)
    _env_turn(env, warmup)
    engine_rates: list[float] = []
    viewed_rates: list[float] = []
    step_rates: list[float] = []
    decision_rates: list[float] = []
    for _ in range(repeats):
        engine_decisions, engine_seconds = _engine_turn(spec, seeds, False)
        steps, decisions, env_seconds = _env_turn(env, seeds)
        viewed_decisions, viewed_seconds = _engine_turn(spec, seeds, True)
        engine_rates.append(engine_decisions / engine_seconds)
        step_rates.append(steps / env_seconds)
        decision_rates.append(decisions / env_seconds)
        viewed_rates.append(viewed_decisions / viewed_seconds)
    engine = statistics.median(engine_rates)
    viewed = statistics.median(viewed_rates)
    env_decisions = statistics.median(decision_rates)
    return {
        "game": spec.name,
        "games": games,
        "repeats": repeats,
        "clock": "process_time, interleaved turns, medians",
        "engine_decisions_per_second": round(engine, 1),
        "env_steps_per_second": round(statistics.median(step_rates), 1),
        "env_decisions_per_second": round(env_decisions, 1),
        "env_vs_engine": round(env_decisions / engine, 3),
        "engine_with_views_decisions_per_second": round(viewed, 1),
        "env_vs_engine_with_views": round(env_decisions / viewed, 3),
        "observation_size": env.table.observer.size,
        "action_count": env.table.observer.action_count,
    }
