"""5×5 Tactics agents: the state rebuilt from a view, the `greedy` agent (strength, kills,
safety, drafts, death choices, determinism), the `human` agent's prompts and parsing, the
command line, and the example bot through the referee."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sparring.agents.uniform import UniformRandomAgent
from sparring.arena.process import Limits
from sparring.arena.referee import run_match
from sparring.arena.seats import BotSeat, BuiltinSeat
from sparring.cli import app
from sparring.core.errors import BadInput
from sparring.core.playout import play_match
from sparring.core.rng import Rng
from sparring.games.tactics.actions import (
    BUFF_TILE,
    OBSTACLE,
    Attack,
    Draft,
    EndTurn,
    Move,
    MoveAttack,
    MoveSkill,
    Skill,
)
from sparring.games.tactics.fromview import state_from_view
from sparring.games.tactics.greedy import GreedyAgent
from sparring.games.tactics.human import HumanAgent
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.spec import SPEC
from sparring.games.tactics.state import TacticsState
from sparring.games.tactics.views import view
from sparring.games.tactics.viewtypes import TacticsView
from tests.terminal_input import scripted

from .helpers import OFF, arrange, battle, give, rule_options, turn, unit

ROOT = Path(__file__).resolve().parents[2]
BOT = shlex.join([sys.executable, str(ROOT / "examples" / "bots" / "tactics_bot.py")])
OPTIONS = rule_options((9, 30))


def quick(examples: int) -> settings:
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def test_spec_registers_random_greedy_and_human() -> None:
    assert set(SPEC.agents) == {"random", "greedy", "human"}
    assert isinstance(SPEC.agents["greedy"](0, 1), GreedyAgent)
    assert isinstance(SPEC.agents["human"](1, 1), HumanAgent)


# ------------------------------------------------------------------ the view rebuild


@quick(40)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choices=st.integers(min_value=0, max_value=2**32 - 1),
    options=OPTIONS,
)
def test_state_rebuilt_from_a_view_offers_the_same_actions_and_plays_the_same(
    seed: int, choices: int, options: TacticsOptions
) -> None:
    """After the draft the board is public: at every decision the state rebuilt from the
    deciding seat's view (as a bot receives it, in JSON) has the same legal actions and
    seat to move, and the same action leads to the same view whenever it draws no random
    outcome."""
    state = TacticsState(seed, options)
    pick = Rng(choices)
    checked = 0
    while not state.is_terminal():
        seat = state.to_move()[0]
        legal = list(state.legal_actions(seat))
        action = legal[pick.below(len(legal), "test")]
        if state.phase == "draft":
            state.apply(action, seat)
            continue
        sent = json.loads(json.dumps(view(state, seat).to_json()))
        twin = state_from_view(msgspec.convert(sent, TacticsView), seed=7)
        assert list(twin.legal_actions(seat)) == legal
        assert twin.to_move() == state.to_move()
        draws = len(state.rng.log)
        state.apply(action, seat)
        twin.apply(action, seat)
        if len(state.rng.log) == draws:
            mine, rebuilt = view(state, seat), view(twin, seat)
            mine.log = rebuilt.log = []
            assert rebuilt == mine
        checked += 1
    assert checked > 0


def test_a_draft_view_cannot_be_rebuilt() -> None:
    state = TacticsState(3)
    with pytest.raises(ValueError, match="draft"):
        state_from_view(view(state, 0))


def test_rebuild_reads_death_mark_and_challenge_sources_and_the_shield_count() -> None:
    """Death Mark's and Challenge's source is the rival hero; an Endure shield cast this
    round has its full count of round ends."""
    state = battle(p1="warrior_endure", p2="rogue_death_mark")
    state.apply(Skill("p1_hero", 2, 0), 0)
    give(state, "p1_hero", "DEATH_MARK")
    give(state, "p1_minion_1", "CHALLENGE")
    twin = state_from_view(view(state, 1))
    assert unit(twin, "p1_hero").marker == "p2_hero"
    assert unit(twin, "p1_minion_1").challenger == "p2_hero"
    assert unit(twin, "p1_hero").shield == 3
    assert unit(twin, "p1_hero").shield_rounds == 2


# ------------------------------------------------------------------ greedy


def test_greedy_beats_random_in_at_least_90_percent_of_40_games() -> None:
    wins = 0
    for seed in range(20):
        for seat in (0, 1):
            agents: list[Any] = [None, None]
            agents[seat] = GreedyAgent(seat, seed)
            agents[1 - seat] = UniformRandomAgent(1 - seat, seed + 100)
            state = play_match(SPEC, seed, None, agents)
            wins += state.winner == seat
    assert wins >= 36


def test_greedy_matches_replay_from_their_seeds() -> None:
    def game() -> list[Any]:
        agents = [GreedyAgent(0, 5), GreedyAgent(1, 6)]
        return play_match(SPEC, 9, TacticsOptions(round_cap=6), agents).events

    assert game() == game()


def test_greedy_drafts_a_cleric_with_trinity_a_tank_and_an_archer() -> None:
    for options in (TacticsOptions(), TacticsOptions(distinct_minions=False)):
        state = TacticsState(1, options)
        choice = GreedyAgent(1, 4).act(view(state, 1), state.legal_actions(1))
        assert choice == Draft("CLERIC", "cleric_trinity", ("TANK", "ARCHER"))


def test_greedy_takes_the_winning_hero_kill_when_offered() -> None:
    """The enemy hero at 1 HP next to ours, a 1-HP assassin next to it too: any of several
    seeds, the greedy agent's action wins the game."""
    for seed in range(5):
        state = battle(p1="cleric_trinity", p2="mage_wild_magic")
        arrange(state, p2_hero=(2, 1), p2_minion_1=(1, 0))
        unit(state, "p2_hero").hp = 1
        unit(state, "p2_minion_1").hp = 1
        choice = GreedyAgent(0, seed).act(view(state, 0), state.legal_actions(0))
        state.apply(choice, 0)
        assert state.winner == 0, choice


