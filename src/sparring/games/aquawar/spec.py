"""Aquawar as the platform sees it: the registry entry tying engine, views and agents."""

from __future__ import annotations

from sparring.core.game import GameSpec, new_game_with

from .actions import action_from_json
from .agents import AGENTS
from .determinize import determinize
from .hidden import plant_sentinels, scramble_hidden
from .options import AquawarOptions
from .render import describe_event, render_view, status_line
from .state import AquawarState, summarize
from .views import view

RULES_VERSION = "aquawar-2021.1"


SPEC = GameSpec(
    name="aquawar",
    title="Aquawar",
    rules_version=RULES_VERSION,
    new_game=new_game_with(AquawarState, AquawarOptions),
    options_from_json=AquawarOptions.from_json,
    action_from_json=action_from_json,
    view=view,
    render_view=render_view,
    describe_event=describe_event,
    summarize=summarize,
    scramble_hidden=scramble_hidden,
    plant_sentinels=plant_sentinels,
    agents=AGENTS,
    determinize=determinize,
    status_line=status_line,
)
