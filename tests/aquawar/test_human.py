"""The Aquawar human agent, driven by scripted input lines: picks, the two-step assertion,
the action menu grouped by own fish, `help` / `help FISH` / `board`, and a reason for
every refused answer."""

from __future__ import annotations

import re
from typing import Any

import pytest

from sparring.core.errors import BadInput
from sparring.games.aquawar.actions import ASSERTS, ATTACKS, PASS, SKILLS, Pick
from sparring.games.aquawar.human import HumanAgent
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.roster import ALL_FISH, FISH, MIMIC
from sparring.games.aquawar.skilltext import fish_help
from sparring.games.aquawar.state import AquawarState
from sparring.games.aquawar.views import view
from tests.aquawar.helpers import (
    ARCHER,
    CLOWN,
    EEL,
    GREATWHITE,
    HAMMERHEAD,
    MANTA,
    OCTOPUS,
    PUFFER,
    SEAWOLF,
    SUNFISH,
    TURTLE,
    position,
    tune,
)
from tests.terminal_input import scripted

REFUSED = "not accepted: "


def ask(state: AquawarState, *lines: str, seat: int | None = None) -> tuple[Any, list[str]]:
    """What the agent of the seat to move (or `seat`, while picking) plays after `lines`,
    and everything it said."""
    who = state.seat if seat is None else seat
    reader, said = scripted(*lines)
    agent = HumanAgent(who, ask=reader, say=said.append)
    return agent.act(view(state, who), state.legal_actions(who)), said


def refusals(said: list[str]) -> list[str]:
    return [s for s in said if s.startswith(REFUSED)]


def fielded() -> AquawarState:
    state = AquawarState(2, AquawarOptions(seat0_always_first=True))
    state.apply(Pick((1, 5, 7, 8)), 0)
    state.apply(Pick((2, 3, 4, 6)), 1)
    return state


def menu_number(menu: str, header: str, row: str, label: str) -> int:
    """The number the action menu shows for `label` in the `row` ("attack", "skill") under
    the own fish whose header starts with `header`."""
    block = menu.split(f"  {header}")[1].split("\n  your ")[0]
    lines = block.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(row))
    wrapped = [line for line in lines[start + 1 :] if line.strip()[:1].isdigit()]
    text = " ".join([lines[start], *wrapped])  # a long row goes on under itself
    found = re.search(rf"(\d+): {re.escape(label)}(?!\d)", text)
    assert found is not None, f"{label!r} is not in {text!r}"
    return int(found.group(1))


# ---------------------------------------------------------------- picks


def test_pick_refuses_bad_input_with_the_reason_then_accepts() -> None:
    state = AquawarState(2)
    pick, said = ask(
        state, "1 2 3", "1 5 7 zebra", "1 5 7 12", "1 1 5 7", "1 5 7 12 mimic=9", seat=0
    )
    assert pick == Pick((1, 5, 7, 12), 9)
    shown = refusals(said)
    assert len(shown) == 4
    assert "4 fish" in shown[0] and "zebra" in shown[1]
    assert "mimic=" in shown[2] and "different" in shown[3]


def test_pick_by_names() -> None:
    state = AquawarState(2)
    pick, _ = ask(state, "sea wolf, octopus, mimic, eel, mimic=great white", seat=0)
    assert pick == Pick((SEAWOLF, OCTOPUS, MIMIC, EEL), GREATWHITE)


def test_pick_menu_names_each_free_fishs_skills_and_leaves_out_used_ones() -> None:
    state = AquawarState(2)
    state.used[0] = frozenset({ARCHER, MANTA})
    _, said = ask(state, "2 3 4 5", seat=0)
    menu = said[1]
    assert "   5 Sea Wolf           dodge / critical hit" in menu
    assert "   7 Sea Turtle         shields / heal buff + critical hit" in menu
    assert "  12 Mimic Fish         copies another fish's skills" in menu
    assert "   1 Archerfish" not in menu and "   6 Manta Ray" not in menu
    assert "(used in earlier rounds: Archerfish, Manta Ray)" in menu


