"""Built-in Food Chain agents: `greedy` (the best immediate move, from the view alone); the
`human` agent has its own file, test_human.py.

Positions use shipped cards, because the greedy agent reads the printed card pool (public
knowledge) for abilities. The numbers in comments are worked out from the rules text."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from sparring.agents.uniform import UniformRandomAgent as RandomAgent
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.foodchain.actions import RIVAL, Attack, Eat, Play
from sparring.games.foodchain.greedy import GreedyAgent
from sparring.games.foodchain.hidden import scramble_hidden
from sparring.games.foodchain.human import HumanAgent
from sparring.games.foodchain.position import OnField, Side, build, creature, uid_of
from sparring.games.foodchain.state import FoodChainState
from sparring.games.foodchain.views import view

SPEC = get_game("foodchain")


def test_spec_registers_random_greedy_and_human() -> None:
    assert {"random", "greedy", "human"} <= set(SPEC.agents)
    assert isinstance(SPEC.agents["greedy"](1, 5), GreedyAgent)
    assert isinstance(SPEC.agents["human"](0, 5), HumanAgent)


def greedy_turn(state: FoodChainState, seat: int = 0) -> FoodChainState:
    """Let the greedy agent decide for `seat` until the rival is to move or the game ends."""
    agent = GreedyAgent(seat, 0)
    while not state.is_terminal() and state.current_player == seat:
        state.apply(agent.act(view(state, seat), state.legal_actions()), seat)
    return state


def greedy_choice(state: FoodChainState, seat: int = 0) -> Any:
    return GreedyAgent(seat, 0).act(view(state, seat), state.legal_actions())


# ------------------------------------------------------------------ greedy: strength


class Timed:
    """Wraps an agent and adds up the time it spends deciding."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.needs_view = agent.needs_view
        self.decisions = 0
        self.seconds = 0.0

    def act(self, seen: Any, legal: Any) -> Any:
        started = time.perf_counter()
        action = self.agent.act(seen, legal)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        return action


def test_greedy_beats_random_in_at_least_80_percent_of_40_games() -> None:
    wins = 0
    timed = []
    for game in range(40):
        seat = game % 2  # each seat half the time
        greedy = Timed(GreedyAgent(seat, game))
        other = RandomAgent(1 - seat, 1000 + game)
        agents = [greedy, other] if seat == 0 else [other, greedy]
        final = play_match(SPEC, 9000 + game, None, agents)
        wins += final.winner == seat
        timed.append(greedy)
    assert wins >= 32, wins
    decisions = sum(t.decisions for t in timed)
    per_decision = sum(t.seconds for t in timed) / decisions
    assert decisions > 200
    assert per_decision < 0.005, per_decision  # measured: about 30 µs


def test_greedy_matches_replay_from_their_seeds() -> None:
    def winners() -> list[int | None]:
        return [
            play_match(SPEC, s, None, [GreedyAgent(0, s), RandomAgent(1, s)]).winner
            for s in range(6)
        ]

    assert winners() == winners()


# ------------------------------------------------------------------ greedy: lethal


def test_greedy_attacks_the_rival_when_its_attacks_are_lethal() -> None:
    # Rival at 5 HP; Secretary Bird (3, Ambush) + Reindeer (2) reach exactly 5. The Bird
    # could instead kill the wounded Great White Shark (5/3) for free — not with lethal on.
    state = build(
        (
            Side(field=["Secretary Bird", "Reindeer"]),
            Side(hp=5, field=[OnField("Great White Shark", hp=3, max_hp=5)]),
        ),
        phase="combat",
    )
    greedy_turn(state)
    assert state.is_terminal() and state.winner == 0
    assert state.hp[1] == 0
    assert creature(state, "Great White Shark").hp == 3


def test_greedy_takes_the_free_kill_when_the_rival_is_out_of_reach() -> None:
    # The same board with the rival at 6 HP: no lethal, so the Ambush Bird (3 ATK) kills
    # the 5/3 shark without being struck back.
    state = build(
        (
            Side(field=["Secretary Bird"]),
            Side(hp=6, field=[OnField("Great White Shark", hp=3, max_hp=5)]),
        ),
        phase="combat",
    )
    bird = uid_of(state, "Secretary Bird")
    assert greedy_choice(state) == Attack(bird, uid_of(state, "Great White Shark"))


