"""Warfish's built-in agents: the exact odds the greedy agent reads, its decisions in hand-made
positions (trades, placement, attacks, move-in, transfer), and whole games under every kind
of option without an illegal move. The human agent has its own file, test_human.py."""

from __future__ import annotations

from typing import Any

import pytest

from sparring.agents.uniform import UniformRandomAgent
from sparring.core.playout import play_match
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
from sparring.games.warfish.greedy import GreedyAgent
from sparring.games.warfish.human import HumanAgent
from sparring.games.warfish.odds import blitz_table, capture_chance, roll_outcomes
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.spec import SPEC
from sparring.games.warfish.state import ATTACK, MOVE_IN, TRADE, TRANSFER, WarfishState
from sparring.games.warfish.views import view

from .helpers import place_all, position, script_roll, t

SOUTH_AMERICA = ["Venezuela", "Peru", "Brazil", "Argentina"]
AUSTRALIA = ["Indonesia", "New Guinea", "Western Australia", "Eastern Australia"]


def decide(state: WarfishState, agent: Any = None) -> Any:
    """What the agent (default: greedy for the seat to move) plays now."""
    agent = agent or GreedyAgent(state.seat, 1)
    return agent.act(view(state, state.seat), state.legal_actions())


def test_spec_registers_random_greedy_and_human() -> None:
    assert set(SPEC.agents) == {"random", "greedy", "human"}
    assert isinstance(SPEC.agents["greedy"](1, 5), GreedyAgent)
    assert isinstance(SPEC.agents["human"](0, 5), HumanAgent)


# ---------------------------------------------------------------- odds


def test_one_roll_odds_equal_the_companion_table() -> None:
    def in_sixths(attack: int, defend: int, total: int) -> list[tuple[int, int, int]]:
        return [(a, d, round(p * total)) for a, d, p in roll_outcomes(attack, defend)]

    assert in_sixths(3, 2, 7776) == [(0, 2, 2890), (1, 1, 2611), (2, 0, 2275)]
    assert in_sixths(3, 1, 1296) == [(0, 1, 855), (1, 0, 441)]
    assert in_sixths(2, 2, 1296) == [(0, 2, 295), (1, 1, 420), (2, 0, 581)]
    assert in_sixths(2, 1, 216) == [(0, 1, 125), (1, 0, 91)]
    assert in_sixths(1, 2, 216) == [(0, 1, 55), (1, 0, 161)]
    assert in_sixths(1, 1, 36) == [(0, 1, 15), (1, 0, 21)]


def test_a_blitz_of_four_against_one_captures_with_the_companion_chance() -> None:
    table = blitz_table()
    assert round(capture_chance(table, 4, 1), 4) == 0.9164
    assert capture_chance(table, 2, 1) == pytest.approx(15 / 36)
    assert capture_chance(table, 1, 1) == 0.0


def test_other_dice_sides_change_the_odds() -> None:
    (_, d_loses, p_win), (a_loses, _, p_lose) = roll_outcomes(1, 1, 8, 6)
    assert (a_loses, d_loses) == (1, 1)
    assert p_win == pytest.approx(27 / 48) and p_lose == pytest.approx(21 / 48)


def test_huge_fights_are_read_scaled_down() -> None:
    table = blitz_table()
    assert capture_chance(table, 400, 100) == capture_chance(table, 80, 20)


# ---------------------------------------------------------------- greedy: cards


def test_greedy_trades_when_forced() -> None:
    state = position({"Peru": (0, 5)}, hands=[[0, 1, 2, 3, 4]])
    assert state.phase == TRADE and STOP_TRADING not in state.legal_actions()
    assert type(decide(state)) is Trade


def test_greedy_keeps_a_cheap_set_that_names_none_of_its_territories() -> None:
    state = position({"Peru": (0, 5)}, hands=[[0, 3, 6]])  # Alaska, Alberta, W. US: theirs
    assert state.next_trade_value() == 4
    assert decide(state) == STOP_TRADING


