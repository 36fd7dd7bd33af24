"""The engine's dice against the companion's exact odds table, exactly: by scripting every
possible roll die by die, and every value of a one-draw roll; how a roll draws. The same
odds measured over seeded, unscripted rolls and blitzes are in test_chance.py."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from sparring.core.rng import Rng
from sparring.games.warfish.actions import Attack
from sparring.games.warfish.dice import roll

from .helpers import COMPANION_TABLE as TABLE
from .helpers import place_all, position, t


def outcome(attack: int, defend: int, lost_a: int, lost_d: int) -> int:
    """0: the defender loses all compared dice; 1: one each; 2: the attacker loses all."""
    compared = min(attack, defend)
    if lost_d == compared:
        return 0
    if lost_a == compared:
        return 2
    return 1


@pytest.mark.parametrize(("attack", "defend"), sorted(TABLE))
def test_every_possible_roll_gives_the_exact_table(attack, defend) -> None:
    tally = [0, 0, 0]
    rolls = list(product(range(6), repeat=attack + defend))
    for faces in rolls:
        rng = Rng(0)
        rng.script("attack_die", list(faces[:attack]))
        rng.script("defend_die", list(faces[attack:]))
        *_, lost_a, lost_d = roll(rng, attack, defend, 6, 6)
        tally[outcome(attack, defend, lost_a, lost_d)] += 1
    assert tuple(Fraction(n, len(rolls)) for n in tally) == TABLE[(attack, defend)]


def test_dice_sides_are_options() -> None:
    rng = Rng(5)
    attack_faces: set[int] = set()
    defend_faces: set[int] = set()
    for _ in range(2_000):
        a, d, _, _ = roll(rng, 3, 2, 8, 4)
        attack_faces.update(a)
        defend_faces.update(d)
    assert attack_faces == set(range(1, 9)) and defend_faces == set(range(1, 5))


def test_the_engine_rolls_the_sides_its_options_name() -> None:
    state = position({"Alaska": (0, 5), "Kamchatka": (1, 5)}, attack_dice_sides=8)
    place_all(state, "Alaska")
    state.rng.script("attack_die", [7])
    state.rng.script("defend_die", [3, 0])
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 1))
    event = next(e for e in reversed(state.events) if e[0] == "wf_attack")
    assert event[5:9] == ([8], [4, 1], 0, 1)
    assert ("attack_die", 7) in state.rng.log


@pytest.mark.parametrize(("attack", "defend"), sorted(TABLE))
def test_every_value_of_a_one_draw_roll_gives_the_exact_table(attack, defend) -> None:
    """An unscripted roll is one draw over all 6**(a+d) combinations, read as base-6
    digits: enumerating every value gives the companion's table exactly."""
    tally = [0, 0, 0]
    combinations = 6 ** (attack + defend)
    for value in range(combinations):
        rng = Rng(0)
        rng.script("roll", [value])
        *_, lost_a, lost_d = roll(rng, attack, defend, 6, 6)
        tally[outcome(attack, defend, lost_a, lost_d)] += 1
    assert tuple(Fraction(n, combinations) for n in tally) == TABLE[(attack, defend)]


def test_a_one_draw_roll_reads_the_attackers_dice_first_lowest_digit_first() -> None:
    rng = Rng(0)
    # attacker faces 6, 4, 3 (digits 5, 3, 2), defender faces 3, 5 (digits 2, 4)
    rng.script("roll", [5 + 3 * 6 + 2 * 36 + 2 * 216 + 4 * 1296])
    assert roll(rng, 3, 2, 6, 6) == ([6, 4, 3], [5, 3], 0, 2)
    assert rng.log == [("roll", 5 + 3 * 6 + 2 * 36 + 2 * 216 + 4 * 1296)]


def test_an_unscripted_roll_is_one_draw_and_a_scripted_die_makes_it_die_by_die() -> None:
    rng = Rng(3)
    roll(rng, 3, 2, 6, 6)
    assert [label for label, _ in rng.log] == ["roll"]
    assert 0 <= rng.log[0][1] < 6**5
    rng.script("defend_die", [0])
    roll(rng, 3, 2, 6, 6)
    assert [label for label, _ in rng.log[1:]] == ["attack_die"] * 3 + ["defend_die"] * 2


def test_dice_with_too_many_combinations_for_a_table_roll_die_by_die() -> None:
    rng = Rng(4)
    attack, defend, _, _ = roll(rng, 3, 2, 100, 100)  # 10**10 combinations
    assert [label for label, _ in rng.log] == ["attack_die"] * 3 + ["defend_die"] * 2
    assert attack == sorted(attack, reverse=True) and defend == sorted(defend, reverse=True)
    assert all(1 <= face <= 100 for face in attack + defend)
