"""An attack's standing move-in order (`Attack.move_in`, `Blitz.move_in`): should the
attack capture, that many units move in, clamped into the rules' range (at least the last
roll's dice, at most all but 1), and no move-in decision is asked; without a capture the
order does nothing. Orders that are not a whole number of at least 0 are refused."""

from __future__ import annotations

import pytest

from sparring.core.errors import BadInput, IllegalAction
from sparring.games.warfish.actions import STOP_TRADING, Attack, Blitz, action_from_json
from sparring.games.warfish.state import ATTACK, MOVE_IN, TRADE, WarfishState

from .helpers import place_all, position, script_roll, t


def attack_ready(units: int, **options) -> WarfishState:
    """Seat 0's attack phase: Alaska with `units` against Kamchatka's 1 (seat 1), whose
    other neighbours keep the game going after a capture."""
    state = position({"Alaska": (0, 1), "Kamchatka": (1, 1), "Alberta": (0, 1)}, **options)
    place_all(state, "Alberta")
    state.units[t(state, "Alaska")] = units
    state.recount()
    return state


def test_a_blitz_order_of_0_moves_the_minimum_without_asking() -> None:
    state = attack_ready(9)
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Blitz(alaska, kamchatka, 0))
    assert state.phase == ATTACK and state.pending is None
    assert (state.units[alaska], state.units[kamchatka]) == (6, 3)
    moved = next(e for e in reversed(state.events) if e[0] == "wf_move_in")
    assert moved[2:] == (0, alaska, kamchatka, 3)


def test_an_order_above_the_range_moves_all_but_one() -> None:
    state = attack_ready(9)
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Blitz(alaska, kamchatka, 1_000))
    assert (state.units[alaska], state.units[kamchatka]) == (1, 8)


def test_an_order_inside_the_range_moves_exactly_that_many() -> None:
    state = attack_ready(9)
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(alaska, kamchatka, 3, 5))
    assert (state.units[alaska], state.units[kamchatka]) == (4, 5)


def test_an_order_below_the_last_rolls_dice_moves_that_many_dice() -> None:
    state = attack_ready(9)
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    script_roll(state, (6, 6), (1,))
    state.apply(Attack(alaska, kamchatka, 2, 1))
    assert (state.units[alaska], state.units[kamchatka]) == (7, 2)


def test_an_order_is_ignored_when_the_attack_does_not_capture() -> None:
    state = attack_ready(9)
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    script_roll(state, (1, 1, 1), (6,))
    state.apply(Attack(alaska, kamchatka, 3, 0))
    assert state.owner[kamchatka] == 1 and state.phase == ATTACK
    assert state.units[alaska] == 8


def test_without_an_order_a_capture_with_a_choice_still_asks() -> None:
    state = attack_ready(9)
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Blitz(t(state, "Alaska"), t(state, "Kamchatka")))
    assert state.phase == MOVE_IN and state.pending[2:] == (3, 8)


def test_an_order_settles_the_move_in_before_a_forced_trade() -> None:
    """Eliminating seat 1 hands its 3 cards to seat 0 (6 in all): the ordered move-in
    is made, then the forced trade is asked."""
    state = position(
        {"Alaska": (0, 9), "Alberta": (0, 1), "Kamchatka": (1, 1)},
        rest=(2, 1),
        players=3,
        hands=[[0, 1, 2], [3, 4, 5]],
    )
    state.apply(STOP_TRADING)
    place_all(state, "Alberta")
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Blitz(alaska, kamchatka, 0))
    assert not state.alive[1] and len(state.hands[0]) == 6
    assert state.units[kamchatka] == 3 and state.phase == TRADE and state.forced_only


@pytest.mark.parametrize("bad", [-1, "all", 2.5, True])
def test_an_order_that_is_not_a_whole_number_of_at_least_0_is_refused(bad) -> None:
    state = attack_ready(9)
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    before = (state.units[:], state.owner[:], len(state.rng.log), len(state.events))
    for action in (Blitz(alaska, kamchatka, bad), Attack(alaska, kamchatka, 3, bad)):
        assert action not in state.legal_actions()
        with pytest.raises(IllegalAction, match="move_in, if given, is a whole number"):
            state.apply(action)
    assert (state.units, state.owner, len(state.rng.log), len(state.events)) == before


def test_orders_are_in_the_attack_menu_but_not_listed() -> None:
    state = attack_ready(9)
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    legal = state.legal_actions()
    assert Blitz(alaska, kamchatka, 4) in legal and Attack(alaska, kamchatka, 2, 0) in legal
    assert all(getattr(a, "move_in", None) is None for a in legal)
    assert "move_in" in legal.to_json()["note"]


def test_the_json_form_carries_the_order_only_when_given() -> None:
    assert Blitz(1, 2).to_json() == {"type": "blitz", "source": 1, "target": 2}
    assert Blitz(1, 2, 0).to_json() == {"type": "blitz", "source": 1, "target": 2, "move_in": 0}
    for action in (Blitz(1, 2), Blitz(1, 2, 7), Attack(1, 2, 3), Attack(1, 2, 3, 0)):
        assert action_from_json(action.to_json()) == action
    assert action_from_json({"type": "blitz", "source": 1, "target": 2, "move_in": None}) == (
        Blitz(1, 2)
    )


@pytest.mark.parametrize(
    ("move_in", "message"),
    [
        (-3, r"Expected `int` >= 0 - at `\$.move_in`"),
        ("all", r"Expected `int \| null`, got `str` - at `\$.move_in`"),
    ],
)
def test_a_bad_order_in_json_is_a_clear_error(move_in, message) -> None:
    with pytest.raises(BadInput, match=message):
        action_from_json({"type": "blitz", "source": 1, "target": 2, "move_in": move_in})
