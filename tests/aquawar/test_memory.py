"""The search's memory of a match (`memory.recall`): enemy fish proven played in earlier
rounds are out of the candidates now, soundly, and a new match starts afresh."""

from __future__ import annotations

import math
from functools import cache

from sparring.agents.ismcts import ISMCTSAgent
from sparring.core.rng import Rng
from sparring.games.aquawar.actions import PASS, Assert, Attack, Pick, Skill
from sparring.games.aquawar.agents import GreedyAgent
from sparring.games.aquawar.conceal import enemy_side
from sparring.games.aquawar.determinize import Sampler
from sparring.games.aquawar.knowledge import infer
from sparring.games.aquawar.memory import MatchMemory, played_among, recall
from sparring.games.aquawar.spec import SPEC
from sparring.games.aquawar.state import AquawarState
from sparring.games.aquawar.views import AquawarView, RememberedView, view
from tests.aquawar.helpers import (
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
    finish_picks,
    win_round,
)


def played_before(state: AquawarState, seat: int) -> frozenset[int]:
    """The fish `seat` played in the rounds that have ended."""
    on_field = frozenset(f.kind for f in state.teams[seat])
    return state.used[seat] - on_field


@cache
def greedy_match_views(seed: int) -> list[tuple[AquawarView, frozenset[int], list[int]]]:
    """Every view seat 0 is shown in a greedy match, each with the rival's fish of ended
    rounds and its team on the field now (by position)."""
    state = AquawarState(seed)
    agents = [GreedyAgent(0, 2 * seed), GreedyAgent(1, 2 * seed + 1)]
    shown = []
    while not state.is_terminal():
        movers = state.to_move()
        if 0 in movers:
            now = [f.kind for f in state.teams[1]]
            shown.append((view(state, 0), played_before(state, 1), now))
        choices = {s: agents[s].act(view(state, s), state.legal_actions(s)) for s in movers}
        for seat, action in choices.items():
            state.apply(action, seat)
    return shown


def recalled_views(seed: int) -> list[tuple[AquawarView, AquawarView, frozenset[int], list[int]]]:
    """`greedy_match_views` with each view as seat 0's memory recalls it."""
    memory: MatchMemory | None = None
    out = []
    for seen, before, now in greedy_match_views(seed):
        memory, recalled = recall(memory, seen)
        out.append((seen, recalled, before, now))
    return out


def test_what_the_memory_proves_was_played_in_earlier_rounds_and_is_not_on_the_field() -> None:
    for seed in range(6):
        for seen, recalled, before, now in recalled_views(seed):
            known = frozenset(recalled.enemy_revealed_before or ())
            assert frozenset(seen.enemy_revealed_before or ()) <= known
            assert known <= before, (seed, seen.round, sorted(known - before))
            assert not known & frozenset(now)
            if seen.round > 1 and seen.enemy_team:
                candidates = infer(recalled).candidates
                assert all(not (c & known) for c in candidates)


def test_the_memory_weighs_what_the_rival_played_before_and_sharpens_the_belief() -> None:
    surprise = {"shown": 0.0, "recalled": 0.0}
    for seed in range(6):
        for seen, recalled, before, now in recalled_views(seed):
            if seen.round == 1:
                assert recalled is seen
                continue
            assert isinstance(recalled, RememberedView)
            assert abs(sum(weight for _, weight in recalled.enemy_before) - 1) < 1e-9
            assert all(len(fish) == 4 * (seen.round - 1) for fish, _ in recalled.enemy_before)
            assert any(fish == before for fish, _ in recalled.enemy_before)
            if seen.phase == "pick":
                continue
            for name, shown in (("shown", seen), ("recalled", recalled)):
                belief = Sampler(shown, weighted=True).belief(Rng(seed))
                for fish in seen.enemy_team or []:
                    if fish.fish is None and fish.alive:
                        chance = belief.identity(fish.pos).get(now[fish.pos], 0.0)
                        surprise[name] -= math.log(max(chance, 1e-6))
    # The rival's true fish are likelier with the memory than without it.
    assert surprise["recalled"] < 0.97 * surprise["shown"]


def rival_to_act(state: AquawarState) -> None:
    """Play on (we pass assertions and attack with our first fish) until the rival acts."""
    while state.to_move() != (1,) or state.phase != "action":
        seat = state.to_move()[0]
        state.apply(PASS if state.phase == "assert" else Attack(0, 0), seat)


