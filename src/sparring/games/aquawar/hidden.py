"""Scrambling what a seat cannot see, for the no-leak properties (DESIGN.md).

`scramble_hidden` swaps every hidden value of the opponent — unrevealed identities, Mimic
copies, ATK, shields, buffs, damage counters, skill uses, a locked-in pick — and the
future of the random source, for other values; `plant_sentinels` writes unique numbers
into the opponent's hidden numeric fields and private events. A view that stays the same
under the first and never contains a sentinel after the second reads nothing hidden.
"""

from __future__ import annotations

from sparring.core.rng import Rng
from sparring.core.sentinels import Sentinels

from .actions import Pick
from .combat import BONUS_USES, WOUND_STEP
from .events import SKILL_DETAIL, TEAM
from .fish import SHIELDS, Fish
from .picks import PickSpace
from .roster import ALL_FISH, BASE_ATK, MIMIC
from .state import PICK, AquawarState

SENTINEL_BASE = 918_273_645


def _random_pick(state: AquawarState, seat: int, rng: Rng) -> Pick:
    space = PickSpace(frozenset(ALL_FISH) - state.used[seat])
    return space[rng.below(len(space), "scramble")]


def scramble_hidden(state: AquawarState, seat: int, rng: Rng) -> AquawarState:
    """A copy of `state` with everything `seat` cannot see replaced (see module doc)."""
    twin = state.clone()
    enemy = 1 - seat
    twin.rng.reseed(rng.below(1 << 62, "scramble"))
    if twin.phase == PICK:
        if twin.picks[enemy] is not None:
            twin.picks[enemy] = _random_pick(twin, enemy, rng)
        return twin
    team = twin.teams[enemy]
    fixed = {f.kind for f in team if f.revealed}
    pool = [k for k in ALL_FISH if k not in fixed]
    for pos, old in enumerate(team):
        if old.revealed:
            continue
        kind = pool.pop(rng.below(len(pool), "scramble"))
        copy_of = ALL_FISH[rng.below(11, "scramble")] if kind == MIMIC else None
        fish = Fish(kind, copy_of)
        fish.hp, fish.alive, fish.revealed = old.hp, old.alive, old.revealed
        team[pos] = fish
    for fish in team:
        fish.atk = BASE_ATK + 5 * rng.below(60, "scramble")
        fish.shields = rng.below(SHIELDS + 1, "scramble") if fish.shields or fish.dodges else 0
        fish.reduce_buff = rng.below(2, "scramble") == 1
        fish.heal_buff = rng.below(2, "scramble") == 1
        fish.share_buff = rng.below(2, "scramble") == 1
        fish.wound = rng.below(WOUND_STEP, "scramble")
        fish.uses = rng.below(2 * BONUS_USES, "scramble")
    return twin


def plant_sentinels(state: AquawarState, seat: int) -> tuple[AquawarState, list[int]]:
    """A copy of `state` with unique sentinels in `seat`'s opponent's hidden numbers."""
    twin = state.clone()
    enemy = 1 - seat
    sentinels = Sentinels(SENTINEL_BASE)
    fresh = sentinels.fresh

    for fish in twin.teams[enemy]:
        fish.atk = fresh()
        fish.wound = fresh()
        fish.uses = fresh()
        if not fish.revealed:
            fish.kind = fresh()
            fish.acts_as = fresh()
    twin.rng.reseed(0)
    twin.rng._state = fresh()  # the generator's state is never shown to anyone
    twin.events = [
        (*event[:3], *(fresh() for _ in event[3:]))
        if event[1] == enemy and event[0] in (TEAM, SKILL_DETAIL)
        else event
        for event in twin.events
    ]
    return twin, sentinels.values
