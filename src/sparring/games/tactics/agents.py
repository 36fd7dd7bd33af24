"""Built-in 5×5 Tactics agents: `random` (the benchmark opponent)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sparring.agents.uniform import UniformRandomAgent

AGENTS: dict[str, Callable[[int, int], Any]] = {"random": UniformRandomAgent}
