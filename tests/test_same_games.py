"""Every game that keeps recorded digests of its benchmark matches plays them exactly as
before (see `tests/same_games.py`), for every pair of agents it recorded."""

from __future__ import annotations

import json

import pytest

from sparring.core.registry import all_games, get_game
from tests.same_games import changed_seeds, digests_of

CASES = [
    (game.name, pair)
    for game in sorted(all_games(), key=lambda game: game.name)
    if digests_of(game.name).exists()
    for pair in json.loads(digests_of(game.name).read_text())
]


def test_the_games_sped_up_keep_their_recorded_matches() -> None:
    assert {game for game, _ in CASES} >= {"aquawar", "foodchain", "tactics", "warfish"}


@pytest.mark.parametrize(("game", "pair"), CASES)
def test_the_bench_agents_play_the_matches_they_played_before(game: str, pair: str) -> None:
    assert changed_seeds(get_game(game), digests_of(game), pair) == []
