"""Food Chain rule-test helpers: tiny test cards with precise effects, position shortcuts and
ways to read what happened.

Test cards live in their own pool (`TEST_POOL`, loaded with `load_pool_from`), so their
numbers never change when the shipped pool is rebalanced. A name given to `side`/`on` is
looked up in the test pool first, then in the shipped pool. Operations that name another
card (summon, transform, add to hand) resolve it in the *shipped* pool at run time, so the
test pool only names shipped cards there (copied here so the references check).

Expected numbers in the tests are worked out from the rules text by hand, never read back
from the engine.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sparring.core.events import event_json
from sparring.core.messages import json_default
from sparring.games.foodchain.actions import END_PHASE, RIVAL, Action, Attack, Eat, Play, Target
from sparring.games.foodchain.cards import CardDef, load_pool, load_pool_from
from sparring.games.foodchain.creature import Creature
from sparring.games.foodchain.options import FoodChainOptions
from sparring.games.foodchain.position import OnField, Side, build, uid_of
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.views import view

TEST_CARDS = """
kingdom = "Fish"

# ------------------------------------------------------------------ prey

[[card]]
name = "Prey"
category = "prey"
atk = 1
hp = 1
nutrition = 1

[[card]]
name = "Fat Prey"
category = "prey"
atk = 1
hp = 3
nutrition = 2

[[card]]
name = "Empty Prey"
category = "prey"
atk = 0
hp = 1
nutrition = 0

[[card]]
name = "Martyr"
category = "prey"
atk = 1
hp = 1
nutrition = 1

[[card.ability]]
when = "on_slain"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Herald"
category = "prey"
atk = 1
hp = 1
nutrition = 1

[[card.ability]]
when = "on_play"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Copycat"
category = "prey"
atk = 0
hp = 1
nutrition = 1

[[card.ability]]
when = "on_play"
do = [ { op = "copy_stats", target = "carrion_creature" } ]

[[card]]
name = "Eel"
category = "prey"
atk = 1
hp = 3
nutrition = 1

[[card.ability]]
when = "before_combat"
do = [ { op = "damage", target = "defender", amount = 2 } ]

[[card]]
name = "Sparker"
category = "prey"
atk = 1
hp = 3
nutrition = 1

[[card.ability]]
when = "before_combat"
do = [ { op = "damage", target = "self", amount = 5 } ]

[[card]]
name = "Urchin"
category = "prey"
atk = 0
hp = 3
nutrition = 1

[[card.ability]]
when = "on_defend"
do = [ { op = "damage", target = "attacker", amount = 2 } ]

[[card]]
name = "Turtle"
category = "prey"
atk = 1
hp = 3
nutrition = 1

[[card.ability]]
when = "on_defend"
do = [ { op = "negate", what = "attack" } ]

[[card]]
name = "Survivor"
category = "prey"
atk = 1
hp = 5
nutrition = 1

[[card.ability]]
when = "after_combat"
do = [ { op = "heal", target = "you", amount = 1 } ]

[[card]]
name = "Dawn A"
category = "prey"
atk = 0
hp = 2
nutrition = 1

[[card.ability]]
when = "start_of_turn"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Dawn B"
category = "prey"
atk = 0
hp = 2
nutrition = 1

[[card.ability]]
when = "start_of_turn"
do = [ { op = "heal", target = "you", amount = 2 } ]

[[card]]
name = "Dusk A"
category = "prey"
atk = 0
hp = 2
nutrition = 1

[[card.ability]]
when = "end_of_turn"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Dusk B"
category = "prey"
atk = 0
hp = 2
nutrition = 1

[[card.ability]]
when = "end_of_turn"
do = [ { op = "heal", target = "you", amount = 2 } ]

[[card]]
name = "Dusk Wound"
category = "prey"
atk = 0
hp = 4
nutrition = 1

[[card.ability]]
when = "end_of_turn"
do = [ { op = "damage", target = "self", amount = 2 } ]

[[card]]
name = "Spawner"
category = "prey"
atk = 0
hp = 1
nutrition = 1

