"""`sparring.rl.single_agent_env(GAME, seat=0, opponents="builtin:random")`: one seat of
a game as a Gymnasium environment, the other seats played by built-in agents or bots.

Opponents are seat strings as `sparring match --seat` takes them (``builtin:greedy``,
``builtin:random``, a bot's command line, a game's own seat kind): they are served views
and legal actions exactly as the referee serves them, and are seeded from the game's
seed, so a seeded reset replays the same game. The reward is the learner's return, at the
end; an illegal answer from an opponent costs it what a referee verdict costs (the game's
rule). An index the learner's mask closes is an illegal answer too, priced the same
way (as a referee prices a bot's), and its reason is in the step's info as ``illegal``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from sparring.arena.seats import BuiltinSeat, Seat, make_seat
from sparring.core.errors import IllegalAction
from sparring.core.game import ViewFunction

from .spaces import GameSeeds, observation_space, open_table, spectator_text


class SingleAgentEnv(gymnasium.Env):
    """Seat `seat` of `game` against `opponents` (one seat string for every other seat,
    or a list with one per other seat in seat order). `opponent_seconds` is the clock of
    each opponent decision (default: the game's; a searching agent spends it)."""

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: str | list[str] = "builtin:random",
        render_mode: str | None = None,
        opponent_seconds: float | None = None,
        **options: Any,
    ) -> None:
        self.table = open_table(game, options)
        self._seconds = (
            self.table.spec.referee.decision_seconds
            if opponent_seconds is None
            else opponent_seconds
        )
        self.metadata = {"render_modes": ["ansi"]}
        self.render_mode = render_mode
        self.seat = seat
        players = self.table.spec.new_game(0, self.table.options).num_players
        others = [other for other in range(players) if other != seat]
        texts = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(texts) != len(others) or seat not in range(players):
            raise ValueError(
                f"{game} has seats 0-{players - 1}: seat {seat} needs {len(others)} opponents"
            )
        self._opponent_texts = dict(zip(others, texts, strict=True))
        self._opponents: dict[int, tuple[Seat, ViewFunction]] = {}
        self.observation_space = observation_space(self.table.observer)
        self.action_space = spaces.Discrete(self.table.observer.action_count)
        self._seeds = GameSeeds()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = self._seeds.next(seed)
        self.table.start(game_seed)
        self._seat_opponents(game_seed)
        self._play_opponents()
        return self.table.observe(self.seat), {}

    def _seat_opponents(self, game_seed: int) -> None:
        self._close_opponents()
        spec, players = self.table.spec, self.table.num_players
        for other, text in self._opponent_texts.items():
            made = make_seat(text, spec, other, game_seed * players + other)
            made.start(spec, other, players, self.table.options, self._seconds)
            view_of = spec.view_for(made.agent) if isinstance(made, BuiltinSeat) else spec.view
            self._opponents[other] = (made, view_of or _no_view)

    def _play_opponents(self) -> None:
        """Let the other seats decide until the learner is to move or the game is over."""
        table = self.table
        while not table.is_over():
            movers = [mover for mover in table.to_move() if mover != self.seat]
            if not movers:
                return
            other = movers[0]
            made, view_of = self._opponents[other]
            legal = table.state.legal_actions(other)
            action = made.decide(view_of(table.state, other), legal, self._seconds)
            try:
                table.play(other, action)
            except IllegalAction as error:
                table.penalise(other, f"illegal action {action}: {error}")

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        info: dict[str, Any] = {}
        try:
            self.table.choose(self.seat, int(action))
        except IllegalAction as error:
            info["illegal"] = str(error)
            self.table.penalise(self.seat, str(error))
        self._play_opponents()
        over = self.table.is_over()
        reward = self.table.returns()[self.seat] if over else 0.0
        if over:
            self._close_opponents()
        return self.table.observe(self.seat), reward, over, False, info

    def _close_opponents(self) -> None:
        for made, _ in self._opponents.values():
            made.close()
        self._opponents = {}

    def render(self) -> str | None:
        return spectator_text(self.table, self.render_mode)

    def close(self) -> None:
        self._close_opponents()


def _no_view(state: Any, seat: int | None) -> None:
    """The view of an agent that reads none."""
    return None
