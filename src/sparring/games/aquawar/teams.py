"""How strong one Aquawar team is against another, in microseconds: the model the pick
planner (`plan.py`) weighs whole matches with.

A search cannot judge a team during the picks (every position there looks even), and
playing rounds out at pick time costs far more than a 3 s clock allows for the thousands
of pairings a plan compares. So the chance that our team wins a round against theirs is
a logistic model,

    P(win) = 1 / (1 + exp(-(strength(ours) - strength(theirs) ± FIRST_MOVER_EDGE)))

where a team's strength is the sum of a weight per fish (`FISH_WEIGHT`) and a weight per
pair of fish in it (`PAIR_WEIGHT`: the synergies, such as a Clownfish's shared damage
feeding an Electric Eel), and the edge is added for the seat that opens the round.
The Mimic's weight is the Mimic copying the Sea Wolf, as the picks have it.

The constants were fitted by `benchmarks/aquawar_teams.py` from greedy against greedy
with uniformly random teams every round (the numbers, and how well the model predicts
held-out rounds, are in docs/agents.md, "Team plans"). They measure teams as the greedy
player plays them; the search plays them better, but which fish matter is what the plan
needs.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache
from itertools import combinations

#: Weight of each fish in a team's strength (fish ids as in fish.json).
FISH_WEIGHT: dict[int, float] = {
    1: -0.108,
    2: -0.21,
    3: -0.232,
    4: -0.432,
    5: 0.55,
    6: -0.155,
    7: -0.141,
    8: -0.163,
    9: 0.462,
    10: 0.051,
    11: -0.142,
    12: 0.521,
}
#: Weight of each pair of fish in one team, beyond their own weights (smaller id first).
PAIR_WEIGHT: dict[tuple[int, int], float] = {
    (1, 2): -0.147,
    (1, 3): -0.266,
    (1, 4): -0.347,
    (1, 5): 0.344,
    (1, 6): -0.128,
    (1, 7): -0.267,
    (1, 8): -0.255,
    (1, 9): 0.39,
    (1, 10): 0.166,
    (1, 11): -0.139,
    (1, 12): 0.324,
    (2, 3): -0.239,
    (2, 4): -0.447,
    (2, 5): 0.252,
    (2, 6): -0.216,
    (2, 7): -0.342,
    (2, 8): -0.191,
    (2, 9): 0.386,
    (2, 10): 0.102,
    (2, 11): -0.178,
    (2, 12): 0.391,
    (3, 4): 0.008,
    (3, 5): 0.047,
    (3, 6): 0.015,
    (3, 7): 0.055,
    (3, 8): -0.093,
    (3, 9): 0.183,
    (3, 10): -0.211,
    (3, 11): -0.165,
    (3, 12): -0.03,
    (4, 5): 0.23,
    (4, 6): -0.392,
    (4, 7): -0.098,
    (4, 8): -0.381,
    (4, 9): 0.51,
    (4, 10): -0.347,
    (4, 11): -0.321,
    (4, 12): 0.29,
    (5, 6): 0.403,
    (5, 7): 0.641,
    (5, 8): 0.495,
    (5, 9): -0.369,
    (5, 10): 0.003,
    (5, 11): 0.31,
    (5, 12): -0.708,
    (6, 7): -0.368,
    (6, 8): -0.217,
    (6, 9): 0.335,
    (6, 10): -0.05,
    (6, 11): -0.255,
    (6, 12): 0.407,
    (7, 8): -0.336,
    (7, 9): -0.213,
    (7, 10): 0.186,
    (7, 11): -0.242,
    (7, 12): 0.559,
    (8, 9): -0.041,
    (8, 10): 0.116,
    (8, 11): -0.048,
    (8, 12): 0.461,
    (9, 10): 0.128,
    (9, 11): 0.457,
    (9, 12): -0.381,
    (10, 11): -0.017,
    (10, 12): 0.078,
    (11, 12): 0.171,
}
#: The round's opener's edge, in the same units.
FIRST_MOVER_EDGE = 0.238


@cache
def _strength(team: frozenset[int]) -> float:
    fish = sorted(team)
    return sum(FISH_WEIGHT[f] for f in fish) + sum(
        PAIR_WEIGHT[pair] for pair in combinations(fish, 2)
    )


def strength(team: Iterable[int]) -> float:
    """The team's strength: its fish's weights and its pairs' weights."""
    return _strength(frozenset(team))


def win_chance(edge: float) -> float:
    """The chance a team wins a round with an `edge` in strength over its rival."""
    return 1.0 / (1.0 + math.exp(-edge))


def round_chance(ours: Iterable[int], theirs: Iterable[int], opener: int = 0) -> float:
    """The chance that team `ours` beats team `theirs` in one round; `opener` is 1 when
    ours opens the round, -1 when theirs does, 0 when it is not known (a fair draw)."""
    edge = strength(ours) - strength(theirs)
    if opener:
        return win_chance(edge + opener * FIRST_MOVER_EDGE)
    return 0.5 * (win_chance(edge + FIRST_MOVER_EDGE) + win_chance(edge - FIRST_MOVER_EDGE))
