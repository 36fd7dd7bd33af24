"""The rulings of 5×5 Tactics, one named test each, and the original code's bugs we do not
reproduce.

Covers companion §16 A1–A21 as docs/games/tactics.md "Rulings" gives them (A1 movement
and option movement=path; A2 line of sight and option line_of_sight; A3 MOVE_AND_ATTACK
reach and option move_attack_reach; A4 decay start and option decay_start_round; A5 death
choosers, the parity rule and option death_chooser; A6 buff-tile type; A7 time-out; A9
both heroes at the round end; A10 round opener and option round_opener; A11 distinct
minions and option distinct_minions; A12; A13; A14; A15 and option endure_rounds; A16;
A17; A18; A19; A20; A21; the round cap and option round_cap), every further decision of
its "Other decisions the companion leaves open" list, the Guardian's ties (companion
§3.1: lowest id, no chaining, a 1-HP TANK, TANK for TANK), and companion §17's CODE bugs 1–18
(test_not_bug_<n>_...). A8 (MOVE_AND_SKILL, option move_and_skill) is in test_rules.py;
more of A12 is in test_statuses.py, of A13/A14 in test_buffs.py, of A19 in test_skills.py.
"""

from __future__ import annotations

import pytest

from sparring.core.errors import BadInput, IllegalAction
from sparring.games.tactics.actions import (
    BUFF_TILE,
    OBSTACLE,
    Attack,
    DeathChoice,
    Draft,
    EndTurn,
    Move,
    MoveAttack,
    Skill,
    action_from_json,
)
from sparring.games.tactics.data import DATA
from sparring.games.tactics.legal import move_targets
from sparring.games.tactics.state import TacticsState
from sparring.games.tactics.views import view
from sparring.games.tactics.viewtypes import TileView, listed

from .helpers import (
    OFF,
    act,
    arrange,
    battle,
    events,
    finish_round,
    give,
    hp,
    legal,
    unit,
)


def targets(state: TacticsState, uid: str) -> set[tuple[int, int]]:
    return set(move_targets(state, unit(state, uid)))


# ---------------------------------------------------------------------- A1 movement


def test_a1_moves_go_in_a_straight_line_over_free_tiles() -> None:
    """A1: 1 to `move` tiles along a row or column; no L-shapes; units block."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    assert targets(state, "p1_minion_1") == {(0, 1), (0, 2), (0, 3), (1, 0)}


def test_a1_units_and_obstacles_on_the_way_block_the_line() -> None:
    """A1: every tile passed must hold no unit (friend or enemy) and no obstacle."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    state.obstacles[(0, 2)] = 3
    assert targets(state, "p1_minion_1") == {(0, 1), (1, 0)}
    del state.obstacles[(0, 2)]
    arrange(state, p2_hero=(0, 2))
    assert targets(state, "p1_minion_1") == {(0, 1), (1, 0)}


def test_a1_buff_tiles_are_passable_and_passing_over_does_nothing() -> None:
    """A1, companion §9.4 (BT7): a tile passed over neither blocks nor triggers."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    state.tiles[(0, 1)] = ["LIFE", 2]
    act(state, Move("p1_minion_1", 0, 2))
    assert hp(state, "p1_minion_1") == 2 and (0, 1) in state.tiles


def test_a1_option_path_allows_turns_with_the_same_blocking() -> None:
    """A1's option movement = "path": orthogonal steps with turns, breadth-first."""
    state = battle(m1=("ASSASSIN", "ARCHER"), movement="path")
    reach = targets(state, "p1_minion_1")
    assert {(1, 1), (2, 2), (3, 1)} <= reach and (4, 1) not in reach
    arrange(state, p1_hero=(1, 0), p2_hero=(0, 1))
    assert targets(state, "p1_minion_1") == set()


# ---------------------------------------------------------------------- A2 line of sight


def test_a2_an_obstacle_between_blocks_a_ranged_attack() -> None:
    """A2: no obstacle strictly between attacker and target; the obstacle itself is a
    target."""
    state = battle()
    state.obstacles[(4, 2)] = 3
    arrange(state, p2_minion_1=(4, 3))
    mine = legal(state, "p1_minion_2")
    assert Attack("p1_minion_2", 4, 2) in mine and Attack("p1_minion_2", 4, 3) not in mine


def test_a2_units_never_block_an_attack() -> None:
    """A2: only obstacles block; a unit between archer and target does not."""
    state = battle()
    arrange(state, p1_hero=(4, 1), p2_minion_1=(4, 2))
    assert Attack("p1_minion_2", 4, 2) in legal(state)


def test_a2_skills_ignore_line_of_sight() -> None:
    """A2: a skill's range is a distance; obstacles in between do not matter."""
    state = battle("mage_elemental_blast")
    arrange(state, p2_hero=(2, 3))
    state.obstacles[(2, 1)] = 3
    state._legal = None
    assert Skill("p1_hero", 2, 3) in legal(state)


def test_a2_option_line_of_sight_off_lets_attacks_pass_obstacles() -> None:
    """A2's option line_of_sight = false (CODE): obstacles block nothing."""
    state = battle(line_of_sight=False)
    state.obstacles[(4, 1)] = 3
    arrange(state, p2_minion_1=(4, 2))
    assert {Attack("p1_minion_2", 4, 1), Attack("p1_minion_2", 4, 2)} <= set(legal(state))


# ---------------------------------------------------------------------- A3 move-and-attack


