"""The types of a Warfish view (`View` and its parts), apart from the code that builds
them (`views`): the builder is compiled in the compiled build, and a msgspec struct class
must stay in a pure module (mypyc would rewrite its annotations).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from sparring.core.messages import ViewStruct

from .legal import Phase
from .maps import MapView
from .options import WarfishOptions


class PlayerView(msgspec.Struct):
    """One seat as every view shows it; its territory and unit totals without fog only."""

    seat: int
    alive: bool
    cards: int
    territories: int | UnsetType = UNSET
    units: int | UnsetType = UNSET


class PendingMoveIn(msgspec.Struct):
    """The capture whose move-in is to decide: from `source` into `target`, `low` to `high`
    units."""

    source: int
    target: int
    low: int
    high: int


class View(ViewStruct):
    """What one seat (or the spectator: seat null) is shown. Territories are indices into
    map.territories; owner -1 is neutral, owner and units null a territory unseen under
    fog. log holds the last 12 events the seat may see (empty in the lean view served to
    in-process agents). A field the seat is not shown is absent: hand for the spectator;
    the turn's details (to_place, attacks_left - null when unlimited -, transfers_left,
    captured, move_in; setup_left during the setup) on another seat's turn under fog."""

    game: Literal["warfish"]
    seat: int | None
    map: MapView
    options: WarfishOptions
    round: int
    phase: Phase
    turn: int | None
    to_move: list[int]
    owner: list[int | None]
    units: list[int | None]
    players: list[PlayerView]
    deck_size: int
    discard: list[int]
    trades: int
    next_trade_value: int
    winner: int | None
    end_reason: str
    log: list[dict[str, Any]]
    hand: list[int] | UnsetType = UNSET
    setup_left: list[int | None] | UnsetType = UNSET
    to_place: int | UnsetType = UNSET
    attacks_left: int | UnsetType | None = UNSET
    transfers_left: int | UnsetType = UNSET
    captured: bool | UnsetType = UNSET
    move_in: PendingMoveIn | UnsetType = UNSET
