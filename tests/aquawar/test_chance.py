"""Every chance in Aquawar, measured: the real, unscripted generator over many fixed seeds.

The rules' chances are the 30 % dodge (Sea Wolf, Manta Ray, a Sea Turtle without shields,
a Mimic of any of them; ruling 6: on every damage instance, direct or not) and the round-1
first mover (ruling 19, a fair draw). The built-in agents add their own: the random agent
asserts 10 % of the time and otherwise chooses uniformly, the greedy agent breaks ties
uniformly. Each test counts what happened in the game (HP left, who moved) over a fixed
range of seeds and checks the rate against the probability within five binomial standard
errors: deterministic, never flaky, and tight enough that a 30 % made 25 % (or a fair draw
made 45 %) fails.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from sparring.games.aquawar.actions import PASS, Assert, Attack, Pick, Skill
from sparring.games.aquawar.agents import GreedyAgent, RandomAgent
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
    PUFFER,
    SEAWOLF,
    SUNFISH,
    TURTLE,
    FishSpec,
    play,
    position,
    tune,
)

SIGMAS = 5
TRIALS = 10_000
SEEDS = range(70_000, 70_000 + TRIALS)
DODGE = 0.30  # the rules text: "a 30 % chance to dodge"
FAIR = 0.5
RANDOM_AGENT_ASSERTS = 0.10  # the random agent's documented habit
PLAIN = [ARCHER, PUFFER, HAMMERHEAD, GREATWHITE]


def assert_rate(successes: int, trials: int, p: float) -> None:
    """The measured rate is within `SIGMAS` binomial standard errors of `p`."""
    rate = successes / trials
    sigma = math.sqrt(p * (1 - p) / trials)
    assert abs(rate - p) <= SIGMAS * sigma, (
        f"measured {rate:.4f} over {trials} trials, expected {p} ± {SIGMAS * sigma:.4f}"
    )


def test_the_tolerance_tells_30_percent_from_25_percent() -> None:
    # The tolerance itself: at TRIALS, a rate of exactly 25 % is far outside 30 % ± 5σ.
    assert_rate(int(TRIALS * 0.3), TRIALS, 0.3)
    with pytest.raises(AssertionError):
        assert_rate(int(TRIALS * 0.25), TRIALS, 0.3)


# --------------------------------------------------------------------- dodge (ruling 6)


DODGERS: dict[str, FishSpec] = {
    "sea wolf": SEAWOLF,
    "manta ray": MANTA,
    "sea turtle without shields": TURTLE,
    "mimic of a sea wolf": (MIMIC, SEAWOLF),
    "mimic of a manta ray": (MIMIC, MANTA),
    "mimic of a sea turtle without shields": (MIMIC, TURTLE),
}


@pytest.mark.parametrize("dodger", DODGERS.values(), ids=DODGERS.keys())
def test_chance_a_dodging_fish_dodges_a_direct_attack_30_percent(dodger: FishSpec) -> None:
    # A normal attack of 50 on the dodger (its teammates do not react at full HP): it
    # keeps 400 HP exactly when it dodged.
    dodged = 0
    for seed in SEEDS:
        state = position(PLAIN, [dodger, ARCHER, PUFFER, HAMMERHEAD], seed=seed)
        tune(state.teams[1][0], shields=0)
        play(state, Attack(0, 0))
        dodged += state.teams[1][0].hp == 400
    assert_rate(dodged, TRIALS, DODGE)


def _share_on_a_sea_wolf(seed: int) -> AquawarState:
    # An Eel whose only living teammate is a Sea Wolf passes it int(50 * 0.3) = 15.
    state = position(PLAIN, [EEL, SEAWOLF, ARCHER, PUFFER], seed=seed)
    tune(state.teams[1][2], hp=0)
    tune(state.teams[1][3], hp=0)
    play(state, Attack(0, 0))
    return state


def _counter_on_a_sea_wolf(seed: int) -> AquawarState:
    # Seat 0's Sea Wolf leaves a Clownfish at 100: the Clownfish (and no teammate of it)
    # counters it for 30.
    state = position(
        [SEAWOLF, ARCHER, PUFFER, HAMMERHEAD], [CLOWN, EEL, HAMMERHEAD, GREATWHITE], seed=seed
    )
    tune(state.teams[1][0], hp=150)
    play(state, Attack(0, 0))
    return state


def _explosion_on_a_sea_wolf(seed: int) -> AquawarState:
    # Seat 0's Sea Wolf kills a Hammerhead at 30 HP, which explodes on it for 40 (no
    # teammate of the Hammerhead counters).
    state = position(
        [SEAWOLF, ARCHER, PUFFER, HAMMERHEAD], [HAMMERHEAD, EEL, CLOWN, GREATWHITE], seed=seed
    )
    tune(state.teams[1][0], hp=30)
    play(state, Attack(0, 0))
    return state


def _infight_on_a_sea_wolf(seed: int) -> AquawarState:
    # Seat 0's Pufferfish deals its 50 to its own Sea Wolf.
    state = position([PUFFER, SEAWOLF, ARCHER, HAMMERHEAD], PLAIN, seed=seed)
    play(state, Skill(0, 1))
    return state


NonDirect = tuple[Callable[[int], AquawarState], int]
NON_DIRECT: dict[str, NonDirect] = {
    "share": (_share_on_a_sea_wolf, 1),
    "counter": (_counter_on_a_sea_wolf, 0),
    "explosion": (_explosion_on_a_sea_wolf, 0),
    "infight": (_infight_on_a_sea_wolf, 0),
}


@pytest.mark.parametrize("instance", NON_DIRECT.values(), ids=NON_DIRECT.keys())
def test_chance_a_sea_wolf_dodges_non_direct_damage_30_percent(instance: NonDirect) -> None:
    # The Sea Wolf (in the given seat) is the only fish that can dodge and takes exactly
    # one instance: it keeps 400 HP exactly when it dodged.
    build, seat = instance
    dodged = 0
    for seed in SEEDS:
        state = build(seed)
        wolf = next(f for f in state.teams[seat] if f.kind == SEAWOLF)
        dodged += wolf.hp == 400
    assert_rate(dodged, TRIALS, DODGE)


# --------------------------------------------------------------------- first mover (ruling 19)


def test_chance_round_one_first_mover_is_a_fair_draw() -> None:
    # Who actually takes the first turn once both seats have picked.
    seat0_first = 0
    for seed in SEEDS:
        state = AquawarState(seed)
        state.apply(Pick((1, 2, 3, 4)), 0)
        state.apply(Pick((1, 2, 3, 4)), 1)
        seat0_first += state.to_move() == (0,)
    assert_rate(seat0_first, TRIALS, FAIR)


# --------------------------------------------------------------------- the built-in agents


def _assertion_menu() -> tuple:
    state = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, GREATWHITE], phase="assert")
    return tuple(state.legal_actions(0))


def test_chance_random_agent_asserts_10_percent_of_the_time_uniformly() -> None:
    # With 4 hidden enemies the menu is the pass and 48 assertions; the agent asserts with
    # 10 % probability, and then each position (12 guesses each) a quarter of the time.
    menu = _assertion_menu()
    assert menu[0] is PASS and len(menu) == 49
    chosen = [RandomAgent(0, seed).act(None, menu) for seed in SEEDS]
    asserted = [a for a in chosen if isinstance(a, Assert)]
    assert_rate(len(asserted), TRIALS, RANDOM_AGENT_ASSERTS)
    for pos in range(4):
        assert_rate(sum(a.pos == pos for a in asserted), len(asserted), 0.25)


def test_chance_random_agent_acts_uniformly() -> None:
    # A fresh round's action menu for seat 0: 16 normal attacks and the skills.
    state = position(PLAIN, [ARCHER, PUFFER, HAMMERHEAD, GREATWHITE])
    menu = tuple(state.legal_actions(0))
    chosen = [menu.index(RandomAgent(0, seed).act(None, menu)) for seed in SEEDS]
    for index in range(len(menu)):
        assert_rate(chosen.count(index), TRIALS, 1 / len(menu))


def test_chance_greedy_agent_breaks_ties_uniformly() -> None:
    # Seat 0 has only a Manta Ray left, seat 1 four revealed fish that take any normal
    # attack of 50 whole (the Sunfish shares it out, to the same total): the four attacks
    # tie for best; the Manta's buff (no damage) is worse.
    state = position([MANTA, ARCHER, PUFFER, HAMMERHEAD], [ARCHER, PUFFER, HAMMERHEAD, SUNFISH])
    for fish in state.teams[0][1:]:
        tune(fish, hp=0)
    for fish in state.teams[1]:
        tune(fish, revealed=True)
    seen = view(state, 0)
    menu = tuple(state.legal_actions(0))
    assert menu[:4] == tuple(Attack(0, t) for t in range(4)) and len(menu) == 5
    trials = TRIALS // 2  # each decision searches the menu: fewer, still 5σ ≈ 0.03
    seeds = SEEDS[:trials]
    chosen = [menu.index(GreedyAgent(0, seed, samples=1).act(seen, menu)) for seed in seeds]
    for index in range(4):
        assert_rate(chosen.count(index), trials, 0.25)
