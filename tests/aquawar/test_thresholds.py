"""Every numeric threshold of the Aquawar rules, tested exactly at it and just either side.

Each test names the rule and the threshold. Thresholds already pinned at both sides
elsewhere are not repeated here:

- Hammerhead +15 ATK below 80 HP (79 / 80):
  `test_ruling_09_hammerhead_plus_15_atk_below_80_hp`;
- shark crit 140 % below 160 HP (159 / 160):
  `test_ruling_14_shark_crit_is_120_percent_or_140_below_160`;
- Sea Turtle / Clownfish bonus on uses 1-3 (third use / fourth use):
  `test_ruling_11_turtle_crits_on_uses_one_to_three_then_only_buffs` and
  `test_ruling_11_clownfish_aoe_on_uses_one_to_three_then_only_buffs`;
- the 64-turn limit (turn 63 goes on, turn 64 ends it; a wipe on turn 64 is no tiebreak):
  `test_ruling_18_a_round_lasts_at_most_64_turns`,
  `test_ruling_18_deaths_are_settled_before_the_turn_limit`;
- the tiebreakers falling through on equal fish counts / totals / best fish:
  `test_rule_turn_limit_tiebreak_*`.

Expected numbers are worked out by hand from the rules text. Where a position needs an ATK
no fish reaches in play (to land an exact damage), the test says so.
"""

from __future__ import annotations

import pytest

from sparring.games.aquawar.actions import PASS, Assert, Attack, Pick, Skill
from sparring.games.aquawar.state import AquawarState

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
    FishSpec,
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

# Seat 0 acts with the Archerfish at position 0 (ATK 100: a normal attack deals 50).
PLAIN = [ARCHER, PUFFER, HAMMERHEAD, GREATWHITE]
# A seat-1 team where nothing reacts when the fish at position 0 is hit: no dodge, no
# heal, no sharing, no counter for a teammate.
QUIET = [ARCHER, HAMMERHEAD, GREATWHITE, CLOWN]


# --------------------------------------------------------------------- defeat at 0 HP


@pytest.mark.parametrize(("hp", "left", "alive"), [(49, 0, False), (50, 0, False), (51, 1, True)])
def test_threshold_a_fish_is_defeated_at_exactly_0_hp(hp: int, left: int, alive: bool) -> None:
    # Rules 2.1: defeated "when its HP drops to 0 or below". A hit of 50 on 49, 50, 51 HP.
    state = position(PLAIN, QUIET)
    tune(state.teams[1][0], hp=hp)
    events = play(state, Attack(0, 0))
    assert (state.teams[1][0].hp, state.teams[1][0].alive) == (left, alive)
    assert (of_kind(events, "dead") == [{"kind": "dead", "seat": 1, "pos": 0}]) is not alive


@pytest.mark.parametrize(("hp", "explodes"), [(49, True), (50, True), (51, False)])
def test_threshold_hammerhead_explodes_when_a_direct_hit_leaves_it_at_0(
    hp: int, explodes: bool
) -> None:
    # Ruling 9: "brings it to 0 or below". 50 on 50 HP is exactly 0: 40 on the attacker.
    state = position(PLAIN, [HAMMERHEAD, EEL, CLOWN, GREATWHITE])
    tune(state.teams[1][0], hp=hp)
    events = play(state, Attack(0, 0))
    assert (("explode", 1, 0, 40) in passives(events)) is explodes
    assert state.teams[0][0].hp == (360 if explodes else 400)


@pytest.mark.parametrize(("hp", "left"), [(50, 0), (51, 21)])
def test_threshold_octopus_heals_only_above_0(hp: int, left: int) -> None:
    # Ruling 7: heal "if still above 0 HP". 50 on 50 leaves 0 (dead, no heal); on 51 it
    # leaves 1, healed to 21.
    state = position(PLAIN, [OCTOPUS, HAMMERHEAD, GREATWHITE, CLOWN])
    tune(state.teams[1][0], hp=hp)
    play(state, Attack(0, 0))
    assert state.teams[1][0].hp == left


