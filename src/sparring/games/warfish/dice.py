"""One attack roll (rules text, "Attack"): the attacker rolls 1–3 dice, the defender 1–2;
highest is compared with highest, then second with second; ties go to the defender.

A roll is one draw from the game's `Rng`: ``rng.below(A**a * D**d, "roll")`` for `a`
attacking dice of `A` sides and `d` defending dice of `D` sides, read as digits — the
attacker's dice first, lowest digit first, each digit a face minus one. A uniform draw
over all the combinations is exactly independent uniform dice, at a fifth of the cost of
five draws; every roll's outcome is looked up in a table built once per dice shape.

Tests and scenarios script dice one by one instead: while either ``"attack_die"`` or
``"defend_die"`` has scripted outcomes, the roll draws each die separately under those
labels (the attacker's dice first, the value being the face minus one, so scripting faces
(6, 4, 3) scripts ``[5, 3, 2]``), free draws included.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from sparring.core.rng import Rng

ATTACK_DIE: Final = "attack_die"
DEFEND_DIE: Final = "defend_die"
ROLL: Final = "roll"
MAX_ATTACK_DICE: Final = 3
MAX_DEFEND_DICE: Final = 2
#: Dice shapes with more combinations than this roll die by die (no table is built); six-
#: sided 3 v 2 has 7,776.
TABLE_LIMIT: Final = 1 << 13

Outcome = tuple[tuple[int, ...], tuple[int, ...], int, int]
Faces = tuple[list[int], list[int], int, int]


def roll(
    rng: Rng, attack_dice: int, defend_dice: int, attack_sides: int, defend_sides: int
) -> Faces:
    """Roll and compare: ``(attacker faces, defender faces, attacker losses, defender
    losses)``, faces sorted highest first."""
    return roller(attack_sides, defend_sides).roll(rng, attack_dice, defend_dice)


@cache
def roller(attack_sides: int, defend_sides: int) -> DiceRoller:
    """The roller of one pair of dice sides, shared by every state that rolls them."""
    return DiceRoller(attack_sides, defend_sides)


class DiceRoller:
    """`roll` for one pair of dice sides, each shape's outcome table built at its first roll
    (a state keeps its roller: a roll is the engine's most frequent step). A class rather
    than a closure: compiled, the engine calls its method directly, with its numbers
    unboxed."""

    def __init__(self, attack_sides: int, defend_sides: int) -> None:
        self.attack_sides = attack_sides
        self.defend_sides = defend_sides
        self._tables: list[list[tuple[Outcome, ...] | None]] = [
            [None] * (MAX_DEFEND_DICE + 1) for _ in range(MAX_ATTACK_DICE + 1)
        ]

    def roll(self, rng: Rng, attack_dice: int, defend_dice: int) -> Faces:
        attack_sides, defend_sides = self.attack_sides, self.defend_sides
        table = self._tables[attack_dice][defend_dice]
        if table is None and attack_sides**attack_dice * defend_sides**defend_dice <= TABLE_LIMIT:
            table = self._tables[attack_dice][defend_dice] = _table(
                attack_dice, defend_dice, attack_sides, defend_sides
            )
        if table is None or (
            rng.scripting() and (rng.scripted(ATTACK_DIE) or rng.scripted(DEFEND_DIE))
        ):
            below = rng.below
            attack = [below(attack_sides, ATTACK_DIE) + 1 for _ in range(attack_dice)]
            defend = [below(defend_sides, DEFEND_DIE) + 1 for _ in range(defend_dice)]
            return _compare(attack, defend)
        attack_faces, defend_faces, lost_a, lost_d = table[rng.below(len(table), ROLL)]
        return list(attack_faces), list(defend_faces), lost_a, lost_d


def _compare(attack: list[int], defend: list[int]) -> Faces:
    attack.sort(reverse=True)
    defend.sort(reverse=True)
    attacker_losses = defender_losses = 0
    for a, d in zip(attack, defend, strict=False):
        if a > d:
            defender_losses += 1
        else:
            attacker_losses += 1
    return attack, defend, attacker_losses, defender_losses


def _table(
    attack_dice: int, defend_dice: int, attack_sides: int, defend_sides: int
) -> tuple[Outcome, ...]:
    """Every outcome of one roll, indexed by the draw it decodes from (see the module)."""
    outcomes = []
    for value in range(attack_sides**attack_dice * defend_sides**defend_dice):
        attack = []
        for _ in range(attack_dice):
            value, digit = divmod(value, attack_sides)
            attack.append(digit + 1)
        defend = []
        for _ in range(defend_dice):
            value, digit = divmod(value, defend_sides)
            defend.append(digit + 1)
        a, d, lost_a, lost_d = _compare(attack, defend)
        outcomes.append((tuple(a), tuple(d), lost_a, lost_d))
    return tuple(outcomes)
