"""The engine's one shape (`core.engine.Engine`) as 5×5 Tactics fills it in."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparring.core.errors import IllegalAction
from sparring.core.rng import Rng
from sparring.games.tactics.actions import OBSTACLE, Attack, Draft, EndTurn, Move
from sparring.games.tactics.legal import battle_actions
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.state import TacticsState

from .helpers import battle, rule_options

CLERIC = Draft("CLERIC", "cleric_trinity", ("TANK", "ARCHER"))


# ---------------------------------------------------------------------- apply's checks


def test_a_finished_game_refuses_everything() -> None:
    state = battle()
    state.forfeit(1, "gone")
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(EndTurn("p1_hero"), 0)


def test_a_seat_that_has_drafted_is_told_so_and_the_draft_waits_for_the_other() -> None:
    state = TacticsState(2)
    state.apply(CLERIC, 0)
    with pytest.raises(IllegalAction, match="seat 0 has already drafted"):
        state.apply(CLERIC, 0)
    assert state.to_move() == (1,) and state.drafts[0] == CLERIC


def test_in_battle_a_seat_out_of_turn_is_told_whose_turn_it_is() -> None:
    state = battle()
    with pytest.raises(IllegalAction, match="seat 1 cannot act now: seat 0 is to decide"):
        state.apply(EndTurn("p2_hero"), 1)


def test_an_action_of_another_game_is_refused_with_a_reason() -> None:
    state = battle()
    with pytest.raises(IllegalAction, match="is not a tactics action"):
        state.apply(("move", 1, 2), 0)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choices=st.integers(min_value=0, max_value=2**32 - 1),
    options=rule_options(),
)
def test_without_a_menu_the_same_actions_are_accepted_as_with_one(
    seed: int, choices: int, options: TacticsOptions
) -> None:
    """A fresh copy has no menu, so `offers` checks the named unit's own actions: at every
    activation of a random game it accepts exactly the menu's actions, and refuses the
    other units' and seats' actions with the same reason as with the menu."""
    state = TacticsState(seed, options)
    pick = Rng(choices)
    seen: list[object] = [Move("p1_hero", 9, 9), Attack("nobody", 0, 0), OBSTACLE]
    while not state.is_terminal():
        seat = state.to_move()[0]
        legal = list(state.legal_actions(seat))
        if state.phase == "battle" and not state.deaths:
            menu = battle_actions(state)
            for action in [*legal, *seen[-30:]]:
                fresh, cached = state.clone(), state.clone()
                cached.legal_actions(seat)
                assert fresh.offers(action, seat) == (action in menu) == cached.offers(action, seat)
                if action not in menu:
                    assert fresh.refusal(action, seat) == cached.refusal(action, seat)
            seen.extend(legal)
        state.apply(legal[pick.below(len(legal), "test")], seat)
