"""The picks as a plan over the match (`games/aquawar/plan.py`) and the team model it
weighs them with (`games/aquawar/teams.py`)."""

from __future__ import annotations

from itertools import combinations

import msgspec

from sparring.core.rng import Rng
from sparring.games.aquawar.actions import Assert, Pick
from sparring.games.aquawar.agents import GreedyAgent
from sparring.games.aquawar.plan import (
    LOOKALIKES,
    enemy_rests,
    lookalikes_apart,
    match_value,
    plan_pick,
    plan_round_two,
    round_one_plan,
    team_splits,
)
from sparring.games.aquawar.roster import ALL_FISH
from sparring.games.aquawar.state import AquawarState
from sparring.games.aquawar.teams import (
    FIRST_MOVER_EDGE,
    round_chance,
    strength,
    win_chance,
)
from sparring.games.aquawar.views import view
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
    position,
    win_round,
)

STRONG = (SEAWOLF, GREATWHITE, MIMIC, CLOWN)
WEAK = (PUFFER, SUNFISH, OCTOPUS, MANTA)

# ------------------------------------------------------------------ the team model


def greedy_round(team0: tuple[int, ...], team1: tuple[int, ...], seed: int) -> int:
    """The winner of one round of greedy against greedy with these teams (the Mimic
    copying the Sea Wolf), seat `seed % 2` opening."""
    opener = seed % 2
    state = position(
        [(f, SEAWOLF) if f == MIMIC else f for f in team0],
        [(f, SEAWOLF) if f == MIMIC else f for f in team1],
        seat=opener,
        phase="assert",
        first_mover=opener,
        seed=seed,
    )
    agents = [GreedyAgent(0, 2 * seed), GreedyAgent(1, 2 * seed + 1)]
    while not state.round_results:
        seat = state.to_move()[0]
        state.apply(agents[seat].act(view(state, seat), state.legal_actions(seat)), seat)
    winner: int = state.round_results[0]["winner"]
    return winner


def test_the_model_ranks_a_team_that_wins_in_play_above_one_that_loses() -> None:
    # The sharks, the Sea Wolf and a Mimic of it against the infighters and the reduce
    # buffers: in real rounds (greedy play, either seat, either opener) the first wins
    # nearly always, and the model must say so.
    wins = sum(
        (greedy_round(STRONG, WEAK, seed) == 0) + (greedy_round(WEAK, STRONG, seed) == 1)
        for seed in range(5)
    )
    assert wins >= 8
    assert strength(STRONG) > strength(WEAK)
    assert round_chance(STRONG, WEAK) > 0.75
    assert round_chance(WEAK, STRONG) < 0.25


def test_the_opener_edge_is_added_for_the_side_that_opens() -> None:
    edge = strength(STRONG) - strength(WEAK)
    assert round_chance(STRONG, WEAK, 1) == win_chance(edge + FIRST_MOVER_EDGE)
    assert round_chance(STRONG, WEAK, -1) == win_chance(edge - FIRST_MOVER_EDGE)
    unknown = round_chance(STRONG, WEAK)
    assert round_chance(STRONG, WEAK, -1) < unknown < round_chance(STRONG, WEAK, 1)
    assert round_chance(STRONG, STRONG) == 0.5


# ------------------------------------------------------------------ the match's chance


def test_match_value_combines_the_rounds_left_by_the_score() -> None:
    p2 = win_chance(0.4 + FIRST_MOVER_EDGE)  # we open round 2 (we lost round 1)
    lost2_p3 = win_chance(-0.3 + FIRST_MOVER_EDGE)  # the loser of round 2 opens round 3
    won2_p3 = win_chance(-0.3 - FIRST_MOVER_EDGE)
    # 0-1: both rounds must be won.
    assert match_value((0, 1), (0.4, -0.3), 1, False) == p2 * won2_p3
    # 1-0: one of the two is enough.
    value = match_value((1, 0), (0.4, -0.3), 1, False)
    assert abs(value - (p2 + (1 - p2) * lost2_p3)) < 1e-12
    assert match_value((2, 0), (0.0,), 1, False) == 1.0
    assert match_value((0, 2), (0.0,), 1, False) == 0.0
    # With the opener fixed, round 3's opener does not depend on round 2.
    fixed = match_value((0, 1), (0.4, -0.3), 1, True)
    assert fixed == p2 * win_chance(-0.3 + FIRST_MOVER_EDGE)


