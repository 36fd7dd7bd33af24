"""5×5 Tactics scenarios: any battle position from a scenario file, the actions a step may
take, and the expectations a Tactics scenario can state (see ``docs/scenarios.md``).

The position is made by `position.build`: the engine's own draft and deployment, then the
position's overrides, so everything after it runs exactly the engine code of a real game.
A file may also start at the draft (``phase = "draft"``).

Actions are written in their JSON form (``{ type = "move", unit = "p1_hero", x = 2, y = 1
}``) or in a short form whose key is the action type (``{ move = "p1_hero", x = 2, y = 1
}``). Two short forms need the state and are resolved when the step runs: a skill without
a tile aims at the hero's own tile (``{ skill = "p1_hero" }``), and ``{ timeout = 0 }`` is
the referee's time-out verdict against seat 0 (ruling A7) in place of an action. The
state handed to the runner is a thin wrapper that resolves those and forwards the rest.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sparring.core.errors import BadInput, IllegalAction
from sparring.core.scenario import (
    Check,
    Mismatch,
    Node,
    ValueCheck,
    Wrapped,
    check_range,
    list_of,
    observer,
    show,
    unwrap,
    value_expectation,
)

from .actions import Action, Skill, action_from_json
from .data import DATA, MINION_TYPES
from .options import TacticsOptions
from .position import BUFF_NAMES, PendingDeath, Position, Team, UnitSetup, build
from .state import BATTLE, DRAFT, OVER, SPEED_ACTIONS, TacticsState
from .units import Unit

SEATS = (0, 1)
NONE = "none"
DRAW = "draw"
UNIT_ID = re.compile(r"^p[12]_(hero|minion_[12]|hero_clone_[1-9][0-9]*)$")
# The keys of each action's JSON form (action_from_json ignores others: a typo must not).
JSON_KEYS: dict[str, tuple[str, ...]] = {
    "draft": ("hero", "skill", "minions"),
    "move": ("unit", "x", "y"),
    "attack": ("unit", "x", "y"),
    "move_attack": ("unit", "x", "y", "tx", "ty"),
    "skill": ("unit", "x", "y", "choice"),
    "move_skill": ("unit", "x", "y", "sx", "sy", "choice"),
    "end_turn": ("unit",),
    "death_choice": ("spawn",),
}
SHORT = ("move", "attack", "move_attack", "skill", "move_skill", "end_turn", "death_choice")
TIMEOUT = "timeout"


# --------------------------------------------------------------------- actions


@dataclass(frozen=True)
class AtSelf:
    """A skill aimed at the hero's own tile, wherever the hero stands when the step runs."""

    unit: str
    choice: str | None

    def resolve(self, state: TacticsState) -> Skill:
        unit = state.unit(self.unit)
        x, y = (unit.x, unit.y) if unit is not None else (-1, -1)
        return Skill(self.unit, x, y, self.choice)


@dataclass(frozen=True)
class Timeout:
    """The referee's time-out verdict against `seat` (ruling A7), played as a step."""

    seat: int


StepAction = Action | AtSelf | Timeout


def resolve(state: TacticsState, action: Action | AtSelf) -> Action:
    """The engine's action for `action` in `state` (a self-aimed skill gets its tile)."""
    return action.resolve(state) if isinstance(action, AtSelf) else action


def unit_id(where: str, value: Any) -> str:
    """A unit id as the engine spells it, checked for shape (which units exist is the
    engine's business when the step runs)."""
    if not isinstance(value, str) or not UNIT_ID.match(value):
        raise BadInput(
            f"{where}: expected a unit id (p1_hero, p1_minion_1, p1_minion_2, p2_..., or a "
            f"clone p1_hero_clone_N), got {show(value)}"
        )
    return value


