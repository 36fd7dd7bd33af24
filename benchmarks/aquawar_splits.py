"""How each round-2 split of the match plan's eight fish fares against a rival that
remembers, measured by play.

Why: once a rival knows which eight fish we have left, a team is worth what one attack
leaves hidden of it, and that depends on the fish left beside it, which the team model
(fitted on rounds without memory) cannot see. The plan's round-1 team is fixed
(`plan.round_one_plan`), so our eight left at round 2 are too, and the 70 ways to split
them can be measured (docs/agents.md, "Fourth pass").

Run: ``python benchmarks/aquawar_splits.py --matches N [--seed S] [--part K/M]``. Each
split plays N whole matches (all three rounds) of greedy play with memory on both sides:
we open with the plan's round-1 team, play the split in round 2 and the four left in
round 3; the rival picks uniformly random teams of the fish it has left; our seat
alternates. Prints JSON: per split (its fish, comma-joined), round 2 and round 3 won and
played; ``--part K/M`` measures every M-th split from the K-th, to run parts side by side.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import combinations
from typing import Any

from aquawar_teams import RandomTeamGreedy, Remembering, remember_rivals
from sparring.core.playout import play_match
from sparring.games.aquawar.actions import Pick
from sparring.games.aquawar.agents import MIMIC_COPY, PICK_ORDER, GreedyAgent
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.plan import round_one_plan
from sparring.games.aquawar.roster import ALL_FISH, MIMIC
from sparring.games.aquawar.spec import SPEC
from sparring.games.aquawar.views import AquawarView


class SplitPlayer(Remembering):
    """Greedy turns with memory; the plan's round-1 team, then `now`, then the rest."""

    def __init__(self, seat: int, seed: int, now: frozenset[int]) -> None:
        super().__init__(seat, seed, memory=True)
        self.now = now

    def _pick(self, view: AquawarView, legal: Any) -> Pick:
        first = round_one_plan()[0]
        teams = {1: first, 2: self.now, 3: frozenset(ALL_FISH) - first - self.now}
        fish = tuple(sorted(teams[view.round], key=PICK_ORDER.index))
        return Pick(fish, MIMIC_COPY if MIMIC in fish else None)


def measure(now: frozenset[int], matches: int, seed: int) -> dict[str, int]:
    won = {"round2": 0, "round3": 0, "played": 0}
    for number in range(matches):
        game_seed = seed + number
        ours = number % 2
        agents: list[GreedyAgent] = [None, None]  # type: ignore[list-item]
        agents[ours] = SplitPlayer(ours, 2 * game_seed + ours, now)
        agents[1 - ours] = RandomTeamGreedy(1 - ours, 2 * game_seed + 1 - ours, memory=True)
        options = AquawarOptions(play_all_rounds=True)
        state = play_match(SPEC, game_seed, options, agents, on_events=remember_rivals(agents))
        results = state.round_results
        won["round2"] += results[1]["winner"] == ours
        won["round3"] += results[2]["winner"] == ours
        won["played"] += 1
    return won


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=700000)
    parser.add_argument("--part", default="0/1", help="K/M: measure every M-th split from K")
    args = parser.parse_args(argv)
    k, m = (int(x) for x in args.part.split("/"))
    left = sorted(frozenset(ALL_FISH) - round_one_plan()[0])
    splits = [frozenset(now) for now in combinations(left, 4)][k::m]
    out: dict[str, Any] = {"first": sorted(round_one_plan()[0]), "splits": {}}
    for now in splits:
        key = ",".join(map(str, sorted(now)))
        out["splits"][key] = measure(now, args.matches, args.seed)
        print(key, out["splits"][key], file=sys.stderr, flush=True)
    json.dump(out, sys.stdout)
    print()


if __name__ == "__main__":
    main()
