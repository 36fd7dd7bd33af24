"""One or more named tests per ruling of ``rules/aquawar-rulings.md`` (numbered as there).

Positions are built by hand (see `helpers.position`); seat 0 acts unless a test says
otherwise. Every expected number is worked out in the comments from the rules text and the
ruling, never read back from the engine. Where a position needs an ATK no fish reaches in
play (to isolate the arithmetic), the test says so.
"""

from __future__ import annotations

from typing import Any

import pytest

from sparring.core.errors import IllegalAction
from sparring.core.events import event_json
from sparring.core.playout import play_match
from sparring.games.aquawar.actions import PASS, Action, Assert, Attack, Pick, Skill
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.spec import SPEC
from sparring.games.aquawar.state import AquawarState
from sparring.games.aquawar.views import view

from .helpers import (
    ARCHER,
    CLOWN,
    EEL,
    GREATWHITE,
    HAMMERHEAD,
    MANTA,
    MIMIC,
    OCTOPUS,
    PUFFER,
    SEAWOLF,
    SUNFISH,
    TURTLE,
    dodge_rolls,
    hits,
    hps,
    of_kind,
    passives,
    play,
    position,
    script_dodges,
    tune,
    win_round,
)

# A seat-0 team with no passive that reacts to being hit by shares, used when only the
# acting fish at position 0 matters.
PLAIN = [ARCHER, PUFFER, HAMMERHEAD, GREATWHITE]


def legal_skills(state: AquawarState) -> set[Skill]:
    return {a for a in state.legal_actions(state.seat) if isinstance(a, Skill)}


def hps_after(state: AquawarState, action: Action) -> list[int]:
    """Seat 1's HP after seat 0 plays `action`."""
    play(state, action)
    return hps(state, 1)


# --------------------------------------------------------------------- 1. integers


def test_ruling_01_integer_truncation_normal_attack_halves_down() -> None:
    # A Hammerhead below 80 HP has 100 + 15 = 115 ATK; a normal attack deals 115 // 2 = 57.
    state = position([HAMMERHEAD, ARCHER, PUFFER, SUNFISH], [ARCHER, PUFFER, SEAWOLF, MANTA])
    tune(state.teams[0][0], hp=50)
    events = play(state, Attack(0, 0))
    assert hits(events) == [(1, 0, 57, True)]
    assert state.teams[1][0].hp == 343


def test_ruling_01_integer_truncation_aoe_35_percent_down() -> None:
    # Artificial ATK 102: int(102 * 0.35) = int(35.7) = 35 (round() would give 36).
    state = position([ARCHER, PUFFER, SEAWOLF, MANTA], [ARCHER, PUFFER, HAMMERHEAD, CLOWN])
    tune(state.teams[0][0], atk=102)
    events = play(state, Skill(0))
    targets = of_kind(events, "action")[0]["targets"]
    assert [tuple(t) for t in targets] == [(1, p, 35) for p in range(4)]
    assert hps(state, 1) == [365, 365, 365, 365]


def test_ruling_01_integer_truncation_shark_crit_down() -> None:
    # Artificial ATK 103: 120 % is int(123.6) = 123; 140 % (target below 160) int(144.2) = 144.
    state = position([GREATWHITE, ARCHER, PUFFER, SUNFISH], [ARCHER, PUFFER, HAMMERHEAD, CLOWN])
    tune(state.teams[0][0], atk=103)
    events = play(state, Skill(0, None, 0))
    assert hits(events) == [(1, 0, 123, True)]
    low = position([GREATWHITE, ARCHER, PUFFER, SUNFISH], [ARCHER, PUFFER, HAMMERHEAD, CLOWN])
    tune(low.teams[0][0], atk=103)
    tune(low.teams[1][3], hp=150)
    events = play(low, Skill(0, None, 3))
    assert hits(events)[0] == (1, 3, 144, True)


def test_ruling_01_integer_truncation_reduction_buff_keeps_30_percent_down() -> None:
    # A Pufferfish after one infight has 170 ATK: normal attack 85; the buff leaves
    # int(85 * 0.3) = int(25.5) = 25.
    state = position([PUFFER, ARCHER, SEAWOLF, MANTA], [ARCHER, PUFFER, HAMMERHEAD, CLOWN])
    tune(state.teams[0][0], atk=170)
    tune(state.teams[1][0], reduce_buff=True)
    events = play(state, Attack(0, 0))
    assert hits(events) == [(1, 0, 25, True)]
    assert passives(events) == [("reduce", 1, 0, 0.3)]
    assert state.teams[1][0].hp == 375


