"""The Food Chain human agent, driven by scripted input lines: the menu naming the cards,
typed answers, a reason for every refused answer, and `help` / `help CARD` / `cards` /
`board`. Positions use shipped cards; a card's text is checked against `card_text`, the
generator the rules text of every card comes from."""

from __future__ import annotations

from typing import Any

import pytest

from sparring.core.errors import BadInput
from sparring.games.foodchain.actions import END_PHASE, RIVAL, Attack, Eat, Play, Target
from sparring.games.foodchain.cards import load_pool
from sparring.games.foodchain.cardtext import card_text
from sparring.games.foodchain.human import HumanAgent, Table, describe_action, parse_answer
from sparring.games.foodchain.position import OnField, Side, build, uid_of
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.views import view
from tests.terminal_input import scripted

REFUSED = "not accepted: "


def text_of(name: str) -> str:
    return card_text(load_pool().card(name))


def refusals(said: list[str]) -> list[str]:
    return [line for line in said if line.startswith(REFUSED)]


def human(*lines: str) -> tuple[HumanAgent, list[str]]:
    ask, said = scripted(*lines)
    return HumanAgent(0, 0, ask=ask, say=said.append), said


def main_position() -> FoodChainState:
    return build(
        (
            Side(hand=["Cane Toad", "Goliath Frog"], field=["Hellbender", "Olm"]),
            Side(field=["Cane Toad"]),
        )
    )


def combat_position() -> FoodChainState:
    return build((Side(field=["Barn Owl"]), Side(field=["Cane Toad"])), phase="combat")


def ask_human(state: FoodChainState, *lines: str) -> tuple[Any, list[str]]:
    agent, said = human(*lines)
    return agent.act(view(state, 0), state.legal_actions()), said


def test_human_menu_names_the_cards() -> None:
    state = main_position()
    toad, frog = uid_of(state, "Cane Toad", 0), uid_of(state, "Goliath Frog")
    choice, said = ask_human(state, "0")
    assert choice == Play(toad)
    shown = "\n".join(said)
    assert "YOU: HP 10" in shown  # the rendered view comes first
    assert f"0: Play Cane Toad (#{toad})" in shown
    assert f"1: Play Goliath Frog (#{frog})" in shown
    assert "2: End main phase 1 (go to combat)" in shown

    state = combat_position()
    owl, rival_toad = uid_of(state, "Barn Owl"), uid_of(state, "Cane Toad")
    table = Table(view(state, 0))
    assert describe_action(Attack(owl, RIVAL), table) == f"Attack the rival with Barn Owl (#{owl})"
    assert (
        describe_action(Attack(owl, rival_toad), table)
        == f"Attack Cane Toad (#{rival_toad}) with Barn Owl (#{owl})"
    )


def test_human_plays_eats_and_targets_by_typed_names() -> None:
    state = main_position()
    frog = uid_of(state, "Goliath Frog")
    hellbender, olm = uid_of(state, "Hellbender"), uid_of(state, "Olm")
    choice, _ = ask_human(state, "play goliath frog")
    assert choice == Play(frog)
    state.apply(choice)
    table = Table(view(state, 0))
    assert (
        describe_action(Eat((hellbender, olm)), table)
        == f"Eat Hellbender (#{hellbender}) + Olm (#{olm})"
    )
    assert parse_answer("eat nothing", table, state.legal_actions())[0] == Eat(())
    assert parse_answer("eat olm", table, state.legal_actions())[0] == Eat((olm,))
    choice, _ = ask_human(state, "eat hellbender olm")
    assert choice == Eat((hellbender, olm))
    state.apply(choice)
    # Goliath Frog ate: deal 2 damage to an enemy creature or the rival.
    assert state.pending is not None and state.pending.kind == "target"
    rival_toad = uid_of(state, "Cane Toad", 1)
    table = Table(view(state, 0))
    assert (
        describe_action(Target(card=rival_toad), table)
        == f"Target Cane Toad (#{rival_toad}) (rival's)"
    )
    assert describe_action(Target(player=1), table) == "Target the rival"
    assert parse_answer("target toad", table, state.legal_actions())[0] == Target(card=rival_toad)
    choice, _ = ask_human(state, "target rival")
    assert choice == Target(player=1)


