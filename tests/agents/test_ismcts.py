"""The generic information-set search (`sparring.agents.ismcts`), for every registered game
that can determinize a view: reproducible with an iteration budget, within its thinking
time, honest (blind to everything its seat cannot see), and finding obvious wins."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pytest

from sparring.agents.catalog import make_agent
from sparring.agents.ismcts import ISMCTSAgent, safe_seconds
from sparring.core.conformance import plain
from sparring.core.game import GameSpec, winner_of
from sparring.core.playout import play_match
from sparring.core.registry import all_games, get_game
from sparring.core.rng import Rng
from sparring.games.aquawar.state import AquawarState
from sparring.games.liarsdice.actions import CHALLENGE
from tests.aquawar.helpers import (
    ARCHER,
    EEL,
    GREATWHITE,
    HAMMERHEAD,
    MANTA,
    OCTOPUS,
    PUFFER,
    SUNFISH,
    position,
    tune,
)
from tests.liarsdice.helpers import bid, table

SEARCHABLE = [spec.name for spec in all_games() if spec.search.determinize is not None]
#: Decision points reached by uniformly random play from a new game, for each test game.
DEPTHS = (0, 3, 11, 24)


def positions(spec: GameSpec, seed: int) -> list[tuple[Any, int]]:
    """States at each of `DEPTHS` random steps into a game, or at the first decision after
    it that the search weighs (`searched`), with the seat to move there."""
    state = spec.new_game(seed, None)
    rng = Rng(seed)
    found: list[tuple[Any, int]] = []
    step = wanted = 0
    while not state.is_terminal() and (step <= DEPTHS[-1] or wanted):
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            if step in DEPTHS:
                wanted += 1
            if wanted and searched(spec, state, seat, legal):
                found.append((state.clone(), seat))
                wanted -= 1
            state.apply(legal[rng.below(len(legal), "walk")], seat)
            step += 1
            if state.is_terminal():
                break
    assert found, f"{spec.name}: no decision with a choice in the first steps"
    return found


def searched(spec: GameSpec, state: Any, seat: int, legal: Any) -> bool:
    """Whether the search weighs anything at this decision: a single legal action, or a
    single one of the game's `Search.candidates` (Warfish's setup), is played at once."""
    if len(legal) < 2:
        return False
    narrow = spec.search.candidates
    return narrow is None or len(narrow(spec.view(state, seat), legal, Rng(0))) > 1


def decide(spec: GameSpec, state: Any, seat: int, seed: int, **budget: Any) -> Any:
    agent = ISMCTSAgent(spec, seat, seed, **budget)
    return agent.act(spec.view(state, seat), state.legal_actions(seat))


def test_every_game_with_a_determinization_is_searched() -> None:
    assert {"aquawar", "liarsdice"} <= set(SEARCHABLE)


@pytest.mark.parametrize("game", SEARCHABLE)
def test_the_same_seed_and_view_give_the_same_decision(game: str) -> None:
    spec = get_game(game)
    for state, seat in positions(spec, 5):
        first = decide(spec, state, seat, 11, iterations=25)
        again = decide(spec, state.clone(), seat, 11, iterations=25)
        assert first == again
        assert first in state.legal_actions(seat)


@pytest.mark.parametrize("game", SEARCHABLE)
def test_an_iteration_budget_runs_exactly_that_many_iterations(game: str) -> None:
    spec = get_game(game)
    state, seat = positions(spec, 2)[-1]
    agent = ISMCTSAgent(spec, seat, 1, iterations=17)
    agent.act(spec.view(state, seat), state.legal_actions(seat))
    assert agent.last_iterations == 17


@pytest.mark.parametrize("game", SEARCHABLE)
def test_scrambling_what_the_seat_cannot_see_leaves_the_decision_unchanged(game: str) -> None:
    """Honesty: the conformance kit's scrambler replaces every hidden value by another one
    consistent with the seat's view; with the same seed and iterations the decision stays."""
    spec = get_game(game)
    secrecy = spec.secrecy
    assert secrecy is not None, f"{game} determinizes but has no scrambler to test it with"
    for index, (state, seat) in enumerate(positions(spec, 8)):
        scrambled = secrecy.scramble_hidden(state, seat, Rng(100 + index))
        assert plain(spec.view(scrambled, seat)) == plain(spec.view(state, seat))
        for seed in (1, 2):
            assert decide(spec, scrambled, seat, seed, iterations=30) == decide(
                spec, state, seat, seed, iterations=30
            )


@pytest.mark.parametrize("game", SEARCHABLE)
def test_a_thinking_time_is_used_and_respected(game: str) -> None:
    spec = get_game(game)
    state, seat = positions(spec, 3)[-1]
    # Long enough for several iterations of a whole-game random rollout of the longest
    # game (Warfish: about 25 ms each on a quiet machine) on a loaded one.
    agent = ISMCTSAgent(spec, seat, 4, think=0.3)
    view, legal = spec.view(state, seat), state.legal_actions(seat)
    started = time.perf_counter()
    agent.act(view, legal)
    spent = time.perf_counter() - started
    assert 0.1 < spent < 0.3 + 0.35
    assert agent.last_iterations > 1


