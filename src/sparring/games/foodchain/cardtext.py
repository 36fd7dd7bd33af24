"""Card rules text, generated from the card data so it can never disagree with what the
engine does. Used by `sparring cards`, the terminal display, views and the web client."""

from __future__ import annotations

import functools

from .cards import CardDef, Op
from .keywords import keyword_names

TARGET_WORDS = {
    "you": "you",
    "rival": "the rival",
    "both_players": "each player",
    "self": "this creature",
    "attacker": "the attacker",
    "defender": "the defender",
    "trigger": "that creature",
    "all_creatures": "every creature",
    "enemy_creatures": "every enemy creature",
    "friendly_creatures": "every friendly creature",
    "other_creatures": "every other creature",
    "other_friendly_creatures": "every other friendly creature",
    "enemy_prey_all": "every enemy prey",
    "enemy_creature": "an enemy creature",
    "friendly_creature": "a friendly creature",
    "other_friendly_creature": "another friendly creature",
    "any_creature": "a creature",
    "enemy_prey": "an enemy prey",
    "enemy_or_rival": "an enemy creature or the rival",
    "any_player_or_creature": "a player or a creature",
    "carrion_creature": "a creature card in your carrion",
    "any_carrion_creature": "a creature card in any carrion pile",
}
TRIGGER_WORDS = {
    "on_play": "On play",
    "on_consume": "When it eats",
    "on_slain": "When slain",
    "start_of_turn": "At the start of your turn",
    "end_of_turn": "At the end of your turn",
    "on_defend": "When attacked",
    "before_combat": "Before each attack",
    "after_combat": "After combat",
    "discard": "Discard from hand (free, main phase)",
    "sacrifice": "Sacrifice (free, main phase)",
}
TRAP_WORDS = {
    "rival_attacks_directly": "when the rival attacks you directly",
    "creature_attacked": "when one of your creatures is attacked",
    "rival_plays_card": "when the rival plays a card",
    "rival_plays_predator": "when the rival plays a predator",
    "rival_plays_prey": "when the rival plays a prey",
    "noncombat_damage": "when you would take non-combat damage",
    "creature_targeted": "when the rival targets one of your creatures",
    "creature_slain": "when one of your creatures is slain",
    "rival_draws": "when the rival draws",
    "hp_would_reach_zero": "when damage would bring your HP to 0",
}
FILTER_WORDS = {
    "prey": "prey",
    "predator": "predator",
    "creature": "creature",
    "spell": "spell",
    "any": "card",
}


def op_text(op: Op) -> str:
    """One operation as an English clause."""
    t = TARGET_WORDS.get(op.target or "", "")
    n = op.amount
    kind = op.op
    if kind == "damage":
        return f"deal {n} damage to {t}"
    if kind == "heal":
        return f"heal {t} by {n}"
    if kind in ("kill", "destroy", "sacrifice", "steal", "regen", "transform"):
        extra = f" into {op.card}" if kind == "transform" else ""
        verb = {"regen": "restore to max HP", "sacrifice": "sacrifice"}.get(kind, kind)
        return f"{verb} {t}{extra}"
    if kind == "return_to_hand":
        return f"return {t} to its owner's hand"
    if kind == "draw":
        return f"{t} draw{'s' if op.target == 'rival' else ''} {n} card{'s' if n > 1 else ''}"
    if kind == "discard":
        verb = "discards" if op.target == "rival" else "discard"
        return f"{t} {verb} {n} random card{'s' if n > 1 else ''}"
    if kind == "reveal_hand":
        return "look at the rival's hand"
    if kind == "tutor":
        kind_word = "" if op.filter in (None, "any") else f"{FILTER_WORDS[op.filter]} "
        return f"take a {kind_word}card of your choice from your deck into your hand"
    if kind == "add_to_hand":
        return f"add {n if n > 1 else 'a'} {op.card} to your hand"
    if kind == "summon":
        return f"summon {n if n > 1 else 'a'} {op.card} token{'s' if n > 1 else ''}"
    if kind == "play":
        kind_word = FILTER_WORDS[op.filter or "creature"]
        return f"play a {kind_word} of your choice from your {op.source} for free"
    if kind == "buff":
        parts = []
        if op.atk:
            parts.append(f"{op.atk:+d} ATK")
        if op.hp:
            parts.append(f"{op.hp:+d} HP")
        return f"give {t} {' and '.join(parts)}"
    if kind == "grant_keyword":
        return f"{t} gains {keyword_names(op.keyword, op.strikes)[0]}"
    if kind == "remove_keyword":
        return f"{t} loses {keyword_names(op.keyword, op.strikes or 2)[0].split(' ')[0]}"
    if kind == "remove_abilities":
        return f"{t} loses all keywords and abilities"
    if kind == "apply_status":
        return f"{'freeze' if op.status == 'frozen' else 'paralyze'} {t}"
    if kind == "copy_stats":
        return f"this creature copies the ATK and HP of {t}"
    if kind == "copy_abilities":
        return f"this creature gains the keywords and abilities of {t}"
    if kind == "eat_enemy_prey":
        return "this creature eats an enemy prey"
    if kind == "choose":
        return "choose one — " + " / ".join(
            f"{label}: {ops_text(ops)}" for label, ops in op.options
        )
    if kind == "end_turn":
        return "end the turn"
    if kind == "negate":
        return {
            "attack": "cancel that attack",
            "combat": "cancel that attack and end the rival's combat",
            "play": "cancel that play (the card returns to its owner's hand)",
            "damage": "prevent that damage",
        }[op.what or "attack"]
    raise AssertionError(f"no text for op {kind}")


def ops_text(ops: tuple[Op, ...]) -> str:
    return ", then ".join(op_text(op) for op in ops)


def abilities_text(abilities: dict[str, tuple[Op, ...]]) -> list[str]:
    return [f"{TRIGGER_WORDS[when]}: {ops_text(ops)}." for when, ops in abilities.items()]


@functools.cache
def card_text(card: CardDef) -> str:
    """The full rules text of a card: keywords, then each ability or the effect."""
    lines = []
    keywords = keyword_names(card.keywords, card.strikes)
    if keywords:
        lines.append(", ".join(keywords) + ".")
    if card.trigger is not None:
        lines.append(f"Trap — {TRAP_WORDS[card.trigger]}: {ops_text(card.effect)}.")
    elif card.effect:
        lines.append(ops_text(card.effect)[0].upper() + ops_text(card.effect)[1:] + ".")
    lines.extend(abilities_text(card.abilities))
    return " ".join(lines)
