"""The edges of every rule: a bid exactly met and one short, spot on exactly and one off
either way, the last die, the smallest and largest tables, the largest bid, and the
decision bound the game declares."""

from __future__ import annotations

import pytest

from sparring.core.errors import BadInput
from sparring.core.registry import get_game
from sparring.games.liarsdice.actions import CHALLENGE, MAX_QUANTITY, SPOT_ON, Bid
from sparring.games.liarsdice.options import LiarsDiceOptions
from sparring.games.liarsdice.spec import decision_bound
from sparring.games.liarsdice.state import LiarsDiceState

from .helpers import table

SPEC = get_game("liarsdice")
HANDS = [[1, 4, 4], [2, 4, 6]]  # fours, ones wild: 4


@pytest.mark.parametrize(("quantity", "loser"), [(4, 1), (5, 0)])
def test_a_bid_exactly_met_stands_and_one_more_is_short(quantity: int, loser: int) -> None:
    state = table(HANDS)
    state.apply(Bid(quantity, 4))
    state.apply(CHALLENGE)
    assert state.results[-1].count == 4 and state.results[-1].losers == [loser]


@pytest.mark.parametrize(("quantity", "losers"), [(3, [1]), (4, [0]), (5, [1])])
def test_spot_on_right_only_at_the_exact_count(quantity: int, losers: list[int]) -> None:
    state = table(HANDS, spot_on=True)
    state.apply(Bid(quantity, 4))
    state.apply(SPOT_ON)
    assert state.results[-1].losers == losers


def test_losing_the_second_to_last_die_keeps_a_player_in() -> None:
    state = table([[2, 3], [5, 5]], opener=1)
    state.apply(Bid(3, 5))  # two fives: short
    state.apply(CHALLENGE)
    assert state.dice == [2, 1] and not state.is_terminal() and state.opener == 1


def test_losing_the_last_die_puts_a_player_out() -> None:
    state = table([[2, 3], [5]], opener=1)
    state.apply(Bid(2, 5))
    state.apply(CHALLENGE)
    assert state.dice == [2, 0] and state.winner == 0


@pytest.mark.parametrize("players", [2, 6])
def test_the_smallest_and_largest_tables_play_to_the_end(players: int) -> None:
    options = LiarsDiceOptions(players=players)
    state = SPEC.new_game(3, options)
    assert state.num_players == players and sum(state.dice) == 5 * players
    agents = [SPEC.agents["greedy"](seat, seat) for seat in range(players)]
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player
        state.apply(agents[seat].act(SPEC.view(state, seat), state.legal_actions()), seat)
        decisions += 1
    assert decisions <= SPEC.decision_bound(options)
    assert sorted(state.returns()) == [-1 / (players - 1)] * (players - 1) + [1.0]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"players": 1}, "Expected `int` >= 2 - at `$.players`"),
        ({"players": 7}, "Expected `int` <= 6 - at `$.players`"),
        ({"dice": 0}, "Expected `int` >= 1 - at `$.dice`"),
        ({"dice": 11}, "Expected `int` <= 10 - at `$.dice`"),
    ],
)
def test_tables_outside_two_to_six_players_and_one_to_ten_dice_are_refused(
    data: dict[str, int], problem: str
) -> None:
    with pytest.raises(BadInput, match=problem.replace("$", r"\$")):
        LiarsDiceOptions.from_json(data)
    assert LiarsDiceOptions.from_json({"players": 6, "dice": 10}).total_dice == MAX_QUANTITY


def test_a_bid_on_every_die_in_play_is_the_highest_legal_bid() -> None:
    state = table([[2, 3], [4, 5]])
    assert state.legal_actions()[-1] == Bid(4, 6)
    state.apply(Bid(4, 6))
    assert state.legal_actions() == (CHALLENGE,)


def creep(options: LiarsDiceOptions, seed: int) -> int:
    """The longest game there is: every player makes the lowest raise until none is
    left, and only then challenges. Returns the number of decisions."""
    state = LiarsDiceState(seed, options)
    decisions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        bids = [a for a in legal if isinstance(a, Bid)]
        state.apply(bids[0] if bids else CHALLENGE)
        decisions += 1
    return decisions


@pytest.mark.parametrize(
    "options",
    [
        LiarsDiceOptions(),
        LiarsDiceOptions(players=2, dice=3, ones_bids="converted"),
        LiarsDiceOptions(players=3, dice=2, wild_ones=False),
    ],
)
def test_the_decision_bound_is_exactly_the_longest_game(options: LiarsDiceOptions) -> None:
    assert creep(options, 1) == decision_bound(options) == SPEC.decision_bound(options)


def test_the_declared_facts_bound_the_default_game() -> None:
    assert SPEC.facts.max_decisions == decision_bound(LiarsDiceOptions()) == 1064
