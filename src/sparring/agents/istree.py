"""The tree of an information-set search: nodes the searching seat cannot tell apart are one
node, and every seat to move at a node chooses there on its own statistics.

A node holds, per seat, one `Edge` per action tried there: its visits, the sum of that
seat's returns through it, and its *availability* — how many times the action was legal
when the seat chose at this node. Different determinizations of one view allow different
actions (an enemy's hand differs from sample to sample), so an action's exploration term
counts the visits in which it could have been chosen, not all the node's visits (Cowling,
Powley and Whitehouse's ISMCTS selection).

Children are keyed by what the searching seat observes of a step (`observation`): its own
actions, and the events of the step it may see. Actions it cannot see (a rival's secret
choice, a hidden draw) lead to the same child, so the seat's later choices are made on
what it would really know.

Menus longer than the game's `Search.wide_menu` are widened progressively: a seat tries a
new action at a node only while its tried actions number fewer than ``ceil(WIDEN_BASE *
visits ** WIDEN_POWER)``; otherwise it chooses among those tried (and legal now). A new
action is the one the search suggests (its rollout policy's choice in this sample) if
that is untried, else the menu's first (games list a safe default first: a pass, a call),
else one drawn at random from the menu.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from sparring.core.events import Event, visible_to
from sparring.core.rng import Rng

LABEL = "ismcts"
WIDEN_BASE = 2.0
WIDEN_POWER = 0.5
#: A widened node draws this many random menu entries, at most, looking for an untried one.
FRESH_TRIES = 8
#: Menus up to this size are turned into a set for the legality test of tried actions.
SET_LIMIT = 4096


class Edge:
    """One seat's statistics for one action at one node."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Node:
    """One information set of the searching seat (see the module docstring)."""

    __slots__ = ("children", "edges", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.edges: dict[int, dict[Any, Edge]] = {}
        self.visits: dict[int, int] = {}

    def select(
        self,
        seat: int,
        legal: Sequence[Any],
        c: float,
        wide: int,
        rng: Rng,
        suggest: Callable[[], Any] | None = None,
        in_order: bool = False,
    ) -> Any:
        """The action `seat` plays here: an untried legal action if there is one to try
        (drawn at random, or with `in_order` the first in the menu's order; on a widened
        menu, `suggest()` first), else the tried legal action with the best
        availability-aware upper confidence bound. Counts the visit and each candidate's
        availability."""
        edges = self.edges.setdefault(seat, {})
        visits = self.visits.get(seat, 0)
        self.visits[seat] = visits + 1
        if len(legal) > wide:
            candidates, fresh = _widened(edges, legal, visits, rng, suggest)
        else:
            candidates, fresh = _all(edges, legal)
        for action in candidates:
            edges[action].available += 1
        if fresh:
            return fresh[0] if in_order else fresh[rng.below(len(fresh), LABEL)]
        return max(candidates, key=lambda action: _bound(edges[action], c))

    def count(self, seat: int, legal: Sequence[Any], action: Any) -> Any:
        """Count a visit in which `seat` plays `action`, chosen by the caller (a search on
        common samples plays every root choice in turn), as `select` counts its own."""
        edges = self.edges.setdefault(seat, {})
        self.visits[seat] = self.visits.get(seat, 0) + 1
        for each in _all(edges, legal)[0]:
            edges[each].available += 1
        return action

    def best(self, seat: int, legal: Sequence[Any]) -> Any | None:
        """The legal action `seat` tried most here (ties: the better mean, then the first
        tried); None if it tried none."""
        edges = self.edges.get(seat, {})
        tried = [(edge.visits, edge.mean(), action) for action, edge in edges.items()]
        members = _members(legal)
        chosen: Any | None = None
        best_key = (0, -math.inf)
        for visits, mean, action in tried:
            if visits and (visits, mean) > best_key and action in members:
                chosen, best_key = action, (visits, mean)
        return chosen

    def child(self, key: Hashable) -> tuple[Node, bool]:
        """The child reached by observation `key`, and whether it was just made."""
        node = self.children.get(key)
        if node is not None:
            return node, False
        node = self.children[key] = Node()
        return node, True

    def update(self, picks: dict[int, Any], returns: Sequence[float]) -> None:
        """Back up one iteration's `returns` through the actions chosen here."""
        for seat, action in picks.items():
            edge = self.edges[seat][action]
            edge.visits += 1
            edge.total += returns[seat]


def _bound(edge: Edge, c: float) -> float:
    return edge.mean() + c * math.sqrt(math.log(edge.available) / edge.visits)


def _all(edges: dict[Any, Edge], legal: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """Every legal action is a candidate; the untried ones are to be tried first."""
    fresh = []
    for action in legal:
        edge = edges.get(action)
        if edge is None:
            edge = edges[action] = Edge()
        if not edge.visits:
            fresh.append(action)
    return list(legal), fresh


def _widened(
    edges: dict[Any, Edge],
    legal: Sequence[Any],
    visits: int,
    rng: Rng,
    suggest: Callable[[], Any] | None,
) -> tuple[list[Any], list[Any]]:
    """The tried actions legal now; while the node may still widen, one new action too
    (as the one to try): the suggested one, the menu's first, or one drawn from the menu."""
    members = _members(legal)
    candidates = [action for action, edge in edges.items() if edge.visits and action in members]
    untried = [action for action, edge in edges.items() if not edge.visits and action in members]
    if untried:
        return candidates + untried, untried[:1]
    if len(candidates) >= math.ceil(WIDEN_BASE * (visits + 1) ** WIDEN_POWER):
        return candidates, []
    suggested = None if suggest is None else suggest()
    if suggested is not None and suggested not in edges:
        edges[suggested] = Edge()
        return [*candidates, suggested], [suggested]
    if legal[0] not in edges:
        edges[legal[0]] = Edge()
        return [*candidates, legal[0]], [legal[0]]
    for _ in range(FRESH_TRIES):
        action = legal[rng.below(len(legal), LABEL)]
        if action not in edges:
            edges[action] = Edge()
            return [*candidates, action], [action]
    return candidates, []  # not empty: a drawn action already in `edges` is a candidate


def _members(legal: Sequence[Any]) -> Any:
    """Something to test legality against quickly: a set of a short enough list, else the
    menu itself (a lazy menu tests membership on its own)."""
    if isinstance(legal, list | tuple) and len(legal) <= SET_LIMIT:
        return set(legal)
    return legal


def observation(events: Sequence[Event], seat: int, own: Any) -> Hashable:
    """What `seat` learns from one step: its own action (`own`, None if it did not move)
    and the step's events it may see, in a hashable form."""
    return (own, tuple(_frozen(event) for event in events if visible_to(event, seat)))


def _frozen(value: Any) -> Hashable:
    """`value` made hashable: lists and tuples as tuples, dicts as sorted item tuples,
    anything else unhashable by its text."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    try:
        hash(value)
    except TypeError:
        return repr(value)
    hashable: Hashable = value
    return hashable
