"""Same games after speed work (issue 15): a game's benchmark pairs play exactly the
matches they played before, for seeds 0..49.

A game that keeps ``tests/<game>/data/bench_digests.json`` (written by the code of commit
89911c0, before any of that work, by running this module with that tree first on the
path: ``PYTHONPATH=<tree>/src python -m tests.same_games GAME PAIR...``, e.g. ``aquawar
random,random greedy,greedy``; it uses only what that commit has) is checked by
`tests/test_same_games.py` for every pair the file holds. One SHA-256 per match, seeded as
`sparring bench` seeds it, over every decision (seat and action), every view handed to an
agent, the whole event log, the whole chance log, the returns and the summary: an engine or
agent change that alters any game — a draw, an event, a view, a greedy choice — fails by
seed. Regenerate only from a commit whose games are known right.

One field is left out of the recorded views: a Warfish map's ``coordinates``, added after
the digests were recorded for the browser board to draw the map. It is display data —
no rule, agent or draw reads it — and leaving it out keeps the check against the matches
of commit 89911c0.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import msgspec

from sparring.core.conformance import dumps
from sparring.core.game import GameSpec
from sparring.core.playout import play_match

SEEDS = range(50)


class _Recorded:
    """An agent wrapper writing each view it is handed and each action it answers into the
    match's digest."""

    def __init__(self, agent: Any, seat: int, record: Any) -> None:
        self._agent = agent
        self._seat = seat
        self._record = record
        self.needs_view = agent.needs_view
        self.needs_log = getattr(agent, "needs_log", True)

    def act(self, view: Any, legal: Any) -> Any:
        action = self._agent.act(view, legal)
        self._record.update(recorded_view(view))
        self._record.update(dumps([self._seat, action]).encode())
        return action


def recorded_view(view: Any) -> bytes:
    """A view's JSON as the digests record it: without a map's drawing coordinates."""
    encoded = msgspec.json.encode(view)
    points = getattr(getattr(view, "map", None), "coordinates", None)
    if points:
        drawing = b',"coordinates":' + msgspec.json.encode(points)
        assert encoded.count(drawing) == 1
        encoded = encoded.replace(drawing, b"")
    return encoded


def match_digest(spec: GameSpec, seed: int, pair: str) -> str:
    """The digest of one match between the built-in agents `pair` ("a,b")."""
    names = pair.split(",")
    record = hashlib.sha256()
    players = [
        _Recorded(spec.agents[name](seat, seed * 2 + seat), seat, record)
        for seat, name in enumerate(names)
    ]
    options = None  # the game's defaults, but as many players as agents (as bench does)
    if hasattr(spec.options_from_json(None), "players"):
        options = spec.options_from_json({"players": len(names)})
    state = play_match(spec, seed, options, players)
    record.update(dumps([list(event) for event in state.events]).encode())
    record.update(dumps(list(state.rng.log)).encode())
    record.update(dumps([list(state.returns()), spec.summarize(state)]).encode())
    return record.hexdigest()


def changed_seeds(spec: GameSpec, digests: Path, pair: str) -> list[int]:
    """The seeds whose match between `pair` differs from the one recorded in `digests`."""
    expected = json.loads(digests.read_text())[pair]
    assert len(expected) == len(SEEDS)
    return [seed for seed in SEEDS if match_digest(spec, seed, pair) != expected[seed]]


def digests_of(game: str) -> Path:
    """Where the game's recorded digests are kept."""
    return Path(__file__).parent / game / "data" / "bench_digests.json"


def write_digests(spec: GameSpec, digests: Path, pairs: list[str]) -> None:
    """Record the matches of `pairs` as the engine on the path plays them."""
    table = {pair: [match_digest(spec, seed, pair) for seed in SEEDS] for pair in pairs}
    digests.parent.mkdir(exist_ok=True)
    digests.write_text(json.dumps(table, indent=1) + "\n")


if __name__ == "__main__":
    import sys

    from sparring.core.registry import get_game

    write_digests(get_game(sys.argv[1]), digests_of(sys.argv[1]), sys.argv[2:])
