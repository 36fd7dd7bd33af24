"""The search hooks of Aquawar (`games/aquawar/search.py`, `belief.py`): the judgement of a
position, the belief behind determinizations and assertions, the root's candidates, and
the search they make."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from sparring.agents.ismcts import ISMCTSAgent, _Decision
from sparring.agents.istree import Node
from sparring.core.game import Agent
from sparring.core.playout import play_match
from sparring.core.registry import get_game
from sparring.core.rng import Rng
from sparring.games.aquawar.actions import ASSERTS, PASS, SKILLS, Assert, Pick
from sparring.games.aquawar.agents import RandomAgent
from sparring.games.aquawar.belief import (
    EXACT_LIMIT,
    MIMIC_COPIES,
    MIMIC_COPY_RATE,
    NORMAL_ATTACK_RATE,
    POOL,
    Belief,
    copy_prior,
    damage_rolls,
    dodge_likelihood,
    draw_copy,
    enemy_choices,
    every_team,
    likelihood,
    mimic_prior,
    team_count,
)
from sparring.games.aquawar.determinize import Sampler, weighted_sampler
from sparring.games.aquawar.knowledge import Constraint, infer
from sparring.games.aquawar.options import AquawarOptions
from sparring.games.aquawar.plan import plan_pick
from sparring.games.aquawar.roster import FISH
from sparring.games.aquawar.search import candidates, evaluate, match_chance, tree_menu
from sparring.games.aquawar.state import AquawarState
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
    position,
    tune,
)

SPEC = get_game("aquawar")


def test_the_spec_wires_the_hooks() -> None:
    assert SPEC.search.evaluate is evaluate
    assert SPEC.search.candidates is candidates
    assert SPEC.search.rollout_steps == 0
    assert SPEC.search.sampler is weighted_sampler
    assert SPEC.search.tree_menu is tree_menu


# ------------------------------------------------------------------ evaluate


@pytest.mark.parametrize(
    ("wins", "chance", "expected"),
    [((0, 0), 0.5, 0.5), ((1, 0), 0.5, 0.75), ((0, 1), 0.5, 0.25), ((1, 1), 0.8, 0.8)],
)
def test_match_chance_of_a_best_of_three(
    wins: tuple[int, int], chance: float, expected: float
) -> None:
    """Later rounds even: 1-0 up with the round even is 1/2 + 1/2 x 1/2 = 3/4; at 1-1 the
    round under way decides the match."""
    assert match_chance(wins, chance) == pytest.approx(expected)


def ahead_position() -> AquawarState:
    """Seat 0 with four fish at full HP, seat 1 with one fish left at 100 HP."""
    state = position([ARCHER, EEL, SUNFISH, OCTOPUS], [PUFFER, SEAWOLF, HAMMERHEAD, GREATWHITE])
    for fish in state.teams[1][:3]:
        tune(fish, hp=0)
    tune(state.teams[1][3], hp=100)
    return state


def test_evaluate_favours_the_side_ahead_within_the_returns_range() -> None:
    state = ahead_position()
    first, second = evaluate(state)
    assert 0 < first <= 1 and -1 <= second < 0 and first == -second
    even = position([ARCHER, EEL, SUNFISH, OCTOPUS], [PUFFER, SEAWOLF, HAMMERHEAD, GREATWHITE])
    assert evaluate(even) == (0.0, 0.0)


def test_evaluate_counts_the_rounds_won() -> None:
    state = position([ARCHER, EEL, SUNFISH, OCTOPUS], [PUFFER, SEAWOLF, HAMMERHEAD, GREATWHITE])
    state.wins = [1, 0]
    assert evaluate(state)[0] == pytest.approx(0.5)  # a 3/4 chance of the match
    state.wins = [0, 1]
    assert evaluate(state)[0] == pytest.approx(-0.5)


# ------------------------------------------------------------------ belief


def test_a_fish_that_only_attacks_is_believed_less_likely_to_have_a_strong_skill() -> None:
    """Three normal attacks: a Sea Wolf (whose 120 crit players use) is less likely than
    an Octopus (whose buff players leave be), and any fish stays possible."""
    choices = [(3, 0), (0, 0), (0, 0), (0, 0)]
    wolf = likelihood([SEAWOLF, ARCHER, EEL, PUFFER], choices)
    octopus = likelihood([OCTOPUS, ARCHER, EEL, PUFFER], choices)
    assert 0 < wolf < octopus
    assert wolf / octopus == pytest.approx(
        (NORMAL_ATTACK_RATE["fixed_crit"] / NORMAL_ATTACK_RATE["reduce_buff"]) ** 3
    )


def wolf_crits_after_turtle_revealed() -> AquawarState:
    """Seat 0 asserts the enemy Turtle (position 1) rightly and attacks; the enemy's Sea
    Wolf (position 0) then makes its 120 crit, which only a Sea Wolf, a Turtle or a Mimic
    copying one can do: the Turtle being revealed, enemy fish 0 is the Sea Wolf or the
    Mimic. Seat 0 is to assert."""
    state = position(
        [ARCHER, PUFFER, EEL, SUNFISH], [SEAWOLF, TURTLE, GREATWHITE, CLOWN], phase="assert"
    )
    state.apply(ASSERTS[1, TURTLE], 0)
    state.apply(state.legal_actions(0)[0], 0)
    state.apply(PASS, 1)
    state.apply(SKILLS[0, None, 3], 1)
    return state


def test_the_actions_counted_are_the_enemys() -> None:
    state = wolf_crits_after_turtle_revealed()
    assert enemy_choices(view(state, 0).log, 1) == [(0, 1), (0, 0), (0, 0), (0, 0)]


def test_belief_follows_what_the_log_allows() -> None:
    belief = Sampler(view(wolf_crits_after_turtle_revealed(), 0), weighted=True).belief(Rng(3))
    shares = belief.identity(0)
    assert set(shares) == {SEAWOLF, MIMIC}
    assert sum(shares.values()) == pytest.approx(1.0)
    assert shares[SEAWOLF] > shares[MIMIC] > 0


def test_a_mimic_weighs_the_copies_the_log_allows_it() -> None:
    """Teams equally likely a priori, copies at the players' rates (`MIMIC_COPY_RATE`):
    the Sea Wolf's crit makes enemy fish 0 the Sea Wolf, or the Mimic copying the Sea Wolf
    or the (revealed) Turtle. The belief in the Mimic is that posterior (each hypothesis
    weighted by its prior, by the chance of one skill use and by that of the one block
    fish 0 showed: a dodge, or a Turtle's shield). Few enough teams to list each once, so
    the belief is that posterior exactly."""
    knowledge_view = view(wolf_crits_after_turtle_revealed(), 0)
    rolls = damage_rolls(knowledge_view.log, 1)
    assert rolls[0] == (1, 1)
    skill = {
        b: (1 - NORMAL_ATTACK_RATE[FISH[b].active])
        * dodge_likelihood([b, TURTLE, GREATWHITE, CLOWN], rolls)
        for b in (SEAWOLF, TURTLE)
    }
    mimic = skill[SEAWOLF] * MIMIC_COPY_RATE[SEAWOLF] + skill[TURTLE] * MIMIC_COPY_RATE[TURTLE]
    exact = mimic / (skill[SEAWOLF] + mimic)
    belief = Sampler(knowledge_view, weighted=True).belief(Rng(0))
    assert belief.exact
    assert belief.identity(0)[MIMIC] == pytest.approx(exact, rel=1e-9)


def test_damage_rolls_count_the_enemys_instances_and_blocks() -> None:
    log = [
        {"kind": "round_start", "round": 1, "first_mover": 0},
        {"kind": "hit", "seat": 1, "pos": 0, "value": 30, "direct": True},
        {"kind": "passive", "type": "reduce", "seat": 1, "pos": 0, "value": 0},
        {"kind": "hit", "seat": 1, "pos": 0, "value": 0, "direct": True},
        {"kind": "passive", "type": "reduce", "seat": 1, "pos": 2, "value": 0.3},
        {"kind": "hit", "seat": 1, "pos": 2, "value": 15, "direct": True},
        {"kind": "passive", "type": "reduce", "seat": 0, "pos": 1, "value": 0},
        {"kind": "hit", "seat": 0, "pos": 1, "value": 0, "direct": False},
    ]
    assert damage_rolls(log, 1) == [(2, 1), (0, 0), (1, 0), (0, 0)]
    assert damage_rolls(log, 0) == [(0, 0), (1, 1), (0, 0), (0, 0)]


def test_a_fish_hit_often_without_a_dodge_is_unlikely_a_dodger() -> None:
    """Each instance past the Sea Turtle's 3 shields is dodged 30 % of the time (rules:
    Sea Wolf, Manta Ray, Sea Turtle); a fish that cannot dodge is not weighed."""
    five_hits = [(5, 0), (0, 0), (0, 0), (0, 0)]
    assert dodge_likelihood([ARCHER, PUFFER, EEL, SUNFISH], five_hits) == 1.0
    assert dodge_likelihood([SEAWOLF, PUFFER, EEL, SUNFISH], five_hits) == pytest.approx(0.7**5)
    shields_then_one_dodge = [(5, 4), (0, 0), (0, 0), (0, 0)]
    assert dodge_likelihood([TURTLE, PUFFER, EEL, SUNFISH], shields_then_one_dodge) == (
        pytest.approx(0.3 * 0.7)
    )
    assert dodge_likelihood([TURTLE, PUFFER, EEL, SUNFISH], [(3, 3), (0, 0), (0, 0), (0, 0)]) == 1


def test_the_copy_rates_are_the_habit_seen_near_certain_but_never_certain() -> None:
    """Every Mimic seen copied the Sea Wolf: the rate is the add-one estimate of that,
    so a fish acting as the Sea Wolf, where the Mimic and the Sea Wolf are alike possible,
    is the Mimic a little under half the time, and a Mimic copying anything else stays
    possible."""
    assert sum(MIMIC_COPY_RATE.values()) == pytest.approx(1.0)
    assert MIMIC_COPY_RATE[SEAWOLF] == pytest.approx((62 + 1) / (62 + 11))
    assert all(MIMIC_COPY_RATE[f] == pytest.approx(1 / 73) for f in MIMIC_COPY_RATE if f != SEAWOLF)
    as_mimic = MIMIC_COPY_RATE[SEAWOLF] / (1 + MIMIC_COPY_RATE[SEAWOLF])
    assert 0.45 < as_mimic < 0.5


def test_the_mimic_prior_is_the_chance_a_player_copies_what_it_acts_as() -> None:
    knowledge = infer(view(wolf_crits_after_turtle_revealed(), 0))
    assert knowledge.behaviours[0] == {SEAWOLF, TURTLE}
    team = [SEAWOLF, TURTLE, GREATWHITE, CLOWN]
    mimic_team = [MIMIC, TURTLE, GREATWHITE, CLOWN]
    # Listed once per copy: each team weighs the chance a player copies what it acts as.
    assert copy_prior(team, team) == 1.0
    assert copy_prior(mimic_team, team) == MIMIC_COPY_RATE[SEAWOLF]
    assert copy_prior(mimic_team, [TURTLE, *team[1:]]) == MIMIC_COPY_RATE[TURTLE]
    # Drawn with its copy at the players' rates: the team weighs the chance that the copy
    # is one the log allows at all; a Mimic the log leaves free weighs as any fish.
    assert mimic_prior(team, knowledge) == 1.0
    assert mimic_prior(mimic_team, knowledge) == pytest.approx(
        MIMIC_COPY_RATE[SEAWOLF] + MIMIC_COPY_RATE[TURTLE]
    )
    assert len(knowledge.behaviours[2]) == MIMIC_COPIES  # enemy fish 2 has not acted
    assert mimic_prior([SEAWOLF, TURTLE, MIMIC, CLOWN], knowledge) == pytest.approx(1.0)


def test_a_pools_mimic_copies_at_the_players_rates() -> None:
    """Of the copies the log allows, each drawn in proportion to its rate: between the
    Sea Wolf and the Sea Turtle, the Sea Wolf 63 times in 64."""
    rng = Rng(5)
    draws = [draw_copy([SEAWOLF, TURTLE], rng) for _ in range(4000)]
    share = draws.count(SEAWOLF) / len(draws)
    assert set(draws) == {SEAWOLF, TURTLE}
    assert share == pytest.approx(63 / 64, abs=0.01)
    assert draw_copy([CLOWN], rng) == CLOWN


def test_a_belief_lists_every_team_once_where_there_are_few() -> None:
    """Enemy fish 0 is the Sea Wolf or the Mimic copying it or the Turtle, fish 1 the
    revealed Turtle: few enough teams to list, each once, as many as counted."""
    knowledge = infer(view(wolf_crits_after_turtle_revealed(), 0))
    teams = every_team(knowledge)
    assert len(teams) == team_count(knowledge) <= EXACT_LIMIT
    assert len({(tuple(kinds), tuple(acts)) for kinds, acts in teams}) == len(teams)
    assert all(len(set(kinds)) == 4 and kinds[1] == TURTLE for kinds, _ in teams)
    mimics = {acts[0] for kinds, acts in teams if kinds[0] == MIMIC}
    assert mimics == {SEAWOLF, TURTLE}
    belief = Sampler(view(wolf_crits_after_turtle_revealed(), 0), weighted=True).belief(Rng(0))
    assert belief.exact and len(belief.teams) == len(teams)


def test_a_log_no_listed_team_meets_draws_a_pool_rather_than_fail() -> None:
    """A multi-fish constraint no team meets (only an inconsistent log could give one):
    the listing is empty, so the belief draws its pool, which keeps its best try, and a
    team can still be drawn from it (here the drawer's one team)."""
    knowledge = infer(view(wolf_crits_after_turtle_revealed(), 0))
    impossible = Constraint(terms=((0, frozenset({OCTOPUS})),), lo=1, hi=1)
    assert OCTOPUS not in knowledge.behaviours[0]
    knowledge = dataclasses.replace(knowledge, constraints=(impossible,))
    assert every_team(knowledge) == []
    seen = [SEAWOLF, TURTLE, GREATWHITE, CLOWN]
    belief = Belief(knowledge, [(0, 0)] * 4, [(0, 0)] * 4, lambda _k, _rng: (seen, seen), Rng(1))
    assert not belief.exact and len(belief.teams) == POOL
    assert belief.draw(Rng(2)) == (seen, seen)


def test_a_belief_too_wide_to_list_draws_a_pool() -> None:
    """At a round's first turn every fish may be anything: far too many teams to list."""
    state = position(
        [ARCHER, PUFFER, EEL, SUNFISH], [SEAWOLF, TURTLE, GREATWHITE, CLOWN], phase="assert"
    )
    seen = view(state, 0)
    assert team_count(infer(seen)) > EXACT_LIMIT
    belief = Sampler(seen, weighted=True).belief(Rng(0))
    assert not belief.exact and len(belief.teams) == POOL


def test_with_nothing_seen_every_enemy_position_is_believed_alike() -> None:
    """A round whose enemy fish are narrowed to six by the rounds before (a third round:
    the memory names six fish played) and nothing seen yet: no position is likelier than
    another to hold any fish. A pool of 128, whose few teams with a Mimic copying the Sea
    Wolf each weighed some nine times the rest, put one fish at 0.67 here in a stored
    match against the contest AI, and the search asserted it, wrongly."""
    state = position(
        [ARCHER, PUFFER, EEL, SUNFISH], [SEAWOLF, TURTLE, MANTA, CLOWN], phase="assert"
    )
    seen = msgspec.structs.replace(view(state, 0), enemy_revealed_before=[1, 2, 3, 4, 8, 9])
    belief = Sampler(seen, weighted=True).belief(Rng(0))
    assert belief.exact
    shares = [belief.identity(pos) for pos in range(4)]
    assert set(shares[0]) == {SEAWOLF, MANTA, TURTLE, HAMMERHEAD, CLOWN, MIMIC}
    for fish in shares[0]:
        assert all(share[fish] == pytest.approx(shares[0][fish]) for share in shares)


def test_the_copy_rates_favour_the_sea_wolf_and_sum_to_one() -> None:
    assert sum(MIMIC_COPY_RATE.values()) == pytest.approx(1.0)
    assert max(MIMIC_COPY_RATE, key=MIMIC_COPY_RATE.__getitem__) == SEAWOLF
    assert len(MIMIC_COPY_RATE) == MIMIC_COPIES and MIMIC not in MIMIC_COPY_RATE


# ------------------------------------------------------------------ candidates


def test_likely_assertions_are_candidates_and_unlikely_ones_not() -> None:
    state = wolf_crits_after_turtle_revealed()
    legal = state.legal_actions(0)
    chosen = candidates(view(state, 0), legal, Rng(3))
    # Fish 0 is the Sea Wolf (about 0.6) or the Mimic copying it (about 0.4, at the
    # threshold); nothing is likely of the fish that have not acted.
    assert chosen[:2] == [PASS, ASSERTS[0, SEAWOLF]]
    assert set(chosen[2:]) <= {ASSERTS[0, MIMIC]}


def test_with_nothing_known_passing_is_the_only_candidate() -> None:
    state = position([ARCHER, PUFFER, EEL, SUNFISH], [SEAWOLF, TURTLE, GREATWHITE, CLOWN])
    state.phase = "assert"
    assert len(state.legal_actions(0)) == 1 + 4 * 12
    assert candidates(view(state, 0), state.legal_actions(0), Rng(1)) == [PASS]


def test_a_pick_is_the_plans_pick_and_turn_actions_are_all_searched() -> None:
    state = AquawarState(5)
    legal = state.legal_actions(0)
    seen = view(state, 0)
    chosen = candidates(seen, legal, Rng(1))
    assert len(chosen) == 1 and isinstance(chosen[0], Pick)
    assert chosen == [plan_pick(seen, legal, Rng(1))]
    fight = ahead_position()
    menu = fight.legal_actions(0)
    assert candidates(view(fight, 0), menu, Rng(1)) is menu


# ------------------------------------------------------------------ the search


def only_the_crit_wins() -> AquawarState:
    """Round 3 at one round each. The enemy's last fish, an Octopus (no dodge), has 110 HP;
    seat 0's Sea Wolf crit deals 120 and wins the match; every normal attack deals 50 and
    every other skill less than 110, and the Octopus heals itself when it survives."""
    state = position([ARCHER, SEAWOLF, EEL, SUNFISH], [PUFFER, CLOWN, HAMMERHEAD, OCTOPUS])
    state.round, state.wins = 3, [1, 1]
    for fish in state.teams[1][:3]:
        tune(fish, hp=0)
    tune(state.teams[1][3], hp=110)
    return state


def test_the_search_finds_the_winning_crit() -> None:
    state = only_the_crit_wins()
    legal = state.legal_actions(0)
    winning = []
    for action in legal:
        after = state.clone()
        after.apply(action, 0)
        if after.is_terminal() and after.winner == 0:
            winning.append(action)
    assert winning == [SKILLS[1, None, 3]] and len(legal) >= 8
    for seed in range(3):
        agent = ISMCTSAgent(SPEC, 0, seed, iterations=100)
        assert agent.act(view(state, 0), legal) == SKILLS[1, None, 3]


def test_the_search_beats_random_over_paired_games() -> None:
    """Three seeds, seats both ways, 16-turn rounds, 20 iterations a decision: the search
    wins all six; a side as strong as random would win all six by luck once in 64."""
    options = AquawarOptions(turn_limit=16)
    wins = 0
    for seed in range(3):
        for searcher in (0, 1):
            agents: list[Agent] = [RandomAgent(seat, seed * 2 + seat) for seat in (0, 1)]
            agents[searcher] = ISMCTSAgent(SPEC, searcher, seed, iterations=20)
            final = play_match(SPEC, seed, options, agents)
            wins += final.winner == searcher
    assert wins == 6


# ------------------------------------------------------------------ the menus in the tree


def test_below_the_root_an_assertion_decision_is_a_pass_and_a_turn_keeps_its_menu() -> None:
    guessing = position([ARCHER, EEL, SUNFISH, OCTOPUS], [PUFFER, CLOWN, HAMMERHEAD, TURTLE])
    guessing.phase, guessing.seat = "assert", 1
    legal = guessing.legal_actions(1)
    assert len(legal) == 49 and list(tree_menu(guessing, 1, legal)) == [PASS]
    acting = position([ARCHER, EEL, SUNFISH, OCTOPUS], [PUFFER, CLOWN, HAMMERHEAD, TURTLE])
    acting.seat = 1
    menu = acting.legal_actions(1)
    assert tree_menu(acting, 1, menu) is menu


def _assertion_visits(narrowed: bool) -> dict[int, dict[object, int]]:
    """Per seat, the visits of each assertion decision's choices (the pass and the
    guesses, summed over the tree's nodes below the root) in an 800-iteration search by
    seat 0, whose one fish left, an Octopus, the rival may guess at; with Aquawar's
    `tree_menu` or without it."""
    search = SPEC.search if narrowed else dataclasses.replace(SPEC.search, tree_menu=None)
    spec = dataclasses.replace(SPEC, search=search)
    state = position([ARCHER, EEL, SUNFISH, OCTOPUS], [PUFFER, CLOWN, HAMMERHEAD, TURTLE])
    for fish in state.teams[0][:3]:
        tune(fish, hp=0)
    rng = Rng(3)
    decision = _Decision(spec, 0, rng, 1.0, None, state.legal_actions(0))
    sampler = weighted_sampler(view(state, 0))
    for _ in range(800):
        decision.iterate(sampler.sample(rng))
    visits: dict[int, dict[object, int]] = {0: {}, 1: {}}
    stack: list[Node] = list(decision.root.children.values())
    while stack:
        node = stack.pop()
        for seat, edges in node.edges.items():
            for action, edge in edges.items():
                if action is PASS or isinstance(action, Assert):
                    visits[seat][action] = visits[seat].get(action, 0) + edge.visits
        stack.extend(node.children.values())
    return visits


def test_unnarrowed_the_tree_s_players_guess_at_random_and_narrowed_they_never_guess() -> None:
    """A right guess and a wrong one differ by less than the exploration term, so without
    the narrowing the tree tries the menu near uniformly: the pass gets a small share, and
    the right guess (the Octopus) no more than twice a wrong one's mean. Narrowed, every
    assertion decision below the root is a pass."""
    rival = _assertion_visits(narrowed=False)[1]
    guesses = {action: n for action, n in rival.items() if action is not PASS}
    right = guesses.pop(ASSERTS[3, OCTOPUS])
    wrong_mean = sum(guesses.values()) / len(guesses)
    assert rival[PASS] < 0.2 * sum(rival.values())
    assert len(guesses) == 11 and right < 2 * wrong_mean
    narrowed = _assertion_visits(narrowed=True)
    assert set(narrowed[1]) == {PASS} and narrowed[1][PASS] > 0
    assert set(narrowed[0]) <= {PASS}
