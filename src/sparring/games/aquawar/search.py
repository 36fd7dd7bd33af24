"""The hooks that make the generic information-set search (`sparring.agents.ismcts`) play
Aquawar well: a judgement of a position (`evaluate`) for rollouts cut short, the rollout's
cut-off, the choices worth searching at the root (`candidates`) and in the tree
(`tree_menu`).

Why not rollouts to the end: a match is up to three rounds of 64 turns, and random play
to the end of it is noise. Who is ahead is plain to see in a full state — HP and living
fish on both sides, and the rounds won — so `evaluate` turns the position into a match
value at once (`ROLLOUT_STEPS` is 0): the tree's own steps, each applied through the
engine with fresh dice, are the look-ahead. Rollouts of 2, 4 and 12 random decisions
before judging measured no stronger at an equal number of iterations, and cost more.
"""

from __future__ import annotations

from collections.abc import Sequence

from sparring.core.rng import Rng

from .actions import ASSERTS, PASS, Action, Pick
from .determinize import Sampler
from .plan import plan_pick
from .roster import MAX_HP
from .state import ACT, ASSERT, ASSERT_HP_LOSS, AquawarState
from .views import AquawarView

#: Decisions a rollout plays before the position is judged: none (see the module docstring).
ROLLOUT_STEPS = 0
#: What a living fish is worth beyond its HP: fish count first in the turn-limit tiebreak,
#: and each one acts (and counts for assertions' area loss).
FISH_WORTH = 200
_SIDE_MAX = 4 * (MAX_HP + FISH_WORTH)
#: An assertion is searched only if the belief in it is at least this: a wrong one costs
#: every own fish 50 HP, a right one every enemy fish as much, so below one half it loses
#: on average, and the search weighs the rest against passing.
ASSERT_BELIEF = 0.4
#: The menu of an assertion decision below the root (`tree_menu`), built once: the tree
#: asks for it at every such decision.
_PASS_ONLY: tuple[Action, ...] = (PASS,)


def side_strength(state: AquawarState, seat: int) -> int:
    """HP of `seat`'s living fish plus `FISH_WORTH` for each."""
    return sum(f.hp + FISH_WORTH for f in state.teams[seat] if f.alive and f.hp > 0)


def round_chance(state: AquawarState) -> float:
    """Seat 0's chance to take the round under way, from the material on the field: even
    (0.5) until both teams are on it."""
    if state.phase not in (ASSERT, ACT):
        return 0.5
    lead = side_strength(state, 0) - side_strength(state, 1)
    return 0.5 + 0.5 * lead / _SIDE_MAX


def match_chance(wins: Sequence[int], round_chance: float) -> float:
    """Seat 0's chance to take a best-of-three given the rounds won and its chance in the
    round under way, counting later rounds as even."""

    def after(w0: int, w1: int) -> float:
        if w0 >= 2:
            return 1.0
        if w1 >= 2:
            return 0.0
        return 0.5 * after(w0 + 1, w1) + 0.5 * after(w0, w1 + 1)

    w0, w1 = wins
    return round_chance * after(w0 + 1, w1) + (1 - round_chance) * after(w0, w1 + 1)


def evaluate(state: AquawarState) -> tuple[float, float]:
    """Both seats' returns, in [-1, 1], for a match that goes on: twice the chance to win
    less one (`match_chance` of `round_chance`)."""
    if state.is_terminal():
        first, second = state.returns()
        return first, second
    value = 2 * match_chance(state.wins, round_chance(state)) - 1
    return value, -value


def assertion_cost(seen: AquawarView) -> float:
    """What a right enemy assertion made now would cost `seen`'s seat in the search's
    returns: the HP it takes from each of the seat's living fish (and the worth of any it
    kills), valued as `evaluate` values material. A round's material moves the match value
    by `leverage`: half of it at 0-0, all of it at 1-1."""
    loss = 0
    for fish in seen.my_team or []:
        if fish.alive and fish.hp > 0:
            loss += min(fish.hp, ASSERT_HP_LOSS)
            loss += FISH_WORTH if fish.hp <= ASSERT_HP_LOSS else 0
    return leverage(seen.wins) * loss / _SIDE_MAX


def leverage(wins: Sequence[int]) -> float:
    """How much the round under way moves the chance to take the match: the chance if it
    is won less the chance if it is lost (the same for both seats)."""
    return match_chance(wins, 1.0) - match_chance(wins, 0.0)


def candidates(view: AquawarView, legal: Sequence[Action], rng: Rng) -> Sequence[Action]:
    """The searching seat's choices worth searching, from its view: the pick of its match
    plan (`plan.plan_pick`: a search cannot judge a team before it plays, every position
    of the pick phase looks even, so the team model does), the pass and the assertions its
    belief makes likely enough (`ASSERT_BELIEF`), or every turn action."""
    first = legal[0]
    if isinstance(first, Pick):
        return [plan_pick(view, legal, rng)]
    if first is not PASS:
        return legal
    belief = Sampler(view, weighted=True).belief(rng)
    likely: list[Action] = [PASS]
    for entry in view.enemy_team or []:
        if not entry.alive or entry.fish is not None:
            continue
        for identity, share in sorted(belief.identity(entry.pos).items()):
            action = ASSERTS[entry.pos, identity]
            if share >= ASSERT_BELIEF and action in legal:
                likely.append(action)
    return likely


def tree_menu(state: AquawarState, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
    """A seat's menu in the search's tree below the root: at an assertion decision, the
    pass alone; a turn's actions, all of them.

    An assertion menu is a pass and up to 48 guesses. A right guess costs every enemy fish
    50 HP, a wrong one every own fish as much, which moves a return by a few hundredths,
    less than the exploration term, so the tree tries the menu near uniformly: in a
    3,000-iteration search against our one fish left (a pass and 12 guesses), the rival
    passed at 9 % of its assertion decisions and named the fish right no more often than
    any wrong one. The tree's players threw away 200 HP a turn, and a deeper search planned
    on that more (it lost more the longer it thought: docs/agents.md, "Sixth pass").
    Learned right in the end, the rival's guesses would see through our fish, the same in
    every sample. The root's own assertions are the belief's likely ones (`candidates`),
    and what our actions give away is priced there (`conceal.root_costs`)."""
    if legal and legal[0] is PASS:
        return _PASS_ONLY
    return legal
