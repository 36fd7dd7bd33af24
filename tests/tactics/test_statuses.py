"""The skill-only statuses of 5×5 Tactics, the invisible flag and shields: one test per
effect and per duration.

Covers companion §10.7 and docs/games/tactics.md "The six skill-only statuses": BLIND,
DEATH_MARK, FEINT, CHALLENGE, INVULNERABLE, POWER_OF_MANY; the invisible flag (Smoke Bomb)
and Endure's shield; ruling A12 (a 1-round status applied mid-round ends at that round's
end, even on a unit that already acted) with its option extra_tick_for_acted; the damage /
HP-loss split (shields, INVULNERABLE and DEATH_MARK concern damage only).
"""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.games.tactics.actions import Attack, EndTurn, Move, MoveAttack, Skill
from sparring.games.tactics.data import DATA
from sparring.games.tactics.state import TacticsState
from sparring.games.tactics.units import CLONE, Unit

from .helpers import act, arrange, battle, events, finish_round, give, hp, legal, turn, unit

# ---------------------------------------------------------------------- BLIND


def test_blind_forbids_attacks_but_not_moving_or_skills() -> None:
    """§10.7: BLIND: no ATTACK, no MOVE_AND_ATTACK; moving and skills allowed."""
    state = battle("warrior_endure", "mage_elemental_blast")
    arrange(state, p2_hero=(2, 1))
    give(state, "p2_hero", "BLIND", 1)
    turn(state, 1)
    mine = legal(state, "p2_hero")
    assert not any(isinstance(a, Attack | MoveAttack) for a in mine)
    assert Move("p2_hero", 2, 2) in mine and Skill("p2_hero", 2, 0) in mine
    with pytest.raises(IllegalAction, match="is blind: it cannot attack"):
        state.apply(Attack("p2_hero", 2, 0), 1)


def _blind_after_acting(**options: object) -> TacticsState:
    """The assassin next to the Rogue passes, then the Rogue's Smoke Bomb blinds it (its HP
    raised so that decay does not end the story early)."""
    state = battle("rogue_smoke_bomb", **options)
    arrange(state, p1_hero=(2, 2), p2_minion_1=(2, 3))
    unit(state, "p2_minion_1").hp = 5
    act(state, EndTurn("p1_minion_1"))
    act(state, EndTurn("p2_minion_1"))
    act(state, Skill("p1_hero", 4, 2))
    return state


def test_blind_given_to_a_unit_that_already_acted_ends_at_that_round_end() -> None:
    """A12: a 1-round status applied mid-round expires at that round's end."""
    state = _blind_after_acting()
    assert unit(state, "p2_minion_1").buffs == {"BLIND": 1}
    finish_round(state)
    assert unit(state, "p2_minion_1").buffs == {}
    arrange(state, p1_minion_2=(1, 3))
    turn(state, 1)
    assert Attack("p2_minion_1", 1, 3) in legal(state)


def test_extra_tick_for_acted_keeps_blind_one_more_round_end() -> None:
    """A12's option extra_tick_for_acted: BLIND on a unit that acted lasts into next round."""
    state = _blind_after_acting(extra_tick_for_acted=True)
    assert unit(state, "p2_minion_1").buffs == {"BLIND": 2}
    finish_round(state)
    assert unit(state, "p2_minion_1").buffs == {"BLIND": 1}
    arrange(state, p1_minion_2=(1, 3))
    turn(state, 1)
    assert not any(isinstance(a, Attack) for a in legal(state, "p2_minion_1"))
    finish_round(state)
    assert unit(state, "p2_minion_1").buffs == {}


def test_extra_tick_for_acted_leaves_blind_on_a_unit_yet_to_act_at_one() -> None:
    """A12's option concerns units that already acted only."""
    state = battle("rogue_smoke_bomb", extra_tick_for_acted=True)
    arrange(state, p1_hero=(2, 2), p2_minion_1=(2, 3))
    act(state, Skill("p1_hero", 4, 2))
    assert unit(state, "p2_minion_1").buffs == {"BLIND": 1}


