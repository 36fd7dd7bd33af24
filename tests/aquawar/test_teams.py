"""The search's teams for the three rounds (`games/aquawar/teams.py`): fish with the same
active skill play in the same round, every fish plays once, and the search picks them."""

from __future__ import annotations

from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.aquawar.actions import Pick
from sparring.games.aquawar.agents import PICK_ORDER, greedy_pick
from sparring.games.aquawar.roster import ALL_FISH, FISH, MIMIC
from sparring.games.aquawar.search import candidates
from sparring.games.aquawar.state import AquawarState
from sparring.games.aquawar.teams import LOOK_ALIKES, PLAN, planned_pick
from sparring.games.aquawar.views import view
from tests.aquawar.helpers import EEL, GREATWHITE, OCTOPUS, SEAWOLF, finish_picks, win_round

SPEC = get_game("aquawar")


def test_look_alikes_play_in_the_same_round() -> None:
    """Each pair of look-alikes is in one team, and the Mimic copies a fish of its own
    team (a third look-alike)."""
    for pair in LOOK_ALIKES:
        assert any(pair <= set(team.fish) for team in PLAN), pair
    for team in PLAN:
        if MIMIC in team.fish:
            assert team.mimic in team.fish


def test_look_alikes_share_their_skill() -> None:
    """What makes them look alike: the same active skill, or (the Sea Turtle) a crit of the
    same fixed damage for its first uses."""
    for pair in LOOK_ALIKES:
        skills = {FISH[fish].active for fish in pair}
        assert len(skills) == 1 or skills == {"fixed_crit", "heal_buff_crit"}


def test_every_fish_plays_once_and_no_round_is_left_greedys_last_four() -> None:
    """The three teams use the twelve fish, and no round is as weak as greedy's third, the
    four fish its strength order ranks last (ranks summed: 8 + 9 + 10 + 11)."""
    played = [fish for team in PLAN for fish in team.fish]
    assert sorted(played) == sorted(ALL_FISH)
    ranks = [sum(PICK_ORDER.index(fish) for fish in team.fish) for team in PLAN]
    assert max(ranks) < 8 + 9 + 10 + 11


def test_the_plan_is_followed_round_by_round() -> None:
    """Each round the search's only pick candidate is the plan's next team."""
    state = AquawarState(7)
    for number in range(2):
        seen = view(state, 0)
        assert candidates(seen, state.legal_actions(0), Rng(1)) == [PLAN[number]]
        finish_picks(state, PLAN[number], greedy_pick(view(state, 1), state.legal_actions(1)))
        win_round(state, 1 - number)
    assert state.round == 3
    assert planned_pick(view(state, 0), state.legal_actions(0)) == PLAN[2]


def test_a_free_team_of_the_plan_is_kept_else_greedys_pick() -> None:
    """After greedy's round-1 team (which takes a fish of the plan's first two teams) the
    third team is still free and is played; after a team that takes a fish of each, no
    team of the plan is free and the search picks as greedy does."""
    for first, expected in ((None, PLAN[2]), (Pick((GREATWHITE, SEAWOLF, EEL, OCTOPUS)), None)):
        state = AquawarState(7)
        own = first or greedy_pick(view(state, 0), state.legal_actions(0))
        finish_picks(state, own, greedy_pick(view(state, 1), state.legal_actions(1)))
        win_round(state, 0)
        menu = state.legal_actions(0)
        fallback = greedy_pick(view(state, 0), menu)
        assert planned_pick(view(state, 0), menu) == (expected or fallback)
