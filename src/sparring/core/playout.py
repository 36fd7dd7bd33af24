"""Playing a whole match between in-process agents, the loop every front end shares.

Agents see only views and legal actions. An agent that does not read views (`needs_view`
False) is handed ``None``, and one that reads no log (`needs_log` False) the game's lean
view if it has one (`GameSpec.view_for`), so cheap agents cost little beyond their own
choice — this is the loop the benchmarks time. An agent that uses its clock
(`ClockedAgent`) is given each decision's clock, as the referee would give it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction
from .events import Event
from .game import Agent, GameSpec, decide

if TYPE_CHECKING:
    from .replay import Recorder

EventHook = Callable[[Any, list[Event]], None]


def play_match(
    spec: GameSpec,
    seed: int,
    options: Any,
    agents: Sequence[Agent],
    *,
    on_events: EventHook | None = None,
    recorder: Recorder | None = None,
    seconds: float | None = None,
    tally: list[int] | None = None,
) -> Any:
    """Play from a new game to the end and return the final state.

    `on_events(state, new_events)` runs after each applied action with the raw events it
    produced. An in-process agent returning an illegal action forfeits, as a bot would.
    A clocked agent is given the game's clock for each decision (`GameSpec.clock`), from
    the per-decision `seconds` (default: the game's own). `tally[0]`, if given, grows by
    the number of decisions the agents made (the benchmarks count them so).
    """
    state = spec.new_game(seed, options)
    if recorder is not None:
        recorder.begin(state)
    seen = 0
    if on_events is not None:
        on_events(state, state.events[:])
        seen = len(state.events)
    view_fns = [spec.view_for(agent) for agent in agents]
    acts = [agent.act for agent in agents]
    clocked = [hasattr(agent, "act_within") for agent in agents]
    limit = spec.referee.decision_seconds if seconds is None else seconds
    legal_actions, to_move = state.legal_actions, state.to_move
    # An engine plays for a seat just asked about without asking `to_move` again.
    apply = getattr(state, "play", state.apply)
    clock = time.perf_counter
    spent = 0.0
    record = None if recorder is None else recorder.decision
    decisions = 0
    movers = to_move()
    while movers:  # nobody moves exactly when the game is over
        several = len(movers) > 1
        for seat in movers:
            legal = legal_actions(seat)
            view_fn = view_fns[seat]
            view = None if view_fn is None else view_fn(state, seat)
            started = 0.0 if recorder is None else clock()
            decisions += 1
            if clocked[seat]:
                action = decide(agents[seat], view, legal, spec.clock(state, seat, limit))
            else:
                action = acts[seat](view, legal)
            if recorder is not None:
                spent = clock() - started
            verdict, reason = "ok", None
            try:
                apply(action, seat)
            except IllegalAction as error:
                verdict, reason = "IA", f"illegal action {action}: {error}"
                spec.apply_verdict(state, seat, verdict, reason)
            if record is not None:
                record(state, seat, action, spent, verdict, reason)
            if on_events is not None:
                on_events(state, state.events[seen:])
                seen = len(state.events)
            if several and state.is_terminal():
                break
        movers = to_move()
    if tally is not None:
        tally[0] += decisions
    if recorder is not None:
        recorder.finish(state)
    return state
