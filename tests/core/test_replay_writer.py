"""A trace written out is the replay a writer streams, byte for byte, and the record built
from a trace is the record read back from its replay — for every game. (A trace keeps its
records and encodes them all at the end, and sums its times up from per-seat lists; these
tests hold it to the writer, which encodes every record as it goes, and to the ledger read
back from the replay.)"""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sparring.arena.store import MatchRecord
from sparring.core.playout import play_match
from sparring.core.registry import all_games, get_game
from sparring.core.replay import OK, Chance, ReplayWriter, chance_line
from sparring.core.trace import Trace

GAMES = sorted(game.name for game in all_games())
SEATS_OF_TWO = [{"kind": "builtin", "name": "a"}, {"kind": "builtin", "name": "b"}]


class Both:
    """Records one match into a writer and a trace at once: the same decisions, the same
    times."""

    def __init__(self, writer: ReplayWriter, trace: Trace) -> None:
        self.recorders = (writer, trace)

    def begin(self, state: Any) -> None:
        for recorder in self.recorders:
            recorder.begin(state)

    def decision(
        self,
        state: Any,
        seat: int,
        action: Any,
        spent: float,
        verdict: str = OK,
        reason: str | None = None,
    ) -> None:
        for recorder in self.recorders:
            recorder.decision(state, seat, action, spent, verdict, reason)

    def finish(self, state: Any) -> None:
        for recorder in self.recorders:
            recorder.finish(state)


def recorded(name: str, seed: int) -> tuple[str, Trace]:
    """A random-v-random match of `name`: the replay streamed, and its trace."""
    spec = get_game(name)
    options = spec.options_from_json(None)
    if hasattr(options, "players"):
        options = spec.options_from_json({"players": 2})
    agents = [spec.agents["random"](seat, seed + seat) for seat in range(2)]
    streamed = io.StringIO()
    trace = Trace(spec, seed, options, SEATS_OF_TWO)
    both = Both(ReplayWriter(streamed, spec, seed, options, SEATS_OF_TWO), trace)
    play_match(spec, seed, options, agents, recorder=both)
    return streamed.getvalue(), trace


def without_start(text: str) -> str:
    """The replay without its header's start time (read off the clock by each recorder)."""
    header, rest = text.split("\n", 1)
    return header.split(',"started":')[0] + "\n" + rest


@pytest.mark.parametrize("name", GAMES)
def test_a_trace_written_out_is_the_replay_streamed(name: str) -> None:
    for seed in (1, 2):
        streamed, trace = recorded(name, seed)
        assert without_start(trace.write()) == without_start(streamed)


@pytest.mark.parametrize("name", GAMES)
def test_the_record_of_a_trace_is_the_record_of_its_replay(name: str) -> None:
    _, trace = recorded(name, 3)
    finished = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    from_trace = MatchRecord.from_trace(trace, finished)
    assert from_trace == MatchRecord.from_replay(trace.write(), finished)
    decision_lines = trace.write().count('{"type":"decision"')
    assert from_trace.timings[0]["decisions"] + from_trace.timings[1]["decisions"] == (
        decision_lines
    )


def test_an_unfinished_trace_is_not_written() -> None:
    spec = get_game(GAMES[0])
    with pytest.raises(ValueError, match="once its match is finished"):
        Trace(spec, 0, None, SEATS_OF_TWO).write()


@given(label=st.text(max_size=20), value=st.integers(min_value=-(2**63), max_value=2**64 - 1))
def test_a_chance_line_is_what_msgspec_writes(label: str, value: int) -> None:
    expected = msgspec.json.encode(Chance(label=label, value=value)).decode() + "\n"
    assert chance_line(label, value) == expected
    assert chance_line(label, value) == expected  # the kept prefix serves again
