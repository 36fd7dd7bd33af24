"""The eighteen hero skills of 5×5 Tactics, each effect and each targeting limit.

Covers companion §11.1 (general skill rules: cooldown 2 = ruling A19, fixed damage, the
Guardian for each target, INVULNERABLE, DEATH_MARK +2, invisibility broken by skills except
Smoke Bomb, "needs a target", friendly units spared, invisible targets refused) and §11.2,
skill by skill: Heroic Leap, Shockwave, Endure; Elemental Blast, Warp Beacon, Wild Magic;
Smoke Bomb, Death Mark, Shadow Clone; Spirit Hawk, Spectral Blades, Nature's Power;
Challenge, Elemental Strike, Feint; Trinity, Power of Many, Ascended Form
(docs/games/tactics.md, "The skills").
"""

from __future__ import annotations

import pytest

from sparring.core.errors import IllegalAction
from sparring.games.tactics.actions import OBSTACLE, Attack, EndTurn, Move, MoveAttack, Skill
from sparring.games.tactics.data import DATA
from sparring.games.tactics.units import CLONE, Unit

from .helpers import act, arrange, battle, events, finish_round, give, hp, legal, unit


def skill_tiles(state, uid: str = "p1_hero") -> set[tuple[int, int]]:
    return {(a.x, a.y) for a in legal(state, uid) if isinstance(a, Skill)}


# ---------------------------------------------------------------------- general rules


def test_cooldown_two_means_usable_again_two_rounds_later() -> None:
    """A19, companion §11.1: used in round N, refused in N+1, usable in N+2."""
    state = battle("huntress_spirit_hawk")
    act(state, Skill("p1_hero", 2, 4))
    assert unit(state, "p1_hero").cooldown == 2
    finish_round(state)
    assert state.round == 2 and unit(state, "p1_hero").cooldown == 1
    assert skill_tiles(state) == set()
    with pytest.raises(IllegalAction, match="on cooldown for 1 more round"):
        act(state, Skill("p1_hero", 2, 4))
    finish_round(state)
    assert state.round == 3 and unit(state, "p1_hero").cooldown == 0
    assert skill_tiles(state) == {(2, 4)}


def test_skill_damage_is_fixed_whatever_the_heros_atk_buffs() -> None:
    """Companion §7/§11.1: ATK modifiers (POWER +3 here) never change skill damage."""
    state = battle("huntress_spirit_hawk")
    give(state, "p1_hero", "POWER")
    act(state, Skill("p1_hero", 2, 4))
    assert hp(state, "p2_hero") == 5 - 2


def test_invulnerable_blocks_skill_damage() -> None:
    """Companion §11.1 (docs; CODE bug 4): an INVULNERABLE target takes no skill damage."""
    state = battle("huntress_spirit_hawk")
    give(state, "p2_hero", "INVULNERABLE", 1)
    since = len(state.events)
    act(state, Skill("p1_hero", 2, 4))
    assert hp(state, "p2_hero") == 5
    assert events(state, "missed", since) == [
        {"kind": "missed", "unit": "p2_hero", "why": "invulnerable"}
    ]


def test_death_mark_adds_two_to_skill_damage() -> None:
    """Companion §11.1 (docs; CODE bug 4): DEATH_MARK's +2 applies to skill damage."""
    state = battle("huntress_spirit_hawk")
    give(state, "p2_hero", "DEATH_MARK")
    act(state, Skill("p1_hero", 2, 4))
    assert hp(state, "p2_hero") == 5 - 2 - 2


def test_the_guardian_takes_skill_damage_aimed_at_its_neighbour() -> None:
    """Companion §3.1: the Guardian intercepts all skill damage."""
    state = battle("huntress_spirit_hawk")
    arrange(state, p2_minion_2=(3, 4))  # P2's TANK next to P2's hero
    act(state, Skill("p1_hero", 2, 4))
    assert hp(state, "p2_hero") == 5 and hp(state, "p2_minion_2") == 5 - 2


def test_a_skill_ends_invisibility() -> None:
    """Companion §6.4: using a skill breaks invisibility (Smoke Bomb aside, tested below)."""
    state = battle("huntress_spirit_hawk")
    unit(state, "p1_hero").invisible = True
    act(state, Skill("p1_hero", 2, 4))
    assert unit(state, "p1_hero").invisible is False


def test_a_skill_uses_the_heros_action_and_passes_the_turn() -> None:
    """Companion §6.4 (CODE bug 1): a skill is the hero's activation; the rival acts next."""
    state = battle("warrior_endure")
    act(state, Skill("p1_hero", 2, 0))
    assert unit(state, "p1_hero").acted == 1 and state.current_player == 1


@pytest.mark.parametrize(
    "skill",
    [
        "mage_elemental_blast",
        "rogue_death_mark",
        "huntress_spirit_hawk",
        "duelist_challenge",
        "duelist_elemental_strike",
    ],
)
def test_single_enemy_skills_need_a_visible_living_enemy(skill: str) -> None:
    """Companion §11.1 (docs; CODE bug 4): an adjacent enemy is a target, the same enemy
    invisible is not, and friends never are."""
    state = battle(skill)
    arrange(state, p2_hero=(2, 1), p1_minion_2=(3, 0))
    assert skill_tiles(state) == {(2, 1)}
    unit(state, "p2_hero").invisible = True
    state._legal = None
    assert skill_tiles(state) == set()


