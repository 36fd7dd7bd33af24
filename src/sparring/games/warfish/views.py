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
from .legal import MOVE_IN, OVER, SETUP, attacks_left
from .state import WarfishState

LOG_EVENTS = 12


def view(state: WarfishState, seat: int | None, log: bool = True) -> dict[str, Any]:
    """The JSON-ready view of `state` for `seat`, or for a spectator (None); without its
    ``"log"`` with `log` False (`lean_view`)."""
    fog = state.fog
    alive, hands = state.alive, state.hands
    owner: list[int | None]
    units: list[int | None]
    if fog:
        players: list[dict[str, Any]] = [
            {"seat": s, "alive": alive[s], "cards": len(hands[s])} for s in range(state.num_players)
        ]
        seen = visible(state, seat)
        owner = [o if v else None for o, v in zip(state.owner, seen, strict=True)]
        units = [u if v else None for u, v in zip(state.units, seen, strict=True)]
    else:
        counts, totals = state.territory_count, state.unit_count
        players = [
            {
                "seat": s,
                "alive": alive[s],
                "cards": len(hands[s]),
                "territories": counts[s],
                "units": totals[s],
            }
            for s in range(state.num_players)
        ]
        owner = list(state.owner)
        units = list(state.units)
    over = state.phase == OVER
    out: dict[str, Any] = {
        "game": "warfish",
        "seat": seat,
        "map": state.map.static,
        "options": state.options_json,
        "round": state.round,
        "phase": state.phase,
        "turn": None if over else state.seat,
        "to_move": [] if over else [state.seat],
        "owner": owner,
        "units": units,
        "players": players,
        "deck_size": len(state.deck),
        "discard": state.discard[:],
        "trades": state.trades,
        "next_trade_value": state.options.trade_value(state.trades),
        "winner": state.winner,
        "end_reason": state.end_reason,
    }
    if log:
        out["log"] = _log(state, seat)
    if seat is not None:
        out["hand"] = hands[seat][:]
    if not fog or (seat is not None and seat == state.seat):
        _turn_details(state, seat, out)
    return out


def lean_view(state: WarfishState, seat: int | None) -> dict[str, Any]:
    """The view without its event log, for in-process agents that never read it (the
    greedy agent): the log is about half of a view's cost."""
    return view(state, seat, log=False)


def _turn_details(state: WarfishState, seat: int | None, out: dict[str, Any]) -> None:
    """Add the turn's progress to `out` (public without fog; with fog, the mover's own)."""
    phase = state.phase
    if phase == SETUP:
        if state.fog:  # only the mover's own count
            out["setup_left"] = [n if s == seat else None for s, n in enumerate(state.setup_left)]
        else:
            out["setup_left"] = state.setup_left[:]
        return
    if phase == OVER:
        return
    options = state.options
    out["to_place"] = state.to_place
    out["attacks_left"] = attacks_left(state) if options.attacks_per_turn else None
    out["transfers_left"] = max(0, options.transfers_per_turn - state.transfers)
    out["captured"] = state.captured
    if phase == MOVE_IN and state.pending is not None:
        source, target, low, high = state.pending
        out["move_in"] = {"source": source, "target": target, "low": low, "high": high}


def _log(state: WarfishState, seat: int | None) -> list[dict[str, Any]]:
    """The last `LOG_EVENTS` events `seat` may see, oldest first (filtered first, so how
    many hidden events happened in between is not given away). Read from the end of the
    event list, so a view costs the same however long the game has run; nothing is kept
    between views (a view writes nothing into the state)."""
    picked: list[dict[str, Any]] = []
    for event in reversed(state.events):
        if event[1] == PUBLIC or event[1] == seat:  # visible_to, inlined: every decision
            picked.append(event_json(event))
            if len(picked) == LOG_EVENTS:
                break
    picked.reverse()
    return picked
