"""Determinization: one full Food Chain state consistent with what a seat's view shows.

Search agents must never hold the true state, only samples of the states the seat cannot
tell apart from it. Decklists are open (docs/games/foodchain.md), so what a seat cannot see
is only *where* the unseen cards are: which of the rival's cards are in its hand and which
in its deck, the order of both decks, and which card a creature was before it was
transformed. A sample keeps everything the view shows — both fields (numbers, marks, what
each creature can still do), field spells, piles, the seat's own hand, the rival's cards
it has been shown, the cards being played or resolved, the turn, phase, HP, the log and
whatever is being resolved (`resolving`: the waiting steps and the seat's own pending
decision, exactly) — and deals the rest with the agent's own `Rng`:

1. each seat's unseen cards are its decklist minus every card of it the view shows;
2. the rival's are dealt at random to its transformed creatures' printed cards, its unseen
   hand cards (placed at random among the cards it has shown) and its deck, in a random
   order; the seat's own to its transformed originals and its deck, in a random order
   (a card a tutor decision shows stays in the deck);
3. the unseen instance ids go to those cards at random (ids are a seeded permutation that
   says nothing of where a card is).

The sample's random source is seeded from the agent's, so its future draws are fresh.

Supported: every decision point of the seat that decides, free or in the middle of a
resolution, and any view with nothing pending. Refused with `BadInput`: a spectator's view
(no seat to stand for), and a view whose pending decision belongs to the rival (the view
does not show the rival's options: a search never needs that state, for it only samples
at its own decisions). Two things a view cannot tell are set to the nearest consistent
value: which of the seat's own hand cards the rival knows (those the log shows reaching the
hand in plain view, or created there), and instance ids of tokens that have left the game
and are no longer shown (placeholders).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from msgspec import UNSET

from sparring.core.errors import BadInput
from sparring.core.events import PUBLIC, Event, event_fields
from sparring.core.game import EndReason
from sparring.core.rng import Rng

from .actions import Action
from .cards import CardDef, load_pool
from .creature import NO_ABILITIES, Creature
from .events import DREW, FORFEIT, MOVE, REVEAL, TURN
from .keywords import MULTI_STRIKE, parse_keyword
from .phases import OVER
from .resolving import step_from_json
from .state import Decision, FoodChainState, shuffle
from .views import creature_view
from .viewtypes import CreatureView, FoodChainView, PileCard

LABEL = "determinize"


def _event(entry: dict[str, Any], seat: int) -> Event:
    """A log entry as the engine's event. Of what a seat sees, its draws, the cards it
    took from its deck and the hands it revealed were private to it; the rest was public."""
    kind = entry["kind"]
    private = kind in (DREW, REVEAL) or (kind == MOVE and entry["origin"] == "deck")
    return (kind, seat if private else PUBLIC, *(entry[name] for name in event_fields(kind)))


def _keywords(names: list[str]) -> tuple[int, int]:
    """A creature's keyword bits and strikes from the names its view shows."""
    bits, strikes = 0, 1
    for name in names:
        bit, count = parse_keyword(name)
        bits |= bit
        if bit == MULTI_STRIKE:
            strikes = count
    return bits, strikes


def _creature(shown: CreatureView, seat: int) -> Creature:
    """A creature exactly as its view shows it. What it can still do is shown as text: its
    printed abilities, none, its on-slain alone (Paralysis), or its own merged with a
    carrion creature's (a copy) — the one whose text the view shows."""
    pool = load_pool()
    card = pool.card(shown.name)
    creature = Creature(shown.card, card, shown.owner, seat, shown.token)
    creature.atk, creature.hp, creature.max_hp = shown.atk, shown.hp, shown.max_hp
    creature.kw, creature.strikes = _keywords(shown.keywords)
    creature.exhausted, creature.frozen = shown.exhausted, shown.frozen
    creature.paralyzed, creature.dry = shown.paralyzed, shown.dry
    creature.attacks = creature.strikes - shown.attacks_left
    for abilities in _ability_candidates(card, pool.cards.values()):
        creature.abilities = abilities
        if creature_view(creature).text == shown.text:
            return creature
    raise BadInput(f"creature {shown.card} ({shown.name}): no abilities give {shown.text!r}")


def _ability_candidates(
    card: CardDef, pool: Iterable[CardDef]
) -> Iterable[dict[str, tuple[Any, ...]]]:
    yield card.abilities
    yield NO_ABILITIES
    slain = card.abilities.get("on_slain")
    if slain:
        yield {"on_slain": slain}
    for other in pool:
        if other.is_creature and other.abilities:
            merged = dict(card.abilities)
            for when, ops in other.abilities.items():
                merged[when] = merged.get(when, ()) + ops
            yield merged


