"""Determinization: a full state consistent with what one seat's view shows, for search.

Everything in a view is public to that seat except what it cannot know: the other
players' dice of the round in progress. A sample keeps the view's table (round, opener,
dice counts, this round's bids, every revealed result, the winner), its own hand and
every event of its log, and rolls each other hand uniformly with the agent's own `Rng`,
writing the matching private roll events where the real ones stand (right after the
round's ``ld_round`` event, in seat order). Dice are independent and nothing but a call
reveals them, so no bid changes what the hidden hands may be: uniform is exact. The
sample's random source is seeded from the agent's, so its future rolls are fresh draws.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sparring.core.errors import BadInput
from sparring.core.events import PUBLIC, Event, event_fields
from sparring.core.game import EndReason
from sparring.core.rng import Rng

from .actions import Bid
from .events import FORFEIT, GAME_END, ROLL, ROUND
from .state import SIDES, LiarsDiceState
from .views import LiarsDiceView, as_table

LABEL = "determinize"


def _event(entry: dict[str, Any], seat: int) -> Event:
    """A log entry as the engine's event: a roll is private to its seat, the rest public."""
    kind = entry["kind"]
    audience = seat if kind == ROLL else PUBLIC
    return (kind, audience, *(entry[name] for name in event_fields(kind)))


def _events(log: list[dict[str, Any]], seat: int, state: LiarsDiceState) -> list[Event]:
    """The view's log as events, with every live hand's roll event for the round in
    progress in place of the seat's own."""
    events = [_event(entry, seat) for entry in log]
    if state.winner is not None:
        return events
    start = max(i for i, event in enumerate(events) if event[0] == ROUND) + 1
    own = 1 if state.hands[seat] else 0
    rolls = [
        (ROLL, other, state.round, other, list(hand))
        for other, hand in enumerate(state.hands)
        if hand
    ]
    events[start : start + own] = rolls
    return events


def _end_reason(log: list[dict[str, Any]]) -> EndReason:
    """A game that ended right after a forfeit ended by forfeit (the log then reads
    forfeit, out, game end)."""
    kinds = [entry["kind"] for entry in log[-3:]]
    return EndReason.FORFEIT if kinds[:1] == [FORFEIT] else EndReason.RULES


#: Draws one hidden hand: ``(seat, dice, rng) -> the hand, ascending``.
HandDraw = Callable[[int, int, Rng], list[int]]


def uniform_hand(seat: int, dice: int, rng: Rng) -> list[int]:
    """`dice` fair dice, whoever holds them."""
    return sorted(1 + rng.below(SIDES, LABEL) for _ in range(dice))


def determinize(view: Any, rng: Rng) -> LiarsDiceState:
    """A state that `view`'s seat cannot tell from the real one, drawn with `rng`."""
    return sample_state(view, rng, uniform_hand)


def sample_state(view: Any, rng: Rng, draw_hand: HandDraw) -> LiarsDiceState:
    """As `determinize`, with every other live seat's hand drawn by `draw_hand` (a belief
    about the hands, `beliefs.Sampler`, in place of fair dice)."""
    seen = as_table(view)
    seat = seen.seat
    if seat is None:
        raise BadInput("determinize needs a seat's view, not a spectator's")
    state = LiarsDiceState.at_table(rng.below(1 << 62, LABEL), seen.options)
    state.round = seen.round
    state.opener = seen.opener
    state.turn = seen.to_move[0] if seen.to_move else -1
    state.dice = list(seen.dice)
    state.bids = list(seen.bids)
    last = seen.bids[-1] if seen.bids else None
    state.current = None if last is None else Bid(last.quantity, last.face)
    state.results = list(seen.results)
    state.winner = seen.winner
    if seen.winner is None:
        state.hands = [
            list(seen.my_dice) if other == seat else draw_hand(other, count, rng)
            for other, count in enumerate(seen.dice)
        ]
    if isinstance(seen, LiarsDiceView):
        state.events = _events(seen.log, seat, state)
        if seen.winner is not None:
            state.reason = _end_reason(seen.log)
            state.detail = next(e["reason"] for e in reversed(seen.log) if e["kind"] == GAME_END)
    return state
