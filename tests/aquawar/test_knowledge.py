"""What a seat infers about hidden enemy fish: sound (the truth always stays possible),
exact where the log pins things down, and computed from the view alone."""

from __future__ import annotations

import json
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from sparring.core.rng import Rng
from sparring.games.aquawar.actions import PASS, Assert, Attack, Pick, Skill
from sparring.games.aquawar.knowledge import infer
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.state import AquawarState
from sparring.games.aquawar.views import AquawarView, view

from .helpers import (
    ARCHER,
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
    finish_picks,
    win_round,
)

EVERY = frozenset(range(1, 13))


def _json_view(state: AquawarState, seat: int) -> AquawarView:
    """The view as a bot would receive it: through JSON text, read back as a view."""
    return msgspec.convert(json.loads(json.dumps(view(state, seat).to_json())), AquawarView)


def check_sound(state: AquawarState, seat: int) -> None:
    """The enemy's true identities, behaviours and hidden numbers are all still allowed."""
    known = infer(_json_view(state, seat))
    enemy = state.teams[1 - seat]
    for pos, fish in enumerate(enemy):
        assert fish.kind in known.candidates[pos], (pos, fish.kind, known.candidates)
        assert fish.acts_as in known.behaviours[pos], (pos, fish.acts_as, known.behaviours)
        profile = known.profiles[pos][fish.acts_as]
        assert (profile.atk, profile.uses, profile.shields, profile.wound) == (
            fish.atk,
            fish.uses,
            fish.shields,
            fish.wound,
        )
        low, high = known.atk_range(pos)
        assert low <= fish.atk <= high
    truth = [f.acts_as for f in enemy]
    for constraint in known.constraints:
        assert constraint.holds(truth), constraint


def random_match(seed: int, every_step: Any) -> AquawarState:
    """A random match (10 % assertions) calling `every_step(state, seat)` before each
    turn decision."""
    state = AquawarState(seed)
    rng = Rng(seed ^ 0x5EED)
    while not state.is_terminal():
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            if state.phase != "pick":
                every_step(state, seat)
            if legal[0] is PASS and (len(legal) == 1 or rng.below(10, "t")):
                action = PASS
            else:
                action = legal[rng.below(len(legal), "t")]
            state.apply(action, seat)
    return state


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_knowledge_is_sound_over_random_matches(seed: int) -> None:
    random_match(seed, check_sound)


def test_some_fish_become_certain_and_candidates_shrink() -> None:
    sizes: list[int] = []

    def record(state: AquawarState, seat: int) -> None:
        sizes.extend(len(c) for c in infer(view(state, seat)).candidates)

    for seed in range(20):
        random_match(seed, record)
    assert 1 in sizes
    assert sum(sizes) / len(sizes) < 6


# ------------------------------------------------------------- handmade positions


def fielded(
    team0: tuple[int, ...],
    team1: tuple[int, ...],
    mimic1: int | None = None,
) -> AquawarState:
    """A round-1 match after both picks, seat 0 to move (assertion phase)."""
    state = AquawarState(1, AquawarOptions(seat0_always_first=True))
    finish_picks(state, Pick(team0), Pick(team1, mimic1))
    return state


def turn(state: AquawarState, action: Any, assertion: Any = PASS) -> None:
    state.apply(assertion, state.seat)
    state.apply(action, state.seat)


def test_pick_phase_knows_only_earlier_reveals() -> None:
    state = AquawarState(3)
    known = infer(view(state, 0))
    assert known.candidates == (EVERY,) * 4


def test_infight_means_pufferfish_sunfish_or_mimic() -> None:
    state = fielded((ARCHER, EEL, SEAWOLF, MANTA), (PUFFER, OCTOPUS, TURTLE, HAMMERHEAD))
    turn(state, Attack(0, 3))
    turn(state, Skill(0, 1, None))
    known = infer(view(state, 0))
    assert known.candidates[0] == {PUFFER, SUNFISH, MIMIC}
    assert known.atk_range(0) == (170, 170)


def test_crit_on_a_fish_that_is_not_the_weakest_is_no_shark() -> None:
    state = fielded((ARCHER, EEL, SEAWOLF, MANTA), (PUFFER, OCTOPUS, TURTLE, HAMMERHEAD))
    turn(state, Attack(0, 3))  # seat 0
    turn(state, Attack(0, 1))  # seat 1 hurts our fish 1: now the only weakest
    turn(state, Attack(0, 3))  # seat 0
    turn(state, Skill(2, 0, 2))  # seat 1's Sea Turtle crits our fish 2 (400 HP)
    known = infer(view(state, 0))
    assert known.candidates[2] == {SEAWOLF, TURTLE, MIMIC}


