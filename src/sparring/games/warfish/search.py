"""What the generic information-set search (`sparring.agents.ismcts`) needs of Warfish: the
moves worth searching, and a judgement of a position once the turn under way is over.

The search improves on the greedy agent's play (a rollout policy improvement): at each
decision it weighs the greedy agent's move against a few others, each tried in many
determinized samples, and keeps the one whose samples end best.

- **`candidates`**: the greedy agent's move on the view, plus up to `ALTERNATIVES` others
  drawn from the phase's sensible moves: stopping and a blitz on another target during
  attacks, all the turn's units on another territory next to an enemy during placement,
  any other entry of a move-in, trade or transfer menu. During the setup (one unit a
  decision, judged only by the battles long after it) the greedy agent's move is played
  at once.
- **`evaluate`** (`ROLLOUT_STEPS = 0`: a leaf is judged at once): the greedy agent plays
  the turn under way to its end, so a move is judged with the rest of the turn it
  belongs to, and `judge.mover_wins` scores the next turn's start for the seat about to
  move. A whole turn is a dozen decisions or so, a fraction of a round-long rollout (a
  sample costs about 0.3 ms: several hundred in 0.2 s on a quiet machine), and a fitted
  chance of winning varies far less from sample to sample than a game played out. With
  more than two players `strength` shares score the position instead (the model was
  fitted on two).
- **A flat search** (`TREE_DEPTH = 1`): only the root's choices keep statistics, and each
  is followed by greedy play alone. A deeper tree tried other moves in the turn's later
  decisions too (the widening adds random ones), and their mostly worse outcomes blurred
  the root's choices: an obvious winning placement then scored barely above the others.
  The root's few candidates are not widened (the generic `wide_menu` is longer): each is
  tried once, in random order, before the upper confidence bound chooses.
- **Common samples** (`Search.common_samples`): each sample is played once by every
  candidate, each on its own copy (the same rival cards, the same dice), and the decision
  is the candidate with the best mean. The deal and the dice move a game's outcome far
  more than one move does, so candidates compared on different samples differ mostly by
  their samples' luck; on common ones that luck cancels out of the difference
  (measured in docs/agents.md).
- **`EXPLORATION`** is small (it matters only without common samples): the judged
  chances of one decision's candidates differ by hundredths, and with the generic
  constant (1) the search spread its samples evenly and its choice was close to a random
  candidate.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from sparring.core.rng import Rng

from .actions import STOP_ATTACKING, Blitz, Place
from .greedy import GreedyAgent
from .judge import mover_wins
from .legal import ATTACK, PLACE, SETUP
from .state import WarfishState
from .views import View, lean_view

#: The game's agent that plays the search's rollouts and whose move the search improves on.
ROLLOUT = "greedy"
#: Decisions a rollout plays before `evaluate` (which finishes the turn itself).
ROLLOUT_STEPS = 0
#: Turns the greedy agent plays out before a position is judged: the one under way (1), and
#: the rival's reply (2).
TURNS_PLAYED = 1
#: Steps of the search's tree: the root's choices alone, each followed by greedy play.
TREE_DEPTH = 1
#: The exploration constant: moves differ by hundredths of the returns' range.
EXPLORATION = 0.05
#: Moves searched besides the greedy agent's.
ALTERNATIVES = 3
#: The seed of the greedy agent whose move the search starts from (its tie-breaks).
GREEDY_SEED = 0
#: Turns of income a seat's strength counts besides its units (more than two players).
INCOME_TURNS = 2
#: How sharply a share of strength above or below an even one is scored (idem).
GAIN = 8.0
LABEL = "warfish-search"


def candidates(view: View, legal: Sequence[Any], rng: Rng) -> list[Any]:
    """The greedy agent's move on `view`, then up to `ALTERNATIVES` other moves of the
    phase's pool (see the module docstring), drawn with the agent's `rng`. The greedy agent
    is seeded alike at every decision, so its ties fall the same way all game long."""
    seat = view.seat
    assert seat is not None, "a seat's own decision"
    greedy = GreedyAgent(seat, GREEDY_SEED).act(view, legal)
    if view.phase == SETUP:
        return [greedy]
    chosen = [greedy]
    if view.phase == ATTACK and greedy != STOP_ATTACKING:
        chosen.append(STOP_ATTACKING)
    pool = [action for action in _pool(view, legal) if action not in chosen]
    while pool and len(chosen) < ALTERNATIVES + 1:
        pick = rng.below(len(pool), LABEL)
        pool[pick], pool[-1] = pool[-1], pool[pick]
        chosen.append(pool.pop())
    return chosen


def _pool(view: View, legal: Sequence[Any]) -> list[Any]:
    """The phase's moves an alternative is drawn from: blitzes when attacking (a single
    roll is a blitz's first step), every unit left at once on a territory next to an enemy
    when placing (units inland attack nothing), the whole menu otherwise."""
    if view.phase == ATTACK:
        return [action for action in legal if type(action) is Blitz]
    if view.phase == PLACE:
        owner, borders = view.owner, view.map.borders
        return [
            action
            for action in legal
            if type(action) is Place
            and action.count == view.to_place
            and any(owner[n] != view.seat for n in borders[action.territory])
        ]
    return list(legal)


def evaluate(state: WarfishState) -> tuple[float, ...]:
    """Every seat's return, in (-1, 1): the game's own once it is over; else, with two
    players, the greedy agent plays out the turn under way (the setup, during the setup)
    and the mover of the next turn wins with `judge.mover_wins`'s chance; with more,
    `strength` shares."""
    if state.is_terminal():
        return state.returns()
    if state.num_players != 2:
        return _shares(state)
    for _ in range(TURNS_PLAYED):
        _finish_turn(state)
    if state.is_terminal():
        return state.returns()
    edge = 2.0 * mover_wins(state) - 1.0
    return (edge, -edge) if state.seat == 0 else (-edge, edge)


def _finish_turn(state: WarfishState) -> None:
    """Play the greedy agent for the seat to move until another seat's turn begins (for
    every seat until the setup is over, during the setup)."""
    agents: dict[int, GreedyAgent] = {}
    setup = state.phase == SETUP
    mover = state.seat
    while not state.is_terminal() and (state.phase == SETUP if setup else state.seat == mover):
        seat = state.seat
        agent = agents.get(seat)
        if agent is None:
            agent = agents[seat] = GreedyAgent(seat, state.rng.below(1 << 30, LABEL))
        state.apply(agent.act(lean_view(state, seat), state.legal_actions(seat)), seat)


def strength(state: WarfishState, seat: int) -> float:
    """`seat`'s units plus `INCOME_TURNS` turns of its income (none once it is out)."""
    if not state.alive[seat]:
        return 0.0
    territories, bonus = state.income(seat)
    return state.unit_count[seat] + INCOME_TURNS * (territories + bonus)


def _shares(state: WarfishState) -> tuple[float, ...]:
    """``tanh(GAIN × (a seat's share of the total strength − an even share))`` per seat."""
    strengths = [strength(state, seat) for seat in range(state.num_players)]
    total = sum(strengths) or 1.0
    even = 1.0 / state.num_players
    return tuple(math.tanh(GAIN * (value / total - even)) for value in strengths)
