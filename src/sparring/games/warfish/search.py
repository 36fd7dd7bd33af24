"""What the generic information-set search (`sparring.agents.ismcts`) needs of Warfish: a
judgement of who is ahead, for rollouts cut off early, how long a rollout runs, and which
menus to widen.

A game runs for many rounds of dozens of decisions each, so rollouts to the end, even
played by the fast `greedy` agent (`ROLLOUT`, about 0.03 ms a decision on its lean view),
would leave a 0.2 s decision a handful of iterations. A rollout instead plays
`ROLLOUT_STEPS` decisions of greedy play (about a round) and `evaluate` scores the position
from the full (determinized) state, which is honest: the search only ever holds samples
drawn from its own view.

Every menu is widened (`WIDE_MENU`): a node tries the rollout agent's choice first and
adds other entries only as its visits grow, where trying every entry of a menu of dozens
of attacks or hundreds of placements once would spend a decision's iterations on moves
greedy play already knows to be bad.

A seat's strength is its units plus its income over the next turns (territories / 3, at
least 3, plus whole continents' bonuses, `INCOME_TURNS` times). Its return is its share
of all seats' strength less an even share, times `GAIN`, squashed by `tanh` into the
returns' range: a share a tenth above even scores about 0.66. Without the gain, shares
differ by hundredths between the moves of one decision, and the upper confidence bound's
exploration term would swamp them.
"""

from __future__ import annotations

import math

from .state import WarfishState

#: The game's agent that plays the search's rollouts.
ROLLOUT = "greedy"
#: Decisions a rollout plays before `evaluate` scores it: about a round, so a move is judged
#: after the rival's answer to it.
ROLLOUT_STEPS = 60
#: Menus longer than this are widened progressively: all of them.
WIDE_MENU = 1
#: Turns of income a seat's strength counts besides its units.
INCOME_TURNS = 2
#: How sharply a share of strength above or below an even one is scored.
GAIN = 8.0


def strength(state: WarfishState, seat: int) -> float:
    """`seat`'s units plus `INCOME_TURNS` turns of its income (none once it is out)."""
    if not state.alive[seat]:
        return 0.0
    territories, bonus = state.income(seat)
    return state.unit_count[seat] + INCOME_TURNS * (territories + bonus)


def evaluate(state: WarfishState) -> tuple[float, ...]:
    """Every seat's return for a rollout stopped early, in (-1, 1): the game's own once it
    is over, else ``tanh(GAIN × (its share of the total strength − an even share))``."""
    if state.is_terminal():
        return state.returns()
    strengths = [strength(state, seat) for seat in range(state.num_players)]
    total = sum(strengths) or 1.0
    even = 1.0 / state.num_players
    return tuple(math.tanh(GAIN * (value / total - even)) for value in strengths)