def test_heal_and_crit_of_120_pin_the_great_white() -> None:
    state = fielded((ARCHER, EEL, SEAWOLF, MANTA), (GREATWHITE, OCTOPUS, TURTLE, PUFFER))
    turn(state, Attack(0, 0))  # seat 0 hits it: it heals
    turn(state, Skill(0, None, 0))  # seat 1: a crit of 120 on our (tied) weakest fish
    known = infer(view(state, 0))
    assert known.candidates[0] == {GREATWHITE, MIMIC}
    assert known.behaviours[0] == {GREATWHITE}


def test_crit_of_140_means_a_shark() -> None:
    state = fielded((ARCHER, EEL, SEAWOLF, MANTA), (GREATWHITE, OCTOPUS, TURTLE, PUFFER))
    for _ in range(5):  # five wrong assertions leave all our fish at 150 HP
        turn(state, Attack(0, 3), Assert(1, ARCHER))
        if state.teams[0][0].hp == 150:
            break
        turn(state, Skill(1, 1, None))  # seat 1: the Octopus buffs itself, unseen
    turn(state, Skill(0, None, 0))  # seat 1's shark: 140 on a fish below 160 HP
    crit = [e for e in view(state, 0).log if e["kind"] == "action" and e["type"] == "crit"]
    assert crit[-1]["targets"][0][2] == 140
    assert infer(view(state, 0)).candidates[0] == {GREATWHITE, HAMMERHEAD, MIMIC}


def test_failed_assertion_and_reveal_and_all_different() -> None:
    state = fielded((ARCHER, EEL, SEAWOLF, MANTA), (PUFFER, OCTOPUS, TURTLE, HAMMERHEAD))
    turn(state, Attack(0, 0), Assert(1, EEL))  # seat 0: wrong
    turn(state, Attack(0, 0))  # seat 1
    state.apply(Assert(0, PUFFER), 0)  # seat 0: right
    known = infer(view(state, 0))
    assert EEL not in known.candidates[1]
    assert known.candidates[0] == {PUFFER}
    assert all(PUFFER not in known.candidates[p] for p in (1, 2, 3))


def test_explosion_means_hammerhead() -> None:
    state = fielded((ARCHER, EEL, SEAWOLF, MANTA), (PUFFER, OCTOPUS, TURTLE, HAMMERHEAD))
    while state.teams[1][3].alive:
        turn(state, Skill(2, None, 3))  # seat 0's Sea Wolf crits the Hammerhead
        if state.teams[1][3].alive:
            turn(state, Skill(1, 1, None))  # seat 1's Octopus buffs itself
    known = infer(view(state, 0))
    assert known.candidates[3] == {HAMMERHEAD, MIMIC}
    assert known.behaviours[3] == {HAMMERHEAD}


def test_dodge_or_shield_means_a_dodger() -> None:
    state = fielded((ARCHER, EEL, SEAWOLF, MANTA), (PUFFER, OCTOPUS, TURTLE, HAMMERHEAD))
    turn(state, Attack(0, 2))  # the Sea Turtle's shield blocks
    known = infer(view(state, 0))
    assert known.candidates[2] == {SEAWOLF, MANTA, TURTLE, MIMIC}
    assert known.atk_range(2) == (100, 100)


def test_no_heal_after_a_hit_rules_out_healers() -> None:
    state = fielded((ARCHER, EEL, SEAWOLF, MANTA), (PUFFER, OCTOPUS, TURTLE, HAMMERHEAD))
    turn(state, Attack(0, 0))
    known = infer(view(state, 0))
    assert OCTOPUS not in known.candidates[0] and GREATWHITE not in known.candidates[0]
    turn(state, Attack(0, 0))
    turn(state, Attack(0, 1))  # the Octopus heals
    known = infer(view(state, 0))
    assert known.candidates[1] <= {OCTOPUS, GREATWHITE, MIMIC}


def test_fish_revealed_in_an_earlier_round_cannot_return() -> None:
    state = fielded((ARCHER, EEL, SEAWOLF, MANTA), (PUFFER, OCTOPUS, TURTLE, HAMMERHEAD))
    win_round(state, 0)  # seat 0 ends round 1 by asserting an enemy fish correctly
    gone = view(state, 0).enemy_revealed_before
    assert gone
    assert all(not set(gone) & c for c in infer(view(state, 0)).candidates)
    finish_picks(state, Pick((2, 4, 7, 8)), Pick((1, 3, 5, 9)))
    known = infer(view(state, 0))
    assert all(not set(gone) & c for c in known.candidates)