[[card.ability]]
when = "on_play"
do = [ { op = "summon", card = "Spring Peeper", amount = 1 } ]

[[card]]
name = "Hatchery"
category = "prey"
atk = 0
hp = 1
nutrition = 1

[[card.ability]]
when = "on_play"
do = [ { op = "summon", card = "Tadpole", amount = 1 } ]

[[card]]
name = "Altar"
category = "prey"
atk = 1
hp = 1
nutrition = 1

[[card.ability]]
when = "sacrifice"
do = [ { op = "damage", target = "rival", amount = 2 } ]

[[card.ability]]
when = "on_slain"
do = [ { op = "heal", target = "you", amount = 3 } ]

[[card]]
name = "Frost Martyr"
category = "prey"
atk = 0
hp = 1
nutrition = 1

[[card.ability]]
when = "on_slain"
do = [ { op = "apply_status", target = "friendly_creatures", status = "frozen" } ]

[[card]]
name = "Dusk Quake"
category = "prey"
atk = 0
hp = 3
nutrition = 1

[[card.ability]]
when = "end_of_turn"
do = [ { op = "damage", target = "all_creatures", amount = 1 } ]

[[card]]
name = "Hexer"
category = "prey"
atk = 0
hp = 1
nutrition = 1
keywords = ["Neurotoxic"]

[[card.ability]]
when = "on_slain"
do = [ { op = "transform", target = "enemy_creatures", card = "Spring Peeper" } ]

[[card]]
name = "Shedder"
category = "prey"
atk = 1
hp = 1
nutrition = 1

[[card.ability]]
when = "discard"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Raiser"
category = "prey"
atk = 0
hp = 1
nutrition = 1

[[card.ability]]
when = "on_play"
do = [ { op = "play", from = "carrion", filter = "predator" } ]

[[card]]
name = "Digger"
category = "prey"
atk = 0
hp = 1
nutrition = 1

[[card.ability]]
when = "on_play"
do = [ { op = "play", from = "deck", filter = "predator" } ]

[[card]]
name = "Spring Peeper"
category = "prey"
atk = 0
hp = 1
nutrition = 1
keywords = ["Free Play"]

[[card.ability]]
when = "on_play"
do = [ { op = "draw", target = "you", amount = 1 } ]

# ------------------------------------------------------------------ predators

[[card]]
name = "Wolf"
category = "predator"
atk = 2
hp = 2

[[card.ability]]
when = "on_play"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Glutton"
category = "predator"
atk = 1
hp = 1

[[card.ability]]
when = "on_consume"
do = [ { op = "heal", target = "you", amount = 1 } ]

[[card.ability]]
when = "on_play"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Hasty Wolf"
category = "predator"
atk = 2
hp = 2
keywords = ["Haste"]

[[card]]
name = "Free Wolf"
category = "predator"
atk = 2
hp = 2
keywords = ["Free Play"]

[[card]]
name = "Scavenger"
category = "predator"
atk = 1
hp = 1
keywords = ["Scavenge"]

[[card]]
name = "Edible Wolf"
category = "predator"
atk = 3
hp = 3
keywords = ["Edible"]

[[card]]
name = "Dusk Wolf"
category = "predator"
atk = 2
hp = 2

[[card.ability]]
when = "end_of_turn"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Kitted Wolf"
category = "predator"
atk = 2
hp = 2
keywords = ["Haste", "Ambush", "Lure", "Acuity", "Multi-Strike 2", "Barrier", "Immune",
  "Hidden", "Inedible", "Edible", "Scavenge", "Neurotoxic", "Toxic", "Poisonous", "Regen"]

[[card.ability]]
when = "end_of_turn"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Seer"
category = "predator"
atk = 1
hp = 2
keywords = ["Acuity"]

[[card.ability]]
when = "after_combat"
do = [ { op = "damage", target = "enemy_creature", amount = 1 } ]

# ------------------------------------------------------------------ spells

[[card]]
name = "Zap"
category = "spell"
do = [ { op = "damage", target = "enemy_creature", amount = 2 } ]

