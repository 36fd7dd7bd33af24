"""The hooks that make the generic information-set search (`sparring.agents.ismcts`) play
Liar's Dice well: beliefs about the hidden hands (`beliefs.Sampler`), rollouts by the
greedy agent (25 µs a decision: a random bidder's wild raises are noise), cut off after
`ROLLOUT_STEPS` decisions and the position then judged by `evaluate`; in the tree the
opponents play the greedy agent too, on their own hands (`Search.model_opponents`).
"""

from __future__ import annotations

from functools import cache

from .state import LiarsDiceState

#: Decisions a rollout plays before the position is judged. A round between two greedy
#: players takes about seven, but four scored better (0.88 against 0.82 over the same 60
#: paired games at 150 iterations) and cost less: the round's end is near by then, and a
#: short rollout leaves more iterations to the tree.
ROLLOUT_STEPS = 4
#: Menus longer than this are widened progressively (a round's opening menu has a bid per
#: quantity and face, 50 with ten dice in play; most of them are hopeless).
WIDE_MENU = 8


@cache
def duel(mine: int, theirs: int) -> float:
    """The chance that a player with `mine` dice outlasts one with `theirs` if every round
    were a fair coin that costs its loser a die."""
    if not theirs:
        return 1.0
    if not mine:
        return 0.0
    return 0.5 * duel(mine, theirs - 1) + 0.5 * duel(mine - 1, theirs)


def win_chances(dice: list[int]) -> list[float]:
    """Each seat's chance to win by its dice: between the last two players `duel`; with
    more left, its share of the dice."""
    live = [seat for seat, count in enumerate(dice) if count]
    if len(live) == 2:
        first, second = live
        chances = [0.0] * len(dice)
        chances[first] = duel(dice[first], dice[second])
        chances[second] = 1.0 - chances[first]
        return chances
    total = sum(dice)
    return [count / total for count in dice]


def evaluate(state: LiarsDiceState) -> tuple[float, ...]:
    """The returns each seat may expect from its dice (`win_chances`), in the game's
    returns: a win +1, a loss -1/(players - 1), so a seat's expectation is
    (players × chance - 1) / (players - 1). A game over scores its real returns."""
    if state.winner is not None:
        return state.returns()
    players = state.num_players
    return tuple((players * p - 1) / (players - 1) for p in win_chances(state.dice))
