"""The engine contract every game meets, and the description a game registers.

A game is a `GameSpec`: how to start a state, parse actions and options, project views,
render them, and (for the conformance kit) how to scramble what a seat cannot see. States
follow `GameState`; agents follow `Agent`. Nothing here knows a particular game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .events import Event
from .rng import Rng


@runtime_checkable
class Action(Protocol):
    """An immutable, hashable action value with a stable JSON form."""

    def to_json(self) -> dict[str, Any]: ...


class GameState(Protocol):
    """What every engine state offers (see DESIGN.md, "Engine contract")."""

    num_players: int
    rng: Rng
    events: list[Event]

    def to_move(self) -> tuple[int, ...]: ...

    @property
    def current_player(self) -> int: ...

    def legal_actions(self, player: int | None = None) -> Sequence[Any]: ...

    def apply(self, action: Any, player: int | None = None) -> None: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, ...]: ...

    def clone(self) -> GameState: ...

    def forfeit(self, seat: int, reason: str) -> None: ...


class TwoSeatOutcome:
    """`current_player` and `returns` for two-seat games whose state keeps `winner` (None:
    a draw, or not over yet) and defines `to_move()`."""

    winner: int | None

    @property
    def current_player(self) -> int:
        """The one seat to move (the lowest when several decide at once); -1 when over."""
        movers = self.to_move()  # type: ignore[attr-defined]
        return movers[0] if movers else -1

    def returns(self) -> tuple[float, float]:
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)


class Agent(Protocol):
    """A player that lives in this process and sees only views and legal actions.

    An agent that never reads views sets ``needs_view = False`` and is handed ``None``;
    one that reads the board but never the view's event ``log`` may also set
    ``needs_log = False`` (absent means True) and, where the game has one, is handed its
    lean view: the same view without the log, which is most of a view's cost.
    """

    needs_view: bool

    def act(self, view: dict[str, Any] | None, legal: Sequence[Any]) -> Any: ...


@dataclass(frozen=True)
class GameSpec:
    """Everything generic code needs to host one game.

    ``scramble_hidden(state, seat, rng)`` returns a copy of `state` in which everything
    `seat` cannot see has been replaced by other values consistent with its view;
    ``plant_sentinels(state, seat)`` returns a copy whose hidden numbers are replaced by
    unique sentinel integers, with the list of sentinels. Both feed the no-leak checks.
    ``decision_seconds`` is the game's default clock per decision; ``decision_clock(state,
    seat, seconds)`` may give one decision another clock (a share of the match's per-decision
    `seconds`, so a faster match scales it too). ``on_verdict`` is the game's price for a
    referee verdict (default: the game is lost); with ``survives_timeout`` a time-out costs
    only that price and the bot process plays on (its late reply is discarded).
    ``status_line(spectator view)`` is the one-line summary a live display prints before
    each event of kind
    ``turn_event`` (a new turn); ``live_skip`` lists event kinds too routine to print there.
    With ``live_reveal`` a live display with no person playing shows every seat's events
    too (each once), e.g. a fogged board; ``event_context`` is described at `describe`.
    ``lean_view(state, seat)``, if given, is ``view`` without its ``"log"`` entry (the
    conformance kit checks exactly that), for in-process agents with ``needs_log = False``.
    """

    name: str
    title: str
    rules_version: str
    new_game: Callable[[int, Any], Any]
    options_from_json: Callable[[dict[str, Any] | None], Any]
    action_from_json: Callable[[Any], Any]
    view: Callable[[Any, int | None], dict[str, Any]]
    render_view: Callable[[dict[str, Any]], str]
    describe_event: Callable[[dict[str, Any], int | None], str]
    summarize: Callable[[Any], dict[str, Any]]
    agents: dict[str, Callable[[int, int], Agent]] = field(default_factory=dict)
    scramble_hidden: Callable[[Any, int, Rng], Any] | None = None
    plant_sentinels: Callable[[Any, int], tuple[Any, list[int]]] | None = None
    determinize: Callable[[dict[str, Any], Rng], Any] | None = None
    decision_seconds: float = 3.0
    decision_clock: Callable[[Any, int, float], float] | None = None
    on_verdict: Callable[[Any, int, str, str], None] | None = None
    survives_timeout: bool = False
    status_line: Callable[[dict[str, Any]], str | None] | None = None
    turn_event: str = "turn"
    live_skip: frozenset[str] = frozenset()
    event_context: Callable[[Any], Any] | None = None
    live_reveal: bool = False
    lean_view: Callable[[Any, int | None], dict[str, Any]] | None = None

    def describe(self, event: dict[str, Any], viewer: int | None, state: Any) -> str:
        """One event in words. With ``event_context(state)`` (e.g. a map's territory
        names) `describe_event` gets it as a third argument."""
        if self.event_context is None:
            return self.describe_event(event, viewer)
        return self.describe_event(event, viewer, self.event_context(state))  # type: ignore[call-arg]

    def view_for(self, agent: Agent) -> Callable[[Any, int | None], dict[str, Any]] | None:
        """The view function an in-process `agent` is served by: none for an agent that
        reads no views, the lean view for one that reads no log (if the game has one),
        else the full view."""
        if not agent.needs_view:
            return None
        if self.lean_view is not None and not getattr(agent, "needs_log", True):
            return self.lean_view
        return self.view

    def clock(self, state: Any, seat: int, seconds: float) -> float:
        """The clock for `seat`'s decision now, given the match's per-decision `seconds`."""
        if self.decision_clock is None:
            return seconds
        return self.decision_clock(state, seat, seconds)

    def apply_verdict(self, state: Any, seat: int, verdict: str, detail: str) -> None:
        """What a referee verdict (TLE, RE, IA, BAD, OLE, MLE) costs: the game's own rule,
        or by default the whole game."""
        if self.on_verdict is not None:
            self.on_verdict(state, seat, verdict, detail)
        else:
            state.forfeit(seat, f"{verdict}: {detail}")


def new_game_with(state_type: Callable[[int, Any], Any], options_type: Any) -> Callable[..., Any]:
    """A spec's `new_game`: options may come as the game's options object, as JSON, or
    not at all (the defaults)."""

    def new_game(seed: int, options: Any = None) -> Any:
        if options is not None and not isinstance(options, options_type):
            options = options_type.from_json(options)
        return state_type(seed, options)

    return new_game