def test_ruling_01_integer_truncation_sharing_loses_the_remainder() -> None:
    # 85 on an Eel with three teammates: it keeps int(85 * 0.7) = 59; the pool
    # int(85 * 0.3) = 25 splits 25 // 3 = 8 each; 85 -> 59 + 3 * 8 = 83.
    state = position([PUFFER, ARCHER, SEAWOLF, MANTA], [EEL, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[0][0], atk=170)
    events = play(state, Attack(0, 0))
    assert hits(events) == [(1, 1, 8, False), (1, 2, 8, False), (1, 3, 8, False), (1, 0, 59, True)]
    assert hps(state, 1) == [341, 392, 392, 392]
    assert sum(400 - hp for hp in hps(state, 1)) == 83


def test_ruling_01_integer_truncation_official_worked_example_archerfish_aoe() -> None:
    # Rules text, 结算说明 5. Archerfish AoE, 35 each, on [Turtle (3 shields), Eel with a
    # Clownfish share buff, Sunfish, Octopus], all at 400 HP.
    #   Turtle: shield 3 -> 2.
    #   Eel: passive share of 35: int(10.5) // 3 = 3 to each teammate (turtle shield 2 -> 1,
    #     sunfish 397, octopus 397 -> heals to the 400 cap); keeps int(24.5) = 24.
    #     Buff share of 24: int(7.2) // 3 = 2 each (turtle's last shield, sunfish 395,
    #     octopus 398 -> 400); keeps int(16.8) = 16: eel 384.
    #   Sunfish: share of 35: 3 each (turtle, now shieldless, rolls a dodge: scripted to
    #     fail, 397; eel 381; octopus 397 -> 400); keeps 24: sunfish 371.
    #   Octopus: 35 -> 365, heals 20 -> 385.
    state = position([ARCHER, PUFFER, SEAWOLF, MANTA], [TURTLE, EEL, SUNFISH, OCTOPUS])
    tune(state.teams[1][1], share_buff=True)
    script_dodges(state, False)
    events = play(state, Skill(0))
    assert [p for p in passives(events) if p[0] == "deflect"] == [
        ("deflect", 1, 1, 35),
        ("deflect", 1, 1, 24),
        ("deflect", 1, 2, 35),
    ]
    assert hits(events) == [
        (1, 0, 0, True),
        (1, 0, 0, False),
        (1, 2, 3, False),
        (1, 3, 3, False),
        (1, 0, 0, False),
        (1, 2, 2, False),
        (1, 3, 2, False),
        (1, 1, 16, True),
        (1, 0, 3, False),
        (1, 1, 3, False),
        (1, 3, 3, False),
        (1, 2, 24, True),
        (1, 3, 35, True),
    ]
    assert hps(state, 1) == [397, 381, 371, 385]
    assert [f.shields for f in state.teams[1]] == [0, 0, 0, 0]
    assert not state.teams[1][1].share_buff
    assert dodge_rolls(state) == [0]


# --------------------------------------------------------------------- 2. Eel / Sunfish ATK


def test_ruling_02_eel_sunfish_atk_gain_per_200_taken_with_carry() -> None:
    # Sunfish with 190 damage counted takes a direct 50: keeps int(35.0) = 35, counter
    # 190 + 35 = 225 -> +20 ATK, 25 carried.
    state = position(PLAIN, [SUNFISH, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[1][0], wound=190)
    play(state, Attack(0, 0))
    sunfish = state.teams[1][0]
    assert (sunfish.atk, sunfish.wound, sunfish.hp) == (120, 25, 365)


def test_ruling_02_eel_sunfish_atk_gain_several_thresholds_in_one_hit() -> None:
    # A lone Eel (teammates dead: no sharing) with 199 counted takes 201 (artificial ATK
    # 402): 400 counted -> +40 ATK, 0 carried.
    state = position(PLAIN, [EEL, ARCHER, PUFFER, HAMMERHEAD])
    for fish in state.teams[1][1:]:
        tune(fish, hp=0)
    tune(state.teams[1][0], wound=199)
    tune(state.teams[0][0], atk=402)
    play(state, Attack(0, 0))
    eel = state.teams[1][0]
    assert (eel.hp, eel.atk, eel.wound) == (199, 140, 0)


def test_ruling_02_eel_sunfish_atk_gain_counts_shared_damage_received() -> None:
    # Sunfish hit for 50 passes int(15.0) // 3 = 5 to each teammate; the Eel counts its 5.
    state = position(PLAIN, [SUNFISH, EEL, ARCHER, HAMMERHEAD])
    tune(state.teams[1][1], wound=198)
    play(state, Attack(0, 0))
    eel = state.teams[1][1]
    assert (eel.hp, eel.atk, eel.wound) == (395, 120, 3)


def test_ruling_02_eel_sunfish_atk_gain_counts_counter_damage() -> None:
    # Seat 0's Eel hits a Clownfish at 150 -> 100 (< 120): the counter's 30 is counted.
    state = position([EEL, ARCHER, PUFFER, HAMMERHEAD], [CLOWN, HAMMERHEAD, SEAWOLF, MANTA])
    tune(state.teams[0][0], wound=180)
    tune(state.teams[1][0], hp=150)
    play(state, Attack(0, 0))
    eel = state.teams[0][0]
    assert (eel.hp, eel.atk, eel.wound) == (370, 120, 10)


def test_ruling_02_eel_sunfish_atk_gain_counts_infight_damage() -> None:
    state = position([PUFFER, SUNFISH, ARCHER, HAMMERHEAD], PLAIN)
    tune(state.teams[0][1], wound=160)
    play(state, Skill(0, 1))
    sunfish = state.teams[0][1]
    assert (sunfish.hp, sunfish.atk, sunfish.wound) == (350, 120, 10)


def test_ruling_02_eel_sunfish_atk_gain_counts_explosion_damage() -> None:
    # Seat 0's Eel kills a Hammerhead at 30 HP: the explosion's 40 is counted.
    state = position([EEL, ARCHER, PUFFER, HAMMERHEAD], [HAMMERHEAD, SEAWOLF, MANTA, CLOWN])
    tune(state.teams[0][0], wound=170)
    tune(state.teams[1][0], hp=30)
    play(state, Attack(0, 0))
    eel = state.teams[0][0]
    assert (eel.hp, eel.atk, eel.wound) == (360, 120, 10)


def test_ruling_02_eel_sunfish_atk_gain_ignores_assertion_loss() -> None:
    # A correct assertion costs the Sunfish 50 HP, which is not damage: nothing counted.
    state = position(PLAIN, [SUNFISH, ARCHER, PUFFER, HAMMERHEAD], phase="assert")
    tune(state.teams[1][0], wound=190)
    play(state, Assert(0, SUNFISH))
    sunfish = state.teams[1][0]
    assert (sunfish.hp, sunfish.atk, sunfish.wound) == (350, 100, 190)


# --------------------------------------------------------------------- 3. HP bounds


def test_ruling_03_heal_is_capped_at_400() -> None:
    # Eel hit for 50 shares 5 each; the Octopus at 390 drops to 385 and heals 15, to 400.
    state = position(PLAIN, [EEL, OCTOPUS, ARCHER, PUFFER])
    tune(state.teams[1][1], hp=390)
    events = play(state, Attack(0, 0))
    assert ("heal", 1, 1, 15) in passives(events)
    assert state.teams[1][1].hp == 400


def test_ruling_03_assertion_loss_floors_hp_at_zero() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, SUNFISH], phase="assert")
    tune(state.teams[1][0], hp=30)
    play(state, Assert(1, PUFFER))
    assert hps(state, 1) == [0, 350, 350, 350]
    assert not state.teams[1][0].alive


def test_ruling_03_hp_never_below_zero_while_the_hit_reports_all_damage() -> None:
    # Ours: a fish at 30 HP hit for 50 ends at 0; the hit event still says 50.
    state = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, SEAWOLF])
    tune(state.teams[1][2], hp=30)
    events = play(state, Attack(0, 2))
    assert hits(events)[0] == (1, 2, 50, True)
    assert state.teams[1][2].hp == 0


# --------------------------------------------------------------------- 4. pipeline order


def test_ruling_04_shield_comes_before_dodge_and_spends_no_roll() -> None:
    # Three shielded hits roll nothing; the fourth hit rolls once.
    state = position(PLAIN, [TURTLE, ARCHER, PUFFER, HAMMERHEAD])
    script_dodges(state, False)
    play(state, Skill(0))  # Archerfish AoE: the turtle's shield 3 -> 2
    assert (state.teams[1][0].shields, dodge_rolls(state)) == (2, [])
    tune(state.teams[1][0], shields=0)
    state.seat, state.phase, state._legal = 0, "action", None
    play(state, Attack(0, 0))
    assert dodge_rolls(state) == [0]
    assert state.teams[1][0].hp == 350


def test_ruling_04_passive_share_before_reduction_buff() -> None:
    # Eel with a reduction buff, hit for 50: shares first (int(15.0) // 3 = 5 each, keeps
    # 35), then the buff leaves int(10.5) = 10. (Reduction first would share only 1 each.)
    state = position(PLAIN, [EEL, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[1][0], reduce_buff=True)
    events = play(state, Attack(0, 0))
    assert hps(state, 1) == [390, 395, 395, 395]
    assert [p[0] for p in passives(events)] == ["deflect", "reduce"]


def test_ruling_04_reduction_buff_before_clownfish_share_buff() -> None:
    # Archerfish with both buffs, hit for 50: the reduction leaves int(15.0) = 15, then the
    # share passes int(4.5) // 3 = 1 each and keeps int(10.5) = 10. (Sharing first would
    # pass 5 each.)
    state = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, CLOWN])
    tune(state.teams[1][0], reduce_buff=True, share_buff=True)
    events = play(state, Attack(0, 0))
    assert hps(state, 1) == [390, 399, 399, 399]
    assert passives(events) == [("reduce", 1, 0, 0.3), ("deflect", 1, 0, 15)]