# ------------------------------------------------------------------ round 2


def round_best(ours: frozenset[int], rest: frozenset[int]) -> frozenset[int]:
    """The split that would best win round 2 alone, rival's split taken at random."""
    rival = [now for now, _ in team_splits(rest)]
    return max(
        (now for now, _ in team_splits(ours)),
        key=lambda now: sum(round_chance(now, theirs) for theirs in rival),
    )


def plan_worth(now: frozenset[int], ours: frozenset[int], rest: frozenset[int], wins) -> float:
    """The split's chance of the match, rival's split taken at random."""
    later = ours - now
    values = [
        match_value(wins, (strength(now) - strength(t2), strength(later) - strength(t3)), 1, False)
        for t2, t3 in team_splits(rest)
    ]
    return sum(values) / len(values)


def test_round_two_prefers_the_split_that_wins_the_match_over_the_round() -> None:
    # Round 1 lost, so both later rounds must be won: putting every strong fish in round 2
    # wins round 2 best but leaves round 3 hopeless.
    ours = frozenset({SEAWOLF, GREATWHITE, MIMIC, HAMMERHEAD, PUFFER, SUNFISH, OCTOPUS, MANTA})
    rest = frozenset({SEAWOLF, GREATWHITE, CLOWN, TURTLE, ARCHER, EEL, OCTOPUS, MANTA})
    greedy_now = round_best(ours, rest)
    planned = plan_round_two(ours, [(rest, 1.0)], (0, 1), 1, against="uniform")
    assert planned != greedy_now
    assert plan_worth(planned, ours, rest, (0, 1)) > plan_worth(greedy_now, ours, rest, (0, 1))
    # The plan is the best split for the match, among all 70.
    best = max(plan_worth(now, ours, rest, (0, 1)) for now, _ in team_splits(ours))
    assert plan_worth(planned, ours, rest, (0, 1)) == best


def test_minimax_guards_against_the_rivals_worst_split() -> None:
    ours = frozenset({SEAWOLF, GREATWHITE, MIMIC, HAMMERHEAD, PUFFER, SUNFISH, OCTOPUS, MANTA})
    rest = frozenset({SEAWOLF, GREATWHITE, CLOWN, TURTLE, ARCHER, EEL, OCTOPUS, MANTA})
    planned = plan_round_two(ours, [(rest, 1.0)], (1, 0), -1, against="minimax")

    def worst(now: frozenset[int]) -> float:
        later = ours - now
        return min(
            match_value(
                (1, 0), (strength(now) - strength(t2), strength(later) - strength(t3)), -1, False
            )
            for t2, t3 in team_splits(rest)
        )

    assert worst(planned) == max(worst(now) for now, _ in team_splits(ours))


def assert_right(state: AquawarState, pos: int) -> None:
    state.phase, state.seat, state._legal = "assert", 0, None
    state.apply(Assert(pos, state.teams[1][pos].kind), 0)


def test_the_rivals_eight_left_follow_from_what_round_one_revealed() -> None:
    state = AquawarState(7)
    finish_picks(
        state, Pick((SEAWOLF, TURTLE, OCTOPUS, CLOWN)), Pick((ARCHER, PUFFER, EEL, SUNFISH))
    )
    for pos in range(3):
        assert_right(state, pos)
    win_round(state, 0)  # reveals the fourth
    seen = view(state, 0)
    assert seen.round == 2 and seen.phase == "pick"
    rests = enemy_rests(seen, Rng(1))
    assert [rest for rest, _ in rests] == [frozenset(ALL_FISH) - {ARCHER, PUFFER, EEL, SUNFISH}]


