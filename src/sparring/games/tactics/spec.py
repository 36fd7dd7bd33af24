"""5×5 Tactics as the platform sees it: the registry entry."""

from __future__ import annotations

from typing import Any

from sparring.core.game import GameSpec, new_game_with

from .actions import action_from_json
from .agents import AGENTS
from .data import DATA
from .hidden import plant_sentinels, scramble_hidden
from .options import TacticsOptions
from .render import describe_event, render_view
from .state import TacticsState
from .views import view

RULES_VERSION = "tactics-v3.1"


def summarize(state: TacticsState) -> dict[str, Any]:
    return {"winner": state.winner, "last_round": state.round, "reason": state.end_reason}


SPEC = GameSpec(
    name="tactics",
    title="5×5 Tactics",
    rules_version=RULES_VERSION,
    new_game=new_game_with(TacticsState, TacticsOptions),
    options_from_json=TacticsOptions.from_json,
    action_from_json=action_from_json,
    view=view,
    render_view=render_view,
    describe_event=describe_event,
    summarize=summarize,
    scramble_hidden=scramble_hidden,
    plant_sentinels=plant_sentinels,
    agents=AGENTS,
    decision_seconds=DATA.decision_seconds,
    turn_event="round_begin",
)