[[card]]
name = "Free Zap"
category = "free_spell"
do = [ { op = "damage", target = "enemy_creature", amount = 1 } ]

[[card]]
name = "Fireball"
category = "spell"
do = [ { op = "damage", target = "rival", amount = 3 } ]

[[card]]
name = "Backfire"
category = "free_spell"
do = [ { op = "damage", target = "both_players", amount = 3 } ]

[[card]]
name = "Storm"
category = "spell"
do = [ { op = "damage", target = "all_creatures", amount = 1 } ]

[[card]]
name = "Smite"
category = "free_spell"
do = [ { op = "damage", target = "enemy_or_rival", amount = 2 } ]

[[card]]
name = "Chill"
category = "free_spell"
do = [ { op = "apply_status", target = "any_creature", status = "frozen" } ]

[[card]]
name = "Numb"
category = "free_spell"
do = [ { op = "apply_status", target = "any_creature", status = "paralysis" } ]

[[card]]
name = "Slay"
category = "free_spell"
do = [ { op = "kill", target = "enemy_creature" } ]

[[card]]
name = "Banish"
category = "free_spell"
do = [ { op = "destroy", target = "enemy_creature" } ]

[[card]]
name = "Pump"
category = "free_spell"
do = [ { op = "buff", target = "friendly_creature", atk = 2, hp = 2 } ]

[[card]]
name = "Luring"
category = "free_spell"
do = [ { op = "grant_keyword", target = "any_creature", keyword = "Lure" } ]

[[card]]
name = "Hiding"
category = "free_spell"
do = [ { op = "grant_keyword", target = "any_creature", keyword = "Hidden" } ]

[[card]]
name = "Unbind"
category = "free_spell"
do = [ { op = "remove_keyword", target = "any_creature", keyword = "Free Play" } ]

[[card]]
name = "Slow"
category = "free_spell"
do = [ { op = "remove_keyword", target = "any_creature", keyword = "Multi-Strike 2" } ]

[[card]]
name = "Fork"
category = "free_spell"
do = [ { op = "choose", options = [
  { label = "heal", do = [ { op = "heal", target = "you", amount = 2 } ] },
  { label = "zap", do = [ { op = "damage", target = "enemy_creature", amount = 1 } ] },
] } ]

[[card]]
name = "Pilfer"
category = "free_spell"
do = [ { op = "discard", target = "rival", amount = 1 } ]

[[card]]
name = "Offering"
category = "free_spell"
do = [ { op = "sacrifice", target = "friendly_creature" } ]

[[card]]
name = "Salve"
category = "free_spell"
do = [ { op = "heal", target = "you", amount = 5 } ]

[[card]]
name = "Mend"
category = "free_spell"
do = [ { op = "heal", target = "friendly_creature", amount = 5 } ]

[[card]]
name = "Renew"
category = "free_spell"
do = [ { op = "regen", target = "friendly_creature" } ]

[[card]]
name = "Snatch"
category = "spell"
do = [ { op = "steal", target = "enemy_creature" } ]

[[card]]
name = "Peek"
category = "free_spell"
do = [ { op = "reveal_hand", target = "rival" } ]

[[card]]
name = "Hasten"
category = "spell"
keywords = ["Free Play"]
do = [ { op = "draw", target = "you", amount = 1 } ]

[[card]]
name = "Brainstorm"
category = "free_spell"
do = [ { op = "draw", target = "you", amount = 1 } ]

[[card]]
name = "Idle"
category = "free_spell"
do = [ { op = "draw", target = "you", amount = 1 } ]

[[card]]
name = "Pick Me"
category = "free_spell"
do = [ { op = "damage", target = "any_creature", amount = 1 } ]

# ------------------------------------------------------------------ field spells

[[card]]
name = "Pond"
category = "field_spell"

[[card.ability]]
when = "end_of_turn"
do = [ { op = "heal", target = "you", amount = 1 } ]

[[card]]
name = "Marsh"
category = "field_spell"

[[card.ability]]
when = "end_of_turn"
do = [ { op = "damage", target = "rival", amount = 1 } ]

