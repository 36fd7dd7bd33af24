"""The effect vocabulary of Food Chain cards (docs/games/foodchain-cards.md): every
trigger, operation, target and filter the data may name, with what each allows.

The loader refuses anything not listed here, and a test checks that the pool uses every
entry and that the engine implements every one, so data and engine cannot drift apart.
"""

from __future__ import annotations

PREY = "prey"
PREDATOR = "predator"
SPELL = "spell"
FREE_SPELL = "free_spell"
TRAP = "trap"
FIELD_SPELL = "field_spell"
TOKEN = "token"
CATEGORIES = (PREY, PREDATOR, SPELL, FREE_SPELL, TRAP, FIELD_SPELL, TOKEN)
CREATURES = frozenset({PREY, PREDATOR, TOKEN})
SPELLS = frozenset({SPELL, FREE_SPELL})

KINGDOMS = ("Amphibians", "Birds", "Fish", "Mammals", "Reptiles")

# Ability triggers -> the fixed creature targets that exist when they fire.
ABILITY_TRIGGERS: dict[str, frozenset[str]] = {
    "on_play": frozenset(),
    "on_consume": frozenset(),
    "on_slain": frozenset(),
    "start_of_turn": frozenset(),
    "end_of_turn": frozenset(),
    "on_defend": frozenset({"attacker"}),
    "before_combat": frozenset({"defender"}),
    "after_combat": frozenset({"attacker", "defender"}),
    "discard": frozenset(),
    "sacrifice": frozenset(),
}
FIELD_SPELL_TRIGGERS = frozenset({"on_play", "start_of_turn", "end_of_turn"})
ACTIVATED = frozenset({"discard", "sacrifice"})

# Trap triggers -> the fixed creature targets that exist when they fire.
TRAP_TRIGGERS: dict[str, frozenset[str]] = {
    "rival_attacks_directly": frozenset({"attacker"}),
    "creature_attacked": frozenset({"attacker", "defender"}),
    "rival_plays_card": frozenset({"trigger"}),
    "rival_plays_predator": frozenset({"trigger"}),
    "rival_plays_prey": frozenset({"trigger"}),
    "noncombat_damage": frozenset(),
    "creature_targeted": frozenset({"trigger"}),
    "creature_slain": frozenset({"trigger"}),
    "rival_draws": frozenset(),
    "hp_would_reach_zero": frozenset(),
}

# Which negations make sense where: a negation names the thing in progress.
NEGATABLE: dict[str, frozenset[str]] = {
    "attack": frozenset({"rival_attacks_directly", "creature_attacked", "on_defend"}),
    "combat": frozenset({"rival_attacks_directly", "creature_attacked", "on_defend"}),
    "play": frozenset({"rival_plays_card", "rival_plays_predator", "rival_plays_prey"}),
    "damage": frozenset({"noncombat_damage", "hp_would_reach_zero", "rival_attacks_directly"}),
}

PLAYER_FIXED = frozenset({"you", "rival", "both_players"})
CREATURE_FIXED = frozenset({"self", "attacker", "defender", "trigger"})
CREATURE_MASS = frozenset(
    {
        "all_creatures",
        "enemy_creatures",
        "friendly_creatures",
        "other_creatures",
        "other_friendly_creatures",
        "enemy_prey_all",
    }
)
CREATURE_CHOSEN = frozenset(
    {"enemy_creature", "friendly_creature", "other_friendly_creature", "any_creature", "enemy_prey"}
)
MIXED_CHOSEN = frozenset({"enemy_or_rival", "any_player_or_creature"})
CARRION_CHOSEN = frozenset({"carrion_creature", "any_carrion_creature"})
CHOSEN = CREATURE_CHOSEN | MIXED_CHOSEN | CARRION_CHOSEN
TARGETS = PLAYER_FIXED | CREATURE_FIXED | CREATURE_MASS | CHOSEN
SELF_REFERENCING = frozenset(
    {"self", "other_creatures", "other_friendly_creatures", "other_friendly_creature"}
)

_CREATURE = CREATURE_FIXED | CREATURE_MASS | CREATURE_CHOSEN
_ANY = _CREATURE | PLAYER_FIXED | MIXED_CHOSEN

FILTERS = ("prey", "predator", "creature", "spell", "any")
STATUSES = ("frozen", "paralysis")
SOURCES = ("hand", "deck", "carrion")

# op -> (allowed targets or None for "no target", required fields, optional fields)
OPS: dict[str, tuple[frozenset[str] | None, tuple[str, ...], tuple[str, ...]]] = {
    "damage": (_ANY, ("amount",), ()),
    "kill": (_CREATURE, (), ()),
    "destroy": (_CREATURE, (), ()),
    "sacrifice": (frozenset({"self", "friendly_creature", "other_friendly_creature"}), (), ()),
    "return_to_hand": (_CREATURE, (), ()),
    "steal": (_CREATURE, (), ()),
    "draw": (PLAYER_FIXED, ("amount",), ()),
    "heal": (_ANY, ("amount",), ()),
    "discard": (PLAYER_FIXED, ("amount",), ()),
    "reveal_hand": (frozenset({"rival"}), (), ()),
    "tutor": (None, ("filter",), ()),
    "add_to_hand": (None, ("card",), ("amount",)),
    "summon": (None, ("card",), ("amount",)),
    "play": (None, ("from", "filter"), ()),
    "transform": (_CREATURE, ("card",), ()),
    "buff": (_CREATURE, (), ("atk", "hp")),
    "grant_keyword": (_CREATURE, ("keyword",), ()),
    "remove_keyword": (_CREATURE, ("keyword",), ()),
    "remove_abilities": (_CREATURE, (), ()),
    "apply_status": (_CREATURE, ("status",), ()),
    "regen": (_CREATURE, (), ()),
    "copy_stats": (_CREATURE | CARRION_CHOSEN, (), ()),
    "copy_abilities": (_CREATURE | CARRION_CHOSEN, (), ()),
    "eat_enemy_prey": (frozenset({"enemy_prey"}), (), ()),
    "choose": (None, ("options",), ()),
    "end_turn": (None, (), ()),
    "negate": (None, ("what",), ()),
}
# Ops that need `self` to be a creature on the field.
NEEDS_SELF = frozenset({"copy_stats", "copy_abilities", "eat_enemy_prey"})
