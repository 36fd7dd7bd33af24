"""The six tile buffs of 5×5 Tactics and how they combine.

Covers companion §10.1 (POWER, LIFE, SPEED, WEAKNESS, BLEED, SLOW: ATK modifiers, instant
HP, ongoing effects), §10.2 (stacking: same type resets to 2 and re-applies its instant HP;
different types add up; SPEED + SLOW cancel = ruling A14 and option speed_slow_cancel),
§10.3 POWER (no MOVE_AND_ATTACK with its message, obstacle crush), §10.4 SPEED (two actions
back to back, no switching, END_TURN, no third), §10.5 BLEED (before the tick, not
intercepted, id order, stacks with decay), §10.6 SLOW (ruling A13: declared, resolved at the
owner's first activation next round at the stored tile, cancelled by death, cooldown at
declaration; option slow_resolution = round_end), duration (gained in round N, active
through round N+1) and the damage floor (A17) for WEAKNESS.
"""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.games.tactics.actions import OBSTACLE, Attack, EndTurn, Move, MoveAttack, Skill

from .helpers import act, arrange, battle, events, finish_round, give, hp, legal, unit

# ---------------------------------------------------------------------- POWER


def test_power_gives_three_atk_and_one_hp() -> None:
    """§10.1/§10.3: +3 ATK and +1 HP on gain (a hero with 1 ATK hits for 4)."""
    state = battle()
    state.tiles[(2, 1)] = ["POWER", 2]
    arrange(state, p2_hero=(2, 2))
    act(state, Move("p1_hero", 2, 1))
    hero = unit(state, "p1_hero")
    assert (hero.hp, hero.buffs, state.effective_atk(hero)) == (6, {"POWER": 2}, 4)
    finish_round(state)
    act(state, Attack("p1_hero", 2, 2))
    assert hp(state, "p2_hero") == 1


def test_power_forbids_move_and_attack_with_its_message() -> None:
    """§10.3: "cannot attack after moving with Power buff"."""
    state = battle()
    arrange(state, p2_hero=(2, 2))
    assert MoveAttack("p1_hero", 2, 1, 2, 2) in legal(state)
    give(state, "p1_hero", "POWER")
    assert not any(isinstance(a, MoveAttack) for a in legal(state, "p1_hero"))
    with pytest.raises(IllegalAction, match="cannot attack after moving with Power buff"):
        act(state, MoveAttack("p1_hero", 2, 1, 2, 2))


def test_power_crushes_an_obstacle_whatever_the_net_atk() -> None:
    """§10.3, rules §4.3: POWER destroys an obstacle in one hit (here with WEAKNESS too)."""
    state = battle()
    state.obstacles[(2, 1)] = 3
    give(state, "p1_hero", "POWER")
    give(state, "p1_hero", "WEAKNESS")
    since = len(state.events)
    act(state, Attack("p1_hero", 2, 1))
    assert state.obstacles == {}
    assert events(state, "obstacle", since) == [{"kind": "obstacle", "x": 2, "y": 1, "hp": 0}]


def test_power_picked_up_by_a_move_and_attack_counts_for_its_attack() -> None:
    """Companion §6.3 (BT8): the landing tile triggers before the attack."""
    state = battle()
    state.tiles[(2, 1)] = ["POWER", 2]
    arrange(state, p2_hero=(2, 2))
    act(state, MoveAttack("p1_hero", 2, 1, 2, 2))
    assert hp(state, "p2_hero") == 5 - 4 and hp(state, "p1_hero") == 6


# ---------------------------------------------------------------------- LIFE


def test_life_gives_three_hp_even_above_max_hp() -> None:
    """§10.1, A16: +3 HP at once, uncapped; max HP stays for display."""
    state = battle()
    state.tiles[(2, 1)] = ["LIFE", 2]
    act(state, Move("p1_hero", 2, 1))
    hero = unit(state, "p1_hero")
    assert (hero.hp, hero.max_hp, hero.buffs) == (8, 5, {"LIFE": 2})


# ---------------------------------------------------------------------- SPEED


