"""The chances a player can work out from its own view: how likely a bid is to be met,
or met exactly, given its own dice and that every die it cannot see is a fair die.

A bid on `face` counts the player's own matching dice for certain; each unseen die
matches with probability 1/6, or 2/6 while ones are wild and the face is not one. The
count of unseen matches is binomial, so a bid needing `k` more dice is met with the
binomial tail probability P(X >= k).
"""

from __future__ import annotations

from functools import cache

from .bidding import matches
from .state import SIDES
from .views import TableView


@cache
def binomial(trials: int, sides_matching: int) -> tuple[float, ...]:
    """P(X = j) for j = 0..trials, X ~ Binomial(trials, sides_matching / 6)."""
    p = sides_matching / SIDES
    pmf = [(1 - p) ** trials]
    for j in range(1, trials + 1):
        pmf.append(pmf[-1] * (trials - j + 1) / j * p / (1 - p))
    return tuple(pmf)


@cache
def tail(trials: int, sides_matching: int) -> tuple[float, ...]:
    """P(X >= j) for j = 0..trials + 1."""
    pmf = binomial(trials, sides_matching)
    out = [0.0] * (trials + 2)
    for j in range(trials, -1, -1):
        out[j] = out[j + 1] + pmf[j]
    return tuple(out)


class Odds:
    """The chances of bids from one seat's view of the table."""

    __slots__ = ("own", "table", "unseen")

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.own = table.my_dice
        self.unseen = sum(table.dice) - len(table.my_dice)

    def _split(self, face: int) -> tuple[int, int]:
        """(own dice counting for `face`, faces of a die that count for it)."""
        counted = matches(face, self.table.options)
        return sum(1 for die in self.own if die in counted), len(counted)

    def at_least(self, quantity: int, face: int) -> float:
        """The chance that at least `quantity` dice count for `face`."""
        known, sides = self._split(face)
        need = quantity - known
        if need <= 0:
            return 1.0
        if need > self.unseen:
            return 0.0
        return min(1.0, tail(self.unseen, sides)[need])

    def exactly(self, quantity: int, face: int) -> float:
        """The chance that exactly `quantity` dice count for `face`."""
        known, sides = self._split(face)
        need = quantity - known
        if not 0 <= need <= self.unseen:
            return 0.0
        return binomial(self.unseen, sides)[need]
