"""Every scenario file under tests/scenarios as its own test, and tests of the scenario
runner and the `sparring scenario run` command themselves.

Files under a ``suspected/`` folder state what the rules say where we believe the engine
is wrong; they are left out of the run until the engine is fixed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sparring.cli import app
from sparring.core.errors import BadInput
from sparring.core.scenario import check_file, load, run
from tests.scenario_files import bad, failure, write

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(
    p for p in SCENARIOS.rglob("*.toml") if "suspected" not in p.relative_to(SCENARIOS).parts
)


def of_game(game: str) -> list[Path]:
    """The scenario files of `game` (by their folder under tests/scenarios, wherever the
    checkout lives)."""
    return [p for p in FILES if p.relative_to(SCENARIOS).parts[0] == game]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_scenario(path: Path) -> None:
    check_file(path)


def test_there_are_enough_aquawar_scenarios() -> None:
    assert len(of_game("aquawar")) >= 40


def test_there_are_enough_tactics_scenarios() -> None:
    assert len(of_game("tactics")) >= 50


def test_there_are_enough_warfish_scenarios() -> None:
    assert len(of_game("warfish")) >= 30


# --------------------------------------------------------------------- the runner

GOOD = """
game = "aquawar"
description = "A 50 normal attack on a Hammerhead."

[match]
phase = "action"

[seat0]
team = ["hammerhead", "seawolf", "manta", "octopus"]

[seat1]
team = ["hammerhead", "greatwhite", "octopus", "sunfish"]

