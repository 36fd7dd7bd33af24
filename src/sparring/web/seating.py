"""Who sits at a table's seats, as the lobby asks for them and as the store keeps them.

A seat is one of three kinds, and a browser can only ever choose among them by name:

- ``{"kind": "person", "name": ..., "clock": "live" | "correspondence", "days": D,
  "open": bool}``: somebody in a browser, admitted by the seat's token. A live clock is the
  game's decision clock per move; a correspondence clock gives `days` per move. An open
  seat is listed in the lobby for anyone to join.
- ``{"kind": "builtin", "agent": "NAME?KEY=VALUE,..."}``: one of the game's built-in agents
  (`sparring.agents.catalog`), run in this process.
- ``{"kind": "bot", "bot": NAME}``: a bot the server's configuration file names; its seat
  description (a command, perhaps) comes from that file, never from the client.
"""

from __future__ import annotations

from typing import Any

from sparring.agents.catalog import make_agent
from sparring.agents.terminal import TerminalAgent
from sparring.arena.process import Limits
from sparring.arena.seats import Seat, make_seat
from sparring.core.errors import BadInput
from sparring.core.game import GameSpec

from .config import ServerConfig

PERSON, BUILTIN, BOT = "person", "builtin", "bot"
LIVE, CORRESPONDENCE = "live", "correspondence"
#: The longest correspondence clock, in days per move.
MAX_DAYS = 60.0
MAX_NAME = 40
#: The fields each kind of seat has; any other is refused rather than ignored.
FIELDS = {
    PERSON: {"kind", "name", "clock", "days", "open"},
    BUILTIN: {"kind", "agent"},
    BOT: {"kind", "bot"},
}


def checked_seat(data: Any, spec: GameSpec, index: int, config: ServerConfig) -> dict[str, Any]:
    """The lobby's description of seat `index`, checked and in the form the store keeps;
    a `BadInput` saying what is wrong otherwise."""
    where = f"seat {index}"
    if not isinstance(data, dict):
        raise BadInput(f"{where}: a seat is a JSON object with a 'kind'")
    kind = data.get("kind")
    unknown = set(data) - FIELDS.get(str(kind), set(data))
    if unknown:
        raise BadInput(f"{where}: a {kind} seat has no field {sorted(unknown)[0]!r}")
    if kind == PERSON:
        return _person(data, index, where)
    if kind == BUILTIN:
        agent = data.get("agent")
        if not isinstance(agent, str) or not agent.strip() or len(agent) > 200:
            raise BadInput(f"{where}: a built-in seat names its agent, e.g. 'random'")
        try:
            made = make_agent(spec, agent, index, 0)
        except BadInput as error:
            raise BadInput(f"{where}: {error}") from None
        if isinstance(made, TerminalAgent):
            raise BadInput(f"{where}: {agent!r} plays at the server's terminal; seat a person")
        return {"kind": BUILTIN, "agent": agent.strip()}
    if kind == BOT:
        name = data.get("bot")
        if not isinstance(name, str) or name not in config.bots:
            known = ", ".join(sorted(config.bots)) or "none are configured"
            raise BadInput(f"{where}: unknown bot {name!r}; the server's bots: {known}")
        return {"kind": BOT, "bot": name}
    raise BadInput(f"{where}: kind must be 'person', 'builtin' or 'bot', not {kind!r}")


def _person(data: dict[str, Any], index: int, where: str) -> dict[str, Any]:
    name = data.get("name") or f"Player {index + 1}"
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise BadInput(f"{where}: a name is text of at most {MAX_NAME} characters")
    clock = data.get("clock", LIVE)
    if clock not in (LIVE, CORRESPONDENCE):
        raise BadInput(f"{where}: clock must be 'live' or 'correspondence', not {clock!r}")
    days = None
    if clock == CORRESPONDENCE:
        days = data.get("days", 3)
        if isinstance(days, bool) or not isinstance(days, int | float):
            raise BadInput(f"{where}: days per move is a number")
        if not 0 < days <= MAX_DAYS:
            raise BadInput(f"{where}: days per move must be above 0 and at most {MAX_DAYS:g}")
    listed = data.get("open", False)
    if not isinstance(listed, bool):
        raise BadInput(f"{where}: open is true or false")
    return {"kind": PERSON, "name": name.strip(), "clock": clock, "days": days, "open": listed}


def seat_name(seat: dict[str, Any]) -> str:
    """What the table shows for a seat."""
    if seat["kind"] == PERSON:
        return str(seat["name"])
    if seat["kind"] == BUILTIN:
        return f"{seat['agent']} (built-in)"
    if seat["kind"] == BOT:
        return f"{seat['bot']} (bot)"
    return str(seat.get("name", "?"))  # a seat of a stored match (`recorded_seat`)


def recorded_seat(label: dict[str, Any]) -> dict[str, Any]:
    """A seat of a stored match as its replay header names it, for showing it again."""
    name = label.get("name") or label.get("command") or label.get("kind") or "?"
    return {"kind": "recorded", "name": str(name)}


def seat_label(seat: dict[str, Any]) -> dict[str, Any]:
    """The seat as a match's replay header names it."""
    if seat["kind"] == PERSON:
        return {"kind": PERSON, "name": seat["name"], "clock": seat["clock"]}
    if seat["kind"] == BUILTIN:
        return {"kind": BUILTIN, "name": seat["agent"]}
    if seat["kind"] == BOT:
        return {"kind": BOT, "name": seat["bot"]}
    return dict(seat)


def machine_seat(
    seat: dict[str, Any], spec: GameSpec, index: int, seed: int, config: ServerConfig
) -> Seat | None:
    """The arena seat that plays a machine's seat (None for a person): a built-in agent,
    or the configured bot as `sparring match` would seat it."""
    if seat["kind"] == BUILTIN:
        return make_seat(f"builtin:{seat['agent']}", spec, index, seed + index)
    if seat["kind"] == BOT:
        limits = Limits(memory_mib=config.memory_mib, sandbox=config.sandbox)
        return make_seat(config.bots[seat["bot"]], spec, index, seed + index, limits)
    return None
