"""Scripted terminal input for the human agents' tests (every game's human player reads
lines through an injected `ask`)."""

from __future__ import annotations

from collections.abc import Callable


def scripted(*lines: str) -> tuple[Callable[[str], str], list[str]]:
    """An `ask` answering `lines` in order, then end of input, and a list of what was said."""
    answers = iter(lines)

    def ask(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return ask, []
