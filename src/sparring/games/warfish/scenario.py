"""Warfish scenarios: any position from a scenario file, the actions a step may take, and the
expectations a Warfish scenario can state (see ``docs/scenarios.md``, "Warfish").

The position is made by `position.build` from ``[options]`` and ``[position]``, so
everything after it runs the engine's own code. Files name territories and cards, never
indices: actions are written in their JSON form or in a short form whose key is the action
type (``{ attack = "Iceland", target = "Scandinavia", dice = 3 }``), with territory names
(an index is accepted too, so a refusal of a bad index can be shown) and cards as territory
names or ``"wild"``. A traded ``"wild"`` is the mover's next wild, found when the step runs.

Chance is the engine's: ``attack_die`` and ``defend_die`` (face − 1; all the attacker's
dice of a roll, then the defender's) and ``card_draw`` (an index into the deck, which is
kept sorted by card id: territory cards in map order, then the two wilds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeAlias

from msgspec import UNSET

from sparring.core.errors import BadInput
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
    END_TURN,
    STOP_ATTACKING,
    STOP_TRADING,
    Action,
    Attack,
    Blitz,
    MoveIn,
    Place,
    Trade,
    Transfer,
)
from .legal import NEUTRAL
from .maps import WarfishMap
from .options import WarfishOptions
from .position import (
    DRAW,
    NEUTRAL_NAME,
    PHASES,
    WILD_NAME,
    build,
    card_label,
    card_labels,
    owner_id,
    owner_units,
    territory_id,
)
from .state import WarfishState
from .views import View, view

NONE = "none"
HIDDEN = "hidden"
SPECTATOR = "spectator"
# The options of the file being read: actions and expectations name its map's territories.
_OPTIONS: ContextVar[WarfishOptions] = ContextVar("warfish_scenario_options")

# --------------------------------------------------------------------- actions

# Each action type's fields; the first of a short form's fields is the value of its key.
FIELDS: dict[str, tuple[str, ...]] = {
    "place": ("territory", "count"),
    "trade": ("cards",),
    "stop_trading": (),
    "attack": ("source", "target", "dice"),
    "blitz": ("source", "target"),
    "stop_attacking": (),
    "move_in": ("count",),
    "transfer": ("source", "target", "count"),
    "end_turn": (),
}
FLAGS: dict[str, Action] = {
    "stop_trading": STOP_TRADING,
    "stop_attacking": STOP_ATTACKING,
    "end_turn": END_TURN,
}


@dataclass(frozen=True)
class TradeOf:
    """A trade as written: card ids, and ``"wild"`` for the mover's next wild (which of the
    two wilds the mover holds is known only when the step runs)."""

    cards: tuple[int | str, ...]

    def resolve(self, state: WarfishState) -> Trade:
        size = state.map.size
        wilds = [c for c in state.hands[state.seat] if c >= size]
        wilds += [c for c in (size, size + 1) if c not in wilds]
        # a card written as a string is "wild" (`_cards` turned every name into its id)
        return Trade(tuple(wilds.pop(0) if isinstance(c, str) else c for c in self.cards))


StepAction = Action | TradeOf


def resolve(state: WarfishState, action: StepAction) -> Action:
    return action.resolve(state) if isinstance(action, TradeOf) else action


def board() -> WarfishMap:
    return _OPTIONS.get().board


def players() -> int:
    return _OPTIONS.get().players


def _territory(node: Node, key: str) -> int:
    """A territory field: a name (checked now) or an index (left to the engine to judge)."""
    value = node.get(key, (int, str))
    if isinstance(value, int):
        return value
    return territory_id(board(), node.path(key), value)


def _cards(node: Node, key: str) -> TradeOf:
    where = node.path(key)
    items = list_of(where, node.get(key, list), (int, str), None)
    out: list[int | str] = []
    for index, item in enumerate(items):
        if isinstance(item, str) and item.strip().lower() == WILD_NAME:
            if out.count(WILD_NAME) == 2:
                raise BadInput(f"{where}[{index}]: there are only two wilds")
            out.append(WILD_NAME)
        elif isinstance(item, int):
            out.append(item)
        else:
            out.append(territory_id(board(), f"{where}[{index}]", item))
    return TradeOf(tuple(out))


def _make(kind: str, node: Node) -> StepAction:
    if kind in FLAGS:
        return FLAGS[kind]
    if kind == "trade":
        return _cards(node, "cards")
    if kind == "place":
        return Place(_territory(node, "territory"), node.get("count", int))
    if kind == "attack":
        return Attack(_territory(node, "source"), _territory(node, "target"), node.get("dice", int))
    if kind == "blitz":
        return Blitz(_territory(node, "source"), _territory(node, "target"))
    if kind == "move_in":
        return MoveIn(node.get("count", int))
    return Transfer(_territory(node, "source"), _territory(node, "target"), node.get("count", int))


def parse_action(value: Any, where: str) -> StepAction:
    """An action in its JSON form (``type = ...``) or its short form (see the module
    docstring); a short ``place`` places 1 unless ``count`` says otherwise."""
    if not isinstance(value, dict):
        raise BadInput(f"{where}: expected an action table, got {show(value)}")
    data = dict(value)
    if "type" in data:
        kind = data.pop("type")
        if kind not in FIELDS:
            raise BadInput(
                f"{where}.type: unknown action type {show(kind)}; known: {', '.join(FIELDS)}"
            )
    else:
        present = [k for k in FIELDS if k in data]
        if len(present) != 1:
            raise BadInput(
                f"{where}: give `type` (the JSON form) or exactly one of {', '.join(FIELDS)}"
            )
        kind = present[0]
        head = data.pop(kind)
        if kind in FLAGS:
            if head is not True:
                raise BadInput(f"{where}.{kind}: write {kind} = true")
        else:
            first = FIELDS[kind][0]
            if first in data:
                raise BadInput(f"{where}.{first}: given twice (it is the value of {kind})")
            data = {first: head, **data}
            if kind == "place":
                data.setdefault("count", 1)
    node = Node(data, where)
    node.allow(*FIELDS[kind])
    node.finish()
    return _make(kind, node)


def describe(board: WarfishMap, action: Action) -> str:
    """An action as one line with names, for mismatch reports."""

    def name(t: int) -> str:
        return board.names[t] if type(t) is int and 0 <= t < board.size else f"#{t}"

    if isinstance(action, Place):
        return f"place {action.count} on {name(action.territory)}"
    if isinstance(action, Trade):
        return "trade " + " + ".join(card_label(board, c) for c in action.cards)
    if isinstance(action, Attack):
        return f"attack {name(action.source)} -> {name(action.target)} with {action.dice}"
    if isinstance(action, Blitz):
        return f"blitz {name(action.source)} -> {name(action.target)}"
    if isinstance(action, MoveIn):
        return f"move in {action.count}"
    if isinstance(action, Transfer):
        return f"transfer {action.count} {name(action.source)} -> {name(action.target)}"
    return str(action.to_json()["type"]).replace("_", " ")


class ScenarioState(Wrapped):
    """The built `WarfishState`, applying step actions whose wilds are found at run time;
    every other attribute is the engine state's own."""

    def apply(self, action: StepAction, player: int | None = None) -> None:
        self.game.apply(resolve(self.game, action), player)


