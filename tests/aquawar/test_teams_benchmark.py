"""`benchmarks/aquawar_teams.py`: the search plays random teams for the fit's rounds, and a
fit pulled towards the shipped weights stays with them where the rounds say little."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sparring.games.aquawar.teams import FIRST_MOVER_EDGE, FISH_WEIGHT

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "aquawar_teams.py"


def run(*arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *arguments],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT / 'benchmarks'}", "PATH": "/usr/bin:/bin"},
    )
    return done.stdout


def test_the_search_plays_a_random_team_of_unused_fish_every_round(tmp_path: Path) -> None:
    rounds = tmp_path / "rounds.jsonl"
    run("play", "--matches", "1", "--seed", "3", "--out", str(rounds), "--iterations", "4")
    rows = [json.loads(line) for line in rounds.read_text().splitlines()]
    assert [row["round"] for row in rows] == [1, 2, 3]
    for seat in (0, 1):
        fish = [f for row in rows for f in row["teams"][seat]]
        assert sorted(fish) == list(range(1, 13))  # every fish once over the three rounds
    assert all(row["winner"] in (0, 1) for row in rows)
    again = tmp_path / "again.jsonl"
    run("play", "--matches", "1", "--seed", "3", "--out", str(again), "--iterations", "4")
    assert again.read_text() == rounds.read_text()


def test_a_fit_from_the_shipped_weights_stays_with_them_under_a_heavy_penalty(
    tmp_path: Path,
) -> None:
    rounds = tmp_path / "rounds.jsonl"
    run("play", "--matches", "10", "--seed", "1", "--out", str(rounds))
    shipped = json.loads(run("fit", str(rounds), "--ridge", "1e9", "--from-shipped"))
    zero = json.loads(run("fit", str(rounds), "--ridge", "1e9"))
    assert shipped["fish"] == {str(f): round(w, 3) for f, w in FISH_WEIGHT.items()}
    assert shipped["first_mover"] == round(FIRST_MOVER_EDGE, 3)
    assert all(abs(w) < 0.001 for w in zero["fish"].values())
    assert set(shipped["held_out_score"]) == {"model", "fish_only", "shipped"}
