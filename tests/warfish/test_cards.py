"""Cards (companion, "Cards"): sets, the trade scale, optional and forced trades, the
territory bonus (our classic-rule option), the card for a capture, the deck, card capture
on elimination with its immediate forced trade, and the elimination bonus.

On the classic map card i is territory i's, of suit i % 3 (0 Alaska, 3 Alberta and 6
Western United States are infantry; 1 Northwest Territory and 4 Ontario cavalry;
2 Greenland and 5 Quebec artillery); 42 and 43 are the wilds."""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.core.events import PUBLIC
from sparring.games.warfish import cards
from sparring.games.warfish.actions import (
    END_TURN,
    STOP_ATTACKING,
    STOP_TRADING,
    Attack,
    MoveIn,
    Place,
    Trade,
)
from sparring.games.warfish.maps import load_map
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.state import ATTACK, MOVE_IN, PLACE, TRADE, TRANSFER

from .helpers import place_all, position, script_roll, t

CLASSIC = load_map("classic")
WILD, WILD2 = 42, 43


@pytest.mark.parametrize(
    ("trio", "expected"),
    [
        ((0, 3, 6), True),  # three infantry
        ((0, 1, 2), True),  # one of each suit
        ((0, 3, WILD), True),  # two alike and a wild
        ((0, 1, WILD), True),  # two different and a wild
        ((0, WILD, WILD2), True),  # both wilds
        ((0, 3, 1), False),  # two infantry and a cavalry
        ((1, 4, 2), False),
    ],
)
def test_sets(trio, expected) -> None:
    assert cards.is_set(CLASSIC, trio) is expected


def test_five_cards_always_hold_a_set_and_four_may_not() -> None:
    assert not cards.has_set(CLASSIC, [0, 3, 1, 4])
    assert cards.has_set(CLASSIC, [0, 3, 1, 4, 7])
    assert cards.sets_in(CLASSIC, [0, 3, 1, 4, 7]) == [(1, 4, 7)]  # 7 is cavalry too
    assert cards.sets_in(CLASSIC, [3, WILD, 1, 0]) == [(0, 1, WILD), (0, 3, WILD), (1, 3, WILD)]


def test_the_classic_scale_is_4_6_8_10_12_15_then_plus_5() -> None:
    options = WarfishOptions()
    assert [options.trade_value(k) for k in range(9)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]


def test_any_scale_and_continuation() -> None:
    flat = WarfishOptions(card_scale=(3, 5), card_scale_continue=0)
    assert [flat.trade_value(k) for k in range(4)] == [3, 5, 5, 5]
    steep = WarfishOptions(card_scale=(3, 5), card_scale_continue=2)
    assert [steep.trade_value(k) for k in range(4)] == [3, 5, 7, 9]


def test_trading_is_optional_below_five_cards() -> None:
    state = position({"Madagascar": (0, 1)}, hands=[[0, 1, 2, 3]])
    assert state.phase == TRADE
    assert list(state.legal_actions()) == [Trade((0, 1, 2)), Trade((1, 2, 3)), STOP_TRADING]
    state.apply(STOP_TRADING)
    assert state.phase == PLACE and state.to_place == 3 and state.hands[0] == [0, 1, 2, 3]


def test_a_trade_adds_its_value_to_the_units_to_place() -> None:
    state = position({"Madagascar": (0, 1)}, hands=[[0, 1, 2]])
    state.apply(Trade((0, 1, 2)))
    assert state.to_place == 3 + 4 and state.trades == 1 and state.phase == PLACE
    assert state.discard == [0, 1, 2] and state.hands[0] == []
    assert state.events[-1][:2] == ("wf_trade", PUBLIC) and state.events[-1][2:] == (
        0,
        [0, 1, 2],
        4,
    )


def test_the_trade_count_is_shared_by_all_players() -> None:
    state = position({"Madagascar": (0, 1)}, hands=[[], [1, 4, 7]])
    state.trades = 4
    place_all(state, "Madagascar")
    state.apply(STOP_ATTACKING)
    assert state.seat == 1 and state.phase == TRADE
    state.apply(Trade((1, 4, 7)))
    traded = next(e for e in reversed(state.events) if e[0] == "wf_trade")
    assert traded[2:] == (1, [1, 4, 7], 12) and state.trades == 5


def test_five_cards_force_a_trade_before_placing() -> None:
    state = position({"Madagascar": (0, 1)}, hands=[[0, 3, 1, 4, 7]])
    assert state.phase == TRADE and STOP_TRADING not in state.legal_actions()
    with pytest.raises(IllegalAction, match="must trade"):
        state.apply(STOP_TRADING)
    with pytest.raises(IllegalAction, match="cannot place units now"):
        state.apply(Place(t(state, "Madagascar"), 1))
    state.apply(Trade((1, 4, 7)))
    assert state.phase == PLACE  # [0, 3] holds no set: trading is over


def test_refused_trades() -> None:
    state = position({"Madagascar": (0, 1)}, hands=[[0, 3, 1, 4, WILD]])
    with pytest.raises(IllegalAction, match=r"card\(s\) \[2\] are not in your hand"):
        state.apply(Trade((0, 1, 2)))
    with pytest.raises(IllegalAction, match="not a set"):
        state.apply(Trade((0, 3, 1)))
    place_state = position({"Madagascar": (0, 1)})
    with pytest.raises(IllegalAction, match="cannot trade cards now"):
        place_state.apply(Trade((0, 1, 2)))


