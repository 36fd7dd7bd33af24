"""Named tests for the rules text itself (``rules/aquawar-rules-zh.md``): picks, the turn
structure, assertions, how rounds and the match end, the options, every fish, and the
official worked example.

The rulings have their own file (`test_rulings.py`). Positions are built by hand (see
`helpers.position`); seat 0 acts unless a test says otherwise, and every expected number is
worked out from the rules text in the comments.
"""

from __future__ import annotations

import json
from math import perm

import pytest

from sparring.core.errors import BadInput, IllegalAction
from sparring.games.aquawar.actions import PASS, Assert, Attack, Pick, Skill
from sparring.games.aquawar.options import AquawarOptions
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

PLAIN = [ARCHER, PUFFER, HAMMERHEAD, GREATWHITE]
SEAT0_FIRST = AquawarOptions(seat0_always_first=True)


# --------------------------------------------------------------------- picks


def test_rule_pick_four_different_fish_not_used_before() -> None:
    state = AquawarState(1)
    # Round 1: 4 of the 11 non-Mimic fish in order, or the Mimic in one of 4 places with
    # 3 others in order and one of 11 copies.
    assert len(state.legal_actions(0)) == perm(11, 4) + 4 * perm(11, 3) * 11 == 51480
    for bad in (Pick((1, 1, 2, 3)), Pick((1, 2, 3)), Pick((0, 1, 2, 3)), Pick((1, 2, 3, 13))):
        with pytest.raises(IllegalAction):
            state.apply(bad, 0)
    state.apply(Pick((1, 2, 3, 4)), 0)
    state.apply(Pick((1, 2, 3, 4)), 1)  # the other seat's choices never restrict this one
    win_round(state, 0)
    with pytest.raises(IllegalAction, match="already played"):
        state.apply(Pick((4, 5, 6, 7)), 0)
    assert all(not {1, 2, 3, 4} & set(p.fish) for p in state.legal_actions(0))


def test_rule_pick_mimic_must_copy_one_of_the_other_eleven() -> None:
    state = AquawarState(1)
    legal = state.legal_actions(0)
    for copied in range(1, 12):
        assert Pick((MIMIC, 1, 2, 3), copied) in legal
    assert Pick((MIMIC, 1, 2, 3), MIMIC) not in legal
    for bad in (Pick((MIMIC, 1, 2, 3)), Pick((MIMIC, 1, 2, 3), MIMIC), Pick((4, 1, 2, 3), 5)):
        with pytest.raises(IllegalAction, match="Mimic"):
            state.apply(bad, 0)


def test_rule_picks_are_simultaneous_in_either_order_and_unseen() -> None:
    state = AquawarState(4)
    assert state.to_move() == (0, 1)
    state.apply(Pick((5, 6, 7, 8)), 1)  # seat 1 may pick first
    assert state.to_move() == (0,) and state.phase == "pick"
    seen = view(state, 0)
    assert seen.enemy_team == [] and seen.my_pick is None
    assert [e for e in seen.log if e["kind"] == "team"] == []
    sent = json.dumps(seen.to_json())
    assert "5, 6, 7, 8" not in sent and "[5, 6, 7, 8]" not in sent
    with pytest.raises(IllegalAction, match="already picked"):
        state.apply(Pick((1, 2, 3, 4)), 1)  # final once made
    state.apply(Pick((1, 2, 3, 4)), 0)
    assert [f.kind for f in state.teams[1]] == [5, 6, 7, 8]
    assert state.phase == "assert" and state.seat == state.first_mover


# --------------------------------------------------------------------- turns


def test_rule_a_turn_is_one_assertion_phase_then_one_action() -> None:
    state = position(PLAIN, PLAIN, phase="assert")
    with pytest.raises(IllegalAction):
        state.apply(Attack(0, 0), 0)  # must first assert or pass
    play(state, Assert(0, ARCHER))
    assert (state.phase, state.seat) == ("action", 0)
    with pytest.raises(IllegalAction):
        state.apply(Assert(1, PUFFER), 0)  # only one assertion per turn
    play(state, Attack(0, 1))
    assert (state.phase, state.seat, state.turn) == ("assert", 1, 1)


