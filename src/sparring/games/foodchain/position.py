"""Building any mid-game Food Chain position from plain data, for tests and scenarios.

A position names cards by name (from the pool, or `CardDef`s made by a test); every card
gets an instance id in a fixed order (seat 0 then seat 1; hand, deck, field, field spell,
carrion, exile), so a test or a scenario can refer to them. Field creatures may override
their numbers, keywords and marks. The state is a real `FoodChainState`: only its starting
table differs, so everything after it runs exactly the engine code of a real game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from sparring.core.errors import BadInput
from sparring.core.rng import Rng

from .cards import CardDef, load_pool
from .creature import Creature
from .keywords import MULTI_STRIKE, parse_keyword
from .limits import FIELD_LIMIT, START_HP
from .options import FoodChainOptions
from .phases import COMBAT, MAIN1, MAIN2
from .state import FoodChainState

PHASES = (MAIN1, COMBAT, MAIN2)
CardRef = str | CardDef


@dataclass
class OnField:
    """A creature on the field: its card and any overrides (None keeps the card's own)."""

    card: CardRef
    atk: int | None = None
    hp: int | None = None
    max_hp: int | None = None
    keywords: list[str] | None = None
    exhausted: bool = False
    frozen: bool = False
    paralyzed: bool = False
    dry: bool = False
    token: bool = False
    attacks: int = 0


@dataclass
class Side:
    """One seat's part of a position. ``deck`` lists the top card first."""

    hp: int = START_HP
    hand: Sequence[CardRef] = dataclasses.field(default_factory=list)
    deck: Sequence[CardRef] = dataclasses.field(default_factory=list)
    field: Sequence[OnField | CardRef] = dataclasses.field(default_factory=list)
    field_spell: CardRef | None = None
    carrion: Sequence[CardRef] = dataclasses.field(default_factory=list)
    exile: Sequence[CardRef] = dataclasses.field(default_factory=list)


def _card(ref: CardRef) -> CardDef:
    return ref if isinstance(ref, CardDef) else load_pool().card(ref)


def build(
    sides: tuple[Side, Side],
    active: int = 0,
    phase: str = MAIN1,
    played: bool = False,
    turn: int = 3,
    seed: int = 0,
    options: FoodChainOptions | None = None,
) -> FoodChainState:
    """A state at a free decision point of `active`'s turn (`phase` one of main1, combat,
    main2), with nothing pending. `turn` > 1 so the draw rule of turn 1 is out of the way."""
    if active not in (0, 1):
        raise BadInput(f"active must be 0 or 1, got {active!r}")
    if phase not in PHASES:
        raise BadInput(f"phase must be one of {', '.join(PHASES)}, got {phase!r}")
    state = FoodChainState(seed, blank=True)
    state.options = options or FoodChainOptions()
    state.rng = Rng(seed)
    state.events = []
    state.defs = []
    state.owner = []
    state.decks = [[], []]
    state._empty_table()

    def new(ref: CardRef, seat: int) -> int:
        state.defs.append(_card(ref))
        state.owner.append(seat)
        return len(state.defs) - 1

    names: list[list[str]] = [[], []]
    for seat, side in enumerate(sides):
        state.hp[seat] = side.hp
        state.hands[seat] = [new(r, seat) for r in side.hand]
        state.decks[seat] = [new(r, seat) for r in reversed(side.deck)]
        for item in side.field:
            spec = item if isinstance(item, OnField) else OnField(item)
            uid = new(spec.card, seat)
            state.fields[seat].append(_creature(state, uid, seat, spec))
        if side.field_spell is not None:
            state.field_spell[seat] = new(side.field_spell, seat)
        state.carrion[seat] = [new(r, seat) for r in side.carrion]
        state.exile[seat] = [new(r, seat) for r in side.exile]
        if state.field_count(seat) > FIELD_LIMIT:
            raise BadInput(
                f"seat {seat}'s field holds {state.field_count(seat)} cards; "
                f"the limit is {FIELD_LIMIT}"
            )
        names[seat] = [state.defs[u].name for u, o in enumerate(state.owner) if o == seat]
    state.on_field = {c.uid: c for f in state.fields for c in f}
    state.decklists = (tuple(names[0]), tuple(names[1]))
    state.turn = turn
    state.first = active if turn % 2 == 1 else 1 - active
    state.active = active
    state.phase = phase
    state.played = played
    state.run()
    return state


def _creature(state: FoodChainState, uid: int, seat: int, spec: OnField) -> Creature:
    card = state.defs[uid]
    if not card.is_creature:
        raise BadInput(
            f"{card.name} is a {card.category}, not a creature: it cannot be on the field"
        )
    creature = Creature(uid, card, seat, seat, spec.token)
    creature.exhausted = spec.exhausted
    creature.frozen = spec.frozen
    creature.dry = spec.dry
    creature.attacks = spec.attacks
    if spec.dry:
        creature.lose_everything()
    if spec.keywords is not None:
        creature.kw, creature.strikes = 0, 1
        for text in spec.keywords:
            try:
                bit, strikes = parse_keyword(text)
            except ValueError as exc:
                raise BadInput(str(exc)) from None
            creature.kw |= bit
            if bit == MULTI_STRIKE:
                creature.strikes = strikes
    if spec.paralyzed:
        creature.paralyze()
    if spec.atk is not None:
        creature.atk = spec.atk
    if spec.max_hp is not None:
        creature.max_hp = spec.max_hp
    if spec.hp is not None:
        creature.hp = spec.hp
        creature.max_hp = max(creature.max_hp, spec.hp) if spec.max_hp is None else creature.max_hp
    if creature.hp <= 0 or creature.hp > creature.max_hp:
        raise BadInput(
            f"{card.name}: HP {creature.hp} must be between 1 and max HP {creature.max_hp}"
        )
    return creature


def uid_of(state: FoodChainState, name: str, seat: int | None = None, nth: int = 0) -> int:
    """The instance id of the `nth` card called `name` (of `seat`, if given)."""
    found = [
        uid
        for uid, card in enumerate(state.defs)
        if card.name.lower() == name.lower() and (seat is None or state.owner[uid] == seat)
    ]
    if len(found) <= nth:
        raise KeyError(f"no card {name!r}" + (f" of seat {seat}" if seat is not None else ""))
    return found[nth]


def creature(state: FoodChainState, name: str, seat: int | None = None) -> Creature:
    """The creature called `name` on the field (of `seat`, if given)."""
    for field_ in state.fields:
        for c in field_:
            if c.card.name.lower() == name.lower() and (seat is None or c.seat == seat):
                return c
    raise KeyError(f"no creature {name!r} on the field")
