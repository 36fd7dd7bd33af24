"""Tables in the store: what was set up, and every action accepted, one row each.

A web table is a match that lives for minutes or for weeks, so nothing about it is kept
only in memory. Its row says how it was set up (game, options, seed, seats, clocks, the
hashes of its seat tokens); each accepted decision is a row of `table_actions`, written
in the transaction that accepts it, before anyone is told. After a restart a table is
rebuilt by replaying its seed and those rows through the engine (`tables.LiveTable`).

A finished table becomes a stored match (`arena.store`) in one transaction with the mark
on its row, so `sparring replay`, `sparring matches` and the replay page read it, and a
crash between the two can neither lose it nor store it twice. The tables live beside
`matches` and the tournaments' tables in the same database (any SQLAlchemy URL).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    insert,
    select,
)
from sqlalchemy import update as sql_update
from sqlalchemy.orm import Mapped, mapped_column

from sparring.arena.store import MatchRecord, MatchRow, Seed, TableBase, UtcDateTime, match_values
from sparring.tournament.records import TournamentStore

_ID = BigInteger().with_variant(Integer, "sqlite")


class WebTableRow(TableBase):
    """One table: set up once, then only its status and match change."""

    __tablename__ = "web_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Seed)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    #: Per seat, the SHA-256 of its token (people's seats), or None: tokens are never kept.
    token_hashes: Mapped[list[str | None]] = mapped_column(JSON)
    #: "playing" until the game ends, then "finished".
    status: Mapped[str] = mapped_column(String(16), index=True)
    match_id: Mapped[int | None] = mapped_column(ForeignKey(MatchRow.id))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)


class WebActionRow(TableBase):
    """One accepted decision of a table, in order: an action, or a verdict's price."""

    __tablename__ = "web_table_actions"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(_ID, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey(WebTableRow.id), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    verdict: Mapped[str] = mapped_column(String(8))
    reason: Mapped[str | None] = mapped_column(Text)
    spent: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)


@dataclass(frozen=True)
class TableSetup:
    """How a table was set up (its row, without status)."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    token_hashes: list[str | None]
    created_at: dt.datetime
    status: str = "playing"
    match_id: int | None = None


@dataclass(frozen=True)
class StoredAction:
    """One accepted decision as stored: `verdict` is "ok" for an action applied."""

    number: int
    seat: int
    action: dict[str, Any] | None
    verdict: str
    reason: str | None
    spent: float
    at: float


_ACTIONS = TableBase.metadata.tables[WebActionRow.__tablename__]
_TABLES = TableBase.metadata.tables[WebTableRow.__tablename__]
_MATCHES = TableBase.metadata.tables[MatchRow.__tablename__]


class WebStore(TournamentStore):
    """The store the server reads and writes: matches and tournaments, and its tables."""

    def create_table(self, setup: TableSetup) -> None:
        with self._writing("table"), self.engine.begin() as connection:
            connection.execute(insert(_TABLES).values(**_setup_values(setup)))

    def add_action(self, table_id: str, action: StoredAction) -> None:
        """Store one accepted decision. Its number is unique per table, so a second
        writer of the same decision fails instead of forking the table."""
        row = {"table_id": table_id, **action.__dict__}
        with self._writing("action"), self.engine.begin() as connection:
            connection.execute(insert(_ACTIONS).values(**row))

    def replace_token(self, table_id: str, seat: int, token_hash: str) -> None:
        """A seat joined from the lobby gets a fresh token (and its seat is taken)."""
        with self._writing("seat"), self.engine.begin() as connection:
            row = connection.execute(
                select(_TABLES.c.token_hashes, _TABLES.c.seats).where(_TABLES.c.id == table_id)
            ).one()
            hashes, seats = list(row.token_hashes), [dict(seat) for seat in row.seats]
            hashes[seat] = token_hash
            seats[seat]["taken"] = True
            connection.execute(
                sql_update(_TABLES)
                .where(_TABLES.c.id == table_id)
                .values(token_hashes=hashes, seats=seats)
            )

    def finish_table(self, table_id: str, record: MatchRecord) -> int:
        """Store the finished table's match and mark the table with it, in one
        transaction; a table already marked keeps its match (returned)."""
        with self._writing("match"), self.engine.begin() as connection:
            present = connection.scalar(select(_TABLES.c.match_id).where(_TABLES.c.id == table_id))
            if present is not None:
                return int(present)
            match_id = connection.scalar(
                insert(_MATCHES).values(**match_values(record, self.key)).returning(_MATCHES.c.id)
            )
            connection.execute(
                sql_update(_TABLES)
                .where(_TABLES.c.id == table_id)
                .values(status="finished", match_id=match_id)
            )
            return int(match_id)

    def tables(self, status: str | None = None) -> list[TableSetup]:
        """Every table (or those with `status`), newest first."""
        query = select(_TABLES).order_by(_TABLES.c.created_at.desc())
        if status is not None:
            query = query.where(_TABLES.c.status == status)
        with self._reading("tables"), self.engine.connect() as connection:
            return [_setup(row) for row in connection.execute(query)]

    def table(self, table_id: str) -> TableSetup | None:
        with self._reading("table"), self.engine.connect() as connection:
            row = connection.execute(select(_TABLES).where(_TABLES.c.id == table_id)).first()
        return None if row is None else _setup(row)

    def actions(self, table_id: str) -> list[StoredAction]:
        """The table's accepted decisions, in order."""
        query = select(_ACTIONS).where(_ACTIONS.c.table_id == table_id).order_by(_ACTIONS.c.number)
        with self._reading("actions"), self.engine.connect() as connection:
            return [
                StoredAction(
                    row.number, row.seat, row.action, row.verdict, row.reason, row.spent, row.at
                )
                for row in connection.execute(query)
            ]


def _setup_values(setup: TableSetup) -> dict[str, Any]:
    return {
        "id": setup.id,
        "game": setup.game,
        "options": setup.options,
        "seed": setup.seed,
        "seats": setup.seats,
        "token_hashes": setup.token_hashes,
        "status": setup.status,
        "match_id": setup.match_id,
        "created_at": setup.created_at,
    }


def _setup(row: Any) -> TableSetup:
    return TableSetup(
        id=row.id,
        game=row.game,
        options=row.options,
        seed=row.seed,
        seats=list(row.seats),
        token_hashes=list(row.token_hashes),
        created_at=row.created_at,
        status=row.status,
        match_id=row.match_id,
    )