def parse_action(value: Any, where: str, timeout: bool = True) -> StepAction:
    """A step's action in JSON or short form (see the module docstring)."""
    if not isinstance(value, dict):
        raise BadInput(f"{where}: expected an action table, got {show(value)}")
    node = Node(dict(value), where)
    if "type" in node.data:
        kind = node.get("type", str)
        if kind not in JSON_KEYS:
            raise BadInput(
                f"{node.path('type')}: unknown action type {kind!r}; known: {', '.join(JSON_KEYS)}"
            )
        node.allow(*JSON_KEYS[kind])
        node.finish()
        data = dict(node.data)
        if "unit" in data:
            unit_id(node.path("unit"), data["unit"])
    else:
        keys = (*SHORT, TIMEOUT) if timeout else SHORT
        present = [k for k in keys if k in node.data]
        if len(present) != 1:
            raise BadInput(
                f"{where}: give `type` (the JSON form) or exactly one of {', '.join(keys)}"
            )
        kind = present[0]
        if kind == TIMEOUT:
            seat = node.integer(TIMEOUT, low=0, high=1)
            node.finish()
            return Timeout(seat)
        if kind == "death_choice":
            data = {"type": kind, "spawn": node.get(kind, str)}
        else:
            data = {"type": kind, "unit": unit_id(node.path(kind), node.get(kind, str))}
        node.allow(*JSON_KEYS[kind])
        node.finish()
        data.update((k, v) for k, v in node.data.items() if k != kind)
        if kind == "skill" and "x" not in data and "y" not in data:
            choice = data.get("choice")
            if choice is not None and not isinstance(choice, str):
                raise BadInput(f"{node.path('choice')}: expected a debuff name")
            return AtSelf(data["unit"], choice)
    try:
        return action_from_json(data)
    except BadInput as error:
        raise BadInput(f"{where}: {error}") from None


def table_action(value: Any, where: str) -> Action | AtSelf:
    """An action where a time-out makes no sense (`legal` lists, prepared actions)."""
    action = parse_action(value, where, timeout=False)
    assert not isinstance(action, Timeout)
    return action


def stored_action(value: Any, where: str) -> Action:
    """A prepared (SLOW) action: stored with its tile, so a skill names it."""
    action = table_action(value, where)
    if isinstance(action, AtSelf):
        raise BadInput(f"{where}: a prepared skill names its tile (x and y)")
    return action


def describe(action: Action) -> str:
    """An action as one line: its type, then its values in JSON order."""
    parts: list[str] = []
    for value in action.to_json().values():
        parts.extend(map(str, value) if isinstance(value, list | tuple) else [str(value)])
    return " ".join(parts)


class ScenarioState(Wrapped):
    """The built `TacticsState`, plus the step forms that need the state (a skill at the
    hero's own tile, a time-out); every other attribute is the engine state's own."""

    def apply(self, action: StepAction, player: int | None = None) -> None:
        if isinstance(action, Timeout):
            if action.seat not in self.game.to_move():
                raise IllegalAction(f"seat {action.seat} is not deciding now, so cannot time out")
            self.game.timeout(action.seat)
            return
        self.game.apply(resolve(self.game, action), player)


# --------------------------------------------------------------------- setup


def _options(doc: Node) -> TacticsOptions:
    node = doc.table("options")
    if node is None:
        return TacticsOptions()
    try:
        return TacticsOptions.from_json(node.data)
    except BadInput as error:
        raise BadInput(f"options: {error}") from None


def _skill_id(where: str, value: str) -> str:
    """A skill by id (``warrior_shockwave``) or by name (``Shockwave``), any case."""
    for skill, entry in DATA.skills.items():
        if value.lower() in (skill, entry["name"].lower()):
            return skill
    raise BadInput(f"{where}: unknown skill {value!r}; known: {', '.join(DATA.skills)}")


def _team(node: Node | None, seat: int) -> Team:
    if node is None:
        raise BadInput(f"position.seat{seat} is missing: give its skill and minions")
    skill = _skill_id(node.path("skill"), node.get("skill", str))
    minions = list_of(node.path("minions"), node.get("minions", list), str, 2)
    hero = node.get("hero", str, None)
    node.finish()
    upper = [m.upper() for m in minions]
    for index, kind in enumerate(upper):
        if kind not in MINION_TYPES:
            raise BadInput(
                f"{node.path('minions')}[{index}]: unknown minion {minions[index]!r}; known: "
                f"{', '.join(MINION_TYPES)}"
            )
    return Team(skill, (upper[0], upper[1]), hero.upper() if hero else None)


def tile_of(where: str, value: Any) -> tuple[int, int]:
    items = list_of(where, value, int, 2)
    return (items[0], items[1])