@pytest.mark.parametrize(
    "skill",
    [
        "warrior_endure",
        "mage_wild_magic",
        "huntress_natures_power",
        "duelist_feint",
        "cleric_power_of_many",
        "cleric_ascended_form",
    ],
)
def test_self_and_all_unit_skills_aim_at_the_heros_own_tile(skill: str) -> None:
    """docs "USE_SKILL": self skills (and the all-allies / all-enemies ones) aim at the
    hero's own tile, and nowhere else."""
    state = battle(skill)
    assert skill_tiles(state) == {(2, 0)}
    with pytest.raises(IllegalAction, match="cannot be used on"):
        act(state, Skill("p1_hero", 2, 1))


def test_a_minion_has_no_skill() -> None:
    """Companion §6.4: USE_SKILL is for heroes only."""
    state = battle("warrior_endure")
    with pytest.raises(IllegalAction, match="has no skill"):
        act(state, Skill("p1_minion_1", 0, 0))


# ---------------------------------------------------------------------- WARRIOR


def test_heroic_leap_lands_over_anything_and_hits_each_adjacent_enemy_for_two() -> None:
    """§11.2 #1: teleport to a free tile within 3, over units and obstacles; 2 damage to
    every enemy orthogonally adjacent to the landing tile; friends spared."""
    state = battle("warrior_heroic_leap")
    state.obstacles[(2, 1)] = 3
    arrange(state, p2_minion_1=(2, 2), p2_hero=(2, 4), p1_minion_2=(3, 3))
    act(state, Skill("p1_hero", 2, 3))
    assert unit(state, "p1_hero").pos == (2, 3)
    assert hp(state, "p2_hero") == 5 - 2
    assert hp(state, "p2_minion_1") == 0  # the assassin (2 HP) dies
    assert hp(state, "p1_minion_2") == 3  # the friendly archer next to the landing tile
    assert state.deaths == [("p2_minion_1", 2, 2, 1)]


def test_heroic_leap_reaches_free_tiles_within_three_only() -> None:
    """§11.2 #1: range 3 (Manhattan), no unit, no obstacle, not the hero's own tile."""
    state = battle("warrior_heroic_leap")
    state.obstacles[(1, 1)] = 3
    state._legal = None
    within_three = {(x, y) for x in range(5) for y in range(5) if 0 < abs(x - 2) + y <= 3} - {
        (0, 0),
        (4, 0),
        (1, 1),
    }
    assert skill_tiles(state) == within_three
    assert len(within_three) == 10


def test_heroic_leap_hits_are_separate_even_through_one_guardian() -> None:
    """§11.2 #1 (ours, docs "Heroic Leap damages each adjacent enemy as a separate hit";
    CODE summed per receiver): a TANK guarding two targets takes two hits of 2."""
    state = battle("warrior_heroic_leap")
    arrange(state, p2_hero=(2, 3), p2_minion_1=(3, 2), p2_minion_2=(3, 3))
    since = len(state.events)
    act(state, Skill("p1_hero", 2, 2))
    hurts = [(e["unit"], e["amount"], e["hp"]) for e in events(state, "hurt", since)]
    assert hurts == [("p2_minion_2", 2, 3), ("p2_minion_2", 2, 1)]
    assert [e["unit"] for e in events(state, "guarded", since)] == ["p2_hero", "p2_minion_1"]
    assert hp(state, "p2_hero") == 5 and hp(state, "p2_minion_1") == 2


def test_shockwave_pushes_adjacent_enemies_away_and_a_blocked_one_takes_two() -> None:
    """§11.2 #2: 1 damage and a push straight away; blocked (obstacle here) → stays, 2
    damage; the adjacent friend is untouched."""
    state = battle("warrior_shockwave")
    state.obstacles[(4, 2)] = 3
    arrange(
        state,
        p1_hero=(2, 2),
        p1_minion_2=(2, 1),
        p2_hero=(2, 3),
        p2_minion_1=(1, 2),
        p2_minion_2=(3, 2),
    )
    act(state, Skill("p1_hero", 2, 2))
    assert (unit(state, "p2_hero").pos, hp(state, "p2_hero")) == ((2, 4), 4)
    assert (unit(state, "p2_minion_1").pos, hp(state, "p2_minion_1")) == ((0, 2), 1)
    assert (unit(state, "p2_minion_2").pos, hp(state, "p2_minion_2")) == ((3, 2), 3)
    assert (unit(state, "p1_minion_2").pos, hp(state, "p1_minion_2")) == ((2, 1), 3)


def test_shockwave_pushes_never_compete_for_one_tile() -> None:
    """§11.2 #2, docs "Shockwave": the push squares around a Warrior are all distinct, so
    three adjacent enemies are all pushed, each taking 1."""
    state = battle("warrior_shockwave")
    arrange(state, p1_hero=(2, 2), p2_hero=(2, 3), p2_minion_1=(1, 2), p2_minion_2=(3, 2))
    act(state, Skill("p1_hero", 2, 2))
    moved = [(unit(state, u).pos, hp(state, u)) for u in ("p2_hero", "p2_minion_1", "p2_minion_2")]
    assert moved == [((2, 4), 4), ((0, 2), 1), ((4, 2), 4)]


def test_shockwave_push_blocked_by_the_board_edge_or_any_unit() -> None:
    """§11.2 #2: off the board, or a unit of either side on the square, blocks the push."""
    state = battle("warrior_shockwave")
    arrange(state, p1_hero=(2, 3), p2_hero=(2, 4), p2_minion_1=(1, 3), p1_minion_1=(0, 3))
    act(state, Skill("p1_hero", 2, 3))
    assert (unit(state, "p2_hero").pos, hp(state, "p2_hero")) == ((2, 4), 3)
    assert hp(state, "p2_minion_1") == 0  # the assassin (2 HP) took 2 and died


