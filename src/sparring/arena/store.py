"""The match store: finished matches, their results and full replays, in a database.

SQLite is the default (``sqlite:///sparring.db`` in the working directory, no server to
run); any SQLAlchemy URL works, so a team can share one PostgreSQL database. The code uses
only portable SQL and column types (`JSON`, `Text`, `BigInteger`), so the same store runs on
both.

A match is saved in one transaction: a reader, a resumed tournament or a crashed process
sees it whole or not at all. SQLite files are opened in WAL mode with a busy timeout so
several processes (tournament workers) can write to one file at once.

With each replay the store keeps the SHA-256 of its exact text and, when a signing key is
set (``SPARRING_REPLAY_KEY``), an HMAC of it (see `core.digest`): what an export carries,
so a copy can be shown to be the store's, byte for byte.

A seat's own notes on the match (`arena.seats.SeatWithNotes`, such as a language model's
whole conversation) are kept in the match's row, so they are saved with it, in the same
transaction, and read only when asked for.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import time
from dataclasses import dataclass
from typing import Any, Self

import msgspec
from sqlalchemy import (
    DDL,
    JSON,
    BigInteger,
    DateTime,
    Dialect,
    Engine,
    Integer,
    String,
    Text,
    TypeDecorator,
    create_engine,
    event,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, undefer

from sparring.core.digest import DIGEST_LENGTH, hmac_hex, key_from_env, sha256_hex
from sparring.core.errors import BadInput
from sparring.core.replay import DecisionLedger, Header, Result, parse_written_replay
from sparring.core.trace import Trace

DEFAULT_URL = "sqlite:///sparring.db"
ENV_URL = "SPARRING_DB"  # overrides the default, e.g. for a shared PostgreSQL store
SQLITE_BUSY_TIMEOUT_MS = 30_000
_SEED_LIMIT = 1 << 64
_SIGNED_LIMIT = 1 << 63
_MAX_ID = (1 << 63) - 1


class Seed(TypeDecorator[int]):
    """A 64-bit unsigned seed kept in a signed BIGINT column.

    The games' generator reads seeds modulo 2**64, so seeds up to 2**64 - 1 are meaningful,
    but SQLite and PostgreSQL integers stop at 2**63 - 1. The upper half is stored in two's
    complement; seeds below 2**63 are stored as themselves, so raw SQL still shows them.
    """

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Dialect) -> int | None:
        if value is None:
            return None
        return value - _SEED_LIMIT if value >= _SIGNED_LIMIT else value

    def process_result_value(self, value: int | None, dialect: Dialect) -> int | None:
        if value is None:
            return None
        return value + _SEED_LIMIT if value < 0 else value


class UtcDateTime(TypeDecorator[dt.datetime]):
    """A timezone-aware UTC timestamp on every backend.

    PostgreSQL keeps the zone; SQLite keeps none, so values are normalised to UTC before
    they are written and read back as UTC. Callers always get aware datetimes.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        utc = value.astimezone(dt.UTC)
        return utc.replace(tzinfo=None) if dialect.name == "sqlite" else utc

    def process_result_value(self, value: Any, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=dt.UTC)
        return value.astimezone(dt.UTC)


class TableBase(DeclarativeBase):
    """Every table of a store: `matches` here, the tournaments' in `tournament.records`.
    One metadata, so a tournament's game can refer to the match it became."""


class MatchRow(TableBase):
    """One finished match. The replay text is deferred: listings never read it."""

    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    game: Mapped[str] = mapped_column(String(64), index=True)
    rules_version: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Seed)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    verdicts: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    winner: Mapped[int | None] = mapped_column(Integer)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    timings: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    replay: Mapped[str] = mapped_column(Text, deferred=True)
    started_at: Mapped[dt.datetime] = mapped_column(UtcDateTime, index=True)
    finished_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)
    # Added after the first stores were made: `Store` adds them to an older table, where
    # the matches saved before have none.
    sha256: Mapped[str | None] = mapped_column(String(DIGEST_LENGTH))
    hmac_sha256: Mapped[str | None] = mapped_column(String(DIGEST_LENGTH))
    seat_notes: Mapped[list[dict[str, Any] | None] | None] = mapped_column(
        JSON(none_as_null=True), deferred=True
    )


#: Columns an older `matches` table may lack, added when a store opens it.
_ADDED_COLUMNS = ("sha256", "hmac_sha256", "seat_notes")


