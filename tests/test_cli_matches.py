"""`sparring matches`, `sparring matches show` and `sparring matches export` as a user runs
them: listings, one match read back through its replay and its digests, exports that carry
them, and one-line errors with exit code 2."""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from sparring.arena.store import MatchRecord, Store
from sparring.core.digest import KEY_ENV, sha256_hex
from tests.core.test_replay import Cheater, Uniform, flip_first_dodge, record


def run(
    *args: str, cwd: Path | None = None, key: str | None = None
) -> subprocess.CompletedProcess[str]:
    """The command line, with the signing key `key` in its environment (or none)."""
    env = {k: v for k, v in os.environ.items() if k != KEY_ENV}
    return subprocess.run(
        [sys.executable, "-m", "sparring", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={**env, "COLUMNS": "200", **({} if key is None else {KEY_ENV: key})},
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
        match_id = store.save(dataclasses.replace(original, replay="\n".join(lines) + "\n"))
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


# -- digests: show, export, and the replays they make ----------------------------------------


def test_show_prints_the_digest_and_checks_the_stored_replay_against_it(db: str) -> None:
    with Store(db) as store:
        digest = store.get(1).sha256
    assert digest is not None
    result = run("matches", "show", "1", "--db", db, "--no-events")
    assert result.returncode == 0, result.stderr
    assert f"sha256    {digest}" in result.stdout and "hmac      none (not signed)" in result.stdout
    assert f"digest: sha256 {digest} matches the digest kept when it was saved" in result.stdout
    assert "could have changed the replay and its digest together" in result.stdout


def edit_stored_replay(url: str, match_id: int) -> None:
    """Change one decision's time in the database, behind the store's back."""
    path = url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as raw:
        (text,) = raw.execute("SELECT replay FROM matches WHERE id = ?", (match_id,)).fetchone()
        edited = text.replace('"time":', '"time":9', 1)
        raw.execute("UPDATE matches SET replay = ? WHERE id = ?", (edited, match_id))


def fresh_store(tmp_path: Path, key: str | None = None) -> tuple[str, str]:
    """A store holding one match, signed with `key` if given: its URL and the replay."""
    url = f"sqlite:///{tmp_path / 'one.db'}"
    text, _ = record(2)
    with Store(url, key=None if key is None else key.encode()) as store:
        store.save(MatchRecord.from_replay(text))
    return url, text


def test_a_replay_edited_in_the_database_is_caught_and_not_exported(tmp_path: Path) -> None:
    url, _ = fresh_store(tmp_path)
    edit_stored_replay(url, 1)
    shown = run("matches", "show", "1", "--db", url, "--no-events")
    assert shown.returncode == 1
    assert "Replay verified" in shown.stdout  # re-simulation cannot see a time ...
    assert "digest mismatch" in shown.stdout  # ... the digest does
    exported = run("matches", "export", "1", "--db", url)
    assert_one_line_error(exported, "match 1 cannot be exported: sha256")


def export(url: str, tmp_path: Path, *args: str, key: str | None = None) -> Path:
    path = tmp_path / f"export{len(list(tmp_path.iterdir()))}.jsonl"
    result = run("matches", "export", "1", "--db", url, "--out", str(path), *args, key=key)
    assert result.returncode == 0, result.stderr
    return path


def test_an_export_ends_with_the_stores_digest_and_verifies(tmp_path: Path) -> None:
    url, text = fresh_store(tmp_path)
    path = export(url, tmp_path)
    assert (
        path.read_text()
        == text
        + json.dumps(
            {"type": "digest", "sha256": sha256_hex(text), "match": 1}, separators=(",", ":")
        )
        + "\n"
    )
    on_stdout = run("matches", "export", "1", "--db", url)
    assert on_stdout.stdout == path.read_text()
    checked = run("replay", str(path), "--no-events", "--digest", sha256_hex(text))
    assert checked.returncode == 0, checked.stdout
    assert "matches the trailer of match 1" in checked.stdout
    assert "is the digest given: the file is that copy" in checked.stdout


@pytest.mark.parametrize(
    ("old", "new"),
    [('"time":', '"time":3'), ('"name":"uniform"', '"name":"greedy"')],
    ids=["time", "seat label"],
)
def test_an_edited_byte_in_an_export_is_caught(tmp_path: Path, old: str, new: str) -> None:
    url, _ = fresh_store(tmp_path)
    path = export(url, tmp_path)
    path.write_text(path.read_text().replace(old, new, 1))
    result = run("replay", str(path), "--no-events")
    assert result.returncode == 1
    assert "Replay verified" in result.stdout and "digest mismatch" in result.stdout


def test_a_rewritten_trailer_is_caught_by_the_digest_show_prints(tmp_path: Path) -> None:
    url, text = fresh_store(tmp_path)
    path = export(url, tmp_path)
    forged = text.replace('"time":', '"time":3', 1)
    trailer = {"type": "digest", "sha256": sha256_hex(forged), "match": 1}
    path.write_text(forged + json.dumps(trailer) + "\n")
    alone = run("replay", str(path), "--no-events")
    assert alone.returncode == 0 and "could also have rewritten the trailer" in alone.stdout
    checked = run("replay", str(path), "--no-events", "--digest", sha256_hex(text))
    assert checked.returncode == 1 and "is not the digest given" in checked.stdout


def test_a_signed_export_catches_a_forger_without_the_key(tmp_path: Path) -> None:
    url, _ = fresh_store(tmp_path, key="our key")
    path = export(url, tmp_path)
    lines = path.read_text().splitlines()
    trailer = json.loads(lines[-1])
    forged = "\n".join(lines[:-1]).replace('"time":', '"time":3', 1) + "\n"
    trailer["sha256"] = sha256_hex(forged)  # the signature cannot be redone without the key
    path.write_text(forged + json.dumps(trailer) + "\n")
    checked = run("replay", str(path), "--no-events", key="our key")
    assert checked.returncode == 1
    assert "the signature does not match the key in SPARRING_REPLAY_KEY" in checked.stdout
    unkeyed = run("replay", str(path), "--no-events")
    assert unkeyed.returncode == 0 and "the signature is not checked" in unkeyed.stdout
    genuine = run("replay", str(export(url, tmp_path)), "--no-events", key="our key")
    assert genuine.returncode == 0 and "the signature matches" in genuine.stdout


def test_a_seat_export_carries_a_digest_of_its_own_text(tmp_path: Path) -> None:
    url, text = fresh_store(tmp_path)
    path = export(url, tmp_path, "--as-seat", "1")
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["audience"] == 1
    body = "".join(line + "\n" for line in lines[:-1])
    assert json.loads(lines[-1]) == {"type": "digest", "sha256": sha256_hex(body), "match": 1}
    assert sha256_hex(text) not in path.read_text()  # no oracle for the hidden full replay
    checked = run("replay", str(path))
    assert checked.returncode == 0, checked.stdout
    assert "cannot be re-simulated" in checked.stdout and "matches the trailer" in checked.stdout
    path.write_text(path.read_text().replace('"time":', '"time":3', 1))
    assert run("replay", str(path)).returncode == 1
    both = run("matches", "export", "1", "--db", url, "--as-seat", "0", "--spectator")
    assert_one_line_error(both, "choose one audience")


def test_a_match_saved_before_digests_reads_and_exports_with_notes(tmp_path: Path) -> None:
    url, text = fresh_store(tmp_path)
    with sqlite3.connect(url.removeprefix("sqlite:///")) as raw:
        raw.execute("UPDATE matches SET sha256 = NULL")
    shown = run("matches", "show", "1", "--db", url, "--no-events")
    assert shown.returncode == 0, shown.stdout
    assert "none (saved before the store kept digests)" in shown.stdout
    exported = run("matches", "export", "1", "--db", url)
    assert exported.returncode == 0
    assert exported.stdout == text  # no trailer: one taken now would vouch for nothing
    assert "exported without one" in exported.stderr
    path = tmp_path / "old.jsonl"
    path.write_text(exported.stdout)
    checked = run("replay", str(path), "--no-events")
    assert checked.returncode == 0 and "no digest available" in checked.stdout


# -- the store is checked before a match is played -------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["play", "aquawar", "--p0", "random", "--p1", "random", "--quiet"],
        ["match", "aquawar", "--seat", "builtin:random", "--seat", "builtin:random", "--quiet"],
    ],
    ids=["play", "match"],
)
def test_a_store_that_cannot_keep_the_match_is_refused_before_it_is_played(
    tmp_path: Path, command: list[str]
) -> None:
    memory = run(*command, "--db", "sqlite:///")
    assert_one_line_error(memory, "names no database file")
    assert memory.stdout == ""  # nothing was played
    url, _ = fresh_store(tmp_path)
    read_only = f"sqlite:///file:{url.removeprefix('sqlite:///')}?mode=ro&uri=true"
    refused = run(*command, "--db", read_only)
    assert_one_line_error(refused, "cannot write to")
    assert "readonly database" in refused.stderr and refused.stdout == ""
