"""Every chance in Liar's Dice, measured: the real, unscripted generator over many fixed
seeds. A die shows each face with probability 1/6, the first opener is each seat with
probability 1/players, and each round rolls afresh. Each rate is checked against the
rule's probability within five binomial standard errors: deterministic (fixed seeds),
never flaky, and tight enough that a die loaded by a few percent fails.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import product

import pytest

from sparring.core.rng import Rng
from sparring.games.liarsdice.actions import CHALLENGE, Bid
from sparring.games.liarsdice.determinize import determinize
from sparring.games.liarsdice.odds import Odds
from sparring.games.liarsdice.options import LiarsDiceOptions
from sparring.games.liarsdice.state import DIE_DRAW, LiarsDiceState
from sparring.games.liarsdice.views import lean_view, view

from .helpers import table

SIGMAS = 5
FACE = 1 / 6


def assert_rate(successes: int, trials: int, p: float) -> None:
    """The measured rate is within `SIGMAS` binomial standard errors of `p`."""
    rate = successes / trials
    sigma = math.sqrt(p * (1 - p) / trials)
    assert abs(rate - p) <= SIGMAS * sigma, (
        f"measured {rate:.4f} over {trials} trials, expected {p:.4f} ± {SIGMAS * sigma:.4f}"
    )


def test_the_tolerance_tells_a_fair_face_from_a_loaded_one() -> None:
    trials = 24_000
    assert_rate(round(trials * FACE), trials, FACE)
    with pytest.raises(AssertionError):
        assert_rate(round(trials * 0.18), trials, FACE)  # 1/6 loaded by 1.3 points


def test_every_face_comes_up_one_time_in_six() -> None:
    faces: Counter[int] = Counter()
    for seed in range(1_200):  # 1,200 games of 4 x 5 dice: 24,000 dice
        faces.update(die for hand in LiarsDiceState(seed).hands for die in hand)
    trials = sum(faces.values())
    assert trials == 24_000
    for face in range(1, 7):
        assert_rate(faces[face], trials, FACE)


def test_the_first_opener_is_each_seat_equally_often() -> None:
    options = LiarsDiceOptions(players=3, dice=1)
    openers = Counter(LiarsDiceState(seed, options).opener for seed in range(6_000))
    for seat in range(3):
        assert_rate(openers[seat], 6_000, 1 / 3)


def test_each_round_rolls_afresh() -> None:
    """The second round's dice are fair, and independent of the first's: seat 0's first
    die shows the same face in both rounds one time in six."""
    options = LiarsDiceOptions(players=2, dice=2)
    games = 6_000
    same = 0
    faces: Counter[int] = Counter()
    for seed in range(games):
        state = LiarsDiceState(seed, options)
        first = [value for label, value in state.rng.log if label == DIE_DRAW]
        state.apply(Bid(1, 2))
        state.apply(CHALLENGE)  # whoever loses, three dice are rolled for round 2
        second = [value for label, value in state.rng.log if label == DIE_DRAW][len(first) :]
        assert len(first) == 4 and len(second) == 3 and state.round == 2
        same += first[0] == second[0]
        faces.update(die for hand in state.hands for die in hand)
    assert_rate(same, games, FACE)
    for face in range(1, 7):
        assert_rate(faces[face], 3 * games, FACE)


def test_the_odds_of_a_bid_are_the_measured_rate_at_the_table() -> None:
    """What the greedy agent believes is what the dice do: from seat 0's view of a fresh
    two-player game, the chance that at least 4 dice count as sixes (its own for sure,
    the other five binomial with p = 1/3, ones wild) matches the rate over many seeds."""
    met = 0
    believed = 0.0
    games = 4_000
    options = LiarsDiceOptions(players=2)
    for seed in range(games):
        state = LiarsDiceState(seed, options)
        odds = Odds(lean_view(state, 0))
        believed += odds.at_least(4, 6)
        met += sum(1 for hand in state.hands for die in hand if die in (1, 6)) >= 4
    assert_rate(met, games, believed / games)


def test_the_odds_match_counting_every_possible_roll() -> None:
    state = table([[1, 6, 2], [3, 3]], spot_on=True)
    odds = Odds(lean_view(state, 0))
    rolls = list(product(range(1, 7), repeat=2))
    for quantity in range(1, 6):
        at_least = sum(2 + sum(d in (1, 6) for d in roll) >= quantity for roll in rolls)
        exactly = sum(2 + sum(d in (1, 6) for d in roll) == quantity for roll in rolls)
        assert odds.at_least(quantity, 6) == pytest.approx(at_least / 36)
        assert odds.exactly(quantity, 6) == pytest.approx(exactly / 36)


def test_determinized_hands_are_uniform_fair_dice() -> None:
    state = table([[2, 2, 3], [4, 5, 6], [1, 1, 1]])
    seen = view(state, 0)
    rng = Rng(99)
    faces: Counter[int] = Counter()
    for _ in range(2_000):
        sample = determinize(seen, rng)
        assert sample.hands[0] == [2, 2, 3]
        faces.update(die for hand in sample.hands[1:] for die in hand)
    for face in range(1, 7):
        assert_rate(faces[face], 12_000, FACE)
