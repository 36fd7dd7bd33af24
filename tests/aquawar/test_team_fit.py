"""`benchmarks/aquawar_teams.py`: the rounds it plays are random teams over whole matches,
and its fit recovers a known team model from rounds drawn by that model."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from itertools import combinations
from pathlib import Path

from sparring.core.rng import Rng
from sparring.games.aquawar.plan import round_one_plan

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "aquawar_teams.py"
STRONG, WEAK = 5, 4


def run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_play_writes_every_round_of_random_teams(tmp_path: Path) -> None:
    out = tmp_path / "rounds.jsonl"
    run("play", "--matches", "2", "--seed", "3", "--out", str(out))
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 6  # all three rounds of each match
    for match in (rows[:3], rows[3:]):
        for seat in (0, 1):
            fish = [f for row in match for f in row["teams"][seat]]
            assert sorted(fish) == list(range(1, 13))  # each fish plays exactly once
        assert all(row["winner"] in (0, 1) and row["first"] in (0, 1) for row in match)


def test_fit_recovers_a_known_model(tmp_path: Path) -> None:
    # Rounds drawn from a model where one fish is worth 2 and another -2, every other
    # fish and pair 0, and no opener's edge.
    rng = Rng(11)
    teams = list(combinations(range(1, 13), 4))
    lines = []
    for _ in range(1500):
        a, b = teams[rng.below(len(teams), "a")], teams[rng.below(len(teams), "b")]

        def worth(team: tuple[int, ...]) -> float:
            return 2.0 * (STRONG in team) - 2.0 * (WEAK in team)

        p = 1 / (1 + math.exp(worth(b) - worth(a)))
        winner = 0 if rng.below(10_000, "w") < p * 10_000 else 1
        row = {"teams": [list(a), list(b)], "first": rng.below(2, "f"), "winner": winner}
        lines.append(json.dumps(row))
    path = tmp_path / "rounds.jsonl"
    path.write_text("\n".join(lines) + "\n")
    report = json.loads(run("fit", str(path)))
    fish = {int(k): v for k, v in report["fish"].items()}
    assert max(fish, key=lambda f: fish[f]) == STRONG
    assert min(fish, key=lambda f: fish[f]) == WEAK
    assert abs(report["first_mover"]) < 0.2
    held = report["held_out_score"]["model"]
    assert held["log_loss"] < math.log(2) and held["accuracy"] > 0.6


def test_play_with_memory_numbers_the_rounds_and_fit_keeps_the_rounds_asked(
    tmp_path: Path,
) -> None:
    out = tmp_path / "rounds.jsonl"
    run("play", "--matches", "2", "--seed", "3", "--memory", "--out", str(out))
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["round"] for row in rows] == [1, 2, 3, 1, 2, 3]
    report = json.loads(run("fit", str(out), "--rounds", "2", "3", "--holdout", "0.5"))
    assert report["rounds"] == 4


def test_a_remembering_rival_never_counts_our_earlier_fish_as_candidates() -> None:
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        from aquawar_teams import RandomTeamGreedy, remember_rivals
    finally:
        sys.path.remove(str(SCRIPT.parent))
    from sparring.core.playout import play_match
    from sparring.games.aquawar.knowledge import Knowledge
    from sparring.games.aquawar.options import AquawarOptions
    from sparring.games.aquawar.spec import SPEC
    from sparring.games.aquawar.views import AquawarView

    seen: list[tuple[int, set[int], frozenset[int]]] = []

    class Watched(RandomTeamGreedy):
        def _infer(self, view: AquawarView) -> Knowledge:
            knowledge = super()._infer(view)
            if view.enemy_team:
                seen.append((view.round, set(self.rival_played), knowledge.excluded))
            return knowledge

    agents = [Watched(0, 1, memory=True), RandomTeamGreedy(1, 2, memory=False)]
    state = play_match(
        SPEC, 5, AquawarOptions(play_all_rounds=True), agents, on_events=remember_rivals(agents)
    )
    assert {r for r, _, _ in seen} == {1, 2, 3}
    for number, played, excluded in seen:
        assert len(played) == 4 * (number - 1) and played <= excluded
    assert state.round_results[2]["round"] == 3


def test_the_split_benchmark_plays_each_split_through_all_three_rounds() -> None:
    script = SCRIPT.parent / "aquawar_splits.py"
    done = subprocess.run(
        [sys.executable, str(script), "--matches", "2", "--part", "5/70"],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout)
    assert report["first"] == sorted(round_one_plan()[0])
    ((split, won),) = report["splits"].items()
    fish = [int(f) for f in split.split(",")]
    assert len(fish) == 4 and not set(fish) & set(report["first"])
    assert won["played"] == 2 and 0 <= won["round2"] <= 2 and 0 <= won["round3"] <= 2
