"""Food Chain scenarios: any mid-game position from a scenario file, steps that name cards
instead of numbering them, and the expectations a Food Chain scenario can state (see
``docs/scenarios.md``).

The position is made by `position.build`, a real `FoodChainState` whose starting table
differs from a dealt game's, so everything after it runs exactly the engine code of a real
game. Positions no game can reach (a token in a hand, a field spell on the creature row, a
creature above its max HP, a fourth card on a field) are refused with a one-line error
naming the table, so a scenario can only ever prove something about a real game.

Cards are named, never numbered: ``"Cane Toad"``, ``"Tadpole#2"`` (the second card of that
name, counting in instance-id order, i.e. creation order) or ``{ card = "Cane Toad", seat =
1 }`` (a card owned by seat 1). Names are checked against the pool (and the scenario's own
``[[card]]`` definitions, for rules the pool cannot reach) while the file is validated;
they are matched to instance ids when the step runs or the expectation is checked, so cards
that do not exist yet (tokens, added cards) can be named too, and a creature on the field
goes by what it is now. The state handed to the runner is therefore a thin wrapper that
resolves those names in `apply` and forwards everything else.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from sparring.core.errors import BadInput, IllegalAction
from sparring.core.scenario import (
    Check,
    EventsCheck,
    Mismatch,
    Node,
    ValueCheck,
    Wrapped,
    check_event_shape,
    check_range,
    list_of,
    observer,
    show,
    unwrap,
    value_expectation,
)

from .actions import (
    END_PHASE,
    RIVAL,
    Action,
    Activate,
    Attack,
    Choose,
    Eat,
    EndPhase,
    Order,
    Play,
    Target,
    card_of,
)
from .cards import CardDef, _card, _named_cards, load_pool
from .creature import Creature
from .keywords import MULTI_STRIKE, keyword_names, parse_keyword
from .limits import FIELD_LIMIT, START_HP, TURN_CAP
from .options import ORIGINAL_RULINGS, FoodChainOptions
from .phases import ALL_PHASES, MAIN1, OVER
from .position import PHASES, OnField, Side, build
from .state import FoodChainState
from .vocabulary import FIELD_SPELL, PREDATOR, TOKEN

SEATS = (0, 1)
NONE = "none"
DRAW = "draw"
DECISIONS = ("eat", "target", "tutor", "play", "choose", "order")

# Per-creature values a position may set (and an expectation may check): key -> kind.
CREATURE_SETUP: dict[str, type | tuple[type, ...]] = {
    "atk": int,
    "hp": int,
    "max_hp": int,
    "keywords": list,
    "exhausted": bool,
    "frozen": bool,
    "paralyzed": bool,
    "dry": bool,
    "token": bool,
    "attacks": int,
}
CREATURE_EXPECT: dict[str, tuple[type, Callable[[Creature], Any]]] = {
    "atk": (int, lambda c: c.atk),
    "hp": (int, lambda c: c.hp),
    "max_hp": (int, lambda c: c.max_hp),
    "keywords": (list, lambda c: keyword_names(c.kw, c.strikes)),
    "exhausted": (bool, lambda c: c.exhausted),
    "frozen": (bool, lambda c: c.frozen),
    "paralyzed": (bool, lambda c: c.paralyzed),
    "dry": (bool, lambda c: c.dry),
    "token": (bool, lambda c: c.token),
    "attacks": (int, lambda c: c.attacks),
    "owner": (int, lambda c: c.owner),
}


# --------------------------------------------------------------------- card names


# Cards the scenario being read defines itself (`[[card]]`), known to its steps and
# expectations: set by `build`, which the runner calls before reading them.
_LOCAL: ContextVar[Mapping[str, CardDef]] = ContextVar(
    "foodchain_scenario_cards", default=MappingProxyType({})
)


def pool_card(where: str, name: Any) -> CardDef:
    """The card called `name` (pool or scenario card), or an error naming the place and a
    near miss."""
    if not isinstance(name, str):
        raise BadInput(f"{where}: expected a card name, got {show(name)}")
    pool = load_pool()
    local = _LOCAL.get()
    found = pool.get(name) or local.get(name.strip().lower())
    if found is None:
        names = [card.name for card in pool.cards.values()]
        names += [card.name for card in local.values()]
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else " (see the card pool)"
        raise BadInput(f"{where}: unknown card {name!r}{hint}")
    return found


def pool_cards(where: str, value: Any) -> list[CardDef]:
    items = list_of(where, value, str, None)
    return [pool_card(f"{where}[{i}]", name) for i, name in enumerate(items)]


@dataclass(frozen=True)
class CardRef:
    """A card named in a step: the name, which one of that name (1-based, in instance-id
    order; 0 = the only one), and the owner when given."""

    name: str
    nth: int
    seat: int | None
    where: str

    def __str__(self) -> str:
        text = self.name + (f"#{self.nth}" if self.nth else "")
        return text + (f" of seat {self.seat}" if self.seat is not None else "")

    def resolve(self, state: FoodChainState) -> int:
        """The instance id this reference names in `state` now."""
        found = [
            uid
            for uid, name in enumerate(current_names(state))
            if name == self.name and (self.seat is None or state.owner[uid] == self.seat)
        ]
        if not found:
            raise IllegalAction(f"{self.where}: there is no card {self} in this game")
        if self.nth == 0:
            if len(found) > 1:
                raise BadInput(
                    f"{self.where}: {len(found)} cards are called {self.name!r}; write "
                    f"{self.name!r}#1 to #{len(found)}, or give the seat"
                )
            return found[0]
        if self.nth > len(found):
            raise IllegalAction(f"{self.where}: there are only {len(found)} cards {self.name!r}")
        return found[self.nth - 1]


def _split_nth(where: str, text: str) -> tuple[str, int]:
    if "#" not in text:
        return text, 0
    name, _, number = text.rpartition("#")
    if not number.isdigit() or int(number) < 1:
        raise BadInput(f"{where}: write the n-th card of a name as 'Name#n' (n from 1)")
    return name, int(number)


def card_ref(where: str, value: Any) -> CardRef:
    """A reference: ``"Name"``, ``"Name#2"`` or ``{ card = "Name#2", seat = 1 }``."""
    seat = None
    if isinstance(value, dict):
        node = Node(value, where)
        text = node.get("card", str)
        seat = node.integer("seat", None, 0, 1)
        node.finish()
        where_name = node.path("card")
    elif isinstance(value, str):
        text, where_name = value, where
    else:
        raise BadInput(
            f"{where}: expected a card name or {{card = ..., seat = ...}}, got {show(value)}"
        )
    name, nth = _split_nth(where_name, text.strip())
    return CardRef(pool_card(where_name, name).name, nth, seat, where)


def current_names(state: FoodChainState) -> list[str]:
    """Every card's name by instance id: a creature on the field by what it is now (a
    transformed creature by its new card), any other card by its printed name."""
    names = [card.name for card in state.defs]
    for uid, creature in state.on_field.items():
        names[uid] = creature.card.name
    return names


def _label(state: FoodChainState, uid: int) -> str:
    """A card's name for people, with ``#n`` when the game holds several of that name."""
    names = current_names(state)
    same = [u for u, name in enumerate(names) if name == names[uid]]
    return names[uid] if len(same) == 1 else f"{names[uid]}#{same.index(uid) + 1}"


