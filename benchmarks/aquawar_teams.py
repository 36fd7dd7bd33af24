"""Fit Aquawar's team-strength model (`games/aquawar/teams.py`) from many fast rounds.

Two steps, each printing JSON:

``python benchmarks/aquawar_teams.py play --matches N --seed S --out rounds.jsonl``
    plays N matches of greedy against greedy in which both seats pick a uniformly random
    team every round (4 of the fish still unused; the Mimic copies the Sea Wolf, as the
    greedy pick has it) and every match plays all three rounds (``play_all_rounds``), and
    appends one line per round: both teams, who moved first, who won. With
    ``--iterations K`` the search (`ISMCTSAgent`, K iterations a decision) plays both seats
    instead, still with random teams, and remembers the match as it does in real play.

``python benchmarks/aquawar_teams.py fit ROUNDS... [--holdout 0.2] [--ridge 3] [--from-shipped]``
    fits a logistic model of P(the first team wins the round) on the first part of the
    rounds — a weight per fish and per pair of fish in one team, the first mover's edge,
    each team's strength the sum of its weights — by Newton's method with an L2 penalty,
    and prints the weights (rounded, as `teams.py` ships them) and, on the held-out rounds,
    the accuracy and log-loss next to those of a coin (0.5) and of the per-fish terms
    alone and of the weights `teams.py` ships; with ``--python``, the weights as
    `teams.py`'s constants instead. With ``--from-shipped`` the penalty pulls each weight
    towards the shipped one rather than towards zero: fewer, slower rounds (the search's)
    then correct the greedy model where they speak.

Why random teams: every pair of fish must meet in a team often enough for its weight to be
measured, and the rounds must not all be greedy's own three teams. Why greedy: it is the
fastest player that plays a team's skills sensibly (a round takes about 0.05 s). Why the
search too: a team is worth what it is worth as it is played, and the search plays teams
differently from greedy (it asserts on beliefs, and its rivals assert on it); a match of
the search at 64 iterations takes about 3 s.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import msgspec

from sparring.agents.ismcts import ISMCTSAgent
from sparring.core.playout import play_match
from sparring.core.rng import Rng
from sparring.games.aquawar.actions import Pick
from sparring.games.aquawar.agents import MIMIC_COPY, GreedyAgent
from sparring.games.aquawar.knowledge import Knowledge
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.roster import ALL_FISH, MIMIC
from sparring.games.aquawar.spec import SPEC
from sparring.games.aquawar.state import PICK
from sparring.games.aquawar.teams import FIRST_MOVER_EDGE, FISH_WEIGHT, PAIR_WEIGHT
from sparring.games.aquawar.views import AquawarView
from warfish_judge import solve

PAIRS = list(combinations(ALL_FISH, 2))
#: Sets a search player's team source apart from its search's, both seeded by the match.
TEAM_SEED_OFFSET = 1 << 40
#: Feature layout: one per fish, one per pair, then the first mover's edge.
N_FEATURES = len(ALL_FISH) + len(PAIRS) + 1


class Remembering(GreedyAgent):
    """Greedy play that, with `memory`, also knows every fish its rival played in earlier
    rounds (as the original contest's AI keeps what it inferred then, and our search its
    memory of the match), so those are never candidates for the rival's fish now; the
    match's loop tells it (`remember_rivals`)."""

    def __init__(self, seat: int, seed: int, memory: bool = False) -> None:
        super().__init__(seat, seed)
        self.memory = memory
        self.rival_played: set[int] = set()

    def _infer(self, view: AquawarView) -> Knowledge:
        if self.memory:
            known = sorted(set(view.enemy_revealed_before or []) | self.rival_played)
            view = msgspec.structs.replace(view, enemy_revealed_before=known)
        return super()._infer(view)


def remember_rivals(agents: Sequence[GreedyAgent]) -> Callable[[Any, Any], None]:
    """`play_match`'s ``on_events``: each `Remembering` agent learns its rival's teams of the
    rounds that have ended."""

    def remember(state: Any, events: Any) -> None:
        for seat, agent in enumerate(agents):
            if isinstance(agent, Remembering):
                for result in state.round_results:
                    agent.rival_played.update(result["teams"][1 - seat]["fish"])

    return remember


