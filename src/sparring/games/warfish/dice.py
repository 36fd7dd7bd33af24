"""One attack roll (rules text, "Attack"): the attacker rolls 1–3 dice, the defender 1–2;
highest is compared with highest, then second with second; ties go to the defender.

Each die is one draw from the game's `Rng`: ``rng.below(sides, "attack_die")`` for the
attacker's dice (all of them first), then ``"defend_die"`` for the defender's. A draw is
the face minus one, so a test scripting faces (6, 4, 3) scripts ``[5, 3, 2]``.
"""

from __future__ import annotations

from sparring.core.rng import Rng

ATTACK_DIE = "attack_die"
DEFEND_DIE = "defend_die"
MAX_ATTACK_DICE = 3
MAX_DEFEND_DICE = 2


def roll(
    rng: Rng, attack_dice: int, defend_dice: int, attack_sides: int, defend_sides: int
) -> tuple[list[int], list[int], int, int]:
    """Roll and compare: ``(attacker faces, defender faces, attacker losses, defender
    losses)``, faces sorted highest first."""
    below = rng.below
    attack = sorted([below(attack_sides, ATTACK_DIE) + 1 for _ in range(attack_dice)], reverse=True)
    defend = sorted([below(defend_sides, DEFEND_DIE) + 1 for _ in range(defend_dice)], reverse=True)
    attacker_losses = defender_losses = 0
    for a, d in zip(attack, defend, strict=False):
        if a > d:
            defender_losses += 1
        else:
            attacker_losses += 1
    return attack, defend, attacker_losses, defender_losses
