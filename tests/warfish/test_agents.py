"""Warfish's built-in agents: the exact odds the greedy agent reads, its decisions in hand-made
positions (trades, placement, attacks, move-in, transfer), whole games under every kind of
option without an illegal move, and the human agent's reading of typed answers."""

from __future__ import annotations

from typing import Any

import pytest

from sparring.agents.uniform import UniformRandomAgent
from sparring.core.errors import BadInput
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
from sparring.games.warfish.human import Board, HumanAgent, parse_answer
from sparring.games.warfish.odds import blitz_table, capture_chance, roll_outcomes
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.spec import SPEC
from sparring.games.warfish.state import ATTACK, MOVE_IN, TRADE, TRANSFER, WarfishState
from sparring.games.warfish.views import view
from tests.terminal_input import scripted

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


# ---------------------------------------------------------------- human


def board(state: WarfishState) -> Board:
    return Board(view(state, state.seat))


def answer(state: WarfishState, text: str) -> tuple[Any, str]:
    return parse_answer(text, board(state), state.legal_actions())


def attack_position() -> WarfishState:
    state = position({"Alaska": (0, 4), "Western United States": (0, 5)})
    place_all(state, "Alaska")  # Alaska: 7
    return state


def test_human_names_territories_by_number_name_start_and_initials() -> None:
    state = attack_position()
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    assert answer(state, "attack 0 36 2") == (Attack(alaska, kamchatka, 2), "")
    assert answer(state, "attack alaska kamchatka") == (Attack(alaska, kamchatka, 3), "")
    assert answer(state, "blitz ala to kam") == (Blitz(alaska, kamchatka), "")
    wus, alberta = t(state, "Western United States"), t(state, "Alberta")
    assert answer(state, "a wus alberta 1") == (Attack(wus, alberta, 1), "")
    assert answer(state, "blitz western united alb") == (Blitz(wus, alberta), "")
    assert answer(state, "STOP") == (STOP_ATTACKING, "")


def test_human_may_order_the_move_in_with_then() -> None:
    state = attack_position()
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    assert answer(state, "blitz alaska kamchatka then all") == (Blitz(alaska, kamchatka, 7), "")
    assert answer(state, "blitz alaska kamchatka then min") == (Blitz(alaska, kamchatka, 0), "")
    assert answer(state, "attack 0 36 2 then 4") == (Attack(alaska, kamchatka, 2, 4), "")
    assert answer(state, "attack alaska kamchatka then max") == (
        Attack(alaska, kamchatka, 3, 7),
        "",
    )
    assert answer(state, "blitz alaska kamchatka then lots")[1] == (
        "not accepted: the move-in after 'then' is all, min or a whole number, not 'lots'"
    )
    assert answer(state, "blitz alaska kamchatka then")[1] == (
        "not accepted: after 'then' say how many move in should it capture: all, min or N"
    )


def test_human_attack_refusals_say_why() -> None:
    state = attack_position()
    assert (
        answer(state, "attack peru venezuela")[1] == "not accepted: Peru #10 (P2, 1) is not yours"
    )
    assert answer(state, "attack alaska wus")[1] == (
        "not accepted: Western United States #6 (you, 5) is yours"
    )
    assert answer(state, "attack alaska peru")[1] == "not accepted: no border from Alaska to Peru"
    assert answer(state, "attack alaska kamchatka 4")[1] == (
        "not accepted: dice from Alaska must be 1-3, not 4"
    )
    assert answer(state, "attack 0 99")[1] == "not accepted: there is no territory #99 (0-41)"
    assert answer(state, "attack xyz kamchatka")[1] == "not accepted: no territory is called 'xyz'"
    assert "could be" in answer(state, "attack w kamchatka")[1]
    assert (
        answer(state, "dance")[1] == "not accepted: say 'attack A B [dice]', 'blitz A B' or 'stop'"
    )


def test_human_is_told_a_border_is_one_way() -> None:
    state = position({"Upper Falls": (0, 1), "Glacier": (0, 6)}, map="cascade")
    place_all(state, "Glacier")
    assert answer(state, "attack upper falls glacier")[1] == (
        "not accepted: Glacier #2 (you, 9) is yours"
    )
    state.owner[t(state, "Glacier")] = 1
    state.owner[t(state, "Upper Falls")] = 0
    state.units[t(state, "Upper Falls")] = 5
    state.recount()
    state._legal = None
    assert answer(state, "attack upper falls glacier")[1] == (
        "not accepted: no border from Upper Falls to Glacier (that border is one-way, "
        "the other direction)"
    )


def test_human_places_all_or_a_count() -> None:
    state = position({"Alaska": (0, 4)})
    alaska = t(state, "Alaska")
    assert answer(state, "place alaska") == (Place(alaska, 3), "")
    assert answer(state, "0 2") == (Place(alaska, 2), "")
    assert answer(state, "place 2 on alaska") == (Place(alaska, 2), "")
    assert answer(state, "place alaska all") == (Place(alaska, 3), "")
    assert (
        answer(state, "place alaska 4")[1] == "not accepted: you have only 3 unit(s) left to place"
    )
    assert answer(state, "place alaska 0")[1] == "not accepted: the count must be 1-3, not 0"
    assert answer(state, "place peru 1")[1] == "not accepted: Peru #10 (P2, 1) is not yours"


