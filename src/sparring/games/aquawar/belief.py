"""How likely each enemy team consistent with a view is, given what the enemy's fish chose
to do: the determinizations of a search are drawn from this belief, and its assertions
are decided by it.

`knowledge.infer` keeps every team the log does not contradict, all alike. But a fish
that has only ever made normal attacks is unlikely to be a Sea Wolf, whose skill (a 120
hit on any target) beats a normal attack almost always: players use strong skills and
leave weak ones be. So each consistent team is weighted by the chance of the enemy's
observed choices under it — per enemy action, the rate at which a fish of the acting
behaviour's skill makes a normal attack rather than use its skill
(`NORMAL_ATTACK_RATE`) — and teams are drawn in proportion.

The weights come from a pool: `POOL` teams drawn as `determinize` always drew them (all
different, multi-fish constraints honoured), each then drawn again in proportion to its
weight. Every weight is positive, so every team the log allows stays possible.

**The Mimic's prior** (`mimic_prior`). The pool draws each fish's identity alike among
its candidates, so a fish seen acting as X (candidates X and the Mimic) is drawn as the
Mimic half the time. But a player's Mimic acts as X only if the player chose X among the
11 fish it may copy, and players do not choose alike: every Mimic of our greedy agent and
of the original contest's AI copies the Sea Wolf, whose 120 crit is the strongest skill
to copy. So a team with the Mimic copying X at a position is worth the chance a player
copies X (`MIMIC_COPY_RATE`, the measured habit as an add-one estimate) against the team
with X itself. A Mimic the log leaves free to be anything keeps its full weight, as its
draw already gives it; where the Mimic and the Sea Wolf are alike possible, one seen
acting as the Sea Wolf is the Mimic a little under half the time (0.46), as anything
else about one time in seventy-four.

**Dodges seen and not seen** (`dodge_likelihood`). A block (a shield or a dodge) rules a
fish that cannot block out at once; but a fish that took hit after hit without a single
dodge is, by chance, unlikely to be a dodger either: each damage instance past a Sea
Turtle's shields is dodged 30 % of the time. So each team is also weighted by the chance
of the blocks each enemy fish showed out of the damage instances it met
(`damage_rolls`), under its behaviour.

**Fish played before** (`before_likelihood`). A fish plays once a match, so in round 2 or
3 a team holding a fish the enemy played earlier is impossible. The view names only the
earlier fish our assertions revealed, but the logs of the ended rounds said far more: the
search's memory (`memory.recall`) weighs the sets of fish the enemy may have played then,
and each team is weighted by the chance that it holds none of them.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from typing import Any

from sparring.core.rng import Rng

from .combat import DODGE_PERCENT
from .fish import SHIELDS
from .knowledge import WOLF, Knowledge
from .roster import ALL_FISH, FISH, MIMIC

LABEL = "belief"
#: Teams drawn for one view's belief.
POOL = 128
#: How often a fish makes a normal attack when it acts, by its active skill: measured over
#: 40 matches of the greedy agent against itself (aoe 0.1, infight 1.0, fixed crit 0.03,
#: reduce buff 0.99, heal-buff crit 0.7, shark crit 0.03, share-buff aoe 0.25), then
#: shrunk halfway to an even 0.5, so that one opponent's habits do not become certainties
#: about another's.
NORMAL_ATTACK_RATE: dict[str, float] = {
    "aoe": 0.3,
    "infight": 0.75,
    "fixed_crit": 0.26,
    "reduce_buff": 0.75,
    "heal_buff_crit": 0.6,
    "shark_crit": 0.26,
    "share_buff_aoe": 0.37,
}
NORMAL_ATTACK = "normalattack"
#: The fish a Mimic may copy: any of the other 11 (rulings, item 10).
MIMIC_COPIES = len(ALL_FISH) - 1
#: The fish players' Mimics copy most: every Mimic of the greedy agent and of the contest
#: AI (62 of 62 in the stored matches of docs/agents.md, "Fourth pass") copied it.
FAVOURITE_COPY = WOLF
#: The Mimics whose copies were seen (all of them the favourite), as above.
MIMIC_COPIES_SEEN = 62
#: How often a player's Mimic copies each fish: the habit seen, as an add-one estimate
#: (each of the 11 copies counted once more than it was seen), so that a habit seen in
#: every Mimic is near-certain but never certain (docs/agents.md, "Seventh pass").
MIMIC_COPY_RATE: dict[int, float] = {
    fish: (MIMIC_COPIES_SEEN * (fish == FAVOURITE_COPY) + 1) / (MIMIC_COPIES_SEEN + MIMIC_COPIES)
    for fish in ALL_FISH
    if fish != MIMIC
}
_RESOLUTION = 1 << 30
#: The least weight `before_likelihood` gives a team, relative to one the memory finds
#: surely unplayed.
BEFORE_FLOOR = 0.01

Team = tuple[list[int], list[int]]
#: Weighted sets of the fish the enemy may have played in the rounds that have ended.
PlayedBefore = Sequence[tuple[frozenset[int], float]]


def enemy_choices(log: Sequence[dict[str, Any]], enemy: int) -> list[tuple[int, int]]:
    """Per enemy position, the normal attacks and the skill uses it made this round."""
    counts = [[0, 0] for _ in range(4)]
    for entry in log:
        if entry["kind"] == "action" and entry["seat"] == enemy:
            counts[entry["actor"]][entry["type"] != NORMAL_ATTACK] += 1
    return [(attacks, skills) for attacks, skills in counts]


def likelihood(behaviour: Sequence[int], choices: Sequence[tuple[int, int]]) -> float:
    """The chance of the enemy's observed choices if its fish act as `behaviour`."""
    chance = 1.0
    for acts_as, (attacks, skills) in zip(behaviour, choices, strict=True):
        rate = NORMAL_ATTACK_RATE[FISH[acts_as].active]
        chance *= rate**attacks * (1 - rate) ** skills
    return chance


