"""A match's row as a worker encodes it (`tournament.rows`), or as the driver makes it from
the trace a worker packed, is, column for column, the row `Store.save` writes for the same
replay — on SQLite (rows inserted as encoded) and on PostgreSQL (rows written by SQLAlchemy
Core) — signed alike, with the seats' notes alike."""

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
from sparring.tournament import play as play_module
from sparring.tournament.play import play_task
from sparring.tournament.records import Result, TournamentStore
from sparring.tournament.rows import EncodedMatch, PackedMatch, encoded_match, row_of
from sparring.tournament.runner import task_of

from ..arena.conftest import postgres_url  # noqa: F401  (the fixture, for the PostgreSQL case)
from .support import builtin_entrants, make_settings, schedule_all

KEY = b"a signing key"


def stored_columns(store: Store, match_id: int) -> dict[str, Any]:
    """Every column of match `match_id` but its id, as the database hands them back."""
    table = MatchRow.__table__
    query = select(*[column for column in table.c if column.name != "id"]).where(
        table.c.id == match_id
    )
    with store.engine.connect() as connection:
        return dict(connection.execute(query).one()._mapping)


def record_and_save(
    store: TournamentStore, game_name: str, notes: Any = None, pack: bool = False
) -> tuple[int, int]:
    """One game of `game_name` recorded as a tournament records it (its row made by the
    worker, or with `pack` by the driver from the trace packed), and its replay saved as
    `sparring match` saves one: the ids of the two rows."""
    spec = get_game(game_name)
    tournament = store.create("t", make_settings(spec, builtin_entrants(spec, 2)))
    game = schedule_all(store, tournament)[0]
    handed_over = play_task(task_of(tournament, game), pack).match
    assert isinstance(handed_over, PackedMatch if pack else EncodedMatch)
    match = row_of(handed_over)
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
@pytest.mark.parametrize("pack", [False, True], ids=["made-by-the-worker", "made-by-the-driver"])
def test_a_recorded_row_is_the_row_store_save_writes(
    tmp_path: Path, game_name: str, pack: bool
) -> None:
    with TournamentStore(f"sqlite:///{tmp_path / 's.db'}") as store:
        recorded, saved = record_and_save(store, game_name, pack=pack)
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


@pytest.mark.parametrize(("threshold", "packed"), [(0.0, [True] * 3), (60.0, [True, False, False])])
def test_a_chunk_packs_a_game_only_after_one_that_took_long_enough(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, threshold: float, packed: list[bool]
) -> None:
    """With packing asked for, a chunk's first game is packed, and each next one only when
    the game before it took at least `PACK_SECONDS`: cheaper games' rows are made where
    they were played."""
    monkeypatch.setattr(play_module, "PACK_SECONDS", threshold)
    with TournamentStore(f"sqlite:///{tmp_path / 's.db'}") as store:
        spec = get_game("liarsdice")
        settings = make_settings(spec, builtin_entrants(spec, 2), games=4)
        tournament = store.create("t", settings)
        tasks = [task_of(tournament, game) for game in schedule_all(store, tournament)[:3]]
    reports = play_module.play_tasks(tasks, pack=True)
    assert [isinstance(report.match, PackedMatch) for report in reports] == packed
    assert [type(row_of(report.match)) for report in reports] == [EncodedMatch] * 3
    assert all(isinstance(r.match, EncodedMatch) for r in play_module.play_tasks(tasks))
