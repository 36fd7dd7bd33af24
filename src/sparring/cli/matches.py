"""`sparring matches`: list the matches in the store, and `sparring matches show ID` to read
one of them — its record, then its replay re-simulated and printed like `sparring replay`.

Both take `--db URL` (default ``sqlite:///sparring.db``); see docs/storage.md.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from sparring.core.errors import BadInput
from sparring.core.replay import parse_replay

from .replay import print_replay, seat_label

if TYPE_CHECKING:
    from sparring.arena.store import MatchRecord

_DB_KEY = "sparring.matches.db"

DbOption = Annotated[
    str | None,
    typer.Option("--db", help="Database URL (default sqlite:///sparring.db in this folder)."),
]

app = typer.Typer(help="List and read the matches in the match store.")


@app.callback(invoke_without_command=True)
def list_matches(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Option("--game", help="Only matches of this game.")] = None,
    db: DbOption = None,
    limit: Annotated[int, typer.Option("--limit", help="How many matches to list.")] = 50,
) -> None:
    """List the newest matches in the store, newest first (`show ID` reads one)."""
    ctx.meta[_DB_KEY] = db
    if ctx.invoked_subcommand is not None:
        return
    wanted = game.strip().lower() if game else None
    from sparring.arena.store import Store  # SQLAlchemy: only for commands that use it

    with Store(db) as store:
        records = store.list(wanted, limit)
        console = Console(highlight=False)
        if not records:
            scope = f"{wanted} matches" if wanted else "matches"
            console.print(f"no {scope} in {store.url}", markup=False)
            return
        console.print(_table(records, store.url))


@app.command("show")
def show_match(
    ctx: typer.Context,
    match_id: Annotated[str, typer.Argument(metavar="ID", help="The match id (see the list).")],
    db: DbOption = None,
    events: Annotated[
        bool, typer.Option("--events/--no-events", help="Print every event of the replay.")
    ] = True,
) -> None:
    """Print one match's record, then re-simulate and print its replay.

    Exit code 0 when the stored replay reproduces exactly, 1 when it diverges, 2 when there
    is no such match.
    """
    url = db if db is not None else ctx.meta.get(_DB_KEY)
    number = _parse_id(match_id)
    from sparring.arena.store import Store  # SQLAlchemy: only for commands that use it

    with Store(url) as store:
        record = store.get(number)
        shown_url = store.url
    console = Console(highlight=False)
    console.print(f"[bold]match {record.id}[/] in {escape(shown_url)}")
    console.print(_fields(record))
    console.print()
    replay = parse_replay((record.replay or "").splitlines(), f"match {record.id}")
    if not print_replay(console, replay, events=events):
        raise typer.Exit(1)


def _parse_id(text: str) -> int:
    """A match id from the command line; anything but a whole number is a user error."""
    try:
        return int(text.strip())
    except ValueError:
        raise BadInput(f"a match id is a whole number, got {text!r}") from None


def _seats(seats: list[dict[str, Any]]) -> str:
    return " vs ".join(seat_label(seat) for seat in seats)


def _winner(record: MatchRecord) -> str:
    if record.winner is None:
        return "none"
    if 0 <= record.winner < len(record.seats):
        return f"seat {record.winner} ({seat_label(record.seats[record.winner])})"
    return f"seat {record.winner}"


def _verdicts_short(verdicts: list[dict[str, Any]]) -> str:
    return ", ".join(f"seat {v.get('seat')} {v.get('verdict')}" for v in verdicts)


def _when(record: MatchRecord) -> str:
    return record.started_at.strftime("%Y-%m-%d %H:%M UTC")


def _table(records: list[MatchRecord], url: str) -> Table:
    """The listing; every cell is plain `Text` so seat names never parse as markup."""
    table = Table(title=Text(f"matches in {url}"), title_justify="left")
    for column in ("id", "game", "when", "seats", "winner", "verdicts"):
        table.add_column(column, justify="right" if column == "id" else "left")
    for record in records:
        cells = (
            str(record.id),
            record.game,
            _when(record),
            _seats(record.seats),
            _winner(record),
            _verdicts_short(record.verdicts),
        )
        table.add_row(*(Text(cell) for cell in cells))
    return table


def _verdicts_long(verdicts: list[dict[str, Any]]) -> str:
    if not verdicts:
        return "none"
    return "; ".join(
        f"seat {v.get('seat')} {v.get('verdict')} at decision {v.get('decision')}: "
        f"{v.get('detail') or 'no detail'}"
        for v in verdicts
    )


def _timings(timings: list[dict[str, Any]]) -> str:
    return "; ".join(
        f"seat {t.get('seat')}: {t.get('decisions')} decisions, "
        f"{float(t.get('total', 0.0)):.3f} s total, {float(t.get('max', 0.0)):.3f} s max"
        for t in timings
    )


def _fields(record: MatchRecord) -> Table:
    """The stored record, one field a line, before the replay itself."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    rows = (
        ("game", f"{record.game} (rules {record.rules_version})"),
        ("seed", str(record.seed)),
        ("options", json.dumps(record.options, sort_keys=True)),
        ("seats", ", ".join(f"seat {i}: {seat_label(s)}" for i, s in enumerate(record.seats))),
        ("started", record.started_at.isoformat(timespec="seconds")),
        ("finished", record.finished_at.isoformat(timespec="seconds")),
        ("winner", _winner(record)),
        ("verdicts", _verdicts_long(record.verdicts)),
        ("timings", _timings(record.timings)),
        ("result", json.dumps(record.result, sort_keys=True)),
    )
    for name, value in rows:
        grid.add_row(name, Text(value))
    return grid
