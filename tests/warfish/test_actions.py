"""Actions and legal menus: JSON forms, clear parse errors, and the compact lazy menus
(indexing, membership, wire form) agreeing with each other."""

from __future__ import annotations

import json

import pytest

from sparring.core.errors import BadInput, IllegalAction
from sparring.games.warfish.actions import (
    END_TURN,
    STOP_ATTACKING,
    STOP_TRADING,
    Attack,
    Blitz,
    MoveIn,
    Place,
    Trade,
    Transfer,
    action_from_json,
)
from sparring.games.warfish.menus import AttackMenu, MoveInMenu, PlaceMenu, TransferMenu

ALL = [
    Place(3, 2),
    Trade((7, 1, 4)),
    STOP_TRADING,
    Attack(1, 2, 3),
    Blitz(1, 2),
    STOP_ATTACKING,
    MoveIn(4),
    Transfer(5, 6, 1),
    END_TURN,
]


@pytest.mark.parametrize("action", ALL)
def test_actions_round_trip_through_json(action) -> None:
    assert action_from_json(action.to_json()) == action


def test_a_trade_keeps_its_cards_sorted() -> None:
    assert Trade((7, 1, 4)).cards == (1, 4, 7) and Trade((7, 1, 4)) == Trade((4, 7, 1))
    assert json.dumps(Trade((7, 1, 4)).to_json()) == '{"type": "trade", "cards": [1, 4, 7]}'


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("attack", "warfish action: Expected `object`, got `str`"),
        ({"type": "nuke"}, r"warfish action: Invalid value 'nuke' - at `\$.type`"),
        ({"type": "place", "territory": 3}, "Object missing required field `count`"),
        (
            {"type": "attack", "source": 1, "target": True, "dice": 1},
            r"Expected `int`, got `bool` - at `\$.target`",
        ),
        ({"type": "trade", "cards": [1, 2]}, r"Expected `array` of length >= 3 - at `\$.cards`"),
        ({"type": "move_in", "count": "3"}, r"Expected `int`, got `str` - at `\$.count`"),
    ],
)
def test_malformed_actions_are_refused_clearly(data, message) -> None:
    with pytest.raises(BadInput, match=message):
        action_from_json(data)


#: Values no action field takes: not a string (for ``type``), not a whole number (for the
#: counts and territories), not a list of card ids (for ``cards``); the first two are not
#: even hashable, so a lookup by them would raise TypeError rather than refuse.
BAD_VALUES = [{}, [], {"a": 1}, [[1]], "3", 1.5, None, True]
WITH_ORDERS = [*ALL, Attack(1, 2, 3, move_in=2), Blitz(1, 2, move_in=0)]


def bad_fields() -> list[tuple[dict, str]]:
    """Every field of every action's JSON form, set to each bad value (a ``move_in`` of
    null is no order, so it is left out)."""
    cases = []
    for action in WITH_ORDERS:
        good = action.to_json()
        for field in good:
            for value in BAD_VALUES:
                if (field, value) != ("move_in", None):
                    cases.append(({**good, field: value}, field))
    return cases


@pytest.mark.parametrize(("data", "field"), bad_fields())
def test_a_bad_value_in_any_action_field_is_refused_naming_the_field(data, field) -> None:
    with pytest.raises(BadInput) as refused:
        action_from_json(data)
    assert field in str(refused.value)


@pytest.mark.parametrize("card", [{}, [], "Alaska", 1.5, None, True])
def test_a_trade_whose_cards_are_not_all_card_ids_is_refused(card) -> None:
    with pytest.raises(BadInput, match=r"Expected `int`, got `\w+` - at `\$.cards\[1\]`"):
        action_from_json({"type": "trade", "cards": [1, card, 2]})


@pytest.mark.parametrize("kind", [{}, [], 3, None, True])
def test_an_action_type_that_is_not_a_string_is_refused_clearly(kind) -> None:
    """A bot's ``{"action": {"type": {}}}``: a clear refusal, not ``unhashable type``."""
    with pytest.raises(BadInput, match=r"warfish action: Expected `str`, got `\w+` - at `\$.type`"):
        action_from_json({"type": kind})