def test_a3_move_and_attack_needs_the_target_adjacent_after_the_move_even_for_archers() -> None:
    """A3: distance 1 after the move, archers included."""
    state = battle()
    arrange(state, p2_minion_1=(4, 3))
    assert MoveAttack("p1_minion_2", 4, 1, 4, 3) not in legal(state)
    arrange(state, p2_minion_1=(4, 2))
    assert MoveAttack("p1_minion_2", 4, 1, 4, 2) in legal(state)


def test_a3_option_range_lets_an_archer_move_and_shoot_at_range() -> None:
    """A3's option move_attack_reach = "range" (CODE), line of sight as for ATTACK."""
    state = battle(move_attack_reach="range")
    arrange(state, p2_minion_1=(4, 3))
    assert MoveAttack("p1_minion_2", 4, 1, 4, 3) in legal(state)
    state.obstacles[(4, 2)] = 3
    state._legal = None
    assert MoveAttack("p1_minion_2", 4, 1, 4, 3) not in legal(state)


# ---------------------------------------------------------------------- A4 decay


def test_a4_option_decay_start_round_three() -> None:
    """A4's option decay_start_round = 3 (MASTER, CODE): no decay in rounds 1 and 2."""
    state = battle(decay_start_round=3)
    finish_round(state)
    finish_round(state)
    assert hp(state, "p1_minion_1") == 5
    finish_round(state)
    assert hp(state, "p1_minion_1") == 4


# ---------------------------------------------------------------------- A5 death choices


def test_a5_the_owner_chooses_for_a_combat_death_by_default() -> None:
    """A5: the dead minion's owner chooses, not the killer."""
    state = battle()
    arrange(state, p2_minion_1=(4, 2))
    unit(state, "p2_minion_1").hp = 1
    act(state, Attack("p1_minion_2", 4, 2))
    assert state.deaths == [("p2_minion_1", 4, 2, 1)] and state.to_move() == (1,)
    assert state.legal_actions(0) == ()


def test_a5_option_killer_lets_the_active_player_choose() -> None:
    """A5's option death_chooser = "killer" (MASTER spec)."""
    state = battle(death_chooser="killer")
    arrange(state, p2_minion_1=(4, 2))
    unit(state, "p2_minion_1").hp = 1
    act(state, Attack("p1_minion_2", 4, 2))
    assert state.deaths == [("p2_minion_1", 4, 2, 0)] and state.to_move() == (0,)
    state.apply(OBSTACLE, 0)
    assert state.obstacles == {(4, 2): 3} and state.current_player == 1


def test_a5_option_parity_round_end_deaths_leave_by_parity_with_no_choice() -> None:
    """A5's suggested rule as the option system_death_spawn = "parity" (the default asks
    the owner, rules §4.1: test_rules_text.py): an odd round's end leaves an obstacle, an
    even round's a buff tile; nobody is asked."""
    state = battle(system_death_spawn="parity")
    unit(state, "p1_minion_2").hp = 1
    since = len(state.events)
    finish_round(state)  # round 1: the archer decays to 0
    assert state.obstacles == {(4, 0): 3}
    state.rng.script("tile_buff", [1])
    finish_round(state)  # round 2: the assassin (2 HP) decays to 0
    # made at round 2's end, the tile ticks once in that same round end: it lasts round 3
    assert state.tiles == {(0, 4): ["LIFE", 1]}
    assert events(state, "death_choice", since) == []


# ---------------------------------------------------------------------- A6 buff tiles


def test_a6_a_buff_tile_draws_its_buff_at_spawn_and_shows_it_to_both() -> None:
    """A6: drawn from the six tile buffs when the tile appears; public."""
    state = battle()
    arrange(state, p2_minion_1=(4, 2))
    unit(state, "p2_minion_1").hp = 1
    act(state, Attack("p1_minion_2", 4, 2))
    state.rng.script("tile_buff", [3])
    state.apply(BUFF_TILE, 1)
    assert state.tiles == {(4, 2): ["WEAKNESS", 2]}
    for seat in (0, 1, None):
        assert view(state, seat).tiles == [TileView(x=4, y=2, buff="WEAKNESS", rounds=2)]


def test_a6_the_draw_is_over_the_six_tile_buffs_only() -> None:
    """A6 (CODE bug 8): never a status; the draw has exactly six outcomes."""
    state = battle()
    arrange(state, p2_minion_1=(4, 2))
    unit(state, "p2_minion_1").hp = 1
    act(state, Attack("p1_minion_2", 4, 2))
    state.rng.script("tile_buff", [6])
    with pytest.raises(ValueError, match=r"outside 0\.\.5"):
        state.apply(BUFF_TILE, 1)


# ---------------------------------------------------------------------- A7 time-out


def test_a7_time_out_costs_the_hero_one_hp_that_nothing_absorbs() -> None:
    """A7: −1 HP to the hero through shield, Guardian and INVULNERABLE."""
    state = battle()
    arrange(state, p1_minion_1=(1, 0))
    unit(state, "p1_hero").shield = 3
    give(state, "p1_hero", "INVULNERABLE", 1)
    state.timeout(0)
    assert hp(state, "p1_hero") == 4 and unit(state, "p1_hero").shield == 3
    assert hp(state, "p1_minion_1") == 5


def test_a7_time_out_can_kill_the_hero() -> None:
    """A7: the penalty can kill; the other seat wins."""
    state = battle()
    unit(state, "p1_hero").hp = 1
    state.timeout(0)
    assert state.is_terminal() and state.winner == 1