def test_rule_normal_attack_deals_half_atk_to_one_living_enemy() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA])
    tune(state.teams[1][0], hp=0)
    tune(state.teams[0][1], hp=0)
    with pytest.raises(IllegalAction, match="dead"):
        state.apply(Attack(0, 0), 0)  # a dead target
    with pytest.raises(IllegalAction, match="dead"):
        state.apply(Attack(1, 1), 0)  # a dead actor
    assert hits(play(state, Attack(0, 1))) == [(1, 1, 50, True)]


# --------------------------------------------------------------------- assertions


def test_rule_assertion_success_reveals_and_costs_every_living_enemy_fish_50() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA], phase="assert")
    tune(state.teams[1][3], hp=0)
    events = play(state, Assert(1, PUFFER))
    assert of_kind(events, "assert_loss") == [{"kind": "assert_loss", "seat": 1, "amount": 50}]
    assert hps(state, 1) == [350, 350, 350, 0] and hps(state, 0) == [400] * 4
    assert [f.revealed for f in state.teams[1]] == [False, True, False, False]


def test_rule_assertion_failure_costs_every_own_living_fish_50() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA], phase="assert")
    tune(state.teams[0][2], hp=0)
    play(state, Assert(1, SEAWOLF))
    assert hps(state, 0) == [350, 350, 0, 350] and hps(state, 1) == [400] * 4
    assert not any(f.revealed for f in state.teams[1])


def test_rule_assertion_targets_only_living_hidden_enemy_fish() -> None:
    # One "pass", plus each of the 12 identities for each living hidden enemy fish.
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA], phase="assert")
    tune(state.teams[1][0], hp=0)
    tune(state.teams[1][2], revealed=True)
    legal = state.legal_actions(0)
    assert len(legal) == 1 + 2 * 12
    assert {a.pos for a in legal if isinstance(a, Assert)} == {1, 3}


# --------------------------------------------------------------------- ending a round


def test_rule_elimination_the_side_with_fish_left_wins() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, SEAWOLF, MANTA])
    for fish in state.teams[1][1:]:
        tune(fish, hp=0)
    tune(state.teams[1][0], hp=50)
    events = play(state, Attack(0, 0))
    assert of_kind(events, "round_end")[0]["winner"] == 0


def test_rule_losing_your_last_fish_on_your_own_action_loses() -> None:
    # Seat 0's last fish (20 HP) hits a Clownfish at 150 -> 100, whose counter kills it.
    state = position(PLAIN, [CLOWN, HAMMERHEAD, SEAWOLF, MANTA])
    for fish in state.teams[0][1:]:
        tune(fish, hp=0)
    tune(state.teams[0][0], hp=20)
    tune(state.teams[1][0], hp=150)
    events = play(state, Attack(0, 0))
    assert of_kind(events, "round_end")[0]["winner"] == 1


def test_rule_mutual_destruction_the_actor_wins() -> None:
    # Seat 1 moves: its last fish (20 HP) kills seat 0's last, a Clownfish at 30, whose
    # dying counter kills it back. Both sides are wiped by seat 1's action: seat 1 wins.
    state = position([CLOWN, PUFFER, SEAWOLF, MANTA], PLAIN, seat=1)
    for fish in state.teams[0][1:] + state.teams[1][1:]:
        tune(fish, hp=0)
    tune(state.teams[0][0], hp=30)
    tune(state.teams[1][0], hp=20)
    events = play(state, Attack(0, 0))
    assert of_kind(events, "round_end")[0] == {
        "kind": "round_end",
        "round": 1,
        "winner": 1,
        "reason": "mutual destruction",
    }


