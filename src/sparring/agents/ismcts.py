"""Information-set Monte Carlo tree search (after Cowling, Powley and Whitehouse), one agent
for every game that can determinize a view (`Search.determinize`).

Each iteration of a decision:

1. **determinize**: draw one full state consistent with the agent's view, with the
   agent's own `Rng` (the game's `Search.sampler` where it has one). The agent never
   holds anything else: it is handed the view and the legal actions only.
2. **select**: walk down the tree (`istree`) from the root, the agent's information set
   now. At each step every seat to move chooses at the current node by the upper
   confidence bound that counts availability; then the step's actions are applied to
   the sample through the engine, with the sample's own chance (reseeded per sample, so
   each iteration's dice, dodges and draws are fresh).
3. **expand**: the step leads to the child keyed by what the agent observes of it; the
   first child not yet in the tree is added, and the walk stops there (or after the
   game's `Search.tree_depth` steps: with 1, a flat search of the root's choices, each
   played on by the rollout policy alone).
4. **roll out**: play on with the game's rollout policy (`Search.rollout`, default
   uniformly random legal actions) to the end, or for `Search.rollout_steps` decisions
   and score the state with `Search.evaluate`.
5. **back up**: every action chosen on the walk adds its own seat's return.

The decision is the root action the agent tried most. A game may narrow the agent's own
menu at the root (`Search.candidates`, from the view alone): the search then chooses
among those actions, and plays a single one at once. A game may also price the root's
choices for what the tree cannot see (`Search.root_costs`, from the view alone: what an
action gives away to rivals who infer from it); each return an action backs up at the
root is then less its cost, so both the exploration and the decision weigh it. A game
whose views drop what a seat saw earlier may keep a memory of the match
(`Search.recall`): the agent folds each view it is shown into it, and searches the view
as remembered.

**Opponents** are modelled in the agent's own tree (single observer), with nodes keyed by
what the agent observes, so moves it cannot see are not told apart (as in the
single-observer search with partially observable moves): the agent's later choices rest
only on what it would really know. An opponent chooses on statistics of its own returns
pooled over every sample of the agent's information set, so no choice in the tree depends
on a hidden value that happened to be drawn: a search whose opponents read the sample
would play against clairvoyant rivals and turn needlessly timid. The price is the known
weakness of single-observer search: opponents are modelled as not using their private
information either. A tree per seat (multiple observers) would remove it, at the cost of
one tree per seat and of splitting the iterations among them; this one tree keeps every
iteration for the agent's own decision.

**Guesses** at hidden values are what pooled statistics judge worst. A menu of many
guesses whose returns differ by less than the exploration term is tried near uniformly,
so in the tree every player guesses at random, and the deeper the tree the more of its
lines are spoiled by such guesses (in Aquawar a longer search lost more often, "Sixth
pass" in docs/agents.md). And the pooling hides nothing that is the agent's own secret:
every sample holds it as it is, so an opponent's guess at it, given visits enough, is
learned right, as if the opponent could see it. A game narrows the menus in the tree
(`Search.tree_menu`: the searching seat's own root menu is `Search.candidates`) and prices
what the agent's own actions give away at the root instead (`Search.root_costs`).

**Modelled opponents** (`Search.model_opponents`, with a rollout agent): the other seats
play the game's rollout agent in the tree as in the rollouts, each on its own view of the
sample, so they use their private information (a bidder's hand) as a real player would;
only the searching seat chooses by the tree's statistics. Honest still: the agent holds
only samples of its view. The price: the search plans against that model, not a best reply.

**Simultaneous moves** (`to_move()` names several seats): every seat to move chooses at
the same node, on its own statistics there, before any of the step's actions is applied
(decoupled selection), so one seat's choice cannot depend on another's at that step.

**Common samples** (`Search.common_samples`, for a flat search of a game's candidates):
an iteration draws one sample and plays it once per root choice, each on its own copy
(the same hidden values, the same future dice), so the choices are compared on the same
worlds and the deal's luck cancels out of their difference; after whole rounds every
choice has the same visits, and the decision is the one with the best mean.

**Budget**: ``iterations`` (deterministic: the same seed and the same view give the same
decision), ``think`` seconds, or by default the decision's clock less a safety margin
(`safe_seconds`); the agent is a `ClockedAgent`, so the referee and `play_match` tell it
each decision's clock. A timed search stops before an iteration as slow as its slowest
one so far would overrun the clock's safe share, or one of typical length the thinking
time (`_spent`); it always runs at least one.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sparring.core.game import Agent, GameSpec, View
from sparring.core.rng import Rng

from .istree import LABEL, Node, observation

#: The share of a decision's clock a search spends by default, and the seconds it keeps
#: back besides, for the view, the answer and a busy machine.
THINK_SHARE = 0.75
THINK_RESERVE = 0.05
#: The exploration constant of the upper confidence bound, for returns in [-1, 1].
EXPLORATION = 1.0
UNIFORM = "uniform"


def safe_seconds(clock: float) -> float:
    """What a search may spend of a decision's `clock` without risking its time-out."""
    return max(0.0, clock * THINK_SHARE - THINK_RESERVE)