def test_a7_time_out_skips_the_unit_partway_through_speed() -> None:
    """A7: the SPEED unit's second action is the one skipped."""
    state = battle()
    give(state, "p1_minion_2", "SPEED")
    act(state, Move("p1_minion_2", 4, 1))
    state.timeout(0)
    assert unit(state, "p1_minion_2").acted == 2 and unit(state, "p1_hero").acted == 0
    assert state.current is None and state.current_player == 1


def test_a7_time_out_skips_the_lowest_id_unacted_unit_only() -> None:
    """A7 (CODE bug 12 avoided): one activation skipped, the others keep theirs."""
    state = battle()
    act(state, EndTurn("p1_hero"))
    act(state, EndTurn("p2_hero"))
    state.timeout(0)
    assert unit(state, "p1_minion_1").acted == 1 and unit(state, "p1_minion_2").acted == 0
    assert state.current_player == 1


def test_a7_time_out_on_a_death_choice_spawns_an_obstacle_without_penalty() -> None:
    """A7, companion §9.2: the death-choice time-out gives an obstacle, no HP loss."""
    state = battle()
    arrange(state, p2_minion_1=(4, 2))
    unit(state, "p2_minion_1").hp = 1
    act(state, Attack("p1_minion_2", 4, 2))
    state.timeout(1)
    assert state.obstacles == {(4, 2): 3} and hp(state, "p2_hero") == 5
    assert state.current_player == 1


def test_a7_a_timed_out_slow_unit_prepares_nothing() -> None:
    """docs "SLOW": a SLOW unit that is timed out prepares nothing."""
    state = battle()
    give(state, "p1_hero", "SLOW")
    state.timeout(0)
    assert unit(state, "p1_hero").prepared == [] and unit(state, "p1_hero").acted == 1


# ---------------------------------------------------------------------- A9 round-end deaths


def test_a9_both_heroes_in_one_step_the_last_actor_wins_seat_zero() -> None:
    """A9: both fall to pressure; seat 0 made the round's last activation (P2 has only its
    hero left, so P1 takes the last two activations)."""
    state = battle()
    arrange(state, p2_minion_1=OFF, p2_minion_2=OFF)
    state.round = 8
    unit(state, "p1_hero").hp = unit(state, "p2_hero").hp = 1
    finish_round(state)
    assert state.last_actor == 0 and state.winner == 0


def test_a9_heroes_falling_in_different_steps_the_first_to_fall_loses() -> None:
    """A9 "apply the steps in order": P2's hero bleeds out before pressure kills P1's, so
    seat 0 wins although seat 1 made the last activation."""
    state = battle()
    state.round = 8
    unit(state, "p1_hero").hp = unit(state, "p2_hero").hp = 1
    give(state, "p2_hero", "BLEED")
    finish_round(state)
    assert state.last_actor == 1 and state.winner == 0


# ---------------------------------------------------------------------- A10 round opener


def _openers(state: TacticsState) -> list[int]:
    return [e["seat"] for e in events(state, "round_begin")]


def test_a10_with_equal_counts_seat_zero_opens_every_round() -> None:
    """A10 (CODE): the opponent of the last actor opens; equal counts → seat 0 always."""
    state = battle()
    finish_round(state)
    finish_round(state)
    assert _openers(state) == [0, 0, 0]


def test_a10_the_opponent_of_the_last_actor_opens_the_next_round() -> None:
    """A10: P1 has 3 units against 2, so P1 acts last and P2 opens round 2."""
    state = battle()
    arrange(state, p2_minion_1=OFF)
    finish_round(state)
    assert state.last_actor == 1 - _openers(state)[1] and _openers(state) == [0, 1]


def test_a10_option_alternate_opens_by_round_parity() -> None:
    """A10's option round_opener = "alternate": seat 0 odd rounds, seat 1 even rounds."""
    state = battle(round_opener="alternate")
    finish_round(state)
    finish_round(state)
    assert _openers(state) == [0, 1, 0]


# ---------------------------------------------------------------------- A11 drafts


def test_a11_two_minions_of_one_type_are_refused() -> None:
    """A11: the rules text's "2 of 3" means two different types: 108 drafts."""
    state = TacticsState(1)
    assert len(state.legal_actions(0)) == 6 * 3 * 6
    with pytest.raises(IllegalAction, match="not a legal draft"):
        state.apply(Draft("WARRIOR", "warrior_endure", ("TANK", "TANK")), 0)


def test_a11_option_distinct_minions_off_allows_duplicates() -> None:
    """A11's option distinct_minions = false (CODE): 162 drafts, TANK + TANK included."""
    state = battle(m1=("TANK", "TANK"), distinct_minions=False)
    assert len(TacticsState(1, state.options).legal_actions(0)) == 6 * 3 * 9
    assert [unit(state, u).kind for u in ("p1_minion_1", "p1_minion_2")] == ["TANK", "TANK"]


# ---------------------------------------------------------------------- A12–A19


def test_a12_the_extra_tick_is_for_debuffs_power_of_many_still_ends() -> None:
    """A12's option extra_tick_for_acted lengthens 1-round debuffs only."""
    state = battle("cleric_power_of_many", extra_tick_for_acted=True)
    act(state, EndTurn("p1_minion_1"))
    act(state, EndTurn("p2_hero"))
    act(state, Skill("p1_hero", 2, 0))
    assert unit(state, "p1_minion_1").buffs == {"POWER_OF_MANY": 1}
    finish_round(state)
    assert unit(state, "p1_minion_1").buffs == {}


