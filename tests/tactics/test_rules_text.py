"""Where the rules text decides what the original code or an earlier ruling did otherwise:
the default follows the text, and the other behaviour is a named option. Each item has a
test of the default and a test of the option, each failing if that behaviour were wrong.

- MOVE_AND_SKILL is an action (rules §2.3; option ``move_and_skill = false``).
- An obstacle loses the attacker's raw ``attack`` (rules §8; option ``obstacle_damage =
  "effective_atk"``).
- Every friendly minion death offers its owner the choice (rules §4.1), round-end deaths
  included (option ``system_death_spawn = "parity"``).
- The round end runs in rules §9's order: decay, poison (BLEED), durations, pressure
  (option ``round_end_order = "companion"``: BLEED, decay, pressure, durations).
- A Challenge counter comes even when the hit kills the Duelist (companion §7 step 5), so
  both heroes can fall, and then the active player wins (rules §5.1) (option
  ``challenge_counter = "survivor"``: only a Duelist that survived counters).
"""

from __future__ import annotations

from typing import Any

import pytest

from sparring.agents.uniform import UniformRandomAgent
from sparring.core.errors import IllegalAction
from sparring.core.playout import play_match
from sparring.games.tactics.actions import (
    BUFF_TILE,
    OBSTACLE,
    Attack,
    EndTurn,
    MoveSkill,
    Skill,
    action_from_json,
)
from sparring.games.tactics.greedy import GreedyAgent
from sparring.games.tactics.options import TacticsOptions
from sparring.games.tactics.render import describe_event
from sparring.games.tactics.spec import SPEC
from sparring.games.tactics.state import TacticsState
from sparring.games.tactics.views import view

from .helpers import OFF, act, arrange, battle, events, give, hp, legal, unit

# ---------------------------------------------------------------------- MOVE_AND_SKILL


def test_move_and_skill_is_an_action_aimed_from_the_new_tile() -> None:
    """Rules §2.3: MOVE_AND_SKILL, one action: a legal move, then the skill measured from
    the landing tile. The hawk (reach 4) cannot reach (0, 3) from (2, 0) (distance 5); from
    (2, 1) it can."""
    state = battle("huntress_spirit_hawk")
    arrange(state, p2_hero=(0, 3))
    assert Skill("p1_hero", 0, 3) not in legal(state)
    assert MoveSkill("p1_hero", 2, 1, 0, 3) in legal(state)
    state.apply(MoveSkill("p1_hero", 2, 1, 0, 3), 0)
    assert unit(state, "p1_hero").pos == (2, 1)
    assert hp(state, "p2_hero") == 5 - 2
    assert unit(state, "p1_hero").cooldown == 2
    assert state.to_move() == (1,)  # one action: the turn passes


def test_option_move_and_skill_off_neither_offers_nor_accepts_it() -> None:
    """Option move_and_skill = false (the original code, which has no such action)."""
    state = battle("huntress_spirit_hawk", move_and_skill=False)
    arrange(state, p2_hero=(0, 3))
    assert not any(isinstance(a, MoveSkill) for a in legal(state))
    with pytest.raises(IllegalAction, match="option move_and_skill"):
        state.apply(MoveSkill("p1_hero", 2, 1, 0, 3), 0)


def test_move_and_skill_round_trips_through_json_and_reads_in_the_log() -> None:
    action = MoveSkill("p1_hero", 2, 1, 2, 2, "SLOW")
    assert action_from_json(action.to_json()) == action
    state = battle("duelist_elemental_strike")
    arrange(state, p2_hero=(2, 2))
    state.apply(action, 0)
    line = describe_event(events(state, "act")[-1], 0)
    assert line == "p1_hero: move to 2,1 and use the skill at 2,2 (SLOW)"
    assert unit(state, "p2_hero").buffs["SLOW"] == 2


def test_greedy_takes_a_winning_move_and_skill() -> None:
    """The enemy hero at 2 HP, out of the hawk's reach until our Huntress steps: the one
    winning action is a MOVE_AND_SKILL, and the greedy agent finds it."""
    for seed in range(3):
        state = battle("huntress_spirit_hawk")
        arrange(state, p2_hero=(0, 3))
        unit(state, "p2_hero").hp = 2
        choice = GreedyAgent(0, seed).act(view(state, 0), state.legal_actions(0))
        assert isinstance(choice, MoveSkill), choice
        state.apply(choice, 0)
        assert state.winner == 0


def test_random_agents_play_move_and_skill() -> None:
    """Random play under the default rules offers, takes and accepts MOVE_AND_SKILL."""
    taken = 0
    for seed in range(6):
        agents: list[Any] = [UniformRandomAgent(0, seed), UniformRandomAgent(1, seed + 50)]
        state = play_match(SPEC, seed, TacticsOptions(round_cap=6), agents)
        taken += sum(1 for e in events(state, "act") if e["action"]["type"] == "move_skill")
    assert taken > 0


# ---------------------------------------------------------------------- obstacle damage


