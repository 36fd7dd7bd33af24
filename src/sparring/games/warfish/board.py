"""Warfish's live board (`Display.board`): each continent as a strip of its territories
(short names, coloured by owner, with their units) and who holds it, and every player's
territories, units and cards, for `sparring play` to redraw in place. Drawn from views
only.

Under fog the spectator sees little; when nobody is playing at the terminal the board
also gets every seat's view and shows each territory as any seat sees it, so onlookers
watch the whole map.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import UNSET
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .views import View

#: One colour per seat (Warfish seats up to eight); neutral territories are dim.
SEAT_STYLES = ("cyan", "magenta", "yellow", "green", "blue", "red", "bright_white", "orange3")
NEUTRAL = "dim"


def _style(owner: int | None) -> str:
    if owner is None or owner < 0:
        return NEUTRAL
    return SEAT_STYLES[owner % len(SEAT_STYLES)]


def short_name(name: str) -> str:
    """A territory's name in a few letters: its words' initials ("Eastern United States":
    "EUS"), or the first three letters of a one-word name ("Alaska": "Ala")."""
    words = name.replace("-", " ").split()
    return "".join(word[0] for word in words).upper() if len(words) > 1 else name[:3]


def _merged(view: View, seats: Sequence[View] | None) -> tuple[list[int | None], list[int | None]]:
    """Each territory's owner and units as the spectator sees them, filled in from the seat
    views where fog hides them from the spectator."""
    owner, units = list(view.owner), list(view.units)
    for seat_view in seats or ():
        for t, known in enumerate(seat_view.owner):
            if owner[t] is None and known is not None:
                owner[t], units[t] = known, seat_view.units[t]
    return owner, units


def _continents(view: View, owner: list[int | None], units: list[int | None]) -> Table:
    table = Table(show_edge=False, pad_edge=False, box=None, show_header=False)
    for column in ("continent", "holder", "territories"):
        table.add_column(column)
    for continent in view.map.continents:
        owners = {owner[t] for t in continent.territories}
        held = owners.pop() if len(owners) == 1 else None
        holder = Text(f"+{continent.bonus} ", style="dim")
        holder.append("—" if held is None or held < 0 else f"seat {held}", style=_style(held))
        strip = Text()
        for t in continent.territories:
            count = "?" if units[t] is None else str(units[t])
            strip.append(f"{short_name(view.map.territories[t])} {count}", style=_style(owner[t]))
            strip.append("  ")
        table.add_row(continent.name, holder, strip)
    return table


def _players(view: View) -> Text:
    text = Text()
    for player in view.players:
        text.append(f"seat {player.seat}", style=_style(player.seat))
        if not player.alive:
            text.append(" out", style="dim")
        elif player.territories is not UNSET:
            text.append(f" {player.territories}t/{player.units}u")
        text.append(f" {player.cards}c   ")
    return text


def _heading(view: View) -> Text:
    text = Text("Warfish", style="bold")
    text.append(f" · {view.map.name} · round {view.round} · {view.phase}")
    if view.turn is not None:
        text.append(" · ")
        text.append(f"seat {view.turn}", style=_style(view.turn))
        text.append(" to move")
    text.append(f" · next set worth {view.next_trade_value}", style="dim")
    return text


def board(view: View, seats: Sequence[View] | None) -> RenderableType:
    """`Display.board`: the heading, the continents, then the players (t: territories,
    u: units, c: cards)."""
    owner, units = _merged(view, seats)
    return Group(_heading(view), _continents(view, owner, units), _players(view))