def test_speed_costs_one_atk() -> None:
    """§10.1: SPEED is −1 ATK (an ASSASSIN hits for 1, a hero for 0)."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    arrange(state, p2_hero=(0, 1))
    give(state, "p1_minion_1", "SPEED")
    give(state, "p1_hero", "SPEED")
    assert state.effective_atk(unit(state, "p1_hero")) == 0
    act(state, Attack("p1_minion_1", 0, 1))
    assert hp(state, "p2_hero") == 4


def test_speed_gives_no_switching_between_its_two_actions() -> None:
    """§10.4: no other unit of the seat may act in between."""
    state = battle()
    give(state, "p1_hero", "SPEED")
    act(state, Move("p1_hero", 2, 1))
    assert {a.unit for a in legal(state)} == {"p1_hero"}
    with pytest.raises(IllegalAction, match="taking its second \\(SPEED\\) action"):
        state.apply(Move("p1_minion_1", 1, 0), 0)


def test_speed_end_turn_gives_up_the_second_action() -> None:
    """§10.4: END_TURN ends the SPEED unit's activation at once."""
    state = battle()
    give(state, "p1_hero", "SPEED")
    act(state, Move("p1_hero", 2, 1))
    act(state, EndTurn("p1_hero"))
    assert state.current_player == 1 and unit(state, "p1_hero").acted == 2


def test_speed_refuses_a_third_action() -> None:
    """§10.4: two actions, never three."""
    state = battle()
    give(state, "p1_hero", "SPEED")
    act(state, Move("p1_hero", 2, 1))
    act(state, Move("p1_hero", 2, 2))
    act(state, EndTurn("p2_hero"))
    assert state.current_player == 0
    assert "p1_hero" not in {a.unit for a in legal(state)}
    with pytest.raises(IllegalAction, match="already acted this round"):
        state.apply(Move("p1_hero", 2, 3), 0)


def test_speed_allows_a_move_and_attack_then_a_move() -> None:
    """§10.4: any two actions; MOVE_AND_ATTACK counts as one."""
    state = battle()
    give(state, "p1_hero", "SPEED")
    arrange(state, p2_minion_2=(3, 1))
    unit(state, "p2_minion_2").hp = 10
    act(state, MoveAttack("p1_hero", 2, 1, 3, 1))
    assert state.current == "p1_hero"
    act(state, Move("p1_hero", 2, 2))
    assert unit(state, "p1_hero").pos == (2, 2) and state.current_player == 1
    assert hp(state, "p2_minion_2") == 10  # SPEED's −1: the hero hit for 0


def test_speed_continues_after_a_death_choice_in_between() -> None:
    """docs "SPEED": a death choice raised by the first action is answered first (by the
    dead minion's owner), then the SPEED unit takes its second action."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    arrange(state, p2_minion_1=(0, 1))
    unit(state, "p2_minion_1").hp = 1
    give(state, "p1_minion_1", "SPEED")
    act(state, Attack("p1_minion_1", 0, 1))
    assert state.to_move() == (1,)
    state.apply(OBSTACLE, 1)
    assert state.to_move() == (0,) and state.current == "p1_minion_1"
    act(state, Move("p1_minion_1", 1, 0))
    assert state.current_player == 1


def test_speed_gained_on_the_first_action_gives_the_second_at_once() -> None:
    """docs "SPEED": actions per round are read when the unit is about to act."""
    state = battle()
    state.tiles[(2, 1)] = ["SPEED", 2]
    act(state, Move("p1_hero", 2, 1))
    assert state.current == "p1_hero" and state.current_player == 0


def test_speed_gained_in_round_one_lasts_through_round_two_only() -> None:
    """§10.1 duration: gained in round N, two actions in N and N+1, one in N+2."""
    state = battle()
    state.tiles[(2, 1)] = ["SPEED", 2]
    act(state, Move("p1_hero", 2, 1))
    finish_round(state)
    act(state, Move("p1_hero", 2, 2))
    assert state.current == "p1_hero"
    finish_round(state)
    assert "SPEED" not in unit(state, "p1_hero").buffs
    act(state, Move("p1_hero", 2, 1))
    assert state.current is None and state.current_player == 1


# ---------------------------------------------------------------------- WEAKNESS


def test_weakness_costs_two_atk_and_one_hp() -> None:
    """§10.1: −2 ATK and −1 HP at once; effective ATK is floored at 0 (A17)."""
    state = battle()
    state.tiles[(2, 1)] = ["WEAKNESS", 2]
    act(state, Move("p1_hero", 2, 1))
    hero = unit(state, "p1_hero")
    assert (hero.hp, state.effective_atk(hero)) == (4, 0)


def test_weakness_hp_loss_can_kill_a_minion_which_asks_its_owner() -> None:
    """§10.1: the −1 HP can kill; the death is one of the action's (a death choice)."""
    state = battle()
    state.tiles[(4, 1)] = ["WEAKNESS", 2]
    unit(state, "p1_minion_2").hp = 1
    act(state, Move("p1_minion_2", 4, 1))
    assert state.deaths == [("p1_minion_2", 4, 1, 0)] and state.to_move() == (0,)


