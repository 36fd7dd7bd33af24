"""Who sits at a seat: a built-in agent in this process, or a bot process.

The referee talks to every seat the same way — `start`, `decide(view, legal, seconds)`,
`finish`, `close` — and only ever in views and actions. A seat is described by a string on
the command line: ``builtin:NAME`` or ``builtin:NAME?KEY=VALUE,...`` (a built-in agent and
its parameters: `sparring.agents.catalog`), ``KIND:ARGUMENT`` for a seat kind the game offers
(`Extensions.seat_kinds`, e.g. a contest's own wire protocol) or every game offers
(`PLATFORM_SEAT_KINDS`: ``llm:MODEL``, docs/llm.md), or else a command line for a
JSON-lines bot. A command may give a platform kind settings for every seat of that kind
that does not give its own (`SeatDefaults`: ``--llm-url URL`` is ``{"llm": {"url": URL}}``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from sparring.agents.catalog import make_agent
from sparring.core.errors import BadInput
from sparring.core.game import Agent, GameSpec, View, decide, imported_later

from .process import BotFailure, BotProcess, Limits, split_command
from .protocol import act_message, chosen_action, end_message, start_message


class Seat(Protocol):
    label: dict[str, Any]

    def start(
        self, spec: GameSpec, seat: int, players: int, options: Any, seconds: float
    ) -> None: ...

    def decide(self, view: View, legal: Sequence[Any], seconds: float) -> Any: ...

    def finish(self, view: View, result: dict[str, Any]) -> None: ...

    def close(self) -> None: ...


@runtime_checkable
class SeatWithNotes(Protocol):
    """A seat that keeps notes of its own on a match — a JSON object, such as the
    conversation a language model had — which the referee collects once the match is over
    (`MatchOutcome.notes`) and the store keeps in the match's row (`MatchRecord.seat_notes`),
    so the match and its notes are saved together or not at all."""

    def notes(self) -> dict[str, Any] | None: ...


class BuiltinSeat:
    """A trusted in-process agent. It is timed but never killed; an agent that uses its
    clock (`ClockedAgent`) is told each decision's."""

    def __init__(self, name: str, agent: Agent) -> None:
        self.label = {"kind": "builtin", "name": name}
        self.agent = agent

    def start(self, spec: GameSpec, seat: int, players: int, options: Any, seconds: float) -> None:
        self._spec = spec

    def decide(self, view: View, legal: Sequence[Any], seconds: float) -> Any:
        """The agent's choice; the referee made `view` as the agent reads it (None, or the
        lean view, where it reads less: see `referee._view_function`)."""
        return decide(self.agent, view, legal, seconds)

    def finish(self, view: View, result: dict[str, Any]) -> None:
        return None

    def close(self) -> None:
        return None


class BotSeat:
    """A bot process speaking the sparring JSON-lines protocol (docs/protocol.md)."""

    def __init__(self, command: str, limits: Limits | None = None) -> None:
        split_command(command)  # an unreadable command is refused now, before any bot starts
        self.label = {"kind": "bot", "command": command}
        self.command = command
        self.limits = limits or Limits()
        self.process: BotProcess | None = None
        self.decisions = 0

    def start(self, spec: GameSpec, seat: int, players: int, options: Any, seconds: float) -> None:
        self._spec = spec
        self._seat = seat
        self.process = BotProcess(self.command, self.limits)
        self.process.send(start_message(spec, seat, players, options, seconds))
        self.process.pause()

    def decide(self, view: View, legal: Sequence[Any], seconds: float) -> Any:
        assert self.process is not None
        self.decisions += 1
        reply = self.process.request(
            act_message(self.decisions, view, legal, seconds),
            seconds,
            survive_timeout=self._spec.referee.survives_timeout,
        )
        try:
            return chosen_action(self._spec, reply, legal)
        except BotFailure:
            self.process.kill()
            raise

    def finish(self, view: View, result: dict[str, Any]) -> None:
        if self.process is not None:
            self.process.close(end_message(self._seat, result, view))

    def close(self) -> None:
        if self.process is not None:
            self.process.close()


#: Seat kinds every game offers (``KIND:ARGUMENT``), each loaded only when used: the module
#: and the factory, called with the argument, the limits and the kind's `SeatDefaults`.
PLATFORM_SEAT_KINDS = {"llm": ("sparring.llm.seat", "make_llm_seat")}

#: Settings of a platform seat kind, by kind, that apply to every seat of that kind whose
#: description does not give them itself: the ``KEY=VALUE`` settings of its description.
SeatDefaults = Mapping[str, Mapping[str, str]]
PlatformSeatFactory = Callable[[str, Any, Mapping[str, str]], "Seat"]


def make_seat(
    text: str,
    spec: GameSpec,
    seat: int,
    seed: int,
    limits: Limits | None = None,
    defaults: SeatDefaults | None = None,
) -> Seat:
    """Build a seat from its command-line description (see the module docstring); a
    platform kind's seat gets `defaults` of its kind where its description is silent."""
    text = text.strip()
    if not text:
        raise BadInput(f"seat {seat}: empty seat description")
    if text.startswith("builtin:"):
        name = text.split(":", 1)[1].strip()
        return BuiltinSeat(name, make_agent(spec, name, seat, seed))
    kind, colon, argument = text.partition(":")
    kind = kind.strip().lower()
    if colon and kind in PLATFORM_SEAT_KINDS:
        platform_factory: PlatformSeatFactory = imported_later(*PLATFORM_SEAT_KINDS[kind])()
        made_here: Seat = platform_factory(argument.strip(), limits, (defaults or {}).get(kind, {}))
        return made_here
    seat_factory = spec.extensions.seat_kinds.get(kind) if colon else None
    if seat_factory is not None:
        made: Seat = seat_factory(argument.strip(), limits)
        return made
    if colon and kind.isidentifier():
        _refuse_foreign_kind(kind, spec)
    return BotSeat(text, limits)


def _refuse_foreign_kind(kind: str, spec: GameSpec) -> None:
    """A ``KIND:`` seat that another game offers is a mistake, not a bot command."""
    from sparring.core.registry import all_games  # only on this rare path

    offering = [game.name for game in all_games() if kind in game.extensions.seat_kinds]
    if offering:
        raise BadInput(f"{kind}: seats are offered by {', '.join(offering)}, not by {spec.name}")
