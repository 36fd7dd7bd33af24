"""Every numeric threshold of the Warfish rules, tested exactly at it and just either side:
the minimum income of 3 and territories // 3 at exact multiples, a continent's bonus from
the moment its last territory is held, an attack's 2 units and the dice at 2, 3 and 4
units (the defender's at 1, 2 and 3), the hand limit of 5 at the start of a turn and after
a card capture (4, 5, 6 cards, and forced trades leaving 4, 5 and 6), the trade scale at
each step, max_units reached exactly, the round cap reached exactly, and the setup's
starting units equal to the territories held."""

from __future__ import annotations

from typing import Any

import pytest

from sparring.core.errors import IllegalAction
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
)
from sparring.games.warfish.maps import load_map
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.position import build
from sparring.games.warfish.state import (
    ATTACK,
    OVER,
    PLACE,
    SETUP,
    TRADE,
    WarfishState,
)
from sparring.games.warfish.views import view

from .helpers import position, script_roll


def triad(**options: Any) -> WarfishOptions:
    return WarfishOptions(map="triad", **options)


def at(state: WarfishState, name: str) -> int:
    return state.map.territory(name)


def end_turn(state: WarfishState) -> None:
    """The seat to move stops attacking and ends its turn without a transfer."""
    seat = state.seat
    while state.seat == seat and state.phase != OVER:
        state.apply(STOP_ATTACKING if state.phase == ATTACK else END_TURN)


def pass_turn(state: WarfishState) -> None:
    """The seat to move places all on its first territory and ends its turn."""
    state.apply(Place(state.owner.index(state.seat), state.to_place))
    end_turn(state)


# --------------------------------------------------------------------- income


def territories_without_a_continent(count: int) -> list[str]:
    """`count` classic territories that complete no continent (each continent but its
    last territory, in map order)."""
    board = load_map("classic")
    names = [board.names[t] for c in board.continents for t in c.members[:-1]]
    assert len(names) >= count
    return names[:count]


@pytest.mark.parametrize(
    ("territories", "income"),
    [(1, 3), (8, 3), (9, 3), (10, 3), (11, 3), (12, 4), (13, 4), (14, 4), (15, 5), (18, 6)],
)
def test_income_is_territories_over_three_rounded_down_and_at_least_three(
    territories, income
) -> None:
    """9 territories give exactly 3 either way; 11 still 3 (the minimum); 12, the first
    multiple above it, 4; 14 still 4; 15 and 18, exact multiples, 5 and 6."""
    layout = {name: (0, 1) for name in territories_without_a_continent(territories)}
    state = position(layout)
    assert state.territory_count[0] == territories
    assert state.income(0) == (income, 0) and state.to_place == income


def test_a_continents_bonus_counts_from_the_turn_after_its_last_territory_is_taken() -> None:
    layout = {
        "Indonesia": (0, 1),
        "New Guinea": (0, 1),
        "Western Australia": (0, 5),
        "Eastern Australia": (1, 1),
    }
    state = position(layout)
    assert state.income(0) == (3, 0)  # 3 of Australia's 4: no bonus
    state.apply(Place(at(state, "Western Australia"), state.to_place))
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(at(state, "Western Australia"), at(state, "Eastern Australia"), 3))
    state.apply(MoveIn(3))
    assert state.income(0) == (3, 2)  # all 4 now: the bonus is owed ...
    assert state.to_place == 0  # ... from the next turn, not this one
    end_turn(state)
    assert state.seat == 1
    pass_turn(state)
    income = next(e for e in reversed(state.events) if e[0] == "wf_income")
    assert income[2:] == (0, 4, 3, 2, 5) and state.to_place == 5  # seat, 4 held, 3 + 2


# --------------------------------------------------------------------- attacks and dice


@pytest.mark.parametrize(("units", "most"), [(2, 1), (3, 2), (4, 3), (5, 3)])
def test_an_attack_from_n_units_rolls_at_most_min_3_n_minus_1_dice(units, most) -> None:
    state = build({"phase": "attack", "rest": [1, 1], "territories": {"Crag": [0, units]}}, triad())
    crag, summit = at(state, "Crag"), at(state, "Summit")
    assert state.legal_actions().max_dice(crag, summit) == most
    with pytest.raises(IllegalAction, match=f"attack with 1 to {most} dice from Crag"):
        state.apply(Attack(crag, summit, most + 1))
    state.apply(Attack(crag, summit, most))
    assert len(next(e for e in state.events if e[0] == "wf_attack")[5]) == most