def test_weakness_hp_loss_can_kill_a_hero_and_end_the_game() -> None:
    """§10.1, rules §5: a hero at 1 HP stepping on WEAKNESS dies; the rival wins."""
    state = battle()
    state.tiles[(2, 1)] = ["WEAKNESS", 2]
    unit(state, "p1_hero").hp = 1
    act(state, Move("p1_hero", 2, 1))
    assert state.is_terminal() and state.winner == 1


def test_weakness_hp_loss_is_not_taken_by_the_guardian() -> None:
    """Companion §3.1: the Guardian never intercepts WEAKNESS's instant −1 HP."""
    state = battle()
    state.tiles[(2, 1)] = ["WEAKNESS", 2]
    arrange(state, p1_minion_1=(1, 1))
    act(state, Move("p1_hero", 2, 1))
    assert hp(state, "p1_hero") == 4 and hp(state, "p1_minion_1") == 5


def test_a_weakened_attack_deals_zero_and_never_heals() -> None:
    """§10.1, A17 (CODE bug 6): 1 − 2 is floored at 0; the target keeps its HP."""
    state = battle()
    arrange(state, p2_hero=(2, 1))
    give(state, "p1_hero", "WEAKNESS")
    since = len(state.events)
    act(state, Attack("p1_hero", 2, 1))
    assert hp(state, "p2_hero") == 5
    assert [e["amount"] for e in events(state, "hurt", since)] == [0]


# ---------------------------------------------------------------------- BLEED


def test_bleed_costs_one_hp_at_each_of_two_round_ends() -> None:
    """§10.5: 1 HP per round end, before the duration ticks; lasts 2 round ends."""
    state = battle()
    give(state, "p1_hero", "BLEED")
    finish_round(state)
    assert (hp(state, "p1_hero"), unit(state, "p1_hero").buffs) == (4, {"BLEED": 1})
    finish_round(state)
    assert (hp(state, "p1_hero"), unit(state, "p1_hero").buffs) == (3, {})
    finish_round(state)
    assert hp(state, "p1_hero") == 3


def test_bleed_is_hp_loss_that_no_guardian_or_shield_stops() -> None:
    """§10.5, docs "Damage, HP loss": BLEED passes shields and the Guardian."""
    state = battle()
    arrange(state, p1_minion_1=(1, 0))
    unit(state, "p1_hero").shield = 2
    unit(state, "p1_hero").shield_rounds = 2
    give(state, "p1_hero", "BLEED")
    finish_round(state)
    assert (hp(state, "p1_hero"), unit(state, "p1_hero").shield) == (4, 2)
    assert hp(state, "p1_minion_1") == 5 - 1  # its decay only


