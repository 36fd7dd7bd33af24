"""The search hooks of 5×5 Tactics (`search`): the evaluation's sign and range, and the
search with greedy rollouts finds the winning hero kill and beats random."""

from __future__ import annotations

from typing import Any

from sparring.agents.catalog import make_agent
from sparring.agents.ismcts import ISMCTSAgent
from sparring.core.game import winner_of
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.tactics.greedy import DRAFT, GreedyAgent
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.search import CANDIDATES, candidates, evaluate
from sparring.games.tactics.state import TacticsState
from sparring.games.tactics.views import view
from tests.tactics.helpers import arrange, battle, unit

SPEC = get_game("tactics")


def test_the_evaluation_favours_the_side_ahead_within_the_returns_range() -> None:
    """The same position with the enemy hero at 2 HP and then ours: each scores for the
    side ahead, opposite for the other, strictly inside (-1, 1); a finished game scores
    its returns."""
    ahead = battle(p1="cleric_trinity", p2="mage_wild_magic")
    unit(ahead, "p2_hero").hp = 2
    behind = battle(p1="cleric_trinity", p2="mage_wild_magic")
    unit(behind, "p1_hero").hp = 2
    for state in (ahead, behind):
        first, second = evaluate(state)
        assert -1.0 < first < 1.0 and first == -second
    assert evaluate(ahead)[0] > 0.5 and evaluate(behind)[0] < -0.5
    even = battle(p1="cleric_trinity", p2="mage_wild_magic")
    assert evaluate(behind)[0] < evaluate(even)[0] < evaluate(ahead)[0]
    ahead.forfeit(1, "test")
    assert evaluate(ahead) == ahead.returns() == (1.0, -1.0)


def test_the_search_takes_the_winning_hero_kill() -> None:
    """The enemy hero at 1 HP next to ours among many legal actions, few of which kill
    it: with 30 iterations and any of three seeds the search's action wins the game."""
    for seed in range(3):
        state = battle(p1="cleric_trinity", p2="mage_wild_magic")
        arrange(state, p2_hero=(2, 1), p2_minion_1=(1, 0))
        unit(state, "p2_hero").hp = 1
        unit(state, "p2_minion_1").hp = 1
        legal = state.legal_actions(0)
        winning = 0
        for action in legal:
            twin = state.clone()
            twin.apply(action, 0)
            winning += twin.winner == 0
        assert len(legal) >= 4 * winning
        choice = ISMCTSAgent(SPEC, 0, seed, iterations=30).act(view(state, 0), legal)
        state.apply(choice, 0)
        assert state.winner == 0, choice


def test_the_search_beats_random_in_every_paired_game() -> None:
    """Three seeds with the seats both ways, eight iterations a decision: the search wins
    all six (a player no better than random would, one time in 64)."""
    wins = 0
    for seed in range(3):
        for searcher in (0, 1):
            agents: list[Any] = [make_agent(SPEC, "random", seat, seed + seat) for seat in range(2)]
            agents[searcher] = ISMCTSAgent(SPEC, searcher, seed, iterations=8)
            wins += winner_of(play_match(SPEC, seed, None, agents)) == searcher
    assert wins == 6


def test_the_search_weighs_only_the_greedy_agents_best_few_moves() -> None:
    """At the draft the greedy agent's team is the one candidate (played at once); at an
    activation of the opening position the candidates are `CANDIDATES` of the long menu,
    the greedy agent's own choice among them; with the enemy hero at 1 HP in reach, the
    kill alone."""
    fresh = TacticsState(0, TacticsOptions())
    draft_menu = fresh.legal_actions(0)
    assert candidates(view(fresh, 0), draft_menu, Rng(0)) == [DRAFT]
    opening = battle(p1="cleric_trinity", p2="mage_wild_magic")
    legal = opening.legal_actions(0)
    assert len(legal) > CANDIDATES
    chosen = candidates(view(opening, 0), legal, Rng(0))
    greedy = GreedyAgent(0, 0).act(view(opening, 0), legal)
    assert len(chosen) == CANDIDATES and greedy in chosen
    assert set(chosen) <= set(legal)
    near = battle(p1="cleric_trinity", p2="mage_wild_magic")
    arrange(near, p2_hero=(2, 1), p2_minion_1=(1, 0))
    unit(near, "p2_hero").hp = 1
    (kill,) = candidates(view(near, 0), near.legal_actions(0), Rng(0))
    near.apply(kill, 0)
    assert near.winner == 0
