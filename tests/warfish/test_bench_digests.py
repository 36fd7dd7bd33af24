"""Same games after speed work: Warfish's benchmark pairs (2 players, classic map, default
options) play exactly the matches they played before (see `tests/same_games.py`).
Regenerate only when a test shows the old result was wrong:
``python -m tests.warfish.test_bench_digests``."""

from __future__ import annotations

from pathlib import Path

import pytest

from sparring.games.warfish.spec import SPEC
from tests.same_games import changed_seeds, write_digests

DIGESTS = Path(__file__).parent / "data" / "bench_digests.json"
PAIRS = ("greedy,greedy", "random,random")


@pytest.mark.parametrize("pair", PAIRS)
def test_the_bench_agents_play_the_matches_they_played_before(pair: str) -> None:
    assert changed_seeds(SPEC, DIGESTS, pair) == []


if __name__ == "__main__":
    write_digests(SPEC, DIGESTS, PAIRS)
