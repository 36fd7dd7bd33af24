"""Generic hooks of the search: a widened menu tries the rollout agent's suggestion first,
a ranked menu (a game's `candidates`) is tried in its order, `Search.model_opponents` lets
the rollout agent play the other seats in the tree (so only the searching seat keeps
statistics there), `Search.exploration` sets a game's own exploration constant, and
`Search.tree_depth` bounds the tree, `Search.common_samples` plays each sample once
per root choice, and `Search.tree_menu` narrows every menu in the tree but the root's."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from sparring.agents.ismcts import EXPLORATION, ISMCTSAgent, _Decision
from sparring.agents.istree import Node
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.liarsdice.determinize import determinize
from sparring.games.liarsdice.views import view
from tests.liarsdice.helpers import bid, table


def test_a_widened_menu_tries_the_suggested_action_first_and_again_when_it_changes() -> None:
    node = Node()
    menu = list(range(100))
    rng = Rng(1)
    assert node.select(0, menu, 1.0, 8, rng, lambda: 57) == 57
    node.update({0: 57}, [0.0])
    # A new action is due again (2 × √2 > 1): a different suggestion is the one tried.
    assert node.select(0, menu, 1.0, 8, rng, lambda: 31) == 31


def test_a_ranked_menu_is_tried_in_its_order_before_any_action_is_tried_twice() -> None:
    """With `in_order` (the root's menu from a game's `candidates`, best first) the untried
    actions come in the menu's order; once all are tried, the bound decides."""
    node = Node()
    menu = [5, 3, 9, 1]
    rng = Rng(1)
    tried = []
    for _ in menu:
        action = node.select(0, menu, 1.0, 24, rng, None, in_order=True)
        node.update({0: action}, [1.0 if action == 9 else 0.0])
        tried.append(action)
    assert tried == menu
    assert node.select(0, menu, 1.0, 24, rng, None, in_order=True) == 9


def _nodes_below_root(root: Node) -> Iterator[Node]:
    stack = list(root.children.values())
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children.values())


def _edges_below_root(root: Node) -> set[int]:
    return {seat for node in _nodes_below_root(root) for seat, edges in node.edges.items() if edges}


def _tree(model_opponents: bool) -> Node:
    spec = get_game("liarsdice")
    spec = dataclasses.replace(
        spec, search=dataclasses.replace(spec.search, model_opponents=model_opponents)
    )
    state = table([[2, 3, 4], [1, 5, 6]], opener=0)
    state.apply(bid(1, 4), 0)
    seen = view(state, 1)
    rng = Rng(2)
    factory = spec.agents["greedy"]

    def agent(seat: int) -> Any:
        return factory(seat, 0)

    decision = _Decision(spec, 1, rng, 1.0, agent, state.legal_actions(1))
    for _ in range(150):
        decision.iterate(determinize(seen, rng))
    return decision.root


def test_modelled_opponents_keep_no_statistics_in_the_tree() -> None:
    assert _edges_below_root(_tree(model_opponents=True)) == {1}
    assert _edges_below_root(_tree(model_opponents=False)) == {0, 1}


def test_a_game_s_exploration_constant_is_the_default_and_a_parameter_overrides_it() -> None:
    spec = get_game("liarsdice")
    assert spec.search.exploration is None and ISMCTSAgent(spec, 0, 1).c == EXPLORATION
    tuned = dataclasses.replace(spec, search=dataclasses.replace(spec.search, exploration=0.2))
    assert ISMCTSAgent(tuned, 0, 1).c == 0.2
    assert ISMCTSAgent(tuned, 0, 1, c=0.7).c == 0.7


def test_a_tree_depth_of_one_keeps_statistics_at_the_root_alone() -> None:
    """A flat search: 60 iterations leave the root without children (every iteration is
    the root's choice and a rollout), and the decision is still one of the root's."""
    spec = get_game("liarsdice")
    flat = dataclasses.replace(spec, search=dataclasses.replace(spec.search, tree_depth=1))
    state = table([[1, 2], [3, 4]], opener=0)
    legal = state.legal_actions(0)
    search = _Decision(flat, 0, Rng(5), 1.0, None, legal)
    for _ in range(60):
        search.iterate(determinize(view(state, 0), Rng(7)))
    assert search.root.children == {}
    assert sum(edge.visits for edge in search.root.edges[0].values()) == 60
    assert search.root.best(0, legal) in legal


def test_common_samples_play_every_root_choice_on_its_own_copy_of_each_sample() -> None:
    """`Search.common_samples`: a round plays one sample once per root choice, each on a
    copy, so after 12 rounds every choice has 12 visits (no bound chose among them), the
    sample itself is untouched, and the decision is the choice with the best mean."""
    spec = get_game("liarsdice")
    common = dataclasses.replace(
        spec, search=dataclasses.replace(spec.search, tree_depth=1, common_samples=True)
    )
    state = table([[1, 2], [3, 4]], opener=0)
    legal = state.legal_actions(0)
    search = _Decision(common, 0, Rng(5), 1.0, None, legal)
    rng = Rng(7)
    for _ in range(12):
        sample = determinize(view(state, 0), rng)
        logged = len(sample.events)
        search.compare(sample)
        assert len(sample.events) == logged and not sample.is_terminal()
    edges = search.root.edges[0]
    assert {action: edges[action].visits for action in legal} == dict.fromkeys(legal, 12)
    assert search.root.best(0, legal) == max(legal, key=lambda action: edges[action].mean())


def test_an_iteration_on_common_samples_is_one_sample_for_every_root_choice() -> None:
    spec = get_game("liarsdice")
    common = dataclasses.replace(
        spec, search=dataclasses.replace(spec.search, tree_depth=1, common_samples=True)
    )
    state = table([[1, 2], [3, 4]], opener=0)
    agent = ISMCTSAgent(common, 0, 3, iterations=9)
    assert agent.act(view(state, 0), state.legal_actions(0)) in state.legal_actions(0)
    assert agent.last_iterations == 9


def test_a_tree_menu_narrows_every_choice_below_the_root_and_leaves_the_root_s_menu() -> None:
    """A game's `tree_menu` (here: a seat's last legal action alone, the strongest bid or
    the challenge) is every seat's menu below the root, for the searching seat too; the
    root's own menu stays whole."""
    spec = get_game("liarsdice")
    narrowed: list[int] = []

    def last_only(state: Any, seat: int, legal: Any) -> Any:
        narrowed.append(seat)
        return legal[-1:]

    spec = dataclasses.replace(
        spec, search=dataclasses.replace(spec.search, tree_menu=last_only, model_opponents=False)
    )
    state = table([[2, 3, 4], [1, 5, 6]], opener=0)
    legal = state.legal_actions(0)
    rng = Rng(4)
    search = _Decision(spec, 0, rng, 1.0, None, legal)
    for _ in range(120):
        search.iterate(determinize(view(state, 0), rng))
    assert len(search.root.edges[0]) > 1  # a narrowed root would try one action
    assert set(narrowed) == {0, 1}
    below = list(_nodes_below_root(search.root))
    assert below and all(len(edges) <= 1 for node in below for edges in node.edges.values())