# --------------------------------------------------------------------- setup


def _options(doc: Node) -> WarfishOptions:
    node = doc.table("options")
    if node is None:
        return WarfishOptions()
    try:
        return WarfishOptions.from_json(node.data)
    except BadInput as error:
        raise BadInput(f"options: {error}") from None


class WarfishScenario:
    """The Warfish half of the scenario runner (`sparring.core.scenario.ScenarioGame`)."""

    def build(self, doc: Node, seed: int) -> ScenarioState:
        options = _options(doc)
        _OPTIONS.set(options)
        data = doc.get("position", dict, None)
        if data is None:
            raise BadInput("position is missing: give [position] with the territories")
        return ScenarioState(build(data, options, seed))

    def action(self, value: Any, where: str) -> StepAction:
        return parse_action(value, where)

    def checks(self, expect: Node) -> list[Check]:
        return _checks(expect, _GAME)


def _checks(node: Node, table: dict[str, Maker]) -> list[Expectation]:
    """The checks of the keys of `node` that `table` knows (others are left to the caller,
    whose `finish` refuses them)."""
    node.allow(*table)
    out: list[Expectation] = []
    for key in node.present():
        if key in table:
            out.extend(table[key](node, key))
    return out


# --------------------------------------------------------------------- naming


def _owner_name(owner: int | None) -> Any:
    return NEUTRAL_NAME if owner is None or owner == NEUTRAL else owner


