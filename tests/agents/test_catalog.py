"""Built-in agents by name, with parameters (`sparring.agents.catalog`): ``builtin:ismcts``
in every game that can determinize a view, its seat syntax, and its refusals."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from typer.testing import CliRunner

from sparring.agents.catalog import agent_names, make_agent, parse_agent
from sparring.agents.ismcts import ISMCTSAgent
from sparring.arena.referee import MatchOutcome, run_match
from sparring.arena.seats import BuiltinSeat, make_seat
from sparring.cli import app
from sparring.core.errors import BadInput
from sparring.core.registry import all_games, get_game

SEARCHABLE = [spec.name for spec in all_games() if spec.search.determinize is not None]
runner = CliRunner()


def test_ismcts_is_offered_exactly_where_a_game_determinizes() -> None:
    for spec in all_games():
        offered = "ismcts" in agent_names(spec)
        assert offered == (spec.search.determinize is not None), spec.name
        assert set(spec.agents) <= set(agent_names(spec))


@pytest.mark.parametrize("game", SEARCHABLE)
def test_a_seat_text_sets_the_budget(game: str) -> None:
    seat = make_seat("builtin:ismcts?think=0.2,iterations=50,c=0.5", get_game(game), 1, 9)
    assert isinstance(seat, BuiltinSeat)
    assert seat.label == {"kind": "builtin", "name": "ismcts?think=0.2,iterations=50,c=0.5"}
    agent = seat.agent
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.think, agent.iterations, agent.c, agent.seat) == (0.2, 50, 0.5, 1)


def test_parameters_are_read_as_key_value_pairs() -> None:
    assert parse_agent(" ISMCTS?Think=0.5 , iterations=3 ") == (
        "ismcts",
        {"think": "0.5", "iterations": "3"},
    )
    assert parse_agent("greedy") == ("greedy", {})


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("ismcts?depth=3", "agent ismcts has no parameter 'depth'; known: think, iterations"),
        ("ismcts?think=0", "think='0' must be seconds, from 0.001 to 3600"),
        ("ismcts?think=soon", "think='soon' must be seconds"),
        ("ismcts?iterations=0", "iterations='0' must be a whole number, at least 1"),
        ("ismcts?iterations=2.5", "iterations='2.5' must be a whole number"),
        ("ismcts?c=-1", "c='-1' must be a number from 0 to 100"),
        ("ismcts?think", "write parameters as KEY=VALUE, not 'think'"),
        ("ismcts?c=1,c=2", "c is given twice"),
        ("ismcts?rollout=human", "rollout 'human' is not an agent of aquawar that plays on its"),
        ("greedy?think=1", "agent greedy of aquawar takes no parameters"),
        ("wizard", "unknown aquawar agent 'wizard'; known: greedy, human, ismcts, random"),
    ],
)
def test_bad_agent_texts_are_refused_in_one_line(text: str, reason: str) -> None:
    with pytest.raises(BadInput) as refused:
        make_agent(get_game("aquawar"), text, 0, 1)
    assert reason in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_rollout_agent_of_the_game_may_be_named() -> None:
    agent = make_agent(get_game("liarsdice"), "ismcts?rollout=greedy", 0, 1)
    assert isinstance(agent, ISMCTSAgent) and agent.rollout == "greedy"
    uniform = make_agent(get_game("liarsdice"), "ismcts?rollout=uniform", 0, 1)
    assert isinstance(uniform, ISMCTSAgent) and uniform.rollout is None


class ClockedSeat(BuiltinSeat):
    """A built-in seat that notes, per decision, the processor seconds it took and the
    clock it had (a game's clock may differ from decision to decision: a draft gets
    longer). Processor time, not the wall clock: the search budgets its decision by the
    wall clock, so on a machine busy with other work it does less, never more, while the
    wall clock also counts the time it waited for a core (a test suite on two cores ran one
    decision 0.27 s of wall time against a 0.25 s clock, and 0.13 s on its own)."""

    def __init__(self, seat: BuiltinSeat) -> None:
        super().__init__(seat.label["name"], seat.agent)
        self.taken: list[tuple[float, float]] = []

    def decide(self, view: Any, legal: Any, seconds: float) -> Any:
        started = time.thread_time()
        action = super().decide(view, legal, seconds)
        self.taken.append((time.thread_time() - started, seconds))
        return action


def refereed(
    game: str, clock: float, options: dict[str, Any] | None
) -> tuple[MatchOutcome, ClockedSeat]:
    """A match of the default-budget search against random under the referee's clock."""
    spec = get_game(game)
    searcher = make_seat("builtin:ismcts", spec, 0, 1)
    assert isinstance(searcher, BuiltinSeat)
    clocked = ClockedSeat(searcher)
    seats = [clocked, make_seat("builtin:random", spec, 1, 2)]
    return run_match(spec, seats, 3, spec.options_from_json(options), seconds=clock), clocked


def assert_within_clock(played: tuple[MatchOutcome, ClockedSeat]) -> None:
    """No verdict, and no decision as long as its own clock (a built-in seat is never
    stopped, so its time is measured instead)."""
    outcome, seat = played
    assert outcome.state.is_terminal()
    assert outcome.verdicts == []
    assert outcome.decisions[0] > 3
    assert all(0 < taken < clock for taken, clock in seat.taken), seat.taken


def test_under_the_referee_a_short_match_stays_within_its_clock() -> None:
    clock = 0.25
    assert_within_clock(refereed("liarsdice", clock, {"players": 2, "dice": 3}))


#: Options that keep a game's match short enough for the test (a whole Warfish game at a
#: quarter second a decision is some 2,400 decisions).
SHORT_GAMES: dict[str, dict[str, Any]] = {
    "liarsdice": {"players": 2},
    "warfish": {"players": 2, "round_cap": 3},
}


@pytest.mark.slow
@pytest.mark.parametrize("game", SEARCHABLE)
def test_under_the_referee_every_decision_stays_within_its_clock(game: str) -> None:
    clock = 0.25
    assert_within_clock(refereed(game, clock, SHORT_GAMES.get(game)))


def test_sparring_play_seats_a_searching_agent() -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "liarsdice",
            "--options",
            '{"players": 2, "dice": 2}',
            "--p0",
            "ismcts?iterations=20",
            "--p1",
            "random",
            "--seed",
            "3",
            "--quiet",
        ],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["winner"] in (0, 1)


def test_sparring_games_lists_ismcts() -> None:
    result = runner.invoke(app, ["games", "--json"])
    rows = {row["name"]: row["agents"] for row in json.loads(result.output)}
    assert "ismcts" in rows["aquawar"]
