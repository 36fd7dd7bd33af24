"""What one seat (or a spectator) may know of a Warfish state.

Without fog the board is public: every territory's owner and units, each player's
territory, unit and card counts, the turn's progress. Hands are private: a seat sees its
own cards, everyone sees how many each player holds. With fog a seat sees owner and units
only of its own territories and those next to them (``None`` elsewhere), and the turn's
details (units to place, attacks and transfers made, a pending move-in) only on its own
turn; per-player territory and unit totals are hidden. The spectator sees what every seat
may know — all the board without fog, none of it with fog — and never a hand: anything a
spectator is shown could reach a player.

The static map (``view["map"]``) and the options are one shared object per map and per
options value, the same in every view: read them, never mutate them.
"""

from __future__ import annotations

from typing import Any

from sparring.core.events import PUBLIC, event_json

from .fog import visible
from .legal import MOVE_IN, SETUP, attacks_left
from .state import WarfishState

LOG_EVENTS = 12


def view(state: WarfishState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of `state` for `seat`, or for a spectator (None)."""
    fog = state.fog
    players: list[dict[str, Any]] = [
        {"seat": s, "alive": state.alive[s], "cards": len(state.hands[s])}
        for s in range(state.num_players)
    ]
    if fog:
        seen = visible(state, seat)
        owner = [o if v else None for o, v in zip(state.owner, seen, strict=True)]
        units = [u if v else None for u, v in zip(state.units, seen, strict=True)]
    else:
        owner = list(state.owner)
        units = list(state.units)
        totals = state.unit_count
        for entry, count, total in zip(players, state.territory_count, totals, strict=True):
            entry["territories"] = count
            entry["units"] = total
    out: dict[str, Any] = {
        "game": "warfish",
        "seat": seat,
        "map": state.map.static,
        "options": state.options_json,
        "round": state.round,
        "phase": state.phase,
        "turn": state.seat if state.phase != "over" else None,
        "to_move": list(state.to_move()),
        "owner": owner,
        "units": units,
        "players": players,
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "trades": state.trades,
        "next_trade_value": state.next_trade_value(),
        "winner": state.winner,
        "end_reason": state.end_reason,
        "log": _log(state, seat),
    }
    if seat is not None:
        out["hand"] = list(state.hands[seat])
    if not fog or (seat is not None and seat == state.seat):
        out.update(_turn_details(state, seat))
    return out


def _turn_details(state: WarfishState, seat: int | None) -> dict[str, Any]:
    """The turn's progress (public without fog; with fog, the mover's own)."""
    if state.phase == SETUP:
        if state.fog:  # only the mover's own count
            return {
                "setup_left": [n if s == seat else None for s, n in enumerate(state.setup_left)]
            }
        return {"setup_left": list(state.setup_left)}
    if state.phase == "over":
        return {}
    limit = state.options.transfers_per_turn
    details: dict[str, Any] = {
        "to_place": state.to_place,
        "attacks_left": attacks_left(state) if state.options.attacks_per_turn else None,
        "transfers_left": max(0, limit - state.transfers),
        "captured": state.captured,
    }
    if state.phase == MOVE_IN and state.pending is not None:
        source, target, low, high = state.pending
        details["move_in"] = {"source": source, "target": target, "low": low, "high": high}
    return details


def _log(state: WarfishState, seat: int | None) -> list[dict[str, Any]]:
    """The last events `seat` may see (filtered first, so how many hidden events happened
    in between is not given away). Each event's JSON form is made once per state and
    shared by later views (a state's events never change; clones start a fresh cache)."""
    events = state.events
    cache = state.event_json_cache
    if len(cache) < len(events):
        cache.extend([None] * (len(events) - len(cache)))
    picked: list[dict[str, Any]] = []  # visible_to, inlined: this runs at every decision
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if event[1] == PUBLIC or event[1] == seat:
            data = cache[index]
            if data is None:
                data = cache[index] = event_json(event)
            picked.append(data)
            if len(picked) == LOG_EVENTS:
                break
    picked.reverse()
    return picked