def describe_action(state: FoodChainState, action: Action) -> str:
    """An action as a `legal` expectation writes it."""
    if isinstance(action, Play):
        return f"play {_label(state, action.card)}"
    if isinstance(action, Activate):
        return f"activate {_label(state, action.card)}"
    if isinstance(action, Attack):
        target = "rival" if action.defender is None else _label(state, action.defender)
        return f"attack {_label(state, action.attacker)} -> {target}"
    if isinstance(action, EndPhase):
        return "end phase"
    if isinstance(action, Eat):
        eaten = " + ".join(sorted(_label(state, u) for u in action.cards))
        return f"eat {eaten or 'nothing'}"
    if isinstance(action, Target):
        if action.player is not None:
            return f"target player {action.player}"
        return f"target {_label(state, card_of(action))}"
    if isinstance(action, Choose):
        return f"choose {action.option}"
    return f"order {_label(state, action.card)}"


# --------------------------------------------------------------------- steps


@dataclass(frozen=True)
class NamedAction:
    """A step's action with cards still named; `make` builds the engine action from ids."""

    refs: tuple[CardRef, ...]
    make: Callable[[list[int]], Action]


class ScenarioState(Wrapped):
    """The built `FoodChainState` plus name resolution: `apply` turns a `NamedAction` into
    the engine's action; every other attribute is the engine state's own."""

    def apply(self, action: NamedAction | Action, player: int | None = None) -> None:
        if isinstance(action, NamedAction):
            action = action.make([ref.resolve(self.game) for ref in action.refs])
        self.game.apply(action, player)


