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

from msgspec import UNSET

from sparring.core.events import event_json, visible_to

from .actions import Target, card_of
from .cardtext import abilities_text, card_text
from .creature import Creature
from .keywords import keyword_names
from .plays import UNFINISHED_PLAYS
from .resolving import step_json
from .state import Decision, FoodChainState
from .viewtypes import (
    CreatureView,
    DecisionView,
    FoodChainView,
    FullCard,
    PileCard,
    PlayerView,
    ResolutionView,
)
from .zones import to_exile_step


def pile_card(state: FoodChainState, uid: int) -> PileCard:
    card = state.defs[uid]
    return PileCard(uid, card.name, card.category)


def full_card(state: FoodChainState, uid: int) -> FullCard:
    card = state.defs[uid]
    shown = FullCard(
        uid, card.name, card.category, keywords=card.keyword_list(), text=card_text(card)
    )
    if card.is_creature:
        shown.atk, shown.hp = card.atk, card.hp
        if card.is_prey:
            shown.nutrition = card.nutrition
    return shown


def creature_view(creature: Creature) -> CreatureView:
    card = creature.card
    keywords = keyword_names(creature.kw, creature.strikes)
    text = (
        card_text(card)
        if creature.abilities is card.abilities and creature.kw == card.keywords
        else " ".join([", ".join(keywords), *abilities_text(creature.abilities)]).strip()
    )
    return CreatureView(
        creature.uid,
        card.name,
        card.category,
        owner=creature.owner,
        atk=creature.atk,
        hp=creature.hp,
        max_hp=creature.max_hp,
        keywords=keywords,
        exhausted=creature.exhausted,
        frozen=creature.frozen,
        paralyzed=creature.paralyzed,
        dry=creature.dry,
        token=creature.token,
        attacks_left=max(0, creature.strikes - creature.attacks),
        text=text,
        nutrition=card.nutrition if creature.is_prey else UNSET,
    )


def _player(state: FoodChainState, seat: int) -> PlayerView:
    spell = state.field_spell[seat]
    return PlayerView(
        seat=seat,
        hp=state.hp[seat],
        hand_count=len(state.hands[seat]),
        deck_count=len(state.decks[seat]),
        field=[creature_view(c) for c in state.fields[seat]],
        field_spell=None if spell is None else full_card(state, spell),
        carrion=[pile_card(state, u) for u in state.carrion[seat]],
        exile=[pile_card(state, u) for u in state.exile[seat]],
        decklist=state.decklists[seat],
    )


def _decision(state: FoodChainState, pending: Decision, seat: int | None) -> DecisionView:
    shown = DecisionView(pending.player, pending.kind)
    if seat == pending.player:
        shown.prompt, shown.source = pending.prompt, pending.source
        if pending.kind in ("tutor", "play"):
            # The cards to choose from may be in the decider's own deck, which no other
            # part of the view names; their ids say nothing about the deck's order.
            shown.cards = [
                full_card(state, card_of(o)) for o in pending.options if isinstance(o, Target)
            ]
        shown.options = list(pending.options)
        shown.resume = step_json(pending.resume[0], pending.resume[1:])
    return shown


def _in_flight(state: FoodChainState) -> list[PileCard]:
    """The cards declared or sprung and not yet resolved: in no zone, held by a step (the
    same steps the end of a game returns to hand or sends to exile)."""
    held = [args[1] for function, args in state.stack if function is to_exile_step]
    held += [args[1] for function, args in state.stack if function in UNFINISHED_PLAYS]
    pending = state.pending
    if pending is not None and pending.resume[0] in UNFINISHED_PLAYS:
        held.append(pending.resume[2])
    return [pile_card(state, uid) for uid in held]


def _resolution(state: FoodChainState) -> ResolutionView:
    return ResolutionView(
        steps=[step_json(function, args) for function, args in state.stack],
        in_flight=_in_flight(state),
        serial=state.serial,
        cancelled=sorted(state.cancelled),
        no_damage=sorted(state.no_damage),
        end_requested=state.end_requested,
    )


def view(state: FoodChainState, seat: int | None) -> FoodChainView:
    """What `seat` (0 or 1) may know of `state`, or a spectator (None)."""
    return _view(state, seat, with_log=True)


def lean_view(state: FoodChainState, seat: int | None) -> FoodChainView:
    """The view without its log (empty), for what reads no log: agents with `needs_log`
    False and the reinforcement-learning encoding."""
    return _view(state, seat, with_log=False)


def _view(state: FoodChainState, seat: int | None, with_log: bool) -> FoodChainView:
    pending = state.pending
    shown = FoodChainView(
        game="foodchain",
        seat=seat,
        turn=state.turn,
        turn_cap=state.options.turn_cap,
        active=state.active,
        first_player=state.first,
        phase=state.phase,
        to_move=list(state.to_move()),
        card_played=state.played,
        winner=state.winner,
        end_reason=state.end_reason,
        options=state.options,
        players=[_player(state, 0), _player(state, 1)],
        log=[
            event_json(e) for e in state.events[state.previous_turn_event :] if visible_to(e, seat)
        ]
        if with_log
        else [],
    )
    if state.combat_closed:
        shown.combat_closed = True
    if pending is not None:
        shown.decision = _decision(state, pending, seat)
    if pending is not None or state.stack:
        shown.resolution = _resolution(state)
    if seat is not None:
        shown.hand = [full_card(state, u) for u in state.hands[seat]]
        rival = 1 - seat
        shown.rival_known_hand = [
            full_card(state, u) for u in state.hands[rival] if u in state.revealed[rival]
        ]
    return shown
