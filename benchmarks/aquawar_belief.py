"""How fast the search's Aquawar belief is built (`Sampler.belief`), and, with
``--baseline OTHER/src``, this checkout against another, interleaved (A B A B ...).

``python benchmarks/aquawar_belief.py [--matches 3] [--seed 0]`` plays greedy against
greedy, keeps every view seat 0 had at an assertion or a turn decision (remembered as the
search remembers the match: `memory.recall`), builds the belief of each, and prints one
JSON line: the views, the beliefs per second of CPU time, and the median and slowest
milliseconds per belief, by round.

``python benchmarks/aquawar_belief.py --baseline OTHER/src [--rounds 7]`` runs that in
fresh processes, alternating between OTHER/src and this checkout's, and prints both
medians of beliefs per CPU second and their ratio (above 1: this checkout is faster).
Each tree builds the beliefs of the views its own memory keeps, so each is timed on its
own work.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchrun import interleave, summary

HERE = Path(__file__).resolve().parents[1] / "src"


def measure(matches: int, seed: int) -> dict[str, Any]:
    """Build the belief of every decision view of seat 0 in `matches` greedy matches."""
    from sparring.core.playout import play_match
    from sparring.core.rng import Rng
    from sparring.games.aquawar.agents import GreedyAgent
    from sparring.games.aquawar.determinize import Sampler
    from sparring.games.aquawar.memory import recall
    from sparring.games.aquawar.options import AquawarOptions
    from sparring.games.aquawar.spec import SPEC
    from sparring.games.aquawar.state import ACT, ASSERT

    views: list[Any] = []

    class Watching(GreedyAgent):
        memory: Any = None

        def act(self, view: Any, legal: Any) -> Any:
            self.memory, seen = recall(self.memory, view)
            if view.phase in (ASSERT, ACT):
                views.append(seen)
            return super().act(view, legal)

    for number in range(matches):
        agents = [Watching(0, 2 * (seed + number)), GreedyAgent(1, 2 * (seed + number) + 1)]
        play_match(SPEC, seed + number, AquawarOptions(), agents)
    by_round: dict[int, list[float]] = {}
    started = time.process_time()
    for seen in views:
        begun = time.perf_counter()
        Sampler(seen, weighted=True).belief(Rng(0))
        by_round.setdefault(seen.round, []).append(time.perf_counter() - begun)
    cpu = time.process_time() - started
    return {
        "views": len(views),
        "beliefs_per_cpu_second": round(len(views) / cpu, 1),
        "ms_by_round": {
            number: {
                "median": round(1000 * statistics.median(spent), 2),
                "slowest": round(1000 * max(spent), 2),
            }
            for number, spent in sorted(by_round.items())
        },
    }


def _rate(source: Path, matches: int, seed: int) -> float:
    """Beliefs per CPU second of the tree `source`, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": f"{source}:{Path(__file__).parent}"}
    command = [sys.executable, __file__, "--matches", str(matches), "--seed", str(seed)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout)["beliefs_per_cpu_second"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--baseline", type=Path, help="another checkout's src to compare with")
    parser.add_argument("--rounds", type=int, default=7)
    options = parser.parse_args()
    if options.baseline is None:
        print(json.dumps(measure(options.matches, options.seed)))
        return
    samples = interleave(
        {
            "belief": (
                lambda: _rate(options.baseline, options.matches, options.seed),
                lambda: _rate(HERE, options.matches, options.seed),
            )
        },
        options.rounds,
    )
    before, after = samples["belief"]
    baseline, new, ratio, paired = summary(before, after)
    print(
        json.dumps(
            {
                "baseline_beliefs_per_cpu_second": baseline,
                "beliefs_per_cpu_second": new,
                "ratio": ratio,
                "paired_ratio": paired,
                "rounds": options.rounds,
            }
        )
    )


if __name__ == "__main__":
    main()