def _unit_setup(node: Node) -> UnitSetup:
    setup = UnitSetup()
    ints = ("x", "y", "hp", "max_hp", "shield", "shield_rounds", "cooldown", "charges")
    for key in ints:
        if node.has(key):
            setattr(setup, key, node.get(key, int))
    setup.acted = node.integer("acted", 0, 0, SPEED_ACTIONS)
    if node.has("rounds_left"):
        setup.rounds_left = node.get("rounds_left", int)
    setup.invisible = node.get("invisible", bool, False)
    setup.dead = node.get("dead", bool, False)
    buffs = node.table("buffs")
    if buffs is not None:
        for name in buffs.present():
            setup.buffs[name] = buffs.get(name, int)
        buffs.finish()
    for key in ("marker", "challenger"):
        if node.has(key):
            setattr(setup, key, unit_id(node.path(key), node.get(key, str)))
    if node.has("beacon"):
        setup.beacon = tile_of(node.path("beacon"), node.get("beacon", list))
    where = node.path("prepared")
    for index, item in enumerate(node.get("prepared", list, [])):
        setup.prepared.append(stored_action(item, f"{where}[{index}]"))
    node.finish()
    return setup


def _map_rows(node: Node, key: str, fields: dict[str, type]) -> list[dict[str, Any]]:
    """Obstacles or buff tiles of a position; an obstacle's HP and a tile's rounds may be
    left out (a fresh one)."""
    defaults = {"hp": DATA.obstacle_hp, "rounds": DATA.tile_rounds}
    out = []
    for item in node.tables(key):
        row = {}
        for name, kind in fields.items():
            has_default = name in defaults and not item.has(name)
            row[name] = defaults[name] if has_default else item.get(name, kind)
        item.finish()
        out.append(row)
    return out


def _position(node: Node) -> Position:
    teams = (_team(node.table("seat0"), 0), _team(node.table("seat1"), 1))
    position = Position(teams)
    position.round = node.integer("round", 1, 1)
    position.seat = node.integer("seat", 0, 0, 1)
    position.last_actor = node.integer("last_actor", None, 0, 1)
    if node.has("current"):
        position.current = unit_id(node.path("current"), node.get("current", str))
    if node.has("actor"):
        position.actor = unit_id(node.path("actor"), node.get("actor", str))
    units = node.table("units")
    if units is not None:
        for uid in units.present():
            sub = units.table(uid)
            if sub is None:
                raise BadInput(f"{units.path(uid)}: expected a table of the unit's values")
            unit_id(units.path(uid), uid)
            position.units[uid] = _unit_setup(sub)
        units.finish()
    for row in _map_rows(node, "obstacles", {"x": int, "y": int, "hp": int}):
        position.obstacles[(row["x"], row["y"])] = row["hp"]
    for row in _map_rows(node, "tiles", {"x": int, "y": int, "buff": str, "rounds": int}):
        position.tiles[(row["x"], row["y"])] = (row["buff"], row["rounds"])
    for item in node.tables("deaths"):
        who = unit_id(item.path("unit"), item.get("unit", str))
        death = PendingDeath(who, item.get("x", int), item.get("y", int))
        death.chooser = item.integer("chooser", None, 0, 1)
        item.finish()
        position.deaths.append(death)
    return position


class TacticsScenario:
    """The Tactics half of the scenario runner (`sparring.core.scenario.ScenarioGame`)."""

    def build(self, doc: Node, seed: int) -> ScenarioState:
        options = _options(doc)
        node = doc.table("position")
        if node is None:
            raise BadInput("position is missing: give [position] with its seats")
        phase = node.get("phase", str, BATTLE)
        if phase == DRAFT:
            node.finish()
            return ScenarioState(TacticsState(seed, options))
        if phase != BATTLE:
            raise BadInput(f"{node.path('phase')}: expected 'battle' or 'draft', got {phase!r}")
        position = _position(node)
        node.finish()
        try:
            state = build(position, seed, options)
        except BadInput as error:
            raise BadInput(f"position.{error}") from None
        return ScenarioState(state)

    def action(self, value: Any, where: str) -> StepAction:
        return parse_action(value, where)

    def checks(self, expect: Node) -> list[Check]:
        out: list[Check] = []
        expect.allow(*_GAME, "units")
        for key in expect.present():
            if key in _GAME:
                out.append(_GAME[key](expect, key))
            elif key == "units":
                table = expect.table(key)
                assert table is not None
                for uid in table.present():
                    unit_id(table.path(uid), uid)
                    sub = table.table(uid)
                    if sub is None:
                        raise BadInput(f"{table.path(uid)}: expected a table of expected values")
                    out.extend(_unit_checks(sub, uid))
                table.finish()
        return out


# --------------------------------------------------------------------- expectations