def test_an_obstacle_loses_the_attackers_raw_attack_not_its_buffed_atk() -> None:
    """Rules §8: ``obstacle.hp -= attacker.attack``. A hero with WEAKNESS (effective ATK
    max(0, 1 - 2) = 0) still takes 1 off; an ARCHER with POWER_OF_MANY (effective 2) takes
    only its 1."""
    state = battle()
    state.obstacles[(2, 1)] = 3
    state.obstacles[(4, 1)] = 3
    give(state, "p1_hero", "WEAKNESS")
    give(state, "p1_minion_2", "POWER_OF_MANY", 1)
    act(state, Attack("p1_hero", 2, 1))
    act(state, Attack("p1_minion_2", 4, 1))
    assert state.obstacles == {(2, 1): 2, (4, 1): 2}


def test_option_obstacle_damage_effective_atk_counts_the_buffs() -> None:
    """Option obstacle_damage = "effective_atk" (the original code's reading, without its
    Nature's Power charge): WEAKNESS takes nothing off, POWER_OF_MANY adds its 1."""
    state = battle(obstacle_damage="effective_atk")
    state.obstacles[(2, 1)] = 3
    state.obstacles[(4, 1)] = 3
    give(state, "p1_hero", "WEAKNESS")
    give(state, "p1_minion_2", "POWER_OF_MANY", 1)
    act(state, Attack("p1_hero", 2, 1))
    act(state, Attack("p1_minion_2", 4, 1))
    assert state.obstacles == {(2, 1): 3, (4, 1): 1}


# ---------------------------------------------------------------------- round-end deaths


def pass_all(state: TacticsState) -> None:
    """Every unit with an action left passes, up to the round end (and no further)."""
    start = state.round
    while state.round == start and not state.deaths and not state.is_terminal():
        seat = state.to_move()[0]
        uid = next(u.id for u in state.units if u.seat == seat and state.can_act(u))
        state.apply(EndTurn(uid), seat)


def decaying_minions(**options: Any) -> TacticsState:
    """Round 1 with P1's ARCHER (4, 0) and P2's ASSASSIN (0, 4) at 1 HP: both die of
    decay at its end."""
    state = battle(**options)
    unit(state, "p1_minion_2").hp = 1
    unit(state, "p2_minion_1").hp = 1
    return state


def test_a_minion_dying_at_the_round_end_asks_its_owner_and_the_round_end_waits() -> None:
    """Rules §4.1: every friendly minion death lets its owner choose, decay deaths too.
    The round end stops after the decay step, asks each owner in unit-id order, then goes
    on: the next round begins only after the last answer."""
    state = decaying_minions()
    pass_all(state)
    assert state.round == 1 and state.round_end_next is not None
    assert state.deaths == [("p1_minion_2", 4, 0, 0), ("p2_minion_1", 0, 4, 1)]
    assert state.to_move() == (0,) and list(state.legal_actions(0)) == [OBSTACLE, BUFF_TILE]
    with pytest.raises(IllegalAction, match="death choice is pending"):
        state.apply(EndTurn("p1_hero"), 0)
    state.rng.script("tile_buff", [1])
    state.apply(BUFF_TILE, 0)
    assert state.round == 1 and state.to_move() == (1,)
    state.apply(OBSTACLE, 1)
    assert state.round == 2 and state.round_end_next is None
    assert state.obstacles == {(0, 4): 3} and state.tiles == {(4, 0): ["LIFE", 1]}
    chose = [(e["seat"], e["unit"], e["spawn"]) for e in events(state, "death_choice")]
    assert chose == [(0, "p1_minion_2", "buff_tile"), (1, "p2_minion_1", "obstacle")]


def test_a_round_end_death_choice_is_the_owners_even_with_the_killer_option() -> None:
    """At the round end nobody acted: with death_chooser = "killer" the owner still
    chooses."""
    state = decaying_minions(death_chooser="killer")
    pass_all(state)
    assert [d[3] for d in state.deaths] == [0, 1]


def test_a_round_end_death_choice_timing_out_leaves_an_obstacle_and_the_round_goes_on() -> None:
    state = decaying_minions()
    pass_all(state)
    state.timeout(0)
    state.timeout(1)
    assert state.round == 2 and state.obstacles == {(4, 0): 3, (0, 4): 3}
    assert hp(state, "p1_hero") == 5 and hp(state, "p2_hero") == 5  # no HP penalty


def test_option_parity_round_end_deaths_ask_nobody() -> None:
    """Option system_death_spawn = "parity" (MASTER spec, CODE): the round end never
    waits; round 1 is odd, so both leave obstacles."""
    state = decaying_minions(system_death_spawn="parity")
    pass_all(state)
    assert state.round == 2 and not state.deaths
    assert state.obstacles == {(4, 0): 3, (0, 4): 3}
    assert events(state, "death_choice") == []


# ---------------------------------------------------------------------- round-end order


def bleeding_minion_at_one_hp(**options: Any) -> TacticsState:
    """Round 8, every unit but P1's ARCHER done; that ARCHER has 1 HP and BLEED, and P2's
    TANK 2 HP (decay, then pressure, kill it). P2's ASSASSIN is gone."""
    state = battle(**options)
    state.round = 8
    arrange(state, p2_minion_1=OFF)
    unit(state, "p1_minion_2").hp = 1
    unit(state, "p2_minion_2").hp = 2
    give(state, "p1_minion_2", "BLEED", 1)
    for u in state.units:
        u.acted = 0 if u.id == "p1_minion_2" else 1
    return state


