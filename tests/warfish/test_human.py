"""The Warfish human agent, driven by scripted input lines: territories by number, name,
start or initials; every phase's answers with a reason for each refusal; `help` and `map`;
and several units placed by one answer, in the setup (one unit per decision, the rest
queued and played by the agent while legal) and in a turn's placement."""

from __future__ import annotations

from typing import Any

import pytest

from sparring.core.errors import BadInput
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
from sparring.games.warfish.human import Board, HumanAgent, parse_answer, read_answer
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.state import WarfishState
from sparring.games.warfish.views import view
from tests.terminal_input import scripted

from .helpers import place_all, position, script_roll, t


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
    assert answer(state, "attack peru venezuela")[1] == (
        "not accepted: Peru #10 (seat 1, 1) is not yours"
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
    assert answer(state, "place peru 1")[1] == "not accepted: Peru #10 (seat 1, 1) is not yours"


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


# ---------------------------------------------------------------- several units in one answer


def setup_with_peru_and_brazil(**options: Any) -> WarfishState:
    """A 2-player classic game in its setup (seat 0 to place) in which seat 0 was dealt Peru
    and Brazil: the first seed that deals it so."""
    for seed in range(100):
        state = WarfishState(seed, WarfishOptions(**options))
        if state.owner[t(state, "Peru")] == state.owner[t(state, "Brazil")] == 0:
            assert state.phase == "setup" and state.seat == 0
            return state
    raise AssertionError("no seed deals Peru and Brazil to seat 0")


def human_setup_turns(state: WarfishState, agent: HumanAgent, turns: int) -> list[Any]:
    """The human's (seat 0's) next `turns` setup placements; seat 1 places on its first
    territory in between."""
    played = []
    while len(played) < turns:
        action = state.legal_actions()[0]
        if state.seat == 0:
            action = agent.act(view(state, 0), state.legal_actions())
            played.append(action)
        state.apply(action)
    return played


def placements(state: WarfishState, text: str) -> tuple[list[Any], str]:
    return read_answer(text, board(state), state.legal_actions())


def test_setup_place_peru_5_places_five_units_at_five_decisions_asking_once() -> None:
    state = setup_with_peru_and_brazil()
    peru = t(state, "Peru")
    ask, said = scripted("?", "place peru 5")
    agent = HumanAgent(0, 0, ask=ask, say=said.append)
    assert human_setup_turns(state, agent, 5) == [Place(peru, 1)] * 5
    assert state.units[peru] == 6
    assert sum(line.startswith("Setup: place your units one at a time") for line in said) == 1
    assert "'place T N' (or 'T N') puts N there" in said[2]  # the help asked for
    example = said[1].split("there at your next turns; '")[-1].split("' splits them")[0]
    assert len(placements(setup_with_peru_and_brazil(), example)[0]) == 5  # a valid answer
    assert said[3:] == [
        f"placing 1 unit on Peru #{peru} (3 units more queued)",
        f"placing 1 unit on Peru #{peru} (2 units more queued)",
        f"placing 1 unit on Peru #{peru} (1 unit more queued)",
        f"placing 1 unit on Peru #{peru} (the last queued)",
    ]
    with pytest.raises(BadInput, match="input ended"):  # the sixth decision is asked again
        human_setup_turns(state, agent, 1)


@pytest.mark.parametrize("text", ["place peru 5", "peru 5", "10 5", "place 10 5", "5 on peru"])
def test_setup_count_goes_with_a_territory_name_or_number(text: str) -> None:
    state = setup_with_peru_and_brazil()
    assert placements(state, text) == ([Place(t(state, "Peru"), 1)] * 5, "")


@pytest.mark.parametrize(
    "text", ["peru 3, brazil 2", "place peru 3 and brazil 2", "peru 3 brazil 2", "10 3; 11 2"]
)
def test_setup_answer_may_place_on_several_territories(text: str) -> None:
    state = setup_with_peru_and_brazil()
    peru, brazil = t(state, "Peru"), t(state, "Brazil")
    assert placements(state, text) == ([Place(peru, 1)] * 3 + [Place(brazil, 1)] * 2, "")


def test_setup_answer_refuses_what_cannot_all_be_placed_saying_why() -> None:
    state = setup_with_peru_and_brazil(max_units=4)
    left = state.setup_left[0]
    theirs = next(x for x in range(state.map.size) if state.owner[x] == 1)
    assert placements(state, f"brazil {left + 1}")[1] == (
        f"not accepted: you have only {left} unit(s) left to place"
    )
    assert placements(state, "peru 4")[1] == (
        "not accepted: Peru has room for 3 more unit(s) (max_units 4)"
    )
    assert placements(state, "peru 2, peru 2")[1] == (
        "not accepted: Peru has room for 1 more unit(s) (max_units 4)"
    )
    assert placements(state, "peru 0")[1] == "not accepted: the count must be 1-3, not 0"
    assert placements(state, f"peru 1, {theirs} 1")[1].endswith("is not yours")


def test_placement_answer_may_place_on_several_territories() -> None:
    state = position({"Alaska": (0, 4), "Peru": (0, 2)})  # 2 territories: an income of 3
    alaska, peru = t(state, "Alaska"), t(state, "Peru")
    expected = ([Place(alaska, 2), Place(peru, 1)], "")
    assert placements(state, "place alaska 2, peru 1") == expected
    assert placements(state, "alaska 2 peru") == expected  # the last takes what is left
    assert placements(state, "0 2 10 1") == expected
    assert placements(state, "alaska 2, peru 2")[1] == (
        "not accepted: only 1 of your 3 unit(s) are left for Peru after the ones before it"
    )
    assert placements(state, "alaska, peru")[1] == (
        "not accepted: no units are left for Peru: you have 3 to place"
    )
    assert placements(state, "alaska 2, kamchatka 1")[1] == (
        "not accepted: Kamchatka #36 (seat 1, 1) is not yours"
    )


def test_placement_queue_answers_the_next_decision() -> None:
    state = position({"Alaska": (0, 4), "Peru": (0, 2)})
    alaska, peru = t(state, "Alaska"), t(state, "Peru")
    ask, said = scripted("place alaska 2, peru 1")
    agent = HumanAgent(0, 0, ask=ask, say=said.append)
    assert agent.act(view(state, 0), state.legal_actions()) == Place(alaska, 2)
    state.apply(Place(alaska, 2))
    assert state.phase == "place" and state.to_place == 1
    assert agent.act(view(state, 0), state.legal_actions()) == Place(peru, 1)
    assert said[-1] == f"placing 1 unit on Peru #{peru} (the last queued)"
    state.apply(Place(peru, 1))
    assert state.phase == "attack"


def test_queue_stops_and_asks_again_saying_why_when_a_placement_becomes_illegal() -> None:
    state = setup_with_peru_and_brazil(max_units=4)
    peru, brazil = t(state, "Peru"), t(state, "Brazil")
    ask, said = scripted("peru 3", "brazil")
    agent = HumanAgent(0, 0, ask=ask, say=said.append)
    assert human_setup_turns(state, agent, 1) == [Place(peru, 1)]
    state.apply(state.legal_actions()[0])  # seat 1 places
    state.units[peru] = 4  # Peru fills up, as nothing in the setup does: the queue is stale
    state.recount()
    state._legal = None
    assert agent.act(view(state, 0), state.legal_actions()) == Place(brazil, 1)
    stopped, board_again, asked = said[-3:]
    assert stopped == (
        "stopped placing the queued units (2 units not placed): Peru is full (max_units 4)"
    )
    assert board_again.startswith("Warfish · Classic")
    assert asked.startswith("Setup: place your units")
    assert not agent.queued


def test_queue_is_dropped_when_its_phase_is_over() -> None:
    state = setup_with_peru_and_brazil()
    ask, said = scripted("peru 3", "place alaska")
    agent = HumanAgent(0, 0, ask=ask, say=said.append)
    human_setup_turns(state, agent, 1)
    turn = position({"Alaska": (0, 4)})
    assert agent.act(view(turn, 0), turn.legal_actions()) == Place(t(turn, "Alaska"), 3)
    assert "2 units queued but not placed: the setup is over" in said
