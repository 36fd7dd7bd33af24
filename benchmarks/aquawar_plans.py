"""A cheap proxy for Aquawar team plans: greedy play with one way of picking against greedy
play with another, so that only the picks differ.

Run: ``python benchmarks/aquawar_plans.py [--seeds 25] [--seed 0]``. Each of our pickers
plays each rival, every seed twice with the seats swapped (paired seeds), and the script
prints one JSON object: per (picker, rival) the matches won, the rounds won by number, and
in total over the rivals.

Our pickers: greedy's own pick (``greedy``) and the match plan (`games/aquawar/plan.py`)
with each round-1 opening team and each way of weighing the rival's round-2 split.
Rivals: greedy's own pick, and the two fixed three-round plans the original contest's AI
(omegafantasy's) played in every stored match against us (read from those matches: its
weakest fish first, its strongest kept for round 3; docs/agents.md, "Against the original
contest's AIs"). Both seats play greedy's turns, so the result measures the teams only.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from sparring.core.playout import play_match
from sparring.games.aquawar.actions import Pick
from sparring.games.aquawar.agents import GreedyAgent
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.plan import Against, Opening, plan_pick
from sparring.games.aquawar.spec import SPEC
from sparring.games.aquawar.views import AquawarView

#: The contest AI's two plans, rounds 1-3 in position order; its Mimic copies the Sea Wolf.
CONTEST_PLANS: dict[str, tuple[tuple[int, ...], ...]] = {
    "contest-a": ((6, 7, 2, 1), (8, 12, 11, 4), (9, 3, 5, 10)),
    "contest-b": ((8, 9, 4, 3), (12, 10, 2, 1), (11, 5, 7, 6)),
}
SEA_WOLF = 5


class FixedPlan(GreedyAgent):
    """Greedy turns, and the same three teams every match."""

    def __init__(self, seat: int, seed: int, plan: Sequence[Sequence[int]]) -> None:
        super().__init__(seat, seed)
        self.plan = plan

    def _pick(self, view: AquawarView, legal: Any) -> Pick:
        team = tuple(self.plan[view.round - 1])
        return Pick(team, SEA_WOLF if 12 in team else None)


class Planner(GreedyAgent):
    """Greedy turns, picks by the match plan."""

    def __init__(self, seat: int, seed: int, opening: Opening, against: Against) -> None:
        super().__init__(seat, seed)
        self.opening = opening
        self.against = against

    def _pick(self, view: AquawarView, legal: Any) -> Pick:
        return plan_pick(view, legal, self.rng, self.opening, self.against)


def make(name: str, seat: int, seed: int) -> GreedyAgent:
    if name == "greedy":
        return GreedyAgent(seat, seed)
    if name in CONTEST_PLANS:
        return FixedPlan(seat, seed, CONTEST_PLANS[name])
    _, opening, against = name.split(":")
    return Planner(seat, seed, opening, against)  # type: ignore[arg-type]


def duel(ours: str, rival: str, seeds: Sequence[int]) -> dict[str, Any]:
    matches = 0
    rounds = {1: [0, 0], 2: [0, 0], 3: [0, 0]}
    for seed in seeds:
        for our_seat in (0, 1):
            agents: list[GreedyAgent] = [None, None]  # type: ignore[list-item]
            agents[our_seat] = make(ours, our_seat, 2 * seed)
            agents[1 - our_seat] = make(rival, 1 - our_seat, 2 * seed + 1)
            state = play_match(SPEC, seed, AquawarOptions(), agents)
            matches += state.winner == our_seat
            for result in state.round_results:
                tally = rounds[result["round"]]
                tally[0] += result["winner"] == our_seat
                tally[1] += 1
    return {"matches": matches, "of": 2 * len(seeds), "rounds": rounds}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=25)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ours", nargs="*", default=None)
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.seeds)
    ours = args.ours or [
        "greedy",
        *(
            f"plan:{o}:{a}"
            for o in ("strongest", "middle", "weakest")
            for a in ("uniform", "minimax")
        ),
    ]
    rivals = ["greedy", *CONTEST_PLANS]
    report: dict[str, Any] = {"seeds": [seeds.start, seeds.stop - 1]}
    for name in ours:
        per = {rival: duel(name, rival, seeds) for rival in rivals}
        per["total"] = {
            "matches": sum(r["matches"] for r in per.values()),
            "of": sum(r["of"] for r in per.values()),
        }
        report[name] = per
        print(name, json.dumps(per), file=sys.stderr, flush=True)
    json.dump(report, sys.stdout)
    print()


if __name__ == "__main__":
    main()
