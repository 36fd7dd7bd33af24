"""The Tactics scenario plug-in and its position builder: positions no game can reach are
refused with one line naming the place; the short action forms mean the same as the JSON
ones; Tactics expectations report what differs."""

from __future__ import annotations

from pathlib import Path

import pytest

from sparring.core.errors import IllegalAction
from sparring.core.scenario import load, run
from sparring.games.tactics.actions import Attack, Move, Skill
from sparring.games.tactics.position import Position, Team, UnitSetup, build
from sparring.games.tactics.scenario import AtSelf, ScenarioState, Timeout, parse_action
from tests.scenario_files import bad, failure, write

BASE = """
game = "tactics"
description = "An ASSASSIN (ATK 2) hits the enemy hero (5 -> 3)."

[position.seat0]
skill = "warrior_endure"
minions = ["ASSASSIN", "ARCHER"]

[position.seat1]
skill = "mage_wild_magic"
minions = ["ARCHER", "TANK"]

[position.units.p1_minion_1]
x = 2
y = 3

[[steps]]
do = { attack = "p1_minion_1", x = 2, y = 4 }
"""


# Seat 0's other two units have acted too, so seat 0 has no one left to act.
ALL_ACTED = "[position.units.p1_hero]\nacted = 1\n[position.units.p1_minion_2]\nacted = 1\n"


