"""The search hooks of Liar's Dice (`beliefs`, `search`): the beliefs read the bids, the
evaluation ranks positions by dice within the returns' range, and the search with them
finds the winning call and beats random."""

from __future__ import annotations

from typing import Any

import pytest

from sparring.agents.catalog import make_agent
from sparring.agents.ismcts import ISMCTSAgent
from sparring.core.game import winner_of
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.liarsdice.actions import CHALLENGE
from sparring.games.liarsdice.beliefs import Belief, Sampler, prior
from sparring.games.liarsdice.search import duel, evaluate
from sparring.games.liarsdice.views import lean_view, view
from tests.liarsdice.helpers import bid, table

SPEC = get_game("liarsdice")


def test_the_prior_is_fair_dice() -> None:
    """252 hands of five dice; their chances sum to one; five sixes is 1/6^5 and a
    straight 1-5 is 5!/6^5."""
    hands, chances = prior(5)
    assert len(hands) == 252
    assert sum(chances) == pytest.approx(1.0)
    assert chances[hands.index((6, 6, 6, 6, 6))] == pytest.approx(1 / 6**5)
    assert chances[hands.index((1, 2, 3, 4, 5))] == pytest.approx(120 / 6**5)


def test_without_bids_the_belief_is_the_prior() -> None:
    state = table([[2, 3, 4, 5, 6], [1, 2, 3, 4, 5]], opener=0)
    belief = Belief(lean_view(state, 0), 1)
    assert belief.chance([6, 6, 6, 6, 6]) == pytest.approx(1 / 6**5)


def test_a_bid_on_a_face_makes_hands_rich_in_it_likelier() -> None:
    """Seat 1 opened three sixes among ten dice: a bidder holding sixes (or wild ones) is
    far likelier to bid so than one holding none, so the belief in three sixes in seat
    1's hand rises well above the prior, and in no six or one at all falls."""
    state = table([[2, 3, 4, 5, 5], [1, 2, 3, 4, 5]], opener=1)
    state.apply(bid(3, 6), 1)
    after = Belief(lean_view(state, 0), 1)
    hands, chances = prior(5)
    rich, none = (2, 3, 6, 6, 6), (2, 3, 4, 5, 5)
    assert after.chance(rich) > 3 * chances[hands.index(rich)]
    assert after.chance(none) < chances[hands.index(none)] / 3


def test_a_sample_keeps_the_view_and_draws_hands_the_belief_favours() -> None:
    """Every sample shows seat 0 the view it came from; seat 1's hand after its bid of
    four sixes holds a six or a one far more often than fair dice would (1 - (4/6)^5,
    0.87, of hands hold one; the belief's hands nearly all do)."""
    state = table([[2, 3, 4, 5, 5], [1, 6, 6, 6, 2]], opener=1)
    state.apply(bid(4, 6), 1)
    seen = view(state, 0)
    sampler = Sampler(seen)
    rng = Rng(3)
    rich = 0
    for _ in range(200):
        sample = sampler.sample(rng)
        assert view(sample, 0) == seen
        rich += sum(1 for die in sample.hands[1] if die in (1, 6)) >= 3
    assert rich >= 150  # fair dice: P(at least three of five are 1 or 6) = 0.21


def test_the_evaluation_ranks_dice_within_the_returns_range() -> None:
    ahead = table([[1, 2, 3, 4, 5], [2, 3]])
    behind = table([[1, 2], [2, 3, 4, 5, 6]])
    for state in (ahead, behind):
        assert all(-1.0 <= value <= 1.0 for value in evaluate(state))
        assert sum(evaluate(state)) == pytest.approx(0.0)
    assert evaluate(ahead)[0] > 0 > evaluate(behind)[0]
    assert evaluate(ahead)[0] > evaluate(table([[1, 2, 3], [2, 3]]))[0]


def test_a_duel_of_equal_dice_is_even_and_more_dice_win_more() -> None:
    assert duel(3, 3) == pytest.approx(0.5)
    assert duel(2, 1) == pytest.approx(0.75)
    assert duel(5, 4) > duel(4, 4) > duel(4, 5)


def test_with_more_players_the_evaluation_is_the_dice_share() -> None:
    """Four seats with 4, 2, 2 and 0 dice: chances 1/2, 1/4, 1/4, 0 give returns
    (4p - 1)/3: 1/3, 0, 0, -1/3."""
    state = table([[1, 2, 3, 4], [5, 6], [2, 2], []])
    assert evaluate(state) == pytest.approx((1 / 3, 0.0, 0.0, -1 / 3))


def test_the_search_challenges_a_bid_its_own_dice_refute() -> None:
    """Two dice each; seat 0 bid three fives; seat 1 holds 2 and 3, so three fives
    would need a five or a one on three of seat 0's two dice: the challenge wins a die
    for sure, and it is one action of more than five."""
    state = table([[4, 6], [2, 3]], opener=0)
    state.apply(bid(3, 5), 0)
    legal = state.legal_actions(1)
    assert legal[0] == CHALLENGE and len(legal) > 5
    for seed in range(3):
        agent = ISMCTSAgent(SPEC, 1, seed, iterations=150)
        assert agent.act(view(state, 1), legal) == CHALLENGE


def test_the_search_beats_random_clearly_over_paired_games() -> None:
    """Four seeds, each with the seats both ways, heads-up with three dice each: the
    search (60 iterations) wins at least seven of the eight games; luck alone would give
    seven or more one time in 28."""
    options = SPEC.options_from_json({"players": 2, "dice": 3})
    wins = 0
    for seed in range(4):
        for searcher in (0, 1):
            agents: list[Any] = [make_agent(SPEC, "random", seat, seed + seat) for seat in range(2)]
            agents[searcher] = ISMCTSAgent(SPEC, searcher, seed, iterations=60)
            wins += winner_of(play_match(SPEC, seed, options, agents)) == searcher
    assert wins >= 7


@pytest.mark.slow
@pytest.mark.timeout(480)  # two workers share two cores in CI
def test_the_search_beats_greedy_over_paired_games() -> None:
    """Ten seeds both ways, heads-up with five dice, 200 iterations: at least 13 of 20
    (greedy against itself wins half)."""
    options = SPEC.options_from_json({"players": 2})
    wins = 0
    for seed in range(10):
        for searcher in (0, 1):
            agents: list[Any] = [make_agent(SPEC, "greedy", seat, seed + seat) for seat in range(2)]
            agents[searcher] = ISMCTSAgent(SPEC, searcher, seed, iterations=200)
            wins += winner_of(play_match(SPEC, seed, options, agents)) == searcher
    assert wins >= 13
