"""`benchmarks/aquawar_belief.py`: it builds the belief of every decision view of seat 0
and reports them by round."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "aquawar_belief.py"


def test_every_decision_view_s_belief_is_timed_by_round() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--matches", "1", "--seed", "4"],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": f"{ROOT / 'src'}:{ROOT / 'benchmarks'}", "PATH": "/usr/bin:/bin"},
    )
    report = json.loads(done.stdout)
    assert report["views"] > 10
    assert report["beliefs_per_cpu_second"] > 0
    rounds = report["ms_by_round"]
    assert set(rounds) <= {"1", "2", "3"} and "1" in rounds
    assert all(0 < r["median"] <= r["slowest"] for r in rounds.values())
