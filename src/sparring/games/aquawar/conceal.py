"""What our own actions give away: the enemy's inference about our fish, and the price the
search's root puts on pinning one of them down (`Search.root_costs`).

Why the root needs it: the search's tree is single-observer. In every sample our fish
are what they are, so in the tree the enemy's assertions on them fare alike whatever we
did, and hiding an identity is worth nothing there. Against the original contest's AI
most of the assertions that beat us named a fish the public log had already pinned to one
identity (it asserts certainties at once, as our greedy agent does), and our fish used
their skills, which give identities away, in most of their actions.

How: the enemy reads the same public log we do, so `knowledge.infer` run from its side
(`enemy_side`) tells which of our fish it can pin. For each of the root's turn actions,
a few determinized samples play it, and the living, unrevealed fish it newly pins are
counted; each costs what a right assertion costs us (`search.assertion_cost`), since an
enemy that infers asserts what it is sure of. The enemy is assumed to know every fish we
played in earlier rounds (`enemy_side`): the contest AI keeps the identities it inferred
then, not only those it asserted, and a fish never plays twice in a match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from sparring.core.rng import Rng

from .actions import Attack, Skill
from .determinize import Sampler
from .knowledge import infer
from .search import assertion_cost
from .views import AquawarView, PublicFish, as_shown, view

#: Samples each root action is played in to see what it reveals (a dodge or a block can
#: hide a damage value in one sample and not in another).
CONCEAL_SAMPLES = 2


def enemy_side(seen: AquawarView) -> AquawarView:
    """The enemy's side of `seen`, as far as `infer` reads it: the same public log, our
    fish as the enemy sees them, and every fish we played in earlier rounds as known."""
    seat = seen.seat
    if seat is None:
        raise ValueError("the enemy's side is taken from a seat's view, not a spectator's")
    mine = seen.my_team or []
    played_now = {fish.fish for fish in mine}
    return msgspec.structs.replace(
        as_shown(seen),  # what our own memory adds is ours, not the enemy's
        seat=1 - seat,
        used=msgspec.UNSET,
        my_pick=msgspec.UNSET,
        my_team=msgspec.UNSET,
        enemy_team=[
            PublicFish(pos=f.pos, fish=f.fish if f.revealed else None, hp=f.hp, alive=f.alive)
            for f in mine
        ],
        enemy_revealed_before=sorted(set(seen.used or []) - played_now),
    )


def pinned(seen: AquawarView) -> frozenset[int]:
    """Our living, unrevealed fish (positions) whose identity the enemy's inference has
    narrowed to one."""
    knowledge = infer(enemy_side(seen))
    return frozenset(
        f.pos
        for f in seen.my_team or []
        if f.alive and not f.revealed and knowledge.certain(f.pos) is not None
    )


def root_costs(seen: AquawarView, menu: Sequence[Any], rng: Rng) -> Mapping[Any, float]:
    """The price of each turn action in `menu` (absent: none): the fish it newly pins,
    averaged over `CONCEAL_SAMPLES` samples, times what a right assertion costs us now.
    Assertion decisions and picks reveal nothing of our fish and cost nothing."""
    seat = seen.seat
    if seat is None or not menu or not isinstance(menu[0], Attack | Skill):
        return {}
    already = pinned(seen)
    hidden = {f.pos for f in seen.my_team or [] if f.alive and not f.revealed} - already
    if not hidden:
        return {}
    price = assertion_cost(seen)
    sampler = Sampler(seen)
    samples = [sampler.sample(rng) for _ in range(CONCEAL_SAMPLES)]
    for sample in samples:
        sample.legal_actions(seat)  # the clones inherit the menu: apply checks by it
    costs: dict[Any, float] = {}
    for action in menu:
        newly = 0
        for sample in samples:
            trial = sample.clone()
            trial.apply(action, seat)
            newly += len(pinned(view(trial, seat)) & hidden)
        if newly:
            costs[action] = price * newly / len(samples)
    return costs
