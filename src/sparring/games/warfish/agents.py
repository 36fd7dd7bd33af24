"""Built-in Warfish agents: `random` (uniform over the legal menu; the benchmark opponent).

Random play always ends: every attack roll costs someone a unit, a turn has at most
`transfers_per_turn` transfers, and the round cap ends the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sparring.agents.uniform import UniformRandomAgent

AGENTS: dict[str, Callable[[int, int], Any]] = {"random": UniformRandomAgent}
