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

Where the inference allows at most `EXACT_LIMIT` teams (`team_count`), each is listed
once (`every_team`) and weighed, so the belief is the posterior exactly; otherwise the
weights come from a pool: `POOL` teams drawn as `determinize` draws them (all different,
multi-fish constraints honoured). A team is then drawn in proportion to its weight. Every
weight is positive, so every team the log allows stays possible.

**The Mimic's prior** (`draw_copy`, `mimic_prior`). A fish seen acting as X has the
candidates X and the Mimic. But a player's Mimic acts as X only if the player chose X
among the 11 fish it may copy, and players do not choose alike: every Mimic of our greedy
agent and of the original contest's AI copies the Sea Wolf, whose 120 crit is the
strongest skill to copy. So the pool draws a Mimic's copy, among those the log allows, in
proportion to the chance a player copies each (`MIMIC_COPY_RATE`, the measured habit as
an add-one estimate), and a team with the Mimic weighs the chance that the copy is one the
log allows at all (`mimic_prior`): a Mimic the log leaves free weighs as much as any fish;
where the Mimic and the Sea Wolf are alike possible, one seen acting as the Sea Wolf is the
Mimic a little under half the time (0.46), as anything else about one time in
seventy-four. (Drawing the copy alike and weighing each team by its copy's rate gives the
same belief in the limit, but a pool of 128 then rests on the few teams whose Mimic copies
the Sea Wolf, each weighing some nine times a Mimic-less team, and its shares swing from
pool to pool: docs/agents.md, "Eighth pass".)

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
#: Teams drawn for one view's belief when the inference allows too many to list.
POOL = 128
#: The most enemy teams a belief lists and weighs one by one rather than drawing a pool: a
#: Mimic and five other candidates at each of four positions (2,760 teams, some 30 ms)
#: fit, as in a third round whose fish the memory has narrowed to six (docs/agents.md,
#: "Eighth pass").
EXACT_LIMIT = 3000
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


def choice_chance(acts_as: int, attacks: int, skills: int) -> float:
    """The chance that a fish acting as `acts_as` made `attacks` normal attacks and
    `skills` skill uses, in that order."""
    rate = NORMAL_ATTACK_RATE[FISH[acts_as].active]
    return rate**attacks * (1 - rate) ** skills


def likelihood(behaviour: Sequence[int], choices: Sequence[tuple[int, int]]) -> float:
    """The chance of the enemy's observed choices if its fish act as `behaviour`."""
    chance = 1.0
    for acts_as, (attacks, skills) in zip(behaviour, choices, strict=True):
        chance *= choice_chance(acts_as, attacks, skills)
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


def block_chance(acts_as: int, instances: int, blocks: int) -> float:
    """The chance that a fish acting as `acts_as` blocked `blocks` of the `instances` of
    damage it met: a dodger blocks each instance past its shields with `DODGE_PERCENT`; a
    fish that cannot block shows none (the inference has already ruled out any that did)."""
    passive = FISH[acts_as].passive
    if passive not in ("dodge", "shield"):
        return 1.0
    dodge = DODGE_PERCENT / 100
    shields = SHIELDS if passive == "shield" else 0
    rolled = max(0, instances - shields)
    dodged = max(0, blocks - shields)
    return float(dodge**dodged * (1 - dodge) ** (rolled - dodged))


def dodge_likelihood(behaviour: Sequence[int], rolls: Sequence[tuple[int, int]]) -> float:
    """The chance of the blocks each enemy fish showed, if its fish act as `behaviour`."""
    chance = 1.0
    for acts_as, (instances, blocks) in zip(behaviour, rolls, strict=True):
        chance *= block_chance(acts_as, instances, blocks)
    return chance


def draw_copy(options: Sequence[int], rng: Rng) -> int:
    """A Mimic's copy among `options` (those the log allows), in proportion to the chance
    a player copies each (`MIMIC_COPY_RATE`)."""
    total = sum(MIMIC_COPY_RATE[b] for b in options)
    point = rng.below(_RESOLUTION, LABEL) / _RESOLUTION * total
    for b in options:
        point -= MIMIC_COPY_RATE[b]
        if point < 0:
            return b
    return options[-1]


def mimic_prior(kinds: Sequence[int], knowledge: Knowledge) -> float:
    """How likely a team is a priori for its Mimic, against one without (1): the chance a
    player's Mimic copies one of the fish the log allows it to act as. The pool draws the
    copy itself in proportion to the copy rates (`draw_copy`), so only what the log rules
    out is left to weigh; see the module docstring."""
    for pos, kind in enumerate(kinds):
        if kind == MIMIC:
            return sum(MIMIC_COPY_RATE[b] for b in knowledge.behaviours[pos])
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