def test_ruling_04_passive_share_then_reduction_then_clownfish_share() -> None:
    # Eel with both buffs, hit for 50: passive share 5 each, keeps 35; reduction -> 10;
    # buff share int(3.0) // 3 = 1 each, keeps int(7.0) = 7.
    state = position(PLAIN, [EEL, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[1][0], reduce_buff=True, share_buff=True)
    events = play(state, Attack(0, 0))
    assert passives(events) == [("deflect", 1, 0, 50), ("reduce", 1, 0, 0.3), ("deflect", 1, 0, 10)]
    assert hps(state, 1) == [393, 394, 394, 394]


def test_ruling_04_blocked_hit_skips_damage_effects_but_not_after_attack_triggers() -> None:
    # A Manta at 100 HP dodges: its buffs stay unspent, yet the Archerfish teammate still
    # counters (the Manta is below 120 after being directly attacked).
    state = position(PLAIN, [MANTA, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[1][0], hp=100, reduce_buff=True, heal_buff=True, share_buff=True)
    script_dodges(state, True)
    events = play(state, Attack(0, 0))
    manta = state.teams[1][0]
    assert (manta.hp, manta.reduce_buff, manta.heal_buff, manta.share_buff) == (
        100,
        True,
        True,
        True,
    )
    assert passives(events) == [("reduce", 1, 0, 0), ("counter", 1, 0, 30), ("counter", 1, 0, 30)]
    assert state.teams[0][0].hp == 400 - 30 - 30  # Archerfish and Pufferfish both counter


def test_ruling_04_delayed_heal_and_passive_heal_both_follow_hp_loss() -> None:
    # Octopus with a Sea Turtle heal buff at 300, hit for 50: 250, +20 (buff), +20 (passive).
    state = position(PLAIN, [OCTOPUS, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[1][0], hp=300, heal_buff=True)
    events = play(state, Attack(0, 0))
    assert passives(events) == [("heal", 1, 0, 20), ("heal", 1, 0, 20)]
    assert (state.teams[1][0].hp, state.teams[1][0].heal_buff) == (290, False)


def test_ruling_04_own_explosion_before_teammate_counters() -> None:
    # Seat 0's Sea Turtle (1 shield left) kills a Hammerhead at 30 HP next to an
    # Archerfish and a Pufferfish. The explosion (40) resolves first and takes the last
    # shield; the two counters (30 each) then roll dodges (scripted to fail) and land: 340.
    # Counters first would leave the turtle at 400 - 30 - 40 = 330.
    state = position([TURTLE, ARCHER, PUFFER, SEAWOLF], [HAMMERHEAD, ARCHER, PUFFER, SEAWOLF])
    tune(state.teams[0][0], shields=1)
    tune(state.teams[1][0], hp=30)
    script_dodges(state, False, False)
    events = play(state, Attack(0, 0))
    assert [p[0] for p in passives(events)] == ["explode", "reduce", "counter", "counter"]
    assert state.teams[0][0].hp == 400 - 30 - 30
    assert state.teams[0][0].shields == 0


# --------------------------------------------------------------------- 5. sharing


def test_ruling_05_sharing_needs_a_direct_enemy_attack_not_a_counter() -> None:
    # Seat 0's Eel is countered for 30 by a low Clownfish: it keeps all 30.
    state = position([EEL, ARCHER, PUFFER, HAMMERHEAD], [CLOWN, HAMMERHEAD, SEAWOLF, MANTA])
    tune(state.teams[1][0], hp=150)
    play(state, Attack(0, 0))
    assert hps(state, 0) == [370, 400, 400, 400]


def test_ruling_05_sharing_needs_a_direct_enemy_attack_not_an_infight() -> None:
    state = position([PUFFER, SUNFISH, ARCHER, HAMMERHEAD], PLAIN)
    events = play(state, Skill(0, 1))
    assert hps(state, 0) == [400, 350, 400, 400]
    assert not [p for p in passives(events) if p[0] == "deflect"]


def test_ruling_05_no_sharing_without_a_living_teammate() -> None:
    state = position(PLAIN, [EEL, ARCHER, PUFFER, HAMMERHEAD])
    for fish in state.teams[1][1:]:
        tune(fish, hp=0)
    events = play(state, Attack(0, 0))
    assert hits(events) == [(1, 0, 50, True)]
    assert passives(events) == []


def test_ruling_05_fish_dead_before_the_action_gets_no_share() -> None:
    # Two living teammates: int(15.0) // 2 = 7 each; the dead Pufferfish gets nothing.
    state = position(PLAIN, [EEL, PUFFER, ARCHER, HAMMERHEAD])
    tune(state.teams[1][1], hp=0)
    events = play(state, Attack(0, 0))
    assert hits(events) == [(1, 2, 7, False), (1, 3, 7, False), (1, 0, 35, True)]


def test_ruling_05_survival_lock_in_fish_killed_this_action_still_shares() -> None:
    # Archerfish AoE (35) on [Pufferfish at 10, Eel, Great White, Hammerhead]. The
    # Pufferfish drops to 0 first but counts as alive for the rest of the action, so the
    # Eel still splits int(10.5) // 3 = 3 three ways (not // 2 = 5 two ways).
    #   Great White 397 -> heals to 400, then its own 35 -> 365 -> 385.
    #   Hammerhead 397, then 35 -> 362. Eel keeps 24 -> 376.
    state = position(PLAIN, [PUFFER, EEL, GREATWHITE, HAMMERHEAD])
    tune(state.teams[1][0], hp=10)
    events = play(state, Skill(0))
    assert (1, 0, 3, False) in hits(events)
    assert hps(state, 1) == [0, 376, 385, 362]
    assert [f.alive for f in state.teams[1]] == [False, True, True, True]


def test_ruling_05_shares_are_non_direct_in_position_order_and_not_reshared() -> None:
    # Eel at position 2 hit for 50: 5 to positions 0, 1, 3 in that order; the Sunfish at 1
    # takes its 5 whole (a share is never shared again).
    state = position(PLAIN, [ARCHER, SUNFISH, EEL, PUFFER])
    events = play(state, Attack(0, 2))
    assert hits(events) == [(1, 0, 5, False), (1, 1, 5, False), (1, 3, 5, False), (1, 2, 35, True)]
    assert passives(events) == [("deflect", 1, 2, 50)]


def test_ruling_05_passive_and_clownfish_buff_share_twice() -> None:
    # Eel with a share buff, hit for 50: passive 5 each, keeps 35; buff int(10.5) // 3 =
    # 3 each, keeps int(24.5) = 24. Each teammate takes two separate hits (5 and 3).
    state = position(PLAIN, [EEL, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[1][0], share_buff=True)
    events = play(state, Attack(0, 0))
    assert hits(events) == [
        (1, 1, 5, False),
        (1, 2, 5, False),
        (1, 3, 5, False),
        (1, 1, 3, False),
        (1, 2, 3, False),
        (1, 3, 3, False),
        (1, 0, 24, True),
    ]
    assert hps(state, 1) == [376, 392, 392, 392]


def test_ruling_05_clownfish_buff_without_living_teammate_is_spent_unshared() -> None:
    # Our ruling where the text is silent: nobody to share with, the buff is still used up.
    state = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, SEAWOLF])
    for fish in state.teams[1][1:]:
        tune(fish, hp=0)
    tune(state.teams[1][0], share_buff=True)
    events = play(state, Attack(0, 0))
    assert hits(events) == [(1, 0, 50, True)]
    assert not state.teams[1][0].share_buff


# --------------------------------------------------------------------- 6. shields, dodge


def test_ruling_06_shields_block_any_instance_even_non_direct() -> None:
    # A Pufferfish infights its Sea Turtle teammate: a shield absorbs it, logged as a
    # 0-damage hit with a "reduce 0" passive; the +70 ATK still applies.
    state = position([PUFFER, TURTLE, ARCHER, HAMMERHEAD], PLAIN)
    events = play(state, Skill(0, 1))
    assert passives(events) == [("reduce", 0, 1, 0)]
    assert hits(events) == [(0, 1, 0, False)]
    assert (state.teams[0][1].hp, state.teams[0][1].shields) == (400, 2)
    assert state.teams[0][0].atk == 170


def test_ruling_06_one_dodge_roll_per_instance_in_resolution_order() -> None:
    # AoE 35 on [Sea Wolf, Manta, shieldless Turtle, Octopus]: three rolls, in position
    # order, scripted dodge / hit / dodge. Octopus 365 -> 385.
    state = position(PLAIN, [SEAWOLF, MANTA, TURTLE, OCTOPUS])
    tune(state.teams[1][2], shields=0)
    script_dodges(state, True, False, True)
    play(state, Skill(0))
    assert dodge_rolls(state) == [1, 0, 1]
    assert hps(state, 1) == [400, 365, 400, 385]


def test_ruling_06_dodge_draws_come_from_the_seeded_source() -> None:
    # The 30 % itself is measured in test_chance.py; here: one labelled draw per instance,
    # and the same seed replays the same outcome.
    state = position(PLAIN, [SEAWOLF, ARCHER, PUFFER, HAMMERHEAD], seed=7)
    state.rng.log.clear()
    play(state, Attack(0, 0))
    assert [label for label, _ in state.rng.log] == ["dodge"]
    again = [position(PLAIN, [SEAWOLF, ARCHER, PUFFER, HAMMERHEAD], seed=7) for _ in range(2)]
    for state in again:
        play(state, Attack(0, 0))
    assert again[0].teams[1][0].hp == again[1].teams[1][0].hp


# --------------------------------------------------------------------- 7. heals


def test_ruling_07_passive_heal_after_a_zero_damage_instance() -> None:
    # Artificial ATK 6: a normal attack of 3 on an Eel shares int(0.9) // 3 = 0 each. The
    # Octopus at 300 still "takes damage" (0) and heals 20.
    # The Sea Turtle's 0 share still spends a shield (ours: a 0 share is an instance).
    state = position(PLAIN, [EEL, OCTOPUS, TURTLE, PUFFER])
    tune(state.teams[0][0], atk=6)
    tune(state.teams[1][1], hp=300)
    events = play(state, Attack(0, 0))
    assert (1, 1, 0, False) in hits(events)
    assert hps(state, 1) == [398, 320, 400, 400]
    assert state.teams[1][2].shields == 2


def test_ruling_07_delayed_heal_needs_a_direct_attack() -> None:
    # A share (non-direct) leaves the Turtle's heal buff in place; a direct hit spends it.
    state = position(PLAIN, [EEL, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[1][1], hp=300, heal_buff=True)
    play(state, Attack(0, 0))
    assert (state.teams[1][1].hp, state.teams[1][1].heal_buff) == (295, True)
    direct = position(PLAIN, [EEL, ARCHER, PUFFER, HAMMERHEAD])
    tune(direct.teams[1][1], hp=300, heal_buff=True)
    play(direct, Attack(0, 1))
    assert (direct.teams[1][1].hp, direct.teams[1][1].heal_buff) == (270, False)


def test_ruling_07_nothing_revives_a_fish_at_zero() -> None:
    state = position(PLAIN, [OCTOPUS, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[1][0], hp=50, heal_buff=True)
    events = play(state, Attack(0, 0))
    assert not [p for p in passives(events) if p[0] == "heal"]
    assert (state.teams[1][0].hp, state.teams[1][0].alive) == (0, False)


# --------------------------------------------------------------------- 8. counters


def test_ruling_08_teammate_counter_when_target_left_below_120() -> None:
    state = position(PLAIN, [PUFFER, ARCHER, HAMMERHEAD, SEAWOLF])
    tune(state.teams[1][1], hp=150)  # 150 - 50 = 100 < 120: the Pufferfish counters
    events = play(state, Attack(0, 1))
    assert passives(events) == [("counter", 1, 1, 30)]
    assert state.teams[0][0].hp == 370
    edge = position(PLAIN, [PUFFER, ARCHER, HAMMERHEAD, SEAWOLF])
    tune(edge.teams[1][1], hp=170)  # 170 - 50 = 120: not below 120, no counter
    assert passives(play(edge, Attack(0, 1))) == []


def test_ruling_08_counter_for_each_aoe_target_and_each_counter_fish() -> None:
    # Eel AoE (35) on [Archerfish, Pufferfish, Hammerhead at 100, Great White at 100]:
    # Hammerhead 65 and Great White 65 -> 85 are both below 120, and each draws a counter
    # from the Archerfish and the Pufferfish: 4 x 30 on the Eel, none shared.
    state = position([EEL, ARCHER, PUFFER, HAMMERHEAD], [ARCHER, PUFFER, HAMMERHEAD, GREATWHITE])
    tune(state.teams[1][2], hp=100)
    tune(state.teams[1][3], hp=100)
    events = play(state, Skill(0))
    assert [p for p in passives(events) if p[0] == "counter"] == [
        ("counter", 1, 2, 30),
        ("counter", 1, 2, 30),
        ("counter", 1, 3, 30),
        ("counter", 1, 3, 30),
    ]
    assert hps(state, 0) == [280, 400, 400, 400]


def test_ruling_08_counter_after_a_crit_even_if_dodged() -> None:
    # A Sea Wolf crit (120) on a Sea Wolf at 100 that dodges: still below 120 after being
    # directly attacked, so the Archerfish counters.
    state = position([SEAWOLF, ARCHER, PUFFER, HAMMERHEAD], [SEAWOLF, ARCHER, HAMMERHEAD, CLOWN])
    tune(state.teams[1][0], hp=100)
    script_dodges(state, True, False)
    events = play(state, Skill(0, None, 0))
    assert ("counter", 1, 0, 30) in passives(events)
    assert state.teams[1][0].hp == 100
    assert state.teams[0][0].hp == 370


def test_ruling_08_counter_even_when_the_hit_kills() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, SEAWOLF])
    tune(state.teams[1][1], hp=30)
    events = play(state, Attack(0, 1))
    assert passives(events) == [("counter", 1, 1, 30)]
    assert state.teams[0][0].hp == 370


def test_ruling_08_no_counter_for_itself_or_from_the_dead() -> None:
    # The low Archerfish itself does not counter; only the Pufferfish does.
    state = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, SEAWOLF])
    tune(state.teams[1][0], hp=100)
    assert passives(play(state, Attack(0, 0))) == [("counter", 1, 0, 30)]
    # A dead Archerfish does not counter for its teammate.
    dead = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, SEAWOLF])
    tune(dead.teams[1][0], hp=0)
    tune(dead.teams[1][2], hp=100)
    assert passives(play(dead, Attack(0, 2))) == [("counter", 1, 2, 30)]  # the Pufferfish


