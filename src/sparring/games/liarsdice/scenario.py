"""Liar's Dice scenarios (docs/scenarios.md, "Liar's Dice"): a position at the start of a
round — the options, each seat's dice, the opener — then steps played by the engine, and
expectations on the table, the bids, the last call and the end.

The position is built through the engine's own `start_round`, with the given hands in
place of a roll, so everything after the set-up runs the engine's code. Later rounds roll
for real: a step that ends a round scripts the next roll under ``chance.die`` (face minus
one, seat by seat from seat 0, die by die).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from sparring.core.errors import BadInput
from sparring.core.scenario import (
    Check,
    Mismatch,
    Node,
    ValueCheck,
    check_range,
    list_of,
    observer,
    show,
    unwrap,
    value_expectation,
)

from .actions import action_from_json
from .options import LiarsDiceOptions
from .state import LiarsDiceState

NONE = "none"


def _options(node: Node | None) -> LiarsDiceOptions:
    if node is None:
        return LiarsDiceOptions()
    node.allow(*node.present())  # the options struct refuses unknown keys itself
    try:
        return LiarsDiceOptions.from_json(dict(node.data))
    except BadInput as error:
        raise BadInput(f"options: {error}") from None


def _hands(node: Node, options: LiarsDiceOptions) -> list[list[int]]:
    where = node.path("hands")
    hands = list_of(where, node.get("hands", list), list, options.players)
    for seat, hand in enumerate(hands):
        list_of(f"{where}[{seat}]", hand, int, None)
        if len(hand) > options.dice:
            raise BadInput(
                f"{where}[{seat}]: {len(hand)} dice, but players start with {options.dice}"
            )
        for index, die in enumerate(hand):
            check_range(f"{where}[{seat}][{index}]", die, 1, 6)
    if sum(1 for hand in hands if hand) < 2:
        raise BadInput(f"{where}: a round needs two players with dice")
    return [sorted(hand) for hand in hands]


class LiarsDiceScenario:
    """The `ScenarioGame` of Liar's Dice."""

    def build(self, doc: Node, seed: int) -> LiarsDiceState:
        options = _options(doc.table("options"))
        position = doc.table("position")
        if position is None:
            raise BadInput("[position] is missing: give each seat's dice (hands = [[...], ...])")
        round_number = position.integer("round", 1, 1)
        opener = position.integer("opener", 0, 0, options.players - 1)
        hands = _hands(position, options)
        if not hands[opener]:
            raise BadInput(f"{position.path('opener')}: seat {opener} has no dice to open with")
        position.finish()
        state = LiarsDiceState.at_table(seed, options)
        state.round = round_number - 1
        state.dice = [len(hand) for hand in hands]
        state.start_round(opener, hands)
        return state

    def action(self, value: Any, where: str) -> Any:
        return _action(value, where)

    def checks(self, expect: Node) -> list[Check]:
        return [READERS[key](expect, key) for key in expect.present() if key in READERS]


def _action(value: Any, where: str) -> Any:
    try:
        return action_from_json(value)
    except BadInput as error:
        raise BadInput(f"{where}: {error}") from None


def _legal(present: bool) -> Callable[[Node, str], Check]:
    """``legal_includes`` / ``legal_excludes``: a list of actions in their JSON form."""

    def make(node: Node, key: str) -> Check:
        where = node.path(key)
        items = list_of(where, node.get(key, list), dict, None)
        actions = tuple(_action(item, f"{where}[{i}]") for i, item in enumerate(items))
        return LegalCheck(where, actions, present)

    return make


def _standing(state: LiarsDiceState) -> list[int] | None:
    bid = state.current
    return None if bid is None else [bid.quantity, bid.face]


def _maybe(
    kind: type, read: Callable[[Any], Any], allowed: tuple[str, ...] = ()
) -> Callable[[Node, str], Check]:
    """An expectation of a value of `kind` (one of `allowed`, if given), or ``"none"``
    for nothing."""

    def make(node: Node, key: str) -> Check:
        value = node.get(key, (kind, str))
        if value == NONE:
            value = None
        elif isinstance(value, str) and kind is not str:
            raise BadInput(
                f"{node.path(key)}: expected {kind.__name__} or 'none', got {show(value)}"
            )
        elif allowed and value not in allowed:
            choices = ", ".join(map(show, (*allowed, NONE)))
            raise BadInput(f"{node.path(key)}: expected one of {choices}, got {show(value)}")
        return ValueCheck(node.path(key), value, observer(read))

    return make


_RESULT_FIELDS = (
    "round",
    "call",
    "caller",
    "bidder",
    "quantity",
    "face",
    "hands",
    "count",
    "losers",
)


def _last_call(node: Node, key: str) -> Check:
    """``last_call = { count = 4, losers = [1] }``: the named fields of the last call."""
    table = node.table(key)
    assert table is not None
    checks = []
    for field in table.present():
        if field not in _RESULT_FIELDS:
            known = ", ".join(_RESULT_FIELDS)
            raise BadInput(f"{table.path(field)}: a call has no {field!r}; its fields: {known}")
        expected = table.get(field, (int, str, list))
        checks.append(ValueCheck(table.path(field), expected, observer(_result_field(field))))
    table.finish()
    return AllChecks(node.path(key), tuple(checks))


def _result_field(field: str) -> Callable[[LiarsDiceState], Any]:
    def read(state: LiarsDiceState) -> Any:
        if not state.results:
            return None
        return msgspec.to_builtins(state.results[-1])[field]

    return read


@dataclass(frozen=True)
class AllChecks:
    """Several checks under one key, the first difference reported."""

    path: str
    checks: tuple[Check, ...]

    def diff(self, state: Any, events: Sequence[dict[str, Any]]) -> Mismatch | None:
        for check in self.checks:
            mismatch = check.diff(state, events)
            if mismatch is not None:
                return mismatch
        return None


@dataclass(frozen=True)
class LegalCheck:
    """Each action is legal now (`present`), or none of them is."""

    path: str
    actions: tuple[Any, ...]
    present: bool

    def diff(self, state: Any, events: Sequence[dict[str, Any]]) -> Mismatch | None:
        legal = set(unwrap(state).legal_actions())
        for index, action in enumerate(self.actions):
            if (action in legal) != self.present:
                wanted, got = ("legal", "not legal") if self.present else ("not legal", "legal")
                return Mismatch(f"{self.path}[{index}]", f"{action} {wanted}", got)
        return None


READERS: dict[str, Callable[[Node, str], Check]] = {
    "round": value_expectation(int, lambda s: s.round),
    "opener": value_expectation(int, lambda s: s.opener),
    "to_move": value_expectation(list, lambda s: list(s.to_move())),
    "dice": value_expectation(list, lambda s: s.dice),
    "hands": value_expectation(list, lambda s: s.hands),
    "bids": value_expectation(list, lambda s: [[b.seat, b.quantity, b.face] for b in s.bids]),
    "bid": _maybe(list, _standing),
    "winner": _maybe(int, lambda s: s.winner),
    "end_reason": _maybe(
        str, lambda s: None if s.winner is None else s.reason.value, ("rules", "forfeit")
    ),
    "returns": value_expectation(list, lambda s: list(s.returns())),
    "legal_count": value_expectation(int, lambda s: len(s.legal_actions())),
    "legal_includes": _legal(present=True),
    "legal_excludes": _legal(present=False),
    "last_call": _last_call,
}
SCENARIO = LiarsDiceScenario()