def test_bleed_runs_in_unit_id_order_after_decay() -> None:
    """§10.5, rules §9: decay, then BLEED (the text's poison), each in id order."""
    state = battle()
    for uid in ("p2_hero", "p1_minion_2", "p1_hero"):
        give(state, uid, "BLEED")
    since = len(state.events)
    finish_round(state)
    hurts = [(e["unit"], e["cause"]) for e in events(state, "hurt", since)]
    assert hurts == [
        ("p1_minion_1", "decay"),
        ("p1_minion_2", "decay"),
        ("p2_minion_1", "decay"),
        ("p2_minion_2", "decay"),
        ("p1_hero", "bleed"),
        ("p1_minion_2", "bleed"),
        ("p2_hero", "bleed"),
    ]


def test_bleed_stacks_with_decay() -> None:
    """§10.5: a bleeding minion loses 2 HP per round end."""
    state = battle()
    give(state, "p1_minion_2", "BLEED")
    finish_round(state)
    assert hp(state, "p1_minion_2") == 3 - 2


# ---------------------------------------------------------------------- SLOW


def test_slow_declares_the_action_and_uses_the_activation() -> None:
    """§10.6, A13: the action is stored and shown; nothing happens yet; the turn passes."""
    state = battle()
    give(state, "p1_hero", "SLOW")
    since = len(state.events)
    act(state, Move("p1_hero", 2, 1))
    hero = unit(state, "p1_hero")
    assert hero.pos == (2, 0) and hero.prepared == [Move("p1_hero", 2, 1)]
    assert hero.acted == 1 and state.current_player == 1
    assert events(state, "prepared", since) == [
        {"kind": "prepared", "unit": "p1_hero", "action": Move("p1_hero", 2, 1).to_json()}
    ]


def test_slow_action_resolves_before_the_opener_chooses_next_round() -> None:
    """A13: resolved for free at the start of the owner's first activation of round N+1."""
    state = battle()
    give(state, "p1_hero", "SLOW")
    act(state, Move("p1_hero", 2, 1))
    finish_round(state)
    hero = unit(state, "p1_hero")
    assert state.round == 2 and state.current_player == 0
    assert hero.pos == (2, 1) and hero.prepared == [] and hero.acted == 0


def test_slow_action_of_the_second_seat_waits_for_its_first_activation() -> None:
    """A13: the stored action belongs to its owner's first activation, not the round's."""
    state = battle()
    give(state, "p2_hero", "SLOW")
    act(state, EndTurn("p1_hero"))
    act(state, Move("p2_hero", 2, 3))
    finish_round(state)
    assert state.current_player == 0 and unit(state, "p2_hero").pos == (2, 4)
    act(state, EndTurn("p1_hero"))
    assert unit(state, "p2_hero").pos == (2, 3)


def test_slow_attack_hits_whoever_stands_on_the_stored_tile() -> None:
    """§10.6, A13: the attack aims at the tile; another enemy there now is hit."""
    state = battle()
    arrange(state, p2_minion_1=(4, 2), p2_hero=(4, 3))
    give(state, "p1_minion_2", "SLOW")
    act(state, Attack("p1_minion_2", 4, 2))  # the archer aims at the assassin's tile
    act(state, Move("p2_minion_1", 1, 2))
    act(state, EndTurn("p1_hero"))
    act(state, Move("p2_hero", 4, 2))
    finish_round(state)
    assert hp(state, "p2_hero") == 4 and hp(state, "p2_minion_1") == 1  # its decay only


def test_slow_attack_on_a_tile_left_empty_misses() -> None:
    """§10.6: the target moved away: a miss."""
    state = battle()
    arrange(state, p2_minion_1=(4, 2))
    give(state, "p1_minion_2", "SLOW")
    act(state, Attack("p1_minion_2", 4, 2))
    act(state, Move("p2_minion_1", 1, 2))
    since = len(state.events)
    finish_round(state)
    assert {"kind": "missed", "unit": "p1_minion_2", "why": "prepared attack found nothing"} in (
        events(state, "missed", since)
    )


