"""Warfish rules as implemented (docs/games/warfish.md): the rules text's worked examples,
income, attacks and their limits, blitz, capture and move-in, transfers, the round cap,
elimination and forfeits. Cards are in test_cards.py, setup in test_setup.py."""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.core.game import EndReason, Outcome
from sparring.games.warfish.actions import (
    END_TURN,
    STOP_ATTACKING,
    Attack,
    Blitz,
    MoveIn,
    Place,
    Transfer,
)
from sparring.games.warfish.state import ATTACK, MOVE_IN, NEUTRAL, OVER, PLACE, TRANSFER

from .helpers import kinds, place_all, position, script_roll, t

SOUTH_AMERICA = ["Venezuela", "Peru", "Brazil", "Argentina"]
#: Blue's 14 territories in the rules text's example (its "14 countries"): all of South
#: America, Iceland, W. United States and 8 more, without completing another continent.
BLUE = [
    *SOUTH_AMERICA,
    "Iceland",
    "Western United States",
    "Central America",
    "Eastern United States",
    "Quebec",
    "North Africa",
    "Egypt",
    "East Africa",
    "Congo",
    "South Africa",
]


def rules_text_board(**options):
    """Blue (seat 0) before the rules text's turn: Iceland 1 and W. United States 3 so that
    placing 4 and 2 gives the text's 5 and 5; Gray (seat 1) holds the rest, Alberta 3."""
    layout = {name: (0, 1) for name in BLUE}
    layout["Western United States"] = (0, 3)
    layout["Alberta"] = (1, 3)
    return position(layout, rest=(1, 1), **options)


# --------------------------------------------------------------------- the worked examples


def test_income_is_territories_over_three_plus_whole_continents() -> None:
    state = rules_text_board()
    assert state.territory_count[0] == 14
    assert state.income(0) == (4, 2)  # 14 // 3 = 4, South America +2
    assert state.to_place == 6 and state.phase == PLACE


def test_the_texts_16_territory_income_follows_the_formula_not_the_miscount() -> None:
    layout = {name: (0, 1) for name in [*BLUE, "Ontario", "Greenland"]}
    state = position(layout)
    assert state.territory_count[0] == 16
    assert state.to_place == 7  # 16 // 3 = 5, +2: the text says 6, counting 14


def test_income_is_at_least_three() -> None:
    state = position({"Alaska": (0, 1), "Iceland": (0, 1)})
    assert state.income(0) == (3, 0) and state.to_place == 3


def test_every_whole_continent_adds_its_bonus() -> None:
    australia = ["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"]
    state = position({name: (0, 1) for name in SOUTH_AMERICA + australia})
    assert state.income(0) == (3, 4)  # 8 territories → 3; South America 2 + Australia 2


def test_rules_text_example_iceland_takes_scandinavia_and_moves_three() -> None:
    state = rules_text_board()
    state.apply(Place(t(state, "Iceland"), 4))
    state.apply(Place(t(state, "Western United States"), 2))
    assert state.units[t(state, "Iceland")] == 5
    assert state.units[t(state, "Western United States")] == 5
    assert state.phase == ATTACK
    script_roll(state, (6, 4, 3), (3,))
    state.apply(Attack(t(state, "Iceland"), t(state, "Scandinavia"), 3))
    assert state.owner[t(state, "Scandinavia")] == 0
    assert state.phase == MOVE_IN and state.pending[2:] == (3, 4)
    state.apply(MoveIn(3))
    assert state.units[t(state, "Iceland")] == 2
    assert state.units[t(state, "Scandinavia")] == 3


def test_rules_text_example_alberta_falls_on_the_second_roll() -> None:
    state = rules_text_board()
    state.apply(Place(t(state, "Iceland"), 4))
    state.apply(Place(t(state, "Western United States"), 2))
    wus, alberta = t(state, "Western United States"), t(state, "Alberta")
    script_roll(state, (6, 3, 2), (5, 3))
    state.apply(Attack(wus, alberta, 3))
    assert (state.units[wus], state.units[alberta]) == (4, 2)  # one loss each
    script_roll(state, (5, 4, 1), (3, 3))
    state.apply(Attack(wus, alberta, 3))
    # 3 dice were rolled and only 3 can move: the move-in is made, no decision asked.
    assert state.owner[alberta] == 0 and state.phase == ATTACK
    assert (state.units[wus], state.units[alberta]) == (1, 3)