def test_ruling_08_no_counter_for_non_direct_damage() -> None:
    # The Eel (hit directly) stays high; the Archerfish at 100 only takes a share: no
    # counter. An infight on a low teammate draws none either.
    state = position(PLAIN, [EEL, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[1][1], hp=100)
    assert [p[0] for p in passives(play(state, Attack(0, 0)))] == ["deflect"]
    infight = position([PUFFER, ARCHER, CLOWN, HAMMERHEAD], PLAIN)
    tune(infight.teams[0][1], hp=100)
    assert passives(play(infight, Skill(0, 1))) == []


def test_ruling_08_clownfish_counters_for_itself_even_on_the_killing_hit() -> None:
    state = position(PLAIN, [CLOWN, HAMMERHEAD, SEAWOLF, MANTA])
    tune(state.teams[1][0], hp=40)
    events = play(state, Attack(0, 0))
    assert passives(events) == [("counter", 1, 0, 30)]
    assert state.teams[0][0].hp == 370
    high = position(PLAIN, [CLOWN, HAMMERHEAD, SEAWOLF, MANTA])
    tune(high.teams[1][0], hp=170)  # left at 120: no counter
    assert passives(play(high, Attack(0, 0))) == []


def test_ruling_08_counter_is_non_direct_and_can_be_shielded() -> None:
    # Seat 0's Sea Turtle attacks a low Clownfish: the counter spends a shield.
    state = position([TURTLE, ARCHER, PUFFER, HAMMERHEAD], [CLOWN, HAMMERHEAD, SEAWOLF, MANTA])
    tune(state.teams[1][0], hp=100)
    events = play(state, Attack(0, 0))
    assert hits(events) == [(1, 0, 50, True), (0, 0, 0, False)]
    assert (state.teams[0][0].hp, state.teams[0][0].shields) == (400, 2)


# --------------------------------------------------------------------- 9. Hammerhead


def test_ruling_09_hammerhead_plus_15_atk_below_80_hp() -> None:
    low = position([HAMMERHEAD, ARCHER, PUFFER, SUNFISH], PLAIN)
    tune(low.teams[0][0], hp=79)
    assert hits(play(low, Attack(0, 0))) == [(1, 0, 57, True)]  # 115 // 2
    edge = position([HAMMERHEAD, ARCHER, PUFFER, SUNFISH], PLAIN)
    tune(edge.teams[0][0], hp=80)
    assert hits(play(edge, Attack(0, 0))) == [(1, 0, 50, True)]
    crit = position([HAMMERHEAD, ARCHER, PUFFER, SUNFISH], PLAIN)
    tune(crit.teams[0][0], hp=79)
    assert hits(play(crit, Skill(0, None, 0)))[0] == (1, 0, 138, True)  # int(115 * 1.2)


def test_ruling_09_hammerhead_bonus_follows_current_hp_not_permanent() -> None:
    # Hammerhead at 75 with reduction and heal buffs is hit for 50: 15 -> 60, +20 -> 80.
    # On its next action it is no longer below 80: a normal attack deals 50, not 57.
    state = position(PLAIN, [HAMMERHEAD, ARCHER, PUFFER, SEAWOLF])
    tune(state.teams[1][0], hp=75, reduce_buff=True, heal_buff=True)
    play(state, Attack(1, 0))
    assert state.teams[1][0].hp == 80
    play(state, PASS)
    assert hits(play(state, Attack(0, 2))) == [(0, 2, 50, True)]


def test_ruling_09_hammerhead_explodes_on_direct_kill_for_40_non_direct() -> None:
    state = position([EEL, ARCHER, PUFFER, HAMMERHEAD], [HAMMERHEAD, SEAWOLF, MANTA, CLOWN])
    tune(state.teams[1][0], hp=30)
    events = play(state, Attack(0, 0))
    assert passives(events) == [("explode", 1, 0, 40)]
    assert hits(events) == [(1, 0, 50, True), (0, 0, 40, False)]
    assert hps(state, 0) == [360, 400, 400, 400]  # the Eel does not share it


def test_ruling_09_no_explosion_on_death_by_assertion_share_counter_or_infight() -> None:
    by_assertion = position(PLAIN, [HAMMERHEAD, ARCHER, PUFFER, SEAWOLF], phase="assert")
    tune(by_assertion.teams[1][0], hp=30)
    assert not of_kind(play(by_assertion, Assert(1, ARCHER)), "passive")
    assert not by_assertion.teams[1][0].alive

    by_share = position(PLAIN, [EEL, HAMMERHEAD, ARCHER, PUFFER])
    tune(by_share.teams[1][1], hp=3)
    assert [p[0] for p in passives(play(by_share, Attack(0, 0)))] == ["deflect"]
    assert not by_share.teams[1][1].alive

    by_counter = position(
        [HAMMERHEAD, ARCHER, PUFFER, SUNFISH], [CLOWN, HAMMERHEAD, SEAWOLF, MANTA]
    )
    tune(by_counter.teams[0][0], hp=20)
    tune(by_counter.teams[1][0], hp=150)
    assert [p[0] for p in passives(play(by_counter, Attack(0, 0)))] == ["counter"]
    assert not by_counter.teams[0][0].alive

    by_infight = position([PUFFER, HAMMERHEAD, ARCHER, SUNFISH], PLAIN)
    tune(by_infight.teams[0][1], hp=40)
    assert passives(play(by_infight, Skill(0, 1))) == []
    assert not by_infight.teams[0][1].alive


def test_ruling_09_hammerhead_dead_from_a_share_explodes_when_then_hit_directly() -> None:
    # Ours, from the rules text ("被直接攻击后若生命值不大于0"): Archerfish AoE (35) on
    # [Eel, Hammerhead at 3, Great White, Octopus]. The Eel's share (int(10.5) // 3 = 3)
    # brings the Hammerhead to 0 — no explosion, a share is not direct — but it still
    # counts as alive, the AoE then hits it directly and it explodes on the Archerfish.
    state = position(PLAIN, [EEL, HAMMERHEAD, GREATWHITE, OCTOPUS])
    tune(state.teams[1][1], hp=3)
    events = play(state, Skill(0))
    assert [p for p in passives(events) if p[0] == "explode"] == [("explode", 1, 1, 40)]
    assert state.teams[0][0].hp == 360
    assert hps(state, 1) == [376, 0, 385, 385]


# --------------------------------------------------------------------- 10. Mimic


def test_ruling_10_mimic_copies_shields_sharing_explosion_and_counters() -> None:
    shielded = position(PLAIN, [(MIMIC, TURTLE), ARCHER, PUFFER, HAMMERHEAD])
    assert shielded.teams[1][0].shields == 3
    assert hits(play(shielded, Attack(0, 0))) == [(1, 0, 0, True)]

    sharing = position(PLAIN, [(MIMIC, EEL), ARCHER, PUFFER, HAMMERHEAD])
    assert hps_after(sharing, Attack(0, 0)) == [365, 395, 395, 395]

    exploding = position(
        [EEL, ARCHER, PUFFER, HAMMERHEAD], [(MIMIC, HAMMERHEAD), SEAWOLF, MANTA, CLOWN]
    )
    tune(exploding.teams[1][0], hp=30)
    assert passives(play(exploding, Attack(0, 0))) == [("explode", 1, 0, 40)]

    countering = position(PLAIN, [(MIMIC, ARCHER), SEAWOLF, HAMMERHEAD, CLOWN])
    tune(countering.teams[1][2], hp=100)
    assert passives(play(countering, Attack(0, 2))) == [("counter", 1, 2, 30)]


def test_ruling_10_mimic_copies_the_active_skill_and_its_use_count() -> None:
    # A Mimic of a Clownfish: AoE 35 on every living enemy plus a share buff, counted.
    state = position([(MIMIC, CLOWN), ARCHER, PUFFER, HAMMERHEAD], [ARCHER, PUFFER, SEAWOLF, MANTA])
    script_dodges(state, False, False)
    events = play(state, Skill(0, 1))
    assert [tuple(t) for t in of_kind(events, "action")[0]["targets"]] == [
        (1, p, 35) for p in range(4)
    ]
    assert (state.teams[0][0].uses, state.teams[0][1].share_buff) == (1, True)
    hammer = position([(MIMIC, HAMMERHEAD), ARCHER, PUFFER, SUNFISH], PLAIN)
    tune(hammer.teams[0][0], hp=79)
    assert hits(play(hammer, Attack(0, 0))) == [(1, 0, 57, True)]  # its +15 too


def test_ruling_10_mimic_keeps_identity_mimic_for_assertions() -> None:
    wrong = position(PLAIN, [(MIMIC, EEL), ARCHER, PUFFER, HAMMERHEAD], phase="assert")
    events = play(wrong, Assert(0, EEL))
    assert of_kind(events, "assert")[0]["success"] is False
    assert hps(wrong, 0) == [350] * 4 and not wrong.teams[1][0].revealed
    right = position(PLAIN, [(MIMIC, EEL), ARCHER, PUFFER, HAMMERHEAD], phase="assert")
    events = play(right, Assert(0, MIMIC))
    assert of_kind(events, "assert")[0]["success"] is True
    assert hps(right, 1) == [350] * 4 and right.teams[1][0].revealed


def test_ruling_10_mimic_may_copy_a_teammate_or_a_used_fish_which_stays_unused() -> None:
    state = AquawarState(1, AquawarOptions(seat0_always_first=True))
    # Seat 0's Mimic copies the Eel it also fields; seat 1's copies an Eel it never fields.
    state.apply(Pick((MIMIC, EEL, ARCHER, PUFFER), EEL), 0)
    state.apply(Pick((MIMIC, SUNFISH, SEAWOLF, MANTA), EEL), 1)
    assert state.used[1] == frozenset({MIMIC, SUNFISH, SEAWOLF, MANTA})
    win_round(state, 0)
    assert state.round == 2
    # Seat 1 may now field the Eel its Mimic copied; seat 0 may not re-field its Eel.
    state.apply(Pick((EEL, TURTLE, OCTOPUS, GREATWHITE)), 1)
    with pytest.raises(IllegalAction, match="already played"):
        state.apply(Pick((EEL, TURTLE, OCTOPUS, GREATWHITE)), 0)
    later = AquawarState(2)
    later.used = [frozenset({EEL, ARCHER, PUFFER, SUNFISH}), frozenset()]
    assert Pick((MIMIC, TURTLE, OCTOPUS, GREATWHITE), EEL) in later.legal_actions(0)


# --------------------------------------------------------------------- 11. use counts


def test_ruling_11_turtle_crits_on_uses_one_to_three_then_only_buffs() -> None:
    state = position([TURTLE, ARCHER, PUFFER, HAMMERHEAD], [ARCHER, HAMMERHEAD, CLOWN, SEAWOLF])
    tune(state.teams[0][0], uses=2)
    turtle_skills = {s for s in legal_skills(state) if s.actor == 0}
    assert turtle_skills == {Skill(0, a, e) for a in (1, 2, 3) for e in range(4)}
    events = play(state, Skill(0, 1, 0))  # the third use: still a crit
    assert [tuple(t) for t in of_kind(events, "action")[0]["targets"]] == [(1, 0, 120)]
    assert (state.teams[1][0].hp, state.teams[0][1].heal_buff, state.teams[0][0].uses) == (
        280,
        True,
        3,
    )
    later = position([TURTLE, ARCHER, PUFFER, HAMMERHEAD], [ARCHER, HAMMERHEAD, CLOWN, SEAWOLF])
    tune(later.teams[0][0], uses=3)
    assert {s for s in legal_skills(later) if s.actor == 0} == {Skill(0, a) for a in (1, 2, 3)}
    with pytest.raises(IllegalAction):
        later.apply(Skill(0, 1, 0), 0)
    events = play(later, Skill(0, 2))
    assert of_kind(events, "action")[0]["type"] == "subtle" and hits(events) == []
    assert (later.teams[0][2].heal_buff, later.teams[0][0].uses) == (True, 4)


def test_ruling_11_clownfish_aoe_on_uses_one_to_three_then_only_buffs() -> None:
    # The bonus AoE hits every living enemy (the dead Sea Wolf is skipped).
    state = position([CLOWN, ARCHER, PUFFER, HAMMERHEAD], [ARCHER, PUFFER, HAMMERHEAD, SEAWOLF])
    tune(state.teams[1][3], hp=0)
    events = play(state, Skill(0, 1))
    assert [tuple(t) for t in of_kind(events, "action")[0]["targets"]] == [
        (1, 0, 35),
        (1, 1, 35),
        (1, 2, 35),
    ]
    assert (state.teams[0][1].share_buff, state.teams[0][0].uses) == (True, 1)
    later = position([CLOWN, ARCHER, PUFFER, HAMMERHEAD], PLAIN)
    tune(later.teams[0][0], uses=3)
    events = play(later, Skill(0, 2))
    assert of_kind(events, "action")[0]["type"] == "subtle" and hits(events) == []
    assert later.teams[0][2].share_buff and hps(later, 1) == [400] * 4


def test_ruling_11_turtle_and_clownfish_buff_a_teammate_never_themselves() -> None:
    state = position([TURTLE, CLOWN, PUFFER, HAMMERHEAD], PLAIN)
    for bad in (Skill(0, 0, 0), Skill(0, 0)):
        with pytest.raises(IllegalAction):
            state.apply(bad, 0)
    assert not {s for s in legal_skills(state) if s.ally == s.actor}
    with pytest.raises(IllegalAction):
        state.apply(Skill(1, 1), 0)


def test_ruling_11_use_counts_are_per_fish() -> None:
    # A spent Clownfish does not spend its Mimic teammate's bonus uses.
    state = position([CLOWN, (MIMIC, CLOWN), ARCHER, PUFFER], PLAIN)
    tune(state.teams[0][0], uses=3)
    events = play(state, Skill(1, 0))
    assert of_kind(events, "action")[0]["type"] == "aoe"
    assert (state.teams[0][0].uses, state.teams[0][1].uses) == (3, 1)


def test_ruling_11_turtle_and_clownfish_need_a_living_teammate() -> None:
    # Ours: without a teammate to buff, neither skill can be used, not even for its
    # crit or AoE part.
    state = position([TURTLE, CLOWN, PUFFER, HAMMERHEAD], PLAIN)
    tune(state.teams[0][2], hp=0)
    tune(state.teams[0][3], hp=0)
    tune(state.teams[0][1], hp=0)
    assert legal_skills(state) == set()
    alone = position([CLOWN, TURTLE, PUFFER, HAMMERHEAD], PLAIN)
    for fish in alone.teams[0][1:]:
        tune(fish, hp=0)
    assert legal_skills(alone) == set()
    with pytest.raises(IllegalAction, match="no legal target"):
        alone.apply(Skill(0, 1), 0)


# --------------------------------------------------------------------- 12. Manta / Octopus


def test_ruling_12_manta_and_octopus_buff_one_friendly_fish_self_allowed() -> None:
    state = position([MANTA, OCTOPUS, ARCHER, PUFFER], PLAIN)
    tune(state.teams[0][2], hp=0)
    skills = legal_skills(state)
    assert {s for s in skills if s.actor == 0} == {Skill(0, 0), Skill(0, 1), Skill(0, 3)}
    assert {s for s in skills if s.actor == 1} == {Skill(1, 0), Skill(1, 1), Skill(1, 3)}
    events = play(state, Skill(0, 0))
    assert of_kind(events, "action")[0]["type"] == "subtle"
    assert [f.reduce_buff for f in state.teams[0]] == [True, False, False, False]
    assert state.teams[0][0].atk == 120


# --------------------------------------------------------------------- 13. infight


def test_ruling_13_infight_targets_a_living_teammate_never_itself() -> None:
    state = position([PUFFER, SUNFISH, ARCHER, HAMMERHEAD], PLAIN)
    tune(state.teams[0][2], hp=0)
    skills = legal_skills(state)
    assert {s for s in skills if s.actor == 0} == {Skill(0, 1), Skill(0, 3)}
    assert {s for s in skills if s.actor == 1} == {Skill(1, 0), Skill(1, 3)}
    for bad in (Skill(0, 0), Skill(0, 2), Skill(0, None, 1)):
        with pytest.raises(IllegalAction):
            state.apply(bad, 0)


def test_ruling_13_infight_is_non_direct_damage_and_always_gives_70_atk() -> None:
    # On an Octopus: 50, then it heals 20. On a teammate at 30 HP: it dies; +70 all the same.
    healer = position([PUFFER, OCTOPUS, ARCHER, HAMMERHEAD], PLAIN)
    events = play(healer, Skill(0, 1))
    assert hits(events) == [(0, 1, 50, False)] and healer.teams[0][1].hp == 370
    assert healer.teams[0][0].atk == 170
    killer = position([SUNFISH, ARCHER, PUFFER, HAMMERHEAD], PLAIN)
    tune(killer.teams[0][1], hp=30)
    play(killer, Skill(0, 1))
    assert (killer.teams[0][1].alive, killer.teams[0][0].atk) == (False, 170)


def test_ruling_13_infight_unusable_without_a_living_teammate() -> None:
    state = position([PUFFER, SUNFISH, ARCHER, HAMMERHEAD], PLAIN)
    for fish in state.teams[0][1:]:
        tune(fish, hp=0)
    assert legal_skills(state) == set()
    with pytest.raises(IllegalAction, match="no legal target"):
        state.apply(Skill(0, 1), 0)


# --------------------------------------------------------------------- 14. sharks


def test_ruling_14_shark_may_target_any_living_enemy_tied_for_lowest_hp() -> None:
    state = position([GREATWHITE, HAMMERHEAD, ARCHER, PUFFER], PLAIN)
    for pos, hp in enumerate([200, 150, 150, 0]):
        tune(state.teams[1][pos], hp=hp)
    skills = legal_skills(state)
    expected = {Skill(a, None, t) for a in (0, 1) for t in (1, 2)}
    assert {s for s in skills if s.actor in (0, 1)} == expected
    for bad in (Skill(0, None, 0), Skill(0, None, 3), Skill(0)):
        with pytest.raises(IllegalAction):
            state.apply(bad, 0)


def test_ruling_14_shark_crit_is_120_percent_or_140_below_160() -> None:
    for hp, damage in ((160, 120), (159, 140)):
        state = position([GREATWHITE, ARCHER, PUFFER, SUNFISH], [ARCHER, HAMMERHEAD, CLOWN, MANTA])
        tune(state.teams[1][0], hp=hp)
        assert hits(play(state, Skill(0, None, 0)))[0] == (1, 0, damage, True)


# --------------------------------------------------------------------- 15. no stacking


def test_ruling_15_delayed_effects_do_not_stack() -> None:
    # The Archerfish already carries a reduction buff; a second one adds nothing: the
    # first enemy hit is cut to int(15.0) = 15, the next one lands whole.
    state = position([MANTA, ARCHER, PUFFER, HAMMERHEAD], PLAIN)
    tune(state.teams[0][1], reduce_buff=True)
    play(state, Skill(0, 1))
    play(state, PASS)
    play(state, Attack(0, 1))
    assert state.teams[0][1].hp == 385
    play(state, PASS)
    play(state, Attack(1, 0))
    play(state, PASS)
    play(state, Attack(0, 1))
    assert state.teams[0][1].hp == 335


# --------------------------------------------------------------------- 16. ATK lock-in


def test_ruling_16_atk_locked_at_the_start_of_the_action_official_example() -> None:
    # Rules text, 结算说明 4: an Eel (180 damage counted) uses its AoE (35) on a nearly dead
    # Octopus then a Pufferfish. Octopus 40 -> 5 -> heals to 25, below 120: the Pufferfish
    # counters 30, the Eel's count reaches 210 and its ATK becomes 120 — yet the rest of
    # the AoE still deals 35, not int(120 * 0.35) = 42.
    state = position([EEL, ARCHER, PUFFER, HAMMERHEAD], [OCTOPUS, PUFFER, HAMMERHEAD, GREATWHITE])
    tune(state.teams[0][0], wound=180)
    tune(state.teams[1][0], hp=40)
    events = play(state, Skill(0))
    assert [h for h in hits(events) if h[0] == 1] == [(1, p, 35, True) for p in range(4)]
    assert hps(state, 1) == [25, 365, 365, 385]
    assert (state.teams[0][0].hp, state.teams[0][0].atk, state.teams[0][0].wound) == (370, 120, 10)


# --------------------------------------------------------------------- 17. assertion loss


def test_ruling_17_assertion_loss_is_not_damage() -> None:
    # -50 to every living enemy fish: through shields and buffs, no dodge roll, no heal,
    # no explosion, no counters; it can kill.
    state = position(PLAIN, [TURTLE, OCTOPUS, HAMMERHEAD, MANTA], phase="assert")
    tune(state.teams[1][1], hp=300)
    tune(state.teams[1][2], hp=30)
    tune(state.teams[1][3], reduce_buff=True)
    script_dodges(state)
    events = play(state, Assert(0, TURTLE))
    assert [e["kind"] for e in events] == ["assert", "assert_loss", "dead"]
    assert hps(state, 1) == [350, 250, 0, 350]
    assert state.teams[1][0].shields == 3 and state.teams[1][3].reduce_buff
    assert dodge_rolls(state) == []
    assert state.phase == "action"


def test_ruling_17_a_failed_assertion_can_lose_the_round() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA], phase="assert")
    for fish in state.teams[0]:
        tune(fish, hp=50)
    events = play(state, Assert(0, PUFFER))
    assert of_kind(events, "round_end")[0]["winner"] == 1
    assert state.round == 2 and state.phase == "pick"


