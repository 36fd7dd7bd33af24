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

from .greedy import evaluate as score
from .state import TacticsState

#: Greedy decisions a rollout plays before the position is judged.
ROLLOUT_STEPS = 2
#: The score difference (in the greedy agent's points: a hero HP is 10) that counts as
#: three quarters of a win.
SCALE = 40.0


def evaluate(state: TacticsState) -> tuple[float, float]:
    """Each seat's expected return: the difference of the two seats' greedy scores,
    squashed by tanh into (-1, 1) (a game over scores its real returns). The difference
    makes the judgement zero-sum, as the returns are."""
    if state.is_terminal():
        return state.returns()
    edge = math.tanh((score(state, 0) - score(state, 1)) / (2 * SCALE))
    return (edge, -edge)