def test_the_round_end_runs_decay_before_poison_and_the_durations_before_pressure() -> None:
    """Rules §9: 1 decay, 2 poison, 3-5 durations and buff tiles, 6 the late-game check.
    The bleeding ARCHER at 1 HP dies of decay (BLEED never touches it), and the buff tile
    its owner leaves is made before the durations tick, so it is ticked once; a PRESSURE
    death's tile comes after them and keeps its 2 rounds."""
    state = bleeding_minion_at_one_hp()
    state.apply(EndTurn("p1_minion_2"), 0)
    causes = [(e["unit"], e["cause"]) for e in events(state, "hurt")]
    assert ("p1_minion_2", "decay") in causes and ("p1_minion_2", "bleed") not in causes
    assert state.deaths == [("p1_minion_2", 4, 0, 0)] and state.round_end_next == "bleed"
    state.rng.script("tile_buff", [1, 2])
    state.apply(BUFF_TILE, 0)
    assert state.deaths == [("p2_minion_2", 4, 4, 1)] and state.round_end_next == "next_round"
    state.apply(BUFF_TILE, 1)
    assert state.round == 9
    assert state.tiles == {(4, 0): ["LIFE", 1], (4, 4): ["SPEED", 2]}


def test_option_round_end_order_companion_runs_bleed_decay_pressure_then_durations() -> None:
    """Option round_end_order = "companion" (companion §12's suggested order): the ARCHER
    dies of BLEED, and both tiles are made before the durations tick once."""
    state = bleeding_minion_at_one_hp(round_end_order="companion")
    state.apply(EndTurn("p1_minion_2"), 0)
    causes = [(e["unit"], e["cause"]) for e in events(state, "hurt")]
    assert ("p1_minion_2", "bleed") in causes and ("p1_minion_2", "decay") not in causes
    assert state.round_end_next == "decay"
    state.rng.script("tile_buff", [1, 2])
    state.apply(BUFF_TILE, 0)
    assert state.round_end_next == "durations"
    state.apply(BUFF_TILE, 1)
    assert state.round == 9
    assert state.tiles == {(4, 0): ["LIFE", 1], (4, 4): ["SPEED", 1]}


# ---------------------------------------------------------------------- Challenge counter


def challenged_hero_hits_the_duelist(**options: Any) -> TacticsState:
    """P2's Duelist hero (1 HP) at (2, 1) has challenged P1's hero (1 HP) at (2, 0), which
    is about to hit it for 1: a hit on the Duelist itself is not halved."""
    state = battle("warrior_endure", "duelist_challenge", **options)
    arrange(state, p2_hero=(2, 1))
    unit(state, "p1_hero").hp = 1
    unit(state, "p2_hero").hp = 1
    give(state, "p1_hero", "CHALLENGE")
    unit(state, "p1_hero").challenger = "p2_hero"
    return state


def test_a_challenge_counter_comes_even_from_a_duelist_the_hit_killed() -> None:
    """Companion §7 step 5: "D then counters with 2 damage" — no "if it survives". The
    counter kills the attacking hero too: both heroes fall in one action, and the active
    player (the attacker's seat) wins (rules §5.1)."""
    state = challenged_hero_hits_the_duelist()
    state.apply(Attack("p1_hero", 2, 1), 0)
    causes = [(e["unit"], e["cause"], e["hp"]) for e in events(state, "hurt")]
    assert causes == [("p2_hero", "attack", 0), ("p1_hero", "counter", -1)]
    assert state.is_terminal() and state.winner == 0
    assert state.end_reason == "both heroes fell: the active player wins"


def test_a_challenge_counter_from_a_fallen_duelist_kills_a_minion_attacker() -> None:
    """The same with an ASSASSIN (2 HP) as the challenged attacker: the Duelist dies and
    its counter still kills the ASSASSIN; the enemy hero's death ends the game."""
    state = battle("duelist_challenge")
    arrange(state, p2_minion_1=(2, 1))
    unit(state, "p1_hero").hp = 2
    give(state, "p2_minion_1", "CHALLENGE")
    unit(state, "p2_minion_1").challenger = "p1_hero"
    act(state, Attack("p2_minion_1", 2, 0))
    assert state.is_terminal() and state.winner == 1 and hp(state, "p2_minion_1") == 0


def test_option_challenge_counter_survivor_needs_the_duelist_alive() -> None:
    """Option challenge_counter = "survivor" (our earlier ruling): a Duelist killed by the
    hit does not counter; the attacker keeps its HP and simply wins."""
    state = challenged_hero_hits_the_duelist(challenge_counter="survivor")
    state.apply(Attack("p1_hero", 2, 1), 0)
    assert [e["cause"] for e in events(state, "hurt")] == ["attack"]
    assert state.is_terminal() and state.winner == 0 and hp(state, "p1_hero") == 1
    assert state.end_reason == "seat 1's hero fell"
