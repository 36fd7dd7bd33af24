"""`sparring matches`: list the matches in the store, `sparring matches show ID` to read one
of them — its record and digests, then its replay re-simulated and printed like `sparring
replay` — `sparring matches export ID` to write its replay with a digest trailer, and
`sparring matches transcript ID` to read the seats' own notes on it (an LLM seat's
conversation).

All take `--db URL` (default ``sqlite:///sparring.db``); see docs/storage.md and
docs/replays.md. The work is in `matches_report`, loaded when a command runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

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
    from . import matches_report

    matches_report.list_matches(db, game, limit)


@app.command("show")
def show_match(
    ctx: typer.Context,
    match_id: Annotated[str, typer.Argument(metavar="ID", help="The match id (see the list).")],
    db: DbOption = None,
    events: Annotated[
        bool, typer.Option("--events/--no-events", help="Print every event of the replay.")
    ] = True,
) -> None:
    """Print one match's record and digests, then re-simulate and print its replay.

    Exit code 0 when the stored replay reproduces exactly and matches the digests kept when
    it was saved, 1 when it diverges or does not match, 2 when there is no such match.
    """
    from . import matches_report

    matches_report.show_match(_url(ctx, db), match_id, events)


@app.command("export")
def export_match(
    ctx: typer.Context,
    match_id: Annotated[str, typer.Argument(metavar="ID", help="The match id (see the list).")],
    db: DbOption = None,
    as_seat: Annotated[
        int | None, typer.Option("--as-seat", help="Export what this seat may see.")
    ] = None,
    spectator: Annotated[
        bool, typer.Option("--spectator", help="Export what a spectator may see.")
    ] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Write here, not stdout.")] = None,
) -> None:
    """Write a stored match's replay followed by a digest trailer (the sha256, and the
    signature if any, the store kept when it saved it), so that `sparring replay FILE`
    shows whether a byte was changed since. With --as-seat K or --spectator, write the copy
    that audience may see instead, with a trailer of its own text's digest.

    A stored replay that no longer matches its digests is refused (exit 2).
    """
    from . import matches_report

    matches_report.export_match(_url(ctx, db), match_id, as_seat, spectator, out)


@app.command("transcript")
def show_transcript(
    ctx: typer.Context,
    match_id: Annotated[str, typer.Argument(metavar="ID", help="The match id (see the list).")],
    db: DbOption = None,
    seat: Annotated[int | None, typer.Option("--seat", help="Only this seat's.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The stored JSON, as it is.")] = False,
) -> None:
    """Print the transcripts (the notes the seats kept) stored with a match: an LLM seat's
    whole conversation, every message it was sent and answered, with its answers, refusals
    and tokens. With --json, the stored notes as JSON: a list by seat (null for a seat that
    kept none), or with --seat that seat's object.

    Exit code 2 when there is no such match or it has no notes (of that seat).
    """
    from . import matches_notes

    matches_notes.show_transcript(_url(ctx, db), match_id, seat, as_json)


def _url(ctx: typer.Context, db: str | None) -> str | None:
    """The store named on this subcommand, else on `sparring matches` itself."""
    url: str | None = db if db is not None else ctx.meta.get(_DB_KEY)
    return url