def _owner(where: str, value: Any) -> Any:
    return _owner_name(owner_id(where, value, players()))


def _name(where: str, value: Any) -> str:
    return board().names[territory_id(board(), where, value)]


def _card_name(where: str, value: Any) -> str:
    if isinstance(value, str) and value.strip().lower() == WILD_NAME:
        return WILD_NAME
    if isinstance(value, int) and not isinstance(value, bool):
        check_range(where, value, 0, board().size + 1)
        return card_label(board(), value)
    return _name(where, value)


def _card_list(where: str, value: Any) -> list[str]:
    items = list_of(where, value, (int, str), None)
    return sorted(_card_name(f"{where}[{i}]", v) for i, v in enumerate(items))


# Event fields that name territories, cards or owners (the ``territories`` of wf_income and
# the ``cards`` of wf_eliminated are counts, not lists).
_PLACES = {
    "wf_card_bonus": ("territory",),
    "wf_placed": ("territory",),
    "wf_attack": ("source", "target"),
    "wf_captured": ("source", "target"),
    "wf_move_in": ("source", "target"),
    "wf_transfer": ("source", "target"),
    "wf_dealt": ("territories",),
}
_CARDS = {"wf_trade": ("cards",), "wf_card_drawn": ("card",), "wf_cards_taken": ("cards",)}
_OWNERS = {"wf_captured": ("previous_owner",), "wf_dealt": ("owners",)}


def _each(value: Any, one: Callable[[Any], Any]) -> Any:
    return [one(v) for v in value] if isinstance(value, list) else one(value)


def named(board: WarfishMap, event: dict[str, Any]) -> dict[str, Any]:
    """An event with territories and cards by name (card lists sorted, as hands compare)
    and a neutral owner as "neutral"."""
    out = dict(event)
    kind = out["kind"]
    for key in _PLACES.get(kind, ()):
        out[key] = _each(out[key], lambda t: board.names[t])
    for key in _CARDS.get(kind, ()):
        value = out[key]
        out[key] = (
            card_labels(board, value) if isinstance(value, list) else card_label(board, value)
        )
    for key in _OWNERS.get(kind, ()):
        out[key] = _each(out[key], _owner_name)
    return out


def _expected_event(where: str, item: dict[str, Any]) -> dict[str, Any]:
    """An expected event of a `log`, its names checked and made canonical."""
    check_event_shape(where, item)
    kind = item["kind"]
    out = dict(item)
    readers = (
        (_PLACES, _name, False),
        (_CARDS, _card_name, True),
        (_OWNERS, _owner, False),
    )
    for table, read, sort in readers:
        for key in table.get(kind, ()):
            if key not in out:
                continue
            value, at = out[key], f"{where}.{key}"
            if isinstance(value, list):
                items = [read(f"{at}[{i}]", v) for i, v in enumerate(value)]
                out[key] = sorted(items) if sort else items
            else:
                out[key] = read(at, value)
    return out


# --------------------------------------------------------------------- expectations

#: One expectation: core's `Check`, or a check made here (frozen, so `path` is read-only;
#: see `WarfishScenario.checks`).
Expectation: TypeAlias = "Check | ValueCheck | LegalCheck | LogCheck"
Maker = Callable[[Node, str], list[Expectation]]


def _value(
    kind: type | tuple[type, ...],
    read: Callable[[WarfishState], Any],
    allowed: tuple[Any, ...] = (),
) -> Maker:
    one = value_expectation(kind, read, allowed)
    return lambda node, key: [one(node, key)]


def _ints(read: Callable[[WarfishState], list[int]]) -> Maker:
    def make(node: Node, key: str) -> list[Expectation]:
        value = list_of(node.path(key), node.get(key, list), int, None)
        return [ValueCheck(node.path(key), value, observer(read))]

    return make


def _cards_of(read: Callable[[WarfishState], list[int]]) -> Maker:
    def make(node: Node, key: str) -> list[Expectation]:
        value = _card_list(node.path(key), node.get(key, list))
        return [ValueCheck(node.path(key), value, observer(lambda s: card_labels(s.map, read(s))))]

    return make


def _winner(state: WarfishState) -> Any:
    if not state.is_terminal():
        return NONE
    return DRAW if state.winner is None else state.winner


def _winner_check(node: Node, key: str) -> list[Expectation]:
    value = node.get(key, (int, str))
    if isinstance(value, str) and value not in (DRAW, NONE):
        raise BadInput(f"{node.path(key)}: expected a seat, 'draw' or 'none', got {show(value)}")
    return [ValueCheck(node.path(key), value, observer(_winner))]


