"""Tournaments in the store: their settings, their schedule, and which match each game became.

Nothing is lost and nothing is played twice, however the tournament's process ends:

- the **schedule is stored before play** (`schedule`): a round's games are rows before any
  of them starts, so a resumed tournament knows exactly what is left;
- **each game is committed once** (`record`): the match and the mark on its scheduled game
  go in one transaction, and the mark is only set on a game that has none yet, so a game
  played twice (a worker that died after finishing, two drivers resuming at once) is
  saved once and the second copy is dropped whole.

A game whose match id is empty is still to be played. The tables live beside `matches`
in the same database (any SQLAlchemy URL), created when a `TournamentStore` opens it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Connection,
    Dialect,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    bindparam,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Mapped, Session, mapped_column

from sparring.arena.store import (
    MatchRow,
    Seed,
    Store,
    TableBase,
    UtcDateTime,
    one_line,
)
from sparring.core.digest import hmac_hex
from sparring.core.errors import BadInput

from .rows import JSON_COLUMNS, EncodedMatch
from .schedule import ScheduledGame, Slot

_ID = BigInteger().with_variant(Integer, "sqlite")


class TournamentRow(TableBase):
    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(_ID, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(128), unique=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)


class TournamentGameRow(TableBase):
    __tablename__ = "tournament_games"
    __table_args__ = (
        UniqueConstraint("tournament_id", "round", "pairing", "set", "order", name="one_slot"),
    )

    id: Mapped[int] = mapped_column(_ID, primary_key=True, autoincrement=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    pairing: Mapped[int] = mapped_column(Integer)
    set: Mapped[int] = mapped_column(Integer)
    order: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Seed)
    seats: Mapped[list[int]] = mapped_column(JSON)
    match_id: Mapped[int | None] = mapped_column(ForeignKey("matches.id"))
    returns: Mapped[list[float] | None] = mapped_column(JSON)


@dataclass(frozen=True)
class Entrant:
    """A competitor: a name for tables, and a seat description as `sparring match` takes
    (``builtin:NAME``, ``KIND:ARGUMENT`` or a bot command)."""

    name: str
    seat: str


@dataclass(frozen=True)
class Settings:
    """Everything that decides a tournament's schedule and how its games are played, kept
    with it so that ``--resume`` needs nothing else. `sets`: seeds per pairing, each played
    in every seat order; `players`: seats per table; `sprt`: the test's settings and game
    limits, for `compare` only; `seat_defaults`: the settings the seats' kinds take from the
    command (`arena.seats.SeatDefaults`, e.g. ``--llm-url``)."""

    game: str
    format: str
    entrants: tuple[Entrant, ...]
    options: dict[str, Any]
    players: int
    sets: int
    orders: str
    rounds: int
    seed: int
    time_limit: float | None
    memory_mib: int
    sandbox: bool
    sprt: dict[str, Any] | None = None
    seat_defaults: dict[str, dict[str, str]] | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["entrants"] = [asdict(entrant) for entrant in self.entrants]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        entrants = tuple(Entrant(**entrant) for entrant in data["entrants"])
        return cls(**{**data, "entrants": entrants})


@dataclass(frozen=True)
class Tournament:
    id: int
    name: str
    settings: Settings
    created_at: dt.datetime


@dataclass(frozen=True)
class GameRecord:
    """A scheduled game and, once played, what became of it: its match, each seat's
    return (the game's own score of the seat, higher is better) and the referee's
    failure verdicts in that match."""

    id: int
    slot: Slot
    seed: int
    seats: tuple[int, ...]
    match_id: int | None
    returns: tuple[float, ...] | None
    verdicts: tuple[dict[str, Any], ...]

    @property
    def played(self) -> bool:
        return self.match_id is not None


_MATCHES = TableBase.metadata.tables[MatchRow.__tablename__]
_GAMES = TableBase.metadata.tables[TournamentGameRow.__tablename__]
#: Marks a scheduled game as played by a match — only if no match has claimed it yet.
_MARK_PLAYED = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game"), _GAMES.c.match_id.is_(None))
    .values(match_id=bindparam("match"), returns=bindparam("returns"))
)


@dataclass(frozen=True)
class Result:
    """A played game to record: its scheduled game, the match it became (its row, encoded
    where it was played), and each seat's return."""

    game_id: int
    match: EncodedMatch
    returns: tuple[float, ...]


class TournamentStore(Store):
    """A `Store` that also keeps tournaments (see the module docstring).

    An SQLite store's connections here sync the disk only at checkpoints
    (``synchronous = NORMAL``, in the WAL mode every store uses): a commit costs no disk
    sync, survives the process being killed at any moment, and is at worst undone by a
    power cut — the database stays whole, and a game whose record was undone is simply
    played again on resume, as a game not yet recorded is."""

    def __init__(self, url: str | None = None, *, key: bytes | None = None) -> None:
        super().__init__(url, key=key)
        self._sqlite_insert: _SqliteInsert | None = None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sync_at_checkpoints)
            self.engine.dispose()  # the connections opened so far reconnect with it
            self._sqlite_insert = _SqliteInsert(self.engine.dialect)

    def create(self, name: str, settings: Settings) -> Tournament:
        """A new tournament named `name`; a name already taken is a `BadInput`."""
        row = TournamentRow(
            name=name,
            game=settings.game,
            settings=settings.to_json(),
            created_at=dt.datetime.now(dt.UTC),
        )
        try:
            with Session(self.engine) as session, session.begin():
                session.add(row)
                session.flush()
                made = _tournament(row)
        except IntegrityError:
            raise BadInput(
                f"a tournament named {name!r} exists in {self.url}: resume it with "
                f"--resume {name}, or choose another --name"
            ) from None
        except SQLAlchemyError as error:
            raise BadInput(f"cannot create tournament in {self.url}: {one_line(error)}") from None
        return made

    def find(self, name: str) -> Tournament:
        """The tournament named `name` (or with that id), or a `BadInput` listing none."""
        query = select(TournamentRow).where(TournamentRow.name == name)
        if name.isdigit():
            query = select(TournamentRow).where(
                (TournamentRow.name == name) | (TournamentRow.id == int(name))
            )
        with self._reading("tournament"), Session(self.engine) as session:
            row = session.scalars(query.order_by(TournamentRow.id)).first()
            if row is None:
                raise BadInput(f"no tournament {name!r} in {self.url}")
            return _tournament(row)

    def tournaments(self) -> list[Tournament]:
        """Every tournament, newest first."""
        query = select(TournamentRow).order_by(TournamentRow.id.desc())
        with self._reading("tournaments"), Session(self.engine) as session:
            return [_tournament(row) for row in session.scalars(query)]

    def next_name(self, game: str) -> str:
        """A fresh default name: the game and a number no tournament of it has used."""
        with self._reading("tournaments"), Session(self.engine) as session:
            taken = set(session.scalars(select(TournamentRow.name)))
        number = 1
        while f"{game}-{number}" in taken:
            number += 1
        return f"{game}-{number}"

    def schedule(self, tournament: Tournament, games: Sequence[ScheduledGame]) -> list[GameRecord]:
        """Store `games` as to be played, in one transaction, and return them as stored;
        games already scheduled in the same slots (a resumed round) are left as they are
        and not returned. (Core statements, not the ORM: a tournament's whole schedule is
        stored before its first game is handed out, and per-row ORM work kept the workers
        waiting for it.)"""
        slots = [game.slot for game in games]
        near = select(_GAMES.c.round, _GAMES.c.pairing, _GAMES.c.set, _GAMES.c.order).where(
            _GAMES.c.tournament_id == tournament.id,  # only rows that could share a slot
            _GAMES.c.round.in_({slot.round for slot in slots}),
            _GAMES.c.pairing.in_({slot.pairing for slot in slots}),
            _GAMES.c.set.in_({slot.set for slot in slots}),
        )
        with self._writing("schedule"), self.engine.begin() as connection:
            present = {Slot(*row) for row in connection.execute(near)}
            added = [game for game in games if game.slot not in present]
            if not added:
                return []
            rows = [
                {
                    "tournament_id": tournament.id,
                    "round": game.slot.round,
                    "pairing": game.slot.pairing,
                    "set": game.slot.set,
                    "order": game.slot.order,
                    "seed": game.seed,
                    "seats": list(game.seats),
                }
                for game in added
            ]
            ids = connection.scalars(
                insert(_GAMES).returning(_GAMES.c.id, sort_by_parameter_order=True), rows
            ).all()
        return [
            GameRecord(game_id, game.slot, game.seed, tuple(game.seats), None, None, ())
            for game_id, game in zip(ids, added, strict=True)
        ]

    def games(self, tournament: Tournament) -> list[GameRecord]:
        """Every scheduled game, played or not, in schedule order."""
        query = (
            select(
                _GAMES.c.id,
                _GAMES.c.round,
                _GAMES.c.pairing,
                _GAMES.c.set,
                _GAMES.c.order,
                _GAMES.c.seed,
                _GAMES.c.seats,
                _GAMES.c.match_id,
                _GAMES.c.returns,
                _MATCHES.c.verdicts,
            )
            .outerjoin(_MATCHES, _MATCHES.c.id == _GAMES.c.match_id)
            .where(_GAMES.c.tournament_id == tournament.id)
            .order_by(_GAMES.c.round, _GAMES.c.pairing, _GAMES.c.set, _GAMES.c.order)
        )
        with self._reading("games"), self.engine.connect() as connection:
            return [
                GameRecord(
                    id=row.id,
                    slot=Slot(row.round, row.pairing, row.set, row.order),
                    seed=row.seed,
                    seats=tuple(row.seats),
                    match_id=row.match_id,
                    returns=None if row.returns is None else tuple(row.returns),
                    verdicts=tuple(row.verdicts or ()),
                )
                for row in connection.execute(query)
            ]

    def record(self, results: Sequence[Result]) -> list[int | None]:
        """Save each result's match as what its scheduled game became, all in one
        transaction (a driver records the games that finished while it was writing the
        last ones together: one disk sync for them all). For each, the id of the saved
        match, or None when its game already had one — that copy is dropped whole."""
        if not results:
            return []
        marks = [{"game": r.game_id, "returns": list(r.returns)} for r in results]
        # A fixed number of statements per batch: the matches inserted, one (executemany)
        # marking each game that has no match yet, one reading back which match each game
        # now has — a game whose match is not this copy's had one already, and the copy is
        # deleted (measured: per-row ORM work, then a statement per game, were most of a
        # cheap game's cost to the driver).
        with self._writing("games"), self.engine.begin() as connection:
            inserted = self._insert_matches(connection, [result.match for result in results])
            for mark, match_id in zip(marks, inserted, strict=True):
                mark["match"] = match_id
            connection.execute(_MARK_PLAYED, marks)
            games = {mark["game"] for mark in marks}
            claimed = select(_GAMES.c.id, _GAMES.c.match_id).where(_GAMES.c.id.in_(games))
            now = {game: match for game, match in connection.execute(claimed)}
            saved = [
                m if now[r.game_id] == m else None for r, m in zip(results, inserted, strict=True)
            ]
            copies = [m for m, kept in zip(inserted, saved, strict=True) if kept is None]
            if copies:
                connection.execute(delete(_MATCHES).where(_MATCHES.c.id.in_(copies)))
        return saved

    def _insert_matches(self, connection: Connection, matches: list[EncodedMatch]) -> list[int]:
        """Insert the matches' rows, their ids in order. On SQLite (the default store) the
        rows go to the database as the workers encoded them, one prepared statement
        through SQLAlchemy's DBAPI cursor (`_SqliteInsert`); elsewhere SQLAlchemy Core
        writes them, its JSON columns encoding what was decoded for it."""
        if self._sqlite_insert is not None:
            return self._sqlite_insert.run(connection, matches, self.key)
        rows = [_with_hmac(match.values(), match.replay, self.key) for match in matches]
        insert_all = insert(_MATCHES).returning(_MATCHES.c.id, sort_by_parameter_order=True)
        return list(connection.scalars(insert_all, rows).all())

    def drop_unplayed(self, tournament: Tournament) -> int:
        """Remove the games not yet played (a test that has decided needs no more); how many."""
        with self._writing("schedule"), Session(self.engine) as session, session.begin():
            removed = session.execute(
                delete(TournamentGameRow).where(
                    TournamentGameRow.tournament_id == tournament.id,
                    TournamentGameRow.match_id.is_(None),
                )
            )
            return int(removed.rowcount)  # type: ignore[attr-defined]

    def _reading(self, what: str) -> contextlib.AbstractContextManager[None]:
        return _database_errors(f"cannot read {what} from {self.url}")

    def _writing(self, what: str) -> contextlib.AbstractContextManager[None]:
        return _database_errors(f"cannot save the {what} in {self.url}")


