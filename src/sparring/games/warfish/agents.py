"""Built-in Warfish agents: `random` (uniform over the legal menu; the benchmark opponent)
and `greedy` (a fast heuristic: continent focus, border reinforcement, attacks only with
good odds, cards traded when worth it; the `sparring bench warfish` pair) and `human`
(terminal prompts).

Random play always ends: every attack roll costs someone a unit, a turn has at most
`transfers_per_turn` transfers, and the round cap ends the game. Each agent is built by a
factory ``(seat, seed) -> agent`` and draws only from its own `Rng`, so a match between
built-in agents is reproducible from the seeds."""

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