def test_a13_a_prepared_move_and_attack_whose_move_is_blocked_does_nothing() -> None:
    """A13, docs "SLOW": the move is checked again; if it fails the attack is lost too."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    arrange(state, p2_hero=(0, 3))
    give(state, "p1_minion_1", "SLOW")
    act(state, MoveAttack("p1_minion_1", 0, 2, 0, 3))
    act(state, Move("p2_minion_2", 4, 3))
    arrange(state, p2_minion_2=(0, 1))  # something now stands in the way
    finish_round(state)
    assert unit(state, "p1_minion_1").pos == (0, 0) and hp(state, "p2_hero") == 5


def test_a14_speed_and_slow_keep_their_atk_modifiers() -> None:
    """A14: the two cancel as to actions; SPEED's −1 ATK still applies."""
    state = battle()
    give(state, "p1_minion_2", "SPEED")
    give(state, "p1_minion_2", "SLOW")
    assert state.effective_atk(unit(state, "p1_minion_2")) == 0
    assert state.max_actions(unit(state, "p1_minion_2")) == 1


def test_a15_option_endure_rounds_zero_never_expires() -> None:
    """A15's option endure_rounds = 0 (CODE): the shield lasts until used up."""
    state = battle(endure_rounds=0)
    act(state, Skill("p1_hero", 2, 0))
    for _ in range(3):
        finish_round(state)
    assert unit(state, "p1_hero").shield == 3


def test_a16_hp_gains_are_never_capped() -> None:
    """A16: POWER's +1 at full HP gives 6 of 5."""
    state = battle()
    state.tiles[(2, 1)] = ["POWER", 2]
    act(state, Move("p1_hero", 2, 1))
    assert (hp(state, "p1_hero"), unit(state, "p1_hero").max_hp) == (6, 5)


def test_a17_challenge_halving_rounds_down_to_zero() -> None:
    """A17: a challenged hero (1 ATK) deals 1 // 2 = 0 to anyone but the Duelist."""
    state = battle()
    arrange(state, p2_hero=(3, 0))
    give(state, "p2_hero", "CHALLENGE")
    unit(state, "p2_hero").challenger = "p1_hero"
    act(state, Attack("p2_hero", 4, 0))
    assert hp(state, "p1_minion_2") == 3


def test_a18_a_guardian_protecting_a_marked_unit_takes_the_mark() -> None:
    """A18: the mark is the original target's: the TANK takes 1 + 2; its death pays the
    Rogue nothing (only the marked unit's death does)."""
    state = battle("rogue_death_mark", m2=("TANK", "ARCHER"))
    arrange(state, p2_hero=(2, 1), p2_minion_1=(3, 1), p1_minion_1=(1, 1))
    give(state, "p2_hero", "DEATH_MARK")
    unit(state, "p2_hero").marker = "p1_hero"
    unit(state, "p2_minion_1").hp = 3
    act(state, Attack("p1_minion_1", 2, 1))
    assert hp(state, "p2_hero") == 5 and hp(state, "p2_minion_1") == 0
    assert hp(state, "p1_hero") == 5


def test_a19_cooldown_drops_by_one_per_round_end_down_to_zero() -> None:
    """A19: 2, then 1, then 0, and no lower."""
    state = battle()
    act(state, Skill("p1_hero", 2, 0))
    seen = []
    for _ in range(3):
        finish_round(state)
        seen.append(unit(state, "p1_hero").cooldown)
    assert seen == [1, 0, 0]


# ---------------------------------------------------------------------- A20, A21, cap


def test_a20_several_deaths_are_asked_one_at_a_time_in_id_order_by_their_owner() -> None:
    """A20: Wild Magic kills both P2 minions; P2 answers for each, in id order."""
    state = battle("mage_wild_magic", "warrior_endure")
    unit(state, "p2_minion_1").hp = unit(state, "p2_minion_2").hp = 1
    state.rng.script("wild_debuff", [False, False, False])
    state.rng.script("tile_buff", [1])
    act(state, Skill("p1_hero", 2, 0))
    assert state.deaths == [("p2_minion_1", 0, 4, 1), ("p2_minion_2", 4, 4, 1)]
    state.apply(OBSTACLE, 1)
    assert state.to_move() == (1,) and state.legal_actions() == (OBSTACLE, BUFF_TILE)
    state.apply(BUFF_TILE, 1)
    assert state.obstacles == {(0, 4): 3} and state.tiles == {(4, 4): ["LIFE", 2]}
    assert state.deaths == [] and state.current_player == 1


def test_a20_with_option_killer_the_active_player_answers_each() -> None:
    """A20 with A5's option death_chooser = "killer"."""
    state = battle("mage_wild_magic", "warrior_endure", death_chooser="killer")
    unit(state, "p2_minion_1").hp = unit(state, "p2_minion_2").hp = 1
    state.rng.script("wild_debuff", [False, False, False])
    act(state, Skill("p1_hero", 2, 0))
    assert [d[3] for d in state.deaths] == [0, 0] and state.to_move() == (0,)


def test_no_death_choice_is_asked_when_the_action_ends_the_game() -> None:
    """docs "Deaths and the death choice": a hero's fall ends the game at once."""
    state = battle("mage_wild_magic", "warrior_endure")
    unit(state, "p2_hero").hp = unit(state, "p2_minion_1").hp = 1
    state.rng.script("wild_debuff", [False, False, False])
    act(state, Skill("p1_hero", 2, 0))
    assert state.is_terminal() and state.winner == 0 and state.deaths == []
    assert state.legal_actions(1) == ()


