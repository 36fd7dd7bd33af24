"""What a seat may believe about the other hands from the bids it has seen, for search.

Dice are fair, so before anyone bids every hand is a multiset of fair dice (the prior:
the multinomial chance of its faces). But a bid says something about its bidder's hand: a
player who bids fives usually holds fives. The belief reads each opponent's bids of the
round in progress under one model of bidding, *a player prefers the actions most likely to
keep its dice* (the chance, from its own hand, that its bid is met or that the bid it
calls is wrong: `odds`), softened so that no hand is ever ruled out:

    P(action | hand) = (1 - BLUFF) * softmax(chance / TEMPERATURE) + BLUFF / menu size

and weighs every possible hand by prior × the likelihood of that opponent's bids this
round (Bayes' rule; the hands are independent, so each opponent's belief is its own). The
view alone feeds it, so a search sampling from it stays honest; with a uniform belief
(no bids yet) it is exactly `determinize`.

Earlier rounds say nothing about this round's hands (every round is a fresh roll).
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from sparring.core.rng import Rng

from .actions import CHALLENGE, SPOT_ON, Bid
from .bidding import matches, raises
from .determinize import LABEL, sample_state
from .odds import binomial, tail
from .options import LiarsDiceOptions
from .records import BidRecord
from .state import SIDES, LiarsDiceState
from .views import TableView, as_table

#: How sharply a bidder is assumed to prefer its safest action (in units of chance).
TEMPERATURE = 0.05
#: The share of a bidder's actions assumed to be anything at all (bluffs, mistakes).
BLUFF = 0.05
#: The resolution of a draw from a belief's cumulative weights.
DRAW_STEPS = 1 << 30

Hand = tuple[int, ...]


@cache
def prior(dice: int) -> tuple[tuple[Hand, ...], tuple[float, ...]]:
    """Every hand of `dice` fair dice (ascending) and its chance."""
    hands = tuple(itertools.combinations_with_replacement(range(1, SIDES + 1), dice))
    total = SIDES**dice
    chances = tuple(
        math.factorial(dice)
        / math.prod(math.factorial(hand.count(face)) for face in set(hand))
        / total
        for hand in hands
    )
    return hands, chances


def chance_of(
    action: Any, hand: Hand, standing: Bid | None, in_play: int, options: LiarsDiceOptions
) -> float:
    """The chance, seen from `hand`, that `action` keeps its player's dice if the round
    ended right after it (the greedy agent's measure)."""
    unseen = in_play - len(hand)
    if isinstance(action, Bid):
        return _met(action, hand, unseen, options)
    assert standing is not None  # a call needs a standing bid
    if action == CHALLENGE:
        return 1.0 - _met(standing, hand, unseen, options)
    counted = matches(standing.face, options)
    need = standing.quantity - sum(1 for die in hand if die in counted)
    return binomial(unseen, len(counted))[need] if 0 <= need <= unseen else 0.0


def _met(bid: Bid, hand: Hand, unseen: int, options: LiarsDiceOptions) -> float:
    counted = matches(bid.face, options)
    need = bid.quantity - sum(1 for die in hand if die in counted)
    if need <= 0:
        return 1.0
    return 0.0 if need > unseen else tail(unseen, len(counted))[need]


def likelihood(
    hand: Hand, choices: Sequence[tuple[Any, Sequence[Any], Bid | None]], table: TableView
) -> float:
    """The chance that a bidder holding `hand` made its `choices` (action, menu, standing
    bid), under the model of the module docstring."""
    in_play = sum(table.dice)
    result = 1.0
    for action, menu, standing in choices:
        chances = [chance_of(a, hand, standing, in_play, table.options) for a in menu]
        top = max(chances)
        weights = [math.exp((c - top) / TEMPERATURE) for c in chances]
        mine = weights[menu.index(action)] / sum(weights)
        result *= (1.0 - BLUFF) * mine + BLUFF / len(menu)
    return result


def choices_of(table: TableView, seat: int) -> list[tuple[Any, Sequence[Any], Bid | None]]:
    """`seat`'s bids this round, each with the menu it chose from and the bid it raised."""
    in_play = sum(table.dice)
    made: list[tuple[Any, Sequence[Any], Bid | None]] = []
    for index, record in enumerate(table.bids):
        if record.seat != seat:
            continue
        standing = _as_bid(table.bids[index - 1]) if index else None
        bids = raises(standing, in_play, table.options)
        calls: tuple[Any, ...] = () if standing is None else _calls(table.options)
        made.append((_as_bid(record), calls + bids, standing))
    return made


def _calls(options: LiarsDiceOptions) -> tuple[Any, ...]:
    return (CHALLENGE, SPOT_ON) if options.spot_on else (CHALLENGE,)


def _as_bid(record: BidRecord) -> Bid:
    return Bid(record.quantity, record.face)


class Belief:
    """One opponent's hand: every possible hand with its weight, drawn in proportion."""

    def __init__(self, table: TableView, seat: int) -> None:
        hands, chances = prior(table.dice[seat])
        choices = choices_of(table, seat)
        weights = [
            chance * likelihood(hand, choices, table) if choices else chance
            for hand, chance in zip(hands, chances, strict=True)
        ]
        self.hands = hands
        self.cumulative = list(itertools.accumulate(weights))

    def chance(self, hand: Sequence[int]) -> float:
        """The belief's chance of `hand` (ascending)."""
        index = self.hands.index(tuple(hand))
        below = self.cumulative[index - 1] if index else 0.0
        return (self.cumulative[index] - below) / self.cumulative[-1]

    def draw(self, rng: Rng) -> list[int]:
        point = rng.below(DRAW_STEPS, LABEL) / DRAW_STEPS * self.cumulative[-1]
        index = min(bisect.bisect_right(self.cumulative, point), len(self.hands) - 1)
        return list(self.hands[index])


class Sampler:
    """`Search.sampler`: determinized states of one view with the other hands drawn from
    the beliefs its bids give (worked out once per decision)."""

    def __init__(self, view: Any) -> None:
        self.view = view
        table = as_table(view)
        self.beliefs = {
            seat: Belief(table, seat)
            for seat, count in enumerate(table.dice)
            if count and seat != table.seat and table.winner is None
        }

    def sample(self, rng: Rng) -> LiarsDiceState:
        return sample_state(self.view, rng, lambda seat, _dice, rng: self.beliefs[seat].draw(rng))
