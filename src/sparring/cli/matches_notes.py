"""What `sparring matches transcript ID` prints: the notes the seats kept on a stored match
(`arena.seats.SeatWithNotes`; an LLM seat's are its whole conversation), readably, or as
the stored JSON. Loaded only when the command runs.

Notes are a JSON object per seat. Read as a transcript: its plain values (the model, the
answers, the tokens) on one line, then a conversation under ``messages`` (a list of
``{"role", "content"}``) one message after another under its role, then anything else as
JSON.
"""

from __future__ import annotations

import json
from typing import Any

import typer

from sparring.core.errors import BadInput


def show_transcript(db: str | None, match_id: str, seat: int | None, as_json: bool) -> None:
    """The body of `sparring matches transcript` (see its help)."""
    from sparring.arena.store import Store  # SQLAlchemy: only for commands that use it

    from .matches_report import parse_id

    with Store(db) as store:
        record = store.get(parse_id(match_id))
    notes = record.seat_notes or []
    kept = {index: each for index, each in enumerate(notes) if each is not None}
    if not kept:
        raise BadInput(f"match {record.id}: no seat kept a transcript or other notes")
    if seat is not None and seat not in kept:
        raise BadInput(
            f"match {record.id}: seat {seat} kept no notes (seats with notes: "
            f"{', '.join(map(str, kept))})"
        )
    chosen = kept if seat is None else {seat: kept[seat]}
    if as_json:
        shown: Any = notes if seat is None else kept[seat]
        typer.echo(json.dumps(shown, ensure_ascii=False, indent=1))
        return
    typer.echo("\n\n".join(readable(record.id, index, each) for index, each in chosen.items()))


def readable(match_id: int | None, seat: int, notes: dict[str, Any]) -> str:
    """One seat's notes as a person reads them (see the module docstring)."""
    plain = {key: value for key, value in notes.items() if _is_plain(value)}
    lines = [
        f"match {match_id}, seat {seat}: "
        + ", ".join(f"{key} {value}" for key, value in plain.items())
    ]
    messages = notes.get("messages")
    if isinstance(messages, list) and _is_conversation(messages):
        for message in messages:
            lines += [f"── {message['role']} ──", str(message["content"])]
    rest = {
        key: value
        for key, value in notes.items()
        if key not in plain and not (key == "messages" and _is_conversation(value))
    }
    for key, value in rest.items():
        lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines)


def _is_plain(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _is_conversation(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(message, dict) and {"role", "content"} <= message.keys() for message in value
    )
