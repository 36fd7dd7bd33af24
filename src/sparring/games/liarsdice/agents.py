"""Built-in Liar's Dice agents: `random` (the benchmark opponent), `greedy` (reads the
odds of its own view) and `human` (terminal prompts). Each is built by a factory
``(seat, seed) -> agent``; the random agent draws only from its own seeded `Rng` and the
greedy agent draws nothing, so a match between built-in agents replays from the seeds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.agents.uniform import UniformRandomAgent
from sparring.core.game import AgentFactory

from .actions import Bid, Challenge, SpotOn
from .human import HumanAgent
from .odds import Odds
from .views import as_table

#: Chances closer than this are a tie, broken towards the earlier legal action (the
#: calls first, then the lowest bid).
TIE = 1e-9


class GreedyAgent:
    """Plays the action most likely to keep its dice if the round ended right after it:
    a bid by the chance that it is met (own dice counted for certain, unseen dice as fair
    dice), a challenge by the chance that the standing bid is short, spot on by the chance
    that it is exactly met. So it challenges when the standing bid is less likely than its
    best raise, and otherwise makes the raise most likely to be true (the smallest, among
    equally safe ones). It is deterministic: the seed goes unused."""

    needs_view = True
    needs_log = False
    __slots__ = ("seat",)

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        if view is None:
            raise ValueError("the greedy agent needs its view")
        table = as_table(view)
        odds = Odds(table)
        standing = table.bids[-1] if table.bids else None
        best, best_chance = legal[0], -1.0
        faces_seen: set[int] = set()
        for action in legal:
            if isinstance(action, Bid):
                # Bids come lowest first, and a bid is never likelier than a lower one on
                # its face: only each face's lowest bid can be the best (this keeps the
                # agent cheap enough to play the search's rollouts).
                if action.face in faces_seen:
                    continue
                faces_seen.add(action.face)
                chance = odds.at_least(action.quantity, action.face)
            elif standing is not None and isinstance(action, Challenge):
                chance = 1.0 - odds.at_least(standing.quantity, standing.face)
            elif standing is not None and isinstance(action, SpotOn):
                chance = odds.exactly(standing.quantity, standing.face)
            else:
                continue
            if chance > best_chance + TIE:
                best, best_chance = action, chance
        return best


AGENTS: dict[str, AgentFactory] = {
    "random": UniformRandomAgent,
    "greedy": GreedyAgent,
    "human": HumanAgent,
}