def damage_rolls(log: Sequence[dict[str, Any]], enemy: int) -> list[tuple[int, int]]:
    """Per enemy position, the damage instances it met this round (each one a `hit`, of 0
    when blocked) and how many of them it blocked (a `reduce` passive of 0)."""
    counts = [[0, 0] for _ in range(4)]
    for entry in log:
        if entry.get("seat") != enemy:
            continue
        if entry["kind"] == "hit":
            counts[entry["pos"]][0] += 1
        elif entry["kind"] == "passive" and entry["type"] == "reduce" and entry["value"] == 0:
            counts[entry["pos"]][1] += 1
    return [(instances, blocks) for instances, blocks in counts]


def dodge_likelihood(behaviour: Sequence[int], rolls: Sequence[tuple[int, int]]) -> float:
    """The chance of the blocks each enemy fish showed, if its fish act as `behaviour`: a
    dodger blocks each instance past its shields with `DODGE_PERCENT`; a fish that cannot
    block shows none (the inference has already ruled out any that did)."""
    dodge = DODGE_PERCENT / 100
    chance = 1.0
    for acts_as, (instances, blocks) in zip(behaviour, rolls, strict=True):
        passive = FISH[acts_as].passive
        if passive not in ("dodge", "shield"):
            continue
        shields = SHIELDS if passive == "shield" else 0
        rolled = max(0, instances - shields)
        dodged = max(0, blocks - shields)
        chance *= dodge**dodged * (1 - dodge) ** (rolled - dodged)
    return chance


def mimic_prior(kinds: Sequence[int], behaviour: Sequence[int], knowledge: Knowledge) -> float:
    """How much likelier than its draw a team is a priori, for its Mimic: the chance a
    player's Mimic copies the behaviour drawn for it, over the chance of that behaviour's
    draw among those the log allows there (1 for a team without the Mimic); see the
    module docstring."""
    for pos, kind in enumerate(kinds):
        if kind == MIMIC:
            return MIMIC_COPY_RATE[behaviour[pos]] * len(knowledge.behaviours[pos])
    return 1.0


def before_likelihood(kinds: Sequence[int], before: PlayedBefore) -> float:
    """The chance that the team `kinds` holds no fish the enemy played in an earlier round,
    by `before` (weighted sets of the fish it may have played then): a fish plays once a
    match. At least `BEFORE_FLOOR`, so that a memory that missed the truth excludes no
    team the log allows."""
    if not before:
        return 1.0
    team = frozenset(kinds)
    total = sum(weight for _, weight in before)
    apart = sum(weight for played, weight in before if not played & team)
    return max(BEFORE_FLOOR, apart / total)


class Belief:
    """The weighted pool of enemy teams for one view (see the module docstring)."""

    def __init__(
        self,
        knowledge: Knowledge,
        choices: Sequence[tuple[int, int]],
        rolls: Sequence[tuple[int, int]],
        draw_team: Callable[[Knowledge, Rng], Team],
        rng: Rng,
        before: PlayedBefore = (),
    ) -> None:
        self.teams = [draw_team(knowledge, rng) for _ in range(POOL)]
        weights = [
            likelihood(behaviour, choices)
            * dodge_likelihood(behaviour, rolls)
            * mimic_prior(kinds, behaviour, knowledge)
            * before_likelihood(kinds, before)
            for kinds, behaviour in self.teams
        ]
        self._cumulative: list[float] = []
        total = 0.0
        for weight in weights:
            total += weight
            self._cumulative.append(total)
        self._total = total
        self._weights = weights

    @property
    def weights(self) -> list[float]:
        """Each pooled team's weight (not normalised), in the order of `teams`."""
        return self._weights

    def draw(self, rng: Rng) -> Team:
        """One team, in proportion to its weight."""
        point = rng.below(_RESOLUTION, LABEL) / _RESOLUTION * self._total
        index = min(bisect.bisect_right(self._cumulative, point), POOL - 1)
        return self.teams[index]

    def identity(self, pos: int) -> dict[int, float]:
        """The belief in each identity of enemy fish `pos`: the share of the pool's weight
        on teams where it is that fish."""
        shares: dict[int, float] = {}
        for (kinds, _), weight in zip(self.teams, self._weights, strict=True):
            shares[kinds[pos]] = shares.get(kinds[pos], 0.0) + weight / self._total
        return shares