def _last_turn(seat0_hp: list[int], seat1_hp: list[int], first_mover: int = 0) -> AquawarState:
    """Seat 0 to act on the 64th turn; seat 1 fields a Hammerhead at position 0 (seat 0's
    50-damage normal attack target: no dodge, no counter) and three passive fish."""
    state = position(PLAIN, [HAMMERHEAD, GREATWHITE, SEAWOLF, MANTA], turn=63)
    state.first_mover = first_mover
    for seat, values in ((0, seat0_hp), (1, seat1_hp)):
        for fish, hp in zip(state.teams[seat], values, strict=True):
            tune(fish, hp=hp)
    return state


def _tiebreak(state: AquawarState) -> dict[str, object]:
    return of_kind(play(state, Attack(0, 0)), "round_end")[0]


def test_rule_turn_limit_tiebreak_1_more_fish_wins() -> None:
    # Seat 1 keeps 4 fish (350 + 3 x 100 = 650 HP) against seat 0's 3 (1200 HP).
    end = _tiebreak(_last_turn([400, 400, 400, 0], [400, 100, 100, 100]))
    assert (end["winner"], end["reason"]) == (1, "turn limit: more fish")


def test_rule_turn_limit_tiebreak_2_more_total_hp_wins() -> None:
    # 4 fish each; seat 0 has 1200 in total (best fish 300), seat 1 350 + 3 x 200 = 950
    # (best fish 350): the total decides before the best fish.
    end = _tiebreak(_last_turn([300] * 4, [400, 200, 200, 200]))
    assert (end["winner"], end["reason"]) == (0, "turn limit: more total HP")


def test_rule_turn_limit_tiebreak_3_highest_single_hp_wins() -> None:
    # 1200 each; seat 1's best fish has 350 against seat 0's 300.
    end = _tiebreak(_last_turn([300] * 4, [400, 250, 300, 300]))
    assert (end["winner"], end["reason"]) == (1, "turn limit: highest single HP")


def test_rule_turn_limit_tiebreak_4_second_mover_wins() -> None:
    for first, second in ((0, 1), (1, 0)):
        end = _tiebreak(_last_turn([300] * 4, [350, 300, 300, 300], first_mover=first))
        assert (end["winner"], end["reason"]) == (second, "turn limit: second mover")


def _idle_round(options: AquawarOptions | None = None) -> list[int]:
    """Both seats only ever use a Manta's harmless buff; return how many actions each made
    before the round ended."""
    state = position([MANTA, *PLAIN[1:]], [MANTA, *PLAIN[1:]], phase="assert", options=options)
    actions = [0, 0]
    while state.round == 1:
        play(state, PASS)
        actions[state.seat] += 1
        play(state, Skill(0, 0))
    return actions


def test_rule_turn_limit_is_64_turns_32_each() -> None:
    assert _idle_round() == [32, 32]


# --------------------------------------------------------------------- the match


def _settle(state: AquawarState, winners: list[int]) -> None:
    """Play rounds with fixed picks, each won by the given seat."""
    picks = [Pick((1, 2, 3, 4)), Pick((5, 6, 7, 8)), Pick((9, 10, 11, MIMIC), 1)]
    for index, winner in enumerate(winners):
        state.apply(picks[index], 0)
        state.apply(picks[index], 1)
        win_round(state, winner)


def test_rule_best_of_three_first_to_two_round_wins() -> None:
    short = AquawarState(2)
    _settle(short, [1, 1])
    assert short.is_terminal() and short.winner == 1 and short.wins == [0, 2]
    full = AquawarState(2)
    _settle(full, [0, 1, 0])
    assert full.is_terminal() and full.winner == 0 and full.wins == [2, 1]


def test_rule_round_one_first_mover_is_random_by_seed() -> None:
    firsts = set()
    for seed in range(32):
        state = AquawarState(seed)
        state.apply(Pick((1, 2, 3, 4)), 0)
        state.apply(Pick((1, 2, 3, 4)), 1)
        assert state.seat == state.first_mover
        firsts.add(state.first_mover)
    assert firsts == {0, 1}


