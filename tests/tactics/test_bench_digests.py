"""Same games after speed work (issue 15): the benchmark pairs play exactly the matches they
played before, for seeds 0..49.

`data/bench_digests.json` was written by the engine *before* any speed change (commit
89911c0), by running this module as a script. Each entry is the SHA-256 of one match's
replay (every decision, chance outcome and the result, times zeroed, header left out for
its clock time) followed by its event log, so a change to the legal lists' order, to a
greedy choice, to a draw or to an event fails here by seed.

Regenerate only when a test shows the old result was wrong: ``python
tests/tactics/test_bench_digests.py``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from sparring.core.game import GameSpec
from sparring.core.playout import play_match
from sparring.core.replay import ReplayWriter
from sparring.games.tactics.spec import SPEC

DIGESTS = Path(__file__).parent / "data" / "bench_digests.json"
SEEDS = range(50)
PAIRS = ("random,random", "greedy,greedy")


def match_digest(spec: GameSpec, seed: int, pair: str) -> str:
    """The SHA-256 of a match between the built-in agents `pair`, seeded as `sparring bench`
    seeds them: the replay without its header, times zeroed, then the event log."""
    names = pair.split(",")
    agents = [spec.agents[name](seat, seed * 2 + seat) for seat, name in enumerate(names)]
    writer = ReplayWriter(None, spec, seed, None, [{"name": name} for name in names])
    state = play_match(spec, seed, None, agents, recorder=writer)
    records = [json.loads(line) for line in writer.text().splitlines()[1:]]
    for record in records:
        if record["type"] == "decision":
            record["time"] = 0.0
    text = json.dumps(records, sort_keys=True) + "\n" + repr(list(state.events))
    return hashlib.sha256(text.encode()).hexdigest()


def all_digests(spec: GameSpec) -> dict[str, list[str]]:
    return {pair: [match_digest(spec, seed, pair) for seed in SEEDS] for pair in PAIRS}


@pytest.mark.parametrize("pair", PAIRS)
def test_the_bench_agents_play_the_matches_they_played_before(pair: str) -> None:
    expected = json.loads(DIGESTS.read_text())[pair]
    changed = [seed for seed in SEEDS if match_digest(SPEC, seed, pair) != expected[seed]]
    assert changed == []


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(all_digests(SPEC), indent=1) + "\n")