def test_a21_there_is_no_defense_stat_and_an_assassin_decays_in_two_rounds() -> None:
    """A21: damage is the ATK (a TANK takes the assassin's full 2); an ASSASSIN with no
    other damage dies at the end of round 2."""
    state = battle()
    arrange(state, p2_minion_1=(0, 1))
    act(state, EndTurn("p1_hero"))
    act(state, Attack("p2_minion_1", 0, 0))
    assert hp(state, "p1_minion_1") == 3
    finish_round(state)
    assert hp(state, "p2_minion_1") == 1
    finish_round(state)
    assert hp(state, "p2_minion_1") == 0


def test_round_cap_gives_the_game_to_the_hero_with_more_hp() -> None:
    """Ours (option round_cap): at the cap's round end, more hero HP wins."""
    state = battle(round_cap=2)
    finish_round(state)
    unit(state, "p2_hero").hp = 4
    finish_round(state)
    assert state.is_terminal() and state.winner == 0 and state.returns() == (1.0, -1.0)


def test_round_cap_with_equal_hero_hp_is_a_draw() -> None:
    """Ours: equal hero HP at the cap is a draw."""
    state = battle(round_cap=1)
    finish_round(state)
    assert state.is_terminal() and state.winner is None and state.returns() == (0.0, 0.0)


# ---------------------------------------------------------------------- other decisions


def test_seat_zero_opens_round_one_with_a_free_choice_of_unit() -> None:
    """Ours (CODE, GAME_FLOW; UNIT_TURN_DESIGN): seat 0 first; any of its units may act."""
    state = battle()
    assert state.to_move() == (0,)
    assert {a.unit for a in legal(state)} == {"p1_hero", "p1_minion_1", "p1_minion_2"}


def test_end_turn_passes_only_the_named_unit() -> None:
    """Ours (CODE bug: END_TURN without a unit forfeited the side's round)."""
    state = battle()
    act(state, EndTurn("p1_hero"))
    act(state, EndTurn("p2_hero"))
    assert {a.unit for a in legal(state)} == {"p1_minion_1", "p1_minion_2"}


def test_obstacles_are_attack_targets_and_there_is_no_destroy_obstacle_action() -> None:
    """Ours (companion §5): DESTROY_OBSTACLE was removed; ATTACK hits obstacles."""
    with pytest.raises(BadInput, match=r"Invalid value 'destroy_obstacle' - at `\$.type`"):
        action_from_json({"type": "destroy_obstacle", "unit": "p1_hero", "x": 2, "y": 1})
    state = battle()
    state.obstacles[(2, 1)] = 3
    state._legal = None
    assert Attack("p1_hero", 2, 1) in legal(state)


def test_obstacle_attacks_neither_add_nor_spend_natures_power_charges() -> None:
    """Ours: Nature's Power charges are for attacks on units; an obstacle loses the raw
    ATK (rules §8) and the charges stay."""
    state = battle("huntress_natures_power")
    state.obstacles[(2, 1)] = 3
    unit(state, "p1_hero").charges = 2
    act(state, Attack("p1_hero", 2, 1))
    assert state.obstacles == {(2, 1): 2} and unit(state, "p1_hero").charges == 2


def test_move_and_attack_needs_a_real_move_and_a_unit_target() -> None:
    """Ours: a zero-tile move is an ATTACK; obstacles are not MOVE_AND_ATTACK targets."""
    state = battle()
    arrange(state, p2_hero=(2, 1))
    state.obstacles[(3, 1)] = 3
    mine = legal(state, "p1_hero")
    assert MoveAttack("p1_hero", 2, 0, 2, 1) not in mine
    assert not any(isinstance(a, MoveAttack) and (a.tx, a.ty) == (3, 1) for a in mine)
    assert MoveAttack("p1_hero", 1, 0, 1, 1) not in mine  # nobody there


def test_the_draft_skill_is_the_players_pick() -> None:
    """Ours (CODE auto-picked the class's first skill)."""
    state = battle("cleric_ascended_form")
    assert unit(state, "p1_hero").skill == "cleric_ascended_form"


def test_a_draft_time_out_draws_a_legal_draft_at_random_and_hides_it() -> None:
    """docs "Clocks": a draft time-out draws the whole draft (label draft_fill); the
    pick stays hidden until both are in."""
    state = TacticsState(3)
    state.timeout(1)
    pick = state.drafts[1]
    assert pick in state.legal_actions(0)
    assert state.rng.log[-1][0] == "draft_fill" and state.phase == "draft"
    assert pick.hero not in str(view(state, 0).to_json()) and view(state, 1).my_draft == pick


def test_leaps_teleports_pushes_and_clones_do_not_trigger_buff_tiles() -> None:
    """Ours (CODE): only a MOVE, a MOVE_AND_ATTACK's move or a prepared move ending on a
    tile triggers it; a Heroic Leap landing does not."""
    state = battle("warrior_heroic_leap")
    state.tiles[(2, 2)] = ["LIFE", 2]
    act(state, Skill("p1_hero", 2, 2))
    assert hp(state, "p1_hero") == 5 and (2, 2) in state.tiles


def test_a_prepared_move_triggers_the_buff_tile_it_ends_on() -> None:
    """Ours (docs "Buff tiles"): a prepared move ending on a tile takes its buff."""
    state = battle()
    give(state, "p1_hero", "SLOW")
    act(state, Move("p1_hero", 2, 1))
    state.tiles[(2, 1)] = ["LIFE", 2]
    finish_round(state)
    assert hp(state, "p1_hero") == 8 and state.tiles == {}