# ---------------------------------------------------------------- help


def test_help_explains_the_decision_and_is_no_refusal() -> None:
    state = AquawarState(2)
    pick, said = ask(state, "help", "?", "1 5 7 8", seat=0)
    assert pick == Pick((1, 5, 7, 8))
    assert not refusals(said)
    assert said[2].startswith("Pick: choose 4 fish for this round") and "mimic=FISH" in said[2]
    assert said[3] == said[2]  # '?' is the same help
    assert "'help FISH' shows a fish's skills" in said[2]

    state = fielded()
    _, said = ask(state, "help", "0")
    assert said[2].startswith("Assertion: before acting you may guess")
    assert (
        "every enemy fish loses 50 HP" in said[2] and "every fish of yours loses 50 HP" in said[2]
    )
    state.apply(PASS)
    _, said = ask(state, "help", "0")
    assert said[2].startswith("Action: one of your living fish attacks or uses its active skill")
    assert "'skill A ally=M enemy=E'" in said[2]


def test_help_fish_shows_the_rules_texts_skills_with_their_numbers() -> None:
    # The numbers are the rules text's (aquawar-manual-en.md, "The Fish Roster").
    state = AquawarState(2)
    _, said = ask(state, "help sea wolf", "help 7", "help archer", "help mimic", "1 5 7 8", seat=0)
    wolf, turtle, archer, mimic = said[2:6]
    assert wolf.startswith("5 Sea Wolf (海狼鱼)")
    assert "passive, dodge: a 30 % chance to dodge any damage." in wolf
    assert "active, critical hit: 120 damage to one enemy, whatever its ATK." in wolf
    assert turtle.startswith("7 Sea Turtle")
    assert "starts each round with 3 shields" in turtle
    assert "it heals 20 HP; on this fish's first 3 uses it also deals 120 damage" in turtle
    assert "left below 120 HP, this fish deals 30 damage to the attacker" in archer
    assert "35 % of its ATK to every living enemy" in archer
    assert "must still name it Mimic Fish" in mimic


def test_help_fish_covers_every_fish_of_the_roster() -> None:
    numbers = {
        PUFFER: "deals 50 damage to a teammate and gains +70 ATK for good",
        EEL: "every 200 damage it takes gives it +20 ATK for good",
        SUNFISH: "it takes 70 % and the other 30 % is split evenly among them",
        MANTA: "the damage is cut by 70 %; this fish gains +20 ATK for good",
        OCTOPUS: "after taking damage, if still alive, it heals 20 HP",
        GREATWHITE: "for 120 % of its ATK, or 140 % if that enemy is below 160 HP",
        HAMMERHEAD: "explodes for 40 damage on the attacker; while below 80 HP it has +15 ATK",
        CLOWN: "if it is below 120 HP, it deals 30 damage to the attacker",
    }
    for fish, words in numbers.items():
        assert words in fish_help(fish), FISH[fish].en
    for fish in ALL_FISH:
        assert fish_help(fish).startswith(f"{fish} {FISH[fish].en}")


def test_help_for_an_unknown_fish_says_so() -> None:
    state = AquawarState(2)
    _, said = ask(state, "help kraken", "1 5 7 8", seat=0)
    assert refusals(said) == [f"{REFUSED}no fish is called 'kraken' (an id 1-12 or a name)"]


def test_board_shows_the_view_and_the_menu_again() -> None:
    state = fielded()
    state.apply(PASS)
    _, said = ask(state, "board", "0")
    assert said[2] == f"{said[0]}\n{said[1]}"
    assert not refusals(said)


# ---------------------------------------------------------------- assertion


