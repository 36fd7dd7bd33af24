"""A fish's skills in words, for people: a short name and the full text of each behaviour
the roster names (``passive`` and ``active`` in fish.json).

The numbers come from the modules that apply them (combat.py, fish.py), so the text can
never disagree with what the engine does; the wording follows the rules text with our
rulings where they decide (docs/games/aquawar.md, "The fish").
"""

from __future__ import annotations

from .combat import (
    BONUS_USES,
    BUFF_ATK_GAIN,
    COUNTER_DAMAGE,
    DODGE_PERCENT,
    EXPLOSION_DAMAGE,
    FIXED_CRIT,
    HEAL,
    INFIGHT_ATK_GAIN,
    INFIGHT_DAMAGE,
    LOW_HP,
    WEAK_TARGET_HP,
    WOUND_ATK_GAIN,
    WOUND_STEP,
)
from .fish import RAGE_ATK, RAGE_HP, SHIELDS
from .roster import FISH, MIMIC, fish_name

PASSIVE_NAMES = {
    "team_counter": "teammate counter",
    "share": "damage sharing",
    "dodge": "dodge",
    "shield": "shields",
    "heal": "self-heal",
    "explode": "explosion",
    "self_counter": "own counter",
}
ACTIVE_NAMES = {
    "aoe": "area attack",
    "infight": "infight",
    "fixed_crit": "critical hit",
    "reduce_buff": "reduction buff",
    "heal_buff_crit": "heal buff + critical hit",
    "shark_crit": "shark bite",
    "share_buff_aoe": "share buff + area attack",
}
PASSIVE_TEXT = {
    "team_counter": (
        f"after a teammate is directly attacked (even if the hit was dodged or shielded), if "
        f"that teammate is left below {LOW_HP} HP, this fish deals {COUNTER_DAMAGE} damage to "
        "the attacker."
    ),
    "share": (
        "when a direct enemy attack damages it while it has living teammates, it takes 70 % "
        f"and the other 30 % is split evenly among them; every {WOUND_STEP} damage it takes "
        f"gives it +{WOUND_ATK_GAIN} ATK for good."
    ),
    "dodge": f"a {DODGE_PERCENT} % chance to dodge any damage.",
    "shield": (
        f"starts each round with {SHIELDS} shields, each blocking one instance of damage; "
        f"once they are gone, a {DODGE_PERCENT} % chance to dodge any damage."
    ),
    "heal": f"after taking damage, if still alive, it heals {HEAL} HP.",
    "explode": (
        f"when a direct attack kills it, it explodes for {EXPLOSION_DAMAGE} damage on the "
        f"attacker; while below {RAGE_HP} HP it has +{RAGE_ATK} ATK."
    ),
    "self_counter": (
        f"after it is directly attacked, if it is below {LOW_HP} HP, it deals "
        f"{COUNTER_DAMAGE} damage to the attacker."
    ),
}
ACTIVE_TEXT = {
    "aoe": "35 % of its ATK to every living enemy. Takes no target: 'skill N'.",
    "infight": (
        f"deals {INFIGHT_DAMAGE} damage to a teammate and gains +{INFIGHT_ATK_GAIN} ATK for "
        "good. Target: a living teammate, not itself ('skill N ally=M')."
    ),
    "fixed_crit": (
        f"{FIXED_CRIT} damage to one enemy, whatever its ATK. Target: a living enemy "
        "('skill N enemy=E')."
    ),
    "reduce_buff": (
        "the next time the chosen fish takes damage from a direct attack, the damage is cut "
        f"by 70 %; this fish gains +{BUFF_ATK_GAIN} ATK for good. Target: a living fish of "
        "yours, itself allowed ('skill N ally=M')."
    ),
    "heal_buff_crit": (
        "the next time the chosen teammate takes damage from a direct attack and survives, "
        f"it heals {HEAL} HP; on this fish's first {BONUS_USES} uses it also deals "
        f"{FIXED_CRIT} damage to one enemy. Targets: a living teammate, not itself, and on "
        f"those {BONUS_USES} uses a living enemy ('skill N ally=M enemy=E', later "
        "'skill N ally=M')."
    ),
    "shark_crit": (
        "bites the enemy with the lowest HP (any of them if tied) for 120 % of its ATK, or "
        f"140 % if that enemy is below {WEAK_TARGET_HP} HP. Target: that enemy "
        "('skill N enemy=E')."
    ),
    "share_buff_aoe": (
        "the next time the chosen teammate takes damage from a direct attack, it takes 70 % "
        "and the other 30 % is split evenly among its living teammates; on this fish's "
        f"first {BONUS_USES} uses it also deals 35 % of its ATK to every living enemy. "
        "Target: a living teammate, not itself ('skill N ally=M')."
    ),
}


def skill_summary(fish_id: int) -> str:
    """The names of a fish's two skills, e.g. "dodge / critical hit"."""
    if fish_id == MIMIC:
        return "copies another fish's skills"
    fish = FISH[fish_id]
    return f"{PASSIVE_NAMES[fish.passive]} / {ACTIVE_NAMES[fish.active]}"


def fish_help(fish_id: int) -> str:
    """A fish's full skill text: its passive and its active skill, or what the Mimic does."""
    fish = FISH[fish_id]
    head = f"{fish.id} {fish.en} ({fish.zh})"
    if fish_id == MIMIC:
        return (
            f"{head}: at the pick it copies the passive and the active skill of another fish "
            "you name ('mimic=FISH'), for the whole round. An assertion must still name it "
            f"{fish_name(MIMIC)}, not the fish it copies."
        )
    return (
        f"{head}\n"
        f"  passive, {PASSIVE_NAMES[fish.passive]}: {PASSIVE_TEXT[fish.passive]}\n"
        f"  active, {ACTIVE_NAMES[fish.active]}: {ACTIVE_TEXT[fish.active]}"
    )
