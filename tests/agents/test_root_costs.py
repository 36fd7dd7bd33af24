"""`Search.root_costs`: a game pricing the searching seat's own root choices for what the
tree cannot see (what an action gives away)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from sparring.agents.ismcts import ISMCTSAgent
from sparring.core.game import GameSpec
from sparring.core.rng import Rng

from .pennies import FOLD, FOLD_COST, HEADS, TAILS, PenniesState, spec

#: More than folding saves in pennies played in turn (a matched coin loses 1, a fold
#: `FOLD_COST`), so a priced fold is the worst choice.
PRICE = 1.0


def priced(costs: Mapping[Any, float], menus: list[Sequence[Any]]) -> GameSpec:
    """Pennies played in turn (folding is right there, unpriced), with seat 0's root
    choices priced by `costs`; every menu the hook is handed is kept in `menus`."""
    game = spec(in_turn=True)

    def root_costs(view: Any, legal: Sequence[Any], rng: Rng) -> Mapping[Any, float]:
        menus.append(list(legal))
        return costs

    return dataclasses.replace(game, search=dataclasses.replace(game.search, root_costs=root_costs))


@pytest.mark.parametrize("seed", range(3))
def test_a_priced_choice_loses_its_place(seed: int) -> None:
    """Unpriced, seat 0 folds (`test_simultaneous`); when folding costs more than the
    half point it saves, the search shows a coin, and the hook saw the root's menu."""
    assert FOLD_COST + PRICE > 1.0
    menus: list[Sequence[Any]] = []
    game = priced({FOLD: PRICE}, menus)
    state = PenniesState(in_turn=True)
    agent = ISMCTSAgent(game, 0, seed, iterations=300)
    assert agent.act(game.view(state, 0), state.legal_actions(0)) in (HEADS, TAILS)
    assert menus == [[HEADS, TAILS, FOLD]]


@pytest.mark.parametrize("seed", range(3))
def test_a_price_too_small_to_matter_leaves_the_decision(seed: int) -> None:
    """Folding priced at less than it saves is still the best choice."""
    game = priced({FOLD: 0.25}, [])
    state = PenniesState(in_turn=True)
    agent = ISMCTSAgent(game, 0, seed, iterations=300)
    assert agent.act(game.view(state, 0), state.legal_actions(0)) == FOLD