@pytest.mark.parametrize(("rival_hp", "lethal"), [(3, True), (4, False)])
def test_greedy_aims_a_damage_spell_at_the_rival_only_when_it_kills(
    rival_hp: int, lethal: bool
) -> None:
    # Stooping Dive deals 3 to an enemy creature or the rival; the shark has 3 HP left.
    state = build(
        (
            Side(hand=["Stooping Dive"]),
            Side(hp=rival_hp, field=[OnField("Great White Shark", hp=3, max_hp=5)]),
        )
    )
    shark = uid_of(state, "Great White Shark")
    greedy_turn(state)
    if lethal:
        assert state.winner == 0 and state.hp[1] == 0
        assert shark in state.on_field
    else:
        assert state.hp[1] == rival_hp
        assert shark in state.carrion[1]


# ------------------------------------------------------------------ greedy: trades


@pytest.mark.parametrize(
    ("attacker", "defender", "into_creature"),
    [
        ("Reindeer", "Cane Toad", False),  # Poisonous kills an attacker struck back at
        ("Secretary Bird", "Cane Toad", True),  # Ambush: no strike back, no Poisonous
        ("Golden Mantella", "Ocellaris Clownfish", False),  # Barrier absorbs the Toxic hit
    ],
)
def test_greedy_attacks_a_creature_only_when_the_trade_is_good(
    attacker: str, defender: str, into_creature: bool
) -> None:
    state = build((Side(field=[attacker]), Side(field=[defender])), phase="combat")
    mine, theirs = uid_of(state, attacker), uid_of(state, defender)
    choice = greedy_choice(state)
    assert choice == (Attack(mine, theirs) if into_creature else Attack(mine, RIVAL))


# ------------------------------------------------------------------ greedy: eating


def test_greedy_feeds_a_predator_instead_of_dry_dropping_it() -> None:
    # Great White Shark 5/5 eats the Hellbender (nutrition 2): 7/7, keeps its ability
    # (a Remora token), and is not dry.
    state = build((Side(hand=["Great White Shark"], field=["Hellbender"]), Side()))
    hellbender = uid_of(state, "Hellbender")
    shark = uid_of(state, "Great White Shark")
    assert greedy_choice(state) == Play(shark)
    state.apply(Play(shark))
    assert state.pending is not None and state.pending.kind == "eat"
    assert Eat(()) in state.legal_actions()
    assert greedy_choice(state) == Eat((hellbender,))
    greedy_turn(state)
    eaten = creature(state, "Great White Shark")
    assert (eaten.atk, eaten.hp, eaten.dry) == (7, 7, False)
    assert hellbender in state.carrion[0]
    assert [c.card.name for c in state.fields[0]] == ["Great White Shark", "Remora"]


def test_greedy_feeds_a_predator_even_when_its_only_food_is_a_good_creature() -> None:
    # Humpback Anglerfish 3/3 can only eat the Hidden Peacock Flounder (nutrition 1); a dry
    # drop would keep the flounder but lose the anglerfish's ability: it eats, 4/4.
    state = build((Side(hand=["Humpback Anglerfish"], field=["Peacock Flounder"]), Side()))
    flounder = uid_of(state, "Peacock Flounder")
    state.apply(Play(uid_of(state, "Humpback Anglerfish")))
    assert greedy_choice(state) == Eat((flounder,))
    greedy_turn(state)
    fed = creature(state, "Humpback Anglerfish")
    assert (fed.atk, fed.hp, fed.dry) == (4, 4, False)


def test_greedy_eats_the_token_and_keeps_its_better_attacker() -> None:
    state = build(
        (
            Side(hand=["Great White Shark"], field=[OnField("Tadpole", token=True), "Reindeer"]),
            Side(),
        )
    )
    state.apply(Play(uid_of(state, "Great White Shark")))
    assert greedy_choice(state) == Eat((uid_of(state, "Tadpole"),))


# ------------------------------------------------------------------ greedy: hidden info


def _decision_points(seed: int) -> Iterator[FoodChainState]:
    """Every decision of a random game, seen from whoever decides."""
    state = SPEC.new_game(seed, None)
    rng = Rng(seed + 1)
    while not state.is_terminal():
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal), "test")])


@pytest.mark.parametrize("seed", range(4))
def test_greedy_choices_do_not_depend_on_what_it_cannot_see(seed: int) -> None:
    rng = Rng(seed + 100)
    checked = 0
    for state in _decision_points(seed):
        seat = state.current_player
        if len(state.legal_actions()) < 2:
            continue
        choice = greedy_choice(state, seat)
        for _ in range(2):
            twin = scramble_hidden(state, seat, rng)
            assert GreedyAgent(seat, 0).act(view(twin, seat), twin.legal_actions()) == choice
        checked += 1
    assert checked >= 10
