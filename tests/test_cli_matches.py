"""`sparring matches` and `sparring matches show` as a user runs them: listings, one match
read back through its replay, and one-line errors with exit code 2."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sparring.arena.store import MatchRecord, Store
from tests.core.test_replay import Cheater, Uniform, flip_first_dodge, record


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={**os.environ, "COLUMNS": "200"},
    )


def assert_one_line_error(result: subprocess.CompletedProcess[str], expected: str) -> None:
    assert result.returncode == 2, result.stdout
    assert result.stderr.startswith("error: ")
    assert expected in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Three aquawar matches (the third with an illegal-action verdict) and one warfish row."""
    url = f"sqlite:///{tmp_path_factory.mktemp('cli') / 'matches.db'}"
    with Store(url) as store:
        for seed in (1, 2):
            store.save(MatchRecord.from_replay(record(seed)[0]))
        cheat = MatchRecord.from_replay(record(4, [Cheater(4), Uniform(5)])[0])
        store.save(dataclasses.replace(cheat, seats=[{"kind": "bot", "command": "bot [/x]"}] * 2))
        other = MatchRecord.from_replay(record(3)[0])
        store.save(dataclasses.replace(other, game="warfish"))
    return url


def test_list_shows_newest_first(db: str) -> None:
    result = run("matches", "--db", db)
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if "aquawar" in line or "warfish" in line]
    assert [row.split()[1] for row in rows] == ["4", "3", "2", "1"]
    assert "seat 0 IA" in rows[1] and "bot [/x] vs bot [/x]" in rows[1]
    assert "uniform vs uniform" in rows[2]


def test_list_filters_by_game_and_limits(db: str) -> None:
    only = run("matches", "--db", db, "--game", "AquaWar", "--limit", "2")
    assert only.returncode == 0, only.stderr
    assert "warfish" not in only.stdout
    assert "│  3 │" in only.stdout and "│  2 │" in only.stdout and "│  1 │" not in only.stdout
    none = run("matches", "--db", db, "--game", "tactics")
    assert none.returncode == 0 and none.stdout.strip() == f"no tactics matches in {db}"


def test_show_prints_the_record_then_the_verified_replay(db: str) -> None:
    result = run("matches", "show", "3", "--db", db)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith(f"match 3 in {db}")
    assert "seed      4" in out and "seat 0 IA at decision" in out and "bot [/x]" in out
    assert out.index("timings") < out.index("Aquawar replay") < out.index("Round 1 begins")
    assert "Replay verified" in out


def test_db_given_before_show_is_used(db: str) -> None:
    result = run("matches", "--db", db, "show", "1", "--no-events")
    assert result.returncode == 0, result.stderr
    assert "Round 1 begins" not in result.stdout and "Replay verified" in result.stdout


def test_a_stored_replay_that_diverges_exits_1(tmp_path: Path) -> None:
    text, _ = record(5)
    lines = flip_first_dodge(text)
    url = f"sqlite:///{tmp_path / 'bad.db'}"
    with Store(url) as store:
        original = MatchRecord.from_replay(text)
        match_id = store.save(dataclasses.replace(original, replay="\n".join(lines)))
    result = run("matches", "show", str(match_id), "--db", url, "--no-events")
    assert result.returncode == 1
    assert "divergence" in result.stdout


def test_unknown_and_malformed_ids_are_one_line_errors(db: str) -> None:
    assert_one_line_error(run("matches", "show", "99", "--db", db), f"no match with id 99 in {db}")
    assert_one_line_error(run("matches", "show", "abc", "--db", db), "whole number")


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("bogus", "is not a database URL"),
        ("sqlite:////nonexistent-dir/x/y.db", "cannot open database"),
        ("nosuchdb://host/db", "unknown database kind"),
    ],
)
def test_bad_database_urls_are_one_line_errors(url: str, expected: str) -> None:
    assert_one_line_error(run("matches", "--db", url), expected)


def test_default_database_is_sparring_db_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SPARRING_DB")
    result = run("matches", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "no matches in sqlite:///sparring.db"
    assert (tmp_path / "sparring.db").is_file()
