"""What the interleaving benchmarks share: `sparring bench` of one source tree run in a
fresh process, two trees' runs interleaved (A B A B ...) so that a shared machine's noise
hits both alike, and the medians and ratio of the samples.

Used by ``interleave.py`` (this checkout against another source tree) and ``compare.py``
(two git revisions).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

#: Runs `sparring bench ...` of whichever `sparring` the child's PYTHONPATH finds first,
#: and prints a second JSON line: the CPU time the command took in that process. A
#: one-match run of the same command goes first, its output dropped, so that the clock
#: covers the command's matches in a warm process (modules imported, tables built) plus
#: its own warm-up match, not the interpreter's start-up. Other processes on a shared
#: machine slow a command's wall time much more than its CPU time.
RUNNER = """\
import contextlib, io, json, sys, time
from sparring.cli import main

def run(args):
    sys.argv = ["sparring", *args]
    try:
        main()
    except SystemExit as end:
        if end.code:
            raise

args = sys.argv[1:]
with contextlib.redirect_stdout(io.StringIO()):
    run([*args, "--games", "1"])
started = time.process_time()
run(args)
print(json.dumps({"cpu_seconds": time.process_time() - started}))
"""
#: Below this many pairs a ratio is too noisy to report against a target.
MIN_PAIRS = 5

Sample = TypeVar("Sample")


def bench_json(source: Path, args: Sequence[str]) -> dict[str, Any]:
    """`sparring bench ARGS --json` (ARGS starting with the game) of the source tree
    `source` (a ``src`` folder), run by this interpreter in a fresh process with
    ``PYTHONPATH=source``: its JSON line, with the process's ``cpu_seconds`` added."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, "bench", *args, "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{source}: bench {' '.join(args)} failed: {done.stderr[-400:]}")
    bench, cpu = done.stdout.splitlines()
    result: dict[str, Any] = {**json.loads(bench), **json.loads(cpu)}
    return result


def interleave(
    pairs: Mapping[str, tuple[Callable[[], Sample], Callable[[], Sample]]],
    rounds: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, tuple[list[Sample], list[Sample]]]:
    """Each round, every pair's A then its B, in order: per name, A's samples and B's.
    Rounds go outermost, so every measurement's samples spread over the whole run."""
    samples: dict[str, tuple[list[Sample], list[Sample]]] = {name: ([], []) for name in pairs}
    for number in range(1, rounds + 1):
        for name, (first, second) in pairs.items():
            samples[name][0].append(first())
            samples[name][1].append(second())
        if progress is not None:
            progress(number)
    return samples


def summary(before: Sequence[float], after: Sequence[float]) -> tuple[float, float, float, float]:
    """(median before, median after, the ratio after / before of those two medians as
    returned, the median of the per-round ratios): above 1, `after` is the faster where
    the samples are rates."""
    first, second = round(statistics.median(before), 2), round(statistics.median(after), 2)
    paired = statistics.median(b / a for a, b in zip(before, after, strict=True))
    return first, second, round(second / first, 3), round(paired, 3)
