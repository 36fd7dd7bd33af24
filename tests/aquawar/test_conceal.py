"""The price the search's root puts on giving our fish away (`games/aquawar/conceal.py`):
the enemy's side of our view, the fish an action pins down, and what a right assertion
against us costs (`search.assertion_cost`)."""

from __future__ import annotations

import pytest

from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.aquawar.actions import ATTACKS, PASS, SKILLS, Pick
from sparring.games.aquawar.conceal import enemy_side, pinned, root_costs
from sparring.games.aquawar.search import FISH_WORTH, assertion_cost
from sparring.games.aquawar.state import AquawarState
from sparring.games.aquawar.views import view
from tests.aquawar.helpers import (
    ARCHER,
    CLOWN,
    EEL,
    GREATWHITE,
    HAMMERHEAD,
    MIMIC,
    OCTOPUS,
    PUFFER,
    SEAWOLF,
    SUNFISH,
    TURTLE,
    position,
    tune,
)

SPEC = get_game("aquawar")
#: Seat 0's fish of an earlier round: the other infighter (the Sunfish) and the Mimic are
#: gone, so a Pufferfish that infights can be nothing else.
EARLIER = frozenset({SUNFISH, MIMIC, GREATWHITE, HAMMERHEAD})
INFIGHT = SKILLS[0, 1, None]  # the Pufferfish (position 0) hits its mate at position 1
PUFFER_ATTACK = ATTACKS[0, 0]


def second_round() -> AquawarState:
    """Seat 0 to act with a Pufferfish, an Archerfish, an Electric Eel and a Sea Wolf,
    having played `EARLIER` before."""
    state = position([PUFFER, ARCHER, EEL, SEAWOLF], [TURTLE, OCTOPUS, CLOWN, GREATWHITE])
    state.used[0] = state.used[0] | EARLIER
    return state


def test_the_spec_prices_the_root() -> None:
    assert SPEC.search.root_costs is root_costs


def test_the_enemy_side_shows_our_fish_as_the_enemy_sees_them() -> None:
    """Our hidden fish without identity, a revealed one with it, and the fish we played
    before counted as known to the enemy."""
    state = second_round()
    state.teams[0][3].revealed = True
    tune(state.teams[0][2], hp=150)
    theirs = enemy_side(view(state, 0))
    assert theirs.seat == 1
    assert [(f.fish, f.hp) for f in theirs.enemy_team or []] == [
        (None, 400),
        (None, 400),
        (None, 150),
        (SEAWOLF, 400),
    ]
    assert theirs.enemy_revealed_before == sorted(EARLIER)


@pytest.mark.parametrize(
    ("hps", "wins", "expected"),
    [
        # 0-0: the round moves the match by half; 4 x 50 HP of 2400.
        ((400, 400, 400, 400), (0, 0), 0.5 * 200 / 2400),
        # 1-1: the round decides it; a fish at 40 HP dies (40 HP and its worth).
        ((400, 400, 400, 40), (1, 1), (150 + 40 + FISH_WORTH) / 2400),
        # A dead fish loses nothing.
        ((400, 0, 400, 400), (1, 0), 0.5 * 150 / 2400),
    ],
)
def test_what_a_right_assertion_against_us_costs(
    hps: tuple[int, ...], wins: tuple[int, int], expected: float
) -> None:
    state = second_round()
    for fish, hp in zip(state.teams[0], hps, strict=True):
        tune(fish, hp=hp)
    state.wins = list(wins)
    assert assertion_cost(view(state, 0)) == pytest.approx(expected)


def test_an_infight_pins_the_pufferfish_and_an_attack_does_not() -> None:
    """Of two actions of the same fish, the skill that leaves the enemy one identity for it
    is priced at a right assertion; the normal attack, which any fish could have made,
    costs nothing."""
    state = second_round()
    seen = view(state, 0)
    assert pinned(seen) == frozenset()
    costs = root_costs(seen, state.legal_actions(0), Rng(3))
    assert costs[INFIGHT] == pytest.approx(assertion_cost(seen))
    assert PUFFER_ATTACK not in costs
    assert costs[INFIGHT] > costs.get(PUFFER_ATTACK, 0.0)


def test_without_the_earlier_round_the_infight_leaves_three_identities() -> None:
    """In round 1 an infighting Pufferfish may still be the Sunfish or the Mimic: no fish
    is pinned, so the skill costs nothing."""
    state = position([PUFFER, ARCHER, EEL, SEAWOLF], [TURTLE, OCTOPUS, CLOWN, GREATWHITE])
    costs = root_costs(view(state, 0), state.legal_actions(0), Rng(3))
    assert INFIGHT not in costs


def test_a_fish_already_pinned_costs_nothing_more() -> None:
    """Once the Pufferfish has infought, the enemy knows it: infighting again reveals
    nothing new."""
    state = second_round()
    state.apply(INFIGHT, 0)
    state.apply(PASS, 1)
    state.apply(ATTACKS[0, 1], 1)
    state.apply(PASS, 0)
    seen = view(state, 0)
    assert pinned(seen) == frozenset({0})
    assert INFIGHT not in root_costs(seen, state.legal_actions(0), Rng(3))


def test_assertions_and_picks_are_not_priced() -> None:
    state = second_round()
    state.phase = "assert"
    state._legal = None
    assert root_costs(view(state, 0), state.legal_actions(0), Rng(3)) == {}
    picking = AquawarState(5)
    menu = picking.legal_actions(0)
    assert isinstance(menu[0], Pick)
    assert root_costs(view(picking, 0), menu, Rng(3)) == {}