def test_ruling_17_a_correct_assertion_can_win_the_round() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA], phase="assert")
    for fish in state.teams[1]:
        tune(fish, hp=20)
    events = play(state, Assert(2, SEAWOLF))
    assert of_kind(events, "round_end")[0]["winner"] == 0


def test_ruling_17_asserting_a_dead_or_revealed_fish_is_illegal() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA], phase="assert")
    tune(state.teams[1][0], hp=0)
    tune(state.teams[1][1], revealed=True)
    legal = state.legal_actions(0)
    for pos in (0, 1):
        assert not [a for a in legal if isinstance(a, Assert) and a.pos == pos]
        with pytest.raises(IllegalAction, match=r"dead|revealed"):
            state.apply(Assert(pos, ARCHER), 0)
    assert Assert(2, ARCHER) in legal and PASS in legal
    assert state.phase == "assert" and hps(state, 0) == [400] * 4


# --------------------------------------------------------------------- 18. turn limit


def _pass_and_poke(state: AquawarState) -> None:
    """One whole turn that kills nobody: no assertion, a normal attack on a full fish."""
    play(state, PASS)
    target = max(range(4), key=lambda p: state.teams[1 - state.seat][p].hp)
    play(state, Attack(0, target))


def test_ruling_18_a_round_lasts_at_most_64_turns() -> None:
    # Turn index 60 is the 61st turn: three more turns leave the round going, the 64th
    # ends it on the tiebreak.
    state = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, GREATWHITE], phase="assert", turn=60)
    for _ in range(3):
        _pass_and_poke(state)
    assert state.round == 1 and state.turn == 63
    _pass_and_poke(state)
    assert state.round_results[0]["reason"].startswith("turn limit")
    assert state.round_results[0]["turns"] == 64