def random_team(view: AquawarView, rng: Rng) -> Pick:
    """A uniformly random team of four of the fish still unused, drawn from `rng`."""
    left = sorted(set(ALL_FISH) - set(view.used or []))
    chosen: list[int] = []
    for _ in range(4):
        chosen.append(left.pop(rng.below(len(left), "random team")))
    return Pick(tuple(chosen), MIMIC_COPY if MIMIC in chosen else None)


class RandomTeamGreedy(Remembering):
    """Greedy play with a uniformly random team each round, drawn with its own source."""

    def _pick(self, view: AquawarView, legal: Any) -> Pick:
        return random_team(view, self.rng)


class RandomTeamSearch:
    """The search (`ISMCTSAgent`, a fixed iteration budget) with a uniformly random team
    each round. It still sees every pick's view, so its memory of the match (the enemy
    fish the ended rounds' logs showed) is the one it keeps in real play."""

    needs_view = True

    def __init__(self, seat: int, seed: int, iterations: int) -> None:
        self.search = ISMCTSAgent(SPEC, seat, seed, iterations=iterations)
        # Its own source for the teams, apart from the search's (seeded from `seed` too).
        self.rng = Rng(seed + TEAM_SEED_OFFSET)

    def act(self, view: AquawarView, legal: Any) -> Any:
        chosen = self.search.act(view, legal)
        return random_team(view, self.rng) if view.phase == PICK else chosen


def play(
    matches: int, seed: int, out: str, memory: bool = False, iterations: int | None = None
) -> None:
    """Play `matches` from `seed` on, greedy against greedy or, with `iterations`, the
    search against itself (which remembers the match on its own: `memory` is greedy's)."""
    options = AquawarOptions(play_all_rounds=True)
    with open(out, "a", encoding="utf-8") as sink:
        for number in range(matches):
            game_seed = seed + number
            agents: list[Any]
            if iterations is None:
                agents = [
                    RandomTeamGreedy(0, 2 * game_seed, memory),
                    RandomTeamGreedy(1, 2 * game_seed + 1, memory),
                ]
            else:
                agents = [
                    RandomTeamSearch(0, 2 * game_seed, iterations),
                    RandomTeamSearch(1, 2 * game_seed + 1, iterations),
                ]
            state = play_match(SPEC, game_seed, options, agents, on_events=remember_rivals(agents))
            for result in state.round_results:
                teams = [sorted(team["fish"]) for team in result["teams"]]
                row = {
                    "round": result["round"],
                    "teams": teams,
                    "first": result["first_mover"],
                    "winner": result["winner"],
                }
                sink.write(json.dumps(row) + "\n")
            sink.flush()  # a long run stopped early keeps every match it finished


def features(team: list[int], other: list[int], first: bool) -> dict[int, float]:
    """The sparse feature vector of `team` against `other` (index: value)."""
    x: dict[int, float] = {}
    for sign, side in ((1.0, team), (-1.0, other)):
        for fish in side:
            x[fish - 1] = x.get(fish - 1, 0.0) + sign
        for a, b in combinations(sorted(side), 2):
            index = len(ALL_FISH) + PAIRS.index((a, b))
            x[index] = x.get(index, 0.0) + sign
    x[N_FEATURES - 1] = 1.0 if first else -1.0
    return {i: v for i, v in x.items() if v}


def rows_of(path: str, rounds: Sequence[int] = (1, 2, 3)) -> list[tuple[dict[int, float], int]]:
    rows = []
    with open(path, encoding="utf-8") as source:
        for line in source:
            row = json.loads(line)
            if row.get("round", 1) not in rounds and "round" in row:
                continue
            a, b = row["teams"]
            rows.append((features(a, b, row["first"] == 0), 1 if row["winner"] == 0 else 0))
    return rows


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(
    rows: list[tuple[dict[int, float], int]],
    ridge: float,
    active: set[int],
    steps: int = 8,
    centre: list[float] | None = None,
) -> list[float]:
    """Newton's method for the L2-penalised logistic loss over the `active` features. The
    penalty pulls each weight towards its value in `centre` (default: zero), so a small
    set of rounds can correct an earlier model where it speaks and leave it elsewhere."""
    prior = centre if centre is not None else [0.0] * N_FEATURES
    w = [prior[i] if i in active else 0.0 for i in range(N_FEATURES)]
    for _ in range(steps):
        grad = [ridge * (w[i] - prior[i]) if i in active else 0.0 for i in range(N_FEATURES)]
        hess = [[0.0] * N_FEATURES for _ in range(N_FEATURES)]
        for i in range(N_FEATURES):
            hess[i][i] = ridge if i in active else 1.0
        for x, y in rows:
            items = [(i, v) for i, v in x.items() if i in active]
            p = _sigmoid(sum(w[i] * v for i, v in items))
            g, h = p - y, p * (1 - p)
            for i, v in items:
                grad[i] += g * v
                row = hess[i]
                for j, u in items:
                    row[j] += h * v * u
        step = solve(hess, grad)
        w = [w[i] - step[i] for i in range(N_FEATURES)]
    return w


