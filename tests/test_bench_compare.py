"""`benchmarks/compare.py BASE HEAD`: two commits of this repository checked out in scratch
worktrees, measured interleaved, and removed again; and `benchmarks/interleave.py`, which
shares its runner."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
COMPARE = ROOT / "benchmarks" / "compare.py"
INTERLEAVE = ROOT / "benchmarks" / "interleave.py"
MEASUREMENTS = {"aquawar", "warfish", "foodchain", "tactics", "aquawar_greedy"}
FIGURES = {
    "base_median",
    "head_median",
    "ratio",
    "paired_ratio_median",
    "base_samples",
    "head_samples",
}


def git(*args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=True
    ).stdout.strip()


def has_history() -> bool:
    done = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", "HEAD~1"],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


pytestmark = pytest.mark.skipif(not has_history(), reason="needs a git checkout with history")


def compare(scratch: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """compare.py with its scratch worktrees made under `scratch`."""
    env = {**os.environ, "TMPDIR": str(scratch)}
    return subprocess.run(
        [sys.executable, str(COMPARE), *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        check=False,
    )


def assert_no_worktree_left(scratch: Path) -> None:
    listed = git("worktree", "list", "--porcelain")
    assert str(scratch) not in listed
    assert not any(scratch.iterdir()), f"left behind: {list(scratch.iterdir())}"


def assert_consistent(row: dict[str, Any], rounds: int) -> None:
    """Medians of the samples printed, and the ratio of those medians, both for the rates
    per wall second and, under "cpu", per CPU second."""
    assert set(row) == {"command", "metric", "cpu", *FIGURES}
    assert set(row["cpu"]) == {"metric", *FIGURES}
    assert_figures(row, rounds)
    assert_figures(row["cpu"], rounds)


def assert_figures(row: dict[str, Any], rounds: int) -> None:
    assert len(row["base_samples"]) == len(row["head_samples"]) == rounds
    assert all(value > 0 for value in row["base_samples"] + row["head_samples"])
    assert row["base_median"] == round(statistics.median(row["base_samples"]), 2)
    assert row["head_median"] == round(statistics.median(row["head_samples"]), 2)
    assert row["ratio"] == round(row["head_median"] / row["base_median"], 3)
    pairs = zip(row["base_samples"], row["head_samples"], strict=True)
    assert row["paired_ratio_median"] == round(statistics.median(h / b for b, h in pairs), 3)


def test_two_commits_are_measured_interleaved_and_their_worktrees_removed(
    tmp_path: Path,
) -> None:
    done = compare(
        tmp_path, "HEAD~1", "HEAD", "--only", "foodchain", "--rounds", "2", "--games", "2"
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, "one JSON line"
    report = json.loads(lines[0])
    assert report["base"] == {"revision": "HEAD~1", "commit": git("rev-parse", "HEAD~1")}
    assert report["head"] == {"revision": "HEAD", "commit": git("rev-parse", "HEAD")}
    assert report["rounds"] == 2
    assert list(report["measurements"]) == ["foodchain"]
    for name, row in report["measurements"].items():
        assert_consistent(row, 2)
        assert row["metric"] == "matches_per_second"
        assert row["cpu"]["metric"] == "matches_per_cpu_second"
        assert row["command"] == f"sparring bench {name} --games 2 --seed 0"
    assert "fewer than 5 rounds" in done.stderr
    assert_no_worktree_left(tmp_path)


@pytest.mark.slow
def test_every_measurement_of_the_issue_by_default(tmp_path: Path) -> None:
    done = compare(tmp_path, "HEAD", "HEAD", "--rounds", "1", "--games", "1")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["measurements"]
    assert set(rows) == MEASUREMENTS
    for row in rows.values():
        assert_consistent(row, 1)
    assert rows["aquawar_greedy"]["metric"] == "actions_per_second"
    assert rows["aquawar_greedy"]["cpu"]["metric"] == "decisions_per_cpu_second"
    assert "--agents greedy,greedy" in rows["aquawar_greedy"]["command"]
    assert_no_worktree_left(tmp_path)


def test_a_revision_that_cannot_be_measured_still_has_its_worktrees_removed(
    tmp_path: Path,
) -> None:
    """The repository's first commit has no command line to run."""
    first = git("rev-list", "--max-parents=0", "HEAD").splitlines()[0]
    done = compare(tmp_path, first, "HEAD", "--only", "tactics", "--rounds", "1", "--games", "1")
    assert done.returncode != 0
    assert "bench tactics --games 1 --seed 0 failed" in done.stderr
    assert done.stdout == ""
    assert_no_worktree_left(tmp_path)


def test_an_unknown_revision_is_named(tmp_path: Path) -> None:
    done = compare(tmp_path, "no-such-revision", "HEAD")
    assert done.returncode != 0
    assert "'no-such-revision' names no commit" in done.stderr
    assert_no_worktree_left(tmp_path)


def test_an_unknown_measurement_is_refused(tmp_path: Path) -> None:
    done = compare(tmp_path, "HEAD", "HEAD", "--only", "chess")
    assert done.returncode == 2
    assert "invalid choice: 'chess'" in done.stderr


def test_interleave_compares_this_checkout_with_a_source_tree() -> None:
    done = subprocess.run(
        [sys.executable, str(INTERLEAVE), "--baseline", str(ROOT / "src"), "tactics",
         "--rounds", "2", "--games", "2"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    row = report["results"]["tactics"]
    assert row["ratio"] == round(
        row["new_matches_per_second"] / row["baseline_matches_per_second"], 3
    )
    assert row["cpu_ratio"] == round(
        row["new_matches_per_cpu_second"] / row["baseline_matches_per_cpu_second"], 3
    )
    assert (report["rounds"], report["games"]) == (2, 2)