# ---------------------------------------------------------------------- DEATH_MARK


def test_death_mark_adds_two_to_a_counter() -> None:
    """docs "Counters": a counter is damage, so the marked attacker takes 2 + 2."""
    state = battle("duelist_feint")
    arrange(state, p2_minion_2=(2, 1))
    give(state, "p1_hero", "FEINT")
    give(state, "p2_minion_2", "DEATH_MARK")
    act(state, Attack("p2_minion_2", 2, 0))
    assert hp(state, "p1_hero") == 5 and hp(state, "p2_minion_2") == 5 - 4


def test_death_mark_pays_off_on_a_skill_kill() -> None:
    """docs "Death Mark's payoff" (CODE: attacks only): a skill kill heals the marker 2."""
    state = battle("huntress_spirit_hawk")
    arrange(state, p2_minion_1=(1, 2))
    give(state, "p2_minion_1", "DEATH_MARK")
    unit(state, "p2_minion_1").marker = "p1_hero"
    act(state, Skill("p1_hero", 1, 2))
    assert hp(state, "p2_minion_1") == 2 - 4 and hp(state, "p1_hero") == 7


def test_death_mark_pays_off_on_a_counter_kill() -> None:
    """docs "Death Mark's payoff": a counter that kills the marked unit pays too."""
    state = battle("duelist_feint")
    arrange(state, p2_minion_1=(2, 1))
    give(state, "p1_hero", "FEINT")
    give(state, "p2_minion_1", "DEATH_MARK")
    unit(state, "p2_minion_1").marker = "p1_hero"
    act(state, Attack("p2_minion_1", 2, 0))
    assert hp(state, "p2_minion_1") == 2 - 4 and hp(state, "p1_hero") == 7


def test_death_mark_pays_nothing_for_a_death_by_hp_loss() -> None:
    """docs "Death Mark's payoff": deaths by HP loss (decay here) pay nothing."""
    state = battle("rogue_death_mark")
    arrange(state, p2_minion_1=(2, 2))
    unit(state, "p2_minion_1").hp = 1
    act(state, Skill("p1_hero", 2, 2))
    finish_round(state)
    assert hp(state, "p2_minion_1") == 0 and hp(state, "p1_hero") == 5


def test_death_mark_lasts_two_round_ends() -> None:
    """§10.7: DEATH_MARK 2 rounds."""
    state = battle("rogue_death_mark")
    arrange(state, p2_hero=(2, 2))
    act(state, Skill("p1_hero", 2, 2))
    finish_round(state)
    assert unit(state, "p2_hero").buffs == {"DEATH_MARK": 1}
    finish_round(state)
    assert unit(state, "p2_hero").buffs == {}


# ---------------------------------------------------------------------- FEINT


def test_a_used_up_feint_is_reported_as_ended() -> None:
    """docs "Events": buff_end whenever a buff or status is removed, Feint's use included."""
    state = battle("duelist_feint")
    arrange(state, p2_minion_2=(2, 1))
    give(state, "p1_hero", "FEINT")
    since = len(state.events)
    act(state, Attack("p2_minion_2", 2, 0))
    assert events(state, "buff_end", since) == [
        {"kind": "buff_end", "unit": "p1_hero", "buff": "FEINT"}
    ]


def test_feint_triggers_on_a_move_and_attack() -> None:
    """docs "Feint" (CODE: ATTACK only): a MOVE_AND_ATTACK misses too, and is countered."""
    state = battle("duelist_feint")
    arrange(state, p2_minion_1=(2, 3))
    give(state, "p1_hero", "FEINT")
    act(state, MoveAttack("p2_minion_1", 2, 1, 2, 0))
    assert hp(state, "p1_hero") == 5 and hp(state, "p2_minion_1") == 0
    assert "FEINT" not in unit(state, "p1_hero").buffs


