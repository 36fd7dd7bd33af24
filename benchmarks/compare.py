"""Two git revisions of sparring side by side: the throughput measurements of issue 15,
interleaved in one run, with both medians and the ratio HEAD / BASE of each.

Run: ``python benchmarks/compare.py BASE HEAD [--rounds 7] [--games N] [--only NAME]``,
e.g. ``python benchmarks/compare.py 89911c0 HEAD``. Both revisions are checked out with
``git worktree add --detach`` into a scratch folder, measured, and removed again (whatever
happens), so only committed code is compared: edits not yet committed are not measured.

Each measurement (`MEASUREMENTS`) is one `sparring bench ... --json` in a fresh process,
BASE then HEAD, every measurement once per round (A B A B ..., rounds outermost, so a
shared machine's noise hits both alike); the figures are medians over the rounds, and
the ratio is HEAD's median over BASE's (above 1: HEAD is faster). Use at least 5 rounds
for a ratio worth reporting (the default is 7).

The checkouts are not installed: both run with this interpreter and
``PYTHONPATH=<checkout>/src``, so the dependencies installed in this environment serve
both, and a game is found through this environment's installed entry points (a game
registered only by one of the revisions' ``pyproject.toml`` is not seen). Each checkout is
first asked which `sparring` it imports, so a tree shadowed by another is refused rather
than measured. Code compiled in place (extension modules) is not in a fresh checkout: a
revision is measured as pure Python, unless ``--compiled`` asks for HEAD's compiled build:
then HEAD's wheel is built with the mypyc hook switched on (``pip wheel``, a few minutes)
and unpacked into the scratch folder, and HEAD runs from there (BASE stays pure); every
HEAD run must then report ``"compiled": true``.

Prints one JSON line: the revisions and their commits, the rounds, and per measurement its
command, its metric (the rate `sparring bench` prints, per second of wall time), both
medians, the ratio, the median of the per-round ratios and every sample; and under
``cpu`` the same for the rate per second of the process's CPU time (from the game's
import to the command's end, so one warm-up match is included), which other processes
on a shared machine disturb far less than wall time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchrun import MIN_PAIRS, bench_json, interleave, summary

REPOSITORY = Path(__file__).resolve().parents[1]
#: One run's (rate per wall second, rate per CPU second).
Sample = tuple[float, float]


@dataclass(frozen=True)
class Measurement:
    """One `sparring bench` command: the rate read from its JSON line (`metric`, per
    second of wall time), what that rate counts (`counted`, also divided by the process's
    CPU seconds), and the matches per run unless ``--games`` says otherwise (`games`,
    sized for about a second's work)."""

    args: tuple[str, ...]
    metric: str
    counted: str
    games: int

    def cpu_metric(self) -> str:
        return f"{self.counted}_per_cpu_second"


#: The issue's measurements: matches per second of each game's benchmark pair (Warfish's
#: is greedy v greedy with cards on; the others random v random), and the decisions per
#: second of Aquawar's greedy agent, the search-heavy one.
MEASUREMENTS = {
    "aquawar": Measurement(("aquawar",), "matches_per_second", "matches", 400),
    "warfish": Measurement(("warfish",), "matches_per_second", "matches", 200),
    "foodchain": Measurement(("foodchain",), "matches_per_second", "matches", 400),
    "tactics": Measurement(("tactics",), "matches_per_second", "matches", 300),
    "aquawar_greedy": Measurement(
        ("aquawar", "--agents", "greedy,greedy"), "actions_per_second", "decisions", 20
    ),
}


def _run_git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-C", str(REPOSITORY), *args], capture_output=True, text=True, check=False
    )


def _git(*args: str) -> str:
    done = _run_git(*args)
    if done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def commit_of(revision: str) -> str:
    """The full commit a revision names, or exit naming the revision."""
    done = _run_git("rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    if done.returncode != 0:
        raise SystemExit(f"{revision!r} names no commit of {REPOSITORY}")
    return done.stdout.strip()


@contextlib.contextmanager
def checkouts(commits: dict[str, str], compiled: frozenset[str]) -> Iterator[dict[str, Path]]:
    """Each commit checked out (detached) in a scratch worktree: the folder its `sparring` is
    imported from, by the same key — the checkout's ``src``, or for a key in `compiled` its
    compiled wheel unpacked. The worktrees are removed on the way out, whatever happened."""
    made: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="sparring-compare-") as scratch:
        try:
            sources = {}
            for key, commit in commits.items():
                tree = Path(scratch) / key
                _git("worktree", "add", "--detach", "--quiet", str(tree), commit)
                made.append(tree)
                root = _compiled_build(tree) if key in compiled else tree / "src"
                sources[key] = _imported_from(root)
            yield sources
        finally:
            for tree in made:
                _git("worktree", "remove", "--force", str(tree))


