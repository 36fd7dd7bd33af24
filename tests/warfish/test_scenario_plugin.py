"""The Warfish scenario plug-in (sparring.games.warfish.scenario) and its position builder
(position.py): positions from plain data, names for territories and cards, the refusal of
impossible positions and malformed files with one line naming the place, and expectations
that fail with names in the message."""

from __future__ import annotations

from pathlib import Path

import pytest

from sparring.core.errors import BadInput
from sparring.core.scenario import load, run
from sparring.games.warfish.options import WarfishOptions
from sparring.games.warfish.position import build
from sparring.games.warfish.state import ATTACK, MOVE_IN, PLACE, SETUP, TRADE
from tests.scenario_files import bad, failure, write

TRIAD = WarfishOptions(map="triad")

GOOD = """
game = "warfish"
description = "Crag (5) attacks Summit (1) with 3 dice and takes it."

[options]
map = "triad"

[position]
phase = "attack"
rest = [1, 1]
territories = { Crag = [0, 5] }

[[steps]]
do = { attack = "Crag", target = "Summit", dice = 3 }
chance = { attack_die = [5, 5, 5], defend_die = [0] }
"""


# --------------------------------------------------------------------- building positions


def test_a_position_starts_the_turn_through_the_engine() -> None:
    state = build({"rest": [1, 1], "territories": {"Crag": [0, 3], "Summit": [0, 1]}}, TRIAD)
    assert state.phase == PLACE and state.seat == 0 and state.round == 1
    assert state.to_place == 3 and state.units[state.map.territory("Crag")] == 3
    assert [e[0] for e in state.events] == ["wf_turn", "wf_income"]  # no history before
    assert state.rng.log == [] and state.territory_count == [2, 8]


def test_a_hand_with_a_set_starts_in_the_trade_phase_and_the_deck_holds_the_rest() -> None:
    data = {
        "rest": [1, 1],
        "territories": {"Dunes": [0, 1]},
        "hands": {"seat0": ["Crag", "Summit", "wild"]},
    }
    state = build(data, TRIAD)
    assert state.phase == TRADE and state.hands == [[0, 1, 10], []]
    assert state.deck == [2, 3, 4, 5, 6, 7, 8, 9, 11] and state.discard == []


def test_given_phases_take_the_turn_fields() -> None:
    data = {
        "phase": "move_in",
        "seat": 1,
        "round": 4,
        "rest": [0, 1],
        "territories": {"Crag": [1, 7], "Summit": [1, 0]},
        "move_in": {"source": "Crag", "target": "Summit", "dice": 2},
        "attacks": 3,
        "trades": 2,
    }
    state = build(data, TRIAD)
    assert (state.phase, state.seat, state.round) == (MOVE_IN, 1, 4)
    assert state.pending == (0, 1, 2, 6) and state.captured and state.attacks == 3
    assert state.next_trade_value() == 8


def test_setup_units_default_to_what_the_seat_has_still_to_place() -> None:
    data = {"phase": "setup", "rest": [1, 1], "territories": {"Crag": [0, 3], "Summit": [0, 1]}}
    state = build(data, WarfishOptions(map="triad", starting_units=10))
    assert state.phase == SETUP and state.round == 0 and state.setup_left == [6, 2]


