"""The picks as a plan over the whole match, judged by the team model (`teams.py`).

A match is won by taking two rounds, and each fish plays in exactly one: round 3's team is
forced (the four fish left, ruling 20), so the only choices are how to split the twelve at
round 1 and the eight left at round 2, and what a split is worth is the chance to win the
match, not the round at hand. Putting the best fish in round 1 wins round 1 and loses the
last two to a rival that kept its own best for them.

**Round 2** (`plan_round_two`). Our eight fish are known, and so, nearly, are the rival's:
its round-1 team is what round 1's log showed (the search's belief over it, `enemy_rests`),
and its other eight are the rest. For each of our 70 splits of our eight (round 2's team,
round 3's) and each of the rival's 70, the model gives both rounds' chances and, with
round 1's result, the chance of the match (`match_value`: the loser of a round opens the
next). The rival's split is its own choice, unknown: ``against="uniform"`` averages over
its splits, ``"minimax"`` takes the worst one for us. Our split is the best on that.

**Round 1** (`round_one_plan`). Nothing of the rival is known yet, so every rival team is
taken alike: each of our teams has a chance against a rival team drawn at random
(`_chance_against_any`), and each way of cutting our twelve into three teams the chance of
the match it gives with the rounds taken as independent, which does not depend on their
order. The best cut is kept, except that a cut keeping more look-alike pairs together
(`LOOKALIKES`: fish whose actions show the same, so that one seen in an earlier round
would single out its twin in a later one: the enemy knows a fish never plays twice) is
preferred when it costs at most `LOOKALIKE_TOLERANCE` of that chance. Which of its three
teams opens the match is `ROUND_ONE_TEAM` (measured; docs/agents.md, "Team plans").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Any, Literal

from sparring.core.rng import Rng

from .actions import Pick
from .agents import MIMIC_COPY, PICK_ORDER, greedy_pick
from .determinize import Sampler
from .memory import ended_round_view
from .roster import ALL_FISH, MIMIC
from .teams import FIRST_MOVER_EDGE, strength, win_chance
from .views import AquawarView

Team = frozenset[int]
Against = Literal["uniform", "minimax"]

#: Fish whose actions look alike to the rival: the two sharks (a crit on the weakest), the
#: Sea Wolf and the Sea Turtle (a 120 crit), the two reduce buffers, the Archerfish and the
#: Electric Eel (area attacks), the two infighters.
LOOKALIKES: tuple[tuple[int, int], ...] = ((9, 10), (5, 7), (6, 8), (1, 3), (2, 4))
#: How much chance of the match (0-1, against rival teams drawn alike) a round-1 cut may
#: give up to keep a look-alike pair more together. Keeping every pair together (0.2, at
#: 0.13 of the model's chance, with the weakest team first) won far more on a proxy whose
#: rival remembers our earlier fish, and far less against the contest AI itself
#: (docs/agents.md, "Team plans").
LOOKALIKE_TOLERANCE = 0.01
#: Which team of the round-1 cut plays first, by its chance against a random rival team
#: (measured: docs/agents.md, "Team plans").
Opening = Literal["strongest", "middle", "weakest"]
ROUND_ONE_TEAM: Opening = "middle"
#: The rival's possible sets of eight left at round 2 that are weighed (the likeliest).
ENEMY_RESTS = 6
#: How the rival's round-2 splits are weighed: the worst for us (measured against "uniform":
#: docs/agents.md, "Team plans").
AGAINST: Against = "minimax"


def match_value(wins: tuple[int, int], edges: Sequence[float], opener: int, fixed: bool) -> float:
    """Our chance to take the match from `wins` (ours, theirs) with the rounds still to play
    given by our strength `edges` over the rival's, in order. `opener` is 1 when we open the
    next round, -1 when the rival does; after it the loser of each round opens the next,
    unless the opener is `fixed` for every round."""
    ours, theirs = wins
    if ours >= 2:
        return 1.0
    if theirs >= 2 or not edges:
        return 0.0
    p = win_chance(edges[0] + opener * FIRST_MOVER_EDGE)
    won_next = opener if fixed else -1
    lost_next = opener if fixed else 1
    return p * match_value((ours + 1, theirs), edges[1:], won_next, fixed) + (1 - p) * match_value(
        (ours, theirs + 1), edges[1:], lost_next, fixed
    )


def team_splits(fish: Team) -> list[tuple[Team, Team]]:
    """Every way to play 4 of `fish` now and the rest later: (now, later)."""
    return [(frozenset(now), fish - frozenset(now)) for now in combinations(sorted(fish), 4)]


def plan_round_two(
    ours: Team,
    rests: Sequence[tuple[Team, float]],
    wins: tuple[int, int],
    opener: int,
    fixed: bool = False,
    against: Against = AGAINST,
) -> Team:
    """Our round-2 team out of our eight fish `ours`: the split with the best chance of the
    match against the rival's eight, `rests` (each with its weight), after round 1's `wins`
    (see the module docstring for `against`)."""
    rival_splits = [
        ([(strength(now), strength(later)) for now, later in team_splits(rest)], weight)
        for rest, weight in rests
    ]
    total = sum(weight for _, weight in rests)
    best: tuple[float, Team] | None = None
    for now, later in team_splits(ours):
        mine = (strength(now), strength(later))
        value = 0.0
        for splits, weight in rival_splits:
            values = [
                match_value(wins, (mine[0] - t2, mine[1] - t3), opener, fixed) for t2, t3 in splits
            ]
            worth = min(values) if against == "minimax" else sum(values) / len(values)
            value += weight / total * worth
        if best is None or value > best[0]:
            best = (value, now)
    if best is None:
        raise ValueError("round 2 is planned from eight fish")
    return best[1]


@cache
def _rival_scales() -> tuple[float, ...]:
    """exp(strength) of every team of four, the rivals `_chance_against_any` weighs."""
    return tuple(math.exp(strength(team)) for team in combinations(ALL_FISH, 4))


@cache
def _chance_against_any(team: Team) -> float:
    """The chance `team` beats a rival team drawn at random, opener drawn fairly. Written
    as 1 / (1 + exp(-edge)) = 1 / (1 + exp(-ours) x exp(theirs)), so that the 495 rivals
    cost a multiplication each instead of an exponential (the first pick has the clock)."""
    ours = strength(team)
    opening = math.exp(-(ours + FIRST_MOVER_EDGE))
    answering = math.exp(-(ours - FIRST_MOVER_EDGE))
    rivals = _rival_scales()
    total = sum(1 / (1 + opening * theirs) + 1 / (1 + answering * theirs) for theirs in rivals)
    return total / (2 * len(rivals))


def _independent_match(p: Sequence[float]) -> float:
    """The chance to take two of three rounds won independently with chances `p`."""
    a, b, c = p
    return a * b + a * c + b * c - 2 * a * b * c


def lookalikes_apart(teams: Sequence[Team]) -> int:
    """How many look-alike pairs the teams split between two rounds."""
    return sum(
        1 for pair in LOOKALIKES if not any(pair[0] in team and pair[1] in team for team in teams)
    )


def _cuts() -> list[tuple[Team, Team, Team]]:
    """Every way to cut the twelve fish into three teams of four (unordered)."""
    everything = frozenset(ALL_FISH)
    cuts = []
    first_fish = min(everything)
    for rest_of_first in combinations(sorted(everything - {first_fish}), 3):
        first = frozenset({first_fish, *rest_of_first})
        left = everything - first
        second_fish = min(left)
        for rest_of_second in combinations(sorted(left - {second_fish}), 3):
            second = frozenset({second_fish, *rest_of_second})
            cuts.append((first, second, left - second))
    return cuts


@cache
def round_one_plan(
    opening: Opening = ROUND_ONE_TEAM, tolerance: float = LOOKALIKE_TOLERANCE
) -> tuple[Team, Team, Team]:
    """The round-1 cut of our twelve fish into three teams, the `opening` one first, keeping
    look-alikes together where that costs at most `tolerance` (see the module docstring);
    the other two are re-split at round 2."""
    scored = [
        (_independent_match([_chance_against_any(team) for team in cut]), cut) for cut in _cuts()
    ]
    best = max(value for value, _ in scored)
    near = [(value, cut) for value, cut in scored if value >= best - tolerance]
    _, cut = min(near, key=lambda entry: (lookalikes_apart(entry[1]), -entry[0]))
    ranked = sorted(cut, key=_chance_against_any, reverse=True)
    index = {"strongest": 0, "middle": 1, "weakest": 2}[opening]
    first = ranked[index]
    others = [team for team in ranked if team != first]
    return first, others[0], others[1]


def enemy_rests(seen: AquawarView, rng: Rng) -> list[tuple[Team, float]]:
    """The rival's eight fish left after round 1, from a round-2 pick's view: the search's
    belief over its round-1 team (`Sampler.belief`), the likeliest `ENEMY_RESTS` sets."""
    log = seen.previous_log if isinstance(seen.previous_log, list) else []
    round_one = ended_round_view(seen, log, 1, frozenset())
    belief = Sampler(round_one, weighted=True).belief(rng)
    weights: dict[Team, float] = {}
    everything = frozenset(ALL_FISH)
    for pos_team, weight in zip(belief.teams, belief.weights, strict=True):
        rest = everything - frozenset(pos_team[0])
        weights[rest] = weights.get(rest, 0.0) + weight
    return sorted(weights.items(), key=lambda entry: -entry[1])[:ENEMY_RESTS]


def _as_pick(team: Team) -> Pick:
    """The team in greedy's position order, the Mimic copying greedy's choice."""
    fish = tuple(sorted(team, key=PICK_ORDER.index))
    return Pick(fish, MIMIC_COPY if MIMIC in fish else None)


def plan_pick(
    seen: AquawarView,
    legal: Sequence[Any],
    rng: Rng,
    opening: Opening = ROUND_ONE_TEAM,
    against: Against = AGAINST,
) -> Pick:
    """This round's pick by the match plan: round 1's `opening` team, round 2's best split
    weighing the rival's splits as `against` says; round 3's team is forced, so greedy's
    pick (the four left)."""
    seat = seen.seat
    if seat is None:
        raise ValueError("a pick is planned from a seat's view")
    if seen.round == 1:
        pick = _as_pick(round_one_plan(opening)[0])
    elif seen.round == 2:
        ours = frozenset(ALL_FISH) - frozenset(seen.used or [])
        wins = (seen.wins[seat], seen.wins[1 - seat])
        fixed = seen.options.seat0_always_first
        # The round's opener: seat 0 throughout with the option, else round 1's loser
        # (0, not known, if a view lacks round 1's result).
        if fixed:
            opener = 1 if seat == 0 else -1
        elif seen.rounds:
            opener = 1 if seen.rounds[-1].winner != seat else -1
        else:
            opener = 0
        rests = enemy_rests(seen, rng)
        pick = _as_pick(plan_round_two(ours, rests, wins, opener, fixed, against))
    else:
        return greedy_pick(seen, legal)
    why_not = getattr(legal, "why_not", None)
    if why_not is not None and why_not(pick) is not None:
        return greedy_pick(seen, legal)
    return pick