def test_greedy_avoids_a_move_that_lets_the_enemy_kill_its_hero_when_a_safe_move_exists() -> None:
    """Our hero at 1 HP, two tiles from the enemy hero: staying, marking it or hitting it
    with a move-and-attack all let the enemy hero kill ours next; stepping aside is safe."""
    for seed in range(5):
        state = battle(p1="rogue_death_mark", p2="duelist_feint")
        arrange(
            state,
            p1_hero=(2, 1),
            p2_hero=(2, 3),
            p1_minion_1=OFF,
            p1_minion_2=OFF,
            p2_minion_1=OFF,
            p2_minion_2=OFF,
        )
        unit(state, "p1_hero").hp = 1
        legal = state.legal_actions(0)
        assert MoveAttack("p1_hero", 2, 2, 2, 3) in legal
        choice = GreedyAgent(0, seed).act(view(state, 0), legal)
        state.apply(choice, 0)
        assert state.to_move() == (1,)
        for reply in state.legal_actions(1):
            twin = state.clone()
            twin.apply(reply, 1)
            assert twin.winner != 1, (choice, reply)


def test_greedy_leaves_an_obstacle_that_blocks_a_shot_at_its_hero() -> None:
    """Our TANK dies between the enemy ARCHER and our hero: its obstacle blocks the line."""
    state = battle(p1="cleric_trinity", p2="mage_wild_magic", m2=("ARCHER", "TANK"))
    arrange(state, p1_minion_1=(2, 1), p2_minion_1=(2, 3))
    unit(state, "p1_minion_1").hp = 1
    turn(state, 1)
    state.apply(Attack("p2_minion_1", 2, 1), 1)
    assert state.to_move() == (0,)
    assert GreedyAgent(0, 3).act(view(state, 0), state.legal_actions(0)) == OBSTACLE


def test_greedy_leaves_a_buff_tile_where_an_obstacle_shields_nothing_and_it_is_as_close() -> None:
    state = battle(p1="cleric_trinity", p2="mage_wild_magic")
    arrange(state, p1_minion_1=(4, 2), p1_minion_2=(4, 1), p2_minion_1=(4, 3))
    unit(state, "p1_minion_1").hp = 1
    turn(state, 1)
    state.apply(Attack("p2_minion_1", 4, 2), 1)
    assert state.to_move() == (0,)
    assert GreedyAgent(0, 3).act(view(state, 0), state.legal_actions(0)) == BUFF_TILE


# ------------------------------------------------------------------ human


