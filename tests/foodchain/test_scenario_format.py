"""The Food Chain scenario format (sparring.games.foodchain.scenario): malformed files are
one-line errors naming the place, cards are named (never numbered), and a differing
expectation is reported with the value the engine gave."""

from __future__ import annotations

from pathlib import Path

import pytest

from sparring.core.scenario import load, run, run_file
from tests.scenario_files import bad, failure, write

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "foodchain"

GOOD = """
game = "foodchain"
description = "A Hellbender (2/3) attacks a Cane Toad (1/3, Poisonous) and dies of it."

[position]
active = 0
phase = "combat"

[position.seat0]
hand = ["Mallard"]
field = ["Hellbender"]

[position.seat1]
hand = ["Hoatzin"]
field = ["Cane Toad"]

[[steps]]
do = { attack = "Hellbender", target = "Cane Toad" }
"""


def test_the_good_file_passes_with_its_expectations(tmp_path: Path) -> None:
    text = GOOD + (
        "[expect.seat0]\nfield = []\ncarrion = ['Hellbender']\n"
        "[expect.seat1.creature.'Cane Toad']\nhp = 1\nmax_hp = 3\nkeywords = ['Poisonous']\n"
    )
    assert run(load(write(tmp_path, text))) is None


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            ('hand = ["Mallard"]', 'hand = ["Malard"]'),
            "position.seat0.hand[0]: unknown card 'Malard'; did you mean 'Mallard'?",
        ),
        (
            ('field = ["Hellbender"]', 'field = ["Hellbender", "Mallard", "Reindeer", "Olm"]'),
            "position.seat0: the field holds 4 cards (creatures and field spell); the limit is 3",
        ),
        (
            (
                'field = ["Hellbender"]',
                'field = ["Hellbender", "Mallard", "Olm"]\nfield_spell = "Kelp Forest"',
            ),
            "position.seat0: the field holds 4 cards",
        ),
        (
            ('field = ["Cane Toad"]', 'field = [{ card = "Cane Toad", keywords = ["Sticky"] }]'),
            "position.seat1.field[0].keywords[0]: unknown keyword 'Sticky'",
        ),
        (
            ('field = ["Cane Toad"]', 'field = [{ card = "Cane Toad", colour = "red" }]'),
            "position.seat1.field[0]: unknown key(s) 'colour'",
        ),
        (
            ('field = ["Cane Toad"]', 'field = [{ card = "Cane Toad", hp = 4, max_hp = 3 }]'),
            "position.seat1.field[0].hp: 4 is above the max HP 3",
        ),
        (
            ('field = ["Cane Toad"]', 'field = [{ card = "Cane Toad", dry = true }]'),
            "position.seat1.field[0].dry: only a predator can be dry-dropped",
        ),
        (
            ('field = ["Cane Toad"]', 'field = ["Cold Snap"]'),
            "Cold Snap is a spell, not a creature",
        ),
        (('hand = ["Hoatzin"]', 'hand = ["Tadpole"]'), "Tadpole is a token"),
        (
            ("[position.seat0]", '[position.seat0]\nfield_spell = "Cold Snap"'),
            "position.seat0.field_spell: Cold Snap is not a field spell",
        ),
        (('phase = "combat"', 'phase = "end"'), "position.phase: expected one of main1"),
        (("active = 0", "active = 2"), "position.active: expected 0 to 1, got 2"),
        (
            ("[position.seat0]", "[position.seat0]\nhp = 0"),
            "position.seat0.hp: expected at least 1",
        ),
        (("[position]", "[position]\nseat = 1"), "position: unknown key(s) 'seat'"),
        (("[position]", "[options]\nturn_limit = 3\n[position]"), "options: unknown key(s)"),
        (
            ('target = "Cane Toad" }', 'target = "Cane Toad", play = "Mallard" }'),
            "steps[0].do: give exactly one action",
        ),
        (('attack = "Hellbender"', 'attack = "Hellbendr"'), "steps[0].do.attack: unknown card"),
        ((', target = "Cane Toad" }', " }"), "steps[0].do.target is missing"),
        (
            ('target = "Cane Toad" }', 'target = "Cane Toad#0" }'),
            "steps[0].do.target: write the n-th card of a name as 'Name#n'",
        ),
        (
            ('target = "Cane Toad" }', 'target = { card = "Cane Toad", seat = 3 } }'),
            "steps[0].do.target.seat: expected 0 to 1, got 3",
        ),
        (
            ('do = { attack = "Hellbender", target = "Cane Toad" }', "do = { end_phase = false }"),
            "steps[0].do.end_phase: write end_phase = true",
        ),
    ],
)
def test_malformed_files_give_one_line_naming_the_place(
    tmp_path: Path, change: tuple[str, str], problem: str
) -> None:
    old, new = change
    assert old in GOOD
    assert problem in bad(tmp_path, GOOD.replace(old, new, 1))


