"""A replay kept in memory is the replay streamed to a file, byte for byte, and the record
built from its writer is the record read back from its text — for every game. (The
in-memory writer encodes chance lines from a per-label prefix and sums decisions as it
writes them; these tests hold it to the slow, obvious way.)"""

from __future__ import annotations

import datetime as dt
import io
import json

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sparring.arena.store import MatchRecord
from sparring.core.playout import play_match
from sparring.core.registry import all_games, get_game
from sparring.core.replay import Chance, ReplayWriter

GAMES = sorted(game.name for game in all_games())
SEATS_OF_TWO = [{"kind": "builtin", "name": "a"}, {"kind": "builtin", "name": "b"}]


def played(name: str, seed: int, target: io.StringIO | None) -> ReplayWriter:
    spec = get_game(name)
    options = spec.options_from_json(None)
    if hasattr(options, "players"):
        options = spec.options_from_json({"players": 2})
    agents = [spec.agents["random"](seat, seed + seat) for seat in range(2)]
    writer = ReplayWriter(target, spec, seed, options, SEATS_OF_TWO)
    play_match(spec, seed, options, agents, recorder=writer)
    return writer


def without_clocks(text: str) -> list[object]:
    """The replay's records with what a clock read (the start time, each decision's time)
    left out."""
    records = [json.loads(line) for line in text.splitlines()]
    records[0].pop("started")
    for record in records:
        record.pop("time", None)
    return records


def chance_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith('{"type":"chance"')]


@pytest.mark.parametrize("name", GAMES)
def test_a_replay_kept_in_memory_is_the_replay_streamed(name: str) -> None:
    for seed in (1, 2):
        streamed = io.StringIO()
        played(name, seed, streamed)
        kept = played(name, seed, None).text()
        assert without_clocks(kept) == without_clocks(streamed.getvalue())
        assert chance_lines(kept) == chance_lines(streamed.getvalue())  # byte for byte


@pytest.mark.parametrize("name", GAMES)
def test_the_record_of_a_writer_is_the_record_of_its_replay(name: str) -> None:
    writer = played(name, 3, None)
    finished = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    assert MatchRecord.from_writer(writer, finished) == MatchRecord.from_replay(
        writer.text(), finished
    )


@given(label=st.text(max_size=20), value=st.integers(min_value=-(2**63), max_value=2**64 - 1))
def test_a_chance_line_is_what_msgspec_writes(label: str, value: int) -> None:
    writer = ReplayWriter(None, get_game(GAMES[0]), 0, None, SEATS_OF_TWO)
    expected = msgspec.json.encode(Chance(label=label, value=value)).decode() + "\n"
    assert writer._chance_line(label, value) == expected
    assert writer._chance_line(label, value) == expected  # the kept prefix serves again