def ask_human(state: TacticsState, *lines: str, seat: int = 0) -> tuple[Any, str]:
    ask, said = scripted(*lines)
    agent = HumanAgent(seat, 0, ask=ask, say=said.append)
    choice = agent.act(view(state, seat), state.legal_actions(seat))
    return choice, "\n".join(said)


def test_human_drafts_in_one_line_or_step_by_step() -> None:
    state = TacticsState(1)
    choice, _ = ask_human(state, "cleric trinity tank archer")
    assert choice == Draft("CLERIC", "cleric_trinity", ("TANK", "ARCHER"))
    choice, shown = ask_human(state, "6", "1", "1", "2")
    assert choice == Draft("CLERIC", "cleric_trinity", ("TANK", "ASSASSIN"))
    assert "6. CLERIC — skills: Trinity, Power of Many, Ascended Form" in shown
    assert "+6 HP in all" in shown  # the skill's text from the game data


def test_human_draft_refuses_the_same_minion_twice() -> None:
    state = TacticsState(1)
    choice, shown = ask_human(state, "mage blast archer archer", "tank")
    assert choice == Draft("MAGE", "mage_elemental_blast", ("ARCHER", "TANK"))
    assert "not accepted: 'archer' is not one of the choices" in shown


def test_human_board_has_coordinates_on_both_axes_and_hp_in_the_cells() -> None:
    state = battle()
    state.obstacles[(1, 2)] = 3
    state.tiles[(3, 2)] = ["POWER", 2]
    _, shown = ask_human(state, "hero end")
    lines = shown.splitlines()
    assert lines.count("     0    1    2    3    4") == 2
    assert "  2  .    #3   .    PO2  .     2" in lines
    assert "  0  T5   .    H5   .    A3    0" in lines
    assert "  4  s2   .    h5   .    t5    4" in lines


def test_human_picks_a_unit_then_an_action_then_a_tile() -> None:
    state = battle()
    choice, shown = ask_human(state, "1", "move", "(2, 1)")
    assert choice == Move("p1_hero", 2, 1)
    assert "Which unit acts?" in shown and "Which tile does p1_hero move to?" in shown
    assert ask_human(state, "hero move 2 1")[0] == Move("p1_hero", 2, 1)
    assert ask_human(state, "p1_minion_2", "m", "4,1")[0] == Move("p1_minion_2", 4, 1)
    assert ask_human(state, "4,0 end")[0] == EndTurn("p1_minion_2")


def test_human_move_and_attack_asks_the_landing_tile_then_takes_the_only_target() -> None:
    state = battle()
    arrange(state, p2_minion_1=(1, 1))
    choice, shown = ask_human(state, "hero ma", "2,1")
    assert choice == MoveAttack("p1_hero", 2, 1, 1, 1)
    assert "Move to which tile first?" in shown


def test_human_skill_asks_the_tile_and_elemental_strikes_debuff() -> None:
    state = battle(p1="duelist_elemental_strike")
    arrange(state, p2_minion_1=(2, 1))
    choice, shown = ask_human(state, "hero skill", "2,1", "bleed")
    assert choice == Skill("p1_hero", 2, 1, "BLEED")
    assert "Which debuff does Elemental Strike give?" in shown
    assert ask_human(state, "hero strike 2,1 w")[0] == Skill("p1_hero", 2, 1, "WEAKNESS")


def test_human_self_skill_needs_no_tile() -> None:
    state = battle(p1="cleric_ascended_form")
    assert ask_human(state, "hero skill")[0] == Skill("p1_hero", 2, 0)


def test_human_move_and_skill_asks_the_landing_tile_then_the_aim() -> None:
    state = battle(p1="cleric_trinity", move_and_skill=True)
    choice, shown = ask_human(state, "hero move+skill", "3,0", "4,0")
    assert choice == MoveSkill("p1_hero", 3, 0, 4, 0)
    assert "1. 3,0 (then aim at 3,0 or 4,0)" in shown


def test_human_second_speed_action_skips_the_unit_question() -> None:
    state = battle()
    give(state, "p1_hero", "SPEED")
    state.apply(Move("p1_hero", 2, 1), 0)
    choice, shown = ask_human(state, "end")
    assert choice == EndTurn("p1_hero")
    assert "What does p1_hero do?" in shown and "Which unit acts?" not in shown


