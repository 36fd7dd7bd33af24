"""Scenarios: game positions as data, with scripted chance and expected results.

A scenario file (TOML, see ``docs/scenarios.md``) sets up any position of a game, scripts
the outcome of chance draws, plays a list of steps (actions, possibly expected to be
illegal) and states what must hold after any step and at the end. Rules disputes then
become data anyone can read and rerun, instead of code only a developer can follow.

This module is the game-independent half: finding files, reading TOML with errors that
name the file and the place, running steps, checking events and chance, and reporting the
first expectation that differs. Each game supplies the rest as a `ScenarioGame`, loaded
through its spec (`Extensions.scenario`): how to build a state from the setup tables, how
to read an action, and which expectations it understands.

Everything is validated before anything runs, so a malformed file is reported as such even
when an earlier expectation would already have failed.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .errors import BadInput, IllegalAction
from .events import event_fields, event_json
from .registry import get_game

_MISSING: Any = object()
# The reason a `forfeit` step gives: the referee's verdict it stands for (an illegal move,
# a crash or a time-out) is the referee's business, not the scenario's.
FORFEIT_REASON = "forfeit (scenario)"

_KIND_NAMES: dict[type, str] = {
    bool: "true or false",
    int: "an integer",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "a table",
}


# --------------------------------------------------------------------- reading


def _is_kind(value: Any, kinds: tuple[type, ...]) -> bool:
    """`isinstance` that keeps booleans apart from integers (TOML does; Python does not)."""
    if isinstance(value, bool):
        return bool in kinds
    return isinstance(value, kinds)


def _kind_name(kinds: tuple[type, ...]) -> str:
    return " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)


def show(value: Any) -> str:
    """A value as a scenario author wrote it (TOML-like), for error and mismatch messages."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {show(v)}" for k, v in value.items()) + "}"
    return str(value)


class Node:
    """One TOML table being read. Every read names the key, so a wrong type or an unknown
    key becomes a one-line error with the table path (``steps[2].expect.seat1``)."""

    __slots__ = ("_asked", "data", "where")

    def __init__(self, data: dict[str, Any], where: str = "") -> None:
        self.data = data
        self.where = where
        self._asked: set[str] = set()

    def path(self, key: str | int) -> str:
        """The dotted path of `key` inside this table."""
        if isinstance(key, int):
            return f"{self.where}[{key}]"
        return f"{self.where}.{key}" if self.where else key

    def allow(self, *keys: str) -> None:
        """Declare keys this table may hold, so an unknown-key error can list them."""
        self._asked.update(keys)

    def has(self, key: str) -> bool:
        """Whether `key` is present (and a key this table may hold)."""
        self._asked.add(key)
        return key in self.data

    def get(self, key: str, kinds: type | tuple[type, ...], default: Any = _MISSING) -> Any:
        """The value of `key`, which must be of one of `kinds`; `default` when absent (an
        absent key without a default is an error)."""
        self._asked.add(key)
        kinds = kinds if isinstance(kinds, tuple) else (kinds,)
        if key not in self.data:
            if default is _MISSING:
                raise BadInput(f"{self.path(key)} is missing")
            return default
        value = self.data[key]
        if not _is_kind(value, kinds):
            raise BadInput(f"{self.path(key)}: expected {_kind_name(kinds)}, got {show(value)}")
        return value

    def integer(
        self, key: str, default: Any = _MISSING, low: int | None = None, high: int | None = None
    ) -> Any:
        """An integer in ``[low, high]`` (either bound optional)."""
        if key not in self.data:
            return self.get(key, int, default)
        value = self.get(key, int)
        check_range(self.path(key), value, low, high)
        return value

    def table(self, key: str) -> Node | None:
        """The sub-table `key`, or None when absent."""
        value = self.get(key, dict, None)
        return None if value is None else Node(value, self.path(key))

    def tables(self, key: str) -> list[Node]:
        """The array of tables `key` (``[[key]]``), empty when absent."""
        items = self.get(key, list, [])
        nodes = []
        for index, item in enumerate(items):
            where = f"{self.path(key)}[{index}]"
            if not isinstance(item, dict):
                raise BadInput(f"{where}: expected a table, got {show(item)}")
            nodes.append(Node(item, where))
        return nodes

    def present(self) -> list[str]:
        """The keys this table holds, in file order."""
        return list(self.data)

    def finish(self) -> None:
        """Refuse keys nobody asked for: a typo must not silently become 'not checked'."""
        unknown = [k for k in self.data if k not in self._asked]
        if unknown:
            known = ", ".join(sorted(self._asked)) or "none"
            names = ", ".join(repr(k) for k in unknown)
            place = self.where or "the top level"
            raise BadInput(f"{place}: unknown key(s) {names}; known here: {known}")


