"""Warfish event kinds and their fields (docs/games/warfish.md, "Events").

Kinds carry a ``wf_`` prefix because event kinds are global across games. Territories are
indices and cards are card ids, as in actions. With fog of war, an event about territories
goes only to the seats that see every territory it names (one copy per such seat); without
fog, board events are public. A seat's drawn and captured cards go to that seat alone.
"""

from sparring.core.events import register_event

DEALT = register_event("wf_dealt", "territories", "owners", "units")
SETUP_DONE = register_event("wf_setup_done", "placement")
TURN = register_event("wf_turn", "round", "seat")
INCOME = register_event("wf_income", "seat", "territories", "base", "continents", "total")
TRADED = register_event("wf_trade", "seat", "cards", "value")
CARD_BONUS = register_event("wf_card_bonus", "seat", "territory", "count", "units")
PLACED = register_event("wf_placed", "seat", "territory", "count", "units")
WASTED = register_event("wf_units_wasted", "seat", "count", "why")
ATTACKED = register_event(
    "wf_attack",
    "seat",
    "source",
    "target",
    "attack_dice",
    "defend_dice",
    "attacker_losses",
    "defender_losses",
    "source_units",
    "target_units",
)
CAPTURED = register_event("wf_captured", "seat", "source", "target", "previous_owner")
MOVED_IN = register_event("wf_move_in", "seat", "source", "target", "count")
TRANSFERRED = register_event("wf_transfer", "seat", "source", "target", "count")
CARD_DRAWN = register_event("wf_card_drawn", "seat", "card")
CARD_AWARDED = register_event("wf_card_awarded", "seat", "hand_size")
ELIMINATED = register_event("wf_eliminated", "seat", "by", "cards")
CARDS_TAKEN = register_event("wf_cards_taken", "seat", "cards")
GAME_END = register_event("game_end", "winner", "reason")
FORFEIT = register_event("forfeit", "seat", "reason")
