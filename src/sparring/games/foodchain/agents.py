"""Built-in Food Chain agents: `random` (the benchmark opponent), `greedy` (the best
immediate move judged from the view: `greedy`) and `human` (terminal prompts: `human`).

Each is built by a factory ``(seat, seed) -> agent``; only `random` draws from a random
source (its own `Rng`), so a match between built-in agents is reproducible from the seeds.
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
