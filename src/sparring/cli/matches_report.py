"""What the `sparring matches` commands print and write: the listing, a match's record and
digests, its replay re-simulated, exports with a digest trailer. Loaded only when one of
those commands runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from sparring.core.digest import (
    KEY_ENV,
    Integrity,
    Trailer,
    check_seal,
    hmac_hex,
    key_from_env,
    sha256_hex,
    with_trailer,
)
from sparring.core.errors import BadInput
from sparring.core.redact import redact_replay
from sparring.core.replay import parse_replay, replay_lines

from .replay_report import print_integrity, print_replay, seat_label, write_export

if TYPE_CHECKING:
    from sparring.arena.store import MatchRecord


def list_matches(db: str | None, game: str | None, limit: int) -> None:
    """The body of `sparring matches` (see its help)."""
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


def show_match(db: str | None, match_id: str, events: bool) -> None:
    """The body of `sparring matches show` (see its help)."""
    record, text, shown_url = _get(db, match_id)
    console = Console(highlight=False)
    console.print(f"[bold]match {record.id}[/] in {escape(shown_url)}")
    console.print(_fields(record))
    console.print()
    replay = parse_replay(replay_lines(text), f"match {record.id}")
    verified = print_replay(console, replay, events=events)
    if not (print_integrity(console, _stored_integrity(record, text)) and verified):
        raise typer.Exit(1)


def export_match(
    db: str | None, match_id: str, as_seat: int | None, spectator: bool, out: Path | None
) -> None:
    """The body of `sparring matches export` (see its help)."""
    if as_seat is not None and spectator:
        raise BadInput("choose one audience: --as-seat K or --spectator")
    record, text, _url = _get(db, match_id)
    integrity = _stored_integrity(record, text)
    if not integrity.ok:
        raise BadInput(f"match {record.id} cannot be exported: {integrity.problems[0]}")
    if as_seat is None and not spectator:
        write_export(_sealed_full(record, text), out)
        return
    replay = parse_replay(replay_lines(text), f"match {record.id}")
    view = "\n".join(redact_replay(replay, as_seat)) + "\n"
    key = key_from_env()
    signature = None if key is None else hmac_hex(key, view)
    trailer = Trailer(sha256=sha256_hex(view), match=record.id, hmac_sha256=signature)
    write_export(with_trailer(view, trailer), out)


def _sealed_full(record: MatchRecord, text: str) -> str:
    """The stored replay and a trailer of the digests the store kept — or, for a match
    saved before it kept any, the replay alone (digests taken now would vouch for whatever
    the store holds today)."""
    if record.sha256 is None:
        typer.echo(
            f"note: match {record.id} was saved before the store kept digests: "
            f"exported without one",
            err=True,
        )
        return text
    trailer = Trailer(sha256=record.sha256, match=record.id, hmac_sha256=record.hmac_sha256)
    return with_trailer(text, trailer)


def _get(url: str | None, match_id: str) -> tuple[MatchRecord, str, str]:
    """The match `match_id`, its replay text and the store's URL (passwords hidden)."""
    number = parse_id(match_id)
    from sparring.arena.store import Store  # SQLAlchemy: only for commands that use it

    with Store(url) as store:
        record = store.get(number)
        return record, record.replay or "", store.url  # `get` always reads the replay


def _stored_integrity(record: MatchRecord, text: str) -> Integrity:
    """The stored replay against the digests the store took when it saved it."""
    if record.sha256 is None:
        report = Integrity()
        report.notes.append(
            "saved before the store kept digests: there is nothing to check the replay against"
        )
        return report
    seal = Trailer(sha256=record.sha256, match=record.id, hmac_sha256=record.hmac_sha256)
    origin = "the digest kept when it was saved"
    report = check_seal(text, seal, key=key_from_env(), origin=origin)
    if report.ok and not report.signed:
        report.notes.append(
            "whoever can write to the store could have changed the replay and its digest "
            f"together; only a signature checked with {KEY_ENV} rules that out"
        )
    return report


def parse_id(text: str) -> int:
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
        ("sha256", record.sha256 or "none (saved before the store kept digests)"),
        ("hmac", record.hmac_sha256 or "none (not signed)"),
    )
    for name, value in rows + _notes_row(record):
        grid.add_row(name, Text(value))
    return grid


def _notes_row(record: MatchRecord) -> tuple[tuple[str, str], ...]:
    """Which seats kept notes (an LLM seat's transcript), and the command that shows them."""
    kept = [str(seat) for seat, notes in enumerate(record.seat_notes or []) if notes]
    if not kept:
        return ()
    seats = ", ".join(f"seat {seat}" for seat in kept)
    return (("notes", f"{seats}: sparring matches transcript {record.id}"),)
