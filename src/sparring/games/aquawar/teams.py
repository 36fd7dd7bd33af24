"""The search's teams for the three rounds: look-alikes play together.

Why: a fish never plays twice in a match, so an enemy that keeps what it inferred in
round 1 knows which fish are left, and a fish whose look-alike (the fish whose skill
shows the same) played before is singled out by its first skill. Against the original
contest's AI our round 2 and 3 fish were pinned and asserted that way (docs/agents.md,
"Against the original contest's AIs"). Played in the same round, two look-alikes keep
each other ambiguous until their passives tell them apart, and the Mimic copying one of
them makes a third.

The plan keeps each pair of `LOOK_ALIKES` in one round and greedy's strength where it
costs little: round 1 is greedy's own first team with the Sea Wolf for the Great White
(the Sea Wolf, the Sea Turtle and the Mimic copying the Sea Wolf all crit for a fixed
120; the Clownfish's first area attacks look like the Archerfish's and the Eel's); the
sharks open round 2 with the reduce buffers; round 3 has the area attackers (greedy's
sixth and seventh) with the infighters instead of greedy's four weakest. Played by greedy
against the contest AI's two plans (which keep their strongest fish for round 3), it won
43 matches of 100 where greedy's own teams won 32 (`docs/agents.md`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Pick
from .agents import greedy_pick
from .knowledge import (
    ARCHER,
    CLOWN,
    EEL,
    HAMMER,
    MANTA,
    OCTOPUS,
    PUFFER,
    SUNFISH,
    TURTLE,
    WHITE,
    WOLF,
)
from .roster import MIMIC
from .views import AquawarView

#: Fish whose active skill shows the same when used: the sharks' crit on the weakest, the
#: fixed crit of 120, the reduce buff, the area attack, the infight.
LOOK_ALIKES: tuple[frozenset[int], ...] = (
    frozenset({WHITE, HAMMER}),
    frozenset({WOLF, TURTLE}),
    frozenset({MANTA, OCTOPUS}),
    frozenset({ARCHER, EEL}),
    frozenset({PUFFER, SUNFISH}),
)

#: The teams of rounds 1, 2 and 3, in position order.
PLAN: tuple[Pick, ...] = (
    Pick((WOLF, TURTLE, MIMIC, CLOWN), mimic=WOLF),
    Pick((WHITE, HAMMER, OCTOPUS, MANTA)),
    Pick((EEL, ARCHER, SUNFISH, PUFFER)),
)


def planned_pick(view: AquawarView, legal: Sequence[Any]) -> Pick:
    """The first team of `PLAN` whose fish this seat has not played yet and may pick now;
    greedy's pick if none is (a match that did not start with the plan)."""
    used = set(view.used or [])
    why_not = getattr(legal, "why_not", None)
    for team in PLAN:
        if used.isdisjoint(team.fish) and (why_not is None or why_not(team) is None):
            return team
    return greedy_pick(view, legal)