def test_human_attacks_and_ends_by_typed_forms() -> None:
    state = combat_position()
    owl, toad = uid_of(state, "Barn Owl"), uid_of(state, "Cane Toad")
    table = Table(view(state, 0))
    legal = state.legal_actions()
    assert parse_answer("attack owl rival", table, legal)[0] == Attack(owl, RIVAL)
    assert parse_answer("attack owl toad", table, legal)[0] == Attack(owl, toad)
    assert parse_answer("attack toad with owl", table, legal)[0] == Attack(owl, toad)
    assert parse_answer(f"attack #{owl} #{toad}", table, legal)[0] == Attack(owl, toad)
    assert parse_answer("end", table, legal)[0] == END_PHASE


def test_human_refuses_bad_answers_with_the_reason_and_asks_again() -> None:
    state = combat_position()
    choice, said = ask_human(
        state, "", "9", "dance", "play cane toad", "attack toad rival", "attack owl", "1"
    )
    assert choice == state.legal_actions()[1]
    refusals = [line for line in said if line.startswith("not accepted: ")]
    assert refusals == [
        "not accepted: type a number from the menu or a command",
        "not accepted: 9 is not on the menu (0-2)",
        "not accepted: unknown command 'dance': type a number from the menu, or play, attack, "
        "activate, end, eat, target, take, choose or order",
        "not accepted: cards are played and abilities used in a main phase; it is combat now",
        "not accepted: none of your creatures is called 'toad'",
        f"not accepted: 'attack owl' fits more than one action "
        f"(0: {describe_action(state.legal_actions()[0], Table(view(state, 0)))}; "
        f"1: {describe_action(state.legal_actions()[1], Table(view(state, 0)))}): type its number",
    ]


def test_human_is_told_why_a_card_cannot_be_played() -> None:
    # A free spell keeps Main 1 open after the turn's play.
    state = build(
        (Side(hand=["Cane Toad", "Goliath Frog", "Slick Secretion"], field=["Hellbender"]), Side())
    )
    state.apply(Play(uid_of(state, "Cane Toad")))
    assert state.phase == "main1"
    table = Table(view(state, 0))
    legal = state.legal_actions()
    assert parse_answer("play goliath", table, legal) == (
        None,
        "you already played a card this turn (one per turn, Free Play and free spells aside)",
    )
    assert parse_answer("attack hellbender rival", table, legal)[1] == (
        "attacks are declared in the combat phase (type 'end' to go there)"
    )
    assert parse_answer("play wolf", table, legal)[1] == "no card in your hand matches 'wolf'"


def test_human_input_ending_is_a_clear_error() -> None:
    agent, said = human("dance")
    with pytest.raises(BadInput, match="input ended before the game did"):
        agent.act(view(combat_position(), 0), combat_position().legal_actions())
    assert said[-1].startswith("not accepted: unknown command")


# ---------------------------------------------------------------- help, cards, board


def test_help_explains_the_phase_and_every_command_and_is_no_refusal() -> None:
    state = main_position()
    choice, said = ask_human(state, "help", "?", "0")
    assert choice == Play(uid_of(state, "Cane Toad", 0))
    assert not refusals(said)
    shown = said[2]
    assert shown.startswith("It is your main phase 1: play a card, use an ability, or 'end'")
    for command in ("play NAME", "activate NAME", "attack NAME TARGET", "eat NAME...", "order"):
        assert f"\n  {command}" in shown
    assert "up to 3 creatures" in shown  # rules §3: a predator eats up to three
    assert "A field holds up to 3 cards" in shown  # rules §1
    assert said[3] == shown

    _, said = ask_human(combat_position(), "help", "end")
    assert said[2].startswith("It is your combat: attack with a creature that can, or 'end'")


def test_help_during_a_decision_explains_the_decision() -> None:
    state = main_position()
    state.apply(Play(uid_of(state, "Goliath Frog")))
    assert state.pending is not None and state.pending.kind == "eat"
    decision = view(state, 0).decision
    assert decision and decision.prompt
    _, said = ask_human(state, "help", "eat nothing")
    assert said[2].startswith("A predator is being played: choose what it eats")
    assert f"({decision.prompt})" in said[2].splitlines()[0]


