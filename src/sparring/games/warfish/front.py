"""Each seat's territories, kept as territories change hands instead of found by a scan.

Listing the attacks (`legal.attack_choices`) is the engine's most frequent question: it
is asked after every roll and every capture. Scanning the whole map for the mover's
territories each time costs every territory; a capture moves one territory from one
holder to another, so the state keeps ``holdings[seat]``, the sorted list of the
territories `seat` holds, and moves that one entry (`Holdings.moved`). `Holdings(...)`
builds them from scratch (the deal, a forfeit, and positions written directly, through
`WarfishState.recount`). Neutral territories attack nobody, so they are not listed.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence


class Holdings:
    """Per seat, its territories in index order (module docstring)."""

    __slots__ = ("of",)

    def __init__(self, owner: Sequence[int], players: int) -> None:
        self.of: list[list[int]] = [[] for _ in range(players)]
        for t, holder in enumerate(owner):
            if holder >= 0:
                self.of[holder].append(t)

    def copy(self) -> Holdings:
        twin = Holdings((), 0)  # a compiled class is made only through `__init__`
        twin.of = [held[:] for held in self.of]
        return twin

    def moved(self, territory: int, before: int, after: int) -> None:
        """`territory` has passed from `before` to `after` (each a seat, or neutral)."""
        if before >= 0:
            self.of[before].remove(territory)
        if after >= 0:
            insort(self.of[after], territory)