class ISMCTSAgent:
    """The search, for `seat` of `spec`'s game (see the module docstring). ``iterations``
    and ``think`` bound each decision (none: the clock's safe share); ``c`` is the
    exploration constant (none: the game's `Search.exploration`, else `EXPLORATION`);
    ``rollout`` names the game agent that plays rollouts
    (`UNIFORM`: uniformly random; default: the game's `Search.rollout`)."""

    needs_view = True

    def __init__(
        self,
        spec: GameSpec,
        seat: int,
        seed: int,
        *,
        iterations: int | None = None,
        think: float | None = None,
        c: float | None = None,
        rollout: str | None = None,
    ) -> None:
        if spec.search.determinize is None:
            raise ValueError(f"{spec.name} cannot determinize a view, so it cannot be searched")
        self.spec = spec
        self.seat = seat
        self.rng = Rng(seed)
        self.iterations = iterations
        self.think = think
        if c is None:
            c = EXPLORATION if spec.search.exploration is None else spec.search.exploration
        self.c = c
        rollout = spec.search.rollout if rollout is None else rollout
        self.rollout = None if rollout == UNIFORM else rollout
        #: Iterations run by the last decision (0 when it had a single legal action); on
        #: common samples, an iteration is one sample played by every root choice.
        self.last_iterations = 0
        #: What the game's `Search.recall` keeps of the match so far (None: nothing yet).
        self.memory: Any = None

    def act(self, view: View, legal: Sequence[Any]) -> Any:
        """The choice with the game's default decision clock."""
        return self.act_within(view, legal, self.spec.referee.decision_seconds)

    def act_within(self, view: View, legal: Sequence[Any], seconds: float) -> Any:
        """The choice with `seconds` on this decision's clock. The cyclic garbage collector
        waits until the decision is made: the tree's many small allocations, and the game's
        own work for the decision (its memory, its candidates, its prices), trigger full
        collections of the whole process's heap, which in a large process (a test run, a
        tournament worker) can eat the clock's margin; the tree holds no cycles, so
        nothing piles up meanwhile. The clock runs from here: the game's `recall`,
        `candidates` and `root_costs` take their share of the decision's time too."""
        started = time.perf_counter()
        self.last_iterations = 0
        collecting = gc.isenabled()
        gc.disable()
        try:
            recall = self.spec.search.recall
            if recall is not None:
                self.memory, view = recall(self.memory, view)
            if len(legal) > 1 and self.spec.search.candidates is not None:
                legal = self.spec.search.candidates(view, legal, self.rng)
            if len(legal) == 1:
                return legal[0]
            pricing = self.spec.search.root_costs
            costs = {} if pricing is None else pricing(view, legal, self.rng)
            return self._search(view, legal, costs, seconds, started)
        finally:
            if collecting:
                gc.enable()

    def _search(
        self,
        view: View,
        legal: Sequence[Any],
        costs: Mapping[Any, float],
        seconds: float,
        started: float,
    ) -> Any:
        allowed = self._allowed(seconds)
        safe = safe_seconds(seconds)
        draw = self._draw(view)
        rollout = self._rollout_agents()
        search = _Decision(self.spec, self.seat, self.rng, self.c, rollout, legal, costs)
        slowest = 0.0
        common = self.spec.search.common_samples
        while True:
            begun = time.perf_counter()
            if common:
                search.compare(draw(self.rng))
            else:
                search.iterate(draw(self.rng))
            self.last_iterations += 1
            now = time.perf_counter()
            slowest = max(slowest, now - begun)
            if self.iterations is not None and self.last_iterations >= self.iterations:
                break
            if allowed is not None and _spent(
                now - started, slowest, self.last_iterations, allowed, safe
            ):
                break
        choice = search.root.best(self.seat, legal)
        return legal[0] if choice is None else choice

    def _allowed(self, seconds: float) -> float | None:
        """The seconds this decision may take: none for an iteration count alone."""
        if self.think is None and self.iterations is not None:
            return None
        safe = safe_seconds(seconds)
        return safe if self.think is None else min(self.think, safe)

    def _draw(self, view: View) -> Callable[[Rng], Any]:
        """How this decision draws determinized states of `view`."""
        search = self.spec.search
        if search.sampler is not None:
            return search.sampler(view).sample
        determinize = search.determinize
        assert determinize is not None  # checked when the agent was made
        return lambda rng: determinize(view, rng)

    def _rollout_agents(self) -> Callable[[int], Agent] | None:
        """A maker of this decision's rollout agent for a seat (None: uniform rollouts),
        each seeded from the agent's own source."""
        if self.rollout is None:
            return None
        factory = self.spec.agents[self.rollout]
        return lambda seat: factory(seat, self.rng.below(1 << 62, LABEL))