# The actions a scenario step names by one card.
CARD_ACTIONS: dict[str, Callable[[int], Action]] = {
    "play": Play,
    "activate": Activate,
    "order": Order,
}
ACTION_KEYS = ("play", "activate", "attack", "end_phase", "eat", "target", "choose", "order")


def _named_action(node: Node) -> NamedAction:
    present = [k for k in ACTION_KEYS if k in node.data]
    if "attack" in present and "target" in present:
        present.remove("target")
    if len(present) != 1:
        raise BadInput(
            f"{node.where}: give exactly one action of {', '.join(ACTION_KEYS)} "
            f"(with `target` for an attack), got {len(present)}"
        )
    key = present[0]
    node.allow(*ACTION_KEYS)
    if key in ("play", "activate", "order"):
        ref = card_ref(node.path(key), node.get(key, (str, dict)))
        make = CARD_ACTIONS[key]
        out = NamedAction((ref,), lambda ids: make(ids[0]))
    elif key == "attack":
        attacker = card_ref(node.path(key), node.get(key, (str, dict)))
        target = node.get("target", (str, dict))
        if target == "rival":
            out = NamedAction((attacker,), lambda ids: Attack(ids[0], RIVAL))
        else:
            defender = card_ref(node.path("target"), target)
            out = NamedAction((attacker, defender), lambda ids: Attack(ids[0], ids[1]))
    elif key == "end_phase":
        if node.get(key, bool) is not True:
            raise BadInput(f"{node.path(key)}: write end_phase = true")
        out = NamedAction((), lambda ids: END_PHASE)
    elif key == "eat":
        where = node.path(key)
        raw = list_of(where, node.get(key, list), (str, dict), None)
        refs = tuple(card_ref(f"{where}[{i}]", v) for i, v in enumerate(raw))
        out = NamedAction(refs, lambda ids: Eat(tuple(sorted(ids))))
    elif key == "target":
        value = node.get(key, (str, dict))
        if isinstance(value, dict) and "player" in value:
            sub = Node(value, node.path(key))
            player = sub.integer("player", low=0, high=1)
            sub.finish()
            out = NamedAction((), lambda ids: Target(player=player))
        else:
            ref = card_ref(node.path(key), value)
            out = NamedAction((ref,), lambda ids: Target(card=ids[0]))
    else:
        option = node.integer(key, low=0)
        out = NamedAction((), lambda ids: Choose(option))
    node.finish()
    return out


# --------------------------------------------------------------------- setup


def _options(doc: Node) -> FoodChainOptions:
    node = doc.table("options")
    if node is None:
        return FoodChainOptions()
    turn_cap = node.integer("turn_cap", TURN_CAP, 1)
    hp_cap = node.get("hp_cap", bool, False)
    rulings = {name: node.get(name, bool, False) for name in ORIGINAL_RULINGS}
    node.finish()
    return FoodChainOptions(turn_cap=turn_cap, hp_cap=hp_cap, **rulings)


