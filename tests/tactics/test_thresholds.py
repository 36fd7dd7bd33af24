"""Every numeric threshold of the 5×5 Tactics rules, tested exactly at the limit and just
either side: HP and obstacle HP reaching exactly 0 (damage equal to HP), shields, the
round-8 pressure and the rounds around it, decay from round one (and from its option's
round), the round a hero falls to pressure alone, the round cap, every range (moves,
attacks, move-and-attack, skills, the Guardian), Challenge's halving of odd amounts and the
damage floor. Counters that run out (buffs, tiles, cooldowns, shields, clones, charges,
SPEED's two actions) are tested at their end in test_buffs.py, test_statuses.py,
test_skills.py and test_rulings.py (A19); the chances in test_chance.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from sparring.games.tactics.actions import Attack, EndTurn, Move, MoveAttack, Skill
from sparring.games.tactics.state import TacticsState

from .helpers import OFF, act, arrange, battle, events, finish_round, give, hp, legal, unit

Tile = tuple[int, int]


def skill_tiles(state: TacticsState) -> set[Tile]:
    return {(a.x, a.y) for a in legal(state, "p1_hero") if isinstance(a, Skill)}


def column_tile(distance: int) -> Tile:
    """A tile at `distance` from P1's hero on (2, 0): up column 2, then along row 4."""
    return (2, distance) if distance <= 4 else (2 + distance - 4, 4)


# ---------------------------------------------------------------------- HP exactly 0


@pytest.mark.parametrize(("start", "left", "dead"), [(3, 1, False), (2, 0, True), (1, -1, True)])
def test_a_minion_dies_when_damage_reaches_its_hp_exactly(
    start: int, left: int, dead: bool
) -> None:
    """Rules §8: "if target.hp <= 0: mark dead". An ASSASSIN's 2 against 3, 2 and 1 HP:
    1 HP left lives; exactly 0 dies (and asks its owner); below 0 dies."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    arrange(state, p2_minion_1=(0, 1))
    unit(state, "p2_minion_1").hp = start
    act(state, Attack("p1_minion_1", 0, 1))
    assert hp(state, "p2_minion_1") == left
    assert bool(state.deaths) is dead
    assert (unit(state, "p2_minion_1").pos == (-1, -1)) is dead


@pytest.mark.parametrize(("start", "over"), [(2, False), (1, True)])
def test_a_hero_falls_when_damage_equals_its_hp(start: int, over: bool) -> None:
    """Rules §5: killing the enemy hero wins; 1 HP left does not."""
    state = battle()
    arrange(state, p2_hero=(2, 1))
    unit(state, "p2_hero").hp = start
    act(state, Attack("p1_hero", 2, 1))
    assert state.is_terminal() is over
    assert state.winner == (0 if over else None)


@pytest.mark.parametrize(("shield", "hero_hp", "shield_left"), [(4, 5, 1), (3, 5, 0), (2, 4, 0)])
def test_a_shield_equal_to_the_damage_absorbs_all_of_it(
    shield: int, hero_hp: int, shield_left: int
) -> None:
    """Companion §7 step 6: the shield absorbs first. A hit of 3 (Elemental Blast) on a
    shield of 4, 3 and 2."""
    state = battle("warrior_endure", "mage_elemental_blast")
    arrange(state, p2_hero=(2, 3))
    unit(state, "p1_hero").shield = shield
    act(state, Skill("p2_hero", 2, 0))
    assert (hp(state, "p1_hero"), unit(state, "p1_hero").shield) == (hero_hp, shield_left)


@pytest.mark.parametrize(("start", "left"), [(3, 1), (2, None), (1, None)])
def test_an_obstacle_is_removed_when_its_hp_reaches_exactly_zero(
    start: int, left: int | None
) -> None:
    """Rules §4.3, §8: "destroyed when HP <= 0". An ASSASSIN's 2 against 3, 2, 1 HP."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    state.obstacles[(0, 1)] = start
    act(state, Attack("p1_minion_1", 0, 1))
    assert state.obstacles.get((0, 1)) == left
    assert events(state, "obstacle")[-1]["hp"] == (left or 0)


@pytest.mark.parametrize(("start", "over"), [(2, False), (1, True)])
def test_a_time_out_at_one_hero_hp_kills_the_hero(start: int, over: bool) -> None:
    """Rules §2.3: a time-out costs the hero 1 HP; at 1 HP that is its death."""
    state = battle()
    unit(state, "p1_hero").hp = start
    state.timeout(0)
    assert hp(state, "p1_hero") == start - 1
    assert state.is_terminal() is over and state.winner == (1 if over else None)


# ---------------------------------------------------------------------- rounds


def round_end_losses(state: TacticsState, number: int) -> dict[str, int]:
    """Play round `number` (every unit passes, choices answered) and return each living
    unit's HP lost at its end."""
    state.round = number
    before = {u.id: u.hp for u in state.units if u.hp > 0}
    finish_round(state)
    return {uid: before[uid] - max(hp(state, uid), 0) for uid in before}


