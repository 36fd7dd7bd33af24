"""The benchmark opponent of any game: a uniformly random legal move, from its own seeded
source, without ever reading a view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.core.rng import Rng


class UniformRandomAgent:
    needs_view = False
    __slots__ = ("rng",)

    def __init__(self, seat: int, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, view: dict[str, Any] | None, legal: Sequence[Any]) -> Any:
        return legal[self.rng.below(len(legal), "random")]