def test_feint_triggers_on_a_prepared_attack() -> None:
    """docs "Feint": a prepared (SLOW) attack aimed at the Duelist misses and is countered."""
    state = battle("duelist_feint", m2=("ARCHER", "TANK"))
    arrange(state, p2_minion_1=(2, 3))
    give(state, "p2_minion_1", "SLOW")
    act(state, Skill("p1_hero", 2, 0))
    act(state, Attack("p2_minion_1", 2, 0))
    finish_round(state)  # the archer decays to 2 HP
    act(state, EndTurn("p1_minion_1"))  # seat 1's first activation: the attack resolves
    assert hp(state, "p1_hero") == 5 and hp(state, "p2_minion_1") == 0
    assert "FEINT" not in unit(state, "p1_hero").buffs


def test_feint_does_not_stop_skill_damage() -> None:
    """docs "Feint and Challenge concern attacks" (ours): a skill hits and Feint stays."""
    state = battle("duelist_feint", "mage_elemental_blast")
    arrange(state, p2_hero=(2, 3))
    give(state, "p1_hero", "FEINT")
    state.rng.script("blast_debuff", [False])
    act(state, Skill("p2_hero", 2, 0))
    assert hp(state, "p1_hero") == 2 and unit(state, "p1_hero").buffs == {"FEINT": 2}


def test_a_counter_does_not_trigger_feint() -> None:
    """docs "Counters": a counter is not an attack (no Feint, no further counter)."""
    state = battle("duelist_challenge")
    arrange(state, p2_minion_2=(2, 1))
    give(state, "p2_minion_2", "CHALLENGE")
    unit(state, "p2_minion_2").challenger = "p1_hero"
    give(state, "p2_minion_2", "FEINT")
    act(state, Attack("p2_minion_2", 2, 0))
    assert hp(state, "p1_hero") == 4 and hp(state, "p2_minion_2") == 3
    assert "FEINT" in unit(state, "p2_minion_2").buffs


# ---------------------------------------------------------------------- CHALLENGE


def test_challenge_does_not_halve_attacks_on_obstacles() -> None:
    """docs "Attacks on obstacles": effective ATK, without Challenge's halving."""
    state = battle()
    state.obstacles[(0, 3)] = 3
    give(state, "p2_minion_1", "CHALLENGE")
    unit(state, "p2_minion_1").challenger = "p1_hero"
    act(state, Attack("p2_minion_1", 0, 3))
    assert state.obstacles == {(0, 3): 1}


def test_challenge_halves_the_mark_too() -> None:
    """docs "attack pipeline": a challenged ASSASSIN hitting a marked unit deals
    (2 + 2) // 2 = 2."""
    state = battle("duelist_challenge")
    arrange(state, p2_minion_1=(4, 1))
    give(state, "p2_minion_1", "CHALLENGE")
    unit(state, "p2_minion_1").challenger = "p1_hero"
    give(state, "p1_minion_2", "DEATH_MARK")
    act(state, Attack("p2_minion_1", 4, 0))
    assert hp(state, "p1_minion_2") == 3 - 2


def test_challenge_halves_a_hit_the_duelists_guardian_takes_and_draws_no_counter() -> None:
    """Companion §7 step 5: the full hit and the counter are for hits the Duelist
    receives; a TANK that intercepts takes half, and nobody counters."""
    state = battle("duelist_challenge")
    arrange(state, p2_minion_1=(2, 1), p1_minion_1=(1, 0))
    give(state, "p2_minion_1", "CHALLENGE")
    unit(state, "p2_minion_1").challenger = "p1_hero"
    act(state, Attack("p2_minion_1", 2, 0))
    assert hp(state, "p1_minion_1") == 5 - 1 and hp(state, "p1_hero") == 5
    assert hp(state, "p2_minion_1") == 2


