"""Food Chain's live board (`Display.board`): both players' HP and piles, the creatures on
each field with their numbers, keywords and marks, and — when nobody is playing at the
terminal, so every seat's view may be shown — each hand, for `sparring play` to redraw in
place. Drawn from views only."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .render import PHASE_NAMES
from .viewtypes import CreatureView, FoodChainView

SEAT_STYLES = ("cyan", "magenta")


def _marks(creature: CreatureView) -> str:
    flags = (
        ("exhausted", creature.exhausted),
        ("frozen", creature.frozen),
        ("paralyzed", creature.paralyzed),
        ("dry", creature.dry),
        ("token", creature.token),
    )
    return ", ".join(mark for mark, on in flags if on)


def _side(view: FoodChainView, seat: int, own: FoodChainView | None) -> RenderableType:
    player = view.players[seat]
    heading = Text(f"seat {seat}", style=f"bold {SEAT_STYLES[seat]}")
    heading.append(f"  HP {player.hp}", style="bold green" if player.hp > 0 else "bold red")
    heading.append(
        f" · hand {player.hand_count} · deck {player.deck_count}"
        f" · carrion {len(player.carrion)} · exile {len(player.exile)}"
    )
    field = Table(show_edge=False, pad_edge=False, show_header=False, box=None)
    for column in ("name", "stats", "keywords", "marks"):
        field.add_column(column)
    for creature in player.field:
        field.add_row(
            f"{creature.name} #{creature.card}",
            f"{creature.atk}/{creature.hp}",
            ", ".join(creature.keywords),
            Text(_marks(creature), style="dim"),
        )
    if player.field_spell is not None:
        spell = player.field_spell
        field.add_row(f"{spell.name} #{spell.card}", "field spell", "", "")
    if field.row_count == 0:
        field.add_row(Text("(empty field)", style="dim"), "", "", "")
    parts: list[RenderableType] = [heading, field]
    if own is not None and isinstance(own.hand, list):
        hand = ", ".join(f"{card.name} #{card.card}" for card in own.hand)
        parts.append(Text(f"hand: {hand or '(empty)'}", style="dim"))
    return Group(*parts)


def _heading(view: FoodChainView) -> Text:
    text = Text("Food Chain", style="bold")
    if view.phase == "over":
        return text.append(" · game over" + (f": {view.end_reason}" if view.end_reason else ""))
    text.append(
        f" · turn {view.turn} (cap {view.turn_cap} each) · seat {view.active} to play"
        f" · {PHASE_NAMES.get(view.phase, view.phase)}"
    )
    return text


def board(view: FoodChainView, seats: Sequence[FoodChainView] | None) -> RenderableType:
    """`Display.board`: the heading, then each player's side (seat 0 first)."""
    sides = [_side(view, seat, None if seats is None else seats[seat]) for seat in (0, 1)]
    return Group(_heading(view), *sides)