def test_shockwave_guardian_takes_the_damage_but_the_target_is_still_pushed() -> None:
    """§11.2 #2 (CODE): the TANK next to the pushed enemy takes its 1; the enemy moves."""
    state = battle("warrior_shockwave")
    arrange(state, p1_hero=(2, 2), p2_hero=(2, 3), p2_minion_2=(1, 3))
    act(state, Skill("p1_hero", 2, 2))
    assert (unit(state, "p2_hero").pos, hp(state, "p2_hero")) == ((2, 4), 5)
    assert hp(state, "p2_minion_2") == 4


def test_shockwave_pushes_are_decided_before_damage() -> None:
    """docs "Shockwave": a push blocked by a unit stays blocked even when that unit dies
    of the Shockwave (here the blocking TANK guards the pushed enemy and dies)."""
    state = battle("warrior_shockwave")
    arrange(state, p1_hero=(2, 2), p2_minion_1=(2, 3), p2_minion_2=(2, 4), p2_hero=(4, 3))
    unit(state, "p2_minion_2").hp = 2
    act(state, Skill("p1_hero", 2, 2))
    assert hp(state, "p2_minion_2") == 0
    assert (unit(state, "p2_minion_1").pos, hp(state, "p2_minion_1")) == ((2, 3), 2)


def test_shockwave_leaves_a_killed_enemy_where_it_stood() -> None:
    """docs "Shockwave": a pushed enemy that died is not moved; its death tile is its own."""
    state = battle("warrior_shockwave")
    arrange(state, p1_hero=(2, 2), p2_minion_1=(2, 3))
    unit(state, "p2_minion_1").hp = 1
    act(state, Skill("p1_hero", 2, 2))
    assert state.deaths == [("p2_minion_1", 2, 3, 1)]


def test_shockwave_still_pushes_an_invulnerable_enemy() -> None:
    """docs "Shockwave": INVULNERABLE blocks the damage, not the push."""
    state = battle("warrior_shockwave")
    arrange(state, p1_hero=(2, 2), p2_hero=(2, 3))
    give(state, "p2_hero", "INVULNERABLE", 1)
    act(state, Skill("p1_hero", 2, 2))
    assert (unit(state, "p2_hero").pos, hp(state, "p2_hero")) == ((2, 4), 5)


def test_shockwave_needs_an_adjacent_enemy_invisible_ones_included() -> None:
    """Companion §11.1 (SKILL §6.2): an area skill needs a target; AoE hits the invisible."""
    state = battle("warrior_shockwave")
    assert skill_tiles(state) == set()
    arrange(state, p2_hero=(2, 1))
    unit(state, "p2_hero").invisible = True
    assert skill_tiles(state) == {(2, 0)}
    act(state, Skill("p1_hero", 2, 0))
    assert (unit(state, "p2_hero").pos, hp(state, "p2_hero")) == ((2, 2), 4)


def test_endure_adds_three_shield_to_any_left_and_removes_bleed() -> None:
    """§11.2 #3: +3 shield, stacking with a shield left, and BLEED removed."""
    state = battle("warrior_endure")
    unit(state, "p1_hero").shield = 1
    give(state, "p1_hero", "BLEED")
    act(state, Skill("p1_hero", 2, 0))
    hero = unit(state, "p1_hero")
    assert hero.shield == 4 and "BLEED" not in hero.buffs


def test_endure_shield_absorbs_damage_before_hp() -> None:
    """§11.2 #3, companion §7 step 6: the shield absorbs first, the rest comes off HP."""
    state = battle("warrior_endure")
    arrange(state, p2_minion_1=(2, 1))
    act(state, Skill("p1_hero", 2, 0))  # shield 3
    act(state, Attack("p2_minion_1", 2, 0))  # 2 damage: all absorbed
    assert (unit(state, "p1_hero").shield, hp(state, "p1_hero")) == (1, 5)
    finish_round(state)
    act(state, Attack("p2_minion_1", 2, 0))  # the assassin decayed to 1 HP, still hits 2
    assert (unit(state, "p1_hero").shield, hp(state, "p1_hero")) == (0, 4)


# ---------------------------------------------------------------------- MAGE


def test_elemental_blast_deals_three_and_no_debuff_on_a_failed_draw() -> None:
    """§11.2 #4: 3 damage to a visible enemy within 3; the 50 % draw failed: no debuff."""
    state = battle("mage_elemental_blast")
    arrange(state, p2_hero=(2, 3))
    state.rng.script("blast_debuff", [False])
    act(state, Skill("p1_hero", 2, 3))
    assert hp(state, "p2_hero") == 2 and unit(state, "p2_hero").buffs == {}


def test_elemental_blast_range_three_and_visible_enemies_only() -> None:
    """§11.2 #4: range 3; invisible enemies and friends are never targets."""
    state = battle("mage_elemental_blast")
    assert skill_tiles(state) == set()  # every enemy is 4 or more away
    arrange(state, p2_hero=(2, 3), p2_minion_1=(1, 1), p1_minion_2=(3, 0))
    assert skill_tiles(state) == {(2, 3), (1, 1)}
    unit(state, "p2_minion_1").invisible = True
    state._legal = None
    assert skill_tiles(state) == {(2, 3)}


def test_elemental_blast_debuff_goes_to_the_guardian_that_took_the_damage() -> None:
    """§11.2 #4 (CODE, kept): the 50 % random debuff goes to the damage receiver."""
    state = battle("mage_elemental_blast")
    arrange(state, p2_hero=(2, 3), p2_minion_2=(3, 3))
    state.rng.script("blast_debuff", [True])
    state.rng.script("debuff", [1])  # BLEED
    act(state, Skill("p1_hero", 2, 3))
    assert hp(state, "p2_minion_2") == 2 and unit(state, "p2_minion_2").buffs == {"BLEED": 2}
    assert hp(state, "p2_hero") == 5 and unit(state, "p2_hero").buffs == {}