# ---------------------------------------------------------------------- INVULNERABLE


def test_invulnerable_blocks_damage_but_not_hp_loss() -> None:
    """docs "Ascended Form": INVULNERABLE blocks damage; BLEED and pressure still apply."""
    state = battle()
    arrange(state, p2_minion_1=(2, 1))
    give(state, "p1_hero", "INVULNERABLE", 1)
    give(state, "p1_hero", "BLEED")
    state.round = 8
    act(state, EndTurn("p1_minion_1"))
    act(state, Attack("p2_minion_1", 2, 0))
    assert hp(state, "p1_hero") == 5
    finish_round(state)
    assert hp(state, "p1_hero") == 5 - 1 - 1


def test_invulnerable_doubles_hp_gains() -> None:
    """§10.7: healing received is doubled (a LIFE tile gives +6)."""
    state = battle()
    give(state, "p1_hero", "INVULNERABLE", 1)
    state.tiles[(2, 1)] = ["LIFE", 2]
    act(state, Move("p1_hero", 2, 1))
    assert hp(state, "p1_hero") == 11


def test_an_attack_on_an_invulnerable_unit_spends_no_natures_power_charge() -> None:
    """Companion §7 steps 3-4: the attack stops before its amount is counted."""
    state = battle("huntress_natures_power")
    arrange(state, p2_hero=(2, 1))
    unit(state, "p1_hero").charges = 2
    give(state, "p2_hero", "INVULNERABLE", 1)
    act(state, Attack("p1_hero", 2, 1))
    assert hp(state, "p2_hero") == 5 and unit(state, "p1_hero").charges == 2


def test_invulnerable_lasts_one_round() -> None:
    """§10.7: INVULNERABLE 1 round, gone at the round end."""
    state = battle()
    give(state, "p1_hero", "INVULNERABLE", 1)
    finish_round(state)
    assert unit(state, "p1_hero").buffs == {}
    arrange(state, p2_hero=(2, 1))
    assert Attack("p1_hero", 2, 1) in legal(state)


# ---------------------------------------------------------------------- POWER_OF_MANY


def test_power_of_many_atk_ends_at_the_round_end_it_was_given() -> None:
    """§10.7, A12: the +1 ATK lasts the rest of the round."""
    state = battle()
    give(state, "p1_minion_2", "POWER_OF_MANY", 1)
    assert state.effective_atk(unit(state, "p1_minion_2")) == 2
    finish_round(state)
    assert state.effective_atk(unit(state, "p1_minion_2")) == 1


def test_power_of_many_adds_to_other_atk_buffs() -> None:
    """docs "attack pipeline" step 4: POWER +3 and POWER_OF_MANY +1 add up."""
    state = battle()
    give(state, "p1_hero", "POWER")
    give(state, "p1_hero", "POWER_OF_MANY", 1)
    assert state.effective_atk(unit(state, "p1_hero")) == 5


def test_power_of_many_gives_a_clone_atk_but_no_hp() -> None:
    """docs "Shadow clones": a clone takes Power of Many's +1 ATK, not its +1 HP."""
    state = battle("cleric_power_of_many")
    clone = Unit("p1_hero_clone_1", 0, CLONE, "CLONE", DATA.clone_stats, 2, 1)
    state.units.append(clone)
    state.units.sort(key=lambda u: u.id)
    act(state, Skill("p1_hero", 2, 0))
    assert clone.hp == 1 and clone.buffs == {"POWER_OF_MANY": 1}
    assert state.effective_atk(clone) == 2


# ---------------------------------------------------------------------- invisible


def test_an_invisible_unit_still_blocks_movement() -> None:
    """docs "Invisibility" (ours): it restricts targeting only; the unit stays in the way."""
    state = battle()
    arrange(state, p2_hero=(2, 1))
    unit(state, "p2_hero").invisible = True
    assert Move("p1_hero", 2, 1) not in legal(state)


