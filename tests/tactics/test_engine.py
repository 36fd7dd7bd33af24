"""The engine's one shape (`core.engine.Engine`) as 5×5 Tactics fills it in, and how a game
ends (`outcome()`): every ending by name — a hero falls, both fall (the active player
wins), both fall at the round end (the last actor wins), the round cap with a winner and
with a draw, a forfeit — and none while the game goes on."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparring.core.errors import IllegalAction
from sparring.core.game import EndReason, Outcome
from sparring.core.rng import Rng
from sparring.games.tactics.actions import OBSTACLE, Attack, Draft, EndTurn, Move
from sparring.games.tactics.legal import battle_actions
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.spec import SPEC
from sparring.games.tactics.state import TacticsState

from .helpers import OFF, arrange, battle, finish_round, give, rule_options, unit

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


# ---------------------------------------------------------------------- how a game ends


def test_no_outcome_while_the_game_goes_on() -> None:
    state = TacticsState(1)
    assert state.outcome() is None
    state.apply(CLERIC, 0)
    state.apply(CLERIC, 1)
    assert state.outcome() is None and not state.is_terminal()


def test_a_hero_falling_ends_the_game_by_the_rules() -> None:
    """Rules §5: killing the enemy hero wins."""
    state = battle()
    arrange(state, p2_hero=(2, 1))
    unit(state, "p2_hero").hp = 1
    state.apply(Attack("p1_hero", 2, 1), 0)
    assert state.outcome() == Outcome(0, (1.0, -1.0), EndReason.RULES, "seat 1's hero fell")


def test_a_hero_killed_by_its_own_time_out_penalty_loses_by_the_rules() -> None:
    """Ruling A7: the time-out's HP loss can kill the hero; the other seat wins."""
    state = battle()
    unit(state, "p1_hero").hp = 1
    state.timeout(0)
    assert state.outcome() == Outcome(1, (-1.0, 1.0), EndReason.RULES, "seat 0's hero fell")


def test_both_heroes_falling_in_one_action_go_to_the_active_player() -> None:
    """Rules §5.1: P1's challenged hero kills P2's Duelist hero, whose counter kills P1's
    hero too; P1 (the active player) wins."""
    state = battle("warrior_endure", "duelist_challenge")
    arrange(state, p2_hero=(2, 1))
    unit(state, "p1_hero").hp = unit(state, "p2_hero").hp = 1
    give(state, "p1_hero", "CHALLENGE")
    unit(state, "p1_hero").challenger = "p2_hero"
    state.apply(Attack("p1_hero", 2, 1), 0)
    assert unit(state, "p1_hero").hp <= 0 and unit(state, "p2_hero").hp <= 0
    detail = "both heroes fell: the active player wins"
    assert state.outcome() == Outcome(0, (1.0, -1.0), EndReason.RULES, detail)


def test_both_heroes_falling_in_one_round_end_step_go_to_the_last_actor() -> None:
    """Ruling A9: both fall to round 8's pressure; seat 0 made the last activation."""
    state = battle()
    arrange(state, p2_minion_1=OFF, p2_minion_2=OFF)
    state.round = 8
    unit(state, "p1_hero").hp = unit(state, "p2_hero").hp = 1
    finish_round(state)
    detail = "both heroes fell: the active player wins"
    assert state.outcome() == Outcome(0, (1.0, -1.0), EndReason.RULES, detail)


def test_the_round_cap_with_more_hero_hp_is_won_by_the_limit() -> None:
    """Ours (option round_cap): at the cap's round end the hero with more HP wins."""
    state = battle(round_cap=2)
    finish_round(state)
    unit(state, "p1_hero").hp = 3
    finish_round(state)
    detail = "round cap reached: hero HP 3-5"
    assert state.outcome() == Outcome(1, (-1.0, 1.0), EndReason.LIMIT, detail)


def test_the_round_cap_with_equal_hero_hp_is_a_draw_by_the_limit() -> None:
    state = battle(round_cap=1)
    finish_round(state)
    detail = "round cap reached with equal hero HP (5)"
    assert state.outcome() == Outcome(None, (0.0, 0.0), EndReason.LIMIT, detail)


@pytest.mark.parametrize("drafted", [False, True])
def test_a_forfeit_ends_the_game_as_a_forfeit_won_by_the_other_seat(drafted: bool) -> None:
    state = battle() if drafted else TacticsState(1)
    state.forfeit(0, "IA: not a move")
    detail = "seat 0 forfeited: IA: not a move"
    assert state.outcome() == Outcome(1, (-1.0, 1.0), EndReason.FORFEIT, detail)
    state.forfeit(1, "too late")
    assert state.outcome() is not None and state.outcome().winner == 1


def test_a_referee_verdict_forfeits_but_a_time_out_does_not() -> None:
    """The spec's verdict policy: a TLE costs its price and play goes on; any other
    verdict ends the game as a forfeit."""
    state = battle()
    SPEC.apply_verdict(state, 0, "TLE", "10 s")
    assert state.outcome() is None and unit(state, "p1_hero").hp == 4
    SPEC.apply_verdict(state, 1, "BAD", "unreadable")
    outcome = state.outcome()
    assert outcome is not None and outcome.reason is EndReason.FORFEIT and outcome.winner == 0