def _no_tokens(where: str, cards: list[CardDef]) -> None:
    for index, card in enumerate(cards):
        if card.category == TOKEN:
            raise BadInput(
                f"{where}[{index}]: {card.name} is a token: tokens exist only on the field"
            )


def _keywords(where: str, value: Any) -> list[str]:
    items = list_of(where, value, str, None)
    for index, text in enumerate(items):
        try:
            parse_keyword(text)
        except ValueError as error:
            raise BadInput(f"{where}[{index}]: {error}") from None
    return items


def _on_field(where: str, item: Any) -> OnField:
    """One creature of a ``field`` list: a name, or a table with overrides."""
    if isinstance(item, str):
        card = pool_card(where, item)
        spec = OnField(card, token=card.category == TOKEN)
    elif isinstance(item, dict):
        node = Node(item, where)
        card = pool_card(node.path("card"), node.get("card", str))
        values: dict[str, Any] = {}
        for key, kind in CREATURE_SETUP.items():
            if node.has(key):
                values[key] = node.get(key, kind)
        node.finish()
        if "keywords" in values:
            values["keywords"] = _keywords(node.path("keywords"), values["keywords"])
        for key in ("atk", "attacks"):
            if key in values:
                check_range(node.path(key), values[key], 0, None)
        for key in ("hp", "max_hp"):
            if key in values:
                check_range(node.path(key), values[key], 1, None)
        values.setdefault("token", card.category == TOKEN)
        spec = OnField(card, **values)
        if card.category == TOKEN and not spec.token:
            raise BadInput(f"{node.path('token')}: {card.name} is a token card")
        if spec.dry and card.category != PREDATOR:
            raise BadInput(f"{node.path('dry')}: only a predator can be dry-dropped")
        hp = card.hp if spec.hp is None else spec.hp
        top = spec.max_hp if spec.max_hp is not None else max(card.hp, hp)
        if hp > top:
            raise BadInput(f"{node.path('hp')}: {hp} is above the max HP {top}")
    else:
        raise BadInput(f"{where}: expected a card name or a table, got {show(item)}")
    if not card.is_creature:
        raise BadInput(f"{where}: {card.name} is a {card.category}, not a creature")
    return spec


def _side(node: Node | None) -> Side:
    if node is None:
        return Side()
    hp = node.integer("hp", START_HP, 1)
    piles: dict[str, list[CardDef]] = {}
    for key in ("hand", "deck", "carrion", "exile"):
        piles[key] = pool_cards(node.path(key), node.get(key, list, []))
        _no_tokens(node.path(key), piles[key])
    field_items = node.get("field", list, [])
    field = [_on_field(f"{node.path('field')}[{i}]", v) for i, v in enumerate(field_items)]
    spell = None
    if node.has("field_spell"):
        spell = pool_card(node.path("field_spell"), node.get("field_spell", str))
        if spell.category != FIELD_SPELL:
            raise BadInput(f"{node.path('field_spell')}: {spell.name} is not a field spell")
    node.finish()
    count = len(field) + (spell is not None)
    if count > FIELD_LIMIT:
        raise BadInput(
            f"{node.where}: the field holds {count} cards (creatures and field spell); "
            f"the limit is {FIELD_LIMIT}"
        )
    return Side(
        hp, piles["hand"], piles["deck"], list(field), spell, piles["carrion"], piles["exile"]
    )


def _local_cards(doc: Node) -> dict[str, CardDef]:
    """Cards defined by the scenario (``[[card]]``, as in a kingdom file) for rules the
    pool cannot reach; they may name pool cards only (summon, transform, add to hand)."""
    pool = load_pool()
    local: dict[str, CardDef] = {}
    for node in doc.tables("card"):
        category = node.data.get("category")
        kingdom = "Tokens" if category == TOKEN else "Scenario"
        card = _card(node.where, kingdom, node.data)
        key = card.name.lower()
        if pool.get(key) is not None or key in local:
            raise BadInput(f"{node.where}.name: a card called {card.name!r} already exists")
        for op, name in _named_cards(card):
            if pool.get(name) is None:
                raise BadInput(f"{node.where}: {op} names {name!r}, which is not a pool card")
        local[key] = card
    return local