def test_slow_action_is_cancelled_when_the_unit_dies() -> None:
    """§10.6: a unit that died loses its prepared action (the archer decays to 0 here)."""
    state = battle()
    arrange(state, p2_minion_2=(4, 2))
    unit(state, "p1_minion_2").hp = 1
    give(state, "p1_minion_2", "SLOW")
    act(state, Attack("p1_minion_2", 4, 2))
    since = len(state.events)
    finish_round(state)
    act(state, EndTurn("p1_hero"))
    assert hp(state, "p2_minion_2") == 4  # decay only: the attack never came
    assert not any(e["unit"] == "p1_minion_2" for e in events(state, "act", since))


def test_slow_skill_starts_its_cooldown_when_declared() -> None:
    """A13: a prepared skill's cooldown starts at declaration; the effect comes later."""
    state = battle("huntress_spirit_hawk")
    give(state, "p1_hero", "SLOW")
    act(state, Skill("p1_hero", 2, 4))
    assert unit(state, "p1_hero").cooldown == 2 and hp(state, "p2_hero") == 5
    finish_round(state)
    assert unit(state, "p1_hero").cooldown == 1 and hp(state, "p2_hero") == 3


def test_slow_resolution_round_end_resolves_before_bleed_and_decay() -> None:
    """Option slow_resolution = "round_end" (CODE's timing): prepared actions resolve at
    the end of the declaring round, before BLEED and decay; a death asks its owner (here
    answered with an obstacle)."""
    state = battle(slow_resolution="round_end")
    arrange(state, p2_minion_1=(4, 2))
    give(state, "p1_minion_2", "SLOW")
    act(state, Attack("p1_minion_2", 4, 2))
    since = len(state.events)
    finish_round(state)
    kinds = [e[0] for e in state.events[since:] if e[0] in ("round_over", "act", "hurt")]
    first = kinds.index("round_over")
    assert kinds[first : first + 3] == ["round_over", "act", "hurt"]
    assert hp(state, "p2_minion_1") == 0 and state.obstacles == {(4, 2): 3}
    assert state.round == 2


def test_a_prepared_kill_is_settled_before_the_next_prepared_move() -> None:
    """A13 with §9.2 (ours): the death choice comes before the next prepared action, so
    a prepared move onto the dead minion's tile meets its obstacle instead of landing
    under it."""
    state = battle(m1=("ARCHER", "TANK"))
    arrange(state, p1_minion_2=(1, 2))
    give(state, "p1_minion_1", "SLOW")
    give(state, "p1_minion_2", "SLOW")
    act(state, Move("p1_minion_2", 0, 2))  # the TANK declares a move to (0, 2)
    act(state, Move("p2_minion_1", 0, 2))  # the assassin steps there
    act(state, Attack("p1_minion_1", 0, 2))  # the archer aims at it
    finish_round(state)  # the assassin decays to 1 HP
    assert state.deaths == [("p2_minion_1", 0, 2, 1)]
    assert unit(state, "p1_minion_2").prepared == [Move("p1_minion_2", 0, 2)]
    state.apply(OBSTACLE, 1)
    assert state.obstacles == {(0, 2): 3} and unit(state, "p1_minion_2").pos == (1, 2)
    assert state.current_player == 0


def test_a_prepared_kill_at_the_round_end_is_settled_before_the_next_prepared_move() -> None:
    """Option slow_resolution = "round_end": the round end waits for the owner's choice
    before the next prepared action; with system_death_spawn = "parity" the round's parity
    decides at once. Either way the prepared move meets the obstacle."""
    for options in ({}, {"system_death_spawn": "parity"}):
        state = battle(m1=("ARCHER", "TANK"), slow_resolution="round_end", **options)
        arrange(state, p1_minion_2=(1, 2))
        give(state, "p1_minion_1", "SLOW")
        give(state, "p1_minion_2", "SLOW")
        act(state, Move("p1_minion_2", 0, 2))
        act(state, Move("p2_minion_1", 0, 2))
        unit(state, "p2_minion_1").hp = 1
        act(state, Attack("p1_minion_1", 0, 2))
        for uid in ("p2_hero", "p1_hero", "p2_minion_2"):
            act(state, EndTurn(uid))
        if not options:
            assert state.deaths == [("p2_minion_1", 0, 2, 1)] and state.round == 1
            assert unit(state, "p1_minion_2").prepared == [Move("p1_minion_2", 0, 2)]
            state.apply(OBSTACLE, 1)
        assert state.round == 2
        assert state.obstacles == {(0, 2): 3} and unit(state, "p1_minion_2").pos == (1, 2)