@pytest.mark.parametrize(("number", "hero_loss"), [(7, 0), (8, 1), (9, 1)])
def test_pressure_starts_at_the_end_of_round_eight(number: int, hero_loss: int) -> None:
    """Rules §3.2: "starting from Round 8, all units lose 1 HP per round", heroes too,
    stacking with decay (a minion loses 2)."""
    lost = round_end_losses(battle(), number)
    assert lost["p1_hero"] == lost["p2_hero"] == hero_loss
    assert lost["p1_minion_1"] == 1 + hero_loss


@pytest.mark.parametrize(
    ("options", "number", "minion_loss"),
    [({}, 1, 1), ({}, 2, 1), ({"decay_start_round": 3}, 2, 0), ({"decay_start_round": 3}, 3, 1)],
)
def test_decay_runs_from_round_one_or_from_the_options_round(
    options: dict[str, Any], number: int, minion_loss: int
) -> None:
    """Rules §3.1: "at the end of each round, all minions lose 1 HP" — from round 1 (A4);
    with decay_start_round = 3 from round 3 on, not at round 2. Heroes never decay."""
    lost = round_end_losses(battle(**options), number)
    assert lost["p1_minion_1"] == lost["p2_minion_2"] == minion_loss
    assert lost["p1_hero"] == lost["p2_hero"] == 0


def test_a_hero_left_to_pressure_alone_falls_at_the_end_of_round_twelve() -> None:
    """Rules §3.2: 5 HP, 1 a round from round 8: 4, 3, 2, 1 after rounds 8-11, 0 after
    round 12 — both heroes at once, so the last actor wins (A9)."""
    state = battle()
    arrange(state, p1_minion_1=OFF, p1_minion_2=OFF, p2_minion_1=OFF, p2_minion_2=OFF)
    state.round = 7
    heroes = []
    while not state.is_terminal():
        finish_round(state)
        heroes.append((state.round, hp(state, "p1_hero"), hp(state, "p2_hero")))
    assert heroes == [(8, 5, 5), (9, 4, 4), (10, 3, 3), (11, 2, 2), (12, 1, 1), (12, 0, 0)]
    assert state.winner == state.last_actor == 1


@pytest.mark.parametrize(("rounds", "over"), [(1, False), (2, True)])
def test_the_round_cap_ends_the_game_at_the_end_of_its_round(rounds: int, over: bool) -> None:
    """The round cap (ours, option round_cap): at the end of round `round_cap`, not
    before, the hero with more HP wins."""
    state = battle(round_cap=2)
    unit(state, "p2_hero").hp = 4
    for _ in range(rounds):
        finish_round(state)
    assert state.is_terminal() is over
    if over:
        assert state.winner == 0 and state.end_reason == "round cap reached: hero HP 5-4"
    else:
        assert state.round == 2


# ---------------------------------------------------------------------- ranges


@pytest.mark.parametrize(
    ("uid", "start", "reach"), [("p1_hero", (2, 0), 1), ("p1_minion_2", (4, 0), 3)]
)
def test_an_attack_reaches_exactly_its_range(uid: str, start: Tile, reach: int) -> None:
    """Rules §7: invalid if "distance > unit's attackRange". The hero (range 1) and the
    ARCHER (range 3, companion §3.1), each in its column: at the range yes, one more no."""
    state = battle()
    arrange(state, p2_minion_2=(3, 4))
    for distance, offered in ((reach, True), (reach + 1, False)):
        tile = (start[0], start[1] + distance)
        arrange(state, p2_minion_1=tile)
        assert (Attack(uid, *tile) in legal(state, uid)) is offered, distance


@pytest.mark.parametrize(("movement", "tile", "offered"), [
    ("line", (0, 4), True),
    ("path", (1, 3), True),
    ("path", (1, 4), False),
])  # fmt: skip
def test_a_move_reaches_exactly_its_move_range(movement: str, tile: Tile, offered: bool) -> None:
    """Rules §7: invalid if "distance > unit's moveRange". The ASSASSIN (move 4) from
    (0, 0): 4 tiles up its column; with path movement 4 steps but not 5."""
    state = battle(m1=("ASSASSIN", "ARCHER"), movement=movement)
    arrange(state, p2_minion_1=(3, 3))
    assert (Move("p1_minion_1", *tile) in legal(state, "p1_minion_1")) is offered


def test_a_hero_moves_exactly_one_tile() -> None:
    state = battle()
    moves = {(a.x, a.y) for a in legal(state, "p1_hero") if isinstance(a, Move)}
    assert moves == {(1, 0), (3, 0), (2, 1)}


def test_move_and_attack_needs_the_target_at_distance_one_after_the_move() -> None:
    """Rules §2.4 and A3: after the move the enemy must be within 1 tile. The ARCHER steps
    to (4, 1): an enemy on (4, 2) can be hit, one on (4, 3) only by a plain attack."""
    state = battle()
    arrange(state, p2_minion_1=(4, 2))
    assert MoveAttack("p1_minion_2", 4, 1, 4, 2) in legal(state, "p1_minion_2")
    arrange(state, p2_minion_1=(4, 3))
    mine = legal(state, "p1_minion_2")
    assert MoveAttack("p1_minion_2", 4, 1, 4, 3) not in mine
    assert Attack("p1_minion_2", 4, 3) in mine