def test_by_default_a_traded_card_of_an_owned_territory_gives_no_units_there() -> None:
    """Neither the rules text nor the companion's preset has a territory bonus: the trade's
    value is all a set gives."""
    layout = {"Alaska": (0, 1), "Northwest Territory": (0, 1)}
    state = position(layout, hands=[[0, 1, 2]])
    assert state.options.card_territory_bonus == 0
    state.apply(Trade((0, 1, 2)))
    assert (
        state.units[t(state, "Alaska")] == 1 and state.units[t(state, "Northwest Territory")] == 1
    )
    assert state.to_place == 3 + 4 and state.unit_count[0] == 2
    assert "wf_card_bonus" not in [e[0] for e in state.events]


def test_option_card_territory_bonus_gives_units_on_the_first_owned_card_once_per_turn() -> None:
    layout = {"Alaska": (0, 1), "Northwest Territory": (0, 1), "Madagascar": (0, 1)}
    state = position(layout, hands=[[0, 1, 2, 3, 4, 5]], card_territory_bonus=2)
    state.apply(Trade((0, 1, 2)))  # Alaska is the first owned card's territory
    assert (
        state.units[t(state, "Alaska")] == 3 and state.units[t(state, "Northwest Territory")] == 1
    )
    assert state.events[-1][2:] == (0, 0, 2, 3)  # wf_card_bonus: seat, territory, count, units
    state.apply(Trade((3, 4, 5)))  # Alberta etc. are not owned; and the bonus is used anyway
    assert state.to_place == 3 + 4 + 6 and state.unit_count[0] == 5


def test_option_card_territory_bonus_gives_its_number_of_units() -> None:
    state = position({"Alaska": (0, 1)}, hands=[[0, 1, 2]], card_territory_bonus=5)
    state.apply(Trade((0, 1, 2)))
    assert state.units[t(state, "Alaska")] == 6 and state.to_place == 3 + 4


def finish_turn(state) -> None:
    if state.phase == ATTACK:
        state.apply(STOP_ATTACKING)
    if state.phase == TRANSFER:
        state.apply(END_TURN)


def captures_kamchatka(state) -> None:
    place_all(state, "Alaska")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 3))


def test_a_capture_earns_one_card_at_the_end_of_the_turn() -> None:
    state = position({"Alaska": (0, 5), "Kamchatka": (1, 1)})
    captures_kamchatka(state)
    state.apply(MoveIn(3))
    state.rng.script("card_draw", [0])
    finish_turn(state)
    assert state.hands[0] == [0]  # index 0 of the sorted deck: Alaska's card
    drawn = [e for e in state.events if e[0] == "wf_card_drawn"]
    assert drawn == [("wf_card_drawn", 0, 0, 0)]  # for seat 0's eyes only
    assert ("wf_card_awarded", PUBLIC, 0, 1) in state.events


def test_no_capture_no_card() -> None:
    state = position({"Alaska": (0, 5), "Kamchatka": (1, 1)})
    place_all(state, "Alaska")
    state.apply(STOP_ATTACKING)
    assert state.seat == 1 and state.hands[0] == []


def test_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    state = position({"Alaska": (0, 5), "Kamchatka": (1, 1)})
    state.discard = list(state.deck[:3])
    state.deck = state.deck[3:]
    state.hands[1] = state.deck
    state.deck = []
    state.recount()
    captures_kamchatka(state)
    state.apply(MoveIn(3))
    state.rng.script("card_draw", [2])
    finish_turn(state)
    assert state.hands[0] == [2] and state.deck == [0, 1] and state.discard == []


def test_cards_off_means_no_trades_and_no_cards() -> None:
    state = position({"Alaska": (0, 5), "Kamchatka": (1, 1)}, cards=False)
    assert state.deck == []
    captures_kamchatka(state)
    state.apply(MoveIn(3))
    finish_turn(state)
    assert state.hands == [[], []] and state.seat == 1 and state.phase == PLACE


def three_player_elimination(**options):
    """Seat 0 (cards 0, 1) takes Kamchatka, seat 2's last territory (seat 2 holds 3, 4, 5)."""
    layout = {"Alaska": (0, 9), "Kamchatka": (2, 1)}
    hands = [[0, 1], [], [3, 4, 5]] if options.get("cards", True) else None
    state = position(layout, rest=(1, 1), players=3, hands=hands, **options)
    captures_kamchatka(state)
    assert state.alive == [True, True, False]
    return state


def test_an_eliminated_players_cards_go_to_the_eliminator_who_must_trade_at_five() -> None:
    state = three_player_elimination()
    assert sorted(state.hands[0]) == [0, 1, 3, 4, 5] and state.hands[2] == []
    assert ("wf_cards_taken", 0, 0, [3, 4, 5]) in state.events
    assert ("wf_eliminated", PUBLIC, 2, 0, 3) in state.events
    assert state.phase == MOVE_IN
    state.apply(MoveIn(3))
    assert state.phase == TRADE and STOP_TRADING not in state.legal_actions()
    state.apply(Trade((0, 1, 5)))
    # 4 units (no territory bonus by default); then placing them, then attacking again
    assert state.phase == PLACE and state.to_place == 4
    state.apply(Place(t(state, "Kamchatka"), 4))
    assert state.phase == ATTACK and state.units[t(state, "Kamchatka")] == 7


def test_without_card_capture_the_cards_are_discarded() -> None:
    state = three_player_elimination(card_capture=False)
    assert state.hands[0] == [0, 1] and sorted(state.discard) == [3, 4, 5]
    state.apply(MoveIn(3))
    assert state.phase == ATTACK


def test_the_elimination_bonus_is_placed_after_the_move_in() -> None:
    state = three_player_elimination(cards=False, elimination_bonus=5)
    state.apply(MoveIn(3))
    assert state.phase == PLACE and state.to_place == 5