def _returns(node: Node, key: str) -> list[Expectation]:
    value = list_of(node.path(key), node.get(key, list), (int, float), None)
    return [ValueCheck(node.path(key), value, observer(lambda s: list(s.returns())))]


def _move_in(node: Node, key: str) -> list[Expectation]:
    value = node.get(key, (str, dict))
    if isinstance(value, str):
        if value != NONE:
            raise BadInput(f"{node.path(key)}: expected 'none' or {{ source, target, low, high }}")
        expected: Any = NONE
    else:
        table = Node(value, node.path(key))
        expected = {
            "source": _name(table.path("source"), table.get("source", (int, str))),
            "target": _name(table.path("target"), table.get("target", (int, str))),
            "low": table.get("low", int),
            "high": table.get("high", int),
        }
        table.finish()

    def read(state: WarfishState) -> Any:
        if state.pending is None:
            return NONE
        source, target, low, high = state.pending
        names = state.map.names
        return {"source": names[source], "target": names[target], "low": low, "high": high}

    return [ValueCheck(node.path(key), expected, observer(read))]


def _seat_table(node: Node, key: str) -> list[tuple[Node, str, int]]:
    """The ``seatN`` keys of table `key`: (table, key, seat)."""
    table = node.table(key)
    if table is None:
        raise BadInput(f"{node.path(key)}: expected a table of seat0, seat1, ...")
    seats = {f"seat{s}": s for s in range(players())}
    table.allow(*seats)
    table.finish()
    return [(table, k, seats[k]) for k in table.present()]


def _income(node: Node, key: str) -> list[Expectation]:
    out: list[Expectation] = []
    for table, k, seat in _seat_table(node, key):
        value = list_of(table.path(k), table.get(k, list), int, 2)

        def read(state: WarfishState, seat: int = seat) -> list[int]:
            return list(state.income(seat))

        out.append(ValueCheck(table.path(k), value, observer(read)))
    return out


def _hands(node: Node, key: str) -> list[Expectation]:
    out: list[Expectation] = []
    for table, k, seat in _seat_table(node, key):
        value = _card_list(table.path(k), table.get(k, list))

        def read(state: WarfishState, seat: int = seat) -> list[str]:
            return card_labels(state.map, state.hands[seat])

        out.append(ValueCheck(table.path(k), value, observer(read)))
    return out


def _square(where: str, value: Any) -> Any:
    """An expected territory: [owner, units], { owner }, { units }, or "hidden" (views)."""
    if value == HIDDEN:
        return HIDDEN
    if isinstance(value, list):
        owner, units = owner_units(where, value, players())
        return [_owner_name(owner), units]
    if isinstance(value, dict):
        table = Node(value, where)
        out = {}
        if table.has("owner"):
            out["owner"] = _owner(table.path("owner"), table.get("owner", (int, str)))
        if table.has("units"):
            out["units"] = table.get("units", int)
        table.finish()
        if not out:
            raise BadInput(f"{where}: give owner, units or both")
        return out
    raise BadInput(f"{where}: expected [owner, units], {{ owner, units }} or 'hidden'")


def _as_expected(expected: Any, owner: Any, units: Any) -> Any:
    """The reading of a territory in the shape of its expectation."""
    if owner is None and units is None:
        return HIDDEN
    pair = {"owner": _owner_name(owner), "units": units}
    if isinstance(expected, dict):
        return {k: pair[k] for k in expected}
    return [pair["owner"], units]


def _board_checks(
    node: Node, key: str, read: Callable[[Any, int], tuple[Any, Any]], hidden: bool
) -> list[Expectation]:
    table = node.table(key)
    if table is None:
        raise BadInput(f"{node.path(key)}: expected a table of territory names")
    out: list[Expectation] = []
    for name in table.present():
        where = table.path(name)
        t = territory_id(board(), where, name)
        expected = _square(where, table.get(name, (list, dict, str)))
        if expected == HIDDEN and not hidden:
            raise BadInput(f"{where}: 'hidden' is for a view; the state knows every territory")

        def observe(state: Any, t: int = t, expected: Any = expected) -> Any:
            return _as_expected(expected, *read(state, t))

        out.append(ValueCheck(where, expected, observe))
    return out


