"""`sparring bench GAME --search`: the search primitives' speed from mid-game positions,
for every registered game, through the contract alone."""

from __future__ import annotations

import dataclasses
import json
import re
import statistics
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import pytest

from sparring.core.errors import BadInput
from sparring.core.game import GameFacts, GameSpec
from sparring.core.registry import all_games
from sparring.core.rng import Rng
from sparring.core.searchbench import (
    DEPTHS,
    NO_DETERMINIZATION,
    RunawayGame,
    at_depth,
    bench_search,
    random_playout,
    sample_positions,
)
from tests import toy_game

RATES = ("clone_per_second", "playout_per_second", "playout_decisions_per_second")


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_every_game_reports_positive_rates_from_mid_game_positions(spec: GameSpec) -> None:
    result = bench_search(spec, games=2, clones=3, determinizations=2, playouts=1)
    positions = 2 * len(DEPTHS)
    assert result["game"] == spec.name
    assert result["positions"] == positions
    assert result["clones"] == 3 * positions and result["playouts"] == positions
    assert all(result[key] > 0 for key in RATES)
    assert set(result["clone_per_second_by_depth"]) == {str(depth) for depth in DEPTHS}
    assert all(rate > 0 for rate in result["clone_per_second_by_depth"].values())
    assert result["clone_cost_late_vs_early"] > 0
    assert result["decisions_per_playout"] >= 1
    events = [result["events_by_depth"][str(depth)] for depth in DEPTHS]
    assert events == sorted(events) and events[0] > 0, "later positions carry more history"
    json.dumps(result)  # the --json line


def without_determinization(spec: GameSpec) -> GameSpec:
    """`spec` as a game that offers no determinization (every registered game has one)."""
    search = dataclasses.replace(spec.search, determinize=None, sampler=None)
    return dataclasses.replace(spec, search=search)


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_determinize_is_reported_na_exactly_where_the_game_has_none(spec: GameSpec) -> None:
    result = bench_search(spec, games=1, clones=1, determinizations=2, playouts=1)
    assert result["determinize_per_second"] > 0
    assert result["determinizations"] == 2 * len(DEPTHS)
    assert result["not_measured"] == {}
    result = bench_search(
        without_determinization(spec), games=1, clones=1, determinizations=2, playouts=1
    )
    assert result["determinize_per_second"] is None
    assert result["determinizations"] == 0
    assert result["not_measured"] == {"determinize": NO_DETERMINIZATION}


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_positions_are_live_states_deeper_at_each_depth(spec: GameSpec) -> None:
    positions = sample_positions(spec, games=2, seed=5)
    assert [p.seed for p in positions] == [5] * len(DEPTHS) + [6] * len(DEPTHS)
    for seed in (5, 6):
        game = [p for p in positions if p.seed == seed]
        assert [p.depth for p in game] == list(DEPTHS)
        assert [p.decision for p in game] == sorted({p.decision for p in game}), "distinct"
        for position in game:
            assert not position.state.is_terminal()
            assert position.seat in position.state.to_move()
    assert [len(at_depth(positions, depth)) for depth in DEPTHS] == [2] * len(DEPTHS)


class FirstBid:
    """Bids the first legal amount; reads no views."""

    needs_view = False

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[0]


def toy(max_decisions: int = 2 * toy_game.ROUNDS) -> GameSpec:
    facts = GameFacts(2, 2, True, True, True, max_decisions)
    return toy_game.spec(facts=facts, agents={"random": lambda seat, seed: FirstBid()})


def test_positions_stand_before_the_decision_at_each_depth() -> None:
    """High Bid has 6 decisions (two bids in each of 3 rounds): the depths 0.25, 0.5 and
    0.75 fall before decisions 1, 3 and 4 (int(depth × 6))."""
    assert DEPTHS == (0.25, 0.5, 0.75)
    positions = sample_positions(toy(), games=1)
    assert [p.decision for p in positions] == [1, 3, 4]
    first, middle, last = (p.state for p in positions)
    assert (first.round, first.bids) == (1, [0, None])
    assert (middle.round, middle.bids) == (2, [0, None])
    assert (last.round, last.bids) == (3, [None, None])
    assert [p.seat for p in positions] == [1, 1, 0]


class CountedToy(toy_game.ToyState):
    """High Bid counting the clones made of any of its states."""

    made = 0

    def clone(self) -> toy_game.ToyState:
        CountedToy.made += 1
        twin = super().clone()
        twin.__class__ = CountedToy  # so clones of clones are counted too
        return twin


def test_each_position_is_cloned_as_often_as_asked_and_once_per_playout() -> None:
    spec = toy_game.spec(
        facts=GameFacts(2, 2, True, True, True, 6),
        agents={"random": lambda seat, seed: FirstBid()},
        new_game=lambda seed, options: CountedToy(seed, options),
    )
    CountedToy.made = 0
    result = bench_search(spec, games=1, clones=25, playouts=2)
    sampled, timed, played_out = len(DEPTHS), 25 * len(DEPTHS), 2 * len(DEPTHS)
    assert CountedToy.made == sampled + timed + played_out
    assert (result["clones"], result["playouts"]) == (timed, played_out)
    # positions before decisions 1, 3 and 4 of 6: playouts of 5, 3 and 2 decisions
    assert result["decisions_per_playout"] == round(statistics.mean([5, 3, 2]), 1)


def test_a_sampled_game_past_its_decision_bound_is_an_error() -> None:
    with pytest.raises(RunawayGame, match="past its bound of 5 decisions"):
        sample_positions(toy(max_decisions=5), games=1)


def test_a_random_playout_plays_to_the_end_and_counts_its_decisions() -> None:
    state = toy_game.new_game(3)
    assert random_playout(state, Rng(1), 6) == 6
    assert state.is_terminal()


def test_a_random_playout_past_its_bound_is_an_error() -> None:
    with pytest.raises(RunawayGame, match="past its bound of 3 decisions"):
        random_playout(toy_game.new_game(3), Rng(1), 3)


def test_counts_below_one_are_refused() -> None:
    with pytest.raises(BadInput, match="clones per position must be at least 1"):
        bench_search(toy(), games=1, clones=0)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args], capture_output=True, text=True, timeout=120
    )


def test_the_command_prints_json_and_a_readable_report() -> None:
    spec = all_games()[0]
    numbers = run("bench", spec.name, "--search", "--games", "1", "--json")
    assert numbers.returncode == 0, numbers.stderr
    result = json.loads(numbers.stdout)
    assert result["sampled_games"] == 1 and result["determinize_per_second"] > 0
    text = run("bench", spec.name, "--search", "--games", "1")
    assert text.returncode == 0, text.stderr
    assert spec.title in text.stdout and "clone" in text.stdout
    assert re.search(r"determinize +[\d,]+/s", text.stdout)


def test_the_command_refuses_agents_with_search() -> None:
    result = run("bench", all_games()[0].name, "--search", "--agents", "random,random")
    assert result.returncode == 2
    assert "takes neither --agents nor --tournament" in result.stderr
