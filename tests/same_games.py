"""Same games after speed work (issue 15): a game's benchmark pairs play exactly the
matches they played before, for seeds 0..49.

Each game keeps ``data/bench_digests.json`` beside its test module, written by the engine
*before* any speed change (commit 89911c0) by running that module as a script. Each entry
is the SHA-256 of one match's replay (every decision, chance outcome and the result, times
zeroed, header left out for its clock time) followed by its event log, so a change to the
legal lists' order, to a greedy choice, to a draw or to an event fails there by seed.
Regenerate only when a test shows the old result was wrong.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from sparring.core.game import GameSpec
from sparring.core.playout import play_match
from sparring.core.trace import Trace

SEEDS = range(50)


def match_digest(spec: GameSpec, seed: int, pair: str) -> str:
    """The SHA-256 of a match between the built-in agents `pair` ("a,b"), seeded as
    `sparring bench` seeds them: the replay without its header, times zeroed, then the
    event log."""
    names = pair.split(",")
    agents = [spec.agents[name](seat, seed * 2 + seat) for seat, name in enumerate(names)]
    trace = Trace(spec, seed, None, [{"name": name} for name in names])
    state = play_match(spec, seed, None, agents, recorder=trace)
    records = [json.loads(line) for line in trace.write().splitlines()[1:]]
    for record in records:
        if record["type"] == "decision":
            record["time"] = 0.0
    text = json.dumps(records, sort_keys=True) + "\n" + repr(list(state.events))
    return hashlib.sha256(text.encode()).hexdigest()


def changed_seeds(spec: GameSpec, digests: Path, pair: str) -> list[int]:
    """The seeds whose match between `pair` differs from the one recorded in `digests`."""
    expected = json.loads(digests.read_text())[pair]
    return [seed for seed in SEEDS if match_digest(spec, seed, pair) != expected[seed]]


def write_digests(spec: GameSpec, digests: Path, pairs: tuple[str, ...]) -> None:
    """Record the matches of `pairs` as the engine plays them now."""
    table = {pair: [match_digest(spec, seed, pair) for seed in SEEDS] for pair in pairs}
    digests.write_text(json.dumps(table, indent=1) + "\n")
