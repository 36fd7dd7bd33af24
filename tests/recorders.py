"""A recorder for tests that compare games by their decisions."""

from __future__ import annotations

from typing import Any


class Decisions:
    """A recorder keeping each decision as (seat, action JSON): a replay's decisions."""

    def __init__(self) -> None:
        self.made: list[tuple[int, Any]] = []

    def begin(self, state: Any) -> None:
        return None

    def decision(self, state: Any, seat: int, action: Any, spent: float, *rest: Any) -> None:
        self.made.append((seat, None if action is None else action.to_json()))

    def finish(self, state: Any) -> None:
        return None
