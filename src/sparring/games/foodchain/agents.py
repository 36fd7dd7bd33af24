"""Built-in Food Chain agents: `random` (the benchmark opponent), `greedy` (the best
immediate move judged from the view: `greedy`) and `human` (terminal prompts: `human`).

Each is built by a factory ``(seat, seed) -> agent``; only `random` draws from a random
source (its own `Rng`), so a match between built-in agents is reproducible from the seeds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sparring.core.rng import Rng

from .greedy import GreedyAgent
from .human import HumanAgent


class RandomAgent:
    """Uniformly random legal moves; never reads a view."""

    needs_view = False
    __slots__ = ("rng",)

    def __init__(self, seat: int, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, view: dict[str, Any] | None, legal: Sequence[Any]) -> Any:
        return legal[self.rng.below(len(legal), "random")]


def _factory(cls: type) -> Callable[[int, int], Any]:
    def build(seat: int, seed: int) -> Any:
        return cls(seat, seed)

    build.__doc__ = cls.__doc__
    return build


AGENTS: dict[str, Callable[[int, int], Any]] = {
    "random": RandomAgent,
    "greedy": _factory(GreedyAgent),
    "human": _factory(HumanAgent),
}
