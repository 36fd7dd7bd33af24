"""What a round leaves on the public record: its bids, and the result of the call that
ended it (with every hand it revealed). The state keeps these, and views show them as
they are, so both are message structs (immutable, with a JSON form and a schema)."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

CHALLENGE_CALL: Final = "challenge"
SPOT_ON_CALL: Final = "spot_on"
Call = Literal["challenge", "spot_on"]


class BidRecord(msgspec.Struct, frozen=True):
    """Seat `seat` bid `quantity` dice of `face`."""

    seat: int
    quantity: int
    face: int


class RoundResult(msgspec.Struct, frozen=True):
    """How round `round` ended: `caller` made the `call` on `bidder`'s bid of `quantity`
    `face`s; the revealed `hands` (one per seat, empty for a seat out of the game) held
    `count` dice counting for that face; each seat in `losers` lost a die."""

    round: int
    call: Call
    caller: int
    bidder: int
    quantity: int
    face: int
    hands: list[list[int]]
    count: int
    losers: list[int]
