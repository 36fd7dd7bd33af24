"""Liar's Dice's live board (`Display.board`): every seat's dice — the faces themselves when
nobody is playing at the terminal and each seat's own view may be shown, else how many —
the bids of the round, who is to move, and the last call, for `sparring play` to redraw in
place. Drawn from views only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .actions import say_bid
from .render import describe_result
from .views import TableView, as_table

#: A die's face as its pips (1-6).
PIPS = " ⚀⚁⚂⚃⚄⚅"


def _dice(count: int, own: TableView | None) -> Text:
    if count == 0:
        return Text("out", style="dim")
    if own is not None and own.my_dice:
        return Text(" ".join(f"{PIPS[face]}{face}" for face in own.my_dice), style="bold")
    return Text("■ " * count, style="bold")


def _seats(seen: TableView, seats: Sequence[TableView] | None) -> Table:
    table = Table(show_edge=False, pad_edge=False, box=None)
    for column in ("seat", "dice", "bids this round"):
        table.add_column(column, header_style="dim")
    for seat, count in enumerate(seen.dice):
        bids = ", ".join(say_bid(b.quantity, b.face) for b in seen.bids if b.seat == seat)
        marker = "▶ " if seat in seen.to_move else "  "
        table.add_row(
            f"{marker}seat {seat}", _dice(count, None if seats is None else seats[seat]), bids
        )
    return table


def board(view: Any, seats: Sequence[Any] | None) -> RenderableType:
    """`Display.board`: the heading, a row per seat, and the last call's result."""
    seen = as_table(view)
    own = None if seats is None else [as_table(v) for v in seats]
    heading = Text("Liar's Dice", style="bold")
    heading.append(f" · round {seen.round}, opened by seat {seen.opener}")
    heading.append(f" · {sum(seen.dice)} dice in play")
    if seen.bids:
        last = seen.bids[-1]
        heading.append(f" · standing bid: {say_bid(last.quantity, last.face)} (seat {last.seat})")
    parts: list[RenderableType] = [heading, _seats(seen, own)]
    if seen.results:
        parts.append(Text(f"last call: {describe_result(seen.results[-1], None)}", style="dim"))
    return Group(*parts)
