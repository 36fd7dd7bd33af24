"""`benchmarks/aquawar_contest.py`: the assertions it reports for our seat are the ones
the match's log holds, each described from the view the seat had when it asserted."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sparring.agents.catalog import make_agent
from sparring.arena.store import MatchRecord, Store
from sparring.core.events import event_json
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.replay import ReplayWriter
from sparring.games.aquawar.events import ASSERTION

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "aquawar_contest.py"
OURS = "ismcts?iterations=30"
SEED = 7


def played(db: str) -> list[dict[str, Any]]:
    """Store one match of a small search (seat 0) against greedy; its assertion events."""
    spec = get_game("aquawar")
    options = spec.options_from_json({})
    seats = [{"kind": "builtin", "name": OURS}, {"kind": "builtin", "name": "greedy"}]
    agents = [make_agent(spec, OURS, 0, SEED), make_agent(spec, "greedy", 1, SEED)]
    text = io.StringIO()
    writer = ReplayWriter(text, spec, SEED, options, seats)
    state = play_match(spec, SEED, options, agents, recorder=writer)
    with Store(db) as store:
        store.save(MatchRecord.from_replay(text.getvalue()))
    return [event_json(e) for e in state.events if e[0] == ASSERTION]


def report(db: str, *extra: str) -> dict[str, Any]:
    command = [sys.executable, str(SCRIPT), "--db", db, "--opponent", "builtin:greedy"]
    done = subprocess.run(
        [*command, "--ours", f"builtin:{OURS}", "--samples", "2", *extra],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[dict[str, Any]]]:
    db = f"sqlite:///{tmp_path_factory.mktemp('contest') / 'matches.db'}"
    return db, played(db)


def test_reports_every_assertion_of_our_seat_as_the_log_has_it(
    stored: tuple[str, list[dict[str, Any]]],
) -> None:
    db, events = stored
    ours = [e for e in events if e["seat"] == 0]
    assert ours, "the fixture's match should hold assertions of seat 0"
    out = report(db)
    (match,) = out["matches"]
    assert match["seat"] == 0
    made = [(a["pos"], a["guess"], a["right"]) for a in match["assertions"]]
    assert made == [(e["pos"], e["guess"], e["success"]) for e in ours]
    theirs = [e for e in events if e["seat"] == 1]
    described = [(a["pos"], a["guess"], a["right"]) for a in match["their_assertions"]]
    assert described == [(e["pos"], e["guess"], e["success"]) for e in theirs]
    total = out["total"]["assertions"]
    assert (total["made"], total["right"]) == (len(ours), sum(e["success"] for e in ours))


def test_each_assertion_is_described_from_the_asserting_view(
    stored: tuple[str, list[dict[str, Any]]],
) -> None:
    db, _ = stored
    (match,) = report(db)["matches"]
    for assertion in match["assertions"] + match["their_assertions"]:
        assert 0.0 <= assertion["belief"] <= 1.0
        assert assertion["candidates"] >= 1
        assert 0 <= assertion["revealed"] + assertion["inferred"] <= 3
        if assertion["candidates"] == 1:
            # The inference is sound: one identity left is the true one, so a guess of it
            # is right and its belief is whole.
            assert assertion["belief"] == 1.0
            assert assertion["right"]
    assert match["assertion_phases"] >= len(match["assertions"])


def test_matches_of_other_seats_are_left_out(stored: tuple[str, list[dict[str, Any]]]) -> None:
    db, _ = stored
    command = [sys.executable, str(SCRIPT), "--db", db, "--opponent", "builtin:random"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["total"]["matches"] == 0