def test_the_base_scenario_passes(tmp_path: Path) -> None:
    text = BASE + "[expect.units.p2_hero]\nhp = 3\n[expect]\nto_move = [1]\n"
    assert run(load(write(tmp_path, text))) is None


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            ("x = 2\ny = 3", "x = 0\ny = 4"),
            "units.p1_minion_1: (0, 4) is already taken by p2_minion_1",
        ),
        (("x = 2\ny = 3", "x = 5\ny = 3"), "units.p1_minion_1: (5, 3) is off the board"),
        (
            ("y = 3\n", "y = 3\nbuffs = { POWR = 2 }\n"),
            "units.p1_minion_1.buffs: unknown buff 'POWR'",
        ),
        (("y = 3\n", "y = 3\nbuffs = { SLOW = 3 }\n"), "units.p1_minion_1.buffs.SLOW: rounds 1-2"),
        (
            ("y = 3\n", "y = 3\nbuffs = { FEINT = 2 }\n"),
            "buffs.FEINT: comes from duelist_feint, which this unit lacks",
        ),
        (
            ("y = 3\n", "y = 3\nbuffs = { DEATH_MARK = 2 }\n"),
            "buffs.DEATH_MARK: comes from rogue_death_mark, which the enemy hero lacks",
        ),
        (
            ("y = 3\n", "y = 3\nmarker = 'p1_hero'\n"),
            "units.p1_minion_1.marker: only the enemy hero p2_hero gives it, not p1_hero",
        ),
        (
            ("y = 3\n", "y = 3\nshield = 2\n"),
            "units.p1_minion_1.shield: only a hero with warrior_endure",
        ),
        (("y = 3\n", "y = 3\nhp = 0\n"), "a living unit has HP above 0 (or set dead = true)"),
        (
            ("y = 3\n", "y = 3\ndead = true\n"),
            "units.p1_minion_1: a dead unit takes no other values",
        ),
        (
            (
                "y = 3\n",
                "y = 3\nacted = 1\n" + ALL_ACTED,
            ),
            "position.seat: seat 0 is to act, but none of its units",
        ),
        (
            ('"ASSASSIN", "ARCHER"', '"ASSASSIN", "ASSASSIN"'),
            "position.seat0.minions: two different types",
        ),
        (
            ('"ASSASSIN", "ARCHER"', '"ASSASSIN", "ARCHR"'),
            "position.seat0.minions[1]: unknown minion 'ARCHR'",
        ),
        (
            ('skill = "warrior_endure"', 'skill = "warrior_enduring"'),
            "position.seat0.skill: unknown skill 'warrior_enduring'",
        ),
        (
            ('skill = "warrior_endure"', 'skill = "endure"\nhero = "MAGE"'),
            "seat0.hero: warrior_endure is a WARRIOR skill, not a MAGE one",
        ),
        (
            ("[position.units.p1_minion_1]", "[position.units.p1_minion_3]"),
            "position.units.p1_minion_3: expected a unit id",
        ),
        (
            ("[position.units.p1_minion_1]", "[position.units.p1_hero_clone_1]"),
            "a shadow clone needs a hero with Shadow Clone",
        ),
        (
            ("[position.units.p1_minion_1]\nx = 2\ny = 3", "[position.units.p2_hero]\ndead = true"),
            "a dead hero ends the game",
        ),
        (
            ("[position.units", "[position]\nobstacles = [{ x = 2, y = 3 }]\n\n[position.units"),
            "units.p1_minion_1: (2, 3) holds an obstacle",
        ),
        (
            (
                "[position.units",
                "[position]\nobstacles = [{ x = 1, y = 1, hp = 4 }]\n\n[position.units",
            ),
            "obstacles (1, 1): HP 1-3, got 4",
        ),
        (
            (
                "[position.units",
                '[position]\ntiles = [{ x = 1, y = 1, buff = "BLIND" }]\n\n[position.units',
            ),
            "unknown tile buff 'BLIND'",
        ),
        (
            ("[position.units", '[position]\ncurrent = "p1_hero"\n\n[position.units'),
            "current: p1_hero is not a living SPEED unit",
        ),
        (
            ("[position.units", "[position]\nround = 31\n\n[position.units"),
            "position.round: 1-30 (the round cap), got 31",
        ),
        (
            (
                "[position.units",
                '[position]\ndeaths = [{ unit = "p2_minion_1", x = 0, y = 4 }]\n\n[position.units',
            ),
            "p2_minion_1 is not a dead minion",
        ),
        (
            ("[position.units", '[position]\nactor = "p1_hero"\n\n[position.units'),
            "position.actor: only with pending deaths",
        ),
        (
            ("y = 3\n", 'y = 3\nprepared = [{ move = "p1_minion_1", x = 2, y = 2 }]\n'),
            "so a prepared action was declared this round",
        ),
        (
            ("y = 3\n", 'y = 3\nacted = 1\nprepared = [{ move = "p1_hero", x = 2, y = 1 }]\n'),
            "prepared[0]: the action names another unit",
        ),
        (
            ("y = 3\n", 'y = 3\nprepared = [{ skill = "p1_minion_1" }]\n'),
            "a prepared skill names its tile",
        ),
        (("y = 3\n", "y = 3\ncolour = 1\n"), "position.units.p1_minion_1: unknown key(s) 'colour'"),
        (
            ("[position.seat1]", "[options]\nmovement = 'teleport'\n\n[position.seat1]"),
            "options: rule options: Invalid enum value 'teleport' - at `$.movement`",
        ),
        (("x = 2, y = 4 }", "x = 2, y = 4, z = 1 }"), "steps[0].do: unknown key(s) 'z'"),
        (
            ('do = { attack = "p1_minion_1"', 'do = { charge = "p1_minion_1"'),
            "steps[0].do: give `type` (the JSON form) or exactly one of",
        ),
        (
            ('do = { attack = "p1_minion_1"', 'do = { type = "charge", unit = "p1_minion_1"'),
            "steps[0].do.type: unknown action type 'charge'",
        ),
        (
            ('do = { attack = "p1_minion_1"', 'do = { attack = "p1_asassin"'),
            "steps[0].do.attack: expected a unit id",
        ),
        (
            ('do = { attack = "p1_minion_1", x = 2, y = 4 }', "do = { timeout = 2 }"),
            "steps[0].do.timeout: expected 0 to 1, got 2",
        ),
        (
            ('do = { attack = "p1_minion_1", x = 2, y = 4 }', 'do = { death_choice = "crater" }'),
            "steps[0].do: tactics action: Invalid enum value 'crater' - at `$.spawn`",
        ),
    ],
)
def test_malformed_positions_and_actions_give_one_clear_line(
    tmp_path: Path, change: tuple[str, str], problem: str
) -> None:
    old, new = change
    assert old in BASE
    assert problem in bad(tmp_path, BASE.replace(old, new, 1))


@pytest.mark.parametrize(
    ("expect", "problem"),
    [
        (
            "[expect.units.p2_hero]\nbuffs = { SLOWW = 1 }\n",
            "expect.units.p2_hero.buffs: unknown buff 'SLOWW'",
        ),
        ("[expect.units.p2_hero]\nhp = '3'\n", "expect.units.p2_hero.hp: expected an integer"),
        (
            "[expect.units.p2_hero]\nmoves = [[1, 2, 3]]\n",
            "expect.units.p2_hero.moves[0]: expected 2 items",
        ),
        ("[expect.units.p2_hero]\nspeed = 1\n", "expect.units.p2_hero: unknown key(s) 'speed'"),
        ("[expect]\nlegal = [{ timeout = 0 }]\n", "expect.legal[0]: give `type` (the JSON form)"),
        ("[expect]\nwinner = 2\n", "expect.winner: expected one of 0, 1, 'draw', 'none'"),
        ("[expect]\nphase = 'main1'\n", "expect.phase: expected one of 'draft', 'battle', 'over'"),
        ("[expect]\nobstacles = [{ x = 1, y = 1 }]\n", "expect.obstacles[0].hp is missing"),
        ("[expect]\nto_move = [2]\n", "expect.to_move[0]: expected 0 to 1, got 2"),
    ],
)
def test_malformed_expectations_give_one_clear_line(
    tmp_path: Path, expect: str, problem: str
) -> None:
    assert problem in bad(tmp_path, BASE + expect)