ENEMY_SKILLS = [
    ("mage_elemental_blast", 3),
    ("rogue_death_mark", 2),
    ("huntress_spirit_hawk", 4),
    ("duelist_challenge", 2),
    ("duelist_elemental_strike", 1),
]


@pytest.mark.parametrize(("skill", "reach"), ENEMY_SKILLS)
def test_a_single_enemy_skill_reaches_exactly_its_range(skill: str, reach: int) -> None:
    """Companion §11.2's ranges (Manhattan): the enemy hero one closer, at the range, and
    one farther."""
    state = battle(skill)
    for distance in (reach - 1, reach, reach + 1):
        if distance < 1:
            continue
        tile = column_tile(distance)
        arrange(state, p2_hero=tile)
        assert (tile in skill_tiles(state)) is (distance <= reach), distance


@pytest.mark.parametrize(
    ("skill", "reach"),
    [("warrior_heroic_leap", 3), ("rogue_smoke_bomb", 3), ("mage_warp_beacon", 4)],
)
def test_a_free_tile_skill_reaches_exactly_its_range(skill: str, reach: int) -> None:
    """Companion §11.2: Heroic Leap and Smoke Bomb within 3, the Warp Beacon within 4."""
    state = battle(skill)
    arrange(state, p2_hero=(0, 3))
    tiles = skill_tiles(state)
    for distance in (reach - 1, reach, reach + 1):
        assert (column_tile(distance) in tiles) is (distance <= reach), distance


def test_trinity_reaches_an_ally_at_two_not_three() -> None:
    state = battle("cleric_trinity")
    for distance, offered in ((1, True), (2, True), (3, False)):
        arrange(state, p1_minion_1=column_tile(distance))
        assert (column_tile(distance) in skill_tiles(state)) is offered, distance


def test_a_shadow_clone_appears_at_distance_exactly_one() -> None:
    """Companion §11.2 #9: an orthogonally adjacent free tile: not the Rogue's own, not 2."""
    assert skill_tiles(battle("rogue_shadow_clone")) == {(1, 0), (3, 0), (2, 1)}


@pytest.mark.parametrize(("tank", "guarded"), [((1, 0), True), ((1, 1), False), ((0, 0), False)])
def test_the_guardian_intercepts_at_distance_one_only(tank: Tile, guarded: bool) -> None:
    """Companion §3.1: the TANK must be orthogonally adjacent (distance 1) to the target:
    beside it yes, diagonal (distance 2) or two tiles away no."""
    state = battle()
    arrange(state, p1_minion_1=tank, p2_minion_1=(2, 1))
    act(state, Attack("p2_minion_1", 2, 0))
    assert hp(state, "p1_hero") == (5 if guarded else 3)
    assert hp(state, "p1_minion_1") == (3 if guarded else 5)


# ---------------------------------------------------------------------- halving and floor


@pytest.mark.parametrize(("atk_bonus", "dealt"), [(0, 1), (1, 1), (2, 2)])
def test_challenge_halves_odd_amounts_rounding_down(atk_bonus: int, dealt: int) -> None:
    """A17: the challenged ASSASSIN's 2, 3 (POWER_OF_MANY) and 4 (+2 by hand) become 1, 1
    and 2 against anyone but the Duelist."""
    state = battle("duelist_challenge")
    arrange(state, p2_minion_1=(2, 2), p1_minion_1=(3, 2))
    act(state, Skill("p1_hero", 2, 2))
    unit(state, "p2_minion_1").atk += atk_bonus
    act(state, Attack("p2_minion_1", 3, 2))
    assert hp(state, "p1_minion_1") == 5 - dealt


@pytest.mark.parametrize(
    ("buffs", "dealt"), [(("WEAKNESS",), 0), (("WEAKNESS", "POWER_OF_MANY"), 1)]
)
def test_effective_atk_is_floored_at_zero_exactly(buffs: tuple[str, ...], dealt: int) -> None:
    """A17: ASSASSIN 2 − 2 (WEAKNESS) = 0 deals nothing; + 1 (POWER_OF_MANY) deals 1."""
    state = battle(m1=("ASSASSIN", "ARCHER"))
    arrange(state, p2_minion_2=(0, 1))
    for buff in buffs:
        give(state, "p1_minion_1", buff, 1)
    act(state, Attack("p1_minion_1", 0, 1))
    assert hp(state, "p2_minion_2") == 5 - dealt


def test_a_round_ends_when_the_last_living_unit_has_acted_not_one_activation_before() -> None:
    """Rules §2.2: "a Round ends only when ALL living units on the board have acted
    once"."""
    state = battle()
    for uid in ("p1_hero", "p2_hero", "p1_minion_1", "p2_minion_1", "p1_minion_2"):
        act(state, EndTurn(uid))
    assert state.round == 1
    act(state, EndTurn("p2_minion_2"))
    assert state.round == 2
