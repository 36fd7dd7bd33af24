"""`Search.candidates`: a game narrowing the searching seat's own menu at the root."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from sparring.agents.ismcts import ISMCTSAgent
from sparring.core.game import GameSpec
from sparring.core.rng import Rng

from .pennies import FOLD, HEADS, TAILS, PenniesState, spec


def narrowed(keep: tuple[str, ...]) -> GameSpec:
    """Pennies played in turn (folding is right there), with seat 0's root menu cut to
    `keep`."""
    game = spec(in_turn=True)

    def candidates(view: Any, legal: Sequence[Any], rng: Rng) -> Sequence[Any]:
        return [action for action in legal if action in keep]

    return dataclasses.replace(game, search=dataclasses.replace(game.search, candidates=candidates))


@pytest.mark.parametrize("seed", range(3))
def test_the_decision_is_one_of_the_candidates(seed: int) -> None:
    """Unnarrowed, the search folds here (`test_simultaneous`); with heads and tails the
    only candidates it must choose one of them, after searching."""
    game = narrowed((HEADS, TAILS))
    state = PenniesState(in_turn=True)
    agent = ISMCTSAgent(game, 0, seed, iterations=200)
    assert agent.act(game.view(state, 0), state.legal_actions(0)) in (HEADS, TAILS)
    assert agent.last_iterations == 200


def test_a_single_candidate_is_played_without_searching() -> None:
    game = narrowed((FOLD,))
    state = PenniesState(in_turn=True)
    agent = ISMCTSAgent(game, 0, 1, iterations=200)
    assert agent.act(game.view(state, 0), state.legal_actions(0)) == FOLD
    assert agent.last_iterations == 0
