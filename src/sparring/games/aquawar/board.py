"""Aquawar's live board (`Display.board`): both teams with HP and ATK bars, which fish are
revealed, the round, the turn and the score, for `sparring play` to redraw in place.

Drawn from views only. With the seats' own views (nobody is playing at the terminal) each
team is shown as its seat knows it: every fish by name, with ATK, shields and whether the
enemy has unmasked it. With the spectator view alone, a fish is a "?" until revealed and
ATK is not shown, as the rules keep it from the enemy.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .render import fish_label
from .roster import BASE_ATK, MAX_HP
from .state import ROUNDS
from .views import AquawarView, OwnFish, PublicFish

BAR_CELLS = 10
#: ATK bars are drawn against twice the base ATK, so a buffed fish's bar grows visibly.
ATK_SCALE = 2 * BASE_ATK
SEAT_STYLES = ("cyan", "magenta")


def bar(label: str, value: int, full: int, style: str) -> Text:
    """`value` out of `full` as a labelled bar of BAR_CELLS cells and the number."""
    filled = round(BAR_CELLS * min(max(value, 0), full) / full)
    text = Text(f"{label} ")
    text.append("█" * filled, style=style)
    text.append("░" * (BAR_CELLS - filled), style="dim")
    text.append(f" {value:>3}")
    return text


def _own_row(fish: OwnFish) -> list[RenderableType]:
    name = fish_label(fish.fish)
    if fish.fish != fish.acts_as:
        name += f" (as {fish_label(fish.acts_as)})"
    marks = ["revealed" if fish.revealed else "hidden"]
    if fish.shields:
        marks.append(f"shields {fish.shields}")
    return [
        str(fish.pos),
        Text(name, style="strike dim" if not fish.alive else ""),
        bar("HP", fish.hp, MAX_HP, "green" if fish.alive else "red"),
        bar("ATK", fish.atk, ATK_SCALE, "yellow"),
        "dead" if not fish.alive else ", ".join(marks),
    ]


def _public_row(fish: PublicFish) -> list[RenderableType]:
    revealed = fish.fish is not None
    return [
        str(fish.pos),
        Text(fish_label(fish.fish), style="strike dim" if not fish.alive else ""),
        bar("HP", fish.hp, MAX_HP, "green" if fish.alive else "red"),
        "",
        "dead" if not fish.alive else ("revealed" if revealed else "hidden"),
    ]


def _team(seat: int, view: AquawarView, own: AquawarView | None) -> Table:
    table = Table(
        title=f"seat {seat}",
        title_style=f"bold {SEAT_STYLES[seat]}",
        title_justify="left",
        box=None,
        show_header=False,
        pad_edge=False,
    )
    for column in ("position", "fish", "HP", "ATK", "marks"):
        table.add_column(column)
    if own is not None and own.my_team:
        for fish in own.my_team:
            table.add_row(*_own_row(fish))
    else:
        for public in (view.teams or [[], []])[seat]:
            table.add_row(*_public_row(public))
    if table.row_count == 0:
        table.add_row("", Text("picking…", style="dim"), "", "", "")
    return table


def _heading(view: AquawarView) -> Text:
    text = Text("Aquawar", style="bold")
    text.append(f" · round {view.round} of {ROUNDS} · ")
    if view.phase == "pick":
        text.append("picking teams")
    elif view.phase == "over":
        text.append("match over")
    else:
        doing = "assert" if view.phase == "assert" else "act"
        text.append(f"turn {view.turn}/{view.turn_limit} · seat {view.to_move[0]} to {doing}")
    text.append(f" · rounds won {view.wins[0]}–{view.wins[1]}")
    return text


def _results(view: AquawarView) -> Text:
    return Text(
        "  ".join(
            f"round {r.round}: seat {r.winner} ({r.reason}, {r.turns} turns)" for r in view.rounds
        ),
        style="dim",
    )


def board(view: AquawarView, seats: Sequence[AquawarView] | None) -> RenderableType:
    """`Display.board`: the heading, both teams side by side (or stacked on a narrow
    terminal), and the rounds decided so far."""
    teams = [_team(seat, view, None if seats is None else seats[seat]) for seat in (0, 1)]
    parts: list[RenderableType] = [_heading(view), Columns(teams, padding=(1, 4))]
    if view.rounds:
        parts.append(_results(view))
    return Group(*parts)
