"""`sparring replay` and `sparring bench` as a user runs them: exit codes and output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.core.test_replay import flip_first_dodge, record


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args], capture_output=True, text=True, timeout=120
    )


def test_replay_verifies_and_prints_round_by_round(tmp_path: Path) -> None:
    text, state = record(8)
    path = tmp_path / "match.jsonl"
    path.write_text(text)
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert "Replay verified" in result.stdout
    assert "Round 1 begins" in result.stdout
    assert f"Match won by seat {state.winner}" in result.stdout


def test_replay_reports_divergence_with_exit_1(tmp_path: Path) -> None:
    text, _ = record(5)
    lines = flip_first_dodge(text)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines))
    result = run("replay", str(path), "--no-events")
    assert result.returncode == 1
    assert "divergence" in result.stdout


def test_corrupt_replay_is_one_line_error_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "junk.jsonl"
    path.write_text("{not json\n")
    result = run("replay", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_replay_file_exit_2() -> None:
    result = run("replay", "/nonexistent/replay.jsonl")
    assert result.returncode == 2
    assert "does not exist" in result.stderr


def test_bench_json_prints_machine_readable_numbers() -> None:
    result = run("bench", "aquawar", "--games", "5", "--json")
    assert result.returncode == 0, result.stderr
    numbers = json.loads(result.stdout)
    assert numbers["matches"] == 5 and numbers["game"] == "aquawar"
    for key in ("matches_per_second", "actions_per_second", "peak_rss_mib", "decisions"):
        assert numbers[key] > 0


def test_bench_unknown_game_and_bad_count_are_clear_errors() -> None:
    unknown = run("bench", "chess")
    assert unknown.returncode == 2 and "unknown game 'chess'" in unknown.stderr
    zero = run("bench", "aquawar", "--games", "0")
    assert zero.returncode == 2 and "at least 1" in zero.stderr