class Sampler:
    """Draws determinized states of one view. The table the view fixes (creatures, piles,
    the log, the resolution) is built once into a template with the hidden cards left out;
    each sample is a clone of it with the hidden cards dealt (module doc)."""

    def __init__(self, view: FoodChainView) -> None:
        seat = view.seat
        if seat not in (0, 1):
            raise BadInput("determinize needs a seat's view (0 or 1), not a spectator's")
        decision = view.decision or None
        if decision is not None and decision.player != seat:
            raise BadInput(
                f"seat {seat}'s view does not show seat {decision.player}'s pending "
                "decision: determinize at the deciding seat's own view"
            )
        self.seat = seat
        self.view = view
        pool = load_pool()
        state = FoodChainState(0, blank=True)
        state.options = view.options
        state.rng = Rng(0)
        state.decklists = (view.players[0].decklist, view.players[1].decklist)
        state.decks = [[], []]
        state._empty_table()
        self.template = state
        self.dealt = sum(len(d) for d in state.decklists)  # ids of deck cards: 0 .. dealt-1
        defs: dict[int, CardDef] = {}  # every card the view names, by id
        owner: dict[int, int] = {}

        def note(card: PileCard, seat_of: int) -> int:
            defs[card.card] = pool.card(card.name)
            owner[card.card] = seat_of
            return card.card

        for side in view.players:
            s = side.seat
            state.hp[s] = side.hp
            state.carrion[s] = [note(c, s) for c in side.carrion]
            state.exile[s] = [note(c, s) for c in side.exile]
            if side.field_spell is not None:
                state.field_spell[s] = note(side.field_spell, s)
            for shown in side.field:
                creature = _creature(shown, s)
                state.fields[s].append(creature)
                owner[shown.card] = shown.owner
                defs[shown.card] = creature.card
        state.on_field = {c.uid: c for field in state.fields for c in field}
        state.hands[seat] = [note(c, seat) for c in view.hand or []]
        known = [note(c, 1 - seat) for c in view.rival_known_hand or []]
        self.known_hand = known
        state.revealed[1 - seat] = set(known)
        if view.resolution:
            for card in view.resolution.in_flight:
                note(card, self._flight_owner(card.card))
        pinned = self._pinned_deck(view, defs, owner)

        self.originals = [self._transformed(state, defs, owner, s) for s in (0, 1)]
        self.unseen: list[list[str]] = []
        for s in (0, 1):
            left = Counter(state.decklists[s])
            left.subtract(card.name for u, card in defs.items() if owner[u] == s and u < self.dealt)
            self.unseen.append(sorted(left.elements()))
        originals = self.originals
        self.pinned = pinned
        self.free_ids = sorted(
            set(range(self.dealt)) - defs.keys() - set(originals[0] + originals[1])
        )
        hidden_hand = view.players[1 - seat].hand_count - len(known)
        self.hidden_hand = hidden_hand
        placeholder = pool.tokens[0]
        size = max([self.dealt - 1, *defs.keys()], default=-1) + 1
        state.defs = [defs.get(u, placeholder) for u in range(size)]
        # Created cards the view no longer shows: tokens that left the game.
        self.gone = [u for u in range(self.dealt, size) if u not in defs]
        state.owner = [owner.get(u, 0) for u in range(size)]
        self._scalars(state, view)
        self._log(state, view)
        self._resolution(state, view)

    def _transformed(
        self, state: FoodChainState, defs: dict[int, CardDef], owner: dict[int, int], seat: int
    ) -> list[int]:
        """`seat`'s deck cards on a field that must have been transformed, their printed
        card unseen: as many creatures of a name as the view shows beyond the decklist's
        copies (a token's name is in no decklist). They are taken out of `defs`."""
        shown = Counter(
            card.name for u, card in defs.items() if owner[u] == seat and u < self.dealt
        )
        listed = Counter(state.decklists[seat])
        transformed: list[int] = []
        for name, count in shown.items():
            extra = count - listed[name]
            if extra <= 0:
                continue
            candidates = [
                c.uid
                for field in state.fields
                for c in field
                if c.owner == seat and c.uid < self.dealt and not c.token and c.card.name == name
            ]
            if len(candidates) < extra:
                raise BadInput(f"the view shows more of seat {seat}'s {name} than its decklist")
            transformed += candidates[:extra]
        for uid in transformed:
            del defs[uid]
        return transformed

    def _flight_owner(self, uid: int) -> int:
        """Who owns a card in flight: whoever declared or sprang it (the steps holding it
        name that seat first)."""
        resolution = self.view.resolution
        assert resolution
        decision = self.view.decision or None
        steps = list(resolution.steps) + ([decision.resume] if decision and decision.resume else [])
        for step in steps:
            if len(step) > 2 and step[2] == uid:
                return int(step[1])
        raise BadInput(f"card {uid} is in flight but no step holds it")

    def _pinned_deck(
        self, view: FoodChainView, defs: dict[int, CardDef], owner: dict[int, int]
    ) -> list[int]:
        """Cards of the seat's own deck that its decision shows (a tutor, or a play from
        the deck): they are known, so they stay in the deck with their ids."""
        decision = view.decision or None
        if not decision or not decision.cards:
            return []
        pool = load_pool()
        pinned = []
        for card in decision.cards:
            if card.card not in defs:
                defs[card.card] = pool.card(card.name)
                owner[card.card] = self.seat
                pinned.append(card.card)
        return pinned

    def _scalars(self, state: FoodChainState, view: FoodChainView) -> None:
        state.turn = view.turn
        state.active = view.active
        state.first = view.first_player
        state.phase = view.phase
        state.played = view.card_played
        state.combat_closed = view.combat_closed is True
        state.winner = view.winner
        state.end_reason = view.end_reason
        if view.phase == OVER:
            forfeit = any(entry["kind"] == FORFEIT for entry in view.log)
            limit = view.end_reason.startswith("turn cap")
            state.ended_by = (
                EndReason.FORFEIT if forfeit else EndReason.LIMIT if limit else EndReason.RULES
            )

    def _log(self, state: FoodChainState, view: FoodChainView) -> None:
        """The view's log as the sample's events: the view of the sample shows it again
        (it starts at the previous turn, which is where the sample's record starts)."""
        seat = self.seat
        state.events = [_event(entry, seat) for entry in view.log]
        turns = [i for i, event in enumerate(state.events) if event[0] == TURN]
        state.previous_turn_event = 0
        state.turn_event = turns[-1] if turns else 0
        public_to_hand = {
            event[2]
            for event in state.events
            if event[1] == PUBLIC and event[0] == MOVE and event[6] == "hand"
        }
        state.revealed[seat] = {
            u for u in state.hands[seat] if u in public_to_hand or u >= self.dealt
        }

    def _resolution(self, state: FoodChainState, view: FoodChainView) -> None:
        resolution = view.resolution or None
        if resolution is not None:
            state.stack = [step_from_json(step) for step in resolution.steps]
            state.serial = resolution.serial
            state.cancelled = set(resolution.cancelled)
            state.no_damage = set(resolution.no_damage)
            state.end_requested = resolution.end_requested
        decision = view.decision or None
        if decision is not None:
            options: tuple[Action, ...] = tuple(decision.options or ())
            function, args = step_from_json(decision.resume or [])
            prompt = decision.prompt or ""
            source = None if decision.source is UNSET else decision.source
            state.pending = Decision(
                decision.player, decision.kind, options, (function, *args), prompt, source
            )

    def sample(self, rng: Rng) -> FoodChainState:
        """A full state that the view's seat cannot tell from the real one, drawn with
        `rng`."""
        seat, rival = self.seat, 1 - self.seat
        state = self.template.clone()
        state.rng = Rng(rng.below(1 << 62, LABEL))
        ids = list(self.free_ids)
        shuffle(ids, rng, LABEL)
        pool = load_pool()
        defs, owner = state.defs, state.owner

        def deal(names: list[str], who: int) -> list[int]:
            dealt = []
            for name in names:
                uid = ids.pop()
                defs[uid] = pool.card(name)
                owner[uid] = who
                dealt.append(uid)
            return dealt

        for s in (seat, rival):
            names = list(self.unseen[s])
            shuffle_names(names, rng)
            for uid in self.originals[s]:
                defs[uid] = pool.card(names.pop())
            if s == rival:
                hidden = deal(names[: self.hidden_hand], rival)
                state.hands[rival] = _interleave(self.known_hand, hidden, rng)
                deck = deal(names[self.hidden_hand :], rival)
            else:
                deck = deal(names, seat) + self.pinned
                shuffle(deck, rng, LABEL)
            state.decks[s] = deck
        return state


def shuffle_names(names: list[str], rng: Rng) -> None:
    """Fisher-Yates on card names (the same labelled draws as `shuffle`)."""
    for i in range(len(names) - 1, 0, -1):
        j = rng.below(i + 1, LABEL)
        names[i], names[j] = names[j], names[i]


def _interleave(known: list[int], hidden: list[int], rng: Rng) -> list[int]:
    """The known cards in their order with the hidden ones at random places among them."""
    hand = list(known)
    for uid in hidden:
        hand.insert(rng.below(len(hand) + 1, LABEL), uid)
    return hand


def determinize(view: FoodChainView, rng: Rng) -> FoodChainState:
    """A full state that `view`'s seat cannot tell from the real one, drawn with `rng`; a
    caller taking many samples of one view makes one `Sampler` and asks it instead."""
    return Sampler(view).sample(rng)
