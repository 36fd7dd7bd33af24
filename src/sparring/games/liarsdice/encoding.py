"""Liar's Dice for reinforcement learning: a seat's view as a vector, and the action table
(docs/rl.md, "Liar's Dice").

Seats are counted from the observer (0: itself, 1: the next to its left, ...), so one
policy serves every seat. The observation (P players, D dice each, T = P × D):

- my dice: how many show each face 1-6, over D (6);
- dice left per seat, over D (P);
- the dice still in play, over T (1);
- the last bid of this round: its quantity over T (1), its face one-hot (6) and its
  bidder one-hot (P), all zero when the round has no bid yet;
- this round's bids so far, over T (1).

The action table holds every bid (quantity 1..T × face 1..6, index (quantity − 1) × 6 +
face − 1), then ``challenge`` and ``spot_on``: each action is one index, nothing is lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.rl.encoding import Menu, Vector, one_hot

from .actions import FACES, Bid, Challenge, SpotOn, say_bid
from .options import LiarsDiceOptions
from .views import TableView


class LiarsDiceEncoding:
    """The encoding of one table size (`LiarsDiceOptions`)."""

    depth = 1
    reads_log = False

    def __init__(self, options: LiarsDiceOptions) -> None:
        self.players = options.players
        self.dice = options.dice
        self.total = options.total_dice
        faces = len(FACES)
        self.challenge = self.total * faces
        self.spot_on = self.challenge + 1
        self.action_names = [
            *(say_bid(quantity, face) for quantity in range(1, self.total + 1) for face in FACES),
            "challenge",
            "spot on",
        ]
        self.feature_size = faces + self.players + 1 + 1 + faces + self.players + 1

    def path(self, action: Any) -> tuple[int, ...]:
        if isinstance(action, Bid):
            return ((action.quantity - 1) * len(FACES) + action.face - 1,)
        if isinstance(action, Challenge):
            return (self.challenge,)
        assert isinstance(action, SpotOn), action
        return (self.spot_on,)

    def menu(self, view: TableView, legal: Sequence[Any], path: tuple[int, ...]) -> Menu:
        """Every legal action at its one index (no two share one), worked out inline: the
        menu is made at every decision, and a bid's index is plain arithmetic."""
        faces = len(FACES)
        menu: dict[int, Any] = {}
        for action in legal:
            if type(action) is Bid:
                menu[(action.quantity - 1) * faces + action.face - 1] = action
            else:
                menu[self.path(action)[0]] = action
        return menu

    def features(self, view: TableView, seat: int, out: Vector) -> None:
        players, faces = self.players, len(FACES)
        for face in view.my_dice:
            out[face - 1] += 1.0 / self.dice
        at = faces
        for other in range(players):
            out[at + (other - seat) % players] = view.dice[other] / self.dice
        at += players
        out[at] = sum(view.dice) / self.total
        at += 1
        if view.bids:
            last = view.bids[-1]
            out[at] = last.quantity / self.total
            one_hot(out, at + 1, last.face - 1)
            one_hot(out, at + 1 + faces, (last.seat - seat) % players)
        at += 1 + faces + players
        out[at] = min(1.0, len(view.bids) / self.total)


def encoding(options: LiarsDiceOptions) -> LiarsDiceEncoding:
    """The game's `Extensions.rl_encoding`."""
    return LiarsDiceEncoding(options)
