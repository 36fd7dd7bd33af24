"""Food Chain for reinforcement learning: a seat's view as a vector, and the action table
(docs/rl.md, "Food Chain").

Cards are named by *where the observer sees them*, not by instance id, so a policy can
tell them apart: a fixed list of card slots — its hand (10), its field (3), the rival's
field (3), its field spell and the rival's (1 each), the cards a pending decision offers
(10), the rival's cards it knows in hand (5), the cards in flight (3), its carrion and the
rival's (8 each), its exile and the rival's (4 each): 60 slots, each card in the first
slot that shows it. A card in none of them (a pile beyond its slots) is ``other card``.

The observation:

- the turn over the turn cap; whether the observer is the active player and whether it
  went first; the phase one-hot (6); whether a card was played this turn and whether
  combat is closed; both players' HP over 20, cards in hand over 10 and deck over 20 (the
  observer's first); whether a decision waits for the observer and its kind one-hot
  (eat, target, choose, order, play, tutor); whether the turn's end is requested; the
  steps waiting to resolve over 10 (26);
- per card slot (60 × 37): present; category one-hot (7); ATK, HP, max HP and nutrition
  over 10; keywords (19); exhausted, frozen, paralyzed, dry, token; attacks left over 3.
  Card names and rules texts are not encoded (178 cards): what is lost.

The action table: a token per card slot and ``other card`` (61), the verbs ``play``,
``activate``, ``attack``, ``end phase``, ``eat``, ``target``, ``choose``, ``order``, then
``done`` (the end of what a predator eats), ``rival`` (an attack at the rival), ``player
me`` and ``player rival`` (a target player), and ``option 0``..``option 7``. An action is
its verb and then its cards in order (an attack: attacker, then target or ``rival``; an
eat: the eaten cards, then ``done``). Two actions on one path (two ``other card``s; a
modal option past 7) play the first in the game's order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sparring.rl.encoding import Menu, PathIndex, Vector, one_hot, scaled

from .actions import Activate, Attack, Choose, EndPhase, Order, Play, Target
from .cards import CATEGORIES
from .keywords import KEYWORD_BITS
from .options import FoodChainOptions
from .phases import ALL_PHASES
from .viewtypes import CreatureView, FoodChainView, FullCard, PileCard

#: The card slots, in order: (name, count).
SLOTS = (
    ("hand", 10),
    ("my field", 3),
    ("rival field", 3),
    ("my field spell", 1),
    ("rival field spell", 1),
    ("offered", 10),
    ("rival hand known", 5),
    ("in flight", 3),
    ("my carrion", 8),
    ("rival carrion", 8),
    ("my exile", 4),
    ("rival exile", 4),
)
CARD_SLOTS = sum(count for _, count in SLOTS)
OTHER_CARD = CARD_SLOTS
VERBS = ("play", "activate", "attack", "end phase", "eat", "target", "choose", "order")
VERB_BASE = CARD_SLOTS + 1
DONE = VERB_BASE + len(VERBS)
RIVAL = DONE + 1
PLAYER_ME = RIVAL + 1
PLAYER_RIVAL = PLAYER_ME + 1
OPTION_BASE = PLAYER_RIVAL + 1
OPTIONS = 8
ACTION_COUNT = OPTION_BASE + OPTIONS

DECISION_KINDS = ("eat", "target", "choose", "order", "play", "tutor")
KEYWORDS = tuple(KEYWORD_BITS)
_KEYWORD_INDEX = {keyword: index for index, keyword in enumerate(KEYWORDS)}
_CATEGORY_INDEX = {category: index for index, category in enumerate(CATEGORIES)}
CARD_SIZE = 1 + len(CATEGORIES) + 4 + len(KEYWORDS) + 6
HEADER_SIZE = 3 + len(ALL_PHASES) + 2 + 6 + 1 + len(DECISION_KINDS) + 2
FEATURE_SIZE = HEADER_SIZE + CARD_SLOTS * CARD_SIZE
#: Scales of the numbers (each clipped to [-1, 1] after scaling).
HP_SCALE = 20
HAND_SCALE = 10
DECK_SCALE = 20
STAT_SCALE = 10
STEPS_SCALE = 10
ATTACKS_SCALE = 3

_VERB = {Play: "play", Activate: "activate", Order: "order"}

Card = PileCard | FullCard | CreatureView


def visible_cards(view: FoodChainView, seat: int) -> list[list[Card]]:
    """The cards of each slot group, in `SLOTS` order, as `seat` sees them."""
    me, rival = view.players[seat], view.players[1 - seat]
    decision, resolution = view.decision, view.resolution
    return [
        list(view.hand or ()),
        list(me.field),
        list(rival.field),
        [] if me.field_spell is None else [me.field_spell],
        [] if rival.field_spell is None else [rival.field_spell],
        list(decision.cards or ()) if decision else [],
        list(view.rival_known_hand or ()),
        list(resolution.in_flight) if resolution else [],
        list(me.carrion),
        list(rival.carrion),
        list(me.exile),
        list(rival.exile),
    ]


def _slotted(view: FoodChainView, seat: int) -> Iterable[tuple[int, Card]]:
    """Each shown card with its slot (cards beyond a group's slots left out)."""
    start = 0
    for (_, count), cards in zip(SLOTS, visible_cards(view, seat), strict=True):
        for offset, card in enumerate(cards[:count]):
            yield start + offset, card
        start += count


class CardPaths:
    """The paths of one view's actions: card ids turned into slots."""

    __slots__ = ("_seat", "_slot_of")

    def __init__(self, view: FoodChainView) -> None:
        assert view.seat is not None, "only a seat decides"
        self._seat = view.seat
        self._slot_of: dict[int, int] = {}
        for slot, card in _slotted(view, view.seat):
            self._slot_of.setdefault(card.card, slot)

    def card(self, card_id: int) -> int:
        return self._slot_of.get(card_id, OTHER_CARD)

    def verb(self, name: str) -> int:
        return VERB_BASE + VERBS.index(name)

    def path(self, action: Any) -> tuple[int, ...]:
        name = _VERB.get(type(action))
        if name is not None:
            return (self.verb(name), self.card(action.card))
        if isinstance(action, Attack):
            target = RIVAL if action.defender is None else self.card(action.defender)
            return (self.verb("attack"), self.card(action.attacker), target)
        if isinstance(action, EndPhase):
            return (self.verb("end phase"),)
        if isinstance(action, Target):
            if action.card is not None:
                return (self.verb("target"), self.card(action.card))
            return (self.verb("target"), PLAYER_ME if action.player == self._seat else PLAYER_RIVAL)
        if isinstance(action, Choose):
            return (self.verb("choose"), OPTION_BASE + min(action.option, OPTIONS - 1))
        eaten = tuple(self.card(card) for card in action.cards)
        return (self.verb("eat"), *eaten, DONE)


def _action_names() -> list[str]:
    names = [f"{group} {index}" for group, count in SLOTS for index in range(count)]
    names += ["other card", *VERBS, "done", "rival", "player me", "player rival"]
    names += [f"option {option}" for option in range(OPTIONS)]
    return names


class FoodChainEncoding:
    """The encoding (the same under every option: sizes never change)."""

    depth = 2 + 3 + 1  # eat, up to three cards, done
    reads_log = False
    feature_size = FEATURE_SIZE
    action_names = _action_names()

    def __init__(self) -> None:
        self._paths = PathIndex(lambda view: CardPaths(view).path)

    def menu(self, view: FoodChainView, legal: Sequence[Any], path: tuple[int, ...]) -> Menu:
        return self._paths.menu(view, legal, path)

    def features(self, view: FoodChainView, seat: int, out: Vector) -> None:
        me, rival = view.players[seat], view.players[1 - seat]
        out[0] = scaled(view.turn, view.turn_cap)
        out[1] = float(view.active == seat)
        out[2] = float(view.first_player == seat)
        one_hot(out, 3, ALL_PHASES.index(view.phase))
        at = 3 + len(ALL_PHASES)
        out[at] = float(view.card_played)
        out[at + 1] = float(bool(view.combat_closed))
        at += 2
        for player in (me, rival):
            out[at] = scaled(player.hp, HP_SCALE)
            out[at + 1] = scaled(player.hand_count, HAND_SCALE)
            out[at + 2] = scaled(player.deck_count, DECK_SCALE)
            at += 3
        decision = view.decision
        if decision and decision.player == seat:
            out[at] = 1.0
            kind = decision.kind
            one_hot(out, at + 1, DECISION_KINDS.index(kind) if kind in DECISION_KINDS else None)
        at += 1 + len(DECISION_KINDS)
        resolution = view.resolution
        if resolution:
            out[at] = float(resolution.end_requested)
            out[at + 1] = scaled(len(resolution.steps), STEPS_SCALE)
        at += 2
        for slot, card in _slotted(view, seat):
            self._card(card, out, at + slot * CARD_SIZE)

    @staticmethod
    def _card(card: Card, out: Vector, base: int) -> None:
        out[base] = 1.0
        one_hot(out, base + 1, _CATEGORY_INDEX[card.category])
        numbers = base + 1 + len(CATEGORIES)  # ATK, HP, max HP, nutrition
        keywords = numbers + 4
        marks = keywords + len(KEYWORDS)
        if not isinstance(card, CreatureView | FullCard):  # a pile's card: category only
            return
        for offset, value in enumerate((card.atk, card.hp)):
            if isinstance(value, int):
                out[numbers + offset] = scaled(value, STAT_SCALE)
        if isinstance(card.nutrition, int):
            out[numbers + 3] = scaled(card.nutrition, STAT_SCALE)
        for keyword in card.keywords:
            index = _KEYWORD_INDEX.get(keyword)
            if index is not None:
                out[keywords + index] = 1.0
        if isinstance(card, CreatureView):
            out[numbers + 2] = scaled(card.max_hp, STAT_SCALE)
            out[marks] = float(card.exhausted)
            out[marks + 1] = float(card.frozen)
            out[marks + 2] = float(card.paralyzed)
            out[marks + 3] = float(card.dry)
            out[marks + 4] = float(card.token)
            out[marks + 5] = scaled(card.attacks_left, ATTACKS_SCALE)


def encoding(options: FoodChainOptions) -> FoodChainEncoding:
    """The game's `Extensions.rl_encoding`."""
    return FoodChainEncoding()
