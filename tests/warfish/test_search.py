"""The search hooks of Warfish (`games/warfish/search.py`): the generic information-set
search, with greedy rollouts cut off and scored by `evaluate` and every menu widened from
the rollout agent's choice, finds an obvious win, judges positions the right way round
within the returns' range, and beats random play clearly."""

from __future__ import annotations

from typing import Any

from sparring.agents.ismcts import ISMCTSAgent
from sparring.agents.uniform import UniformRandomAgent
from sparring.core.game import winner_of
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.games.warfish.actions import Place
from sparring.games.warfish.search import ROLLOUT, evaluate
from sparring.games.warfish.state import PLACE, WarfishState
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


def test_evaluate_favours_the_seat_ahead_within_the_returns_range() -> None:
    """The seat with every territory but one scores well above its rival, each within
    [-1, 1] and the two adding up to zero; an even board scores zero for both; a finished
    game scores its real returns."""
    ahead = last_stand()
    returns = evaluate(ahead)
    assert all(-1.0 <= value <= 1.0 for value in returns)
    assert returns[0] > 0.9 and abs(sum(returns)) < 1e-9
    even = position({}, rest=(0, 1), cards=False)
    for territory in range(0, even.map.size, 2):
        even.owner[territory] = 1
    even.recount()
    assert evaluate(even) == (0.0, 0.0)
    ahead.forfeit(1, "test")
    assert evaluate(ahead) == (1.0, -1.0)


def test_the_rollouts_are_greedy_and_cut_off() -> None:
    assert SPEC.search.rollout == ROLLOUT == "greedy"
    assert SPEC.search.rollout_steps is not None and SPEC.search.evaluate is evaluate


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
