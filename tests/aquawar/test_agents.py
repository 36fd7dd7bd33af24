"""Built-in Aquawar agents and determinization."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from sparring.core.errors import BadInput
from sparring.core.events import event_json
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.aquawar.actions import ASSERTS, ATTACKS, PASS, SKILLS, Pick
from sparring.games.aquawar.agents import GreedyAgent, RandomAgent
from sparring.games.aquawar.determinize import determinize
from sparring.games.aquawar.knowledge import infer
from sparring.games.aquawar.picks import PickSpace
from sparring.games.aquawar.roster import ALL_FISH
from sparring.games.aquawar.state import AquawarState
from sparring.games.aquawar.views import view

SPEC = get_game("aquawar")


def agents(name0: str, name1: str, seed: int) -> list[Any]:
    return [SPEC.agents[name0](0, seed * 2 + 1), SPEC.agents[name1](1, seed * 2 + 2)]


def test_spec_registers_agents_and_determinize() -> None:
    assert {"random", "greedy", "human"} <= set(SPEC.agents)
    assert SPEC.search.determinize is determinize


# ------------------------------------------------------------------ random


class NoListing(Sequence[Pick]):
    """A pick space that fails if anyone tries to list it (a wrapper, not a subclass: the
    compiled build's `PickSpace` cannot be subclassed by a test)."""

    def __init__(self, space: PickSpace) -> None:
        self.space = space

    def __len__(self) -> int:
        return len(self.space)

    def __getitem__(self, index: Any) -> Any:
        return self.space[index]

    def __iter__(self) -> Iterator[Pick]:
        raise AssertionError("the pick space was materialised")


def test_random_agent_indexes_picks_without_listing_them() -> None:
    legal = NoListing(PickSpace(frozenset(ALL_FISH)))
    choice = RandomAgent(0, 5).act(None, legal)
    assert legal.space.why_not(choice) is None


def test_random_agent_asserts_about_one_time_in_ten() -> None:
    agent = RandomAgent(0, 11)
    legal = (PASS, *(ASSERTS[p, g] for p in (1, 3) for g in ALL_FISH))
    choices = [agent.act(None, legal) for _ in range(4000)]
    asserts = [c for c in choices if c is not PASS]
    assert 0.07 < len(asserts) / len(choices) < 0.13
    assert {a.pos for a in asserts} == {1, 3}
    assert len({a.guess for a in asserts}) == 12


def test_random_agent_is_uniform_over_turn_actions_and_seeded() -> None:
    legal = (ATTACKS[0, 1], ATTACKS[0, 2], SKILLS[1, None, None])
    first = [RandomAgent(0, 3).act(None, legal) for _ in range(1)]
    again = [RandomAgent(0, 3).act(None, legal) for _ in range(1)]
    assert first == again
    agent = RandomAgent(0, 4)
    counts = {a: 0 for a in legal}
    for _ in range(3000):
        counts[agent.act(None, legal)] += 1
    assert min(counts.values()) > 850


def test_random_matches_finish_and_replay_from_seeds() -> None:
    state = random.getstate()
    results = [play_match(SPEC, s, None, agents("random", "random", s)).winner for s in range(30)]
    again = [play_match(SPEC, s, None, agents("random", "random", s)).winner for s in range(30)]
    assert results == again
    assert set(results) == {0, 1}
    assert random.getstate() == state  # agents never touch the global generator


# ------------------------------------------------------------------ greedy


def test_greedy_beats_random_clearly() -> None:
    wins = 0
    for seed in range(30):
        greedy_seat = seed % 2
        names = ("greedy", "random") if greedy_seat == 0 else ("random", "greedy")
        final = play_match(SPEC, 1000 + seed, None, agents(*names, seed))
        wins += final.winner == greedy_seat
    assert wins >= 24, wins


def test_greedy_asserts_only_what_it_knows_for_sure() -> None:
    asserted: list[bool] = []

    def watch(state: Any, events: list[Any]) -> None:
        for event in events:
            data = event_json(event) if event[1] != -2 else None
            if data and data["kind"] == "assert" and data["seat"] == 0:
                asserted.append(data["success"])

    for seed in range(12):
        play_match(SPEC, seed, None, agents("greedy", "random", seed), on_events=watch)
    assert asserted and all(asserted)


def test_greedy_picks_a_legal_team_every_round() -> None:
    state = AquawarState(9)
    agent = GreedyAgent(0, 1)
    seen = []
    for _ in range(3):
        pick = agent.act(view(state, 0), state.legal_actions(0))
        seen.append(pick)
        state.apply(pick, 0)
        state.apply(state.legal_actions(1)[0], 1)
        # end the round at once: seat to move asserts nothing and we fast-forward
        while state.phase != "pick" and not state.is_terminal():
            state.apply(state.legal_actions()[0])
        if state.is_terminal():
            break
    assert len({f for p in seen for f in p.fish}) == 4 * len(seen)


# ------------------------------------------------------------------ determinize


def _states(seed: int) -> Iterator[tuple[AquawarState, int]]:
    state = AquawarState(seed)
    rng = Rng(seed + 77)
    while not state.is_terminal():
        for seat in state.to_move():
            yield state, seat
            legal = state.legal_actions(seat)
            if legal[0] is PASS and (len(legal) == 1 or rng.below(10, "t")):
                state.apply(PASS, seat)
            else:
                state.apply(legal[rng.below(len(legal), "t")], seat)


@pytest.mark.parametrize("seed", range(6))
def test_determinized_states_match_the_view(seed: int) -> None:
    rng = Rng(seed)
    for step, (state, seat) in enumerate(_states(seed)):
        if step % 3:
            continue
        seen = view(state, seat)
        sample = determinize(seen, rng)
        assert view(sample, seat) == seen
        mine, real_legal = sample.legal_actions(seat), state.legal_actions(seat)
        assert len(mine) == len(real_legal)
        assert [mine[i] for i in range(0, len(mine), 97)] == [
            real_legal[i] for i in range(0, len(real_legal), 97)
        ]
        if state.phase == "pick":
            continue
        known = infer(seen)
        for pos, fish in enumerate(sample.teams[1 - seat]):
            assert fish.kind in known.candidates[pos]
            assert fish.acts_as in known.behaviours[pos]
        own = [
            (f.kind, f.acts_as, f.hp, f.atk, f.alive, f.shields, f.uses, f.wound)
            for f in sample.teams[seat]
        ]
        real = [
            (f.kind, f.acts_as, f.hp, f.atk, f.alive, f.shields, f.uses, f.wound)
            for f in state.teams[seat]
        ]
        assert own == real


def test_determinized_state_plays_on_to_the_end() -> None:
    rng = Rng(5)
    for step, (state, seat) in enumerate(_states(21)):
        if step % 25:
            continue
        sample = determinize(view(state, seat), rng)
        players = [RandomAgent(0, step), RandomAgent(1, step + 1)]
        while not sample.is_terminal():
            for mover in sample.to_move():
                sample.apply(players[mover].act(None, sample.legal_actions(mover)), mover)
        assert sample.winner in (0, 1)


def test_determinize_draws_only_from_the_given_rng() -> None:
    state = AquawarState(4)
    while state.phase == "pick" or state.turn < 6:
        state.apply(state.legal_actions()[0])
    seen = view(state, 0)
    a = determinize(seen, Rng(9))
    b = determinize(seen, Rng(9))
    assert [(f.kind, f.acts_as) for f in a.teams[1]] == [(f.kind, f.acts_as) for f in b.teams[1]]
    samples = {tuple(f.kind for f in determinize(seen, Rng(s)).teams[1]) for s in range(30)}
    assert len(samples) > 1


def test_determinize_refuses_a_spectator_view() -> None:
    with pytest.raises(BadInput):
        determinize(view(AquawarState(1), None), Rng(1))