class FoodChainScenario:
    """The Food Chain half of the scenario runner (`sparring.core.scenario.ScenarioGame`)."""

    def build(self, doc: Node, seed: int) -> ScenarioState:
        _LOCAL.set(_local_cards(doc))
        options = _options(doc)
        node = doc.table("position")
        if node is None:
            raise BadInput("position is missing: give [position] with its seats")
        active = node.integer("active", 0, 0, 1)
        phase = node.get("phase", str, MAIN1)
        if phase not in PHASES:
            raise BadInput(
                f"{node.path('phase')}: expected one of {', '.join(PHASES)}, got {phase!r}"
            )
        played = node.get("played", bool, False)
        turn = node.integer("turn", 3, 1, 2 * options.turn_cap)
        sides = [_side(node.table(f"seat{s}")) for s in SEATS]
        node.finish()
        state = build((sides[0], sides[1]), active, phase, played, turn, seed, options)
        if state.rng.log:
            raise BadInput(
                "position: the engine moved on by itself from this position and drew at "
                "random; start from a position where a player has a choice"
            )
        return ScenarioState(state)

    def action(self, value: Any, where: str) -> NamedAction:
        return _named_action(Node(dict(value), where))

    def checks(self, expect: Node) -> list[Check]:
        out: list[Expectation] = []
        seats = {f"seat{seat}": seat for seat in SEATS}
        expect.allow(*_GAME, *seats)
        for key in expect.present():
            if key in _GAME:
                check = _GAME[key](expect, key)
                if check is not None:
                    out.append(check)
            elif key in seats:
                node = expect.table(key)
                assert node is not None
                out.extend(_seat_checks(node, seats[key]))
        return as_checks(out)


# --------------------------------------------------------------------- expectations


def as_checks(expectations: list[Expectation]) -> list[Check]:
    """The expectations as the scenario runner takes them (see `Expectation`)."""
    return list(expectations)


def _winner(state: FoodChainState) -> Any:
    if state.phase != OVER:
        return NONE
    return DRAW if state.winner is None else state.winner


def _winner_check(node: Node, key: str) -> Expectation:
    value = node.get(key, (int, str))
    if value not in (0, 1, DRAW, NONE):
        raise BadInput(f"{node.path(key)}: expected 0, 1, 'draw' or 'none', got {show(value)}")
    return ValueCheck(node.path(key), value, observer(_winner))


def _pending(state: FoodChainState) -> str:
    return NONE if state.pending is None else state.pending.kind


def _normal_action(text: str) -> str:
    """An action as `legal` compares it: what a predator eats, in alphabetical order."""
    if text.startswith("eat ") and " + " in text:
        return "eat " + " + ".join(sorted(part.strip() for part in text[4:].split(" + ")))
    return text


def _legal_check(node: Node, key: str) -> Expectation:
    items = list_of(node.path(key), node.get(key, list), str, None)
    items = sorted(_normal_action(item) for item in items)

    def observe(state: Any) -> list[str]:
        game = unwrap(state)
        return sorted(describe_action(game, a) for a in game.legal_actions())

    return ValueCheck(node.path(key), items, observe)


# Event fields that hold a card id (``eaten`` a list of them): a `log` names those cards.
# ``source`` is a card only in a target event (a play's source is a zone), ``target`` only
# in an attack (where a direct attack's target is written "rival").
CARD_FIELDS = ("card", "attacker", "target", "predator", "source", "eaten")


def _card_fields(kind: str) -> tuple[str, ...]:
    return tuple(
        f
        for f in CARD_FIELDS
        if (f != "source" or kind == "target") and (f != "target" or kind == "attack")
    )


