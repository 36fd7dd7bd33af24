"""Exact attack odds, for agents: one roll's outcomes and a blitz's chance to capture.

One roll of `a` attack dice against `d` defence dice (each with its own number of sides)
ends in a few outcomes (attacker losses, defender losses); their probabilities come from
the distribution of each side's two highest dice, so they equal the companion's table for
six-sided dice (3 v 2: 2890, 2611, 2275 of 7776) and hold for any sides. A blitz from a
territory of `a` units against `d` defenders repeats rolls of min(3, a − 1) against
min(2, d) dice; `capture_chance(a, d)` is the chance it takes the territory (0.9164 for 4
against 1), from a table built once per pair of dice sides.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Final

from .dice import MAX_ATTACK_DICE, MAX_DEFEND_DICE

#: The blitz table covers stacks up to this size; larger fights are scaled down to it.
TABLE: Final = 80

Outcomes = tuple[tuple[int, int, float], ...]


@cache
def _top_two(dice: int, sides: int) -> dict[tuple[int, int], float]:
    """The distribution of (highest, second highest) of `dice` dice (second 0 for one die)."""
    counts: dict[tuple[int, int], int] = {}
    for faces in product(range(1, sides + 1), repeat=dice):
        ordered = sorted(faces, reverse=True)
        key = (ordered[0], ordered[1] if dice > 1 else 0)
        counts[key] = counts.get(key, 0) + 1
    total = sides**dice
    return {key: n / total for key, n in counts.items()}


@cache
def roll_outcomes(
    attack: int, defend: int, attack_sides: int = 6, defend_sides: int = 6
) -> Outcomes:
    """One roll's outcomes: ``(attacker losses, defender losses, probability)`` triples."""
    pairs = min(attack, defend)
    result: dict[tuple[int, int], float] = {}
    for (a1, a2), pa in _top_two(attack, attack_sides).items():
        for (d1, d2), pd in _top_two(defend, defend_sides).items():
            lost_a = lost_d = 0
            for a, d in ((a1, d1), (a2, d2))[:pairs]:
                if a > d:
                    lost_d += 1
                else:
                    lost_a += 1
            key = (lost_a, lost_d)
            result[key] = result.get(key, 0.0) + pa * pd
    return tuple((a, d, p) for (a, d), p in sorted(result.items()))


@cache
def blitz_table(attack_sides: int = 6, defend_sides: int = 6) -> tuple[tuple[float, ...], ...]:
    """``table[a][d]``: the chance that a blitz from `a` units captures `d` defenders."""
    table = [[0.0] * (TABLE + 1) for _ in range(TABLE + 1)]
    for a in range(TABLE + 1):
        table[a][0] = 1.0
    for total in range(3, 2 * TABLE + 1):
        for a in range(max(2, total - TABLE), min(TABLE, total - 1) + 1):
            d = total - a
            outcomes = roll_outcomes(
                min(MAX_ATTACK_DICE, a - 1), min(MAX_DEFEND_DICE, d), attack_sides, defend_sides
            )
            table[a][d] = sum(p * table[a - lost_a][d - lost_d] for lost_a, lost_d, p in outcomes)
    return tuple(tuple(row) for row in table)


def capture_chance(table: tuple[tuple[float, ...], ...], attackers: int, defenders: int) -> float:
    """The blitz capture chance from `attackers` units (the whole source stack) against
    `defenders`, read from `table` (larger fights scaled down to its size: a heuristic)."""
    if attackers > TABLE or defenders > TABLE:
        scale = max(attackers, defenders) / TABLE
        attackers = max(1, round(attackers / scale))
        defenders = max(1, round(defenders / scale))
    return table[attackers][defenders]
