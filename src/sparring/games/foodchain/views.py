"""What one seat (or a spectator) may know of a Food Chain state — the only way state
leaves the engine for a player (companion ruling 14).

A seat sees its own hand; both fields (every number and mark), both carrion and exile
piles, every hand and deck size, both decklists (decklists are open: docs/games/foodchain.md)
and the public events. Of the rival's hand it sees only the cards it has been shown (a
reveal effect, a card returned or added to hand in plain view). It never sees a deck's
order: cards are named by instance ids, which are a seeded permutation unrelated to it.
A spectator sees what both seats see in common.
"""

from __future__ import annotations

from typing import Any

from sparring.core.events import event_json, visible_to

from .actions import Target, card_of
from .cardtext import abilities_text, card_text
from .creature import Creature
from .keywords import keyword_names
from .state import FoodChainState


def card_json(state: FoodChainState, uid: int, full: bool = True) -> dict[str, Any]:
    card = state.defs[uid]
    out: dict[str, Any] = {"card": uid, "name": card.name, "category": card.category}
    if full:
        if card.is_creature:
            out.update(atk=card.atk, hp=card.hp)
            if card.is_prey:
                out["nutrition"] = card.nutrition
        out["keywords"] = card.keyword_list()
        out["text"] = card_text(card)
    return out


def creature_json(creature: Creature) -> dict[str, Any]:
    card = creature.card
    text = (
        card_text(card)
        if creature.abilities is card.abilities and creature.kw == card.keywords
        else (
            " ".join(
                [
                    ", ".join(keyword_names(creature.kw, creature.strikes)),
                    *abilities_text(creature.abilities),
                ]
            ).strip()
        )
    )
    out = {
        "card": creature.uid,
        "name": card.name,
        "category": card.category,
        "owner": creature.owner,
        "atk": creature.atk,
        "hp": creature.hp,
        "max_hp": creature.max_hp,
        "keywords": keyword_names(creature.kw, creature.strikes),
        "exhausted": creature.exhausted,
        "frozen": creature.frozen,
        "paralyzed": creature.paralyzed,
        "dry": creature.dry,
        "token": creature.token,
        "attacks_left": max(0, creature.strikes - creature.attacks),
        "text": text,
    }
    if creature.is_prey:
        out["nutrition"] = card.nutrition
    return out


def _player(state: FoodChainState, seat: int) -> dict[str, Any]:
    spell = state.field_spell[seat]
    return {
        "seat": seat,
        "hp": state.hp[seat],
        "hand_count": len(state.hands[seat]),
        "deck_count": len(state.decks[seat]),
        "field": [creature_json(c) for c in state.fields[seat]],
        "field_spell": None if spell is None else card_json(state, spell),
        "carrion": [card_json(state, u, full=False) for u in state.carrion[seat]],
        "exile": [card_json(state, u, full=False) for u in state.exile[seat]],
        "decklist": list(state.decklists[seat]),
    }


def view(state: FoodChainState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of `state` for `seat` (0 or 1), or for a spectator (None)."""
    out: dict[str, Any] = {
        "game": "foodchain",
        "seat": seat,
        "turn": state.turn,
        "turn_cap": state.options.turn_cap,
        "active": state.active,
        "first_player": state.first,
        "phase": state.phase,
        "to_move": list(state.to_move()),
        "card_played": state.played,
        "winner": state.winner,
        "end_reason": state.end_reason,
        "options": state.options.to_json(),
        "players": [_player(state, 0), _player(state, 1)],
        "log": [
            event_json(e) for e in state.events[state.previous_turn_event :] if visible_to(e, seat)
        ],
    }
    pending = state.pending
    if pending is not None:
        out["decision"] = {"player": pending.player, "kind": pending.kind}
        if seat == pending.player:
            out["decision"].update(prompt=pending.prompt, source=pending.source)
            if pending.kind in ("tutor", "play"):
                # The cards to choose from may be in the decider's own deck, which no other
                # part of the view names; their ids say nothing about the deck's order.
                out["decision"]["cards"] = [
                    card_json(state, card_of(o)) for o in pending.options if isinstance(o, Target)
                ]
    if seat is not None:
        out["hand"] = [card_json(state, u) for u in state.hands[seat]]
        rival = 1 - seat
        out["rival_known_hand"] = [
            card_json(state, u) for u in state.hands[rival] if u in state.revealed[rival]
        ]
    return out
