"""Warfish as the platform sees it: the registry entry."""

from __future__ import annotations

from typing import Any

from sparring.core.game import GameSpec, new_game_with

from .actions import action_from_json
from .agents import AGENTS
from .hidden import plant_sentinels, scramble_hidden
from .options import WarfishOptions
from .render import describe_event, render_view
from .state import WarfishState
from .views import lean_view, view

RULES_VERSION = "warfish-v1"


def summarize(state: WarfishState) -> dict[str, Any]:
    return {
        "winner": state.winner,
        "last_round": state.round,
        "reason": state.end_reason,
        "territories": list(state.territory_count),
    }


def status_line(spectator_view: dict[str, Any]) -> str | None:
    """Before each turn: the round and, without fog, each player's territories and units."""
    players = spectator_view["players"]
    if not players or "territories" not in players[0]:
        return f"round {spectator_view['round']}"
    return f"round {spectator_view['round']} · " + " · ".join(
        f"P{p['seat'] + 1} {p['territories']}t/{p['units']}u" for p in players if p["alive"]
    )


SPEC = GameSpec(
    name="warfish",
    title="Warfish",
    rules_version=RULES_VERSION,
    new_game=new_game_with(WarfishState, WarfishOptions),
    options_from_json=WarfishOptions.from_json,
    action_from_json=action_from_json,
    view=view,
    lean_view=lean_view,
    render_view=render_view,
    describe_event=describe_event,
    summarize=summarize,
    agents=AGENTS,
    scramble_hidden=scramble_hidden,
    plant_sentinels=plant_sentinels,
    decision_seconds=10.0,
    status_line=status_line,
    turn_event="wf_turn",
    event_context=lambda state: state.map.names,
    live_reveal=True,
)