@pytest.mark.parametrize(
    ("expect", "problem"),
    [
        ("[expect]\nwinner = 'seat0'\n", "expect.winner: expected 0, 1, 'draw' or 'none'"),
        ("[expect]\npending = 'attack'\n", "expect.pending: expected one of 'eat'"),
        ("[expect]\nphase = 'main3'\n", "expect.phase: expected one of 'start', 'main1'"),
        ("[expect]\nphse = 'main1'\n", "expect: unknown key(s) 'phse'"),
        ("[expect.seat1]\nfeild = []\n", "expect.seat1: unknown key(s) 'feild'"),
        ("[expect.seat1]\ncarrion = ['Cane Tod']\n", "expect.seat1.carrion[0]: unknown card"),
        ("[expect.seat1]\nfield_spell = 'Mallard'\n", ""),
        ("[expect.seat1.creature.'Cane Toad']\nspeed = 3\n", "unknown key(s) 'speed'"),
        (
            "[expect.seat1.creature.'Cane Toad']\nkeywords = ['Slimy']\n",
            "expect.seat1.creature.Cane Toad.keywords[0]: unknown keyword 'Slimy'",
        ),
        ("[expect.seat1.creature.'Cane Frog']\nhp = 1\n", "unknown card 'Cane Frog'"),
    ],
)
def test_malformed_expectations_are_refused_before_running(
    tmp_path: Path, expect: str, problem: str
) -> None:
    text = GOOD + expect
    if not problem:  # a valid card that is not a field spell is just a differing value
        assert "expected 'Mallard', got 'none' at expect.seat1.field_spell" in failure(
            tmp_path, text
        )
        return
    assert problem in bad(tmp_path, text)


def test_a_failing_expectation_reports_the_differing_value(tmp_path: Path) -> None:
    text = GOOD + "[expect.seat1.creature.'Cane Toad']\nhp = 2\n"
    assert failure(tmp_path, text).endswith(
        "case.toml: expected 2, got 1 at expect.seat1.creature.Cane Toad.hp"
    )


def test_a_failing_pile_expectation_lists_both_piles(tmp_path: Path) -> None:
    text = GOOD + "[expect.seat0]\ncarrion = []\n"
    assert failure(tmp_path, text).endswith(
        "expected [], got ['Hellbender'] at expect.seat0.carrion"
    )


def test_a_creature_that_left_the_field_is_reported_as_absent(tmp_path: Path) -> None:
    text = GOOD + "[expect.seat0.creature.Hellbender]\nhp = 1\n"
    assert failure(tmp_path, text).endswith(
        "expected 1, got no Hellbender on seat 0's field at expect.seat0.creature.Hellbender.hp"
    )


def test_keywords_are_compared_in_canonical_order(tmp_path: Path) -> None:
    text = GOOD.replace(
        'field = ["Cane Toad"]',
        'field = [{ card = "Cane Toad", keywords = ["Poisonous", "Barrier"] }]',
    )
    text += "[expect.seat1.creature.'Cane Toad']\nkeywords = ['Poisonous']\nhp = 3\n"
    assert run(load(write(tmp_path, text))) is None


def test_a_step_expectation_names_the_step(tmp_path: Path) -> None:
    text = GOOD + "[steps.expect]\nwinner = 1\n"
    assert failure(tmp_path, text).endswith("expected 1, got 'none' at steps[0].expect.winner")


def test_an_illegal_step_must_be_refused_for_the_given_reason(tmp_path: Path) -> None:
    text = GOOD.replace('target = "Cane Toad" }', 'target = "rival" }\nillegal = "exhaustion"')
    text = text.replace(
        'field = ["Hellbender"]', 'field = [{ card = "Hellbender", exhausted = true }]'
    )
    assert run(load(write(tmp_path, text))) is None
    wrong = text.replace('illegal = "exhaustion"', 'illegal = "Lure"')
    assert "illegal with a reason containing 'Lure'" in failure(tmp_path, wrong)