@dataclass(frozen=True)
class MatchRecord:
    """A finished match as the store keeps it.

    `verdicts` lists the referee's failure verdicts, e.g. ``{"seat": 1, "verdict": "TLE",
    "detail": "no reply within 3 s", "decision": 17}``; `timings` has one entry per seat,
    ``{"seat": 0, "decisions": 40, "total": 1.25, "max": 0.31}`` (seconds); `result` is the
    game's own summary. `replay` is the full JSON-lines text — ``None`` only in records
    returned by `Store.list`, which leaves the text in the database. `id` is ``None`` until
    the record is saved; `sha256` and `hmac_sha256` are the digests the store took of the
    replay when it saved it (``None`` before that, and in matches saved before the store
    kept digests; `hmac_sha256` only when a signing key was set). Like `id`, `save` ignores
    them and takes its own. `seat_notes` holds each seat's own notes on the match
    (`arena.seats.SeatWithNotes`), None for a seat without; it is None when no seat kept any,
    and in records returned by `Store.list`.
    """

    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    verdicts: list[dict[str, Any]]
    winner: int | None
    result: dict[str, Any]
    timings: list[dict[str, Any]]
    replay: str | None
    started_at: dt.datetime
    finished_at: dt.datetime
    id: int | None = None
    sha256: str | None = None
    hmac_sha256: str | None = None
    seat_notes: list[dict[str, Any] | None] | None = None

    @classmethod
    def from_replay(
        cls,
        text: str,
        finished_at: dt.datetime | None = None,
        seat_notes: list[dict[str, Any] | None] | None = None,
    ) -> MatchRecord:
        """Build the record of a finished match from its replay, the one source of truth.

        Verdicts and per-seat timings are read off the decision records, so what the store
        says always agrees with what the replay shows. `finished_at` defaults to now;
        `seat_notes` are the seats' notes (`MatchOutcome.notes`), kept only if any has some.
        """
        replay = parse_written_replay(text)
        if replay.result is None:
            raise BadInput("the replay has no result line: only finished matches are stored")
        ledger = DecisionLedger.of(replay)
        record = cls._of(replay.header, replay.result, ledger, text, finished_at)
        return record.with_notes(seat_notes)

    @classmethod
    def from_trace(
        cls,
        trace: Trace,
        finished_at: dt.datetime | None = None,
        seat_notes: list[dict[str, Any] | None] | None = None,
    ) -> MatchRecord:
        """The record of a match from its trace: the replay it writes out, and its header,
        result and decisions as they were — the same records the replay's lines hold —
        without reading the text back, which cost a tournament's driver more than storing
        it."""
        if trace.result is None:
            raise BadInput("the replay has no result line: only finished matches are stored")
        text = trace.write()
        # The header and result as their lines read back (a tuple in the options or the
        # summary is a list there): small, unlike the rest of the replay.
        header = msgspec.json.decode(msgspec.json.encode(trace.header), type=Header)
        result = msgspec.json.decode(msgspec.json.encode(trace.result), type=Result)
        record = cls._of(header, result, trace.ledger(), text, finished_at)
        return record.with_notes(seat_notes)

    def with_notes(self, seat_notes: list[dict[str, Any] | None] | None) -> MatchRecord:
        """This record with the seats' notes, or without any when no seat kept some."""
        if seat_notes is None or all(notes is None for notes in seat_notes):
            return self
        return dataclasses.replace(self, seat_notes=list(seat_notes))

    @classmethod
    def _of(
        cls,
        header: Header,
        result: Result,
        ledger: DecisionLedger,
        text: str,
        finished_at: dt.datetime | None,
    ) -> MatchRecord:
        finished = finished_at or dt.datetime.now(dt.UTC)
        return cls(
            game=header.game,
            rules_version=header.rules_version,
            options=dict(header.options),
            seed=header.seed,
            seats=[dict(seat) for seat in header.seats],
            verdicts=ledger.verdicts(),
            winner=result.winner,
            result=dict(result.summary),
            timings=ledger.timings(),
            replay=text,
            started_at=_parse_started(header.started, finished),
            finished_at=finished,
        )


def _parse_started(text: str, fallback: dt.datetime) -> dt.datetime:
    """The header's start time (ISO 8601), or `fallback` when an older replay has none."""
    if not text:
        return fallback
    try:
        started = dt.datetime.fromisoformat(text)
    except ValueError:
        raise BadInput(f"the replay header has an unreadable start time {text!r}") from None
    return started if started.tzinfo else started.replace(tzinfo=dt.UTC)