def test_ruling_18_deaths_are_settled_before_the_turn_limit() -> None:
    # On the 64th turn seat 0's last fish (30 HP) kills seat 1's last, a Hammerhead at 30,
    # whose explosion kills it back: mutual destruction, won by the actor — no tiebreak.
    state = position(PLAIN, [HAMMERHEAD, PUFFER, SEAWOLF, MANTA], turn=63)
    for fish in state.teams[0][1:] + state.teams[1][1:]:
        tune(fish, hp=0)
    tune(state.teams[0][0], hp=30)
    tune(state.teams[1][0], hp=30)
    events = play(state, Attack(0, 0))
    assert of_kind(events, "round_end")[0] == {
        "kind": "round_end",
        "round": 1,
        "winner": 0,
        "reason": "mutual destruction",
    }


def test_ruling_18_round_result_counts_the_turns_begun() -> None:
    # Ours: a round decided on its 6th turn (index 5) reports 6 turns.
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA], turn=5)
    for fish in state.teams[1][1:]:
        tune(fish, hp=0)
    tune(state.teams[1][0], hp=50)
    play(state, Attack(0, 0))
    assert state.round_results[0]["turns"] == 6


# --------------------------------------------------------------------- 19. match flow


PICKS = {
    0: [Pick((1, 2, 3, 4)), Pick((5, 6, 7, 8)), Pick((MIMIC, 9, 10, 11), 3)],
    1: [Pick((MIMIC, 1, 2, 3), 4), Pick((4, 9, 10, 11)), Pick((5, 6, 7, 8))],
}