def test_an_attack_needs_exactly_two_units_one_is_not_enough() -> None:
    layout = {"Crag": [0, 2], "Pinewood": [0, 1], "Summit": [0, 1]}
    state = build({"phase": "attack", "rest": [1, 1], "territories": layout}, triad())
    crag, pinewood = at(state, "Crag"), at(state, "Pinewood")
    assert Attack(crag, at(state, "Harbor"), 1) in state.legal_actions()
    assert Blitz(crag, at(state, "Harbor")) in state.legal_actions()
    reedbank = at(state, "Reedbank")
    for refused in (Attack(pinewood, reedbank, 1), Blitz(pinewood, reedbank)):
        assert refused not in state.legal_actions()
        with pytest.raises(IllegalAction, match="Pinewood needs at least 2 units to attack"):
            state.apply(refused)


@pytest.mark.parametrize(("units", "dice"), [(1, 1), (2, 2), (3, 2)])
def test_the_defender_of_n_units_rolls_min_2_n_dice(units, dice) -> None:
    layout = {"Crag": [0, 4], "Summit": [1, units]}
    state = build({"phase": "attack", "rest": [1, 1], "territories": layout}, triad())
    state.apply(Attack(at(state, "Crag"), at(state, "Summit"), 3))
    assert len(next(e for e in state.events if e[0] == "wf_attack")[6]) == dice


@pytest.mark.parametrize(("units", "dice"), [(2, 1), (3, 2), (4, 3), (5, 3)])
def test_a_blitz_rolls_min_3_units_minus_1_dice_each_time(units, dice) -> None:
    layout = {"Crag": [0, units], "Summit": [1, 9]}
    state = build({"phase": "attack", "rest": [1, 1], "territories": layout}, triad())
    script_roll(state, (1,) * 12, (6,) * 12)  # every roll loses every die compared
    state.apply(Blitz(at(state, "Crag"), at(state, "Summit")))
    rolls = [len(e[5]) for e in state.events if e[0] == "wf_attack"]
    assert rolls[0] == dice
    assert all(n == min(3, left - 1) for n, left in zip(rolls, _units_before(state), strict=True))
    assert state.units[at(state, "Crag")] == 1  # stopped exactly at 1 unit


def _units_before(state: WarfishState) -> list[int]:
    """The attacker's units before each roll, from the attack events."""
    attacks = [e for e in state.events if e[0] == "wf_attack"]
    return [e[9] + e[7] for e in attacks]


# --------------------------------------------------------------------- the hand limit


@pytest.mark.parametrize(("cards", "may_stop"), [(4, True), (5, False), (6, False)])
def test_trading_is_forced_at_the_start_of_a_turn_from_exactly_five_cards(cards, may_stop):
    hand = list(range(cards))  # triad cards 0.. : suits 0, 1, 2, 0, 1, 2: (0, 1, 2) a set
    state = build(
        {"rest": [1, 1], "territories": {"Crag": [0, 1]}, "hands": {"seat0": hand}}, triad()
    )
    assert state.phase == TRADE
    assert (STOP_TRADING in state.legal_actions()) is may_stop
    if not may_stop:
        with pytest.raises(IllegalAction, match=f"with {cards} cards you must trade"):
            state.apply(STOP_TRADING)


@pytest.mark.parametrize(("cards", "left", "forced"), [(7, 4, False), (8, 5, True), (9, 6, True)])
def test_a_start_of_turn_trade_leaving_five_or_more_cards_forces_another(cards, left, forced):
    hand = list(range(cards))
    state = build(
        {"rest": [1, 1], "territories": {"Crag": [0, 1]}, "hands": {"seat0": hand}}, triad()
    )
    state.apply(Trade((0, 1, 2)))
    assert len(state.hands[0]) == left and state.phase == TRADE  # the rest holds a set
    assert (STOP_TRADING not in state.legal_actions()) is forced


#: Card capture: seat 0 (Crag, 9 units) takes Harbor, seat 2's last territory, and seat 2's
#: cards. Per case: seat 0's cards, seat 2's, the forced trades, the hand left, the units
#: to place then. Triad cards 0-9 have suits 0, 1, 2, 0, 1, 2, ...: (0, 1, 2) and (3, 4, 5)
#: are sets, and so is (6, 7, 8).
CAPTURES = {
    "4 cards: no trade, even holding a set": ([0, 1], [2, 3], [], [0, 1, 2, 3], 0),
    "5 cards: one forced trade": ([0, 1], [2, 3, 4], [(0, 1, 2)], [3, 4], 4),
    "6 cards: one trade, down to 3 (a set, kept)": (
        [0, 1, 2],
        [3, 4, 5],
        [(0, 1, 2)],
        [3, 4, 5],
        4,
    ),
    "7 cards: a trade leaving exactly 4 ends it": (
        [0, 1, 2],
        [3, 4, 5, 6],
        [(0, 1, 2)],
        [3, 4, 5, 6],
        4,
    ),
    "8 cards: a trade leaving exactly 5 forces another": (
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [(0, 1, 2), (3, 4, 5)],
        [6, 7],
        4 + 6,
    ),
    "9 cards: a trade leaving exactly 6 forces another": (
        [0, 1, 2, 3],
        [4, 5, 6, 7, 8],
        [(0, 1, 2), (3, 4, 5)],
        [6, 7, 8],
        4 + 6,
    ),
}


