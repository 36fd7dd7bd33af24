"""Warfish throughput: 2-player greedy-vs-greedy games on the classic map with cards on
(the issue's measure), in one process.

Run: ``python benchmarks/warfish_bench.py [GAMES]``; prints one JSON line (the same numbers
as ``sparring bench warfish --json``: matches per second, decisions per match, ...).
"""

from __future__ import annotations

import json
import sys

from sparring.core.bench import bench_matches
from sparring.core.registry import get_game

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    print(json.dumps(bench_matches(get_game("warfish"), games)))
