"""Warfish as the platform sees it: the plug-in tying engine, views, display and agents."""

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
)

from .actions import Action, action_from_json
from .agents import AGENTS
from .determinize import determinize
from .hidden import plant_sentinels, scramble_hidden
from .options import WarfishOptions
from .render import describe_event, render_view, status_line
from .search import (
    EXPLORATION,
    ROLLOUT,
    ROLLOUT_STEPS,
    TREE_DEPTH,
    candidates,
    evaluate,
)
from .state import WarfishState
from .views import View, lean_view, view
from .wire import legal_from_json

RULES_VERSION = "warfish-v2"
#: Decisions in one player's turn at most, with room to spare: trades, placements, attacks
#: (each costs a unit), move-ins and the transfer; checked by the kit on random play.
DECISIONS_PER_TURN = 400
#: Decisions of the set-up (placing the starting units one decision at a time) at most.
SETUP_DECISIONS = 2_000


def decision_bound(options: WarfishOptions) -> int:
    """The set-up, then every player's turns up to the round cap."""
    return SETUP_DECISIONS + options.round_cap * options.players * DECISIONS_PER_TURN


def describe(event: dict[str, Any], viewer: int | None, state: WarfishState) -> str:
    """An event in words, with the map's territory names."""
    return describe_event(event, viewer, list(state.map.names))


def summarize(state: WarfishState) -> dict[str, Any]:
    return {
        "winner": state.winner,
        "last_round": state.round,
        "reason": state.end_reason,
        "territories": list(state.territory_count),
    }


SPEC = GameSpec(
    name="warfish",
    title="Warfish",
    rules_version=RULES_VERSION,
    facts=GameFacts(
        min_players=2,
        max_players=8,
        chance=True,
        hidden_information=True,
        simultaneous_moves=False,
        max_decisions=decision_bound(WarfishOptions()),
    ),
    new_game=new_game_with(WarfishState, WarfishOptions),
    options_from_json=WarfishOptions.from_json,
    action_from_json=action_from_json,
    view=view,
    summarize=summarize,
    display=Display(
        render_view=render_view,
        describe_event=describe,
        board=imported_later(f"{__package__}.board", "board"),
        status_line=status_line,
        turn_event="wf_turn",
        headline_events=frozenset({"game_end", "forfeit"}),
        reveal_live=True,
    ),
    agents=AGENTS,
    referee=RefereePolicy(decision_seconds=10.0),
    search=Search(
        determinize=determinize,
        lean_view=lean_view,
        rollout=ROLLOUT,
        rollout_steps=ROLLOUT_STEPS,
        evaluate=evaluate,
        candidates=candidates,
        exploration=EXPLORATION,
        tree_depth=TREE_DEPTH,
        common_samples=True,
    ),
    secrecy=Secrecy(scramble_hidden=scramble_hidden, plant_sentinels=plant_sentinels),
    extensions=Extensions(
        bench_agents=("greedy", "greedy"),
        scenario=imported_later(f"{__package__}.scenario", "SCENARIO"),
        conformance=imported_later(f"{__package__}.conformance", "HOOKS"),
        decision_bound=decision_bound,
        legal_from_json=legal_from_json,
        rl_encoding=imported_later(f"{__package__}.encoding", "encoding"),
    ),
    messages=Messages(actions=Action, options=WarfishOptions, view=View),
)
