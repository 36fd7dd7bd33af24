"""The in-process match loop: which view each agent is served."""

from __future__ import annotations

from typing import Any

from sparring.core.bench import bench_matches
from sparring.core.conformance import plain
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from tests import toy_game as toy


class Watcher:
    """Plays the first legal action and remembers the JSON form of every view it was given
    (a view built as a dict or as a struct)."""

    def __init__(self, needs_view: bool, needs_log: bool | None) -> None:
        self.needs_view = needs_view
        if needs_log is not None:
            self.needs_log = needs_log
        self.seen: list[Any] = []

    def act(self, view: dict[str, Any] | None, legal: Any) -> Any:
        self.seen.append(None if view is None else plain(view))
        return legal[0]


def watch(needs_view: bool, needs_log: bool | None, game: str = "warfish") -> list[Any]:
    spec = get_game(game)
    options = spec.options_from_json({"map": "triad"}) if game == "warfish" else None
    agents = [Watcher(needs_view, needs_log), Watcher(True, None)]
    play_match(spec, 3, options, agents)
    assert agents[1].seen and all(data["log"] for data in agents[1].seen)
    return agents[0].seen


def test_an_agent_that_reads_no_log_is_served_the_lean_view() -> None:
    """The lean view: without its log, or with an empty one for a view type that always
    has it (a Warfish view's log is never empty)."""
    seen = watch(True, False)
    assert seen and all(not data.get("log") and "owner" in data for data in seen)


def test_agents_are_served_the_full_view_unless_they_say_otherwise() -> None:
    assert all(data["log"] for data in watch(True, None))
    assert all(data["log"] for data in watch(True, True))


def test_an_agent_that_reads_no_views_gets_none() -> None:
    assert all(data is None for data in watch(False, False))


def test_a_game_without_a_lean_view_serves_the_full_one() -> None:
    spec = toy.spec()  # the toy game: every registered game has a lean view
    assert spec.search.lean_view is None
    agents = [Watcher(True, False), Watcher(True, None)]
    play_match(spec, 3, None, agents)
    assert agents[0].seen and all("log" in data for data in agents[0].seen)


class Counting:
    """Wraps an agent and counts its decisions."""

    def __init__(self, agent: Any, tally: list[int]) -> None:
        self.agent, self.tally = agent, tally
        self.needs_view = agent.needs_view
        self.needs_log = getattr(agent, "needs_log", True)

    def act(self, view: Any, legal: Any) -> Any:
        self.tally[0] += 1
        return self.agent.act(view, legal)


def test_bench_counts_only_its_timed_matches_not_the_warm_up() -> None:
    spec = get_game("warfish")
    options = spec.options_from_json({"players": 2})
    tally = [0]
    for seed in range(3):
        greedy = [Counting(spec.agents["greedy"](s, seed * 2 + s), tally) for s in range(2)]
        play_match(spec, seed, options, greedy)
    numbers = bench_matches(spec, 3)
    assert numbers["warmup_matches"] == 1 and numbers["decisions"] == tally[0]
