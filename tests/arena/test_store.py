"""The match store: every field round-trips, listings are ordered and light, errors are one
line, and a match is in the database whole or not at all — even when the writing process
is killed mid-save or another process writes at the same time."""

from __future__ import annotations

import dataclasses
import datetime as dt
import importlib.util
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import DDL, event
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import OperationalError
from sqlalchemy.schema import CreateTable

from sparring.arena import store as store_module
from sparring.arena.store import DEFAULT_URL, MatchRecord, MatchRow, Store
from sparring.core.digest import KEY_ENV, hmac_hex, sha256_hex
from sparring.core.errors import BadInput
from tests.core.test_replay import SEATS, Cheater, Uniform, record

ROOT = Path(__file__).resolve().parents[2]
T0 = dt.datetime(2025, 3, 1, 12, 0, tzinfo=dt.UTC)


def sample(index: int, game: str = "aquawar", replay_size: int = 200) -> MatchRecord:
    """A record whose every field is derived from `index`, so a reader can check it whole."""
    return MatchRecord(
        game=game,
        rules_version=f"rules-{index}",
        options={"variant": index, "house": [index, "x"]},
        seed=index,
        seats=[{"kind": "builtin", "name": "random"}, {"kind": "bot", "command": f"bot {index}"}],
        verdicts=[{"seat": 1, "verdict": "TLE", "detail": f"late {index}", "decision": index}],
        winner=index % 2,
        result={"winner": index % 2, "score": [index, -index]},
        timings=[{"seat": s, "decisions": index, "total": 0.5 * s, "max": 0.25} for s in (0, 1)],
        replay=_filler(f"line {index}\n", replay_size),
        started_at=T0 + dt.timedelta(minutes=index),
        finished_at=T0 + dt.timedelta(minutes=index, seconds=30),
        seat_notes=[None, {"said": [{"role": "user", "content": f"turn {index}"}], "n": index}],
    )