def test_rule_later_rounds_the_previous_winner_moves_second() -> None:
    for winner in (0, 1):
        state = AquawarState(9)
        _settle(state, [winner])
        state.apply(Pick((5, 6, 7, 8)), 0)
        state.apply(Pick((5, 6, 7, 8)), 1)
        assert state.seat == 1 - winner and state.first_mover == 1 - winner


def test_rule_round_three_is_forced_to_the_four_unused_fish() -> None:
    state = AquawarState(9)
    _settle(state, [0, 1])
    for seat in (0, 1):
        assert {frozenset(p.fish) for p in state.legal_actions(seat)} == {
            frozenset({9, 10, 11, MIMIC})
        }


# --------------------------------------------------------------------- options


def test_rule_option_turn_limit_63_like_the_official_engine() -> None:
    assert _idle_round(AquawarOptions(turn_limit=63)) == [32, 31]


def test_rule_option_play_all_rounds_plays_round_three_after_two_nil() -> None:
    state = AquawarState(2, AquawarOptions(play_all_rounds=True))
    _settle(state, [0, 0])
    assert not state.is_terminal() and state.round == 3
    _settle_round_three(state, winner=1)
    assert state.is_terminal() and state.winner == 0 and state.wins == [2, 1]


def _settle_round_three(state: AquawarState, winner: int) -> None:
    pick = Pick((9, 10, 11, MIMIC), 1)
    state.apply(pick, 0)
    state.apply(pick, 1)
    win_round(state, winner)


def test_rule_option_seat0_always_first_every_round() -> None:
    state = AquawarState(2, SEAT0_FIRST)
    assert [label for label, _ in state.rng.log] == []  # no first-mover draw
    _settle(state, [1])
    assert state.first_mover == 0  # even though seat 1 won round 1
    state.apply(Pick((5, 6, 7, 8)), 0)
    state.apply(Pick((5, 6, 7, 8)), 1)
    assert state.seat == 0
    win_round(state, 0)
    assert state.first_mover == 0 and state.round == 3


def test_rule_options_default_to_the_rules_text_and_reject_unknown_keys() -> None:
    rules = AquawarOptions(
        turn_limit=64,
        turn_limit_before_deaths=False,
        play_all_rounds=False,
        seat0_always_first=False,
    )
    assert AquawarOptions.from_json(None) == AquawarOptions.from_json({}) == rules
    assert AquawarOptions.from_json({"turn_limit": 63}).turn_limit == 63
    assert AquawarOptions().to_json() == {
        "turn_limit": 64,
        "turn_limit_before_deaths": False,
        "play_all_rounds": False,
        "seat0_always_first": False,
    }
    for bad, reason in (
        ({"turns": 10}, "rule options: Object contains unknown field `turns`"),
        ({"turn_limit": 0}, "rule options: Expected `int` >= 1 - at `$.turn_limit`"),
        ({"turn_limit": True}, "rule options: Expected `int`, got `bool` - at `$.turn_limit`"),
        ({"play_all_rounds": "yes"}, "Expected `bool`, got `str` - at `$.play_all_rounds`"),
    ):
        with pytest.raises(BadInput) as refused:
            AquawarOptions.from_json(bad)
        assert reason in str(refused.value)


# --------------------------------------------------------------------- the fish


def test_rule_fish_01_archerfish_aoe_35_percent_and_teammate_counter() -> None:
    state = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, CLOWN])
    play(state, Skill(0))
    assert hps(state, 1) == [365] * 4
    guard = position(PLAIN, [ARCHER, CLOWN, HAMMERHEAD, SEAWOLF])
    tune(guard.teams[1][2], hp=150)
    assert passives(play(guard, Attack(0, 2))) == [("counter", 1, 2, 30)]


