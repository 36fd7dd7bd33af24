"""Speed of the primitives a search agent is built from — cloning a state, determinizing a
seat's view, playing a random playout to the end — measured from positions in the middle
of real games, through the game contract alone.

Why mid-game: a fresh state flatters `clone` (its event and chance logs are empty), so a
clone that copies history grows slower as a game goes on. Positions are therefore taken
at several depths (`DEPTHS`, fractions of each sampled game's decisions) and the clone
rate is reported per depth as well as overall, with the ratio of a late clone's cost to
an early one's (``clone_cost_late_vs_early``: about 1 when a clone costs the same early
and late). The steps:

1. **Sample.** Play `games` seeded matches between the game's own random agents (with
   the benchmark's player count, `bench.match_options`), recording every (seat, action).
   Replay each match's actions on a new game of the same seed and clone the state as it
   stands before the decisions at each depth.
2. **Clone.** `state.clone()`, `clones` times per position, in rounds over all
   positions (`CLONE_ROUNDS`).
3. **Determinize.** From the view of the seat about to act there (built untimed),
   `spec.search.determinize(view, rng)`, `determinizations` times per position; "n/a"
   for a game that offers no determinization.
4. **Playout.** Clone the position and play it to the end, every seat to move choosing a
   uniformly random legal action, `playouts` times per position. The clone is part of
   the cost, as it is for a search agent.

Times are CPU seconds of this process (`time.process_time`), so other processes on a
shared machine disturb them far less than they would wall time; each clock reading
brackets a batch (a round's clones of one position, or one position's determinizations
or playouts), so the clock's own cost stays out of the figures. Numbers are printed,
never asserted (see `bench`). A game that outlasts its decision bound
(`GameSpec.decision_bound`) while sampling or in a playout is reported as an error, not
measured forever.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .bench import match_options
from .compiled import is_compiled
from .errors import BadInput, SparringError
from .game import GameSpec
from .playout import play_match
from .rng import Rng

#: Where positions are taken: fractions of a sampled game's decisions made before them.
DEPTHS = (0.25, 0.5, 0.75)
#: Rounds the clones are timed in, over all positions in turn (see `_time_clones`).
CLONE_ROUNDS = 10
#: The agent that plays the sampled games; every game registers one.
SAMPLING_AGENT = "random"
#: Why determinize/s is missing for a game without `Search.determinize`.
NO_DETERMINIZATION = "n/a: the game has no determinization"
#: The seed of the sampling random source handed to determinize (any fixed one will do).
DETERMINIZE_SEED = 0x5EA4C4


class RunawayGame(SparringError):
    """A game went on past its own decision bound: a rules bug, not a speed figure."""


@dataclass(frozen=True)
class Position:
    """A state before decision number `decision` of a sampled game (`depth`: that number as
    a fraction of the game's decisions), and the seat that acted there."""

    state: Any
    seed: int
    depth: float
    decision: int
    seat: int


def sample_positions(spec: GameSpec, games: int, seed: int = 0) -> list[Position]:
    """Positions at each of `DEPTHS` of `games` random-agent matches, seeds `seed`, `seed +
    1`, ...; in seed order, then depth order."""
    if games < 1:
        raise BadInput(f"--games must be at least 1, got {games}")
    if SAMPLING_AGENT not in spec.agents:
        raise BadInput(f"{spec.name} has no {SAMPLING_AGENT!r} agent to sample positions with")
    options = match_options(spec, len(spec.extensions.bench_agents))
    bound = spec.decision_bound(spec.new_game(seed, options).options)
    positions: list[Position] = []
    for game_seed in range(seed, seed + games):
        decisions = _record_match(spec, game_seed, options, bound)
        positions.extend(_positions_of(spec, game_seed, options, decisions))
    return positions


def _record_match(spec: GameSpec, seed: int, options: Any, bound: int) -> list[tuple[int, Any]]:
    """The (seat, action) decisions of one match between the game's random agents."""
    decisions: list[tuple[int, Any]] = []
    state = spec.new_game(seed, options)
    agents = [
        _Recorded(spec.agents[SAMPLING_AGENT](seat, seed * 2 + seat), seat, decisions, bound)
        for seat in range(state.num_players)
    ]
    play_match(spec, seed, options, agents)
    return decisions


def _positions_of(
    spec: GameSpec, seed: int, options: Any, decisions: Sequence[tuple[int, Any]]
) -> list[Position]:
    """Replay a recorded match, cloning the state before the decision at each depth."""
    marks = [_decision_at(depth, len(decisions)) for depth in DEPTHS]
    state = spec.new_game(seed, options)
    positions = []
    for number, (seat, action) in enumerate(decisions):
        for depth, mark in zip(DEPTHS, marks, strict=True):
            if mark == number:
                positions.append(Position(state.clone(), seed, depth, number, seat))
        state.apply(action, seat)
    return positions


def _decision_at(depth: float, length: int) -> int:
    """The decision a depth falls on in a game of `length` decisions (always one that is
    still to be made, so the position is never over)."""
    return min(length - 1, int(depth * length))


class _Recorded:
    """An agent wrapper that records each decision with its seat, and stops a game that
    runs past its decision bound."""

    __slots__ = ("_act", "_bound", "_decisions", "_seat", "needs_log", "needs_view")

    def __init__(self, agent: Any, seat: int, decisions: list[tuple[int, Any]], bound: int) -> None:
        self._act = agent.act
        self._seat = seat
        self._decisions = decisions
        self._bound = bound
        self.needs_view = agent.needs_view
        self.needs_log = getattr(agent, "needs_log", True)

    def act(self, view: Any, legal: Any) -> Any:
        if len(self._decisions) >= self._bound:
            raise RunawayGame(f"a sampled game went past its bound of {self._bound} decisions")
        action = self._act(view, legal)
        self._decisions.append((self._seat, action))
        return action


def bench_search(
    spec: GameSpec,
    games: int = 10,
    seed: int = 0,
    clones: int = 200,
    determinizations: int = 20,
    playouts: int = 2,
) -> dict[str, Any]:
    """Measure clone, determinize and random playouts from the positions of
    `sample_positions(spec, games, seed)`; the counts are per position."""
    for name, count in (
        ("clones", clones),
        ("determinizations", determinizations),
        ("playouts", playouts),
    ):
        if count < 1:
            raise BadInput(f"{name} per position must be at least 1, got {count}")
    positions = sample_positions(spec, games, seed)
    clone_seconds = _time_clones(positions, clones)
    result: dict[str, Any] = {
        "game": spec.name,
        "sampled_games": games,
        "positions": len(positions),
        "depths": list(DEPTHS),
        "clones": clones * len(positions),
        "clone_per_second": _rate(clones * len(positions), sum(clone_seconds.values())),
        "clone_per_second_by_depth": {
            str(depth): _rate(clones * games, seconds) for depth, seconds in clone_seconds.items()
        },
        "clone_cost_late_vs_early": _cost_ratio(
            clone_seconds[DEPTHS[-1]], clone_seconds[DEPTHS[0]]
        ),
        "events_by_depth": {
            str(depth): statistics.mean(len(p.state.events) for p in at_depth(positions, depth))
            for depth in DEPTHS
        },
    }
    if spec.search.determinize is None:
        result["determinizations"] = 0
        result["determinize_per_second"] = None
        result["not_measured"] = {"determinize": NO_DETERMINIZATION}
    else:
        seconds = _time_determinize(spec, positions, determinizations)
        result["determinizations"] = determinizations * len(positions)
        result["determinize_per_second"] = _rate(determinizations * len(positions), seconds)
        result["not_measured"] = {}
    played, decisions, seconds = _time_playouts(spec, positions, playouts, seed)
    result.update(
        {
            "playouts": played,
            "playout_per_second": _rate(played, seconds),
            "decisions_per_playout": round(decisions / played, 1),
            "playout_decisions_per_second": _rate(decisions, seconds),
            "compiled": is_compiled(),
        }
    )
    return result


def at_depth(positions: Sequence[Position], depth: float) -> list[Position]:
    """The positions taken at `depth`."""
    return [position for position in positions if position.depth == depth]


def _rate(count: int, seconds: float) -> float:
    return round(count / seconds, 1)


def _cost_ratio(late_seconds: float, early_seconds: float) -> float:
    """What a clone at the last depth costs over one at the first (the same number of
    clones at each): about 1 when a clone's cost does not grow with the game's length."""
    return round(late_seconds / early_seconds, 3)


def _time_clones(positions: Sequence[Position], clones: int) -> dict[float, float]:
    """Seconds spent cloning the positions of each depth, `clones` times each. The clones
    are made in `CLONE_ROUNDS` rounds over all positions (early, middle and late ones in
    turn), so a busy spell of the machine weighs on every depth alike."""
    clock = time.process_time
    spent = dict.fromkeys(DEPTHS, 0.0)
    for count in _rounds(clones, CLONE_ROUNDS):
        for position in positions:
            clone = position.state.clone
            started = clock()
            for _ in range(count):
                clone()
            spent[position.depth] += clock() - started
    return spent


def _rounds(total: int, rounds: int) -> list[int]:
    """`total` split into at most `rounds` counts as equal as can be, none of them 0."""
    share, extra = divmod(total, rounds)
    return [share + (number < extra) for number in range(rounds) if share or number < extra]


def _time_determinize(spec: GameSpec, positions: Sequence[Position], samples: int) -> float:
    determinize = spec.search.determinize
    assert determinize is not None
    rng = Rng(DETERMINIZE_SEED)
    clock = time.process_time
    spent = 0.0
    for position in positions:
        view = spec.view(position.state, position.seat)
        started = clock()
        for _ in range(samples):
            determinize(view, rng)
        spent += clock() - started
    return spent


def _time_playouts(
    spec: GameSpec, positions: Sequence[Position], playouts: int, seed: int
) -> tuple[int, int, float]:
    """(playouts played, decisions made in them, seconds)."""
    rng = Rng(seed)
    clock = time.process_time
    spent = 0.0
    decisions = 0
    for position in positions:
        bound = spec.decision_bound(position.state.options)
        clone = position.state.clone
        started = clock()
        for _ in range(playouts):
            decisions += random_playout(clone(), rng, bound)
        spent += clock() - started
    return playouts * len(positions), decisions, spent


def random_playout(state: Any, rng: Rng, bound: int) -> int:
    """Play `state` to the end, each seat to move taking a uniformly random legal action;
    the number of decisions made."""
    made = 0
    legal_actions, apply, is_terminal, below = (
        state.legal_actions,
        state.apply,
        state.is_terminal,
        rng.below,
    )
    while not is_terminal():
        for seat in state.to_move():
            legal = legal_actions(seat)
            apply(legal[below(len(legal), "playout")], seat)
            made += 1
            if is_terminal():
                break
        if made > bound:
            raise RunawayGame(f"a random playout went past its bound of {bound} decisions")
    return made
