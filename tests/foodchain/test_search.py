"""The search hooks of Food Chain (`games/foodchain/search.py`): the generic information-set
search, with greedy rollouts cut off and scored by `evaluate`, finds an obvious win, judges
positions the right way round within the returns' range, and beats random play clearly."""

from __future__ import annotations

from typing import Any

from sparring.agents.ismcts import ISMCTSAgent
from sparring.agents.uniform import UniformRandomAgent
from sparring.core.game import winner_of
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.foodchain.actions import Play, Target
from sparring.games.foodchain.greedy import GreedyAgent
from sparring.games.foodchain.search import (
    CANDIDATES,
    ROLLOUT,
    FirstPassSampler,
    candidates,
    evaluate,
)
from sparring.games.foodchain.state import FoodChainState
from tests.foodchain.helpers import in_hand, on, pos, side

SPEC = get_game("foodchain")
DIVE = "Stooping Dive"  # a spell: 3 damage to an enemy creature or the rival
SPARROWS = ["House Sparrow", "Common Swift", "Ruby-throated Hummingbird", "Killdeer"]


def last_chance() -> FoodChainState:
    """Seat 0's Main 2 with the rival at 3 HP and Stooping Dive in hand among four prey:
    only the Dive at the rival wins now; anything else (another card uses the turn's play,
    ending the phase passes the turn) lets the rival's ready Great White Shark kill seat 0
    at 1 HP next turn."""
    return pos(
        side(hp=1, hand=[DIVE, *SPARROWS]),
        side(hp=3, field=[on("Great White Shark", exhausted=False)], deck=["Pilot Fish"]),
        phase="main2",
    )


def decide(state: FoodChainState, seed: int, iterations: int) -> Any:
    agent = ISMCTSAgent(SPEC, 0, seed, iterations=iterations)
    return agent.act(SPEC.view(state, 0), state.legal_actions(0))


def test_the_search_plays_the_winning_spell_at_the_rival() -> None:
    """Six choices at the root (five cards or ending the phase), one of them winning; then
    the Dive's targets (the Shark or the rival). Over three seeds the search picks the
    Dive and then the rival every time: by chance, one time in 12 ** 3."""
    for seed in range(3):
        state = last_chance()
        assert len(state.legal_actions(0)) == 6
        dive = in_hand(state, DIVE, 0)
        assert decide(state, seed, 200) == Play(dive)
        state.apply(Play(dive), 0)
        assert decide(state, seed, 200) == Target(player=1)
        state.apply(Target(player=1), 0)
        assert state.is_terminal() and state.winner == 0


def test_evaluate_favours_the_seat_ahead_within_the_returns_range() -> None:
    """Seat 0 at full HP with a Shark ready against a rival at 2 HP with an empty field
    scores well above the mirror position, each within [-1, 1], the two seats' returns
    adding up to zero; a finished game scores its real returns."""
    ahead = pos(side(hp=10, field=[on("Great White Shark")]), side(hp=2, hand=["Pilot Fish"]))
    behind = pos(side(hp=2, hand=["Pilot Fish"]), side(hp=10, field=[on("Great White Shark")]))
    even = pos(side(hp=10), side(hp=10))
    for state in (ahead, behind, even):
        returns = evaluate(state)
        assert all(-1.0 <= value <= 1.0 for value in returns)
        assert abs(sum(returns)) < 1e-9
    assert evaluate(ahead)[0] > 0.5 > -0.5 > evaluate(behind)[0]
    assert evaluate(even) == (0.0, 0.0)
    won = last_chance()
    won.apply(Play(in_hand(won, DIVE, 0)), 0)
    won.apply(Target(player=1), 0)
    assert evaluate(won) == (1.0, -1.0)


def test_the_rollouts_are_greedy_and_cut_off_and_samples_come_from_one_sampler() -> None:
    assert SPEC.search.rollout == ROLLOUT == "greedy"
    assert SPEC.search.rollout_steps is not None and SPEC.search.evaluate is evaluate
    assert SPEC.search.model_opponents  # the rival answers as greedy on its sampled hand
    assert SPEC.search.sampler is FirstPassSampler


def test_the_first_pass_of_a_decision_shares_one_world_and_later_samples_differ() -> None:
    """The rival's unseen hand and both decks are one deal in the first `CANDIDATES`
    samples of a decision (the root's candidates compared on common ground), and dealt
    afresh after: over the next ten samples the rival's hand and deck vary."""
    state = pos(
        side(hand=[DIVE], deck=SPARROWS * 2),
        side(hand=["Pilot Fish", "Killdeer"], deck=["Great White Shark", *SPARROWS]),
    )
    sampler = FirstPassSampler(SPEC.view(state, 0))
    rng = Rng(3)

    def deal(sample: FoodChainState) -> tuple[Any, ...]:
        names = [[sample.defs[uid].name for uid in pile] for pile in (*sample.hands, *sample.decks)]
        return tuple(map(tuple, names))

    first = [deal(sampler.sample(rng)) for _ in range(CANDIDATES)]
    assert len(set(first)) == 1
    later = {deal(sampler.sample(rng)) for _ in range(10)}
    assert len(later) > 1


def test_the_candidates_are_the_greedy_agents_best_few_best_first() -> None:
    """Of the six choices of `last_chance` the search weighs `CANDIDATES`, the greedy
    agent's own choice first (tried first, so a search cut short plays it); a menu that
    short already is kept whole."""
    state = last_chance()
    view, legal = SPEC.view(state, 0), state.legal_actions(0)
    chosen = candidates(view, legal, Rng(0))
    assert len(legal) > CANDIDATES == len(chosen)
    assert chosen[0] == GreedyAgent(0).act(view, legal)
    assert set(chosen) <= set(legal)
    assert sorted(map(str, candidates(view, legal[:3], Rng(0)))) == sorted(map(str, legal[:3]))


def test_the_search_beats_random_clearly_over_paired_games() -> None:
    """Three seeds with the seats both ways, 40 iterations a decision: the search wins at
    least five of the six games (random play would win that many by luck about one time
    in nine; greedy rollouts make it far stronger)."""
    wins = 0
    for seed in range(3):
        for searcher in (0, 1):
            agents: list[Any] = [UniformRandomAgent(seat, seed + seat) for seat in range(2)]
            agents[searcher] = ISMCTSAgent(SPEC, searcher, seed, iterations=40)
            final = play_match(SPEC, seed, None, agents)
            wins += winner_of(final) == searcher
    assert wins >= 5