def test_elemental_blast_weakness_debuff_costs_one_more_hp() -> None:
    """§11.2 #4 with §10.1: a WEAKNESS debuff brings its instant −1 HP."""
    state = battle("mage_elemental_blast")
    arrange(state, p2_hero=(2, 3))
    state.rng.script("blast_debuff", [True])
    state.rng.script("debuff", [0])  # WEAKNESS
    act(state, Skill("p1_hero", 2, 3))
    assert hp(state, "p2_hero") == 5 - 3 - 1 and "WEAKNESS" in unit(state, "p2_hero").buffs


def test_warp_beacon_placing_uses_the_action_but_starts_no_cooldown() -> None:
    """§11.2 #5: the first use places a public beacon on a free tile within 4."""
    state = battle("mage_warp_beacon")
    assert (1, 3) in skill_tiles(state) and (2, 4) not in skill_tiles(state)  # occupied
    assert (0, 3) not in skill_tiles(state)  # 5 away
    since = len(state.events)
    act(state, Skill("p1_hero", 1, 3))
    hero = unit(state, "p1_hero")
    assert hero.beacon == (1, 3) and hero.cooldown == 0 and hero.pos == (2, 0)
    assert hero.acted == 1 and state.current_player == 1
    assert events(state, "tile", since)[0]["buff"] == "BEACON"


def test_warp_beacon_second_use_teleports_at_any_distance_and_starts_the_cooldown() -> None:
    """§11.2 #5: the second use goes to the beacon (no range limit) and clears it."""
    state = battle("mage_warp_beacon")
    act(state, Skill("p1_hero", 1, 3))
    finish_round(state)
    arrange(state, p1_hero=(3, 0))  # the beacon is now 5 away
    assert skill_tiles(state) == {(1, 3)}
    act(state, Skill("p1_hero", 1, 3))
    hero = unit(state, "p1_hero")
    assert hero.pos == (1, 3) and hero.beacon is None and hero.cooldown == 2


def test_warp_beacon_teleport_needs_the_beacon_tile_free() -> None:
    """§11.2 #5: a unit (or obstacle) on the beacon tile blocks the teleport."""
    state = battle("mage_warp_beacon")
    act(state, Skill("p1_hero", 1, 3))
    finish_round(state)
    arrange(state, p2_minion_1=(1, 3))
    assert skill_tiles(state) == set()
    with pytest.raises(IllegalAction, match="cannot be used on"):
        act(state, Skill("p1_hero", 1, 3))
    arrange(state, p2_minion_1=(0, 4))
    state.obstacles[(1, 3)] = 3
    state._legal = None
    assert skill_tiles(state) == set()


def test_warp_beacon_disappears_when_the_mage_dies() -> None:
    """§11.2 #5: the beacon is gone with the Mage."""
    state = battle("mage_warp_beacon")
    act(state, Skill("p1_hero", 1, 3))
    unit(state, "p1_hero").hp = 2
    arrange(state, p2_minion_1=(2, 1))
    act(state, Attack("p2_minion_1", 2, 0))
    assert state.is_terminal() and state.winner == 1
    assert unit(state, "p1_hero").beacon is None


def test_wild_magic_hits_every_living_enemy_invisible_ones_included() -> None:
    """§11.2 #6: 1 damage to every living enemy, invisible or not; friends spared."""
    state = battle("mage_wild_magic", "warrior_endure")
    unit(state, "p2_minion_1").invisible = True
    state.rng.script("wild_debuff", [False, False, False])
    act(state, Skill("p1_hero", 2, 0))
    assert [hp(state, u) for u in ("p2_hero", "p2_minion_1", "p2_minion_2")] == [4, 1, 4]
    assert [hp(state, u) for u in ("p1_minion_1", "p1_minion_2")] == [5, 3]


def test_wild_magic_spares_an_enemy_that_died_earlier_in_the_cast() -> None:
    """docs "Deaths during an action": TANK A dies guarding the hero; its own hit is not
    dealt, so TANK B next to it does not take a hit for a dead unit."""
    state = battle("mage_wild_magic", "warrior_endure", m2=("TANK", "TANK"), distinct_minions=False)
    arrange(state, p2_minion_1=(1, 4), p2_minion_2=(1, 3))
    unit(state, "p2_minion_1").hp = 1
    state.rng.script("wild_debuff", [False, False, False])
    act(state, Skill("p1_hero", 2, 0))
    assert [hp(state, u) for u in ("p2_hero", "p2_minion_1", "p2_minion_2")] == [5, 0, 4]


def test_wild_magic_debuffs_each_original_enemy_with_33_percent_in_id_order() -> None:
    """§11.2 #6 (CODE, kept): one draw per enemy in id order; the debuff goes to the
    original enemy even when a Guardian took its damage."""
    state = battle("mage_wild_magic", "warrior_endure")
    arrange(state, p2_minion_2=(3, 4))  # P2's TANK guards P2's hero
    state.rng.script("wild_debuff", [True, False, True])
    state.rng.script("debuff", [2, 1])  # SLOW, then BLEED
    act(state, Skill("p1_hero", 2, 0))
    assert hp(state, "p2_hero") == 5 and hp(state, "p2_minion_2") == 5 - 2
    assert unit(state, "p2_hero").buffs == {"SLOW": 2}
    assert unit(state, "p2_minion_1").buffs == {}
    assert unit(state, "p2_minion_2").buffs == {"BLEED": 2}
    draws = [label for label, _ in state.rng.log if label in ("wild_debuff", "debuff")]
    assert draws == ["wild_debuff", "debuff", "wild_debuff", "wild_debuff", "debuff"]


