"""`sparring.rl.parallel_env(GAME)`: a PettingZoo parallel environment, for games with
simultaneous moves (Aquawar's picks, the Tactics draft).

Each step takes an action from every live agent; those of seats not to move are ignored
(their mask is all zeros, so a masked sampler gives them index 0). The seats to move when
the step begins all decide in it, so simultaneous choices are made together and neither
sees the other's; in the game's turn-by-turn stretches one seat decides per step. A
factorised decision takes as many steps as its path is long, each seat on its own path.
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from .spaces import GameSeeds, open_table, seat_spaces, spectator_text


class SparringParallelEnv(ParallelEnv):
    """One game of `game` at a time, as a PettingZoo parallel environment."""

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        self.table = open_table(game, options)
        self.render_mode = render_mode
        self.metadata = {"name": f"sparring_{self.table.spec.name}_v0", "render_modes": ["ansi"]}
        self.possible_agents, self.observation_spaces, self.action_spaces = seat_spaces(self.table)
        self.agents: list[str] = []
        self._seeds = GameSeeds()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.table.start(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict[str, Any]:
        return {agent: self.table.observe(seat) for seat, agent in enumerate(self.agents)}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        for seat in self.table.to_move():
            self.table.choose(seat, int(actions[self.possible_agents[seat]]))
        over = self.table.is_over()
        returns = self.table.returns() if over else (0.0,) * len(self.possible_agents)
        agents = self.agents
        observations = self._observations()
        rewards = {agent: returns[seat] for seat, agent in enumerate(agents)}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return spectator_text(self.table, self.render_mode)

    def close(self) -> None:
        return None
