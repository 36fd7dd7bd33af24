"""The Liar's Dice scenario plug-in: enough files covering the rules (each also runs as
its own test in tests/test_scenarios.py), and malformed files refused in one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

from sparring.core.scenario import load, run
from tests.scenario_files import bad, failure, write

FOLDER = Path(__file__).parents[1] / "scenarios" / "liarsdice"

GOOD = """
game = "liarsdice"
description = "Seat 0 bids 2 fives; seat 1 challenges: a five and a wild one make 2."

[options]
players = 2
dice = 2

[position]
hands = [[1, 3], [5, 6]]

[[steps]]
do = { type = "bid", quantity = 2, face = 5 }

[[steps]]
do = { type = "challenge" }
chance = { die = [0, 1, 2] }
"""


def test_there_are_enough_scenarios_for_every_rule() -> None:
    names = sorted(path.stem for path in FOLDER.glob("*.toml"))
    assert len(names) >= 8
    for topic in ("wild-ones", "one-short", "spot-on", "last-die", "opens", "forfeit", "converted"):
        assert any(topic in name for name in names), f"no scenario about {topic}"


def test_a_passing_scenario(tmp_path: Path) -> None:
    text = GOOD + "[expect]\ndice = [2, 1]\nopener = 1\nhands = [[1, 2], [3]]\n"
    assert run(load(write(tmp_path, text))) is None


def test_a_differing_expectation_is_reported_with_its_place(tmp_path: Path) -> None:
    text = GOOD + "[expect]\nlast_call = { count = 3 }\n"
    assert failure(tmp_path, text).endswith("expected 3, got 2 at expect.last_call.count")
    text = GOOD + "[expect]\nlegal_includes = [{ type = 'bid', quantity = 1, face = 1 }]\n"
    assert failure(tmp_path, text).endswith(
        "expected 1 one legal, got not legal at expect.legal_includes[0]"
    )


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (("[position]\nhands = [[1, 3], [5, 6]]\n", ""), "[position] is missing"),
        (("hands = [[1, 3], [5, 6]]", "hands = [[1, 3]]"), "position.hands: expected 2 items"),
        (("hands = [[1, 3], [5, 6]]", "hands = [[1, 7], [5, 6]]"), "hands[0][1]: expected 1 to 6"),
        (("hands = [[1, 3], [5, 6]]", "hands = [[1, 3, 3], [5]]"), "3 dice, but players start"),
        (("hands = [[1, 3], [5, 6]]", "hands = [[1, 3], []]"), "needs two players with dice"),
        (("[position]\n", "[position]\nopener = 2\n"), "position.opener: expected 0 to 1"),
        (("[position]\n", "[position]\nseat = 1\n"), "position: unknown key(s) 'seat'"),
        (("dice = 2", "dice = 2\nwild = false"), "options: rule options: Object contains unknown"),
        (("quantity = 2, face = 5", "quantity = 2, face = 9"), "steps[0].do: Liar's Dice action"),
        (('{ type = "challenge" }', '{ type = "doubt" }'), "Invalid value 'doubt'"),
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
        ("winner = 'nobody'", "expect.winner: expected int or 'none', got 'nobody'"),
        ("end_reason = 'rule'", "expected one of 'rules', 'forfeit', 'none', got 'rule'"),
        ("last_call = { cost = 1 }", "a call has no 'cost'"),
        ("dice = 2", "expect.dice: expected a list, got 2"),
    ],
)
def test_malformed_expectations_give_one_clear_line(
    tmp_path: Path, expect: str, problem: str
) -> None:
    assert problem in bad(tmp_path, GOOD + f"[expect]\n{expect}\n")
