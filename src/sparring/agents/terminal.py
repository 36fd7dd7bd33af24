"""The loop every game's human player shares: show what the seat may see, read answers
until one is legal, and say why each refused answer was refused. Input and output are
injected functions, so tests drive it with scripted lines. A game supplies `screens`
(what to print) and `parse` (an answer to an action, or None and the reason)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sparring.core.errors import BadInput

PROMPT = "> "
Parse = Callable[[str], tuple[Any | None, str]]


class TerminalAgent:
    """`refusal_prefix` starts each message `parse` gives back; a game whose answers are
    built over several steps sets it empty and uses the message for the next question."""

    needs_view = True
    refusal_prefix = "not accepted: "

    def __init__(
        self,
        seat: int,
        seed: int = 0,
        ask: Callable[[str], str] = input,
        say: Callable[[str], None] = print,
    ) -> None:
        self.seat = seat
        self.ask = ask
        self.say = say

    def prompt(self, view: Any, legal: Sequence[Any]) -> tuple[list[str], Parse]:
        """The texts to show for this decision and the parser of its answers."""
        raise NotImplementedError

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        if view is None:
            raise ValueError("a human player needs its view")
        screens, parse = self.prompt(view, legal)
        for text in screens:
            self.say(text)
        while True:
            try:
                text = self.ask(PROMPT)
            except EOFError:
                raise BadInput("input ended before the game did") from None
            choice, reason = parse(text)
            if choice is not None:
                return choice
            if reason:
                self.say(f"{self.refusal_prefix}{reason}")