def _territories(node: Node, key: str) -> list[Expectation]:
    def read(state: Any, t: int) -> tuple[Any, Any]:
        game = unwrap(state)
        return game.owner[t], game.units[t]

    return _board_checks(node, key, read, hidden=False)


def _in_menu(state: WarfishState, action: StepAction) -> bool:
    return resolve(state, action) in state.legal_actions()


@dataclass(frozen=True)
class LegalCheck:
    """The legal menu holds all of (``includes``) or none of (``excludes``) some actions,
    or is exactly them (``equal``, any order)."""

    path: str
    actions: tuple[StepAction, ...]
    mode: str

    def diff(self, state: Any, events: Sequence[dict[str, Any]]) -> Mismatch | None:
        game = unwrap(state)
        wanted = [resolve(game, a) for a in self.actions]
        menu = game.legal_actions()
        if self.mode == "equal":
            expected = sorted(describe(game.map, a) for a in wanted)
            actual = sorted(describe(game.map, a) for a in menu)
            if expected == actual:
                return None
            return Mismatch(self.path, show(expected), show(actual))
        if self.mode == "includes":
            missing = [describe(game.map, a) for a in wanted if a not in menu]
            return Mismatch(self.path, f"legal: {show(missing)}", "not legal") if missing else None
        found = [describe(game.map, a) for a in wanted if a in menu]
        return Mismatch(self.path, f"not legal: {show(found)}", "legal") if found else None


def _legal(mode: str) -> Maker:
    def make(node: Node, key: str) -> list[Expectation]:
        where = node.path(key)
        items = list_of(where, node.get(key, list), dict, None)
        actions = tuple(parse_action(item, f"{where}[{i}]") for i, item in enumerate(items))
        return [LegalCheck(where, actions, mode)]

    return make


@dataclass(frozen=True)
class LogCheck:
    """Events with names (see `named`), matched as `events` are: an ordered subsequence, or
    exactly. `source` gives the events: the span's own, or a view's log."""

    path: str
    expected: tuple[dict[str, Any], ...]
    exact: bool
    source: Callable[[WarfishState, Sequence[dict[str, Any]]], list[dict[str, Any]]]

    def diff(self, state: Any, events: Sequence[dict[str, Any]]) -> Mismatch | None:
        game = unwrap(state)
        actual = [named(game.map, e) for e in self.source(game, events)]
        return EventsCheck(self.path, self.expected, self.exact).diff(state, actual)


