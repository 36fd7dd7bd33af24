"""The one shape of `apply`, written once for every game.

Every engine checks the same things in the same order before an action changes anything:
the game is not over; the seat is one that must decide now; the action is offered to it
(or, if not, the rules give a reason to refuse it, and the state stays exactly as it was);
then the action's own handler runs. `Engine` is that sequence; a game supplies the steps
that differ:

- ``offers(action, seat)``: the fast path — whether `action` is in the seat's menu (by
  default, membership in `legal_actions`; a game with a cached or compact menu answers
  more cheaply);
- ``refusal(action, seat)``: for an action not offered, the reason the rules refuse it,
  or None when the rules accept it anyway (e.g. a standing order a menu does not list);
- ``HANDLERS``: the function that plays each action type, as ``handler(state, action,
  seat)``;
- ``changing()``: called once an action is accepted, before its handler runs (to drop a
  cached menu, say).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from .errors import IllegalAction

Handler = Callable[[Any, Any, int], None]


class Engine:
    """Base of a game state: `apply` in the one shape (see the module docstring)."""

    __slots__ = ()

    HANDLERS: ClassVar[Mapping[type, Handler]] = {}

    def to_move(self) -> tuple[int, ...]:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def legal_actions(self, player: int | None = None) -> Sequence[Any]:
        raise NotImplementedError

    def apply(self, action: Any, player: int | None = None) -> None:
        """Play `action` for `player` (default: the first seat to move). An action the
        rules refuse raises `IllegalAction` with the reason and changes nothing."""
        movers = self.to_move()
        if not movers:  # nobody moves exactly when the game is over (the kit checks it)
            raise IllegalAction("the game is over")
        seat = movers[0] if player is None else player
        if seat not in movers:
            raise IllegalAction(self.not_to_move(seat, movers))
        self.play(action, seat)

    def play(self, action: Any, seat: int) -> None:
        """`apply` for a caller that has just asked `to_move()` and found `seat` in it (the
        match loop): the remaining checks, then the handler. Whatever asks nobody first
        calls `apply`. A game may play the actions of its cached menu more directly, as
        long as it does exactly what this does with them."""
        if not self.offers(action, seat):
            reason = self.refusal(action, seat)
            if reason is not None:
                raise IllegalAction(reason)
        handler = self.HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action!r} is not an action of this game")
        self.changing()
        handler(self, action, seat)

    def not_to_move(self, seat: int, movers: tuple[int, ...]) -> str:
        """Why `seat` may not act now."""
        if len(movers) == 1:
            return f"it is seat {movers[0]}'s turn, not seat {seat}'s"
        return f"seat {seat} has nothing to decide now (seats {list(movers)} do)"

    def offers(self, action: Any, seat: int) -> bool:
        return action in self.legal_actions(seat)

    def refusal(self, action: Any, seat: int) -> str | None:
        """The reason the rules refuse an action not offered; by default, that it is not
        among the seat's legal actions."""
        return f"{action} is not one of seat {seat}'s legal actions now"

    def changing(self) -> None:
        """Called once an action is accepted, just before its handler changes the state."""
