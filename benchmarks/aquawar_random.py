"""Aquawar throughput: random-vs-random best-of-three matches in one process.

Run: ``python benchmarks/aquawar_random.py [GAMES]``; prints one JSON line (the same numbers
as ``sparring bench aquawar --json``).
"""

from __future__ import annotations

import json
import sys

from sparring.core.bench import bench_matches
from sparring.core.registry import get_game

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(json.dumps(bench_matches(get_game("aquawar"), games)))