def test_pushes_and_teleports_do_not_trigger_buff_tiles() -> None:
    """Ours (CODE): a Shockwave push and a Smoke Bomb teleport onto a tile leave it be."""
    state = battle("warrior_shockwave")
    arrange(state, p1_hero=(2, 2), p2_hero=(2, 3))
    state.tiles[(2, 4)] = ["LIFE", 2]
    act(state, Skill("p1_hero", 2, 2))
    assert unit(state, "p2_hero").pos == (2, 4) and hp(state, "p2_hero") == 4
    rogue = battle("rogue_smoke_bomb")
    rogue.tiles[(2, 3)] = ["POWER", 2]
    act(rogue, Skill("p1_hero", 2, 3))
    assert unit(rogue, "p1_hero").buffs == {} and (2, 3) in rogue.tiles


def test_challenge_does_not_halve_skill_damage() -> None:
    """Ours: Challenge concerns attacks; a challenged hero's skill deals its full damage."""
    state = battle("warrior_endure", "huntress_spirit_hawk")
    give(state, "p2_hero", "CHALLENGE")
    unit(state, "p2_hero").challenger = "p1_hero"
    arrange(state, p1_minion_2=(3, 2))
    act(state, Skill("p2_hero", 3, 2))
    assert hp(state, "p1_minion_2") == 1


def test_counters_deal_a_fixed_two_whatever_the_duelists_atk() -> None:
    """Ours: a counter is a fixed 2, not the Duelist's ATK (POWER here)."""
    state = battle("duelist_feint")
    arrange(state, p2_minion_2=(2, 1))
    give(state, "p1_hero", "FEINT")
    give(state, "p1_hero", "POWER")
    act(state, Attack("p2_minion_2", 2, 0))
    assert hp(state, "p2_minion_2") == 3


def test_a_prepared_attack_on_a_friendly_unit_misses() -> None:
    """Ours (docs "SLOW"): a friendly unit on the stored tile is a miss."""
    state = battle()
    arrange(state, p2_minion_1=(4, 2))
    give(state, "p1_minion_2", "SLOW")
    act(state, Attack("p1_minion_2", 4, 2))
    act(state, Move("p2_minion_1", 1, 2))
    arrange(state, p1_hero=(4, 2))
    finish_round(state)
    assert hp(state, "p1_hero") == 5


def test_a_prepared_attack_does_not_measure_the_range_again() -> None:
    """Ours (docs "SLOW"): the archer, pushed out of line and reach after declaring, still
    hits the unit on its stored tile."""
    state = battle("warrior_endure", "warrior_shockwave")
    arrange(state, p1_minion_2=(3, 1), p2_hero=(2, 1), p2_minion_2=(3, 4))
    give(state, "p1_minion_2", "SLOW")
    act(state, Attack("p1_minion_2", 3, 4))
    act(state, Skill("p2_hero", 2, 1))  # pushes the archer to (4, 1)
    assert unit(state, "p1_minion_2").pos == (4, 1)
    finish_round(state)  # P2's TANK decays to 4
    assert hp(state, "p2_minion_2") == 3


def test_a_slow_warp_beacon_placing_starts_the_cooldown_when_declared() -> None:
    """Ours (docs "SLOW"): a declared skill starts its cooldown, the beacon's placing use
    included; the beacon appears when the action resolves."""
    state = battle("mage_warp_beacon")
    give(state, "p1_hero", "SLOW")
    act(state, Skill("p1_hero", 1, 3))
    assert unit(state, "p1_hero").cooldown == 2 and unit(state, "p1_hero").beacon is None
    finish_round(state)
    assert unit(state, "p1_hero").cooldown == 1 and unit(state, "p1_hero").beacon == (1, 3)


def test_trinity_never_cleanses_speed() -> None:
    """Ours (CODE counted SPEED for its −1 ATK): SPEED is not a debuff; no draw is made."""
    state = battle("cleric_trinity")
    give(state, "p1_minion_1", "SPEED")
    act(state, Skill("p1_hero", 0, 0))
    assert unit(state, "p1_minion_1").buffs == {"SPEED": 2, "LIFE": 2}
    assert not any(label == "cleanse" for label, _ in state.rng.log)


def test_clones_decay_like_minions() -> None:
    """Ours (CODE): decay from round 1 kills a clone at the end of the round it appears."""
    state = battle("rogue_shadow_clone")
    act(state, Skill("p1_hero", 2, 1))
    finish_round(state)
    assert hp(state, "p1_hero_clone_1") == 0 and state.obstacles == {}


def test_an_invisible_units_position_stays_public() -> None:
    """Ours: invisibility restricts targeting only; every view shows where the unit is."""
    state = battle("rogue_smoke_bomb")
    act(state, Skill("p1_hero", 2, 3))
    rogue = next(u for u in listed(view(state, 1).units) if u.id == "p1_hero")
    assert (rogue.x, rogue.y, rogue.invisible) == (2, 3, True)


def _two_tanks() -> TacticsState:
    """P1 a Huntress with Spirit Hawk; P2's hero at (2, 3) with TANKs (duplicates allowed)."""
    state = battle("huntress_spirit_hawk", m2=("TANK", "TANK"), distinct_minions=False)
    arrange(state, p2_hero=(2, 3))
    return state


def test_guardian_the_lowest_id_tank_intercepts_when_several_qualify() -> None:
    """Companion §3.1: two TANKs next to the target: p2_minion_1 takes the hit."""
    state = _two_tanks()
    arrange(state, p2_minion_1=(3, 3), p2_minion_2=(1, 3))
    act(state, Skill("p1_hero", 2, 3))
    assert [hp(state, u) for u in ("p2_hero", "p2_minion_1", "p2_minion_2")] == [5, 3, 5]