def _filler(unit: str, size: int) -> str:
    """`size` characters of `unit` over and over, ending with a newline as replays do."""
    return (unit * (size // len(unit) + 1))[: size - 1] + "\n"


def undigested(record: MatchRecord) -> MatchRecord:
    """A stored record without what the store adds: its id and its digests."""
    return dataclasses.replace(record, id=None, sha256=None, hmac_sha256=None)


def url_for(path: Path) -> str:
    return f"sqlite:///{path}"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(url_for(tmp_path / "matches.db")) as opened:
        yield opened


def test_every_field_round_trips(store: Store) -> None:
    original = dataclasses.replace(
        sample(7),
        winner=None,
        started_at=dt.datetime(2025, 1, 2, 3, 4, 5, 678901, tzinfo=dt.UTC),
        finished_at=dt.datetime(2025, 1, 2, 9, 4, 6, tzinfo=dt.timezone(dt.timedelta(hours=5))),
    )
    match_id = store.save(original)
    loaded = store.get(match_id)
    assert loaded.id == match_id
    assert undigested(loaded) == original
    assert loaded.finished_at.utcoffset() == dt.timedelta(0)
    assert loaded.finished_at.hour == 4


@pytest.mark.parametrize("seed", [0, 2**63 - 1, 2**63, 2**64 - 1])
def test_seeds_keep_all_64_bits(store: Store, seed: int) -> None:
    match_id = store.save(dataclasses.replace(sample(1), seed=seed))
    assert store.get(match_id).seed == seed
    assert store.list()[0].seed == seed


def test_record_from_replay_derives_verdicts_and_timings(store: Store) -> None:
    text, state = record(4, [Cheater(4), Uniform(5)])
    made = MatchRecord.from_replay(text, finished_at=T0)
    assert made.game == "aquawar" and made.seed == 4 and made.winner == state.winner
    assert [(v["seat"], v["verdict"]) for v in made.verdicts] == [(0, "IA")]
    assert made.verdicts[0]["decision"] >= 5 and "illegal action" in made.verdicts[0]["detail"]
    assert sum(t["decisions"] for t in made.timings) == made.verdicts[0]["decision"]
    assert made.started_at.tzinfo is not None and made.finished_at == T0
    assert store.get(store.save(made)).replay == text


def test_unfinished_replay_is_refused() -> None:
    text, _ = record(2)
    cut = "\n".join(text.splitlines()[:-1])
    with pytest.raises(BadInput, match="no result line"):
        MatchRecord.from_replay(cut)


def test_list_is_newest_first_filtered_and_limited(store: Store) -> None:
    for index in (3, 1, 4, 2):
        store.save(sample(index, game="aquawar" if index % 2 else "warfish"))
    assert [r.seed for r in store.list()] == [4, 3, 2, 1]
    assert [r.seed for r in store.list("aquawar")] == [3, 1]
    assert [r.seed for r in store.list("warfish", limit=1)] == [4]
    assert store.list("tactics") == []
    with pytest.raises(BadInput, match="at least 1"):
        store.list(limit=0)


def test_same_start_time_falls_back_to_newest_id(store: Store) -> None:
    first = store.save(sample(1))
    second = store.save(sample(1))
    assert [r.id for r in store.list()] == [second, first]


def test_list_leaves_replay_text_in_the_database(store: Store) -> None:
    store.save(sample(1, replay_size=10_000))
    statements: list[str] = []

    def remember(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        statements.append(statement)

    event.listen(store.engine, "before_cursor_execute", remember)
    listed = store.list()
    event.remove(store.engine, "before_cursor_execute", remember)
    assert listed[0].replay is None and listed[0].seat_notes is None
    assert statements and not any("replay" in s or "seat_notes" in s for s in statements)


def test_a_record_without_seat_notes_keeps_none(store: Store) -> None:
    text, _ = record(2)
    assert MatchRecord.from_replay(text, seat_notes=[None, None]).seat_notes is None
    notes = [None, {"messages": []}]
    assert MatchRecord.from_replay(text, seat_notes=notes).seat_notes == notes
    match_id = store.save(dataclasses.replace(sample(1), seat_notes=None))
    assert store.get(match_id).seat_notes is None
    with sqlite3.connect(store.engine.url.database or "") as raw:
        assert raw.execute("SELECT seat_notes IS NULL FROM matches").fetchone() == (1,)


def test_missing_id_names_the_database(store: Store) -> None:
    store.save(sample(1))
    for missing in (2, 0, -1, 2**70):
        with pytest.raises(BadInput) as caught:
            store.get(missing)
        assert str(caught.value) == f"no match with id {missing} in {store.url}"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("not a url", "is not a database URL"),
        ("nosuchdb://host/db", "unknown database kind"),
        ("postgresql+nosuchdriver://host/db", "unknown database kind or driver"),
        ("sqlite:////nonexistent-dir/sub/x.db", "cannot open database"),
    ],
)
def test_bad_urls_are_one_line_bad_input(url: str, expected: str) -> None:
    with pytest.raises(BadInput, match=expected) as caught:
        Store(url)
    assert "\n" not in str(caught.value)


def test_missing_driver_is_named_and_password_hidden() -> None:
    assert importlib.util.find_spec("pg8000") is None  # a real driver nobody installed here
    with pytest.raises(BadInput) as caught:
        Store("postgresql+pg8000://me:hunter2@localhost/sparring")
    assert "driver" in str(caught.value) and "pg8000" in str(caught.value)
    assert "hunter2" not in str(caught.value)


def test_sparring_db_variable_overrides_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPARRING_DB", f"sqlite:///{tmp_path / 'shared.db'}")
    with Store() as chosen:
        chosen.save(sample(1))
    assert (tmp_path / "shared.db").is_file()


def test_default_url_is_sparring_db_in_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SPARRING_DB")
    with Store() as default:
        assert default.url == DEFAULT_URL == "sqlite:///sparring.db"
        default.save(sample(1))
    assert (tmp_path / "sparring.db").is_file()


def test_losing_the_race_to_create_the_table_is_harmless(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_create = MatchRow.metadata.create_all
    calls: list[int] = []

    def first_call_loses(bind: Any) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("CREATE TABLE matches", {}, Exception("table already exists"))
        real_create(bind)

    monkeypatch.setattr(MatchRow.metadata, "create_all", first_call_loses)
    with Store(url_for(tmp_path / "race.db")) as raced:
        assert raced.get(raced.save(sample(1))).seed == 1
    assert len(calls) == 2


def test_database_failures_after_opening_are_one_line_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "dropped.db"
    with Store(url_for(path)) as store:
        with sqlite3.connect(path) as raw:
            raw.execute("DROP TABLE matches")
        for attempt in (store.list, lambda: store.get(1), lambda: store.save(sample(1))):
            with pytest.raises(BadInput, match="no such table: matches") as caught:
                attempt()
            assert "\n" not in str(caught.value) and store.url in str(caught.value)


def test_sqlite_uses_wal_and_waits_for_locks(store: Store) -> None:
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 10_000


@pytest.mark.parametrize(
    "change",
    [
        {"seed": -1},
        {"seed": 2**64},
        {"replay": None},
        {"replay": '{"type": "header"}'},  # its last line unended: a trailer could not follow
        {"started_at": dt.datetime(2025, 1, 1)},
    ],
)
def test_records_the_database_would_mangle_are_refused(
    store: Store, change: dict[str, Any]
) -> None:
    with pytest.raises(BadInput):
        store.save(dataclasses.replace(sample(1), **change))
    assert store.list() == []


# -- digests ----------------------------------------------------------------------------------

KEY = b"the key of a shared store"


def test_the_store_keeps_the_sha256_of_the_exact_text_it_saved(store: Store) -> None:
    text, _ = record(3)
    claimed = dataclasses.replace(MatchRecord.from_replay(text), sha256="0" * 64)
    match_id = store.save(claimed)  # a record's own digests are ignored, like its id
    loaded = store.get(match_id)
    assert loaded.sha256 == sha256_hex(text) == sha256_hex(loaded.replay or "")
    assert loaded.hmac_sha256 is None
    assert store.list()[0].sha256 == loaded.sha256  # listings carry it, without the text


def test_with_a_key_the_store_also_signs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text, _ = record(3)
    with Store(url_for(tmp_path / "signed.db"), key=KEY) as signed:
        assert signed.get(signed.save(MatchRecord.from_replay(text))).hmac_sha256 == hmac_hex(
            KEY, text
        )
    monkeypatch.setenv(KEY_ENV, "from the environment")
    with Store(url_for(tmp_path / "signed.db")) as from_env:
        match_id = from_env.save(MatchRecord.from_replay(text))
        assert from_env.get(match_id).hmac_sha256 == hmac_hex(b"from the environment", text)


def _drop_digest_columns(path: Path) -> None:
    """Make the table an older sparring made: without the digest columns."""
    with sqlite3.connect(path) as raw:
        raw.execute("ALTER TABLE matches DROP COLUMN sha256")
        raw.execute("ALTER TABLE matches DROP COLUMN hmac_sha256")


def test_an_older_table_gains_the_digest_columns_and_keeps_its_matches(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with Store(url_for(path)) as old:
        old.save(sample(1))
    _drop_digest_columns(path)
    with Store(url_for(path)) as reopened:
        before = reopened.get(1)
        assert undigested(before) == sample(1) and before.sha256 is None
        assert reopened.get(reopened.save(sample(2))).sha256 == sha256_hex(sample(2).replay or "")


def test_an_older_table_gains_the_seat_notes_column_and_keeps_its_matches(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    with Store(url_for(path)) as old:
        old.save(sample(1))
    with sqlite3.connect(path) as raw:
        raw.execute("ALTER TABLE matches DROP COLUMN seat_notes")
    with Store(url_for(path)) as reopened:
        before = reopened.get(1)
        assert undigested(before) == dataclasses.replace(sample(1), seat_notes=None)
        assert reopened.get(reopened.save(sample(2))).seat_notes == sample(2).seat_notes


def test_another_process_adding_the_columns_first_is_harmless(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.db"
    with Store(url_for(path)) as old:
        old.save(sample(1))
    _drop_digest_columns(path)
    real_inspect = store_module.inspect
    looks: list[int] = []

    class StaleLook:
        """What the first look saw: the old table. The other process adds a column just
        after it looked."""

        def __init__(self, engine: Any) -> None:
            self.columns = real_inspect(engine).get_columns("matches")
            with sqlite3.connect(path) as raw:
                raw.execute("ALTER TABLE matches ADD COLUMN sha256 VARCHAR(64)")

        def get_columns(self, _table: str) -> list[dict[str, Any]]:
            return self.columns

    def stale_first_look(engine: Any) -> Any:
        looks.append(1)
        return StaleLook(engine) if len(looks) == 1 else real_inspect(engine)

    monkeypatch.setattr(store_module, "inspect", stale_first_look)
    with Store(url_for(path)) as raced:
        assert raced.get(raced.save(sample(2))).sha256 is not None
    assert len(looks) == 2


def test_replay_records_split_only_at_newlines() -> None:
    # A seat label may hold U+2028 or a form feed: the store reads it as one record.
    text, _ = record(1)
    label = "bot\u2028with\x0codd separators"
    odd = text.replace(json.dumps(SEATS[0], separators=(",", ":")), json.dumps({"kind": label}), 1)
    assert MatchRecord.from_replay(odd).seats[0] == {"kind": label}


# -- checked before a match is played ---------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    ["sqlite://", "sqlite:///", "sqlite:///:memory:", "sqlite:///file:x?mode=memory&uri=true"],
)
def test_sqlite_without_a_file_is_refused(url: str) -> None:
    with pytest.raises(BadInput, match="names no database file"):
        Store(url)


def test_a_store_that_cannot_be_written_says_so_before_a_match(tmp_path: Path) -> None:
    path = tmp_path / "matches.db"
    with Store(url_for(path)) as writable:
        writable.check_writable()
        writable.save(sample(1))
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    with Store(read_only) as store:
        assert store.get(1).seed == 1  # reading still works
        with pytest.raises(BadInput, match=r"cannot write to .*readonly database"):
            store.check_writable()
    with Store(url_for(path)) as again:
        assert [r.id for r in again.list()] == [1]  # the probe changed nothing


def test_schema_is_portable_to_postgresql() -> None:
    ddl = str(CreateTable(MatchRow.__table__).compile(dialect=postgresql.dialect()))  # type: ignore[arg-type]
    assert "BIGSERIAL" in ddl
    assert "seed BIGINT" in ddl and "replay TEXT" in ddl and "options JSON" in ddl
    assert "started_at TIMESTAMP WITH TIME ZONE" in ddl


def test_round_trip_on_postgresql(postgres_url: str) -> None:
    with Store(postgres_url) as pg:
        original = dataclasses.replace(sample(5), seed=2**64 - 1)
        match_id = pg.save(original)
        loaded = pg.get(match_id)
        assert undigested(loaded) == original and loaded.sha256 == sha256_hex(original.replay)
        assert pg.list(limit=1)[0].id == match_id


def test_an_older_table_gains_the_digest_columns_on_postgresql(postgres_url: str) -> None:
    with Store(postgres_url) as pg:
        old_id = pg.save(sample(6))
        with pg.engine.begin() as connection:
            for column in ("sha256", "hmac_sha256"):
                connection.execute(DDL(f"ALTER TABLE matches DROP COLUMN {column}"))
    with Store(postgres_url, key=KEY) as reopened:
        assert reopened.get(old_id).sha256 is None
        new = reopened.get(reopened.save(sample(7)))
        assert new.hmac_sha256 == hmac_hex(KEY, sample(7).replay or "")


# -- several processes ------------------------------------------------------------------------

WRITER = """
import os, signal, sys, time
from sqlalchemy import DDL, event
from sparring.arena.store import Store
from tests.arena.test_store import sample
# Ctrl-C must raise KeyboardInterrupt even when the test run was started in the background
# by a shell without job control, which starts it (and so this child) with SIGINT ignored.
signal.signal(signal.SIGINT, signal.default_int_handler)
url, game = sys.argv[1], sys.argv[2]
count, size, start, die_at = (int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]),
                              int(sys.argv[6]))
while time.time() < start:
    time.sleep(0.001)
store = Store(url)

def die_after_insert(conn, cursor, statement, *rest):
    if statement.startswith("INSERT"):
        os.kill(os.getpid(), signal.SIGKILL)

try:
    for index in range(count):
        if index == die_at:
            event.listen(store.engine, "after_cursor_execute", die_after_insert)
        store.save(sample(index, game, size))
        print(index, flush=True)
except KeyboardInterrupt:
    sys.exit(130)
"""


def start_writer(
    url: str, game: str, count: int, *, start: float = 0.0, die_at: int = -1
) -> subprocess.Popen[str]:
    """A process saving `count` samples of `game`, from time `start` on, in a loop.

    With `die_at`, it kills itself with SIGKILL inside that save's transaction, right after
    the INSERT has run and before the commit.
    """
    args = [url, game, str(count), str(SIZES[game]), str(start), str(die_at)]
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )


def assert_rows_whole(path: Path) -> dict[str, list[int]]:
    """Integrity is ok and every stored row equals the sample it was made from."""
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    seeds: dict[str, list[int]] = {}
    with Store(url_for(path)) as reopened:
        for listed in reopened.list(limit=10_000):
            assert listed.id is not None
            stored = reopened.get(listed.id)
            size = len(stored.replay or "")
            assert undigested(stored) == sample(stored.seed, stored.game, size)
            assert stored.sha256 == sha256_hex(stored.replay or "")
            assert size == SIZES[stored.game]
            seeds.setdefault(stored.game, []).append(stored.seed)
    return {game: sorted(found) for game, found in seeds.items()}


SIZES = {"killed": 2_000_000, "a": 20_000, "b": 20_000}


def test_a_process_killed_inside_the_transaction_leaves_no_trace(tmp_path: Path) -> None:
    path = tmp_path / "killed.db"
    writer = start_writer(url_for(path), "killed", 10, die_at=4)
    out, _ = writer.communicate(timeout=60)
    assert writer.returncode == -signal.SIGKILL
    assert out.split() == ["0", "1", "2", "3"]
    assert assert_rows_whole(path) == {"killed": [0, 1, 2, 3]}


@pytest.mark.parametrize(
    ("how", "delay"),
    [(signal.SIGKILL, 0.004), (signal.SIGKILL, 0.013), (signal.SIGINT, 0.009)],
)
def test_a_process_killed_mid_loop_leaves_only_whole_matches(
    tmp_path: Path, how: int, delay: float
) -> None:
    path = tmp_path / "killed.db"
    writer = start_writer(url_for(path), "killed", 10_000)
    assert writer.stdout is not None
    reported = [int(writer.stdout.readline()) for _ in range(3)]
    time.sleep(delay)  # most of each loop is spent inside a multi-megabyte save
    writer.send_signal(how)
    rest, _ = writer.communicate(timeout=30)
    reported += [int(line) for line in rest.split()]
    assert writer.returncode in (-how, 130)
    stored = assert_rows_whole(path)["killed"]
    assert stored == list(range(len(stored)))
    assert len(reported) <= len(stored) <= len(reported) + 1


def test_two_processes_write_at_once_without_loss(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    start = time.time() + 1.5  # both open the new file, create the table, then write together
    writers = [start_writer(url_for(path), game, 40, start=start) for game in ("a", "b")]
    for writer in writers:
        _, errors = writer.communicate(timeout=120)
        assert writer.returncode == 0, errors
    stored = assert_rows_whole(path)
    assert stored == {"a": list(range(40)), "b": list(range(40))}