def test_a_neutral_owner_and_an_attack_phase() -> None:
    data = {
        "phase": "attack",
        "rest": [1, 1],
        "territories": {"Crag": [0, 4], "Summit": ["neutral", 3]},
    }
    state = build(data, TRIAD)
    assert state.phase == ATTACK and state.owner[1] == -1 and state.territory_count == [1, 8]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (
            {"rest": [1, 1], "territories": {"Crgg": [0, 1]}},
            "territories.Crgg: unknown territory 'Crgg' on map 'triad'; did you mean 'Crag'?",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [0, 1], "crag": [0, 2]}},
            "territories.crag: Crag is listed twice",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [2, 1]}},
            "territories.Crag[0]: expected 0 to 1, got 2",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": ["nobody", 1]}},
            "expected a seat (0-1) or 'neutral', got 'nobody'",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [0, 0]}},
            "territories.Crag: expected at least 1 unit, got 0",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [0]}},
            "territories.Crag: expected [owner, units], got [0]",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": {"owner": 0}}},
            "territories.Crag.units is missing",
        ),
        ({"territories": {"Crag": [0, 1]}}, "'Summit' is not given (9 missing)"),
        (
            {"rest": [1, 1], "hands": {"seat0": ["Crag"], "seat1": ["crag"]}},
            "hands.seat1[0]: card Crag is also in position.hands.seat0",
        ),
        (
            {"rest": [1, 1], "hands": {"seat0": ["Crgg"]}},
            "hands.seat0[0]: unknown territory 'Crgg'",
        ),
        (
            {"rest": [1, 1], "hands": {"seat0": ["wild", "wild", "wild"]}},
            "hands.seat0[2]: there are only two wilds",
        ),
        ({"rest": [1, 1], "hands": {"seat0": [12]}}, "hands.seat0[0]: expected 0 to 11, got 12"),
        ({"rest": [1, 1], "hands": {"seat2": []}}, "position.hands: unknown key(s) 'seat2'"),
        (
            {"rest": [1, 1], "deck": [0], "discard": [1]},
            "position.discard: card Pinewood is in no hand, the deck or the discard pile "
            "(10 such cards)",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [0, 1]}, "eliminated": [0]},
            "eliminated: seat 0 is listed but holds 1 territories",
        ),
        ({"rest": [1, 1]}, "only 1 player(s) hold territories; the game would be over"),
        ({"rest": [0, 1], "seat": 2}, "position.seat: expected 0 to 1, got 2"),
        (
            {"rest": [1, 1], "phase": "draft"},
            "position.phase: expected one of start, setup, trade, place, attack, move_in, "
            "transfer, over, got 'draft'",
        ),
        ({"rest": [1, 1], "to_plac": 3}, "position: unknown key(s) 'to_plac'"),
        (
            {"rest": [1, 1], "territories": {"Crag": [0, 5]}, "phase": "attack", "to_place": 3},
            "position.to_place: given in phase 'attack'; only in trade, place, move_in",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [0, 5]}, "to_place": 3},
            "position.to_place: given in phase 'start'",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [0, 5]}, "phase": "trade"},
            "position.phase: seat 0's hand holds no set, so nothing to trade",
        ),
        (
            {
                "rest": [1, 1],
                "territories": {"Crag": [0, 5]},
                "phase": "trade",
                "forced_trade": True,
                "hands": {"seat0": [0, 1, 2]},
            },
            "position.forced_trade: a forced trade needs 5+ cards in hand",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [0, 5]}, "phase": "place", "to_place": 0},
            "position.to_place: the place phase needs at least 1 unit to place",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [0, 1]}, "phase": "attack"},
            "position.phase: seat 0 has no attack to make",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [0, 1]}, "phase": "transfer"},
            "position.phase: seat 0 has no transfer to make",
        ),
        (
            {
                "rest": [1, 1],
                "territories": {"Crag": [0, 5], "Summit": [0, 1]},
                "phase": "transfer",
                "transfers": 1,
            },
            "position.transfers: no transfer left this turn (transfers_per_turn 1)",
        ),
        (
            {
                "rest": [1, 1],
                "territories": {"Crag": [0, 2], "Summit": [0, 0]},
                "phase": "move_in",
                "move_in": {"source": "Crag", "target": "Summit", "dice": 1},
            },
            "position.move_in: only one count is possible: the engine moves it by itself",
        ),
        (
            {
                "rest": [1, 1],
                "territories": {"Crag": [0, 3], "Summit": [0, 0]},
                "phase": "move_in",
                "move_in": {"source": "Crag", "target": "Summit", "dice": 3},
            },
            "position.move_in.dice: Crag could not have rolled 3 dice",
        ),
        (
            {
                "rest": [1, 1],
                "territories": {"Crag": [0, 9], "Bog": [0, 0]},
                "phase": "move_in",
                "move_in": {"source": "Crag", "target": "Bog", "dice": 3},
            },
            "position.move_in.target: no border from Crag",
        ),
        (
            {
                "rest": [1, 1],
                "territories": {"Crag": [0, 9], "Summit": [0, 1]},
                "phase": "move_in",
                "move_in": {"source": "Crag", "target": "Summit", "dice": 3},
            },
            "territories.Summit: expected 0 (the move-in target is empty until the move-in), got 1",
        ),
        (
            {"rest": [1, 1], "territories": {"Crag": [0, 1]}, "phase": "setup", "round": 1},
            "position.round: expected 0 to 0, got 1",
        ),
        (
            {
                "rest": [1, 1],
                "territories": {"Crag": [0, 1]},
                "phase": "setup",
                "setup_left": [0, 3],
            },
            "position.seat: seat 0 has no setup unit to place (or no room)",
        ),
        (
            {"rest": [1, 1], "phase": "over", "winner": 0},
            "position.winner: seat 0 holds no territory",
        ),
        (
            {"rest": [1, 1], "phase": "over", "winner": "nobody"},
            "position.winner: expected a seat or 'draw', got 'nobody'",
        ),
    ],
)
def test_impossible_positions_are_refused_naming_the_place(data, problem) -> None:
    with pytest.raises(BadInput) as caught:
        build(data, TRIAD)
    assert problem in str(caught.value)


def refused(data: dict, options: WarfishOptions) -> str:
    with pytest.raises(BadInput) as caught:
        build(data, options)
    return str(caught.value)


