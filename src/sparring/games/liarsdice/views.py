"""What one seat (or a spectator, ``None``) is shown of a game: its own dice, everyone's
dice counts, this round's bids, whose turn it is, every earlier round's revealed result,
and the events it may see. Other players' dice appear only once a call has revealed them.

`view` never writes anything into the state (views are pure). `lean_view` is the same
without the log (a `TableView`), for in-process agents that never read it.
"""

from __future__ import annotations

from typing import Any

from sparring.core.events import event_json, visible_to
from sparring.core.messages import ViewStruct, decode

from .options import LiarsDiceOptions
from .records import BidRecord, RoundResult
from .state import LiarsDiceState


class TableView(ViewStruct):
    """``seat``: whose view (None: a spectator's). ``my_dice``: that seat's dice this
    round, ascending (empty for a spectator, a player who is out, and at the end).
    ``dice``: every seat's dice count (0: out). ``bids``: this round's bids in order.
    ``results``: every earlier round ended by a call, with the hands it revealed.
    ``to_move``: the seat to move (empty at the end)."""

    seat: int | None
    options: LiarsDiceOptions
    round: int
    opener: int
    to_move: list[int]
    my_dice: list[int]
    dice: list[int]
    bids: list[BidRecord]
    results: list[RoundResult]
    winner: int | None


class LiarsDiceView(TableView):
    """The table and ``log``: the events this viewer may see, in order."""

    log: list[dict[str, Any]]


def _table(state: LiarsDiceState, seat: int | None) -> dict[str, Any]:
    return {
        "seat": seat,
        "options": state.options,
        "round": state.round,
        "opener": state.opener,
        "to_move": list(state.to_move()),
        "my_dice": [] if seat is None else list(state.hands[seat]),
        "dice": list(state.dice),
        "bids": list(state.bids),
        "results": list(state.results),
        "winner": state.winner,
    }


def lean_view(state: LiarsDiceState, seat: int | None) -> TableView:
    """The view without its log."""
    return TableView(**_table(state, seat))


def view(state: LiarsDiceState, seat: int | None) -> LiarsDiceView:
    """The full view: the table and the log of the events `seat` may see."""
    log = [event_json(event) for event in state.events if visible_to(event, seat)]
    return LiarsDiceView(**_table(state, seat), log=log)


def as_table(view: Any) -> TableView:
    """A view as the game's struct, whether it comes as one (in process) or as its JSON
    form (from a file, or over the wire)."""
    if isinstance(view, TableView):
        return view
    kind = LiarsDiceView if isinstance(view, dict) and "log" in view else TableView
    table: TableView = decode(kind, view, "Liar's Dice view")
    return table
