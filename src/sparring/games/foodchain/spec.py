"""Food Chain as the platform sees it: the registry entry tying engine, views and agents."""

from __future__ import annotations

from sparring.core.game import GameSpec, new_game_with

from .actions import action_from_json
from .agents import AGENTS
from .hidden import plant_sentinels, scramble_hidden
from .options import FoodChainOptions
from .render import describe_event, render_view, status_line
from .state import FoodChainState, summarize
from .views import view

RULES_VERSION = "foodchain-2026.1"


SPEC = GameSpec(
    name="foodchain",
    title="Food Chain",
    rules_version=RULES_VERSION,
    new_game=new_game_with(FoodChainState, FoodChainOptions),
    options_from_json=FoodChainOptions.from_json,
    action_from_json=action_from_json,
    view=view,
    render_view=render_view,
    describe_event=describe_event,
    summarize=summarize,
    scramble_hidden=scramble_hidden,
    plant_sentinels=plant_sentinels,
    agents=AGENTS,
    status_line=status_line,
    turn_event="turn_begin",
    live_skip=frozenset({"phase"}),
)
