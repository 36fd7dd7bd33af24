"""Scrambling what a seat cannot see, for the no-leak properties (DESIGN.md).

Hidden from a seat: which of the unseen cards (the deck and the other hands) are where, the
random source's future, the private events of other seats and, with fog, the owner and
units of every territory it does not see and the other seats' turn details.
`scramble_hidden` deals the unseen cards out again keeping each hand's size, permutes and
re-rolls the fogged territories and reseeds the future; `plant_sentinels` writes unique
numbers into all of these (and into the other seats' private events) so the kit can scan
what the seat and a spectator are sent.
"""

from __future__ import annotations

from typing import TypeVar

from sparring.core.events import PUBLIC
from sparring.core.rng import Rng
from sparring.core.sentinels import Sentinels

from .fog import visible
from .front import Holdings
from .legal import SETUP
from .state import WarfishState

SENTINEL_BASE = 918_273_641
Item = TypeVar("Item")


def _shuffle(items: list[Item], rng: Rng) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1, "scramble")
        items[i], items[j] = items[j], items[i]


def _fogged(state: WarfishState, seat: int) -> list[int]:
    if not state.fog:
        return []
    seen = visible(state, seat)
    return [t for t in range(state.map.size) if not seen[t]]


def scramble_hidden(state: WarfishState, seat: int, rng: Rng) -> WarfishState:
    """A copy of `state` with everything `seat` cannot see replaced (module doc)."""
    twin = state.clone()
    others = [s for s in range(twin.num_players) if s != seat]
    unseen = list(twin.deck)
    for s in others:
        unseen.extend(twin.hands[s])
    _shuffle(unseen, rng)
    for s in others:
        size = len(twin.hands[s])
        twin.hands[s] = unseen[:size]
        del unseen[:size]
    twin.deck = sorted(unseen)
    fogged = _fogged(twin, seat)
    if fogged:
        pairs = [(twin.owner[t], twin.units[t]) for t in fogged]
        _shuffle(pairs, rng)
        cap = twin.options.max_units or 99
        for t, (holder, _) in zip(fogged, pairs, strict=True):
            twin.owner[t] = holder
            twin.units[t] = 1 + rng.below(cap, "scramble")
        twin.holdings = Holdings(twin.owner, twin.num_players)
        if twin.seat != seat:
            twin.to_place = rng.below(40, "scramble")
            twin.attacks = rng.below(5, "scramble")
            twin.captured = not twin.captured
        if twin.phase == SETUP:
            for s in others:
                twin.setup_left[s] = rng.below(30, "scramble")
    twin.rng.reseed(rng.below(1 << 62, "scramble"))
    return twin


def plant_sentinels(state: WarfishState, seat: int) -> tuple[WarfishState, list[int]]:
    """A copy of `state` whose hidden values are unique sentinel numbers, with the list."""
    twin = state.clone()
    sentinels = Sentinels(SENTINEL_BASE)
    fresh = sentinels.fresh
    for s in range(twin.num_players):
        if s != seat:
            twin.hands[s] = [fresh() for _ in twin.hands[s]]
    twin.deck = [fresh() for _ in twin.deck]
    twin.events = list(twin.events)  # rewritten in place: a list of its own
    for index, event in enumerate(twin.events):
        if event[1] not in (PUBLIC, seat):
            # one sentinel per hidden event, in every field: games with fog hold thousands
            mark = fresh()
            twin.events[index] = (*event[:2], *(mark for _ in event[2:]))
    for t in _fogged(twin, seat):
        twin.owner[t] = fresh()
        twin.units[t] = fresh()
    if twin.fog:
        if twin.seat != seat:
            twin.to_place = fresh()
        if twin.phase == SETUP:
            for s in range(twin.num_players):
                if s != seat:
                    twin.setup_left[s] = fresh()
    twin.rng.reseed(0)
    twin.rng._state = fresh()  # the generator's state is never shown to anyone
    return twin, sentinels.values
