"""5×5 Tactics rules, one named test each: setup, actions, the Guardian, obstacles, buff
tiles, death choices, attrition, victory, the exhaustion rule, SPEED and time-outs."""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.games.tactics.actions import (
    BUFF_TILE,
    OBSTACLE,
    Attack,
    Draft,
    EndTurn,
    Move,
    MoveAttack,
)
from sparring.games.tactics.state import TacticsState


def battle(
    p1: tuple[str, str, tuple[str, str]] = ("WARRIOR", "warrior_endure", ("TANK", "ARCHER")),
    p2: tuple[str, str, tuple[str, str]] = ("MAGE", "mage_wild_magic", ("ASSASSIN", "TANK")),
    seed: int = 1,
) -> TacticsState:
    state = TacticsState(seed)
    state.apply(Draft(*p1), 0)
    state.apply(Draft(*p2), 1)
    return state


def place(state: TacticsState, uid: str, x: int, y: int) -> None:
    unit = state.unit(uid)
    assert unit is not None
    unit.x, unit.y = x, y
    state._legal = None


def test_units_start_on_their_rows_with_minion_one_on_the_left() -> None:
    state = battle()
    positions = {u.id: u.pos for u in state.units}
    assert positions == {
        "p1_hero": (2, 0),
        "p1_minion_1": (0, 0),
        "p1_minion_2": (4, 0),
        "p2_hero": (2, 4),
        "p2_minion_1": (0, 4),
        "p2_minion_2": (4, 4),
    }
    assert state.round == 1 and state.current_player == 0


def test_minion_stats_follow_the_unit_table() -> None:
    state = battle()
    tank, archer, assassin = (state.unit(u) for u in ("p1_minion_1", "p1_minion_2", "p2_minion_1"))
    assert (tank.hp, tank.atk, tank.move, tank.reach) == (5, 1, 1, 1)
    assert (archer.hp, archer.atk, archer.move, archer.reach) == (3, 1, 1, 3)
    assert (assassin.hp, assassin.atk, assassin.move, assassin.reach) == (2, 2, 4, 1)


def test_guardian_tank_takes_the_damage_aimed_at_an_adjacent_ally() -> None:
    state = battle()
    place(state, "p2_minion_1", 2, 1)  # the enemy assassin next to P1's hero
    place(state, "p1_minion_1", 1, 0)  # P1's tank adjacent to the hero at (2, 0)
    state.apply(EndTurn("p1_minion_2"), 0)
    state.apply(Attack("p2_minion_1", 2, 0), 1)
    assert state.unit("p1_hero").hp == 5
    assert state.unit("p1_minion_1").hp == 5 - 2


def test_power_crushes_an_obstacle_in_one_hit_and_forbids_move_and_attack() -> None:
    state = battle()
    state.obstacles[(2, 1)] = 3
    state.unit("p1_hero").buffs["POWER"] = 2
    state._legal = None
    assert not any(isinstance(a, MoveAttack) and a.unit == "p1_hero" for a in state.legal_actions())
    state.apply(Attack("p1_hero", 2, 1), 0)
    assert (2, 1) not in state.obstacles


def test_an_obstacle_loses_the_attackers_atk_and_blocks_the_shot_behind_it() -> None:
    state = battle()
    place(state, "p2_minion_1", 4, 3)
    state.obstacles[(4, 1)] = 3
    legal = state.legal_actions()
    assert Attack("p1_minion_2", 4, 1) in legal
    assert Attack("p1_minion_2", 4, 3) not in legal  # behind the obstacle (line of sight)
    state.apply(Attack("p1_minion_2", 4, 1), 0)
    assert state.obstacles[(4, 1)] == 2


def test_minions_decay_one_hp_at_every_round_end_from_round_one() -> None:
    state = battle()
    while state.round == 1:
        seat = state.current_player
        unit = next(u for u in state.units if u.seat == seat and state.can_act(u))
        state.apply(EndTurn(unit.id), seat)
    assert [u.hp for u in state.units if u.category == "minion"] == [4, 2, 1, 4]
    assert state.unit("p1_hero").hp == state.unit("p2_hero").hp == 5


def _end_round(state: TacticsState) -> None:
    start = state.round
    while state.round == start and not state.is_terminal():
        seat = state.current_player
        if state.deaths:
            state.apply(OBSTACLE, seat)
            continue
        unit = next(u for u in state.units if u.seat == seat and state.can_act(u))
        state.apply(EndTurn(unit.id), seat)


def test_pressure_from_round_eight_costs_heroes_one_hp_per_round() -> None:
    state = battle()
    state.round = 8
    _end_round(state)
    assert state.unit("p1_hero").hp == 4 and state.unit("p2_hero").hp == 4