def test_legal_lists_the_choices_by_name_in_any_order(tmp_path: Path) -> None:
    text = GOOD.replace('[[steps]]\ndo = { attack = "Hellbender", target = "Cane Toad" }\n', "")
    text += (
        "[expect]\nlegal = ['end phase', 'attack Hellbender -> Cane Toad', "
        "'attack Hellbender -> rival']\n"
    )
    assert run(load(write(tmp_path, text))) is None


def test_a_card_missing_from_the_game_fails_the_step(tmp_path: Path) -> None:
    text = GOOD.replace('target = "Cane Toad" }', 'target = "Tadpole" }')
    message = failure(tmp_path, text)
    assert "there is no card Tadpole in this game" in message
    assert message.endswith("at steps[0].do")


def test_an_ambiguous_name_asks_for_a_number(tmp_path: Path) -> None:
    text = GOOD.replace('hand = ["Hoatzin"]', 'hand = ["Hellbender"]')
    outcome = run_file(write(tmp_path, text))
    assert outcome.status == "bad"
    assert "steps[0].do.attack: 2 cards are called 'Hellbender'" in outcome.message


def test_seat_and_number_pick_one_of_several(tmp_path: Path) -> None:
    text = GOOD.replace('hand = ["Hoatzin"]', 'hand = ["Hellbender"]')
    text = text.replace('attack = "Hellbender"', 'attack = { card = "Hellbender", seat = 0 }')
    assert run(load(write(tmp_path, text))) is None
    numbered = GOOD.replace('hand = ["Mallard"]', 'hand = ["Hellbender"]')
    numbered = numbered.replace('attack = "Hellbender"', 'attack = "Hellbender#2"')
    assert run(load(write(tmp_path, numbered))) is None  # #1 is the card in hand


def test_a_position_is_required(tmp_path: Path) -> None:
    text = 'game = "foodchain"\ndescription = "x"\n[expect]\nphase = "main1"\n'
    assert "position is missing" in bad(tmp_path, text)


def test_there_are_enough_foodchain_scenarios() -> None:
    files = [p for p in SCENARIOS.rglob("*.toml") if "suspected" not in p.parts]
    assert len(files) >= 40


def test_a_log_names_cards_and_reports_differences_by_name(tmp_path: Path) -> None:
    text = GOOD + (
        "[expect]\nlog = [{ kind = 'damage', card = 'Cane Toad', amount = 2 },"
        " { kind = 'dies', card = 'Cane Toad' }]\n"
    )
    message = failure(tmp_path, text)
    assert "expected {kind = 'dies', card = 'Cane Toad'}, got no such event" in message
    assert "card = 'Hellbender', name = 'Hellbender', slain = true" in message
    assert message.endswith("at expect.log[1]")


def test_a_log_refuses_unknown_fields_and_cards(tmp_path: Path) -> None:
    text = GOOD + "[expect]\nlog = [{ kind = 'damage', card = 'Cane Tod' }]\n"
    assert "expect.log[0].card: unknown card 'Cane Tod'" in bad(tmp_path, text)
    text = GOOD + "[expect]\nlog = [{ kind = 'damage', amout = 2 }]\n"
    assert "expect.log[0]: event 'damage' has no field(s) amout" in bad(tmp_path, text)
    text = GOOD + "[expect]\nlog_match = 'exact'\n"
    assert "expect.log_match is given without log" in bad(tmp_path, text)


def test_scenario_cards_are_validated_and_cannot_shadow_the_pool(tmp_path: Path) -> None:
    card = "[[card]]\nname = 'Mallard'\ncategory = 'spell'\ndo = [{ op = 'end_turn' }]\n"
    assert "card[0].name: a card called 'Mallard' already exists" in bad(tmp_path, GOOD + card)
    broken = "[[card]]\nname = 'Odd'\ncategory = 'spell'\ndo = [{ op = 'fly' }]\n"
    assert "card[0]: card 'Odd' (cast): unknown op 'fly'" in bad(tmp_path, GOOD + broken)


def test_the_documented_foodchain_example_runs(tmp_path: Path) -> None:
    docs = Path(__file__).parent.parent.parent / "docs" / "scenarios.md"
    section = docs.read_text(encoding="utf-8").split("## Food Chain")[1]
    text = section.split("### Worked example")[1].split("```toml")[1].split("```")[0]
    assert run(load(write(tmp_path, text))) is None
