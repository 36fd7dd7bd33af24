"""Start-up cost of the command line: the time spent importing modules (``python -X
importtime``, summed over the top-level imports) and the wall time of whole commands, for
this checkout against another one, interleaved (A B A B ...) with medians, so a shared
machine's noise hits both alike.

Run: ``python benchmarks/startup.py --baseline PATH/TO/OTHER/src [--rounds 7]``, e.g. with
a worktree of the commit before a change (``git worktree add /tmp/base HEAD~1``). Prints
one JSON line: per command, the medians of both trees and the ratio new / baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "src"
#: The commands measured: the help screen, and a quiet match saved to the default store.
COMMANDS = {
    "help": ["--help"],
    "play_quiet": ["play", "aquawar", "--p0", "random", "--p1", "random", "--seed", "1", "--quiet"],
    "play_quiet_nosave": [
        "play", "aquawar", "--p0", "random", "--p1", "random", "--seed", "1", "--quiet",
        "--no-save",
    ],
}  # fmt: skip
RUNNER = "import sys; from sparring.cli import main; sys.argv[0] = 'sparring'; main()"


def _import_seconds(stderr: str) -> float:
    """The sum of the cumulative times of top-level imports in an importtime report."""
    total = 0
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.split("|")
        if name.startswith(" ") and not name.startswith("  ") and cumulative.strip().isdigit():
            total += int(cumulative)
    return total / 1e6


def _run(source: Path, args: list[str], store: str) -> tuple[float, float]:
    env = {**os.environ, "PYTHONPATH": str(source), "SPARRING_DB": store}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", RUNNER, *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    if done.returncode not in (0,):
        raise SystemExit(f"{source}: {' '.join(args)} failed: {done.stderr[-400:]}")
    return _import_seconds(done.stderr), wall


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", required=True, type=Path)
    parser.add_argument("--rounds", type=int, default=7)
    options = parser.parse_args()
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        store = f"sqlite:///{Path(scratch) / 'bench.db'}"
        for name, args in COMMANDS.items():
            samples: dict[str, list[tuple[float, float]]] = {"baseline": [], "new": []}
            for _ in range(options.rounds):
                samples["baseline"].append(_run(options.baseline, args, store))
                samples["new"].append(_run(HERE, args, store))
            row: dict[str, float] = {}
            for tree, values in samples.items():
                row[f"{tree}_import_s"] = round(statistics.median(v[0] for v in values), 4)
                row[f"{tree}_wall_s"] = round(statistics.median(v[1] for v in values), 4)
            row["import_ratio"] = round(row["new_import_s"] / row["baseline_import_s"], 3)
            row["wall_ratio"] = round(row["new_wall_s"] / row["baseline_wall_s"], 3)
            results[name] = row
    print(json.dumps({"rounds": options.rounds, "commands": results}))


if __name__ == "__main__":
    main()
