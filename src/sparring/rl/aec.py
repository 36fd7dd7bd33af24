"""`sparring.rl.env(GAME)`: a PettingZoo AEC environment for any registered game.

Agents are ``seat_0``, ``seat_1``, ...; the agent selected is the seat to move (the lowest
one while several decide at once, each in turn, none seeing another's choice). A step
takes one index of the game's action table; in a factorised decision the same seat is
selected again until its path names an action. Rewards are the game's returns, all at the
end; nothing is truncated (every game ends within its bound). An index the mask closes
raises `IllegalAction` with the reason.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .spaces import GameSeeds, open_table, seat_spaces, spectator_text


class SparringEnv(AECEnv):
    """One game of `game` at a time, as a PettingZoo AEC environment."""

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.table = open_table(game, options)
        self.render_mode = render_mode
        self.metadata = {
            "name": f"sparring_{self.table.spec.name}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.possible_agents, self.observation_spaces, self.action_spaces = seat_spaces(self.table)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._seeds = GameSeeds()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.start(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_move()[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observe(self._seat_of[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.choose(self._seat_of[agent], int(action))
        if self.table.is_over():
            returns = self.table.returns()
            for name in self.agents:
                self.rewards[name] = returns[self._seat_of[name]]
                self.terminations[name] = True
            self._accumulate_rewards()
        else:  # every reward is still the zero it was since the reset: nothing to add
            self.agent_selection = self.possible_agents[self.table.to_move()[0]]

    def render(self) -> str | None:
        return spectator_text(self.table, self.render_mode)

    def close(self) -> None:
        return None