def copy_prior(kinds: Sequence[int], behaviour: Sequence[int]) -> float:
    """How likely a team is a priori for its Mimic's copy, against one without a Mimic
    (1): the chance a player's Mimic copies what it acts as here (`MIMIC_COPY_RATE`). The
    prior of a team listed once per copy (`every_team`), where nothing was drawn."""
    for pos, kind in enumerate(kinds):
        if kind == MIMIC:
            return MIMIC_COPY_RATE[behaviour[pos]]
    return 1.0


def team_count(knowledge: Knowledge) -> int:
    """How many enemy teams the candidates allow, all different, a Mimic counted once per
    copy the log allows it (the multi-fish constraints left out: an upper bound on
    `every_team`), without listing them: three positions are walked and the fourth's
    options counted."""
    domains = [sorted(c) for c in knowledge.candidates]
    ways = [
        {v: len(knowledge.behaviours[pos]) if v == MIMIC else 1 for v in domain}
        for pos, domain in enumerate(domains)
    ]
    last = ways[3]
    last_total = sum(last.values())
    count = 0
    for a in domains[0]:
        for b in domains[1]:
            if b == a:
                continue
            for c in domains[2]:
                if c in (a, b):
                    continue
                fourth = last_total - sum(last.get(v, 0) for v in (a, b, c))
                count += ways[0][a] * ways[1][b] * ways[2][c] * fourth
    return count


def every_team(knowledge: Knowledge) -> list[Team]:
    """Every enemy team the inference allows, each once: all different, a Mimic once per
    copy the log allows it, the multi-fish constraints honoured."""
    domains = [sorted(c) for c in knowledge.candidates]
    copies = [sorted(b) for b in knowledge.behaviours]
    teams: list[Team] = []

    def extend(kinds: list[int]) -> None:
        pos = len(kinds)
        if pos < len(domains):
            for v in domains[pos]:
                if v not in kinds:
                    extend([*kinds, v])
            return
        behaviours = [kinds]
        if MIMIC in kinds:
            at = kinds.index(MIMIC)
            behaviours = [[*kinds[:at], copy, *kinds[at + 1 :]] for copy in copies[at]]
        for behaviour in behaviours:
            if all(c.holds(behaviour) for c in knowledge.constraints):
                teams.append((kinds, behaviour))

    extend([])
    return teams


class Belief:
    """The weighted enemy teams for one view (see the module docstring): every team the
    inference allows when there are at most `EXACT_LIMIT`, else a pool of `POOL` drawn."""

    def __init__(
        self,
        knowledge: Knowledge,
        choices: Sequence[tuple[int, int]],
        rolls: Sequence[tuple[int, int]],
        draw_team: Callable[[Knowledge, Rng], Team],
        rng: Rng,
        before: PlayedBefore = (),
    ) -> None:
        listed = every_team(knowledge) if team_count(knowledge) <= EXACT_LIMIT else []
        #: Whether `teams` is every team the inference allows, else a pool drawn (also
        #: where no team meets every multi-fish constraint: the pool keeps its best try).
        self.exact = bool(listed)
        if listed:
            self.teams = listed
            priors = [copy_prior(kinds, behaviour) for kinds, behaviour in listed]
        else:
            self.teams = [draw_team(knowledge, rng) for _ in range(POOL)]
            priors = [mimic_prior(kinds, knowledge) for kinds, _ in self.teams]
        # Both chances are products over the positions (`likelihood`, `dodge_likelihood`),
        # so each position's factor is worked out once per behaviour, and the memory's once
        # per set of fish: a listed belief weighs thousands of teams.
        per_position = [
            {
                b: choice_chance(b, *choices[pos]) * block_chance(b, *rolls[pos])
                for b in knowledge.behaviours[pos]
            }
            for pos in range(len(choices))
        ]
        apart: dict[frozenset[int], float] = {}
        weights = []
        for prior, (kinds, behaviour) in zip(priors, self.teams, strict=True):
            weight = prior
            for factors, acts_as in zip(per_position, behaviour, strict=True):
                weight *= factors[acts_as]
            fish = frozenset(kinds)
            if fish not in apart:
                apart[fish] = before_likelihood(kinds, before)
            weights.append(weight * apart[fish])
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
        index = min(bisect.bisect_right(self._cumulative, point), len(self.teams) - 1)
        return self.teams[index]

    def identity(self, pos: int) -> dict[int, float]:
        """The belief in each identity of enemy fish `pos`: the share of the pool's weight
        on teams where it is that fish."""
        shares: dict[int, float] = {}
        for (kinds, _), weight in zip(self.teams, self._weights, strict=True):
            shares[kinds[pos]] = shares.get(kinds[pos], 0.0) + weight / self._total
        return shares
