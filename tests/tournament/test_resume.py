"""A tournament killed with SIGKILL at random moments, resumed each time, ends exactly as an
uninterrupted run with the same settings: the same standings, head-to-head and paired
results, one match per scheduled game (nothing lost, nothing twice), and no worker left
running after any kill.

The kills fall at every stage: before the tournament is stored, as soon as it is (while
its schedule is written), after a chosen number of games are recorded, and after random
delays. Each run's processes carry a marker in their environment, which every process
they start inherits, so the test finds any that outlived the driver.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from .support import living_processes
from .test_cli_tournament import (
    entrant_flags,
    leaderboard_json,
    one_json_line,
    sparring,
    store_url,
    without_identity,
)

#: A game whose built-in agents take some milliseconds a game, so that kills fall mid-play.
GAME = "aquawar"
#: Four entrants, two seats a table: 6 pairings of 12 games, 72 games in all.
ENTRANTS = ("r1=builtin:random", "r2=builtin:random", "g1=builtin:greedy", "g2=builtin:greedy")
TOTAL = 72
SETTINGS = (GAME, *entrant_flags(ENTRANTS), "--players", "2", "--games", "12", "--seed", "7")
WORKERS = ("--workers", "2")
KILL_SEED = 14
#: After this many kills the tournament is left to finish.
KILLS = 12
POLL_SECONDS = 0.005
#: How long a killed driver's workers may take to notice and die.
ORPHAN_SECONDS = 10.0
MARK = "SPARRING_E2E_RESUME_MARK"


@dataclass(frozen=True)
class Progress:
    """What the store holds of the tournament: whether it exists, its scheduled games and
    how many of them are recorded."""

    exists: bool
    scheduled: int
    recorded: int


def progress(db: Path, name: str) -> Progress:
    """Read straight from the SQLite file, as the driver writes it (nothing yet: empty)."""
    if not db.exists():
        return Progress(False, 0, 0)
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10) as connection:
            row = connection.execute(
                "SELECT t.id, count(g.id), count(g.match_id) FROM tournaments t "
                "LEFT JOIN tournament_games g ON g.tournament_id = t.id WHERE t.name = ? "
                "GROUP BY t.id",
                (name,),
            ).fetchone()
    except sqlite3.OperationalError:  # the tables are being created
        return Progress(False, 0, 0)
    return Progress(False, 0, 0) if row is None else Progress(True, row[1], row[2])


def marked(marker: str) -> list[int]:
    """Live processes whose environment holds `marker`."""
    needle = f"{MARK}={marker}".encode()
    return living_processes("environ", lambda environ: needle in environ.split(b"\0"))


def wait_for_no_survivors(marker: str) -> list[int]:
    """The processes of a killed run still alive after `ORPHAN_SECONDS` (none, normally)."""
    deadline = time.monotonic() + ORPHAN_SECONDS
    while (alive := marked(marker)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive


def start_tournament(cwd: Path, args: tuple[str, ...], marker: str) -> subprocess.Popen[str]:
    """``sparring tournament ARGS``, running, its processes marked with `marker`."""
    return subprocess.Popen(
        [sys.executable, "-m", "sparring", "tournament", *args],
        cwd=cwd,
        env={**os.environ, MARK: marker},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_until(process: subprocess.Popen[str], condition: Callable[[], bool]) -> None:
    """Poll until `condition()` holds or the process has ended."""
    while process.poll() is None and not condition():
        time.sleep(POLL_SECONDS)


def kill_moment(
    kill: int, rng: random.Random, db: Path, name: str, span: float
) -> Callable[[subprocess.Popen[str]], None]:
    """How the `kill`-th run is waited on before it is killed. The first dies before the
    tournament is stored, the second as soon as it is (its schedule being written); then
    in turn: once a few more games are recorded, at a random moment after play has
    resumed, and after a random part of `span` (how long a whole run took)."""
    done = progress(db, name).recorded
    if kill == 0:
        delay = rng.uniform(0.0, 0.3)  # the interpreter is still starting
        return lambda process: time.sleep(delay)
    if kill == 1:
        return lambda process: wait_until(process, lambda: progress(db, name).exists)
    if kill % 3 == 2:
        target = done + rng.randint(1, max(1, (TOTAL - done) // 5))
        return lambda process: wait_until(process, lambda: progress(db, name).recorded >= target)
    if kill % 3 == 0:
        pause = rng.uniform(0.0, 0.2)

        def after_play_resumed(process: subprocess.Popen[str]) -> None:
            wait_until(process, lambda: progress(db, name).recorded > done)
            time.sleep(pause)

        return after_play_resumed
    delay = rng.uniform(0.1, 0.7) * span
    return lambda process: time.sleep(delay)


@pytest.mark.slow
def test_a_tournament_killed_and_resumed_again_and_again_ends_as_an_uninterrupted_one(
    tmp_path: Path,
) -> None:
    reference_db = store_url(tmp_path / "reference.db")
    started = time.monotonic()
    straight = sparring(tmp_path, "tournament", *SETTINGS, *WORKERS, "--name", "straight",
                        "--db", reference_db, "--quiet")  # fmt: skip
    assert straight.returncode == 0, straight.stderr
    span = time.monotonic() - started
    reference = leaderboard_json(tmp_path, "straight", reference_db)
    assert reference["games_played"] == TOTAL

    db, name = tmp_path / "killed.db", "killed"
    rng = random.Random(KILL_SEED)
    seen: list[Progress] = []  # the store after each kill
    running: list[int] = []  # the marked processes just before each kill
    for kill in range(KILLS + 1):
        args: tuple[str, ...]
        if progress(db, name).exists:
            args = (GAME, "--resume", name, *WORKERS, "--db", store_url(db), "--quiet")
        else:  # killed before it was stored: start it again
            args = (*SETTINGS, *WORKERS, "--name", name, "--db", store_url(db), "--quiet")
        marker = uuid.uuid4().hex
        process = start_tournament(tmp_path, args, marker)
        if kill < KILLS:
            kill_moment(kill, rng, db, name, span)(process)
            running.append(len(marked(marker)))
            process.kill()
        process.wait(timeout=120)
        survivors = wait_for_no_survivors(marker)
        for pid in survivors:  # they would hold the pipes open: end them, then fail
            os.kill(pid, signal.SIGKILL)
        assert not survivors, f"run {kill} left processes behind"
        stdout, stderr = process.communicate(timeout=30)
        if process.returncode == 0:
            break
        assert process.returncode == -9, stderr
        seen.append(progress(db, name))
    assert process.returncode == 0, stderr
    assert one_json_line(stdout)["games_played"] == TOTAL

    assert len(seen) >= 3, seen
    assert max(running) >= 3  # the driver and its two workers carry the marker
    assert not seen[0].exists  # killed before anything was stored
    assert any(0 < state.recorded < TOTAL for state in seen), seen  # killed mid-play
    resumed = leaderboard_json(tmp_path, name, store_url(db))
    assert without_identity(resumed) == without_identity(reference)
    assert_one_match_per_game(db)


def assert_one_match_per_game(db: Path) -> None:
    """Every scheduled game has its own match, and the store holds no other match."""
    with sqlite3.connect(db) as connection:

        def count(query: str) -> int:
            value: int = connection.execute(query).fetchone()[0]
            return value

        assert count("SELECT count(*) FROM tournament_games") == TOTAL
        assert count("SELECT count(DISTINCT match_id) FROM tournament_games") == TOTAL
        assert count("SELECT count(*) FROM tournament_games WHERE match_id IS NULL") == 0
        assert count("SELECT count(*) FROM matches") == TOTAL
        linked = "SELECT count(*) FROM matches m JOIN tournament_games g ON g.match_id = m.id"
        assert count(linked) == TOTAL
