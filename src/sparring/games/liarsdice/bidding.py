"""The bidding rules: which faces may be bid, which bid beats which, and what a bid counts.

Every bid has a rank, and a bid is legal when it outranks the previous one (any bid may
open) and names no more dice than are in play. A bid on an ordinary face ranks as
``(quantity, face)``: more dice, or as many of a higher face. While ones are wild and may
be bid (``ones_bids = "converted"``), a bid of q ones ranks as ``(2q, 7)``: just above
every bid of 2q dice and below every bid of 2q + 1, which is the conversion rule (to bid
ones, halve the quantity, rounding up; to leave ones, double it and add one). Under that
rule the opening bid may not be on ones. Without wild ones, ones are an ordinary face,
the lowest.

Counting: the dice showing the face, plus, while ones are wild and the face is not one,
the dice showing one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .actions import FACES, Bid, Challenge, SpotOn, say_bid
from .options import LiarsDiceOptions

#: The rank's second part for a bid on wild ones: above every face at the same quantity.
WILD_ONES_RANK = 7


def biddable_faces(options: LiarsDiceOptions) -> tuple[int, ...]:
    """The faces a bid may name: every face, except ones while they are wild and
    ``ones_bids = "forbidden"``."""
    if options.wild_ones and options.ones_bids == "forbidden":
        return tuple(face for face in FACES if face != 1)
    return tuple(FACES)


def rank(quantity: int, face: int, options: LiarsDiceOptions) -> tuple[int, int]:
    """The bid's place in the order of bids (see the module docstring)."""
    if face == 1 and options.wild_ones:
        return (2 * quantity, WILD_ONES_RANK)
    return (quantity, face)


def lowest_raise(face: int, previous: Bid, options: LiarsDiceOptions) -> int:
    """The smallest quantity of `face` that outranks `previous`."""
    dice, order = rank(previous.quantity, previous.face, options)
    if face == 1 and options.wild_ones:
        return dice // 2 + 1 if order == WILD_ONES_RANK else (dice + 1) // 2
    return dice if face > order else dice + 1


def why_not_bid(
    bid: Bid, previous: Bid | None, in_play: int, options: LiarsDiceOptions
) -> str | None:
    """Why the rules refuse `bid` after `previous` (None: the round's opening bid) with
    `in_play` dice on the table, or None if it may be played."""
    if bid.face not in FACES:
        return f"{bid.face} is not a face of a die (1-6)"
    if bid.quantity < 1:
        return "a bid names at least one die"
    if bid.face not in biddable_faces(options):
        return 'ones are wild and cannot be bid (option ones_bids = "forbidden")'
    if bid.quantity > in_play:
        return f"{bid} names more dice than the {in_play} in play"
    if previous is None:
        if bid.face == 1 and options.wild_ones:
            return "the opening bid cannot be on ones while they are wild"
        return None
    if rank(bid.quantity, bid.face, options) <= rank(previous.quantity, previous.face, options):
        least = say_bid(lowest_raise(bid.face, previous, options), bid.face)
        return f"{bid} does not raise {previous}: it takes at least {least}"
    return None


def why_not_action(
    action: Any, previous: Bid | None, in_play: int, options: LiarsDiceOptions
) -> str | None:
    """Why the rules refuse `action` from the player to move, after `previous` (None: no
    bid yet this round) with `in_play` dice on the table, or None if they allow it."""
    if isinstance(action, Bid):
        return why_not_bid(action, previous, in_play, options)
    if isinstance(action, Challenge):
        return None if previous else "there is no bid to challenge: the round opens with a bid"
    if isinstance(action, SpotOn):
        if not options.spot_on:
            return "spot on is not played in this game (option spot_on = false)"
        return None if previous else "there is no bid to call spot on: the round opens with a bid"
    return f"{action!r} is not a Liar's Dice action (a bid, a challenge or spot on)"


@dataclass(frozen=True)
class Ladder:
    """Every bid with at most `in_play` dice, lowest rank first, and where each stands."""

    bids: tuple[Bid, ...]
    place: dict[Bid, int]


@cache
def ladder(options: LiarsDiceOptions, in_play: int) -> Ladder:
    """The ladder of bids under `options` with `in_play` dice (built once per pair)."""
    bids = sorted(
        (
            Bid(quantity, face)
            for face in biddable_faces(options)
            for quantity in range(1, in_play + 1)
        ),
        key=lambda b: rank(b.quantity, b.face, options),
    )
    return Ladder(tuple(bids), {bid: index for index, bid in enumerate(bids)})


@cache
def opening_bids(options: LiarsDiceOptions, in_play: int) -> tuple[Bid, ...]:
    """The bids that may open a round: the whole ladder, but for ones while they are wild."""
    return tuple(
        b for b in ladder(options, in_play).bids if not (b.face == 1 and options.wild_ones)
    )


def raises(previous: Bid | None, in_play: int, options: LiarsDiceOptions) -> tuple[Bid, ...]:
    """Every legal bid after `previous` (None: an opening bid), lowest rank first."""
    if previous is None:
        return opening_bids(options, in_play)
    steps = ladder(options, in_play)
    return steps.bids[steps.place[previous] + 1 :]


def matches(face: int, options: LiarsDiceOptions) -> frozenset[int]:
    """The die faces that count for a bid on `face`."""
    if options.wild_ones and face != 1:
        return frozenset((face, 1))
    return frozenset((face,))


def count(face: int, hands: Sequence[Sequence[int]], options: LiarsDiceOptions) -> int:
    """How many of all the dice count for a bid on `face`."""
    counted = matches(face, options)
    return sum(1 for hand in hands for die in hand if die in counted)
