"""The search hooks of Warfish (`games/warfish/search.py`, `judge.py`): the generic
information-set search weighs the greedy agent's move against a few others, judging each
sample once its turn is played out; it finds an obvious win, judges positions the right
way round within the returns' range, and beats random play clearly."""

from __future__ import annotations

from typing import Any

from sparring.agents.ismcts import ISMCTSAgent
from sparring.agents.uniform import UniformRandomAgent
from sparring.core.game import winner_of
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.warfish.actions import STOP_ATTACKING, Blitz, Place
from sparring.games.warfish.greedy import GreedyAgent
from sparring.games.warfish.judge import mover_wins
from sparring.games.warfish.search import (
    ALTERNATIVES,
    GREEDY_SEED,
    ROLLOUT,
    candidates,
    evaluate,
)
from sparring.games.warfish.state import ATTACK, PLACE, TRADE, WarfishState
from tests.warfish.helpers import position, t

SPEC = get_game("warfish")
NEIGHBOURS = ("Alaska", "Irkutsk", "Japan", "Mongolia", "Yakutsk")  # of Kamchatka


def last_stand() -> WarfishState:
    """Seat 0 holds every territory but Kamchatka, one unit on each, and places 3; seat 1
    holds Kamchatka alone, with one unit. Only units placed next to Kamchatka can attack
    it, and all three there take it (and win) almost surely."""
    state = position({"Kamchatka": (1, 1)}, rest=(0, 1), cards=False)
    state.to_place = 3
    state.changing()
    assert state.phase == PLACE
    return state


def test_the_search_places_everything_next_to_the_last_enemy_territory() -> None:
    """123 placements (41 territories, 1 to 3 units), 5 of them the winning stack of 3
    next to Kamchatka: by chance one time in 600 for two seeds."""
    state = last_stand()
    legal = state.legal_actions(0)
    assert len(legal) == 123
    winning = {Place(t(state, name), 3) for name in NEIGHBOURS}
    for seed in range(2):
        agent = ISMCTSAgent(SPEC, 0, seed, iterations=30)
        assert agent.act(SPEC.view(state, 0), legal) in winning


def halves(seat: int = 0) -> WarfishState:
    """An even board: the seats hold alternate territories, three units on each, and it is
    `seat`'s turn to place."""
    state = position({}, rest=(0, 3), seat=seat, cards=False)
    for territory in range(0, state.map.size, 2):
        state.owner[territory] = 1
    state.recount()
    state.begin_turn(seat)
    return state


def test_the_judge_favours_the_mover_on_an_even_board_and_the_seat_far_ahead() -> None:
    """Even totals: the mover strikes first, so it is favoured, though far from sure; a
    mover holding all but one territory is all but sure to win, and its lone rival moving
    there is all but sure to lose."""
    assert 0.6 < mover_wins(halves()) < 0.9
    assert mover_wins(last_stand()) > 0.99
    cornered = position({"Kamchatka": (1, 1)}, rest=(0, 1), seat=1, cards=False)
    assert mover_wins(cornered) < 0.01


def test_evaluate_plays_out_the_turn_and_judges_the_next_within_the_returns_range() -> None:
    """From the start of seat 0's turn on an even board, `evaluate` leaves the sample at the
    start of seat 1's turn, and scores it as the judge does for seat 1: within (-1, 1),
    adding up to zero."""
    state = halves()
    returns = evaluate(state)
    assert state.seat == 1 and state.phase in (PLACE, TRADE) and not state.is_terminal()
    edge = 2.0 * mover_wins(state) - 1.0
    assert returns == (-edge, edge)
    assert all(-1.0 < value < 1.0 for value in returns)


def test_evaluate_scores_a_finished_game_by_its_returns() -> None:
    """Seat 0's turn against a single rival unit ends the game: the real returns; a game
    already over scores them too."""
    assert evaluate(last_stand()) == (1.0, -1.0)
    over = last_stand()
    over.forfeit(1, "test")
    assert evaluate(over) == (1.0, -1.0)


def test_more_than_two_players_are_scored_by_shares_of_strength() -> None:
    """The judge was fitted on two players: with three, `evaluate` scores strength shares at
    once (the sample is not played on), the strongest seat highest, adding up to about
    zero only by symmetry, not by rule."""
    state = position({}, rest=(0, 3), cards=False, players=3)
    for territory in range(state.map.size):
        state.owner[territory] = 0 if territory < 22 else 1 + territory % 2
    state.recount()
    state.begin_turn(0)
    returns = evaluate(state)
    assert state.seat == 0 and state.phase == PLACE
    assert returns[0] > 0.5 > max(returns[1:]) and all(-1 < value < 1 for value in returns)


def test_the_candidates_are_greedy_s_move_first_then_a_few_others() -> None:
    """At an attack decision: the greedy agent's blitz, stopping, then blitzes on other
    targets, each legal and none twice; during the setup, the greedy move alone."""
    state = halves()
    state.apply(Place(1, state.to_place), 0)
    assert state.phase == ATTACK
    legal = state.legal_actions(0)
    view = SPEC.view(state, 0)
    chosen = candidates(view, legal, Rng(3))
    assert chosen[0] == greedy_move(view, legal)
    assert chosen[1] == STOP_ATTACKING and 3 <= len(chosen) <= ALTERNATIVES + 1
    assert all(type(action) is Blitz for action in chosen[2:])
    assert len(set(chosen)) == len(chosen) and all(action in legal for action in chosen)
    setup = SPEC.new_game(5, None)
    setup_view = SPEC.view(setup, 0)
    setup_legal = setup.legal_actions(0)
    assert candidates(setup_view, setup_legal, Rng(3)) == [greedy_move(setup_view, setup_legal)]


def greedy_move(view: Any, legal: Any) -> Any:
    """The greedy agent's move, seeded as `candidates` seeds it."""
    return GreedyAgent(view.seat, GREEDY_SEED).act(view, legal)


def test_the_search_is_configured_to_improve_on_greedy_play() -> None:
    search = SPEC.search
    assert search.rollout == ROLLOUT == "greedy" and search.rollout_steps == 0
    assert search.evaluate is evaluate and search.candidates is candidates
    assert search.tree_depth == 1 and search.exploration is not None
    assert search.common_samples  # the candidates meet the same worlds and dice


def test_the_search_beats_random_clearly_over_paired_games() -> None:
    """Two seeds with the seats both ways, 4 iterations a decision: the search wins all
    four games (random play would by luck one time in 16)."""
    wins = 0
    for seed in range(2):
        for searcher in (0, 1):
            agents: list[Any] = [UniformRandomAgent(seat, seed + seat) for seat in range(2)]
            agents[searcher] = ISMCTSAgent(SPEC, searcher, seed, iterations=4)
            final = play_match(SPEC, seed, None, agents)
            wins += winner_of(final) == searcher
    assert wins == 4