class _Decision:
    """One decision's tree and its iterations."""

    def __init__(
        self,
        spec: GameSpec,
        seat: int,
        rng: Rng,
        c: float,
        rollout_agent: Callable[[int], Agent] | None,
        menu: Sequence[Any],
        costs: Mapping[Any, float] | None = None,
    ) -> None:
        self.spec = spec
        self.seat = seat
        self.rng = rng
        self.c = c
        self.wide = spec.search.wide_menu
        self.root = Node()
        self.menu = menu  # the seat's choices at the root (its view fixes them)
        #: The game's price of each root choice, taken off the seat's returns there.
        self.costs = costs or {}
        self._make_agent = rollout_agent
        self._agents: dict[int, Agent] = {}
        #: Whether the other seats play the rollout agent in the tree too.
        self.modelled = spec.search.model_opponents and rollout_agent is not None
        #: The game's narrowing of the menus in the tree (None: the legal actions).
        self.tree_menu = spec.search.tree_menu
        #: Steps of the tree at most; the rollout plays on below (None: no bound).
        self.depth = spec.search.tree_depth
        #: Whether the root's menu is the game's `candidates`, best first: they are then
        #: tried in that order, so a search cut short has tried the likeliest first.
        self.ranked = spec.search.candidates is not None

    def compare(self, state: Any) -> None:
        """One round of a search on common samples (`Search.common_samples`): every root
        choice plays the determinized `state`, each on its own copy (the same hidden values
        and the same future draws), so the choices' difference is not blurred by the luck
        of the world each happened to meet."""
        for action in self.menu:
            self.iterate(state.clone(), action)

    def iterate(self, state: Any, first: Any = None) -> None:
        """One iteration on the determinized `state` (see the module docstring); `first`,
        if given, is the searching seat's choice at the root instead of the tree's."""
        path: list[tuple[Node, dict[int, Any]]] = []
        node, seat = self.root, self.seat
        while not state.is_terminal():
            chosen = {mover: self._choose(state, node, mover, first) for mover in state.to_move()}
            mark = len(state.events)
            applied: dict[int, Any] = {}
            for mover, action in chosen.items():
                state.apply(action, mover)
                applied[mover] = action
                if state.is_terminal():
                    break
            path.append((node, applied if not self.modelled else _own(applied, seat)))
            if self.depth is not None and len(path) >= self.depth:
                break
            node, made = node.child(observation(state.events[mark:], seat, applied.get(seat)))
            if made:
                break
        returns = self._roll_out(state)
        for visited, applied in path:
            at_root = visited is self.root and self.costs
            visited.update(applied, self._charged(returns, applied) if at_root else returns)

    def _charged(self, returns: Sequence[float], applied: dict[int, Any]) -> Sequence[float]:
        """`returns` less the game's cost of the root choice the searching seat made."""
        cost = self.costs.get(applied.get(self.seat), 0.0)
        if not cost:
            return returns
        charged = list(returns)
        charged[self.seat] -= cost
        return charged

    def _choose(self, state: Any, node: Node, mover: int, first: Any) -> Any:
        """What `mover` plays at `node`: a modelled opponent the rollout agent's choice,
        the searching seat `first` at the root if given, else the tree's choice."""
        if mover != self.seat and self.modelled:
            return self._policy(state, mover)
        legal = self._legal(state, node, mover)
        at_root = node is self.root and mover == self.seat
        if at_root and first is not None:
            return node.count(mover, legal, first)
        return node.select(
            mover,
            legal,
            self.c,
            self.wide,
            self.rng,
            self._suggestion(state, mover),
            self.ranked and at_root,
        )

    def _suggestion(self, state: Any, seat: int) -> Callable[[], Any] | None:
        """What a widened menu tries first: the rollout agent's choice (None: uniform
        rollouts suggest nothing)."""
        if self._make_agent is None:
            return None
        return lambda: self._policy(state, seat)

    def _legal(self, state: Any, node: Node, mover: int) -> Sequence[Any]:
        """What `mover` may choose at `node`: the decision's menu for the searching seat at
        the root, the sample's legal actions elsewhere (narrowed by the game's
        `Search.tree_menu`)."""
        if node is self.root and mover == self.seat:
            return self.menu
        legal = state.legal_actions(mover)
        return legal if self.tree_menu is None else self.tree_menu(state, mover, legal)

    def _roll_out(self, state: Any) -> Sequence[float]:
        """Play on to the end, or to the game's cut-off, and score the state."""
        search = self.spec.search
        limit = search.rollout_steps
        steps = 0
        while not state.is_terminal():
            if limit is not None and steps >= limit:
                return state.returns() if search.evaluate is None else search.evaluate(state)
            for mover in state.to_move():
                state.apply(self._policy(state, mover), mover)
                steps += 1
                if state.is_terminal():
                    break
        return state.returns()

    def _policy(self, state: Any, seat: int) -> Any:
        """The rollout's action for `seat`: the rollout agent's, on its own view of the
        sample, or a uniformly random legal one."""
        legal = state.legal_actions(seat)
        if self._make_agent is None:
            return legal[self.rng.below(len(legal), LABEL)]
        agent = self._agents.get(seat)
        if agent is None:
            agent = self._agents[seat] = self._make_agent(seat)
        view_function = self.spec.view_for(agent)
        view = None if view_function is None else view_function(state, seat)
        return agent.act(view, legal)


def _spent(elapsed: float, slowest: float, done: int, allowed: float, safe: float) -> bool:
    """Whether a timed search stops now, after `done` iterations in `elapsed` seconds: when
    an iteration as slow as its slowest so far could overrun the clock's `safe` share, or
    one of typical length (twice the mean) the `allowed` time. On a busy machine one
    iteration in many is stretched by the scheduler far beyond the rest; judged by that one
    alone, a search given a thinking time well inside its clock stopped after a handful of
    iterations; the clock's margin absorbs what a typical estimate misjudges."""
    if elapsed + slowest > safe:
        return True
    return elapsed + min(slowest, 2 * elapsed / done) > allowed


def _own(applied: dict[int, Any], seat: int) -> dict[int, Any]:
    """The searching seat's part of a step's actions (the only one with statistics when
    the opponents are modelled by the rollout agent)."""
    return {seat: applied[seat]} if seat in applied else {}