def test_a_unit_expectation_reports_the_first_difference(tmp_path: Path) -> None:
    text = BASE + "[expect.units.p2_hero]\nhp = 4\n"
    assert failure(tmp_path, text).endswith("expected 4, got 3 at expect.units.p2_hero.hp")


def test_an_expectation_on_a_unit_that_does_not_exist_says_so(tmp_path: Path) -> None:
    text = BASE + "[expect.units.p1_hero_clone_1]\nalive = true\n"
    message = failure(tmp_path, text)
    assert message.endswith(
        "expected true, got no unit p1_hero_clone_1 at expect.units.p1_hero_clone_1.alive"
    )


def test_legal_expectations_list_what_is_missing_or_unexpected(tmp_path: Path) -> None:
    missing = (
        BASE + "[expect]\nlegal_includes = [{ end_turn = 'p2_hero' }, { end_turn = 'p1_hero' }]\n"
    )
    assert "expected legal: ['end_turn p1_hero']" in failure(tmp_path, missing)
    present = BASE + "[expect]\nlegal_excludes = [{ end_turn = 'p2_hero' }]\n"
    assert "expected not legal: ['end_turn p2_hero'], got legal" in failure(tmp_path, present)
    exact = BASE + "[expect]\nlegal = [{ end_turn = 'p2_hero' }]\n"
    assert "'end_turn p2_minion_1'" in failure(tmp_path, exact)


def test_short_forms_mean_the_json_forms() -> None:
    assert parse_action({"move": "p1_hero", "x": 2, "y": 1}, "do") == Move("p1_hero", 2, 1)
    json_form = {"type": "attack", "unit": "p1_hero", "x": 2, "y": 1}
    assert parse_action(json_form, "do") == Attack("p1_hero", 2, 1)
    assert parse_action({"skill": "p1_hero", "x": 1, "y": 1}, "do") == Skill("p1_hero", 1, 1)
    assert parse_action({"skill": "p1_hero", "choice": "SLOW"}, "do") == AtSelf("p1_hero", "SLOW")
    assert parse_action({"timeout": 1}, "do") == Timeout(1)


def _position() -> Position:
    teams = (
        Team("rogue_shadow_clone", ("TANK", "ARCHER")),
        Team("mage_wild_magic", ("ASSASSIN", "TANK")),
    )
    return Position(teams, units={"p1_hero_clone_2": UnitSetup(x=2, y=1)})


def test_a_built_position_keeps_the_engine_invariants() -> None:
    state = build(_position(), seed=3)
    ids = [u.id for u in state.units]
    assert ids == sorted(ids) and "p1_hero_clone_2" in ids
    assert state.clones == 2  # the next clone is p1_hero_clone_3
    assert state.opened == [True, False] and state.last_actor == 1
    assert state.rng.log == [] and not any(e[0] == "round_begin" for e in state.events)
    clone = state.unit("p1_hero_clone_2")
    assert clone is not None and (clone.hp, clone.rounds_left, clone.seat) == (1, 2, 0)


def test_a_self_aimed_skill_resolves_where_the_hero_stands_when_the_step_runs() -> None:
    state = ScenarioState(build(_position()))
    hero = state.game.unit("p1_hero")
    assert hero is not None
    hero.x, hero.y = 3, 3
    assert AtSelf("p1_hero", None).resolve(state.game) == Skill("p1_hero", 3, 3)


def test_a_time_out_is_refused_for_a_seat_that_is_not_deciding() -> None:
    state = ScenarioState(build(_position()))
    with pytest.raises(IllegalAction, match="seat 1 is not deciding now"):
        state.apply(Timeout(1))
    state.apply(Timeout(0))
    hero = state.game.unit("p1_hero")
    assert hero is not None and hero.hp == 4 and state.game.to_move() == (1,)


def test_the_documented_tactics_example_runs(tmp_path: Path) -> None:
    docs = Path(__file__).parents[2] / "docs" / "scenarios.md"
    section = docs.read_text(encoding="utf-8").split("## 5×5 Tactics")[1]
    example = section.split("### Worked example")[1].split("```toml")[1].split("```")[0]
    assert run(load(write(tmp_path, example))) is None