# --------------------------------------------------------------------- attacks


def attack_ready(layout, **options):
    """Seat 0 to attack: its income placed on its first listed territory."""
    state = position(layout, **options)
    place_all(state, next(iter(layout)))
    assert state.phase == ATTACK
    return state


def test_ties_go_to_the_defender() -> None:
    state = attack_ready({"Alaska": (0, 2), "Kamchatka": (1, 4)})
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    units = state.units[alaska]
    script_roll(state, (5, 4), (5, 4))
    state.apply(Attack(alaska, kamchatka, 2))
    assert state.units[alaska] == units - 2 and state.units[kamchatka] == 4


def test_the_defender_rolls_two_dice_with_two_units_and_one_with_one() -> None:
    state = attack_ready({"Alaska": (0, 6), "Kamchatka": (1, 2), "Alberta": (1, 1)})
    alaska = t(state, "Alaska")
    script_roll(state, (6, 6, 6), (1, 1))
    state.apply(Attack(alaska, t(state, "Kamchatka"), 3))
    assert [label for label, _ in state.rng.log[-5:]] == ["attack_die"] * 3 + ["defend_die"] * 2
    state.apply(MoveIn(3))
    script_roll(state, (6,), (1,))
    state.apply(Attack(alaska, t(state, "Alberta"), 1))
    assert [label for label, _ in state.rng.log[-2:]] == ["attack_die", "defend_die"]


def attack_event(state):
    return next(e for e in reversed(state.events) if e[0] == "wf_attack")


def test_dice_are_sorted_and_compared_highest_to_highest_then_second_to_second() -> None:
    state = attack_ready({"Alaska": (0, 8), "Kamchatka": (1, 5)})
    script_roll(state, (1, 6, 2), (1, 5))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 3))
    # 6 v 5 and 2 v 1: the defender loses both; the attacker's third die is not compared
    assert attack_event(state)[5:9] == ([6, 2, 1], [5, 1], 0, 2)
    script_roll(state, (1, 1, 6), (3, 5))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 3))
    assert attack_event(state)[5:9] == ([6, 1, 1], [5, 3], 1, 1)
    assert state.units[t(state, "Kamchatka")] == 2


def test_an_attack_needs_two_units_and_at_most_units_minus_one_dice() -> None:
    layout = {"Madagascar": (0, 1), "Alaska": (0, 3), "Alberta": (0, 1), "Kamchatka": (1, 4)}
    state = attack_ready(layout)
    with pytest.raises(IllegalAction, match="1 to 2 dice"):
        state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 3))
    with pytest.raises(IllegalAction, match="at least 2 units"):
        state.apply(Attack(t(state, "Alberta"), t(state, "Northwest Territory"), 1))


def test_more_than_three_dice_are_refused() -> None:
    state = attack_ready({"Alaska": (0, 10), "Kamchatka": (1, 4)})
    with pytest.raises(IllegalAction, match="1 to 3 dice"):
        state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 4))


def test_attacks_go_only_to_adjacent_enemy_territories() -> None:
    state = attack_ready({"Alaska": (0, 5), "Alberta": (0, 1), "Brazil": (1, 1)})
    alaska = t(state, "Alaska")
    with pytest.raises(IllegalAction, match="no border from Alaska to Brazil"):
        state.apply(Attack(alaska, t(state, "Brazil"), 1))
    with pytest.raises(IllegalAction, match="Alberta is yours"):
        state.apply(Attack(alaska, t(state, "Alberta"), 1))
    with pytest.raises(IllegalAction, match="Kamchatka is not yours"):
        state.apply(Attack(t(state, "Kamchatka"), alaska, 1))


def test_a_one_way_border_is_attacked_only_downstream() -> None:
    layout = {"Glacier": (0, 5), "Mist Pool": (0, 1), "Upper Falls": (1, 1)}
    state = attack_ready(layout, map="cascade")
    glacier, falls = t(state, "Glacier"), t(state, "Upper Falls")
    assert Attack(glacier, falls, 3) in state.legal_actions()
    state.apply(STOP_ATTACKING)
    while state.seat != 1:  # seat 0's turn ends (the transfer phase, if any)
        state.apply(END_TURN)
    place_all(state, "Upper Falls")
    with pytest.raises(IllegalAction, match="one-way"):
        state.apply(Attack(falls, glacier, 1))
    assert all(
        getattr(a, "target", None) != glacier or getattr(a, "source", None) != falls
        for a in state.legal_actions()
    )