def _compiled_build(tree: Path) -> Path:
    """The checkout `tree` built as a wheel with the mypyc hook on, unpacked into
    ``tree/compiled`` (an import root like ``src``, with the extension modules)."""
    print(f"building {tree.name} compiled (a few minutes)", file=sys.stderr)
    dist = tree / "dist"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(dist),
         str(tree)],
        env={**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "1"},
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    wheels = sorted(dist.glob("*.whl"))
    if done.returncode != 0 or len(wheels) != 1:
        raise SystemExit(f"{tree.name}: the compiled build failed: {done.stderr[-800:]}")
    root = tree / "compiled"
    with zipfile.ZipFile(wheels[0]) as wheel:
        wheel.extractall(root)
    return root


def _imported_from(source: Path) -> Path:
    """`source`, once a fresh process with it on PYTHONPATH imports sparring from there."""
    probe = "import sparring; print(sparring.__file__)"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        env={**os.environ, "PYTHONPATH": str(source)},
        capture_output=True,
        text=True,
        check=False,
    )
    found = Path(done.stdout.strip()).resolve()
    if done.returncode != 0 or not found.is_relative_to(source.resolve()):
        raise SystemExit(f"{source}: sparring is imported from {found} instead: {done.stderr}")
    return source


def _arguments(measurement: Measurement, games: int) -> list[str]:
    """The arguments of `sparring bench` for one run (``--json`` is added by the runner)."""
    return [*measurement.args, "--games", str(games), "--seed", "0"]


def _sampler(
    source: Path, measurement: Measurement, games: int, compiled: bool = False
) -> Callable[[], Sample]:
    """One run of the measurement: (its rate per wall second, its rate per CPU second).
    With `compiled`, the run must say it ran the compiled build."""
    args = _arguments(measurement, games)

    def sample() -> Sample:
        result = bench_json(source, args)
        if compiled and result.get("compiled") is not True:
            raise SystemExit(f"{source}: bench {' '.join(args)} did not run compiled")
        cpu_rate = result[measurement.counted] / result["cpu_seconds"]
        return float(result[measurement.metric]), round(cpu_rate, 1)

    return sample


def _row(before: list[float], after: list[float]) -> dict[str, Any]:
    """Both medians, their ratio HEAD / BASE, the median per-round ratio, the samples."""
    base_median, head_median, ratio, paired = summary(before, after)
    return {
        "base_median": base_median,
        "head_median": head_median,
        "ratio": ratio,
        "paired_ratio_median": paired,
        "base_samples": before,
        "head_samples": after,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", metavar="BASE", help="the revision measured against")
    parser.add_argument("head", metavar="HEAD", help="the revision measured")
    parser.add_argument("--rounds", type=int, default=7, help="BASE/HEAD pairs per measurement")
    parser.add_argument("--games", type=int, help="matches per run, for every measurement")
    parser.add_argument(
        "--only", action="append", choices=sorted(MEASUREMENTS), metavar="NAME",
        help=f"measure only this (repeatable): {', '.join(MEASUREMENTS)}",
    )  # fmt: skip
    parser.add_argument(
        "--compiled", action="store_true",
        help="build HEAD compiled (mypyc) and measure that; BASE stays pure Python",
    )  # fmt: skip
    options = parser.parse_args()
    if options.rounds < 1 or (options.games is not None and options.games < 1):
        parser.error("--rounds and --games must be at least 1")
    if options.rounds < MIN_PAIRS:
        print(f"note: fewer than {MIN_PAIRS} rounds: too noisy a ratio to report", file=sys.stderr)
    chosen = {name: MEASUREMENTS[name] for name in options.only or MEASUREMENTS}
    commits = {"base": commit_of(options.base), "head": commit_of(options.head)}
    compiled = frozenset({"head"} if options.compiled else ())
    with checkouts(commits, compiled) as sources:
        games = {name: options.games or measurement.games for name, measurement in chosen.items()}
        samples = interleave(
            {
                name: (
                    _sampler(sources["base"], measurement, games[name]),
                    _sampler(sources["head"], measurement, games[name], options.compiled),
                )
                for name, measurement in chosen.items()
            },
            options.rounds,
            lambda done: print(f"round {done}/{options.rounds} done", file=sys.stderr),
        )
    results = {}
    for name, (base, head) in samples.items():
        measurement = chosen[name]
        results[name] = {
            "command": " ".join(["sparring", "bench", *_arguments(measurement, games[name])]),
            "metric": measurement.metric,
            **_row([wall for wall, _ in base], [wall for wall, _ in head]),
            "cpu": {
                "metric": measurement.cpu_metric(),
                **_row([cpu for _, cpu in base], [cpu for _, cpu in head]),
            },
        }
    report = {
        "base": {"revision": options.base, "commit": commits["base"]},
        "head": {"revision": options.head, "commit": commits["head"]},
        "head_compiled": options.compiled,
        "rounds": options.rounds,
        "python": platform.python_version(),
        "measurements": results,
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