def test_with_one_rival_fish_known_every_rest_leaves_it_out() -> None:
    state = AquawarState(8)
    finish_picks(
        state, Pick((SEAWOLF, TURTLE, OCTOPUS, CLOWN)), Pick((ARCHER, PUFFER, EEL, SUNFISH))
    )
    win_round(state, 0)
    rests = enemy_rests(view(state, 0), Rng(2))
    assert len(rests) > 1
    # win_round revealed the rival's first fish, the Archerfish.
    assert all(len(rest) == 8 and ARCHER not in rest and w > 0 for rest, w in rests)


# ------------------------------------------------------------------ rounds 1 and 3


def test_round_one_cuts_the_twelve_into_three_teams_and_opens_with_one() -> None:
    cut = round_one_plan()
    assert all(len(team) == 4 for team in cut)
    assert frozenset().union(*cut) == frozenset(ALL_FISH)
    state = AquawarState(3)
    pick = plan_pick(view(state, 0), state.legal_actions(0), Rng(1))
    assert frozenset(pick.fish) == cut[0]
    assert pick in state.legal_actions(0)


def test_a_plan_of_the_model_beats_greedys_teams_by_the_model() -> None:
    # Greedy's three teams keep the weakest fish for round 3; the plan's cut must have a
    # better chance of the match against any rival cut drawn alike.
    greedy_cut = ((GREATWHITE, TURTLE, MIMIC, CLOWN), (SEAWOLF, HAMMERHEAD, EEL, ARCHER))
    rest = frozenset(ALL_FISH) - frozenset(greedy_cut[0]) - frozenset(greedy_cut[1])

    def any_rival(cut: tuple[frozenset[int], ...]) -> float:
        rivals = list(combinations(ALL_FISH, 4))
        chances = [sum(round_chance(team, r) for r in rivals) / len(rivals) for team in cut]
        a, b, c = chances
        return a * b + a * c + b * c - 2 * a * b * c

    greedy_value = any_rival((frozenset(greedy_cut[0]), frozenset(greedy_cut[1]), rest))
    assert any_rival(round_one_plan()) > greedy_value


def test_lookalike_pairs_apart_are_counted() -> None:
    together = (
        frozenset({GREATWHITE, HAMMERHEAD, SEAWOLF, TURTLE}),
        frozenset({MANTA, OCTOPUS, ARCHER, EEL}),
        frozenset({PUFFER, SUNFISH, CLOWN, MIMIC}),
    )
    assert lookalikes_apart(together) == 0
    swapped = (
        frozenset({GREATWHITE, OCTOPUS, SEAWOLF, TURTLE}),
        frozenset({MANTA, HAMMERHEAD, ARCHER, EEL}),
        frozenset({PUFFER, SUNFISH, CLOWN, MIMIC}),
    )
    assert lookalikes_apart(swapped) == 2
    assert len(LOOKALIKES) == 5


def test_round_three_picks_the_four_fish_left() -> None:
    state = AquawarState(4)
    finish_picks(state, Pick((SEAWOLF, TURTLE, OCTOPUS, CLOWN)), Pick((1, 2, 3, 4)))
    win_round(state, 0)
    finish_picks(state, Pick((ARCHER, PUFFER, EEL, SUNFISH)), Pick((5, 6, 7, 8)))
    win_round(state, 1)
    seen = view(state, 0)
    assert seen.round == 3
    pick = plan_pick(seen, state.legal_actions(0), Rng(1))
    assert frozenset(pick.fish) == {MANTA, GREATWHITE, HAMMERHEAD, MIMIC}
    assert pick.mimic is not None


def test_round_two_is_planned_even_from_a_view_without_round_ones_result() -> None:
    # A bot's view rebuilt from another protocol may lack the earlier rounds' results:
    # the opener is then unknown, and the pick is still one of the eight fish left.
    state = AquawarState(6)
    finish_picks(state, Pick((SEAWOLF, TURTLE, OCTOPUS, CLOWN)), Pick((1, 2, 3, 4)))
    win_round(state, 0)
    seen = msgspec.structs.replace(view(state, 0), rounds=[])
    pick = plan_pick(seen, state.legal_actions(0), Rng(1))
    assert pick in state.legal_actions(0)
    assert not set(pick.fish) & {SEAWOLF, TURTLE, OCTOPUS, CLOWN}
