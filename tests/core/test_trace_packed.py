"""A trace packed where its game was played and written out in another process is the
trace written out where it was played, byte for byte — for every game, and with failure
verdicts (a tournament's single worker hands its games over packed, and the driver writes
the replays: `tournament.rows.PackedMatch`)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from sparring.core.playout import play_match
from sparring.core.registry import all_games, get_game
from sparring.core.replay import OK
from sparring.core.trace import PackingTrace, Trace
from sparring.core.verdicts import IA, TLE

GAMES = sorted(game.name for game in all_games())
SEATS = [{"kind": "builtin", "name": "a"}, {"kind": "builtin", "name": "b"}]


class Both:
    """Records one match into a trace and a packing trace at once: the same decisions,
    the same times, the same header."""

    def __init__(self, trace: Trace, packing: PackingTrace) -> None:
        packing.header = trace.header
        self.traces = (trace, packing)

    def begin(self, state: Any) -> None:
        for trace in self.traces:
            trace.begin(state)

    def decision(
        self,
        state: Any,
        seat: int,
        action: Any,
        spent: float,
        verdict: str = OK,
        reason: str | None = None,
    ) -> None:
        for trace in self.traces:
            trace.decision(state, seat, action, spent, verdict, reason)

    def finish(self, state: Any) -> None:
        for trace in self.traces:
            trace.finish(state)


def two_player_options(name: str) -> Any:
    spec = get_game(name)
    options = spec.options_from_json(None)
    if hasattr(options, "players"):
        options = spec.options_from_json({"players": 2})
    return options


def assert_same_trace(written: Trace, packing: PackingTrace, name: str) -> None:
    assert packing.packed is not None
    crossed = pickle.loads(pickle.dumps(packing.packed))  # as it crosses to the driver
    unpacked = Trace.unpack(get_game(name), crossed)
    assert unpacked.text == written.text
    assert unpacked.header == written.header and unpacked.result == written.result
    assert unpacked.ledger().timings() == written.ledger().timings()
    assert unpacked.ledger().verdicts() == written.ledger().verdicts()


@pytest.mark.parametrize("name", GAMES)
def test_a_packed_trace_is_written_out_as_where_it_was_played(name: str) -> None:
    spec, options = get_game(name), two_player_options(name)
    for seed in (1, 2):
        written = Trace(spec, seed, options, SEATS)
        packing = PackingTrace(spec, seed, options, SEATS)
        agents = [spec.agents["random"](seat, seed + seat) for seat in range(2)]
        play_match(spec, seed, options, agents, recorder=Both(written, packing))
        assert written.text.count('"type":"decision"') > 1
        assert_same_trace(written, packing, name)


def test_failure_verdicts_and_missing_actions_are_packed_too() -> None:
    """A decision that failed (a bot timed out: no action; an illegal action that is not
    the game's) is written out as where it was played, and counted in the ledger."""
    name = GAMES[0]
    spec, options = get_game(name), two_player_options(name)
    written = Trace(spec, 4, options, SEATS)
    packing = PackingTrace(spec, 4, options, SEATS)
    both = Both(written, packing)
    state = spec.new_game(4, options)
    both.begin(state)
    both.decision(state, 0, None, 0.5, TLE, "no answer in time")
    both.decision(state, 1, {"not": "an action"}, 0.25, IA, "illegal action")
    both.finish(state)
    assert '"verdict":"TLE"' in written.text and '"verdict":"IA"' in written.text
    assert len(written.ledger().verdicts()) == 2
    assert_same_trace(written, packing, name)


def test_an_empty_game_packs_too() -> None:
    name = GAMES[0]
    spec, options = get_game(name), two_player_options(name)
    written = Trace(spec, 5, options, SEATS)
    packing = PackingTrace(spec, 5, options, SEATS)
    packing.header = written.header
    state = spec.new_game(5, options)
    for trace in (written, packing):
        trace.begin(state)
        trace.finish(state)
    assert_same_trace(written, packing, name)