def test_wild_magic_gives_no_debuff_to_an_enemy_it_killed() -> None:
    """§11.2 #6: the debuff is for enemies still alive."""
    state = battle("mage_wild_magic", "warrior_endure")
    unit(state, "p2_minion_1").hp = 1
    state.rng.script("wild_debuff", [False, True, False])
    act(state, Skill("p1_hero", 2, 0))
    assert hp(state, "p2_minion_1") == 0
    assert not any(label == "debuff" for label, _ in state.rng.log)


# ---------------------------------------------------------------------- ROGUE


def test_smoke_bomb_blinds_enemies_next_to_the_start_tile_and_hides_the_rogue() -> None:
    """§11.2 #7: teleport to a free tile within 3, invisible; enemies adjacent to the
    STARTING tile get BLIND for 1 round, those next to the landing tile do not."""
    state = battle("rogue_smoke_bomb")
    arrange(state, p1_hero=(2, 2), p2_hero=(2, 3), p2_minion_1=(1, 2), p2_minion_2=(4, 3))
    act(state, Skill("p1_hero", 4, 2))
    rogue = unit(state, "p1_hero")
    assert rogue.pos == (4, 2) and rogue.invisible is True and rogue.cooldown == 2
    assert unit(state, "p2_hero").buffs == {"BLIND": 1}
    assert unit(state, "p2_minion_1").buffs == {"BLIND": 1}
    assert unit(state, "p2_minion_2").buffs == {}


def test_smoke_bomb_needs_a_free_tile_within_three() -> None:
    """§11.2 #7: range 3, no unit, no obstacle."""
    state = battle("rogue_smoke_bomb")
    tiles = skill_tiles(state)
    assert (2, 3) in tiles and (4, 0) not in tiles and (2, 4) not in tiles and (0, 3) not in tiles


def test_an_invisible_rogue_cannot_be_attacked_or_targeted_by_single_enemy_skills() -> None:
    """§11.2 #7: no ATTACK, no MOVE_AND_ATTACK, no single-enemy skill on an invisible unit."""
    state = battle("rogue_smoke_bomb", "mage_elemental_blast")
    act(state, Skill("p1_hero", 2, 2))
    arrange(state, p2_minion_1=(2, 3))
    seat1 = legal(state)
    assert Attack("p2_minion_1", 2, 2) not in seat1
    assert not any(isinstance(a, MoveAttack) and (a.tx, a.ty) == (2, 2) for a in seat1)
    assert not any(isinstance(a, Skill) and (a.x, a.y) == (2, 2) for a in seat1)


def test_smoke_bomb_keeps_its_own_invisibility_which_ends_on_attacking() -> None:
    """§11.2 #7: invisibility ends when the Rogue attacks (and at the round end)."""
    state = battle("rogue_smoke_bomb", m1=("TANK", "ARCHER"))
    act(state, Skill("p1_hero", 2, 3))
    assert unit(state, "p1_hero").invisible is True
    finish_round(state)
    assert unit(state, "p1_hero").invisible is False
    unit(state, "p1_hero").invisible = True
    act(state, Attack("p1_hero", 2, 4))
    assert unit(state, "p1_hero").invisible is False and hp(state, "p2_hero") == 4


def test_death_mark_marks_a_visible_enemy_within_two_for_two_rounds() -> None:
    """§11.2 #8: range 2, visible enemies only; DEATH_MARK 2 rounds with this Rogue."""
    state = battle("rogue_death_mark")
    arrange(state, p2_hero=(2, 3), p2_minion_1=(1, 1))
    assert skill_tiles(state) == {(1, 1)}
    act(state, Skill("p1_hero", 1, 1))
    target = unit(state, "p2_minion_1")
    assert target.buffs == {"DEATH_MARK": 2} and target.marker == "p1_hero"


def test_death_mark_adds_two_to_attacks_and_heals_the_rogue_when_it_kills() -> None:
    """§11.2 #8: +2 from every damage source; the marked unit's death heals the Rogue 2
    (uncapped: 5 → 7)."""
    state = battle("rogue_death_mark")
    arrange(state, p2_hero=(2, 2), p1_minion_2=(2, 1))
    act(state, Skill("p1_hero", 2, 2))
    act(state, EndTurn("p2_hero"))
    act(state, Attack("p1_minion_2", 2, 2))  # archer: 1 + 2
    assert hp(state, "p2_hero") == 2
    unit(state, "p2_hero").hp = 3
    finish_round(state)
    act(state, Attack("p1_minion_2", 2, 2))  # 1 + 2 = 3: dead
    assert state.is_terminal() and state.winner == 0
    assert hp(state, "p1_hero") == 7


def test_shadow_clone_appears_on_a_free_adjacent_tile_with_clone_stats() -> None:
    """§11.2 #9, §9.5: 1 HP, 1 ATK, the hero's move, range 1, 2 rounds, id <hero>_clone_1."""
    state = battle("rogue_shadow_clone")
    assert skill_tiles(state) == {(1, 0), (3, 0), (2, 1)}
    arrange(state, p1_minion_2=(2, 1))
    assert skill_tiles(state) == {(1, 0), (3, 0)}  # distance exactly 1, free
    act(state, Skill("p1_hero", 3, 0))
    clone = unit(state, "p1_hero_clone_1")
    assert (clone.hp, clone.atk, clone.move, clone.reach) == (1, 1, 1, 1)
    assert (clone.seat, clone.category, clone.pos, clone.rounds_left) == (0, CLONE, (3, 0), 2)