def test_human_setup_places_one_unit() -> None:
    state = WarfishState(3, WarfishOptions(map="triad"))
    mine = state.legal_actions().territories[0]
    assert answer(state, str(mine)) == (Place(mine, 1), "")
    theirs = next(x for x in range(10) if state.owner[x] != 0)
    assert answer(state, f"place {theirs}")[1].endswith("is not yours")


def test_human_trades_by_list_number_or_card_ids_and_may_not_stop_when_forced() -> None:
    state = position({"Peru": (0, 5)}, hands=[[0, 3, 6]])
    assert answer(state, "1") == (Trade((0, 3, 6)), "")
    assert answer(state, "trade 6 0 3") == (Trade((0, 3, 6)), "")
    assert answer(state, "trade 2")[1] == "not accepted: choose a set from 1 to 1"
    assert answer(state, "stop") == (STOP_TRADING, "")
    forced = position({"Peru": (0, 5)}, hands=[[0, 1, 2, 3, 4]])
    assert answer(forced, "stop")[1] == "not accepted: with 5 or more cards you must trade a set"
    assert answer(forced, "trade 0 1 9")[1] == "not accepted: card(s) [9] are not in your hand"
    assert answer(forced, "trade 0 3 1")[1] == "not accepted: those three cards are not a set"


def test_human_move_in_and_transfer() -> None:
    state = position({"Alaska": (0, 10), "Peru": (0, 1)})
    place_all(state, "Peru")
    script_roll(state, (6, 6, 6), (1,))
    state.apply(Attack(t(state, "Alaska"), t(state, "Kamchatka"), 3))
    assert answer(state, "5") == (MoveIn(5), "")
    assert answer(state, "all") == (MoveIn(9), "")
    assert answer(state, "move min") == (MoveIn(3), "")
    assert answer(state, "2")[1] == "not accepted: the count must be 3-9, not 2"
    state.apply(MoveIn(5))
    state.apply(STOP_ATTACKING)
    alaska, kamchatka = t(state, "Alaska"), t(state, "Kamchatka")
    assert answer(state, "transfer kamchatka alaska") == (Transfer(kamchatka, alaska, 4), "")
    assert answer(state, "t 36 0 2") == (Transfer(kamchatka, alaska, 2), "")
    assert answer(state, "transfer alaska peru")[1] == "not accepted: no border from Alaska to Peru"
    assert answer(state, "end") == (END_TURN, "")


def test_human_help_and_map_are_answers_not_refusals() -> None:
    state = attack_position()
    help_text = answer(state, "?")[1]
    assert help_text.startswith("Attack: 'attack A B D'")
    shown = answer(state, "map")[1]
    assert "North America (bonus 5, held by nobody)" in shown
    assert "Possible attacks:" in shown
    assert answer(state, "")[1] == "not accepted: type an answer, or 'help'"


def test_human_screen_shows_fogged_territories_as_unknown() -> None:
    state = position({"Alaska": (0, 4)}, fog=True)
    shown = answer(state, "map")[1]
    assert "   10  Peru                   ?          ?  → 9, 11, 12" in shown
    assert "Your cards: none" in shown


def test_human_prompts_again_after_a_refusal_and_ends_cleanly_on_eof() -> None:
    state = attack_position()
    ask, said = scripted("nonsense", "blitz alaska kamchatka")
    agent = HumanAgent(0, 0, ask=ask, say=said.append)
    action = agent.act(view(state, 0), state.legal_actions())
    assert action == Blitz(t(state, "Alaska"), t(state, "Kamchatka"))
    assert "not accepted: say 'attack A B [dice]', 'blitz A B' or 'stop'" in said
    ask, said = scripted()
    with pytest.raises(BadInput, match="input ended"):
        HumanAgent(0, 0, ask=ask, say=said.append).act(view(state, 0), state.legal_actions())


def _typed(action: Any, state: WarfishState) -> str:
    """How a person would type `action`, with territory names (the greedy agent's choice)."""
    names = state.map.names
    if type(action) is Place:
        return f"place {names[action.territory].lower()} {action.count}"
    if type(action) is Trade:
        return "trade " + " ".join(map(str, action.cards))
    if type(action) is Attack:
        return f"attack {names[action.source]} to {names[action.target]} {action.dice}"
    if type(action) is Blitz:
        order = (
            "" if action.move_in is None else " then " + ("min" if not action.move_in else "all")
        )
        return f"blitz {action.source} {action.target}{order}"
    if type(action) is MoveIn:
        return str(action.count)
    if type(action) is Transfer:
        return f"transfer {names[action.source]} > {names[action.target]} {action.count}"
    return "stop" if action in (STOP_TRADING, STOP_ATTACKING) else "end"


@pytest.mark.parametrize("game_map", ["classic", "cascade"])
def test_human_reads_every_decision_of_a_whole_game(game_map: str) -> None:
    state = WarfishState(5, WarfishOptions(map=game_map, players=3, transfer_rule="connected"))
    agents = [GreedyAgent(s, s) for s in range(3)]
    while not state.is_terminal():
        legal = state.legal_actions()
        chosen = agents[state.seat].act(view(state, state.seat), legal)
        assert answer(state, _typed(chosen, state)) == (chosen, "")
        state.apply(chosen)
