"""Who is ahead in a two-player Warfish game at the start of a turn: the chance that the
seat about to move wins, from a logistic model fitted on greedy self-play.

The model reads a handful of board facts from the mover's side (`features`): its share of
the units and of the territories, its income against its rival's, its card edge and
whether it holds a set to trade now (each scaled by what the next set is worth), and its
lead in units. `WEIGHTS` were fitted by Newton's method on the turn starts of 3,000
greedy-against-greedy games (about 57,000 positions, seeds 100000 on), each labelled with
whether the mover went on to win (`benchmarks/warfish_judge.py` fits them again); on 500
other games the model names the winner at 89 % of turn starts, with a log loss of 0.24
(an even guess: 0.69). The bias alone gives the mover about 77 % on an even board: in
this game the seat that moves first after placing its reinforcements strikes first.

Judged at a turn's start only: mid-turn, a pending move-in or a stack about to attack is
not something these totals see. `search.evaluate` plays the turn under way to its end
before it asks.
"""

from __future__ import annotations

import math

from .state import WarfishState

#: The fitted weights, in the order of `features` (the first is the bias).
WEIGHTS = (1.186, 1.629, 0.973, 3.201, 1.087, 0.529, 3.734)
#: Cards counted in a hand for the card edge: a sixth card adds no set a fifth did not.
CARDS_COUNTED = 5
#: Scales of the card and unit features (units of a set's value, of units).
CARD_EDGE_SCALE = 40.0
SET_IN_HAND_SCALE = 20.0
UNIT_LEAD_SCALE = 50.0


def features(state: WarfishState, mover: int) -> tuple[float, ...]:
    """The model's inputs for `mover` against its one rival."""
    rival = 1 - mover
    units, territories = state.unit_count, state.territory_count
    income = sum(state.income(mover))
    rival_income = sum(state.income(rival))
    hand, rival_hand = len(state.hands[mover]), len(state.hands[rival])
    set_value = state.next_trade_value()
    return (
        1.0,
        units[mover] / (units[mover] + units[rival]) - 0.5,
        territories[mover] / (territories[mover] + territories[rival]) - 0.5,
        (income - rival_income) / (income + rival_income),
        (min(hand, CARDS_COUNTED) - min(rival_hand, CARDS_COUNTED)) * set_value / CARD_EDGE_SCALE,
        (set_value / SET_IN_HAND_SCALE if hand >= 3 else 0.0),
        (units[mover] - units[rival]) / UNIT_LEAD_SCALE,
    )


def mover_wins(state: WarfishState) -> float:
    """The chance that the seat to move (at the start of its turn, two players, both
    alive) wins the game."""
    score = sum(w * x for w, x in zip(WEIGHTS, features(state, state.seat), strict=True))
    return 1.0 / (1.0 + math.exp(-score))
