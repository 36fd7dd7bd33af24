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

from aquawar_teams import Remembering, remember_rivals
from sparring.core.playout import play_match
from sparring.games.aquawar.actions import Pick
from sparring.games.aquawar.agents import MIMIC_COPY, PICK_ORDER, GreedyAgent
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.plan import (
    LOOKALIKE_TOLERANCE,
    Against,
    Opening,
    plan_pick,
    round_one_plan,
)
from sparring.games.aquawar.roster import MIMIC
from sparring.games.aquawar.spec import SPEC
from sparring.games.aquawar.views import AquawarView

#: The contest AI's two plans, rounds 1-3 in position order; its Mimic copies the Sea Wolf.
CONTEST_PLANS: dict[str, tuple[tuple[int, ...], ...]] = {
    "contest-a": ((6, 7, 2, 1), (8, 12, 11, 4), (9, 3, 5, 10)),
    "contest-b": ((8, 9, 4, 3), (12, 10, 2, 1), (11, 5, 7, 6)),
}
SEA_WOLF = 5


class FixedPlan(Remembering):
    """Greedy turns, and the same three teams every match. With `memory`, it also knows
    every fish its rival played in earlier rounds (the contest AI keeps what it inferred
    then), so those are never candidates for the rival's fish now."""

    def __init__(
        self, seat: int, seed: int, plan: Sequence[Sequence[int]], memory: bool = False
    ) -> None:
        super().__init__(seat, seed, memory)
        self.plan = plan

    def _pick(self, view: AquawarView, legal: Any) -> Pick:
        team = tuple(self.plan[view.round - 1])
        return Pick(team, SEA_WOLF if 12 in team else None)


class Planner(Remembering):
    """Greedy turns, picks by the match plan (round 1's cut keeping look-alikes together
    where that costs at most `tolerance`); with `memory`, as `FixedPlan`."""

    def __init__(
        self,
        seat: int,
        seed: int,
        opening: Opening,
        against: Against,
        tolerance: float,
        memory: bool = False,
    ) -> None:
        super().__init__(seat, seed, memory)
        self.opening = opening
        self.against = against
        self.tolerance = tolerance

    def _pick(self, view: AquawarView, legal: Any) -> Pick:
        if view.round == 1:
            team = round_one_plan(self.opening, self.tolerance)[0]
            fish = tuple(sorted(team, key=PICK_ORDER.index))
            return Pick(fish, MIMIC_COPY if MIMIC in fish else None)
        return plan_pick(view, legal, self.rng, self.opening, self.against)


def make(name: str, seat: int, seed: int) -> GreedyAgent:
    """An agent by name: ``greedy``, a contest plan (``contest-a``) or
    ``plan:OPENING:AGAINST[:TOLERANCE]``; with ``+memory``, it knows its rival's fish of
    earlier rounds."""
    plan_name, _, memory = name.partition("+")
    remembers = memory == "memory"
    if plan_name == "greedy":
        return Remembering(seat, seed, remembers)
    if plan_name in CONTEST_PLANS:
        return FixedPlan(seat, seed, CONTEST_PLANS[plan_name], remembers)
    _, opening, against, *tolerance = plan_name.split(":")
    return Planner(
        seat,
        seed,
        opening,  # type: ignore[arg-type]
        against,  # type: ignore[arg-type]
        float(tolerance[0]) if tolerance else LOOKALIKE_TOLERANCE,
        remembers,
    )


def duel(ours: str, rival: str, seeds: Sequence[int]) -> dict[str, Any]:
    matches = 0
    rounds = {1: [0, 0], 2: [0, 0], 3: [0, 0]}
    for seed in seeds:
        for our_seat in (0, 1):
            agents: list[GreedyAgent] = [None, None]  # type: ignore[list-item]
            agents[our_seat] = make(ours, our_seat, 2 * seed)
            agents[1 - our_seat] = make(rival, 1 - our_seat, 2 * seed + 1)
            state = play_match(
                SPEC, seed, AquawarOptions(), agents, on_events=remember_rivals(agents)
            )
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
    parser.add_argument("--rivals", nargs="*", default=None)
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
    rivals = args.rivals or ["greedy", *CONTEST_PLANS]
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