def test_option_dependent_refusals() -> None:
    capped = WarfishOptions(map="triad", max_units=5)
    message = refused({"rest": [1, 1], "territories": {"Crag": [0, 6]}}, capped)
    assert "territories.Crag: 6 units, but max_units is 5" in message
    no_cards = WarfishOptions(map="triad", cards=False)
    data = {"rest": [1, 1], "hands": {"seat0": ["Crag"]}, "territories": {"Crag": [0, 1]}}
    assert "position.hands.seat0: cards are off (option cards = false)" in refused(data, no_cards)
    limited = WarfishOptions(map="triad", attacks_per_turn=2)
    data = {"rest": [1, 1], "territories": {"Crag": [0, 5]}, "phase": "attack", "attacks": 2}
    assert "position.attacks: no attack rolls left this turn" in refused(data, limited)
    message = refused({**data, "attacks": 3}, limited)
    assert "position.attacks: at most attacks_per_turn (2)" in message
    full = WarfishOptions(map="triad", max_units=1)
    message = refused({"rest": [1, 1], "territories": {"Crag": [0, 1]}}, full)
    assert "seat 0 has nothing to decide in its turn" in message


def test_an_eliminated_seat_holds_no_cards_and_cannot_act() -> None:
    three = WarfishOptions(map="triad", players=3)
    base = {"rest": [1, 1], "territories": {"Crag": [0, 1]}}
    message = refused({**base, "hands": {"seat2": ["Bog"]}}, three)
    assert "hands.seat2: seat 2 is eliminated and holds cards" in message
    message = refused({**base, "eliminated": []}, three)
    assert "seat 2 holds no territory, so it is eliminated: list it" in message
    message = refused({**base, "seat": 2}, three)
    assert "position.seat: seat 2 holds no territory, so cannot act" in message


# --------------------------------------------------------------------- files


def test_the_good_file_passes_and_names_make_the_checks(tmp_path: Path) -> None:
    text = GOOD + (
        "[expect]\nphase = 'move_in'\n"
        "move_in = { source = 'Crag', target = 'Summit', low = 3, high = 4 }\n"
        "territories = { Summit = [0, 0], crag = { units = 5 } }\n"
        "log = [{ kind = 'wf_captured', source = 'Crag', target = 'Summit', previous_owner = 1 }]\n"
    )
    assert run(load(write(tmp_path, text))) is None


def test_a_territory_mismatch_is_reported_by_name(tmp_path: Path) -> None:
    text = GOOD + "[expect]\nterritories = { Summit = [1, 0] }\n"
    assert failure(tmp_path, text).endswith(
        "expected [1, 0], got [0, 0] at expect.territories.Summit"
    )


def test_a_log_mismatch_shows_names(tmp_path: Path) -> None:
    text = GOOD + "[expect]\nlog = [{ kind = 'wf_captured', target = 'Pinewood' }]\n"
    message = failure(tmp_path, text)
    assert "target = 'Pinewood'" in message and "target = 'Summit'" in message


def test_a_legal_mismatch_lists_the_actions_by_name(tmp_path: Path) -> None:
    text = GOOD + "[expect]\nlegal = [{ move_in = 3 }]\n"
    message = failure(tmp_path, text)
    assert message.endswith(
        "expected ['move in 3'], got ['move in 3', 'move in 4'] at expect.legal"
    )


def test_a_traded_wild_is_the_wild_the_mover_holds(tmp_path: Path) -> None:
    text = """
game = "warfish"
description = "Seat 0 holds the second wild only (card 11) and trades it as 'wild'."
[options]
map = "triad"
[position]
rest = [1, 1]
territories = { Cliffs = [0, 1] }
hands = { seat0 = ["Crag", "Summit", 11] }
[[steps]]
do = { trade = ["Crag", "Summit", "wild"] }
[expect]
hands = { seat0 = [] }
events = [{ kind = "wf_trade", cards = [0, 1, 11] }]
"""
    assert run(load(write(tmp_path, text))) is None