def test_greedy_trades_a_set_worth_eight_or_more() -> None:
    state = position({"Peru": (0, 5)}, hands=[[0, 3, 6]])
    state.trades = 2  # the third set is worth 8
    assert decide(state) == Trade((0, 3, 6))


def test_greedy_trades_a_set_naming_its_territory_for_the_bonus() -> None:
    state = position({"Peru": (0, 5)}, hands=[[10, 13, 16]], card_territory_bonus=2)
    assert decide(state) == Trade((10, 13, 16))  # Peru's card: +2 there


def test_greedy_keeps_a_small_set_naming_its_territory_when_there_is_no_bonus() -> None:
    state = position({"Peru": (0, 5)}, hands=[[10, 13, 16]])  # the default: no bonus
    assert decide(state) == STOP_TRADING


def test_greedy_spares_wilds_when_another_set_will_do() -> None:
    wild = 42
    state = position({"Peru": (0, 5)}, hands=[[0, 3, 6, wild]])
    state.trades = 5
    assert decide(state) == Trade((0, 3, 6))


# ---------------------------------------------------------------- greedy: placement


def test_greedy_places_its_whole_income_on_one_front() -> None:
    state = position({"Alaska": (0, 4), "Peru": (0, 1), "Argentina": (0, 1)})
    assert state.to_place == 3
    action = decide(state)
    assert type(action) is Place and action.count == 3
    assert action.territory in (t(state, "Alaska"), t(state, "Peru"))


def test_greedy_guards_a_held_continent_border_with_half_its_units() -> None:
    layout = {name: (0, 1) for name in AUSTRALIA}
    layout["Siam"] = (1, 10)  # Siam borders Indonesia
    state = position(layout)
    assert state.to_place == 5  # 3 + Australia's 2
    agent = GreedyAgent(0, 1)
    first = decide(state, agent)
    assert first == Place(t(state, "Indonesia"), 2)
    state.apply(first)
    second = decide(state, agent)
    assert type(second) is Place and second.count == 3


# ---------------------------------------------------------------- greedy: attacks


def test_greedy_blitzes_when_its_stack_clearly_outnumbers() -> None:
    state = position({"Alaska": (0, 7), "Peru": (0, 1)})
    place_all(state, "Alaska")
    action = decide(state)
    assert type(action) is Blitz and action.source == t(state, "Alaska")


def test_greedy_stops_below_the_odds_threshold() -> None:
    layout = {"Alaska": (0, 2), "Northwest Territory": (1, 9), "Alberta": (1, 9)}
    layout["Kamchatka"] = (1, 9)
    state = position(layout)
    place_all(state, "Alaska")
    assert state.phase == ATTACK
    assert decide(state) == STOP_ATTACKING


def test_greedy_prefers_the_capture_that_completes_a_continent() -> None:
    layout = {name: (0, 5) for name in SOUTH_AMERICA[:3]}
    layout["Argentina"] = (1, 1)
    layout["Central America"] = (1, 1)
    state = position(layout)
    place_all(state, "Peru")
    action = decide(state)
    assert type(action) is Blitz and action.target == t(state, "Argentina")


def test_greedy_moves_everything_in_when_enemies_lie_ahead() -> None:
    state = position({"Alaska": (0, 10), "Peru": (0, 1)})
    place_all(state, "Peru")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 3))
    assert state.phase == MOVE_IN and state.pending is not None
    assert decide(state) == MoveIn(9)


def test_greedy_moves_the_minimum_into_a_territory_with_no_enemy_around() -> None:
    layout = {name: (0, 1) for name in SOUTH_AMERICA}
    layout["Argentina"] = (1, 1)
    layout["Peru"] = (0, 10)
    state = position(layout, rest=(0, 1))
    state.owner[t(state, "Kamchatka")] = 1
    state.recount()
    state.begin_turn(0)
    place_all(state, "Brazil")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(t(state, "Peru"), t(state, "Argentina"), 3))
    assert state.phase == MOVE_IN
    assert decide(state) == MoveIn(3)