def _winner(state: TacticsState) -> Any:
    if state.phase != OVER:
        return NONE
    return DRAW if state.winner is None else state.winner


def _to_move_check(node: Node, key: str) -> Check:
    seats = list_of(node.path(key), node.get(key, list), int, None)
    for index, seat in enumerate(seats):
        check_range(f"{node.path(key)}[{index}]", seat, 0, 1)
    return ValueCheck(node.path(key), seats, observer(lambda s: list(s.to_move())))


def _rows(
    node: Node,
    key: str,
    fields: dict[str, type],
    read: Callable[[TacticsState], list[Any]],
    by_tile: bool = True,
) -> Check:
    """An exact list of tables of `fields`: map objects in any order (compared by tile), or
    pending death choices in the order they will be asked."""
    rows = []
    for item in node.tables(key):
        rows.append({name: item.get(name, kind) for name, kind in fields.items()})
        item.finish()
    if by_tile:
        rows.sort(key=lambda r: (r["x"], r["y"]))
    return ValueCheck(node.path(key), rows, observer(read))


def _obstacles(node: Node, key: str) -> Check:
    return _rows(
        node,
        key,
        {"x": int, "y": int, "hp": int},
        lambda s: [{"x": x, "y": y, "hp": hp} for (x, y), hp in sorted(s.obstacles.items())],
    )


def _map_tiles(node: Node, key: str) -> Check:
    return _rows(
        node,
        key,
        {"x": int, "y": int, "buff": str, "rounds": int},
        lambda s: [
            {"x": x, "y": y, "buff": b, "rounds": r} for (x, y), (b, r) in sorted(s.tiles.items())
        ],
    )


def _death_choices(node: Node, key: str) -> Check:
    return _rows(
        node,
        key,
        {"unit": str, "x": int, "y": int, "seat": int},
        lambda s: [{"unit": u, "x": x, "y": y, "seat": c} for u, x, y, c in s.deaths],
        by_tile=False,
    )


@dataclass(frozen=True)
class LegalCheck:
    """The legal actions now, as one-line descriptions: exactly these (any order), or
    including / excluding these. Skills aimed at the hero's own tile resolve when checked."""

    path: str
    expected: tuple[Action | AtSelf, ...]
    mode: str

    def diff(self, state: Any, events: Sequence[dict[str, Any]]) -> Mismatch | None:
        game = unwrap(state)
        actual = sorted(describe(a) for a in game.legal_actions())
        wanted = sorted(describe(resolve(game, a)) for a in self.expected)
        if self.mode == "equal":
            return None if wanted == actual else Mismatch(self.path, show(wanted), show(actual))
        present = set(actual)
        if self.mode == "includes":
            missing = [w for w in wanted if w not in present]
            if missing:
                return Mismatch(
                    self.path, f"legal: {show(missing)}", f"not legal; legal: {show(actual)}"
                )
            return None
        found = [w for w in wanted if w in present]
        return Mismatch(self.path, f"not legal: {show(found)}", "legal") if found else None


def _legal(mode: str) -> Callable[[Node, str], Check]:
    def make(node: Node, key: str) -> Check:
        where = node.path(key)
        items = list_of(where, node.get(key, list), dict, None)
        actions = tuple(table_action(item, f"{where}[{i}]") for i, item in enumerate(items))
        return LegalCheck(where, actions, mode)

    return make


_GAME: dict[str, Callable[[Node, str], Check]] = {
    "phase": value_expectation(str, lambda s: s.phase, (DRAFT, BATTLE, OVER)),
    "round": value_expectation(int, lambda s: s.round),
    "seat": value_expectation(int, lambda s: s.seat, SEATS),
    "to_move": _to_move_check,
    "current": value_expectation(str, lambda s: s.current or NONE),
    "last_actor": value_expectation(int, lambda s: s.last_actor, SEATS),
    "winner": value_expectation((int, str), _winner, (0, 1, DRAW, NONE)),
    "end_reason": value_expectation(str, lambda s: s.end_reason),
    "death_choices": _death_choices,
    "obstacles": _obstacles,
    "tiles": _map_tiles,
    "legal": _legal("equal"),
    "legal_includes": _legal("includes"),
    "legal_excludes": _legal("excludes"),
}


class _Absent:
    """What a unit expectation sees when the unit does not exist (a clone not yet made)."""

    def __init__(self, uid: str) -> None:
        self.text = f"no unit {uid}"

    def __str__(self) -> str:
        return self.text


