"""Same games after speed work: Aquawar's benchmark pairs play exactly the matches they
played before (see `tests/same_games.py`). Regenerate only when a test shows the old result
was wrong: ``python -m tests.aquawar.test_bench_digests``."""

from __future__ import annotations

from pathlib import Path

import pytest

from sparring.games.aquawar.spec import SPEC
from tests.same_games import changed_seeds, write_digests

DIGESTS = Path(__file__).parent / "data" / "bench_digests.json"
PAIRS = ("random,random", "greedy,greedy")


@pytest.mark.parametrize("pair", PAIRS)
def test_the_bench_agents_play_the_matches_they_played_before(pair: str) -> None:
    assert changed_seeds(SPEC, DIGESTS, pair) == []


if __name__ == "__main__":
    write_digests(SPEC, DIGESTS, PAIRS)