# --------------------------------------------------------------------- assertion loss 50


@pytest.mark.parametrize("correct", [True, False])
def test_threshold_assertion_loss_kills_a_fish_at_exactly_50_hp(correct: bool) -> None:
    # Rules 2.2: every living fish of the losing side loses 50. At 49, 50, 51 HP: 0 (dead),
    # 0 (dead), 1 (alive); a full fish keeps 350.
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA], phase="assert")
    losing = 1 if correct else 0
    for fish, hp in zip(state.teams[losing], (49, 50, 51, 400), strict=True):
        tune(fish, hp=hp)
    play(state, Assert(3, MANTA if correct else SEAWOLF))
    assert hps(state, losing) == [0, 0, 1, 350]
    assert [f.alive for f in state.teams[losing]] == [False, False, True, True]
    assert hps(state, 1 - losing) == [400] * 4
    assert state.phase == "action"


@pytest.mark.parametrize(("hp", "round_over"), [(50, True), (51, False)])
def test_threshold_an_assertion_ends_the_round_when_no_fish_had_more_than_50(
    hp: int, round_over: bool
) -> None:
    # Seat 1's two living fish at 50 are both wiped by a correct assertion; at 51 both
    # keep 1 HP and seat 0 goes on to its action.
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA], phase="assert")
    for fish in state.teams[1][:2]:
        tune(fish, hp=hp)
    for fish in state.teams[1][2:]:
        tune(fish, hp=0)
    events = play(state, Assert(0, ARCHER))
    assert bool(of_kind(events, "round_end")) is round_over
    assert state.round == (2 if round_over else 1)
    if not round_over:
        assert hps(state, 1) == [1, 1, 0, 0] and state.phase == "action"


# --------------------------------------------------------------------- +20 ATK per 200 taken


def _lone(kind: FishSpec, wound: int) -> AquawarState:
    """Seat 1's damage-sharing fish at position 0 with `wound` counted and no living
    teammate (so a direct hit is not shared and lands whole)."""
    state = position(PLAIN, [kind, ARCHER, PUFFER, HAMMERHEAD])
    for fish in state.teams[1][1:]:
        tune(fish, hp=0)
    tune(state.teams[1][0], wound=wound)
    return state


WOUND_CASES = [
    # (counted before, damage, ATK after, counted after)
    (0, 199, 100, 199),  # 199: one short
    (0, 200, 120, 0),  # exactly 200 in one hit
    (198, 1, 100, 199),  # 199 reached by a carry
    (199, 1, 120, 0),  # 200 reached by a carry
    (1, 398, 120, 199),  # 399: one step and 199 carried
    (1, 399, 140, 0),  # exactly 400: two steps in one hit
    (150, 251, 140, 1),  # 401: two steps, 1 carried
]


@pytest.mark.parametrize("kind", [EEL, SUNFISH, (MIMIC, EEL)], ids=["eel", "sunfish", "mimic"])
@pytest.mark.parametrize(("wound", "damage", "atk", "after"), WOUND_CASES)
def test_threshold_eel_sunfish_gain_20_atk_at_exactly_200_taken(
    kind: FishSpec, wound: int, damage: int, atk: int, after: int
) -> None:
    # Ruling 2: atk += 20 * (wound // 200); wound %= 200. Artificial attacker ATK
    # 2 x damage, for a normal attack of exactly `damage`.
    state = _lone(kind, wound)
    tune(state.teams[0][0], atk=2 * damage)
    play(state, Attack(0, 0))
    fish = state.teams[1][0]
    assert (fish.hp, fish.atk, fish.wound) == (400 - damage, atk, after)