def test_guardian_does_not_chain_and_a_one_hp_tank_still_intercepts() -> None:
    """Companion §3.1: the receiving TANK's own neighbour does not step in for it; a TANK
    at 1 HP intercepts and dies."""
    state = _two_tanks()
    arrange(state, p2_minion_1=(1, 3), p2_minion_2=(0, 3))
    unit(state, "p2_minion_1").hp = 1
    act(state, Skill("p1_hero", 2, 3))
    assert [hp(state, u) for u in ("p2_hero", "p2_minion_1", "p2_minion_2")] == [5, -1, 5]
    assert state.deaths == [("p2_minion_1", 1, 3, 1)]


def test_guardian_protects_another_tank() -> None:
    """Companion §3.1 (CODE): a TANK aimed at is covered by the TANK next to it."""
    state = _two_tanks()
    arrange(state, p2_minion_1=(1, 3), p2_minion_2=(0, 3))
    act(state, Skill("p1_hero", 1, 3))
    assert hp(state, "p2_minion_1") == 5 and hp(state, "p2_minion_2") == 3


# ---------------------------------------------------------------------- CODE bugs (§17)


def test_not_bug_1_skills_obstacle_attacks_and_slow_declarations_pass_the_turn() -> None:
    """§17 bug 1: every action uses the activation and passes the turn."""
    state = battle()
    act(state, Skill("p1_hero", 2, 0))
    assert state.current_player == 1
    state.obstacles[(0, 3)] = 3
    act(state, Attack("p2_minion_1", 0, 3))
    assert state.current_player == 0
    give(state, "p1_minion_2", "SLOW")
    act(state, Move("p1_minion_2", 4, 1))
    assert state.current_player == 1


def test_not_bug_2_a_skill_that_kills_a_hero_ends_the_game() -> None:
    """§17 bug 2: victory is checked after skills too."""
    state = battle("huntress_spirit_hawk")
    unit(state, "p2_hero").hp = 2
    act(state, Skill("p1_hero", 2, 4))
    assert state.is_terminal() and state.winner == 0


def test_not_bug_3_skill_kills_raise_a_death_choice() -> None:
    """§17 bug 3: a minion killed by a skill leaves what its owner chooses."""
    state = battle("mage_elemental_blast")
    arrange(state, p2_minion_1=(2, 3))
    state.rng.script("blast_debuff", [False])
    act(state, Skill("p1_hero", 2, 3))
    assert state.deaths == [("p2_minion_1", 2, 3, 1)]


def test_not_bug_4_skills_respect_invulnerable_mark_and_invisibility() -> None:
    """§17 bug 4: INVULNERABLE blocks and DEATH_MARK adds to skill damage; single-enemy
    skills cannot aim at an invisible unit."""
    state = battle("huntress_spirit_hawk")
    arrange(state, p2_minion_2=(3, 1))
    give(state, "p2_minion_2", "INVULNERABLE", 1)
    unit(state, "p2_hero").invisible = True
    assert Skill("p1_hero", 2, 4) not in legal(state)
    act(state, Skill("p1_hero", 3, 1))
    assert hp(state, "p2_minion_2") == 5
    marked = battle("huntress_spirit_hawk")
    give(marked, "p2_hero", "DEATH_MARK")
    act(marked, Skill("p1_hero", 2, 4))
    assert hp(marked, "p2_hero") == 5 - 4


def test_not_bug_5_the_named_unit_is_the_one_that_attacks() -> None:
    """§17 bug 5: asking the 2-ATK assassin to attack makes the assassin attack."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    arrange(state, p2_minion_2=(2, 1), p1_minion_1=(3, 1))
    act(state, Attack("p1_minion_1", 2, 1))
    assert hp(state, "p2_minion_2") == 3
    assert unit(state, "p1_minion_1").acted == 1 and unit(state, "p1_hero").acted == 0


def test_not_bug_6_a_negative_attack_never_heals() -> None:
    """§17 bug 6: WEAKNESS on a 1-ATK hero hits for 0, the target stays at 5."""
    state = battle()
    arrange(state, p2_hero=(2, 1))
    give(state, "p1_hero", "WEAKNESS")
    act(state, Attack("p1_hero", 2, 1))
    assert hp(state, "p2_hero") == 5


def test_not_bug_7_bleed_keeps_the_unit_whole() -> None:
    """§17 bug 7: BLEED only lowers HP; class, skill and shield stay."""
    state = battle()
    hero = unit(state, "p1_hero")
    hero.shield, hero.shield_rounds = 2, 2
    give(state, "p1_hero", "BLEED")
    finish_round(state)
    assert (hero.hp, hero.category, hero.kind, hero.skill, hero.shield) == (
        4,
        "hero",
        "WARRIOR",
        "warrior_endure",
        2,
    )


def test_not_bug_8_combat_death_tiles_hold_only_tile_buffs() -> None:
    """§17 bug 8: a combat death's buff tile draws from the six tile buffs."""
    state = battle()
    arrange(state, p2_minion_1=(4, 2))
    unit(state, "p2_minion_1").hp = 1
    act(state, Attack("p1_minion_2", 4, 2))
    state.rng.script("tile_buff", [5])
    state.apply(BUFF_TILE, 1)
    assert state.tiles == {(4, 2): ["SLOW", 2]}
    assert set(DATA.buffs) == {"POWER", "LIFE", "SPEED", "WEAKNESS", "BLEED", "SLOW"}