def _own_actions(state: TacticsState, unit: Unit) -> list[dict[str, Any]]:
    return [a.to_json() for a in state.legal_actions() if getattr(a, "unit", None) == unit.id]


def _tiles_of(kind: str, keys: tuple[str, ...]) -> Callable[[TacticsState, Unit], list[Any]]:
    def read(state: TacticsState, unit: Unit) -> list[Any]:
        found = {tuple(a[k] for k in keys) for a in _own_actions(state, unit) if a["type"] == kind}
        return [list(t) for t in sorted(found)]

    return read


def _actions_left(state: TacticsState, unit: Unit) -> int:
    return max(0, state.max_actions(unit) - unit.acted) if unit.hp > 0 else 0


# Per-unit expectations: key -> (kind, read).
UNIT_EXPECT: dict[str, tuple[type | tuple[type, ...], Callable[[TacticsState, Unit], Any]]] = {
    "alive": (bool, lambda s, u: u.hp > 0),
    "hp": (int, lambda s, u: u.hp),
    "max_hp": (int, lambda s, u: u.max_hp),
    "x": (int, lambda s, u: u.x),
    "y": (int, lambda s, u: u.y),
    "buffs": (dict, lambda s, u: dict(u.buffs)),
    "effective_atk": (int, lambda s, u: s.effective_atk(u)),
    "shield": (int, lambda s, u: u.shield),
    "shield_rounds": (int, lambda s, u: u.shield_rounds),
    "cooldown": (int, lambda s, u: u.cooldown),
    "acted": (int, lambda s, u: u.acted),
    "actions_left": (int, _actions_left),
    "charges": (int, lambda s, u: u.charges),
    "invisible": (bool, lambda s, u: u.invisible),
    "marker": (str, lambda s, u: u.marker or NONE),
    "challenger": (str, lambda s, u: u.challenger or NONE),
    "beacon": ((list, str), lambda s, u: list(u.beacon) if u.beacon else NONE),
    "rounds_left": (int, lambda s, u: u.rounds_left),
    "prepared": (list, lambda s, u: [a.to_json() for a in u.prepared]),
    "moves": (list, _tiles_of("move", ("x", "y"))),
    "attacks": (list, _tiles_of("attack", ("x", "y"))),
    "move_attacks": (list, _tiles_of("move_attack", ("x", "y", "tx", "ty"))),
    "skill_targets": (list, _tiles_of("skill", ("x", "y"))),
}
TILE_LISTS = {"moves": 2, "attacks": 2, "move_attacks": 4, "skill_targets": 2}


def _expected_unitvalue_expectation(node: Node, key: str) -> Any:
    """An expected per-unit value, checked for shape and normalised like its reading."""
    kind, _ = UNIT_EXPECT[key]
    value = node.get(key, kind)
    where = node.path(key)
    if key == "buffs":
        for name, rounds in value.items():
            if name not in BUFF_NAMES:
                raise BadInput(f"{where}: unknown buff {name!r}; known: {', '.join(BUFF_NAMES)}")
            if isinstance(rounds, bool) or not isinstance(rounds, int):
                raise BadInput(f"{where}.{name}: expected the rounds left, an integer")
    elif key == "beacon" and value != NONE:
        value = list(tile_of(where, value))
    elif key in TILE_LISTS:
        size = TILE_LISTS[key]
        items = list_of(where, value, list, None)
        value = sorted(list_of(f"{where}[{i}]", t, int, size) for i, t in enumerate(items))
    elif key == "prepared":
        value = [stored_action(a, f"{where}[{i}]").to_json() for i, a in enumerate(value)]
    return value


def _unit_checks(node: Node, uid: str) -> list[Check]:
    """Checks of ``expect.units.<id>``, in file order."""
    node.allow(*UNIT_EXPECT)
    out: list[Check] = []
    for key in node.present():
        if key not in UNIT_EXPECT:
            continue
        value = _expected_unitvalue_expectation(node, key)
        read = UNIT_EXPECT[key][1]

        def observe(state: Any, read: Callable[[TacticsState, Unit], Any] = read) -> Any:
            game = unwrap(state)
            unit = game.unit(uid)
            return _Absent(uid) if unit is None else read(game, unit)

        out.append(ValueCheck(node.path(key), value, observe))
    node.finish()
    return out


SCENARIO = TacticsScenario()