def test_threshold_eel_wound_carries_to_exactly_200_over_three_hits() -> None:
    # Counted 100: +50 (150, no gain), +150 (300: +20, 100 carried), +100 (exactly 200
    # again: +20, 0 carried). Artificial attacker ATK 100, 300, 200; seat 1 passes and
    # pokes in between.
    state = _lone(EEL, 100)
    for atk, expected in ((100, (100, 150)), (300, (120, 100)), (200, (140, 0))):
        tune(state.teams[0][0], atk=atk)
        play(state, Attack(0, 0))
        assert (state.teams[1][0].atk, state.teams[1][0].wound) == expected
        play(state, PASS)
        play(state, Attack(0, 3))  # the Eel's normal attack on seat 0's Great White
        play(state, PASS)
    assert state.teams[1][0].hp == 100


@pytest.mark.parametrize(("wound", "atk"), [(149, 100), (150, 120)])
def test_threshold_sunfish_infight_damage_reaches_200(wound: int, atk: int) -> None:
    # Ruling 2 counts non-direct damage too: the Pufferfish's 50 on a Sunfish at 149 / 150.
    state = position([PUFFER, SUNFISH, ARCHER, HAMMERHEAD], PLAIN)
    tune(state.teams[0][1], wound=wound)
    play(state, Skill(0, 1))
    assert (state.teams[0][1].atk, state.teams[0][1].wound) == (atk, (wound + 50) % 200)


# --------------------------------------------------------------------- counters below 120


@pytest.mark.parametrize(("hp", "counters"), [(169, True), (170, False)])
def test_threshold_teammate_counter_below_120_hp(hp: int, counters: bool) -> None:
    # Ruling 8: a hit of 50 leaves the Archerfish at 119 (counter by the Pufferfish) or
    # at exactly 120 (not below: none).
    state = position(PLAIN, [PUFFER, ARCHER, HAMMERHEAD, SEAWOLF])
    tune(state.teams[1][1], hp=hp)
    events = play(state, Attack(0, 1))
    assert passives(events) == ([("counter", 1, 1, 30)] if counters else [])
    assert state.teams[0][0].hp == (370 if counters else 400)


@pytest.mark.parametrize(("hp", "counters"), [(169, True), (170, False)])
def test_threshold_clownfish_own_counter_below_120_hp(hp: int, counters: bool) -> None:
    state = position(PLAIN, [CLOWN, HAMMERHEAD, SEAWOLF, MANTA])
    tune(state.teams[1][0], hp=hp)
    events = play(state, Attack(0, 0))
    assert passives(events) == ([("counter", 1, 0, 30)] if counters else [])


@pytest.mark.parametrize(("hp", "counters"), [(119, True), (120, False)])
def test_threshold_counter_after_a_dodged_hit_reads_the_hp_it_kept(hp: int, counters: bool) -> None:
    # A Sea Wolf at 119 / 120 dodges the hit and keeps its HP: the Archerfish counters
    # only for 119.
    state = position(PLAIN, [SEAWOLF, ARCHER, HAMMERHEAD, CLOWN])
    tune(state.teams[1][0], hp=hp)
    script_dodges(state, True)
    events = play(state, Attack(0, 0))
    assert state.teams[1][0].hp == hp
    assert (("counter", 1, 0, 30) in passives(events)) is counters


# --------------------------------------------------------------------- heal cap at 400


@pytest.mark.parametrize(
    ("damage", "healed", "left"), [(21, 20, 399), (20, 20, 400), (19, 19, 400)]
)
def test_threshold_passive_heal_capped_at_400(damage: int, healed: int, left: int) -> None:
    # Ruling 3. An Octopus at 400 takes 21 / 20 / 19 (artificial attacker ATK 2 x damage)
    # and heals 20 up to the 400 cap: to 399, exactly 400, or 19 only.
    state = position(PLAIN, [OCTOPUS, HAMMERHEAD, GREATWHITE, CLOWN])
    tune(state.teams[0][0], atk=2 * damage)
    events = play(state, Attack(0, 0))
    assert [p for p in passives(events) if p[0] == "heal"] == [("heal", 1, 0, healed)]
    assert state.teams[1][0].hp == left