# ------------------------------------------------------------------ traps, one per window

[[card]]
name = "Snare"
category = "trap"
trigger = "rival_attacks_directly"
do = [ { op = "negate", what = "attack" } ]

[[card]]
name = "Parry"
category = "trap"
trigger = "creature_attacked"
do = [ { op = "damage", target = "attacker", amount = 2 } ]

[[card]]
name = "Counter"
category = "trap"
trigger = "rival_plays_card"
do = [ { op = "negate", what = "play" } ]

[[card]]
name = "Pitfall"
category = "trap"
trigger = "rival_plays_predator"
do = [ { op = "damage", target = "enemy_creatures", amount = 1 } ]

[[card]]
name = "Veto"
category = "trap"
trigger = "rival_plays_predator"
do = [ { op = "negate", what = "play" } ]

[[card]]
name = "Tripwire"
category = "trap"
trigger = "rival_plays_prey"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Shield"
category = "trap"
trigger = "noncombat_damage"
do = [ { op = "negate", what = "damage" } ]

[[card]]
name = "Reflex"
category = "trap"
trigger = "creature_targeted"
do = [ { op = "grant_keyword", target = "trigger", keyword = "Barrier" } ]

[[card]]
name = "Vengeance"
category = "trap"
trigger = "creature_slain"
do = [ { op = "damage", target = "rival", amount = 2 } ]

[[card]]
name = "Tax"
category = "trap"
trigger = "rival_draws"
do = [ { op = "damage", target = "rival", amount = 1 } ]

[[card]]
name = "Stand Fast"
category = "trap"
trigger = "hp_would_reach_zero"
do = [ { op = "negate", what = "damage" } ]
"""

TEST_TOKENS = """
kingdom = "Tokens"

