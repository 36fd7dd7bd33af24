"""The types of a Food Chain view: what one seat (or a spectator) is shown, as messages.

`views.view` builds them; every reader in this process (the text rendering, the greedy and
human agents, tests) reads their attributes, and a bot receives their JSON form, whose
JSON Schema `sparring schema foodchain` prints. A field a viewer is not shown is UNSET and
left out of the JSON altogether: a spectator's ``hand``, the ``decision`` when none is
pending, a decision's ``prompt`` and ``source`` for everyone but the decider, a card's
numbers when it is not a creature.
"""

from __future__ import annotations

from typing import Any, Literal

from msgspec import UNSET, UnsetType

from sparring.core.messages import ViewStruct

from .actions import Action
from .options import FoodChainOptions


class PileCard(ViewStruct):
    """A card by id, name and category: how a carrion or exile pile shows its cards."""

    card: int
    name: str
    category: str


class FullCard(PileCard, kw_only=True):
    """A card shown in full (in a hand, as a field spell, among a decision's choices): a
    creature's printed numbers (``nutrition`` for prey), its keywords and its rules text."""

    atk: int | UnsetType = UNSET
    hp: int | UnsetType = UNSET
    nutrition: int | UnsetType = UNSET
    keywords: list[str]
    text: str


class CreatureView(PileCard):
    """A creature on a field, with its current numbers and marks. ``text`` is what it can
    still do: its printed text, or what is left after a dry drop or a lost ability."""

    owner: int
    atk: int
    hp: int
    max_hp: int
    keywords: list[str]
    exhausted: bool
    frozen: bool
    paralyzed: bool
    dry: bool
    token: bool
    attacks_left: int
    text: str
    nutrition: int | UnsetType = UNSET


class PlayerView(ViewStruct):
    """One seat's side of the table, as everyone sees it."""

    seat: int
    hp: int
    hand_count: int
    deck_count: int
    field: list[CreatureView]
    field_spell: FullCard | None
    carrion: list[PileCard]
    exile: list[PileCard]
    decklist: tuple[str, ...]


class DecisionView(ViewStruct):
    """A choice the engine waits for: who decides and what kind of choice; the decider also
    gets the question, the card asking, for a card taken or played from a pile that only it
    may search the cards to choose from, the options (its legal actions) and the
    step its answer resumes (``[step, *args]``, as in `ResolutionView`)."""

    player: int
    kind: str
    prompt: str | UnsetType = UNSET
    source: int | UnsetType | None = UNSET
    cards: list[FullCard] | UnsetType = UNSET
    options: list[Action] | UnsetType = UNSET
    resume: list[Any] | UnsetType = UNSET


class ResolutionView(ViewStruct):
    """What is being resolved, public at the table (`resolving` writes it): the steps still
    waiting, the last listed first to resolve (``[step, *args]``); the cards declared or
    sprung that are in no zone meanwhile; the count of actions so far (plays, attacks,
    draws, damage: effects refer to them by number); the actions negated, and those whose
    damage was negated, this turn; whether an effect has asked to end the turn."""

    steps: list[list[Any]]
    in_flight: list[PileCard]
    serial: int
    cancelled: list[int]
    no_damage: list[int]
    end_requested: bool


class FoodChainView(ViewStruct):
    """What one seat (``seat``; None for a spectator) may know of the game now.
    ``combat_closed``: an effect has ended this turn's combat; ``resolution``: what is being
    resolved, while anything is (a decision pending or steps waiting)."""

    game: Literal["foodchain"]
    seat: int | None
    turn: int
    turn_cap: int
    active: int
    first_player: int
    phase: str
    to_move: list[int]
    card_played: bool
    winner: int | None
    end_reason: str
    options: FoodChainOptions
    players: list[PlayerView]
    log: list[dict[str, Any]]
    combat_closed: bool | UnsetType = UNSET
    decision: DecisionView | UnsetType = UNSET
    resolution: ResolutionView | UnsetType = UNSET
    hand: list[FullCard] | UnsetType = UNSET
    rival_known_hand: list[FullCard] | UnsetType = UNSET
