"""Throughput of this checkout against another, interleaved: `sparring bench GAME` run in
fresh processes, alternating between the two source trees (A B A B ...), so a shared
machine's noise hits both alike; medians and their ratio.

Run: ``python benchmarks/interleave.py --baseline OTHER/src GAME [GAME ...] [--rounds 7]
[--games N]``, e.g. with a worktree of the commit before a change (``git worktree add
/tmp/base HEAD~1``). Prints one JSON line: per game, both medians of matches per second
and the ratio new / baseline (above 1: faster).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "src"
RUNNER = "import sys; from sparring.cli import main; sys.argv[0] = 'sparring'; main()"


def _rate(source: Path, game: str, games: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, "bench", game, "--games", str(games), "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{source}: bench {game} failed: {done.stderr[-400:]}")
    rate: float = json.loads(done.stdout)["matches_per_second"]
    return rate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games_to_run", nargs="+", metavar="GAME")
    parser.add_argument("--baseline", required=True, type=Path)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=200, help="matches per bench run")
    options = parser.parse_args()
    results = {}
    for game in options.games_to_run:
        baseline: list[float] = []
        new: list[float] = []
        for _ in range(options.rounds):
            baseline.append(_rate(options.baseline, game, options.games))
            new.append(_rate(HERE, game, options.games))
        results[game] = {
            "baseline_matches_per_second": statistics.median(baseline),
            "new_matches_per_second": statistics.median(new),
            "ratio": round(statistics.median(new) / statistics.median(baseline), 3),
            "paired_ratio_median": round(
                statistics.median(n / b for n, b in zip(new, baseline, strict=True)), 3
            ),
        }
    print(json.dumps({"rounds": options.rounds, "games": options.games, "results": results}))


if __name__ == "__main__":
    main()
