"""A match's row as a worker encodes it (`tournament.rows`) is, column for column, the row
`Store.save` writes for the same replay — on SQLite (rows inserted as encoded) and on
PostgreSQL (rows written by SQLAlchemy Core) — signed alike, with the seats' notes alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from sparring.arena.store import MatchRecord, MatchRow, Store
from sparring.core.digest import hmac_hex
from sparring.core.playout import play_match
from sparring.core.registry import game_names, get_game
from sparring.core.trace import Trace
from sparring.tournament.records import Result, TournamentStore
from sparring.tournament.rows import EncodedMatch, encoded_match

from ..arena.conftest import postgres_url  # noqa: F401  (the fixture, for the PostgreSQL case)
from .support import builtin_entrants, make_settings, play, schedule_all

KEY = b"a signing key"


def stored_columns(store: Store, match_id: int) -> dict[str, Any]:
    """Every column of match `match_id` but its id, as the database hands them back."""
    table = MatchRow.__table__
    query = select(*[column for column in table.c if column.name != "id"]).where(
        table.c.id == match_id
    )
    with store.engine.connect() as connection:
        return dict(connection.execute(query).one()._mapping)


def record_and_save(store: TournamentStore, game_name: str, notes: Any = None) -> tuple[int, int]:
    """One game of `game_name` recorded as a tournament records it, and its replay saved as
    `sparring match` saves one: the ids of the two rows."""
    spec = get_game(game_name)
    tournament = store.create("t", make_settings(spec, builtin_entrants(spec, 2)))
    game = schedule_all(store, tournament)[0]
    match = play(tournament, game).match
    if notes is not None:
        match = match._replace(seat_notes=notes)
    (recorded,) = store.record([Result(game.id, match, (0.0, 0.0))])
    assert recorded is not None
    decoded = None if notes is None else EncodedMatch.values(match)["seat_notes"]
    saved = store.save(
        MatchRecord.from_replay(match.replay, finished_at=match.finished_at, seat_notes=decoded)
    )
    return recorded, saved


@pytest.mark.parametrize("game_name", game_names())
def test_a_recorded_row_is_the_row_store_save_writes(tmp_path: Path, game_name: str) -> None:
    with TournamentStore(f"sqlite:///{tmp_path / 's.db'}") as store:
        recorded, saved = record_and_save(store, game_name)
        assert stored_columns(store, recorded) == stored_columns(store, saved)


def test_a_signing_store_signs_recorded_rows_as_it_signs_saved_ones(tmp_path: Path) -> None:
    with TournamentStore(f"sqlite:///{tmp_path / 's.db'}", key=KEY) as store:
        recorded, saved = record_and_save(store, "liarsdice")
        row = stored_columns(store, recorded)
        assert row["hmac_sha256"] == hmac_hex(KEY, row["replay"])
        assert row == stored_columns(store, saved)


def test_seat_notes_are_kept_as_saved_and_none_when_no_seat_kept_any(tmp_path: Path) -> None:
    with TournamentStore(f"sqlite:///{tmp_path / 's.db'}") as store:
        recorded, saved = record_and_save(store, "liarsdice", notes='[null,{"said":"hi"}]')
        row = stored_columns(store, recorded)
        assert row["seat_notes"] == [None, {"said": "hi"}]
        assert row == stored_columns(store, saved)


def test_a_row_leaves_the_notes_out_when_no_seat_kept_any() -> None:
    spec = get_game("liarsdice")
    agents = [spec.agents["random"](seat, 5) for seat in range(2)]
    options = spec.options_from_json({"players": 2})
    trace = Trace(spec, 5, options, [{"kind": "builtin", "name": "random"}] * 2)
    play_match(spec, 5, options, agents, recorder=trace)
    assert encoded_match(trace, [None, None]).seat_notes is None
    assert encoded_match(trace, None).seat_notes is None
    assert encoded_match(trace, [None, {"a": 1}]).seat_notes == '[null,{"a":1}]'


def test_a_recorded_row_is_the_saved_row_on_postgresql(postgres_url: str) -> None:  # noqa: F811
    with TournamentStore(postgres_url, key=KEY) as store:
        with store.engine.begin() as connection:  # a store of its own in the shared server
            for table in ("tournament_games", "tournaments"):
                connection.exec_driver_sql(f"DELETE FROM {table}")
        recorded, saved = record_and_save(store, "liarsdice")
        assert stored_columns(store, recorded) == stored_columns(store, saved)
