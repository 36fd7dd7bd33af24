"""What a seat saw in earlier rounds and its view no longer holds, kept by a search agent
over a match (`Search.recall`).

Why: a fish plays in one round of a match only (ruling 20), so every enemy fish played in
an earlier round is out of the candidates now. The view names only those the seat's
assertions revealed (``enemy_revealed_before``) and drops an ended round's log once the
next round's teams are on the field. But that log said much more — a shark's crit, a
heal, a share, a counter-attack — and a player remembers it. The original contest's AI
does: in round 2 it named our fish from the eight we had left while our search named
its fish from eleven or twelve, and it won nearly every round 2.

How: the agent keeps each round's log as it last saw it (complete at the next round's
picks, whose view still carries it as ``previous_log``). From the logs of the ended
rounds, worked out once a round:

- the enemy fish they **prove** were played (`proven_played`: what `knowledge.infer` of
  that log pins, nothing more, so the true enemy team is never excluded) join
  ``enemy_revealed_before``, which the inference already excludes;
- the **belief** over what was played (`played_through`): each ended round's weighted
  pool of enemy teams (`belief.Belief`, as the search weighs a round under way), chained
  over the rounds — a fish plays once, so a round's team is disjoint from the ones
  before — gives weighted sets of the fish played, which the view as remembered carries
  (`RememberedView.enemy_before`) and the belief of the round under way weighs its teams
  by (`belief.before_likelihood`).

The memory holds the seat's own views only, so the search stays honest; its draws come
from a fixed seed, so the same views give the same memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import msgspec

from sparring.core.rng import Rng

from .determinize import Sampler
from .knowledge import infer
from .views import AquawarView, LogEntry, PublicFish, RememberedView, as_shown

#: The likeliest sets of enemy fish played that the memory keeps per ended round.
KEPT_SETS = 64
#: The seed of the memory's own draws (plus the round's number).
MEMORY_SEED = 0x3E3


@dataclass(frozen=True)
class Ended:
    """What the rounds up to one that ended say of the enemy's fish played in them: those
    proven, and weighted sets of what it may have played (summing to 1)."""

    proven: frozenset[int]
    played: list[tuple[frozenset[int], float]]


NOTHING_PLAYED = Ended(frozenset(), [(frozenset(), 1.0)])


@dataclass
class MatchMemory:
    """One seat's memory of the match under way: the log of each round as last seen, and
    what the rounds up to each ended one say (`Ended`, worked out once)."""

    seat: int
    round: int = 1
    logs: dict[int, list[LogEntry]] = field(default_factory=dict)
    ended: dict[int, Ended] = field(default_factory=dict)


def recall(memory: MatchMemory | None, seen: AquawarView) -> tuple[MatchMemory, AquawarView]:
    """Fold `seen` into `memory` (a fresh one for a new match) and return it with the view
    as the search should read it: from round 2 on a `RememberedView`, whose
    ``enemy_revealed_before`` also names the enemy fish the ended rounds prove were played
    and whose ``enemy_before`` weighs what else they may have been."""
    seat = seen.seat
    if seat is None:
        raise ValueError("a memory of the match is a seat's, not a spectator's")
    seen = as_shown(seen)
    if memory is None or memory.seat != seat or seen.round < memory.round:
        memory = MatchMemory(seat)
    memory.round = seen.round
    memory.logs[seen.round] = list(seen.log)
    last = seen.previous_log
    if seen.round > 1 and isinstance(last, list) and last != memory.logs.get(seen.round - 1):
        memory.logs[seen.round - 1] = list(last)
        memory.ended = {r: e for r, e in memory.ended.items() if r < seen.round - 1}
    if seen.round == 1:
        return memory, seen
    ended = played_through(memory, seen, seen.round - 1)
    known = frozenset(seen.enemy_revealed_before or ()) | ended.proven
    fields = {name: getattr(seen, name) for name in AquawarView.__struct_fields__}
    fields["enemy_revealed_before"] = sorted(known)
    return memory, RememberedView(**fields, enemy_before=ended.played)


def played_through(memory: MatchMemory, seen: AquawarView, last: int) -> Ended:
    """What the logs of rounds 1 to `last` say of the enemy fish played in them."""
    if last < 1:
        return NOTHING_PLAYED
    if last not in memory.ended:
        earlier = played_through(memory, seen, last - 1)
        log = memory.logs.get(last)
        memory.ended[last] = _after_round(seen, log, last, earlier) if log else earlier
    return memory.ended[last]


def _after_round(seen: AquawarView, log: list[LogEntry], round_: int, earlier: Ended) -> Ended:
    """What round `round_`'s `log` adds to what the rounds before it said."""
    ended = ended_round_view(seen, log, round_, earlier.proven)
    belief = Sampler(ended, weighted=True).belief(Rng(MEMORY_SEED + round_))
    # A listed belief holds every order of each set of fish (`Belief.exact`): weigh the
    # sets once each.
    teams: dict[frozenset[int], float] = {}
    for (kinds, _), weight in zip(belief.teams, belief.weights, strict=True):
        team = frozenset(kinds)
        teams[team] = teams.get(team, 0.0) + weight
    sets: dict[frozenset[int], float] = {}
    for team, weight in teams.items():
        for before, chance in earlier.played:
            if not before & team:
                sets[before | team] = sets.get(before | team, 0.0) + chance * weight
    kept = sorted(sets.items(), key=lambda entry: -entry[1])[:KEPT_SETS]
    total = sum(weight for _, weight in kept)
    # No pair at all would mean the earlier belief missed the truth: keep what it said.
    played = [(fish, weight / total) for fish, weight in kept] if total else earlier.played
    return Ended(earlier.proven | proven_played(ended), played)


def ended_round_view(
    seen: AquawarView, log: list[LogEntry], round_: int, before: frozenset[int]
) -> AquawarView:
    """An ended round's view as far as the inference reads it, from a later view of the
    same seat: that round's `log`, the enemy fish the seat's assertions revealed in it,
    and `before`, the enemy fish known played in the rounds before it."""
    revealed = {
        event["pos"]: event["guess"]
        for event in log
        if event["kind"] == "assert" and event["seat"] == seen.seat and event["success"]
    }
    return msgspec.structs.replace(
        as_shown(seen),
        round=round_,
        log=log,
        enemy_team=[PublicFish(pos=p, fish=revealed.get(p), hp=0, alive=False) for p in range(4)],
        enemy_revealed_before=sorted(before),
        my_team=[],
    )


def proven_played(ended: AquawarView) -> frozenset[int]:
    """The enemy fish an ended round's view proves were in its team (`played_among` the
    identities the inference leaves each of its fish)."""
    if not ended.log and not any(f.fish is not None for f in ended.enemy_team or []):
        return frozenset()
    return played_among(infer(ended).candidates)


def played_among(candidates: Sequence[frozenset[int]]) -> frozenset[int]:
    """The identities surely in a team whose fish have these candidates: each one alone
    (a fish pinned), and wherever some k fish have only k identities among them all, those
    k (the fish are all different, so each of the k was played)."""
    proven: set[int] = set()
    for size in range(1, len(candidates) + 1):
        for group in combinations(candidates, size):
            together = frozenset().union(*group)
            if len(together) == size:
                proven |= together
    return frozenset(proven)
