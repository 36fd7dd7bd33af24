"""What the generic information-set search (`sparring.agents.ismcts`) needs of Food Chain:
a judgement of who is ahead, for rollouts cut off early, and how long a rollout runs.

Rollouts are played by the `greedy` agent (`ROLLOUT`): uniformly random play ends its
phases at random and feeds the rival free hits, so who wins such a game says little about
the position it started from, and greedy play is also what a sensible rival does. Greedy
costs a view and a judgement per step (about a fifth of a millisecond), so a rollout stops
after `ROLLOUT_STEPS` decisions and `evaluate` scores the position: a few steps deep,
the search gets several times the iterations of rollouts to the end, and measured
stronger (docs/agents.md).

The rival plays the greedy agent inside the tree as well (`MODEL_OPPONENTS`), on its own
view of each sample, so only the searching seat's choices keep statistics: the search
plans its turn against a rival that answers as a sensible player holding those cards.

`evaluate` reads the full (determinized) state, which is honest: the search only ever
holds samples drawn from its own view. It weighs the HP difference, the creatures on each
field (a creature is future damage and a wall) and the cards in hand, and squashes the
sum into the returns' range with `tanh`, so a clearly winning position scores near +1 for
its player and the two returns add up to zero like the game's own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from sparring.core.rng import Rng

from .creature import Creature
from .determinize import Sampler
from .greedy import GreedyAgent
from .keywords import BARRIER, HARMLESS, PASSIVE, POISONOUS, TOXIC
from .state import FoodChainState
from .viewtypes import FoodChainView

#: The game's agent that plays the search's rollouts.
ROLLOUT = "greedy"
#: Decisions a rollout plays before `evaluate` scores it: the rest of a main phase and a
#: combat, about.
ROLLOUT_STEPS = 6
#: Whether the rival plays the greedy agent in the search's tree too, on its own view of
#: each sample (its sampled hand), instead of choosing on statistics pooled over every
#: hand it might hold: a rival that blocks, trades and finishes as greedy does on the cards
#: it holds is a far better model than one that explores at random (docs/agents.md: at 40
#: iterations 0.655 against greedy, 0.605 without, over the same 200 games).
MODEL_OPPONENTS = True
#: Choices the search weighs at its root: the greedy agent's best this many.
CANDIDATES = 4
#: The label of the draws a decision's first world is seeded from.
LABEL = "search"
#: HP of advantage that makes a position about three-quarters won (tanh(1) ≈ 0.76).
SCALE = 6.0
#: What a card in hand is worth, in HP: a later play.
HAND_WORTH = 0.5
#: What a creature's attack and health are worth, in HP, per point.
ATTACK_WORTH = 0.6
HEALTH_WORTH = 0.3
#: What a keyword that wins fights (Toxic, Poisonous, Barrier) adds to a creature, in HP.
FIGHTER_WORTH = 0.8


def creature_worth(creature: Creature) -> float:
    """A creature on the field in HP: its attack as damage to come (none if it cannot
    attack), its health as the damage it soaks, and its fight-winning keywords."""
    if creature.paralyzed or creature.hp <= 0:
        return 0.0
    threat = 0 if creature.kw & (HARMLESS | PASSIVE) else creature.atk * creature.strikes
    value = ATTACK_WORTH * threat + HEALTH_WORTH * creature.hp
    for keyword in (TOXIC, POISONOUS, BARRIER):
        if creature.kw & keyword:
            value += FIGHTER_WORTH
    return value


def advantage(state: FoodChainState, seat: int) -> float:
    """How far `seat` is ahead, in HP: HP, board and hand, its own less its rival's."""
    rival = 1 - seat
    hp = state.hp[seat] - state.hp[rival]
    board = sum(map(creature_worth, state.fields[seat])) - sum(
        map(creature_worth, state.fields[rival])
    )
    hand = HAND_WORTH * (len(state.hands[seat]) - len(state.hands[rival]))
    return hp + board + hand


def evaluate(state: FoodChainState) -> tuple[float, float]:
    """Both seats' returns for a rollout stopped early, in [-1, 1] and adding up to zero:
    the game's own returns once it is over, else the squashed `advantage`."""
    if state.is_terminal():
        return state.returns()
    lead = math.tanh(advantage(state, 0) / SCALE)
    return lead, -lead


def candidates(view: FoodChainView, legal: Sequence[Any], rng: Rng) -> Sequence[Any]:
    """The search's own choices worth weighing, from its view: the greedy agent's best
    `CANDIDATES` by its one-move scoring, best first (ties: the menu's order, as greedy
    breaks them), so the search tries greedy's choice first and spends its iterations
    on a few sensible moves."""
    if view.seat is None:  # a spectator's view: nothing to rank by
        return legal
    scores = GreedyAgent(view.seat).scores(view, legal)
    order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
    return [legal[i] for i in order[:CANDIDATES]]


class FirstPassSampler:
    """Draws states of one view as `determinize.Sampler` does, except that the first
    `CANDIDATES` samples of a decision are one and the same world (hidden cards and future
    draws alike): the root tries its candidates in order on them, so the first comparison
    between greedy's choice and its alternatives is made on common ground, not blurred by
    each one's different rival hand. On a busy machine a decision runs only a handful of
    iterations, and that first pass is most of what it learns."""

    def __init__(self, view: FoodChainView) -> None:
        self.sampler = Sampler(view)
        self.seed: int | None = None
        self.served = 0

    def sample(self, rng: Rng) -> FoodChainState:
        if self.served >= CANDIDATES:
            return self.sampler.sample(rng)
        if self.seed is None:
            self.seed = rng.below(1 << 62, LABEL)
        self.served += 1
        return self.sampler.sample(Rng(self.seed))