def check_range(where: str, value: int, low: int | None, high: int | None) -> None:
    """Refuse an integer outside ``[low, high]`` with a message naming the place."""
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            bounds = f"at least {low}"
        elif low is None:
            bounds = f"at most {high}"
        else:
            bounds = f"{low} to {high}"
        raise BadInput(f"{where}: expected {bounds}, got {value}")


def list_of(where: str, value: Any, kinds: type | tuple[type, ...], size: int | None) -> list[Any]:
    """Check that `value` is a list (of `size` items, if given) of `kinds`."""
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(value, list):
        raise BadInput(f"{where}: expected a list, got {show(value)}")
    if size is not None and len(value) != size:
        raise BadInput(f"{where}: expected {size} items, got {len(value)}")
    for index, item in enumerate(value):
        if not _is_kind(item, kinds):
            raise BadInput(f"{where}[{index}]: expected {_kind_name(kinds)}, got {show(item)}")
    return value


# --------------------------------------------------------------------- comparing


def same(expected: Any, actual: Any) -> bool:
    """Equality as a scenario means it: lists and tuples alike, booleans never numbers."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, list | tuple) and isinstance(actual, list | tuple):
        return len(expected) == len(actual) and all(map(same, expected, actual))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(
            same(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list | tuple | dict) or isinstance(actual, list | tuple | dict):
        return False
    return bool(expected == actual)


def _includes(expected: dict[str, Any], actual: dict[str, Any]) -> bool:
    """Whether every field `expected` names has the same value in `actual`."""
    return all(k in actual and same(v, actual[k]) for k, v in expected.items())


def _exactly(expected: dict[str, Any], actual: dict[str, Any]) -> bool:
    """Whether `actual` has exactly the fields and values of `expected`; a field left out
    of `expected` must be null in `actual` (TOML cannot write null)."""
    left_out = all(actual[k] is None for k in actual if k not in expected)
    return left_out and _includes(expected, actual)


@dataclass(frozen=True)
class Mismatch:
    """The first expectation that did not hold: where it is written, what it said, what
    the game did."""

    path: str
    expected: str
    actual: str

    def describe(self, file: str | Path) -> str:
        return f"{file}: expected {self.expected}, got {self.actual} at {self.path}"


class Check(Protocol):
    """One expectation, checked against the state and the events of its span."""

    @property
    def path(self) -> str:
        """Where in the file the expectation was written, for messages."""
        ...

    def diff(self, state: Any, events: Sequence[dict[str, Any]]) -> Mismatch | None: ...


@dataclass(frozen=True)
class ValueCheck:
    """`observe(state)` must equal `expected`."""

    path: str
    expected: Any
    observe: Callable[[Any], Any]
    render: Callable[[Any], str] = show

    def diff(self, state: Any, events: Sequence[dict[str, Any]]) -> Mismatch | None:
        actual = self.observe(state)
        if same(self.expected, actual):
            return None
        return Mismatch(self.path, self.render(self.expected), self.render(actual))


class Wrapped:
    """A game's built state inside the scenario runner: a plug-in subclasses this to add
    step forms its engine does not know (names instead of ids, a referee's time-out) in
    `apply`; every other attribute is the engine state's own."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def unwrap(state: Any) -> Any:
    """The engine state itself, whether or not it is `Wrapped`."""
    return state.game if isinstance(state, Wrapped) else state


def observer(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`read` applied to the engine state inside a possibly `Wrapped` one."""
    return lambda state: read(unwrap(state))


def value_expectation(
    kind: type | tuple[type, ...],
    read: Callable[[Any], Any],
    allowed: tuple[Any, ...] = (),
) -> Callable[[Node, str], Check]:
    """A plug-in's reader for one expected value: key `key` of the table must be of `kind`
    (and one of `allowed`, if given), and `read(engine state)` must equal it."""

    def make(node: Node, key: str) -> Check:
        value = node.get(key, kind)
        if allowed and value not in allowed:
            raise BadInput(
                f"{node.path(key)}: expected one of {', '.join(map(show, allowed))}, "
                f"got {show(value)}"
            )
        return ValueCheck(node.path(key), value, observer(read))

    return make


@dataclass(frozen=True)
class EventsCheck:
    """The events of the span, matched exactly (every event in order, every field; a null
    field is left out) or as an ordered subsequence (each expected event, in order,
    matches a later actual event on every field it names)."""

    path: str
    expected: tuple[dict[str, Any], ...]
    exact: bool

    def diff(self, state: Any, events: Sequence[dict[str, Any]]) -> Mismatch | None:
        return self._exact(events) if self.exact else self._subsequence(events)

    def _exact(self, events: Sequence[dict[str, Any]]) -> Mismatch | None:
        for index in range(max(len(self.expected), len(events))):
            want = self.expected[index] if index < len(self.expected) else None
            got = events[index] if index < len(events) else None
            if want is None or got is None or not _exactly(want, got):
                return Mismatch(
                    f"{self.path}[{index}]",
                    show(want) if want is not None else "no more events",
                    show(got) if got is not None else "no more events",
                )
        return None

    def _subsequence(self, events: Sequence[dict[str, Any]]) -> Mismatch | None:
        cursor = 0
        for index, want in enumerate(self.expected):
            found = next(
                (i for i in range(cursor, len(events)) if _includes(want, events[i])), None
            )
            if found is None:
                rest = events[cursor:]
                got = "no such event " + (
                    f"among the {len(rest)} after the previous match: {show(list(rest))}"
                    if rest
                    else "(no events left)"
                )
                return Mismatch(f"{self.path}[{index}]", show(want), got)
            cursor = found + 1
        return None


def _plain(value: Any) -> Any:
    """Event values as TOML would hold them: tuples become lists."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def plain_events(events: Iterable[tuple[Any, ...]]) -> list[dict[str, Any]]:
    return [_plain(event_json(e)) for e in events]


# --------------------------------------------------------------------- the game's half


class ScenarioGame(Protocol):
    """What a game provides to run scenarios (its spec's `Extensions.scenario` loads it).
    Each method reads its own keys from the node it is given."""

    def build(self, doc: Node, seed: int) -> Any:
        """The state of the setup (the game's own top-level tables of `doc`)."""
        ...

    def action(self, value: Any, where: str) -> Any:
        """The action a step's ``do`` value stands for."""
        ...

    def checks(self, expect: Node) -> list[Check]:
        """The game's expectations in an ``expect`` table (``events`` is read by core)."""
        ...


def scenario_game(name: str) -> ScenarioGame:
    """The scenario support of game `name`, with a clear error for an unknown game."""
    spec = get_game(name)
    if spec.extensions.scenario is None:
        raise BadInput(f"game {spec.name!r} has no scenario support")
    return spec.extensions.scenario()


# --------------------------------------------------------------------- parsing


@dataclass(frozen=True)
class Step:
    where: str
    action: Any | None
    player: int | None
    illegal: str | None
    forfeit: int | None
    chance: dict[str, list[int]]
    checks: tuple[Check, ...]


@dataclass
class Scenario:
    """A parsed, validated scenario, its state built and ready to run (once)."""

    path: Path
    description: str
    state: Any
    chance: dict[str, list[int]]
    steps: list[Step]
    checks: list[Check]


def load_toml(path: Path) -> dict[str, Any]:
    """The TOML document at `path`, or a `BadInput` naming the file and the problem."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise BadInput(f"{path}: cannot read: {error.strerror or error}") from error
    except UnicodeDecodeError as error:  # TOML is UTF-8 by definition
        line = error.object[: error.start].count(b"\n") + 1
        raise BadInput(
            f"{path}: not UTF-8 text (line {line} has the byte {error.object[error.start]:#04x}); "
            "save the file as UTF-8"
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise BadInput(f"{path}: not valid TOML: {error}") from error


def _chance(node: Node | None) -> dict[str, list[int]]:
    """A ``chance`` table: label -> outcomes in draw order (true/false or integers)."""
    if node is None:
        return {}
    out: dict[str, list[int]] = {}
    for label in node.present():
        values = node.get(label, list)
        items = list_of(node.path(label), values, (bool, int), None)
        for index, item in enumerate(items):
            if not isinstance(item, bool) and item < 0:
                raise BadInput(f"{node.path(label)}[{index}]: an outcome cannot be negative")
        out[label] = [int(v) for v in items]
    node.finish()
    return out


def _events_check(expect: Node) -> list[Check]:
    """The generic ``events`` / ``events_match`` expectation of an ``expect`` table."""
    mode = expect.get("events_match", str, "subsequence")
    if mode not in ("subsequence", "exact"):
        raise BadInput(
            f"{expect.path('events_match')}: expected 'subsequence' or 'exact', got {mode!r}"
        )
    if not expect.has("events"):
        if expect.has("events_match"):
            raise BadInput(f"{expect.path('events_match')} is given without events")
        return []
    where = expect.path("events")
    items = list_of(where, expect.get("events", list), dict, None)
    for index, item in enumerate(items):
        check_event_shape(f"{where}[{index}]", item)
    return [EventsCheck(where, tuple(items), mode == "exact")]


def check_event_shape(where: str, event: dict[str, Any]) -> None:
    """An expected event must name a known kind and only that kind's fields."""
    kind = event.get("kind")
    if not isinstance(kind, str):
        raise BadInput(f'{where}: an event needs a kind, e.g. {{kind = "hit", ...}}')
    try:
        fields = event_fields(kind)
    except KeyError:
        raise BadInput(f"{where}: unknown event kind {kind!r}") from None
    unknown = [k for k in event if k != "kind" and k not in fields]
    if unknown:
        raise BadInput(
            f"{where}: event {kind!r} has no field(s) {', '.join(unknown)}; "
            f"its fields: {', '.join(fields)}"
        )


def _expectations(game: ScenarioGame, node: Node | None) -> list[Check]:
    """An ``expect`` table's checks, in the order the file writes them, so that "the first
    differing expectation" is the first one a reader meets."""
    if node is None:
        return []
    checks = game.checks(node) + _events_check(node)
    node.finish()
    order = {key: index for index, key in enumerate(node.present())}
    prefix = len(node.where) + 1

    def rank(check: Check) -> int:
        head = re.split(r"[.\[]", check.path[prefix:], maxsplit=1)[0]
        return order.get(head, len(order))

    return sorted(checks, key=rank)


def _step(game: ScenarioGame, node: Node) -> Step:
    action = None
    if node.has("do"):
        action = game.action(node.get("do", dict), node.path("do"))
    player = node.integer("player", None, 0)
    illegal = node.get("illegal", str, None)
    if illegal is not None and action is None:
        raise BadInput(f"{node.path('illegal')}: needs the action in `do`")
    if player is not None and action is None:
        raise BadInput(f"{node.path('player')}: needs the action in `do`")
    forfeit = node.integer("forfeit", None, 0)
    if forfeit is not None and action is not None:
        raise BadInput(f"{node.path('forfeit')}: a step either plays `do` or forfeits")
    node.get("note", str, None)
    chance = _chance(node.table("chance"))
    checks = _expectations(game, node.table("expect"))
    node.finish()
    if action is None and forfeit is None and not chance and not checks:
        raise BadInput(f"{node.where}: a step needs `do`, `forfeit`, `chance` or `expect`")
    return Step(node.where, action, player, illegal, forfeit, chance, tuple(checks))


def parse(path: Path, doc: dict[str, Any]) -> Scenario:
    """Validate a whole scenario document and build its state."""
    top = Node(doc)
    description = top.get("description", str)
    if not description.strip():
        raise BadInput("description: say what this scenario shows")
    game = scenario_game(top.get("game", str))
    seed = top.integer("seed", 0, 0)
    state = game.build(top, seed)
    chance = _chance(top.table("chance"))
    steps = [_step(game, node) for node in top.tables("steps")]
    checks = _expectations(game, top.table("expect"))
    top.finish()
    if not steps and not checks:
        raise BadInput("a scenario needs steps or an expect table")
    return Scenario(path, description, state, chance, steps, checks)


def load(path: Path) -> Scenario:
    """Read and validate the scenario file at `path`; `BadInput` names the file."""
    doc = load_toml(path)
    try:
        return parse(path, doc)
    except BadInput as error:
        raise BadInput(f"{path}: {error}") from None


# --------------------------------------------------------------------- running


class _ChanceLedger:
    """Scripted outcomes versus draws: a draw nobody scripted would make the scenario
    depend on the seed, and a scripted outcome never drawn means the author expected a
    roll that did not happen. Both are reported as mismatches."""

    def __init__(self, state: Any) -> None:
        self.rng = state.rng
        self.start = len(self.rng.log)
        self.scripted: Counter[str] = Counter()

    def script(self, chance: dict[str, list[int]]) -> None:
        for label, outcomes in chance.items():
            self.rng.script(label, outcomes)
            self.scripted[label] += len(outcomes)

    def drawn(self) -> Counter[str]:
        return Counter(label for label, _ in self.rng.log[self.start :])

    def overdrawn(self, where: str) -> Mismatch | None:
        for label, count in self.drawn().items():
            if count > self.scripted[label]:
                return Mismatch(
                    where,
                    f"at most {self.scripted[label]} {label!r} draw(s), as scripted",
                    f"{count} (script the extra outcomes under chance.{label})",
                )
        return None

    def unused(self) -> Mismatch | None:
        drawn = self.drawn()
        for label, count in self.scripted.items():
            if drawn[label] < count:
                return Mismatch(
                    f"chance.{label}",
                    f"all {count} scripted {label!r} outcome(s) drawn",
                    f"only {drawn[label]} drawn",
                )
        return None


def _play(state: Any, step: Step) -> Mismatch | None:
    """Apply the step's action; a refusal must match `illegal`, and only then."""
    try:
        state.apply(step.action, step.player)
    except IllegalAction as error:
        reason = str(error)
        if step.illegal is None:
            return Mismatch(f"{step.where}.do", "a legal action", f"illegal: {reason}")
        if step.illegal.lower() not in reason.lower():
            return Mismatch(
                f"{step.where}.illegal",
                f"illegal with a reason containing {step.illegal!r}",
                f"illegal: {reason}",
            )
        return None
    except ValueError as error:  # a scripted outcome the draw cannot take
        raise BadInput(f"{step.where}: {error}") from None
    if step.illegal is not None:
        return Mismatch(
            f"{step.where}.illegal", f"an illegal action ({step.illegal!r})", "a legal action"
        )
    return None


def _first(
    checks: Iterable[Check], state: Any, events: Sequence[dict[str, Any]]
) -> Mismatch | None:
    for check in checks:
        mismatch = check.diff(state, events)
        if mismatch is not None:
            return mismatch
    return None


def run(scenario: Scenario) -> Mismatch | None:
    """Play the scenario; the first expectation that differs, or None if all hold."""
    state = scenario.state
    ledger = _ChanceLedger(state)
    ledger.script(scenario.chance)
    start = len(state.events)
    for step in scenario.steps:
        before = len(state.events)
        ledger.script(step.chance)
        if step.forfeit is not None:
            state.forfeit(step.forfeit, FORFEIT_REASON)
        if step.action is not None:
            mismatch = _play(state, step)
            if mismatch is not None:
                return mismatch
        mismatch = ledger.overdrawn(step.where)
        if mismatch is None:
            mismatch = _first(step.checks, state, plain_events(state.events[before:]))
        if mismatch is not None:
            return mismatch
    mismatch = _first(scenario.checks, state, plain_events(state.events[start:]))
    return mismatch or ledger.unused()


# --------------------------------------------------------------------- files


def discover(paths: Iterable[str | Path]) -> list[Path]:
    """Scenario files named by `paths`: files as given, folders searched recursively for
    ``*.toml``, in a stable order, each once."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(path.rglob("*.toml")))
        elif path.is_file():
            found.append(path)
        else:
            raise BadInput(f"{path}: no such file or folder")
    unique = list(dict.fromkeys(found))
    if not unique:
        raise BadInput(f"no scenario files (*.toml) under {', '.join(map(str, paths))}")
    return unique


@dataclass(frozen=True)
class Outcome:
    """What running one file gave: ``pass``, ``fail`` (an expectation differed) or ``bad``
    (the file could not be read or validated); `message` is one line naming the file."""

    path: Path
    status: str
    message: str = ""


def run_file(path: Path) -> Outcome:
    """Load and run one file, turning every problem into an `Outcome`."""
    try:
        scenario = load(path)
        mismatch = run(scenario)
    except BadInput as error:
        message = str(error)
        if not message.startswith(str(path)):
            message = f"{path}: {message}"
        return Outcome(path, "bad", message)
    if mismatch is None:
        return Outcome(path, "pass")
    return Outcome(path, "fail", mismatch.describe(path))


def check_file(path: Path) -> None:
    """Run one file and raise `AssertionError` with the first difference (for tests), or
    `BadInput` for a malformed file."""
    outcome = run_file(path)
    if outcome.status == "bad":
        raise BadInput(outcome.message)
    if outcome.status == "fail":
        raise AssertionError(outcome.message)