def test_assertion_chooses_the_enemy_fish_then_the_guess() -> None:
    state = fielded()
    choice, said = ask(state, "2", "sea wolf")
    assert choice == ASSERTS[1, SEAWOLF]
    menu = said[1]
    assert "  0: pass" in menu and "  2: enemy 1 (hidden, 400 HP)" in menu
    assert said[2].startswith("Enemy 1 is which fish?")
    assert "5 Sea Wolf" in said[2] and "12 Mimic Fish" in said[2]
    assert ask(state, "1 5")[0] == ASSERTS[0, SEAWOLF]
    assert ask(state, "4 great white")[0] == ASSERTS[3, GREATWHITE]
    assert ask(state, "assert 2 eel")[0] == ASSERTS[2, EEL]
    assert ask(state, "assert 3", "12")[0] == ASSERTS[3, MIMIC]
    assert ask(state, "0")[0] is PASS
    assert ask(state, "pass")[0] is PASS


def test_assertion_back_returns_to_the_enemy_fish() -> None:
    state = fielded()
    choice, said = ask(state, "1", "back", "3", "octopus")
    assert choice == ASSERTS[2, OCTOPUS]
    assert said[3] == said[1]  # back shows the first step again
    assert not refusals(said)


def test_assertion_menu_lists_only_hidden_living_enemies_and_marks_revealed_fish() -> None:
    state = position(
        [ARCHER, SEAWOLF, TURTLE, OCTOPUS], [PUFFER, EEL, SUNFISH, MANTA], phase="assert"
    )
    state.teams[1][1].revealed = True
    tune(state.teams[1][2], hp=0)
    choice, said = ask(state, "2", "3")
    assert choice == ASSERTS[3, EEL]  # legal, though the menu shows it cannot be right
    menu = said[1]
    assert "enemy 1" not in menu and "enemy 2" not in menu
    assert "  1: enemy 0 (hidden, 400 HP)" in menu and "  2: enemy 3 (hidden, 400 HP)" in menu
    assert "3 Electric Eel (is enemy 1)" in said[2]
    assert not refusals(said)


def test_assertion_refusals_say_why() -> None:
    state = position(
        [ARCHER, SEAWOLF, TURTLE, OCTOPUS], [PUFFER, EEL, SUNFISH, MANTA], phase="assert"
    )
    state.teams[1][1].revealed = True
    tune(state.teams[1][2], hp=0)
    choice, said = ask(
        state,
        "",
        "9",
        "attack 0 1",
        "assert 1 eel",
        "assert 2",
        "assert 7 1",
        "assert 0 kraken",
        "dance",
        "back",
        "1",
        "kraken",
        "0 5",
        "eel",
    )
    assert choice == ASSERTS[0, EEL]
    assert refusals(said) == [
        f"{REFUSED}type a number from the menu, or 'help'",
        f"{REFUSED}9 is not on the menu (0-2)",
        f"{REFUSED}this is the assertion phase: pass or assert POS FISH",
        f"{REFUSED}enemy fish 1 is already revealed",
        f"{REFUSED}enemy fish 2 is dead",
        f"{REFUSED}the enemy fish must be a position 0-3, got '7'",
        f"{REFUSED}unknown fish 'kraken'",
        f"{REFUSED}unknown command 'dance': type a number from the menu, 'assert POS FISH' or "
        "'pass'",
        f"{REFUSED}nothing to go back from\n" + said[1],
        f"{REFUSED}no fish is called 'kraken' (an id 1-12 or a name; 'back' to choose another "
        "enemy fish)",
        f"{REFUSED}no fish is called '0 5' (an id 1-12 or a name; 'back' to choose another "
        "enemy fish)",
    ]


# ---------------------------------------------------------------- action


def test_action_menu_groups_choices_by_own_fish_and_fits_a_screen() -> None:
    # The largest menu a turn can have: a Sea Turtle with bonus uses aims at every
    # teammate and every enemy, 37 choices in all.
    state = fielded()
    state.apply(PASS)
    legal = state.legal_actions()
    _, said = ask(state, "0")
    menu = said[1]
    assert len(menu.splitlines()) <= 20 < len(legal)
    headers = [line for line in menu.splitlines() if line.startswith("  your ")]
    assert [h.split(" — ")[0] for h in headers] == [
        "  your 0 Archerfish",
        "  your 1 Sea Wolf",
        "  your 2 Sea Turtle",
        "  your 3 Octopus",
    ]
    assert "shields / heal buff + critical hit (3 bonus use(s) left)" in headers[2]
    assert "     attack  0: enemy 0  1: enemy 1  2: enemy 2  3: enemy 3" in menu
    assert "     skill   4: every living enemy" in menu
    assert "     skill on your 0 Archerfish, then  17: enemy 0" in menu
    assert "     skill   33: on your 0 Archerfish  34: on your 1 Sea Wolf" in menu