def test_a_view_expectation_fails_with_the_seen_value(tmp_path: Path) -> None:
    text = GOOD.replace('map = "triad"', 'map = "triad"\nfog = true') + (
        "[expect.view.seat0]\nterritories = { Bog = [1, 1] }\n"
    )
    assert failure(tmp_path, text).endswith(
        "expected [1, 1], got 'hidden' at expect.view.seat0.territories.Bog"
    )


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            ("[position]\n", "[positio]\n"),
            "position is missing: give [position] with the territories",
        ),
        (
            ('map = "triad"', 'map = "triad"\nplayers = 9'),
            "options: warfish option players must be 2-4 on map 'triad'",
        ),
        (
            ("territories = { Crag = [0, 5] }", "territories = { Crg = [0, 5] }"),
            "position.territories.Crg: unknown territory 'Crg'",
        ),
        (
            ('do = { attack = "Crag"', 'do = { type = "charge", source = "Crag"'),
            "steps[0].do.type: unknown action type 'charge'",
        ),
        (
            ('do = { attack = "Crag",', 'do = { attack = "Crag", blitz = "Crag",'),
            "steps[0].do: give `type` (the JSON form) or exactly one of",
        ),
        (
            ('target = "Summit", dice = 3 }', 'target = "Sumit", dice = 3 }'),
            "steps[0].do.target: unknown territory 'Sumit' on map 'triad'; did you mean 'Summit'?",
        ),
        (("dice = 3 }", "dice = 3, count = 2 }"), "steps[0].do: unknown key(s) 'count'"),
        (("dice = 3 }", "dice = true }"), "steps[0].do.dice: expected an integer, got true"),
        (
            ('do = { attack = "Crag", target = "Summit", dice = 3 }', "do = { end_turn = 1 }"),
            "steps[0].do.end_turn: write end_turn = true",
        ),
        (
            (
                'do = { attack = "Crag", target = "Summit", dice = 3 }',
                'do = { trade = ["Crag", "Nowhere", "wild"] }',
            ),
            "steps[0].do.cards[1]: unknown territory 'Nowhere'",
        ),
        (
            (
                'do = { attack = "Crag", target = "Summit", dice = 3 }',
                'do = { trade = ["wild", "wild", "wild"] }',
            ),
            "steps[0].do.cards[2]: there are only two wilds",
        ),
        (
            ('do = { attack = "Crag",', 'do = { attack = "Crag", source = "Harbor",'),
            "steps[0].do.source: given twice (it is the value of attack)",
        ),
    ],
)
def test_malformed_files_give_one_clear_line(
    tmp_path: Path, change: tuple[str, str], problem: str
) -> None:
    old, new = change
    assert old in GOOD
    assert problem in bad(tmp_path, GOOD.replace(old, new, 1))


@pytest.mark.parametrize(
    ("expect", "problem"),
    [
        ("phse = 'attack'", "expect: unknown key(s) 'phse'"),
        (
            "phase = 'battle'",
            "expect.phase: expected one of 'setup', 'trade', 'place', 'attack', 'move_in', "
            "'transfer', 'over', got 'battle'",
        ),
        ("winner = 'nobody'", "expect.winner: expected a seat, 'draw' or 'none', got 'nobody'"),
        ("move_in = 'never'", "expect.move_in: expected 'none' or { source, target, low, high }"),
        ("territories = { Crag = 'hidden' }", "expect.territories.Crag: 'hidden' is for a view"),
        ("territories = { Crag = {} }", "expect.territories.Crag: give owner, units or both"),
        ("income = { seat3 = [3, 0] }", "expect.income: unknown key(s) 'seat3'"),
        ("hands = { seat0 = ['Atlantis'] }", "expect.hands.seat0[0]: unknown territory 'Atlantis'"),
        (
            "log = [{ kind = 'wf_attack', dise = 3 }]",
            "expect.log[0]: event 'wf_attack' has no field(s) dise",
        ),
        ("log = [{ kind = 'wf_boom' }]", "expect.log[0]: unknown event kind 'wf_boom'"),
        (
            "log = [{ kind = 'wf_placed', territory = 'Nowhere' }]",
            "expect.log[0].territory: unknown territory 'Nowhere'",
        ),
        ("log_match = 'exact'", "expect.log_match is given without log"),
        (
            "view = { spectator = { hand = [] } }",
            "expect.view.spectator.hand: a spectator has no hand",
        ),
        ("view = { seat5 = { cards = [0, 0] } }", "expect.view: unknown key(s) 'seat5'"),
        (
            "view = { seat0 = { sees = ['Crag'], colour = 1 } }",
            "expect.view.seat0: unknown key(s) 'colour'",
        ),
        (
            "view = { seat0 = { to_place = 'lots' } }",
            "expect.view.seat0.to_place: expected a count or 'hidden'",
        ),
        (
            "legal_includes = [{ move = 'Crag' }]",
            "expect.legal_includes[0]: give `type` (the JSON form) or exactly one of",
        ),
    ],
)
def test_malformed_expectations_give_one_clear_line(
    tmp_path: Path, expect: str, problem: str
) -> None:
    assert problem in bad(tmp_path, GOOD + "[expect]\n" + expect + "\n")


def test_the_documented_warfish_example_runs(tmp_path: Path) -> None:
    docs = Path(__file__).parents[2] / "docs" / "scenarios.md"
    section = docs.read_text(encoding="utf-8").split("## Warfish")[1]
    example = section.split("### Worked example")[1].split("```toml")[1].split("```")[0]
    assert run(load(write(tmp_path, example))) is None
