"""`sparring bot run builtin:NAME --game GAME`: a built-in agent as a stand-alone bot process.

The process speaks the bot protocol (docs/protocol.md) on stdin and stdout, so any built-in
agent can sit at a seat of any referee that speaks it — another machine's, another
platform's — or, with ``--protocol``, a wire protocol the game itself offers
(`Extensions.bot_protocols`, e.g. a contest's own). The agent is resolved by the same
function that seats built-in agents in `match` and `play` (`arena.seats.make_seat`), so every
agent a game registers, with whatever parameters its seat text takes, runs here too.

The agent must not be able to tell the difference from playing in-process: each ``act``
message's view is decoded into the game's own view type, made lean exactly as the referee
would make it for that agent (`GameSpec.view_for`), and its legal actions are read back
into what the engine's ``legal_actions`` gives (`Extensions.legal_from_json`). With the
match's seed (``--seed``) the agent plays the very game it would play in-process.

Malformed input ends the process with one line on stderr and exit code 2, never a
traceback; the end of the input before ``end`` (the referee went away) ends it quietly.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, TYPE_CHECKING, Any

import typer

from sparring.core.errors import BadInput
from sparring.core.game import GameSpec
from sparring.core.messages import decode, json_default
from sparring.core.registry import get_game

if TYPE_CHECKING:  # the arena loads only when a bot runs, not for every command line
    from sparring.arena.seats import Seat

#: Our own protocol's name for ``--protocol``; a game may offer others.
OWN_PROTOCOL = "sparring"
BUILTIN = "builtin:"

SeatMaker = Callable[[int], "Seat"]


def seat_maker(text: str, spec: GameSpec, seed: int) -> SeatMaker:
    """A builder of the in-process seat `text` names for a seat number, refusing now (not at
    the first message) anything but a built-in agent that can play without a terminal."""
    from sparring.agents.terminal import TerminalAgent
    from sparring.arena.seats import BuiltinSeat, make_seat

    if not text.strip().startswith(BUILTIN):
        raise BadInput(f"give a built-in agent as builtin:NAME, got {text!r}")

    def make(seat: int) -> Seat:
        made = make_seat(text, spec, seat, seed)
        if not isinstance(made, BuiltinSeat):  # pragma: no cover - guarded by the prefix
            raise BadInput(f"{text!r} is not a built-in agent")
        if isinstance(made.agent, TerminalAgent):
            raise BadInput(
                f"{text.strip()} plays through the terminal, which a bot process uses "
                "for the protocol"
            )
        return made

    make(0)  # an unknown agent or bad parameters are refused before any input is read
    return make


# --------------------------------------------------------------------- views and legal sets


def view_reader(spec: GameSpec, seat: Seat, options: Any, number: int) -> Callable[[Any], Any]:
    """How an ``act`` message's view becomes the view the referee hands this agent
    in-process: none for an agent that reads no views; for one served the lean view, the
    view without its log (absent, or empty where the game's lean view keeps the entry:
    learnt from a lean view of a fresh game); else the whole view, decoded into the game's
    view type (plain JSON for a game without one)."""
    agent = getattr(seat, "agent", None)
    wanted = spec.view_for(agent) if agent is not None else spec.view
    if wanted is None:
        return lambda data: None
    sample = wanted(spec.new_game(0, options), number)
    kind = type(sample)
    lean = wanted is not spec.view
    to_json = getattr(sample, "to_json", None)
    keeps_log = "log" in (to_json() if to_json is not None else sample)

    def read(data: Any) -> Any:
        if not isinstance(data, dict):
            raise BadInput(f"a view must be a JSON object, got {type(data).__name__}")
        if lean:
            data = {key: value for key, value in data.items() if key != "log"}
            if keeps_log:
                data["log"] = []
        if isinstance(sample, dict):
            return data
        return decode(kind, data, f"{spec.name} view")

    return read


def read_legal(spec: GameSpec, data: Any) -> Sequence[Any]:
    """An ``act`` message's legal actions as the engine gives them (see the module
    docstring); `BadInput` for anything unreadable or empty."""
    reader = spec.extensions.legal_from_json
    try:
        if reader is not None:
            legal = reader(data)
        elif isinstance(data, list):
            legal = [spec.action_from_json(item) for item in data]
        else:
            raise BadInput(f"legal must be a list of actions, got {type(data).__name__}")
    except BadInput:
        raise
    except Exception as error:  # a decoder must not crash the bot on odd input
        raise BadInput(f"unreadable legal actions: {type(error).__name__}: {error}") from None
    if not len(legal):
        raise BadInput("legal holds no action to choose from")
    return legal


# --------------------------------------------------------------------- our own protocol


def _message(line: str, number: int) -> dict[str, Any]:
    try:
        message = json.loads(line)
    except (json.JSONDecodeError, RecursionError, ValueError) as error:
        raise BadInput(f"input line {number} is not JSON: {error}") from None
    if not isinstance(message, dict):
        raise BadInput(f"input line {number} is not a JSON object")
    return message


def _field(message: dict[str, Any], key: str, number: int) -> Any:
    if key not in message:
        raise BadInput(f"input line {number}: the {message.get('type')!r} message has no {key!r}")
    return message[key]


class JsonLinesBot:
    """One match of our protocol: ``start`` builds the seat, each ``act`` is answered with
    the agent's choice, ``end`` finishes the seat. Unknown message types are passed over,
    as version 1 of the protocol asks of every bot."""

    def __init__(self, spec: GameSpec, make: SeatMaker, sink: IO[str]) -> None:
        self.spec = spec
        self.make = make
        self.sink = sink
        self.seat: Seat | None = None
        self.read_view: Callable[[Any], Any] = lambda data: None
        self.seconds = spec.referee.decision_seconds

    def serve(self, lines: Iterable[str]) -> None:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            message = _message(line, number)
            kind = message.get("type")
            if kind == "start":
                self._start(message, number)
            elif kind == "act":
                self._act(message, number)
            elif kind == "end":
                self._end(message, number)
                return

    def _start(self, message: dict[str, Any], number: int) -> None:
        if self.seat is not None:
            raise BadInput(f"input line {number}: a second start message")
        seat = _field(message, "seat", number)
        players = message.get("players", 2)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise BadInput(f"input line {number}: seat must be 0 to {players - 1}, got {seat!r}")
        options = self.spec.options_from_json(message.get("options") or None)
        seconds = message.get("time_limit", self.seconds)
        if isinstance(seconds, int | float) and not isinstance(seconds, bool):
            self.seconds = float(seconds)
        self.seat = self.make(seat)
        self.seat.start(self.spec, seat, players, options, self.seconds)
        self.read_view = view_reader(self.spec, self.seat, options, seat)

    def _act(self, message: dict[str, Any], number: int) -> None:
        if self.seat is None:
            raise BadInput(f"input line {number}: an act message before the start message")
        view = self.read_view(_field(message, "view", number))
        legal = read_legal(self.spec, _field(message, "legal", number))
        deadline = message.get("deadline", self.seconds)
        seconds = float(deadline) if isinstance(deadline, int | float) else self.seconds
        try:
            action = self.seat.decide(view, legal, seconds)
        except BadInput:
            raise
        except Exception as error:  # a view that decodes yet contradicts itself, say
            raise BadInput(
                f"input line {number}: the agent could not decide: {type(error).__name__}: {error}"
            ) from None
        reply = {"type": "action", "decision": message.get("decision"), "action": action}
        self.sink.write(json.dumps(reply, default=json_default) + "\n")
        self.sink.flush()

    def _end(self, message: dict[str, Any], number: int) -> None:
        if self.seat is not None:
            result = message.get("result")
            view = message.get("view")
            self.seat.finish(
                None if view is None else self.read_view(view),
                result if isinstance(result, dict) else {},
            )


# --------------------------------------------------------------------- the command


def run_command(
    agent: str = typer.Argument(
        ..., help="The built-in agent, as at a match seat: builtin:NAME (with its parameters)."
    ),
    game: str = typer.Option(..., "--game", help="The game (`sparring games` lists them)."),
    seed: int = typer.Option(
        1, "--seed", help="The agent's seed; the match's seed plays as the agent would in-process."
    ),
    protocol: str = typer.Option(
        OWN_PROTOCOL,
        "--protocol",
        help="The wire protocol: sparring (docs/protocol.md) or one the game offers.",
    ),
    seat: int | None = typer.Option(
        None,
        "--seat",
        help="The seat the agent holds, for a game's protocol that never says it "
        "(default 0); our protocol's start message says it.",
    ),
) -> None:
    """Play one match as a bot process: read the referee's messages on stdin, answer on
    stdout with the choices of a built-in agent."""
    try:
        spec = get_game(game)
        make = seat_maker(agent, spec, seed)
        if protocol == OWN_PROTOCOL:
            if seat is not None:
                raise BadInput("--seat is for a protocol that never says the seat; ours does")
            JsonLinesBot(spec, make, sys.stdout).serve(sys.stdin)
        else:
            loader = spec.extensions.bot_protocols.get(protocol)
            if loader is None:
                known = ", ".join([OWN_PROTOCOL, *sorted(spec.extensions.bot_protocols)])
                raise BadInput(f"{spec.name} offers no protocol {protocol!r}; known: {known}")
            loader()(spec, make, seat, sys.stdin.buffer, sys.stdout.buffer)
    except BadInput as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    except BrokenPipeError:  # the referee stopped reading: nothing is left to say
        raise typer.Exit(0) from None