# ---------------------------------------------------------------------- stacking, duration


def test_the_same_buff_again_resets_to_two_and_reapplies_its_instant_hp() -> None:
    """§10.2: no stacking of one type; the count resets to 2 and LIFE's +3 comes again."""
    state = battle()
    state.tiles[(2, 1)] = ["LIFE", 2]
    act(state, Move("p1_hero", 2, 1))
    finish_round(state)
    assert unit(state, "p1_hero").buffs == {"LIFE": 1}
    state.tiles[(2, 2)] = ["LIFE", 2]
    act(state, Move("p1_hero", 2, 2))
    assert (hp(state, "p1_hero"), unit(state, "p1_hero").buffs) == (11, {"LIFE": 2})


def test_different_buffs_add_their_atk_modifiers() -> None:
    """§10.2 (BST3): POWER + WEAKNESS = +1 net; POWER + WEAKNESS + SPEED = 0 net."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    for uid in ("p1_hero", "p1_minion_1"):
        give(state, uid, "POWER")
        give(state, uid, "WEAKNESS")
    assert state.effective_atk(unit(state, "p1_hero")) == 1 + 1
    assert state.effective_atk(unit(state, "p1_minion_1")) == 2 + 1
    for uid in ("p1_hero", "p1_minion_1"):
        give(state, uid, "SPEED")
    assert state.effective_atk(unit(state, "p1_hero")) == 1
    assert state.effective_atk(unit(state, "p1_minion_1")) == 2


def test_a_buff_gained_in_round_n_is_active_through_round_n_plus_one() -> None:
    """§10.1: 2 rounds = the rest of round N and all of round N+1."""
    state = battle()
    state.tiles[(2, 1)] = ["POWER", 2]
    act(state, Move("p1_hero", 2, 1))
    finish_round(state)
    assert unit(state, "p1_hero").buffs == {"POWER": 1}
    since = len(state.events)
    finish_round(state)
    assert unit(state, "p1_hero").buffs == {}
    assert {"kind": "buff_end", "unit": "p1_hero", "buff": "POWER"} in events(
        state, "buff_end", since
    )


def test_speed_and_slow_cancel_to_one_plain_action() -> None:
    """A14, §10.2: SPEED + SLOW = one action, not delayed."""
    state = battle()
    give(state, "p1_hero", "SPEED")
    give(state, "p1_hero", "SLOW")
    act(state, Move("p1_hero", 2, 1))
    hero = unit(state, "p1_hero")
    assert hero.pos == (2, 1) and hero.prepared == [] and state.current_player == 1


def test_speed_and_slow_without_cancelling_give_two_prepared_actions() -> None:
    """A14's option speed_slow_cancel = false: two actions, both prepared."""
    state = battle(speed_slow_cancel=False)
    give(state, "p1_hero", "SPEED")
    give(state, "p1_hero", "SLOW")
    act(state, Move("p1_hero", 2, 1))
    assert state.current == "p1_hero"
    act(state, Move("p1_hero", 1, 0))
    hero = unit(state, "p1_hero")
    assert hero.pos == (2, 0) and hero.prepared == [Move("p1_hero", 2, 1), Move("p1_hero", 1, 0)]
    assert state.current_player == 1


def test_a_speed_unit_gaining_slow_on_its_first_action_has_no_second() -> None:
    """docs "SPEED" (ours, from A14): the two cancel as soon as both are there."""
    state = battle()
    give(state, "p1_hero", "SPEED")
    state.tiles[(2, 1)] = ["SLOW", 2]
    act(state, Move("p1_hero", 2, 1))
    assert state.current is None and state.current_player == 1
