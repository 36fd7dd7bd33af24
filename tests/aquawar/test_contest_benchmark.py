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
from sparring.core.replay import Decision, ReplayWriter, parse_written_replay, verify_replay
from sparring.games.aquawar.events import ASSERTION
from sparring.games.aquawar.state import AquawarState

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "aquawar_contest.py"
OURS = "ismcts?iterations=30"
SEED = 7


def played(db: str) -> list[dict[str, Any]]:
    """Store one match of a small search (seat 0) against greedy; its events."""
    spec = get_game("aquawar")
    options = spec.options_from_json({})
    seats = [{"kind": "builtin", "name": OURS}, {"kind": "builtin", "name": "greedy"}]
    agents = [make_agent(spec, OURS, 0, SEED), make_agent(spec, "greedy", 1, SEED)]
    text = io.StringIO()
    writer = ReplayWriter(text, spec, SEED, options, seats)
    state = play_match(spec, SEED, options, agents, recorder=writer)
    with Store(db) as store:
        store.save(MatchRecord.from_replay(text.getvalue()))
    return [event_json(e) for e in state.events]


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
    db, log = stored
    events = [e for e in log if e["kind"] == ASSERTION]
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


def actions_by_hidden_fish(log: list[dict[str, Any]], seat: int) -> tuple[int, int]:
    """`seat`'s actions by fish no assertion had revealed yet, and how many were skills."""
    revealed: set[int] = set()
    actions = skills = 0
    for event in log:
        if event["kind"] == "round_start":
            revealed = set()
        elif event["kind"] == ASSERTION and event["success"] and event["seat"] != seat:
            revealed.add(event["pos"])
        elif event["kind"] == "action" and event["seat"] == seat and event["actor"] not in revealed:
            actions += 1
            skills += event["type"] != "normalattack"
    return actions, skills


def test_rounds_and_giveaways_follow_the_log(stored: tuple[str, list[dict[str, Any]]]) -> None:
    """Rounds by number as the log ended them, and each seat's actions by unrevealed fish
    and their skills as the log has them; a pinning action pins at least one fish."""
    db, log = stored
    out = report(db)
    (match,) = out["matches"]
    ends = [e for e in log if e["kind"] == "round_end"]
    assert match["rounds_won_by_number"] == [e["round"] for e in ends if e["winner"] == 0]
    assert match["rounds_lost_by_number"] == [e["round"] for e in ends if e["winner"] == 1]
    by_number = out["total"]["rounds_by_number"]
    assert sum(entry["played"] for entry in by_number.values()) == len(ends)
    for seat, side in enumerate(match["giveaways"]):
        assert (side["actions"], side["skills"]) == actions_by_hidden_fish(log, seat)
        assert side["pinning"] <= side["pinned"] <= 4 * side["pinning"]
    assert out["total"]["our_giveaways"]["actions"] == match["giveaways"][0]["actions"]


def hp_moved_by_assertions(db: str) -> list[tuple[int, int]]:
    """Re-simulate the stored match and read, from the engine's own teams, the HP each
    assertion moved: (seat, HP the side it hit lost)."""
    with Store(db) as store:
        (listed,) = store.list(game="aquawar")
        assert listed.id is not None
        record = store.get(listed.id)
    assert record.replay is not None
    last: list[tuple[int, list[int]]] = []
    moved: list[tuple[int, int]] = []

    def after_decision(state: AquawarState, decision: Decision) -> None:
        now = (state.round, [sum(fish.hp for fish in team) for team in state.teams])
        action = decision.action or {}
        if action.get("type") == "assert":
            event = next(event_json(e) for e in reversed(state.events) if e[0] == ASSERTION)
            hit = 1 - decision.seat if event["success"] else decision.seat
            round_before, hp_before = last[-1]
            # An assertion that ends the round has left every fish of that side dead.
            hp_after = now[1][hit] if now[0] == round_before else 0
            moved.append((decision.seat, hp_before[hit] - hp_after))
        last.append(now)

    assert verify_replay(parse_written_replay(record.replay), after_decision).ok
    return moved


def test_the_hp_each_assertion_moved_is_the_engine_s(
    stored: tuple[str, list[dict[str, Any]]],
) -> None:
    """Each assertion's HP is what the engine's teams lost to it, and the per-round totals
    add them up by side and by right and wrong."""
    db, _ = stored
    out = report(db)
    (match,) = out["matches"]
    engine = hp_moved_by_assertions(db)
    ours = [hp for seat, hp in engine if seat == 0]
    theirs = [hp for seat, hp in engine if seat == 1]
    assert [a["hp"] for a in match["assertions"]] == ours
    assert [a["hp"] for a in match["their_assertions"]] == theirs
    assert all(0 < hp <= 200 for hp in ours + theirs)
    by_round = out["total"]["hp_by_round"]
    for key, side in (("ours", match["assertions"]), ("theirs", match["their_assertions"])):
        took = sum(entry[f"{key}_took"] for entry in by_round.values())
        cost = sum(entry[f"{key}_cost"] for entry in by_round.values())
        assert took == sum(a["hp"] for a in side if a["right"])
        assert cost == sum(a["hp"] for a in side if not a["right"])
