"""What one seat (or a spectator) may know of a Warfish state, as a `View` struct.

Without fog the board is public: every territory's owner and units, each player's
territory, unit and card counts, the turn's progress. Hands are private: a seat sees its
own cards, everyone sees how many each player holds. With fog a seat sees owner and units
only of its own territories and those next to them (``None`` elsewhere), and the turn's
details (units to place, attacks and transfers made, a pending move-in) only on its own
turn; per-player territory and unit totals are hidden. The spectator sees what every seat
may know — all the board without fog, none of it with fog — and never a hand: anything a
spectator is shown could reach a player.

A field a seat may not see is left out of the JSON (`msgspec.UNSET`), not sent as null:
``hand`` (the spectator's view), a player's ``territories`` and ``units`` (fog), the turn's
details (another seat's turn under fog; ``setup_left`` only during the setup, the others
only after it). The map (``view.map``) and the options are one shared, immutable object
per map and per options value, the same in every view.
"""

from __future__ import annotations

from typing import Any, Final

from msgspec import UNSET, UnsetType

from sparring.core.events import PUBLIC, event_json

from .fog import visible
from .legal import MOVE_IN, OVER, SETUP, attacks_left
from .state import WarfishState
from .viewtypes import PendingMoveIn, PlayerView, View

__all__ = ["LOG_EVENTS", "PendingMoveIn", "PlayerView", "View", "lean_view", "view"]

LOG_EVENTS: Final = 12


def view(state: WarfishState, seat: int | None, log: bool = True) -> View:
    """The view of `state` for `seat`, or for a spectator (None); with an empty ``log``
    when `log` is False (`lean_view`)."""
    fog = state.fog
    alive, hands = state.alive, state.hands
    owner: list[int | None]
    units: list[int | None]
    if fog:
        players = [PlayerView(s, alive[s], len(hands[s])) for s in range(state.num_players)]
        seen = visible(state, seat)
        owner = [o if v else None for o, v in zip(state.owner, seen, strict=True)]
        units = [u if v else None for u, v in zip(state.units, seen, strict=True)]
    else:
        counts, totals = state.territory_count, state.unit_count
        players = [
            PlayerView(s, alive[s], len(hands[s]), counts[s], totals[s])
            for s in range(state.num_players)
        ]
        owner = list(state.owner)
        units = list(state.units)
    over = state.phase == OVER
    setup_left, to_place, attacks, transfers, captured, move_in = (
        _turn_details(state, seat)
        if not fog or (seat is not None and seat == state.seat)
        else _NO_DETAILS
    )
    # By position, in `View`'s field order: a struct built by keywords (or filled in after)
    # costs several times more, and a view is built at every decision. (Unpacked, not
    # ``*details``: compiled, a starred call packs its arguments into a tuple first.)
    return View(
        "warfish",
        seat,
        state.map.static,
        state.options,
        state.round,
        state.phase,
        None if over else state.seat,  # turn
        [] if over else [state.seat],  # to_move
        owner,
        units,
        players,
        len(state.deck),  # deck_size
        state.discard[:],
        state.trades,
        state.next_trade_value(),
        state.winner,
        state.end_reason,
        _log(state, seat) if log else [],
        UNSET if seat is None else hands[seat][:],  # hand
        setup_left,
        to_place,
        attacks,
        transfers,
        captured,
        move_in,
    )


def lean_view(state: WarfishState, seat: int | None) -> View:
    """The view with an empty event log, for in-process agents that never read it (the
    greedy agent): the log is about half of a view's cost."""
    return view(state, seat, log=False)


#: The turn's details as a view's last fields, in order: ``setup_left``, ``to_place``,
#: ``attacks_left``, ``transfers_left``, ``captured``, ``move_in``.
TurnDetails = tuple[
    list[int | None] | UnsetType,
    int | UnsetType,
    int | UnsetType | None,
    int | UnsetType,
    bool | UnsetType,
    PendingMoveIn | UnsetType,
]
_NO_DETAILS: Final[TurnDetails] = (UNSET, UNSET, UNSET, UNSET, UNSET, UNSET)


def _turn_details(state: WarfishState, seat: int | None) -> TurnDetails:
    """The turn's progress (public without fog; with fog, the mover's own): during the
    setup only ``setup_left``, after the game nothing."""
    phase = state.phase
    if phase == SETUP:
        setup_left: list[int | None]
        if state.fog:  # only the mover's own count
            setup_left = [n if s == seat else None for s, n in enumerate(state.setup_left)]
        else:
            setup_left = list(state.setup_left)
        return (setup_left, UNSET, UNSET, UNSET, UNSET, UNSET)
    if phase == OVER:
        return _NO_DETAILS
    pending = state.pending
    return (
        UNSET,
        state.to_place,
        attacks_left(state) if state.attack_limit else None,
        max(0, state.transfer_limit - state.transfers),
        state.captured,
        PendingMoveIn(*pending) if phase == MOVE_IN and pending is not None else UNSET,
    )


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
