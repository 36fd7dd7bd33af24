"""Simultaneous moves: a seat's choice at a step where several seats decide at once never
depends on the others' choices at that step (decoupled selection at one node).

Pennies or fold (`pennies`) tells the two apart: if the search let seat 1 react to seat
0's coin, heads and tails would be sure losses for seat 0 and it would fold; played at the
same time they are worth 0 on average and folding is a mistake. The same game played in
turn, seat 0's coin shown, checks that the test bites: there the search must fold.
"""

from __future__ import annotations

import pytest

from sparring.agents.ismcts import ISMCTSAgent

from .pennies import FOLD, PenniesState, spec

SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_simultaneous_pick_is_not_answered_by_the_rival_in_the_tree(seed: int) -> None:
    game = spec(in_turn=False)
    state = PenniesState(in_turn=False)
    assert state.to_move() == (0, 1)
    agent = ISMCTSAgent(game, 0, seed, iterations=400)
    assert agent.act(game.view(state, 0), state.legal_actions(0)) != FOLD


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_game_in_turn_is_answered_so_folding_is_right(seed: int) -> None:
    game = spec(in_turn=True)
    state = PenniesState(in_turn=True)
    agent = ISMCTSAgent(game, 0, seed, iterations=400)
    assert agent.act(game.view(state, 0), state.legal_actions(0)) == FOLD


def test_the_second_seat_of_a_simultaneous_step_decides_without_the_first_ones_pick() -> None:
    """Seat 1 is asked after seat 0's pick is applied (as the referee does): its decision
    is the same whatever seat 0 picked."""
    game = spec(in_turn=False)
    decisions = set()
    for pick in ("heads", "tails", FOLD):
        state = PenniesState(in_turn=False)
        state.apply(pick, 0)
        agent = ISMCTSAgent(game, 1, 7, iterations=200)
        decisions.add(agent.act(game.view(state, 1), state.legal_actions(1)))
    assert len(decisions) == 1