def test_shadow_clone_acts_in_the_round_it_appears() -> None:
    """§9.5, §5: a clone made mid-round must act or pass before the round ends."""
    state = battle("rogue_shadow_clone")
    act(state, Skill("p1_hero", 2, 1))
    for uid in ("p2_hero", "p1_minion_1", "p2_minion_1", "p1_minion_2", "p2_minion_2"):
        act(state, EndTurn(uid))
    assert state.round == 1 and state.current_player == 0
    assert {a.unit for a in legal(state)} == {"p1_hero_clone_1"}
    act(state, Move("p1_hero_clone_1", 2, 2))
    assert state.round == 2


def test_shadow_clone_expires_at_the_second_round_end() -> None:
    """§9.5: lasts 2 rounds (decay from round 3 here, so decay does not kill it first)."""
    state = battle("rogue_shadow_clone", decay_start_round=3)
    act(state, Skill("p1_hero", 2, 1))
    finish_round(state)
    assert hp(state, "p1_hero_clone_1") == 1 and unit(state, "p1_hero_clone_1").rounds_left == 1
    finish_round(state)
    clone = unit(state, "p1_hero_clone_1")
    assert clone.hp <= 0 and clone.x == -1 and state.obstacles == {} and state.tiles == {}


def test_shadow_clone_ids_count_every_clone_of_the_match() -> None:
    """docs "Seats, units": clones are <hero id>_clone_<n>, n counting every clone of the
    match from 1; several may exist at once."""
    state = battle("rogue_shadow_clone", "rogue_shadow_clone")
    act(state, Skill("p1_hero", 2, 1))
    act(state, Skill("p2_hero", 2, 3))
    clones = [(u.id, u.seat, u.pos) for u in state.living() if u.category == CLONE]
    assert clones == [("p1_hero_clone_1", 0, (2, 1)), ("p2_hero_clone_2", 1, (2, 3))]


def test_shadow_clone_cannot_be_healed() -> None:
    """§9.5 (docs): a clone gains no HP, from a LIFE tile here, but keeps the buff."""
    state = battle("rogue_shadow_clone")
    act(state, Skill("p1_hero", 2, 1))
    state.tiles[(2, 2)] = ["LIFE", 2]
    act(state, Move("p1_hero_clone_1", 2, 2))
    clone = unit(state, "p1_hero_clone_1")
    assert clone.hp == 1 and clone.buffs == {"LIFE": 2}


def test_a_killed_shadow_clone_leaves_nothing_and_asks_nothing() -> None:
    """§9.2, §9.5: clone deaths give no death choice and no map object."""
    state = battle("rogue_shadow_clone")
    act(state, Skill("p1_hero", 2, 1))
    arrange(state, p2_minion_1=(2, 2))
    act(state, Attack("p2_minion_1", 2, 1))
    assert hp(state, "p1_hero_clone_1") <= 0
    assert state.deaths == [] and state.obstacles == {} and state.tiles == {}
    assert state.current_player == 0


# ---------------------------------------------------------------------- HUNTRESS


def test_spirit_hawk_deals_two_within_four_ignoring_obstacles() -> None:
    """§11.2 #10: 2 damage to a visible enemy within 4; no line of sight needed."""
    state = battle("huntress_spirit_hawk")
    state.obstacles[(2, 1)] = 3
    state.obstacles[(2, 2)] = 3
    state._legal = None
    assert skill_tiles(state) == {(2, 4)}  # (0, 4) and (4, 4) are 6 away
    act(state, Skill("p1_hero", 2, 4))
    assert hp(state, "p2_hero") == 3


def test_spirit_hawk_refuses_an_invisible_target() -> None:
    """Companion §11.1 (docs; CODE bug 4): single-enemy skills need a visible enemy."""
    state = battle("huntress_spirit_hawk")
    unit(state, "p2_hero").invisible = True
    with pytest.raises(IllegalAction, match="cannot be used on"):
        act(state, Skill("p1_hero", 2, 4))


def test_spectral_blades_pierce_three_tiles_and_stop_there() -> None:
    """§11.2 #11 (ours: range 3, CODE ran to the edge): 1 damage to every enemy on the
    next 3 tiles; obstacles and units do not stop the blades; the 4th tile is spared."""
    state = battle("huntress_spectral_blades")
    state.obstacles[(2, 1)] = 3
    arrange(state, p1_hero=(0, 1), p2_minion_1=(1, 1), p2_minion_2=(3, 1), p2_hero=(4, 1))
    assert skill_tiles(state) == {(1, 1)}
    act(state, Skill("p1_hero", 1, 1))
    assert [hp(state, u) for u in ("p2_minion_1", "p2_minion_2", "p2_hero")] == [1, 4, 5]
    assert state.obstacles[(2, 1)] == 3


def test_spectral_blades_spare_friends_and_hit_the_invisible() -> None:
    """§11.2 #11: friends on the line are spared; invisible enemies are hit."""
    state = battle("huntress_spectral_blades")
    arrange(state, p1_hero=(0, 1), p1_minion_2=(1, 1), p2_hero=(2, 1))
    unit(state, "p2_hero").invisible = True
    act(state, Skill("p1_hero", 1, 1))
    assert hp(state, "p1_minion_2") == 3 and hp(state, "p2_hero") == 4


def test_spectral_blades_need_an_enemy_on_the_line() -> None:
    """Companion §11.1 (SKILL §6.2): a LINE skill with nothing to hit is not offered."""
    state = battle("huntress_spectral_blades")
    assert skill_tiles(state) == set()  # P2's hero is 4 tiles up
    arrange(state, p2_hero=(2, 3))
    assert skill_tiles(state) == {(2, 1)}