def one_line(error: BaseException) -> str:
    """The driver's own words for a database error, on one line (no SQLAlchemy boilerplate)."""
    cause = error.orig if isinstance(error, DBAPIError) and error.orig is not None else error
    lines = [line.strip() for line in str(cause).splitlines() if line.strip()]
    return lines[0] if lines else type(cause).__name__


def _parse_url(url: str) -> URL:
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise BadInput(f"{url!r} is not a database URL (try sqlite:///sparring.db)") from None
    if _in_memory(parsed):
        raise BadInput(
            f"{url!r} names no database file: the matches saved there would be lost when the "
            f"command ends (give a file, e.g. sqlite:///sparring.db)"
        )
    return parsed


def _in_memory(url: URL) -> bool:
    """Whether `url` is an SQLite database that lives only as long as its connection."""
    if url.get_backend_name() != "sqlite":
        return False
    return url.database in (None, "", ":memory:") or url.query.get("mode") == "memory"


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Let several processes share one SQLite file: wait for locks, readers never block."""
    cursor = connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
    finally:
        cursor.close()


def _json_text(value: Any) -> str:
    """A JSON column's text, written by msgspec: a recorded match has seven JSON columns,
    and the standard library's encoder was a tenth of a tournament driver's time."""
    return _JSON_ENCODER.encode(value).decode()


_JSON_ENCODER = msgspec.json.Encoder()


def _open_engine(url: URL) -> Engine:
    """An engine for `url`, with a one-line `BadInput` for unknown dialects or drivers.
    JSON columns are written and read by msgspec (any JSON text reads back the same)."""
    shown = url.render_as_string(hide_password=True)
    try:
        engine = create_engine(
            url, json_serializer=_json_text, json_deserializer=msgspec.json.decode
        )
    except ArgumentError:
        raise BadInput(f"unknown database kind or driver in {shown}") from None
    except ImportError as error:
        raise BadInput(
            f"the database driver for {shown} is not installed ({error.name or error})"
        ) from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


#: Tries at creating the schema, for a race with another process creating it too.
_CREATE_ATTEMPTS = 5


class Store:
    """Finished matches in the database at `url` (default: ``$SPARRING_DB`` if set, else
    ``sqlite:///sparring.db``).

    Opening a store connects at once and creates the table if it is missing, so a wrong
    URL or an unreachable server is reported here, as a `BadInput`, before any match is
    played.
    """

    def __init__(self, url: str | None = None, *, key: bytes | None = None) -> None:
        parsed = _parse_url(url or os.environ.get(ENV_URL) or DEFAULT_URL)
        self.url = parsed.render_as_string(hide_password=True)
        #: The key replays are signed with when saved (default: ``$SPARRING_REPLAY_KEY``).
        self.key = key if key is not None else key_from_env()
        self.engine = _open_engine(parsed)
        self._create_tables()

    def _create_tables(self) -> None:
        """Create the table and its indexes, or add the columns an older table lacks.
        Another process may be doing the same at the same moment (its schema not yet
        committed when this one looked), so a failure is retried a few times, a little
        later each time, before it is reported."""
        for attempt in range(_CREATE_ATTEMPTS):
            try:
                TableBase.metadata.create_all(self.engine)
                self._add_missing_columns()
                return
            except SQLAlchemyError as error:
                if attempt == _CREATE_ATTEMPTS - 1:
                    self.engine.dispose()
                    message = f"cannot open database {self.url}: {one_line(error)}"
                    raise BadInput(message) from None
                time.sleep(0.05 * (attempt + 1))

    def _add_missing_columns(self) -> None:
        """Bring a table made by an older sparring up to date; its rows keep NULL there."""
        table, columns = MatchRow.__tablename__, MatchRow.__table__.c
        present = {column["name"] for column in inspect(self.engine).get_columns(table)}
        with self.engine.begin() as connection:
            for name in _ADDED_COLUMNS:
                if name not in present:
                    kind = columns[name].type.compile(dialect=self.engine.dialect)
                    connection.execute(DDL(f"ALTER TABLE {table} ADD COLUMN {name} {kind}"))

    def check_writable(self) -> None:
        """Show now that a match can be saved, before one is played for it: a write
        transaction that changes nothing, so a read-only file or a user without the right
        to write fails here, with the database's reason, rather than after the match."""
        probe = update(MatchRow).where(MatchRow.id == -1).values(game=MatchRow.game)
        try:
            with self.engine.begin() as connection:
                connection.execute(probe)
        except SQLAlchemyError as error:
            raise BadInput(f"cannot write to {self.url}: {one_line(error)}") from None

    def save(self, record: MatchRecord) -> int:
        """Write `record` in one transaction and return its new id. The record's `id` and
        digests are ignored: the store takes its own of the replay text it writes."""
        row = MatchRow(**match_values(record, self.key))
        try:
            with Session(self.engine) as session, session.begin():
                session.add(row)
                session.flush()
                match_id = row.id
        except SQLAlchemyError as error:
            raise BadInput(f"cannot save the match in {self.url}: {one_line(error)}") from error
        return match_id

    def list(self, game: str | None = None, limit: int = 50) -> list[MatchRecord]:
        """The newest `limit` matches (of `game`, if given), newest first, without replays."""
        if limit < 1:
            raise BadInput(f"the limit must be at least 1, got {limit}")
        query = select(MatchRow).order_by(MatchRow.started_at.desc(), MatchRow.id.desc())
        if game is not None:
            query = query.where(MatchRow.game == game)
        try:
            with Session(self.engine) as session:
                rows = session.scalars(query.limit(limit)).all()
                return [_record_from_row(row, with_replay=False) for row in rows]
        except SQLAlchemyError as error:
            raise BadInput(f"cannot read matches from {self.url}: {one_line(error)}") from error

    def get(self, match_id: int) -> MatchRecord:
        """The match `match_id` with its replay, or a `BadInput` saying there is none."""
        if not 1 <= match_id <= _MAX_ID:
            raise BadInput(f"no match with id {match_id} in {self.url}")
        try:
            with Session(self.engine) as session:
                row = session.get(
                    MatchRow,
                    match_id,
                    options=[undefer(MatchRow.replay), undefer(MatchRow.seat_notes)],
                )
                if row is None:
                    raise BadInput(f"no match with id {match_id} in {self.url}")
                return _record_from_row(row, with_replay=True)
        except SQLAlchemyError as error:
            message = f"cannot read match {match_id} from {self.url}: {one_line(error)}"
            raise BadInput(message) from error

    def close(self) -> None:
        """Release the connections (tests and long-lived processes open many stores)."""
        self.engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _checked_replay(record: MatchRecord) -> str:
    """Refuse records the database would store wrongly rather than failing half-way, and
    return the replay text."""
    if record.replay is None:
        raise BadInput("a match is stored with its replay text; this record has none")
    if not record.replay.endswith("\n"):
        raise BadInput("a replay is JSON lines, each ending with a newline; this one does not")
    if not 0 <= record.seed < _SEED_LIMIT:
        raise BadInput(f"seed {record.seed} is outside 0..2**64-1, the seeds games read")
    for name in ("started_at", "finished_at"):
        if getattr(record, name).tzinfo is None:
            raise BadInput(f"{name} must be a timezone-aware datetime")
    return record.replay


def match_values(record: MatchRecord, key: bytes | None) -> dict[str, Any]:
    """The columns of `record`'s row (without its id), the replay's digests taken here."""
    replay = _checked_replay(record)
    return {
        "game": record.game,
        "rules_version": record.rules_version,
        "options": record.options,
        "seed": record.seed,
        "seats": record.seats,
        "verdicts": record.verdicts,
        "winner": record.winner,
        "result": record.result,
        "timings": record.timings,
        "replay": replay,
        "started_at": record.started_at,
        "finished_at": record.finished_at,
        "sha256": sha256_hex(replay),
        "hmac_sha256": None if key is None else hmac_hex(key, replay),
        "seat_notes": record.seat_notes,
    }


def _record_from_row(row: MatchRow, *, with_replay: bool) -> MatchRecord:
    """Copy a row out of its session; touch `replay` and `seat_notes` only when asked, as
    they are deferred."""
    return MatchRecord(
        id=row.id,
        game=row.game,
        rules_version=row.rules_version,
        options=row.options,
        seed=row.seed,
        seats=row.seats,
        verdicts=row.verdicts,
        winner=row.winner,
        result=row.result,
        timings=row.timings,
        replay=row.replay if with_replay else None,
        started_at=row.started_at,
        finished_at=row.finished_at,
        sha256=row.sha256,
        hmac_sha256=row.hmac_sha256,
        seat_notes=row.seat_notes if with_replay else None,
    )
