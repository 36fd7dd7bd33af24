"""Scrambling what a seat cannot see, for the no-leak properties: only the rival's draft
pick (until the reveal) and the random source's future."""

from __future__ import annotations

from sparring.core.rng import Rng
from sparring.core.sentinels import Sentinels

from .actions import Draft
from .data import DATA
from .events import DRAFT_PICK
from .state import DRAFT, TacticsState

SENTINEL_BASE = 913_377_211


def scramble_hidden(state: TacticsState, seat: int, rng: Rng) -> TacticsState:
    twin = state.clone()
    rival = 1 - seat
    if twin.phase == DRAFT and twin.drafts[rival] is not None:
        options = DATA.draft_options(twin.options.distinct_minions)
        twin.drafts[rival] = options[rng.below(len(options), "scramble")]
    twin.rng.reseed(rng.below(1 << 62, "scramble"))
    return twin


def plant_sentinels(state: TacticsState, seat: int) -> tuple[TacticsState, list[int]]:
    twin = state.clone()
    rival = 1 - seat
    sentinels = Sentinels(SENTINEL_BASE)
    fresh = sentinels.fresh

    if twin.phase == DRAFT and twin.drafts[rival] is not None:
        twin.drafts[rival] = Draft(str(fresh()), str(fresh()), (str(fresh()), str(fresh())))
    twin.events = list(twin.events)  # rewritten in place: a list of its own
    for index, event in enumerate(twin.events):
        if event[1] == rival and event[0] == DRAFT_PICK:
            twin.events[index] = (*event[:2], *(fresh() for _ in event[2:]))
    twin.rng.reseed(0)
    twin.rng._state = fresh()  # the generator's state is never shown to anyone
    return twin, sentinels.values
