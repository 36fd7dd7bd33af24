"""A trial match for a bot: one refereed match against the game's random agent, under the
real referee (same clocks, caps and verdicts), keeping what a report on the bot needs
after the referee has closed it. `sparring bot check` presents the result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.core.game import Agent, GameSpec
from sparring.core.rng import Rng

from .process import Limits
from .referee import MatchOutcome, run_match
from .seats import BotSeat, BuiltinSeat, Seat


class UniformAgent:
    """The opponent when a game has no built-in `random` agent: a uniformly random legal
    action, from its own seeded generator so a check is reproducible."""

    needs_view = False

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, view: dict[str, Any] | None, legal: Sequence[Any]) -> Any:
        return legal[self.rng.below(len(legal), "bot-check")]


class CheckedSeat(BotSeat):
    """A bot seat that keeps what the report needs after the referee has closed it: the
    bot's number of the decision it was on, and the tail of its stderr."""

    def __init__(self, command: str, limits: Limits) -> None:
        super().__init__(command, limits)
        self.stderr_tail = ""

    def _keep_stderr(self) -> None:
        process = self.process
        if process is not None and not process.closed:
            self.stderr_tail = process.stderr_tail() or self.stderr_tail

    def finish(self, view: dict[str, Any], result: dict[str, Any]) -> None:
        self._keep_stderr()
        super().finish(view, result)

    def close(self) -> None:
        self._keep_stderr()
        super().close()


def opponent_for(spec: GameSpec, seat: int, seed: int) -> tuple[str, Agent]:
    """The game's own `random` agent if it has one, else a uniform random agent."""
    factory = spec.agents.get("random")
    if factory is not None:
        return "random", factory(seat, seed)
    return "uniform random", UniformAgent(seed)


class Trial:
    """The bot's command at `seat`, every other seat the game's random agent."""

    def __init__(
        self, spec: GameSpec, command: str, seat: int, seed: int, memory: int, sandbox: bool = True
    ) -> None:
        self.spec = spec
        self.seed = seed
        self.bot = CheckedSeat(command, Limits(memory_mib=memory, sandbox=sandbox))
        players = spec.new_game(seed, None).num_players
        self.seats: list[Seat] = []
        self.opponent = ""
        for index in range(players):
            if index == seat:
                self.seats.append(self.bot)
                continue
            self.opponent, agent = opponent_for(spec, index, seed + 1 + index)
            self.seats.append(BuiltinSeat(self.opponent, agent))

    def play(self, seconds: float) -> MatchOutcome:
        return run_match(self.spec, self.seats, self.seed, seconds=seconds)