def _labelled(state: FoodChainState, event: dict[str, Any]) -> dict[str, Any]:
    """An event with its card ids replaced by the cards' labels (``Name`` or ``Name#n``)."""
    out = dict(event)
    if out["kind"] == "attack" and out.get("target") is None:
        out["target"] = "rival"
    for key in _card_fields(out["kind"]):
        value = out.get(key)
        if isinstance(value, list):
            out[key] = [_label(state, v) for v in value]
        elif (
            isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(state.defs)
        ):
            out[key] = _label(state, value)
    return out


@dataclass(frozen=True)
class LogCheck:
    """`events` with cards named: expected card fields are references, resolved when checked;
    both sides are compared (and reported) with card labels instead of ids."""

    path: str
    expected: tuple[dict[str, Any], ...]
    exact: bool

    def diff(self, state: Any, events: Sequence[dict[str, Any]]) -> Mismatch | None:
        game = unwrap(state)
        wanted = []
        for index, event in enumerate(self.expected):
            out = dict(event)
            for key in _card_fields(event["kind"]):
                value = out.get(key)
                try:
                    if isinstance(value, CardRef):
                        out[key] = _label(game, value.resolve(game))
                    elif isinstance(value, list):
                        out[key] = [_label(game, ref.resolve(game)) for ref in value]
                except IllegalAction:
                    return Mismatch(
                        f"{self.path}[{index}].{key}", f"a card {show(event[key])}", "no such card"
                    )
            wanted.append(out)
        actual = [_labelled(game, e) for e in events]
        return EventsCheck(self.path, tuple(wanted), self.exact).diff(state, actual)


# The expectations this plug-in makes. Core's `Check` protocol declares ``path`` as a
# settable attribute while `ValueCheck` (core's) and `LogCheck` are frozen dataclasses, so
# mypy sees them as not matching it though the runner only reads ``path``; `as_checks` is
# the one place that hands them over as `Check`s.
Expectation = Check | ValueCheck | LogCheck


def _log_check(node: Node, key: str) -> Expectation:
    mode = node.get("log_match", str, "subsequence")
    if mode not in ("subsequence", "exact"):
        raise BadInput(f"{node.path('log_match')}: expected 'subsequence' or 'exact', got {mode!r}")
    where = node.path(key)
    items = list_of(where, node.get(key, list), dict, None)
    expected = []
    for index, item in enumerate(items):
        at = f"{where}[{index}]"
        check_event_shape(at, item)
        kind = item["kind"]
        event = dict(item)
        for field in _card_fields(kind):
            if field not in event or (field == "target" and event[field] == "rival"):
                continue
            if field == "eaten":
                values = list_of(f"{at}.eaten", event[field], (str, dict), None)
                event[field] = [card_ref(f"{at}.eaten[{i}]", v) for i, v in enumerate(values)]
            else:
                event[field] = card_ref(f"{at}.{field}", event[field])
        expected.append(event)
    return LogCheck(where, tuple(expected), mode == "exact")


def _log_match_check(node: Node, key: str) -> Expectation | None:
    if not node.has("log"):
        raise BadInput(f"{node.path(key)} is given without log")
    return None


_GAME: dict[str, Callable[[Node, str], Expectation | None]] = {
    "winner": _winner_check,
    "phase": value_expectation(str, lambda s: s.phase, ALL_PHASES),
    "active": value_expectation(int, lambda s: s.active, SEATS),
    "to_move": value_expectation(int, lambda s: s.current_player, (-1, 0, 1)),
    "played": value_expectation(bool, lambda s: s.played),
    "turn": value_expectation(int, lambda s: s.turn),
    "pending": value_expectation(str, _pending, (*DECISIONS, NONE)),
    "end_reason": value_expectation(str, lambda s: s.end_reason),
    "legal": _legal_check,
    "log": _log_check,
    "log_match": _log_match_check,
}


def _names(state: FoodChainState, uids: list[int]) -> list[str]:
    return [state.defs[u].name for u in uids]