def test_rule_fish_02_pufferfish_infight_50_for_a_permanent_70_atk() -> None:
    state = position([PUFFER, ARCHER, HAMMERHEAD, GREATWHITE], [ARCHER, SEAWOLF, MANTA, CLOWN])
    play(state, Skill(0, 1))
    assert hps(state, 0) == [400, 350, 400, 400]
    play(state, PASS)
    play(state, Attack(0, 2))
    play(state, PASS)
    assert hits(play(state, Attack(0, 0))) == [(1, 0, 85, True)]  # 170 // 2, a turn later


def test_rule_fish_03_electric_eel_aoe_and_shares_30_percent() -> None:
    state = position([EEL, ARCHER, PUFFER, HAMMERHEAD], [EEL, ARCHER, PUFFER, HAMMERHEAD])
    play(state, Skill(0))
    # Seat 1's Eel (position 0) shares int(10.5) // 3 = 3 to each teammate, keeps 24.
    assert hps(state, 1) == [400 - 24, 400 - 3 - 35, 400 - 3 - 35, 400 - 3 - 35]


def test_rule_fish_04_sunfish_infight_and_share() -> None:
    state = position([SUNFISH, ARCHER, PUFFER, HAMMERHEAD], [SUNFISH, ARCHER, PUFFER, HAMMERHEAD])
    play(state, Skill(0, 3))
    assert (state.teams[0][3].hp, state.teams[0][0].atk) == (350, 170)
    play(state, PASS)
    play(state, Attack(1, 0))  # seat 1's Archerfish hits seat 0's Sunfish for 50
    assert hps(state, 0) == [365, 395, 395, 345]


def test_rule_fish_05_sea_wolf_crit_120_and_dodge() -> None:
    state = position([SEAWOLF, ARCHER, PUFFER, HAMMERHEAD], [SEAWOLF, HAMMERHEAD, CLOWN, MANTA])
    script_dodges(state, True)
    play(state, Skill(0, None, 0))
    assert state.teams[1][0].hp == 400  # dodged
    state.seat, state.phase, state._legal = 0, "action", None
    tune(state.teams[0][0], atk=150)  # artificial: the crit is a fixed 120, not ATK-based
    play(state, Skill(0, None, 1))
    assert state.teams[1][1].hp == 280


def test_rule_fish_06_manta_reduction_buff_and_permanent_20_atk() -> None:
    state = position([MANTA, ARCHER, PUFFER, HAMMERHEAD], PLAIN)
    play(state, Skill(0, 2))
    play(state, PASS)
    play(state, Attack(0, 2))  # 50 on the buffed Pufferfish: int(15.0) = 15
    assert state.teams[0][2].hp == 385 and not state.teams[0][2].reduce_buff
    play(state, PASS)
    assert hits(play(state, Attack(0, 1))) == [(1, 1, 60, True)]  # 120 // 2


def test_rule_fish_07_sea_turtle_three_shields_then_dodge() -> None:
    state = position(PLAIN, [TURTLE, HAMMERHEAD, CLOWN, MANTA])
    script_dodges(state, False)
    for shields_left in (2, 1, 0):
        state.seat, state.phase, state._legal = 0, "action", None
        play(state, Attack(0, 0))
        assert (state.teams[1][0].shields, state.teams[1][0].hp) == (shields_left, 400)
    assert dodge_rolls(state) == []
    state.seat, state.phase, state._legal = 0, "action", None
    play(state, Attack(0, 0))
    assert (dodge_rolls(state), state.teams[1][0].hp) == ([0], 350)


def test_rule_fish_07_sea_turtle_heal_buff_plus_crit() -> None:
    state = position([TURTLE, ARCHER, PUFFER, HAMMERHEAD], [ARCHER, HAMMERHEAD, CLOWN, MANTA])
    play(state, Skill(0, 1, 1))
    assert state.teams[1][1].hp == 280 and state.teams[0][1].heal_buff
    play(state, PASS)
    play(state, Attack(0, 1))  # 400 - 50 = 350, then +20
    assert state.teams[0][1].hp == 370