def test_human_back_and_cancel() -> None:
    state = battle()
    assert ask_human(state, "hero", "back", "m2", "end")[0] == EndTurn("p1_minion_2")
    assert ask_human(state, "hero move", "cancel", "m1 end")[0] == EndTurn("p1_minion_1")
    _, shown = ask_human(state, "back", "hero end")
    assert "nothing to undo" in shown


def test_human_refuses_bad_answers_with_the_reason_and_asks_again() -> None:
    state = battle()
    choice, shown = ask_human(
        state,
        "",
        "9",
        "5,5",
        "frobnicate",
        "hero attack",
        "move 2,3",
        "back",
        "end now",
        "end",
    )
    assert choice == EndTurn("p1_hero")
    assert "not accepted: empty answer; type ? for help" in shown
    assert "not accepted: 9 is not on the menu (1-3)" in shown
    assert "not accepted: 5,5 is off the board (x and y go from 0 to 4)" in shown
    assert "not accepted: 'frobnicate' is not one of the choices" in shown
    assert "not accepted: p1_hero cannot attack now" in shown
    assert "not accepted: 2,3 is not one of the choices here" in shown
    assert "not accepted: 'now' is more than this decision needs" in shown


def test_human_help_explains_the_step_and_the_commands() -> None:
    _, shown = ask_human(battle(), "?", "hero end")
    assert "Choose the unit that acts now" in shown
    assert "tile as x,y (column, row" in shown


def test_human_death_choice() -> None:
    state = battle(p1="cleric_trinity", p2="mage_wild_magic", m2=("ARCHER", "TANK"))
    arrange(state, p1_minion_1=(2, 1), p2_minion_1=(2, 3))
    unit(state, "p1_minion_1").hp = 1
    turn(state, 1)
    state.apply(Attack("p2_minion_1", 2, 1), 1)
    choice, shown = ask_human(state, "o")
    assert choice == OBSTACLE
    assert "p1_minion_1 died at 2,1: what does it leave there?" in shown
    assert ask_human(state, "buff tile")[0] == BUFF_TILE
    assert ask_human(state, "x", "2")[0] == BUFF_TILE


def test_human_input_ending_is_a_clear_error() -> None:
    with pytest.raises(BadInput, match="input ended"):
        ask_human(battle(), "hero")


def _decisions() -> list[TacticsState]:
    draft = TacticsState(2)
    fight = battle(p1="duelist_elemental_strike")
    arrange(fight, p2_minion_1=(2, 1))
    death = battle(m2=("ARCHER", "TANK"))
    arrange(death, p1_minion_1=(2, 1), p2_minion_1=(2, 3))
    unit(death, "p1_minion_1").hp = 1
    turn(death, 1)
    death.apply(Attack("p2_minion_1", 2, 1), 1)
    return [draft, fight, death]


@quick(100)
@given(
    which=st.integers(min_value=0, max_value=2),
    lines=st.lists(
        st.one_of(
            st.text(max_size=20),
            st.sampled_from(["1", "2", "9", "back", "cancel", "?", "board", "2,1", "0 0"]),
        ),
        max_size=8,
    ),
)
def test_human_never_crashes_on_junk(which: int, lines: list[str]) -> None:
    """Any input gives a legal action or, when it runs out, the clear end-of-input error."""
    state = _decisions()[which]
    seat = state.to_move()[0]
    try:
        choice, _ = ask_human(state, *lines, seat=seat)
    except BadInput as error:
        assert "input ended" in str(error)
    else:
        assert choice in state.legal_actions(seat)


# ------------------------------------------------------------------ command line and bots


def test_play_greedy_against_random_prints_one_json_line_with_the_winner() -> None:
    args = ["play", "tactics", "--p0", "greedy", "--p1", "random", "--seed", "3"]
    result = CliRunner().invoke(app, [*args, "--quiet", "--no-save"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0])["winner"] in (0, 1)


def test_example_bot_plays_a_refereed_match_without_verdicts() -> None:
    seats = [BotSeat(BOT, Limits(memory_mib=200)), BuiltinSeat("random", UniformRandomAgent(1, 5))]
    outcome = run_match(SPEC, seats, 4, seconds=5.0)
    assert outcome.verdicts == []
    assert outcome.state.winner in (0, 1)
    assert outcome.decisions[0] > 5
