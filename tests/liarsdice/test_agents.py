"""The built-in agents: the greedy player beats random play by a wide, measured margin,
and reads nothing but its own view."""

from __future__ import annotations

import math

from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.liarsdice.actions import CHALLENGE, SPOT_ON, Bid
from sparring.games.liarsdice.agents import GreedyAgent
from sparring.games.liarsdice.hidden import scramble_hidden
from sparring.games.liarsdice.options import LiarsDiceOptions
from sparring.games.liarsdice.views import lean_view

from .helpers import table

SPEC = get_game("liarsdice")
SIGMAS = 5


def test_the_game_offers_random_greedy_and_human() -> None:
    assert set(SPEC.agents) == {"random", "greedy", "human"}


def test_greedy_beats_three_random_players_far_more_than_one_time_in_four() -> None:
    """One greedy player among three random ones, in every seat in turn, over 200 seeded
    games of the default rules. Chance alone would win a quarter of them; the greedy
    player must clear that by well over five standard errors (measured: 199 of 200)."""
    games = 200
    wins = 0
    for seed in range(games):
        greedy = seed % 4
        agents = [
            SPEC.agents["greedy" if seat == greedy else "random"](seat, seed * 8 + seat)
            for seat in range(4)
        ]
        wins += play_match(SPEC, seed, None, agents).winner == greedy
    chance = 1 / 4
    margin = SIGMAS * math.sqrt(chance * (1 - chance) / games)
    assert wins / games >= 0.9 > chance + margin, f"greedy won {wins} of {games}"


def test_greedy_challenges_a_bid_it_knows_cannot_be_met() -> None:
    state = table([[2, 3], [4, 5]])
    state.apply(Bid(4, 6))  # four sixes: seat 1 holds none, so at most 2 exist
    assert GreedyAgent(1, 0).act(lean_view(state, 1), state.legal_actions()) == CHALLENGE


def test_greedy_raises_on_a_face_it_holds_rather_than_challenge_a_likely_bid() -> None:
    state = table([[2, 3, 5], [6, 6, 1]])
    state.apply(Bid(2, 6))  # seat 1 already sees three sixes (ones wild)
    choice = GreedyAgent(1, 0).act(lean_view(state, 1), state.legal_actions())
    assert choice == Bid(3, 6)  # certain: the smallest raise that is sure to be met


def test_greedy_calls_spot_on_when_it_is_the_likeliest_safe_call() -> None:
    state = table([[2, 3], [6, 6, 6]], spot_on=True, wild_ones=False)
    state.apply(Bid(3, 6))
    # Seat 1 holds the three sixes: exactly 3 unless one of the 2 unseen dice is a six
    # (25/36); the bid cannot be short (challenge: 0); the best raise, 4 sixes, 11/36.
    assert GreedyAgent(1, 0).act(lean_view(state, 1), state.legal_actions()) == SPOT_ON
    without = table([[2, 3], [6, 6, 6]], wild_ones=False)
    without.apply(Bid(3, 6))
    assert GreedyAgent(1, 0).act(lean_view(without, 1), without.legal_actions()) == Bid(4, 6)


def test_greedy_decides_the_same_whatever_it_cannot_see() -> None:
    rng = Rng(4)
    for seed in range(30):
        state = SPEC.new_game(seed, LiarsDiceOptions(players=3, dice=3, spot_on=True))
        state.apply(state.legal_actions()[seed % 5])
        seat = state.current_player
        choice = GreedyAgent(seat, 0).act(lean_view(state, seat), state.legal_actions())
        for _ in range(3):
            twin = scramble_hidden(state, seat, rng)
            assert GreedyAgent(seat, 0).act(lean_view(twin, seat), twin.legal_actions()) == choice