def _play_rounds(state: AquawarState, winners: list[int]) -> None:
    """Pick and settle rounds in turn, each won by the given seat."""
    for index, winner in enumerate(winners):
        state.apply(PICKS[0][index], 0)
        state.apply(PICKS[1][index], 1)
        win_round(state, winner)


def test_ruling_19_the_match_stops_at_two_wins() -> None:
    state = AquawarState(5)
    _play_rounds(state, [0, 0])
    assert state.is_terminal() and state.winner == 0 and state.returns() == (1.0, -1.0)
    assert len(state.round_results) == 2 and state.round == 2
    assert not [e for e in state.events if e[0] == "round_start" and e[2] == 3]


def test_ruling_19_round_one_first_mover_is_drawn_from_the_seed() -> None:
    firsts = {seed: AquawarState(seed).first_mover for seed in range(64)}
    assert set(firsts.values()) == {0, 1}
    for seed, first in firsts.items():
        again = AquawarState(seed)
        assert again.first_mover == first and again.rng.log[0] == ("first_mover", first)


def test_ruling_19_the_previous_round_winner_moves_second() -> None:
    state = AquawarState(5)
    _play_rounds(state, [0])
    assert state.first_mover == 1
    state.apply(PICKS[0][1], 0)
    state.apply(PICKS[1][1], 1)
    assert state.seat == 1 and state.phase == "assert"
    win_round(state, 1)
    assert state.round == 3 and state.first_mover == 0


