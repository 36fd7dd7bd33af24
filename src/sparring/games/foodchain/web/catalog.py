"""The card pool as the browser reads it (``pool.json`` beside the board): every card by
kingdom, with its printed numbers, keywords and rules text, written from the engine's own
pool and card text so the card browser and the board can never disagree with the engine.

    python -m sparring.games.foodchain.web.catalog   # rewrites pool.json

tests/web/test_board_foodchain.py checks the shipped file is what this writes now.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sparring.games.foodchain.cards import CardDef, load_pool
from sparring.games.foodchain.cardtext import card_text
from sparring.games.foodchain.decks import prebuilt_decks

POOL_JSON = Path(__file__).with_name("pool.json")


def card_entry(card: CardDef) -> dict[str, Any]:
    """One printed card: numbers for a creature (``nutrition`` for prey), keywords, text."""
    entry: dict[str, Any] = {"name": card.name, "category": card.category}
    if card.is_creature:
        entry["atk"], entry["hp"] = card.atk, card.hp
        if card.is_prey:
            entry["nutrition"] = card.nutrition
    entry["keywords"] = card.keyword_list()
    entry["text"] = card_text(card)
    return entry


def catalog() -> dict[str, Any]:
    """The pool by kingdom (in the data files' order), the tokens, and the prebuilt decks."""
    pool = load_pool()
    return {
        "kingdoms": [
            {"name": kingdom, "cards": [card_entry(c) for c in cards]}
            for kingdom, cards in pool.kingdoms.items()
        ],
        "tokens": [card_entry(c) for c in pool.tokens],
        "prebuilt": {name: list(cards) for name, cards in prebuilt_decks().items()},
    }


def catalog_text() -> str:
    return json.dumps(catalog(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    POOL_JSON.write_text(catalog_text(), encoding="utf-8")
