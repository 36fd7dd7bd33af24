"""One seat of a game played through text, the other seats by built-in agents, in this
process: the host behind `sparring mcp`. The seat reads its view and legal actions as text
(`text`), answers in words (`parse`), and the others move until it is the seat's turn again
or the game is over. A refused answer changes nothing and says why."""

from __future__ import annotations

from typing import Any

from sparring.agents.catalog import make_agent
from sparring.core.game import GameSpec, decide

from .parse import parse_answer
from .text import action_names, numbered_actions, view_text


class TextTable:
    def __init__(
        self, spec: GameSpec, seat: int, against: str, seed: int, options: Any = None
    ) -> None:
        self.spec = spec
        self.seat = seat
        self.state = spec.new_game(seed, options)
        players = self.state.num_players
        if not 0 <= seat < players:
            raise ValueError(f"there is no seat {seat} ({players} players)")
        self.agents = {
            other: make_agent(spec, against, other, seed + 1 + other)
            for other in range(players)
            if other != seat
        }
        self._others_move()

    def my_turn(self) -> bool:
        return not self.state.is_terminal() and self.seat in self.state.to_move()

    def view(self) -> str:
        """The seat's view in words, then whose turn it is or how the game ended."""
        text = view_text(self.spec, self.spec.view(self.state, self.seat))
        return f"{text}\n\n{self.status()}"

    def status(self) -> str:
        outcome = self.state.outcome()
        if outcome is not None:
            result = (
                "you won"
                if outcome.winner == self.seat
                else ("a draw" if outcome.winner is None else f"seat {outcome.winner} won")
            )
            return f"The game is over: {result} ({outcome.reason.value}). {outcome.detail}".strip()
        return "Your turn: choose one of the legal actions."

    def legal_text(self) -> str:
        if not self.my_turn():
            return self.status()
        legal = self.state.legal_actions(self.seat)
        return f"Legal actions ({len(legal)}):\n{numbered_actions(action_names(legal))}"

    def act(self, answer: str) -> tuple[bool, str]:
        """Play the action `answer` names; (False, the reason) when it is refused."""
        if not self.my_turn():
            return False, self.status()
        legal = self.state.legal_actions(self.seat)
        chosen, reason = parse_answer(answer, legal, self.spec.action_from_json)
        if chosen is None:
            return False, f"Not accepted: {reason}"
        self.state.apply(chosen, self.seat)
        self._others_move()
        return True, self.view()

    def _others_move(self) -> None:
        state = self.state
        while not state.is_terminal() and self.seat not in state.to_move():
            for other in state.to_move():
                agent = self.agents[other]
                view_function = self.spec.view_for(agent)
                view = None if view_function is None else view_function(state, other)
                legal = state.legal_actions(other)
                seconds = self.spec.clock(state, other, self.spec.referee.decision_seconds)
                state.apply(decide(agent, view, legal, seconds), other)
                if state.is_terminal():
                    break