def test_the_place_menu() -> None:
    menu = PlaceMenu((4, 9), (2, 3))
    assert list(menu) == [Place(4, 1), Place(4, 2), Place(9, 1), Place(9, 2), Place(9, 3)]
    assert len(menu) == 5 and menu[-1] == Place(9, 3) and menu[1:3] == [Place(4, 2), Place(9, 1)]
    assert Place(9, 3) in menu and Place(9, 4) not in menu and Place(5, 1) not in menu
    assert MoveIn(1) not in menu
    assert menu.to_json()["choices"] == [[4, 2], [9, 3]]
    with pytest.raises(IndexError):
        menu[5]


def test_the_attack_menu_lists_dice_then_blitz_per_pair_then_stop() -> None:
    menu = AttackMenu(((0, 1), (0, 5)), (2, 1))
    assert list(menu) == [
        Attack(0, 1, 1),
        Attack(0, 1, 2),
        Blitz(0, 1),
        Attack(0, 5, 1),
        Blitz(0, 5),
        STOP_ATTACKING,
    ]
    assert Attack(0, 5, 2) not in menu and Blitz(1, 0) not in menu and END_TURN not in menu
    assert menu.to_json()["also"] == [{"type": "stop_attacking"}]


def test_the_transfer_and_move_in_menus() -> None:
    transfers = TransferMenu(((2, 3),), (2,))
    assert list(transfers) == [Transfer(2, 3, 1), Transfer(2, 3, 2), END_TURN]
    assert Transfer(2, 3, 3) not in transfers and END_TURN in transfers
    move_in = MoveInMenu(3, 5)
    assert list(move_in) == [MoveIn(3), MoveIn(4), MoveIn(5)]
    assert MoveIn(2) not in move_in and move_in.to_json()["low"] == 3


def test_menus_and_the_engine_refuse_non_integer_fields() -> None:
    from sparring.games.warfish.state import WarfishState

    state = WarfishState(2)
    menu = state.legal_actions()
    mine = menu[0].territory
    for bad in (Place(mine, True), Place(mine, "1"), Place(mine, 1.0)):
        assert bad not in menu
        with pytest.raises(IllegalAction, match="place at least 1 unit"):
            state.apply(bad)
    assert Attack(1, 2, "3") not in AttackMenu(((1, 2),), (3,))
    # a territory named by True or 1.0 equals 1 in Python, but is no territory index
    for source, target in ((True, 2), (1, 2.0), ("1", 2)):
        assert Blitz(source, target) not in AttackMenu(((1, 2),), (3,))
        assert Attack(source, target, 1) not in AttackMenu(((1, 2),), (3,))
    assert Blitz(1, 2) in AttackMenu(((0, 2), (1, 2)), (1, 3))
    assert MoveIn(3.0) not in MoveInMenu(3, 5)
    assert Transfer(2, 3, None) not in TransferMenu(((2, 3),), (2,))


def test_apply_refuses_in_order_game_over_then_seat_then_the_rules_reason() -> None:
    """`Engine.apply`'s order, each refusal with its reason and changing nothing."""
    from sparring.games.warfish.state import WarfishState

    state = WarfishState(2)
    mine = state.owner.index(0)
    before = (list(state.events), list(state.units), state.seat, state.phase)
    with pytest.raises(IllegalAction, match="it is seat 0's turn, not seat 1's"):
        state.apply(Place(state.owner.index(1), 1), 1)
    with pytest.raises(IllegalAction, match="cannot trade cards now: the phase is setup"):
        state.apply(Trade((0, 1, 2)), 0)
    with pytest.raises(IllegalAction, match="'fold' is not a warfish action"):
        state.apply("fold", 0)
    assert (state.events, state.units, state.seat, state.phase) == before
    state.forfeit(1, "test")
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(Place(mine, 1), 0)


def test_an_action_is_judged_by_the_rules_when_no_menu_was_asked_for() -> None:
    """A bot's action may come before anyone lists the legal actions: the rules accept it
    (`refusal` says None) without building a menu."""
    from sparring.games.warfish.state import WarfishState

    state = WarfishState(2)
    mine = state.owner.index(0)
    state.apply(Place(mine, 1), 0)
    assert state.units[mine] == 2 and state.seat == 1