def test_both_heroes_falling_in_one_round_end_step_go_to_the_last_actor() -> None:
    state = battle()
    state.round = 8
    state.unit("p1_hero").hp = 1
    state.unit("p2_hero").hp = 1
    _end_round(state)
    assert state.is_terminal()
    assert state.winner == state.last_actor


def test_a_minion_death_asks_its_owner_and_an_obstacle_appears_where_it_fell() -> None:
    state = battle()
    place(state, "p2_minion_1", 0, 1)  # assassin (2 HP) right above P1's tank
    state.unit("p2_minion_1").hp = 1
    state.apply(Attack("p1_minion_1", 0, 1), 0)
    assert state.to_move() == (1,) and state.legal_actions() == (OBSTACLE, BUFF_TILE)
    with pytest.raises(IllegalAction):
        state.apply(EndTurn("p2_hero"), 1)
    state.apply(OBSTACLE, 1)
    assert state.obstacles[(0, 1)] == 3
    assert state.current_player == 1


def test_a_buff_tile_gives_its_buff_to_the_first_unit_landing_on_it_then_vanishes() -> None:
    state = battle()
    state.tiles[(2, 1)] = ["LIFE", 2]
    state.apply(Move("p1_hero", 2, 1), 0)
    assert state.unit("p1_hero").hp == 5 + 3 and "LIFE" in state.unit("p1_hero").buffs
    assert (2, 1) not in state.tiles


def test_speed_gives_two_actions_back_to_back() -> None:
    state = battle()
    state.unit("p1_hero").buffs["SPEED"] = 2
    state._legal = None
    state.apply(Move("p1_hero", 2, 1), 0)
    assert state.current_player == 0 and state.current == "p1_hero"
    assert {a.unit for a in state.legal_actions()} == {"p1_hero"}
    state.apply(Move("p1_hero", 2, 2), 0)
    assert state.current_player == 1


def test_a_seat_out_of_units_lets_the_other_take_consecutive_activations() -> None:
    state = battle()
    for uid in ("p1_minion_1", "p1_minion_2"):
        unit = state.unit(uid)
        unit.hp = 0
        unit.x = unit.y = -1
    state._legal = None
    state.apply(EndTurn("p1_hero"), 0)
    state.apply(EndTurn("p2_hero"), 1)
    assert state.current_player == 1  # P1 has nobody left to act this round
    state.apply(EndTurn("p2_minion_1"), 1)
    assert state.current_player == 1


def test_a_time_out_costs_the_hero_one_hp_and_skips_one_activation() -> None:
    state = battle()
    state.unit("p1_hero").shield = 3
    state.timeout(0)
    assert state.unit("p1_hero").hp == 4 and state.unit("p1_hero").shield == 3
    assert state.unit("p1_hero").acted == 1  # the lowest unacted id: p1_hero
    assert state.current_player == 1


def test_the_live_status_line_shows_every_living_units_hp_per_seat() -> None:
    from sparring.games.tactics.spec import SPEC

    state = battle()
    state.unit("p2_minion_1").hp = 0
    state.unit("p2_minion_1").x = -1
    line = SPEC.display.status_line(SPEC.view(state, None))
    assert line == "round 1 · seat 0: WARRIOR 5, T 5, A 3 | seat 1: MAGE 5, T 5"
    assert SPEC.display.status_line(SPEC.view(TacticsState(1), None)) is None


def test_the_view_shows_shield_expiry_the_last_actor_and_every_pending_death_choice() -> None:
    from sparring.games.tactics.views import view
    from sparring.games.tactics.viewtypes import listed

    state = battle()
    hero = state.unit("p1_hero")
    hero.shield, hero.shield_rounds = 3, 2
    state.deaths.extend([("p2_minion_1", 0, 4, 1), ("p2_minion_2", 4, 4, 1)])
    seen = view(state, 1)
    mine = next(u for u in listed(seen.units) if u.id == "p1_hero")
    assert (mine.shield, mine.shield_rounds) == (3, 2)
    assert seen.last_actor == state.last_actor
    pending = listed(seen.death_choices)
    assert [d.unit for d in pending] == ["p2_minion_1", "p2_minion_2"]
    assert seen.death_choice == pending[0]


@pytest.mark.parametrize(
    ("status", "reason"),
    [("BLIND", "is blind: it cannot attack"), ("INVULNERABLE", "is invulnerable")],
)
def test_a_unit_that_may_not_attack_is_told_why_for_attack_and_move_and_attack(
    status: str, reason: str
) -> None:
    state = battle()
    place(state, "p2_minion_1", 2, 2)
    state.unit("p1_hero").buffs[status] = 1
    state._legal = None
    with pytest.raises(IllegalAction, match=reason):
        state.apply(Attack("p1_hero", 2, 1), 0)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(MoveAttack("p1_hero", 2, 1, 2, 2), 0)