def test_action_menu_numbers_play_what_they_show() -> None:
    state = fielded()
    state.apply(PASS)
    _, said = ask(state, "0")
    menu = said[1]
    cases = [
        ("your 1 Sea Wolf", "attack", "enemy 2", ATTACKS[1, 2]),
        ("your 1 Sea Wolf", "skill", "enemy 3", SKILLS[1, None, 3]),
        ("your 2 Sea Turtle", "skill on your 3 Octopus", "enemy 1", SKILLS[2, 3, 1]),
        ("your 3 Octopus", "skill", "on your 3 Octopus", SKILLS[3, 3, None]),
        ("your 0 Archerfish", "skill", "every living enemy", SKILLS[0, None, None]),
    ]
    for header, row, label, expected in cases:
        number = menu_number(menu, header, row, label)
        assert ask(state, str(number))[0] == expected


def test_action_menu_leaves_out_the_dead_and_names_revealed_enemies() -> None:
    state = position([ARCHER, SEAWOLF, TURTLE, OCTOPUS], [PUFFER, EEL, SUNFISH, MANTA])
    tune(state.teams[0][1], hp=0)
    tune(state.teams[1][0], hp=0)
    state.teams[1][1].revealed = True
    _, said = ask(state, "0")
    menu = said[1]
    assert "your 1 Sea Wolf" not in menu
    assert "enemy 0" not in menu
    assert "     attack  0: enemy 1 Electric Eel  1: enemy 2  2: enemy 3" in menu


def test_action_refusals_say_why() -> None:
    state = position([ARCHER, SEAWOLF, TURTLE, OCTOPUS], [PUFFER, EEL, SUNFISH, MANTA])
    tune(state.teams[0][1], hp=0)
    tune(state.teams[1][0], hp=0)
    choice, said = ask(
        state,
        "9999",
        "pass",
        "attack 0 0",
        "attack 1 2",
        "attack 0 9",
        "attack 0",
        "skill 2",
        "skill 0 ally=x",
        "dance",
        "attack 0 2",
    )
    assert choice == ATTACKS[0, 2]
    assert refusals(said) == [
        f"{REFUSED}9999 is not on the menu (0-18)",  # 3 + 1, 3 + 2 × 3 and 3 + 3 choices
        f"{REFUSED}the assertion phase is over: attack or use a skill",
        f"{REFUSED}enemy fish 0 is dead",
        f"{REFUSED}your fish 1 is dead",
        f"{REFUSED}the target must be a position 0-3, got '9'",
        f"{REFUSED}attack needs your fish and an enemy fish, e.g. 'attack 0 2'",
        f"{REFUSED}your fish 2's skill can be used as: skill 2 ally=0 enemy=1, "
        "skill 2 ally=0 enemy=2, skill 2 ally=0 enemy=3, skill 2 ally=3 enemy=1, "
        "skill 2 ally=3 enemy=2, skill 2 ally=3 enemy=3",
        f"{REFUSED}ally must be a position 0-3, got 'x'",
        f"{REFUSED}unknown command 'dance': use a number, attack, skill, help or board",
    ]


# ---------------------------------------------------------------- the view


def test_human_shows_only_its_view() -> None:
    state = fielded()
    _, said = ask(state, "0")
    enemy_part = said[0].split("Enemy fish:")[1].split("Recent events:")[0]
    for fish in state.teams[1 - state.seat]:
        assert f"] {FISH[fish.kind].en}" not in enemy_part


def test_human_input_ending_is_a_clear_error() -> None:
    state = AquawarState(2)
    with pytest.raises(BadInput):
        ask(state, seat=0)