def test_by_default_the_clock_less_its_margin_is_spent() -> None:
    spec = get_game("liarsdice")
    state, seat = positions(spec, 3)[-1]
    agent = ISMCTSAgent(spec, seat, 4)
    started = time.perf_counter()
    agent.act_within(spec.view(state, seat), state.legal_actions(seat), 0.4)
    spent = time.perf_counter() - started
    assert safe_seconds(0.4) * 0.5 < spent < 0.4


def test_the_margin_grows_with_the_clock() -> None:
    assert safe_seconds(0.4) == pytest.approx(0.25)
    assert safe_seconds(3.0) == pytest.approx(2.2)
    assert safe_seconds(0.01) == 0.0


def test_a_thinking_time_never_exceeds_the_clocks_safe_share() -> None:
    spec = get_game("liarsdice")
    state, seat = positions(spec, 3)[-1]
    agent = ISMCTSAgent(spec, seat, 4, think=5.0)
    started = time.perf_counter()
    agent.act_within(spec.view(state, seat), state.legal_actions(seat), 0.3)
    assert time.perf_counter() - started < 0.3


def test_a_single_legal_action_is_played_without_searching() -> None:
    spec = get_game("liarsdice")
    state, seat = positions(spec, 3)[-1]
    agent = ISMCTSAgent(spec, seat, 4, iterations=50)
    only = state.legal_actions(seat)[:1]
    assert agent.act(spec.view(state, seat), only) == only[0]
    assert agent.last_iterations == 0


def test_liars_dice_an_impossible_bid_is_challenged() -> None:
    """One die each; seat 0 bids two fives while seat 1 holds a three: the bid cannot be
    met (a one would count, but seat 0 has a single die), so challenging wins the game."""
    spec = get_game("liarsdice")
    state = table([[4], [3]], opener=0)
    state.apply(bid(2, 5), 0)
    legal = state.legal_actions(1)
    assert len(legal) > 1 and legal[0] == CHALLENGE
    for seed in range(3):
        assert decide(spec, state, 1, seed, iterations=200) == CHALLENGE


def aquawar_last_stand() -> AquawarState:
    """Round 3 at one round win each. Seat 0 has only its Archerfish (40 HP) left, whose
    skill hits every enemy; the enemy has a Hammerhead and a Great White at 1 HP each. The
    skill kills both and wins the match; attacking the Hammerhead kills it and its
    explosion kills the Archerfish (the match is lost); attacking the Great White leaves
    the Hammerhead to finish the Archerfish."""
    state = position([ARCHER, EEL, SUNFISH, OCTOPUS], [PUFFER, MANTA, HAMMERHEAD, GREATWHITE])
    state.round, state.wins = 3, [1, 1]
    tune(state.teams[0][0], hp=40)
    for fish in state.teams[0][1:] + state.teams[1][:2]:
        tune(fish, hp=0)
    for fish in state.teams[1][2:]:
        tune(fish, hp=1)
    return state


def test_aquawar_the_winning_skill_is_found() -> None:
    spec = get_game("aquawar")
    state = aquawar_last_stand()
    outcomes = {}
    for action in state.legal_actions(0):
        after = state.clone()
        after.apply(action, 0)
        outcomes[str(action)] = after.returns()[0] if after.is_terminal() else None
    assert outcomes == {"attack 0 2": -1.0, "attack 0 3": None, "skill 0": 1.0}
    for seed in range(3):
        assert str(decide(spec, state, 0, seed, iterations=60)) == "skill 0"


def test_it_beats_random_clearly_over_paired_games() -> None:
    """Four seeds, each played with the seats both ways: the search (60 iterations a
    decision) wins at least seven of the eight games; a random player would win about
    half, and seven or more of eight by luck one time in 28."""
    spec = get_game("liarsdice")
    options = spec.options_from_json({"players": 2, "dice": 3})
    wins = 0
    for seed in range(4):
        for searcher in (0, 1):
            agents: list[Any] = [make_agent(spec, "random", seat, seed + seat) for seat in range(2)]
            agents[searcher] = ISMCTSAgent(spec, searcher, seed, iterations=60)
            final = play_match(spec, seed, options, agents)
            wins += winner_of(final) == searcher
    assert wins >= 7


def test_the_collector_waits_for_the_whole_decision_and_comes_back_after_it() -> None:
    import gc

    from sparring.games.aquawar.views import view

    spec = get_game("aquawar")
    paused: list[bool] = []

    def recall(memory: Any, view: Any) -> tuple[Any, Any]:
        paused.append(gc.isenabled())
        return memory, view

    watched = replace(spec, search=replace(spec.search, recall=recall))
    agent = ISMCTSAgent(watched, 0, 1, iterations=3)
    state = AquawarState(4)
    assert gc.isenabled()
    agent.act(view(state, 0), state.legal_actions(0))
    assert paused == [False]  # the game's own work for the decision ran with it paused
    assert gc.isenabled()
