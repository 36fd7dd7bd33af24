"""The hooks that make the generic information-set search (`sparring.agents.ismcts`) play
5×5 Tactics well. After the draft the board is public, so the search is nearly a search of
a game of full information; what it lacks is a judgement of a position: a random
activation means nothing and a game runs up to 30 rounds. So a rollout plays a few
decisions of the greedy agent (`ROLLOUT_STEPS`; about a millisecond each, and a widened
menu — the draft's — tries the greedy agent's choice first) and the position is then
judged by the greedy agent's scoring (`greedy.evaluate`: material, safety, pressure),
squashed into the game's returns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from sparring.core.rng import Rng

from .actions import Action, DeathChoice, Draft
from .fromview import state_from_view
from .greedy import DRAFT, WIN, score_action
from .greedy import evaluate as score
from .state import TacticsState
from .viewtypes import TacticsView

#: Greedy decisions a rollout plays before the position is judged.
ROLLOUT_STEPS = 2
#: The score difference (in the greedy agent's points: a hero HP is 10) that counts as
#: three quarters of a win.
SCALE = 40.0
#: Activations the search weighs at its root: the greedy agent's best this many.
CANDIDATES = 4
LABEL = "candidates"


def evaluate(state: TacticsState) -> tuple[float, float]:
    """Each seat's expected return: the difference of the two seats' greedy scores,
    squashed by tanh into (-1, 1) (a game over scores its real returns). The difference
    makes the judgement zero-sum, as the returns are."""
    if state.is_terminal():
        return state.returns()
    edge = math.tanh((score(state, 0) - score(state, 1)) / (2 * SCALE))
    return (edge, -edge)


def candidates(view: TacticsView, legal: Sequence[Action], rng: Rng) -> Sequence[Action]:
    """The search's own choices worth weighing, from its view: at the draft the greedy
    agent's team alone (a rollout of two decisions cannot judge a team); at an activation
    the greedy agent's best `CANDIDATES` by its one-ply scoring (a winning one alone), so
    a few dozen iterations are spent on a few sensible moves, not one each on every move
    of a long menu. A death choice keeps both options."""
    if isinstance(legal[0], Draft):
        return [DRAFT] if DRAFT in legal else legal
    if isinstance(legal[0], DeathChoice) or view.seat is None:
        return legal
    state = state_from_view(view, rng.below(1 << 62, LABEL))
    scores = [score_action(state, view.seat, action) for action in legal]
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    if scores[order[0]] >= WIN:
        return [legal[order[0]]]
    return [legal[i] for i in order[:CANDIDATES]]