[[card]]
name = "Tadpole"
category = "token"
atk = 0
hp = 1
nutrition = 1
"""

# A free spell that does nothing visible (its owner's deck is empty in most positions):
# holding it keeps a main phase from passing by itself, so a test can stop there.
STOP = "Idle"

TEST_POOL = load_pool_from({"test.toml": TEST_CARDS, "tokens.toml": TEST_TOKENS})
# Cards the test pool copies from the shipped pool (for references); everything else must
# not share a name with a shipped card, so a test never means one and gets the other.
COPIED = {"Spring Peeper", "Tadpole"}
assert not {
    c.name for c in TEST_POOL.cards.values() if c.name not in COPIED and load_pool().get(c.name)
}


def card(name: str) -> CardDef:
    """A card by name: the test pool first, then the shipped pool."""
    found = TEST_POOL.get(name)
    return found if found is not None else load_pool().card(name)


CardName = str | CardDef
CardSpec = CardName | OnField


def _def(name: CardName) -> CardDef:
    return name if isinstance(name, CardDef) else card(name)


def _field_item(spec: CardSpec) -> CardDef | OnField:
    if isinstance(spec, OnField):
        spec.card = _def(spec.card)
        return spec
    return _def(spec)


def on(name: CardName, **overrides: Any) -> OnField:
    """A field creature with overrides (atk, hp, max_hp, keywords, exhausted, frozen,
    paralyzed, dry, token, attacks)."""
    return OnField(_def(name), **overrides)


def side(
    hp: int = 10,
    hand: Sequence[CardName] = (),
    deck: Sequence[CardName] = (),
    field: Sequence[CardSpec] = (),
    field_spell: CardName | None = None,
    carrion: Sequence[CardName] = (),
    exile: Sequence[CardName] = (),
) -> Side:
    """One seat of a position, with names resolved through `card` (deck: top card first)."""
    return Side(
        hp=hp,
        hand=[_def(c) for c in hand],
        deck=[_def(c) for c in deck],
        field=[_field_item(c) for c in field],
        field_spell=None if field_spell is None else _def(field_spell),
        carrion=[_def(c) for c in carrion],
        exile=[_def(c) for c in exile],
    )


def pos(
    me: Side,
    rival: Side,
    phase: str = "main1",
    active: int = 0,
    played: bool = False,
    turn: int = 3,
    seed: int = 0,
    options: FoodChainOptions | None = None,
) -> FoodChainState:
    """A position with `me` as seat 0 and `rival` as seat 1 (seat `active` to move)."""
    return build(
        (me, rival),
        active=active,
        phase=phase,
        played=played,
        turn=turn,
        seed=seed,
        options=options,
    )


def uid(state: FoodChainState, name: str, seat: int | None = None, nth: int = 0) -> int:
    return uid_of(state, name, seat, nth)


def cr(state: FoodChainState, name: str, seat: int | None = None) -> Creature:
    """The first creature on the field (of `seat`, if given) whose card is `name`."""
    for field_ in state.fields:
        for c in field_:
            if c.card.name.lower() == name.lower() and (seat is None or c.seat == seat):
                return c
    raise KeyError(f"no creature {name!r} on the field")


def fid(state: FoodChainState, name: str, seat: int | None = None) -> int:
    """The uid of that creature."""
    return cr(state, name, seat).uid


def on_field(state: FoodChainState, name: str, seat: int | None = None, nth: int = 0) -> bool:
    return uid_of(state, name, seat, nth) in state.on_field


def names(state: FoodChainState, uids: list[int]) -> list[str]:
    return [state.defs[u].name for u in uids]


def field_names(state: FoodChainState, seat: int) -> list[str]:
    return [c.card.name for c in state.fields[seat]]


def events(state: FoodChainState, kind: str | None = None, since: int = 0) -> list[dict[str, Any]]:
    """The events (JSON form) since index `since`, of `kind` if given."""
    return [event_json(e) for e in state.events[since:] if kind is None or e[0] == kind]


def kinds(state: FoodChainState, since: int = 0) -> list[str]:
    return [e[0] for e in state.events[since:]]


def apply(state: FoodChainState, *actions: Action) -> FoodChainState:
    """Apply the actions in order (each for whoever must decide)."""
    for action in actions:
        state.apply(action)
    return state


def in_hand(state: FoodChainState, name: str, seat: int | None = None) -> int:
    """The first card called `name` in the hand of `seat` (default: the active player)."""
    seat = state.active if seat is None else seat
    for u in state.hands[seat]:
        if state.defs[u].name.lower() == name.lower():
            return u
    raise KeyError(f"no {name!r} in seat {seat}'s hand")


def play(state: FoodChainState, name: str) -> FoodChainState:
    """The active player plays the first card called `name` in their hand."""
    state.apply(Play(in_hand(state, name)))
    return state


def eat(state: FoodChainState, *uids: int) -> FoodChainState:
    state.apply(Eat(tuple(sorted(uids))))
    return state


def target(state: FoodChainState, uid_: int | None = None, player: int | None = None) -> None:
    state.apply(Target(card=uid_) if player is None else Target(player=player))


def attack(state: FoodChainState, attacker: int, target_: int | None = None) -> FoodChainState:
    state.apply(Attack(attacker, RIVAL if target_ is None else target_))
    return state


def end_phase(state: FoodChainState, times: int = 1) -> FoodChainState:
    for _ in range(times):
        state.apply(END_PHASE)
    return state


def fingerprint(state: FoodChainState) -> str:
    """Everything that matters of a state, for "the refused action changed nothing"."""
    return json.dumps(
        {
            "view": view(state, None),
            "hands": state.hands,
            "decks": state.decks,
            "revealed": [sorted(r) for r in state.revealed],
            "played": state.played,
            "pending": None if state.pending is None else repr(state.pending.options),
            "events": len(state.events),
        },
        sort_keys=True,
        default=json_default,
    )


__all__ = [
    "END_PHASE",
    "STOP",
    "TEST_POOL",
    "OnField",
    "Side",
    "apply",
    "attack",
    "card",
    "cr",
    "eat",
    "end_phase",
    "events",
    "fid",
    "field_names",
    "fingerprint",
    "in_hand",
    "kinds",
    "names",
    "on",
    "on_field",
    "play",
    "pos",
    "side",
    "target",
    "uid",
]