def _sync_at_checkpoints(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    try:
        cursor.execute("PRAGMA synchronous = NORMAL")
    finally:
        cursor.close()


class _SqliteInsert:
    """Matches inserted into an SQLite store with the least work per row: the statement
    SQLAlchemy compiles for the table, run on the DBAPI cursor of SQLAlchemy's connection,
    once per row (SQLite's cursor gives each row's id, which an `executemany` does not, and
    costs the same per row: measured), with the values as the workers encoded them — only
    the seed and the timestamps pass through their column types' own converters, as Core
    passes them. (Core's insert of the same rows cost the driver more than the database
    did: docs/performance.md, "Tournaments".)"""

    def __init__(self, dialect: Dialect) -> None:
        names = [*EncodedMatch._fields, "hmac_sha256"]
        compiled = insert(_MATCHES).compile(dialect=dialect, column_keys=names)
        self._sql = compiled.string
        self._picks: list[tuple[str, Callable[[Any], Any] | None]] = [
            (name, None if name in JSON_COLUMNS else _MATCHES.c[name].type.bind_processor(dialect))
            for name in compiled.positiontup or ()
        ]

    def run(
        self, connection: Connection, matches: list[EncodedMatch], key: bytes | None
    ) -> list[int]:
        cursor = connection.connection.cursor()
        try:
            ids = []
            for match in matches:
                values = _with_hmac(match._asdict(), match.replay, key)
                row = [
                    values[name] if convert is None else convert(values[name])
                    for name, convert in self._picks
                ]
                cursor.execute(self._sql, row)
                ids.append(cursor.lastrowid)
            return ids
        finally:
            cursor.close()


def _with_hmac(values: dict[str, Any], replay: str, key: bytes | None) -> dict[str, Any]:
    """A match's columns with the replay's HMAC under the store's key (None: unsigned)."""
    values["hmac_sha256"] = None if key is None else hmac_hex(key, replay)
    return values


@contextlib.contextmanager
def _database_errors(prefix: str) -> Iterator[None]:
    """Turns a database error inside the `with` into a one-line `BadInput`."""
    try:
        yield
    except SQLAlchemyError as error:
        raise BadInput(f"{prefix}: {one_line(error)}") from error


def _tournament(row: TournamentRow) -> Tournament:
    return Tournament(row.id, row.name, Settings.from_json(row.settings), row.created_at)