# --------------------------------------------------------------------- 20. round 3


def test_ruling_20_round_three_picks_are_the_four_unused_fish_mimic_target_chosen() -> None:
    state = AquawarState(5)
    _play_rounds(state, [0, 1])
    assert state.round == 3
    seat0 = state.legal_actions(0)
    assert len(seat0) == 4 * 3 * 2 * 1 * 11  # positions of the four, times the Mimic's copy
    assert all(set(p.fish) == {MIMIC, 9, 10, 11} and p.mimic in range(1, 12) for p in seat0)
    seat1 = state.legal_actions(1)
    assert len(seat1) == 24 and all(set(p.fish) == {5, 6, 7, 8} for p in seat1)
    with pytest.raises(IllegalAction):
        state.apply(Pick((MIMIC, 9, 10, 11)), 0)  # the Mimic's copy must still be chosen
    with pytest.raises(IllegalAction):
        state.apply(Pick((5, 6, 7, 9)), 1)


# --------------------------------------------------------------------- 21. forfeits


class _Passer:
    """An agent that always answers "pass", illegal during picks."""

    needs_view = False

    def act(self, view: object, legal: object) -> object:
        return PASS


class _FirstLegal:
    needs_view = False

    def act(self, view: object, legal: list[object]) -> object:
        return legal[0]


def test_ruling_21_an_illegal_move_loses_the_whole_match() -> None:
    state = play_match(SPEC, 3, None, [_FirstLegal(), _Passer()])
    assert state.is_terminal() and state.winner == 0 and state.round == 1
    forfeit = [event_json(e) for e in state.events if e[0] == "forfeit"]
    assert forfeit and forfeit[0]["seat"] == 1 and "IA" in forfeit[0]["reason"]


def test_ruling_21_a_referee_forfeit_ends_the_match_mid_round() -> None:
    state = position(PLAIN, PLAIN)
    state.forfeit(0, "TLE: no answer within 3 s")
    assert state.is_terminal() and state.winner == 1 and state.returns() == (-1.0, 1.0)
    assert state.legal_actions(0) == () and state.to_move() == ()


# --------------------------------------------------------------------- 22. what a seat sees


def test_ruling_22_enemy_identity_hidden_until_asserted_even_after_death() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA])
    tune(state.teams[1][0], hp=30)
    play(state, Attack(0, 0))  # the enemy Archerfish dies, unidentified
    play(state, PASS)
    play(state, Attack(1, 0))
    play(state, Assert(1, PUFFER))
    enemy = view(state, 0).to_json()["enemy_team"]  # as a bot receives it
    assert [f["fish"] for f in enemy] == [None, PUFFER, None, None]
    assert [f["hp"] for f in enemy] == [0, 350, 350, 350]
    assert enemy[0]["alive"] is False
    assert all(set(f) == {"pos", "fish", "hp", "alive"} for f in enemy)
    spectator = view(state, None).to_json()
    assert [f["fish"] for f in spectator["teams"][1]] == [None, PUFFER, None, None]
    mine = view(state, 1).my_team or []
    assert [f.fish for f in mine] == [ARCHER, PUFFER, SEAWOLF, MANTA]


# --------------------------------------------------------------------- 23. what is announced


def _enemy_log(state: AquawarState, action: Action, viewer: int = 1) -> list[dict[str, Any]]:
    """The log entries `viewer` gains when the seat to move plays `action`."""
    before = len(view(state, viewer).log)
    state.apply(action, state.seat)
    log = view(state, viewer).log
    return log[before:]


def _action_of(log: list[dict[str, Any]]) -> tuple[str, list[tuple[int, ...]]]:
    entry = next(e for e in log if e["kind"] == "action")
    return entry["type"], [tuple(t) for t in entry["targets"]]


def test_ruling_23_enemy_actions_show_category_targets_and_pre_mitigation_values() -> None:
    normal = position(PLAIN, [TURTLE, ARCHER, PUFFER, HAMMERHEAD])
    assert _action_of(_enemy_log(normal, Attack(0, 0))) == ("normalattack", [(1, 0, 50)])
    aoe = position(PLAIN, [TURTLE, ARCHER, PUFFER, HAMMERHEAD])
    assert _action_of(_enemy_log(aoe, Skill(0))) == ("aoe", [(1, p, 35) for p in range(4)])
    infight = position(PLAIN, PLAIN)
    assert _action_of(_enemy_log(infight, Skill(1, 2))) == ("infight", [(0, 2, 50)])
    crit = position([SEAWOLF, ARCHER, PUFFER, HAMMERHEAD], [TURTLE, ARCHER, PUFFER, HAMMERHEAD])
    assert _action_of(_enemy_log(crit, Skill(0, None, 0))) == ("crit", [(1, 0, 120)])


def test_ruling_23_subtle_skills_show_no_target_to_the_enemy() -> None:
    for team, skill in (
        ([MANTA, ARCHER, PUFFER, HAMMERHEAD], Skill(0, 1)),
        ([OCTOPUS, ARCHER, PUFFER, HAMMERHEAD], Skill(0, 0)),
        ([TURTLE, ARCHER, PUFFER, HAMMERHEAD], Skill(0, 1)),
        ([CLOWN, ARCHER, PUFFER, HAMMERHEAD], Skill(0, 2)),
    ):
        state = position(team, PLAIN)
        tune(state.teams[0][0], uses=3)
        mark = len(view(state, 0).log)
        log = _enemy_log(state, skill)
        assert _action_of(log) == ("subtle", [])
        assert not [e for e in log if e["kind"] == "skill_detail"]
        own = view(state, 0).log[mark:]
        detail = [e for e in own if e["kind"] == "skill_detail"]
        assert detail and (detail[0]["ally"], detail[0]["enemy"]) == (skill.ally, skill.enemy)


def test_ruling_23_passives_are_public_with_their_attribution() -> None:
    # Counter: attributed to the low fish that was hit (position 1), not the Archerfish.
    counter = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, SEAWOLF])
    tune(counter.teams[1][1], hp=100)
    log = _enemy_log(counter, Attack(0, 1), viewer=0)
    assert [(e["type"], e["pos"], e["value"]) for e in log if e["kind"] == "passive"] == [
        ("counter", 1, 30)
    ]
    # Deflect (source fish, value before the split), reduce 0.3, heal with its amount.
    mixed = position(PLAIN, [EEL, OCTOPUS, ARCHER, PUFFER])
    tune(mixed.teams[1][0], reduce_buff=True)
    tune(mixed.teams[1][1], hp=300)
    log = _enemy_log(mixed, Attack(0, 0), viewer=0)
    assert [(e["type"], e["pos"], e["value"]) for e in log if e["kind"] == "passive"] == [
        ("deflect", 0, 50),
        ("heal", 1, 20),
        ("reduce", 0, 0.3),
    ]
    # Explosion.
    boom = position(PLAIN, [HAMMERHEAD, SEAWOLF, MANTA, CLOWN])
    tune(boom.teams[1][0], hp=10)
    log = _enemy_log(boom, Attack(0, 0), viewer=1)
    assert [(e["type"], e["pos"]) for e in log if e["kind"] == "passive"] == [("explode", 0)]


def test_ruling_23_assertions_are_public() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA], phase="assert")
    play(state, Assert(3, MANTA))
    for seat in (0, 1, None):
        found = [e for e in view(state, seat).log if e["kind"] == "assert"]
        assert found == [{"kind": "assert", "seat": 0, "pos": 3, "guess": MANTA, "success": True}]
