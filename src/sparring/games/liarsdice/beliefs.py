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


class Choice:
    """One bid a player made, ready to be weighed against many hands: for each action of
    the menu it chose from, the face whose dice its chance depends on (a call: the
    standing bid's) and that chance for each count of such dice in the hand."""

    __slots__ = ("faces", "made", "weights")

    def __init__(
        self, action: Bid, menu: Sequence[Any], standing: Bid | None, dice: int, table: TableView
    ) -> None:
        in_play = sum(table.dice)
        self.made = list(menu).index(action)
        self.faces = [a.face if isinstance(a, Bid) else _standing(standing).face for a in menu]
        # A hand whose matches for the action's face number `known` stands for all of them:
        # the chance depends on the hand through that count alone.
        self.weights = [
            [
                _weight(
                    chance_of(
                        a,
                        _hand_with(known, face, dice, table.options),
                        standing,
                        in_play,
                        table.options,
                    )
                )
                for known in range(dice + 1)
            ]
            for a, face in zip(menu, self.faces, strict=True)
        ]

    def likelihood(self, known: dict[int, int]) -> float:
        """The chance of this bid from a hand with `known` matches per face."""
        weights = [row[known[face]] for row, face in zip(self.weights, self.faces, strict=True)]
        mine = weights[self.made] / sum(weights)
        return (1.0 - BLUFF) * mine + BLUFF / len(weights)


def _weight(chance: float) -> float:
    """An action's unnormalized softmax weight (chances lie in [0, 1], so no overflow)."""
    return math.exp(chance / TEMPERATURE)


def _standing(standing: Bid | None) -> Bid:
    assert standing is not None  # a call needs a standing bid
    return standing


def _hand_with(known: int, face: int, dice: int, options: LiarsDiceOptions) -> Hand:
    """A hand of `dice` dice of which exactly `known` count for a bid on `face`."""
    other = next(f for f in range(1, SIDES + 1) if f not in matches(face, options))
    return (face,) * known + (other,) * (dice - known)


def likelihood(hand: Hand, choices: Sequence[Choice], table: TableView) -> float:
    """The chance that a bidder holding `hand` made its `choices`, under the model of the
    module docstring."""
    known = {
        face: sum(1 for die in hand if die in matches(face, table.options))
        for face in range(1, SIDES + 1)
    }
    return math.prod(choice.likelihood(known) for choice in choices)


def choices_of(table: TableView, seat: int) -> list[Choice]:
    """`seat`'s bids this round, each with the menu it chose from and the bid it raised."""
    in_play = sum(table.dice)
    made: list[Choice] = []
    for index, record in enumerate(table.bids):
        if record.seat != seat:
            continue
        standing = _as_bid(table.bids[index - 1]) if index else None
        bids = raises(standing, in_play, table.options)
        calls: tuple[Any, ...] = () if standing is None else _calls(table.options)
        made.append(Choice(_as_bid(record), calls + bids, standing, table.dice[seat], table))
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
