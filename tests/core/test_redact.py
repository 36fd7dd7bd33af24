"""Replays exported for one seat or a spectator carry nothing that audience may not see."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sparring.core.errors import BadInput
from sparring.core.redact import VIEW_FORMAT, redact_replay
from sparring.core.replay import parse_replay
from tests.core.test_replay import Cheater, Uniform, flip_first_dodge, record

PRIVATE_KINDS = ("team", "skill_detail")


def export(seed: int, seat: int | None, agents: list[Any] | None = None) -> list[dict]:
    text, _ = record(seed, agents)
    return [json.loads(line) for line in redact_replay(parse_replay(text.splitlines()), seat)]


def all_events(lines: list[dict]) -> list[dict]:
    return [event for line in lines for event in line.get("events", [])]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_export_has_only_its_own_secrets(seed: int, seat: int) -> None:
    lines = export(seed, seat)
    header = lines[0]
    assert header["format"] == VIEW_FORMAT and header["audience"] == seat
    assert "seed" not in header
    events = all_events(lines)
    assert not any(e["kind"] == "round_teams" for e in events)
    private = [e for e in events if e["kind"] in PRIVATE_KINDS]
    assert private and all(e["seat"] == seat for e in private)
    decisions = [line for line in lines if line["type"] == "decision"]
    assert all((d["action"] is None) == (d["seat"] != seat) for d in decisions)
    assert "rounds" not in lines[-1] and "summary" not in lines[-1]
    assert all(
        fish["fish"] is None or fish["fish"] in _revealed(events, seat)
        for fish in lines[-1]["view"].get("enemy_team", [])
    )


def _revealed(events: list[dict], seat: int) -> set[int]:
    return {
        e["guess"] for e in events if e["kind"] == "assert" and e["success"] and e["seat"] == seat
    }


@pytest.mark.parametrize("seed", range(4))
def test_a_spectator_export_has_no_secrets_at_all(seed: int) -> None:
    lines = export(seed, None)
    assert lines[0]["audience"] == "spectator"
    events = all_events(lines)
    assert not any(e["kind"] in (*PRIVATE_KINDS, "round_teams") for e in events)
    assert all(line.get("action") is None for line in lines if line["type"] == "decision")


def test_public_events_are_the_same_for_every_audience() -> None:
    public = [
        [e for e in all_events(export(3, audience)) if e["kind"] not in PRIVATE_KINDS]
        for audience in (0, 1, None)
    ]
    assert public[0] == public[1] == public[2]


def test_another_seats_verdict_reason_is_withheld() -> None:
    # The cheater's illegal pick names fish; only the cheater's own export may say so.
    def failed(seat: int) -> list[dict]:
        lines = export(4, seat, [Uniform(4), Cheater(9)])
        return [x for x in lines if x["type"] == "decision" and x["verdict"] == "IA"]

    theirs, mine = failed(0), failed(1)
    assert theirs and "reason" not in theirs[0]
    assert mine and "illegal action" in mine[0]["reason"]


def test_exporting_for_a_seat_that_is_not_there_is_refused() -> None:
    text, _ = record(1)
    with pytest.raises(BadInput, match="seat of this match"):
        redact_replay(parse_replay(text.splitlines()), 2)


def test_a_replay_that_does_not_verify_is_not_exported() -> None:
    text, _ = record(5)
    lines = flip_first_dodge(text)
    with pytest.raises(BadInput, match="does not verify"):
        redact_replay(parse_replay(lines), 0)


def test_cli_export_options(tmp_path: Path) -> None:
    text, _ = record(2)
    path = tmp_path / "full.jsonl"
    path.write_text(text)
    out = tmp_path / "seat1.jsonl"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "sparring", "replay", str(path), *args],
            capture_output=True,
            text=True,
            timeout=60,
        )

    assert run("--as-seat", "1", "--out", str(out)).returncode == 0
    assert json.loads(out.read_text().splitlines()[0])["audience"] == 1
    spectator = run("--spectator")
    assert spectator.returncode == 0
    assert json.loads(spectator.stdout.splitlines()[0])["audience"] == "spectator"
    both = run("--spectator", "--as-seat", "0")
    assert both.returncode == 2 and "choose one audience" in both.stderr
