"""5×5 Tactics as the platform sees it: the plug-in tying engine, views, display and
agents."""

from __future__ import annotations

from typing import Any

from sparring.core.game import (
    Display,
    Extensions,
    GameFacts,
    GameSpec,
    Messages,
    RefereePolicy,
    Search,
    Secrecy,
    imported_later,
    new_game_with,
    stateless,
)

from .actions import Action, action_from_json
from .agents import AGENTS
from .data import DATA
from .determinize import determinize
from .hidden import plant_sentinels, scramble_hidden
from .options import TacticsOptions
from .render import LETTERS, describe_event, render_view
from .search import ROLLOUT_STEPS, candidates, evaluate
from .state import TacticsState
from .views import lean_view, view
from .viewtypes import TacticsView

RULES_VERSION = "tactics-v3.2"
#: Decisions per round at most: every unit's activation, the deaths it may cause, and the
#: draft before round one, with room to spare; checked by the kit on random play.
DECISIONS_PER_ROUND = 40


def decision_bound(options: TacticsOptions) -> int:
    """Every round up to the round cap, each a bounded number of decisions."""
    return options.round_cap * DECISIONS_PER_ROUND + DECISIONS_PER_ROUND


def decision_clock(state: TacticsState, seat: int, seconds: float) -> float:
    """Companion §13 in proportion to the activation clock (10 s by default): a death
    choice gets half of it (5 s), the draft six times it (60 s)."""
    if state.phase == "draft":
        return seconds * DATA.draft_seconds / DATA.decision_seconds
    if state.deaths:
        return seconds * DATA.death_choice_seconds / DATA.decision_seconds
    return seconds


def on_verdict(state: TacticsState, seat: int, verdict: str, detail: str) -> None:
    """A time-out costs what ruling A7 says (`TacticsState.timeout`: the hero loses 1 HP and
    one activation is skipped; a death choice becomes an obstacle; a draft is drawn at
    random) and the bot plays on; every other verdict forfeits the game."""
    if verdict == "TLE":
        state.timeout(seat)
    else:
        state.forfeit(seat, f"{verdict}: {detail}")


def status_line(view: TacticsView) -> str | None:
    """The live display's line before each round: every living unit's HP, per seat."""
    units = view.units
    if not units:
        return None
    sides = []
    for seat in (0, 1):
        parts = [
            f"{u.kind if u.category == 'hero' else LETTERS[u.kind]} {u.hp}"
            for u in units
            if u.seat == seat
        ]
        sides.append(f"seat {seat}: " + ", ".join(parts))
    return f"round {view.round} · " + " | ".join(sides)


def summarize(state: TacticsState) -> dict[str, Any]:
    return {"winner": state.winner, "last_round": state.round, "reason": state.end_reason}


SPEC = GameSpec(
    name="tactics",
    title="5×5 Tactics",
    rules_version=RULES_VERSION,
    facts=GameFacts(
        min_players=2,
        max_players=2,
        chance=True,
        hidden_information=True,
        simultaneous_moves=True,
        max_decisions=decision_bound(TacticsOptions()),
    ),
    new_game=new_game_with(TacticsState, TacticsOptions),
    options_from_json=TacticsOptions.from_json,
    action_from_json=action_from_json,
    view=view,
    summarize=summarize,
    display=Display(
        render_view=render_view,
        describe_event=stateless(describe_event),
        board=imported_later(f"{__package__}.render", "live_board"),
        status_line=status_line,
        turn_event="round_begin",
        headline_events=frozenset({"game_end", "forfeit"}),
    ),
    agents=AGENTS,
    referee=RefereePolicy(
        decision_seconds=DATA.decision_seconds,
        decision_clock=decision_clock,
        on_verdict=on_verdict,
        survives_timeout=True,
    ),
    search=Search(
        determinize=determinize,
        rollout="greedy",
        rollout_steps=ROLLOUT_STEPS,
        evaluate=evaluate,
        candidates=candidates,
        lean_view=lean_view,
    ),
    secrecy=Secrecy(scramble_hidden=scramble_hidden, plant_sentinels=plant_sentinels),
    extensions=Extensions(
        scenario=imported_later(f"{__package__}.scenario", "SCENARIO"),
        conformance=imported_later(f"{__package__}.conformance", "HOOKS"),
        decision_bound=decision_bound,
        rl_encoding=imported_later(f"{__package__}.encoding", "encoding"),
    ),
    messages=Messages(actions=Action, options=TacticsOptions, view=TacticsView),
)