[[steps]]
do = { type = "attack", actor = 0, target = 0 }
"""


def test_a_passing_scenario(tmp_path: Path) -> None:
    text = GOOD + "[expect.seat1.pos0]\nhp = 350\n[expect]\nphase = 'assert'\nseat = 1\n"
    assert run(load(write(tmp_path, text))) is None


def test_the_first_differing_expectation_is_reported(tmp_path: Path) -> None:
    text = GOOD + "[expect.seat1]\nhp = [351, 400, 400, 400]\n[expect.seat0]\nhp = [1, 1, 1, 1]\n"
    message = failure(tmp_path, text)
    assert message.endswith(
        "case.toml: expected [351, 400, 400, 400], got [350, 400, 400, 400] at expect.seat1.hp"
    )


def test_a_step_expectation_names_the_step(tmp_path: Path) -> None:
    text = GOOD + "[steps.expect]\nturn = 3\n"
    assert failure(tmp_path, text).endswith("expected 3, got 2 at steps[0].expect.turn")


def test_a_missing_event_is_reported_with_what_happened(tmp_path: Path) -> None:
    text = GOOD + "[steps.expect]\nevents = [{ kind = 'hit', seat = 1, pos = 0, value = 49 }]\n"
    message = failure(tmp_path, text)
    assert "at steps[0].expect.events[0]" in message
    assert "value = 49" in message and "value = 50" in message


def test_exact_events_report_the_first_difference(tmp_path: Path) -> None:
    text = GOOD + (
        "[steps.expect]\nevents_match = 'exact'\nevents = [\n"
        "  { kind = 'action', seat = 0, actor = 0, type = 'normalattack', "
        "targets = [[1, 0, 50]] },\n"
        "]\n"
    )
    message = failure(tmp_path, text)
    assert message.endswith(
        "expected no more events, got {kind = 'hit', seat = 1, pos = 0, "
        "value = 50, direct = true} at steps[0].expect.events[1]"
    )


def test_an_expected_refusal_that_is_legal_fails(tmp_path: Path) -> None:
    text = GOOD.replace("target = 0 }", "target = 0 }\nillegal = 'dead'")
    assert failure(tmp_path, text).endswith(
        "expected an illegal action ('dead'), got a legal action at steps[0].illegal"
    )


def test_an_unexpected_refusal_fails_with_the_reason(tmp_path: Path) -> None:
    text = GOOD.replace('phase = "action"', 'phase = "assert"')
    message = failure(tmp_path, text)
    assert "expected a legal action, got illegal: attack 0 0 is not an assertion" in message
    assert message.endswith("at steps[0].do")


def test_a_wrong_refusal_reason_fails(tmp_path: Path) -> None:
    text = GOOD.replace('phase = "action"', 'phase = "assert"').replace(
        "target = 0 }", "target = 0 }\nillegal = 'is dead'"
    )
    assert "containing 'is dead'" in failure(tmp_path, text)


def test_an_unscripted_dodge_fails(tmp_path: Path) -> None:
    text = GOOD.replace('"hammerhead", "greatwhite"', '"seawolf", "greatwhite"')
    message = failure(tmp_path, text)
    assert "at most 0 'dodge' draw(s), as scripted" in message and message.endswith("steps[0]")


def test_an_unused_scripted_outcome_fails(tmp_path: Path) -> None:
    text = GOOD + "[chance]\ndodge = [true]\n"
    assert failure(tmp_path, text).endswith(
        "expected all 1 scripted 'dodge' outcome(s) drawn, got only 0 drawn at chance.dodge"
    )


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (("[match]", "[match]\ncolour = 1"), "match: unknown key(s) 'colour'"),
        (('phase = "action"', "phase = 2"), "match.phase: expected a string, got 2"),
        (('phase = "action"', 'phase = "pick"'), "expected 'assert' or 'action'"),
        (('"octopus", "sunfish"', '"octopus", "eell"'), "unknown fish 'eell'"),
        (('"octopus", "sunfish"', '"octopus"'), "seat1.team: expected 4 items, got 3"),
        (('"octopus", "sunfish"', '"octopus", "octopus"'), "fish listed twice: octopus"),
        (
            ("target = 0 }", "target = 4 }"),
            "steps[0].do: Aquawar action: Expected `int` <= 3 - at `$.target`",
        ),
        (('type = "attack"', 'type = "charge"'), "Invalid value 'charge' - at `$.type`"),
        (("target = 0 }", "target = 0, ally = 1 }"), "unknown key(s) ally for this action"),
        (("[seat1]", "[seat1]\nshields = [0, 3, 0, 0]"), "only a Sea Turtle"),
        (("[seat1]", "[seat1]\nhp = [0, 9, 9, 9]\nalive = [true, true, true, true]"), "HP above 0"),
        (("[seat1]", "[seat1]\nhp = [400, 401, 400, 400]"), "seat1.hp[1]: expected 0 to 400"),
        (('phase = "action"', 'phase = "action"\nseat = 1'), "turn 1 belongs to seat 0"),
        (("[match]", "[match]\nround = 2"), "the wins add up to 0"),
        (('game = "aquawar"', 'game = "chess"'), "unknown game 'chess'"),
        (('description = "A 50 normal attack on a Hammerhead."', ""), "description is missing"),
        (("[seat1]", "[seat1]\nmimic = 'eel'"), "seat1.mimic: given, but the team has no Mimic"),
    ],
)
def test_malformed_files_give_one_clear_line(
    tmp_path: Path, change: tuple[str, str], problem: str
) -> None:
    old, new = change
    assert old in GOOD
    assert problem in bad(tmp_path, GOOD.replace(old, new, 1))


def test_invalid_toml_names_the_file(tmp_path: Path) -> None:
    assert "not valid TOML" in bad(tmp_path, GOOD + "[[steps]\n")


def test_unknown_expectation_and_event_field(tmp_path: Path) -> None:
    assert "expect: unknown key(s) 'phse'" in bad(tmp_path, GOOD + "[expect]\nphse = 'x'\n")
    text = GOOD + "[expect]\nevents = [{ kind = 'hit', vlaue = 3 }]\n"
    assert "event 'hit' has no field(s) vlaue" in bad(tmp_path, text)


# --------------------------------------------------------------------- the command


def invoke(*paths: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["scenario", "run", *map(str, paths)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_cli_exit_0_when_all_pass() -> None:
    code, output = invoke(SCENARIOS / "aquawar")
    assert code == 0, output
    aquawar = of_game("aquawar")
    assert output.strip().splitlines()[-1] == f"{len(aquawar)} passed, 0 failed"


def test_cli_exit_1_with_the_first_difference(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "good.toml")
    write(tmp_path, GOOD + "[expect.seat1.pos0]\nhp = 351\n", "wrong.toml")
    code, output = invoke(tmp_path)
    assert code == 1
    assert "FAIL" in output and "expected 351, got 350 at expect.seat1.pos0.hp" in output
    assert output.strip().splitlines()[-1] == "1 passed, 1 failed"


def test_cli_exit_2_for_a_bad_file_among_others(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "good.toml")
    write(tmp_path, GOOD + "nonsense = 1\n", "typo.toml")
    code, output = invoke(tmp_path)
    assert code == 2
    assert "BAD" in output and "typo.toml" in output and "'nonsense'" in output
    assert output.strip().splitlines()[-1] == "1 passed, 0 failed, 1 unreadable"


def test_cli_single_bad_file_is_an_error_line_and_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + "nonsense = 1\n", "typo.toml")
    with pytest.raises(BadInput, match=r"typo\.toml"):
        invoke(path)
    done = subprocess.run(
        [sys.executable, "-m", "sparring", "scenario", "run", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and "typo.toml" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_cli_missing_path_is_exit_2(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="no such file or folder"):
        invoke(tmp_path / "nowhere.toml")


def test_the_documented_example_runs(tmp_path: Path) -> None:
    docs = Path(__file__).parent.parent / "docs" / "scenarios.md"
    example = docs.read_text(encoding="utf-8").split("## Example")[1]
    text = example.split("```toml")[1].split("```")[0]
    check_file(write(tmp_path, text))
