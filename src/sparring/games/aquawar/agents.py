"""Built-in Aquawar agents: `random` (the benchmark opponent), `greedy` (one-ply search on
determinized states) and `human` (terminal prompts).

Each is built by a factory ``(seat, seed) -> agent`` and draws only from its own `Rng`, so
a match between built-in agents is reproducible from the seeds alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparring.core.game import AgentFactory
from sparring.core.rng import Rng

from .actions import ASSERTS, PASS, Action, Pick
from .determinize import Sampler
from .human import HumanAgent
from .knowledge import Knowledge, infer
from .material import add_gains
from .random_agent import RandomAgent
from .roster import MIMIC
from .views import AquawarView

# Roughly strongest first for a one-ply player: fish whose skills deal big single hits
# or hit everyone, then the support fish, then those that hurt their own team.
PICK_ORDER = (9, 5, 10, 7, 12, 3, 1, 11, 8, 6, 4, 2)
MIMIC_COPY = 5  # the Sea Wolf: a 120 crit on any target plus a 30 % dodge
ROUND_ONE_RANKS = (0, 3, 4, 7)  # spread the best fish over rounds one and two


def greedy_pick(view: AquawarView, legal: Sequence[Any]) -> Pick:
    """The team of the fish first in `PICK_ORDER` not yet played (round one takes ranks
    `ROUND_ONE_RANKS`, keeping some of the best for round two); the menu's first pick if
    that is not legal."""
    used = set(view.used or [])
    left = [f for f in PICK_ORDER if f not in used]
    chosen = [left[r] for r in ROUND_ONE_RANKS] if view.round == 1 else left[:4]
    pick = Pick(tuple(chosen), MIMIC_COPY if MIMIC in chosen else None)
    why_not = getattr(legal, "why_not", None)
    if why_not is not None and why_not(pick) is not None:
        first: Pick = legal[0]
        return first
    return pick


class GreedyAgent:
    """One ply: asserts only certainties, and otherwise plays the action with the best
    immediate outcome averaged over a few determinized states (kills first, then
    damage dealt minus damage taken)."""

    needs_view = True

    def __init__(self, seat: int, seed: int, samples: int = 3) -> None:
        self.seat = seat
        self.rng = Rng(seed)
        self.samples = samples
        self._inferred: tuple[tuple[Any, ...], Knowledge] | None = None

    def act(self, view: AquawarView | None, legal: Sequence[Any]) -> Any:
        if view is None:
            raise ValueError("the greedy agent needs its view")
        first = legal[0]
        if isinstance(first, Pick):
            return self._pick(view, legal)
        if first is PASS:
            return self._assert(view, legal)
        return self._action(view, legal)

    # ------------------------------------------------------------------ picks

    def _pick(self, view: AquawarView, legal: Sequence[Any]) -> Pick:
        return greedy_pick(view, legal)

    # ------------------------------------------------------------------ asserts

    def _assert(self, view: AquawarView, legal: Sequence[Any]) -> Action:
        if len(legal) == 1:
            return PASS
        knowledge = self._infer(view)
        for entry in view.enemy_team or []:
            pos = entry.pos
            if entry.alive and entry.fish is None:
                sure = knowledge.certain(pos)
                if sure is not None:
                    return ASSERTS[pos, sure]
        return PASS

    # ------------------------------------------------------------------ inference

    def _infer(self, view: AquawarView) -> Knowledge:
        """`infer(view)`, reused while everything it reads is unchanged: after this seat
        passes, its action decision sees exactly the log its assertion decision saw."""
        reads = (view.round, view.enemy_revealed_before, view.enemy_team, view.log)
        if self._inferred is None or self._inferred[0] != reads:
            self._inferred = (reads, infer(view))
        return self._inferred[1]

    # ------------------------------------------------------------------ actions

    def _action(self, view: AquawarView, legal: Sequence[Any]) -> Action:
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        sampler = Sampler(view, self._infer(view))
        for _ in range(self.samples):
            base = sampler.sample(self.rng)
            base.legal_actions(self.seat)  # the clones inherit the menu: apply checks by it
            add_gains(totals, base, self.seat, legal)
        best = max(totals)
        ties = [i for i, total in enumerate(totals) if total == best]
        return legal[ties[self.rng.below(len(ties), "greedy")]]


AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "human": HumanAgent,
}