def test_help_card_shows_the_generated_rules_text_of_a_card_in_view() -> None:
    state = main_position()
    frog, toad, rival_toad = (
        uid_of(state, "Goliath Frog"),
        uid_of(state, "Cane Toad", 0),
        uid_of(state, "Cane Toad", 1),
    )
    olm = uid_of(state, "Olm")
    _, said = ask_human(state, "help goliath", f"help #{olm}", "help toad", "0")
    assert said[2] == (
        f"Goliath Frog — predator 4/5 · #{frog}, your hand\n  {text_of('Goliath Frog')}"
    )
    assert (
        said[3] == f"Olm — prey 0/3 (max 3), nutrition 1 · #{olm}, your field\n  {text_of('Olm')}"
    )
    assert said[4] == (
        f"Cane Toad — prey 1/3, nutrition 1 · #{toad}, your hand\n  {text_of('Cane Toad')}\n"
        f"  also: #{rival_toad}, the rival's field"
    )
    assert not refusals(said)


def test_help_card_finds_any_card_of_the_pool_by_name() -> None:
    _, said = ask_human(main_position(), "help barn owl", "0")
    owl = load_pool().card("Barn Owl")
    assert said[2] == f"Barn Owl — predator {owl.atk}/{owl.hp}\n  {text_of('Barn Owl')}"


def test_help_card_shows_what_a_creature_can_still_do() -> None:
    state = build((Side(field=[OnField("Olm", dry=True)]), Side()))
    olm = uid_of(state, "Olm")
    _, said = ask_human(state, "help olm", "end")
    assert said[2] == (
        f"Olm — prey 0/3 (max 3), nutrition 1 · #{olm}, your field\n"
        f"  {text_of('Olm')}\n  now: no keyword or ability left"
    )


def test_help_card_refusals_say_why() -> None:
    state = build((Side(hand=["Surinam Toad"]), Side(field=["Cane Toad"])))
    _, said = ask_human(state, "help zzz", "help toad", "end")
    assert refusals(said) == [
        f"{REFUSED}no card is called 'zzz'",
        f"{REFUSED}'toad' could be Surinam Toad, Cane Toad: say more of the name",
    ]
    _, said = ask_human(build((Side(field=["Barn Owl"]), Side())), "help toad", "end")
    toads = ("Cane Toad", "Surinam Toad", "Common Midwife Toad")
    (shown,) = refusals(said)
    assert shown.startswith(f"{REFUSED}'toad' could be ")
    assert all(name in shown for name in toads)  # none in view: the pool's toads


def test_cards_lists_every_card_in_view_zone_by_zone_with_its_text() -> None:
    state = build(
        (
            Side(hand=["Goliath Frog"], field=["Olm"], carrion=["Hellbender"]),
            Side(field=["Cane Toad"], exile=["Barn Owl"]),
        )
    )
    uid = {name: uid_of(state, name) for name in ("Goliath Frog", "Olm", "Hellbender")}
    uid["Cane Toad"], uid["Barn Owl"] = uid_of(state, "Cane Toad"), uid_of(state, "Barn Owl")
    _, said = ask_human(state, "cards", "end")
    assert said[2] == "\n".join(
        [
            "Cards in view:",
            "Your hand:",
            f"  #{uid['Goliath Frog']} Goliath Frog — predator 4/5",
            f"    {text_of('Goliath Frog')}",
            "Your field:",
            f"  #{uid['Olm']} Olm — prey 0/3 (max 3), nutrition 1",
            f"    {text_of('Olm')}",
            "Your carrion:",
            f"  #{uid['Hellbender']} Hellbender — prey",
            "    no rules text",
            "The rival's field:",
            f"  #{uid['Cane Toad']} Cane Toad — prey 1/3 (max 3), nutrition 1",
            f"    {text_of('Cane Toad')}",
            "The rival's exile:",
            f"  #{uid['Barn Owl']} Barn Owl — predator",
            f"    {text_of('Barn Owl')}",
        ]
    )


def test_board_shows_the_table_and_the_menu_again() -> None:
    _, said = ask_human(main_position(), "board", "0")
    assert said[2] == f"{said[0]}\n{said[1]}"
    assert not refusals(said)