def test_attacks_per_turn_limits_rolls() -> None:
    layout = {"Alaska": (0, 10), "Alberta": (0, 1), "Kamchatka": (1, 30)}
    state = attack_ready(layout, attacks_per_turn=2)
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    for _ in range(2):
        script_roll(state, (1,), (6, 6))
        state.apply(Attack(alaska, kamchatka, 1))
    assert state.phase == TRANSFER and state.attacks == 2  # the limit ends the attacks
    with pytest.raises(IllegalAction, match="cannot attack now"):
        state.apply(Attack(alaska, kamchatka, 1))


def test_blitz_rolls_the_most_dice_until_the_attacker_is_down_to_one() -> None:
    state = attack_ready({"Alaska": (0, 1), "Kamchatka": (1, 3)})
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    assert state.units[alaska] == 4
    # 4 units: 3 dice (1,1,1) v (6,6) → attacker −2; 2 units: 1 die (6) v (1,1) → defender
    # −1; 2 units: 1 die (1) v (6,6) → attacker −1, down to 1: the blitz stops
    script_roll(state, (1, 1, 1, 6, 1), (6, 6, 1, 1, 6, 6))
    before = len(state.events)
    state.apply(Blitz(alaska, kamchatka))
    rolls = [e for e in state.events[before:] if e[0] == "wf_attack"]
    assert [len(e[5]) for e in rolls] == [3, 1, 1]
    assert state.units[alaska] == 1 and state.units[kamchatka] == 2
    assert state.owner[kamchatka] == 1


def test_blitz_stops_at_the_capture_and_asks_for_the_move_in() -> None:
    state = attack_ready({"Alaska": (0, 1), "Kamchatka": (1, 2)})
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    state.units[alaska] = 9
    state.recount()
    script_roll(state, (6, 6, 6), (1, 1))
    state.apply(Blitz(alaska, kamchatka))
    assert state.owner[kamchatka] == 0 and state.phase == MOVE_IN
    assert state.pending == (alaska, kamchatka, 3, 8)


def test_blitz_stops_when_the_attack_limit_is_reached() -> None:
    layout = {"Alaska": (0, 20), "Alberta": (0, 1), "Kamchatka": (1, 20)}
    state = attack_ready(layout, attacks_per_turn=3)
    script_roll(state, (1, 1, 1) * 3, (6, 6) * 3)
    state.apply(Blitz(t(state, "Alaska"), t(state, "Kamchatka")))
    assert state.attacks == 3 and state.phase == TRANSFER
    assert state.units[t(state, "Alaska")] == 23 - 6


# --------------------------------------------------------------------- capture and move-in


def captured(dice: int, units: int, more: dict | None = None, **options):
    state = attack_ready({"Alaska": (0, 1), "Kamchatka": (1, 1), **(more or {})}, **options)
    alaska = t(state, "Alaska")
    state.units[alaska] = units
    state.recount()
    script_roll(state, (6,) * dice, (1,))
    state.apply(Attack(alaska, t(state, "Kamchatka"), dice))
    return state


def test_move_in_is_at_least_the_dice_rolled_and_at_most_all_but_one() -> None:
    state = captured(2, 7)
    assert state.phase == MOVE_IN and state.pending[2:] == (2, 6)
    assert list(state.legal_actions()) == [MoveIn(k) for k in range(2, 7)]
    for bad in (1, 7):
        with pytest.raises(IllegalAction, match="move in 2 to 6 units"):
            state.apply(MoveIn(bad))
    state.apply(MoveIn(6))
    assert state.units[t(state, "Alaska")] == 1 and state.units[t(state, "Kamchatka")] == 6


def test_a_forced_move_in_is_made_without_asking() -> None:
    state = captured(1, 2)
    assert state.units[t(state, "Kamchatka")] == 1 and state.units[t(state, "Alaska")] == 1
    moved = next(e for e in reversed(state.events) if e[0] == "wf_move_in")
    assert moved[2:] == (0, t(state, "Alaska"), t(state, "Kamchatka"), 1)
    assert state.seat == 1  # nothing left to do: seat 0's turn ended by itself


def test_max_units_caps_the_move_in() -> None:
    state = captured(3, 12, max_units=5)
    assert state.pending[2:] == (3, 5)