def test_natures_power_gives_two_charges_and_life() -> None:
    """§11.2 #12: 2 charges and LIFE (+3 HP at once, above max HP)."""
    state = battle("huntress_natures_power")
    act(state, Skill("p1_hero", 2, 0))
    hero = unit(state, "p1_hero")
    assert (hero.charges, hero.hp, hero.buffs) == (2, 8, {"LIFE": 2})


def test_natures_power_adds_two_to_the_next_two_attacks_across_round_ends() -> None:
    """§11.2 #12: +2 on each of the next 2 attacks; charges survive round ends."""
    state = battle("huntress_natures_power")
    arrange(state, p2_hero=(2, 1))
    unit(state, "p2_hero").hp = 20
    act(state, Skill("p1_hero", 2, 0))
    finish_round(state)
    act(state, Attack("p1_hero", 2, 1))
    finish_round(state)
    act(state, Attack("p1_hero", 2, 1))
    finish_round(state)
    act(state, Attack("p1_hero", 2, 1))
    assert hp(state, "p2_hero") == 20 - 3 - 3 - 1
    assert unit(state, "p1_hero").charges == 0


def test_natures_power_sets_the_charges_to_two_without_adding() -> None:
    """docs "Nature's Power" (ours): the charges are set to 2, not added."""
    state = battle("huntress_natures_power")
    unit(state, "p1_hero").charges = 1
    act(state, Skill("p1_hero", 2, 0))
    assert unit(state, "p1_hero").charges == 2


# ---------------------------------------------------------------------- DUELIST


def test_challenge_targets_a_visible_enemy_within_two() -> None:
    """§11.2 #13: CHALLENGE for 2 rounds, tied to this Duelist."""
    state = battle("duelist_challenge")
    arrange(state, p2_minion_1=(2, 2), p2_hero=(1, 3))
    assert skill_tiles(state) == {(2, 2)}
    act(state, Skill("p1_hero", 2, 2))
    target = unit(state, "p2_minion_1")
    assert target.buffs == {"CHALLENGE": 2} and target.challenger == "p1_hero"


def test_challenged_unit_deals_half_rounded_down_to_anyone_but_the_duelist() -> None:
    """§11.2 #13, A17: the assassin's 2 become 1 against the archer."""
    state = battle("duelist_challenge")
    arrange(state, p2_minion_1=(2, 2), p1_minion_2=(3, 2))
    act(state, Skill("p1_hero", 2, 2))
    act(state, Attack("p2_minion_1", 3, 2))
    assert hp(state, "p1_minion_2") == 3 - 1


def test_challenged_unit_hitting_the_duelist_deals_full_and_takes_a_two_counter() -> None:
    """§11.2 #13: full damage to the Duelist, then a 2-damage counter using no action."""
    state = battle("duelist_challenge")
    arrange(state, p2_minion_2=(2, 2))  # P2's TANK (5 HP, 1 ATK)
    act(state, Skill("p1_hero", 2, 2))
    arrange(state, p2_minion_2=(2, 1))
    act(state, Attack("p2_minion_2", 2, 0))
    assert hp(state, "p1_hero") == 4 and hp(state, "p2_minion_2") == 3
    assert unit(state, "p1_hero").acted == 1  # the Duelist's own action, not the counter


def test_challenge_counter_can_be_taken_by_the_attackers_guardian() -> None:
    """§11.2 #13: the counter is attack-type; the attacker's adjacent TANK takes it."""
    state = battle("duelist_challenge")
    arrange(state, p2_minion_1=(2, 1), p2_minion_2=(3, 1))
    act(state, Skill("p1_hero", 2, 1))
    act(state, Attack("p2_minion_1", 2, 0))
    assert hp(state, "p1_hero") == 3
    assert hp(state, "p2_minion_1") == 2 and hp(state, "p2_minion_2") == 3


def test_challenge_lasts_two_round_ends() -> None:
    """§11.2 #13: gained in round 1, active in round 2, gone at round 2's end."""
    state = battle("duelist_challenge")
    arrange(state, p2_hero=(2, 2))
    act(state, Skill("p1_hero", 2, 2))
    finish_round(state)
    assert unit(state, "p2_hero").buffs == {"CHALLENGE": 1}
    finish_round(state)
    assert unit(state, "p2_hero").buffs == {}


def test_elemental_strike_deals_three_and_the_chosen_debuff_to_an_adjacent_enemy() -> None:
    """§11.2 #14: range 1; 3 damage and the player's choice of BLEED, SLOW or WEAKNESS."""
    state = battle("duelist_elemental_strike")
    arrange(state, p2_hero=(2, 1), p2_minion_1=(2, 2))
    strikes = [a for a in legal(state, "p1_hero") if isinstance(a, Skill)]
    assert strikes == [Skill("p1_hero", 2, 1, c) for c in ("BLEED", "SLOW", "WEAKNESS")]
    act(state, Skill("p1_hero", 2, 1, "SLOW"))
    assert hp(state, "p2_hero") == 2 and unit(state, "p2_hero").buffs == {"SLOW": 2}


def test_elemental_strike_debuff_goes_to_the_guardian_that_took_the_damage() -> None:
    """docs "Debuff receivers" (ours for the Strike): the receiver gets the debuff."""
    state = battle("duelist_elemental_strike")
    arrange(state, p2_hero=(2, 1), p2_minion_2=(3, 1))
    act(state, Skill("p1_hero", 2, 1, "WEAKNESS"))
    assert hp(state, "p2_minion_2") == 5 - 3 - 1 and unit(state, "p2_minion_2").buffs == {
        "WEAKNESS": 2
    }
    assert hp(state, "p2_hero") == 5 and unit(state, "p2_hero").buffs == {}


