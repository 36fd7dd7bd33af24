"""Scrambling what a seat cannot see, for the no-leak properties (DESIGN.md, "No leaks,
provably").

All a seat cannot see is the other players' dice of the round in progress (and of rounds
voided by a forfeit, which are never revealed), in the state's hands and in each player's
private roll events, and the random source's future. Counts are public, so both hooks
keep every hand's size.

`scramble_hidden` rolls the other hands of the round in progress afresh (rewriting their
roll events to match, so the copy stays a real position) and reseeds the future;
`plant_sentinels` writes a unique sentinel into every die the seat cannot see, in the
hands and in every other seat's roll events of any round. A die shows 1-6 and sentinels
start at ten digits, so no sentinel equals, or is a substring of, any real value of a view.
"""

from __future__ import annotations

from sparring.core.rng import Rng
from sparring.core.sentinels import Sentinels

from .events import ROLL
from .state import SIDES, LiarsDiceState

SENTINEL_BASE = 7_304_000_001
_LABEL = "scramble"


def scramble_hidden(state: LiarsDiceState, seat: int, rng: Rng) -> LiarsDiceState:
    """A copy of `state` with every other hand of this round rolled afresh (and, should
    the same dice come up, one die turned, so something hidden always changes)."""
    twin = state.clone()
    twin.rng.reseed(rng.below(1 << 62, _LABEL))
    if twin.winner is not None:
        return twin  # the last round's hands were revealed: only the future is hidden
    others = [other for other, hand in enumerate(twin.hands) if other != seat and hand]
    before = [twin.hands[other] for other in others]
    for other in others:
        twin.hands[other] = sorted(1 + rng.below(SIDES, _LABEL) for _ in twin.hands[other])
    if others and [twin.hands[other] for other in others] == before:
        first = twin.hands[others[0]]  # the same dice came up again: turn one die over
        first[0] = first[0] % SIDES + 1
        first.sort()
    twin.events = list(twin.events)  # rewritten in place: a list of its own
    for index, event in enumerate(twin.events):
        if event[0] == ROLL and event[1] != seat and event[2] == twin.round:
            owner = event[3]
            twin.events[index] = (*event[:4], list(twin.hands[owner]))
    return twin


def plant_sentinels(state: LiarsDiceState, seat: int) -> tuple[LiarsDiceState, list[int]]:
    """A copy of `state` with a sentinel in every die `seat` cannot see."""
    twin = state.clone()
    sentinels = Sentinels(SENTINEL_BASE)
    for other, hand in enumerate(twin.hands):
        if other != seat:
            twin.hands[other] = [sentinels.fresh() for _ in hand]
    twin.events = list(twin.events)  # rewritten in place: a list of its own
    for index, event in enumerate(twin.events):
        if event[0] == ROLL and event[1] != seat:
            marked = [sentinels.fresh() for _ in event[4]]
            twin.events[index] = (*event[:4], marked)
    return twin, sentinels.values
