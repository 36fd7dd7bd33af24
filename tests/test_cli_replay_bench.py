"""`sparring replay` and `sparring bench` as a user runs them: exit codes and output, and
what `sparring replay` says about a replay's digests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sparring.core.digest import sha256_hex
from tests.core.test_replay import edited, flip_first_dodge, record


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


def test_a_forged_result_exits_1_naming_it(tmp_path: Path) -> None:
    text, state = record(8)
    path = tmp_path / "forged.jsonl"
    path.write_text("\n".join(edited(text, -1, winner=1 - state.winner)) + "\n")
    result = run("replay", str(path), "--no-events")
    assert result.returncode == 1
    assert f"divergence: result diverges: replay says winner {1 - state.winner}" in result.stdout


def test_a_replay_without_digest_says_what_is_unproven(tmp_path: Path) -> None:
    text, _ = record(8)
    path = tmp_path / "match.jsonl"
    path.write_text(text)
    result = run("replay", str(path), "--no-events")
    assert result.returncode == 0, result.stdout
    assert "note: no digest available" in result.stdout


def test_the_stores_digest_proves_a_replay_file(tmp_path: Path) -> None:
    text, _ = record(8)
    path = tmp_path / "match.jsonl"
    path.write_text(text)
    proven = run("replay", str(path), "--no-events", "--digest", sha256_hex(text).upper())
    assert proven.returncode == 0, proven.stdout
    assert "is the digest given: the file is that copy" in proven.stdout
    path.write_text(text.replace('"time":', '"time":2', 1))  # re-simulation cannot see it
    forged = run("replay", str(path), "--no-events", "--digest", sha256_hex(text))
    assert forged.returncode == 1
    assert "Replay verified" in forged.stdout and "digest mismatch" in forged.stdout


def test_a_malformed_digest_is_a_one_line_error_exit_2(tmp_path: Path) -> None:
    text, _ = record(8)
    path = tmp_path / "match.jsonl"
    path.write_text(text)
    result = run("replay", str(path), "--digest", "12ab")
    assert result.returncode == 2
    assert result.stderr == "error: a digest is 64 hex digits (sha256), got '12ab'\n"


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