def test_feint_makes_the_next_attack_miss_and_counters_for_two() -> None:
    """§11.2 #15: the attack misses, the Duelist counters for 2, FEINT is used up."""
    state = battle("duelist_feint")
    arrange(state, p2_minion_2=(2, 1))
    act(state, Skill("p1_hero", 2, 0))
    assert unit(state, "p1_hero").buffs == {"FEINT": 2}
    act(state, Attack("p2_minion_2", 2, 0))
    assert hp(state, "p1_hero") == 5 and hp(state, "p2_minion_2") == 3
    assert unit(state, "p1_hero").buffs == {}
    finish_round(state)
    act(state, Attack("p2_minion_2", 2, 0))  # no Feint left: a plain hit
    assert hp(state, "p1_hero") == 4


def test_feint_lasts_two_round_ends_when_not_triggered() -> None:
    """§11.2 #15: 2 rounds or until triggered."""
    state = battle("duelist_feint")
    act(state, Skill("p1_hero", 2, 0))
    finish_round(state)
    assert unit(state, "p1_hero").buffs == {"FEINT": 1}
    finish_round(state)
    assert unit(state, "p1_hero").buffs == {}


# ---------------------------------------------------------------------- CLERIC


def test_trinity_heals_three_cleanses_one_random_debuff_and_gives_life() -> None:
    """§11.2 #16: +3, one debuff removed at random (label cleanse), LIFE +3: +6 in all,
    above max HP (SA4)."""
    state = battle("cleric_trinity")
    give(state, "p1_minion_1", "WEAKNESS")
    give(state, "p1_minion_1", "BLEED")
    state.rng.script("cleanse", [1])  # index into (WEAKNESS, BLEED): BLEED
    act(state, Skill("p1_hero", 0, 0))
    tank = unit(state, "p1_minion_1")
    assert tank.hp == 11 and tank.max_hp == 5
    assert tank.buffs == {"WEAKNESS": 2, "LIFE": 2}


def test_trinity_is_doubled_on_an_invulnerable_target() -> None:
    """§11.2 #16: everything doubled on an INVULNERABLE target: +12."""
    state = battle("cleric_trinity")
    give(state, "p1_hero", "INVULNERABLE", 1)
    act(state, Skill("p1_hero", 2, 0))
    assert hp(state, "p1_hero") == 5 + 12


def test_trinity_reaches_friends_within_two_self_included_but_no_clone() -> None:
    """§11.2 #16: SINGLE_ALLY within 2, self allowed; clones cannot be targeted."""
    state = battle("cleric_trinity")
    clone = Unit("p1_hero_clone_1", 0, CLONE, "CLONE", DATA.clone_stats, 2, 1)
    state.units.append(clone)
    state.units.sort(key=lambda u: u.id)
    arrange(state, p2_hero=(3, 0), p1_minion_2=(4, 1))
    assert skill_tiles(state) == {(2, 0), (0, 0)}


def test_power_of_many_gives_every_ally_one_hp_and_one_atk_for_the_round() -> None:
    """§11.2 #17: every living ally, the Cleric included: +1 HP, +1 ATK for 1 round."""
    state = battle("cleric_power_of_many")
    act(state, Skill("p1_hero", 2, 0))
    assert [hp(state, u) for u in ("p1_hero", "p1_minion_1", "p1_minion_2")] == [6, 6, 4]
    assert hp(state, "p2_hero") == 5
    assert state.effective_atk(unit(state, "p1_minion_2")) == 2
    arrange(state, p2_minion_1=(4, 2))
    act(state, Attack("p1_minion_2", 4, 2))
    assert hp(state, "p2_minion_1") == 0
    finish_round(state)
    assert unit(state, "p1_minion_2").buffs == {}


def test_ascended_form_makes_the_cleric_invulnerable_until_the_round_end() -> None:
    """§11.2 #18: INVULNERABLE for 1 round: attacks do nothing; gone at the round end."""
    state = battle("cleric_ascended_form")
    arrange(state, p2_minion_1=(2, 1))
    act(state, Skill("p1_hero", 2, 0))
    act(state, Attack("p2_minion_1", 2, 0))
    assert hp(state, "p1_hero") == 5
    finish_round(state)
    assert "INVULNERABLE" not in unit(state, "p1_hero").buffs


def test_an_invulnerable_cleric_cannot_attack_but_may_use_skills() -> None:
    """§11.2 #18, §10.7: no ATTACK and no MOVE_AND_ATTACK; skills (heals) still allowed."""
    state = battle("cleric_trinity")
    arrange(state, p2_minion_1=(2, 1))
    give(state, "p1_hero", "INVULNERABLE", 1)
    mine = legal(state, "p1_hero")
    assert not any(isinstance(a, Attack | MoveAttack) for a in mine)
    assert Skill("p1_hero", 2, 0) in mine
    with pytest.raises(IllegalAction, match="cannot attack"):
        act(state, Attack("p1_hero", 2, 1))


def test_a_skill_kill_asks_the_death_choice_of_the_minions_owner() -> None:
    """Companion §17 bug 3 avoided: a skill kill raises the death choice."""
    state = battle("huntress_spirit_hawk")
    unit(state, "p2_minion_1").hp = 2
    arrange(state, p2_minion_1=(1, 2))
    act(state, Skill("p1_hero", 1, 2))
    assert state.to_move() == (1,) and state.deaths == [("p2_minion_1", 1, 2, 1)]
    state.apply(OBSTACLE, 1)
    assert state.obstacles == {(1, 2): 3}