def test_a_prepared_attack_hits_an_invisible_unit_on_its_tile() -> None:
    """docs "Invisibility": a prepared attack on its tile hits it all the same."""
    state = battle(m2=("ARCHER", "TANK"))
    arrange(state, p1_minion_1=(0, 1))
    give(state, "p2_minion_1", "SLOW")
    act(state, Attack("p2_minion_1", 0, 1))  # P2's archer aims at P1's TANK
    finish_round(state)  # the TANK decays to 4
    unit(state, "p1_minion_1").invisible = True
    act(state, EndTurn("p1_hero"))  # seat 1's first activation: the attack resolves
    assert hp(state, "p1_minion_1") == 3


def test_invisibility_ends_at_the_round_end() -> None:
    """§10.7: the invisible flag is cleared at the round end."""
    state = battle()
    unit(state, "p2_hero").invisible = True
    finish_round(state)
    assert unit(state, "p2_hero").invisible is False


def test_attacking_an_obstacle_ends_invisibility() -> None:
    """docs "Invisibility": it ends when the unit attacks a unit or an obstacle."""
    state = battle()
    state.obstacles[(2, 1)] = 3
    unit(state, "p1_hero").invisible = True
    act(state, Attack("p1_hero", 2, 1))
    assert unit(state, "p1_hero").invisible is False and state.obstacles == {(2, 1): 2}


# ---------------------------------------------------------------------- shields


def test_a_shield_absorbs_skill_damage() -> None:
    """docs "Damage": shields absorb attack, counter and skill damage first."""
    state = battle("warrior_endure", "huntress_spirit_hawk")
    act(state, Skill("p1_hero", 2, 0))
    act(state, Skill("p2_hero", 2, 0))
    assert (unit(state, "p1_hero").shield, hp(state, "p1_hero")) == (1, 5)


def test_a_shield_does_not_absorb_hp_loss() -> None:
    """docs "Damage, HP loss": WEAKNESS's −1 passes the shield."""
    state = battle()
    unit(state, "p1_hero").shield = 3
    state.tiles[(2, 1)] = ["WEAKNESS", 2]
    act(state, Move("p1_hero", 2, 1))
    assert (unit(state, "p1_hero").shield, hp(state, "p1_hero")) == (3, 4)


def test_endure_reports_the_bleed_it_removes() -> None:
    """docs "Events": Endure's BLEED removal is a buff_end like any other."""
    state = battle()
    give(state, "p1_hero", "BLEED")
    since = len(state.events)
    act(state, Skill("p1_hero", 2, 0))
    assert events(state, "buff_end", since) == [
        {"kind": "buff_end", "unit": "p1_hero", "buff": "BLEED"}
    ]


def test_endure_shield_vanishes_at_the_second_round_end() -> None:
    """A15: the shield expires at the second round end after it is gained."""
    state = battle()
    act(state, Skill("p1_hero", 2, 0))
    finish_round(state)
    assert unit(state, "p1_hero").shield == 3
    finish_round(state)
    assert unit(state, "p1_hero").shield == 0


def test_endure_again_adds_to_the_shield_left_and_restarts_its_count() -> None:
    """docs Endure: +3 added to any shield left; the whole shield's count restarts."""
    state = battle(endure_rounds=3)
    act(state, Skill("p1_hero", 2, 0))
    finish_round(state)
    finish_round(state)
    assert (unit(state, "p1_hero").shield, unit(state, "p1_hero").shield_rounds) == (3, 1)
    act(state, Skill("p1_hero", 2, 0))
    assert (unit(state, "p1_hero").shield, unit(state, "p1_hero").shield_rounds) == (6, 3)
    finish_round(state)
    finish_round(state)
    assert unit(state, "p1_hero").shield == 6
    finish_round(state)
    assert unit(state, "p1_hero").shield == 0