def shipped() -> list[float]:
    """The weights `teams.py` ships, in the feature layout."""
    w = [FISH_WEIGHT[fish] for fish in ALL_FISH]
    w += [PAIR_WEIGHT[pair] for pair in PAIRS]
    return [*w, FIRST_MOVER_EDGE]


def score(w: list[float], rows: list[tuple[dict[int, float], int]]) -> dict[str, float]:
    right, loss = 0, 0.0
    for x, y in rows:
        p = _sigmoid(sum(w[i] * v for i, v in x.items()))
        right += (p > 0.5) == (y == 1)
        loss -= math.log(p if y else 1 - p)
    return {"accuracy": round(right / len(rows), 4), "log_loss": round(loss / len(rows), 4)}


def as_python(report: dict[str, Any]) -> str:
    """The fitted weights as `teams.py` ships them."""
    fish = ", ".join(f"{k}: {v}" for k, v in report["fish"].items())
    pairs = ", ".join(f"({k}): {v}" for k, v in report["pairs"].items())
    return (
        f"FISH_WEIGHT: dict[int, float] = {{{fish}}}\n"
        f"PAIR_WEIGHT: dict[tuple[int, int], float] = {{{pairs}}}\n"
        f"FIRST_MOVER_EDGE = {report['first_mover']}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("--matches", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", required=True)
    p.add_argument("--memory", action="store_true", help="each seat knows its rival's earlier fish")
    p.add_argument(
        "--iterations", type=int, default=None, help="the search plays both seats, at this budget"
    )
    f = sub.add_parser("fit")
    f.add_argument("rounds", nargs="+", help="the rounds' files")
    f.add_argument("--holdout", type=float, default=0.2)
    f.add_argument("--ridge", type=float, default=3.0)
    f.add_argument("--python", action="store_true", help="print teams.py's constants instead")
    f.add_argument(
        "--from-shipped",
        action="store_true",
        help="pull the weights towards teams.py's, not towards zero",
    )
    f.add_argument(
        "--rounds",
        type=int,
        nargs="*",
        default=[1, 2, 3],
        dest="rounds_kept",
        help="fit the rounds of these numbers only",
    )
    args = parser.parse_args(argv)
    if args.command == "play":
        play(args.matches, args.seed, args.out, args.memory, args.iterations)
        return
    rows = [row for path in args.rounds for row in rows_of(path, args.rounds_kept)]
    cut = int(len(rows) * (1 - args.holdout))
    train, held = rows[:cut], rows[cut:]
    everything = set(range(N_FEATURES))
    single = set(range(len(ALL_FISH))) | {N_FEATURES - 1}
    centre = shipped() if args.from_shipped else None
    w = fit(train, args.ridge, everything, centre=centre)
    w_single = fit(train, args.ridge, single)
    coin = {"accuracy": 0.5, "log_loss": round(math.log(2), 4)}
    report = {
        "rounds": len(rows),
        "train": len(train),
        "held_out": len(held),
        "ridge": args.ridge,
        "from_shipped": args.from_shipped,
        "held_out_score": {
            "model": score(w, held),
            "fish_only": score(w_single, held),
            "shipped": score(shipped(), held),
        },
        "coin": coin,
        "train_score": score(w, train),
        "fish": {fish: round(w[fish - 1], 3) for fish in ALL_FISH},
        "pairs": {f"{a},{b}": round(w[len(ALL_FISH) + k], 3) for k, (a, b) in enumerate(PAIRS)},
        "first_mover": round(w[N_FEATURES - 1], 3),
    }
    if args.python:
        print(as_python(report))
        return
    json.dump(report, sys.stdout)
    print()


if __name__ == "__main__":
    main()