@pytest.mark.parametrize(("damage", "heals"), [(41, [20, 20]), (40, [20, 20]), (39, [20, 19])])
def test_threshold_delayed_and_passive_heal_together_capped_at_400(
    damage: int, heals: list[int]
) -> None:
    # An Octopus with a Sea Turtle heal buff: two heals of 20 after the hit, the second
    # one capped. Artificial attacker ATK 2 x damage.
    state = position(PLAIN, [OCTOPUS, HAMMERHEAD, GREATWHITE, CLOWN])
    tune(state.teams[0][0], atk=2 * damage)
    tune(state.teams[1][0], heal_buff=True)
    events = play(state, Attack(0, 0))
    assert [p[3] for p in passives(events) if p[0] == "heal"] == heals
    assert state.teams[1][0].hp == min(400, 400 - damage + 40)


# --------------------------------------------------------------------- shields 3 to 0


def test_threshold_sea_turtle_has_exactly_3_shields_then_rolls() -> None:
    # A fresh Sea Turtle is hit four times: shields 3 -> 2 -> 1 -> 0 with no roll, then the
    # fourth hit rolls a dodge (scripted to fail) and lands.
    state = position(PLAIN, [TURTLE, HAMMERHEAD, GREATWHITE, CLOWN])
    script_dodges(state, False)
    turtle = state.teams[1][0]
    seen = []
    for _ in range(4):
        play(state, Attack(0, 0))
        seen.append((turtle.shields, turtle.hp, len(dodge_rolls(state))))
        play(state, PASS)
        play(state, Attack(1, 3))  # seat 1's Hammerhead pokes seat 0's Great White
        play(state, PASS)
    assert seen == [(2, 400, 0), (1, 400, 0), (0, 400, 0), (0, 350, 1)]


@pytest.mark.parametrize(("shields", "after", "rolls"), [(1, 0, 0), (0, 0, 1)])
def test_threshold_last_shield_blocks_without_a_roll(shields: int, after: int, rolls: int) -> None:
    state = position(PLAIN, [TURTLE, HAMMERHEAD, GREATWHITE, CLOWN])
    tune(state.teams[1][0], shields=shields)
    script_dodges(state, False)
    play(state, Attack(0, 0))
    assert (state.teams[1][0].shields, len(dodge_rolls(state))) == (after, rolls)
    assert state.teams[1][0].hp == (400 if shields else 350)


# --------------------------------------------------------------------- integer shares


@pytest.mark.parametrize(("damage", "each", "kept"), [(9, 0, 6), (10, 1, 7)])
def test_threshold_a_share_pool_smaller_than_the_receivers_gives_0(
    damage: int, each: int, kept: int
) -> None:
    # Ruling 1: the pool int(d * 0.3) splits with integer division among 3 teammates:
    # 9 -> pool 2 -> 0 each (kept int(6.3) = 6); 10 -> pool 3 -> 1 each (kept 7).
    # Artificial attacker ATK 2 x damage.
    state = position(PLAIN, [EEL, ARCHER, PUFFER, HAMMERHEAD])
    tune(state.teams[0][0], atk=2 * damage)
    events = play(state, Attack(0, 0))
    shares = [(1, pos, each, False) for pos in (1, 2, 3)]
    assert hits(events) == [*shares, (1, 0, kept, True)]


# --------------------------------------------------------------------- two round wins


@pytest.mark.parametrize("winners", [[0, 0], [1, 0, 1], [0, 1, 0], [1, 1]])
def test_threshold_the_match_ends_at_exactly_2_round_wins(winners: list[int]) -> None:
    # Rules 1: best of three. After each round: over exactly when a seat has 2 wins.
    picks = [Pick((1, 2, 3, 4)), Pick((5, 6, 7, 8)), Pick((9, 10, 11, MIMIC), 1)]
    state = AquawarState(3)
    wins = [0, 0]
    for index, winner in enumerate(winners):
        state.apply(picks[index], 0)
        state.apply(picks[index], 1)
        win_round(state, winner)
        wins[winner] += 1
        assert state.is_terminal() is (max(wins) == 2)
    assert state.winner == winners[-1] and state.wins == wins
