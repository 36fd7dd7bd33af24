"""Scrambling what a seat cannot see, for the no-leak properties (DESIGN.md).

Hidden from a seat: which of the rival's unseen cards are in the rival's hand and which in
the deck, both decks' order, and the random source's future. `scramble_hidden` deals the
rival's unseen cards (unrevealed hand cards and deck) out again at random, shuffles the
seat's own deck and reseeds the future; `plant_sentinels` renames every hidden card to a
unique number and overwrites the rival's private events with them.
"""

from __future__ import annotations

from dataclasses import replace

from sparring.core.rng import Rng
from sparring.core.sentinels import Sentinels

from .events import DREW, MOVE, REVEAL
from .state import FoodChainState, shuffle

SENTINEL_BASE = 917_364_551


def scramble_hidden(state: FoodChainState, seat: int, rng: Rng) -> FoodChainState:
    """A copy of `state` with everything `seat` cannot see dealt out again (module doc)."""
    twin = state.clone()
    rival = 1 - seat
    hand = twin.hands[rival]
    known = twin.revealed[rival]
    slots = [i for i, uid in enumerate(hand) if uid not in known]
    unseen = [hand[i] for i in slots] + twin.decks[rival]
    shuffle(unseen, rng, "scramble")
    for i in slots:
        hand[i] = unseen.pop()
    twin.decks[rival] = unseen
    shuffle(twin.decks[seat], rng, "scramble")
    twin.rng.reseed(rng.below(1 << 62, "scramble"))
    return twin


def plant_sentinels(state: FoodChainState, seat: int) -> tuple[FoodChainState, list[int]]:
    """A copy of `state` whose hidden cards are renamed to unique sentinel numbers, with the
    rival's private events and the random source's state overwritten by sentinels too."""
    twin = state.clone()
    rival = 1 - seat
    sentinels = Sentinels(SENTINEL_BASE)
    fresh = sentinels.fresh

    # The seat's own deck is hidden only in its order (its contents follow from its open
    # decklist, and a tutor shows them), so only the rival's unseen cards get sentinels.
    hidden = [u for u in twin.hands[rival] if u not in twin.revealed[rival]]
    hidden += twin.decks[rival]
    for uid in hidden:
        twin.defs[uid] = replace(twin.defs[uid], name=str(fresh()))
    twin.rng.reseed(0)
    twin.rng._state = fresh()  # the generator's state is never shown to anyone
    twin.events = list(twin.events)  # rewritten in place: a list of its own
    for index, event in enumerate(twin.events):
        if event[1] == rival and event[0] in (DREW, MOVE, REVEAL):
            twin.events[index] = (*event[:2], *(fresh() for _ in event[2:]))
    return twin, sentinels.values