def test_not_bug_9_no_jumping_over_units_or_obstacles() -> None:
    """§17 bug 9: an assassin cannot jump over a unit or an obstacle."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    arrange(state, p2_hero=(0, 1))
    state.obstacles[(1, 0)] = 3
    assert targets(state, "p1_minion_1") == set()


def test_not_bug_10_an_archer_cannot_move_and_shoot_at_range() -> None:
    """§17 bug 10: MOVE_AND_ATTACK needs the target adjacent after the move."""
    state = battle()
    arrange(state, p2_minion_1=(4, 3))
    assert not any(isinstance(a, MoveAttack) for a in legal(state, "p1_minion_2"))


def test_not_bug_11_round_end_double_death_is_not_always_p1s() -> None:
    """§17 bug 11: with seat 1 the last actor, seat 1 wins the double death."""
    state = battle()
    state.round = 8
    unit(state, "p1_hero").hp = unit(state, "p2_hero").hp = 1
    finish_round(state)
    assert state.last_actor == 1 and state.winner == 1


def test_not_bug_12_a_time_out_forfeits_one_activation_not_the_round() -> None:
    """§17 bug 12: after the time-out the seat's other units still act this round."""
    state = battle()
    state.timeout(0)
    act(state, EndTurn("p2_hero"))
    assert {a.unit for a in legal(state)} == {"p1_minion_1", "p1_minion_2"}


def test_not_bug_13_prepared_attacks_go_through_the_whole_pipeline() -> None:
    """§17 bug 13: a prepared attack uses the current ATK (POWER: 4) and the Guardian."""
    state = battle()
    arrange(state, p2_hero=(4, 3))
    give(state, "p1_minion_2", "SLOW")
    act(state, Attack("p1_minion_2", 4, 3))
    give(state, "p1_minion_2", "POWER")
    finish_round(state)  # P2's TANK at (4, 4) decays to 4, then takes the 4
    assert hp(state, "p2_hero") == 5 and hp(state, "p2_minion_2") == 0
    assert state.deaths == [("p2_minion_2", 4, 4, 1)]


def test_not_bug_14_a_move_and_attack_ending_the_round_resolves_fully_first() -> None:
    """§17 bug 14: the last action of a round is a MOVE_AND_ATTACK onto a LIFE tile that
    kills a minion: the death choice is asked before the round end, the tile stays used."""
    state = battle()
    arrange(state, p2_minion_1=OFF, p2_minion_2=(2, 2))
    unit(state, "p2_minion_2").hp = 1
    state.tiles[(2, 1)] = ["LIFE", 2]
    for uid in ("p1_minion_1", "p2_hero", "p1_minion_2", "p2_minion_2"):
        act(state, EndTurn(uid))
    act(state, MoveAttack("p1_hero", 2, 1, 2, 2))
    assert state.round == 1 and state.deaths == [("p2_minion_2", 2, 2, 1)]
    state.apply(OBSTACLE, 1)
    assert state.round == 2 and state.obstacles == {(2, 2): 3}
    assert state.tiles == {} and hp(state, "p1_hero") == 8


def test_not_bug_15_a_shadow_clone_needs_a_free_tile_at_distance_one() -> None:
    """§17 bug 15: never on the hero's own tile, never on an occupied one."""
    state = battle("rogue_shadow_clone")
    arrange(state, p2_hero=(2, 1))
    tiles = {(a.x, a.y) for a in legal(state, "p1_hero") if isinstance(a, Skill)}
    assert tiles == {(1, 0), (3, 0)}


def test_not_bug_16_the_shield_expires_and_speed_cancels_slow() -> None:
    """§17 bug 16: Endure's shield goes after 2 round ends; SPEED + SLOW cancel."""
    state = battle()
    act(state, Skill("p1_hero", 2, 0))
    finish_round(state)
    finish_round(state)
    assert unit(state, "p1_hero").shield == 0
    give(state, "p1_minion_2", "SPEED")
    give(state, "p1_minion_2", "SLOW")
    act(state, Move("p1_minion_2", 4, 1))
    assert unit(state, "p1_minion_2").pos == (4, 1)


def test_not_bug_17_actions_carry_skill_tile_debuff_choice_spawn_and_draft_skill() -> None:
    """§17 bug 17: every field the CODE protocol could not carry is in our actions."""
    strike = {"type": "skill", "unit": "p1_hero", "x": 2, "y": 1, "choice": "SLOW"}
    assert action_from_json(strike) == Skill("p1_hero", 2, 1, "SLOW")
    assert action_from_json(strike).to_json() == strike
    assert action_from_json({"type": "death_choice", "spawn": "buff_tile"}) == DeathChoice(
        "buff_tile"
    )
    draft = {
        "type": "draft",
        "hero": "MAGE",
        "skill": "mage_warp_beacon",
        "minions": ["TANK", "ARCHER"],
    }
    assert action_from_json(draft) == Draft("MAGE", "mage_warp_beacon", ("TANK", "ARCHER"))


def test_not_bug_18_partway_through_speed_only_that_unit_may_act() -> None:
    """§17 bug 18: the seat to move and the unit that must act are always known."""
    state = battle()
    give(state, "p1_minion_1", "SPEED")
    act(state, Move("p1_minion_1", 1, 0))
    assert state.to_move() == (0,) and state.current == "p1_minion_1"
    assert {a.unit for a in legal(state)} == {"p1_minion_1"}
    assert view(state, 1).acting_unit == "p1_minion_1"