# --------------------------------------------------------------------- transfers


def to_transfer(layout, **options):
    state = attack_ready(layout, **options)
    state.apply(STOP_ATTACKING)
    return state


def test_one_transfer_between_adjacent_own_territories_then_the_turn_ends() -> None:
    state = to_transfer({"Alaska": (0, 6), "Alberta": (0, 1), "Ontario": (0, 1)})
    assert state.phase == TRANSFER
    alaska, alberta = t(state, "Alaska"), t(state, "Alberta")
    units = state.units[alaska]
    with pytest.raises(IllegalAction, match="no border from Alaska to Ontario"):
        state.apply(Transfer(alaska, t(state, "Ontario"), 1))
    with pytest.raises(IllegalAction, match="leave at least 1"):
        state.apply(Transfer(alaska, alberta, units))
    state.apply(Transfer(alaska, alberta, units - 1))
    assert state.units[alaska] == 1 and state.units[alberta] == units
    assert state.seat == 1  # one transfer per turn: the turn is over


def test_the_connected_rule_transfers_along_a_chain_of_own_territories() -> None:
    layout = {"Alaska": (0, 6), "Alberta": (0, 1), "Ontario": (0, 1), "Quebec": (0, 1)}
    state = to_transfer(layout, transfer_rule="connected")
    state.apply(Transfer(t(state, "Alaska"), t(state, "Quebec"), 2))
    assert state.units[t(state, "Quebec")] == 3


def test_the_connected_rule_does_not_pass_through_enemy_territory() -> None:
    layout = {"Alaska": (0, 6), "Kamchatka": (0, 1), "Ontario": (0, 1)}
    state = to_transfer(layout, transfer_rule="connected")
    assert state.phase == TRANSFER  # Alaska may still reach Kamchatka
    with pytest.raises(IllegalAction, match="no path of your territories"):
        state.apply(Transfer(t(state, "Alaska"), t(state, "Ontario"), 1))


def test_more_transfers_per_turn_and_none() -> None:
    layout = {"Alaska": (0, 6), "Alberta": (0, 4)}
    state = to_transfer(layout, transfers_per_turn=2)
    state.apply(Transfer(t(state, "Alaska"), t(state, "Alberta"), 1))
    assert state.phase == TRANSFER and state.seat == 0
    state.apply(Transfer(t(state, "Alberta"), t(state, "Alaska"), 1))
    assert state.seat == 1
    state = to_transfer(layout, transfers_per_turn=0)
    assert state.seat == 1  # no transfer phase at all


def test_end_turn_skips_the_transfer() -> None:
    state = to_transfer({"Alaska": (0, 6), "Alberta": (0, 1)})
    state.apply(END_TURN)
    assert state.seat == 1 and state.units[t(state, "Alberta")] == 1


# --------------------------------------------------------------------- turns and the end


def test_seats_play_in_order_and_rounds_count() -> None:
    state = position({"Alaska": (0, 1)}, rest=(1, 1), players=3)
    state.owner[t(state, "Brazil")] = 2
    state.recount()
    state.begin_turn(0)
    seen = []
    for _ in range(4):
        seen.append((state.round, state.seat))
        place_all(state, state.map.names[state.owner.index(state.seat)])
        while state.seat == seen[-1][1] and state.phase != OVER:
            state.apply(STOP_ATTACKING if state.phase == ATTACK else END_TURN)
    assert seen == [(1, 0), (1, 1), (1, 2), (2, 0)]


def test_eliminating_the_last_rival_wins() -> None:
    state = attack_ready({"Alaska": (0, 1), "Kamchatka": (1, 1)}, rest=(0, 1))
    script_roll(state, (6,), (1,))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 1))
    assert state.phase == OVER and state.winner == 0
    assert state.returns() == (1.0, -1.0)
    assert kinds(state)[-3:] == ["wf_eliminated", "wf_move_in", "game_end"]
    assert state.units[t(state, "Kamchatka")] == 1  # the minimum moved in
    assert state.legal_actions() == ()
    assert state.outcome() == Outcome(
        0, (1.0, -1.0), EndReason.RULES, "seat 0 eliminated every other player"
    )


