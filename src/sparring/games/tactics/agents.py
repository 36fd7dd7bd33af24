"""Built-in 5×5 Tactics agents: `random` (the benchmark opponent)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sparring.core.rng import Rng


class RandomAgent:
    """Uniformly random legal moves; never reads a view."""

    needs_view = False
    __slots__ = ("rng",)

    def __init__(self, seat: int, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, view: dict[str, Any] | None, legal: Sequence[Any]) -> Any:
        return legal[self.rng.below(len(legal), "random")]


AGENTS: dict[str, Callable[[int, int], Any]] = {"random": RandomAgent}
