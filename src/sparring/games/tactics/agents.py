"""Built-in 5×5 Tactics agents: `random` (the benchmark opponent), `greedy` (one ply on the
state rebuilt from its view) and `human` (terminal prompts).

Each is built by a factory ``(seat, seed) -> agent`` and draws only from its own `Rng`, so
a match between built-in agents is reproducible from the seeds alone.
"""

from __future__ import annotations

from sparring.agents.uniform import UniformRandomAgent
from sparring.core.game import AgentFactory

from .greedy import GreedyAgent
from .human import HumanAgent

AGENTS: dict[str, AgentFactory] = {
    "random": UniformRandomAgent,
    "greedy": GreedyAgent,
    "human": HumanAgent,
}