@pytest.mark.parametrize("case", list(CAPTURES))
def test_a_card_capture_forces_trades_while_five_or_more_cards_are_held(case) -> None:
    mine, taken, trades, left, to_place = CAPTURES[case]
    data = {
        "phase": "attack",
        "rest": [1, 1],
        "territories": {"Crag": [0, 9], "Harbor": [2, 1]},
        "hands": {"seat0": mine, "seat2": taken},
    }
    state = build(data, triad(players=3))
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(at(state, "Crag"), at(state, "Harbor"), 3))
    assert state.alive == [True, True, False] and len(state.hands[0]) == len(mine + taken)
    state.apply(MoveIn(3))
    for trio in trades:
        assert state.phase == TRADE and STOP_TRADING not in state.legal_actions()
        assert len(state.hands[0]) >= 5
        state.apply(Trade(trio))
    assert sorted(state.hands[0]) == left
    assert state.phase == (PLACE if trades else ATTACK) and state.to_place == to_place


# --------------------------------------------------------------------- the trade scale


@pytest.mark.parametrize(
    ("traded_before", "value", "next_value"),
    [(0, 4, 6), (1, 6, 8), (2, 8, 10), (3, 10, 12), (4, 12, 15), (5, 15, 20), (6, 20, 25)],
)
def test_each_step_of_the_classic_scale_is_worth_its_value(traded_before, value, next_value):
    data = {
        "rest": [1, 1],
        "territories": {"Crag": [0, 1]},
        "hands": {"seat0": [3, 4, 5]},
        "trades": traded_before,
    }
    state = build(data, triad())
    assert view(state, 0).next_trade_value == value
    state.apply(Trade((3, 4, 5)))
    assert state.to_place == 3 + value and state.trades == traded_before + 1
    assert view(state, 0).next_trade_value == next_value


# --------------------------------------------------------------------- max_units


def test_placement_may_fill_a_territory_exactly_to_max_units() -> None:
    layout = {"Crag": [0, 3], "Summit": [0, 1]}
    state = build({"rest": [1, 1], "territories": layout}, triad(max_units=5))
    crag = at(state, "Crag")
    assert state.to_place == 3 and state.legal_actions().cap(crag) == 2
    with pytest.raises(IllegalAction, match="Crag holds 3 and may hold at most 5"):
        state.apply(Place(crag, 3))
    state.apply(Place(crag, 2))
    assert state.units[crag] == 5 and state.phase == PLACE
    assert state.legal_actions().cap(crag) == 0 and state.legal_actions().cap(at(state, "Summit"))
    with pytest.raises(IllegalAction, match="Crag holds 5 and may hold at most 5"):
        state.apply(Place(crag, 1))


def test_a_transfer_may_fill_a_territory_exactly_to_max_units() -> None:
    layout = {"Crag": [0, 5], "Summit": [0, 3]}
    state = build({"phase": "transfer", "rest": [1, 1], "territories": layout}, triad(max_units=5))
    crag, summit = at(state, "Crag"), at(state, "Summit")
    with pytest.raises(IllegalAction, match="transfer 1 to 2 units from Crag to Summit"):
        state.apply(Transfer(crag, summit, 3))
    state.apply(Transfer(crag, summit, 2))
    assert (state.units[crag], state.units[summit]) == (3, 5)


# --------------------------------------------------------------------- the round cap


def test_the_game_ends_exactly_when_the_last_turn_of_the_capped_round_ends() -> None:
    state = build({"rest": [1, 1], "territories": {"Crag": [0, 1]}}, triad(round_cap=2))
    for expected in [(1, 0), (1, 1), (2, 0), (2, 1)]:
        assert (state.round, state.seat) == expected and state.phase != OVER
        pass_turn(state)
    assert state.phase == OVER and state.round == 2
    assert state.end_reason.startswith("round cap 2: most territories (9)")


# --------------------------------------------------------------------- setup


@pytest.mark.parametrize(("starting_units", "to_place_each"), [(5, 0), (6, 1)])
def test_setup_placement_is_skipped_when_the_deal_used_every_starting_unit(
    starting_units, to_place_each
) -> None:
    """Triad, 2 players: 5 territories dealt to each, one unit on each."""
    state = WarfishState(3, triad(starting_units=starting_units))
    assert state.territory_count == [5, 5]
    if to_place_each:
        assert state.phase == SETUP and state.setup_left == [to_place_each] * 2
    else:
        assert state.phase in (TRADE, PLACE) and state.round == 1 and state.seat == 0


def test_players_and_neutral_territories_may_take_exactly_every_territory() -> None:
    options = WarfishOptions.from_json({"map": "triad", "players": 4, "neutral_territories": 6})
    state = WarfishState(1, options)
    assert state.territory_count == [1, 1, 1, 1] and state.owner.count(-1) == 6
    assert state.phase == SETUP
