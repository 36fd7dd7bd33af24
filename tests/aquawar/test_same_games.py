"""Same games: the bench agents play exactly the matches they played before the speed
work of issue 15.

`data/bench_digests.json` was written by the code of commit 89911c0 (before any of that
work) by running this file as a script: for seeds 0-49, random v random and greedy v
greedy, seeded as `sparring bench` seeds them, one SHA-256 per match over every decision
(seat and action), every view handed to an agent, the whole event log, the whole chance
log, the returns and the summary. An engine or agent change that alters any game — a
different draw, event, view or greedy choice — fails here, naming the match.

Regenerate only from a commit whose games are known right:
``PYTHONPATH=<that tree>/src python tests/aquawar/test_same_games.py``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from sparring.core.conformance import dumps
from sparring.core.playout import play_match
from sparring.core.registry import get_game

FIXTURE = Path(__file__).parent / "data" / "bench_digests.json"
SEEDS = range(50)
PAIRINGS = (("random", "random"), ("greedy", "greedy"))


class _Recorded:
    """An agent wrapper writing each view it is handed and each action it answers into the
    match's record."""

    def __init__(self, agent: Any, seat: int, record: hashlib._Hash) -> None:
        self._agent = agent
        self._seat = seat
        self._record = record
        self.needs_view = agent.needs_view
        self.needs_log = getattr(agent, "needs_log", True)

    def act(self, view: Any, legal: Any) -> Any:
        action = self._agent.act(view, legal)
        self._record.update(msgspec.json.encode(view))
        self._record.update(dumps([self._seat, action]).encode())
        return action


def match_digest(agents: tuple[str, str], seed: int) -> str:
    """The digest of one match of `agents`, each seeded as `sparring bench` seeds it."""
    spec = get_game("aquawar")
    record = hashlib.sha256()
    players = [
        _Recorded(spec.agents[name](seat, seed * 2 + seat), seat, record)
        for seat, name in enumerate(agents)
    ]
    state = play_match(spec, seed, None, players)
    record.update(dumps([list(e) for e in state.events]).encode())
    record.update(dumps(state.rng.log).encode())
    record.update(dumps([list(state.returns()), spec.summarize(state)]).encode())
    return record.hexdigest()


def _key(agents: tuple[str, str]) -> str:
    return ",".join(agents)


@pytest.mark.parametrize("agents", PAIRINGS, ids=_key)
def test_bench_matches_play_as_recorded(agents: tuple[str, str]) -> None:
    recorded = json.loads(FIXTURE.read_text())[_key(agents)]
    assert len(recorded) == len(SEEDS)
    for seed in SEEDS:
        assert match_digest(agents, seed) == recorded[seed], f"{agents} seed {seed} changed"


if __name__ == "__main__":
    digests = {_key(pair): [match_digest(pair, seed) for seed in SEEDS] for pair in PAIRINGS}
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(digests, indent=1) + "\n")