def test_rule_fish_08_octopus_heals_20_after_damage_and_reduction_buff() -> None:
    state = position([OCTOPUS, ARCHER, PUFFER, HAMMERHEAD], PLAIN)
    play(state, Skill(0, 0))  # buffs itself
    play(state, PASS)
    play(state, Attack(0, 0))  # int(50 * 0.3) = 15 -> 385, then heals 20 -> 400 (cap)
    assert state.teams[0][0].hp == 400 and state.teams[0][0].atk == 120


def test_rule_fish_09_great_white_heals_and_crits_the_weakest() -> None:
    state = position([GREATWHITE, ARCHER, PUFFER, HAMMERHEAD], [ARCHER, HAMMERHEAD, CLOWN, MANTA])
    tune(state.teams[1][1], hp=300)
    assert {a for a in state.legal_actions(0) if isinstance(a, Skill) and a.actor == 0} == {
        Skill(0, None, 1)
    }
    play(state, Skill(0, None, 1))
    assert state.teams[1][1].hp == 180  # 300 - 120
    play(state, PASS)
    play(state, Attack(0, 0))
    assert state.teams[0][0].hp == 370  # 350 + 20


def test_rule_fish_10_hammerhead_crit_140_on_a_weak_target_and_explosion() -> None:
    state = position([HAMMERHEAD, ARCHER, PUFFER, SUNFISH], [ARCHER, HAMMERHEAD, CLOWN, MANTA])
    tune(state.teams[1][1], hp=150)
    events = play(state, Skill(0, None, 1))
    # 150 - 140 = 10 left: alive, so no explosion (the Archerfish counters, 10 < 120).
    assert state.teams[1][1].hp == 10 and state.teams[1][1].alive
    assert [p[0] for p in passives(events)] == ["counter"]
    play(state, PASS)
    play(state, Attack(0, 2))
    play(state, PASS)
    # Seat 0's Archerfish finishes it: the explosion (40) hits the Archerfish, then the
    # enemy Archerfish counters (30) for its fallen teammate: 400 - 70 = 330.
    events = play(state, Attack(1, 1))
    assert passives(events) == [("explode", 1, 1, 40), ("counter", 1, 1, 30)]
    assert state.teams[0][1].hp == 330


def test_rule_fish_11_clownfish_share_buff_plus_aoe_and_own_counter() -> None:
    state = position([CLOWN, EEL, PUFFER, HAMMERHEAD], [ARCHER, HAMMERHEAD, SEAWOLF, MANTA])
    script_dodges(state, False, False)
    play(state, Skill(0, 1))
    assert hps(state, 1) == [365] * 4 and state.teams[0][1].share_buff
    low = position(PLAIN, [CLOWN, HAMMERHEAD, SEAWOLF, MANTA])
    tune(low.teams[1][0], hp=160)
    assert passives(play(low, Attack(0, 0))) == [("counter", 1, 0, 30)]  # 110 < 120


def test_rule_fish_12_mimic_behaves_as_its_copy() -> None:
    state = position([(MIMIC, SEAWOLF), ARCHER, PUFFER, HAMMERHEAD], PLAIN)
    play(state, Skill(0, None, 3))
    assert state.teams[1][3].hp == 280 + 20  # a Sea Wolf crit; the Great White heals


# --------------------------------------------------------------------- worked example


def test_rule_worked_example_with_a_wounded_octopus_heals_20_each_time() -> None:
    # The official example (rulings test 1) with the Octopus starting at 300, so each of
    # its heals is the full 20: -3 +20, -2 +20, -3 +20, -35 +20 -> 337.
    state = position([ARCHER, PUFFER, SEAWOLF, MANTA], [TURTLE, EEL, SUNFISH, OCTOPUS])
    tune(state.teams[1][1], share_buff=True)
    tune(state.teams[1][3], hp=300)
    script_dodges(state, True)  # this time the shieldless turtle dodges the sunfish's share
    events = play(state, Skill(0))
    assert [p for p in passives(events) if p[0] == "heal"] == [("heal", 1, 3, 20)] * 4
    assert hps(state, 1) == [400, 381, 371, 337]
