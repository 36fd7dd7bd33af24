"""A finished game's row of the `matches` table, made where the game was played.

A tournament's driver stores every game's match on a core the workers need too (two
workers and the driver share this machine's two cores), so whatever it does per game comes
off their rate. A worker therefore hands over the row itself: the replay's text, its
SHA-256, and every JSON column already encoded, in one plain tuple that pickles as a few
memory copies. The driver only inserts it (`records.TournamentStore.record`), adding the
replay's HMAC when the store signs.

The row holds exactly what `Store.save` writes for the same match — the record
`MatchRecord.from_replay` reads from its replay — built from the trace's own header,
result and ledger instead of reading the replay back (the tests compare the two column by
column).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, NamedTuple

import msgspec

from sparring.core.digest import sha256_hex
from sparring.core.errors import BadInput
from sparring.core.trace import Trace

#: The JSON columns' encoder: the store's own (`arena.store`, msgspec's default), so a
#: column's text is the one `Store.save` would have written.
_encode = msgspec.json.Encoder().encode


class EncodedMatch(NamedTuple):
    """A match's `matches` row but its id and HMAC: the JSON columns as their text."""

    game: str
    rules_version: str
    options: str
    seed: int
    seats: str
    verdicts: str
    winner: int | None
    result: str
    timings: str
    replay: str
    started_at: dt.datetime
    finished_at: dt.datetime
    sha256: str
    seat_notes: str | None

    def verdict_list(self) -> list[dict[str, Any]]:
        """The failure verdicts, as the `verdicts` column reads back."""
        verdicts: list[dict[str, Any]] = msgspec.json.decode(self.verdicts)
        return verdicts

    def values(self) -> dict[str, Any]:
        """The columns as a `Store` writes them through SQLAlchemy: the JSON columns
        decoded again (SQLAlchemy's JSON type encodes them itself)."""
        values = self._asdict()
        for name in JSON_COLUMNS:
            text = values[name]
            values[name] = None if text is None else msgspec.json.decode(text)
        return values


#: The columns of `EncodedMatch` held as JSON text.
JSON_COLUMNS = ("options", "seats", "verdicts", "result", "timings", "seat_notes")


def encoded_match(
    trace: Trace,
    seat_notes: list[dict[str, Any] | None] | None = None,
    finished_at: dt.datetime | None = None,
) -> EncodedMatch:
    """The row of the match `trace` recorded (finished; `finished_at` now by default),
    with the seats' notes (None when no seat kept any)."""
    header, result = trace.header, trace.result
    if result is None:
        raise BadInput("the replay has no result line: only finished matches are stored")
    ledger = trace.ledger()
    finished = finished_at or dt.datetime.now(dt.UTC)
    notes = None if seat_notes is None or all(n is None for n in seat_notes) else seat_notes
    return EncodedMatch(
        game=header.game,
        rules_version=header.rules_version,
        options=_json(header.options),
        seed=header.seed,
        seats=_json(header.seats),
        verdicts=_json(ledger.verdicts()),
        winner=result.winner,
        result=_json(result.summary),
        timings=_json(ledger.timings()),
        replay=trace.text,
        started_at=_started(header.started, finished),
        finished_at=finished,
        sha256=sha256_hex(trace.text),
        seat_notes=None if notes is None else _json(notes),
    )


def _json(value: Any) -> str:
    return _encode(value).decode()


def _started(text: str, fallback: dt.datetime) -> dt.datetime:
    """The header's start time (ISO 8601, from `replay.new_header`; `fallback` if none)."""
    if not text:
        return fallback
    started = dt.datetime.fromisoformat(text)
    return started if started.tzinfo else started.replace(tzinfo=dt.UTC)