def _names_check(node: Node, key: str, read: Callable[[FoodChainState], list[str]]) -> Expectation:
    names = [c.name for c in pool_cards(node.path(key), node.get(key, list))]
    return ValueCheck(node.path(key), names, observer(read))


def _seat_checks(node: Node, seat: int) -> list[Expectation]:
    def pile(read: Callable[[FoodChainState], list[int]]) -> Callable[[FoodChainState], list[str]]:
        return lambda s: _names(s, read(s))

    # A creature is named by what it is now (a transformed one by its new card).
    piles: dict[str, Callable[[FoodChainState], list[str]]] = {
        "hand": pile(lambda s: s.hands[seat]),
        "deck": pile(lambda s: list(reversed(s.decks[seat]))),
        "carrion": pile(lambda s: s.carrion[seat]),
        "exile": pile(lambda s: s.exile[seat]),
        "field": lambda s: [c.card.name for c in s.fields[seat]],
        "revealed": pile(lambda s: [u for u in s.hands[seat] if u in s.revealed[seat]]),
    }
    counts: dict[str, Callable[[FoodChainState], int]] = {
        "hp": lambda s: s.hp[seat],
        "hand_count": lambda s: len(s.hands[seat]),
        "deck_count": lambda s: len(s.decks[seat]),
    }
    node.allow(*piles, *counts, "field_spell", "creature")
    out: list[Expectation] = []
    for key in node.present():
        if key in piles:
            out.append(_names_check(node, key, piles[key]))
        elif key in counts:
            value = node.get(key, int)
            out.append(ValueCheck(node.path(key), value, observer(counts[key])))
        elif key == "field_spell":
            value = node.get(key, str)
            if value != NONE:
                value = pool_card(node.path(key), value).name

            def spell(s: FoodChainState) -> str:
                uid = s.field_spell[seat]
                return NONE if uid is None else s.defs[uid].name

            out.append(ValueCheck(node.path(key), value, observer(spell)))
        elif key == "creature":
            table = node.table(key)
            assert table is not None
            for name in table.present():
                sub = table.table(name)
                if sub is None:
                    raise BadInput(f"{table.path(name)}: expected a table of expected values")
                out.extend(_creature_checks(sub, seat, name))
            table.finish()
    node.finish()
    return out


class _Absent:
    """What a creature expectation sees when the creature is not on that field."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def _creature_checks(node: Node, seat: int, key: str) -> list[Expectation]:
    """Checks of ``expect.seatN.creature."Name#n"``: the n-th creature of that name on seat
    N's field, in field order."""
    name, nth = _split_nth(node.where, key)
    name = pool_card(node.where, name).name
    index = max(nth, 1) - 1

    def find(state: FoodChainState) -> Creature | _Absent:
        found = [c for c in state.fields[seat] if c.card.name == name]
        if nth == 0 and len(found) > 1:
            return _Absent(f"{len(found)} creatures called {name!r} (write {name}#n)")
        if index < len(found):
            return found[index]
        return _Absent(f"no {key} on seat {seat}'s field")

    node.allow(*CREATURE_EXPECT)
    out: list[Expectation] = []
    for field in node.present():
        if field not in CREATURE_EXPECT:
            continue
        kind, read = CREATURE_EXPECT[field]
        value = node.get(field, kind)
        if field == "keywords":
            value = _canonical_keywords(node.path(field), value)

        def observe(state: Any, read: Callable[[Creature], Any] = read) -> Any:
            creature = find(unwrap(state))
            return creature if isinstance(creature, _Absent) else read(creature)

        out.append(ValueCheck(node.path(field), value, observe))
    node.finish()
    return out


def _canonical_keywords(where: str, value: Any) -> list[str]:
    """Expected keywords in the engine's canonical order (the file may list them in any)."""
    bits, strikes = 0, 1
    for text in _keywords(where, value):
        bit, count = parse_keyword(text)
        bits |= bit
        if bit == MULTI_STRIKE:
            strikes = count
    return keyword_names(bits, strikes)


SCENARIO = FoodChainScenario()