def rival_pinned_in_round_one() -> AquawarState:
    """A round 1 whose log proves two rival fish no assertion revealed: its Hammerhead and
    Sea Wolf make their crits, so each is a shark, the Sea Wolf or the Mimic; our
    assertion reveals the Mimic elsewhere, so these two fish are the Hammerhead and the
    Sea Wolf in some order. Round 2's picks are under way."""
    state = AquawarState(8)
    finish_picks(
        state,
        Pick((TURTLE, OCTOPUS, CLOWN, ARCHER)),
        Pick((EEL, MIMIC, HAMMERHEAD, SEAWOLF), mimic=PUFFER),
    )
    rival_to_act(state)
    state.apply(Skill(2, enemy=1), 1)
    rival_to_act(state)
    state.apply(Skill(3, enemy=2), 1)
    state.apply(Assert(1, MIMIC), 0)
    win_round(state, 0)  # asserts the Eel: the log shows the round's final blows
    return state


def test_round_ones_log_pins_the_rivals_fish_for_the_rest_of_the_match() -> None:
    state = rival_pinned_in_round_one()
    pick_view = view(state, 0)
    assert pick_view.enemy_revealed_before == [MIMIC, EEL]
    memory, recalled = recall(None, pick_view)
    assert memory.logs[1] == pick_view.previous_log
    assert sorted(recalled.enemy_revealed_before or ()) == [EEL, SEAWOLF, HAMMERHEAD, MIMIC]
    # Once round 2's teams are on the field the view has no round-1 log; memory does.
    finish_picks(
        state, Pick((GREATWHITE, HAMMERHEAD, MANTA, SEAWOLF)), Pick((ARCHER, PUFFER, MANTA, TURTLE))
    )
    field_view = view(state, 0)
    assert not isinstance(field_view.previous_log, list)
    _, later = recall(memory, field_view)
    assert sorted(later.enemy_revealed_before or ()) == [EEL, SEAWOLF, HAMMERHEAD, MIMIC]
    assert all(not c & {SEAWOLF, HAMMERHEAD} for c in infer(later).candidates)
    # without the memory, only the assertions' reveals
    _, forgetful = recall(None, field_view)
    assert sorted(forgetful.enemy_revealed_before or ()) == [EEL, MIMIC]


def test_a_new_match_starts_the_memory_afresh() -> None:
    state = AquawarState(8)
    finish_picks(
        state, Pick((SEAWOLF, TURTLE, OCTOPUS, CLOWN)), Pick((ARCHER, PUFFER, EEL, SUNFISH))
    )
    win_round(state, 0)
    memory, _ = recall(None, view(state, 0))
    fresh = AquawarState(9)
    memory, recalled = recall(memory, view(fresh, 0))
    assert list(memory.logs) == [1] and memory.ended == {}
    assert recalled == view(fresh, 0)


def test_k_fish_with_only_k_identities_among_them_were_all_played() -> None:
    assert played_among([frozenset({1}), frozenset({2, 3}), frozenset({2, 3, 4})]) == {1}
    assert played_among([frozenset({2, 3}), frozenset({2, 3}), frozenset({5, 6, 7})]) == {2, 3}
    assert played_among([frozenset({1, 2, 3})] * 3 + [frozenset({1, 2, 3, 4})]) == {1, 2, 3, 4}
    assert played_among([frozenset({1, 2}), frozenset({3, 4})]) == frozenset()


def test_the_search_folds_every_view_it_is_shown_into_its_memory() -> None:
    state = AquawarState(8)
    finish_picks(
        state, Pick((SEAWOLF, TURTLE, OCTOPUS, CLOWN)), Pick((ARCHER, PUFFER, EEL, SUNFISH))
    )
    win_round(state, 0)
    agent = ISMCTSAgent(SPEC, 0, 3, iterations=2)
    seen = view(state, 0)
    agent.act(seen, state.legal_actions(0))
    assert isinstance(agent.memory, MatchMemory)
    assert agent.memory.logs[1] == seen.previous_log


def test_the_enemys_side_of_a_remembered_view_holds_none_of_our_memory() -> None:
    state = rival_pinned_in_round_one()
    finish_picks(
        state, Pick((GREATWHITE, HAMMERHEAD, MANTA, SEAWOLF)), Pick((ARCHER, PUFFER, MANTA, TURTLE))
    )
    memory, _ = recall(None, view(rival_pinned_in_round_one(), 0))
    _, remembered = recall(memory, view(state, 0))
    assert isinstance(remembered, RememberedView)
    theirs = enemy_side(remembered)
    assert type(theirs) is AquawarView
    # the enemy knows the fish we played before, not what we remember of its own
    assert sorted(theirs.enemy_revealed_before or ()) == [ARCHER, TURTLE, OCTOPUS, CLOWN]
