"""Throughput of this checkout against another, interleaved: `sparring bench GAME` run in
fresh processes, alternating between the two source trees (A B A B ...), so a shared
machine's noise hits both alike; medians and their ratio.

Run: ``python benchmarks/interleave.py --baseline OTHER/src GAME [GAME ...] [--rounds 7]
[--games N]``, e.g. with a worktree of the commit before a change (``git worktree add
/tmp/base HEAD~1``). Prints one JSON line: per game, both medians of matches per second
and the ratio new / baseline (above 1: faster); and the same per second of CPU time
(``cpu_ratio``, see `benchrun.RUNNER`), which a busy machine disturbs far less. To
compare two git revisions without making the worktrees by hand, see ``compare.py``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchrun import bench_json, interleave, summary

HERE = Path(__file__).resolve().parents[1] / "src"


def _rates(source: Path, game: str, games: int) -> tuple[float, float]:
    """Matches per second of wall time, as bench prints it, and per second of CPU time."""
    result = bench_json(source, [game, "--games", str(games)])
    return result["matches_per_second"], round(result["matches"] / result["cpu_seconds"], 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games_to_run", nargs="+", metavar="GAME")
    parser.add_argument("--baseline", required=True, type=Path)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=200, help="matches per bench run")
    options = parser.parse_args()
    samples = interleave(
        {
            game: (
                lambda game=game: _rates(options.baseline, game, options.games),
                lambda game=game: _rates(HERE, game, options.games),
            )
            for game in options.games_to_run
        },
        options.rounds,
    )
    results = {}
    for game, (baseline, new) in samples.items():
        baseline_median, new_median, ratio, paired = summary(
            [wall for wall, _ in baseline], [wall for wall, _ in new]
        )
        baseline_cpu, new_cpu, cpu_ratio, _ = summary(
            [cpu for _, cpu in baseline], [cpu for _, cpu in new]
        )
        results[game] = {
            "baseline_matches_per_second": baseline_median,
            "new_matches_per_second": new_median,
            "ratio": ratio,
            "paired_ratio_median": paired,
            "baseline_matches_per_cpu_second": baseline_cpu,
            "new_matches_per_cpu_second": new_cpu,
            "cpu_ratio": cpu_ratio,
        }
    print(json.dumps({"rounds": options.rounds, "games": options.games, "results": results}))


if __name__ == "__main__":
    main()