def test_greedy_orders_its_blitz_move_in_in_advance() -> None:
    """All (its whole stack, clamped by the engine) when enemies lie beyond the target, the
    minimum (0) when none do: the same choices as asked after a capture."""
    state = position({"Alaska": (0, 7), "Peru": (0, 1)})
    place_all(state, "Alaska")
    action = decide(state)
    assert type(action) is Blitz and action.move_in == state.units[action.source]
    layout = {name: (0, 1) for name in SOUTH_AMERICA}
    layout["Argentina"] = (1, 1)
    layout["Peru"] = (0, 10)
    state = position(layout, rest=(0, 1))
    state.owner[t(state, "Kamchatka")] = 1
    state.recount()
    state.begin_turn(0)
    place_all(state, "Brazil")
    action = decide(state)
    assert type(action) is Blitz and action.target == t(state, "Argentina")
    assert action.move_in == 0


def test_greedy_leaves_the_move_in_open_when_fog_hides_a_neighbour_of_the_target() -> None:
    state = position({"Alaska": (0, 7), "Peru": (0, 1)}, fog=True)
    place_all(state, "Alaska")
    action = decide(state)
    assert type(action) is Blitz and action.move_in is None


# ---------------------------------------------------------------- greedy: transfer


def test_greedy_transfers_its_interior_stack_to_the_most_threatened_border() -> None:
    layout = {name: (0, 1) for name in SOUTH_AMERICA}
    layout["Peru"] = (0, 8)
    layout["North Africa"] = (1, 6)  # borders Brazil
    state = position(layout)
    place_all(state, "Argentina")  # no attack is possible: the transfer follows
    assert state.phase == TRANSFER
    assert decide(state) == Transfer(t(state, "Peru"), t(state, "Brazil"), 7)


def test_greedy_ends_the_turn_when_every_stack_is_at_a_border() -> None:
    state = position({"Alaska": (0, 3), "Alberta": (0, 3)})
    place_all(state, "Alaska")
    state.apply(STOP_ATTACKING)
    assert state.phase == TRANSFER
    assert decide(state) == END_TURN


# ---------------------------------------------------------------- greedy: whole games

PROFILES = [
    {},
    {"players": 3, "fog": True},
    {"players": 4, "cards": False},
    {"players": 8, "transfer_rule": "connected"},
    {"players": 5, "max_units": 6, "attacks_per_turn": 3, "transfers_per_turn": 2},
    {"map": "cascade", "players": 3, "neutral_territories": 3, "fog": True},
    {"map": "triad", "players": 4, "attack_dice_sides": 8, "defend_dice_sides": 4},
    {"map": "cascade", "transfer_rule": "connected", "card_scale": [5], "elimination_bonus": 3},
    {"players": 6, "setup_placement": "random", "card_capture": False, "round_cap": 12},
    {"map": "triad", "transfers_per_turn": 0, "max_units": 3, "fog": True},
]


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: ",".join(map(str, p)) or "default")
def test_greedy_never_makes_an_illegal_move(profile: dict[str, Any]) -> None:
    options = WarfishOptions.from_json(profile)
    for seed in range(3):
        agents = [GreedyAgent(s, seed * 10 + s) for s in range(options.players)]
        state = play_match(SPEC, seed, options, agents)
        assert state.is_terminal()
        assert not [e for e in state.events if e[0] == "forfeit"], profile


def test_greedy_is_deterministic_for_its_seeds() -> None:
    first = play_match(SPEC, 9, None, [GreedyAgent(0, 3), GreedyAgent(1, 4)])
    second = play_match(SPEC, 9, None, [GreedyAgent(0, 3), GreedyAgent(1, 4)])
    assert first.events == second.events


def test_greedy_beats_random_in_two_player_classic() -> None:
    wins = 0
    for seed in range(20):
        mine = seed % 2
        agents: list[Any] = [None, None]
        agents[mine] = GreedyAgent(mine, seed)
        agents[1 - mine] = UniformRandomAgent(1 - mine, seed + 100)
        wins += play_match(SPEC, seed, None, agents).winner == mine
    assert wins >= 19