def test_an_eliminated_player_is_skipped_and_the_game_goes_on() -> None:
    layout = {"Alaska": (0, 1), "Kamchatka": (2, 1)}
    state = attack_ready(layout, rest=(1, 1), players=3)
    script_roll(state, (6,), (1,))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 1))
    assert state.alive == [True, True, False] and state.phase != OVER
    assert state.returns() == (0.0, 0.0, 0.0) and state.outcome() is None


def end_round_one(state) -> None:
    """Both seats of a 2-player game pass their turn without attacking."""
    for _ in range(2):
        place_all(state, state.map.names[state.owner.index(state.seat)])
        if state.phase == ATTACK:
            state.apply(STOP_ATTACKING)
        if state.phase == TRANSFER:
            state.apply(END_TURN)


def test_the_round_cap_gives_the_win_to_most_territories() -> None:
    state = position({"Alaska": (1, 50)}, rest=(0, 1), round_cap=1)
    end_round_one(state)
    assert state.phase == OVER and state.winner == 0
    assert "most territories (41)" in state.end_reason
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == EndReason.LIMIT
    assert (outcome.winner, outcome.returns, outcome.detail) == (0, (1.0, -1.0), state.end_reason)


def test_the_round_cap_breaks_a_territory_tie_on_units() -> None:
    half = {name: (1, 1) for name in position({}).map.names[:21]}
    state = position(half, rest=(0, 1), round_cap=1)
    end_round_one(state)
    # 21 territories each; seat 1 (N. and S. America, Europe: +12) placed 19, seat 0
    # (Asia, Australia: +9) 16
    assert state.unit_count == [37, 40]
    assert state.winner == 1 and "most units (40)" in state.end_reason


def test_the_round_cap_with_equal_territories_and_units_is_a_draw() -> None:
    names = position({}).map.names
    layout = {name: (i % 2, 1) for i, name in enumerate(names)}
    state = position(layout, round_cap=1)
    end_round_one(state)
    for seat in (0, 1):
        assert state.territory_count[seat] == 21
    # both placed their 7 units the same way, so the tie stands
    assert state.unit_count[0] == state.unit_count[1]
    assert state.phase == OVER and state.winner is None
    assert state.returns() == (0.0, 0.0)
    assert state.outcome() == Outcome(None, (0.0, 0.0), EndReason.LIMIT, state.end_reason)


def test_a_forfeit_in_two_player_games_hands_the_win_over() -> None:
    state = position({"Alaska": (0, 1)})
    state.forfeit(0, "TLE: too slow")
    assert state.winner == 1 and state.returns() == (-1.0, 1.0)
    assert state.outcome() == Outcome(
        1, (-1.0, 1.0), EndReason.FORFEIT, "seat 0 forfeited: TLE: too slow"
    )


def test_a_forfeit_with_three_players_turns_the_territories_neutral() -> None:
    state = position({"Alaska": (0, 3), "Brazil": (2, 4)}, players=3)
    state.forfeit(0, "IA")
    assert state.owner[t(state, "Alaska")] == NEUTRAL and state.units[t(state, "Alaska")] == 3
    assert state.alive == [False, True, True] and state.seat == 1 and state.phase != OVER
    assert state.winner is None


def test_neutral_territories_can_be_attacked_and_never_act() -> None:
    state = position({"Alaska": (0, 5)}, neutral_territories=2, neutral_units=2)
    state.owner[t(state, "Kamchatka")] = NEUTRAL
    state.recount()
    state.begin_turn(0)
    place_all(state, "Alaska")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 3))
    assert state.owner[t(state, "Kamchatka")] == 0
    captured_event = next(e for e in reversed(state.events) if e[0] == "wf_captured")
    assert captured_event[-1] is None  # no previous owner


def test_a_forfeit_during_a_move_in_moves_the_minimum_first() -> None:
    state = captured(2, 7, {"Brazil": (2, 1)}, players=3)
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    assert state.phase == MOVE_IN
    state.forfeit(0, "TLE")
    assert state.units[kamchatka] == 2 and state.units[alaska] == 5
    assert state.owner[kamchatka] == NEUTRAL and state.seat == 1 and state.pending is None


def test_a_game_won_by_forfeit_during_a_move_in_leaves_no_territory_empty() -> None:
    state = captured(2, 7)
    state.forfeit(1, "RE")
    assert state.phase == OVER and state.winner == 0
    assert state.units[t(state, "Kamchatka")] == 2 and state.units[t(state, "Alaska")] == 5
