"""Same games after speed work: the benchmark matches play exactly as the engine did at
commit 89911c0 (the base of issue 15).

For seeds 0..49, greedy v greedy (the `sparring bench warfish` pair) and random v random
are played as `sparring bench` plays them (2 players, classic map, default options; agent
seeds ``seed * 2 + seat``). Each match is reduced to the SHA-256 of its decisions (seat and
action JSON, so greedy's choices are pinned too), its chance log, its events and its
returns; `data/bench_digests.json` holds the digests made by the base commit's code.

Regenerate only on purpose (a rules fix that a test shows), with the code to pin on the
path: ``PYTHONPATH=<tree>/src python tests/warfish/test_bench_digests.py``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from sparring.core.events import event_json
from sparring.core.playout import play_match
from sparring.core.registry import get_game

FIXTURE = Path(__file__).parent / "data" / "bench_digests.json"
SEEDS = range(50)
PAIRS = ("greedy,greedy", "random,random")


class _Recorded:
    """An agent wrapper writing each decision (seat, action JSON) into a shared list."""

    def __init__(self, agent: Any, seat: int, decisions: list[Any]) -> None:
        self._agent = agent
        self._seat = seat
        self._decisions = decisions
        self.needs_view = agent.needs_view
        self.needs_log = getattr(agent, "needs_log", True)

    def act(self, view: Any, legal: Any) -> Any:
        action = self._agent.act(view, legal)
        self._decisions.append((self._seat, action.to_json()))
        return action


def match_digest(pair: str, seed: int) -> str:
    """The SHA-256 of one benchmark match: decisions, chance log, events and returns."""
    spec = get_game("warfish")
    names = pair.split(",")
    options = spec.options_from_json({"players": len(names)})
    decisions: list[Any] = []
    agents = [
        _Recorded(spec.agents[name](seat, seed * 2 + seat), seat, decisions)
        for seat, name in enumerate(names)
    ]
    state = play_match(spec, seed, options, agents)
    record = {
        "decisions": decisions,
        "chance": state.rng.log,
        "events": [event_json(e) for e in state.events],
        "returns": list(state.returns()),
    }
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def digests() -> dict[str, list[str]]:
    return {pair: [match_digest(pair, seed) for seed in SEEDS] for pair in PAIRS}


@pytest.mark.parametrize("pair", PAIRS)
def test_benchmark_matches_play_as_at_the_base_commit(pair: str) -> None:
    expected = json.loads(FIXTURE.read_text())[pair]
    got = [match_digest(pair, seed) for seed in SEEDS]
    changed = [seed for seed in SEEDS if got[seed] != expected[seed]]
    assert not changed, f"{pair}: seeds {changed} play differently from the base commit"


if __name__ == "__main__":
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(digests(), indent=1) + "\n")