def _span(state: WarfishState, events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return list(events)


def _log(
    source: Callable[[WarfishState, Sequence[dict[str, Any]]], list[dict[str, Any]]],
) -> Maker:
    def make(node: Node, key: str) -> list[Expectation]:
        mode = node.get("log_match", str, "subsequence")
        if mode not in ("subsequence", "exact"):
            raise BadInput(
                f"{node.path('log_match')}: expected 'subsequence' or 'exact', got {mode!r}"
            )
        where = node.path(key)
        items = list_of(where, node.get(key, list), dict, None)
        expected = tuple(_expected_event(f"{where}[{i}]", e) for i, e in enumerate(items))
        return [LogCheck(where, expected, mode == "exact", source)]

    return make


def _log_match(node: Node, key: str) -> list[Expectation]:
    if not node.has("log"):
        raise BadInput(f"{node.path(key)} is given without log")
    return []


# --------------------------------------------------------------------- views


def _view_checks(node: Node, key: str) -> list[Expectation]:
    """``[expect.view.seatN]`` / ``[expect.view.spectator]``: what that seat's view shows."""
    table = node.table(key)
    if table is None:
        raise BadInput(f"{node.path(key)}: expected a table of seat0, seat1, ... or spectator")
    seats: dict[str, int | None] = {f"seat{s}": s for s in range(players())}
    seats[SPECTATOR] = None
    table.allow(*seats)
    table.finish()
    out: list[Expectation] = []
    for name in table.present():
        sub = table.table(name)
        if sub is None:
            raise BadInput(f"{table.path(name)}: expected a table of what the view shows")
        seat = seats[name]
        if seat is None and sub.has("hand"):
            raise BadInput(f"{sub.path('hand')}: a spectator has no hand")
        out.extend(_checks(sub, _view_table(seat)))
        sub.finish()
    return out


def _view_table(seat: int | None) -> dict[str, Maker]:
    def of(read: Callable[[View], Any]) -> Callable[[WarfishState], Any]:
        return lambda state: read(view(state, seat))

    def square(state: Any, t: int) -> tuple[Any, Any]:
        shown = view(unwrap(state), seat)
        return shown.owner[t], shown.units[t]

    def sees(node: Node, key: str) -> list[Expectation]:
        where = node.path(key)
        items = list_of(where, node.get(key, list), (int, str), None)
        value = sorted(_name(f"{where}[{i}]", v) for i, v in enumerate(items))

        def read(state: WarfishState) -> list[str]:
            shown = view(state, seat).owner
            return sorted(state.map.names[t] for t, o in enumerate(shown) if o is not None)

        return [ValueCheck(where, value, observer(read))]

    def totals(node: Node, key: str) -> list[Expectation]:
        value = node.get(key, (list, str))
        if value != HIDDEN:
            rows = list_of(node.path(key), value, list, players())
            for i, row in enumerate(rows):
                list_of(f"{node.path(key)}[{i}]", row, int, 2)

        def read(shown: View) -> Any:
            entries = shown.players
            if entries[0].territories is UNSET:
                return HIDDEN
            return [[p.territories, p.units] for p in entries]

        return [ValueCheck(node.path(key), value, observer(of(read)))]

    def to_place(node: Node, key: str) -> list[Expectation]:
        value = node.get(key, (int, str))
        if isinstance(value, str) and value != HIDDEN:
            raise BadInput(f"{node.path(key)}: expected a count or 'hidden'")

        def read(shown: View) -> Any:
            return HIDDEN if shown.to_place is UNSET else shown.to_place

        return [ValueCheck(node.path(key), value, observer(of(read)))]

    def hand(state: WarfishState) -> list[int]:
        shown = view(state, seat).hand
        assert shown is not UNSET, "a seat's view has its hand (a spectator's is refused)"
        return shown

    def logged(state: WarfishState, events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        return list(view(state, seat).log)

    return {
        "sees": sees,
        "territories": lambda node, key: _board_checks(node, key, square, hidden=True),
        "hand": _cards_of(hand),
        "cards": _ints(of(lambda v: [p.cards for p in v.players])),
        "alive": _value(list, of(lambda v: [p.alive for p in v.players])),
        "totals": totals,
        "to_place": to_place,
        "turn_details": _value(
            bool, of(lambda v: v.to_place is not UNSET or v.setup_left is not UNSET)
        ),
        "discard": _cards_of(lambda s: view(s, seat).discard),
        "deck_size": _value(int, of(lambda v: v.deck_size)),
        "next_trade_value": _value(int, of(lambda v: v.next_trade_value)),
        "log": _log(logged),
        "log_match": _log_match,
    }


def _hand_sizes(state: WarfishState) -> list[int]:
    return [len(h) for h in state.hands]


_GAME: dict[str, Maker] = {
    "phase": _value(str, lambda s: s.phase, PHASES[1:]),
    "seat": _value(int, lambda s: s.seat),
    "round": _value(int, lambda s: s.round),
    "to_place": _value(int, lambda s: s.to_place),
    "captured": _value(bool, lambda s: s.captured),
    "trades": _value(int, lambda s: s.trades),
    "next_trade_value": _value(int, lambda s: s.next_trade_value()),
    "attacks": _value(int, lambda s: s.attacks),
    "transfers": _value(int, lambda s: s.transfers),
    "winner": _winner_check,
    "end_reason": _value(str, lambda s: s.end_reason),
    "returns": _returns,
    "eliminated": _ints(lambda s: [i for i, a in enumerate(s.alive) if not a]),
    "territory_counts": _ints(lambda s: list(s.territory_count)),
    "unit_counts": _ints(lambda s: list(s.unit_count)),
    "setup_left": _ints(lambda s: list(s.setup_left)),
    "move_in": _move_in,
    "income": _income,
    "territories": _territories,
    "hands": _hands,
    "hand_sizes": _ints(_hand_sizes),
    "deck": _cards_of(lambda s: s.deck),
    "deck_size": _value(int, lambda s: len(s.deck)),
    "discard": _cards_of(lambda s: s.discard),
    "legal": _legal("equal"),
    "legal_includes": _legal("includes"),
    "legal_excludes": _legal("excludes"),
    "legal_count": _value(int, lambda s: len(s.legal_actions())),
    "log": _log(_span),
    "log_match": _log_match,
    "view": _view_checks,
}

SCENARIO = WarfishScenario()
