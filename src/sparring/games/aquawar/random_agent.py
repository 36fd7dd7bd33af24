"""The `random` agent, Aquawar's benchmark opponent, in a module of its own so that the
compiled build compiles it (the agents module is not compiled: a test subclasses its
greedy agent).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.core.rng import Rng

from .actions import PASS
from .views import AquawarView

ASSERT_PERCENT = 10


class RandomAgent:
    """Uniformly random legal moves; asserts a random hidden fish 10 % of the time.

    It never reads a view (the match loop hands it None) and tells the phase from the
    legal actions alone: the assertion menu always starts with the pass. Picks are
    indexed in the lazy pick sequence, never listed.
    """

    needs_view = False
    __slots__ = ("rng",)

    def __init__(self, seat: int, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, view: AquawarView | None, legal: Sequence[Any]) -> Any:
        count = len(legal)
        first = legal[0]
        if first is PASS:
            if count > 1 and self.rng.below(100, "assert") < ASSERT_PERCENT:
                return legal[1 + self.rng.below(count - 1, "assert")]
            return first
        return legal[self.rng.below(count, "random")]
